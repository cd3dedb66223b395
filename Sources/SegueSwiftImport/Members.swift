// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import SwiftSyntax
import Yams

/// An open CATransaction.
final class Transaction {
    var duration: Double?
    var timing: TimingValue?
    var completion: Value?
    var end = 0.0
}

extension Evaluator {
    // MARK: - Member access

    func member(_ m: MemberAccessExprSyntax, _ scope: Scope, hint: String?) throws(SwiftImportError) -> Value {
        let name = m.declName.baseName.text
        guard let baseExpr = m.base else {
            // An implicit member: `.pi`, `.identity`, `.from`, `.calculationModeCubic`, `.red`.
            if name == "pi" { return .double(.pi) }
            let typeHint = hint.map { $0.hasSuffix("?") || $0.hasSuffix("!") ? String($0.dropLast()) : $0 }
            if let h = typeHint, ["CGRect", "CGPoint", "CGSize", "CGAffineTransform", "CATransform3D", "UIColor"].contains(h),
               let v = try? staticMember(h, name, m) { return v }
            // A static member of the class or struct the context expects: `var style: Style = .slide`.
            if let h = typeHint, let t = program.types[h], !t.isEnum, t.properties[name]?.isStatic == true { return try staticProperty(t, name, m) }
            if let h = typeHint, let t = program.types[h], t.isEnum {
                guard t.enumCases.contains(name) else { throw fail(.unknownIdentifier, m, "\(h) has no case '\(name)'") }
            }
            return .enumCase(name, [])
        }
        let base = try eval(baseExpr, scope)
        if case .none = base, Self.isOptionalChain(baseExpr) { return .none }
        return try member(of: base, name, m, scope: scope)
    }

    func member(of base: Value, _ name: String, _ m: some SyntaxProtocol, scope: Scope) throws(SwiftImportError) -> Value {
        switch base {
        // `CornerLayer.self`: the class itself (a view's layerClass).
        case .typeName where name == "self": return base
        case let .typeName(type): return try staticMember(type, name, m)
        case let .rect(r):
            switch name {
            case "origin": return .point(r.origin)
            case "size": return .size(r.size)
            case "width": return .double(r.width)
            case "height": return .double(r.height)
            case "minX": return .double(r.minX)
            case "minY": return .double(r.minY)
            case "midX": return .double(r.minX + r.width / 2)
            case "midY": return .double(r.minY + r.height / 2)
            case "maxX": return .double(r.minX + r.width)
            case "maxY": return .double(r.minY + r.height)
            case "isEmpty": return .bool(r.width == 0 || r.height == 0)
            default: break
            }
        case let .point(p):
            if name == "x" { return .double(p.x) }
            if name == "y" { return .double(p.y) }
            // A pair given in the scene as [a, b] may stand for a CGSize the code reads.
            if name == "width" { return .double(p.x) }
            if name == "height" { return .double(p.y) }
        case let .size(s):
            if name == "width" { return .double(s.width) }
            if name == "height" { return .double(s.height) }
        case let .transform(t):
            if let v = Self.matrixComponent(t.matrix, name) { return .double(v) }
            if name == "isIdentity" { return .bool(t.isIdentity) }
        case let .affine(t):
            let m3 = t.matrix
            switch name {
            case "a": return .double(m3.m11)
            case "b": return .double(m3.m12)
            case "c": return .double(m3.m21)
            case "d": return .double(m3.m22)
            case "tx": return .double(m3.m41)
            case "ty": return .double(m3.m42)
            case "isIdentity": return .bool(t.isIdentity)
            default: break
            }
        case let .color(c):
            if name == "cgColor" || name == "CGColor" { return .color(c) }
        case let .view(v):
            if let i = v.instance {
                if i.type.properties[name] != nil, !isUIKitOverride(i.type, name) { return try readProperty(i, name, m) }
                if let f = i.type.functions[name]?.first { return .function(FunctionRef(decl: f, receiver: base, type: i.type)) }
            }
            // A view given with bind: may be an image view: the scene cannot say which.
            for typeName in ["UIView", "UIImageView"] where typeName == "UIView" || v.isImageView || v.boundLayer != nil {
                if let type = program.types[typeName], type.properties[name] != nil { return try extensionProperty(type, name, base, m) }
            }
            return try readView(v, name, layer: false, m)
        case let .layer(v):
            if let i = v.layerInstance {
                if i.type.properties[name] != nil, !isUIKitOverride(i.type, name) { return try readProperty(i, name, m) }
                if let f = i.type.functions[name]?.first { return .function(FunctionRef(decl: f, receiver: base, type: i.type)) }
            }
            if let type = program.types["CALayer"], type.properties[name] != nil { return try extensionProperty(type, name, base, m) }
            return try readView(v, name, layer: true, m)
        case let .viewController(c):
            if let i = c.instance {
                if i.type.properties[name] != nil { return try readProperty(i, name, m) }
                if let f = i.type.functions[name]?.first { return .function(FunctionRef(decl: f, receiver: base, type: i.type)) }
            }
            if let v = try screenMember(c, name, m, scope) { return v }
            // The app's own property (a protocol requirement its view controllers implement):
            // a placeholder of the type the protocol declares.
            let declared = program.requirementTypes[name]
            let example = declared.map(Self.placeholder(forType:))
                ?? (Self.isCollectionName(name) ? (name.lowercased().hasSuffix("controllers") ? "[{screen: \(c.screen)}]" : "[]")
                    : name.lowercased().hasSuffix("controller") || name.hasSuffix("VC") ? "{screen: \(c.screen)}" : "{layer: \(c.screen)-1}")
            var error = fail(.unknownIdentifier, m, "'\(name)' of a view controller is not known to the importer: the scene's screens are plain view controllers",
                             hint: bindHint(m, example: example) + (declared.map { " (the code expects a \($0))" } ?? "")
                                 + "; or under the screen's name for every path to it: {\"\(c.screen).\(name)\": \(example)}")
            if let declared { error.bind?.value = example; error.bind?.swiftType = declared }
            throw error
        case .context:
            switch name {
            case "containerView": return .view(container)
            case "isAnimated": return .bool(true)
            case "isInteractive": return .bool(isInteractiveTransition)
            case "transitionWasCancelled": return .bool(interactive?.decision.map { !$0.finish } ?? false)
            case "presentationStyle": return .enumCase("fullScreen", [])
            default: break
            }
        case .enumCase("application", _):
            switch name {
            // The transition's container fills the window at (0, 0): the window is drawn as it.
            case "keyWindow": return .view(container)
            case "windows": return .array([.view(container)])
            case "statusBarFrame": return .rect(Rect(x: 0, y: 0, width: canvas.width, height: deviceSafeArea.top))
            case "isStatusBarHidden": return .bool(false)
            case "applicationState": return .enumCase("active", [])
            case "userInterfaceLayoutDirection": return .enumCase("leftToRight", [])
            case "statusBarOrientation": return .enumCase("portrait", [])
            default: throw fail(.unsupported, m, "'\(name)' of UIApplication is not supported", hint: "the importer knows keyWindow, windows, statusBarFrame, applicationState, userInterfaceLayoutDirection")
            }
        case .screen:
            if name == "bounds" || name == "nativeBounds" && false { return .rect(Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)) }
            // An @3x iPhone: what rasterization and pixel rounding read; the scene's own scale sets the output.
            if name == "scale" || name == "nativeScale" { return .double(3) }
        case let .object(instance):
            if instance.type.properties[name] != nil { return try readProperty(instance, name, m) }
            if let f = instance.type.functions[name]?.first { return .function(FunctionRef(decl: f, receiver: base, type: instance.type)) }
            if isInteractionController(base), let v = interactiveProperty(name) { return v }
            if isPresentationController(base), let v = try presentationProperty(name, m) { return v }
            throw fail(.unknownIdentifier, m, "\(instance.type.name) has no property '\(name)'")
        case let .gesture(g):
            return try gestureMember(g, name, m)
        case let .image(i):
            if let v = imageMember(i, name) { return v }
        case let .constraint(c):
            if let v = constraintMember(c, name) { return v }
        case let .path(p):
            if name == "cgPath" { return base }
            if name == "currentPoint", case .elements = p.form { return .point(p.currentPoint) }
            if name == "boundingBox" || name == "bounds", let box = p.box { return .rect(box) }
        case let .caAnimation(a):
            if name == "settlingDuration", a.className == "CASpringAnimation" { return .enumCase("settlingDuration", []) }
            if let v = a.properties[name] { return v }
            if name == "keyPath" { return a.keyPath.map(Value.string) ?? .none }
            // CAMediaTiming's defaults, for code that copies one animation's timing to another.
            switch name {
            case "duration", "timeOffset", "repeatCount", "repeatDuration", "beginTime": return .double(0)
            case "speed": return .double(1)
            case "autoreverses", "isAdditive": return .bool(false)
            case "isRemovedOnCompletion": return .bool(true)
            case "fillMode": return .enumCase("removed", [])
            case "timingFunction", "delegate": return Value.none
            default: break
            }
        case let .propertyAnimator(p):
            switch name {
            case "duration": return .double(p.duration)
            case "isRunning": return .bool(p.started)
            case "scrubsLinearly": return .bool(p.scrubsLinearly)
            case "isInterruptible": return .bool(p.isInterruptible)
            case "isUserInteractionEnabled": return .bool(true)
            case "isManualHitTestingEnabled", "isReversed", "pausesOnCompletion": return .bool(false)
            default: break
            }
        case let .fields(pairs):
            if let i = Int(name), pairs.indices.contains(i) { return pairs[i].1 }
            if let v = pairs.first(where: { $0.0 == name })?.1 { return v }
        case let .array(items):
            // A tuple's element by position (`pair.0`): tuples are evaluated as arrays.
            if let i = Int(name) {
                guard items.indices.contains(i) else { throw fail(.invalidValue, m, "the tuple has no element .\(i)") }
                return items[i]
            }
            if name == "count" { return .int(items.count) }
            if name == "first" { return items.first ?? .none }
            if name == "last" { return items.last ?? .none }
            if name == "isEmpty" { return .bool(items.isEmpty) }
        case let .double(d):
            if name == "isZero" { return .bool(d == 0) }
            if name == "isNaN" { return .bool(d.isNaN) }
            if name == "isFinite" { return .bool(d.isFinite) }
            if name == "isInfinite" { return .bool(d.isInfinite) }
            if name == "magnitude" { return .double(abs(d)) }
        case let .enumCase(c, _):
            if name == "rawValue" { return program.rawValue(ofCase: c) ?? .string(c) }
        case .none:
            throw fail(.invalidValue, m, "'\(m.trimmedDescription)' reads a member of nil")
        default: break
        }
        // A computed property an extension of the file adds to this type.
        if let type = program.types[receiverTypeName(base, member: name)], type.properties[name] != nil {
            return try extensionProperty(type, name, base, m)
        }
        throw fail(.unsupported, m, "'\(name)' of \(base.typeDescription) is not supported",
                   hint: supportedMembersHint(base) + "; or " + bindHint(m))
    }

    func supportedMembersHint(_ base: Value) -> String {
        switch base {
        case .view: return "UIView members the importer knows: frame, bounds, center, alpha, isHidden, transform, backgroundColor, clipsToBounds, layer, superview, subviews; UIImageView's image and contentMode"
        case .layer: return "CALayer members the importer knows: transform, sublayerTransform, anchorPoint, position, bounds, frame, cornerRadius, zPosition, opacity, masksToBounds, isDoubleSided, borderWidth, borderColor, backgroundColor, isHidden"
        case .rect: return "CGRect members: origin, size, width, height, minX, midX, maxX, minY, midY, maxY"
        case .context: return "transition context members: containerView, isAnimated, transitionWasCancelled, viewController(forKey:), view(forKey:), initialFrame(for:), finalFrame(for:), completeTransition(_:)"
        default: return "see docs/swift-import.md for the supported members"
        }
    }

    static func matrixComponent(_ m: Transform3D, _ name: String) -> Double? {
        guard name.count == 3, name.hasPrefix("m") else { return nil }
        let i = name.index(after: name.startIndex)
        guard let r = Int(String(name[i])), let c = Int(String(name[name.index(after: i)])), (1 ... 4).contains(r), (1 ... 4).contains(c) else { return nil }
        return m.rowMajor[(r - 1) * 4 + (c - 1)]
    }

    func staticMember(_ written: String, _ name: String, _ m: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        let type = Self.modernTypeName(written)
        if let t = program.types[type] {
            if t.isEnum, t.enumCases.contains(name) { return .enumCase(name, []) }
            if t.properties[name] != nil { return try staticProperty(t, name, m) }
            if let f = t.functions[name]?.first { return .function(FunctionRef(decl: f, receiver: .typeName(type), type: t)) }
        }
        // A type nested in one of the module's: declared by its own name (`Animator.Constants`).
        if program.types[type] != nil, name.first?.isUppercase == true, program.types[name] != nil { return .typeName(name) }
        // A nested type: `UIView.AnimationOptions` in `UIView.AnimationOptions.curveLinear`.
        if Self.knownTypes.contains(type + "." + name) { return .typeName(type + "." + name) }
        switch (type, name) {
        case ("DispatchQueue", "main"): return .typeName("DispatchQueue.main")
        case ("UIApplication", "shared"): return .enumCase("application", [])
        case ("UIAccessibility", _) where name.hasPrefix("is") || name.hasPrefix("prefers"):
            // The picture is the one a user with no accessibility setting turned on sees.
            return .bool(false)
        case ("NotificationCenter", "default"):
            // Observers and posts: no notification arrives during a transition, and none draws.
            return .enumCase("feedbackGenerator", [])
        case ("CGFloat", _), ("Double", _), ("Float", _), ("TimeInterval", _):
            if let d = Self.floatingConstant(name) { return .double(d) }
        case ("CGRect", "zero"): return .rect(.zero)
        case ("CGPoint", "zero"): return .point(.zero)
        case ("CGSize", "zero"): return .size(.zero)
        case ("CGAffineTransform", "identity"): return .affine(.identity)
        case ("CATransform3D", "identity"): return .transform(.identity)
        case ("UIScreen", "main"): return .screen
        case ("UIColor", _):
            if let c = Self.namedColor(name) { return .color(c) }
        case ("CAMediaTimingFunctionName", _), ("CAMediaTimingFillMode", _), ("CAAnimationCalculationMode", _),
             ("UITransitionContextViewControllerKey", _), ("UITransitionContextViewKey", _), ("UIViewAnimatingPosition", _),
             ("UIView.AnimationOptions", _), ("UIView.KeyframeAnimationOptions", _), ("UIView.AnimationCurve", _),
             ("UINavigationController.Operation", _), ("UIGestureRecognizer.State", _):
            return .enumCase(name, [])
        default: break
        }
        throw fail(.unsupported, m, "'\(type).\(name)' is not supported", hint: bindHint(m))
    }

    // MARK: - Views

    func readView(_ v: ViewObject, _ name: String, layer: Bool, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        func known(_ p: LayerProperty) throws(SwiftImportError) {
            if v.unknown.contains(p) {
                throw fail(.unsetProperty, node, "the geometry of '\(v.id)' is read but never set: the importer does not know the bound layer's frame",
                           hint: "give the frame in the binding: bind: {\"…\": {layer: \(v.id.hasPrefix(recorder.prefix) ? String(v.id.dropFirst(recorder.prefix.count)) : v.id), frame: [x, y, width, height]}}")
            }
        }
        switch name {
        case "layer" where !layer: return .layer(v)
        case "translatesAutoresizingMaskIntoConstraints" where !layer: return .bool(v.translatesMask)
        case "frame":
            try known(.position)
            if !v.transform.isIdentity {
                throw fail(.invalidValue, node, "'\(node.trimmedDescription)' reads frame while the view's transform is not the identity: UIKit documents that frame is then undefined",
                           hint: "read bounds and center instead (they do not depend on the transform)")
            }
            return .rect(v.frame)
        case "bounds":
            try known(.boundsSize)
            guard case let .point(o)? = v.model[.boundsOrigin] else { return .rect(Rect(origin: .zero, size: v.size)) }
            return .rect(Rect(origin: o, size: v.size))
        case "center" where !layer, "position" where layer:
            try known(.position)
            return .point(v.position)
        case "alpha" where !layer, "opacity" where layer: return v.model[.opacity] ?? .double(1)
        case "isHidden": return .bool(v.userHidden)
        case "safeAreaInsets" where !layer: return safeAreaInsets(of: v)
        case "window" where !layer: return isInWindow(v) ? .view(container) : .none
        case "rootViewController" where v === container:
            // The window's root: the controller at the bottom of the presentation, the presenter.
            return .viewController(kind.operation == .dismiss ? toController : fromController)
        case "transform": return layer ? .transform(v.transform) : .affine(v.transform)
        case "sublayerTransform" where layer: return v.model[.sublayerTransform] ?? .transform(.identity)
        case "anchorPoint" where layer: return .point(v.anchor)
        case "backgroundColor": return v.model[.backgroundColor] ?? .none
        case "clipsToBounds" where !layer, "masksToBounds" where layer: return v.model[.masksToBounds] ?? .bool(false)
        case "cornerRadius" where layer: return v.model[.cornerRadius] ?? .double(0)
        case "shadowPath" where layer: return v.model[.shadowPath] ?? .none
        case "zPosition" where layer: return v.model[.zPosition] ?? .double(0)
        case "isDoubleSided" where layer: return v.model[.doubleSided] ?? .bool(true)
        case "borderWidth" where layer: return v.model[.borderWidth] ?? .double(0)
        case "borderColor" where layer: return v.model[.borderColor] ?? .color(ColorValue(r: 0, g: 0, b: 0, a: 1, name: "black"))   // CALayer's default
        case "superview" where !layer, "superlayer" where layer: return v.superview.map { layer ? .layer($0) : .view($0) } ?? .none
        case "window" where !layer:
            // The container fills the window from its origin: its coordinates are the window's.
            return v.isDescendant(of: container) ? .view(container) : .none
        case "subviews" where !layer: return .array(v.subviews.filter(\.attached).map(Value.view))
        case "mask" where layer, "mask" where !layer: return v.maskLayer.map { layer ? .layer($0) : .view($0) } ?? .none
        default:
            if !layer, let anchor = try anchorMember(v, name, node) { return anchor }
            if !layer, let value = readImageMember(v, name) { return value }
            if layer, let value = readShape(v, name) { return value }
            if !layer, let value = readBlurMember(v, name) { return value }
        }
        throw fail(.unsupported, node, "'\(name)' of \(layer ? "CALayer" : "UIView") is not supported",
                   hint: supportedMembersHint(layer ? .layer(v) : .view(v)))
    }

    /// Sets a property of a view or its layer with UIKit's semantics: inside an animation block
    /// the property animates from its model value before the block to the new value.
    /// Sets a UIKit property of a view or layer. A layer class of the module that overrides the
    /// property to observe it hears of it, and so do the closures observing it (`observe(\.frame)`).
    func writeView(_ v: ViewObject, _ name: String, layer: Bool, _ value: Value, _ node: some SyntaxProtocol, observed: Bool = true) throws(SwiftImportError) {
        if observed, !layer, let vi = v.instance, isUIKitOverride(vi.type, name) {
            try store(vi, name, value, node)
        } else if observed, let li = v.layerInstance, isUIKitOverride(li.type, name) {
            try store(li, name, value, node)
        } else {
            try writeViewProperty(v, name, layer: layer, value, node)
        }
        if observed, !v.keyValueObservers.isEmpty { try notifyObservers(v, name, node) }
    }

    func writeViewProperty(_ v: ViewObject, _ name: String, layer: Bool, _ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        switch name {
        case "frame":
            let r = try rect(value, node, "frame")
            if !v.transform.isIdentity {
                throw fail(.invalidValue, node, "'\(node.trimmedDescription)' sets frame while the view's transform is not the identity: UIKit documents frame as undefined then",
                           hint: "set bounds and center instead, or set the frame before the transform")
            }
            try write(v, [.boundsSize: .size(r.size), .position: .point(v.position(for: r))], keyPath: "frame", value: .rect(r), node)
        case "bounds":
            let r = try rect(value, node, "bounds")
            guard case let .point(o)? = v.model[.boundsOrigin] else { return }
            try write(v, [.boundsSize: .size(r.size)], keyPath: "bounds.size", value: .size(r.size), node)
            if o != r.origin { try write(v, [.boundsOrigin: .point(r.origin)], keyPath: "bounds.origin", value: .point(r.origin), node) }
        case "center" where !layer, "position" where layer:
            let p = try point(value, node, name)
            try write(v, [.position: .point(p)], keyPath: "position", value: .point(p), node)
        case "alpha" where !layer, "opacity" where layer:
            let d = try double(value, node, name)
            try write(v, [.opacity: .double(d)], keyPath: "opacity", value: .double(d), node)
        case "translatesAutoresizingMaskIntoConstraints":
            // Kept for code that reads it back; the frames come from the constraints either way.
            v.translatesMask = try bool(value, node, name)
        case "autoresizingMask", "isUserInteractionEnabled", "isExclusiveTouch", "accessibilityViewIsModal",
             "shouldRasterize", "rasterizationScale", "contentScaleFactor", "allowsGroupOpacity":
            // Layout on rotation, touch handling and rasterization caches: nothing in a transition's frames.
            return
        case "isHidden":
            v.userHidden = try bool(value, node, "isHidden")
            try updateVisibility(v, node)
        case "transform":
            let t = layer ? try transform3D(value, node, "layer.transform") : try affine(value, node, "transform")
            try write(v, [.transform: .transform(t)], keyPath: "transform", value: .transform(t), node)
        case "sublayerTransform" where layer:
            let t = try transform3D(value, node, "sublayerTransform")
            try writeStatic(v, .sublayerTransform, .transform(t), node)
        case "anchorPoint" where layer:
            try writeStatic(v, .anchorPoint, .point(try point(value, node, "anchorPoint")), node)
        case "backgroundColor":
            let c = try color(value, node, "backgroundColor")
            try write(v, [.backgroundColor: .color(c)], keyPath: "backgroundColor", value: .color(c), node)
        case "borderColor" where layer:
            let c = try color(value, node, "borderColor")
            try write(v, [.borderColor: .color(c)], keyPath: "borderColor", value: .color(c), node)
        case "clipsToBounds" where !layer, "masksToBounds" where layer:
            try writeStatic(v, .masksToBounds, .bool(try bool(value, node, name)), node)
        case "isDoubleSided" where layer:
            try writeStatic(v, .doubleSided, .bool(try bool(value, node, name)), node)
        case "shadowOpacity" where layer, "shadowRadius" where layer:
            let p: LayerProperty = name == "shadowOpacity" ? .shadowOpacity : .shadowRadius
            let d = try double(value, node, name)
            try write(v, [p: .double(d)], keyPath: name, value: .double(d), node)
        case "shadowOffset" where layer:
            let s = try size(value, node, name)
            try write(v, [.shadowOffset: .size(s)], keyPath: name, value: .size(s), node)
        case "shadowPath" where layer:
            // A path the shadow follows instead of the layer's alpha; nil: the alpha again.
            guard case .path = value else {
                if case .none = value { try write(v, [.shadowPath: .none], keyPath: name, value: .none, node); return }
                throw fail(.invalidValue, node, "expected a CGPath for shadowPath, found \(value.typeDescription)", hint: "write UIBezierPath(roundedRect: bounds, cornerRadius: 16).cgPath")
            }
            try write(v, [.shadowPath: value], keyPath: name, value: value, node)
        case "shadowColor" where layer:
            let c = try color(value, node, name)
            try write(v, [.shadowColor: .color(c)], keyPath: name, value: .color(c), node)
        case "cornerCurve" where layer:
            guard case let .enumCase(curve, _) = value, ["continuous", "circular"].contains(curve) else {
                throw fail(.invalidValue, node, "cornerCurve is .circular or .continuous")
            }
            try writeStatic(v, .cornerCurve, .string(curve), node)
        case "cornerRadius" where layer, "zPosition" where layer, "borderWidth" where layer:
            let p: LayerProperty = name == "cornerRadius" ? .cornerRadius : name == "zPosition" ? .zPosition : .borderWidth
            let d = try double(value, node, name)
            try write(v, [p: .double(d)], keyPath: p.keyPath!, value: .double(d), node)
        case "mask":
            try setMask(v, value, node)
        default:
            if !layer, try writeImageMember(v, name, value, node) { return }
            if layer, try writeShape(v, name, value, node) { return }
            if layer, try writeGradientMember(v, name, value, node) { return }
            if !layer, try writeBlurMember(v, name, value, node) { return }
            throw fail(.unsupported, node, "setting '\(name)' of \(layer ? "CALayer" : "UIView") is not supported",
                       hint: supportedMembersHint(layer ? .layer(v) : .view(v)))
        }
    }

    /// The current animation block, if any (performWithoutAnimation hides the outer ones).
    var currentAnimation: AnimationContext? {
        // An earlier presentation, replayed before a dismissal, animates nothing.
        guard !replayingPresentation, let top = animationStack.last else { return nil }
        if case .none = top { return nil }
        return top
    }

    static let additiveKeyPaths: Set<String> = ["frame", "position", "bounds.size", "bounds.origin", "transform"]

    func write(_ v: ViewObject, _ changes: [LayerProperty: Value], keyPath: String, value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        if capturingDisplay { for (p, val) in changes { v.model[p] = val }; return }
        let props = Array(changes.keys)
        if let context = currentAnimation {
            v.autoNamed = false   // its id is in the scene's animations now
            if v.boundLayer == nil, !v.attached, !v.isDescendant(of: container) {
                // Animating a view not in the container: UIKit animates it all the same.
            }
            var before = blockOriginals.last?[ObjectIdentifier(v)] ?? [:]
            for p in props where before[p] == nil { before[p] = v.model[p] }
            if !blockOriginals.isEmpty { blockOriginals[blockOriginals.count - 1][ObjectIdentifier(v)] = before }
            let from: Value
            if keyPath == "frame" {
                var r = v.frame
                if case let .size(s)? = before[.boundsSize] { r.size = s }
                if case let .point(p)? = before[.position] {
                    r.origin = Point(x: p.x - v.anchor.x * r.width, y: p.y - v.anchor.y * r.height)
                }
                from = .rect(r)
            } else { from = before[props[0]] ?? v.model[props[0]] ?? value }
            // A property whose model value the importer does not know (a screen's background,
            // a bound layer's geometry) animates from whatever the scene's layer has.
            let fromKnown = props.allSatisfy { !v.unknown.contains($0) && v.model[$0] != nil }
            for (p, val) in changes { v.model[p] = val; v.changedLater.insert(p); v.unknown.remove(p) }
            // UIKit animates geometry additively: a block that sets a frame, centre, bounds or
            // transform to the value it already has adds nothing to the motion under way.
            if case .basic = context, fromKnown, Self.additiveKeyPaths.contains(keyPath), sameValue(from, value, keyPath: keyPath) { return }
            switch context {
            case let .basic(begin, duration, timing, extra):
                if let t = transactions.last, duration == nil {
                    _ = t
                }
                recorder.basic(layer: recorder.id(v), keyPath: keyPath, from: fromKnown ? from : nil, to: value, begin: begin,
                               duration: duration, timing: timing, extra: extra, source: program.place(of: node))
            case let .group(g):
                g.set(start: 0, duration: 1, key: recorder.id(v) + "." + keyPath, value: recorder.node(value, keyPath: keyPath),
                      source: program.place(of: node))
            case let .keyframe(g, start, duration):
                g.set(start: start, duration: duration, key: recorder.id(v) + "." + keyPath, value: recorder.node(value, keyPath: keyPath),
                      source: program.place(of: node))
            case .none: break
            }
            return
        }
        try setWithoutAnimation(v, changes, keyPath: keyPath, value: value, node)
    }

    func setWithoutAnimation(_ v: ViewObject, _ changes: [LayerProperty: Value], keyPath: String, value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        let props = Array(changes.keys)
        if now == 0, !props.contains(where: v.changedLater.contains), v.boundLayer == nil {
            for (p, val) in changes { v.model[p] = val; v.initial[p] = val; v.unknown.remove(p); v.setPlaces[p] = program.place(of: node) }
            return
        }
        if now == 0, v.boundLayer == nil {
            throw fail(.unsupported, node, "'\(node.trimmedDescription)' changes a property without animation after an animation of it was set up at the same moment",
                       hint: "set the value before the animation block, or inside it")
        }
        for (p, val) in changes { v.model[p] = val; v.changedLater.insert(p); v.unknown.remove(p) }
        v.autoNamed = false
        recorder.step(layer: recorder.id(v), keyPath: keyPath, value: value, at: now, source: program.place(of: node))
    }

    /// Properties the scene cannot animate (anchorPoint, sublayerTransform, masksToBounds,
    /// isDoubleSided): set before the animations start.
    func writeStatic(_ v: ViewObject, _ p: LayerProperty, _ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        // A layer of the scene given with bind: keeps the value as its own from the start.
        if let bound = v.boundLayer, now == 0, [.masksToBounds, .doubleSided, .cornerCurve].contains(p) {
            let key = p == .doubleSided ? "doubleSided" : p.rawValue
            let n: Node = { if case let .string(s) = value { return recorder.plain(s) }; return recorder.node(value, keyPath: key) }()
            boundOverrides[bound, default: []].removeAll { $0.0 == key }
            boundOverrides[bound, default: []].append((key, n))
            v.model[p] = value
            return
        }
        // A view made later and not yet added has shown nothing: what the code sets is how it starts.
        let unseen = !v.everAttached && !v.attachedInitially && currentAnimation == nil
        guard now == 0 || unseen, currentAnimation == nil || p == .masksToBounds || p == .doubleSided, v.boundLayer == nil else {
            throw fail(.unsupported, node, "'\(node.trimmedDescription)': \(p.rawValue) can only be set before the animations start",
                       hint: "set it in animateTransition before UIView.animate; Segue does not animate \(p.rawValue)")
        }
        if p == .anchorPoint, case let .point(a) = value {
            // CALayer keeps position when the anchor point moves, so the frame shifts.
            _ = a
        }
        v.model[p] = value
        v.initial[p] = value
        v.setPlaces[p] = program.place(of: node)
    }

    /// Hidden in the scene when hidden by the code or out of the tree.
    func updateVisibility(_ v: ViewObject, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        let hidden = v.userHidden || !v.attached
        if case .bool(hidden)? = v.model[.hidden] { return }
        if now > 0 { v.autoNamed = false }
        // A layer of the scene given with bind: is drawn from the scene's own definition, so even
        // at the start a change is recorded, as for its other properties.
        if now == 0, !v.changedLater.contains(.hidden), v.boundLayer == nil {
            v.model[.hidden] = .bool(hidden); v.initial[.hidden] = .bool(hidden)
            return
        }
        v.model[.hidden] = .bool(hidden)
        v.changedLater.insert(.hidden)
        recorder.step(layer: recorder.id(v), keyPath: "hidden", value: .bool(hidden), at: now, source: program.place(of: node))
    }

    func insert(_ child: ViewObject, into parent: ViewObject, at index: Int?, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        if parent.boundLayer != nil || child.boundLayer != nil {
            throw fail(.unsupported, node, "moving a layer given with bind: in the view tree is not supported",
                       hint: "bind a new view instead: {view: {frame: [x, y, w, h], color: \"#RRGGBB\"}}")
        }
        if child === parent || parent.isDescendant(of: child) {
            throw fail(.invalidValue, node, "a view cannot be added inside itself")
        }
        if child.place == nil { child.place = program.place(of: node) }
        if let old = child.superview, let i = old.subviews.firstIndex(where: { $0 === child }) {
            if old !== parent, now > 0 {
                throw fail(.unsupported, node, "moving a view to another superview after the transition started is not supported",
                           hint: "add it to its final superview before the animations start")
            }
            old.subviews.remove(at: i)
        }
        let position = min(max(index ?? parent.subviews.count, 0), parent.subviews.count)
        parent.subviews.insert(child, at: position)
        child.superview = parent
        child.attached = true
        child.everAttached = true
        if now > 0, index != nil || parent.subviews.last !== child {
            // Order among views present from the start is fixed in the scene.
        }
        try updateVisibility(child, node)
    }

    // MARK: - The device

    /// The portrait safe-area insets of the iPhone whose screen has the canvas's size in points
    /// (status bar or sensor housing above, home indicator below); none for other sizes.
    var deviceSafeArea: (top: Double, bottom: Double) {
        switch (canvas.width, canvas.height) {
        case (320, 568), (375, 667), (414, 736): return (20, 0)
        case (375, 812), (414, 896): return (44, 34)
        case (390, 844), (428, 926): return (47, 34)
        case (393, 852), (430, 932): return (59, 34)
        case (402, 874), (440, 956): return (62, 34)
        default: return (0, 0)
        }
    }

    func isInWindow(_ v: ViewObject) -> Bool {
        var current: ViewObject? = v
        while let c = current { if c === container { return true }; current = c.superview }
        return false
    }

    /// UIKit gives a view the part of the device's safe-area insets that overlaps it; the
    /// importer measures that for views placed directly in the container (a screen's view).
    func safeAreaInsets(of v: ViewObject) -> Value {
        var top = 0.0, bottom = 0.0
        if v === container || v.superview === container, v.transform.isIdentity {
            let frame = v === container ? Rect(x: 0, y: 0, width: canvas.width, height: canvas.height) : v.frame
            top = max(0, min(frame.height, deviceSafeArea.top - frame.minY))
            bottom = max(0, min(frame.height, frame.maxY - (canvas.height - deviceSafeArea.bottom)))
        }
        return .fields([("top", .double(top)), ("left", .double(0)), ("bottom", .double(bottom)), ("right", .double(0))])
    }

    /// `bind: {"detail.panScrollable": null}`: a property the app's controller for that screen
    /// has, wherever the code reads it (before any default a protocol extension gives).
    /// A member of one of the scene's screens, written `screen.name` or, inside an extension of
    /// UIViewController, as a bare `name`; nil if the importer does not know it.
    func screenMember(_ c: ScreenController, _ name: String, _ m: some SyntaxProtocol, _ scope: Scope) throws(SwiftImportError) -> Value? {
        let base = Value.viewController(c)
        if name == "view" { return .view(c.view) }
        if name == "transitionCoordinator" { return presentation == nil ? .none : .enumCase("transitionCoordinator", []) }
        // In a push or a pop both screens are in the app's navigation controller; the screen's own
        // controller stands for it, so pushViewController and popViewController start the
        // transition the scene plays (its other members are given with bind:).
        if name == "navigationController", kind.operation == .push || kind.operation == .pop { return base }
        // A navigation controller's back-swipe recognizer: apps turn it off while a menu is up; no finger drives it.
        if name == "interactivePopGestureRecognizer" { return .gesture(GestureRecognizerObject(className: "UIScreenEdgePanGestureRecognizer")) }
        if let v = presentationRelation(c, name) { return v }
        if let v = try screenBinding(c, name, m, scope) { return v }
        if let type = program.types["UIViewController"], type.properties[name] != nil { return try extensionProperty(type, name, base, m) }
        // The scene's screens are presented by the transition the scene plays, not by a delegate of the app's.
        if name == "transitioningDelegate" { return Value.none }
        if let type = protocolDefaultProperty(name) { return try extensionProperty(type, name, base, m) }
        return nil
    }

    func screenBinding(_ c: ScreenController, _ name: String, _ node: some SyntaxProtocol, _ scope: Scope) throws(SwiftImportError) -> Value? {
        guard let bound = bindings[c.screen + "." + name] else { return nil }
        if case .nothing = bound { return Value.none }
        return try value(of: bound, node, scope: scope)
    }
}
