// SPDX-License-Identifier: Apache-2.0
import SwiftSyntax

/// `#if` as the compiler sees it when building the app for an iPhone: the animator's code is
/// iOS code, so `os(iOS)` and `canImport(UIKit)` hold and other platforms' branches do not.
extension Program {
    /// Modules an iOS app can import: `canImport` of anything else (AppKit, a package the app
    /// does not have) is false.
    static let iOSModules: Set<String> = [
        "UIKit", "Foundation", "QuartzCore", "CoreGraphics", "CoreImage", "CoreAnimation", "Darwin", "Swift",
        "SwiftUI", "Combine", "ObjectiveC", "Dispatch", "CoreFoundation", "AVFoundation", "AVKit", "Photos", "PhotosUI",
    ]

    /// The clause of an `#if` / `#elseif` / `#else` chain that is compiled, if any.
    func activeClause(_ config: IfConfigDeclSyntax) throws(SwiftImportError) -> IfConfigClauseSyntax? {
        for clause in config.clauses {
            guard let condition = clause.condition else { return clause }   // #else
            if try holds(condition) { return clause }
        }
        return nil
    }

    /// Whether a compilation condition holds for an iOS device build.
    func holds(_ e: ExprSyntax) throws(SwiftImportError) -> Bool {
        if let b = e.as(BooleanLiteralExprSyntax.self) { return b.literal.tokenKind == .keyword(.true) }
        if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "!" { return try !holds(p.expression) }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first { return try holds(only.expression) }
        if let s = e.as(SequenceExprSyntax.self) { return try holds(sequence: Array(s.elements)) }
        if let i = e.as(InfixOperatorExprSyntax.self), let op = i.operator.as(BinaryOperatorExprSyntax.self) {
            switch op.operator.text {
            case "&&": let l = try holds(i.leftOperand); let r = try holds(i.rightOperand); return l && r
            case "||": let l = try holds(i.leftOperand); let r = try holds(i.rightOperand); return l || r
            default: break
            }
        }
        if let name = e.as(DeclReferenceExprSyntax.self)?.baseName.text { return flags.contains(name) }
        if let call = e.as(FunctionCallExprSyntax.self), let f = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            let argument = call.arguments.first?.expression.trimmedDescription ?? ""
            switch f {
            case "os": return argument == "iOS"
            case "canImport": return Self.iOSModules.contains(argument)
            case "targetEnvironment": return false   // a device, not the simulator or Mac Catalyst
            case "arch": return argument == "arm64"
            case "_endian": return argument == "little"
            case "_pointerBitWidth": return argument == "_64"
            case "swift", "compiler": return try version(argument, call)
            case "hasFeature", "hasAttribute", "_hasAtomicBitWidth": return false
            default: break
            }
        }
        throw error(.unsupported, at: e, "the compilation condition '\(e.trimmedDescription)' is not known to the importer",
                    hint: "conditions it evaluates as on iOS: os(…), canImport(…), targetEnvironment(…), arch(…), swift(>=…), compiler(>=…), !, &&, || and the scene's flags (DEBUG is false unless the scene sets it)")
    }

    /// `a && b || c`, before operators are folded: `&&` binds tighter than `||`.
    private func holds(sequence items: [ExprSyntax]) throws(SwiftImportError) -> Bool {
        func op(_ e: ExprSyntax) -> String? { e.as(BinaryOperatorExprSyntax.self)?.operator.text }
        if let i = items.firstIndex(where: { op($0) == "||" }) {
            let l = try holds(sequence: Array(items[..<i])), r = try holds(sequence: Array(items[(i + 1)...]))
            return l || r
        }
        if let i = items.firstIndex(where: { op($0) == "&&" }) {
            let l = try holds(sequence: Array(items[..<i])), r = try holds(sequence: Array(items[(i + 1)...]))
            return l && r
        }
        guard items.count == 1 else {
            throw error(.unsupported, at: items[0], "this compilation condition is not known to the importer", hint: "use !, && and || between conditions")
        }
        return try holds(items[0])
    }

    /// `swift(>=5.9)`, `compiler(<6)`: the app is built with a current Swift 6 compiler.
    private func version(_ text: String, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Bool {
        let compiler = [6, 0]
        let op = text.hasPrefix(">=") ? ">=" : text.hasPrefix("<") ? "<" : ""
        let parts = text.dropFirst(op.count).split(separator: ".").map { Int($0) }
        guard !op.isEmpty, !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else {
            throw error(.unsupported, at: node, "the version condition '\(text)' is not understood", hint: "write swift(>=5.9) or compiler(<6)")
        }
        let wanted = parts.map { $0! }
        let atLeast = !compiler.lexicographicallyPrecedes(wanted + Array(repeating: 0, count: max(0, compiler.count - wanted.count)))
        return op == ">=" ? atLeast : !atLeast
    }
}
