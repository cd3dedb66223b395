// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SegueScene

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
        let progressAtRelease = releaseProgress
        let finishing = spec.finishWhen.finishes(progress: progressAtRelease, velocity: releaseVelocity)
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
