import Foundation
import Yams

/// semiModal — the Apple Books style sheet of seed article 003.
///
/// present: ModalPresentationController puts a black overlay under the sheet and animates its
/// alpha 0 → 0.5 alongside the transition; CollectionViewPresentAnimator runs 0.3 s with
/// .curveEaseInOut, bringing the sheet up from below the screen (its frame's y from the screen
/// height to `top`). With `fullScreenAfter: S`, S seconds after the sheet is up, it scrolls up to
/// fill the screen (0.3 s, easeInEaseOut) and loses its top corners' rounding.
///
/// dismiss: interactive when `points:` (a downward pan) is given, as DismissalTransitionable:
/// progress = translation.y / view height, finishing when progress > percentThreshold or the
/// downward velocity > velocityAbove (pt/s); otherwise the sheet goes back. The seed declares
/// percentThreshold and shouldFinishVerocityY without values; Segue uses 0.3 and 1000 pt/s.
/// The sheet moves linearly by one screen height over the transition, so it stays under the
/// finger, as the seed's changedHandler moves the collection view by the finger's offset.
/// Without points, the dismiss is the present run backwards (0.3 s easeInEaseOut).
extension PresetReader {
    func semiModal(_ p: PresetParams, _ ctx: PresetContext, from: ScreenDef, to: ScreenDef) throws(SceneError) -> StepOutput {
        let b = NodeBuilder(at: p.node)
        let w = ctx.canvas.width, h = ctx.canvas.height
        let dismiss = try p.choice("direction", among: ["present", "dismiss"], default: "present") == "dismiss"
        let duration = try p.seconds("duration", default: 0.3)
        let delay = try p.seconds("delay", default: 0)
        let top = try p.number("top", default: 60, in: 0 ... h, example: "top: 60")
        let overlayAlpha = try p.number("overlay", default: 0.5, in: 0 ... 1, example: "overlay: 0.5")
        let begin = ctx.begin + delay
        // The presenting screen stays underneath; the sheet is the presented one.
        let (under, sheet) = dismiss ? (to, from) : (from, to)
        let underID = ctx.prefix + under.name, sheetID = ctx.prefix + sheet.name, overlayID = ctx.prefix + "overlay"
        let full = Rect(x: 0, y: 0, width: w, height: h)
        let sheetFrame = Rect(x: 0, y: top, width: w, height: h)
        let layers = [try screenLayer(under, id: underID, frame: full),
                      b.map([("id", b.string(overlayID)), ("frame", b.rect(full)), ("backgroundColor", b.string("#000000")),
                             ("opacity", b.number(dismiss ? overlayAlpha : 0))]),
                      try screenLayer(sheet, id: sheetID, frame: dismiss ? sheetFrame : Rect(x: 0, y: h, width: w, height: h),
                                      extra: [("cornerRadius", b.number(12))])]
        func anim(_ id: String, _ key: String, _ f: Double, _ t: Double, at: Double, timing: String = "easeInEaseOut",
                  length: Double? = nil) -> Node {
            var pairs: [(String, Node)] = [("layer", b.string(id)), ("keyPath", b.plain(key)), ("from", b.number(f)), ("to", b.number(t)),
                                           ("duration", b.number(length ?? duration)), ("timing", b.plain(timing))]
            if at > 0 { pairs.append(("begin", b.number(at))) }
            return b.map(pairs, flow: true)
        }
        let restY = top + h / 2
        if !dismiss {
            var animations = [anim(overlayID, "opacity", 0, overlayAlpha, at: begin),
                              anim(sheetID, "position.y", h + h / 2, restY, at: begin)]
            var total = delay + duration
            if let n = p.node("fullScreenAfter") {
                let after = try seconds(n, "fullScreenAfter")
                animations.append(anim(sheetID, "position.y", restY, h / 2, at: begin + duration + after, length: 0.3))
                animations.append(anim(sheetID, "cornerRadius", 12, 0, at: begin + duration + after, length: 0.3))
                total += after + 0.3
            }
            return StepOutput(layers: layers, animations: animations, duration: total)
        }
        guard let points = p.node("points") else {
            let animations = [anim(overlayID, "opacity", overlayAlpha, 0, at: begin), anim(sheetID, "position.y", restY, h + h / 2, at: begin)]
            return StepOutput(layers: layers, animations: animations, duration: delay + duration)
        }
        // Interactive: linear, so the sheet tracks the finger.
        let animations = [anim(overlayID, "opacity", overlayAlpha, 0, at: 0, timing: "linear"),
                          anim(sheetID, "position.y", restY, restY + h, at: 0, timing: "linear")]
        let finish: [(String, Node)] = [("progressAbove", p.node("percentThreshold") ?? b.number(0.3)),
                                        ("velocityAbove", p.node("velocityAbove") ?? b.number(1000)), ("axis", b.plain("y"))]
        let interaction = b.map([("gesture", b.map([("type", b.plain("pan")), ("points", points)])),
                                 ("progress", b.string("translation.y / \(NodeBuilder.format(h))")),
                                 ("finishWhen", b.map(finish, flow: true))])
        return StepOutput(layers: layers, animations: animations, interaction: interaction, duration: duration)
    }
}
