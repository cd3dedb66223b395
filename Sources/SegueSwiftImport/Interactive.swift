// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SwiftSyntax

/// One touch event of the scene's scripted finger, delivered to the pan handler. SegueScene
/// computes the values with its GestureTrack, so `velocity(in:)` here is the velocity the
/// timeline's finish rule would see.
public struct GestureEvent: Sendable, Equatable {
    public enum State: String, Sendable { case began, changed, ended }
    public var time: Double
    public var state: State
    public var location: Point
    public var translation: Point
    public var velocity: Point
    public init(time: Double, state: State, location: Point, translation: Point, velocity: Point) {
        self.time = time; self.state = state; self.location = location; self.translation = translation; self.velocity = velocity
    }
}

/// `interactive:` of a Swift transition: the interaction controller and the finger that drives it.
public struct InteractiveRequest {
    /// The UIPercentDrivenInteractiveTransition subclass; nil when the file has one.
    public var typeName: String?
    /// In time order: `.began` first, `.ended` last.
    public var events: [GestureEvent]
    /// The method the recognizer calls (`handle(recognizer:)`), when the scene names it.
    public var handler: String?
    /// The controller's initializer arguments by label, as the app passes them.
    public var initArguments: [(String, BindValue)] = []
    /// For a handler that takes what another class computes from the recognizer: the progress
    /// at each event, and whether that class finishes on release, as the scene states them.
    public var given: (progress: [Double], finishes: Bool)?
    public init(typeName: String?, events: [GestureEvent]) { self.typeName = typeName; self.events = events }
}

/// What the pan handler did with the finger, as the scene's `interaction:` says it.
public struct ImportedInteraction {
    public var typeName: String
    /// The progress expression over the finger (`translation.x / 390`) that reproduces every
    /// `update(_:)` the handler made.
    public var progress: String
    /// true when the handler called `finish()`, false for `cancel()`.
    public var finishes: Bool
    /// When the handler decided (the finger's release, or an earlier event that called finish or cancel).
    public var decidedAt: Double
    public var completionSpeed: Double
    /// A scene timing name (easeInEaseOut, easeIn, easeOut, linear).
    public var completionCurve: String
    /// `progress` as numbers: a × translation.x + b × translation.y + c, before clamping.
    public var progressLine: (x: Double, y: Double, constant: Double)
    /// Every `update(_:)`, in order: the event's time and the percent given.
    public var updates: [(time: Double, percent: Double)]
}

/// A UIPanGestureRecognizer (or UIScreenEdgePanGestureRecognizer) the code made or was handed.
final class GestureRecognizerObject {
    let className: String
    /// The method `#selector(…)` named as the action, when the code created the recognizer.
    var action: String?
    var view: ViewObject?
    /// `setTranslation(_:in:)` moves the origin translation is measured from.
    var translationOrigin = Point(x: 0, y: 0)
    init(className: String) { self.className = className }
}

/// The interaction controller while its handler runs.
final class InteractiveState {
    let instance: Instance
    var event: GestureEvent?
    var updates: [(time: Double, percent: Double, translation: Point, node: Syntax)] = []
    var decision: (finish: Bool, time: Double, node: Syntax)?
    var completionSpeed = 1.0
    var completionCurve = "easeInEaseOut"
    var recognizers: [GestureRecognizerObject] = []
    /// The controller implements `startInteractiveTransition(_:)` and moves the views itself;
    /// `start` runs that method once, when the transition begins.
    var driven = false
    /// The controller UIKit is handed is a plain UIPercentDrivenInteractiveTransition that
    /// `instance` (a class of the module with the pan handler, not a subclass) makes or holds.
    var plain = false
    var started = false
    var start: (() throws(SwiftImportError) -> Void)?
    init(instance: Instance) { self.instance = instance }
}

extension Evaluator {
    static let interactiveBase = "UIPercentDrivenInteractiveTransition"
    static let gestureClasses: Set<String> = ["UIPanGestureRecognizer", "UIScreenEdgePanGestureRecognizer"]
    /// UIView.AnimationCurve cases, as scene timing names.
    static let animationCurves = ["easeInOut": "easeInEaseOut", "easeIn": "easeIn", "easeOut": "easeOut", "linear": "linear"]

    /// Runs the interaction controller's pan handler for every event of the finger.
    func runInteraction(_ request: InteractiveRequest, animator: TypeDecl) throws(SwiftImportError) -> ImportedInteraction {
        let type = try interactionControllerType(request, animator: animator)
        // The controller is made for the view controller the gesture is on: the from screen.
        let controller = try makeInteractionController(type, request)
        guard case let .object(instance) = controller else { throw fail(.invalidValue, type.node, "\(type.name) is not a class") }
        wireViewControllers(type, instance)
        guard let state = interactive, state.instance === instance else { throw fail(.invalidValue, type.node, "\(type.name) could not be made") }

        let handler = try panHandler(type, state, named: request.handler)
        let recognizer = state.recognizers.first { $0.action == handler.name.text } ?? {
            let g = GestureRecognizerObject(className: "UIPanGestureRecognizer")
            g.view = fromController.view
            return g
        }()
        for (i, event) in request.events.enumerated() {
            if state.decision != nil { break }   // UIKit ignores the handler's calls once the transition finished or cancelled
            state.event = event
            now = event.time
            _ = try invokeClosure(.function(FunctionRef(decl: handler, receiver: controller, type: type)), try handlerArguments(handler, request, i, recognizer), handler)
            // Main-queue blocks the handler scheduled run before the next touch event when due by then.
            let next = i + 1 < request.events.count ? request.events[i + 1].time : .infinity
            while let due = pending.indices.filter({ pending[$0].time < next }).min(by: { (pending[$0].time, pending[$0].order) < (pending[$1].time, pending[$1].order) }) {
                let item = pending.remove(at: due)
                now = max(now, item.time)
                try item.run()
            }
        }
        state.event = nil
        guard let decision = state.decision else {
            throw fail(.invalidValue, handler.name, "\(Self.signature(of: handler)) never calls finish() or cancel(), not even when the gesture ends (.ended)",
                       hint: "call finish() or cancel() in the handler's case .ended, as UIPercentDrivenInteractiveTransition needs")
        }
        guard let first = state.updates.first else {
            throw fail(.invalidValue, handler.name, "\(Self.signature(of: handler)) never calls update(_:) while the finger moves",
                       hint: "call update(progress) in case .changed; the scene's finger gives translation(in:) to compute it from")
        }
        let line = try progressLine(state.updates, first.node)
        return ImportedInteraction(typeName: type.name, progress: Self.expressionText(line.x, line.y, line.constant), finishes: decision.finish,
                                   decidedAt: decision.time, completionSpeed: state.completionSpeed, completionCurve: state.completionCurve,
                                   progressLine: line, updates: state.updates.map { ($0.time, $0.percent) })
    }

    /// The class `interactive:` names, or the module's one interaction controller: a
    /// UIPercentDrivenInteractiveTransition subclass or a class that adopts
    /// UIViewControllerInteractiveTransitioning.
    func interactionControllerType(_ request: InteractiveRequest, animator: TypeDecl) throws(SwiftImportError) -> TypeDecl {
        let all = program.typeOrder.compactMap { program.types[$0] }
        // Without an interaction controller class, a class that drives a plain one.
        let controllers = all.filter(isInteractionControllerType)
        let candidates = controllers.isEmpty ? all.filter(drivesPlainController) : controllers
        let type: TypeDecl
        if let name = request.typeName {
            guard let t = program.types[name] else {
                throw program.error(.noAnimator, at: program.tree, "the file has no type '\(name)' for interactive:",
                                    hint: candidates.isEmpty ? "write a subclass of UIPercentDrivenInteractiveTransition in \(program.file)"
                                        : "its interaction controllers are \(candidates.map(\.name).joined(separator: ", "))")
            }
            // A class that is neither drives a plain UIPercentDrivenInteractiveTransition of its
            // own from its pan handler (a transitioning delegate, say).
            guard isInteractionControllerType(t) || drivesPlainController(t) else {
                throw fail(.noAnimator, t.node, "\(name) is not a subclass of UIPercentDrivenInteractiveTransition, does not adopt UIViewControllerInteractiveTransitioning and makes no UIPercentDrivenInteractiveTransition()",
                           hint: "interactive: names the class whose pan handler calls update(_:), finish() and cancel()")
            }
            type = t
        } else {
            guard let only = candidates.first else {
                throw fail(.noAnimator, animator.node, "interactive: is given, but the file has no subclass of UIPercentDrivenInteractiveTransition",
                           hint: "write the interaction controller in the animator's file (one file per transition)")
            }
            if candidates.count > 1 {
                throw fail(.noAnimator, candidates[1].node, "the file has \(candidates.count) interaction controllers (\(candidates.map(\.name).joined(separator: ", ")))",
                           hint: "say which with interactive: \(only.name)")
            }
            type = only
        }
        return type
    }

    func isInteractionControllerType(_ t: TypeDecl) -> Bool {
        t.inherited.contains(Self.interactiveBase) || t.inherited.contains("UIViewControllerInteractiveTransitioning")
    }

    /// A class of the module whose code makes a plain `UIPercentDrivenInteractiveTransition()`.
    func drivesPlainController(_ t: TypeDecl) -> Bool {
        guard !t.isEnum, !isInteractionControllerType(t) else { return false }
        let made = Self.interactiveBase + "()"
        let inits = t.properties.values.compactMap { $0.binding.initializer?.value.trimmedDescription }
        let bodies = t.functions.values.flatMap { $0 }.compactMap { $0.body?.trimmedDescription }
        return (inits + bodies).contains { $0.replacingOccurrences(of: " ", with: "").contains(made) || $0.contains(Self.interactiveBase + ".init()") }
    }

    /// Whether the controller moves the views itself: it implements `startInteractiveTransition(_:)`,
    /// which UIKit then calls instead of the animator's `animateTransition(using:)`.
    func drivesItself(_ t: TypeDecl) -> Bool { t.functions["startInteractiveTransition"] != nil }

    /// A controller that implements `startInteractiveTransition(_:)`: UIKit calls it when the
    /// transition begins (when the handler pops, dismisses or presents, else after the touch-down
    /// event), and the handler then sets the views for each touch event; `finish()` and `cancel()`
    /// are the class's own, animating to the end with UIView animations that complete the transition.
    func runDrivenInteraction(_ type: TypeDecl, _ request: InteractiveRequest) throws(SwiftImportError) {
        let controller = try makeInteractionController(type, request)
        guard case let .object(instance) = controller else { throw fail(.invalidValue, type.node, "\(type.name) is not a class") }
        wireViewControllers(type, instance)
        guard let state = interactive, state.instance === instance else { throw fail(.invalidValue, type.node, "\(type.name) could not be made") }
        state.driven = true
        guard let startMethod = type.functions["startInteractiveTransition"]?.first else { return }
        state.start = { [unowned self, unowned state] () throws(SwiftImportError) in
            guard !state.started else { return }
            state.started = true
            _ = try self.invokeClosure(.function(FunctionRef(decl: startMethod, receiver: controller, type: type)), [.context], startMethod)
        }
        let handler = try panHandler(type, state, named: request.handler)
        let recognizer = state.recognizers.first { $0.action == handler.name.text } ?? {
            let g = GestureRecognizerObject(className: "UIPanGestureRecognizer")
            g.view = fromController.view
            return g
        }()
        for (i, event) in request.events.enumerated() {
            state.event = event
            now = event.time
            if i > 0 { try state.start?() }
            _ = try invokeClosure(.function(FunctionRef(decl: handler, receiver: controller, type: type)), [.gesture(recognizer)], handler)
            if state.decision != nil { break }
        }
        state.event = nil
        guard state.decision != nil else {
            throw fail(.invalidValue, handler.name, "\(Self.signature(of: handler)) never calls finish() or cancel(), not even when the gesture ends (.ended)",
                       hint: "call finish() or cancel() in the handler's case .ended")
        }
    }

    /// What the handler is called with at event `i`: the recognizer; or, for a method that takes
    /// what another class computes from the recognizer (SideMenu's `handle(state:)`, an enum of
    /// `update(progress:)`, `finish` and `cancel`), the case carrying the scene's progress while
    /// the finger moves and `finish` or `cancel` on release, as the scene's `finishWhen` decides.
    func handlerArguments(_ handler: FunctionDeclSyntax, _ request: InteractiveRequest, _ i: Int, _ recognizer: GestureRecognizerObject) throws(SwiftImportError) -> [Value] {
        let params = handler.signature.parameterClause.parameters
        let written = params.first?.type.trimmedDescription.trimmingCharacters(in: CharacterSet(charactersIn: "?!")) ?? ""
        if params.count != 1 || Self.gestureClasses.contains(written) || written == "UIGestureRecognizer" || written == "UIPanGestureRecognizer" { return [.gesture(recognizer)] }
        let name = Self.signature(of: handler)
        guard let given = request.given else {
            throw fail(.binding, handler.name, "\(name) takes a \(written), which the app computes from the recognizer in another class",
                       hint: "state what that class computes under gesture:, e.g. progress: \"translation.x / 292.5\" and finishWhen: {progressAbove: 0.5, velocityAbove: 100}")
        }
        let cases = program.types[written].flatMap { $0.isEnum ? $0.node.as(EnumDeclSyntax.self) : nil }?.memberBlock.members
            .compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }.flatMap { Array($0.elements) } ?? []
        let carrying = cases.filter { $0.parameterClause?.parameters.count == 1 }
        guard carrying.count == 1, let update = carrying.first else {
            throw fail(.unsupported, handler.name, "\(name) takes a \(written); the importer passes an enum of the module with one case carrying the progress (update(progress:)) and cases finish and cancel",
                       hint: "name a handler that takes the recognizer, or one that takes such an enum")
        }
        if request.events[i].state == .ended {
            let decision = given.finishes ? "finish" : "cancel"
            guard cases.contains(where: { $0.name.text == decision }) else {
                throw fail(.unsupported, handler.name, "\(written) has no case \(decision) for \(name) to be given on release", hint: "the enum needs cases finish and cancel")
            }
            return [.enumCase(decision, [])]
        }
        return [.enumCase(update.name.text, [.double(given.progress[i])])]
    }

    /// A view-controller property the initializer leaves nil is set by the app's wiring call
    /// (`wire(to: vc)`), which passes the controller the gesture is on: the from screen's.
    func wireViewControllers(_ type: TypeDecl, _ instance: Instance) {
        for name in type.propertyOrder where instance.stored[name] == nil {
            guard let p = type.properties[name], !p.isStatic, p.binding.initializer == nil, p.binding.accessorBlock == nil,
                  let annotation = p.binding.typeAnnotation?.type.trimmedDescription else { continue }
            let bare = annotation.replacingOccurrences(of: "!", with: "").replacingOccurrences(of: "?", with: "")
            if bare == "UIViewController" || bare.hasSuffix("ViewController") { instance.stored[name] = .viewController(fromController) }
        }
    }

    /// `init()`, or an initializer whose parameters are the scene's `init:` for the controller or
    /// the view controller (or view) the gesture is on.
    func makeInteractionController(_ type: TypeDecl, _ request: InteractiveRequest) throws(SwiftImportError) -> Value {
        // Recognizers made while the initializer runs are collected here; the instance's own state replaces it.
        interactive = InteractiveState(instance: Instance(type: type))
        let plain = drivesPlainController(type)
        defer { interactive?.plain = plain }
        for initializer in type.initializers {
            var given: [(String, Value)] = []
            var fits = true
            for p in initializer.signature.parameterClause.parameters {
                let t = p.type.trimmedDescription.replacingOccurrences(of: "!", with: "").replacingOccurrences(of: "?", with: "")
                if let bound = request.initArguments.first(where: { $0.0 == p.firstName.text })?.1 {
                    given.append((p.firstName.text, try value(of: bound, initializer)))
                } else if t == "UIView" { given.append((p.firstName.text, .view(fromController.view))) }
                else if t.hasSuffix("Controller") || t.hasSuffix("VC") { given.append((p.firstName.text, .viewController(fromController))) }
                else if p.defaultValue == nil { fits = false; break }
            }
            guard fits else { continue }
            let value = try instantiateInteractive(type, given, initializer)
            return value
        }
        if type.initializers.isEmpty { return try instantiateInteractive(type, [], type.node) }
        let list = type.initializers.map { "init(" + $0.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined() + ")" }
        throw fail(.binding, type.initializers[0], "no initializer of \(type.name) can be called: the importer passes the view controller the gesture is on (the from screen), or its view",
                   hint: "give \(type.name) an initializer such as init(viewController: UIViewController); it has \(list.joined(separator: ", "))")
    }

    private func instantiateInteractive(_ type: TypeDecl, _ given: [(String, Value)], _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        // The instance exists before its initializer runs, so `self` in init is the controller.
        let value = try instantiate(type, given, node, args: nil, scope: nil, onCreate: { [unowned self] instance in
            let state = InteractiveState(instance: instance)
            state.recognizers = self.interactive?.recognizers ?? []
            self.interactive = state
        })
        return value
    }

    /// The action of the recognizer the initializer made, else the one method taking a pan recognizer.
    func panHandler(_ type: TypeDecl, _ state: InteractiveState, named handler: String? = nil) throws(SwiftImportError) -> FunctionDeclSyntax {
        if let handler {
            let all = type.functions.values.flatMap { $0 }
            guard let f = all.first(where: { Self.signature(of: $0) == handler || $0.name.text == handler }) else {
                throw fail(.binding, type.node, "\(type.name) has no method \(handler) for the gesture's handler",
                           hint: "its methods are " + all.map(Self.signature(of:)).sorted().joined(separator: ", "))
            }
            return f
        }
        for g in state.recognizers {
            if let action = g.action {
                guard let f = type.functions[action]?.first else {
                    throw fail(.unknownIdentifier, type.node, "#selector(\(action)) names no method of \(type.name)",
                               hint: "write the pan handler in \(type.name)")
                }
                return f
            }
        }
        let takesPan = type.functions.values.flatMap { $0 }.filter { f in
            // UIGestureRecognizerDelegate's methods are asked about a recognizer; they do not handle it.
            if f.name.text.hasPrefix("gestureRecognizer") { return false }
            let params = f.signature.parameterClause.parameters
            return params.count == 1 && params.first.map { Self.gestureClasses.contains($0.type.trimmedDescription) || $0.type.trimmedDescription == "UIGestureRecognizer" } == true
        }.sorted { program.location(of: $0).line < program.location(of: $1).line }
        guard let f = takesPan.first else {
            if let driver = outsideDriver(of: type) {
                throw fail(.unsupported, type.node, "\(type.name) has no pan handler of its own: \(driver), in another class, made and wired outside the transition, which Segue does not run",
                           hint: "Segue drives the interaction controller's own handler: a method that takes the recognizer, found by #selector or named with gesture: {handler: …}")
            }
            throw fail(.unsupported, type.node, "\(type.name) has no pan handler: no method takes a UIPanGestureRecognizer and no recognizer is made with #selector",
                       hint: "write @objc func handleGesture(_ gesture: UIScreenEdgePanGestureRecognizer) and make the recognizer in init")
        }
        if takesPan.count > 1 {
            throw fail(.unsupported, takesPan[1], "\(type.name) has several methods taking a pan recognizer; which one handles the gesture is not known",
                       hint: "make the recognizer in init with #selector(\(takesPan[0].name.text)(_:)), so the importer follows it")
        }
        return f
    }

    /// A method of another type of the module that takes a pan recognizer and calls one of the
    /// controller's own methods (SideMenu's navigation controller calling `handle(state:)`),
    /// described with its place; nil when there is none.
    func outsideDriver(of controller: TypeDecl) -> String? {
        let own = Set(controller.functions.keys).subtracting(controller.inheritedFunctions)
        for name in program.typeOrder where name != controller.name {
            guard let t = program.types[name] else { continue }
            for f in t.functions.values.flatMap({ $0 }).sorted(by: { program.location(of: $0).line < program.location(of: $1).line }) {
                guard f.signature.parameterClause.parameters.contains(where: { Self.gestureClasses.contains($0.type.trimmedDescription) }),
                      let body = f.body else { continue }
                for call in body.tokens(viewMode: .sourceAccurate) where own.contains(call.text) && call.nextToken(viewMode: .sourceAccurate)?.text == "(" {
                    let at = program.place(of: call)
                    let file = (at.file as NSString).lastPathComponent
                    let callee = controller.functions[call.text]?.first.map(Self.signature(of:)) ?? call.text
                    return "\(name).\(Self.signature(of: f)) takes the recognizer and calls its \(callee) at \(file):\(at.line):\(at.column)"
                }
            }
        }
        return nil
    }

    static func signature(of f: FunctionDeclSyntax) -> String {
        f.name.text + "(" + f.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined() + ")"
    }

    // MARK: - The controller's own API

    /// Is `self` (or this value) the interaction controller?
    func isInteractionController(_ v: Value?) -> Bool {
        guard case let .object(i)? = v, let state = interactive else { return false }
        return state.plain ? i.type.name == Self.interactiveBase : i === state.instance
    }

    /// `update(_:)`, `finish()`, `cancel()`, `pause()` of UIPercentDrivenInteractiveTransition.
    func interactiveMethod(_ sig: String, _ args: Arguments, _ scope: Scope, _ node: FunctionCallExprSyntax) throws(SwiftImportError) -> Value? {
        guard let state = interactive else { return nil }
        switch sig {
        case "update(_:)":
            let p = try num(args, nil, scope)
            guard let event = state.event else {
                throw fail(.unsupported, node, "update(_:) is called outside the pan handler", hint: "call it from the handler, in case .changed")
            }
            guard p.isFinite else { throw fail(.invalidValue, node, "update(_:) is given \(p): divide by a width that is not 0") }
            if state.decision == nil {
                state.updates.append((event.time, p, event.translation, Syntax(node)))
            }
            return .void
        case "finish()", "cancel()":
            guard let event = state.event else {
                throw fail(.unsupported, node, "\(sig) is called outside the pan handler", hint: "call it from the handler, in case .ended")
            }
            if state.decision == nil { state.decision = (sig == "finish()", event.time, Syntax(node)) }
            return .void
        case "pause()":
            throw unsupportedCall(sig, node, hint: "UIPercentDrivenInteractiveTransition.pause() (iOS 10) is not imported; update(_:) holds the transition where it is")
        default:
            return nil
        }
    }

    /// Properties the controller inherits. nil: not one of them.
    func interactiveProperty(_ name: String) -> Value? {
        guard let state = interactive else { return nil }
        switch name {
        case "completionSpeed": return .double(state.completionSpeed)
        case "completionCurve": return .enumCase(Self.animationCurves.first { $0.value == state.completionCurve }?.key ?? "easeInOut", [])
        case "percentComplete": return .double(state.updates.last?.percent ?? 0)
        case "wantsInteractiveStart": return .bool(true)
        case "timingCurve": return .timing(.named(state.completionCurve))
        default: return nil
        }
    }

    /// Setting an inherited property. false: not one of them.
    func setInteractiveProperty(_ name: String, _ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Bool {
        guard let state = interactive else { return false }
        switch name {
        case "completionSpeed":
            let s = try double(value, node, "completionSpeed")
            guard s > 0 else { throw fail(.invalidValue, node, "completionSpeed must be greater than 0, found \(s)", hint: "1 is UIKit's default; 2 runs the rest twice as fast") }
            state.completionSpeed = s
        case "completionCurve":
            guard case let .enumCase(c, _) = value, let curve = Self.animationCurves[c] else {
                throw fail(.invalidValue, node, "completionCurve takes a UIView.AnimationCurve (.easeInOut, .easeIn, .easeOut, .linear)")
            }
            state.completionCurve = curve
        case "timingCurve":
            // UIKit's own curves: the finishing part of an interruptible transition follows it.
            switch value {
            case .none: break
            case let .timing(.named(curve)): state.completionCurve = curve
            default:
                throw fail(.unsupported, node, "timingCurve \(value.typeDescription) is not imported: the finish of an interaction eases by a UIView.AnimationCurve",
                           hint: "timingCurve = UICubicTimingParameters(animationCurve: .easeOut), or set completionCurve")
            }
        case "wantsInteractiveStart":
            break
        default: return false
        }
        return true
    }

    // MARK: - The gesture recognizer

    func gestureMember(_ g: GestureRecognizerObject, _ name: String, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        switch name {
        case "state":
            guard let e = interactive?.event else { return .enumCase("possible", []) }
            return .enumCase(e.state.rawValue, [])
        case "view": return g.view.map(Value.view) ?? .none
        case "numberOfTouches": return .int(interactive?.event == nil ? 0 : 1)
        case "isEnabled": return .bool(true)
        default:
            throw fail(.unsupported, node, "'\(name)' of \(g.className) is not supported",
                       hint: "the importer knows state, view, translation(in:), velocity(in:), location(in:) and setTranslation(_:in:)")
        }
    }

    func gestureMethod(_ g: GestureRecognizerObject, _ sig: String, _ args: Arguments, _ scope: Scope, _ node: FunctionCallExprSyntax) throws(SwiftImportError) -> Value {
        let event = interactive?.event
        // The finger is in canvas points; the views the handler measures in are not transformed
        // while it runs (the transition animates their snapshots and layers), so a translation or
        // velocity is the same in every view. location(in:) is in the container's (the canvas's) space.
        switch sig {
        case "translation(in:)":
            _ = try arg(args, "in", scope, hint: nil)
            guard let e = event else { return .point(.zero) }
            return .point(Point(x: e.translation.x - g.translationOrigin.x, y: e.translation.y - g.translationOrigin.y))
        case "velocity(in:)":
            _ = try arg(args, "in", scope, hint: nil)
            return .point(event?.velocity ?? .zero)
        case "location(in:)":
            let inView = try arg(args, "in", scope, hint: nil)
            guard let e = event else { return .point(.zero) }
            if case .none = inView { return .point(e.location) }
            let v = try view(inView, node, "the view")
            let offset = try windowOffset(v, node)
            return .point(Point(x: e.location.x - offset.x, y: e.location.y - offset.y))
        case "addTarget(_:action:)":
            // A recognizer the code was handed (or made without a target) gets its handler here.
            _ = try arg(args, nil, scope, hint: nil)
            guard case let .string(action) = try arg(args, "action", scope, hint: nil) else {
                throw fail(.invalidValue, node, "the action of addTarget(_:action:) must be #selector(method(_:))")
            }
            g.action = action
            if let state = interactive, !state.recognizers.contains(where: { $0 === g }) { state.recognizers.append(g) }
            return .void
        case "removeTarget(_:action:)":
            return .void
        case "setTranslation(_:in:)":
            let p = try point(try arg(args, nil, scope, hint: "CGPoint"), node, "translation")
            let current = event?.translation ?? .zero
            g.translationOrigin = Point(x: current.x - p.x, y: current.y - p.y)
            return .void
        default:
            throw unsupportedCall(sig, node, hint: "\(g.className) methods the importer knows: translation(in:), velocity(in:), location(in:), setTranslation(_:in:)")
        }
    }

    // MARK: - The progress expression

    /// The expression over the finger's translation that gives every update(_:) value: a
    /// straight line through the updates strictly between 0 and 1, clamped to 0…1 as the
    /// timeline clamps it. Anything else is an error at the update call, never a fit.
    func progressLine(_ updates: [(time: Double, percent: Double, translation: Point, node: Syntax)], _ node: Syntax) throws(SwiftImportError) -> (x: Double, y: Double, constant: Double) {
        let inner = updates.filter { $0.percent > 1e-12 && $0.percent < 1 - 1e-12 }
        func verify(_ ax: Double, _ ay: Double, _ c: Double) -> Bool {
            updates.allSatisfy { u in
                let raw = ax * u.translation.x + ay * u.translation.y + c
                return abs(min(max(raw, 0), 1) - u.percent) <= 1e-9
            }
        }
        var candidates: [(Double, Double, Double)] = []
        // One axis, through the origin (progress = translation.x / width), from each inner update.
        for u in inner {
            if abs(u.translation.x) > 1e-9 { candidates.append((u.percent / u.translation.x, 0, 0)) }
            if abs(u.translation.y) > 1e-9 { candidates.append((0, u.percent / u.translation.y, 0)) }
        }
        // One axis with an offset, from two inner updates.
        if let a = inner.first, let b = inner.last(where: { abs($0.translation.x - a.translation.x) > 1e-9 }) {
            let k = (b.percent - a.percent) / (b.translation.x - a.translation.x)
            candidates.append((k, 0, a.percent - k * a.translation.x))
        }
        if let a = inner.first, let b = inner.last(where: { abs($0.translation.y - a.translation.y) > 1e-9 }) {
            let k = (b.percent - a.percent) / (b.translation.y - a.translation.y)
            candidates.append((0, k, a.percent - k * a.translation.y))
        }
        if inner.isEmpty, let p = updates.first?.percent, updates.allSatisfy({ $0.percent == p }) { candidates.append((0, 0, p)) }
        for (ax, ay, c) in candidates where verify(ax, ay, c) {
            return (ax, ay, c)
        }
        let sample = updates.first { u in candidates.first.map { abs(min(max($0.0 * u.translation.x + $0.1 * u.translation.y + $0.2, 0), 1) - u.percent) > 1e-9 } ?? true } ?? updates[0]
        throw fail(.unsupported, sample.node,
                   "the progress given to update(_:) is not a straight-line function of the finger's translation (at \(Recorder.format(sample.time)) s it is \(Recorder.format(sample.percent)) for a translation of (\(Recorder.format(sample.translation.x)), \(Recorder.format(sample.translation.y))))",
                   hint: "the scene's interaction scrubs by progress = a × translation + b, clamped to 0…1 (e.g. translation.x / view.bounds.width); compute update's value that way")
    }

    static func expressionText(_ ax: Double, _ ay: Double, _ c: Double) -> String {
        func term(_ k: Double, _ variable: String) -> String? {
            guard k != 0 else { return nil }
            let divisor = 1 / k
            if abs(divisor - divisor.rounded()) < 1e-6 * max(1, abs(divisor)) {
                return (divisor < 0 ? "-" : "") + "\(variable) / \(Recorder.format(abs(divisor.rounded())))"
            }
            return (k < 0 ? "-" : "") + "\(variable) * \(Recorder.format(abs(k)))"
        }
        var parts = [term(ax, "translation.x"), term(ay, "translation.y")].compactMap { $0 }
        if c != 0 || parts.isEmpty { parts.append(Recorder.format(c)) }
        var text = parts[0]
        for p in parts.dropFirst() { text += p.hasPrefix("-") ? " - " + p.dropFirst() : " + " + p }
        return text
    }
}
