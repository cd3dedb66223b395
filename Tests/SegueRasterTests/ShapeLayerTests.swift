// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Foundation
import Testing
import SegueScene
@testable import SegueRaster

/// Shape layers against values worked out by hand: how much of a path strokeEnd covers, the
/// fill rules, dashes, and a morph's midpoint.
struct ShapeLayerTests {
    @Test func strokeEndHalfCoversHalfTheLength() throws {
        // An L of two 100-point legs, 200 points long: strokeEnd 0.5 ends at the corner (100, 20).
        let image = try ShadowTests.render("""
        canvas: {size: [200, 200], scale: 1, background: "#FFFFFF"}
        layers:
          - {id: l, frame: [0, 0, 200, 200], path: [{moveTo: [0, 20]}, {lineTo: [100, 20]}, {lineTo: [100, 120]}],
             fillColor: null, strokeColor: "#000000", lineWidth: 6, strokeEnd: 0.5}
        """)
        #expect(ShadowTests.grey(image, 50, 20) == 0)     // on the first leg
        #expect(ShadowTests.grey(image, 95, 20) == 0)     // just before the corner
        #expect(ShadowTests.grey(image, 100, 60) == 255)  // on the second leg: not stroked
        #expect(ShadowTests.grey(image, 100, 30) == 255)
    }

    @Test func strokeStartAndEndCutACircleByArcLength() throws {
        // A circle of radius 50 about (100, 100) from UIBezierPath(ovalIn:) starts at (150, 100)
        // and runs clockwise on screen (y down): strokeEnd 0.25 ends at the bottom (100, 150),
        // strokeStart 0.25 … 0.5 is the lower-left quarter.
        let image = try ShadowTests.render("""
        canvas: {size: [200, 200], scale: 1, background: "#FFFFFF"}
        layers:
          - {id: c, frame: [0, 0, 200, 200], path: {ovalIn: [50, 50, 100, 100]}, fillColor: null,
             strokeColor: "#000000", lineWidth: 4, strokeStart: 0.25, strokeEnd: 0.5}
        """)
        let lowerLeft = (100 - 50 / 2.0.squareRoot(), 100 + 50 / 2.0.squareRoot())   // 3/8 of the way round
        #expect(ShadowTests.grey(image, Int(lowerLeft.0), Int(lowerLeft.1)) < 60)
        let lowerRight = (100 + 50 / 2.0.squareRoot(), 100 + 50 / 2.0.squareRoot())  // 1/8: before strokeStart
        #expect(ShadowTests.grey(image, Int(lowerRight.0), Int(lowerRight.1)) == 255)
        #expect(ShadowTests.grey(image, 100, 50) == 255)  // the top: after strokeEnd
    }

    @Test func fillRulesAndTheDefaultBlackFill() throws {
        // Two nested squares drawn the same way round: non-zero fills the hole, even-odd leaves it.
        func render(_ rule: String) throws -> RasterImage {
            try ShadowTests.render("""
            canvas: {size: [200, 200], scale: 1, background: "#FFFFFF"}
            layers:
              - {id: s, frame: [0, 0, 200, 200], fillRule: \(rule),
                 path: [{moveTo: [20, 20]}, {lineTo: [180, 20]}, {lineTo: [180, 180]}, {lineTo: [20, 180]}, close,
                        {moveTo: [60, 60]}, {lineTo: [140, 60]}, {lineTo: [140, 140]}, {lineTo: [60, 140]}, close]}
            """)
        }
        #expect(ShadowTests.grey(try render("nonZero"), 100, 100) == 0)
        #expect(ShadowTests.grey(try render("evenOdd"), 100, 100) == 255)
        #expect(ShadowTests.grey(try render("evenOdd"), 40, 100) == 0)
    }

    @Test func dashesAreInTheLayersPoints() throws {
        // [10, 10] dashes along y = 50 from x = 0, on a layer scaled ×2: on screen, 20-pixel dashes.
        let image = try ShadowTests.render("""
        canvas: {size: [400, 100], scale: 1, background: "#FFFFFF"}
        layers:
          - {id: d, bounds: [200, 100], anchorPoint: [0, 0], position: [0, 0], transform: [{scale: 2}],
             path: [{moveTo: [0, 25]}, {lineTo: [200, 25]}], fillColor: null, strokeColor: "#000000", lineWidth: 4,
             lineDashPattern: [10, 10]}
        """)
        for dash in 0 ..< 5 {
            #expect(ShadowTests.grey(image, 40 * dash + 10, 50) == 0, "dash \(dash)")
            #expect(ShadowTests.grey(image, 40 * dash + 30, 50) == 255, "gap \(dash)")
        }
    }
}
