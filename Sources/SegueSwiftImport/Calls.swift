// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SwiftSyntax

extension Evaluator {
    func call(_ c: FunctionCallExprSyntax, _ scope: Scope, hint: String?) throws(SwiftImportError) -> Value {
        let args = Arguments(c)
        let callee = c.calledExpression
        if let r = callee.as(DeclReferenceExprSyntax.self) {
            let name = r.baseName.text
            if let local = scope.lookup(name) { return try apply(local, args, scope, c) }
            if let instance = instanceOf(scope.selfValue), let f = instance.type.functions[name].flatMap { overload($0, args) } {
                return try invoke(FunctionRef(decl: f, receiver: scope.selfValue, type: instance.type), args, scope)
            }
            // A stored closure of self called by name: `completion()`.
            if let instance = instanceOf(scope.selfValue), instance.type.properties[name] != nil {
                return try apply(try readProperty(instance, name, r), args, scope, c)
            }
            if case let .typeName(t)? = scope.selfValue, let f = program.types[t]?.functions[name].flatMap { overload($0, args) } {
                return try invoke(FunctionRef(decl: f, receiver: scope.selfValue, type: program.types[t]), args, scope)
            }
            if let receiver = scope.selfValue, let type = program.types[receiverTypeName(receiver)], let f = type.functions[name].flatMap { overload($0, args) } {
                return try invoke(FunctionRef(decl: f, receiver: receiver, type: type), args, scope)
            }
            if let f = program.functions[name].flatMap { overload($0, args) } { return try invoke(FunctionRef(decl: f, receiver: nil, type: nil), args, scope) }
            // Inside an extension of UIView or CALayer: UIKit's own methods on an implicit self.
            if let s = scope.selfValue, Self.implicitSelfMethods.contains(name) {
                switch s {
                case .view, .layer: return try method(s, name, args, scope, c)
                default: break
                }
            }
            // In a method of the module's view-controller subclass: UIKit's view-controller calls on self.
            if case .viewController? = scope.selfValue, Self.lifecycleCalls.contains(args.signature(name)) {
                for item in args.items { _ = try eval(item.expr, scope) }
                return .void
            }
            // Inside a protocol extension, on a screen that adopts the protocol: its other defaults.
            if case .viewController? = scope.selfValue, let (type, f) = protocolDefault(name, args) {
                return try invoke(FunctionRef(decl: f, receiver: scope.selfValue, type: type), args, scope)
            }
            // Inside an extension of UIViewControllerContextTransitioning: the context's methods.
            if case .context? = scope.selfValue, Self.contextMethods.contains(name) { return try method(.context, name, args, scope, c) }
            if isInteractionController(scope.selfValue), let v = try interactiveMethod(args.signature(name), args, scope, c) { return v }
            // A convenience initializer an extension adds to a UIKit type.
            if let t = program.types[name], Self.knownTypes.contains(name), let i = extensionInitializer(t, args) {
                return try runExtensionInitializer(name, i, args, scope, c)
            }
            // A type of the file (an extension of a UIKit type does not make it one).
            if let t = program.types[name], !Self.knownTypes.contains(name) {
                let given = try initializerArguments(t, args, scope)
                if let kind = viewSubclassBase(t) { return try makeModuleView(t, base: kind, given, c) }
                return try instantiate(t, given, c, args: args, scope: scope)
            }
            return try globalCall(name, args, scope, c)
        }
        if let m = callee.as(MemberAccessExprSyntax.self) {
            let name = m.declName.baseName.text
            // super.init() in an initializer: NSObject's does nothing the importer needs.
            // super.init(…) where the superclass is the module's: its initializer, on this instance.
            // `super` is the superclass of the class the call is written in, not of the instance's.
            if m.base?.is(SuperExprSyntax.self) == true, name == "init", let instance = instanceOf(scope.selfValue),
               let parent = Self.enclosingTypeName(Syntax(c)).flatMap({ program.types[$0]?.superclass }), !parent.initializers.isEmpty {
                try initialize(instance, try initializerArguments(parent, args, scope), c, excluding: c, as: parent)
                return .void
            }
            if m.base?.is(SuperExprSyntax.self) == true, name == "init" {
                // A UIView subclass's super.init(frame:) gives the view its frame.
                if case let .view(v)? = scope.selfValue, v.instance != nil, args.labels == ["frame"] {
                    let r = try rect(try arg(args, "frame", scope, hint: "CGRect"), c, "frame")
                    v.model[.boundsSize] = .size(r.size); v.initial[.boundsSize] = .size(r.size)
                    v.model[.position] = .point(v.position(for: r)); v.initial[.position] = v.model[.position]
                }
                return .void
            }
            // super.method() in a view or layer class of the module: its module superclass's,
            // else UIKit's: nothing to draw for display() or layoutSubviews(), the block's
            // animation for action(forKey:), no redraw for needsDisplay(forKey:).
            if m.base?.is(SuperExprSyntax.self) == true, let instance = instanceOf(scope.selfValue) ?? staticSelf(scope) {
                if let parent = instance.type.superclass, let f = (parent.functions[name] ?? []).first ?? program.inheritedFunction(name, of: parent) {
                    return try invoke(FunctionRef(decl: f, receiver: scope.selfValue, type: parent), args, scope)
                }
                switch args.signature(name) {
                case "action(forKey:)":
                    guard case let .string(key) = try arg(args, "forKey", scope, hint: "String") else { return Value.none }
                    return superAction(forKey: key)
                case "needsDisplay(forKey:)": return .bool(false)
                case "display()", "layoutSubviews()", "layoutSublayers()", "draw(_:)", "awakeFromNib()", "didMoveToSuperview()", "didMoveToWindow()":
                    return .void
                default: break
                }
            }
            // super.method(): the module's superclass's, else UIKit's, which draws nothing here
            // (viewWillAppear, presentationTransitionWillBegin, layoutSubviews, …).
            if m.base?.is(SuperExprSyntax.self) == true, case let .object(instance)? = scope.selfValue {
                // UIPercentDrivenInteractiveTransition's own finish(), cancel() and update(_:), under an override.
                if instance.type.superclass == nil, isInteractionController(scope.selfValue),
                   let v = try interactiveMethod(args.signature(name), args, scope, c) { return v }
                if let parent = instance.type.superclass, let f = (parent.functions[name] ?? []).first ?? program.inheritedFunction(name, of: parent) {
                    return try invoke(FunctionRef(decl: f, receiver: scope.selfValue, type: parent), args, scope)
                }
                if let base = instance.type.inherited.first, base.hasPrefix("UI") {
                    for item in args.items { _ = try eval(item.expr, scope) }
                    return .void
                }
            }
            // self.init(…) in an extension's convenience initializer of a UIKit type: UIKit's.
            if name == "init", m.base?.trimmedDescription == "self", case let .typeName(t)? = scope.selfValue, t.hasPrefix(Self.uninitialized) {
                let made = try globalCall(String(t.dropFirst(Self.uninitialized.count)), args, scope, c)
                var s: Scope? = scope
                while let current = s { current.selfValue = made; s = current.parent }
                return .void
            }
            // self.init(…) in a convenience initializer: the type's other initializer, on this instance.
            // UIPresentationController's designated initializer, called by a subclass's convenience one.
            if name == "init", m.base?.trimmedDescription == "self", case let .object(instance)? = scope.selfValue,
               isPresentationControllerType(instance.type), args.labels == ["presentedViewController", "presenting"],
               extensionInitializer(instance.type, args) == nil {
                return .void
            }
            if name == "init", m.base?.trimmedDescription == "self", case let .object(instance)? = scope.selfValue {
                let given = try initializerArguments(instance.type, args, scope)
                try initialize(instance, given, c, excluding: c)
                return .void
            }
            guard let baseExpr = m.base else {
                if name == "init", let h = hint?.trimmingCharacters(in: CharacterSet(charactersIn: "?!")) {
                    // `.init(polar: 100, angle: 0)` where a CGPoint is expected: an initializer the
                    // module's extension of the framework type declares, if one takes these labels.
                    if Self.knownTypes.contains(h), let t = program.types[h], let i = extensionInitializer(t, args) {
                        return try runExtensionInitializer(h, i, args, scope, c)
                    }
                    if let t = program.types[h], !t.isEnum, !Self.knownTypes.contains(h) {
                        let given = try initializerArguments(t, args, scope)
                        return try instantiate(t, given, c, args: args, scope: scope)
                    }
                    return try globalCall(Self.modernTypeName(h), args, scope, c)
                }
                // Where the type is not written down here, the labels name it as they do in UIKit.
                if name == "init", let t = Self.typeForInitLabels(args.labels) { return try globalCall(t, args, scope, c) }
                // `.now()` as a DispatchTime: seconds since the transition began.
                if name == "now", args.items.isEmpty { return .double(now) }
                // `.make(scale: 2)` where a CGAffineTransform is expected: a static function of the
                // contextual type, the module's own or one its extension of a framework type adds.
                if let h = hint.map({ Self.modernTypeName($0.trimmingCharacters(in: CharacterSet(charactersIn: "?!"))) }), let t = program.types[h],
                   let f = t.functions[name].flatMap({ overload($0.filter(Self.isStatic), args) }) {
                    return try invoke(FunctionRef(decl: f, receiver: .typeName(h), type: t), args, scope)
                }
                if name != "init" {
                    // `.fade(direction: .left)`: an enum case with associated values.
                    var values: [Value] = []
                    for item in args.items { values.append(try eval(item.expr, scope)) }
                    return .enumCase(name, values)
                }
                throw fail(.unsupported, c, "the implicit member call '.\(name)(…)' is not supported", hint: "write the type: CGAffineTransform(scaleX: 0.9, y: 0.9)")
            }
            let base = try eval(baseExpr, scope)
            // `a?.f()` with `a` nil is nil, and the call never happens.
            if case .none = base, Self.isOptionalChain(baseExpr) { return .none }
            if case let .typeName(t) = base {
                if name == "init" { return try globalCall(t, args, scope, c) }
                if Self.knownTypes.contains(t + "." + name) || program.types[name] != nil && name.first?.isUppercase == true {
                    return try globalCall(t + "." + name, args, scope, c)
                }
                if let type = program.types[t], let f = type.functions[name].flatMap { overload($0, args) } {
                    return try invoke(FunctionRef(decl: f, receiver: base, type: type), args, scope)
                }
                // `Failure.tooFar(d)`: a case of the module's enum, with its associated values.
                if let type = program.types[t], type.isEnum, type.enumCases.contains(name) {
                    var values: [Value] = []
                    for item in args.items { values.append(try eval(item.expr, scope)) }
                    return .enumCase(name, values)
                }
                return try staticCall(t, name, args, scope, c)
            }
            // Mutating array methods store the changed array back where it came from.
            if case let .array(items) = base, name == "append" || name == "removeAll" || name == "removeLast" {
                var changed = items
                switch args.signature(name) {
                case "append(_:)": changed.append(try eval(args.items[0].expr, scope))
                case "append(contentsOf:)":
                    guard case let .array(more) = try eval(args.items[0].expr, scope) else { throw fail(.invalidValue, c, "expected an array") }
                    changed += more
                case "removeAll()": changed = []
                case "removeLast()":
                    guard !changed.isEmpty else { throw fail(.invalidValue, c, "removeLast() on an empty array would crash the app") }
                    changed.removeLast()
                default: throw unsupportedCall(args.signature(name), c, hint: "arrays support append(_:), append(contentsOf:), removeAll(), removeLast(), forEach, map, count, first, last")
                }
                try assign(baseExpr, .array(changed), scope)
                return .void
            }
            return try method(base, name, args, scope, c)
        }
        // `[UIView]()`, `[CGFloat]()`: an empty array.
        if callee.is(ArrayExprSyntax.self), c.arguments.isEmpty, c.trailingClosure == nil { return .array([]) }
        // A closure stored in a property or returned by a call.
        let f = try eval(callee, scope)
        return try apply(f, args, scope, c)
    }

    func apply(_ f: Value, _ args: Arguments, _ scope: Scope, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        switch f {
        case let .function(ref): return try invoke(ref, args, scope)
        case .closure:
            var values: [Value] = []
            for item in args.items { values.append(try eval(item.expr, scope)) }
            return try invokeClosure(f, values, node)
        case .none:
            return .none   // an optional closure that is nil, called with `?()`
        default:
            throw fail(.invalidValue, node, "'\(node.trimmedDescription.prefix(40))' calls \(f.typeDescription), which is not a function")
        }
    }

    func arg(_ args: Arguments, _ label: String?, _ scope: Scope, hint: String? = "Double") throws(SwiftImportError) -> Value {
        guard let e = args.expr(label) else {
            throw fail(.invalidValue, args.node, "missing the argument '\(label ?? "_"):'")
        }
        return try eval(e, scope, hint: hint)
    }

    func num(_ args: Arguments, _ label: String?, _ scope: Scope, default d: Double? = nil) throws(SwiftImportError) -> Double {
        guard let e = args.expr(label) else {
            if let d { return d }
            throw fail(.invalidValue, args.node, "missing the argument '\(label ?? "_"):'")
        }
        return try double(try eval(e, scope, hint: "Double"), e, "'\(label ?? "_")'")
    }

    func unsupportedCall(_ what: String, _ node: some SyntaxProtocol, hint: String? = nil) -> SwiftImportError {
        fail(.unsupported, node, "unsupported call '\(what)': the importer does not know what it does",
             hint: hint ?? ("see docs/swift-import.md for the UIKit surface; or " + bindHint(node)))
    }

    // MARK: - Initializers and global functions

    func globalCall(_ written: String, _ args: Arguments, _ scope: Scope, _ node: FunctionCallExprSyntax) throws(SwiftImportError) -> Value {
        let labels = args.labels
        let name = Self.modernTypeName(written)
        if let shape = try shapeCall(name, args, scope, node) { return shape }
        switch (name, labels) {
        case ("UIView.AnimationOptions", []), ("UIView.KeyframeAnimationOptions", []):
            return .array([])   // an empty option set
        case ("CGRect", ["x", "y", "width", "height"]):
            return .rect(Rect(x: try num(args, "x", scope), y: try num(args, "y", scope), width: try num(args, "width", scope), height: try num(args, "height", scope)))
        case ("CGRect", ["origin", "size"]):
            return .rect(Rect(origin: try point(try arg(args, "origin", scope), node, "origin"), size: try size(try arg(args, "size", scope), node, "size")))
        case ("CGPoint", ["x", "y"]): return .point(Point(x: try num(args, "x", scope), y: try num(args, "y", scope)))
        case ("CGSize", ["width", "height"]): return .size(Size(width: try num(args, "width", scope), height: try num(args, "height", scope)))
        case ("CGVector", ["dx", "dy"]): return .point(Point(x: try num(args, "dx", scope), y: try num(args, "dy", scope)))
        case ("CGFloat", ["_"]), ("Double", ["_"]), ("Float", ["_"]), ("TimeInterval", ["_"]): return .double(try num(args, nil, scope))
        case ("Int", ["_"]), ("Int64", ["_"]): return .int(try integer(try num(args, nil, scope), node))
        case ("UIPanGestureRecognizer", _), ("UIScreenEdgePanGestureRecognizer", _):
            let g = GestureRecognizerObject(className: name)
            if labels == ["target", "action"] {
                guard case let .string(action) = try arg(args, "action", scope, hint: nil) else {
                    throw fail(.invalidValue, node, "the action of \(name) must be #selector(method(_:))")
                }
                g.action = action
            } else if !labels.isEmpty {
                throw unsupportedCall(args.signature(name), node, hint: "make it with \(name)(target: self, action: #selector(handleGesture(_:)))")
            }
            interactive?.recognizers.append(g)
            return .gesture(g)
        case ("UIPercentDrivenInteractiveTransition", []):
            // A plain controller that a class of the module drives from its pan handler; its
            // update(_:), finish() and cancel() are the interaction's (isInteractionController).
            return .object(Instance(type: TypeDecl(name: Self.interactiveBase, node: Syntax(node))))
        case ("AVMakeRect", ["aspectRatio", "insideRect"]):
            // AVFoundation: the largest rect of that aspect ratio inside the rect, centred in it.
            let ratio = try size(try arg(args, "aspectRatio", scope), node, "aspectRatio")
            let bounds = try rect(try arg(args, "insideRect", scope), node, "insideRect")
            guard ratio.width > 0, ratio.height > 0 else { return .rect(Rect(x: bounds.minX + bounds.width / 2, y: bounds.minY + bounds.height / 2, width: 0, height: 0)) }
            let scale = min(bounds.width / ratio.width, bounds.height / ratio.height)
            let w = ratio.width * scale, h = ratio.height * scale
            return .rect(Rect(x: bounds.minX + (bounds.width - w) / 2, y: bounds.minY + (bounds.height - h) / 2, width: w, height: h))
        case ("fmin", ["_", "_"]), ("fmax", ["_", "_"]), ("fminf", ["_", "_"]), ("fmaxf", ["_", "_"]):
            // C's fmin/fmax (and the Float forms): the smaller or larger of two numbers.
            let a = try double(try eval(args.items[0].expr, scope, hint: "Double"), args.items[0].expr, name)
            let b = try double(try eval(args.items[1].expr, scope, hint: "Double"), args.items[1].expr, name)
            return .double(name.hasPrefix("fmin") ? Swift.min(a, b) : Swift.max(a, b))
        case ("min", _), ("max", _):
            var values: [Double] = []
            var allInt = true
            for item in args.items {
                let v = try eval(item.expr, scope, hint: hint(for: item.expr, scope))
                if case .int = v {} else { allInt = false }
                values.append(try double(v, item.expr, name))
            }
            guard !values.isEmpty else { throw fail(.invalidValue, node, "\(name) needs arguments") }
            let r = name == "min" ? values.min()! : values.max()!
            return allInt ? .int(Int(r)) : .double(r)
        case ("arc4random", []):
            return .int(Int(nextRandom() >> 32))
        case ("arc4random_uniform", ["_"]):
            let bound = try integer(try num(args, nil, scope), node)
            guard bound > 0 else { return .int(0) }
            return .int(Int(nextRandom() >> 32) % bound)
        case ("abs", ["_"]), ("fabs", ["_"]):
            let v = try arg(args, nil, scope, hint: nil)
            if case let .int(i) = v { return .int(abs(i)) }
            return .double(abs(try double(v, node, "abs")))
        case ("stride", ["from", "to", "by"]), ("stride", ["from", "through", "by"]):
            // The numbers from `from` in steps of `by`, up to (and for `through:`, including) the end.
            let a = try arg(args, "from", scope, hint: nil), step = try arg(args, "by", scope, hint: nil)
            let endLabel = labels[1], end = try arg(args, endLabel, scope, hint: nil)
            let ints: Bool
            if case .int = a, case .int = step, case .int = end { ints = true } else { ints = false }
            let from = try double(a, node, "from"), to = try double(end, node, endLabel), by = try double(step, node, "by")
            guard by != 0 else { throw fail(.invalidValue, node, "stride(by: 0) never ends: the app would loop forever") }
            var out: [Value] = []
            var i = 0
            while true {
                let v = from + Double(i) * by
                if by > 0 ? (endLabel == "to" ? v >= to : v > to) : (endLabel == "to" ? v <= to : v < to) { break }
                out.append(ints ? .int(Int(v)) : .double(v))
                i += 1
                try tick(node)
            }
            return .array(out)
        case ("UITapGestureRecognizer", _), ("UILongPressGestureRecognizer", _), ("UISwipeGestureRecognizer", _), ("UIPinchGestureRecognizer", _),
             ("UIRotationGestureRecognizer", _):
            // Recognizers the scripted finger never drives: they exist, and do nothing.
            return .gesture(GestureRecognizerObject(className: name))
        case ("UISelectionFeedbackGenerator", _), ("UIImpactFeedbackGenerator", _), ("UINotificationFeedbackGenerator", _):
            // Haptics: felt, not seen. An object whose methods do nothing.
            return .enumCase("feedbackGenerator", [])
        case ("assert", _), ("precondition", _), ("assertionFailure", _), ("debugPrint", _), ("print", _), ("NSLog", _), ("dump", _):
            // The app is built for release: assertions are not evaluated, and logging draws nothing.
            return .void
        case ("sqrt", ["_"]): return .double(sqrt(try num(args, nil, scope)))
        case ("sin", ["_"]): return .double(sin(try num(args, nil, scope)))
        case ("cos", ["_"]): return .double(cos(try num(args, nil, scope)))
        case ("tan", ["_"]): return .double(tan(try num(args, nil, scope)))
        case ("floor", ["_"]): return .double(floor(try num(args, nil, scope)))
        case ("ceil", ["_"]): return .double(ceil(try num(args, nil, scope)))
        case ("round", ["_"]): return .double((try num(args, nil, scope)).rounded())
        case ("pow", ["_", "_"]):
            return .double(pow(try double(try eval(args.items[0].expr, scope, hint: "Double"), node, "pow"), try double(try eval(args.items[1].expr, scope, hint: "Double"), node, "pow")))
        case ("atan2", ["_", "_"]):
            return .double(atan2(try double(try eval(args.items[0].expr, scope, hint: "Double"), node, "atan2"), try double(try eval(args.items[1].expr, scope, hint: "Double"), node, "atan2")))
        case ("CACurrentMediaTime", []): return .double(now)
        case ("CATransform3DMakeRotation", ["_", "_", "_", "_"]):
            let v = try numbers(args, scope, node)
            return .transform(TransformValue(ops: [.rotate(v[0], v[1], v[2], v[3])]))
        case ("CATransform3DMakeScale", ["_", "_", "_"]):
            let v = try numbers(args, scope, node)
            return .transform(TransformValue(ops: [.scale(v[0], v[1], v[2])]))
        case ("CATransform3DMakeTranslation", ["_", "_", "_"]):
            let v = try numbers(args, scope, node)
            return .transform(TransformValue(ops: [.translate(v[0], v[1], v[2])]))
        case ("CATransform3DRotate", ["_", "_", "_", "_", "_"]), ("CATransform3DScale", ["_", "_", "_", "_"]), ("CATransform3DTranslate", ["_", "_", "_", "_"]):
            let t = try transform3D(try eval(args.items[0].expr, scope), args.items[0].expr, name)
            var v: [Double] = []
            for item in args.items.dropFirst() { v.append(try double(try eval(item.expr, scope, hint: "Double"), item.expr, name)) }
            switch name {
            case "CATransform3DRotate": return .transform(t.appending(.rotate(v[0], v[1], v[2], v[3])))
            case "CATransform3DScale": return .transform(t.appending(.scale(v[0], v[1], v[2])))
            default: return .transform(t.appending(.translate(v[0], v[1], v[2])))
            }
        case ("CATransform3DConcat", ["_", "_"]):
            let a = try transform3D(try eval(args.items[0].expr, scope), args.items[0].expr, name)
            let b = try transform3D(try eval(args.items[1].expr, scope), args.items[1].expr, name)
            return .transform(.concat(a, b))
        case ("CATransform3DIsIdentity", ["_"]):
            return .bool(try transform3D(try arg(args, nil, scope, hint: nil), node, name).isIdentity)
        case ("CATransform3DMakeAffineTransform", ["_"]):
            return .transform(try affine(try arg(args, nil, scope, hint: nil), node, name))
        case ("CATransform3DGetAffineTransform", ["_"]):
            let t = try transform3D(try arg(args, nil, scope, hint: nil), node, name)
            guard t.matrix.isAffine2D, t.matrix.m13 == 0, t.matrix.m23 == 0, t.matrix.m31 == 0, t.matrix.m32 == 0 else {
                throw fail(.invalidValue, node, "CATransform3DGetAffineTransform of a 3D transform loses its 3D part", hint: "use the CATransform3D on layer.transform")
            }
            return .affine(t)
        case ("CATransform3DInvert", ["_"]), ("CGAffineTransformInvert", ["_"]):
            throw unsupportedCall(name, node, hint: "build the inverse from operations (rotate by −angle, scale by 1/s)")
        case ("CGAffineTransform", ["scaleX", "y"]):
            return .affine(TransformValue(ops: [.scale(try num(args, "scaleX", scope), try num(args, "y", scope), 1)]))
        case ("CGAffineTransform", ["rotationAngle"]):
            return .affine(TransformValue(ops: [.rotate(try num(args, "rotationAngle", scope), 0, 0, 1)]))
        case ("CGAffineTransform", ["translationX", "y"]):
            return .affine(TransformValue(ops: [.translate(try num(args, "translationX", scope), try num(args, "y", scope), 0)]))
        case ("CGAffineTransform", ["a", "b", "c", "d", "tx", "ty"]):
            var m = Transform3D.identity
            m.m11 = try num(args, "a", scope); m.m12 = try num(args, "b", scope); m.m21 = try num(args, "c", scope)
            m.m22 = try num(args, "d", scope); m.m41 = try num(args, "tx", scope); m.m42 = try num(args, "ty", scope)
            return .affine(TransformValue(matrix: m))
        case ("CATransform3D", _):
            var m = Transform3D.identity
            var row = m.rowMajor
            for (i, n) in ["m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24", "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44"].enumerated() where args.has(n) {
                row[i] = try num(args, n, scope)
            }
            m = Transform3D(rowMajor: row)
            return .transform(TransformValue(matrix: m))
        case ("UIColor", ["red", "green", "blue", "alpha"]), ("UIColor", ["displayP3Red", "green", "blue", "alpha"]):
            if labels[0] == "displayP3Red" { throw unsupportedCall("UIColor(displayP3Red:…)", node, hint: "use UIColor(red:green:blue:alpha:) (sRGB)") }
            return .color(ColorValue(r: try num(args, "red", scope), g: try num(args, "green", scope), b: try num(args, "blue", scope), a: try num(args, "alpha", scope)))
        case ("UIColor", ["white", "alpha"]):
            let w = try num(args, "white", scope)
            return .color(ColorValue(r: w, g: w, b: w, a: try num(args, "alpha", scope)))
        case ("UIColor", ["hue", "saturation", "brightness", "alpha"]):
            let (r, g, b) = Self.hsb(try num(args, "hue", scope), try num(args, "saturation", scope), try num(args, "brightness", scope))
            return .color(ColorValue(r: r, g: g, b: b, a: try num(args, "alpha", scope)))
        case ("UIView", []), ("UIImageView", []):
            let v = newView(frame: .zero, origin: "\(name)()")
            v.isImageView = name == "UIImageView"
            return .view(v)
        case ("UIButton", []), ("UIButton", ["type"]), ("UIButton", ["frame"]):
            // A button is a view; its title and image are not drawn (setTitle and setImage are refused).
            let frame = labels == ["frame"] ? try rect(try arg(args, "frame", scope, hint: nil), node, "frame") : Rect.zero
            return .view(newView(frame: frame, origin: "UIButton(\(labels.map { "\($0):" }.joined()))"))
        case ("UIView", ["frame"]), ("UIImageView", ["frame"]):
            let v = newView(frame: try rect(try arg(args, "frame", scope, hint: nil), node, "frame"), origin: "\(name)(frame:)")
            v.isImageView = name == "UIImageView"
            return .view(v)
        case ("UIImageView", ["image"]):
            return .view(try newImageView(image: try arg(args, "image", scope, hint: "UIImage"), node))
        case ("UIImage", ["named"]), ("UIImage", ["contentsOfFile"]), ("UIImage", ["named", "in", "compatibleWith"]):
            throw fail(.binding, node, "\(args.signature(name)) loads an image of the app's, which the scene does not have",
                       hint: bindHint(node, example: "{image: images/photo.png}"))
        case ("NSNumber", ["value"]), ("NSValue", ["cgPoint"]), ("NSValue", ["caTransform3D"]), ("NSValue", ["cgRect"]), ("NSValue", ["cgSize"]):
            return try arg(args, labels[0], scope)
        case ("CAMediaTimingFunction", ["name"]):
            guard case let .enumCase(n, _) = try arg(args, "name", scope, hint: nil) else { throw fail(.invalidValue, node, "expected a timing function name") }
            return .timing(.named(n))
        case ("CAMediaTimingFunction", ["controlPoints", "_", "_", "_"]):
            let v = try numbers(args, scope, node)
            return .timing(.controlPoints(v[0], v[1], v[2], v[3]))
        case ("CABasicAnimation", ["keyPath"]), ("CAKeyframeAnimation", ["keyPath"]), ("CASpringAnimation", ["keyPath"]):
            guard case let .string(k) = try arg(args, "keyPath", scope, hint: nil) else {
                throw fail(.invalidValue, node, "expected the key path as a string", hint: "write CABasicAnimation(keyPath: \"opacity\")")
            }
            return .caAnimation(CAAnimationObject(className: name, keyPath: k))
        case ("CABasicAnimation", []), ("CAKeyframeAnimation", []), ("CASpringAnimation", []), ("CAAnimationGroup", []):
            return .caAnimation(CAAnimationObject(className: name, keyPath: nil))
        case ("CASpringAnimation", ["perceptualDuration", "bounce"]):
            throw unsupportedCall("CASpringAnimation(perceptualDuration:bounce:)", node, hint: "use mass, stiffness and damping")
        case ("UIViewPropertyAnimator", _): return try propertyAnimator(args, scope, node)
        case ("UISpringTimingParameters", ["dampingRatio"]):
            return .timing(.uikitSpring(dampingRatio: try num(args, "dampingRatio", scope), velocity: 0))
        case ("UISpringTimingParameters", ["dampingRatio", "initialVelocity"]):
            let v = try point(try arg(args, "initialVelocity", scope, hint: nil), node, "initialVelocity")
            return .timing(.uikitSpring(dampingRatio: try num(args, "dampingRatio", scope), velocity: v.x))
        case ("UISpringTimingParameters", ["mass", "stiffness", "damping", "initialVelocity"]):
            let v = try point(try arg(args, "initialVelocity", scope, hint: nil), node, "initialVelocity")
            return .timing(.caSpring(mass: try num(args, "mass", scope), stiffness: try num(args, "stiffness", scope), damping: try num(args, "damping", scope), velocity: v.x))
        case ("UICubicTimingParameters", ["animationCurve"]):
            return .timing(try curve(try arg(args, "animationCurve", scope, hint: nil), node))
        case ("UICubicTimingParameters", ["controlPoint1", "controlPoint2"]):
            let p1 = try point(try arg(args, "controlPoint1", scope, hint: nil), node, "controlPoint1")
            let p2 = try point(try arg(args, "controlPoint2", scope, hint: nil), node, "controlPoint2")
            return .timing(.controlPoints(p1.x, p1.y, p2.x, p2.y))
        case ("UICubicTimingParameters", []): return .timing(.named("easeInEaseOut"))
        default:
            if let layer = try layerTypeCall(name, labels, args, scope, node) { return layer }
        }
        if Self.knownTypes.contains(name) || name.hasPrefix("UI") || name.hasPrefix("CA") || name.hasPrefix("CG") || name.hasPrefix("NS") {
            throw unsupportedCall(args.signature(name), node, hint: "this initializer or function is outside the UIKit surface the importer evaluates (see docs/swift-import.md)")
        }
        throw fail(.unknownIdentifier, node.calledExpression, "unknown function '\(name)': the file does not define it and it is not part of the UIKit surface the importer knows",
                   hint: bindHint(node))
    }

    func hint(for expr: ExprSyntax, _ scope: Scope) -> String? { nil }

    /// Int(x) as Swift does it, but an error where Swift would trap (NaN, infinite, out of range).
    func integer(_ d: Double, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Int {
        guard d.isFinite, abs(d) < 9e18 else {
            throw fail(.invalidValue, node, "Int(\(d)) would crash the app: the value is not finite or out of range",
                       hint: "check the arithmetic that produced it (a division by zero?)")
        }
        return Int(d)
    }

    func numbers(_ args: Arguments, _ scope: Scope, _ node: some SyntaxProtocol) throws(SwiftImportError) -> [Double] {
        var out: [Double] = []
        for item in args.items { out.append(try double(try eval(item.expr, scope, hint: "Double"), item.expr, "the argument")) }
        return out
    }

    static func hsb(_ h: Double, _ s: Double, _ v: Double) -> (Double, Double, Double) {
        let h6 = (h - floor(h)) * 6, i = Int(h6) % 6, f = h6 - floor(h6)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch i {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }

    /// UIView.AnimationCurve.
    func curve(_ v: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> TimingValue {
        guard case let .enumCase(n, _) = v else { throw fail(.invalidValue, node, "expected an animation curve (.easeInOut, .easeIn, .easeOut, .linear)") }
        switch n {
        case "easeInOut": return .named("easeInEaseOut")
        case "easeIn": return .named("easeIn")
        case "easeOut": return .named("easeOut")
        case "linear": return .named("linear")
        default: throw fail(.invalidValue, node, "unknown animation curve .\(n)", hint: "UIView.AnimationCurve has .easeInOut, .easeIn, .easeOut and .linear")
        }
    }
}

extension Evaluator {
    /// The next number of the importer's random sequence (SplitMix64 from a fixed seed): code that
    /// draws random numbers gets the same ones on every render, so frames stay identical.
    func nextRandom() -> UInt64 {
        randomState &+= 0x9E37_79B9_7F4A_7C15
        var z = randomState
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The UIKit view class a type of the module descends from (UIView, UIImageView, …), if any.
    func viewSubclassBase(_ t: TypeDecl) -> String? {
        var current: TypeDecl? = t
        while let c = current {
            if let base = c.inherited.first(where: { ["UIView", "UIImageView", "UIControl", "UIButton", "UIVisualEffectView"].contains($0) }) { return base }
            current = c.superclass
        }
        return nil
    }

    /// The UIKit view-controller class a type of the module descends from, if any.
    func viewControllerSubclassBase(_ t: TypeDecl) -> String? {
        var current: TypeDecl? = t
        while let c = current {
            if let base = c.inherited.first(where: { ["UIViewController", "UINavigationController", "UITableViewController",
                                                      "UICollectionViewController", "UIPageViewController", "UITabBarController"].contains($0) }) { return base }
            current = c.superclass
        }
        return nil
    }

    /// An instance of a UIView subclass of the module: a view (it can be added, framed and
    /// animated) whose stored properties and methods are the subclass's.
    func makeModuleView(_ t: TypeDecl, base: String, _ given: [(String, Value)], _ node: FunctionCallExprSyntax) throws(SwiftImportError) -> Value {
        if let draw = t.functions["draw"]?.first {
            throw fail(.unsupported, draw, "\(t.name) draws itself with draw(_:), Core Graphics code the importer does not run",
                       hint: "bind the view to a layer of the scene: bind: {\"\(Self.normalized(node.trimmedDescription))\": {view: {frame: [0, 0, 100, 100], color: \"#000000\"}}}")
        }
        let v = newView(frame: .zero, origin: "\(t.name)(…)")
        v.isImageView = base == "UIImageView"
        let instance = Instance(type: t)
        instance.view = v
        v.instance = instance
        try setUpLayerClass(v, of: t, node)
        let ownInit = t.initializers.contains { i in Set(i.signature.parameterClause.parameters.map(\.firstName.text)) == Set(given.map(\.0)) }
        if given.map(\.0) == ["frame"], !ownInit, case let .rect(r) = given[0].1 {
            // UIView's init(frame:), inherited.
            v.model[.boundsSize] = .size(r.size); v.initial[.boundsSize] = .size(r.size)
            v.model[.position] = .point(v.position(for: r)); v.initial[.position] = v.model[.position]
        } else if given.isEmpty, let i = t.initializers.first(where: { $0.signature.parameterClause.parameters.map(\.firstName.text) == ["frame"] }),
                  !t.initializers.contains(where: { Self.takes($0, []) }) {
            // UIView's init() calls the designated init(frame: .zero), which the subclass overrides.
            _ = i
            try initialize(instance, [("frame", .rect(.zero))], node, excluding: Optional<Syntax>.none)
        } else if !t.initializers.isEmpty || !given.isEmpty {
            try initialize(instance, given, node, excluding: Optional<Syntax>.none)
        }
        return .view(v)
    }

    /// Whether an expression is part of an optional chain (`a?.b.c`): when any link is nil, the
    /// whole chain is nil, and what follows is never evaluated.
    static func isOptionalChain(_ e: ExprSyntax) -> Bool {
        var current: ExprSyntax? = e
        while let x = current {
            if x.is(OptionalChainingExprSyntax.self) { return true }
            if let m = x.as(MemberAccessExprSyntax.self) { current = m.base }
            else if let f = x.as(FunctionCallExprSyntax.self) { current = f.calledExpression }
            else if let s = x.as(SubscriptCallExprSyntax.self) { current = s.calledExpression }
            else if let u = x.as(ForceUnwrapExprSyntax.self) { current = u.expression }
            else { return false }
        }
        return false
    }

    static let contextMethods: Set<String> = [
        "viewController", "view", "initialFrame", "finalFrame", "completeTransition",
        "updateInteractiveTransition", "finishInteractiveTransition", "cancelInteractiveTransition", "pauseInteractiveTransition",
    ]
    /// UIView and CALayer methods an extension may call without writing `self.`.
    static let implicitSelfMethods: Set<String> = [
        "convert", "addSubview", "insertSubview", "bringSubviewToFront", "sendSubviewToBack", "removeFromSuperview",
        "layoutIfNeeded", "setNeedsLayout", "snapshotView", "resizableSnapshotView", "addSublayer", "insertSublayer",
        "removeFromSuperlayer", "sizeToFit", "addGestureRecognizer", "removeGestureRecognizer", "setNeedsDisplay", "presentation",
    ]

    /// `self` in an extension's initializer of a UIKit type before it calls `self.init(…)`.
    static let uninitialized = "uninitialized "

    func extensionInitializer(_ t: TypeDecl, _ args: Arguments) -> InitializerDeclSyntax? {
        t.initializers.first { i in
            let params = Array(i.signature.parameterClause.parameters)
            var k = 0
            for p in params {
                if k < args.labels.count, args.labels[k] == p.firstName.text { k += 1; continue }
                if p.defaultValue == nil { return false }
            }
            return k == args.labels.count
        }
    }

    /// Runs a convenience initializer of an extension of a UIKit type: its `self.init(…)` makes
    /// the UIKit object, and the rest of the body configures it.
    func runExtensionInitializer(_ type: String, _ i: InitializerDeclSyntax, _ args: Arguments, _ scope: Scope, _ node: FunctionCallExprSyntax) throws(SwiftImportError) -> Value {
        let inner = Scope(parent: nil, selfValue: .typeName(Self.uninitialized + type))
        var remaining = args.items[...]
        for p in i.signature.parameterClause.parameters {
            let local = (p.secondName ?? p.firstName).text
            if let item = remaining.first, item.label == (p.firstName.text == "_" ? nil : p.firstName.text) {
                inner.names[local] = try eval(item.expr, scope, hint: p.type.trimmedDescription)
                remaining = remaining.dropFirst()
            } else if let d = p.defaultValue {
                inner.names[local] = try eval(d.value, inner, hint: p.type.trimmedDescription)
            }
        }
        if let b = i.body { _ = try enterCall(node, "this initialization of \(type)") { () throws(SwiftImportError) -> Flow in try run(b.statements, inner) } }
        if case let .typeName(t)? = inner.selfValue, t.hasPrefix(Self.uninitialized) {
            throw fail(.unsupported, i, "this initializer of \(type) never calls self.init(…), so the importer cannot make the object")
        }
        return inner.selfValue ?? .void
    }

    /// The geometry or colour type whose initializer has these labels.
    static func typeForInitLabels(_ labels: [String]) -> String? {
        switch labels {
        case ["x", "y", "width", "height"], ["origin", "size"]: return "CGRect"
        case ["x", "y"]: return "CGPoint"
        case ["width", "height"]: return "CGSize"
        case ["dx", "dy"]: return "CGVector"
        case ["scaleX", "y"], ["rotationAngle"], ["translationX", "y"], ["a", "b", "c", "d", "tx", "ty"]: return "CGAffineTransform"
        case ["red", "green", "blue", "alpha"], ["white", "alpha"], ["hue", "saturation", "brightness", "alpha"]: return "UIColor"
        default: return nil
        }
    }

    /// The overload a call means, told apart by its argument labels as Swift does (a parameter
    /// with a default value may be left out).
    /// The name of the class, struct or extension whose body holds `node`.
    static func enclosingTypeName(_ node: Syntax) -> String? {
        var p = node.parent
        while let c = p {
            if let d = c.as(ClassDeclSyntax.self) { return d.name.text }
            if let d = c.as(StructDeclSyntax.self) { return d.name.text }
            if let d = c.as(ExtensionDeclSyntax.self) { return d.extendedType.trimmedDescription }
            p = c.parent
        }
        return nil
    }

    /// A `static` or `class` function: a member of the type, not of its instances.
    static func isStatic(_ f: FunctionDeclSyntax) -> Bool { f.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" } }

    func overload(_ candidates: [FunctionDeclSyntax], _ args: Arguments) -> FunctionDeclSyntax? {
        guard candidates.count > 1 else { return candidates.first }
        let labels = args.labels
        // The number of parameters left to their default values, or nil when the labels do not fit.
        func defaulted(_ f: FunctionDeclSyntax) -> Int? {
            var i = 0
            var defaults = 0
            for p in f.signature.parameterClause.parameters {
                if i < labels.count, labels[i] == p.firstName.text || (labels[i] == "_" && p.firstName.text == "_") { i += 1; continue }
                if p.defaultValue != nil { defaults += 1; continue }
                return nil
            }
            return i == labels.count ? defaults : nil
        }
        // Swift prefers the overload that leaves fewer parameters to their defaults:
        // `transition(presenting:)` over `transition(presenting:animated: = true)`.
        let fitting = candidates.compactMap { f in defaulted(f).map { (f, $0) } }
        return fitting.min { $0.1 < $1.1 }?.0 ?? candidates.first
    }
}
