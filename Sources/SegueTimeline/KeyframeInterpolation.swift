// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueScene


/// Interpolation through keyframe values, each value a vector of numbers (a point is 2 numbers,
/// a colour 4 premultiplied components, …), as CAKeyframeAnimation defines it:
///
/// - `linear`: straight lines between values at their key times;
/// - `discrete`: each value holds until the next key time;
/// - `paced`: constant speed along the polyline; key times and timing functions are ignored;
/// - `cubic`: a Kochanek–Bartels spline through the values (Catmull-Rom when tension, continuity
///   and bias are 0); at the ends the missing neighbour is the end value itself;
/// - `cubicPaced`: the cubic path travelled at constant speed.
public struct KeyframeInterpolator: Sendable {
    public let values: [[Double]]
    public let keyTimes: [Double]
    public let mode: CalculationMode
    /// Per-segment timing curves (count = segments), applied to each segment's local progress.
    public let timingFunctions: [TimingCurve]
    public let tension: [Double], continuity: [Double], bias: [Double]
    /// Cumulative arc length at each value (paced modes), normalised to 0…1.
    private let pacedTimes: [Double]

    public init(values: [[Double]], keyTimes: [Double]?, mode: CalculationMode, timingFunctions: [TimingCurve] = [],
                tension: [Double] = [], continuity: [Double] = [], bias: [Double] = []) {
        self.values = values
        self.mode = mode
        self.timingFunctions = timingFunctions
        self.tension = tension; self.continuity = continuity; self.bias = bias
        let n = values.count
        if let keyTimes, !keyTimes.isEmpty {
            self.keyTimes = keyTimes
        } else if mode == .discrete {
            // n values hold for n equal intervals: n + 1 boundaries.
            self.keyTimes = (0 ... n).map { Double($0) / Double(max(n, 1)) }
        } else {
            self.keyTimes = (0 ..< n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
        }
        var paced: [Double] = []
        if mode == .paced || mode == .cubicPaced, n > 1 {
            var lengths = [0.0]
            for i in 0 ..< n - 1 {
                let segment = mode == .paced ? Self.distance(values[i], values[i + 1]) : Self.splineLength(values, i, tension, continuity, bias)
                lengths.append(lengths[i] + segment)
            }
            let total = lengths[n - 1]
            paced = total > 0 ? lengths.map { $0 / total } : (0 ..< n).map { Double($0) / Double(n - 1) }
        }
        pacedTimes = paced
    }

    /// The value at animation progress `p` in 0…1 (after the animation's own timing function).
    public func value(at p: Double) -> [Double] {
        let n = values.count
        guard n > 1 else { return values.first ?? [] }
        let times = (mode == .paced || mode == .cubicPaced) ? pacedTimes : keyTimes
        if mode == .discrete {
            // The last boundary index whose key time is ≤ p picks the value.
            var index = 0
            for (i, kt) in times.enumerated() where p >= kt { index = i }
            return values[min(index, n - 1)]
        }
        if p <= times[0] { return values[0] }
        if p >= times[min(n, times.count) - 1] { return values[min(n, times.count) - 1] }
        var i = 0
        while i + 1 < min(n, times.count) - 1 && p >= times[i + 1] { i += 1 }
        let span = times[i + 1] - times[i]
        var s = span > 0 ? (p - times[i]) / span : 1
        if mode == .linear || mode == .cubic, i < timingFunctions.count {
            s = timingFunctions[i].progress(s)
        }
        switch mode {
        case .linear, .paced, .discrete:
            return zip(values[i], values[i + 1]).map { $0 + ($1 - $0) * s }
        case .cubic:
            return Self.hermite(values, i, s, tension, continuity, bias)
        case .cubicPaced:
            // Constant speed: find the spline parameter whose arc length matches s.
            return Self.hermite(values, i, Self.parameter(forArcFraction: s, values, i, tension, continuity, bias), tension, continuity, bias)
        }
    }

    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).map { ($1 - $0) * ($1 - $0) }.reduce(0, +).squareRoot()
    }

    /// Kochanek–Bartels tangents at value i: the outgoing one (start of segment i → i+1) and the
    /// incoming one (end of segment i−1 → i). A missing neighbour at either end is the end value.
    static func tangents(_ p: [[Double]], _ i: Int, _ tension: [Double], _ continuity: [Double], _ bias: [Double])
        -> (outgoing: [Double], incoming: [Double]) {
        let prev = p[max(i - 1, 0)], cur = p[i], next = p[min(i + 1, p.count - 1)]
        let t = i < tension.count ? tension[i] : 0
        let c = i < continuity.count ? continuity[i] : 0
        let b = i < bias.count ? bias[i] : 0
        var outgoing: [Double] = [], incoming: [Double] = []
        for k in cur.indices {
            let d0 = cur[k] - prev[k], d1 = next[k] - cur[k]
            outgoing.append((1 - t) * (1 + b) * (1 + c) / 2 * d0 + (1 - t) * (1 - b) * (1 - c) / 2 * d1)
            incoming.append((1 - t) * (1 + b) * (1 - c) / 2 * d0 + (1 - t) * (1 - b) * (1 + c) / 2 * d1)
        }
        return (outgoing, incoming)
    }

    /// The cubic Hermite segment from value i to i+1 at local parameter s.
    static func hermite(_ p: [[Double]], _ i: Int, _ s: Double, _ tension: [Double], _ continuity: [Double], _ bias: [Double]) -> [Double] {
        let m0 = tangents(p, i, tension, continuity, bias).outgoing
        let m1 = tangents(p, i + 1, tension, continuity, bias).incoming
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        return p[i].indices.map { k in h00 * p[i][k] + h10 * m0[k] + h01 * p[i + 1][k] + h11 * m1[k] }
    }

    static let arcSamples = 64

    static func splineLength(_ p: [[Double]], _ i: Int, _ tension: [Double], _ continuity: [Double], _ bias: [Double]) -> Double {
        var length = 0.0
        var last = p[i]
        for j in 1 ... arcSamples {
            let point = hermite(p, i, Double(j) / Double(arcSamples), tension, continuity, bias)
            length += distance(last, point)
            last = point
        }
        return length
    }

    static func parameter(forArcFraction f: Double, _ p: [[Double]], _ i: Int, _ tension: [Double], _ continuity: [Double], _ bias: [Double]) -> Double {
        var cumulative = [0.0]
        var last = p[i]
        for j in 1 ... arcSamples {
            let point = hermite(p, i, Double(j) / Double(arcSamples), tension, continuity, bias)
            cumulative.append(cumulative[j - 1] + distance(last, point))
            last = point
        }
        let total = cumulative[arcSamples]
        guard total > 0 else { return f }
        let target = f * total
        var j = 1
        while j < arcSamples && cumulative[j] < target { j += 1 }
        let segment = cumulative[j] - cumulative[j - 1]
        let local = segment > 0 ? (target - cumulative[j - 1]) / segment : 0
        return (Double(j - 1) + local) / Double(arcSamples)
    }
}
