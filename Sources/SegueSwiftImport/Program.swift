// SPDX-License-Identifier: Apache-2.0
import SwiftSyntax
import SwiftParser
import SwiftParserDiagnostics

/// One Swift file of the module.
struct SourceFile {
    let path: String
    let source: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
}

/// The declarations of a module (one or more Swift files read together): its types (extensions
/// merged into them, across files) and free functions. `#if` is evaluated as on iOS.
final class Program {
    /// The file messages name when no node says otherwise: the first one.
    let file: String
    let files: [SourceFile]
    /// The first file's tree, for messages about the module as a whole.
    var tree: SourceFileSyntax { files[0].tree }
    /// Which file each tree's root belongs to.
    private var fileOfRoot: [SyntaxIdentifier: Int] = [:]
    /// Compilation conditions set by the scene (`DEBUG` is not set unless the scene sets it).
    let flags: Set<String>
    var types: [String: TypeDecl] = [:]
    var typeOrder: [String] = []
    var functions: [String: [FunctionDeclSyntax]] = [:]
    /// Top-level `let`/`var`.
    var globals: [String: PatternBindingSyntax] = [:]
    /// `typealias Name = Type`, by name (module level and nested, by the alias's own name).
    var typeAliases: [String: String] = [:]
    /// The declared type of each protocol requirement of the module, by name (`originFrame`,
    /// `makeCopy()` with its return type).
    var requirementTypes: [String: String] = [:]

    /// A type name with the module's aliases resolved (`Duration` → `TimeInterval`).
    /// The protocols of the module a type names (`P`, `P & Q`, or an alias of them); empty when
    /// it names anything else.
    func protocolNames(in typeName: String) -> Set<String> {
        var plain = resolvedTypeName(typeName)
        while plain.hasSuffix("?") || plain.hasSuffix("!") { plain.removeLast() }
        let parts = plain
            .split(separator: "&").map { resolvedTypeName($0.filter { $0 != " " }) }
        var out: Set<String> = []
        for p in parts {
            if p.contains("&") { out.formUnion(protocolNames(in: p)); continue }
            guard let t = types[p], t.isProtocolExtension else { return [] }
            out.insert(p)
        }
        return out
    }

    /// Every protocol of the module a type adopts: through aliases, compositions, protocols that
    /// refine others, and its superclasses.
    func adoptedProtocols(of t: TypeDecl) -> Set<String> {
        var out: Set<String> = []
        var pending = t.inherited
        var seen: Set<String> = []
        var ancestor = t.superclass
        while let a = ancestor { pending += a.inherited; ancestor = a.superclass }
        while let next = pending.popLast() {
            let name = resolvedTypeName(next)
            guard seen.insert(name).inserted else { continue }
            if name.contains("&") { pending += name.split(separator: "&").map { $0.filter { $0 != " " } }; continue }
            guard let p = types[name], p.isProtocolExtension else { continue }
            out.insert(name)
            pending += p.inherited
        }
        return out
    }

    /// A view, view controller or other UIKit object: what a scene's screens and layers stand
    /// for, never a value made from a map.
    func isUIKitSubclass(_ t: TypeDecl) -> Bool {
        var current: TypeDecl? = t
        while let c = current {
            if c.inherited.contains(where: { $0.hasPrefix("UI") && types[$0] == nil && !$0.hasSuffix("ing") && !$0.hasSuffix("Delegate") && !$0.hasSuffix("DataSource") }) { return true }
            current = c.superclass
        }
        return false
    }

    func resolvedTypeName(_ name: String) -> String {
        var current = name
        var optional = ""
        while current.hasSuffix("?") || current.hasSuffix("!") { optional = String(current.removeLast()) + optional }
        for _ in 0 ..< 8 {
            guard let next = typeAliases[current] ?? typeAliases[current.split(separator: ".").last.map(String.init) ?? current] else { break }
            current = next
        }
        return current + optional
    }

    convenience init(file: String, source: String) throws(SwiftImportError) {
        try self.init(files: [(file, source)])
    }

    init(files sources: [(path: String, source: String)], flags: Set<String> = []) throws(SwiftImportError) {
        precondition(!sources.isEmpty, "a module has at least one file")
        self.flags = flags
        file = sources[0].path
        var parsed: [SourceFile] = []
        for (path, source) in sources {
            let tree = EscapedIdentifiers().rewrite(Parser.parse(source: source)).cast(SourceFileSyntax.self)
            parsed.append(SourceFile(path: path, source: source, tree: tree, converter: SourceLocationConverter(fileName: path, tree: tree)))
        }
        files = parsed
        for (i, f) in files.enumerated() { fileOfRoot[Syntax(f.tree).id] = i }
        for f in files where f.tree.hasError {
            // The parser's own words for the first problem ("expected ')' to end function call"),
            // at its place, as the compiler would say it.
            if let first = ParseDiagnosticsGenerator.diagnostics(for: f.tree).first {
                throw error(.syntax, at: first.node, "the file is not valid Swift here: \(first.message)",
                            hint: "the importer reads the file as the Swift compiler would; check that it compiles")
            }
            if let bad = Self.firstError(in: Syntax(f.tree)) {
                throw error(.syntax, at: bad, "the file is not valid Swift here",
                            hint: "the importer reads the file as the Swift compiler would; check that it compiles")
            }
        }
        for f in files {
            for item in f.tree.statements { try collect(item.item) }
        }
        resolveInheritance()
    }

    /// What a type gets from its superclass and from protocol extensions of the module, as
    /// Swift resolves it: the type's own members first, then its superclass's (recursively),
    /// then the default implementations of the protocols it adopts. A subclass that declares no
    /// initializer inherits its superclass's.
    private func resolveInheritance() {
        var done: Set<String> = []
        func resolve(_ t: TypeDecl, _ visiting: Set<String>) {
            guard !done.contains(t.name), !visiting.contains(t.name) else { return }
            let ancestors = t.inherited.compactMap { types[$0] }.filter { $0 !== t }
            for a in ancestors { resolve(a, visiting.union([t.name])) }
            // Classes before protocols: a superclass's method wins over a protocol's default.
            for a in ancestors.sorted(by: { !$0.isProtocolExtension && $1.isProtocolExtension }) {
                for (name, fs) in a.functions where t.functions[name] == nil { t.functions[name] = fs; t.inheritedFunctions.insert(name) }
                for name in a.propertyOrder where t.properties[name] == nil {
                    t.properties[name] = a.properties[name]
                    t.propertyOrder.append(name)
                }
                if t.initializers.isEmpty, !a.isProtocolExtension { t.initializers = a.initializers }
                if a.isProtocolExtension { t.protocolInitializers += (a.initializers + a.protocolInitializers).filter { $0.body != nil } }
                else { t.protocolInitializers += a.protocolInitializers }
                for i in a.inherited where !t.inherited.contains(i) { t.inherited.append(i) }
                if t.superclass == nil, !a.isProtocolExtension { t.superclass = a }
            }
            done.insert(t.name)
        }
        for name in typeOrder { if let t = types[name] { resolve(t, []) } }
    }

    /// `.someCase.rawValue` for an enum of the module with a raw type: the written raw value,
    /// or Swift's implicit one (the previous integer plus one from 0; the case's name for String).
    func rawValue(ofCase name: String) -> Value? {
        for typeName in typeOrder {
            guard let t = types[typeName], t.isEnum, t.enumCases.contains(name),
                  let raw = t.inherited.first(where: { ["Int", "CGFloat", "Double", "Float", "String", "UInt", "TimeInterval"].contains($0) }) else { continue }
            if raw == "String" {
                guard let expr = t.rawValues.first(where: { $0.name == name })?.value else { return .string(name) }
                if let s = expr.as(StringLiteralExprSyntax.self) { return .string(s.segments.trimmedDescription) }
                return nil
            }
            var next = 0.0
            for (caseName, expr) in t.rawValues {
                if let expr {
                    var text = expr.trimmedDescription.replacingOccurrences(of: "_", with: "")
                    var sign = 1.0
                    if text.hasPrefix("-") { sign = -1; text.removeFirst() }
                    guard let v = Double(text) else { return nil }
                    next = sign * v
                }
                if caseName == name { return raw == "Int" || raw == "UInt" ? .int(Int(next)) : .double(next) }
                next += 1
            }
        }
        return nil
    }

    /// A function a type has from its ancestors, for messages.
    func inheritedFunction(_ name: String, of t: TypeDecl) -> FunctionDeclSyntax? {
        t.inheritedFunctions.contains(name) ? t.functions[name]?.first : nil
    }

    static func firstError(in node: Syntax) -> Syntax? {
        if node.is(MissingDeclSyntax.self) || node.is(MissingExprSyntax.self) || node.is(UnexpectedNodesSyntax.self)
            || node.is(MissingStmtSyntax.self) || (node.as(TokenSyntax.self)?.presence == .missing) { return node }
        for child in node.children(viewMode: .all) where child.hasError || child.is(UnexpectedNodesSyntax.self) {
            if let found = firstError(in: child) { return found }
        }
        return nil
    }

    /// The file a node of the module comes from.
    func sourceFile(of node: some SyntaxProtocol) -> SourceFile {
        files[fileOfRoot[node.root.id] ?? 0]
    }

    func location(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        let loc = node.startLocation(converter: sourceFile(of: node).converter)
        return (loc.line, loc.column)
    }

    /// `file:line:column` of a node, as messages and provenance give it.
    func place(of node: some SyntaxProtocol) -> (file: String, line: Int, column: Int) {
        let f = sourceFile(of: node)
        let loc = node.startLocation(converter: f.converter)
        return (f.path, loc.line, loc.column)
    }

    func error(_ kind: SwiftImportError.Kind, at node: some SyntaxProtocol, _ message: String, hint: String? = nil) -> SwiftImportError {
        let loc = place(of: node)
        return SwiftImportError(kind, file: loc.file, line: loc.line, column: loc.column, message, hint: hint)
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
        if let config = decl.as(IfConfigDeclSyntax.self) {
            if case let .statements(items)? = try activeClause(config)?.elements {
                for inner in items { try collect(inner.item) }
            }
            return
        }
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
            t.inherited += e.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            try members(e.memberBlock, into: t)
        } else if let p = decl.as(ProtocolDeclSyntax.self) {
            let t = type(named: p.name.text, node: Syntax(p))
            t.isProtocolExtension = true
            t.inherited += p.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            // Requirements run nothing, but their types say what an adopter gives.
            for item in p.memberBlock.members {
                if let v = item.decl.as(VariableDeclSyntax.self) {
                    for b in v.bindings {
                        if let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let type = b.typeAnnotation?.type.trimmedDescription {
                            requirementTypes[name] = type
                        }
                    }
                } else if let f = item.decl.as(FunctionDeclSyntax.self) {
                    requirementTypes[f.name.text + "()"] = f.signature.returnClause?.type.trimmedDescription ?? "Void"
                }
            }
        } else if let x = decl.as(ExtensionDeclSyntax.self) {
            // `extension Outer.Inner`: nested types are known by their own name.
            let extended = x.extendedType.trimmedDescription
            let simple = extended.split(separator: ".").last.map(String.init) ?? extended
            let t = type(named: extended.hasPrefix("UI") || extended.hasPrefix("CA") || extended.hasPrefix("NS") ? extended : simple, node: Syntax(x))
            t.inherited += x.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            try members(x.memberBlock, into: t)
        } else if let f = decl.as(FunctionDeclSyntax.self) {
            functions[f.name.text, default: []].append(f)
        } else if let v = decl.as(VariableDeclSyntax.self) {
            for b in v.bindings { if let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { globals[name] = b } }
        } else if let a = decl.as(TypeAliasDeclSyntax.self) {
            typeAliases[a.name.text] = a.initializer.value.trimmedDescription
        }
        // Imports, protocols, type aliases and the rest declare nothing the evaluator runs.
    }

    private func members(_ block: MemberBlockSyntax, into t: TypeDecl) throws(SwiftImportError) {
        try members(block.members, into: t)
    }

    private func members(_ list: MemberBlockItemListSyntax, into t: TypeDecl) throws(SwiftImportError) {
        for member in list {
            let decl = member.decl
            if let config = decl.as(IfConfigDeclSyntax.self) {
                if case let .decls(inner)? = try activeClause(config)?.elements { try members(inner, into: t) }
                continue
            }
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
            } else if let a = decl.as(TypeAliasDeclSyntax.self) {
                typeAliases[a.name.text] = a.initializer.value.trimmedDescription
            } else if let c = decl.as(EnumCaseDeclSyntax.self) {
                t.enumCases += c.elements.map(\.name.text)
                for e in c.elements { t.rawValues.append((e.name.text, e.rawValue?.value)) }
            } else if let nested = decl.as(EnumDeclSyntax.self) {
                let n = type(named: nested.name.text, node: Syntax(nested))
                n.isEnum = true
                n.inherited += nested.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
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
            !$0.isProtocolExtension && ($0.inherited.contains("UIViewControllerAnimatedTransitioning") || $0.functions["animateTransition"] != nil)
        }
    }
}

/// Swift's escaped identifiers: `` `default` `` declares the name `default`, which code elsewhere
/// writes plainly (`.default`). The token loses its backticks and gains two spaces of trailing
/// trivia, so every later position in the file, and so every file:line:column, is unchanged.
final class EscapedIdentifiers: SyntaxRewriter {
    override func visit(_ token: TokenSyntax) -> TokenSyntax {
        let text = token.text
        guard text.count > 2, text.hasPrefix("`"), text.hasSuffix("`"), case .identifier = token.tokenKind else { return token }
        return token.with(\.tokenKind, .identifier(String(text.dropFirst().dropLast())))
            .with(\.trailingTrivia, token.trailingTrivia + .spaces(2))
    }
}
