// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import SwiftSyntax

/// The UIPresentationController subclass of a custom presentation: UIKit calls it around the
/// animator (`presentationTransitionWillBegin` before, `…DidEnd` after), asks it where the
/// presented view goes (`frameOfPresentedViewInContainerView`) and which view that is
/// (`presentedView`), and runs its `transitionCoordinator` animations alongside the animator's.
final class PresentationState {
    let instance: Instance
    let presenting: Bool
    init(instance: Instance, presenting: Bool) { self.instance = instance; self.presenting = presenting }
}

extension Evaluator {
    /// The presentation controller class of the module, when the transition is a custom
    /// presentation or dismissal: the one the scene names, else the module's only subclass.
    func presentationControllerType(_ request: SwiftImportRequest, at node: Syntax) throws(SwiftImportError) -> TypeDecl? {
        guard kind.operation == .present || kind.operation == .dismiss, kind.presentationStyle == .custom else { return nil }
        if let name = request.presentationController {
            guard !name.isEmpty else { return nil }
            guard let t = program.types[name] else {
                throw fail(.binding, node, "the module has no presentation controller '\(name)'",
                           hint: "name a UIPresentationController subclass of the module, or null for none")
            }
            return t
        }
        let all = program.typeOrder.compactMap { program.types[$0] }.filter { isPresentationControllerType($0) }
        return all.count == 1 ? all[0] : nil
    }

    func isPresentationControllerType(_ t: TypeDecl) -> Bool {
        var current: TypeDecl? = t
        while let c = current {
            if c.inherited.contains("UIPresentationController") { return true }
            current = c.superclass
        }
        return false
    }

    func isPresentationController(_ v: Value?) -> Bool {
        guard case let .object(i)? = v, let state = presentation else { return false }
        return i === state.instance
    }

    /// Makes the controller and calls `…TransitionWillBegin()` (and `containerViewWillLayoutSubviews()`).
    func beginPresentation(_ type: TypeDecl, _ request: SwiftImportRequest) throws(SwiftImportError) {
        let presenting = kind.operation == .present
        var given: [(String, Value)] = []
        // UIKit passes the two view controllers; the scene gives the rest.
        let labels = Set(type.initializers.flatMap { $0.signature.parameterClause.parameters.map(\.firstName.text) })
        if labels.contains("presentedViewController") { given.append(("presentedViewController", .viewController(presenting ? toController : fromController))) }
        if labels.contains("presenting") { given.append(("presenting", .viewController(presenting ? fromController : toController))) }
        for (k, v) in request.presentationInit { given.append((k, try value(of: v, type.node))) }
        _ = try instantiate(type, given, type.node, args: nil, scope: nil, onCreate: { [unowned self] instance in
            self.presentation = PresentationState(instance: instance, presenting: presenting)
        })
        guard let state = presentation else { return }
        if !presenting { try replayPresentation(state, type) }
        try callPresentation(state, presenting ? "presentationTransitionWillBegin" : "dismissalTransitionWillBegin", [])
        if presenting { try callPresentation(state, "containerViewWillLayoutSubviews", []) }
        containerLaidOut = containerSubviewIDs
    }

    /// A dismissal's presentation controller is the one that presented the screen: before the
    /// dismissal, its presentation runs to its end with no animation (alongside blocks and
    /// their completions at once), so the dismissal starts from the views it left.
    func replayPresentation(_ state: PresentationState, _ type: TypeDecl) throws(SwiftImportError) {
        let names = ["presentationTransitionWillBegin", "presentationTransitionDidEnd"]
        guard names.contains(where: { type.functions[$0] != nil || program.inheritedFunction($0, of: type) != nil }) else { return }
        replayingPresentation = true
        animationStack.append(.none)
        defer { animationStack.removeLast(); replayingPresentation = false }
        let scheduled = pending.count
        try callPresentation(state, "presentationTransitionWillBegin", [])
        try callPresentation(state, "containerViewWillLayoutSubviews", [])
        if layoutPending { try layoutPass(type.node) }
        try callPresentation(state, "presentationTransitionDidEnd", [.bool(true)])
        // Completion blocks the replay scheduled run now, in order: that presentation is over.
        let replayed = pending[scheduled...].sorted { ($0.time, $0.order) < ($1.time, $1.order) }
        pending.removeSubrange(scheduled...)
        for item in replayed { try item.run() }
        try endOfTurn(type.node)
    }

    /// The container's subviews as UIKit's layout pass last saw them.
    var containerSubviewIDs: [ObjectIdentifier] { container.subviews.filter(\.attached).map(ObjectIdentifier.init) }

    /// `…TransitionDidEnd(completed)` once the animator completes.
    func endPresentation(_ completed: Bool) throws(SwiftImportError) {
        guard let state = presentation else { return }
        try callPresentation(state, state.presenting ? "presentationTransitionDidEnd" : "dismissalTransitionDidEnd", [.bool(completed)])
    }

    func callPresentation(_ state: PresentationState, _ name: String, _ arguments: [Value]) throws(SwiftImportError) {
        let type = state.instance.type
        guard let f = type.functions[name]?.first ?? program.inheritedFunction(name, of: type) else { return }
        _ = try invokeClosure(.function(FunctionRef(decl: f, receiver: .object(state.instance), type: type)), arguments, f)
    }

    /// `presentingViewController`, `presentedViewController` and `modalPresentationStyle` of
    /// the screens, as the transition's kind makes them: in a presentation the destination is
    /// presented by the source, in a dismissal the source by the destination; navigation
    /// transitions present nothing.
    func presentationRelation(_ c: ScreenController, _ name: String) -> Value? {
        let presented: ScreenController?, presenter: ScreenController?
        switch kind.operation {
        case .present: presented = toController; presenter = fromController
        case .dismiss: presented = fromController; presenter = toController
        default: presented = nil; presenter = nil
        }
        switch name {
        case "presentingViewController": return c === presented ? presenter.map(Value.viewController) ?? Value.none : Value.none
        case "presentedViewController": return c === presenter ? presented.map(Value.viewController) ?? Value.none : Value.none
        case "modalPresentationStyle": return .enumCase(c === presented ? kind.presentationStyle.rawValue : "fullScreen", [])
        case "isBeingPresented": return .bool(kind.operation == .present && c === presented)
        case "isBeingDismissed": return .bool(kind.operation == .dismiss && c === presented)
        default: return nil
        }
    }

    var presentedController: ScreenController? {
        guard let state = presentation else { return nil }
        return state.presenting ? toController : fromController
    }

    /// UIPresentationController's own properties, for the module's subclass.
    func presentationProperty(_ name: String, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value? {
        guard let state = presentation, let presented = presentedController else { return nil }
        let presentingController = state.presenting ? fromController : toController
        switch name {
        case "containerView": return .view(container)
        case "presentedViewController": return .viewController(presented)
        case "presentingViewController": return .viewController(presentingController)
        case "presentedView": return .view(presented.view)
        case "frameOfPresentedViewInContainerView": return .rect(Rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
        case "shouldRemovePresentersView": return .bool(false)
        case "traitCollection", "overrideTraitCollection": return Value.none
        default: return nil
        }
    }

    /// What the subclass overrides, evaluated: its presentedView, or the frame it gives.
    func presentedOverride(_ name: String, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value? {
        guard let state = presentation, state.instance.type.properties[name] != nil else { return nil }
        return try readProperty(state.instance, name, node)
    }

    /// `transitionCoordinator?.animate(alongsideTransition:completion:)`: the block animates with
    /// the transition (its duration, UIKit's default curve); the completion runs at its end.
    func alongside(_ args: Arguments, _ scope: Scope, _ node: FunctionCallExprSyntax) throws(SwiftImportError) -> Value {
        if replayingPresentation {
            // An earlier presentation, replayed: its alongside changes and completion, at once.
            for label in ["alongsideTransition", "completion"] {
                if let e = args.expr(label) { let f = try eval(e, scope); if case .none = f {} else { _ = try invokeClosure(f, [.context], node) } }
            }
            return .bool(true)
        }
        let duration = transitionDurationValue ?? 0.35
        if let block = args.expr("alongsideTransition") {
            let f = try eval(block, scope)
            if case .none = f {} else {
                animationStack.append(.basic(begin: now, duration: duration, timing: .named("easeInEaseOut"), extra: []))
                blockOriginals.append([:])
                defer { animationStack.removeLast(); blockOriginals.removeLast() }
                _ = try invokeClosure(f, [.context], node)
            }
        }
        if let c = args.expr("completion") {
            let f = try eval(c, scope)
            if case .none = f {} else { schedule(at: now + duration, f, [.context], node) }
        }
        return .bool(true)
    }
}
