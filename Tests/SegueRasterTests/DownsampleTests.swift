// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueRaster
@testable import SegueCharts

/// Contact-sheet thumbnails: frames rendered larger, shrunk with an area-average (box) filter
/// (pixman's separable box convolution; its fixed-point weights may round a mean one step off).
@Suite struct DownsampleTests {
    static func image(_ w: Int, _ h: Int, _ value: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> RasterImage {
        var px: [UInt8] = []
        for y in 0 ..< h { for x in 0 ..< w { let v = value(x, y); px += [v.0, v.1, v.2, v.3] } }
        return RasterImage(width: w, height: h, bytesPerRow: w * 4, pixels: px)
    }

    static func near(_ p: (UInt8, UInt8, UInt8, UInt8), _ q: (Int, Int, Int, Int)) -> Bool {
        abs(Int(p.0) - q.0) <= 1 && abs(Int(p.1) - q.1) <= 1 && abs(Int(p.2) - q.2) <= 1 && abs(Int(p.3) - q.3) <= 1
    }

    @Test func anIntegerFactorAveragesEachBlock() {
        // A 1-pixel checkerboard of opaque white and transparent: every 2×2 block averages to
        // half-transparent white in premultiplied terms (127.5 each).
        let checker = Self.image(4, 4) { x, y in (x + y) % 2 == 0 ? (255, 255, 255, 255) : (0, 0, 0, 0) }
        let small = checker.downsampled(width: 2, height: 2)
        #expect(small.width == 2 && small.height == 2 && small.bytesPerRow == 8)
        for y in 0 ..< 2 { for x in 0 ..< 2 { #expect(Self.near(small.pixel(x: x, y: y), (128, 128, 128, 128)), "\(small.pixel(x: x, y: y))") } }
        // A flat image stays flat, exactly.
        let flat = Self.image(9, 6) { _, _ in (10, 20, 30, 255) }.downsampled(width: 3, height: 2)
        #expect(flat.pixels == Array([[UInt8]](repeating: [10, 20, 30, 255], count: 6).joined()))
    }

    @Test func aFractionalFactorWeighsPartlyCoveredPixels() {
        // Three columns 0, 90, 180 into two: [0 + 90/2] / 1.5 = 30 and [90/2 + 180] / 1.5 = 150.
        let row = Self.image(3, 1) { x, _ in let v = UInt8(x * 90); return (v, v, v, 255) }
        let two = row.downsampled(width: 2, height: 1)
        #expect(Self.near(two.pixel(x: 0, y: 0), (30, 30, 30, 255)) && Self.near(two.pixel(x: 1, y: 0), (150, 150, 150, 255)),
                "\(two.pixel(x: 0, y: 0)) \(two.pixel(x: 1, y: 0))")
        // A step edge 780 → 156 (5:1) keeps its position: columns 0–389 black, 390–779 white
        // become 78 black and 78 white columns.
        let edge = Self.image(780, 2) { x, _ in x < 390 ? (0, 0, 0, 255) : (255, 255, 255, 255) }.downsampled(width: 156, height: 1)
        #expect(Self.near(edge.pixel(x: 77, y: 0), (0, 0, 0, 255)) && Self.near(edge.pixel(x: 78, y: 0), (255, 255, 255, 255)))
    }

    @Test func thumbnailsRenderAtAboutTwoPixelsPerPoint() {
        #expect(ContactSheet.supersampling(forScale: 0.4) == 4)    // the gallery: 1.6 px/pt
        #expect(ContactSheet.supersampling(forScale: 0.5) == 4)
        #expect(ContactSheet.supersampling(forScale: 0.25) == 4)
        #expect(ContactSheet.supersampling(forScale: 0.75) == 3)
        #expect(ContactSheet.supersampling(forScale: 1) == 2)
        #expect(ContactSheet.supersampling(forScale: 2) == 1)
        #expect(ContactSheet.supersampling(forScale: 3) == 1)
    }
}
