// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueScene

/// One animation, ready to evaluate at any time: its omitted `from`/`to` already resolved.
struct AnimationEvaluator: Sendable {
    let spec: AnimationSpec
    /// `from`, with an omitted one resolved to the value the property had when the animation began.
    let from: AnimationValue
    /// `to`, with an omitted one resolved to the layer's model value.
    let to: AnimationValue
    let keyframes: KeyframeInterpolator?
    /// The first keyframe value, giving the shape for turning vectors back into values.
    let keyframeShape: AnimationValue?

    init(spec: AnimationSpec, from: AnimationValue, to: AnimationValue) {
        self.spec = spec
        self.from = from
        self.to = to
        if let k = spec.keyframes, let first = k.values.first {
            var vectors: [[Double]] = []
            for value in k.values { vectors.append(value.vector(alignedTo: vectors.last)) }
            // Booleans cannot be interpolated: they always hold, as in discrete mode.
            let mode: CalculationMode = first.isBool ? .discrete : k.calculationMode
            keyframes = KeyframeInterpolator(values: vectors, keyTimes: k.keyTimes, mode: mode,
                                             timingFunctions: k.timingFunctions, tension: k.tensionValues,
                                             continuity: k.continuityValues, bias: k.biasValues)
            keyframeShape = first
        } else {
            keyframes = nil
            keyframeShape = nil
        }
    }

    /// Progress through one forward run of the animation (0…1) at scene time `t`, following
    /// CAMediaTiming: local time = (t − begin) × speed + timeOffset, repeated `repeatCount` times,
    /// each run followed by its reverse when `autoreverses`. Nil when the animation has no effect
    /// at `t` (before it begins without a backwards fill, or after it ends when removed).
    func linearProgress(at t: Double) -> Double? {
        let d = spec.duration
        guard d > 0 else { return 1 }
        let cycle = spec.cycleDuration
        let total = (spec.repeatCount > 0 ? spec.repeatCount : 1) * cycle
        var local: Double
        if t < spec.begin {
            guard spec.fillMode == .backwards || spec.fillMode == .both else { return nil }
            local = spec.timeOffset
        } else {
            local = (t - spec.begin) * spec.speed + spec.timeOffset
        }
        // A nanosecond of slack, so 0.2 + 0.4 counts as having reached 0.6.
        if local >= total - 1e-9 {
            guard spec.fillMode != .removed && spec.fillMode != .backwards else { return nil }
            local = total
        }
        // Where in its cycle the animation stands; an exact end of a cycle is that cycle's end
        // (but a hair after the start, as when t is the double just above `begin`, is the start).
        var phase = local.truncatingRemainder(dividingBy: cycle)
        if phase < 1e-12 && local >= cycle - 1e-12 { phase = cycle }
        if spec.autoreverses && phase > d { return max(0, (2 * d - phase) / d) }
        return min(phase / d, 1)
    }

    /// The animation's value at scene time `t`, or nil when it has no effect then.
    func value(at t: Double) -> AnimationValue? {
        guard let p = linearProgress(at: t) else { return nil }
        let eased = spec.timing.progress(p, duration: spec.duration)
        if let keyframes, let keyframeShape {
            return keyframeShape.fromVector(keyframes.value(at: eased))
        }
        // A spring past its duration has not always settled; the animation ends on `to`, as
        // Core Animation's does when it is removed and the model value shows.
        if p >= 1, case .spring = spec.timing, !spec.autoreverses { return to }
        return AnimationValue.interpolate(from, to, eased)
    }
}

extension AnimationValue {
    var isBool: Bool { if case .bool = self { true } else { false } }
}
