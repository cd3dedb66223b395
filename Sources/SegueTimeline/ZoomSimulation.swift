// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SegueScene

/// The zoom scale and content offset of a scroll view at one instant.
public struct ZoomState: Hashable, Sendable {
    public var scale: Double
    public var offset: Point
    public init(scale: Double, offset: Point) { self.scale = scale; self.offset = offset }
}

/// How a zoom behaves past its limits and how it returns. Apple publishes no number for either,
/// so both are Segue's choice, kept here and only here (docs/timeline.md, "Zooming").
public enum ZoomBounce {
    /// Past a limit L, the zoomed view's size follows UIScrollView's drag rubber band with the
    /// view's size at the limit as the band's dimension: a pinch asking for scale L + x·L shows
    /// L·(1 + (1 − 1/(x·c + 1))) past the maximum (and L·(1 − …) below the minimum), c being
    /// the drag's 0.55. So a pinch past a limit feels as stiff as a drag past an edge, the view
    /// never grows past twice the maximum, and cannot shrink below 1/1.55 ≈ 0.65 of the minimum.
    public static let coefficient = ScrollSpec.rubberBandCoefficient

    /// The scale shown for a pinch that asks for `raw`.
    public static func band(_ raw: Double, minimum: Double, maximum: Double) -> Double {
        if raw > maximum { return maximum * (1 + rubber(raw / maximum - 1)) }
        if raw < minimum { return minimum * (1 - rubber(1 - raw / minimum)) }
        return raw
    }

    /// (1 − 1/(x·c + 1)): UIScrollView's rubber band with a dimension of 1.
    static func rubber(_ x: Double) -> Double { 1 - 1 / (x * coefficient + 1) }

    /// The return to the limit after a pinch released past it: the same critically damped
    /// 0.5 s spring that returns a drag released past an edge.
    public static let springBack = SpringSolver.uiView(duration: ScrollSimulation.returnDuration, dampingRatio: 1, initialVelocity: 0)
    public static let springBackDuration = ScrollSimulation.returnDuration
}

/// A scroll view driven by a list of gestures (`scroll: {gestures: […]}`) and, with `zoom:`,
/// zooming: pinches about their centroid, double taps, setZoomScale(_:animated:) and
/// zoom(to:animated:). A pure function of time: each gesture starts from the state the one
/// before left at its touch-down, worked out once here.
///
/// Finger points are in the scroll view's superlayer space; `viewOrigin` (the scroll view's
/// frame origin there) turns them into the scroll view's own space.
public struct ZoomingScrollSimulation: Sendable {
    public let spec: ScrollSpec
    public let viewport: Size
    /// The zoomed view's unscaled size (its bounds), and the frame origin of the scroll view in
    /// its superlayer.
    public let zoomViewSize: Size
    public let viewOrigin: Point
    public let limits: ZoomSpec
    public let initial: ZoomState
    let segments: [Segment]
    /// When everything has come to rest, in scene seconds.
    public let end: Double

    enum Motion: Sendable {
        case rest(ZoomState)
        case pan(ScrollSimulation, scale: Double)
        case pinch(Pinch)
        /// From one state to another, with `curve` (or a spring) over `duration`.
        case animate(from: ZoomState, to: ZoomState, duration: Double, spring: Bool)
        /// The return after a pinch: the point under `anchor` stays there while the scale
        /// springs back; the offset's correction (rubber band, clamping) fades in.
        case springBack(Pinch.Return)
    }
    struct Segment: Sendable { var start: Double; var motion: Motion }

    struct Pinch: Sendable {
        let a: GestureTrack, b: GestureTrack
        let start: ZoomState
        /// The zoomed view's point (unscaled) under the centroid at touch-down.
        let anchor: Point
        let startSpan: Double
        struct Return: Sendable {
            let from: ZoomState, toScale: Double
            /// The centroid at release, in the scroll view's space, and the point under it.
            let centroid: Point, anchor: Point
            /// from.offset − anchored offset at from.scale; target − anchored offset at toScale.
            let startCorrection: Point, endCorrection: Point
        }
    }

    public init(spec: ScrollSpec, viewport: Size, zoomViewSize: Size, viewOrigin: Point) {
        self.spec = spec
        self.viewport = viewport
        self.zoomViewSize = zoomViewSize
        self.viewOrigin = viewOrigin
        limits = spec.zoom ?? ZoomSpec()
        initial = ZoomState(scale: spec.zoom?.initial ?? 1, offset: spec.contentOffset)
        var gestures = spec.gestures
        if gestures.isEmpty, let drag = spec.drag { gestures = [.pan(drag)] }
        var segments: [Segment] = []
        var end = 0.0
        for gesture in gestures {
            let t0 = gesture.start
            let state = Self.state(in: segments, initial: initial, at: t0, sim: (spec, viewport, zoomViewSize, limits))
            let added = Self.segments(for: gesture, from: state, spec: spec, viewport: viewport, viewSize: zoomViewSize,
                                      limits: limits, viewOrigin: viewOrigin)
            segments += added.segments
            end = max(end, added.end)
        }
        self.segments = segments
        self.end = end
    }

    // MARK: - Geometry

    /// The centring inset of the seed's scrollViewDidZoom on each axis (0 without `centers`).
    public func inset(at scale: Double) -> Point { Self.inset(scale, viewport, zoomViewSize, limits, zooms: spec.zoom != nil) }
    /// The content size at a zoom scale: the zoomed view's frame plus the insets on both sides.
    public func contentSize(at scale: Double) -> Size { Self.contentSize(scale, spec, viewport, zoomViewSize, limits) }

    static func inset(_ z: Double, _ viewport: Size, _ v: Size, _ zoom: ZoomSpec, zooms: Bool) -> Point {
        guard zooms, zoom.centers else { return .zero }
        return Point(x: ZoomSpec.centringInset(viewport: viewport.width, scaledLength: z * v.width),
                     y: ZoomSpec.centringInset(viewport: viewport.height, scaledLength: z * v.height))
    }
    static func contentSize(_ z: Double, _ spec: ScrollSpec, _ viewport: Size, _ v: Size, _ zoom: ZoomSpec) -> Size {
        guard spec.zoom != nil else { return spec.contentSize }
        let i = inset(z, viewport, v, zoom, zooms: true)
        return Size(width: z * v.width + 2 * i.x, height: z * v.height + 2 * i.y)
    }
    static func maxOffset(_ z: Double, _ spec: ScrollSpec, _ viewport: Size, _ v: Size, _ zoom: ZoomSpec) -> Point {
        let c = contentSize(z, spec, viewport, v, zoom)
        return Point(x: max(0, c.width - viewport.width), y: max(0, c.height - viewport.height))
    }
    static func clamp(_ o: Point, _ m: Point) -> Point {
        Point(x: min(max(o.x, 0), m.x), y: min(max(o.y, 0), m.y))
    }

    /// The offset that puts the zoomed view's point `p` under `c` (scroll view space) at scale z.
    static func anchoredOffset(_ p: Point, under c: Point, _ z: Double, _ i: Point) -> Point {
        Point(x: p.x * z + i.x - c.x, y: p.y * z + i.y - c.y)
    }
    /// The zoomed view's point (unscaled) under `c` in state `s`.
    static func point(under c: Point, _ s: ZoomState, _ i: Point) -> Point {
        Point(x: (s.offset.x + c.x - i.x) / s.scale, y: (s.offset.y + c.y - i.y) / s.scale)
    }

    // MARK: - Evaluation

    /// The zoom scale and content offset at scene time `t`.
    public func state(at t: Double) -> ZoomState {
        Self.state(in: segments, initial: initial, at: t, sim: (spec, viewport, zoomViewSize, limits))
    }

    /// The scroll view's point under a finger written at `p` (superlayer space).
    public func viewPoint(_ p: Point) -> Point { Point(x: p.x - viewOrigin.x, y: p.y - viewOrigin.y) }

    private static func state(in segments: [Segment], initial: ZoomState, at t: Double,
                              sim: (ScrollSpec, Size, Size, ZoomSpec)) -> ZoomState {
        guard let segment = segments.last(where: { $0.start <= t }) else { return initial }
        let (spec, viewport, v, zoom) = sim
        let s = t - segment.start
        switch segment.motion {
        case let .rest(state): return state
        case let .pan(scroll, scale): return ZoomState(scale: scale, offset: scroll.offset(at: t))
        case let .pinch(p):
            let z = pinchScale(p, at: t, zoom)
            let i = inset(z, viewport, v, zoom, zooms: spec.zoom != nil)
            let raw = anchoredOffset(p.anchor, under: centroid(p, at: t), z, i)
            let m = maxOffset(z, spec, viewport, v, zoom)
            func axis(_ x: Double, _ max: Double, _ d: Double) -> Double {
                if x >= 0 && x <= max { return x }
                guard spec.bounces else { return Swift.min(Swift.max(x, 0), max) }
                return x < 0 ? -ScrollSpec.rubberBand(-x, dimension: d) : max + ScrollSpec.rubberBand(x - max, dimension: d)
            }
            return ZoomState(scale: z, offset: Point(x: axis(raw.x, m.x, viewport.width), y: axis(raw.y, m.y, viewport.height)))
        case let .animate(from, to, duration, spring):
            let f: Double
            if s >= duration { f = 1 } else if spring {
                f = ZoomBounce.springBack.progress(at: s)
            } else {
                f = TimingCurve.easeInEaseOut.progress(s / duration, duration: duration)
            }
            return ZoomState(scale: from.scale + (to.scale - from.scale) * f,
                             offset: Point(x: from.offset.x + (to.offset.x - from.offset.x) * f,
                                           y: from.offset.y + (to.offset.y - from.offset.y) * f))
        case let .springBack(r):
            let f = s >= ZoomBounce.springBackDuration ? 1 : ZoomBounce.springBack.progress(at: s)
            let z = r.from.scale + (r.toScale - r.from.scale) * f
            let anchored = anchoredOffset(r.anchor, under: r.centroid, z, inset(z, viewport, v, zoom, zooms: spec.zoom != nil))
            return ZoomState(scale: z, offset: Point(x: anchored.x + r.startCorrection.x * (1 - f) + r.endCorrection.x * f,
                                                     y: anchored.y + r.startCorrection.y * (1 - f) + r.endCorrection.y * f))
        }
    }

    static func centroid(_ p: Pinch, at t: Double) -> Point {
        let a = p.a.location(at: t), b = p.b.location(at: t)
        return Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
    }
    static func span(_ a: GestureTrack, _ b: GestureTrack, at t: Double) -> Double {
        let p = a.location(at: t), q = b.location(at: t)
        return ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
    }
    /// UIPinchGestureRecognizer's scale (the fingers' distance over the distance at touch-down)
    /// times the zoom scale at touch-down, rubber-banded past the limits (or held at them
    /// without bouncesZoom).
    static func pinchScale(_ p: Pinch, at t: Double, _ zoom: ZoomSpec) -> Double {
        let raw = p.start.scale * span(p.a, p.b, at: t) / max(p.startSpan, 1e-9)
        return zoom.bounces ? ZoomBounce.band(raw, minimum: zoom.minimum, maximum: zoom.maximum) : min(max(raw, zoom.minimum), zoom.maximum)
    }

    // MARK: - Building

    private static func segments(for gesture: ScrollGesture, from state: ZoomState, spec: ScrollSpec, viewport: Size, viewSize v: Size,
                                 limits zoom: ZoomSpec, viewOrigin: Point) -> (segments: [Segment], end: Double) {
        let zooms = spec.zoom != nil
        func inset(_ z: Double) -> Point { Self.inset(z, viewport, v, zoom, zooms: zooms) }
        func maxOffset(_ z: Double) -> Point { Self.maxOffset(z, spec, viewport, v, zoom) }
        func local(_ p: Point) -> Point { Point(x: p.x - viewOrigin.x, y: p.y - viewOrigin.y) }
        /// An animated (or immediate) zoom to `target` at `t`.
        func zoomTo(_ target: ZoomState, at t: Double, animated: Bool) -> ([Segment], Double) {
            if !animated || target == state { return ([Segment(start: t, motion: .rest(target))], t) }
            return ([Segment(start: t, motion: .animate(from: state, to: target, duration: ZoomSpec.animationDuration, spring: false))],
                    t + ZoomSpec.animationDuration)
        }
        /// zoom(to: rect): the largest scale (within the limits) showing the whole rect, the
        /// rect centred, the offset kept within the content.
        func rectTarget(_ r: Rect) -> ZoomState {
            let z = min(max(min(viewport.width / r.width, viewport.height / r.height), zoom.minimum), zoom.maximum)
            let centre = Point(x: r.minX + r.width / 2, y: r.minY + r.height / 2)
            let o = anchoredOffset(centre, under: Point(x: viewport.width / 2, y: viewport.height / 2), z, inset(z))
            return ZoomState(scale: z, offset: clamp(o, maxOffset(z)))
        }
        /// setZoomScale: about the centre of the visible area.
        func scaleTarget(_ scale: Double) -> ZoomState {
            let z = min(max(scale, zoom.minimum), zoom.maximum)
            let c = Point(x: viewport.width / 2, y: viewport.height / 2)
            let p = point(under: c, state, inset(state.scale))
            return ZoomState(scale: z, offset: clamp(anchoredOffset(p, under: c, z, inset(z)), maxOffset(z)))
        }

        switch gesture {
        case let .pan(g):
            let track = GestureTrack(g)
            var panSpec = spec
            panSpec.contentSize = contentSize(state.scale, spec, viewport, v, zoom)
            panSpec.contentOffset = state.offset
            panSpec.drag = g
            panSpec.gestures = []
            panSpec.zoom = nil
            let scroll = ScrollSimulation(spec: panSpec, viewport: viewport)
            return ([Segment(start: track.start, motion: .pan(scroll, scale: state.scale))], max(scroll.end, track.release))
        case let .pinch(ga, gb):
            let a = GestureTrack(ga), b = GestureTrack(gb)
            let t0 = min(a.start, b.start), t1 = max(a.release, b.release)
            let c0 = local(Point(x: (a.location(at: t0).x + b.location(at: t0).x) / 2, y: (a.location(at: t0).y + b.location(at: t0).y) / 2))
            let pinch = Pinch(a: a, b: b, start: state, anchor: point(under: c0, state, inset(state.scale)),
                              startSpan: span(a, b, at: t0))
            // The pinch works in the scroll view's space: shift the tracks once.
            let shifted = Pinch(a: GestureTrack(samples: a.samples.map { .init(time: $0.time, x: $0.x - viewOrigin.x, y: $0.y - viewOrigin.y) }),
                                b: GestureTrack(samples: b.samples.map { .init(time: $0.time, x: $0.x - viewOrigin.x, y: $0.y - viewOrigin.y) }),
                                start: state, anchor: pinch.anchor, startSpan: pinch.startSpan)
            var out = [Segment(start: t0, motion: .pinch(shifted))]
            // On release: back within the zoom limits and the content, about the last centroid.
            let released = Self.state(in: out, initial: state, at: t1, sim: (spec, viewport, v, zoom))
            let cr = centroid(shifted, at: t1)
            let zt = min(max(released.scale, zoom.minimum), zoom.maximum)
            let anchor = point(under: cr, released, inset(released.scale))
            let anchoredFrom = anchoredOffset(anchor, under: cr, released.scale, inset(released.scale))
            let anchoredTo = anchoredOffset(anchor, under: cr, zt, inset(zt))
            let target = clamp(anchoredTo, maxOffset(zt))
            if abs(zt - released.scale) < 1e-12 && target == released.offset {
                out.append(Segment(start: t1, motion: .rest(released)))
                return (out, t1)
            }
            let back = Pinch.Return(from: released, toScale: zt, centroid: cr, anchor: anchor,
                                    startCorrection: Point(x: released.offset.x - anchoredFrom.x, y: released.offset.y - anchoredFrom.y),
                                    endCorrection: Point(x: target.x - anchoredTo.x, y: target.y - anchoredTo.y))
            out.append(Segment(start: t1, motion: .springBack(back)))
            return (out, t1 + ZoomBounce.springBackDuration)
        case let .doubleTap(_, second, at):
            // Recognized when the second finger lifts. Zoomed in: back out to the minimum, about
            // the centre (setZoomScale). At the minimum: zoom(to:) a rect of the viewport's size
            // divided by the double-tap scale, centred on the tapped point.
            let t = GestureTrack(second).release
            if state.scale > zoom.minimum + 1e-9 { return zoomTo(scaleTarget(zoom.minimum), at: t, animated: true) }
            // zoom(to:) of that rect comes to: the scale s, the tapped point in the middle.
            let s = min(max(zoom.doubleTapScale ?? zoom.maximum, zoom.minimum), zoom.maximum)
            let p = point(under: local(at), state, inset(state.scale))
            let o = anchoredOffset(p, under: Point(x: viewport.width / 2, y: viewport.height / 2), s, inset(s))
            return zoomTo(ZoomState(scale: s, offset: clamp(o, maxOffset(s))), at: t, animated: true)
        case let .setZoomScale(t, scale, animated, _):
            return zoomTo(scaleTarget(scale), at: t, animated: animated)
        case let .zoomTo(t, rect, animated, _):
            return zoomTo(rectTarget(rect), at: t, animated: animated)
        }
    }
}
