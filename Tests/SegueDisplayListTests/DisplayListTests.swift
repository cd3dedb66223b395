// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline

private let here = SourceLocation(file: "test.yaml", line: 1, column: 1)

struct DisplayListTests {
    /// A 390×844 container with perspective 500 holding a 200×100 card centred on it.
    func flipScene(cardAngle: Double, doubleSided: Bool = true, edgeAntialiasing: Bool = true) -> DisplayList {
        let card = LayerSpec(id: "card", location: here, bounds: Rect(x: 0, y: 0, width: 200, height: 100),
                             position: Point(x: 195, y: 422), transform: .rotation(cardAngle, 0, 1, 0),
                             doubleSided: doubleSided, allowsEdgeAntialiasing: edgeAntialiasing)
        let container = LayerSpec(id: "container", location: here, bounds: Rect(x: 0, y: 0, width: 390, height: 844),
                                  position: Point(x: 195, y: 422), sublayerTransform: .perspective(500),
                                  sublayers: [card])
        let s = Scene(file: "t", canvas: Canvas(size: Size(width: 390, height: 844)), duration: 0,
                      layers: [container], animations: [])
        return DisplayListBuilder.build(Timeline(scene: s), frame: 0)
    }

    @Test func quadOfACardRotatedAboutYUnderPerspective() {
        let angle = -Double.pi / 4
        let card = flipScene(cardAngle: angle).roots[0].children[0]
        // By hand: corner (x, y) of the card relative to its anchor is (x − 100, y − 50).
        // Rotating by θ about y (row vectors) gives x′ = x·cos θ, z′ = −x·sin θ, y′ = y.
        // Perspective about the container's centre: w = 1 − z′/500; screen = centre + (x′, y′)/w.
        func expected(_ x: Double, _ y: Double) -> (Double, Double) {
            let dx = x - 100, dy = y - 50
            let xr = dx * cos(angle), zr = -dx * sin(angle)
            let w = 1 - zr / 500
            return (195 + xr / w, 422 + dy / w)
        }
        let corners = [(0.0, 0.0), (200.0, 0.0), (200.0, 100.0), (0.0, 100.0)]
        for (q, c) in zip(card.quad, corners) {
            let e = expected(c.0, c.1)
            #expect(abs(q!.x - e.0) < 1e-9 && abs(q!.y - e.1) < 1e-9, "corner \(c)")
        }
        // For θ = −45° the right edge (x > anchor) comes towards the viewer (z′ > 0), so it is taller.
        #expect(card.quad[2]!.y - card.quad[1]!.y > card.quad[3]!.y - card.quad[0]!.y)
        #expect(card.isFrontFacing)
    }

    @Test func turnedPastNinetyDegreesShowsTheBackFace() {
        let card = flipScene(cardAngle: .pi * 0.75, doubleSided: false).roots[0].children[0]
        #expect(!card.isFrontFacing)
        #expect(!card.isVisible)
        #expect(flipScene(cardAngle: .pi * 0.75, doubleSided: true).roots[0].children[0].isVisible)
    }

    @Test func edgeAntialiasingIsCarriedPerLayer() {
        #expect(flipScene(cardAngle: 0.5).roots[0].children[0].allowsEdgeAntialiasing)
        #expect(!flipScene(cardAngle: 0.5, edgeAntialiasing: false).roots[0].children[0].allowsEdgeAntialiasing)
        // Not inherited: the container keeps the default.
        #expect(flipScene(cardAngle: 0.5, edgeAntialiasing: false).roots[0].allowsEdgeAntialiasing)
    }

    @Test func anchorPointAndPositionPlaceTheLayer() {
        // Anchor (0, 0) at position (10, 20): the bounds' top-left lands on (10, 20).
        // A 90° z rotation about that corner turns the top-right corner (30, 0) to (10, 20 + 30).
        let layer = LayerSpec(id: "a", location: here, bounds: Rect(x: 0, y: 0, width: 30, height: 10),
                              position: Point(x: 10, y: 20), anchorPoint: Point(x: 0, y: 0),
                              transform: .rotation(.pi / 2, 0, 0, 1))
        let s = Scene(file: "t", canvas: Canvas(size: Size(width: 100, height: 100)), duration: 0, layers: [layer], animations: [])
        let q = DisplayListBuilder.build(Timeline(scene: s), frame: 0).roots[0].quad
        #expect(abs(q[0]!.x - 10) < 1e-12 && abs(q[0]!.y - 20) < 1e-12)
        #expect(abs(q[1]!.x - 10) < 1e-12 && abs(q[1]!.y - 50) < 1e-12)
    }

    @Test func boundsOriginShiftsSublayers() {
        // A parent whose bounds origin is (0, 100) shows its content scrolled up by 100 points.
        let child = LayerSpec(id: "c", location: here, bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                              position: Point(x: 5, y: 105))
        let parent = LayerSpec(id: "p", location: here, bounds: Rect(x: 0, y: 100, width: 50, height: 50),
                               position: Point(x: 25, y: 25), sublayers: [child])
        let s = Scene(file: "t", canvas: Canvas(size: Size(width: 100, height: 100)), duration: 0, layers: [parent], animations: [])
        let q = DisplayListBuilder.build(Timeline(scene: s), frame: 0).roots[0].children[0].quad
        #expect(q[0] == Point(x: 0, y: 0))
    }

    @Test func siblingsPaintInZPositionOrderThenTreeOrder() {
        func layer(_ id: String, z: Double) -> LayerSpec {
            LayerSpec(id: id, location: here, bounds: Rect(x: 0, y: 0, width: 1, height: 1), zPosition: z)
        }
        let s = Scene(file: "t", canvas: Canvas(size: Size(width: 10, height: 10)), duration: 0,
                      layers: [layer("a", z: 1), layer("b", z: 0), layer("c", z: 1), layer("d", z: -1)], animations: [])
        let ids = DisplayListBuilder.build(Timeline(scene: s), frame: 0).roots.map(\.id)
        #expect(ids == ["d", "b", "a", "c"])
    }

    @Test func nestedPlanesAreFlattened() {
        // A child translated 100 pt towards the viewer inside a parent with no perspective of its own,
        // which sits in a perspective container: the child's z is dropped in the parent's plane,
        // so it lands exactly where the flat parent puts it (no magnification).
        let child = LayerSpec(id: "c", location: here, bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                              position: Point(x: 5, y: 5), zPosition: 100)
        let parent = LayerSpec(id: "p", location: here, bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                               position: Point(x: 50, y: 50), sublayers: [child])
        let container = LayerSpec(id: "k", location: here, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                                  position: Point(x: 50, y: 50), sublayerTransform: .perspective(500), sublayers: [parent])
        let s = Scene(file: "t", canvas: Canvas(size: Size(width: 100, height: 100)), duration: 0, layers: [container], animations: [])
        let q = DisplayListBuilder.build(Timeline(scene: s), frame: 0).roots[0].children[0].children[0].quad
        #expect(abs(q[0]!.x - 45) < 1e-12 && abs(q[2]!.x - 55) < 1e-12)
    }
}
