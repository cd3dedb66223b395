// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline

private let here = SourceLocation(file: "test.yaml", line: 1, column: 1)

/// Depth sorting worked by hand: squares of side 2 centred on the origin, one in the z = 0
/// plane (A) and one tilted 45° about the y axis (B: bounds point (u, v) ↦ (u·c, v, u·s), with
/// c = s = √½), so B's half u > 0 is in front of A (z > 0, the eye is at +z) and its half u < 0
/// behind. The planes meet along the y axis: u = 0 in B's bounds, x = 0 in A's.
struct DepthSortTests {
    static let square = Rect(x: -1, y: -1, width: 2, height: 2)
    static let c = 0.5.squareRoot()
    static let flat = DepthSort.Plane(matrix: .identity, bounds: square)
    static let tilted = DepthSort.Plane(matrix: Transform3D(m11: c, m12: 0, m13: c, m14: 0,
                                                            m21: 0, m22: 1, m23: 0, m24: 0,
                                                            m31: 0, m32: 0, m33: 1, m34: 0,
                                                            m41: 0, m42: 0, m43: 0, m44: 1), bounds: square)

    @Test func theLaterPlaneIsCutAlongTheSharedAxisAndDrawnAroundTheFirst() throws {
        let pieces = DepthSort.order([Self.flat, Self.tilted])
        #expect(pieces.map(\.index) == [1, 0, 1])
        #expect(pieces[1].cuts.isEmpty)
        // The back piece of B is its half u < 0, the front piece its half u > 0.
        let back = try #require(pieces[0].cuts.first), front = try #require(pieces[2].cuts.first)
        #expect(pieces[0].cuts.count == 1 && pieces[2].cuts.count == 1)
        #expect(back.contains(Point(x: -0.5, y: 0.7)) && !back.contains(Point(x: 0.5, y: 0.7)))
        #expect(front.contains(Point(x: 0.5, y: -0.7)) && !front.contains(Point(x: -0.5, y: -0.7)))
        // The cut line is u = 0: (a, b, c) = (±1, 0, 0).
        #expect(abs(abs(back.a) - 1) < 1e-12 && abs(back.b) < 1e-12 && abs(back.c) < 1e-12)
        #expect(back.a == front.a && back.b == front.b && back.c == front.c && back.keepsPositive != front.keepsPositive)
    }

    @Test func whenTheTiltedPlaneComesFirstTheFlatOneIsCut() throws {
        // B's plane is z = x. Where x > 0, B is nearer than A (z = x > 0), so A's half x > 0
        // goes behind B and its half x < 0 in front.
        let pieces = DepthSort.order([Self.tilted, Self.flat])
        #expect(pieces.map(\.index) == [1, 0, 1])
        let back = try #require(pieces[0].cuts.first), front = try #require(pieces[2].cuts.first)
        #expect(back.contains(Point(x: 0.5, y: 0)) && !back.contains(Point(x: -0.5, y: 0)))
        #expect(front.contains(Point(x: -0.5, y: 0)) && !front.contains(Point(x: 0.5, y: 0)))
    }

    @Test func perspectiveKeepsTheOrderAndTheCutLine() throws {
        // Under a perspective of 500 about the origin the planes still meet on the y axis, and
        // the divide by W = 1 − z/500 keeps nearer points nearer.
        let p = Transform3D.perspective(500)
        let pieces = DepthSort.order([DepthSort.Plane(matrix: Self.flat.matrix.then(p), bounds: Self.square),
                                      DepthSort.Plane(matrix: Self.tilted.matrix.then(p), bounds: Self.square)])
        #expect(pieces.map(\.index) == [1, 0, 1])
        let front = try #require(pieces[2].cuts.first)
        #expect(abs(front.b) < 1e-12 && abs(front.c) < 1e-12)
        #expect(front.contains(Point(x: 0.5, y: 0)))
    }

    @Test func parallelPlanesGoBackToFrontWithTiesInInputOrder() {
        func at(_ z: Double) -> DepthSort.Plane { DepthSort.Plane(matrix: .translation(0, 0, z), bounds: Self.square) }
        #expect(DepthSort.order([at(5), at(-5), at(0), at(-5)]).map(\.index) == [1, 3, 2, 0])
        // Within the coplanar tolerance (10⁻³ pt) layers tie and keep their order.
        #expect(DepthSort.order([at(0.0004), at(0), at(-0.0004)]).map(\.index) == [0, 1, 2])
        // Seen from behind (turned 180° about y), the order reverses.
        let behind = Transform3D.rotation(Double.pi, 0, 1, 0)
        let turned = [at(5), at(-5), at(0)].map { DepthSort.Plane(matrix: $0.matrix.then(behind), bounds: $0.bounds) }
        #expect(DepthSort.order(turned).map(\.index) == [0, 2, 1])
    }

    @Test func aPlaneCrossingTwoOthersIsCutTwice() {
        // Two flat squares at z = −0.5 and z = +0.5, one tilted square through both: its strips
        // u < −0.5√2, between, and u > 0.5√2 interleave with them.
        let low = DepthSort.Plane(matrix: .translation(0, 0, -0.5), bounds: Self.square)
        let high = DepthSort.Plane(matrix: .translation(0, 0, 0.5), bounds: Self.square)
        let pieces = DepthSort.order([low, high, Self.tilted])
        #expect(pieces.map(\.index) == [2, 0, 2, 1, 2])
        // Each piece holds the sample point of its strip (z = u·√½) and no other strip's.
        let samples = [Point(x: -0.9, y: 0), Point(x: 0, y: 0), Point(x: 0.9, y: 0)]
        for (k, piece) in [pieces[0], pieces[2], pieces[4]].enumerated() {
            for (j, p) in samples.enumerated() {
                #expect(piece.cuts.allSatisfy { $0.contains(p) } == (j == k), "piece \(k), sample \(j)")
            }
        }
    }

    @Test func theNearPlaneCutsARectangleWhereWDropsToAThousandthOfItsLargest() {
        // W = 1 − u/500 over u ∈ [0, 1000]: the largest W is 1 (u = 0); kept where W ≥ 10⁻³,
        // u ≤ 500 · 0.999 = 499.5.
        let m = Transform3D(m11: 1, m12: 0, m13: 0, m14: -1.0 / 500, m21: 0, m22: 1, m23: 0, m24: 0,
                            m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
        let poly = DepthSort.nearClipped(Rect(x: 0, y: 0, width: 1000, height: 10), m)
        #expect(poly.count == 4)
        #expect(poly.map(\.x).max().map { abs($0 - 499.5) < 1e-9 } == true)
    }

    // MARK: The display list

    func scene(_ sublayers: [LayerSpec]) -> DisplayList {
        let stage = LayerSpec(id: "stage", location: here, bounds: Rect(x: 0, y: 0, width: 400, height: 400),
                              position: Point(x: 200, y: 200), sublayerTransform: .perspective(500), sublayers: sublayers)
        let s = Scene(file: "t", canvas: Canvas(size: Size(width: 400, height: 400)), duration: 0, layers: [stage], animations: [])
        return DisplayListBuilder.build(Timeline(scene: s), frame: 0)
    }

    func card(_ id: String, _ transform: Transform3D = .identity, z: Double = 0) -> LayerSpec {
        LayerSpec(id: id, location: here, bounds: Rect(x: 0, y: 0, width: 200, height: 100),
                  position: Point(x: 200, y: 200), zPosition: z, transform: transform)
    }

    @Test func flatSiblingsKeepTheirOrderUncut() {
        let nodes = scene([card("a"), card("b", .translation(10, 0, 0)), card("c", .scale(0.5, 0.5, 1))]).roots[0].children
        #expect(nodes.map(\.id) == ["a", "b", "c"])
        #expect(nodes.allSatisfy { $0.depthCuts.isEmpty && $0.pieceIndex == 0 })
    }

    @Test func crossingCardsAreInterleavedAndTheDumpListsEachOnce() {
        let nodes = scene([card("a"), card("b", .rotation(Double.pi / 4, 0, 1, 0))]).roots[0].children
        #expect(nodes.map(\.id) == ["b", "a", "b"])
        #expect(nodes.map(\.pieceIndex) == [0, 0, 1])
        #expect(nodes[0].depthCuts.count == 1 && nodes[2].depthCuts.count == 1)
    }

    @Test func zPositionBeatsIndexOrderUnderPerspective() {
        // A card behind in z drawn first although it comes later in `sublayers`; a turned third
        // card triggers depth sorting.
        let nodes = scene([card("front", z: 50), card("back", z: -50),
                           card("side", Transform3D.rotation(Double.pi / 2, 1, 0, 0).then(.translation(0, 0, -100)))])
            .roots[0].children
        #expect(nodes.map(\.id).filter { $0 != "side" } == ["back", "front"])
    }
}
