// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueEncode

/// The global colour table's undithered remapping, computed beside libimagequant
/// (`Quantizer.PreparedPalette`), must draw what libimagequant draws: every pixel gets the entry
/// libimagequant gives it, or one exactly as near (a tie, which the two break differently), and
/// where a background shows through, the same decision.
@Suite("Quantizer: undithered remapping beside libimagequant")
struct PaletteRemapTests {
    /// libimagequant 2.x's colour difference, in doubles: colours in its internal gamma
    /// (0.5499 over the image's 0.45455), premultiplied by alpha; per channel the larger of the
    /// difference over black and over white.
    static func difference(_ p: Quantizer.Color, _ q: Quantizer.Color) -> Double {
        func float(_ c: Quantizer.Color) -> [Double] {
            let a = Double(c.a) / 255
            let f = { (v: UInt8) in pow(Double(v) / 255, 0.5499 / 0.45455) * a }
            return [a, f(c.r), f(c.g), f(c.b)]
        }
        let x = float(p), y = float(q)
        let alphas = y[0] - x[0]
        return (1 ... 3).reduce(0) { sum, c in
            let black = x[c] - y[c], white = black + alphas
            return sum + max(black * black, white * white)
        }
    }

    static func color(_ rgba: [UInt8], _ k: Int) -> Quantizer.Color {
        Quantizer.Color(r: rgba[4 * k], g: rgba[4 * k + 1], b: rgba[4 * k + 2], a: rgba[4 * k + 3])
    }

    /// A palette made as the GIF's global colour table is (a histogram of several frames, the
    /// transparent entry fixed), at `quality`.
    static func globalPalette(quality: Int, frames: [[UInt8]], width: Int, height: Int) throws -> (Quantizer.Attributes, Quantizer.Result) {
        let attributes = try Quantizer.Attributes(Quantizer.Settings(quality: quality, maxColors: 256, dithering: 0, speed: 6))
        var histogram = try GIFEncoder.PaletteHistogram(attributes)
        for frame in frames { try histogram.add(frame, rect: GIFRect(x: 0, y: 0, width: width, height: height)) }
        return (attributes, try histogram.quantize(maxColors: 256))
    }

    @Test("each pixel gets libimagequant's entry or one as near; backgrounds decide alike",
          arguments: [80, 100])
    func sameAsLibimagequant(quality: Int) throws {
        let (w, h) = (97, 61)
        let frames = (0 ..< 3).map { k in QuantizerWeightsTests.image(width: w, height: h, seed: UInt32(k + 3), holes: k > 0) }
        let (attributes, result) = try Self.globalPalette(quality: quality, frames: frames, width: w, height: h)
        let prepared = try Quantizer.PreparedPalette(result)
        // A frame with holes (unchanged pixels, transparent) over the one before; the first frame,
        // with nothing under it; and translucent pixels.
        let cases: [(pixels: [UInt8], background: [UInt8]?)] = [
            (QuantizerWeightsTests.image(width: w, height: h, seed: 11, holes: true), frames[0]),
            (QuantizerWeightsTests.image(width: w, height: h, seed: 12), nil),
            (QuantizerWeightsTests.image(width: w, height: h, seed: 13, translucent: true), frames[1]),
        ]
        var ties = 0, same = 0, transparentBoth = 0
        for (n, c) in cases.enumerated() {
            func image() throws -> Quantizer.Image {
                let image = try Quantizer.Image(attributes, rgba: c.pixels, width: w, height: h)
                if let background = c.background { try image.setBackground(attributes, rgba: background) }
                return image
            }
            let ours = try prepared.remap(try image())
            let theirs = try result.remap(try image(), dithering: 0)
            #expect(ours.palette == theirs.palette)
            let palette = theirs.palette
            var mismatched = 0
            for k in 0 ..< w * h {
                let a = Int(ours.indices[k]), b = Int(theirs.indices[k])
                if a == b { same += 1; continue }
                if palette[a].a == 0 && palette[b].a == 0 { transparentBoth += 1; continue }
                let pixel = Self.color(c.pixels, k)
                // Neither transparent: a tie between two entries.
                if palette[a].a != 0 && palette[b].a != 0,
                   abs(Self.difference(pixel, palette[a]) - Self.difference(pixel, palette[b])) < 1e-9 {
                    ties += 1
                    continue
                }
                mismatched += 1
            }
            #expect(mismatched == 0, "case \(n): \(mismatched) pixels drawn differently")
        }
        // Ties are rare; nearly every pixel is libimagequant's own choice.
        #expect(ties < same / 100, "\(ties) ties, \(same) the same")
        #expect(same + transparentBoth > 0)
    }

    @Test("every opaque pixel without a background gets its nearest entry")
    func nearestEntry() throws {
        let (w, h) = (64, 48)
        let frames = [QuantizerWeightsTests.image(width: w, height: h, seed: 5)]
        let (attributes, result) = try Self.globalPalette(quality: 80, frames: frames, width: w, height: h)
        let prepared = try Quantizer.PreparedPalette(result)
        let pixels = QuantizerWeightsTests.image(width: w, height: h, seed: 21)
        let remapped = try prepared.remap(try Quantizer.Image(attributes, rgba: pixels, width: w, height: h))
        let palette = remapped.palette
        #expect(palette.count > 16, "a palette too small to test the search")
        for k in 0 ..< w * h {
            let pixel = Self.color(pixels, k)
            let chosen = Self.difference(pixel, palette[Int(remapped.indices[k])])
            let best = palette.map { Self.difference(pixel, $0) }.min()!
            #expect(chosen <= best + 1e-9, "pixel \(k) \(pixel): \(chosen) against \(best)")
            if chosen > best + 1e-9 { break }
        }
    }
}
