// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Foundation
import Testing
import SegueScene
@testable import SegueRaster

/// Gradient layers against colours worked out by hand at known places.
struct GradientTests {
    static func rgb(_ image: RasterImage, _ x: Int, _ y: Int) -> (Double, Double, Double) {
        let p = image.pixel(x: x, y: y)
        return (Double(p.r), Double(p.g), Double(p.b))
    }

    static func near(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ tolerance: Double) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
    }

    @Test func axialColourAtALocation() throws {
        // Red → blue from the left edge to the right over 256 points, at one pixel per point:
        // the pixel centred at x + 0.5 is (x + 0.5) / 256 of the way, so red = 255 × (1 − t).
        let image = try ShadowTests.render("""
        canvas: {size: [256, 20], scale: 1, background: "#FFFFFF"}
        layers:
          - {id: g, frame: [0, 0, 256, 20], colors: ["#FF0000", "#0000FF"], startPoint: [0, 0.5], endPoint: [1, 0.5]}
        """)
        for x in [0, 64, 128, 200, 255] {
            let t = (Double(x) + 0.5) / 256
            #expect(Self.near(Self.rgb(image, x, 10), (255 * (1 - t), 0, 255 * t), 1.5), "x = \(x): \(Self.rgb(image, x, 10))")
        }
    }

    @Test func locationsPlaceTheStops() throws {
        // Black at 0.25, white at 0.75 down 200 points: black above y = 50, white below 150, and
        // between them white's share is (t − 0.25) / 0.5 with t = (y + 0.5) / 200 at a pixel's centre.
        let image = try ShadowTests.render("""
        canvas: {size: [20, 200], scale: 1, background: "#FF0000"}
        layers:
          - {id: g, frame: [0, 0, 20, 200], colors: [black, white], locations: [0.25, 0.75]}
        """)
        #expect(Self.near(Self.rgb(image, 10, 20), (0, 0, 0), 0))
        #expect(Self.near(Self.rgb(image, 10, 180), (255, 255, 255), 0))
        for y in [62, 100, 137] {
            let v = 255 * ((Double(y) + 0.5) / 200 - 0.25) / 0.5
            #expect(Self.near(Self.rgb(image, 10, y), (v, v, v), 1.5), "y = \(y): \(Self.rgb(image, 10, y)) vs \(v)")
        }
    }

    @Test func radialIsAnEllipseAboutTheStartPoint() throws {
        // Centre (100, 50), radii 100 and 50: white at the centre to black on the ellipse, black
        // beyond it. (150, 50) and (100, 75) are both halfway.
        let image = try ShadowTests.render("""
        canvas: {size: [200, 100], scale: 1, background: "#FF0000"}
        layers:
          - {id: g, frame: [0, 0, 200, 100], type: radial, colors: [white, black], startPoint: [0.5, 0.5], endPoint: [1, 1]}
        """)
        // Pixel (150, 50) is centred at (150.5, 50.5): t = hypot(0.505, 0.01) ≈ 0.5051.
        let t1 = ((50.5 / 100) * (50.5 / 100) + (0.5 / 50) * (0.5 / 50)).squareRoot()
        #expect(Self.near(Self.rgb(image, 150, 50), (255 * (1 - t1), 255 * (1 - t1), 255 * (1 - t1)), 1.5))
        let t2 = ((0.5 / 100) * (0.5 / 100) + (25.5 / 50) * (25.5 / 50)).squareRoot()
        #expect(Self.near(Self.rgb(image, 100, 75), (255 * (1 - t2), 255 * (1 - t2), 255 * (1 - t2)), 1.5))
        #expect(Self.near(Self.rgb(image, 2, 2), (0, 0, 0), 0))   // beyond the ellipse
    }

    @Test func conicSweepsClockwiseFromEndPoint() throws {
        // About the centre of a 200-point square, starting straight up: black → white over a
        // full turn. Right of the centre is a quarter turn (grey 64), below half (128), left
        // three quarters (191).
        let image = try ShadowTests.render("""
        canvas: {size: [200, 200], scale: 1, background: "#FF0000"}
        layers:
          - {id: g, frame: [0, 0, 200, 200], type: conic, colors: [black, white], startPoint: [0.5, 0.5], endPoint: [0.5, 0]}
        """)
        func angleShare(_ x: Int, _ y: Int) -> Double {
            var a = atan2(Double(y) + 0.5 - 100, Double(x) + 0.5 - 100) + .pi / 2
            if a < 0 { a += 2 * .pi }
            return a / (2 * .pi)
        }
        for (x, y) in [(180, 100), (100, 180), (20, 100), (150, 30)] {
            let v = 255 * angleShare(x, y)
            #expect(Self.near(Self.rgb(image, x, y), (v, v, v), 1.5), "(\(x), \(y)): \(Self.rgb(image, x, y)) vs \(v)")
        }
    }

    @Test func theGradientFillsTheRoundedShapeOverTheBackground() throws {
        // A translucent gradient over an opaque background: composited over it, and clipped to
        // cornerRadius like the background (the canvas shows in the corner).
        let image = try ShadowTests.render("""
        canvas: {size: [100, 100], scale: 1, background: "#00FF00"}
        layers:
          - {id: g, frame: [0, 0, 100, 100], backgroundColor: white, cornerRadius: 30, colors: ["#00000080", "#00000080"]}
        """)
        #expect(Self.near(Self.rgb(image, 50, 50), (127, 127, 127), 1.5))
        #expect(Self.near(Self.rgb(image, 1, 1), (0, 255, 0), 0))
    }

    @Test func animatedLocationsMoveTheStops() throws {
        // Locations from [0, 0.2] to [0.5, 0.7] over one second, linear: at 0.5 s they are
        // [0.25, 0.45]: at y = 70 (centre 70.5, t = 0.3525) white's share is (0.3525 − 0.25) / 0.2.
        let image = try ShadowTests.render("""
        canvas: {size: [20, 200], scale: 1, background: "#FF0000"}
        layers:
          - {id: g, frame: [0, 0, 20, 200], colors: [black, white], locations: [0, 0.2]}
        animations:
          - {layer: g, keyPath: locations, to: [0.5, 0.7], duration: 1, timing: linear}
        """, at: 0.5)
        let v = 255 * (0.3525 - 0.25) / 0.2
        #expect(Self.near(Self.rgb(image, 10, 70), (v, v, v), 1.5))
        #expect(Self.near(Self.rgb(image, 10, 40), (0, 0, 0), 0))
    }
}
