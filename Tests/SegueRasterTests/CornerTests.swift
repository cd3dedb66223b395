// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Foundation
import Testing
import SegueScene
@testable import SegueRaster

/// Continuous corners and masked corners, against geometry worked out by hand.
struct CornerTests {
    /// Curvature of the cubic (p0, c1, c2, p3) at parameter t, from its derivatives.
    static func curvature(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, at t: Double) -> Double {
        let u = 1 - t
        let dx = 3 * u * u * (c1.x - p0.x) + 6 * u * t * (c2.x - c1.x) + 3 * t * t * (p3.x - c2.x)
        let dy = 3 * u * u * (c1.y - p0.y) + 6 * u * t * (c2.y - c1.y) + 3 * t * t * (p3.y - c2.y)
        let ddx = 6 * u * (c2.x - 2 * c1.x + p0.x) + 6 * t * (p3.x - 2 * c2.x + c1.x)
        let ddy = 6 * u * (c2.y - 2 * c1.y + p0.y) + 6 * t * (p3.y - 2 * c2.y + c1.y)
        return abs(dx * ddy - dy * ddx) / pow(dx * dx + dy * dy, 1.5)
    }

    @Test func continuousCornerStartsFurtherOutAndJoinsTheArcWithoutACurvatureJump() throws {
        // R = 20 in a 200 × 200 rect: the top-right corner begins 1.6 R = 32 from the corner,
        // at (168, 0); its first cubic has curvature 0 on the edge and 1/R where it meets the arc.
        let path = ScenePath.roundedRect(Rect(x: 0, y: 0, width: 200, height: 200), radius: 20,
                                         style: CornerStyle(curve: .continuous))
        guard case let .line(start) = path.elements[1],
              case let .curve(c1, c2, a) = path.elements[2] else { Issue.record("\(path.elements)"); return }
        #expect(abs(start.x - 168) < 1e-9 && start.y == 0)
        #expect(Self.curvature(start, c1, c2, a, at: 0) < 1e-9)
        #expect(abs(Self.curvature(start, c1, c2, a, at: 1) - 1.0 / 20) < 1e-9)
        // The arc's middle is the circular corner's: on the diagonal, R from the centre (180, 20).
        guard case let .curve(d1, d2, b) = path.elements[3] else { Issue.record("\(path.elements)"); return }
        let u = 0.5, t = 0.5
        let mid = Point(x: u * u * u * a.x + 3 * u * u * t * d1.x + 3 * u * t * t * d2.x + t * t * t * b.x,
                        y: u * u * u * a.y + 3 * u * u * t * d1.y + 3 * u * t * t * d2.y + t * t * t * b.y)
        #expect(abs(mid.x - (180 + 20 / 2.0.squareRoot())) < 0.01 && abs(mid.y - (20 - 20 / 2.0.squareRoot())) < 0.01)
    }

    @Test func continuousCornersCoverLessNearTheEdgeAndMaskedCornersStaySquare() throws {
        func render(_ extra: String) throws -> RasterImage {
            try ShadowTests.render("""
            canvas: {size: [200, 200], scale: 1, background: "#FFFFFF"}
            layers:
              - {id: card, frame: [0, 0, 200, 200], backgroundColor: "#000000", cornerRadius: 40\(extra)}
            """)
        }
        let circular = try render("")
        let continuous = try render(", cornerCurve: continuous")
        // One pixel below the top edge, 45 points from the right: past a circular corner's
        // start (40 from the corner), inside a continuous corner's (64): the circular corner is
        // flat there, the continuous one has begun to curve away and covers less of the row.
        #expect(ShadowTests.grey(circular, 154, 0) < 8)
        #expect(ShadowTests.grey(continuous, 154, 0) > ShadowTests.grey(circular, 154, 0) + 20)
        // The corner pixel itself: background for both.
        #expect(ShadowTests.grey(continuous, 199, 0) == 255 && ShadowTests.grey(circular, 199, 0) == 255)
        // Only the top corners rounded: the bottom-right corner pixel is filled.
        let masked = try render(", cornerCurve: continuous, maskedCorners: [topLeft, topRight]")
        #expect(ShadowTests.grey(masked, 199, 199) == 0 && ShadowTests.grey(masked, 199, 0) == 255)
    }
}
