// SPDX-License-Identifier: Apache-2.0
import SwiftSyntax
import SwiftParser

/// The declarations of one Swift file: its types (extensions merged into them) and free functions.
final class Program {
    let file: String
    let source: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    var types: [String: TypeDecl] = [:]
    var typeOrder: [String] = []
    var functions: [String: [FunctionDeclSyntax]] = [:]
    /// Top-level `let`/`var`.
    var globals: [String: PatternBindingSyntax] = [:]

    init(file: String, source: String) throws(SwiftImportError) {
        self.file = file; self.source = source
        tree = Parser.parse(source: source)
        converter = SourceLocationConverter(fileName: file, tree: tree)
        if tree.hasError, let bad = Self.firstError(in: Syntax(tree)) {
            throw error(.syntax, at: bad, "the file is not valid Swift here",
                        hint: "the importer reads the file as the Swift compiler would; check that it compiles")
        }
        for item in tree.statements { try collect(item.item) }
    }

    static func firstError(in node: Syntax) -> Syntax? {
        if node.is(MissingDeclSyntax.self) || node.is(MissingExprSyntax.self) || node.is(UnexpectedNodesSyntax.self)
            || node.is(MissingStmtSyntax.self) || (node.as(TokenSyntax.self)?.presence == .missing) { return node }
        for child in node.children(viewMode: .all) where child.hasError || child.is(UnexpectedNodesSyntax.self) {
            if let found = firstError(in: child) { return found }
        }
        return nil
    }

    func location(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        let loc = node.startLocation(converter: converter)
        return (loc.line, loc.column)
    }

    func error(_ kind: SwiftImportError.Kind, at node: some SyntaxProtocol, _ message: String, hint: String? = nil) -> SwiftImportError {
        let loc = location(of: node)
        return SwiftImportError(kind, file: file, line: loc.line, column: loc.column, message, hint: hint)
    }

    private func type(named name: String, node: Syntax) -> TypeDecl {
        if let t = types[name] { return t }
        let t = TypeDecl(name: name, node: node)
        types[name] = t
        typeOrder.append(name)
        return t
    }

    private func collect(_ item: CodeBlockItemSyntax.Item) throws(SwiftImportError) {
        guard case let .decl(decl) = item else { return }
        if let c = decl.as(ClassDeclSyntax.self) {
            let t = type(named: c.name.text, node: Syntax(c))
            t.node = Syntax(c)
            t.inherited += c.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            try members(c.memberBlock, into: t)
        } else if let s = decl.as(StructDeclSyntax.self) {
            let t = type(named: s.name.text, node: Syntax(s))
            t.node = Syntax(s)
            t.inherited += s.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            try members(s.memberBlock, into: t)
        } else if let e = decl.as(EnumDeclSyntax.self) {
            let t = type(named: e.name.text, node: Syntax(e))
            t.node = Syntax(e)
            t.isEnum = true
            try members(e.memberBlock, into: t)
        } else if let x = decl.as(ExtensionDeclSyntax.self) {
            let t = type(named: x.extendedType.trimmedDescription, node: Syntax(x))
            t.inherited += x.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            try members(x.memberBlock, into: t)
        } else if let f = decl.as(FunctionDeclSyntax.self) {
            functions[f.name.text, default: []].append(f)
        } else if let v = decl.as(VariableDeclSyntax.self) {
            for b in v.bindings { if let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { globals[name] = b } }
        }
        // Imports, protocols, type aliases and the rest declare nothing the evaluator runs.
    }

    private func members(_ block: MemberBlockSyntax, into t: TypeDecl) throws(SwiftImportError) {
        for member in block.members {
            let decl = member.decl
            if let f = decl.as(FunctionDeclSyntax.self) {
                t.functions[f.name.text, default: []].append(f)
            } else if let v = decl.as(VariableDeclSyntax.self) {
                let isStatic = v.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
                let isLet = v.bindingSpecifier.text == "let"
                for b in v.bindings {
                    guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    if t.properties[name] == nil { t.propertyOrder.append(name) }
                    t.properties[name] = (b, isStatic, isLet)
                }
            } else if let i = decl.as(InitializerDeclSyntax.self) {
                t.initializers.append(i)
            } else if let c = decl.as(EnumCaseDeclSyntax.self) {
                t.enumCases += c.elements.map(\.name.text)
            } else if let nested = decl.as(EnumDeclSyntax.self) {
                let n = type(named: nested.name.text, node: Syntax(nested))
                n.isEnum = true
                try members(nested.memberBlock, into: n)
            } else if let nested = decl.as(StructDeclSyntax.self) {
                try members(nested.memberBlock, into: type(named: nested.name.text, node: Syntax(nested)))
            } else if let nested = decl.as(ClassDeclSyntax.self) {
                let n = type(named: nested.name.text, node: Syntax(nested))
                n.inherited += nested.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
                try members(nested.memberBlock, into: n)
            }
        }
    }

    /// Types that animate a transition: they adopt UIViewControllerAnimatedTransitioning or
    /// define animateTransition(using:).
    var animators: [TypeDecl] {
        typeOrder.compactMap { types[$0] }.filter {
            $0.inherited.contains("UIViewControllerAnimatedTransitioning") || $0.functions["animateTransition"] != nil
        }
    }
}
