import Foundation
import Testing
@testable import SegueRaster

/// Contact-sheet thumbnails: frames rendered larger, shrunk with an area-average (box) filter.
@Suite struct DownsampleTests {
    static func image(_ w: Int, _ h: Int, _ value: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> RasterImage {
        var px: [UInt8] = []
        for y in 0 ..< h { for x in 0 ..< w { let v = value(x, y); px += [v.0, v.1, v.2, v.3] } }
        return RasterImage(width: w, height: h, bytesPerRow: w * 4, pixels: px)
    }

    @Test func anIntegerFactorAveragesEachBlock() {
        // A 1-pixel checkerboard of opaque white and transparent: every 2×2 block averages to
        // half-transparent white in premultiplied terms (128, 128, 128, 128 after rounding 127.5).
        let checker = Self.image(4, 4) { x, y in (x + y) % 2 == 0 ? (255, 255, 255, 255) : (0, 0, 0, 0) }
        let small = checker.downsampled(width: 2, height: 2)
        #expect(small.width == 2 && small.height == 2 && small.bytesPerRow == 8)
        for y in 0 ..< 2 { for x in 0 ..< 2 { #expect(small.pixel(x: x, y: y) == (128, 128, 128, 128)) } }
        // A flat image stays flat.
        let flat = Self.image(9, 6) { _, _ in (10, 20, 30, 255) }.downsampled(width: 3, height: 2)
        #expect(flat.pixels == Array([[UInt8]](repeating: [10, 20, 30, 255], count: 6).joined()))
    }

    @Test func aFractionalFactorWeighsPartlyCoveredPixels() {
        // Three columns 0, 90, 180 into two: [0 + 90/2] / 1.5 = 30 and [90/2 + 180] / 1.5 = 150.
        let row = Self.image(3, 1) { x, _ in let v = UInt8(x * 90); return (v, v, v, 255) }
        let two = row.downsampled(width: 2, height: 1)
        #expect(two.pixel(x: 0, y: 0) == (30, 30, 30, 255) && two.pixel(x: 1, y: 0) == (150, 150, 150, 255))
        // Weights cover every source pixel once in total.
        for (m, n) in [(780, 156), (1688, 338), (7, 3), (5, 5)] {
            let w = RasterImage.boxWeights(from: m, to: n)
            var total = [Double](repeating: 0, count: m)
            for list in w { #expect(abs(list.reduce(0) { $0 + $1.1 } - 1) < 1e-9); for (i, v) in list { total[i] += v } }
            #expect(total.allSatisfy { abs($0 - Double(n) / Double(m)) < 1e-9 })
        }
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
