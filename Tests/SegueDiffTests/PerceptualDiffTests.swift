// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import SegueDiff
import SegueDecode
import Testing

/// CIEDE2000 against the published test data, and the exact and perceptual checks on frames
/// whose answers are known.
@Suite struct PerceptualDiffTests {
    /// Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula: implementation notes,
    /// supplementary test data, and mathematical observations", Table 1: all 34 pairs
    /// (L*1, a*1, b*1, L*2, a*2, b*2, ΔE00), chosen to exercise every branch of the hue arithmetic.
    static let sharma: [(Double, Double, Double, Double, Double, Double, Double)] = [
        (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
        (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
        (50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412),
        (50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669),
        (50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461),
        (50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065),
        (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
        (50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977),
        (50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030),
        (50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000),
        (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
        (63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630),
        (61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731),
        (35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645),
        (22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373),
        (36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146),
        (90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441),
        (90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381),
        (6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377),
        (2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082),
    ]

    @Test func ciede2000MatchesAllThirtyFourPublishedPairsBothWays() {
        #expect(Self.sharma.count == 34)
        for (n, p) in Self.sharma.enumerated() {
            let one = LabColor(l: p.0, a: p.1, b: p.2), two = LabColor(l: p.3, a: p.4, b: p.5)
            #expect(abs(ciede2000(one, two) - p.6) < 0.00005, "pair \(n + 1): \(ciede2000(one, two)) ≠ \(p.6)")
            #expect(abs(ciede2000(two, one) - p.6) < 0.00005, "pair \(n + 1) reversed")
        }
    }

    @Test func srgbConvertsToLabAsPublished() {
        // White is the reference white; sRGB red is L* 53.2408, a* 80.0925, b* 67.2032 (Lindbloom's
        // published sRGB/D65 values). Grey 119 by hand: ((119/255 + 0.055) / 1.055)^2.4 = 0.18447,
        // L* = 116 × ∛0.18447 − 16 = 50.03.
        let white = LabColor(srgb: 255, 255, 255)
        #expect(abs(white.l - 100) < 1e-6 && abs(white.a) < 1e-6 && abs(white.b) < 1e-6)
        let red = LabColor(srgb: 255, 0, 0)
        #expect(abs(red.l - 53.2408) < 0.001 && abs(red.a - 80.0925) < 0.001 && abs(red.b - 67.2032) < 0.001, "\(red)")
        #expect(abs(LabColor(srgb: 119, 119, 119).l - 50.03) < 0.01)
    }

    /// A full-width card on white, in `colour`.
    func card(_ colour: [UInt8]) -> RGBAFrame {
        image(60, 40) { _, y in (10 ..< 30).contains(y) ? colour : white }
    }

    @Test func aFullWidthColourChangeFailsByDefaultThoughPixelmatchMissesIt() {
        // #5856D6 → #5E5CE6: plainly different side by side.
        let before = card([0x58, 0x56, 0xD6, 255]), after = card([0x5E, 0x5C, 0xE6, 255])
        let perceptual = ImageDiffing(check: .auto).compare(expected: before, actual: after, diffImage: false)
        #expect(perceptual.mismatchedPixels == 60 * 20)
        #expect(!perceptual.passed)
        // pixelmatch at its default threshold 0.1 sees equal colours: its YIQ distance is under 352.15.
        let pixelmatch = ImageDiffing(check: .pixelmatch).compare(expected: before, actual: after, diffImage: false)
        #expect(pixelmatch.mismatchedPixels == 0 && pixelmatch.passed)
        // And exact sees every changed pixel.
        #expect(ImageDiffing(check: .exact).compare(expected: before, actual: after, diffImage: false).mismatchedPixels == 1200)
    }

    @Test func exactFailsOnOneChangedPixelThatPerceptualLetsThrough() {
        let before = card([0x58, 0x56, 0xD6, 255])
        var pixels = before.pixels
        pixels[(20 * 60 + 30) * 4 + 2] &-= 1 // one blue value, one step
        let after = RGBAFrame(width: 60, height: 40, pixels: pixels)
        let exact = ImageDiffing(check: .exact).compare(expected: before, actual: after)
        #expect(exact.mismatchedPixels == 1)
        #expect(exact.violation == "more than 0 px differ")
        // The diff image marks that pixel red.
        let i = (20 * 60 + 30) * 4
        #expect(exact.diffImage.map { Array($0.pixels[i ..< i + 4]) } == [255, 0, 0, 255])
        let perceptual = ImageDiffing(check: .perceptual).compare(expected: before, actual: after)
        #expect(perceptual.mismatchedPixels == 0 && perceptual.passed)
    }

    @Test func specksSmallerThanTheRegionAndAntialiasedEdgesAreTolerated() {
        // Three black pixels on white (far above any ΔE limit) are a region of 3 < 8: tolerated;
        // a 3 × 3 block (9 ≥ 8) is not.
        let blank = image(20, 20) { _, _ in white }
        let speck = image(20, 20) { x, y in y == 5 && (5 ..< 8).contains(x) ? black : white }
        let block = image(20, 20) { x, y in (5 ..< 8).contains(y) && (5 ..< 8).contains(x) ? black : white }
        #expect(PerceptualDiff.compare(blank, speck).mismatched == 0)
        #expect(PerceptualDiff.compare(blank, block).mismatched == 9)
        #expect(PerceptualDiff.compare(blank, speck, options: .init(minRegion: 1)).mismatched == 3)
        // A soft vertical edge moved by one pixel: the changed pixels are anti-aliasing.
        func edge(_ at: Int) -> RGBAFrame {
            image(20, 20) { x, _ in x < at ? black : (x == at ? [128, 128, 128, 255] : white) }
        }
        let moved = PerceptualDiff.compare(edge(8), edge(9))
        #expect(moved.mismatched == 0 && moved.antialiased > 0)
        #expect(PerceptualDiff.compare(edge(8), edge(9), options: .init(includeAA: true)).mismatched == 40)
    }
}
