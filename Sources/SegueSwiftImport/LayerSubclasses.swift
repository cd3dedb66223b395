// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SwiftSyntax

/// A custom property of a layer of the module, animated by the animation its `action(forKey:)`
/// returned: Core Animation redraws the layer (`display()`) at every frame with the property's
/// presentation value.
struct CustomPropertyAnimation {
    let layer: ViewObject
    let name: String
    let from: Value, to: Value
    let begin: Double, duration: Double
    let timing: TimingValue
    let node: Syntax
}

/// UIKit's machinery for views and layers the module subclasses: a view's `layerClass`, the
/// layer's own properties and `display()`, `layoutSubviews()`, properties UIKit declares that
/// a subclass overrides to observe, and key-value observation of a view's frame.
extension Evaluator {
    /// Whether the type's `name` is UIKit's property, overridden (`override var frame: CGRect
    /// { didSet { … } }`): it has no storage of the module's; UIKit keeps the value.
    func isUIKitOverride(_ t: TypeDecl, _ name: String) -> Bool {
        guard let decl = t.properties[name]?.binding.parent?.parent?.as(VariableDeclSyntax.self) else { return false }
        return decl.modifiers.contains { $0.name.text == "override" }
    }

    /// An `@NSManaged` property of a CALayer subclass: Core Animation stores it, and it reads
    /// as zero (or nil) until it is set.
    func managedDefault(_ t: TypeDecl, _ name: String) -> Value? {
        guard let p = t.properties[name], let decl = p.binding.parent?.parent?.as(VariableDeclSyntax.self),
              decl.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "NSManaged" }) else { return nil }
        let type = p.binding.typeAnnotation?.type.trimmedDescription ?? ""
        return ["CGFloat", "Double", "Float"].contains(type) ? .double(0) : type == "Int" ? .int(0) : type == "Bool" ? .bool(false) : Value.none
    }

    /// `override class var layerClass: AnyClass { return X.self }`: the class of the view's
    /// layer. A shape layer (or the module's subclass of one) draws its `path`; a module class
    /// makes the layer an instance of it.
    func setUpLayerClass(_ v: ViewObject, of t: TypeDecl, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        var owner: TypeDecl? = t
        while let c = owner, c.properties["layerClass"] == nil { owner = c.superclass }
        guard let owner else { return }
        let value = try staticProperty(owner, "layerClass", node)
        guard case let .typeName(name) = value else { return }
        var uikit = name
        var current = program.types[name]
        if let layerType = current {
            let instance = Instance(type: layerType)
            instance.isLayer = true
            instance.view = v
            v.layerInstance = instance
        }
        while let c = current {
            uikit = c.inherited.first { $0.hasPrefix("CA") } ?? c.superclass?.name ?? uikit
            current = c.inherited.contains(where: { $0.hasPrefix("CA") }) ? nil : c.superclass
        }
        switch uikit {
        case "CAShapeLayer":
            v.isShapeLayer = true
            // CAShapeLayer's defaults: an opaque black fill, no stroke, 1 pt lines.
            for (p, value) in [(LayerProperty.fillColor, Value.color(ColorValue(r: 0, g: 0, b: 0, a: 1, name: "black"))), (.lineWidth, .double(1)),
                               (.strokeStart, .double(0)), (.strokeEnd, .double(1))] {
                v.model[p] = value; v.initial[p] = value
            }
        case "CALayer": break
        default:
            throw fail(.unsupported, node, "a view whose layerClass is \(uikit) is not supported",
                       hint: "CALayer and CAShapeLayer (and the module's subclasses of them) are")
        }
    }

    /// Sets the module property `name` of a layer instance. Inside an animation block Core
    /// Animation asks the layer for the property's action first: an animation that
    /// `action(forKey:)` returns for the key animates it, redrawn by `display()` frame by frame.
    func storeLayerProperty(_ instance: Instance, _ name: String, _ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Bool {
        guard instance.isLayer, let v = instance.view, case .basic? = currentAnimation,
              let action = instance.type.functions["action"]?.first ?? program.inheritedFunction("action", of: instance.type) else { return false }
        let old = instance.stored[name] ?? managedDefault(instance.type, name) ?? Value.none
        drawingLayer = true
        defer { drawingLayer = false }
        let result = try invokeClosure(.function(FunctionRef(decl: action, receiver: .layer(v), type: instance.type)), [.string(name)], node)
        guard case let .caAnimation(a) = result, a.keyPath == name else { return false }
        try store(instance, name, value, node, viaAction: true)
        let p = a.properties
        let duration = try p["duration"].map { d throws(SwiftImportError) in try double(d, node, "duration") } ?? 0.25
        var timing = TimingValue.named("linear")
        if case let .timing(t)? = p["timingFunction"] { timing = t }
        let from = p["fromValue"].flatMap { $0.isNone ? nil : $0 } ?? old
        let begin = try p["beginTime"].map { b throws(SwiftImportError) in try double(b, node, "beginTime") } ?? now
        customAnimations.append(CustomPropertyAnimation(layer: v, name: name, from: from, to: value, begin: begin == 0 ? now : begin,
                                                        duration: duration, timing: timing, node: Syntax(node)))
        return true
    }

    /// `super.action(forKey:)` inside a layer's override: inside an animation block, the
    /// animation UIKit gives the properties it animates (its duration and curve, from now);
    /// outside one, or for a key UIKit does not animate, none.
    func superAction(forKey key: String) -> Value {
        guard case let .basic(_, duration, timing, _)? = currentAnimation, Self.viewAnimatableKeys.contains(key) else { return Value.none }
        let a = CAAnimationObject(className: "CABasicAnimation", keyPath: key)
        a.properties["duration"] = .double(duration ?? 0.25)
        a.properties["timingFunction"] = .timing(timing)
        return .caAnimation(a)
    }

    /// The layer properties a UIView animation block animates.
    static let viewAnimatableKeys: Set<String> = ["backgroundColor", "opacity", "position", "bounds", "transform", "cornerRadius", "borderWidth",
                                                   "borderColor", "shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor", "shadowPath"]

    /// The end of a run-loop turn: UIKit's layout pass (constraints, then the module's
    /// `layoutSubviews()` of views whose size changed), then the display pass (`display()` of
    /// layers that need it, and the frames of custom properties being animated).
    func endOfTurn(_ node: some SyntaxProtocol) throws(SwiftImportError) {
        if let state = presentation, state.presenting, containerSubviewIDs != containerLaidOut {
            containerLaidOut = containerSubviewIDs
            try callPresentation(state, "containerViewWillLayoutSubviews", [])
            if layoutPending { try layoutPass(node) }
            try callPresentation(state, "containerViewDidLayoutSubviews", [])
        }
        if layoutPending { try layoutPass(node) }
        for v in allViews where v.instance != nil && (v.attached || v.isDescendant(of: container)) {
            guard let i = v.instance, let f = i.type.functions["layoutSubviews"]?.first ?? program.inheritedFunction("layoutSubviews", of: i.type),
                  case let .size(s)? = v.model[.boundsSize], s != v.laidOutSize else { continue }
            v.laidOutSize = s
            _ = try invokeClosure(.function(FunctionRef(decl: f, receiver: .view(v), type: i.type)), [], node)
        }
        if layoutPending { try layoutPass(node) }
        let animations = customAnimations
        customAnimations = []
        // A layer whose property is animating is drawn by its animation, below.
        for v in allViews where v.needsDisplay {
            v.needsDisplay = false
            if !animations.contains(where: { $0.layer === v }) { try display(v, node) }
        }
        for a in animations { try drawCustomAnimation(a) }
    }

    /// The layer's `display()`, unanimated (Core Animation draws the layer's contents with no
    /// implicit animation).
    func display(_ v: ViewObject, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        guard let i = v.layerInstance, let f = i.type.functions["display"]?.first ?? program.inheritedFunction("display", of: i.type) else { return }
        animationStack.append(.none)
        drawingLayer = true
        defer { animationStack.removeLast(); drawingLayer = false }
        _ = try invokeClosure(.function(FunctionRef(decl: f, receiver: .layer(v), type: i.type)), [], node)
    }

    /// A custom property animated from `from` to `to`: the layer is drawn with each value, and
    /// what `display()` changes (a shape layer's path) animates between the two drawings with
    /// the animation's timing. Exact for drawings whose points move in proportion to the value,
    /// as a corner's arc does with its radius; Core Animation interpolates the points pairwise.
    func drawCustomAnimation(_ a: CustomPropertyAnimation) throws(SwiftImportError) {
        guard let i = a.layer.layerInstance else { return }
        let v = a.layer
        // Drawn with the starting value, as it shows when the animation begins…
        i.stored[a.name] = a.from
        try display(v, a.node)
        let start = v.model
        // …and with the final one, only to see what it draws.
        i.stored[a.name] = a.to
        capturingDisplay = true
        defer { capturingDisplay = false }
        try display(v, a.node)
        capturingDisplay = false
        let end = v.model
        v.model = start
        for (p, value) in end {
            v.model[p] = value
            guard let from = start[p], let keyPath = p.keyPath, !sameValue(from, value, keyPath: keyPath) else { continue }
            v.changedLater.insert(p)
            v.autoNamed = false
            recorder.basic(layer: recorder.id(v), keyPath: keyPath, from: from, to: value, begin: a.begin, duration: a.duration,
                           timing: a.timing, extra: [], source: program.place(of: a.node))
        }
    }

    /// Whether two values are the same as the scene writes them (paths are objects in the importer).
    func sameValue(_ a: Value, _ b: Value, keyPath: String) -> Bool {
        String(describing: recorder.node(a, keyPath: keyPath)) == String(describing: recorder.node(b, keyPath: keyPath))
    }

    /// `view.observe(\.frame, options: [.initial]) { view, change in … }`: the closure runs now
    /// (with `.initial`) and whenever the code sets the property.
    func observe(_ v: ViewObject, _ args: Arguments, _ scope: Scope, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        guard let first = args.items.first, let key = first.expr.as(KeyPathExprSyntax.self)?.components.last?.trimmedDescription.trimmingCharacters(in: ["."]),
              ["frame", "transform", "center", "bounds", "alpha"].contains(key) else {
            throw fail(.unsupported, node, "observing this key path is not supported", hint: "observe \\.frame, \\.transform, \\.center, \\.bounds or \\.alpha")
        }
        let closure = try eval(args.items.last!.expr, scope)
        let initial = try args.items.first(where: { $0.label == "options" }).map { o throws(SwiftImportError) in o.expr.trimmedDescription.contains("initial") } ?? false
        v.keyValueObservers.append((key, closure))
        if initial { _ = try invokeClosure(closure, [.view(v), Value.none], node) }
        return .void
    }

    /// The observers of `key` on `v`, after the code set it.
    func notifyObservers(_ v: ViewObject, _ key: String, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        for o in v.keyValueObservers where o.key == key { _ = try invokeClosure(o.closure, [.view(v), Value.none], node) }
    }
}

extension Evaluator {
    /// The layer class's `needsDisplay(forKey:)`, false when it does not override it.
    func needsDisplay(_ t: TypeDecl, forKey key: String) throws(SwiftImportError) -> Bool {
        guard let f = t.functions["needsDisplay"]?.first ?? program.inheritedFunction("needsDisplay", of: t) else { return false }
        guard case let .bool(b) = try invokeClosure(.function(FunctionRef(decl: f, receiver: .typeName(t.name), type: t)), [.string(key)], f) else { return false }
        return b
    }
}

extension Evaluator {
    /// In a static method of a view or layer class of the module (`needsDisplay(forKey:)`), an
    /// instance standing for the class, so `super` calls resolve as in an instance method.
    func staticSelf(_ scope: Scope) -> Instance? {
        guard case let .typeName(name)? = scope.selfValue, let t = program.types[name],
              viewSubclassBase(t) != nil || t.inherited.contains(where: { $0.hasPrefix("CA") }) || t.superclass.map({ $0.inherited.contains { $0.hasPrefix("CA") } }) == true
        else { return nil }
        return Instance(type: t)
    }
}
