// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry
import SegueScene

/// flip (FlipPresentCustomTransition / FlipDismissCustomTransition), edgeSwipeBack
/// (SwipeInteractionController) — seed article 000 — and push / pop (seed article 004).
extension PresetReader {
    /// The seed's keyframe boundaries, 1/3 and 2/3 of the group.
    static let third = 1.0 / 3.0, twoThirds = 2.0 / 3.0

    func flip(_ p: PresetParams, _ ctx: PresetContext, from: ScreenDef, to: ScreenDef, dismiss forced: Bool? = nil) throws(SceneError) -> StepOutput {
        let b = NodeBuilder(at: p.node)
        let dismiss: Bool
        if let forced { dismiss = forced } else { dismiss = try p.choice("direction", among: ["present", "dismiss"], default: "present") == "dismiss" }
        let durationKey = p.preset == "edgeSwipeBack" ? "transitionDuration" : "duration"
        let duration = try p.seconds(durationKey, default: 0.72)            // fileprivate let duration = 0.72
        let delay = try p.seconds("delay", default: 0)
        let perspective = try p.number("perspective", default: 500, in: 1 ... Limits.coordinate, example: "perspective: 500") // m34 = −0.002
        let angle = ((try p.angle("angle", defaultDegrees: 90)) * 1e9).rounded() / 1e9     // π/2
        let full = Rect(x: 0, y: 0, width: ctx.canvas.width, height: ctx.canvas.height)
        let fromID = ctx.prefix + from.name, toID = ctx.prefix + to.name
        let yAxis = [0.0, 1, 0]
        var group: [(String, Node)] = [("duration", b.number(duration))]
        if ctx.begin + delay > 0 { group.append(("delay", b.number(ctx.begin + delay))) }
        group.append(("options", try flipOptions(p, b)))
        func keyframe(_ start: Double, _ target: String, _ key: String, _ value: Node) -> Node {
            b.map([("start", b.number(start)), ("duration", b.number(Self.third)), ("set", b.map([("\(target).\(key)", value)]))])
        }
        var layers: [Node]
        if !dismiss {
            // snapshotView.frame = initialFrame; its transform starts at +90° about y.
            var origin = full
            if let n = p.node("originFrame") {
                let v = try numbers(n, "originFrame", counts: [4], shape: "[x, y, width, height]", example: "originFrame: [16, 332, 358, 64]")
                origin = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
            }
            layers = [try screenLayer(from, id: fromID, frame: full),
                      try screenLayer(to, id: toID, frame: origin, extra: [("transform", b.rotation(degrees: angle, axis: yAxis))])]
            group.append(("keyframes", b.list([
                keyframe(0, fromID, "transform", b.rotation(degrees: -angle, axis: yAxis)),
                keyframe(Self.third, toID, "transform", b.rotation(degrees: 0, axis: yAxis)),
                keyframe(Self.twoThirds, toID, "frame", b.rect(full)),
            ])))
        } else {
            // toViewController.view turned to −90° beneath the snapshot of the presented screen.
            layers = [try screenLayer(to, id: toID, frame: full, extra: [("transform", b.rotation(degrees: -angle, axis: yAxis))]),
                      try screenLayer(from, id: fromID, frame: full)]
            group.append(("keyframes", b.list([
                keyframe(0, fromID, "frame", b.rect(full)),
                keyframe(Self.third, fromID, "transform", b.rotation(degrees: angle, axis: yAxis)),
                keyframe(Self.twoThirds, toID, "transform", b.rotation(degrees: 0, axis: yAxis)),
            ])))
        }
        let container = b.map([("id", b.string(ctx.prefix + "container")), ("frame", b.rect(full)),
                               ("sublayerTransform", b.list([b.map([("perspective", b.number(perspective))], flow: true)], flow: true)),
                               ("sublayers", b.list(layers))])
        return StepOutput(layers: [container], animations: [b.map([("group", b.map(group))])], duration: delay + duration)
    }

    /// The keyframe group's options: the seed's [calculationModeCubic] unless `options:` or
    /// `calculationMode:` (linear, paced, cubic, …, the mode UIKit's calculationMode… option picks) say otherwise.
    func flipOptions(_ p: PresetParams, _ b: NodeBuilder) throws(SceneError) -> Node {
        let given = p.node("options")
        guard let modeNode = p.node("calculationMode") else { return given ?? b.list([b.plain("calculationModeCubic")], flow: true) }
        let mode = try p.choice("calculationMode", among: CalculationMode.allCases.map(\.rawValue), default: "cubic")
        var items: [Node] = []
        if let given {
            if case let .sequence(list) = given { items = Array(list) } else { items = [given] }
        }
        if let clash = items.first(where: { $0.scalar?.string.hasPrefix("calculationMode") == true }) {
            throw SceneError(.invalidValue, at: location(modeNode), "'calculationMode' and the option \(Quote.string(clash.scalar?.string ?? "")) both set the calculation mode",
                             suggestion: "keep one: calculationMode: \(mode), or the option in 'options:'").with(related: location(clash))
        }
        items.append(NodeBuilder(at: modeNode).plain("calculationMode" + mode.prefix(1).uppercased() + mode.dropFirst()))
        return b.list(items, flow: true)
    }

    /// SwipeInteractionController: a screen-edge pan from the left drives the flip dismiss;
    /// progress = translation.x / 200, clamped; on release it finishes above 0.5, else cancels.
    func edgeSwipeBack(_ p: PresetParams, _ ctx: PresetContext, from: ScreenDef, to: ScreenDef) throws(SceneError) -> StepOutput {
        let b = NodeBuilder(at: p.node)
        // The finger's times and the flip's run from the step's start (StepOutput.ownClock).
        var local = ctx
        local.begin = 0
        var out = try flip(p, local, from: from, to: to, dismiss: true)
        out.ownClock = true
        let points: Node
        if let given = p.node("points") {
            if p.node("dragDistance") != nil || p.node("dragDuration") != nil {
                throw SceneError(.invalidValue, at: location(given), "give the finger's 'points', or 'dragDistance' and 'dragDuration' to synthesise them, not both",
                                 suggestion: "remove 'dragDistance'/'dragDuration', or remove 'points'")
            }
            points = given
        } else {
            // A finger that lands 2 pt from the left edge and slows down as it goes (ease-out).
            let distance = try p.number("dragDistance", default: 160, in: 0 ... Limits.coordinate, example: "dragDistance: 160")
            let length = try p.seconds("dragDuration", default: 0.6)
            guard length > 0 else {
                throw rangeError(p.node("dragDuration")!, "the finger's 'dragDuration' must be greater than 0", "write it like dragDuration: 0.6")
            }
            let start = try p.seconds("dragDelay", default: 0.2)
            let y = try p.number("y", default: ctx.canvas.height / 2, in: 0 ... Limits.coordinate, example: "y: 430")
            var samples: [Node] = []
            for i in 0 ... 4 {
                let f = Double(i) / 4
                let eased = 1 - (1 - f) * (1 - f)
                let x = 2 + distance * eased
                samples.append(b.numbers([Self.round(start + length * f), Self.round(x), Self.round(y)]))
            }
            points = b.list(samples, flow: true)
        }
        var interaction: [(String, Node)] = [
            ("gesture", b.map([("type", b.plain("screenEdgePan")), ("points", points)])),
            ("progress", p.node("progress") ?? b.string("translation.x / 200")),
        ]
        var finish: [(String, Node)] = [("progressAbove", p.node("finishAbove") ?? b.number(0.5))]
        if let v = p.node("velocityAbove") { finish.append(("velocityAbove", v)) }
        interaction.append(("finishWhen", b.map(finish, flow: true)))
        if let c = p.node("completionSpeed") { interaction.append(("completionSpeed", c)) }
        if let c = p.node("completionCurve") { interaction.append(("completionCurve", c)) }
        out.interaction = b.map(interaction)
        return out
    }

    static func round(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }

    /// push / pop. Without `animations:`, UIKit's default navigation transition: the new screen
    /// slides in from the right edge while the old one moves a third of its width to the left
    /// under a black dimming layer (opacity 0 → `dimming`, default 0.1); pop is the reverse.
    /// With `animations:`, the seed's custom animator (CustomAnimatedTransitioning): both screens
    /// in the container — push puts the destination above the source, pop the source (the
    /// screen being returned to) above the destination, as in the seed — and the given
    /// animations, whose `layer:` may say `from` or `to`, run over `duration` (the seed's 0.3 s)
    /// with UIView.animate's default easeInEaseOut.
    func push(_ p: PresetParams, _ ctx: PresetContext, from: ScreenDef, to: ScreenDef, pop: Bool) throws(SceneError) -> StepOutput {
        let b = NodeBuilder(at: p.node)
        let w = ctx.canvas.width
        let full = Rect(x: 0, y: 0, width: w, height: ctx.canvas.height)
        let dimID = ctx.prefix + "dimming"
        let delay = try p.seconds("delay", default: 0)
        let begin = ctx.begin + delay
        if let custom = p.node("animations") {
            let fromID = ctx.prefix + from.name, toID = ctx.prefix + to.name
            let duration = try p.seconds("duration", default: 0.3)
            guard case let .sequence(items) = custom else {
                throw typeError(custom, expected: "a list of animations", for: "animations",
                                example: "animations: [{layer: to, keyPath: opacity, from: 0, to: 1}]")
            }
            let layers = pop ? [try screenLayer(to, id: toID, frame: full), try screenLayer(from, id: fromID, frame: full)].reversed()
                             : [try screenLayer(from, id: fromID, frame: full), try screenLayer(to, id: toID, frame: full)]
            var animations: [Node] = []
            for item in items {
                guard case let .mapping(m) = item else { animations.append(item); continue }
                var pairs: [(Node, Node)] = []
                var hasDuration = false, hasTiming = false, beginValue: Double?
                for (k, v) in m {
                    switch k.scalar?.string {
                    case "layer":
                        let name = v.scalar?.string
                        pairs.append((k, name == "from" ? b.string(fromID) : name == "to" ? b.string(toID) : v))
                    case "begin":
                        beginValue = try seconds(v, "begin")
                        pairs.append((k, begin > 0 ? b.number(beginValue! + begin) : v))
                    default:
                        if k.scalar?.string == "duration" { hasDuration = true }
                        if k.scalar?.string == "timing" { hasTiming = true }
                        pairs.append((k, v))
                    }
                }
                if !hasDuration { pairs.append((b.plain("duration"), b.number(duration))) }
                if !hasTiming { pairs.append((b.plain("timing"), b.plain("easeInEaseOut"))) }
                if beginValue == nil, begin > 0 { pairs.append((b.plain("begin"), b.number(begin))) }
                animations.append(.mapping(.init(pairs, .implicit, .flow, item.mark)))
            }
            return StepOutput(layers: Array(layers), animations: animations, duration: delay + duration)
        }
        let duration = try p.seconds("duration", default: 0.35)
        let parallax = try p.number("parallax", default: 1.0 / 3.0, in: 0 ... 1, example: "parallax: 0.3333")
        let dimming = try p.number("dimming", default: 0.1, in: 0 ... 1, example: "dimming: 0.1")
        let timing = p.node("timing") ?? b.plain("easeInEaseOut")
        // Below: the screen underneath (push: from, pop: to), the dimming layer, the top screen.
        let (under, top) = pop ? (to, from) : (from, to)
        let underID = ctx.prefix + under.name, topID = ctx.prefix + top.name
        // Model values are the state before the transition (the animations hold their end values).
        let shifted = Rect(x: -w * parallax, y: 0, width: w, height: full.height)
        let offscreen = Rect(x: w, y: 0, width: w, height: full.height)
        let layers = [try screenLayer(under, id: underID, frame: pop ? shifted : full),
                      b.map([("id", b.string(dimID)), ("frame", b.rect(full)), ("backgroundColor", b.string("#000000")),
                             ("opacity", b.number(pop ? dimming : 0))]),
                      try screenLayer(top, id: topID, frame: pop ? full : offscreen)]
        func anim(_ id: String, _ key: String, _ f: Double, _ t: Double) -> Node {
            var pairs: [(String, Node)] = [("layer", b.string(id)), ("keyPath", b.plain(key)), ("from", b.number(f)), ("to", b.number(t)),
                                           ("duration", b.number(duration)), ("timing", timing)]
            if begin > 0 { pairs.append(("begin", b.number(begin))) }
            return b.map(pairs, flow: true)
        }
        let cx = w / 2, shift = w * parallax
        let animations = pop
            ? [anim(topID, "position.x", cx, cx + w), anim(underID, "position.x", cx - shift, cx), anim(dimID, "opacity", dimming, 0)]
            : [anim(topID, "position.x", cx + w, cx), anim(underID, "position.x", cx, cx - shift), anim(dimID, "opacity", 0, dimming)]
        return StepOutput(layers: layers, animations: animations, duration: delay + duration)
    }
}
