// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Foundation
import Testing
import SegueScene
@testable import SegueRaster

/// contentsRect on snapshots, against where the content's parts must land.
struct ContentsRectTests {
    /// A 200 × 100 snapshot layer of content laid out at 200 × 100: red left half, blue right
    /// half, a white square at (110, 30)–(130, 50).
    static func render(_ contentsRect: String, at t: Double = 0, animation: String = "") throws -> RasterImage {
        try ShadowTests.render("""
        canvas: {size: [300, 200], scale: 1, background: "#000000"}
        layers:
          - id: snap
            frame: [50, 50, 200, 100]
            snapshotSize: [200, 100]
            contentsRect: \(contentsRect)
            sublayers:
              - {id: l, frame: [0, 0, 100, 100], backgroundColor: "#FF0000"}
              - {id: r, frame: [100, 0, 100, 100], backgroundColor: "#0000FF"}
              - {id: w, frame: [110, 30, 20, 20], backgroundColor: "#FFFFFF"}
        \(animation)
        """, at: t)
    }

    static func rgb(_ image: RasterImage, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let p = image.pixel(x: x, y: y)
        return (p.r, p.g, p.b)
    }

    @Test func theRightHalfFillsTheBounds() throws {
        // [0.5, 0, 0.5, 1]: content x 100…200 maps to the layer's 0…200, twice as wide; the white
        // square (content x 110…130, y 30…50) lands at canvas x 50 + 2 × (10…30) = 70…110,
        // y 50 + 30…50 = 80…100. No red anywhere, nothing outside the bounds.
        let image = try Self.render("[0.5, 0, 0.5, 1]")
        #expect(Self.rgb(image, 60, 60) == (0, 0, 255))
        #expect(Self.rgb(image, 240, 140) == (0, 0, 255))
        #expect(Self.rgb(image, 90, 90) == (255, 255, 255))
        #expect(Self.rgb(image, 68, 90) == (0, 0, 255) && Self.rgb(image, 112, 90) == (0, 0, 255))
        #expect(Self.rgb(image, 45, 100) == (0, 0, 0) && Self.rgb(image, 255, 100) == (0, 0, 0))
    }

    @Test func anAnimatedContentsRectPans() throws {
        // From the left half to the right half, linear over 1 s: at 0.5 s the middle half
        // [0.25, 0, 0.5, 1] shows, so the red/blue boundary (content x 100) sits at layer x
        // 2 × (100 − 50) = 100, canvas x 150.
        let image = try Self.render("[0, 0, 0.5, 1]", at: 0.5,
                                    animation: "animations: [{layer: snap, keyPath: contentsRect, to: [0.5, 0, 0.5, 1], duration: 1, timing: linear}]")
        #expect(Self.rgb(image, 148, 100) == (255, 0, 0))
        #expect(Self.rgb(image, 152, 60) == (0, 0, 255))
    }
}
