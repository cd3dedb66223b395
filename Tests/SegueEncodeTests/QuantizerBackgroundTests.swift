// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueEncode

/// A remapping's background read row by row (for memory on large frames) must give the indices
/// and palette that libimagequant's own cached background gives.
@Suite("Quantizer: background read row by row")
struct QuantizerBackgroundTests {
    // 320×240 pixels are 1,228,800 bytes as libimagequant's floats (16 bytes a pixel): above the
    // 1 MiB that the row-by-row allocator refuses, so its background is not cached.
    let width = 320, height = 240

    /// The screen underneath: a gradient. The frame: the same gradient, with a noisy
    /// multicoloured band drawn over its middle (so that most of the frame shows the background
    /// and the remapping maps it to the transparent entry).
    func screenAndFrame() -> (screen: [UInt8], frame: [UInt8]) {
        var screen = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let i = (y * width + x) * 4
                screen[i] = UInt8(x * 255 / (width - 1))
                screen[i + 1] = UInt8(y * 255 / (height - 1))
                screen[i + 2] = 90
            }
        }
        var frame = screen
        var seed: UInt32 = 12345
        for y in 90 ..< 150 {
            for x in 0 ..< width {
                seed = seed &* 1_103_515_245 &+ 12345
                let i = (y * width + x) * 4
                frame[i] = UInt8(truncatingIfNeeded: seed >> 16)
                frame[i + 1] = UInt8(truncatingIfNeeded: (x * 3 + y) & 0xFF)
                frame[i + 2] = UInt8(truncatingIfNeeded: seed >> 24)
            }
        }
        return (screen, frame)
    }

    /// The image remapped at each of `ditherings` in turn, as the GIF search remaps one palette
    /// undithered and then dithered.
    func remaps(rowByRow: Bool, ditherings: [Float]) throws -> [Quantizer.Remapped] {
        let (screen, frame) = screenAndFrame()
        let attributes = try Quantizer.Attributes(Quantizer.Settings(quality: 80, maxColors: 256, dithering: 1))
        let image = try Quantizer.Image(attributes, rgba: frame, width: width, height: height)
        try image.addFixedColor(.transparent)
        let result = try Quantizer.quantize(image, attributes)
        try image.setBackground(attributes, rgba: screen, rowByRow: rowByRow)
        return try ditherings.map { try result.remap(image, dithering: $0) }
    }

    @Test("same indices and palette as a cached background",
          arguments: [[Float(0)], [1], [0, 1], [1, 0, 1]])
    func sameAsCached(ditherings: [Float]) throws {
        let cached = try remaps(rowByRow: false, ditherings: ditherings)
        let rows = try remaps(rowByRow: true, ditherings: ditherings)
        for (k, (c, r)) in zip(cached, rows).enumerated() {
            // The background was consulted: the unchanged gradient above and below the band maps
            // to the transparent entry (it is three quarters of the frame).
            let transparent = c.indices.filter { Int($0) == c.transparentIndex }.count
            #expect(transparent > width * height / 2, "remapping \(k): \(transparent) transparent pixels, the background was not used")
            #expect(r.palette == c.palette, "remapping \(k)")
            #expect(r.transparentIndex == c.transparentIndex, "remapping \(k)")
            #expect(r.indices == c.indices, "remapping \(k)")
        }
    }
}
