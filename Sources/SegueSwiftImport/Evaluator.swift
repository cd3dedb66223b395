// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import SwiftSyntax
import Yams

/// How a statement list ended.
enum Flow {
    case normal
    case returned(Value)
    /// `break`, `break label`.
    case broke(String?)
    /// `continue`, `continue label`.
    case continued(String?)
    /// `fallthrough` at the end of a switch case.
    case fellThrough
}

/// A call's arguments, kept as syntax so each is evaluated with the type the callee expects
/// (Swift types `1 / 3` as a Double where a Double is expected).
struct Arguments {
    var items: [(label: String?, expr: ExprSyntax)]
    var node: Syntax
    /// The call ends with a trailing closure (its label here is a guess for UIKit's methods).
    var hasTrailingClosure = false

    init(_ call: FunctionCallExprSyntax) {
        node = Syntax(call)
        items = call.arguments.map { ($0.label?.text, $0.expression) }
        hasTrailingClosure = call.trailingClosure != nil
        if let trailing = call.trailingClosure {
            // The first trailing closure fills the first closure parameter not written with a
            // label: `animations` for UIView.animate, `completion` when `animations:` is written.
            let labels = Set(items.compactMap(\.label))
            let label: String? = labels.contains("animations") ? "completion" : (labels.isEmpty && call.arguments.isEmpty ? nil : "animations")
            items.append((label, ExprSyntax(trailing)))
        }
        for extra in call.additionalTrailingClosures { items.append((extra.label.text, ExprSyntax(extra.closure))) }
    }

    var labels: [String] { items.map { $0.label ?? "_" } }
    func expr(_ label: String?) -> ExprSyntax? { items.first { $0.label == label }?.expr }
    func has(_ label: String) -> Bool { items.contains { $0.label == label } }
    /// The signature as Swift writes it: `animate(withDuration:delay:options:animations:)`.
    func signature(_ name: String) -> String { "\(name)(" + labels.map { "\($0):" }.joined() + ")" }
}

/// Evaluates the animator's code: Swift semantics for the language, UIKit's for the views.
final class Evaluator {
    let program: Program
    let canvas: Size
    let fromScreen: String, toScreen: String
    let bindings: [String: BindValue]
    var recorder: Recorder
    /// Scene seconds since the transition began (completion blocks run later).
    var now = 0.0
    var animationStack: [AnimationContext] = []
    var randomState: UInt64 = 0
    /// The custom presentation's controller, once made; the animator's transitionDuration.
    var presentation: PresentationState?
    var transitionDurationValue: Double?
    /// Keys set on layers of the scene (given with bind:) before the animations start, by id.
    var boundOverrides: [String: [(String, Node)]] = [:]
    /// Global variables of the module once first read (Swift initializes each once, lazily).
    var globalValues: [String: Value] = [:]
    /// Every constraint made active, in order.
    var constraints: [ConstraintObject] = []
    /// A constraint changed since the last layout pass: UIKit lays the views out before the
    /// next frame is drawn, whether or not the code calls `layoutIfNeeded()`.
    var layoutPending = false
    /// Warnings about the code found while running it (shown with the import's others).
    var codeWarnings: [SwiftImportError] = []
    /// Animations of a custom layer property that the layer draws with `display()`, drawn at the
    /// end of the run-loop turn, once the layer's bounds are laid out.
    var customAnimations: [CustomPropertyAnimation] = []
    /// The container's subviews at its last layout: adding or removing one lays it out again,
    /// and UIKit tells the presentation controller (containerViewWillLayoutSubviews()).
    var containerLaidOut: [ObjectIdentifier] = []
    /// A dismissal's presentation controller is replaying the presentation that came before.
    var replayingPresentation = false
    /// Inside a layer class's display() or action(forKey:).
    var drawingLayer = false
    /// A layer is being drawn only to see what it draws: writes change the model, nothing else.
    var capturingDisplay = false
    /// Per animation block, each property's model value before the block first changed it:
    /// UIKit's animations are additive, so a property set twice in one block moves from that value.
    var blockOriginals: [[ObjectIdentifier: [LayerProperty: Value]]] = []
    /// Completion blocks waiting for their time (in the order they were scheduled).
    var pending: [(time: Double, order: Int, run: () throws(SwiftImportError) -> Void)] = []
    var pendingOrder = 0
    var callDepth = 0
    var steps = 0
    /// The lowest native stack address the evaluation may use (Limits.swift); 0 until first checked.
    var stackFloor: UInt = 0
    /// The call-depth limit on this thread's stack (Limits.swift).
    var callDepthLimit = Evaluator.maximumCallDepth
    /// The stored properties whose observer is running: Swift sets them directly inside it.
    var observing: [(instance: ObjectIdentifier, name: String, accessor: SyntaxIdentifier)] = []
    /// The value a Swift `throw` threw, with the error that carries it out until a catch takes it.
    var swiftThrown: (value: Value, error: SwiftImportError)?
    var completedAt: Double?
    /// The `completeTransition(_:)` call that ended the transition.
    var completedNode: Syntax?
    /// Push, pop, present or dismiss, and the presentation style: what UIKit removes on completion.
    var kind = TransitionKind(.present)
    let container: ViewObject
    let fromController: ScreenController, toController: ScreenController
    var usedIDs: Set<String> = []
    var transactions: [Transaction] = []
    /// Views given with bind:, one per binding.
    var boundViews: [String: ViewObject] = [:]
    /// Every view the code made (snapshots, new views), in order.
    var allViews: [ViewObject] = []
    /// The interaction controller while its pan handler runs (Interactive.swift).
    var interactive: InteractiveState?
    /// The scene drives the transition with a finger: `transitionContext.isInteractive` is true.
    let isInteractiveTransition: Bool

    init(program: Program, request: SwiftImportRequest) {
        self.program = program
        canvas = request.canvas
        fromScreen = request.from; toScreen = request.to
        bindings = request.bindings
        isInteractiveTransition = request.interactive != nil
        let full = Rect(x: 0, y: 0, width: request.canvas.width, height: request.canvas.height)
        container = ViewObject(id: "container", origin: "transitionContext.containerView", frame: full)
        container.attached = true; container.attachedInitially = true
        let fromView = ViewObject(id: request.from, origin: "the from view controller's view", frame: full)
        fromView.screen = request.from
        let toView = ViewObject(id: request.to, origin: "the to view controller's view", frame: full)
        toView.screen = request.to
        // Not in the container until the code adds it: hidden, so adding it later shows it then.
        toView.model[.hidden] = .bool(true); toView.initial[.hidden] = .bool(true)
        fromController = ScreenController(screen: request.from, view: fromView)
        toController = ScreenController(screen: request.to, view: toView)
        recorder = Recorder(prefix: request.prefix, begin: request.begin, mark: request.mark)
        usedIDs = ["container", request.from, request.to]
        // The from view is in the container when the animator starts, as the scene shows it.
        container.subviews = [fromView]
        fromView.superview = container
        fromView.attached = true; fromView.attachedInitially = true
    }

    // MARK: - Errors

    /// An error at `node`. Every error gets a hint: without a specific one, where to look.
    func fail(_ kind: SwiftImportError.Kind, _ node: some SyntaxProtocol, _ message: String, hint: String? = nil) -> SwiftImportError {
        let fallback: String
        switch kind {
        case .unknownIdentifier, .unsetProperty: fallback = bindHint(node)
        case .unsupported: fallback = "docs/swift-import.md lists the Swift and UIKit the importer evaluates"
        default: fallback = "the importer runs the code as UIKit would; docs/swift-import.md says what each API accepts"
        }
        var error = program.error(kind, at: node, message, hint: hint ?? fallback)
        if [.unknownIdentifier, .unsetProperty, .unsupported].contains(kind) { error.bind = bindSuggestion(Syntax(node)) }
        return error
    }

    /// `bind:` as a way out, for code that depends on the app: the callee or expression as the
    /// key, and a value of the kind the code needs.
    func bindHint(_ node: some SyntaxProtocol, example: String? = nil) -> String {
        let s = bindSuggestion(Syntax(node))
        let key = s?.key ?? Self.normalized(node.trimmedDescription)
        let value = example ?? s?.value ?? "0.3"
        return "give it a value in the scene with bind:, e.g. bind: {\"\(key.replacingOccurrences(of: "\"", with: "\\\""))\": \(value)}"
            + (s?.swiftType.map { " (the code expects a \($0))" } ?? "")
    }

    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// One step of evaluation: counted against the step limit, and the native stack checked.
    func tick(_ node: some SyntaxProtocol) throws(SwiftImportError) {
        try checkStack(node)
        steps += 1
        if steps > 2_000_000 {
            throw fail(.unsupported, node, "the animator runs too long (more than 2,000,000 steps): a loop that never ends?",
                       hint: "the importer evaluates the code once, at import; animations must not loop forever")
        }
    }

    // MARK: - Statements

    func run(_ items: CodeBlockItemListSyntax, _ scope: Scope) throws(SwiftImportError) -> Flow {
        var deferred: [CodeBlockSyntax] = []
        var result = Flow.normal
        loop: for item in items {
            try tick(item)
            switch item.item {
            case let .decl(decl):
                if let config = decl.as(IfConfigDeclSyntax.self) {
                    // The compiled branch's statements, in this scope (its lets stay visible).
                    guard case let .statements(inner)? = try program.activeClause(config)?.elements else { continue }
                    let flow = try run(inner, scope)
                    if case .normal = flow { continue }
                    result = flow
                    break loop
                }
                if let v = decl.as(VariableDeclSyntax.self) {
                    try declare(v, scope)
                } else if let f = decl.as(FunctionDeclSyntax.self) {
                    scope.names[f.name.text] = .function(FunctionRef(decl: f, receiver: scope.selfValue, type: nil, captured: scope))
                } else {
                    throw fail(.unsupported, decl, "\(Self.declarationKind(decl)) declared inside a function is not supported",
                               hint: "declare types at the top level of the file; inside functions use let, var and func")
                }
            case let .stmt(stmt):
                if let d = stmt.as(DeferStmtSyntax.self) { deferred.append(d.body); continue }
                let flow = try execute(stmt, scope)
                if case .normal = flow { continue }
                result = flow
                break loop
            case let .expr(expr):
                let flow = try statementExpression(expr, scope)
                if case .normal = flow { continue }
                result = flow
                break loop
            }
        }
        for body in deferred.reversed() { _ = try run(body.statements, Scope(parent: scope)) }
        return result
    }

    /// A syntax node's kind in words, for messages: `dictionaryExpr` is "a dictionary expression".
    static func constructName(_ node: some SyntaxProtocol) -> String {
        var words: [String] = []
        var current = ""
        for ch in String(describing: node.kind) {
            if ch.isUppercase, !current.isEmpty { words.append(current); current = "" }
            current.append(Character(ch.lowercased()))
        }
        if !current.isEmpty { words.append(current) }
        let full = ["expr": "expression", "stmt": "statement", "decl": "declaration"]
        if let last = words.last, let word = full[last] { words[words.count - 1] = word }
        let phrase = words.joined(separator: " ")
        return ("aeiou".contains(phrase.first ?? "x") ? "an " : "a ") + phrase
    }

    /// A declaration's kind in Swift's words, for messages: "a struct", "a type alias".
    static func declarationKind(_ decl: DeclSyntax) -> String {
        if decl.is(ClassDeclSyntax.self) { return "a class" }
        if decl.is(StructDeclSyntax.self) { return "a struct" }
        if decl.is(EnumDeclSyntax.self) { return "an enum" }
        if decl.is(ProtocolDeclSyntax.self) { return "a protocol" }
        if decl.is(TypeAliasDeclSyntax.self) { return "a type alias" }
        if decl.is(ActorDeclSyntax.self) { return "an actor" }
        if decl.is(OperatorDeclSyntax.self) { return "an operator" }
        return "this declaration"
    }

    /// An expression used as a statement: `if` and `switch` are expressions in Swift's syntax.
    func statementExpression(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftImportError) -> Flow {
        if let i = expr.as(IfExprSyntax.self) { return try runIf(i, scope) }
        if let s = expr.as(SwitchExprSyntax.self) { return try runSwitch(s, scope) }
        _ = try eval(expr, scope)
        return .normal
    }

    func execute(_ stmt: StmtSyntax, _ scope: Scope) throws(SwiftImportError) -> Flow {
        if let r = stmt.as(ReturnStmtSyntax.self) {
            return .returned(try r.expression.map { e throws(SwiftImportError) in try eval(e, scope) } ?? .void)
        }
        if let e = stmt.as(ExpressionStmtSyntax.self) { return try statementExpression(e.expression, scope) }
        if let g = stmt.as(GuardStmtSyntax.self) {
            let inner = Scope(parent: scope)
            if try conditions(g.conditions, inner) {
                // guard's bindings stay visible after it.
                for (k, v) in inner.names { scope.names[k] = v }
                return .normal
            }
            let flow = try run(g.body.statements, Scope(parent: scope))
            if case .normal = flow {
                throw fail(.invalidValue, g.body, "the guard's else block must leave the function", hint: "end it with return")
            }
            return flow
        }
        if let f = stmt.as(ForStmtSyntax.self) { return try runFor(f, scope) }
        if let b = stmt.as(BreakStmtSyntax.self) { return .broke(b.label?.text) }
        if let c = stmt.as(ContinueStmtSyntax.self) { return .continued(c.label?.text) }
        if let flow = try controlFlow(stmt, scope, label: nil) { return flow }
        throw fail(.unsupported, stmt, "\(Self.constructName(stmt)) ('\(stmt.trimmedDescription.prefix(40))') is not supported",
                   hint: "statements the importer runs: let, var, if, guard, switch, for-in, while, repeat-while, do-catch, throw, return, defer")
    }

    func runFor(_ f: ForStmtSyntax, _ scope: Scope, label: String? = nil) throws(SwiftImportError) -> Flow {
        let sequence = try eval(f.sequence, scope)
        var items: [Value] = []
        switch sequence {
        case let .array(a): items = a
        default:
            throw fail(.unsupported, f.sequence, "a for-in loop over \(sequence.typeDescription) is not supported",
                       hint: "loop over an array or a range such as 0..<3")
        }
        for item in items {
            try tick(f)
            let inner = Scope(parent: scope)
            // `for (i, x) in …` destructures; `for case …` skips the items that do not match.
            if try !match(f.pattern, item, inner, binding: true) {
                if f.caseKeyword != nil { continue }
                throw fail(.invalidValue, f.pattern, "an item of the sequence does not fit this pattern", hint: "write for item in items")
            }
            if let w = f.whereClause, try !truth(try eval(w.condition, inner), w.condition) { continue }
            if let exit = Self.leavesLoop(try run(f.body.statements, inner), label) { return exit }
        }
        return .normal
    }

    func runIf(_ first: IfExprSyntax, _ scope: Scope) throws(SwiftImportError) -> Flow {
        // An else-if chain is walked in a loop, however long it is.
        var i = first
        while true {
            try tick(i)
            let inner = Scope(parent: scope)
            if try conditions(i.conditions, inner) { return try run(i.body.statements, inner) }
            switch i.elseBody {
            case .none: return .normal
            case let .ifExpr(next)?: i = next
            case let .codeBlock(block)?: return try run(block.statements, Scope(parent: scope))
            }
        }
    }

    func conditions(_ list: ConditionElementListSyntax, _ scope: Scope) throws(SwiftImportError) -> Bool {
        for c in list {
            switch c.condition {
            case let .expression(e):
                if try !truth(try eval(e, scope), e) { return false }
            case let .optionalBinding(b):
                if b.pattern.trimmedDescription == "_", let initializer = b.initializer {
                    // `let _ = value`: only whether it is nil.
                    if case .none = try eval(initializer.value, scope) { return false }
                    continue
                }
                guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    throw fail(.unsupported, b.pattern, "this binding pattern is not supported", hint: "write if let name = value")
                }
                let value: Value
                if let initializer = b.initializer {
                    value = try eval(initializer.value, scope, hint: b.typeAnnotation.map { $0.type.trimmedDescription })
                } else if name == "self", let s = scope.selfValue { value = s   // guard let self else { … }
                } else if let v = scope.lookup(name) { value = v
                } else if let bound = bindings[name] { value = try self.value(of: bound, b.pattern, scope: scope)
                } else if let instance = instanceOf(scope.selfValue), instance.type.properties[name] != nil {
                    value = try readProperty(instance, name, b.pattern)   // `guard let viewController` reads self's property
                } else {
                    throw fail(.unknownIdentifier, b.pattern, "'\(name)' is not defined here")
                }
                if case .none = value { return false }
                self.name(value, name, at: Syntax(b))
                scope.names[name] = value
            case let .matchingPattern(m):
                if try !match(m.pattern, try eval(m.initializer.value, scope), scope) { return false }
            case let .availability(a):
                _ = a   // #available: the importer models the newest UIKit
            @unknown default:
                throw fail(.unsupported, c, "this condition is not supported")
            }
        }
        return true
    }

    func truth(_ v: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Bool {
        if case let .bool(b) = v { return b }
        throw fail(.invalidValue, node, "expected a Bool here, found \(v.typeDescription)")
    }

    func runSwitch(_ s: SwitchExprSyntax, _ scope: Scope, label: String? = nil) throws(SwiftImportError) -> Flow {
        let subject = try eval(s.subject, scope)
        if case .void = subject {
            // `null` from the scene where the code switches over a value: name the cases it expects.
            var names: [String] = []
            for case let .switchCase(c) in s.cases {
                guard case let .case(label) = c.label else { continue }
                for item in label.caseItems {
                    let text = item.pattern.trimmedDescription
                    if text.hasPrefix("."), let name = text.dropFirst().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).first { names.append(String(name)) }
                }
            }
            var error = fail(.binding, s.subject, "'\(s.subject.trimmedDescription)' is null here, and the switch matches it against \(names.isEmpty ? "its cases" : names.map { "." + $0 }.joined(separator: ", "))",
                             hint: names.isEmpty ? "give it a value in the scene" : "give one of them in the scene, e.g. \(s.subject.trimmedDescription): \(names[0])")
            if let first = names.first { error.bind = BindSuggestion(key: Self.normalized(s.subject.trimmedDescription), value: first, swiftType: nil) }
            throw error
        }
        var cases: [SwitchCaseSyntax] = []
        for element in s.cases {
            guard case let .switchCase(c) = element else {
                throw fail(.unsupported, element, "#if inside switch is not supported")
            }
            cases.append(c)
        }
        for (index, c) in cases.enumerated() {
            var matched = false
            var caseScope = Scope(parent: scope)
            switch c.label {
            case .default: matched = true
            case let .case(caseLabel):
                for item in caseLabel.caseItems {
                    // Each pattern binds afresh: a failed one leaves nothing behind.
                    caseScope = Scope(parent: scope)
                    matched = try match(item.pattern, subject, caseScope)
                    if matched, let w = item.whereClause, try !truth(try eval(w.condition, caseScope), w.condition) { matched = false }
                    if matched { break }
                }
            @unknown default: break
            }
            guard matched else { continue }
            // `fallthrough` runs the next case's body without matching its patterns.
            var next = index, body = c, bodyScope = caseScope
            while true {
                let flow = try run(body.statements, bodyScope)
                switch flow {
                case let .broke(l) where l == nil || l == label: return .normal
                case .fellThrough:
                    next += 1
                    guard next < cases.count else { return .normal }
                    body = cases[next]; bodyScope = Scope(parent: scope)
                default: return flow
                }
            }
        }
        throw fail(.invalidValue, s.subject, "no case of the switch matches \(describe(subject))",
                   hint: "add the case or a default:")
    }

    /// Swift's pattern matching for `case` (in `switch` and `if case`): `_`, a value compared
    /// with `==`, an enum case (`.push`), a case with its associated values bound
    /// (`.changed(let p)`, `let .changed(p)`) or compared, and `let name`, binding into `scope`.
    func match(_ pattern: PatternSyntax, _ value: Value, _ scope: Scope, binding: Bool = false) throws(SwiftImportError) -> Bool {
        if pattern.is(WildcardPatternSyntax.self) { return true }
        if let b = pattern.as(ValueBindingPatternSyntax.self) { return try match(b.pattern, value, scope, binding: true) }
        if let i = pattern.as(IdentifierPatternSyntax.self) {
            scope.names[i.identifier.text] = value
            return true
        }
        if let t = pattern.as(TuplePatternSyntax.self) {
            guard let items = Self.tupleElements(value), items.count == t.elements.count else { return false }
            for (e, item) in zip(t.elements, items) where try !match(e.pattern, item, scope, binding: binding) { return false }
            return true
        }
        guard let e = pattern.as(ExpressionPatternSyntax.self) else {
            throw fail(.unsupported, pattern, "this pattern is not supported", hint: "match values, enum cases (.push) or cases with values (.changed(let p))")
        }
        return try match(expression: e.expression, value, scope, binding: binding)
    }

    private func match(expression e: ExprSyntax, _ value: Value, _ scope: Scope, binding: Bool) throws(SwiftImportError) -> Bool {
        if let p = e.as(PatternExprSyntax.self) { return try match(p.pattern, value, scope, binding: binding) }
        if binding, let r = e.as(DeclReferenceExprSyntax.self) {
            scope.names[r.baseName.text] = value
            return true
        }
        if e.is(DiscardAssignmentExprSyntax.self) { return true }
        // `case let x?`, `if case let v? = optional`: matches a value that is not nil.
        if let o = e.as(OptionalChainingExprSyntax.self) {
            if case .none = value { return false }
            return try match(expression: o.expression, value, scope, binding: binding)
        }
        // `case (let x as UIView, _)`: a tuple matches element by element; `(p)` is p.
        if let t = e.as(TupleExprSyntax.self) {
            if t.elements.count == 1, let only = t.elements.first, only.label == nil { return try match(expression: only.expression, value, scope, binding: binding) }
            guard let items = Self.tupleElements(value), items.count == t.elements.count else { return false }
            for (element, item) in zip(t.elements, items) where try !match(expression: element.expression, item, scope, binding: binding) { return false }
            return true
        }
        // `case 0 ..< 10`, `case 0.5...`, `case ..<0`: Swift's ~= on a range tests containment.
        if let inRange = try rangeContains(e, value, scope) { return inRange }
        // `case let x as T`: matches when the value is a T, and binds it as one.
        if let seq = e.as(SequenceExprSyntax.self), seq.elements.count == 3,
           let op = seq.elements.dropFirst().first?.as(UnresolvedAsExprSyntax.self), op.questionOrExclamationMark == nil,
           let type = seq.elements.last {
            let cast = try self.cast(value, to: type.trimmedDescription, optional: true, e)
            if case .none = cast { return false }
            return try match(expression: seq.elements.first!, cast, scope, binding: binding)
        }
        if let a = e.as(AsExprSyntax.self), a.questionOrExclamationMark == nil {
            let cast = try self.cast(value, to: a.type.trimmedDescription, optional: true, e)
            if case .none = cast { return false }
            return try match(expression: a.expression, cast, scope, binding: binding)
        }
        if let call = e.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self) {
            guard case let .enumCase(name, associated) = value, name == m.declName.baseName.text else { return false }
            guard associated.count == call.arguments.count else { return associated.isEmpty && call.arguments.isEmpty }
            for (arg, v) in zip(call.arguments, associated) where try !match(expression: arg.expression, v, scope, binding: binding) { return false }
            return true
        }
        let candidate = try eval(e, scope)
        // A case written without its associated values matches whatever they are.
        if case let .enumCase(name, _) = value, case let .enumCase(written, none) = candidate, none.isEmpty { return name == written }
        return try equal(value, candidate, e)
    }

    /// Whether a number lies in the range `e` writes; nil when `e` is not a range.
    private func rangeContains(_ e: ExprSyntax, _ value: Value, _ scope: Scope) throws(SwiftImportError) -> Bool? {
        var lower: ExprSyntax?, upper: ExprSyntax?, op = ""
        if let seq = e.as(SequenceExprSyntax.self), seq.elements.count == 3,
           let o = seq.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self), ["..<", "..."].contains(o.operator.text) {
            lower = seq.elements.first; upper = seq.elements.last; op = o.operator.text
        } else if let p = e.as(PrefixOperatorExprSyntax.self), ["..<", "..."].contains(p.operator.text) {
            upper = p.expression; op = p.operator.text
        } else if let p = e.as(PostfixOperatorExprSyntax.self), p.operator.text == "..." {
            lower = p.expression; op = "..."
        } else {
            return nil
        }
        guard let v = number(value) else { return false }
        func bound(_ b: ExprSyntax) throws(SwiftImportError) -> Double {
            guard let n = number(try eval(b, scope, hint: value.typeDescription == "Int" ? "Int" : "Double")) else {
                throw fail(.invalidValue, b, "a range's bound must be a number here")
            }
            return n
        }
        if let lower, try v < bound(lower) { return false }
        if let upper { let u = try bound(upper); return op == "..<" ? v < u : v <= u }
        return true
    }

    /// A tuple's elements in order, labeled or not.
    static func tupleElements(_ v: Value) -> [Value]? {
        switch v {
        case let .array(items): return items
        case let .fields(pairs): return pairs.map(\.1)
        default: return nil
        }
    }

    func describe(_ v: Value) -> String {
        switch v {
        case let .int(i): return "\(i)"
        case let .double(d): return "\(d)"
        case let .bool(b): return "\(b)"
        case let .string(s): return "\"\(s)\""
        case let .enumCase(n, _): return ".\(n)"
        default: return v.typeDescription
        }
    }

    func declare(_ v: VariableDeclSyntax, _ scope: Scope) throws(SwiftImportError) {
        for b in v.bindings {
            let hint = b.typeAnnotation.map { $0.type.trimmedDescription }
            if let tuple = b.pattern.as(TuplePatternSyntax.self) {
                guard let initializer = b.initializer, let values = Self.tupleElements(try eval(initializer.value, scope)), values.count == tuple.elements.count else {
                    throw fail(.unsupported, b, "this tuple declaration is not supported", hint: "declare one name per let")
                }
                for (e, value) in zip(tuple.elements, values) {
                    if let name = e.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { scope.names[name] = value }
                }
                continue
            }
            guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                if b.pattern.trimmedDescription == "_", let initializer = b.initializer { _ = try eval(initializer.value, scope); continue }
                throw fail(.unsupported, b.pattern, "this pattern is not supported", hint: "declare one name: let name = value")
            }
            if let accessor = b.accessorBlock {
                throw fail(.unsupported, accessor, "computed local variables are not supported", hint: "use a let, or a helper function")
            }
            guard let initializer = b.initializer else {
                scope.names[name] = Value.none   // declared now, assigned later (Value.none: `.none` would remove the key)
                continue
            }
            let value = labeledTuple(try eval(initializer.value, scope, hint: hint), hint)
            self.name(value, name, at: v.bindings.count == 1 ? Syntax(v) : Syntax(b))
            scope.names[name] = value
        }
    }

    /// A view made by the code takes the name of the variable it is first stored in as its
    /// layer id, so the expansion reads like the code.
    func name(_ value: Value, _ variable: String, at binding: Syntax? = nil) {
        guard case let .view(v) = value, v.autoNamed, !usedIDs.contains(variable) else { return }
        if let binding { v.place = program.place(of: binding) }
        // The latest name before the view is animated wins (a helper's local `let dot` gives
        // way to the caller's `let badge = makeDot()`).
        usedIDs.remove(v.id)
        v.id = variable
        usedIDs.insert(variable)
    }

    func freshID(_ base: String) -> String {
        var n = 1
        while usedIDs.contains("\(base)\(n)") { n += 1 }
        usedIDs.insert("\(base)\(n)")
        return "\(base)\(n)"
    }
}
