// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import SwiftSyntax

extension Evaluator {
    static let floatingTypes: Set<String> = ["CGFloat", "Double", "Float", "TimeInterval", "CFTimeInterval", "Float64"]

    /// Evaluates an expression. `hint` is the type the context expects (a parameter's or a
    /// declaration's type), which decides whether an integer literal is an Int or a Double.
    func eval(_ expr: ExprSyntax, _ scope: Scope, hint: String? = nil) throws(SwiftImportError) -> Value {
        try tick(expr)
        if !bindings.isEmpty, expr.is(MemberAccessExprSyntax.self) || expr.is(FunctionCallExprSyntax.self) || expr.is(DeclReferenceExprSyntax.self),
           let bound = bindings[Self.normalized(expr.trimmedDescription)] {
            // `null` for a property is nil; for a call whose result nobody uses, nothing.
            if case .nothing = bound, !expr.is(FunctionCallExprSyntax.self) { return .none }
            return try value(of: bound, expr, scope: scope)
        }
        // A call bound by its callee alone: "to.rotateToLandscape()" binds every call of it.
        if !bindings.isEmpty, let c = expr.as(FunctionCallExprSyntax.self),
           let bound = bindings[Self.normalized(c.calledExpression.trimmedDescription) + "()"] {
            return try value(of: bound, expr, scope: scope)
        }
        if let i = expr.as(IntegerLiteralExprSyntax.self) {
            let text = i.literal.text.replacingOccurrences(of: "_", with: "")
            guard let n = Int(text) ?? (text.hasPrefix("0x") ? Int(text.dropFirst(2), radix: 16) : nil) else {
                throw fail(.invalidValue, i, "the number \(text) is not supported")
            }
            return hint.map(Self.floatingTypes.contains) == true ? .double(Double(n)) : .int(n)
        }
        if let f = expr.as(FloatLiteralExprSyntax.self) {
            guard let d = Double(f.literal.text.replacingOccurrences(of: "_", with: "")) else {
                throw fail(.invalidValue, f, "the number \(f.literal.text) is not supported")
            }
            return .double(d)
        }
        if let b = expr.as(BooleanLiteralExprSyntax.self) { return .bool(b.literal.text == "true") }
        if expr.is(NilLiteralExprSyntax.self) { return .none }
        if let s = expr.as(StringLiteralExprSyntax.self) {
            var text = ""
            for segment in s.segments {
                guard let plain = segment.as(StringSegmentSyntax.self) else {
                    throw fail(.unsupported, segment, "string interpolation is not supported", hint: "write the key path as a plain string")
                }
                text += plain.content.text
            }
            return .string(text)
        }
        if let t = expr.as(TupleExprSyntax.self) {
            if t.elements.count == 1, let only = t.elements.first, only.label == nil { return try eval(only.expression, scope, hint: hint) }
            // A labeled tuple keeps its labels (`frames.start`); positions work on both kinds.
            if t.elements.contains(where: { $0.label != nil }) {
                var pairs: [(String, Value)] = []
                for (i, e) in t.elements.enumerated() { pairs.append((e.label?.text ?? "\(i)", try eval(e.expression, scope))) }
                return .fields(pairs)
            }
            return .array(try t.elements.map { e throws(SwiftImportError) in try eval(e.expression, scope) })
        }
        if let a = expr.as(ArrayExprSyntax.self) {
            let elementHint = hint.flatMap { h in h.hasPrefix("[") && h.hasSuffix("]") ? String(h.dropFirst().dropLast()) : nil }
            return .array(try a.elements.map { e throws(SwiftImportError) in try eval(e.expression, scope, hint: elementHint ?? hint) })
        }
        if let seq = expr.as(SequenceExprSyntax.self) {
            // Evaluation recurses once per operator: keep it far from the stack's end.
            guard seq.elements.count <= 1_001 else {
                throw fail(.unsupported, seq, "this expression has \(seq.elements.count / 2) operators; at most 500 are supported",
                           hint: "split it into several let constants")
            }
            return try eval(FoldedExpr.fold(seq), scope, hint: hint)
        }
        if let p = expr.as(PrefixOperatorExprSyntax.self) {
            let v = try eval(p.expression, scope, hint: hint)
            switch (p.operator.text, v) {
            case ("-", .int(let i)): return .int(-i)
            case ("-", .double(let d)): return .double(-d)
            case ("+", .int), ("+", .double): return v
            case ("!", .bool(let b)): return .bool(!b)
            default:
                throw fail(.unsupported, p, "'\(p.operator.text)' cannot be applied to \(v.typeDescription)")
            }
        }
        if let r = expr.as(DeclReferenceExprSyntax.self) { return try identifier(r, scope, hint: hint) }
        if let m = expr.as(MemberAccessExprSyntax.self) { return try member(m, scope, hint: hint) }
        if let c = expr.as(FunctionCallExprSyntax.self) { return try call(c, scope, hint: hint) }
        if let c = expr.as(ClosureExprSyntax.self) { return .closure(c, scope) }
        if let sub = expr.as(SubscriptCallExprSyntax.self) {
            let base = try eval(sub.calledExpression, scope)
            guard case let .array(items) = base, sub.arguments.count == 1, let index = sub.arguments.first?.expression else {
                throw fail(.unsupported, sub, "this subscript is not supported", hint: "index arrays with an Int: views[0]")
            }
            // An index given in the scene is a number: a whole one is an Int.
            let i: Int
            switch try eval(index, scope, hint: "Int") {
            case let .int(n): i = n
            case let .double(d) where d == d.rounded() && abs(d) < 1e9: i = Int(d)
            default: throw fail(.unsupported, sub, "this subscript is not supported", hint: "index arrays with an Int: views[0]")
            }
            guard items.indices.contains(i) else {
                throw fail(.invalidValue, sub, "index \(i) is out of range (the array has \(items.count) items): the app would crash here",
                           hint: "index from 0 to \(max(items.count - 1, 0)), or check count first")
            }
            return items[i]
        }
        if let o = expr.as(OptionalChainingExprSyntax.self) { return try eval(o.expression, scope, hint: hint) }
        if let f = expr.as(ForceUnwrapExprSyntax.self) {
            let v = try eval(f.expression, scope, hint: hint)
            if case .none = v {
                throw fail(.invalidValue, f, "'\(f.expression.trimmedDescription)' is nil here, so '!' would crash the app",
                           hint: "give it a value before this line, or " + bindHint(f.expression, example: "{view: {frame: [0, 0, 390, 844]}}"))
            }
            return v
        }
        if let i = expr.as(IfExprSyntax.self) {
            // An if expression: each branch is one expression.
            let inner = Scope(parent: scope)
            if try conditions(i.conditions, inner) { return try branchValue(i.body.statements, inner, i, hint) }
            switch i.elseBody {
            case let .ifExpr(next)?: return try eval(ExprSyntax(next), scope, hint: hint)
            case let .codeBlock(b)?: return try branchValue(b.statements, Scope(parent: scope), i, hint)
            case .none: return .void
            }
        }
        if let s = expr.as(SwitchExprSyntax.self) {
            if case let .returned(v) = try runSwitchValue(s, scope) { return v }
            return .void
        }
        if let t = expr.as(TernaryExprSyntax.self) {
            return try truth(try eval(t.condition, scope), t.condition) ? try eval(t.thenExpression, scope, hint: hint) : try eval(t.elseExpression, scope, hint: hint)
        }
        if let t = expr.as(TypeExprSyntax.self) { return .typeName(t.type.trimmedDescription) }
        if let a = expr.as(AsExprSyntax.self) { return try eval(a.expression, scope, hint: hint) }
        if let tr = expr.as(TryExprSyntax.self) { return try evalTry(tr, scope, hint: hint) }
        if let aw = expr.as(AwaitExprSyntax.self) {
            throw fail(.unsupported, aw, "'await' is not supported", hint: "animators run synchronously on the main thread; use completion blocks")
        }
        if expr.is(SuperExprSyntax.self) {
            throw fail(.unsupported, expr, "'super' is not supported", hint: "the importer evaluates the class's own code only")
        }
        if let macro = expr.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
           let target = macro.arguments.first?.expression {
            // #selector(handleGesture(_:)): the method's base name, which the recognizer calls.
            let text = target.trimmedDescription
            return .string(String(text.prefix { $0 != "(" }).split(separator: ".").last.map(String.init) ?? text)
        }
        if let k = expr.as(KeyPathExprSyntax.self) {
            throw fail(.unsupported, k, "key path expressions are not supported", hint: "write CABasicAnimation's key path as a string: \"opacity\"")
        }
        // `#keyPath(CALayer.cornerRadius)`: the key path's text after the type, "cornerRadius".
        if let m = expr.as(MacroExpansionExprSyntax.self), m.macroName.text == "keyPath", let a = m.arguments.first {
            let parts = a.expression.trimmedDescription.split(separator: ".")
            let knownRoot = parts.first.map { Self.knownTypes.contains(String($0)) || program.types[String($0)] != nil } ?? false
            return .string((knownRoot ? parts.dropFirst() : parts[...]).joined(separator: "."))
        }
        throw fail(.unsupported, expr, "\(Self.constructName(expr)) ('\(expr.trimmedDescription.prefix(60))') is not supported",
                   hint: "the importer evaluates UIKit transition code; see docs/swift-import.md for what it supports")
    }

    func branchValue(_ items: CodeBlockItemListSyntax, _ scope: Scope, _ node: some SyntaxProtocol, _ hint: String?) throws(SwiftImportError) -> Value {
        guard items.count == 1, case let .expr(e) = items.first!.item else {
            throw fail(.unsupported, node, "an if expression's branches must each be one expression")
        }
        return try eval(e, scope, hint: hint)
    }

    /// A switch used as an expression: each case is one expression.
    func runSwitchValue(_ s: SwitchExprSyntax, _ scope: Scope) throws(SwiftImportError) -> Flow {
        let subject = try eval(s.subject, scope)
        for element in s.cases {
            guard case let .switchCase(c) = element else { continue }
            var matched = false
            var caseScope = Scope(parent: scope)
            switch c.label {
            case .default: matched = true
            case let .case(label):
                // The same patterns as a switch statement's: bindings, tuples, ranges, casts, where.
                for item in label.caseItems {
                    caseScope = Scope(parent: scope)
                    matched = try match(item.pattern, subject, caseScope)
                    if matched, let w = item.whereClause, try !truth(try eval(w.condition, caseScope), w.condition) { matched = false }
                    if matched { break }
                }
            @unknown default: break
            }
            if matched {
                if c.statements.count == 1, let only = c.statements.first, case let .expr(e) = only.item { return .returned(try eval(e, caseScope)) }
                return try run(c.statements, caseScope)
            }
        }
        throw fail(.invalidValue, s.subject, "no case of the switch matches \(describe(subject))", hint: "add the case or a default:")
    }

    // MARK: - Operators

    func eval(_ folded: FoldedExpr, _ scope: Scope, hint: String?) throws(SwiftImportError) -> Value {
        switch folded {
        case let .leaf(e): return try eval(e, scope, hint: hint)
        case let .ternary(_, c, then, otherwise):
            return try truth(try eval(c, scope, hint: nil), c.syntax) ? try eval(then, scope, hint: hint) : try eval(otherwise, scope, hint: hint)
        case let .cast(node, inner, type, mark):
            let v = try eval(inner, scope, hint: Self.floatingTypes.contains(type) ? type : hint)
            return try cast(v, to: type, optional: mark == "?", node)
        case let .isType(node, inner, type):
            let v = try eval(inner, scope, hint: nil)
            if case .none = try cast(v, to: type, optional: true, node) { return .bool(false) }
            return .bool(true)
        case let .assign(op, node, target, rhs):
            guard case let .leaf(targetExpr) = target else {
                throw fail(.unsupported, node, "this assignment target is not supported")
            }
            var value: Value
            if op == "=" {
                let contextual = try staticHint(targetExpr, scope)
                value = labeledTuple(try eval(rhs, scope, hint: contextual), contextual)
            } else {
                let current = try eval(targetExpr, scope)
                let r = try eval(rhs, scope, hint: isFloating(current) ? "Double" : nil)
                value = try arithmetic(String(op.dropLast()), current, r, node)
            }
            if case .leaf = target {} 
            try assign(targetExpr, value, scope)
            return .void
        case let .binary(op, node, l, r):
            if op == "&&" {
                return .bool(try truth(try eval(l, scope, hint: nil), l.syntax) ? try truth(try eval(r, scope, hint: nil), r.syntax) : false)
            }
            if op == "||" {
                return .bool(try truth(try eval(l, scope, hint: nil), l.syntax) ? true : try truth(try eval(r, scope, hint: nil), r.syntax))
            }
            if op == "??" {
                let v = try eval(l, scope, hint: hint)
                if case .none = v { return try eval(r, scope, hint: hint) }
                return v
            }
            if op == "..<" || op == "..." {
                guard case let .int(a) = try eval(l, scope, hint: "Int"), case let .int(b) = try eval(r, scope, hint: "Int") else {
                    throw fail(.unsupported, node, "ranges of Int only are supported")
                }
                let upper = op == "..<" ? b : b + 1
                return .array(a < upper ? (a ..< upper).map(Value.int) : [])
            }
            let numeric = hint.map(Self.floatingTypes.contains) == true ? hint : nil
            var a = try eval(l, scope, hint: numeric)
            var b = try eval(r, scope, hint: numeric)
            // Swift types an integer literal as the other operand's floating type.
            if case .int = a, isFloating(b), Self.isLiteralArithmetic(l) { a = try eval(l, scope, hint: "Double") }
            if case .int = b, isFloating(a), Self.isLiteralArithmetic(r) { b = try eval(r, scope, hint: "Double") }
            // An implicit member beside a number is a static member of the number's type: `x > .leastNonzeroMagnitude`.
            if number(a) != nil, case let .enumCase(n, args) = b, args.isEmpty, let d = Self.floatingConstant(n) { b = .double(d) }
            if number(b) != nil, case let .enumCase(n, args) = a, args.isEmpty, let d = Self.floatingConstant(n) { a = .double(d) }
            switch op {
            case "==": return .bool(try equal(a, b, node))
            case "!=": return .bool(!(try equal(a, b, node)))
            case "===": return .bool(try equal(a, b, node))
            case "!==": return .bool(!(try equal(a, b, node)))
            case "<", ">", "<=", ">=":
                guard let x = number(a), let y = number(b) else {
                    throw fail(.invalidValue, node, "'\(op)' compares numbers, found \(a.typeDescription) and \(b.typeDescription)")
                }
                switch op {
                case "<": return .bool(x < y)
                case ">": return .bool(x > y)
                case "<=": return .bool(x <= y)
                default: return .bool(x >= y)
                }
            default: return try arithmetic(op, a, b, node)
            }
        }
    }

    static func isLiteralArithmetic(_ f: FoldedExpr) -> Bool {
        switch f {
        case let .leaf(e): return isLiteralArithmetic(e)
        case let .binary(_, _, l, r): return isLiteralArithmetic(l) && isLiteralArithmetic(r)
        default: return false
        }
    }

    static func isLiteralArithmetic(_ e: ExprSyntax) -> Bool {
        if e.is(IntegerLiteralExprSyntax.self) { return true }
        if let p = e.as(PrefixOperatorExprSyntax.self) { return isLiteralArithmetic(p.expression) }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1 { return isLiteralArithmetic(t.elements.first!.expression) }
        if let s = e.as(SequenceExprSyntax.self) { return isLiteralArithmetic(FoldedExpr.fold(s)) }
        return false
    }

    func isFloating(_ v: Value) -> Bool { if case .double = v { return true }; return false }

    /// The static constants of CGFloat and Double, by name.
    static func floatingConstant(_ name: String) -> Double? {
        switch name {
        case "pi": return .pi
        case "zero": return 0
        case "infinity": return .infinity
        case "nan": return .nan
        case "greatestFiniteMagnitude": return .greatestFiniteMagnitude
        case "leastNonzeroMagnitude": return .leastNonzeroMagnitude
        case "leastNormalMagnitude": return .leastNormalMagnitude
        case "ulpOfOne": return .ulpOfOne
        default: return nil
        }
    }

    func number(_ v: Value) -> Double? {
        switch v {
        case let .int(i): return Double(i)
        case let .double(d): return d
        default: return nil
        }
    }

    func arithmetic(_ op: String, _ a: Value, _ b: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        switch (a, b) {
        case let (.int(x), .int(y)):
            switch op {
            case "+": return .int(x &+ y)
            case "-": return .int(x &- y)
            case "*": return .int(x &* y)
            case "/", "%":
                guard y != 0 else { throw fail(.invalidValue, node, "division by zero: the app would crash here", hint: "Int division by 0 traps in Swift; check the divisor") }
                return .int(op == "/" ? x / y : x % y)
            default: break
            }
        case let (.point(p), .point(q)) where op == "+" || op == "-":
            return .point(op == "+" ? Point(x: p.x + q.x, y: p.y + q.y) : Point(x: p.x - q.x, y: p.y - q.y))
        default:
            if let x = number(a), let y = number(b) {
                switch op {
                case "+": return .double(x + y)
                case "-": return .double(x - y)
                case "*": return .double(x * y)
                case "/": return .double(x / y)
                case "%": return .double(x.truncatingRemainder(dividingBy: y))
                default: break
                }
            }
        }
        throw fail(.unsupported, node, "'\(op)' between \(a.typeDescription) and \(b.typeDescription) is not supported",
                   hint: "arithmetic works on CGFloat, Double and Int (+ - * / %) and on CGPoint (+ -)")
    }

    func equal(_ a: Value, _ b: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Bool {
        switch (a, b) {
        case let (.enumCase(x, _), .enumCase(y, _)): return x == y
        case let (.enumCase(x, _), .string(y)), let (.string(y), .enumCase(x, _)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case (.none, .none): return true
        case (.none, _), (_, .none): return false
        case let (.view(x), .view(y)), let (.layer(x), .layer(y)): return x === y
        case let (.viewController(x), .viewController(y)): return x === y
        case let (.rect(x), .rect(y)): return x == y
        case let (.point(x), .point(y)): return x == y
        case let (.size(x), .size(y)): return x == y
        case let (.transform(x), .transform(y)), let (.affine(x), .affine(y)): return x.matrix == y.matrix
        default:
            if let x = number(a), let y = number(b) { return x == y }
            throw fail(.unsupported, node, "comparing \(a.typeDescription) with \(b.typeDescription) is not supported")
        }
    }

    /// `as?`, `as!`, `as`: view controllers of the scene are whatever class the code expects.
    func cast(_ v: Value, to type: String, optional: Bool, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        // A view the module's code made is exactly what it was made as: `view is PanContainerView`
        // holds for an instance of that UIView subclass (or of a subclass of it) and for no other.
        // A view bound in the scene stands for whatever the app's class is.
        if case let .view(view) = v, view.boundLayer == nil,
           let target = program.types[type], viewSubclassBase(target) != nil {
            var current = view.instance?.type
            while let c = current, c !== target { current = c.superclass }
            if current == nil {
                if optional { return .none }
                throw fail(.invalidValue, node, "'\(node.trimmedDescription)' would crash the app: the view is not a \(type)")
            }
        }
        // A screen's controller is whatever class the code expects; when that class is the
        // module's, its methods and properties are the class's from then on.
        if case let .viewController(c) = v, let target = program.types[type], viewControllerSubclassBase(target) != nil {
            var current = c.instance?.type
            while let t = current, t !== target { current = t.superclass }
            if current == nil {
                let i = Instance(type: target)
                i.controller = c
                c.instance = i
            }
        }
        // A call bound to null returns nothing: as an optional value it is nil.
        if case .void = v, optional { return .none }
        switch v {
        case .viewController, .view, .none, .layer: return v
        case let .int(i) where Self.floatingTypes.contains(type): return .double(Double(i))
        case let .double(d) where type == "Int": return .int(try integer(d, node))
        default: return v
        }
    }

    /// The declared type of an assignment target, when it is a stored property with a type.
    /// The contextual type an assignment gives its value (what an implicit member such as
    /// `.identity` or `.make(…)` is looked up in): the declared type of the module's property,
    /// else the type of the value the target holds (a UIKit property keeps its type).
    func staticHint(_ target: ExprSyntax, _ scope: Scope) throws(SwiftImportError) -> String? {
        let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? target.as(MemberAccessExprSyntax.self).flatMap { $0.base?.trimmedDescription == "self" ? $0.declName.baseName.text : nil }
        if let name, scope.lookup(name) == nil, let declared = instanceOf(scope.selfValue)?.type.properties[name]?.binding.typeAnnotation?.type {
            return declared.trimmedDescription
        }
        guard let v = try? eval(target, scope) else { return nil }
        if isFloating(v) { return "Double" }
        switch v {
        case .affine: return "CGAffineTransform"
        case .transform: return "CATransform3D"
        case .rect: return "CGRect"
        case .point: return "CGPoint"
        case .size: return "CGSize"
        case .color: return "UIColor"
        default: return nil
        }
    }
}
