// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueRaster
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline

/// A flat red card A (200 × 100) and a tall card B (120 × 300, half-transparent green, or
/// opaque) turned 45° about y through A's centre, under perspective 500 about the same centre
/// (canvas 400 × 400 at scale 1). The planes meet on the line x = 200. B's half on the left
/// (x′ = u cos θ < 0, z′ = −u sin θ > 0) is in front of A, its right half behind.
struct DepthCutTests {
    static let green = RGBAColor(red: 0, green: 1, blue: 0)
    static let red = RGB8(r: 255, g: 0, b: 0)

    func render(bAlpha: Double, order: [String] = ["a", "b"]) throws -> RasterImage {
        let here = testLocation
        let a = LayerSpec(id: "a", location: here, bounds: Rect(x: 0, y: 0, width: 200, height: 100),
                          position: Point(x: 200, y: 200), backgroundColor: RGBAColor(red: 1, green: 0, blue: 0))
        let b = LayerSpec(id: "b", location: here, bounds: Rect(x: 0, y: 0, width: 120, height: 300),
                          position: Point(x: 200, y: 200), transform: .rotation(Double.pi / 4, 0, 1, 0),
                          opacity: bAlpha, backgroundColor: Self.green)
        let byID = ["a": a, "b": b]
        let stage = LayerSpec(id: "stage", location: here, bounds: Rect(x: 0, y: 0, width: 400, height: 400),
                              position: Point(x: 200, y: 200), sublayerTransform: .perspective(500),
                              sublayers: order.compactMap { byID[$0] })
        let scene = Scene(file: "t", canvas: Canvas(size: Size(width: 400, height: 400), scale: 1, background: testBackground.color),
                          duration: 0, layers: [stage], animations: [])
        return try Rasterizer().render(DisplayListBuilder.build(Timeline(scene: scene), frame: 0))
    }

    @Test func theCutThroughATranslucentPlaneShowsNoSeamAndNoOverlap() throws {
        let image = try render(bAlpha: 0.5)
        // Where B's two pieces meet above and below A, every pixel is B composited once over
        // the background: ½ green + ½ background, whichever piece it belongs to.
        let expected = RGB8(r: (testBackground.r + 1) / 2, g: (testBackground.g + 255 + 1) / 2, b: (testBackground.b + 1) / 2)
        var worst = 0
        for y in Array(60 ..< 140) + Array(262 ..< 340) {
            for x in 190 ..< 210 {
                let p = image.rgb(x, y)
                worst = max(worst, abs(p.r - expected.r), abs(p.g - expected.g), abs(p.b - expected.b))
            }
        }
        #expect(worst <= 1, "largest difference from one composite of B along the cut: \(worst)")
    }

    @Test func theHalfBehindIsHiddenByTheFlatCardAndTheHalfInFrontCoversIt() throws {
        let image = try render(bAlpha: 0.5)
        // Right of the cut, inside A: A hides B (pure red). Left: B over A, ½ green + ½ red.
        #expect(image.rgb(230, 200) == Self.red)
        let mixed = image.rgb(170, 200)
        #expect(abs(mixed.r - 128) <= 1 && abs(mixed.g - 128) <= 1 && mixed.b == 0, "\(mixed)")
        // The order of `sublayers` does not matter: B listed first gives the same picture.
        let swapped = try render(bAlpha: 0.5, order: ["b", "a"])
        #expect(swapped.rgb(230, 200) == Self.red)
        let mixed2 = swapped.rgb(170, 200)
        #expect(abs(mixed2.r - 128) <= 1 && abs(mixed2.g - 128) <= 1 && mixed2.b == 0, "\(mixed2)")
    }

    @Test func anOpaqueCutPlaneLeavesNoBackgroundAlongTheCut() throws {
        let image = try render(bAlpha: 1)
        for y in Array(60 ..< 140) + Array(262 ..< 340) {
            for x in 195 ..< 205 {
                #expect(image.rgb(x, y) == RGB8(r: 0, g: 255, b: 0), "(\(x), \(y))")
            }
        }
        // And along the visible intersection inside A, only red and green meet: no background.
        for y in 155 ..< 245 {
            for x in 190 ..< 210 { #expect(!image.isBackground(x, y)) }
        }
    }
}
