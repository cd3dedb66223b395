// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import SegueDiff
import SegueDecode
import Testing
import SegueEncode
import SegueRaster

/// Segue's pixelmatch against the separately written port in Support.swift and against counts
/// worked out by hand.
@Suite struct PixelmatchTests {
    func both(_ a: RGBAFrame, _ b: RGBAFrame, threshold: Double = 0.1, includeAA: Bool = false,
              checkerboard: Bool = false) -> (segue: Int, reference: Int, segueOutput: [UInt8], referenceOutput: [UInt8]) {
        let options = PixelmatchOptions(threshold: threshold, includeAA: includeAA, background: checkerboard ? .checkerboard : .white)
        let (diff, count) = Pixelmatch.diffImage(a, b, options: options)
        var out: [UInt8]? = [UInt8](repeating: 0, count: a.pixels.count)
        let reference = ReferencePixelmatch.run(a.pixels, b.pixels, &out, a.width, a.height,
                                                threshold: threshold, includeAA: includeAA, checkerboard: checkerboard)
        return (count.mismatched, reference, diff.pixels, out!)
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
        #expect(r.segue == r.reference)
        #expect(r.segueOutput == r.referenceOutput)
        let aa = both(a, b, includeAA: true)
        #expect(aa.segue == aa.reference)
        #expect(aa.segueOutput == aa.referenceOutput)
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
        #expect(r.reference == 36)
        #expect(r.segueOutput == r.referenceOutput)
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
        for checkerboard in [false, true] {
            for threshold in [0.05, 0.1, 0.2, 0.4] {
                let r = both(a, b, threshold: threshold, checkerboard: checkerboard)
                #expect(r.segue == r.reference, "threshold \(threshold), checkerboard \(checkerboard)")
                #expect(r.segueOutput == r.referenceOutput)
            }
        }
        // Over white, (15, 30, 100) at alpha 128 becomes (134.5, 142.0, 177.2) against (30, 60, 200):
        // far over 0.1's limit, so the whole 5 × 5 square counts.
        #expect(both(a, b).segue == 25)
    }

    @Test func oneTranslucentPixelWorkedByHand() {
        // (255, 0, 0, 255) vs (255, 0, 0, 128), blended over white:
        // dr = 0, dg = db = −127 × 255 / 255 = −127 → Y = −89.04, I = 75.69, Q = 26.86,
        // delta = 0.5053·Y² + 0.299·I² + 0.1957·Q² ≈ 5860.1, lighter in img2 so negative.
        let a = RGBAFrame(width: 1, height: 1, pixels: [255, 0, 0, 255])
        let b = RGBAFrame(width: 1, height: 1, pixels: [255, 0, 0, 128])
        let delta = a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in Pixelmatch.colorDelta(p, q, 0, 0, yOnly: false, checkerboard: false) }
        }
        let y = -127 * 0.58662247 - 127 * 0.11448223, i = 127 * 0.27417610 + 127 * 0.32180189, q = 127 * 0.52261711 - 127 * 0.31114694
        #expect(abs(delta - 0.5053 * y * y - 0.299 * i * i - 0.1957 * q * q) < 1e-9)
        #expect(abs(abs(delta) - 5860.1) < 0.5)
        // Over 0.1's limit (352.15) but under 0.45's (7130.9).
        #expect(Pixelmatch.compare(a, b).mismatched == 1)
        #expect(Pixelmatch.compare(a, b, options: .init(threshold: 0.45)).mismatched == 0)
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
        #expect(r.segue == 0 && r.reference == 0)
        #expect(r.segueOutput == r.referenceOutput)
        // A black pixel fades to 255 − 255 × 0.1 = 229.5 → 229.
        let i = (5 * a.width + 8) * 4
        #expect(r.segueOutput[i] == 229)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func randomShapesAgreeWithTheReferenceExactly(seed: UInt64) {
        var rng = SplitMix(state: seed)
        let w = Int.random(in: 8 ... 40, using: &rng), h = Int.random(in: 8 ... 40, using: &rng)
        // Flat rectangles (so anti-aliasing detection has work to do), a few soft edges, some
        // translucent pixels, then small perturbations in img2.
        var a = [UInt8](repeating: 255, count: w * h * 4)
        for _ in 0 ..< 6 {
            let x0 = Int.random(in: 0 ..< w, using: &rng), y0 = Int.random(in: 0 ..< h, using: &rng)
            let x1 = min(w, x0 + Int.random(in: 1 ... 12, using: &rng)), y1 = min(h, y0 + Int.random(in: 1 ... 12, using: &rng))
            let c: [UInt8] = [UInt8.random(in: 0 ... 255, using: &rng), UInt8.random(in: 0 ... 255, using: &rng),
                              UInt8.random(in: 0 ... 255, using: &rng), Bool.random(using: &rng) ? 255 : UInt8.random(in: 0 ... 255, using: &rng)]
            for y in y0 ..< y1 { for x in x0 ..< x1 { for k in 0 ..< 4 { a[(y * w + x) * 4 + k] = c[k] } } }
        }
        var b = a
        for _ in 0 ..< (w * h / 6) {
            let i = Int.random(in: 0 ..< w * h, using: &rng) * 4 + Int.random(in: 0 ..< 4, using: &rng)
            b[i] = UInt8(clamping: Int(b[i]) + Int.random(in: -120 ... 120, using: &rng))
        }
        // And shift one band by a pixel (edges that move).
        let band = Int.random(in: 0 ..< h, using: &rng)
        for x in stride(from: w - 1, to: 0, by: -1) { for k in 0 ..< 4 { b[(band * w + x) * 4 + k] = a[(band * w + x - 1) * 4 + k] } }
        let fa = RGBAFrame(width: w, height: h, pixels: a), fb = RGBAFrame(width: w, height: h, pixels: b)
        for threshold in [0.0, 0.05, 0.1, 0.3] {
            for includeAA in [false, true] {
                for checkerboard in [false, true] {
                    let r = both(fa, fb, threshold: threshold, includeAA: includeAA, checkerboard: checkerboard)
                    #expect(r.segue == r.reference, "seed \(seed) t \(threshold) aa \(includeAA) cb \(checkerboard)")
                    #expect(r.segueOutput == r.referenceOutput, "seed \(seed) diff image")
                }
            }
        }
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
