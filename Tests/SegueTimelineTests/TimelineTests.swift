// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueTimeline
import SegueGeometry
import SegueScene

private let here = SourceLocation(file: "test.yaml", line: 1, column: 1)

/// An independent reference for a unit cubic Bézier: bisection on x(s) with 200 halvings.
private func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func bx(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s }
    func by(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s }
    // The curve passes through (0, 0) and (1, 1) by definition; near them x(s) rounds to the end
    // value in double precision for a range of s, which bisection cannot resolve.
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    var lo = 0.0, hi = 1.0
    for _ in 0 ..< 200 { let mid = (lo + hi) / 2; if bx(mid) < x { lo = mid } else { hi = mid } }
    return by((lo + hi) / 2)
}

private func scene(duration: Double = 1, fps: Double = 60, layers: [LayerSpec], animations: [AnimationSpec]) -> Scene {
    Scene(file: "test.yaml", canvas: Canvas(size: Size(width: 100, height: 100), fps: fps), duration: duration,
          layers: layers, animations: animations)
}

struct TimingCurveTests {
    @Test(arguments: [
        ("easeIn", TimingCurve.easeIn, (0.42, 0.0, 1.0, 1.0)),
        ("easeOut", TimingCurve.easeOut, (0.0, 0.0, 0.58, 1.0)),
        ("easeInEaseOut", TimingCurve.easeInEaseOut, (0.42, 0.0, 0.58, 1.0)),
        ("default", TimingCurve.default, (0.25, 0.1, 0.25, 1.0)),
    ])
    func namedCurvesMatchAReferenceSolverEverywhere(name: String, curve: TimingCurve, points: (Double, Double, Double, Double)) {
        #expect(TimingCurve.named[name] == curve)
        for i in 0 ... 1000 {
            let x = Double(i) / 1000
            let expected = referenceBezier(points.0, points.1, points.2, points.3, at: x)
            #expect(abs(curve.progress(x) - expected) < 1e-7, "\(name) at \(x)")
        }
    }

    @Test func steepAndFlatCustomCurvesStayAccurate() {
        for (x1, y1, x2, y2) in [(0.0, 1.0, 0.0, 1.0), (1.0, 0.0, 1.0, 0.0), (0.9, -0.5, 0.1, 1.5), (0.0, 0.0, 0.0, 1.0)] {
            let curve = TimingCurve.cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            for i in 0 ... 400 {
                let x = Double(i) / 400
                #expect(abs(curve.progress(x) - referenceBezier(x1, y1, x2, y2, at: x)) < 1e-7, "\(curve) at \(x)")
            }
        }
    }

    @Test func endsAreExact() {
        for curve in TimingCurve.named.values {
            #expect(curve.progress(0) == 0 && curve.progress(1) == 1)
            #expect(curve.progress(-3) == 0 && curve.progress(7) == 1)
        }
    }
}

struct TimelineTests {
    let box = LayerSpec(id: "box", location: here, bounds: Rect(x: 0, y: 0, width: 40, height: 20),
                        position: Point(x: 50, y: 50))

    func state(_ s: Scene, _ t: Double) -> LayerState { Timeline(scene: s).layers(at: t)[0] }

    @Test func frameCountIsCeilOfDurationTimesFpsPlusOne() {
        // 0.72 s at 60 fps: 43.2 → 44, frames 0…44, so 45 frames.
        #expect(Canvas(size: Size(width: 1, height: 1), fps: 60).frameCount(duration: 0.72) == 45)
        // Exact multiples do not gain a frame from rounding: 0.5 s × 60 = 30 → 31 frames.
        #expect(Canvas(size: Size(width: 1, height: 1), fps: 60).frameCount(duration: 0.5) == 31)
        #expect(Canvas(size: Size(width: 1, height: 1), fps: 30).frameCount(duration: 1.0 / 3) == 11)
        #expect(Canvas(size: Size(width: 1, height: 1), fps: 60).frameCount(duration: 0) == 1)
        // The last frame is at or after the end, so it shows the end state.
        let c = Canvas(size: Size(width: 1, height: 1), fps: 60)
        #expect(c.time(ofFrame: 44) >= 0.72)
    }

    @Test func linearOpacityIsInterpolatedAndHeldAfterTheEnd() {
        let s = scene(layers: [box], animations: [
            AnimationSpec(layerID: "box", keyPath: .opacity, from: .number(1), to: .number(0), begin: 0.2,
                          duration: 0.4, timing: .linear, location: here),
        ])
        #expect(state(s, 0).opacity == 1)            // before begin: the model value
        #expect(abs(state(s, 0.3).opacity - 0.75) < 1e-12) // a quarter of the way
        #expect(state(s, 0.6).opacity == 0)          // end
        #expect(state(s, 5).opacity == 0)            // held: the model value became `to`
    }

    @Test func easedProgressFollowsTheCurve() {
        let s = scene(layers: [box], animations: [
            AnimationSpec(layerID: "box", keyPath: .positionX, from: .number(0), to: .number(100), begin: 0,
                          duration: 1, timing: .easeIn, location: here),
        ])
        let expected = 100 * referenceBezier(0.42, 0, 1, 1, at: 0.25)
        #expect(abs(state(s, 0.25).position.x - expected) < 1e-6)
        #expect(state(s, 0.25).position.y == 50) // position.x leaves y alone
    }

    @Test func omittedFromStartsWhereThePreviousAnimationLeftOff() {
        let s = scene(duration: 2, layers: [box], animations: [
            AnimationSpec(layerID: "box", keyPath: .positionX, from: .number(0), to: .number(100), begin: 0,
                          duration: 1, timing: .linear, location: here),
            AnimationSpec(layerID: "box", keyPath: .positionX, from: nil, to: .number(200), begin: 1,
                          duration: 1, timing: .linear, location: here),
        ])
        #expect(abs(state(s, 1.5).position.x - 150) < 1e-12)
    }

    @Test func frameAnimationPlacesTheAnchorPoint() {
        var layer = box
        layer.anchorPoint = Point(x: 0, y: 1)
        let s = scene(layers: [layer], animations: [
            AnimationSpec(layerID: "box", keyPath: .frame, from: .rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                          to: .rect(Rect(x: 100, y: 200, width: 30, height: 50)), begin: 0, duration: 1,
                          timing: .linear, location: here),
        ])
        let end = state(s, 1)
        // position = origin + anchor × size = (100 + 0·30, 200 + 1·50).
        #expect(end.position == Point(x: 100, y: 250))
        #expect(end.bounds.size == Size(width: 30, height: 50))
        let mid = state(s, 0.5)
        #expect(mid.position == Point(x: 50, y: 130) && mid.bounds.size == Size(width: 20, height: 30))
    }

    @Test func rotationKeyPathDrivesTheTransform() {
        var layer = box
        layer.transform = .rotation(.pi / 2, 0, 1, 0)
        let s = scene(layers: [layer], animations: [
            AnimationSpec(layerID: "box", keyPath: .rotationY, from: .number(.pi / 2), to: .number(0), begin: 0.5,
                          duration: 0.5, timing: .linear, location: here),
        ])
        #expect(state(s, 0.25).transform == .rotation(.pi / 2, 0, 1, 0)) // model until it begins
        let mid = state(s, 0.75).transform
        // Half way: 45° about y, so m11 = cos 45°, m13 = −sin 45°.
        #expect(abs(mid.m11 - 0.5.squareRoot()) < 1e-12 && abs(mid.m13 + 0.5.squareRoot()) < 1e-12)
        #expect(state(s, 1).transform.maxDifference(to: .identity) < 1e-12)
    }

    @Test func colorsInterpolateInPremultipliedSpace() {
        var layer = box
        layer.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0)
        let s = scene(layers: [layer], animations: [
            AnimationSpec(layerID: "box", keyPath: .backgroundColor, from: nil, to: .color(.clear), begin: 0,
                          duration: 1, timing: .linear, location: here),
        ])
        let mid = state(s, 0.5).backgroundColor
        #expect(mid.red == 1 && mid.green == 0 && abs(mid.alpha - 0.5) < 1e-12)
    }

    @Test func hiddenSwitchesWhenTheAnimationEnds() {
        let s = scene(layers: [box], animations: [
            AnimationSpec(layerID: "box", keyPath: .hidden, from: .bool(false), to: .bool(true), begin: 0,
                          duration: 0.5, timing: .linear, location: here),
        ])
        #expect(state(s, 0.49).hidden == false)
        #expect(state(s, 0.5).hidden == true)
    }

    @Test func evaluationIsIndependentOfOrder() {
        let s = scene(layers: [box], animations: [
            AnimationSpec(layerID: "box", keyPath: .position, from: .point(.zero), to: .point(Point(x: 90, y: 30)),
                          begin: 0, duration: 1, timing: .easeInEaseOut, location: here),
        ])
        let timeline = Timeline(scene: s)
        let times = (0 ... 60).map { Double($0) / 60 }
        let forward = times.map { timeline.layers(at: $0)[0].position }
        let backward = times.reversed().map { timeline.layers(at: $0)[0].position }.reversed()
        #expect(forward == Array(backward))
    }
}
