// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry
import SegueScene

/// Cells that fade in as they are dequeued (seed article 002, PhotoLibraryCell's
/// `cellForItemAt`: `UIView.animate(withDuration: 0.28, delay: 0.0, options: .curveEaseOut)`
/// taking the photo's alpha to 1). A collection view dequeues a cell before it comes on screen,
/// when it enters the visible area grown by a prefetch margin; Apple does not publish that
/// margin, so `prefetchMargin` is Segue's choice.
public enum CellFade {
    /// The seed's duration.
    public static let duration = 0.28
    /// `.curveEaseOut`, the timing function (0, 0, 0.58, 1).
    public static let timing = "curveEaseOut"
    /// How far outside the visible area (above its top and below its bottom) a cell is dequeued.
    public static let prefetchMargin = 100.0

    /// When a cell spanning `top ..< bottom` in the content (screen points, unscrolled) is
    /// dequeued on a screen `height` tall whose content scrolls with `scroll` (nil: no scroll),
    /// the screen being loaded at `load`; nil when the scroll never brings it within the margin.
    public static func dequeueTime(top: Double, bottom: Double, height: Double, load: Double = 0,
                                   scroll: ScreenScroll?, margin: Double = prefetchMargin) -> Double? {
        if top < height + margin && bottom > -margin { return load }
        guard let scroll, scroll.to > 0 else { return nil }
        let needed = top - height - margin // the offset at which its top meets the margin's edge
        guard needed < scroll.to else { return nil }
        return scroll.time(reaching: needed)
    }
}

/// A screen's scripted scroll: its content offset goes from 0 down to `to` over `duration` from
/// `begin` (scene seconds), with easeInEaseOut, as `setContentOffset(_:animated: true)` moves a
/// scroll view. Apple does not publish that call's curve or duration: both are Segue's choice.
public struct ScreenScroll: Sendable, Equatable {
    public var to: Double
    public var begin: Double
    public var duration: Double
    public static let timing = "easeInEaseOut"
    /// easeInEaseOut's control points.
    static let x1 = 0.42, x2 = 0.58

    public init(to: Double, begin: Double, duration: Double) {
        self.to = to; self.begin = begin; self.duration = duration
    }

    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }

    /// The first time the offset reaches `offset` (0 … `to`). Both coordinates of the curve grow
    /// with its parameter, so the parameter where the progress is offset / to gives the time.
    public func time(reaching offset: Double) -> Double {
        guard to > 0, offset > 0 else { return begin }
        let p = min(offset / to, 1)
        var lo = 0.0, hi = 1.0
        for _ in 0 ..< 60 {
            let mid = (lo + hi) / 2
            if Self.bezier(mid, 0, 1) < p { lo = mid } else { hi = mid }
        }
        return begin + duration * Self.bezier(hi, Self.x1, Self.x2)
    }
}

/// A cell of a screen component that fades in: its extent in the component (from the
/// component's top) and the layers whose alpha goes 0 → 1.
struct FadeCell {
    var top: Double
    var bottom: Double
    var layerIDs: [String]
}

extension PresetReader {
    static let screenScrollKeys = ["to", "begin", "duration"]

    /// `scroll: {to: 600, begin: 0.6, duration: 1.2}` on a screen.
    func decodeScreenScroll(_ node: Node) throws(SceneError) -> ScreenScroll {
        let example = "scroll: {to: 600, begin: 0.6, duration: 1.2}"
        let schema = MapSchema(what: "the screen's scroll", keys: Self.screenScrollKeys, required: ["to"],
                               synonyms: ["offset": "to", "contentOffset": "to", "by": "to", "y": "to", "delay": "begin", "start": "begin",
                                          "beginTime": "begin"])
        let entries = try entries(of: node, schema, key: "scroll", example: example)
        var tracker = KeyTracker()
        var scroll = ScreenScroll(to: 0, begin: 0.5, duration: 1)
        for e in entries {
            switch try check(e, schema, &tracker) {
            case "to": scroll.to = try number(e.value, "to", in: 0 ... 100_000, what: "a content offset in points, from 0 to 100000", example: "to: 600")
            case "begin": scroll.begin = try seconds(e.value, "begin")
            default:
                scroll.duration = try seconds(e.value, "duration")
                if scroll.duration <= 0 {
                    throw SceneError(.invalidValue, at: location(e.value), "the scroll's duration must be greater than 0",
                                     suggestion: "write duration: 1.2")
                }
            }
        }
        return scroll
    }

    /// `fadeIn: true` on a component.
    func fadeIn(of value: Node) throws(SceneError) -> Bool {
        guard case .mapping = value, let n = value.value(forKey: "fadeIn") else { return false }
        return try bool(n, "fadeIn")
    }

    /// A screen's load (its fades and scroll) plays only when it is shown on its own; say so,
    /// once per place, where a transition shows it loaded instead.
    func warnLoadNotPlayed(_ node: Node, what: String) {
        let key = "\(location(node))"
        guard !warnedLoads.contains(key) else { return }
        warnedLoads.insert(key)
        warn(node, "\(what) plays only when the scene shows the screen on its own; in a transition the screen is shown loaded",
             suggestion: "show the screen alone (screens: without transition: or timeline:) to see it")
    }

    /// The animations of a screen shown on its own from `load` (scene seconds): its scripted
    /// scroll, and each fading cell's alpha from the moment it is dequeued.
    func screenLoadAnimations(_ screen: ScreenDef, id: String, canvas: Size, load: Double) throws(SceneError) -> [Node] {
        let b = NodeBuilder(at: screen.node)
        var out: [Node] = []
        var scroll: ScreenScroll?
        if let n = screen.node.value(forKey: "scroll") {
            var s = try decodeScreenScroll(n)
            s.begin += load
            scroll = s
            out.append(b.map([("layer", b.string("\(id)-content")), ("keyPath", b.plain("bounds.origin")),
                              ("from", b.numbers([0, 0])), ("to", b.numbers([0, s.to])), ("begin", b.number(s.begin)),
                              ("duration", b.number(s.duration)), ("timing", b.plain(ScreenScroll.timing))]))
        }
        for placed in try stackContent(screen, id: id, width: canvas.width, loading: true) {
            for cell in placed.fades {
                guard let t = CellFade.dequeueTime(top: placed.y + cell.top, bottom: placed.y + cell.bottom, height: canvas.height,
                                                   load: load, scroll: scroll) else { continue }
                for layer in cell.layerIDs {
                    out.append(b.map([("layer", b.string(layer)), ("keyPath", b.plain("opacity")), ("from", b.number(0)), ("to", b.number(1)),
                                      ("begin", b.number(t)), ("duration", b.number(CellFade.duration)), ("timing", b.plain(CellFade.timing))]))
                }
            }
        }
        return out
    }
}
