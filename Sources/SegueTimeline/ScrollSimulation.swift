// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SegueScene

/// A UIScrollView driven by a scripted drag: the content offset as a pure function of time.
///
/// - While the finger is down the content follows it; past an edge it rubber-bands with
///   UIScrollView's curve (1 − 1/(x·0.55/d + 1))·d.
/// - On release, with `snap` (the seed's carousel rule) or `paging`, it settles on a page with a
///   `UIView.animate(withDuration:usingSpringWithDamping:initialSpringVelocity:)` spring; otherwise it
///   decelerates, its velocity multiplied by `decelerationRate` every millisecond, and bounces
///   back from an edge it runs into.
public struct ScrollSimulation: Sendable {
    public let spec: ScrollSpec
    public let viewport: Size
    let track: GestureTrack?
    let motions: [AxisMotion]
    /// Offset and velocity (points per millisecond, UIScrollView's unit) when the finger lifts.
    public let releaseOffset: Point
    public let releaseVelocity: Point
    /// For snap scenes: the page the drag started on and the one it settles on.
    public let startPage: Int?
    public let targetPage: Int?

    public static let rubberBandCoefficient = ScrollSpec.rubberBandCoefficient
    /// How a bounce off an edge (after deceleration runs into it) and a release past an edge
    /// settle. Apple does not publish them; Segue's choice: a critically damped return.
    public static let bounceStiffness = 0.02 // per millisecond
    public static let returnDuration = 0.5 // seconds

    public init(spec: ScrollSpec, viewport: Size) {
        self.spec = spec
        self.viewport = viewport
        track = spec.drag.map(GestureTrack.init)
        guard let track else {
            motions = []; releaseOffset = spec.contentOffset; releaseVelocity = .zero; startPage = nil; targetPage = nil
            self.releaseTime = 0
            return
        }
        self.releaseTime = track.release
        let release = Self.dragOffset(spec: spec, viewport: viewport, track: track, at: track.release)
        let finger = track.velocity(at: track.release)
        // The content moves with the finger, so the offset moves against it; points/s → points/ms.
        let velocity = Point(x: -finger.x / 1000, y: -finger.y / 1000)
        releaseOffset = release
        releaseVelocity = velocity
        var start: Int?, target: Int?
        var axisMotions: [AxisMotion] = []
        for axis in 0 ..< 2 {
            let x0 = axis == 0 ? release.x : release.y
            let v0 = axis == 0 ? velocity.x : velocity.y
            let maxOffset = Self.maxOffset(spec, viewport, axis)
            guard Self.scrollable(spec, viewport, axis) else {
                axisMotions.append(.still(axis == 0 ? spec.contentOffset.x : spec.contentOffset.y)); continue
            }
            if let snap = spec.snap, axis == 0 {
                let page = snap.pageWidth ?? viewport.width
                switch snap.rule {
                case .pageSnap:
                    let plan = SnapSpec.pageSnapPlan(snap: snap, page: page, maxOffset: maxOffset,
                                                 dragStart: spec.contentOffset.x, release: x0, velocity: v0)
                    start = plan.start; target = plan.target
                    axisMotions.append(Self.pageSnapMotion(plan, snap: snap, page: page, release: x0, velocity: v0))
                case .cardSnap:
                    let plan = Self.cardSnapPlan(snap: snap, page: page, viewportWidth: viewport.width, maxOffset: maxOffset,
                                                 release: x0, velocity: v0, rate: spec.decelerationRate)
                    target = plan.card
                    axisMotions.append(Self.glide(from: x0, to: plan.offset, velocity: v0, rate: spec.decelerationRate))
                }
            } else if spec.paging {
                let page = axis == 0 ? viewport.width : viewport.height
                let plan = SnapSpec.pageSnapPlan(snap: SnapSpec(), page: page, maxOffset: maxOffset,
                                         dragStart: axis == 0 ? spec.contentOffset.x : spec.contentOffset.y,
                                         release: x0, velocity: v0)
                axisMotions.append(.spring(from: x0, to: Double(plan.target) * page,
                                           solver: .uiView(duration: 0.3, dampingRatio: 1, initialVelocity: 0), duration: 0.3))
            } else {
                axisMotions.append(Self.freeMotion(x0: x0, v0: v0, maxOffset: maxOffset, rate: spec.decelerationRate,
                                                   bounces: spec.bounces))
            }
        }
        motions = axisMotions
        startPage = start; targetPage = target
    }

    let releaseTime: Double

    /// When the content comes to rest, in scene seconds.
    public var end: Double {
        guard track != nil else { return 0 }
        return releaseTime + (motions.map(\.duration).max() ?? 0)
    }

    /// The content offset (the layer's bounds.origin) at scene time `t`.
    public func offset(at t: Double) -> Point {
        guard let track else { return spec.contentOffset }
        if t <= track.start { return spec.contentOffset }
        if t <= track.release { return Self.dragOffset(spec: spec, viewport: viewport, track: track, at: t) }
        let s = t - track.release
        return Point(x: motions[0].position(at: s), y: motions[1].position(at: s))
    }

    // MARK: - Dragging

    static func maxOffset(_ spec: ScrollSpec, _ viewport: Size, _ axis: Int) -> Double {
        max(0, axis == 0 ? spec.contentSize.width - viewport.width : spec.contentSize.height - viewport.height)
    }

    static func scrollable(_ spec: ScrollSpec, _ viewport: Size, _ axis: Int) -> Bool {
        axis == 0 ? spec.contentSize.width > viewport.width : spec.contentSize.height > viewport.height
    }

    public static func rubberBand(_ x: Double, dimension d: Double) -> Double { ScrollSpec.rubberBand(x, dimension: d) }

    static func dragOffset(spec: ScrollSpec, viewport: Size, track: GestureTrack, at t: Double) -> Point {
        let translation = track.translation(at: t)
        func axisOffset(_ axis: Int) -> Double {
            let start = axis == 0 ? spec.contentOffset.x : spec.contentOffset.y
            guard scrollable(spec, viewport, axis) else { return start }
            let raw = start - (axis == 0 ? translation.x : translation.y)
            let maxOffset = maxOffset(spec, viewport, axis)
            let d = axis == 0 ? viewport.width : viewport.height
            if raw < 0 { return spec.bounces ? -rubberBand(-raw, dimension: d) : 0 }
            if raw > maxOffset { return spec.bounces ? maxOffset + rubberBand(raw - maxOffset, dimension: d) : maxOffset }
            return raw
        }
        return Point(x: axisOffset(0), y: axisOffset(1))
    }

    // MARK: - After release

    static func pageSnapMotion(_ plan: (start: Int, target: Int, move: SnapSpec.PageSnapMove), snap: SnapSpec, page: Double,
                               release: Double, velocity: Double) -> AxisMotion {
        let to = Double(plan.target) * page
        switch plan.move {
        case .flick:
            // initialSpringVelocity is the release velocity as the seed passes it: velocity.x in
            // points per millisecond, read by UIKit as "animation distances per second". Positive
            // means towards the target; a flick always heads towards the card it moves to.
            let towardsTarget = (to - release) * velocity >= 0 ? abs(velocity) : -abs(velocity)
            return .spring(from: release, to: to,
                           solver: .uiView(duration: snap.springDuration, dampingRatio: snap.dampingRatio, initialVelocity: towardsTarget),
                           duration: snap.springDuration)
        case .scrollToItem:
            // setContentOffset(_:animated:) scrolls "at a constant rate" (Apple's Scroll View
            // Programming Guide) and starts from rest, so a snap back moves monotonically back.
            return .linear(from: release, to: to, duration: snap.scrollDuration)
        }
    }

    /// The offset UIScrollView proposes when the finger lifts: with the velocity v (points per
    /// millisecond) multiplied by the rate d every millisecond, the content travels
    /// v·d + v·d² + … = v·d / (1 − d), clamped to the content.
    public static func proposedOffset(release: Double, velocity: Double, rate: Double, maxOffset: Double) -> Double {
        let d = min(max(rate, 1e-6), 1 - 1e-9)
        return min(max(release + velocity * d / (1 - d), 0), maxOffset)
    }

    /// Seed 002's CenterCellCollectionViewFlowLayout.targetContentOffset: among the candidate cards
    /// (those visible at release, minus the ones right of the centre when moving left; or all),
    /// the one whose centre is nearest the proposed offset's centre ends centred, at
    /// floor(centre − width / 2). A proposed offset at the left edge stays there. Segue clamps the
    /// target to the content, so the first card stays flush left.
    public static func cardSnapPlan(snap: SnapSpec, page: Double, viewportWidth: Double, maxOffset: Double,
                                    release: Double, velocity: Double, rate: Double) -> (card: Int, offset: Double) {
        let cardWidth = snap.cardWidth ?? page
        let halfWidth = viewportWidth / 2
        let proposed = proposedOffset(release: release, velocity: velocity, rate: rate, maxOffset: maxOffset)
        let count = max(1, Int(((maxOffset + viewportWidth - snap.leading + (page - cardWidth)) / page).rounded(.down)))
        func centre(_ k: Int) -> Double { snap.leading + Double(k) * page + cardWidth / 2 }
        var candidates = Array(0 ..< count)
        if snap.candidates == .visible {
            candidates = candidates.filter { k in
                let left = snap.leading + Double(k) * page
                let visible = left + cardWidth > release && left < release + viewportWidth
                let behindWhileGoingBack = centre(k) > release + halfWidth && velocity < 0
                return visible && !behindWhileGoingBack
            }
            if candidates.isEmpty { candidates = [min(max(Int(((release + halfWidth - snap.leading) / page).rounded(.down)), 0), count - 1)] }
        }
        let proposedCentre = proposed + halfWidth
        let card = candidates.min { abs(centre($0) - proposedCentre) < abs(centre($1) - proposedCentre) } ?? 0
        if proposed == 0 { return (card, 0) }
        return (card, min(max((centre(card) - halfWidth).rounded(.down), 0), maxOffset))
    }

    /// The deceleration to a re-targeted offset. It keeps the release velocity v and decelerates
    /// with the rate d' that ends exactly at the target (v·d'/(1 − d') = distance, d' = distance /
    /// (v + distance)); when the target lies behind the motion, or needs a slower rate than the
    /// scroll view's, it uses the scroll view's own rate on the whole distance. Apple does not
    /// document how a re-targeted deceleration runs: Segue's choice.
    static func glide(from x0: Double, to target: Double, velocity v: Double, rate: Double) -> AxisMotion {
        let distance = target - x0
        guard abs(distance) > AxisMotion.restDistance else { return .linear(from: x0, to: target, duration: 0) }
        var d = min(max(rate, 1e-6), 1 - 1e-9)
        if v * distance > 0 { d = min(d, distance / (v + distance)) }
        return .glide(from: x0, to: target, rate: d)
    }

    static func freeMotion(x0: Double, v0: Double, maxOffset: Double, rate: Double, bounces: Bool) -> AxisMotion {
        // Released past an edge: return to it.
        if x0 < 0 || x0 > maxOffset {
            let edge = x0 < 0 ? 0 : maxOffset
            return .spring(from: x0, to: edge, solver: .uiView(duration: returnDuration, dampingRatio: 1, initialVelocity: 0),
                           duration: returnDuration)
        }
        let lnRate = log(min(max(rate, 1e-6), 1 - 1e-9))
        guard abs(v0) > 1e-6 else { return .still(x0) }
        let rest = x0 - v0 / lnRate
        if rest >= 0 && rest <= maxOffset || !bounces {
            return .decelerate(x0: x0, v0: v0, lnRate: lnRate, clampTo: bounces ? nil : 0 ... maxOffset)
        }
        // Runs into an edge: decelerate to it, then bounce back with the velocity it had there.
        let edge = rest < 0 ? 0 : maxOffset
        // x0 + v0·(r^s − 1)/ln r = edge  ⇒  r^s = 1 + (edge − x0)·ln r / v0.
        let s = log(1 + (edge - x0) * lnRate / v0) / lnRate
        let vEdge = v0 * exp(lnRate * s)
        return .decelerateThenBounce(x0: x0, v0: v0, lnRate: lnRate, hitTime: s, edge: edge, edgeVelocity: vEdge)
    }
}

/// How one axis of the content offset moves after the finger lifts. Times in seconds since release.
enum AxisMotion: Sendable {
    case still(Double)
    case spring(from: Double, to: Double, solver: SpringSolver, duration: Double)
    /// Velocity v0·rᵐ at m milliseconds: position x0 + v0·(rᵐ − 1)/ln r.
    case decelerate(x0: Double, v0: Double, lnRate: Double, clampTo: ClosedRange<Double>?)
    case decelerateThenBounce(x0: Double, v0: Double, lnRate: Double, hitTime: Double, edge: Double, edgeVelocity: Double)
    /// Constant speed from one offset to another (setContentOffset(_:animated:)).
    case linear(from: Double, to: Double, duration: Double)
    /// to − (to − from)·dᵐ at m milliseconds: the per-millisecond deceleration that rests at `to`.
    case glide(from: Double, to: Double, rate: Double)

    /// Deceleration counts as over when what remains to travel is under half a point.
    static let restDistance = 0.5

    var duration: Double {
        switch self {
        case .still: return 0
        case let .spring(_, _, _, d): return d
        case let .decelerate(_, v0, lnRate, _):
            // Remaining distance at m ms is |v0·rᵐ / ln r|.
            let m = log(Self.restDistance * abs(lnRate) / abs(v0)) / lnRate
            return max(0, m) / 1000
        case let .linear(_, _, d): return d
        case let .glide(from, to, rate):
            // What remains, |to − from|·dᵐ, falls under half a point.
            let remaining = abs(to - from)
            guard remaining > Self.restDistance else { return 0 }
            return log(Self.restDistance / remaining) / log(rate) / 1000
        case let .decelerateThenBounce(_, _, _, hitTime, _, edgeVelocity):
            // Critically damped from the edge: |v·s·e^(−ωs)| falls under half a point.
            let omega = ScrollSimulation.bounceStiffness
            var s = 1 / omega
            while abs(edgeVelocity) * s * exp(-omega * s) > Self.restDistance && s < 1e6 { s += 1 }
            return (hitTime + s) / 1000
        }
    }

    func position(at seconds: Double) -> Double {
        let m = seconds * 1000
        switch self {
        case let .still(x): return x
        case let .spring(from, to, solver, duration):
            if seconds >= duration - 1e-9 { return to }
            return from + (to - from) * solver.progress(at: seconds)
        case let .decelerate(x0, v0, lnRate, clamp):
            let end = duration * 1000
            let x = x0 + v0 * (exp(lnRate * min(m, end)) - 1) / lnRate
            guard let clamp else { return x }
            return min(max(x, clamp.lowerBound), clamp.upperBound)
        case let .linear(from, to, duration):
            if seconds >= duration - 1e-9 { return to }
            return from + (to - from) * max(0, seconds) / duration
        case let .glide(from, to, rate):
            if seconds >= duration - 1e-9 { return to }
            return to - (to - from) * pow(rate, m)
        case let .decelerateThenBounce(x0, v0, lnRate, hitTime, edge, edgeVelocity):
            if m <= hitTime { return x0 + v0 * (exp(lnRate * m) - 1) / lnRate }
            let s = m - hitTime
            if seconds >= duration - 1e-9 { return edge }
            return edge + edgeVelocity * s * exp(-ScrollSimulation.bounceStiffness * s)
        }
    }
}
