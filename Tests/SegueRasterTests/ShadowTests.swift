// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Foundation
import Testing
import SegueDisplayList
import SegueScene
import SeguePresets
import SegueTimeline
@testable import SegueRaster

/// Shadows and paths checked against values worked out by hand: the Gaussian's integral across
/// an edge, the colour of a shadow's flat middle, where a turned layer's offset points, and the
/// midpoint of a path morph.
struct ShadowTests {
    static func render(_ yaml: String, at t: Double = 0) throws -> RasterImage {
        let scene = try SceneLoader.parse(yaml, file: "shadow.yaml", baseDirectory: "/nonexistent")
        let timeline = Timeline(scene: scene)
        let list = DisplayListBuilder.build(timeline, time: t)
        return try Rasterizer().render(list)
    }

    /// Grey level (0…255) of an opaque pixel.
    static func grey(_ image: RasterImage, _ x: Int, _ y: Int) -> Double {
        Double(image.pixel(x: x, y: y).g)
    }

    /// 0.5 erfc(x / √2): the share of a unit Gaussian beyond x standard deviations.
    static func tail(_ x: Double) -> Double { 0.5 * erfc(x / 2.0.squareRoot()) }

    @Test func shadowAcrossAStraightEdgeFollowsTheGaussiansIntegral() throws {
        // A black shadow (opacity 1) of a 200-point square, σ = shadowRadius = 4 points, at one
        // pixel per point on white. Far from the corners, the shadow d points outside the edge is
        // the share of the Gaussian beyond d/σ: the grey there is 255 × (1 − tail(d/σ)).
        let image = try Self.render("""
        canvas: {size: [300, 300], scale: 1, background: "#FFFFFF"}
        layers:
          - {id: card, frame: [50, 50, 200, 200], backgroundColor: "#FF0000", shadowOpacity: 1, shadowRadius: 4, shadowOffset: [0, 0]}
        """)
        for px in [38, 42, 45, 47, 49] {
            let d = 50 - (Double(px) + 0.5)
            let expected = 255 * (1 - Self.tail(d / 4))
            #expect(abs(Self.grey(image, px, 150) - expected) <= 2, "x = \(px): \(Self.grey(image, px, 150)) vs \(expected)")
        }
        // Beyond the blur's reach the background is untouched.
        #expect(Self.grey(image, 20, 150) == 255)
    }

    @Test func shadowPathSetsTheShapeAndItsFlatMiddleHasTheShadowsColour() throws {
        // The layer draws nothing; its shadowPath is a 100-point square moved by the offset.
        // In the middle, far from the edges, the shadow is its colour at full strength:
        // #3366CC at 0.5 over white is (255 + 51)/2, (255 + 102)/2, (255 + 204)/2.
        let image = try Self.render("""
        canvas: {size: [300, 300], scale: 1, background: "#FFFFFF"}
        layers:
          - id: badge
            frame: [0, 0, 300, 300]
            shadowColor: "#3366CC"
            shadowOpacity: 0.5
            shadowRadius: 3
            shadowOffset: [40, 20]
            shadowPath: {rect: [60, 60, 100, 100]}
        """)
        let p = image.pixel(x: 150, y: 130)  // the square's middle is (110, 110) + (40, 20)
        #expect(abs(Int(p.r) - 153) <= 1 && abs(Int(p.g) - 179) <= 1 && abs(Int(p.b) - 230) <= 1, "\(p)")
        // Where the square would be without the offset, left of its moved copy: no shadow.
        #expect(Self.grey(image, 75, 75) == 255)
    }

    @Test func offsetIsInTheLayersOwnCoordinates() throws {
        // Turned a quarter turn clockwise (y down), the layer's offset (0, 30) points left on screen:
        // (x, y) → (x cos θ − y sin θ, x sin θ + y cos θ) = (−30, 0).
        let image = try Self.render("""
        canvas: {size: [300, 300], scale: 1, background: "#FFFFFF"}
        layers:
          - {id: card, frame: [100, 100, 100, 100], backgroundColor: "#FF0000", transform: [{rotate: 90deg}],
             shadowOpacity: 1, shadowRadius: 1, shadowOffset: [0, 30]}
        """)
        #expect(Self.grey(image, 85, 150) < 30)      // left of the card: in the shadow
        #expect(Self.grey(image, 150, 215) == 255)   // below it (where an unturned offset would go): none
    }

    @Test func masksToBoundsClipsTheShadowAndOpacityFadesIt() throws {
        let clipped = try Self.render("""
        canvas: {size: [200, 200], scale: 1, background: "#FFFFFF"}
        layers:
          - {id: card, frame: [50, 50, 100, 100], backgroundColor: "#FF0000", masksToBounds: true,
             shadowOpacity: 1, shadowRadius: 2, shadowOffset: [20, 20]}
        """)
        #expect(Self.grey(clipped, 160, 160) == 255)
        // Layer opacity 0.5 and a black shadow path of opacity 1: the middle is half grey.
        let faded = try Self.render("""
        canvas: {size: [200, 200], scale: 1, background: "#FFFFFF"}
        layers:
          - {id: card, frame: [0, 0, 200, 200], opacity: 0.5, shadowOpacity: 1, shadowRadius: 2, shadowOffset: [0, 0],
             shadowPath: {rect: [50, 50, 100, 100]}}
        """)
        #expect(abs(Self.grey(faded, 100, 100) - 127.5) <= 1)
    }

    @Test func pathMorphMovesEveryPointHalfWayAtTheMidpoint() throws {
        // ovalIn [0, 0, 100, 100] → ovalIn [100, 100, 200, 200], linear, at half time: the start
        // point (the right end of the horizontal axis) goes from (100, 50) to (300, 200), so it is
        // at (200, 125); the first curve's first control point from (100, 50 + 50k) to
        // (300, 200 + 100k), k = 4/3 (√2 − 1).
        let scene = try SceneLoader.parse("""
        canvas: {size: [300, 300]}
        layers:
          - {id: a, frame: [0, 0, 300, 300], shadowPath: {ovalIn: [0, 0, 100, 100]}}
        animations:
          - {layer: a, keyPath: shadowPath, to: {ovalIn: [100, 100, 200, 200]}, duration: 1, timing: linear}
        """, file: "morph.yaml", baseDirectory: "/nonexistent")
        let state = Timeline(scene: scene).layers(at: 0.5)[0]
        let path = try #require(state.shadow.path)
        let k = 4.0 / 3.0 * (2.0.squareRoot() - 1)
        guard case let .move(p) = path.elements[0], case let .curve(c1, _, _) = path.elements[1] else {
            Issue.record("unexpected elements \(path.elements)"); return
        }
        #expect(abs(p.x - 200) < 1e-9 && abs(p.y - 125) < 1e-9)
        #expect(abs(c1.x - 200) < 1e-9 && abs(c1.y - (125 + 75 * k)) < 1e-9)
    }

    @Test func shadowsRenderTheSameBytesEveryTime() throws {
        let yaml = """
        canvas: {size: [200, 200], scale: 2, background: "#FFFFFF"}
        layers:
          - {id: stage, frame: [0, 0, 200, 200], sublayerTransform: [{perspective: 400}], sublayers: [
              {id: card, frame: [50, 50, 100, 100], backgroundColor: "#007AFF", cornerRadius: 12, transform: [{rotateY: 40deg}],
               shadowOpacity: 0.5, shadowRadius: 8, shadowOffset: [6, 10]}]}
        """
        #expect(try Self.render(yaml).pixels == Self.render(yaml).pixels)
    }
}
