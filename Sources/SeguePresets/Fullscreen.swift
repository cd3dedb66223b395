// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry
import SegueScene

/// fullscreen — SamplePresentAnimatedTransition / SampleDismissAnimatedTransition (seed article
/// 001). The target view (a video player, say) moves into a clear full-screen view controller at
/// the frame it had on screen, so nothing appears to move; the controller's background fades
/// from clear to black in 0.5 s (transitionDuration); then `rotateToLandscape()`: the device turns
/// to landscapeRight and, in a 0.5 s UIView.animate, the target view's frame becomes the
/// superview's (now landscape) bounds. On the portrait canvas the landscape interface is drawn
/// the way the device shows it: the full-screen controller turns +90° (clockwise) about the
/// screen's centre while its bounds change from portrait to landscape. Dismiss is the reverse:
/// `rotateToPortrait` (0.5 s, the view back to its initial frame), then the background fades to
/// clear (0.5 s). UIView.animate's default curve, easeInEaseOut, throughout. The device's turn
/// itself is the system's rotation animation, which the seed does not time: turning it with the
/// frame animation's 0.5 s (`rotationDuration`) is Segue's choice, so both land together.
extension PresetReader {
    static let fullscreenTargetKeys = ["frame", "title", "color", "contents"]
    func fullscreen(_ p: PresetParams, _ ctx: PresetContext, from: ScreenDef, to: ScreenDef?) throws(SceneError) -> StepOutput {
        let b = NodeBuilder(at: p.node)
        let w = ctx.canvas.width, h = ctx.canvas.height
        let dismiss = try p.choice("direction", among: ["present", "dismiss"], default: "present") == "dismiss"
        let fade = try p.seconds("duration", default: 0.5)
        let rotation = try p.seconds("rotationDuration", default: 0.5)
        let delay = try p.seconds("delay", default: 0)
        let begin = ctx.begin + delay
        guard let targetNode = p.node("target") else {
            throw SceneError(.missingKey, at: location(p.node), "the fullscreen preset needs a 'target': the view that goes full screen",
                             suggestion: "write it like target: {frame: [16, 116, 358, 200], title: \"▶︎ Ocean sunrise\", color: \"#1C1C1E\"}")
        }
        let schema = MapSchema(what: "the fullscreen target", keys: Self.fullscreenTargetKeys,
                               synonyms: ["colour": "color", "backgroundColor": "color", "text": "title", "screenshot": "contents"],
                               renamed: ["image": .init(to: "contents", why: "a picture is 'contents' everywhere, as on a layer (CALayer.contents)")])
        let entries = try entries(of: targetNode, schema, key: "target", example: "target: {frame: [16, 116, 358, 200]}")
        var tracker = KeyTracker()
        var frame = Rect(x: 16, y: 116, width: w - 32, height: (w - 32) * 9 / 16)
        for e in entries where try check(e, schema, &tracker) == "frame" {
            let v = try numbers(e.value, "frame", counts: [4], shape: "[x, y, width, height]", example: "frame: [16, 116, 358, 200]")
            frame = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        let tb = NodeBuilder(at: targetNode)
        let targetID = ctx.prefix + "target", vcID = ctx.prefix + "fullScreenVC"
        let landscape = Rect(x: 0, y: 0, width: h, height: w)
        var target: [(String, Node)] = [("id", tb.string(targetID)), ("frame", tb.rect(dismiss ? landscape : frame)),
                                        ("backgroundColor", targetNode.value(forKey: "color") ?? tb.string("#1C1C1E")), ("masksToBounds", tb.bool(true))]
        if let image = renamingKeys(targetNode, schema).value(forKey: "contents") {
            target += [("contents", image), ("contentsGravity", tb.plain("resizeAspect"))]
        }
        if let title = targetNode.value(forKey: "title") {
            target.append(("sublayers", tb.list([tb.map([("id", tb.string(targetID + "-title")),
                                                         ("frame", tb.rect(dismiss ? landscape : Rect(x: 0, y: 0, width: frame.width, height: frame.height))),
                                                         ("text", textNode(title, size: 22, weight: "semibold", color: "#FFFFFF", alignment: "center", tb))])])))
        }
        let vc = b.map([("id", b.string(vcID)), ("position", b.numbers([w / 2, h / 2])),
                        ("bounds", b.numbers(dismiss ? [h, w] : [w, h])),
                        ("transform", b.list([b.map([("rotate", b.degrees(dismiss ? 90 : 0))], flow: true)], flow: true)),
                        ("backgroundColor", b.string(dismiss ? "#000000" : "#00000000")),
                        ("sublayers", b.list([b.map(target)]))])
        let screenID = ctx.prefix + (to ?? from).name
        let layers = [try screenLayer(to ?? from, id: screenID, frame: Rect(x: 0, y: 0, width: w, height: h),
                                      extra: dismiss ? [("hidden", b.bool(true))] : []), vc]
        let titleID = targetID + "-title"
        let hasTitle = targetNode.value(forKey: "title") != nil
        func anim(_ id: String, _ key: String, _ f: Node, _ t: Node, at: Double, _ d: Double) -> Node {
            var pairs: [(String, Node)] = [("layer", b.string(id)), ("keyPath", b.plain(key)), ("from", f), ("to", t),
                                           ("duration", b.number(d)), ("timing", b.plain("easeInEaseOut"))]
            if at > 0 { pairs.append(("begin", b.number(at))) }
            return b.map(pairs, flow: true)
        }
        let clear = b.string("#00000000"), black = b.string("#000000")
        var animations: [Node]
        if !dismiss {
            let turn = begin + fade
            animations = [anim(vcID, "backgroundColor", clear, black, at: begin, fade),
                          anim(vcID, "transform.rotation.z", b.degrees(0), b.degrees(90), at: turn, rotation),
                          anim(vcID, "bounds.size", b.numbers([w, h]), b.numbers([h, w]), at: turn, rotation),
                          anim(targetID, "frame", b.rect(frame), b.rect(landscape), at: turn, rotation),
                          // Once the background is black the screen behind is covered; hiding it keeps
                          // the corners black while the controller turns, as on a device.
                          anim(screenID, "hidden", b.bool(true), b.bool(true), at: turn, 0.001)]
            if hasTitle { animations.append(anim(titleID, "frame", b.rect(Rect(x: 0, y: 0, width: frame.width, height: frame.height)), b.rect(landscape), at: turn, rotation)) }
        } else {
            let clearAt = begin + rotation
            animations = [anim(vcID, "transform.rotation.z", b.degrees(90), b.degrees(0), at: begin, rotation),
                          anim(vcID, "bounds.size", b.numbers([h, w]), b.numbers([w, h]), at: begin, rotation),
                          anim(targetID, "frame", b.rect(landscape), b.rect(frame), at: begin, rotation),
                          anim(vcID, "backgroundColor", black, clear, at: clearAt, fade),
                          anim(screenID, "hidden", b.bool(false), b.bool(false), at: clearAt, 0.001)]
            if hasTitle { animations.append(anim(titleID, "frame", b.rect(landscape), b.rect(Rect(x: 0, y: 0, width: frame.width, height: frame.height)), at: begin, rotation)) }
        }
        return StepOutput(layers: layers, animations: animations, duration: delay + fade + rotation)
    }
}
