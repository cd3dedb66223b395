// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueTimeline
import SegueGeometry
import SegueScene

private let here = SourceLocation(file: "test.yaml", line: 1, column: 1)

/// Independent unit-Bézier reference (bisection on x), exact at the ends.
private func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    func bx(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s }
    func by(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s }
    var lo = 0.0, hi = 1.0
    for _ in 0 ..< 200 { let m = (lo + hi) / 2; if bx(m) < x { lo = m } else { hi = m } }
    return by((lo + hi) / 2)
}
private func easeInOut(_ x: Double) -> Double { bezier(0.42, 0, 0.58, 1, x) }

/// Inverse of easeInEaseOut by bisection: the time fraction at which eased progress reaches `p`.
private func easeInOutInverse(_ p: Double) -> Double {
    var lo = 0.0, hi = 1.0
    for _ in 0 ..< 200 { let m = (lo + hi) / 2; if easeInOut(m) < p { lo = m } else { hi = m } }
    return (lo + hi) / 2
}

private func layer(_ id: String = "box", opacity: Double = 1, x: Double = 50) -> LayerSpec {
    LayerSpec(id: id, location: here, bounds: Rect(x: 0, y: 0, width: 40, height: 20), position: Point(x: x, y: 50), opacity: opacity)
}

private func scene(_ layers: [LayerSpec], _ animations: [AnimationSpec] = [], groups: [KeyframeGroupSpec] = [],
                   interaction: InteractionSpec? = nil, duration: Double = 1) -> Timeline {
    Timeline(scene: Scene(file: "t", canvas: Canvas(size: Size(width: 400, height: 400)), duration: duration,
                          layers: layers, animations: animations, groups: groups, interaction: interaction))
}

private func moveX(_ from: Double, _ to: Double, duration: Double = 1, begin: Double = 0,
                   _ configure: (inout AnimationSpec) -> Void = { _ in }) -> AnimationSpec {
    var a = AnimationSpec(layerID: "box", keyPath: .positionX, from: .number(from), to: .number(to), begin: begin,
                          duration: duration, timing: .linear, location: here)
    configure(&a)
    return a
}

private func x(_ t: Timeline, _ time: Double) -> Double { t.layers(at: time)[0].position.x }

struct MediaTimingTests {
    @Test func fractionalRepeatCountStopsPartWay() {
        let t = scene([layer()], [moveX(0, 10) { $0.repeatCount = 2.5 }])
        #expect(abs(x(t, 1.25) - 2.5) < 1e-9)  // second run, a quarter in
        #expect(abs(x(t, 2.5) - 5) < 1e-9)     // stops half way through the third run
        #expect(abs(x(t, 9) - 5) < 1e-9)       // and holds there
    }

    @Test func autoreversesRunsBackAndEndsWhereItStarted() {
        let t = scene([layer()], [moveX(0, 10) { $0.autoreverses = true }])
        #expect(abs(x(t, 0.5) - 5) < 1e-9)
        #expect(abs(x(t, 1.5) - 5) < 1e-9)  // half way back
        #expect(abs(x(t, 1.75) - 2.5) < 1e-9)
        #expect(abs(x(t, 3)) < 1e-9)        // ends at the start value
    }

    @Test func speedAndTimeOffsetShiftLocalTime() {
        let fast = scene([layer()], [moveX(0, 10) { $0.speed = 2 }])
        #expect(abs(x(fast, 0.25) - 5) < 1e-9)
        let offset = scene([layer()], [moveX(0, 10) { $0.timeOffset = 0.5 }])
        #expect(abs(x(offset, 0) - 5) < 1e-9)
        #expect(abs(x(offset, 0.25) - 7.5) < 1e-9)
    }

    @Test func aHairAfterTheBeginIsTheStartNotTheEnd() {
        // A contact sheet samples 4.2 × 6/7 = 3.5999999999999996 and dumps 3.6000000000000005:
        // the double just past `begin` is the animation's first instant, not its last.
        let t = scene([layer()], [moveX(0, 10, duration: 0.3, begin: 3.6)], duration: 5)
        #expect(abs(x(t, 3.6.nextUp)) < 1e-9)
        #expect(abs(x(t, 3.6)) < 1e-9)
        #expect(abs(x(t, 3.9) - 10) < 1e-9)
        // An exact end of a repeat is still that run's end.
        let repeated = scene([layer()], [moveX(0, 10) { $0.repeatCount = 2 }], duration: 3)
        #expect(abs(x(repeated, 1) - 10) < 1e-9 && abs(x(repeated, 2) - 10) < 1e-9)
    }

    @Test func endlessRepeatsKeepCycling() {
        let t = scene([layer()], [moveX(0, 10) { $0.repeatCount = .infinity }])
        #expect(abs(x(t, 7.25) - 2.5) < 1e-9)
    }

    @Test func fillModes() {
        // Before begin: the model value (50) unless the fill reaches backwards.
        let hold = scene([layer()], [moveX(0, 10, begin: 1)])
        #expect(x(hold, 0.5) == 50)
        #expect(x(hold, 5) == 10)
        let backwards = scene([layer()], [moveX(0, 10, begin: 1) { $0.fillMode = .backwards }])
        #expect(x(backwards, 0.5) == 0)
        #expect(x(backwards, 5) == 50) // not forwards: removed at the end
        let removed = scene([layer()], [moveX(0, 10) { $0.fillMode = .removed }])
        #expect(x(removed, 0.5) == 5 && x(removed, 1.5) == 50)
        let both = scene([layer()], [moveX(0, 10, begin: 1) { $0.fillMode = .both }])
        #expect(x(both, 0.5) == 0 && x(both, 5) == 10)
    }

    @Test func additiveAddsToTheUnderlyingValue() {
        let t = scene([layer(x: 50)], [moveX(0, 10) { $0.additive = true }])
        #expect(abs(x(t, 0.5) - 55) < 1e-9)
    }

    @Test func stepsJumpAtTheEndOrStartOfEachStep() {
        #expect(TimingCurve.steps(count: 4, jumpAtStart: false).progress(0.3) == 0.25)
        #expect(TimingCurve.steps(count: 4, jumpAtStart: true).progress(0.3) == 0.5)
        #expect(TimingCurve.steps(count: 4, jumpAtStart: false).progress(1) == 1)
    }

    @Test func springAnimationFollowsTheClosedForm() {
        // CASpringAnimation defaults: ω₀ = 10, ζ = 0.5, ω_d = √75; from x(0) = −1 at rest:
        // x(t) = e^(−5t)·(−cos ω_d t − (5/ω_d)·sin ω_d t); value = 100·(1 + x(t)).
        let spring = TimingCurve.spring(.physical(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))
        let t = scene([layer()], [moveX(0, 100, duration: 1.5) { $0.timing = spring }], duration: 1.5)
        let wd = 75.0.squareRoot()
        for time in [0.05, 0.2, 0.37, 0.8] {
            let expected = 100 * (1 + exp(-5 * time) * (-cos(wd * time) - 5 / wd * sin(wd * time)))
            #expect(abs(x(t, time) - expected) < 1e-9)
        }
        #expect(x(t, 0.37) > 100)  // it overshoots
        #expect(x(t, 1.5) == 100)  // and ends on the target
    }

    @Test func wholeTransformInterpolatesAsARotation() {
        let a = AnimationSpec(layerID: "box", keyPath: .transform, from: .transform(.identity),
                              to: .transform(.rotation(.pi / 2, 0, 1, 0)), duration: 1, timing: .linear, location: here)
        let t = scene([layer()], [a])
        #expect(t.layers(at: 0.5)[0].transform.maxDifference(to: .rotation(.pi / 4, 0, 1, 0)) < 1e-12)
    }

    @Test func transformKeyPathsReadTheModelTransformAsCoreAnimationDoes() {
        // An omitted `from` on transform.rotation.y reads the model's rotation about y.
        var model = layer()
        model.transform = .rotation(.pi / 2, 0, 1, 0)
        let a = AnimationSpec(layerID: "box", keyPath: .rotationY, from: nil, to: .number(0), duration: 1,
                              timing: .linear, location: here)
        let t = scene([model], [a])
        #expect(t.layers(at: 0.5)[0].transform.maxDifference(to: .rotation(.pi / 4, 0, 1, 0)) < 1e-12)
    }
}

struct KeyframeGroupTests {
    /// UIKit's documented behaviour: a 10 s group with one keyframe (start 0, duration 0.1,
    /// alpha 1 → 0) is one keyframe animation with keyTimes (0, 0.1, 1) and values (1, 0, 0),
    /// and the whole group follows easeInEaseOut.
    @Test func oneShortKeyframeInALongGroup() {
        let group = KeyframeGroupSpec(duration: 10, keyframes: [
            GroupKeyframe(relativeStart: 0, relativeDuration: 0.1,
                          changes: [PropertyChange(layerID: "box", keyPath: .opacity, value: .number(0), location: here)],
                          location: here),
        ], location: here)
        let expanded = KeyframeGroupExpansion.expand(group) { _, _ in .number(1) }
        #expect(expanded.count == 1)
        let k = expanded[0].keyframes!
        #expect(k.keyTimes == [0, 0.1, 1])
        #expect(k.values == [.number(1), .number(0), .number(0)])
        #expect(expanded[0].timing == .easeInEaseOut && expanded[0].duration == 10)

        let t = scene([layer()], groups: [group], duration: 10)
        for time in [0.3, 1.0, 2.0, 3.0, 9.0] {
            let eased = easeInOut(time / 10)
            let expected = max(0, 1 - eased / 0.1)
            #expect(abs(t.layers(at: time)[0].opacity - expected) < 1e-6, "t = \(time)")
        }
    }

    @Test func laterKeyframesHoldUntilTheirStartAndPropertiesStartFromTheModel() {
        // Opacity model 0.8; a keyframe at [0.5, 0.75] sets 0.2: keyTimes 0, 0.5, 0.75, 1.
        let group = KeyframeGroupSpec(duration: 1, curve: .linear, keyframes: [
            GroupKeyframe(relativeStart: 0.5, relativeDuration: 0.25,
                          changes: [PropertyChange(layerID: "box", keyPath: .opacity, value: .number(0.2), location: here)],
                          location: here),
        ], location: here)
        let t = scene([layer(opacity: 0.8)], groups: [group])
        #expect(abs(t.layers(at: 0.4)[0].opacity - 0.8) < 1e-12)
        #expect(abs(t.layers(at: 0.625)[0].opacity - 0.5) < 1e-12)
        #expect(abs(t.layers(at: 0.9)[0].opacity - 0.2) < 1e-12)
    }

    /// The seed's flip (FlipPresentCustomTransition): 0.72 s, three thirds, calculationModeCubic,
    /// UIKit's default easeInEaseOut over the whole group. The from-view is edge-on (−90°) when
    /// the eased progress reaches 1/3 (t ≈ 0.289 s) and the snapshot is flat when it reaches 2/3
    /// (t ≈ 0.431 s).
    @Test func seedFlipReachesItsKeyframesAtTheEasedTimes() {
        func change(_ id: String, _ angle: Double) -> PropertyChange {
            PropertyChange(layerID: id, keyPath: .transform, value: .transform(.rotation(angle, 0, 1, 0)), location: here)
        }
        let group = KeyframeGroupSpec(duration: 0.72, calculationMode: .cubic, keyframes: [
            GroupKeyframe(relativeStart: 0, relativeDuration: 1.0 / 3, changes: [change("from", -.pi / 2)], location: here),
            GroupKeyframe(relativeStart: 1.0 / 3, relativeDuration: 1.0 / 3, changes: [change("snapshot", 0)], location: here),
        ], location: here)
        var snapshot = layer("snapshot")
        snapshot.transform = .rotation(.pi / 2, 0, 1, 0)
        let t = scene([layer("from"), snapshot], groups: [group], duration: 0.72)
        let edgeOn = 0.72 * easeInOutInverse(1.0 / 3), flat = 0.72 * easeInOutInverse(2.0 / 3)
        #expect(abs(edgeOn - 0.289) < 0.001 && abs(flat - 0.431) < 0.001)
        let a = t.layers(at: edgeOn)
        #expect(a[0].transform.maxDifference(to: .rotation(-.pi / 2, 0, 1, 0)) < 1e-6)
        let b = t.layers(at: flat)
        #expect(b[1].transform.maxDifference(to: .identity) < 1e-6)
        // Before its keyframe the snapshot is still (nearly) edge-on: the cubic spline through the
        // held value eases it a little early, as Core Animation's does, but only by a degree or so.
        #expect(abs(t.layers(at: 0.1)[1].transform.m11) < 0.03)
    }
}

struct InteractionTests {
    /// The seed's SwipeInteractionController: progress = translation.x / 200, finish above 0.5.
    func swipe(to finalX: Double, over seconds: Double, completionSpeed: Double = 1) -> Timeline {
        let gesture = GestureSpec(kind: .screenEdgePan, samples: [GestureSample(0, 0), GestureSample(seconds, finalX)], location: here)
        let progress = ProgressExpression.binary("/", .variable("translation.x"), .number(200))
        let spec = InteractionSpec(gesture: gesture, progress: progress, completionSpeed: completionSpeed, location: here)
        let fade = AnimationSpec(layerID: "box", keyPath: .opacity, from: .number(1), to: .number(0), duration: 1,
                                 timing: .linear, location: here)
        return scene([layer()], [fade], interaction: spec)
    }

    @Test func belowHalfwayItCancels() {
        let t = swipe(to: 100, over: 0.5)
        // While dragging: at 0.25 s the finger has moved 50 pt → progress 0.25.
        #expect(abs(t.layers(at: 0.25)[0].opacity - 0.75) < 1e-9)
        let d = t.interaction!
        #expect(d.releaseProgress == 0.5 && !d.finishes)   // 0.5 is not above 0.5
        // Cancelling runs 0.5 of the 1 s transition back: 0.5 s.
        #expect(abs(d.completionDuration - 0.5) < 1e-12 && abs(t.duration - 1.0) < 1e-12)
        #expect(t.layers(at: 1.0)[0].opacity == 1)
    }

    @Test func pastHalfwayItFinishesWithTheCompletionCurve() {
        let t = swipe(to: 150, over: 0.5)
        let d = t.interaction!
        #expect(d.finishes && abs(d.completionDuration - 0.25) < 1e-12)
        // Half way through the completion, easeInEaseOut(0.5) = 0.5: progress 0.75 + 0.25·0.5.
        #expect(abs(t.layers(at: 0.625)[0].opacity - 0.125) < 1e-9)
        #expect(t.layers(at: 0.75)[0].opacity == 0)
    }

    @Test func completionSpeedShortensTheCompletion() {
        #expect(abs(swipe(to: 150, over: 0.5, completionSpeed: 2).interaction!.completionDuration - 0.125) < 1e-12)
    }

    @Test func aFastFlickFinishesByVelocity() {
        let gesture = GestureSpec(samples: [GestureSample(0, 0), GestureSample(0.1, 0), GestureSample(0.14, 60)], location: here)
        let spec = InteractionSpec(gesture: gesture, progress: .binary("/", .variable("translation.x"), .number(200)),
                                   finishWhen: FinishRule(progressAbove: 0.5, velocityAbove: 1000), location: here)
        let fade = AnimationSpec(layerID: "box", keyPath: .opacity, from: .number(1), to: .number(0), duration: 1,
                                 timing: .linear, location: here)
        let d = scene([layer()], [fade], interaction: spec).interaction!
        // Over the last 50 ms the finger moved 60 pt: 1200 pt/s; progress only 0.3.
        #expect(abs(d.releaseVelocity.x - 1200) < 1e-9 && abs(d.releaseProgress - 0.3) < 1e-12)
        #expect(d.finishes)
    }
}

private func GestureSample(_ t: Double, _ x: Double, _ y: Double = 0) -> GestureSpec.Sample {
    GestureSpec.Sample(time: t, x: x, y: y)
}

struct ScrollTests {
    func scroller(content: Double, viewport: Double, offset: Double = 0, snap: SnapSpec? = nil,
                  points: [GestureSpec.Sample]) -> ScrollSimulation {
        let spec = ScrollSpec(contentSize: Size(width: content, height: 100), contentOffset: Point(x: offset, y: 0),
                              drag: GestureSpec(samples: points, location: here), snap: snap, location: here)
        return ScrollSimulation(spec: spec, viewport: Size(width: viewport, height: 100))
    }

    @Test func decelerationFollowsUIScrollViewsRate() {
        // The finger moves 20 pt left in 0.1 s: offset +20, release velocity 200 pt/s = 0.2 pt/ms.
        let s = scroller(content: 1000, viewport: 100, points: [GestureSample(0, 50), GestureSample(0.1, 30)])
        #expect(abs(s.releaseVelocity.x - 0.2) < 1e-12)
        // v(m) = 0.2 · 0.998ᵐ, so x(m) = 20 + 0.2·(0.998ᵐ − 1)/ln 0.998.
        let m = 100.0
        let expected = 20 + 0.2 * (pow(0.998, m) - 1) / log(0.998)
        #expect(abs(s.offset(at: 0.1 + m / 1000).x - expected) < 1e-9)
        // It comes to rest 0.2/|ln 0.998| ≈ 99.9 pt further on.
        #expect(abs(s.offset(at: s.end).x - (20 + 0.2 / -log(0.998))) <= 0.5 + 1e-9)
    }

    @Test func draggingPastTheEdgeRubberBands() {
        // Dragging right by 50 pt at offset 0 in a 100 pt viewport: −(1 − 1/(50·0.55/100 + 1))·100.
        let s = scroller(content: 1000, viewport: 100, points: [GestureSample(0, 0), GestureSample(1, 50)])
        #expect(abs(s.offset(at: 1).x + (1 - 1 / 1.275) * 100) < 1e-9)
        // Released there, it returns to the edge.
        #expect(s.offset(at: s.end).x == 0)
    }

    @Test func carouselMovesOnePageOnAFastShortFlick() {
        // 60 pt in 0.1 s: 0.6 pt/ms > 0.5, though well short of half a 300 pt page.
        let s = scroller(content: 1500, viewport: 300, snap: SnapSpec(),
                         points: [GestureSample(0, 200), GestureSample(0.1, 140)])
        #expect(s.startPage == 0 && s.targetPage == 1)
        #expect(s.offset(at: s.end).x == 300)
        #expect(abs(s.end - 0.4) < 1e-12) // release + the 0.3 s spring
    }

    @Test func carouselReturnsOnASlowShortDrag() {
        let s = scroller(content: 1500, viewport: 300, snap: SnapSpec(),
                         points: [GestureSample(0, 200), GestureSample(1, 140)])
        #expect(s.targetPage == 0 && s.offset(at: s.end).x == 0)
    }

    @Test func carouselFollowsADragPastHalfAPage() {
        let s = scroller(content: 1500, viewport: 300, snap: SnapSpec(),
                         points: [GestureSample(0, 250), GestureSample(2, 80)])
        #expect(s.targetPage == 1 && s.offset(at: s.end).x == 300)
    }
}

struct TransformReadingTests {
    @Test(arguments: [0.3, 1.2, 1.68, 2.5, -1.68, -2.9])
    func rotationAboutYReadsBackOverItsWholeRange(angle: Double) {
        let c = TransformComponents(reading: .rotation(angle, 0, 1, 0))
        #expect(abs(c.rotation[1] - angle) < 1e-9 && abs(c.rotation[0]) < 1e-9 && abs(c.rotation[2]) < 1e-9)
    }

    @Test func scaleAndTranslationReadBack() {
        let c = TransformComponents(reading: Transform3D.scale(2, 3).then(.rotation(0.4, 0, 0, 1)).then(.translation(5, 6, 7)))
        #expect(abs(c.scale[0] - 2) < 1e-12 && abs(c.scale[1] - 3) < 1e-12)
        #expect(abs(c.rotation[2] - 0.4) < 1e-12 && c.translation == [5, 6, 7])
    }
}
