import Foundation

/// Samples of a scripted gesture, read as UIKit's gesture recognizers report them.
public struct GestureTrack: Sendable {
    public let samples: [GestureSpec.Sample]
    public init(_ gesture: GestureSpec) { samples = gesture.samples }

    public var start: Double { samples.first?.time ?? 0 }
    public var release: Double { samples.last?.time ?? 0 }

    /// The finger's position at `t` (straight lines between samples; held outside them).
    public func location(at t: Double) -> Point {
        guard let first = samples.first, let last = samples.last else { return .zero }
        if t <= first.time { return Point(x: first.x, y: first.y) }
        if t >= last.time { return Point(x: last.x, y: last.y) }
        var i = 0
        while i + 1 < samples.count && samples[i + 1].time <= t { i += 1 }
        let a = samples[i], b = samples[min(i + 1, samples.count - 1)]
        let f = b.time > a.time ? (t - a.time) / (b.time - a.time) : 1
        return Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
    }

    /// `translation(in:)`: how far the finger has moved since touch-down.
    public func translation(at t: Double) -> Point {
        let p = location(at: t), o = location(at: start)
        return Point(x: p.x - o.x, y: p.y - o.y)
    }

    /// How long a window `velocity(in:)` averages over. UIKit does not document its window;
    /// Segue uses the finger's motion over the last 50 ms.
    public static let velocityWindow = 0.05

    /// `velocity(in:)` in points per second at `t`.
    public func velocity(at t: Double) -> Point {
        let t0 = max(start, t - Self.velocityWindow)
        guard t > t0 else { return .zero }
        let a = location(at: t0), b = location(at: t)
        return Point(x: (b.x - a.x) / (t - t0), y: (b.y - a.y) / (t - t0))
    }

    /// The variables a progress expression can use.
    public func variables(at t: Double) -> [String: Double] {
        let tr = translation(at: t), loc = location(at: t), v = velocity(at: t)
        return ["translation.x": tr.x, "translation.y": tr.y, "location.x": loc.x, "location.y": loc.y,
                "velocity.x": v.x, "velocity.y": v.y]
    }
}

/// UIPercentDrivenInteractiveTransition: maps scene time to the transition's own time.
///
/// Before touch-down the transition stands at its start. While the finger moves,
/// `update(progress)` scrubs every animation to progress × duration. On release it `finish()`es
/// when the finish rule holds and `cancel()`s otherwise: the transition runs from where it stands
/// to its end (or back to its start) over the remaining fraction of its duration divided by
/// `completionSpeed`, eased by `completionCurve`.
public struct InteractionDriver: Sendable {
    public let spec: InteractionSpec
    public let track: GestureTrack
    /// The transition's duration: the end of the last animation it drives.
    public let transitionDuration: Double
    /// Progress (0…1) and velocity at release, and the decision taken.
    public let releaseProgress: Double
    public let releaseVelocity: Point
    public let finishes: Bool
    /// How long the finishing (or cancelling) animation runs after release, in seconds.
    public let completionDuration: Double

    public init(spec: InteractionSpec, transitionDuration: Double) {
        self.spec = spec
        track = GestureTrack(spec.gesture)
        self.transitionDuration = transitionDuration
        let release = track.release
        releaseProgress = Self.progress(spec.progress, track, at: release)
        releaseVelocity = track.velocity(at: release)
        let velocity = spec.finishWhen.velocityAxis == .x ? releaseVelocity.x : releaseVelocity.y
        let progressAtRelease = releaseProgress
        let byProgress = spec.finishWhen.progressAbove.map { progressAtRelease > $0 } ?? false
        let byVelocity = spec.finishWhen.velocityAbove.map { velocity > $0 } ?? false
        let finishing = byProgress || byVelocity
        finishes = finishing
        let remaining = finishing ? 1 - progressAtRelease : progressAtRelease
        completionDuration = remaining * transitionDuration / max(spec.completionSpeed, 1e-9)
    }

    static func progress(_ expression: ProgressExpression, _ track: GestureTrack, at t: Double) -> Double {
        let p = expression.evaluate(track.variables(at: t))
        return p.isFinite ? min(max(p, 0), 1) : 0
    }

    /// When the transition has come to rest, in scene seconds.
    public var end: Double { track.release + completionDuration }

    /// The transition's percentComplete at scene time `t`.
    public func percentComplete(at t: Double) -> Double {
        if t <= track.start { return 0 }
        if t <= track.release { return Self.progress(spec.progress, track, at: t) }
        let target = finishes ? 1.0 : 0.0
        guard completionDuration > 0 else { return target }
        let u = min((t - track.release) / completionDuration, 1)
        return releaseProgress + (target - releaseProgress) * spec.completionCurve.progress(u, duration: completionDuration)
    }

    /// The time at which the transition's animations are evaluated.
    public func transitionTime(at t: Double) -> Double { percentComplete(at: t) * transitionDuration }
}
