// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry
import SwiftSyntax

extension Evaluator {
    // MARK: - UIView class methods, CATransaction

    func staticCall(_ type: String, _ name: String, _ args: Arguments, _ scope: Scope, _ node: FunctionCallExprSyntax) throws(SwiftImportError) -> Value {
        let sig = args.signature(name)
        switch (type, name) {
        case ("UIApplication", "value") where sig == "value(forKeyPath:)" || sig == "value(forKey:)":
            // Key-value coding on the class: `UIApplication.value(forKeyPath: #keyPath(UIApplication.shared))`.
            guard let item = args.items.first, case let .string(key) = try eval(item.expr, scope), key.split(separator: ".").last == "shared" else {
                throw fail(.unsupported, node, "only the key path 'shared' of UIApplication is supported")
            }
            return .enumCase("application", [])
        case ("NSLayoutConstraint", "activate"), ("NSLayoutConstraint", "deactivate"):
            try activate(try arg(args, nil, scope, hint: nil), name == "activate", node)
            return .void
        case ("DispatchTime", "now") where args.items.isEmpty:
            return .double(now)
        case ("DispatchQueue.main", "asyncAfter"), ("DispatchQueue.main", "async"):
            // The main queue runs the block after the current code returns: at the deadline
            // (seconds since the transition began, as DispatchTime.now() reads here), or at once.
            var time = now
            if name == "asyncAfter" { time = max(now, try num(args, "deadline", scope)) }
            guard let block = args.items.last(where: { $0.label != "deadline" && $0.label != "qos" && $0.label != "flags" }) else {
                throw fail(.invalidValue, node, "\(sig) has no block to run", hint: "pass the work as execute: or a trailing closure")
            }
            schedule(at: time, try eval(block.expr, scope), [], node)
            return .void
        case ("UIView", "animate"):
            // animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:) and its shorter forms.
            let allowed: Set<String> = ["withDuration", "delay", "usingSpringWithDamping", "initialSpringVelocity", "options", "animations", "completion"]
            guard args.labels.allSatisfy(allowed.contains), args.has("withDuration"), args.has("animations") else {
                throw unsupportedCall("UIView.\(sig)", node, hint: "UIView.animate(withDuration:delay:options:animations:completion:) and the spring form (usingSpringWithDamping:initialSpringVelocity:) are supported")
            }
            let duration = try num(args, "withDuration", scope)
            let delay = try num(args, "delay", scope, default: 0)
            let options = try optionNames(args, scope)
            var timing = try curveOption(options, node)
            if args.has("usingSpringWithDamping") {
                timing = .uikitSpring(dampingRatio: try num(args, "usingSpringWithDamping", scope), velocity: try num(args, "initialSpringVelocity", scope, default: 0))
            }
            var extra: [(String, Node)] = []
            if options.contains("autoreverse") { extra.append(("autoreverses", recorder.bool(true))) }
            if options.contains("repeat") { extra.append(("repeatCount", recorder.plain("inf"))) }
            for o in options where !Self.curveOptions.keys.contains(o) && !["autoreverse", "repeat"].contains(o) && !Self.optionsWithoutEffect.contains(o) {
                throw fail(.unsupported, args.expr("options") ?? ExprSyntax(node), "the animation option .\(o) is not supported",
                           hint: "supported: .curveEaseInOut, .curveEaseIn, .curveEaseOut, .curveLinear, .autoreverse, .repeat")
            }
            let begin = now + delay
            try runBlock(try arg(args, "animations", scope, hint: nil), context: .basic(begin: begin, duration: duration, timing: timing, extra: extra), node)
            if let completion = args.expr("completion") {
                schedule(at: begin + duration, try eval(completion, scope), [.bool(true)], node)
            }
            return .void
        case ("UIView", "animateKeyframes"):
            guard args.has("withDuration"), args.has("animations") else { throw unsupportedCall("UIView.\(sig)", node) }
            let duration = try num(args, "withDuration", scope)
            let delay = try num(args, "delay", scope, default: 0)
            var options = try optionNames(args, scope)
            for o in options where !o.hasPrefix("calculationMode") && Self.curveOptions[o] == nil && !Self.optionsWithoutEffect.contains(o) {
                throw fail(.unsupported, args.expr("options").map(Syntax.init) ?? Syntax(node), "the keyframe option .\(o) is not supported",
                           hint: "supported: .calculationModeLinear, .calculationModeDiscrete, .calculationModePaced, .calculationModeCubic, .calculationModeCubicPaced and the curve options")
            }
            options.removeAll { Self.optionsWithoutEffect.contains($0) }
            if options.contains("curveEaseInOut") { options.removeAll { $0 == "curveEaseInOut" } }
            let group = GroupRecord(begin: now + delay, duration: duration, options: options)
            group.source = program.place(of: node)
            try runBlock(try arg(args, "animations", scope, hint: nil), context: .group(group), node)
            recorder.group(group)
            if let completion = args.expr("completion") {
                schedule(at: now + delay + duration, try eval(completion, scope), [.bool(true)], node)
            }
            return .void
        case ("UIView", "addKeyframe"):
            guard case let .group(group)? = animationStack.last else {
                throw fail(.invalidValue, node, "UIView.addKeyframe is called outside UIView.animateKeyframes",
                           hint: "call it inside the animations block of UIView.animateKeyframes")
            }
            let start = try num(args, "withRelativeStartTime", scope)
            let duration = try num(args, "relativeDuration", scope)
            try runBlock(try arg(args, "animations", scope, hint: nil), context: .keyframe(group, start: start, duration: duration), node)
            return .void
        case ("UIView", "performWithoutAnimation"):
            try runBlock(try arg(args, args.items.first?.label, scope, hint: nil), context: .none, node)
            return .void
        case ("UIView", "transition"):
            return try viewTransition(args, scope, node)
        case ("CATransaction", "begin"):
            transactions.append(Transaction())
            return .void
        case ("CATransaction", "commit"):
            guard let t = transactions.popLast() else { throw fail(.invalidValue, node, "CATransaction.commit() without begin()") }
            if let c = t.completion { schedule(at: max(t.end, now), c, [], node) }
            return .void
        case ("CATransaction", "setAnimationDuration"):
            guard let t = transactions.last else { throw fail(.invalidValue, node, "CATransaction.setAnimationDuration outside begin()/commit()") }
            t.duration = try num(args, nil, scope)
            return .void
        case ("CATransaction", "setAnimationTimingFunction"):
            guard let t = transactions.last, case let .timing(f) = try arg(args, nil, scope, hint: nil) else {
                throw fail(.invalidValue, node, "CATransaction.setAnimationTimingFunction needs a CAMediaTimingFunction inside begin()/commit()")
            }
            t.timing = f
            return .void
        case ("CATransaction", "setCompletionBlock"):
            guard let t = transactions.last else { throw fail(.invalidValue, node, "CATransaction.setCompletionBlock outside begin()/commit()") }
            t.completion = try arg(args, args.items.first?.label, scope, hint: nil)
            return .void
        case ("CATransaction", "setDisableActions"):
            // View-backed layers never animate implicitly; the flag changes nothing here.
            return .void
        default:
            throw unsupportedCall("\(type).\(sig)", node)
        }
    }

    /// Options that change nothing in a rendered transition: no touches arrive, no animation is in
    /// flight when a block begins, and `.layoutSubviews` runs a layout pass that only views laying
    /// out their subviews in code would answer (the importer's views keep their subviews' frames;
    /// constraint changes take effect through `layoutIfNeeded()`).
    static let optionsWithoutEffect: Set<String> = ["allowUserInteraction", "beginFromCurrentState", "layoutSubviews", "overrideInheritedDuration", "overrideInheritedCurve", "overrideInheritedOptions", "allowAnimatedContent"]
    static let curveOptions: [String: String] = ["curveEaseInOut": "easeInEaseOut", "curveEaseIn": "easeIn", "curveEaseOut": "easeOut", "curveLinear": "linear"]

    func optionNames(_ args: Arguments, _ scope: Scope) throws(SwiftImportError) -> [String] {
        guard let e = args.expr("options") else { return [] }
        let v = try eval(e, scope, hint: nil)
        switch v {
        case let .enumCase(n, _): return [n]
        case let .array(items):
            var out: [String] = []
            for item in items {
                guard case let .enumCase(n, _) = item else { throw fail(.invalidValue, e, "expected animation options such as [.curveEaseOut]") }
                out.append(n)
            }
            return out
        default: throw fail(.invalidValue, e, "expected animation options such as [.curveEaseOut], found \(v.typeDescription)")
        }
    }

    func curveOption(_ options: [String], _ node: some SyntaxProtocol) throws(SwiftImportError) -> TimingValue {
        let curves = options.compactMap { Self.curveOptions[$0] }
        if curves.count > 1 { throw fail(.invalidValue, node, "more than one curve option: \(options.joined(separator: ", "))") }
        return .named(curves.first ?? "easeInEaseOut")
    }

    func runBlock(_ block: Value, context: AnimationContext, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        animationStack.append(context)
        blockOriginals.append([:])
        defer { animationStack.removeLast(); blockOriginals.removeLast() }
        _ = try invokeClosure(block, [], node)
    }

    func schedule(at time: Double, _ block: Value, _ arguments: [Value], _ node: some SyntaxProtocol) {
        pendingOrder += 1
        let syntax = Syntax(node)
        pending.append((time, pendingOrder, { [unowned self] () throws(SwiftImportError) in _ = try self.invokeClosure(block, arguments, syntax) }))
    }

    // MARK: - UIViewPropertyAnimator

    func propertyAnimator(_ args: Arguments, _ scope: Scope, _ node: FunctionCallExprSyntax) throws(SwiftImportError) -> Value {
        let duration = try num(args, "duration", scope)
        let timing: TimingValue
        switch args.labels.filter({ $0 != "animations" }) {
        case ["duration", "curve"]: timing = try curve(try arg(args, "curve", scope, hint: nil), node)
        case ["duration", "controlPoint1", "controlPoint2"]:
            let p1 = try point(try arg(args, "controlPoint1", scope, hint: nil), node, "controlPoint1")
            let p2 = try point(try arg(args, "controlPoint2", scope, hint: nil), node, "controlPoint2")
            timing = .controlPoints(p1.x, p1.y, p2.x, p2.y)
        case ["duration", "dampingRatio"]: timing = .uikitSpring(dampingRatio: try num(args, "dampingRatio", scope), velocity: 0)
        case ["duration", "timingParameters"]:
            guard case let .timing(t) = try arg(args, "timingParameters", scope, hint: nil) else {
                throw fail(.invalidValue, node, "expected UISpringTimingParameters or UICubicTimingParameters")
            }
            timing = t
        default:
            throw unsupportedCall("UIViewPropertyAnimator" + args.signature("").dropFirst(0), node,
                                  hint: "supported: UIViewPropertyAnimator(duration:curve:animations:), (duration:controlPoint1:controlPoint2:animations:), (duration:dampingRatio:animations:), (duration:timingParameters:)")
        }
        let p = PropertyAnimator(duration: duration, timing: timing)
        if let a = args.expr("animations") { p.blocks.append((try eval(a, scope), 0)) }
        return .propertyAnimator(p)
    }

    func propertyAnimatorMethod(_ p: PropertyAnimator, _ sig: String, _ args: Arguments, _ scope: Scope, _ node: FunctionCallExprSyntax) throws(SwiftImportError) -> Value {
        switch sig {
        case "addAnimations(_:)", "addAnimations(_:delayFactor:)":
            let block = try eval(args.items[0].expr, scope)
            let factor = try num(args, "delayFactor", scope, default: 0)
            guard (0 ... 1).contains(factor) else { throw fail(.invalidValue, node, "delayFactor must be between 0 and 1") }
            if p.started { throw fail(.unsupported, node, "adding animations to a running property animator is not supported", hint: "add them before startAnimation()") }
            p.blocks.append((block, factor))
            return .void
        case "addCompletion(_:)":
            p.completions.append(try eval(args.items[0].expr, scope))
            return .void
        case "startAnimation()", "startAnimation(afterDelay:)":
            try start(p, at: now + (try num(args, "afterDelay", scope, default: 0)), node)
            return .void
        case "stopAnimation(_:)", "finishAnimation(at:)", "pauseAnimation()", "continueAnimation(withTimingParameters:durationFactor:)":
            throw unsupportedCall(sig, node, hint: "the importer plays property animators from start to end")
        default:
            throw unsupportedCall(sig, node, hint: "UIViewPropertyAnimator: addAnimations(_:), addAnimations(_:delayFactor:), addCompletion(_:), startAnimation(), startAnimation(afterDelay:)")
        }
    }

    func start(_ p: PropertyAnimator, at start: Double, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        guard !p.started else { return }
        p.started = true
        for (block, factor) in p.blocks {
            // Apple: the block starts after delayFactor × duration and ends with the animator.
            let begin = start + factor * p.duration
            let duration = p.duration * (1 - factor)
            var timing = p.timing
            if case .caSpring = timing {} else if duration <= 0 { timing = .named("linear") }
            let d: Double? = { if case .caSpring = timing { return nil }; return duration }()
            let first = recorder.animations.count
            try runBlock(block, context: .basic(begin: begin, duration: d, timing: timing, extra: []), node)
            p.recorded += Array(first ..< recorder.animations.count)
        }
        var end = start + p.duration
        if case let .caSpring(m, k, c, _) = p.timing {
            end = start + Self.settlingDuration(mass: m, stiffness: k, damping: c)
        }
        for completion in p.completions { schedule(at: end, completion, [.enumCase("end", [])], node) }
    }

    /// When a CA spring has settled (to 0.1 % of its travel), as CASpringAnimation.settlingDuration.
    static func settlingDuration(mass: Double, stiffness: Double, damping: Double) -> Double {
        let w0 = (stiffness / mass).squareRoot(), zeta = damping / (2 * (stiffness * mass).squareRoot())
        if zeta < 1 { return -log(0.001) / (zeta * w0) }
        return -log(0.001) / (w0 * (zeta - (zeta * zeta - 1).squareRoot()))
    }

    // MARK: - Core Animation

    func setCAProperty(_ a: CAAnimationObject, _ name: String, _ value: Value, _ node: some SyntaxProtocol, _ scope: Scope) throws(SwiftImportError) {
        // A property the module's extension of the animation's class declares: its setter runs.
        if let type = program.types[receiverTypeName(.caAnimation(a), member: name)], let p = type.properties[name], !p.isStatic {
            guard case let .accessors(list)? = p.binding.accessorBlock?.accessors,
                  let setter = list.first(where: { $0.accessorSpecifier.text == "set" }), let b = setter.body else {
                throw fail(.invalidValue, node, "'\(name)' of the module's extension of \(type.name) has no setter: it cannot be assigned",
                           hint: "give it a set { } accessor, or set what its getter reads")
            }
            let inner = Scope(parent: nil, selfValue: .caAnimation(a))
            inner.names[setter.parameters?.name.text ?? "newValue"] = value
            _ = try enterCall(node, "this set of '\(name)'") { () throws(SwiftImportError) -> Flow in try run(b.statements, inner) }
            return
        }
        let allowed: Set<String> = ["fromValue", "toValue", "byValue", "duration", "beginTime", "timingFunction", "repeatCount", "autoreverses",
                                    "fillMode", "isRemovedOnCompletion", "isAdditive", "speed", "timeOffset", "keyPath", "values", "keyTimes",
                                    "calculationMode", "timingFunctions", "mass", "stiffness", "damping", "initialVelocity", "delegate", "animations",
                                    "repeatDuration"]
        guard allowed.contains(name) else {
            throw fail(.unsupported, node, "setting '\(name)' of \(a.className) is not supported",
                       hint: "supported: fromValue, toValue, byValue, duration, beginTime, timingFunction, repeatCount, autoreverses, fillMode, isRemovedOnCompletion, isAdditive, speed, timeOffset, values, keyTimes, calculationMode, timingFunctions, mass, stiffness, damping, initialVelocity")
        }
        if name == "delegate" {
            // A CAAnimationDelegate of the module: animationDidStart and animationDidStop run at
            // the animation's start and end.
            switch value {
            case let .object(i) where i.type.functions["animationDidStop"] != nil || i.type.functions["animationDidStart"] != nil: break
            case .none: break
            default:
                throw fail(.unsupported, node, "this animation delegate is not supported",
                           hint: "use an object of the module with animationDidStop(_:finished:), or CATransaction.setCompletionBlock")
            }
        }
        if name == "keyPath", case let .string(k) = value { a.keyPath = k; return }
        // No repeat, written out: CAMediaTiming's default.
        if name == "repeatDuration", (try? double(value, node, name)) == 0 { return }
        a.properties[name] = Self.colorsGivenAsText(value)
    }

    /// A colour the scene gave with bind: is text ("#FF9500"); where an animation's value
    /// stands for a CGColor it is that colour.
    static func colorsGivenAsText(_ value: Value) -> Value {
        switch value {
        case let .string(s) where s.hasPrefix("#"): return hexColor(s).map(Value.color) ?? value
        case let .array(items): return .array(items.map(colorsGivenAsText))
        default: return value
        }
    }

    /// The scene key path for a Core Animation key path.
    func sceneKeyPath(_ k: String, _ node: some SyntaxProtocol) throws(SwiftImportError) -> String {
        let known = ["opacity", "position", "position.x", "position.y", "bounds.size", "bounds.origin", "backgroundColor", "cornerRadius", "transform",
                     "path", "fillColor", "strokeColor", "lineWidth", "strokeStart", "strokeEnd", "shadowPath",
                     "transform.rotation.x", "transform.rotation.y", "transform.rotation.z", "transform.scale", "transform.scale.x", "transform.scale.y",
                     "transform.translation.x", "transform.translation.y", "transform.translation.z", "zPosition", "borderWidth", "borderColor", "hidden"]
        if k == "transform.rotation" { return "transform.rotation.z" }
        if known.contains(k) || Self.gradientKeyPaths.contains(k) { return k }
        throw fail(.unsupported, node, "the key path \"\(k)\" is not supported", hint: "supported key paths: \(known.joined(separator: ", "))")
    }

    func addCAAnimation(_ a: CAAnimationObject, to v: ViewObject, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        if a.className == "CAAnimationGroup" { return try addGroup(a, to: v, node) }
        guard let k = a.keyPath else { throw fail(.invalidValue, node, "the animation has no key path", hint: "create it with CABasicAnimation(keyPath: \"opacity\")") }
        let keyPath = try sceneKeyPath(k, node)
        let p = a.properties
        let t = transactions.last
        // A duration of 0 (unset) takes the transaction's, else Core Animation's 0.25 s.
        var duration: Double? = try p["duration"].map { v throws(SwiftImportError) -> Double? in
            if case .enumCase("settlingDuration", _) = v { return nil }
            return try double(v, node, "duration")
        } ?? nil
        let settling: Bool = { if case .enumCase("settlingDuration", _)? = p["duration"] { return true }; return false }()
        if !settling, duration == nil || duration == 0 { duration = t?.duration ?? 0.25 }
        // beginTime is in the layer's time: CACurrentMediaTime() + x starts x seconds from now; 0 means now.
        var begin = now
        if let b = p["beginTime"] { let bt = try double(b, node, "beginTime"); if bt != 0 { begin = bt } }
        var extra: [(String, Node)] = []
        if let r = p["repeatCount"] {
            let n = try double(r, node, "repeatCount")
            extra.append(("repeatCount", n.isInfinite || n == .greatestFiniteMagnitude ? recorder.plain("inf") : recorder.number(n)))
        }
        if case .bool(true)? = p["autoreverses"] { extra.append(("autoreverses", recorder.bool(true))) }
        if case .bool(true)? = p["isAdditive"] { extra.append(("additive", recorder.bool(true))) }
        if let s = p["speed"] { extra.append(("speed", recorder.number(try double(s, node, "speed")))) }
        if let o = p["timeOffset"] { extra.append(("timeOffset", recorder.number(try double(o, node, "timeOffset")))) }
        // After its end a removed animation shows the model value again (CA's default).
        var fill = "removed"
        if case let .enumCase(f, _)? = p["fillMode"] { fill = f }
        let removed: Bool = { if case .bool(false)? = p["isRemovedOnCompletion"] { return false }; return true }()
        let fillMode = removed ? (fill == "backwards" || fill == "both" ? "backwards" : "removed") : fill
        extra.append(("fillMode", recorder.plain(fillMode)))
        var timing: TimingValue? = .named("linear")
        if case let .timing(f)? = p["timingFunction"] { timing = f } else if let f = t?.timing { timing = f }
        if a.className == "CASpringAnimation" {
            let m = try p["mass"].map { v throws(SwiftImportError) in try double(v, node, "mass") } ?? 1
            let s = try p["stiffness"].map { v throws(SwiftImportError) in try double(v, node, "stiffness") } ?? 100
            let d = try p["damping"].map { v throws(SwiftImportError) in try double(v, node, "damping") } ?? 10
            let iv = try p["initialVelocity"].map { v throws(SwiftImportError) in try double(v, node, "initialVelocity") } ?? 0
            timing = .caSpring(mass: m, stiffness: s, damping: d, velocity: iv)
        }
        let layer = recorder.id(v)
        if a.className == "CAKeyframeAnimation" {
            guard case let .array(values)? = p["values"] else { throw fail(.invalidValue, node, "the keyframe animation has no values", hint: "set values = [...]") }
            // A value the layer cannot take is an error at the animation, not a crash.
            var valueNodes: [Node] = []
            for value in values { valueNodes.append(recorder.node(try conformCA(value, keyPath), keyPath: keyPath)) }
            var kf: [(String, Node)] = [("values", recorder.list(valueNodes, flow: true))]
            if case let .array(times)? = p["keyTimes"] {
                var ts: [Double] = []
                for x in times { ts.append(try double(x, node, "keyTimes")) }
                kf.append(("keyTimes", recorder.numbers(ts)))
            }
            if case let .enumCase(mode, _)? = p["calculationMode"] { kf.append(("calculationMode", recorder.plain(mode))) }
            if case let .array(fs)? = p["timingFunctions"] {
                kf.append(("timingFunctions", recorder.list(fs.compactMap { f in if case let .timing(t) = f { return recorder.timing(t, duration: nil) }; return nil }, flow: true)))
            }
            extra.insert(("keyframes", recorder.map(kf, flow: true)), at: 0)
            if p["timingFunction"] == nil { timing = nil }
            recorder.basic(layer: layer, keyPath: keyPath, from: nil, to: nil, begin: begin, duration: duration, timing: timing, extra: extra,
                           source: program.place(of: node))
        } else {
            // fromValue / toValue / byValue, as CABasicAnimation's documentation combines them;
            // "the current presentation value" is the model value here.
            let from = try p["fromValue"].map { v throws(SwiftImportError) in try conformCA(v, keyPath) }
            let to = try p["toValue"].map { v throws(SwiftImportError) in try conformCA(v, keyPath) }
            let by = try p["byValue"].map { v throws(SwiftImportError) in try conformCA(v, keyPath) }
            let current = try currentValue(v, keyPath, node)
            let pair: (Value, Value)
            switch (from, to, by) {
            case let (f?, t?, _): pair = (f, t)
            case let (f?, nil, b?): pair = (f, try add(f, b, node))
            case let (nil, t?, b?): pair = (try add(t, b, node, subtract: true), t)
            case let (f?, nil, nil): pair = (f, current)
            case let (nil, t?, nil): pair = (current, t)
            case let (nil, nil, b?): pair = (current, try add(current, b, node))
            case (nil, nil, nil):
                throw fail(.invalidValue, node, "the animation has no fromValue, toValue or byValue, so it animates nothing",
                           hint: "give toValue (and fromValue or byValue)")
            }
            recorder.basic(layer: layer, keyPath: keyPath, from: pair.0, to: pair.1, begin: begin, duration: duration, timing: timing, extra: extra,
                           source: program.place(of: node))
        }
        var length = duration ?? {
            if case let .caSpring(m, s, d, _)? = timing { return Self.settlingDuration(mass: m, stiffness: s, damping: d) }
            return 0.25
        }()
        if let r = p["repeatCount"], let n = number(r), n.isFinite { length *= max(n, 1) }
        if case .bool(true)? = p["autoreverses"] { length *= 2 }
        if let t { t.end = max(t.end, begin + length) }
        if case let .object(delegate)? = p["delegate"] {
            if let f = delegate.type.functions["animationDidStart"]?.first {
                schedule(at: begin, .function(FunctionRef(decl: f, receiver: .object(delegate), type: delegate.type)), [.caAnimation(a)], node)
            }
            if let f = delegate.type.functions["animationDidStop"]?.first {
                schedule(at: begin + length, .function(FunctionRef(decl: f, receiver: .object(delegate), type: delegate.type)), [.caAnimation(a), .bool(true)], node)
            }
        }
    }

    /// A CAAnimationGroup: each of its animations runs in the group's time, so a child without
    /// a duration takes the group's, its beginTime counts from the group's, and the group's
    /// timing function applies to a child that has none of its own.
    func addGroup(_ g: CAAnimationObject, to v: ViewObject, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        guard case let .array(children)? = g.properties["animations"] else {
            throw fail(.invalidValue, node, "the animation group has no animations", hint: "set group.animations = [a, b]")
        }
        let groupDuration = try g.properties["duration"].map { x throws(SwiftImportError) in try double(x, node, "duration") } ?? 0
        let groupBegin = try g.properties["beginTime"].map { x throws(SwiftImportError) in try double(x, node, "beginTime") } ?? 0
        for case let .caAnimation(child) in children {
            let copy = CAAnimationObject(className: child.className, keyPath: child.keyPath)
            copy.properties = child.properties
            let childDuration = try child.properties["duration"].map { x throws(SwiftImportError) in try double(x, node, "duration") } ?? 0
            if childDuration == 0, groupDuration > 0 { copy.properties["duration"] = .double(groupDuration) }
            let childBegin = try child.properties["beginTime"].map { x throws(SwiftImportError) in try double(x, node, "beginTime") } ?? 0
            if groupBegin != 0 || childBegin != 0 { copy.properties["beginTime"] = .double(groupBegin + childBegin) }
            if let t = g.properties["timingFunction"] {
                if child.properties["timingFunction"] != nil {
                    throw fail(.unsupported, node, "a group's timing function over children with their own is not supported",
                               hint: "give the timing function to the group or to its animations, not both")
                }
                copy.properties["timingFunction"] = t
            }
            for key in ["fillMode", "isRemovedOnCompletion", "repeatCount", "autoreverses", "speed"] where g.properties[key] != nil {
                copy.properties[key] = g.properties[key]
            }
            try addCAAnimation(copy, to: v, node)
        }
        // The group's delegate hears of the group: its start, and its end after its duration.
        if case let .object(delegate)? = g.properties["delegate"] {
            let start = now + groupBegin
            if let f = delegate.type.functions["animationDidStart"]?.first {
                schedule(at: start, .function(FunctionRef(decl: f, receiver: .object(delegate), type: delegate.type)), [.caAnimation(g)], node)
            }
            if let f = delegate.type.functions["animationDidStop"]?.first {
                schedule(at: start + (groupDuration > 0 ? groupDuration : 0.25), .function(FunctionRef(decl: f, receiver: .object(delegate), type: delegate.type)),
                         [.caAnimation(g), .bool(true)], node)
            }
        }
    }

    func conformCA(_ v: Value, _ keyPath: String) throws(SwiftImportError) -> Value {
        if case let .int(i) = v { return .double(Double(i)) }
        return v
    }

    func add(_ a: Value, _ b: Value, _ node: some SyntaxProtocol, subtract: Bool = false) throws(SwiftImportError) -> Value {
        let s = subtract ? -1.0 : 1.0
        switch (a, b) {
        case let (.point(p), .point(q)): return .point(Point(x: p.x + s * q.x, y: p.y + s * q.y))
        case let (.size(p), .size(q)): return .size(Size(width: p.width + s * q.width, height: p.height + s * q.height))
        default:
            if let x = number(a), let y = number(b) { return .double(x + s * y) }
            throw fail(.unsupported, node, "byValue for \(a.typeDescription) is not supported", hint: "give fromValue and toValue")
        }
    }

    /// The model value of a scene key path.
    func currentValue(_ v: ViewObject, _ keyPath: String, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        let m = v.transform.matrix
        switch keyPath {
        case "opacity": return v.model[.opacity] ?? .double(1)
        case "position": return .point(v.position)
        case "position.x": return .double(v.position.x)
        case "position.y": return .double(v.position.y)
        case "bounds.size": return .size(v.size)
        case "cornerRadius": return v.model[.cornerRadius] ?? .double(0)
        case "zPosition": return v.model[.zPosition] ?? .double(0)
        case "borderWidth": return v.model[.borderWidth] ?? .double(0)
        case "backgroundColor": return v.model[.backgroundColor] ?? .color(ColorValue(r: 0, g: 0, b: 0, a: 0, name: "clear"))
        case "borderColor": return v.model[.borderColor] ?? .color(ColorValue(r: 0, g: 0, b: 0, a: 1, name: "black"))
        case "transform": return .transform(v.transform)
        case "shadowPath":
            return v.model[.shadowPath] ?? .none
        case "path", "fillColor", "strokeColor", "lineWidth", "strokeStart", "strokeEnd":
            guard let p = Self.shapeProperties[keyPath], let value = v.model[p] else {
                throw fail(.unsupported, node, "\(keyPath) needs fromValue here: the layer has no \(keyPath)")
            }
            return value
        case "transform.scale", "transform.scale.x", "transform.scale.y", "transform.rotation.x", "transform.rotation.y", "transform.rotation.z",
             "transform.translation.x", "transform.translation.y", "transform.translation.z":
            guard v.transform.isIdentity else {
                throw fail(.unsupported, node, "animating \(keyPath) without fromValue on a layer whose transform is not the identity is not supported",
                           hint: "give fromValue")
            }
            _ = m
            return .double(keyPath.hasPrefix("transform.scale") ? 1 : 0)
        default:
            if let g = gradientValue(v, keyPath) { return g }
            throw fail(.unsupported, node, "\(keyPath) needs fromValue and toValue here")
        }
    }

    // MARK: - Running the animator

    func runAnimator(_ type: TypeDecl, _ request: SwiftImportRequest) throws(SwiftImportError) -> ImportedTransition {
        var given: [(String, Value)] = []
        let initNode = type.node
        for (k, v) in request.initArguments { given.append((k, try value(of: v, initNode))) }
        let animator = try instantiate(type, given, initNode, args: nil, scope: nil)
        guard let f = type.functions["animateTransition"]?.first else {
            throw fail(.noAnimator, type.node, "\(type.name) has no animateTransition(using:)")
        }
        kind = transitionKind(animator, type, request)
        if kind.operation == .dismiss, kind.presentationStyle != .fullScreen {
            // The presenter's view never left the window: it shows under the container until
            // the code puts it somewhere else.
            let presenter = toController.view
            presenter.model[.hidden] = .bool(false); presenter.initial[.hidden] = .bool(false)
            presenter.attached = true; presenter.attachedInitially = true
            presenter.superview = container
            container.subviews.insert(presenter, at: 0)
        }
        transitionDurationValue = try? transitionDuration(animator, type)
        if let controller = try presentationControllerType(request, at: type.node) { try beginPresentation(controller, request) }
        let scope = Scope(parent: nil, selfValue: animator)
        if let p = f.signature.parameterClause.parameters.first { scope.names[(p.secondName ?? p.firstName).text] = .context }
        // An interaction controller that implements startInteractiveTransition(_:) runs the
        // transition itself: UIKit does not call animateTransition(using:) then.
        let drivenType = try request.interactive.map { r throws(SwiftImportError) in try interactionControllerType(r, animator: type) }.flatMap { drivesItself($0) ? $0 : nil }
        if let drivenType, let r = request.interactive {
            try runDrivenInteraction(drivenType, r)
        } else if let b = f.body {
            _ = try run(b.statements, scope)
            if request.interactive != nil { try scrubInterruptibleAnimator(animator, type) }
        }
        // The run loop's layout pass after each turn: constraints the code changed without
        // `layoutIfNeeded()` take effect, unanimated, before the next frame.
        try endOfTurn(f)
        // Completion blocks, in time order (ties in the order they were scheduled).
        while !pending.isEmpty {
            let next = pending.indices.min { (pending[$0].time, pending[$0].order) < (pending[$1].time, pending[$1].order) }!
            let item = pending.remove(at: next)
            now = max(now, item.time)
            try item.run()
            try endOfTurn(f)
        }
        if let t = transactions.first {
            _ = t
            throw fail(.invalidValue, f, "CATransaction.begin() without commit()")
        }
        var duration = completedAt ?? 0
        for (i, node) in recorder.animations.enumerated() where !recorder.stepIndices.contains(i) {
            duration = max(duration, end(of: node) - request.begin)
        }
        if duration <= 0, let d = try? transitionDuration(animator, type) { duration = d }
        let interaction = drivenType != nil ? nil : try request.interactive.map { r throws(SwiftImportError) in try runInteraction(r, animator: type) }
        // A finger that finishes the transition plays it to its end, where UIKit takes the from
        // view away as it does for a transition that runs by itself.
        if let interaction, interaction.finishes, let at = completedAt, let node = completedNode, kind.removesFromViewOnCompletion,
           fromController.view.attached {
            // The step ends at the completion (a step lasts a millisecond), so the finger's
            // finishing animation is not made longer.
            now = max(at - 0.001, 0)
            fromController.view.attached = false
            try updateVisibility(fromController.view, node)
        }
        var warnings = codeWarnings
        if completedAt == nil {
            let p = program.place(of: f.name)
            warnings.append(SwiftImportError(.invalidValue, file: p.file, line: p.line, column: p.column,
                                             "\(type.name).animateTransition(using:) never calls completeTransition(_:): in UIKit the transition would never end and the app would stop responding",
                                             hint: "call transitionContext.completeTransition(!transitionContext.transitionWasCancelled) in the last animation's completion"))
        }
        if recorder.animations.isEmpty {
            let p = program.place(of: f.name)
            warnings.append(SwiftImportError(.invalidValue, file: p.file, line: p.line, column: p.column,
                                             "\(type.name).animateTransition(using:) changes no view: the transition renders as a cut",
                                             hint: "check that the animation blocks set properties of views in the container; bind: values the code reads from the app"))
        }
        var imported = ImportedTransition(typeName: type.name, layers: [layer(container)], animations: animationsOfViewsOnScreen(), duration: max(duration, 0.001),
                                          interaction: interaction)
        imported.warnings = warnings
        imported.kind = kind
        imported.boundOverrides = boundOverrides
        return imported
    }

    /// The recorded animations, less those of views the code never put in the container: UIKit
    /// animates them all the same, but nothing of them is on screen.
    func animationsOfViewsOnScreen() -> [Node] {
        let offscreen = Set((allViews + [fromController.view, toController.view]).filter { $0.boundLayer == nil && !$0.isDescendant(of: container) }
            .map { recorder.prefix + $0.id })
        guard !offscreen.isEmpty else { return recorder.animations }
        func target(_ m: Node.Mapping) -> String? { m.first { $0.key.scalar?.string == "layer" }?.value.scalar?.string }
        return recorder.animations.compactMap { node -> Node? in
            guard case let .mapping(m) = node else { return node }
            if let t = target(m) { return offscreen.contains(t) ? nil : node }
            guard let g = m.first(where: { $0.key.scalar?.string == "group" })?.value, case let .mapping(gm) = g,
                  let k = gm.first(where: { $0.key.scalar?.string == "keyframes" })?.value, case let .sequence(frames) = k else { return node }
            var keptFrames: [Node] = []
            for frame in frames {
                guard case var .mapping(fm) = frame, let setNode = fm.first(where: { $0.key.scalar?.string == "set" })?.value,
                      case let .mapping(sets) = setNode else { keptFrames.append(frame); continue }
                let kept = sets.filter { pair in !offscreen.contains { pair.key.scalar?.string.hasPrefix($0 + ".") == true } }
                if kept.isEmpty { continue }
                fm[Node("set")] = .mapping(Node.Mapping(Array(kept), setNode.mapping!.tag, setNode.mapping!.style, setNode.mark))
                keptFrames.append(.mapping(fm))
            }
            guard !keptFrames.isEmpty else { return nil }
            var g2 = gm
            g2[Node("keyframes")] = .sequence(Node.Sequence(keptFrames, k.sequence!.tag, k.sequence!.style, k.mark))
            var out = m
            out[Node("group")] = .mapping(g2)
            return .mapping(out)
        }
    }

    func transitionDuration(_ animator: Value, _ type: TypeDecl) throws(SwiftImportError) -> Double? {
        guard let f = type.functions["transitionDuration"]?.first, let b = f.body else { return nil }
        let scope = Scope(parent: nil, selfValue: animator)
        if let p = f.signature.parameterClause.parameters.first { scope.names[(p.secondName ?? p.firstName).text] = .context }
        return number(try body(b.statements, scope, f))
    }

    /// When a generated animation ends (begin + duration, keyframe groups: delay + duration).
    func end(of node: Node) -> Double {
        func num(_ n: Node?) -> Double { n?.scalar.flatMap { Double($0.string) } ?? 0 }
        guard case let .mapping(m) = node else { return 0 }
        func value(_ key: String, _ map: Node.Mapping) -> Node? { map.first { $0.key.scalar?.string == key }?.value }
        if let g = value("group", m), case let .mapping(gm) = g { return num(value("delay", gm)) + num(value("duration", gm)) }
        var d = num(value("duration", m))
        if value("duration", m) == nil, let t = value("timing", m), case let .mapping(tm) = t, let s = value("spring", tm), case let .mapping(sm) = s {
            d = value("duration", sm).map { num($0) } ?? Self.settlingDuration(mass: value("mass", sm).map { num($0) } ?? 1,
                                                                                  stiffness: value("stiffness", sm).map { num($0) } ?? 100,
                                                                                  damping: value("damping", sm).map { num($0) } ?? 10)
        }
        if case .scalar(let r)? = value("repeatCount", m), let n = Double(r.string) { d *= n }
        if case .scalar(let a)? = value("autoreverses", m), a.string == "true" { d *= 2 }
        return num(value("begin", m)) + d
    }

    // MARK: - Emission

    func layer(_ v: ViewObject) -> ImportedLayer {
        let r = recorder
        var props: [(String, Node)] = []
        let i = v.initial
        if case let .point(a)? = i[.anchorPoint], a != Point(x: 0.5, y: 0.5) { props.append(("anchorPoint", r.numbers([a.x, a.y]))) }
        if case let .transform(t)? = i[.transform], !t.ops.isEmpty { props.append(("transform", r.transform(t))) }
        if case let .transform(t)? = i[.sublayerTransform], !t.ops.isEmpty { props.append(("sublayerTransform", r.transform(t))) }
        if case let .double(o)? = i[.opacity], o != 1 { props.append(("opacity", r.number(o))) }
        if case .bool(true)? = i[.hidden] { props.append(("hidden", r.bool(true))) }
        if case let .color(c)? = i[.backgroundColor] { props.append(("backgroundColor", r.color(c))) }
        if case let .double(c)? = i[.cornerRadius], c != 0 { props.append(("cornerRadius", r.number(c))) }
        if case .bool(true)? = i[.masksToBounds] { props.append(("masksToBounds", r.bool(true))) }
        if case let .double(z)? = i[.zPosition], z != 0 { props.append(("zPosition", r.number(z))) }
        if case .bool(false)? = i[.doubleSided] { props.append(("doubleSided", r.bool(false))) }
        if case let .double(w)? = i[.borderWidth], w != 0 { props.append(("borderWidth", r.number(w))) }
        if case let .color(c)? = i[.borderColor] { props.append(("borderColor", r.color(c))) }
        // The shadow's keys only when the layer casts one (or animates to one).
        let shadowAnimates = v.changedLater.contains(.shadowOpacity)
        if case let .double(o)? = i[.shadowOpacity], o != 0 || shadowAnimates {
            props.append(("shadowOpacity", r.number(o)))
            if case let .double(rad)? = i[.shadowRadius] { props.append(("shadowRadius", r.number(rad))) }
            if case let .size(s)? = i[.shadowOffset] { props.append(("shadowOffset", r.numbers([s.width, s.height]))) }
            if case let .color(c)? = i[.shadowColor] { props.append(("shadowColor", r.color(c))) }
            if case let .path(p)? = i[.shadowPath] { props.append(("shadowPath", r.path(p))) }
        }
        if case .string("continuous")? = i[.cornerCurve] { props.append(("cornerCurve", r.plain("continuous"))) }
        props += shapeAndMaskKeys(v) + gradientProperties(v) + blurProperties(v)
        if let image = v.image {
            if let path = image.path { props.append(("contents", r.string(path))) }
            if v.contentMode != "scaleToFill" || image.copyOf != nil {
                props.append(("contentsGravity", r.plain(Self.contentModes[v.contentMode] ?? "resize")))
            }
        }
        if let sources = r.sources(v, keys: props.map(\.0)) { props.append(sources) }
        let id = v.id
        let children = v.subviews.filter { $0.boundLayer == nil && ($0.attached || $0.attachedInitially || $0.changedLater.contains(.hidden) || true) }
        var out = ImportedLayer(id: r.prefix + id, screen: v.screen, frame: v.initialFrame, properties: props, sublayers: children.map(layer))
        out.snapshotSize = v.snapshotSize
        out.snapshotRegion = v.snapshotRegion
        out.snapshotSourceSize = v.snapshotSourceSize
        if let copy = v.image?.copyOf {
            out.copyOf = copy
            out.snapshotSize = v.image?.size
        }
        return out
    }
}
