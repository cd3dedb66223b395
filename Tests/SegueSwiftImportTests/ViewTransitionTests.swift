// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing

/// UIView.transition's built-in flips and cross-dissolve (ViewTransitions.swift fixtures), against
/// geometry worked out by hand: the container turns about its centre by 180° × curve(t / d) —
/// the old content while the turn is under 90°, the new content (turned back by 180°) after —
/// in a perspective of 1000 pt (m34 = −1/1000), rotations in CATransform3DMakeRotation's sense.
@Suite struct ViewTransitionTests {
    static let perspective = 1000.0

    func present(_ style: String) throws -> Timeline {
        try scene(twoScreens + "transition: {swift: ViewTransitions.swift, type: BuiltInTransitionAnimator, from: list, to: detail, init: {style: \(style)}}",
                  animators: ["ViewTransitions.swift"])
    }

    /// A corner (relative to the turning view's centre c) rotated by `degrees` about the y (or x)
    /// axis, then projected: w = 1 − z / perspective.
    func corner(_ x: Double, _ y: Double, about axis: String, degrees: Double, centre c: Point) -> Point {
        let a = degrees * .pi / 180
        var px = x, py = y, pz = 0.0
        if axis == "y" { px = x * cos(a); pz = -x * sin(a) } else { py = y * cos(a); pz = y * sin(a) }
        let w = 1 - pz / Self.perspective
        return Point(x: c.x + px / w, y: c.y + py / w)
    }

    func seen(_ tl: Timeline, _ t: Double) -> Set<String> { Set(seenLayers(tl, at: t).map(\.id)) }

    func expectCorner(_ tl: Timeline, _ layer: String, _ t: Double, _ expected: Point, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let q = try #require(node(tl, layer, at: t), sourceLocation: sourceLocation).quad[0]
        let p = try #require(q, sourceLocation: sourceLocation)
        #expect(close(p.x, expected.x, 1e-6) && close(p.y, expected.y, 1e-6), "\(layer) at \(t): \(p) vs \(expected)", sourceLocation: sourceLocation)
    }

    @Test func flipFromLeftTurnsTheContainerAboutItsVerticalAxis() throws {
        let tl = try present("flipFromLeft")
        let centre = Point(x: 195, y: 422)
        #expect(close(tl.duration, 0.6))
        // Quarter time: 180° × easeInEaseOut(0.25) = 23.0°…, the left edge toward the viewer; the old screen shows.
        let q = 180 * bezier(0.42, 0, 0.58, 1, at: 0.25)
        try expectCorner(tl, "list", 0.15, corner(-195, -422, about: "y", degrees: q, centre: centre))
        #expect(seen(tl, 0.15).contains("list") && !seen(tl, 0.15).contains("detail"))
        // Half time: edge-on (ease-in-out reaches 0.5 at 0.5), every corner on the axis x = 195; the new screen from here on.
        let edgeOn = try #require(node(tl, "detail", at: 0.3)).quad.compactMap { $0 }
        #expect(edgeOn.count == 4 && edgeOn.allSatisfy { close($0.x, 195, 1e-6) })
        #expect(seen(tl, 0.3 + 1e-4).contains("detail") && !seen(tl, 0.3 + 1e-4).contains("list"))
        #expect(seen(tl, 0.3 - 1e-4).contains("list") && !seen(tl, 0.3 - 1e-4).contains("detail"))
        // Three-quarter time: 180° × easeInEaseOut(0.75) − 180° (the new face, coming round).
        let tq = 180 * bezier(0.42, 0, 0.58, 1, at: 0.75) - 180
        try expectCorner(tl, "detail", 0.45, corner(-195, -422, about: "y", degrees: tq, centre: centre))
        // The end: flat, the new screen only.
        try expectCorner(tl, "detail", 0.6, Point(x: 0, y: 0))
        #expect(!seen(tl, 0.6).contains("list"))
    }

    @Test func flipFromTopTurnsAboutTheHorizontalAxisTopFirst() throws {
        let tl = try present("flipFromTopLinear")
        let centre = Point(x: 195, y: 422)
        // Linear: 45° at a quarter; the top edge comes toward the viewer (a negative angle about x).
        try expectCorner(tl, "list", 0.15, corner(-195, -422, about: "x", degrees: -45, centre: centre))
        let top = try #require(node(tl, "list", at: 0.15)?.quad[0]), bottom = try #require(node(tl, "list", at: 0.15)?.quad[3])
        #expect(top.x < 0 && bottom.x > 0)   // the near (top) edge is wider than the screen, the far one narrower
        try expectCorner(tl, "detail", 0.45, corner(-195, -422, about: "x", degrees: 45, centre: centre))
    }

    @Test func anEaseInFlipSwitchesWhereTheCurveReachesHalf() throws {
        let tl = try present("flipFromRightEaseIn")
        let centre = Point(x: 195, y: 422)
        // easeIn (0.42, 0, 1, 1) reaches 0.5 late: the new screen shows from that time, not from 0.3 s.
        let switchTime = 0.6 * bezierTime(0.42, 0, 1, 1, reaching: 0.5)
        #expect(switchTime > 0.35)
        #expect(seen(tl, switchTime - 1e-4).contains("list") && !seen(tl, switchTime - 1e-4).contains("detail"))
        #expect(seen(tl, switchTime + 1e-4).contains("detail"))
        // Quarter time: −180° × easeIn(0.25) (from the right: the right edge comes forward).
        try expectCorner(tl, "list", 0.15, corner(-195, -422, about: "y", degrees: -180 * bezier(0.42, 0, 1, 1, at: 0.25), centre: centre))
        // After the switch: 180° × (1 − easeIn(t / d)).
        try expectCorner(tl, "detail", 0.5, corner(-195, -422, about: "y", degrees: 180 * (1 - bezier(0.42, 0, 1, 1, at: 0.5 / 0.6)), centre: centre))
    }

    @Test func crossDissolveFadesTheNewScreenInOverTheOld() throws {
        let tl = try present("crossDissolve")
        func opacity(_ id: String, _ t: Double) throws -> Double { try #require(seenLayers(tl, at: t).first { $0.id == id }).opacity }
        // easeInEaseOut over 0.6 s: at a quarter and at half, the new screen's opacity is the curve's value; the old stays opaque beneath.
        #expect(close(try opacity("detail", 0.15), bezier(0.42, 0, 0.58, 1, at: 0.25)))
        #expect(close(try opacity("detail", 0.3), 0.5))
        #expect(close(try opacity("list", 0.3), 1))
        let order = seenLayers(tl, at: 0.3).map(\.id)
        #expect(try #require(order.firstIndex(of: "list")) < (try #require(order.firstIndex(of: "detail"))))
        // At the end the old screen is gone (removed from its superview).
        #expect(!seen(tl, 0.6 + 0.002).contains("list"))
        #expect(close(try opacity("detail", 0.6), 1))
    }

    @Test func transitionWithSwapsACardsFacesWhenEdgeOn() throws {
        let tl = try scene(twoScreens + "transition: {swift: ViewTransitions.swift, type: CardFlipAnimator, from: list, to: detail}", animators: ["ViewTransitions.swift"])
        let centre = Point(x: 195, y: 422)   // the card (45, 272, 300, 300) turns about its own centre
        // Linear over 0.5 s, from the bottom: +45° about x at a quarter (the bottom edge forward), the face showing.
        try expectCorner(tl, "face", 0.125, corner(-150, -150, about: "x", degrees: 45, centre: centre))
        #expect(seen(tl, 0.125).contains("face") && !seen(tl, 0.125).contains("back"))
        // Three quarters: −45°, the back showing.
        try expectCorner(tl, "back", 0.375, corner(-150, -150, about: "x", degrees: -45, centre: centre))
        #expect(seen(tl, 0.375).contains("back") && !seen(tl, 0.375).contains("face"))
    }
}
