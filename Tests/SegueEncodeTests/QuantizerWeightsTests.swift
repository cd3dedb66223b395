// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueEncode

/// The weights Segue computes for a histogram's colours (`pw_importance_map`) must be the ones
/// libimagequant computes itself: the same palette, and the same error estimate, which sums
/// every colour's weight.
@Suite("Quantizer: histogram weights computed beside libimagequant")
struct QuantizerWeightsTests {
    /// A w×h RGBA image: a smooth gradient, a noisy band (as a photo), a hard-edged box, and,
    /// where `holes`, transparent pixels (as the GIF's masked frames, whose unchanged pixels are).
    static func image(width w: Int, height h: Int, seed: UInt32, holes: Bool = false, translucent: Bool = false) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        var s = seed
        for y in 0 ..< h {
            for x in 0 ..< w {
                s = s &* 1_103_515_245 &+ 12345
                let noise = Int(s >> 16 & 0x3F)
                let i = (y * w + x) * 4
                let inBand = y >= h / 3 && y < h / 2
                let inBox = x >= w / 2 && x < w * 3 / 4 && y >= h / 2
                pixels[i] = UInt8(inBox ? 230 : min(255, x * 255 / max(1, w - 1) / 2 + (inBand ? noise : 0)))
                pixels[i + 1] = UInt8(inBox ? 40 : min(255, y * 255 / max(1, h - 1) / 2 + (inBand ? noise / 2 : 0)))
                pixels[i + 2] = UInt8(inBand ? 60 + noise : 120)
                if translucent && x % 3 == 0 { pixels[i + 3] = UInt8(80 + noise) }
                if holes && (x / 2 + y / 3) % 3 == 0 { pixels[i + 3] = 0 }
            }
        }
        return pixels
    }

    static func palette(of images: [(rgba: [UInt8], width: Int, height: Int)], speed: Int,
                        weights: Quantizer.Histogram.Weights) throws -> (palette: [Quantizer.Color], error: Double) {
        let attributes = try Quantizer.Attributes(Quantizer.Settings(quality: 100, maxColors: 256, dithering: 0, speed: speed))
        let histogram = try Quantizer.Histogram(attributes)
        for image in images {
            try histogram.add(try Quantizer.Image(attributes, rgba: image.rgba, width: image.width, height: image.height),
                              attributes, weights: weights)
        }
        let result = try histogram.quantize(attributes)
        return (result.palette, result.quantizationError)
    }

    // Sizes around libimagequant's limits: no map under 4 pixels either way, no blur under 7.
    @Test("the same palette and error as libimagequant's own weights",
          arguments: [(195, 140), (4, 4), (7, 7), (6, 30), (30, 6), (3, 40), (61, 97)])
    func samePalette(size: (Int, Int)) throws {
        let (w, h) = size
        for (holes, translucent) in [(false, false), (true, false), (false, true)] {
            let images = [(Self.image(width: w, height: h, seed: 7, holes: holes, translucent: translucent), w, h)]
            let ours = try Self.palette(of: images, speed: 6, weights: .computedHere)
            let theirs = try Self.palette(of: images, speed: 6, weights: .libimagequant)
            // (Compared first, so that a failure does not print 256 colours twice.)
            let samePalette = ours.palette == theirs.palette
            #expect(samePalette, "\(w)×\(h), holes \(holes), translucent \(translucent)")
            #expect(ours.error == theirs.error, "\(w)×\(h), holes \(holes), translucent \(translucent)")
            #expect(ours.palette.count > 1)
        }
    }

    @Test("frames added one after another, as the GIF's global colour table is made")
    func severalFrames() throws {
        let frames = (0 ..< 4).map { k in (Self.image(width: 120 - 10 * k, height: 80 + 5 * k, seed: UInt32(k + 1), holes: k > 0), 120 - 10 * k, 80 + 5 * k) }
        for speed in [4, 6] {
            let ours = try Self.palette(of: frames, speed: speed, weights: .computedHere)
            let theirs = try Self.palette(of: frames, speed: speed, weights: .libimagequant)
            let samePalette = ours.palette == theirs.palette
            #expect(samePalette, "speed \(speed)")
            #expect(ours.error == theirs.error, "speed \(speed)")
        }
    }

    @Test("the weights matter: without them the palette differs")
    func weightsMatter() throws {
        // Speed 8 and above make no contrast maps: every colour then weighs the same. On the
        // same image the palette must differ from speed 7's, or the test above could not fail.
        let images = [(Self.image(width: 195, height: 140, seed: 7), 195, 140)]
        let weighted = try Self.palette(of: images, speed: 7, weights: .computedHere)
        let attributes = try Quantizer.Attributes(Quantizer.Settings(quality: 100, maxColors: 256, dithering: 0, speed: 7))
        let histogram = try Quantizer.Histogram(attributes)
        let unweighted = try Quantizer.Attributes(Quantizer.Settings(quality: 100, maxColors: 256, dithering: 0, speed: 8))
        try histogram.add(try Quantizer.Image(unweighted, rgba: images[0].0, width: 195, height: 140), unweighted)
        let result = try histogram.quantize(attributes)
        let differs = result.palette != weighted.palette || result.quantizationError != weighted.error
        #expect(differs)
    }
}
