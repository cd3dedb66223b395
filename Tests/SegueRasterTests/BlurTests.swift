// SPDX-License-Identifier: Apache-2.0
import SegueDisplayList
import SegueGeometry
import Foundation
import Testing
import SegueScene
@testable import SegueRaster

/// Blur layers against values worked out by hand: the Gaussian's integral across an edge, the
/// tint over a flat backdrop, the saturation matrix, opacity and an effect animating from none.
struct BlurTests {
    /// A 200 × 100 canvas at one pixel per point: black left of x = 100, white right of it, and
    /// a layer over all of it with `effect`.
    static func edge(_ effect: BlurEffect) throws -> RasterImage {
        let size = Size(width: 200, height: 100)
        func node(_ id: String, _ rect: Rect, _ color: RGBAColor) -> DisplayNode {
            DisplayNode(id: id, transform: .translation(rect.minX, rect.minY), bounds: Rect(x: 0, y: 0, width: rect.width, height: rect.height),
                        opacity: 1, isHidden: false, isFrontFacing: true, doubleSided: true, masksToBounds: false,
                        content: LayerContent(size: rect.size, backgroundColor: color), children: [])
        }
        var sheet = node("sheet", Rect(x: 0, y: 0, width: 200, height: 100), .clear)
        sheet.blur = effect
        let list = DisplayList(frameIndex: 0, time: 0, canvasSize: size, scale: 1, background: .white,
                               roots: [node("black", Rect(x: 0, y: 0, width: 100, height: 100), .black), sheet])
        return try Rasterizer().render(list)
    }

    /// Φ(x): the share of a unit Gaussian below x.
    static func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

    @Test func blurAcrossAnEdgeFollowsTheGaussiansIntegral() throws {
        // σ = 4 points = 4 pixels: the pixel centred d = x + 0.5 − 100 from the edge is white's
        // share Φ(d / σ). Three box blurs approximate the Gaussian within about 1 % of full scale.
        let image = try Self.edge(BlurEffect(radius: 4, saturation: 1, tint: .clear))
        for x in [88, 94, 97, 99, 100, 102, 105, 111] {
            let expected = 255 * Self.phi((Double(x) + 0.5 - 100) / 4)
            #expect(abs(ShadowTests.grey(image, x, 50) - expected) <= 3.5, "x = \(x): \(ShadowTests.grey(image, x, 50)) vs \(expected)")
        }
        // Far from the edge the backdrop is unchanged.
        #expect(ShadowTests.grey(image, 20, 50) == 0 && ShadowTests.grey(image, 180, 50) == 255)
    }

    @Test func wideBlursAreDownsampledWithoutLosingTheirShape() throws {
        // σ = 24 pixels runs on 6 × 6 blocks: still Φ(d / σ) across the edge.
        let image = try Self.edge(BlurEffect(radius: 24, saturation: 1, tint: .clear))
        for x in [40, 76, 100, 124, 160] {
            let expected = 255 * Self.phi((Double(x) + 0.5 - 100) / 24)
            #expect(abs(ShadowTests.grey(image, x, 50) - expected) <= 4, "x = \(x): \(ShadowTests.grey(image, x, 50)) vs \(expected)")
        }
    }

    @Test func theTintIsCompositedOverTheBlurredBackdrop() throws {
        // A flat grey 200 backdrop blurs to itself; dark's tint (white 0.11 at 0.73) over it:
        // 0.11 × 0.73 × 255 + 200 × 0.27.
        let image = try ShadowTests.render("""
        canvas: {size: [100, 100], scale: 1, background: "#C8C8C8"}
        layers:
          - {id: sheet, frame: [0, 0, 100, 100], blur: dark}
        """)
        let expected = 0.11 * 0.73 * 255 + 200 * 0.27
        #expect(abs(ShadowTests.grey(image, 50, 50) - expected) <= 1, "\(ShadowTests.grey(image, 50, 50)) vs \(expected)")
    }

    @Test func saturationFollowsTheFilterEffectsMatrix() throws {
        // A flat (200, 100, 50) backdrop under saturation 1.8 and no tint: CSS Filter Effects'
        // saturate() matrix, clamped to 0 … 255.
        let size = Size(width: 50, height: 50)
        var sheet = DisplayNode(id: "s", transform: .identity, bounds: Rect(x: 0, y: 0, width: 50, height: 50), opacity: 1,
                                isHidden: false, isFrontFacing: true, doubleSided: true, masksToBounds: false,
                                content: LayerContent(size: size), children: [])
        sheet.blur = BlurEffect(radius: 2, saturation: 1.8, tint: .clear)
        let list = DisplayList(frameIndex: 0, time: 0, canvasSize: size, scale: 1,
                               background: RGBAColor(red: 200 / 255, green: 100 / 255, blue: 50 / 255), roots: [sheet])
        let p = try Rasterizer().render(list).pixel(x: 25, y: 25)
        let s = 1.8, r = 200.0, g = 100.0, b = 50.0
        let r2 = (0.2126 + 0.7874 * s) * r + (0.7152 - 0.7152 * s) * g + (0.0722 - 0.0722 * s) * b
        let g2 = (0.2126 - 0.2126 * s) * r + (0.7152 + 0.2848 * s) * g + (0.0722 - 0.0722 * s) * b
        let b2 = (0.2126 - 0.2126 * s) * r + (0.7152 - 0.7152 * s) * g + (0.0722 + 0.9278 * s) * b
        #expect(abs(Double(p.r) - min(max(r2, 0), 255)) <= 1 && abs(Double(p.g) - min(max(g2, 0), 255)) <= 1
                && abs(Double(p.b) - min(max(b2, 0), 255)) <= 1, "\(p) vs \(r2), \(g2), \(b2)")
    }

    @Test func opacityAndAnAnimatedEffectFadeBetweenBackdropAndEffect() throws {
        // Opacity 0.5 over grey 200: half way between 200 and the dark effect's value.
        let effect = 0.11 * 0.73 * 255 + 200 * 0.27
        let half = try ShadowTests.render("""
        canvas: {size: [100, 100], scale: 1, background: "#C8C8C8"}
        layers:
          - {id: sheet, frame: [0, 0, 100, 100], blur: dark, opacity: 0.5}
        """)
        #expect(abs(ShadowTests.grey(half, 50, 50) - (200 + effect) / 2) <= 1)
        // From none to dark, linear, at half time: the tint half way in premultiplied terms
        // (white 0.11 × 0.365 over 0.635 of the backdrop).
        let animated = try ShadowTests.render("""
        canvas: {size: [100, 100], scale: 1, background: "#C8C8C8"}
        layers:
          - {id: sheet, frame: [0, 0, 100, 100], blur: none}
        animations:
          - {layer: sheet, keyPath: blur, to: dark, duration: 1, timing: linear}
        """, at: 0.5)
        let mid = 0.11 * 0.365 * 255 + 200 * 0.635
        #expect(abs(ShadowTests.grey(animated, 50, 50) - mid) <= 1, "\(ShadowTests.grey(animated, 50, 50)) vs \(mid)")
    }

    @Test func theEffectStaysInsideTheRoundedBounds() throws {
        // Over the black/white edge with a rounded sheet in the middle: outside its corner the
        // backdrop is untouched.
        let image = try ShadowTests.render("""
        canvas: {size: [200, 100], scale: 1, background: "#FFFFFF"}
        layers:
          - {id: black, frame: [0, 0, 100, 100], backgroundColor: black}
          - {id: sheet, frame: [60, 20, 80, 60], cornerRadius: 20, blur: dark}
        """)
        #expect(ShadowTests.grey(image, 61, 21) == 0)      // outside the top-left corner's arc
        #expect(ShadowTests.grey(image, 138, 78) == 255)   // outside the bottom-right one
        #expect(ShadowTests.grey(image, 100, 50) > 40)     // inside: blurred and tinted
    }
}
