// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A damped harmonic oscillator, as `CASpringAnimation` models it: a mass on a spring pulled from
/// 0 towards 1, with closed-form solutions for under-, critically and over-damped motion.
///
/// `initialVelocity` is in units of the whole distance per second; positive moves towards the
/// target (Apple's convention).
public struct SpringSolver: Hashable, Sendable {
    public let mass, stiffness, damping, initialVelocity: Double
    /// Undamped angular frequency ω₀ = √(k/m).
    public let omega0: Double
    /// Damping ratio ζ = c / (2√(km)).
    public let zeta: Double

    /// Defaults are CASpringAnimation's: mass 1, stiffness 100, damping 10, initialVelocity 0.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = initialVelocity
        omega0 = (stiffness / mass).squareRoot()
        zeta = damping / (2 * (stiffness * mass).squareRoot())
    }

    /// SwiftUI's `Spring(duration:bounce:)`: k = (2π/duration)², ζ = 1 − bounce, mass 1.
    public static func swiftUI(duration: Double, bounce: Double, initialVelocity: Double = 0) -> SpringSolver {
        let k = pow(2 * .pi / duration, 2)
        let zeta = 1 - bounce
        return SpringSolver(mass: 1, stiffness: k, damping: zeta * 2 * k.squareRoot(), initialVelocity: initialVelocity)
    }

    /// `UIView.animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)`. UIKit does not
    /// publish how it picks the stiffness; Segue chooses the stiffness (mass 1) whose
    /// settling duration equals `duration`, so the motion is visibly complete when the animation ends.
    public static func uiView(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) -> SpringSolver {
        let zeta = max(dampingRatio, 1e-3)
        func make(_ omega: Double) -> SpringSolver {
            SpringSolver(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, initialVelocity: initialVelocity)
        }
        // settlingDuration scales as 1/ω₀ for a fixed ζ and velocity in distance/s … except through
        // the velocity term, so solve by bisection on ω₀ (settling time decreases as ω₀ grows).
        var lo = 1e-3, hi = 1e5
        for _ in 0 ..< 200 {
            let mid = (lo * hi).squareRoot()
            if make(mid).settlingDuration > duration { lo = mid } else { hi = mid }
        }
        return make((lo * hi).squareRoot())
    }

    /// Displacement from the target, x(t), starting at x(0) = −1 with x′(0) = initialVelocity.
    public func displacement(at t: Double) -> Double {
        let x0 = -1.0, v0 = initialVelocity
        if zeta < 1 {
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            let a = x0, b = (v0 + zeta * omega0 * x0) / wd
            return exp(-zeta * omega0 * t) * (a * cos(wd * t) + b * sin(wd * t))
        } else if zeta == 1 {
            return (x0 + (v0 + omega0 * x0) * t) * exp(-omega0 * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - root), r2 = -omega0 * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// Progress from 0 towards 1 (it overshoots 1 when underdamped).
    public func progress(at t: Double) -> Double { t <= 0 ? 0 : 1 + displacement(at: t) }

    /// An upper bound on |x(t)| that only decreases: for an underdamped spring (|A| + |B|)·e^(−ζω₀t).
    func envelope(at t: Double) -> Double {
        let x0 = -1.0, v0 = initialVelocity
        if zeta < 1 {
            let wd = omega0 * (1 - zeta * zeta).squareRoot()
            return (abs(x0) + abs((v0 + zeta * omega0 * x0) / wd)) * exp(-zeta * omega0 * t)
        } else if zeta == 1 {
            return (abs(x0) + abs(v0 + omega0 * x0) * t) * exp(-omega0 * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - root), r2 = -omega0 * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
        }
    }

    /// When the spring counts as at rest: the first time its envelope falls to 0.001 of the
    /// distance. Apple does not publish its rule; this one reproduces the one figure Apple's
    /// documentation gives (damping 5, other values default: "approximately 2.85 seconds").
    public var settlingDuration: Double {
        let epsilon = 0.001
        guard omega0 > 0, omega0.isFinite else { return 0 }
        // The critically damped envelope first rises when v0 is large; start past its peak.
        var hi = 1.0 / omega0
        var guardCount = 0
        while envelope(at: hi) > epsilon && guardCount < 200 { hi *= 2; guardCount += 1 }
        var lo = 0.0
        for _ in 0 ..< 100 {
            let mid = (lo + hi) / 2
            // Past the envelope's maximum it decreases, so bisect on "still above epsilon".
            if envelope(at: mid) > epsilon { lo = mid } else { hi = mid }
        }
        return hi
    }
}
