// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import SegueDiff
import SegueEncode
import Testing
import SegueDecode

/// SegueDiff's SSIM (separable passes) against the direct double loop in Support.swift.
@Suite struct SSIMTests {
    func noise(_ w: Int, _ h: Int, seed: UInt64) -> RGBAFrame {
        var rng = SplitMix(state: seed)
        return image(w, h) { x, y in
            let base = UInt8((x * 7 + y * 3) % 256)
            return [base &+ UInt8.random(in: 0 ... 40, using: &rng), UInt8(y * 255 / max(1, h - 1)), UInt8.random(in: 0 ... 255, using: &rng), 255]
        }
    }

    @Test func identicalImagesHaveSSIMOne() {
        let a = noise(30, 20, seed: 1)
        #expect(abs(SSIM.compute(a, a) - 1) < 1e-12)
        #expect(abs(referenceSSIM(a, a) - 1) < 1e-12)
    }

    @Test(arguments: [(UInt64(2), UInt64(3)), (4, 4), (5, 9)])
    func agreesWithTheDirectComputation(seeds: (UInt64, UInt64)) {
        let a = noise(37, 29, seed: seeds.0)
        // b: a, brightened, with a block changed and a blur-like smear along rows.
        var px = a.pixels
        var rng = SplitMix(state: seeds.1 &* 31)
        for i in stride(from: 0, to: px.count, by: 4) {
            for c in 0 ..< 3 { px[i + c] = UInt8(clamping: Int(px[i + c]) + Int.random(in: -25 ... 35, using: &rng)) }
        }
        for y in 5 ..< 15 { for x in 10 ..< 22 { px[(y * 37 + x) * 4] = 10; px[(y * 37 + x) * 4 + 1] = 200 } }
        let b = RGBAFrame(width: 37, height: 29, pixels: px)
        let fast = SSIM.compute(a, b), slow = referenceSSIM(a, b)
        #expect(abs(fast - slow) < 1e-3)
        #expect(abs(fast - slow) < 1e-9, "the two computations differ only by rounding")
        #expect(fast < 0.99 && fast > -1)
    }

    @Test func translucentPixelsAreBlendedOverWhiteFirst() {
        // Transparent anything equals white; so does white itself.
        let clear = image(16, 16) { x, _ in [UInt8(x * 16), 0, 0, 0] }
        let whiteImage = image(16, 16) { _, _ in white }
        #expect(abs(SSIM.compute(clear, whiteImage) - 1) < 1e-12)
        let half = image(16, 16) { x, y in [0, 0, 0, UInt8((x + y) * 8)] }
        let grey = image(16, 16) { x, y in
            let v = UInt8((255 * (255 - Int(UInt8((x + y) * 8))) + 127) / 255)
            return [v, v, v, 255]
        }
        #expect(abs(SSIM.compute(half, grey) - referenceSSIM(half, grey)) < 1e-9)
        #expect(SSIM.compute(half, grey) > 0.999)
    }

    @Test func theWindowIsANormalisedGaussian() {
        let w = SSIM.gaussian(size: 11)
        #expect(abs(w.reduce(0, +) - 1) < 1e-15)
        #expect(w[5] > w[4] && w[4] == w[6])
        // exp(−25 / 4.5) relative to the centre.
        #expect(abs(w[0] / w[5] - exp(-25.0 / 4.5)) < 1e-12)
    }

    @Test func smallImagesUseTheLargestWindowThatFits() {
        let a = noise(7, 30, seed: 11), b = noise(7, 30, seed: 12)
        let s = SSIM.compute(a, b)
        #expect(s.isFinite && s < 1)
        let one = RGBAFrame(width: 1, height: 1, pixels: [10, 10, 10, 255])
        #expect(SSIM.compute(one, one) == 1)
    }
}
