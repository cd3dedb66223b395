// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import SwiftSyntax

extension Evaluator {
    func method(_ base: Value, _ name: String, _ args: Arguments, _ scope: Scope, _ node: FunctionCallExprSyntax) throws(SwiftImportError) -> Value {
        let sig = args.signature(name)
        if case .enumCase("feedbackGenerator", _) = base { return .void }   // prepare(), impactOccurred(), …
        if case .enumCase("transitionCoordinator", _) = base, sig.hasPrefix("animate(alongsideTransition:") { return try alongside(args, scope, node) }
        switch base {
        case .context:
            switch sig {
            case "viewController(forKey:)":
                let key = try arg(args, "forKey", scope, hint: nil)
                return .viewController(try side(key, node) ? fromController : toController)
            case "view(forKey:)":
                let key = try arg(args, "forKey", scope, hint: nil)
                let controller = try side(key, node) ? fromController : toController
                // A presentation controller may put the presented view in a view of its own.
                if controller === presentedController, let v = try presentedOverride("presentedView", node) { return v }
                return .view(controller.view)
            case "finalFrame(for:)", "initialFrame(for:)":
                let vc = try arg(args, "for", scope, hint: nil)
                guard case let .viewController(c) = vc else { throw fail(.invalidValue, node, "expected a view controller") }
                let full = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
                // UIKit: the presented view controller has no initial frame (.zero); every other frame is the container's.
                if sig == "initialFrame(for:)", c === toController { return .rect(.zero) }
                if sig == "finalFrame(for:)", c === presentedController, presentation?.presenting == true,
                   let frame = try presentedOverride("frameOfPresentedViewInContainerView", node) { return frame }
                return .rect(full)
            case "completeTransition(_:)":
                let done = try arg(args, nil, scope, hint: nil)
                guard case let .bool(didComplete) = done else {
                    throw fail(.invalidValue, node, "completeTransition(_:) takes a Bool, found \(done.typeDescription)", hint: "write completeTransition(!transitionContext.transitionWasCancelled)")
                }
                try completeTransition(didComplete, node)
                return .void
            case "updateInteractiveTransition(_:)", "finishInteractiveTransition()", "cancelInteractiveTransition()", "pauseInteractiveTransition()":
                // A controller that moves the views itself tells the context where it stands; nothing draws.
                if interactive?.driven == true { for item in args.items { _ = try eval(item.expr, scope) }; return .void }
                // An interactive transition's animator saying how it ended (in a property
                // animator's completion, say): the interaction controller has decided that, and
                // the scene's interaction plays it.
                if isInteractiveTransition, sig == "finishInteractiveTransition()" || sig == "cancelInteractiveTransition()" { return .void }
                throw unsupportedCall(sig, node, hint: "the animator does not drive its own interaction: write a UIPercentDrivenInteractiveTransition subclass whose pan handler calls update(_:), finish() and cancel(), and name it with interactive: in the scene (docs/swift-import.md)")
            default: break
            }
        case let .viewController(c) where c.instance?.type.functions[name] != nil:
            let i = c.instance!
            if let f = i.type.functions[name].flatMap({ overload($0, args) }) { return try invoke(FunctionRef(decl: f, receiver: base, type: i.type), args, scope) }
        case let .view(v) where v.instance?.type.functions[name] != nil:
            let i = v.instance!
            if let f = i.type.functions[name].flatMap({ overload($0, args) }) { return try invoke(FunctionRef(decl: f, receiver: base, type: i.type), args, scope) }
        case let .layer(v) where v.layerInstance?.type.functions[name] != nil:
            let i = v.layerInstance!
            if let f = i.type.functions[name].flatMap({ overload($0, args) }) { return try invoke(FunctionRef(decl: f, receiver: base, type: i.type), args, scope) }
        case let .view(v), let .layer(v):
            let isLayer: Bool
            if case .layer = base { isLayer = true } else { isLayer = false }
            switch sig {
            case "addSubview(_:)", "addSublayer(_:)":
                try insert(try view(try arg(args, nil, scope, hint: nil), node, "the subview"), into: v, at: nil, node)
                return .void
            case "insertSubview(_:at:)", "insertSublayer(_:at:)":
                let child = try view(try arg(args, nil, scope, hint: nil), node, "the subview")
                let i = try integer(try num(args, "at", scope), node)
                try insert(child, into: v, at: visibleIndex(v, i), node)
                return .void
            case "insertSubview(_:aboveSubview:)", "insertSubview(_:belowSubview:)":
                let child = try view(try arg(args, nil, scope, hint: nil), node, "the subview")
                let label = args.labels[1]
                let sibling = try view(try arg(args, label, scope, hint: nil), node, "the sibling")
                if child.superview === v, let i = v.subviews.firstIndex(where: { $0 === child }) { v.subviews.remove(at: i) }
                guard let j = v.subviews.firstIndex(where: { $0 === sibling }) else {
                    // UIKit does not say; AppKit's addSubview(_:positioned:relativeTo:) documents
                    // that a view positioned relative to a non-sibling goes below (or above) all
                    // its new siblings, and Segue does the same, with a warning.
                    let p = program.place(of: node)
                    codeWarnings.append(SwiftImportError(.invalidValue, file: p.file, line: p.line, column: p.column,
                                                         "'\(sibling.id)' is not a subview of '\(v.id)' yet: UIKit does not document where '\(child.id)' goes; Segue puts it \(label == "aboveSubview" ? "above" : "below") all of \(v.id)'s subviews, as AppKit documents for views",
                                                         hint: "add the sibling first, or use addSubview(_:) or insertSubview(_:at:)"))
                    try insert(child, into: v, at: label == "aboveSubview" ? v.subviews.count : firstInside(v), node)
                    return .void
                }
                try insert(child, into: v, at: label == "aboveSubview" ? j + 1 : j, node)
                return .void
            case "bringSubviewToFront(_:)", "sendSubviewToBack(_:)":
                let child = try view(try arg(args, nil, scope, hint: nil), node, "the subview")
                guard child.superview === v else { throw fail(.invalidValue, node, "'\(child.id)' is not a subview of '\(v.id)'") }
                // Already there: nothing moves.
                let shown = v.subviews.filter(\.attached)
                if (name == "bringSubviewToFront" ? shown.last : shown.dropFirst(firstInside(v)).first) === child { return .void }
                if now > 0 { throw fail(.unsupported, node, "reordering views after the transition started is not supported", hint: "order the views before the animations start") }
                try insert(child, into: v, at: name == "bringSubviewToFront" ? v.subviews.count : firstInside(v), node)
                return .void
            case "removeFromSuperview()", "removeFromSuperlayer()":
                v.attached = false
                try updateVisibility(v, node)
                return .void
            case "snapshotView(afterScreenUpdates:)", "resizableSnapshotView(from:afterScreenUpdates:withCapInsets:)":
                // resizableSnapshotView(from: rect, …) is an image of that region of the view.
                var region = Rect(origin: .zero, size: v.size)
                if name == "resizableSnapshotView" {
                    region = try rect(try arg(args, "from", scope, hint: "CGRect"), node, "from")
                    guard v.screen != nil else {
                        throw fail(.unsupported, node, "resizableSnapshotView of '\(v.id)', which is not a screen's view, is not supported",
                                   hint: "snapshot a region of a view controller's view")
                    }
                }
                let snap = newView(frame: Rect(origin: .zero, size: region.size), origin: "snapshotView of \(v.id)")
                snap.screen = v.screen
                if v.screen != nil {
                    snap.snapshotSize = region.size
                    if region != Rect(origin: .zero, size: v.size) { snap.snapshotRegion = region; snap.snapshotSourceSize = v.size }
                }
                if let c = v.model[.backgroundColor] { snap.model[.backgroundColor] = c; snap.initial[.backgroundColor] = c }
                // A snapshot of an image view, or of a layer of the scene, is an image of what it shows.
                if v.screen == nil, case let .image(i) = image(of: v) {
                    snap.image = i
                    snap.contentMode = v.image == nil ? "scaleToFill" : v.contentMode
                    if v.boundLayer != nil { return .view(snap) }
                }
                if v.screen == nil, v.subviews.contains(where: \.attached) {
                    throw fail(.unsupported, node, "a snapshot of '\(v.id)', which has subviews, is not supported",
                               hint: "snapshot a screen's view (a view controller's view) or a view without subviews")
                }
                return .view(snap)
            case "addTarget(_:action:for:)", "removeTarget(_:action:for:)":
                // Touch handling: nothing in a transition's frames.
                return .void
            case "layoutIfNeeded()" where !isLayer:
                try layoutPass(node)
                return .void
            case "isDescendant(of:)" where !isLayer:
                let other = try view(try arg(args, "of", scope, hint: nil), node, "the view")
                return .bool(v === other || (v.superview != nil && v.isDescendant(of: other)))
            case "setNeedsDisplay()":
                // The layer redraws (its class's display()) at the end of the run-loop turn.
                v.needsDisplay = true
                return .void
            case let s where s.hasPrefix("observe(_:") && !isLayer:
                return try observe(v, args, scope, node)
            case "presentation()" where isLayer && drawingLayer:
                // Inside the layer class's display() or action(forKey:), which the importer runs
                // at the values being drawn: no presentation layer, so the code falls back on the
                // model value, which is that value.
                return Value.none
            case "layoutIfNeeded()", "setNeedsLayout()", "layoutSubviews()", "removeGestureRecognizer(_:)",
                 "setNeedsDisplay(_:)", "sizeToFit()", "endEditing(_:)":
                return .void
            case "convert(_:from:)", "convert(_:to:)":
                let value = try arg(args, nil, scope, hint: nil)
                let otherValue = try arg(args, args.labels[1], scope, hint: nil)
                let other: ViewObject?
                if case .none = otherValue { other = nil } else { other = try view(otherValue, node, "the other view") }
                let toWindow = try windowOffset(v, node)
                let otherWindow = try other.map { o throws(SwiftImportError) in try windowOffset(o, node) } ?? .zero
                let (fromOffset, toOffset) = args.labels[1] == "from" ? (otherWindow, toWindow) : (toWindow, otherWindow)
                let dx = fromOffset.x - toOffset.x, dy = fromOffset.y - toOffset.y
                switch value {
                case let .rect(r): return .rect(Rect(x: r.minX + dx, y: r.minY + dy, width: r.width, height: r.height))
                case let .point(p): return .point(Point(x: p.x + dx, y: p.y + dy))
                default: throw fail(.invalidValue, node, "convert takes a CGRect or a CGPoint")
                }
            case "add(_:forKey:)" where isLayer:
                let a = try arg(args, nil, scope, hint: nil)
                guard case let .caAnimation(anim) = a else { throw fail(.invalidValue, node, "expected a CAAnimation") }
                try addCAAnimation(anim, to: v, node)
                return .void
            case "addGestureRecognizer(_:)", "removeGestureRecognizer(_:)":
                guard case let .gesture(g) = try arg(args, nil, scope, hint: nil) else { throw fail(.invalidValue, node, "expected a gesture recognizer") }
                if name == "addGestureRecognizer" { g.view = v }
                return .void
            case "removeAllAnimations()" where isLayer, "removeAnimation(forKey:)" where isLayer:
                throw unsupportedCall(sig, node, hint: "let animations run to their end; remove them with isRemovedOnCompletion")
            default: break
            }
        case let .rect(r):
            switch sig {
            case "insetBy(dx:dy:)":
                let dx = try num(args, "dx", scope), dy = try num(args, "dy", scope)
                return .rect(Rect(x: r.minX + dx, y: r.minY + dy, width: max(r.width - 2 * dx, 0), height: max(r.height - 2 * dy, 0)))
            case "offsetBy(dx:dy:)":
                return .rect(Rect(x: r.minX + (try num(args, "dx", scope)), y: r.minY + (try num(args, "dy", scope)), width: r.width, height: r.height))
            case "applying(_:)":
                let t = try affine(try arg(args, nil, scope, hint: nil), node, "applying").matrix
                let corners = [(r.minX, r.minY), (r.minX + r.width, r.minY), (r.minX, r.minY + r.height), (r.minX + r.width, r.minY + r.height)].map { c in
                    (c.0 * t.m11 + c.1 * t.m21 + t.m41, c.0 * t.m12 + c.1 * t.m22 + t.m42)
                }
                let xs = corners.map(\.0), ys = corners.map(\.1)
                return .rect(Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!))
            default: break
            }
        case let .affine(t):
            switch sig {
            case "concatenating(_:)": return .affine(.concat(t, try affine(try arg(args, nil, scope, hint: nil), node, "concatenating")))
            case "scaledBy(x:y:)": return .affine(t.appending(.scale(try num(args, "x", scope), try num(args, "y", scope), 1)))
            case "translatedBy(x:y:)": return .affine(t.appending(.translate(try num(args, "x", scope), try num(args, "y", scope), 0)))
            case "rotated(by:)": return .affine(t.appending(.rotate(try num(args, "by", scope), 0, 0, 1)))
            default: break
            }
        case let .color(c):
            if sig == "withAlphaComponent(_:)" {
                var out = c
                out.a = try num(args, nil, scope)
                out.name = nil
                return .color(out)
            }
        case let .object(instance):
            if let f = instance.type.functions[name].flatMap { overload($0, args) } { return try invoke(FunctionRef(decl: f, receiver: base, type: instance.type), args, scope) }
            if isInteractionController(base), let v = try interactiveMethod(sig, args, scope, node) { return v }
            // A stored closure called like a method: `self.completion()`.
            if instance.type.properties[name] != nil {
                let stored = try readProperty(instance, name, node)
                switch stored {
                case .closure, .function:
                    var values: [Value] = []
                    for item in args.items { values.append(try eval(item.expr, scope)) }
                    return try invokeClosure(stored, values, node)
                case .none: return .none   // an optional closure that is nil: `completion?()`
                default: break
                }
            }
        case let .gesture(g):
            return try gestureMethod(g, sig, args, scope, node)
        case let .path(p):
            if let v = try pathMethod(p, sig, args, scope, node) { return v }
        case let .anchor(v, attribute):
            return try anchorMethod(v, attribute, sig, args, scope, node)
        case .double, .int:
            let d = try double(base, node, "the number")
            switch sig {
            case "truncatingRemainder(dividingBy:)": return .double(d.truncatingRemainder(dividingBy: try num(args, "dividingBy", scope)))
            case "remainder(dividingBy:)": return .double(d.remainder(dividingBy: try num(args, "dividingBy", scope)))
            case "rounded()": return .double(d.rounded())
            case "squareRoot()": return .double(d.squareRoot())
            // Strideable: the distance to another value (b - a), the value moved by a distance (a + n).
            case "distance(to:)", "advanced(by:)":
                let other = try arg(args, sig == "distance(to:)" ? "to" : "by", scope, hint: base.typeDescription == "Int" ? "Int" : "Double")
                let o = try double(other, node, sig)
                let r = sig == "distance(to:)" ? o - d : d + o
                if case .int = base, case .int = other { return .int(Int(r)) }
                return .double(r)
            default: break
            }
        case let .viewController(c):
            // A method of the app's view controller, given under the screen's name for every call.
            if let bound = bindings[c.screen + "." + name + "()"] {
                if case .nothing = bound { return .void }
                return try value(of: bound, node, scope: scope)
            }
            // Appearance and containment callbacks: UIKit's bookkeeping, nothing on screen.
            if Self.lifecycleCalls.contains(sig) { return .void }
            // The handler starts the transition; the scene already evaluated the animator it runs.
            if let state = interactive, ["dismiss(animated:completion:)", "dismiss(animated:)", "present(_:animated:completion:)", "present(_:animated:)",
                                         "popViewController(animated:)", "pushViewController(_:animated:)"].contains(sig) {
                // A controller that drives itself begins the transition here, as UIKit does.
                if state.driven, state.event != nil { try state.start?() }
                return .void
            }
        case let .propertyAnimator(p): return try propertyAnimatorMethod(p, sig, args, scope, node)
        case let .array(items):
            if sig == "forEach(_:)" || sig == "forEach()" {
                let f = try arg(args, args.items.first?.label, scope, hint: nil)
                for item in items { _ = try invokeClosure(f, [item], node) }
                return .void
            }
            if sig == "map(_:)" || sig == "map()" {
                let f = try arg(args, args.items.first?.label, scope, hint: nil)
                var out: [Value] = []
                for item in items { out.append(try invokeClosure(f, [item], node)) }
                return .array(out)
            }
            if sig == "compactMap(_:)" || sig == "compactMap()" {
                let f = try arg(args, args.items.first?.label, scope, hint: nil)
                var out: [Value] = []
                for item in items {
                    let v = try invokeClosure(f, [item], node)
                    if case .none = v { continue }
                    out.append(v)
                }
                return .array(out)
            }
            if sig == "contains(_:)" {
                let wanted = try eval(args.items[0].expr, scope)
                for item in items where try equal(item, wanted, node) { return .bool(true) }
                return .bool(false)
            }
            if sig == "filter(_:)" || sig == "filter()" || sig == "first(where:)" || sig == "contains(where:)" {
                let f = try arg(args, args.items.first?.label, scope, hint: nil)
                var out: [Value] = []
                for item in items where try truth(try invokeClosure(f, [item], node), node) {
                    if sig == "first(where:)" { return item }
                    if sig == "contains(where:)" { return .bool(true) }
                    out.append(item)
                }
                if sig == "first(where:)" { return .none }
                if sig == "contains(where:)" { return .bool(false) }
                return .array(out)
            }
            if sig == "reversed()" { return .array(items.reversed()) }
            if sig == "enumerated()" { return .array(items.enumerated().map { .array([.int($0.offset), $0.element]) }) }
            if sig == "reduce(_:_:)" {
                var acc = try arg(args, nil, scope, hint: nil)
                let f = try eval(args.items[1].expr, scope)
                for item in items { acc = try invokeClosure(f, [acc, item], node) }
                return acc
            }
        case .typeName: break
        default: break
        }
        // A helper an extension of the file adds to this type.
        if let type = program.types[receiverTypeName(base, member: name)], let f = type.functions[name].flatMap { overload($0, args) } {
            return try invoke(FunctionRef(decl: f, receiver: base, type: type), args, scope)
        }
        // The scene's screens are plain view controllers that adopt the module's protocols:
        // a requirement they do not implement runs the protocol extension's default.
        if case .viewController = base, let (type, f) = protocolDefault(name, args) {
            return try invoke(FunctionRef(decl: f, receiver: base, type: type), args, scope)
        }
        // The app's own method (a protocol requirement its view controllers implement): a
        // placeholder of the type the protocol declares.
        if case .viewController = base, let declared = program.requirementTypes[name + "()"] {
            let value = Self.isStatement(Syntax(node)) || declared == "Void" ? "null" : Self.placeholder(forType: declared)
            var error = unsupportedCall(sig, node, hint: supportedMembersHint(base) + "; or " + bindHint(node, example: value) + " (the code expects a \(declared))")
            error.bind?.value = value
            error.bind?.swiftType = declared
            throw error
        }
        throw unsupportedCall(sig, node, hint: supportedMembersHint(base) + "; or " + bindHint(node))
    }

    /// The default implementation a protocol extension of the module gives for this call.
    func protocolDefault(_ name: String, _ args: Arguments) -> (TypeDecl, FunctionDeclSyntax)? {
        for typeName in program.typeOrder {
            guard let t = program.types[typeName], t.isProtocolExtension, let fs = t.functions[name], let f = overload(fs, args) else { continue }
            let params = f.signature.parameterClause.parameters.filter { $0.defaultValue == nil }
            if params.count <= args.labels.count { return (t, f) }
        }
        return nil
    }

    /// The protocol extension of the module that gives this property a default (computed) value.
    func protocolDefaultProperty(_ name: String) -> TypeDecl? {
        program.typeOrder.lazy.compactMap { self.program.types[$0] }
            .first { $0.isProtocolExtension && $0.properties[name]?.binding.accessorBlock != nil }
    }

    /// View-controller calls that tell UIKit about appearance and containment. They change
    /// nothing Segue draws (a screen's view is on screen when it is in the container).
    static let viewControllerSettingsWithoutEffect: Set<String> = [
        "modalPresentationCapturesStatusBarAppearance", "modalPresentationStyle", "modalTransitionStyle", "transitioningDelegate",
        "definesPresentationContext", "providesPresentationContextTransitionStyle",
    ]

    static let lifecycleCalls: Set<String> = [
        "beginAppearanceTransition(_:animated:)", "endAppearanceTransition()", "removeFromParent()", "willMove(toParent:)",
        "didMove(toParent:)", "addChild(_:)", "viewWillAppear(_:)", "viewDidAppear(_:)", "viewWillDisappear(_:)", "viewDidDisappear(_:)",
        "setNeedsStatusBarAppearanceUpdate()", "loadViewIfNeeded()", "setNeedsUpdateOfHomeIndicatorAutoHidden()",
    ]

    /// true for the from side of a transition context key.
    func side(_ key: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Bool {
        if case let .enumCase(n, _) = key, n == "from" || n == "to" { return n == "from" }
        throw fail(.invalidValue, node, "expected .from or .to as the key")
    }

    /// Position of a view's bounds origin in the container's (window's) coordinates.
    /// Where the view's bounds origin lies in the container. `layout`: as Auto Layout sees it,
    /// which ignores transforms (it lays out centers and bounds).
    func windowOffset(_ v: ViewObject, _ node: some SyntaxProtocol, layout: Bool = false) throws(SwiftImportError) -> Point {
        var x = 0.0, y = 0.0
        var current: ViewObject? = v
        while let c = current, c !== container {
            if !layout, !c.transform.isIdentity {
                throw fail(.invalidValue, node, "convert(_:from:/to:) through '\(c.id)', whose transform is not the identity, is not supported",
                           hint: "convert before transforming the view")
            }
            let f = c.frame
            var origin = Point.zero
            if case let .point(o)? = c.model[.boundsOrigin] { origin = o }
            x += f.minX - origin.x; y += f.minY - origin.y
            current = c.superview
        }
        return Point(x: x, y: y)
    }

    /// In a presentation the presenter's view is in the window under the container, not in it;
    /// Segue draws it as the container's first subviews, which nothing the code inserts goes under.
    func firstInside(_ parent: ViewObject) -> Int {
        guard parent === container, kind.operation == .present || kind.operation == .dismiss, kind.presentationStyle != .fullScreen else { return 0 }
        let presenter = kind.operation == .present ? fromController.view : toController.view
        return parent.subviews.prefix { $0 === presenter }.count
    }

    func visibleIndex(_ parent: ViewObject, _ index: Int) -> Int {
        // `at:` counts the subviews in the tree now; removed views stay in `subviews`, hidden.
        var seen = 0
        for (i, s) in parent.subviews.enumerated().dropFirst(firstInside(parent)) where s.attached {
            if seen == index { return i }
            seen += 1
        }
        return parent.subviews.count
    }

    // MARK: - Assignment

    func assign(_ target: ExprSyntax, _ value: Value, _ scope: Scope) throws(SwiftImportError) {
        // `_ = f()`: the value is evaluated and dropped.
        if target.is(DiscardAssignmentExprSyntax.self) { return }
        if let r = target.as(DeclReferenceExprSyntax.self) {
            let name = r.baseName.text
            if let owner = scope.owner(of: name) { owner.names[name] = value; self.name(value, name); return }
            if let instance = instanceOf(scope.selfValue), instance.type.properties[name] != nil {
                try store(instance, name, value, r)
                return
            }
            if isInteractionController(scope.selfValue), try setInteractiveProperty(name, value, target) { return }
            if case let .view(v)? = scope.selfValue { return try writeView(v, name, layer: false, value, target) }
            if case let .layer(v)? = scope.selfValue { return try writeView(v, name, layer: true, value, target) }
            if case let .caAnimation(a)? = scope.selfValue { return try setCAProperty(a, name, value, target, scope) }
            if program.globals[name] != nil { globalValues[name] = value; return }
            throw fail(.unknownIdentifier, r, "cannot assign to '\(name)': it is not declared", hint: "declare it with var \(name) = …")
        }
        if let t = target.as(TupleExprSyntax.self), t.elements.count == 1 { return try assign(t.elements.first!.expression, value, scope) }
        if let o = target.as(OptionalChainingExprSyntax.self) { return try assign(o.expression, value, scope) }
        if let f = target.as(ForceUnwrapExprSyntax.self) { return try assign(f.expression, value, scope) }
        guard let m = target.as(MemberAccessExprSyntax.self), let baseExpr = m.base else {
            throw fail(.unsupported, target, "assigning to '\(target.trimmedDescription)' is not supported")
        }
        let name = m.declName.baseName.text
        let base = try eval(baseExpr, scope)
        if case .none = base, Self.isOptionalChain(baseExpr) { return }
        switch base {
        case let .view(v) where v.instance?.type.properties[name] != nil && !isUIKitOverride(v.instance!.type, name): try store(v.instance!, name, value, m)
        case let .layer(v) where v.layerInstance?.type.properties[name] != nil && !isUIKitOverride(v.layerInstance!.type, name):
            try store(v.layerInstance!, name, value, m)
        case let .view(v): try writeView(v, name, layer: false, value, target)
        case let .layer(v): try writeView(v, name, layer: true, value, target)
        case let .object(instance):
            if instance.type.properties[name] == nil, isInteractionController(base), try setInteractiveProperty(name, value, target) { return }
            guard instance.type.properties[name] != nil else { throw fail(.unknownIdentifier, m, "\(instance.type.name) has no property '\(name)'") }
            try store(instance, name, value, m)
        case let .caAnimation(a): try setCAProperty(a, name, value, target, scope)
        case let .constraint(c): try setConstraintMember(c, name, value, target)
        case let .gesture(g):
            // How the recognizer is set up changes nothing for a scripted finger.
            guard ["edges", "maximumNumberOfTouches", "minimumNumberOfTouches", "delegate", "cancelsTouchesInView", "isEnabled", "delaysTouchesBegan"].contains(name) else {
                throw fail(.unsupported, m, "setting '\(name)' of \(g.className) is not supported")
            }
        case let .propertyAnimator(p):
            switch name {
            case "scrubsLinearly": p.scrubsLinearly = try bool(value, target, name)
            case "isInterruptible": p.isInterruptible = try bool(value, target, name)
            // Whether touches reach the animated views, or how they are hit-tested: no touches
            // reach a rendered transition.
            case "isUserInteractionEnabled", "isManualHitTestingEnabled": _ = try bool(value, target, name)
            default:
                throw fail(.unsupported, m, "setting '\(name)' of UIViewPropertyAnimator is not supported",
                           hint: "settable: scrubsLinearly, isInterruptible, isUserInteractionEnabled, isManualHitTestingEnabled; give the timing in its initializer (duration \(Recorder.format(p.duration)) s)")
            }
        case let .viewController(c) where c.instance?.type.properties[name] != nil:
            try store(c.instance!, name, value, m)
        case let .viewController(c) where Self.viewControllerSettingsWithoutEffect.contains(name):
            // Status-bar and presentation settings: Segue draws no status bar, and the transition
            // being played is already chosen.
            _ = c
        case let .viewController(c):
            throw fail(.unsupported, m, "setting '\(name)' of a view controller is not supported", hint: "animate \(c.screen)'s view: vc.view.…")
        default:
            // A value type: build the changed value, then store it back where it came from.
            let changed = try withMember(base, name, value, m)
            try assign(baseExpr, changed, scope)
        }
    }

    /// Sets a stored property, running its `willSet` and `didSet` observers as Swift does
    /// (`newValue` and `oldValue` visible in them).
    func store(_ instance: Instance, _ name: String, _ value: Value, _ node: some SyntaxProtocol, viaAction: Bool = false) throws(SwiftImportError) {
        // Inside its own observer, Swift sets the property directly: no observer runs again.
        let direct = observing.contains { $0.instance == ObjectIdentifier(instance) && $0.name == name && Self.isInside(Syntax(node), $0.accessor) }
        // UIKit's property, overridden to observe it: UIKit stores it, then the observers run.
        if let v = instance.view, isUIKitOverride(instance.type, name) {
            let observers = direct ? [:] : Self.observers(of: instance.type.properties[name]?.binding)
            let old = try? readView(v, name, layer: instance.isLayer, node)
            if let willSet = observers["willSet"] { try runAccessor(willSet, instance, name, value, "newValue", node) }
            try writeView(v, name, layer: instance.isLayer, value, node, observed: false)
            if let didSet = observers["didSet"] { try runAccessor(didSet, instance, name, old ?? Value.none, "oldValue", node) }
            return
        }
        if !viaAction, try storeLayerProperty(instance, name, value, node) { return }
        // A property the layer redraws for (`needsDisplay(forKey:)`): display() at the turn's end.
        if instance.isLayer, let v = instance.view, try needsDisplay(instance.type, forKey: name) { v.needsDisplay = true }
        // A computed property's setter runs with the value as `newValue` (or its own name).
        if case let .accessors(list)? = instance.type.properties[name]?.binding.accessorBlock?.accessors,
           let setter = list.first(where: { $0.accessorSpecifier.text == "set" }) {
            try runAccessor(setter, instance, name, value, "newValue", node)
            return
        }
        let observers = direct ? [:] : Self.observers(of: instance.type.properties[name]?.binding)
        let old = observers.isEmpty ? nil : (instance.stored[name] ?? (try? readProperty(instance, name, node)))
        if let willSet = observers["willSet"] { try runAccessor(willSet, instance, name, value, "newValue", node) }
        instance.stored[name] = value
        self.name(value, name)
        if let didSet = observers["didSet"] { try runAccessor(didSet, instance, name, old ?? Value.none, "oldValue", node) }
    }

    /// Runs a setter or an observer of `name` as one more call level, its parameter (`newValue`,
    /// `oldValue` or the name it gives) set to `value`.
    private func runAccessor(_ accessor: AccessorDeclSyntax, _ instance: Instance, _ name: String, _ value: Value, _ parameter: String,
                             _ node: some SyntaxProtocol) throws(SwiftImportError) {
        guard let b = accessor.body else { return }
        let kind = accessor.accessorSpecifier.text
        let scope = Scope(parent: nil, selfValue: selfOf(instance))
        scope.names[accessor.parameters?.name.text ?? parameter] = value
        let observer = kind == "willSet" || kind == "didSet"
        if observer { observing.append((ObjectIdentifier(instance), name, accessor.id)) }
        defer { if observer { observing.removeLast() } }
        _ = try enterCall(node, "this set of '\(name)' (its \(kind))") { () throws(SwiftImportError) -> Flow in try run(b.statements, scope) }
    }

    /// `node` is written inside the declaration `id` (its ancestors include it).
    static func isInside(_ node: Syntax, _ id: SyntaxIdentifier) -> Bool {
        var p: Syntax? = node
        while let c = p { if c.id == id { return true }; p = c.parent }
        return false
    }

    /// A stored property's `willSet` / `didSet`, by name; empty for a plain or computed property.
    static func observers(of binding: PatternBindingSyntax?) -> [String: AccessorDeclSyntax] {
        guard case let .accessors(list)? = binding?.accessorBlock?.accessors else { return [:] }
        var out: [String: AccessorDeclSyntax] = [:]
        for a in list where ["willSet", "didSet"].contains(a.accessorSpecifier.text) { out[a.accessorSpecifier.text] = a }
        return out.count == list.count ? out : [:]
    }

    func withMember(_ base: Value, _ name: String, _ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        switch base {
        case var .rect(r):
            switch name {
            case "origin": r.origin = try point(value, node, name)
            case "size": r.size = try size(value, node, name)
            default: throw fail(.unsupported, node, "setting CGRect.\(name) is not supported", hint: "set origin or size, or make a new CGRect")
            }
            return .rect(r)
        case var .point(p):
            if name == "x" { p.x = try double(value, node, name) } else if name == "y" { p.y = try double(value, node, name) } else { break }
            return .point(p)
        case var .size(s):
            if name == "width" { s.width = try double(value, node, name) } else if name == "height" { s.height = try double(value, node, name) } else { break }
            return .size(s)
        case let .transform(t):
            guard Self.matrixComponent(t.matrix, name) != nil else { break }
            var row = t.matrix.rowMajor
            let i = name.index(after: name.startIndex)
            row[(Int(String(name[i]))! - 1) * 4 + Int(String(name[name.index(after: i)]))! - 1] = try double(value, node, name)
            return .transform(TransformValue(matrix: Transform3D(rowMajor: row)))
        default: break
        }
        throw fail(.unsupported, node, "setting '\(name)' of \(base.typeDescription) is not supported")
    }
}
