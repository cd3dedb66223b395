// SPDX-License-Identifier: Apache-2.0
import SegueScene

/// A unit cubic Bézier timing curve from (0, 0) to (1, 1), as `CAMediaTimingFunction`.
///
/// Solving x(s) = progress for the curve parameter s uses Newton's method from a good first
/// guess and falls back to bisection, so the result is accurate to 1e-7 in s (and therefore
/// in the output) over the whole range, including flat and steep curves.
public struct CubicBezier: Hashable, Sendable {
    public let x1, y1, x2, y2: Double
    // Polynomial coefficients of x(s) = ((ax·s + bx)·s + cx)·s, likewise y.
    private let ax, bx, cx, ay, by, cy: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }

    @inline(__always) func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    @inline(__always) func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    @inline(__always) func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The curve parameter s with x(s) = progress (x is monotonic because x1, x2 ∈ [0, 1]).
    /// Both loops stop on the size of the step in s, not on the error in x: where the curve is
    /// steep (dx/ds → 0) a tiny error in x is a large error in s, and so in the output.
    public func parameter(forProgress progress: Double) -> Double {
        let target = min(max(progress, 0), 1)
        var s = target
        for _ in 0 ..< 10 {
            let slope = dx(s)
            guard abs(slope) > 1e-6 else { break }
            let step = (x(s) - target) / slope
            let next = s - step
            guard next >= 0, next <= 1 else { break }
            s = next
            if abs(step) < 1e-14 { return s }
        }
        // Bisection: x is monotonic on [0, 1]; 64 halvings reach double precision in s.
        var lo = 0.0, hi = 1.0
        for _ in 0 ..< 64 {
            let mid = (lo + hi) / 2
            if x(mid) < target { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// Eased progress for linear progress in 0…1 (clamped outside).
    public func solve(_ progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        return y(parameter(forProgress: progress))
    }
}

extension TimingCurve {
    /// Eased progress for linear progress in 0…1 of an animation lasting `duration` seconds
    /// (springs run in seconds: their progress need not reach 1 by the end, nor stay below it).
    public func progress(_ linear: Double, duration: Double = 1) -> Double {
        switch self {
        case let .cubicBezier(x1, y1, x2, y2):
            if x1 == y1 && x2 == y2 { return min(max(linear, 0), 1) } // linear: skip the solver
            return CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).solve(linear)
        case let .steps(count, jumpAtStart):
            let p = min(max(linear, 0), 1), n = Double(max(count, 1))
            if p >= 1 { return 1 }
            return jumpAtStart ? min((p * n).rounded(.down) + 1, n) / n : (p * n).rounded(.down) / n
        case let .spring(spec):
            return spec.solver.progress(at: min(max(linear, 0), 1) * duration)
        }
    }
}
