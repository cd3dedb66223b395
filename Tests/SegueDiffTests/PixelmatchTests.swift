// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import SegueDiff
import SegueDecode
import Testing
import SegueEncode
import SegueRaster

/// Segue's pixelmatch against counts and diff images worked out by hand. PixelmatchOracleTests
/// compares it with the PyPI implementation on generated images and the goldens.
@Suite struct PixelmatchTests {
    /// Segue's count and diff image, translucent pixels seen over white unless asked otherwise.
    func both(_ a: RGBAFrame, _ b: RGBAFrame, threshold: Double = 0.1, includeAA: Bool = false,
              checkerboard: Bool = false) -> (segue: Int, segueOutput: [UInt8]) {
        let options = PixelmatchOptions(threshold: threshold, includeAA: includeAA, background: checkerboard ? .checkerboard : .white)
        let (diff, count) = Pixelmatch.diffImage(a, b, options: options)
        return (count.mismatched, diff.pixels)
    }

    /// A black bar on white with one grey (anti-aliased) column on each side, at `left`.
    func bar(left: Int, width: Int = 24, height: Int = 12) -> RGBAFrame {
        image(width, height) { x, y in
            guard y >= 2 && y < height - 2 else { return white }
            if x == left || x == left + 7 { return [128, 128, 128, 255] }
            if x > left && x < left + 7 { return black }
            return white
        }
    }

    @Test func anAntialiasedEdgeMovedByOnePixelIsNotCountedUnlessIncludeAA() {
        let a = bar(left: 6), b = bar(left: 7)
        let r = both(a, b)
        let aa = both(a, b, includeAA: true)
        // Every changed pixel is on an edge column: 4 columns (6, 7, 13, 14) × 8 rows change.
        #expect(aa.segue == 32)
        // Without includeAA, the interior rows' edge pixels are anti-aliasing; only where the
        // bar's top and bottom rows make the pattern ambiguous may pixels count.
        #expect(r.segue < aa.segue)
        let count = Pixelmatch.compare(a, b)
        #expect(count.mismatched + count.antialiased == 32)
        #expect(count.antialiased > 0)
        // The diff image paints anti-aliased pixels yellow, counted ones red.
        let yellow = stride(from: 0, to: r.segueOutput.count, by: 4).filter { r.segueOutput[$0] == 255 && r.segueOutput[$0 + 1] == 255 && r.segueOutput[$0 + 2] == 0 }
        #expect(yellow.count == count.antialiased)
    }

    @Test func aBlockThatChangesColourCountsEveryPixelOfIt() {
        // 16 × 16 white, a 6 × 6 block red → blue: every block pixel has ≥ 3 equal neighbours
        // (so none is anti-aliasing) and red vs blue is far over the threshold: 36 by hand.
        let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
        let a = image(16, 16) { x, y in (4 ..< 10).contains(x) && (4 ..< 10).contains(y) ? red : white }
        let b = image(16, 16) { x, y in (4 ..< 10).contains(x) && (4 ..< 10).contains(y) ? blue : white }
        let r = both(a, b)
        #expect(r.segue == 36)
        // Red where counted; the rest the expected image's luma faded to 10 % over white.
        let redPixels = stride(from: 0, to: r.segueOutput.count, by: 4).filter { r.segueOutput[$0] == 255 && r.segueOutput[$0 + 1] == 0 }
        #expect(redPixels.count == 36)
        #expect(Array(r.segueOutput[0 ..< 4]) == [255, 255, 255, 255])
    }

    @Test func aSemiTransparentOverlayIsComparedOverWhite() {
        // img2 has a translucent (alpha 128) black overlay on a 5 × 5 square of a blue field.
        let blue: [UInt8] = [30, 60, 200, 255]
        let a = image(12, 12) { _, _ in blue }
        let b = image(12, 12) { x, y in (3 ..< 8).contains(x) && (3 ..< 8).contains(y) ? [15, 30, 100, 128] : blue }
        // Over white, (15, 30, 100) at alpha 128 becomes (134.5, 142.0, 177.2) against (30, 60, 200):
        // far over 0.1's limit, so the whole 5 × 5 square counts.
        #expect(both(a, b).segue == 25)
    }

    /// Kotsarenko and Ramos's distance by hand: the NTSC matrix, then 0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ².
    func distanceByHand(_ c1: (Double, Double, Double), _ c2: (Double, Double, Double)) -> Double {
        let dr = c1.0 - c2.0, dg = c1.1 - c2.1, db = c1.2 - c2.2
        let y = 0.29889531 * dr + 0.58662247 * dg + 0.11448223 * db
        let i = 0.59597799 * dr - 0.27417610 * dg - 0.32180189 * db
        let q = 0.21147017 * dr - 0.52261711 * dg + 0.31114694 * db
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    @Test func oneTranslucentPixelWorkedByHand() {
        // (255, 0, 0, 255) vs (255, 0, 0, 128) over white: the second is seen as (255, 127, 127),
        // since 255 + (0 − 255) × 128/255 = 127.
        let a = RGBAFrame(width: 1, height: 1, pixels: [255, 0, 0, 255])
        let b = RGBAFrame(width: 1, height: 1, pixels: [255, 0, 0, 128])
        let seen = 255 - 255 * (128.0 / 255)
        #expect(abs(seen - 127) < 1e-9)
        let delta = distanceByHand((255, 0, 0), (255, seen, seen))
        // ΔY = −127 × 0.70110470 = −89.04, ΔI = 127 × 0.59597799 = 75.69, ΔQ = 127 × 0.21147017 = 26.86.
        #expect(abs(delta - 5860.1) < 0.5)
        let computed = YIQ.distance(YIQ(255, 0, 0), YIQ(255, seen, seen))
        #expect(abs(computed - delta) < 1e-6)
        // Over 0.1's limit (352.15) but under 0.45's (7130.9).
        #expect(Pixelmatch.compare(a, b, options: .init(background: .white)).mismatched == 1)
        #expect(Pixelmatch.compare(a, b, options: .init(threshold: 0.45, background: .white)).mismatched == 0)
    }

    @Test func transparentPixelsAreSeenOverTheCheckerboard() {
        // A row of four fully transparent pixels against opaque (48, 48, 48). The checkerboard
        // under pixel n (byte offset k = 4n) is 48 or 207 per channel: red by k mod 2, green by
        // ⌊k ÷ 1.618⌋ mod 2, blue by ⌊k ÷ 2.618⌋ mod 2:
        //   n 0, k 0:  (48, 48, 48)   → equal, not counted
        //   n 1, k 4:  ⌊2.47⌋ = 2, ⌊1.53⌋ = 1 → (48, 48, 207)
        //   n 2, k 8:  ⌊4.94⌋ = 4, ⌊3.06⌋ = 3 → (48, 48, 207)
        //   n 3, k 12: ⌊7.42⌋ = 7, ⌊4.58⌋ = 4 → (48, 207, 48)
        let clear = RGBAFrame(width: 4, height: 1, pixels: [UInt8](repeating: 0, count: 16))
        let grey = RGBAFrame(width: 4, height: 1, pixels: Array([[UInt8]](repeating: [48, 48, 48, 255], count: 4).joined()))
        #expect(Backdrop(kind: .checkerboard).under(1) == (48, 48, 207) as (Double, Double, Double))
        // Blue 159 apart: ΔY 18.20, ΔI −51.17, ΔQ 49.47 → 1429.2, over 0.1's limit (352.15).
        #expect(abs(distanceByHand((48, 48, 207), (48, 48, 48)) - 1429.2) < 0.05)
        let options = PixelmatchOptions(includeAA: true, background: .checkerboard)
        let (diff, count) = Pixelmatch.diffImage(clear, grey, options: options)
        #expect(count.mismatched == 3)
        let red = (0 ..< 4).map { diff.pixels[$0 * 4] == 255 && diff.pixels[$0 * 4 + 1] == 0 }
        #expect(red == [false, true, true, true])
        // Over white every pixel is (255, 255, 255) against (48, 48, 48): all four count.
        #expect(Pixelmatch.compare(clear, grey, options: .init(includeAA: true, background: .white)).mismatched == 4)
    }

    @Test func aPixelOnASlopeBetweenTwoFlatRegionsIsAntialiasing() {
        // 5 × 5: columns 0-1 black, column 2 grey 128, columns 3-4 white; the actual image's
        // centre (2, 2) is grey 100 instead. In the expected image the centre has two neighbours
        // of its own brightness (above and below), darker ones on the left and brighter ones on
        // the right; the first darker one met, (1, 1), has five identical neighbours in both
        // images: a flat region, so the centre is anti-aliasing.
        func edge(centre: UInt8) -> RGBAFrame {
            image(5, 5) { x, y in
                if x < 2 { return black }
                if x > 2 { return white }
                let v = y == 2 ? centre : 128
                return [v, v, v, 255]
            }
        }
        let a = edge(centre: 128), b = edge(centre: 100)
        let left = Pixelmatch.compare(a, b, options: .init(background: .white))
        #expect(left == PixelmatchCount(mismatched: 0, antialiased: 1))
        let counted = Pixelmatch.compare(a, b, options: .init(includeAA: true, background: .white))
        #expect(counted == PixelmatchCount(mismatched: 1, antialiased: 0))
        // The same change in the middle of a white field has eight equal neighbours in the expected
        // image and only brighter ones in the actual image: no slope, so it counts.
        let field = image(5, 5) { _, _ in white }
        let dot = image(5, 5) { x, y in x == 2 && y == 2 ? [100, 100, 100, 255] : white }
        #expect(Pixelmatch.compare(field, dot) == PixelmatchCount(mismatched: 1, antialiased: 0))
    }

    @Test func theDiffImageUsesTheDocumentedColoursAndMask() {
        // A 2 × 2 block turns from white to black (darker) and another from black to white.
        let a = image(8, 4) { x, y in (1 ..< 3).contains(x) && (1 ..< 3).contains(y) ? white : ((5 ..< 7).contains(x) && (1 ..< 3).contains(y) ? black : [200, 200, 200, 255]) }
        let b = image(8, 4) { x, y in (1 ..< 3).contains(x) && (1 ..< 3).contains(y) ? black : ((5 ..< 7).contains(x) && (1 ..< 3).contains(y) ? white : [200, 200, 200, 255]) }
        func pixel(_ f: RGBAFrame, _ x: Int, _ y: Int) -> [UInt8] { Array(f.pixels[(y * f.width + x) * 4 ..< (y * f.width + x) * 4 + 4]) }
        let plain = Pixelmatch.diffImage(a, b, options: .init(includeAA: true))
        #expect(plain.1.mismatched == 8)
        #expect(pixel(plain.0, 1, 1) == [255, 0, 0, 255] && pixel(plain.0, 5, 1) == [255, 0, 0, 255])
        // Unchanged grey 200: luma 200.00000 faded to 255 − 55 × 0.1 = 249.5 → 249.
        #expect(pixel(plain.0, 0, 0) == [249, 249, 249, 255])
        let options = PixelmatchOptions(includeAA: true, diffColor: .init(0, 0, 255), diffColorAlt: .init(0, 255, 0), diffMask: true)
        let masked = Pixelmatch.diffImage(a, b, options: options)
        #expect(masked.1.mismatched == 8)
        // Darker in the actual image: the alternative colour; lighter: diffColor; the rest clear.
        #expect(pixel(masked.0, 1, 1) == [0, 255, 0, 255])
        #expect(pixel(masked.0, 5, 2) == [0, 0, 255, 255])
        #expect(pixel(masked.0, 0, 0) == [0, 0, 0, 0])
        // alpha 1 shows the expected image's full luma: the coefficients sum to 1.00000001, so
        // grey 200 has luma 200.000002 and stays 200.
        let full = Pixelmatch.diffImage(a, a, options: .init(alpha: 1))
        #expect(pixel(full.0, 0, 0) == [200, 200, 200, 255])
    }

    @Test func anAntialiasedPixelTakesAAColorAndIsLeftOutOfTheMask() {
        let a = bar(left: 6), b = bar(left: 7)
        let options = PixelmatchOptions(aaColor: .init(0, 128, 255))
        let (diff, count) = Pixelmatch.diffImage(a, b, options: options)
        #expect(count.antialiased > 0)
        let marked = stride(from: 0, to: diff.pixels.count, by: 4).filter { Array(diff.pixels[$0 ..< $0 + 4]) == [0, 128, 255, 255] }
        #expect(marked.count == count.antialiased)
        var masked = options; masked.diffMask = true
        let (maskImage, _) = Pixelmatch.diffImage(a, b, options: masked)
        #expect(!stride(from: 0, to: maskImage.pixels.count, by: 4).contains { Array(maskImage.pixels[$0 ..< $0 + 4]) == [0, 128, 255, 255] })
    }

    @Test func theLimitIs35215TimesThresholdSquared() {
        #expect(PixelmatchOptions(threshold: 0.1).maxDelta == 35215 * 0.1 * 0.1)
        #expect(PixelmatchOptions(threshold: 1).maxDelta == 35215)
        // Black vs white by hand: ΔY = 255 × (0.29889531 + 0.58662247 + 0.11448223), ΔI = ΔQ = 0
        // (their coefficients sum to 0), so delta = 0.5053 × ΔY² ≈ 32857.1: over the limit at
        // threshold 0.965 (32793.4), not at 0.967 (32929.4).
        let a = RGBAFrame(width: 1, height: 1, pixels: black), b = RGBAFrame(width: 1, height: 1, pixels: white)
        let dy = 255 * (0.29889531 + 0.58662247 + 0.11448223)
        #expect(abs(0.5053 * dy * dy - 32857.1) < 0.1)
        #expect(Pixelmatch.compare(a, b, options: .init(threshold: 0.965)).mismatched == 1)
        #expect(Pixelmatch.compare(a, b, options: .init(threshold: 0.967)).mismatched == 0)
    }

    @Test func identicalImagesCountNothingAndDrawTheFadedCopy() {
        let a = bar(left: 5)
        let r = both(a, a)
        #expect(r.segue == 0)
        // A black pixel fades to 255 − 255 × 0.1 = 229.5 → 229.
        let i = (5 * a.width + 8) * 4
        #expect(r.segueOutput[i] == 229)
    }

    @Test func settingsWrittenBeforeTheColoursExistedStillRead() throws {
        let old = #"{"threshold":0.2,"includeAA":true,"alpha":0.1,"background":"white"}"#
        let options = try JSONDecoder().decode(PixelmatchOptions.self, from: Data(old.utf8))
        #expect(options == PixelmatchOptions(threshold: 0.2, includeAA: true, background: .white))
    }

    @Test func framesAreComparedAsTheirPNGBytes() throws {
        // A rendered (premultiplied) frame converts to the straight bytes PNGWriter stores.
        var px = [UInt8](repeating: 0, count: 4 * 4)
        px[0 ..< 4] = [40, 80, 120, 128]     // premultiplied B, G, R, A
        px[4 ..< 8] = [0, 0, 255, 255]
        let raster = RasterImage(width: 4, height: 1, bytesPerRow: 16, pixels: px)
        let straight = RGBAFrame(raster)
        // round(c × 255 / a): 120 → 239, 80 → 159, 40 → 80.
        #expect(Array(straight.pixels[0 ..< 4]) == [239, 159, 80, 128])
        #expect(Array(straight.pixels[4 ..< 8]) == [255, 0, 0, 255])
        #expect(Array(straight.pixels[8 ..< 12]) == [0, 0, 0, 0])
        let scratch = try Scratch()
        defer { scratch.remove() }
        let url = URL(fileURLWithPath: scratch.path("frame.png"))
        try PNGWriter.write(raster, to: url)
        #expect(try FrameDecoder.decodeImage(path: url.path) == straight)
    }
}
