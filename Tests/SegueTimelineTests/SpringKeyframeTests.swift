// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueTimeline
import SegueGeometry
import SegueScene

/// Independent reference: integrate m·x″ + c·x′ + k·x = 0 from x = −1, x′ = v0 with classic RK4.
private func integrateSpring(m: Double, k: Double, c: Double, v0: Double, until t: Double) -> Double {
    var x = -1.0, v = v0
    let steps = max(1, Int(t / 1e-5))
    let h = t / Double(steps)
    func accel(_ x: Double, _ v: Double) -> Double { (-k * x - c * v) / m }
    for _ in 0 ..< steps {
        let k1x = v, k1v = accel(x, v)
        let k2x = v + h / 2 * k1v, k2v = accel(x + h / 2 * k1x, v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v, k3v = accel(x + h / 2 * k2x, v + h / 2 * k2v)
        let k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return 1 + x
}

struct SpringTests {
    @Test(arguments: [
        (1.0, 100.0, 10.0, 0.0),   // CASpringAnimation defaults: underdamped, ζ = 0.5
        (1.0, 100.0, 20.0, 0.0),   // critically damped
        (1.0, 100.0, 35.0, 0.0),   // overdamped
        (2.0, 300.0, 8.0, 5.0),    // heavy, with initial velocity towards the target
        (1.0, 400.0, 40.0, -3.0),  // critically damped, starting away from the target
    ])
    func closedFormsMatchNumericalIntegration(m: Double, k: Double, c: Double, v0: Double) {
        let spring = SpringSolver(mass: m, stiffness: k, damping: c, initialVelocity: v0)
        for t in stride(from: 0.05, through: 2.0, by: 0.15) {
            let reference = integrateSpring(m: m, k: k, c: c, v0: v0, until: t)
            #expect(abs(spring.progress(at: t) - reference) < 1e-6, "t = \(t)")
        }
        #expect(spring.progress(at: 0) == 0)
    }

    @Test func settlingDurationReproducesApplesDocumentedExample() {
        // developer.apple.com, CASpringAnimation.settlingDuration: damping 5 → "approximately 2.85 seconds".
        let d = SpringSolver(damping: 5).settlingDuration
        #expect(abs(d - 2.85) < 0.01)
        // And after it, the motion stays within 0.001 of the target.
        let spring = SpringSolver(damping: 5)
        for t in stride(from: d, through: d + 3, by: 0.001) { #expect(abs(spring.displacement(at: t)) <= 0.001 + 1e-12) }
    }

    @Test func swiftUIFormUsesThePublishedMapping() {
        // k = (2π/duration)², ζ = 1 − bounce.
        let s = SpringSolver.swiftUI(duration: 0.5, bounce: 0.3)
        #expect(abs(s.stiffness - pow(2 * .pi / 0.5, 2)) < 1e-9)
        #expect(abs(s.zeta - 0.7) < 1e-12)
    }

    @Test func uiViewFormSettlesWithinItsDuration() {
        let s = SpringSolver.uiView(duration: 0.3, dampingRatio: 1)
        #expect(abs(s.zeta - 1) < 1e-12)
        #expect(abs(s.settlingDuration - 0.3) < 1e-6)
    }
}

struct KeyframeTests {
    @Test func linearWithKeyTimes() {
        let k = KeyframeInterpolator(values: [[0], [10], [40]], keyTimes: [0, 0.25, 1], mode: .linear)
        #expect(k.value(at: 0.125) == [5])            // half of the first segment
        #expect(abs(k.value(at: 0.625)[0] - 25) < 1e-12) // half of the second: 10 + 30/2
        #expect(k.value(at: 1) == [40] && k.value(at: 0) == [0])
    }

    @Test func discreteHoldsEachValue() {
        let k = KeyframeInterpolator(values: [[1], [2], [3]], keyTimes: nil, mode: .discrete)
        // Three values over three equal intervals.
        #expect(k.value(at: 0.2) == [1] && k.value(at: 0.34) == [2] && k.value(at: 0.9) == [3])
    }

    @Test func pacedIgnoresKeyTimesAndKeepsSpeedConstant() {
        // Distances 10 and 30: the first value is reached at a quarter of the time.
        let k = KeyframeInterpolator(values: [[0, 0], [10, 0], [10, 30]], keyTimes: [0, 0.9, 1], mode: .paced)
        #expect(k.value(at: 0.25) == [10, 0])
        #expect(abs(k.value(at: 0.625)[1] - 15) < 1e-12)
    }

    @Test func cubicIsCatmullRomThroughTheValues() {
        // Values 0, 10, 0, 10 at 0, 1/3, 2/3, 1. Hand-worked Catmull-Rom, segment 1 (10 → 0):
        // tangents m1 = (0 − 0)/2 = 0, m2 = (10 − 10)/2 = 0 → pure smoothstep: at s = 0.5, 5.
        // Segment 0 (0 → 10): m0 = (10 − 0)/2 = 5 (end duplicated), m1 = 0;
        // at s = 0.5: h00·0 + h10·5 + h01·10 + h11·0 = 0.125·5 + 0.5·10 = 5.625.
        let k = KeyframeInterpolator(values: [[0], [10], [0], [10]], keyTimes: nil, mode: .cubic)
        #expect(abs(k.value(at: 0.5)[0] - 5) < 1e-12)
        #expect(abs(k.value(at: 1.0 / 6)[0] - 5.625) < 1e-12)
        #expect(abs(k.value(at: 1.0 / 3)[0] - 10) < 1e-12) // passes through the values
    }

    @Test func kochanekBartelsTensionOneIsLinearInShape() {
        // Tension 1 zeroes every tangent: Hermite with zero tangents is smoothstep between values.
        let k = KeyframeInterpolator(values: [[0], [8], [0]], keyTimes: nil, mode: .cubic, tension: [1, 1, 1])
        let s = 0.25, smooth = 3 * s * s - 2 * s * s * s
        #expect(abs(k.value(at: 0.125)[0] - 8 * smooth) < 1e-12)
    }

    @Test func segmentTimingFunctionsApplyPerSegment() {
        let k = KeyframeInterpolator(values: [[0], [10], [20]], keyTimes: nil, mode: .linear,
                                     timingFunctions: [.easeIn, .linear])
        #expect(abs(k.value(at: 0.25)[0] - 10 * TimingCurve.easeIn.progress(0.5)) < 1e-12)
        #expect(abs(k.value(at: 0.75)[0] - 15) < 1e-12)
    }
}

struct TransformInterpolationTests {
    @Test func decompositionRoundTrips() {
        let samples: [Transform3D] = [
            .identity,
            Transform3D.rotation(0.7, 0, 1, 0).translated(10, -20, 5),
            Transform3D.perspective(500).rotated(-1.2, 0.3, 1, 0.2).scaled(2, 0.5, 1),
            Transform3D.scale(-1, 1).rotated(0.4, 0, 0, 1),
            Transform3D.concat(Transform3D(rowMajor: [1, 0, 0, 0, 0.3, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]), .rotation(2.5, 1, 0, 0)),
        ]
        for m in samples {
            let back = DecomposedTransform(m)!.matrix
            #expect(back.maxDifference(to: m) < 1e-9, "\(m) → \(back)")
        }
    }

    @Test func rotationsInterpolateAsRotations() {
        // Half way from 0 to 90° about y is 45° about y (not a squashed average of the matrices).
        let mid = Transform3D.interpolate(.identity, .rotation(.pi / 2, 0, 1, 0), 0.5)
        #expect(mid.maxDifference(to: .rotation(.pi / 4, 0, 1, 0)) < 1e-12)
        let third = Transform3D.interpolate(.rotation(.pi / 2, 0, 1, 0), .identity, 1.0 / 3)
        #expect(third.maxDifference(to: .rotation(.pi / 3, 0, 1, 0)) < 1e-12)
    }

    @Test func translationAndScaleInterpolateLinearly() {
        let a = Transform3D.scale(1, 1).translated(0, 0)
        let b = Transform3D.translation(100, 40).scaled(3, 2)
        let mid = Transform3D.interpolate(a, b, 0.5)
        #expect(mid.maxDifference(to: Transform3D.translation(50, 20).scaled(2, 1.5)) < 1e-12)
    }
}
