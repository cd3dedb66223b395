// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueEncode

/// Lossy LZW matching (`GIFLZW.lossyIndices`), checked through an LZW decoder written here from
/// the GIF89a spec (appendix F), independent of the encoder.
@Suite("GIF lossy LZW")
struct GIFLossyLZWTests {
    /// A frame for the pass: exact indices, alternatives, what they show, what is under them.
    struct Frame {
        var exact: [UInt8]
        var alternatives: [Int16]
        var reference: [UInt32]
        var under: [UInt32]
        /// Whether each pixel may be substituted (empty: all).
        var free: [Bool] = []
        var palette: [UInt32]
        var transparentIndex: Int
        var width: Int
        var minimumCodeSize: Int { GIFLZW.minimumCodeSize(colors: palette.count) }
    }

    static func gray(_ v: Int) -> UInt32 { UInt32(v) | UInt32(v) << 8 | UInt32(v) << 16 | 0xFF00_0000 }

    /// Runs the pass; returns the indices, the colours shown and the bit count it reports.
    static func lossy(_ f: Frame, tolerance: Int, preferAlternative: Bool = false) -> (indices: [UInt8], shown: [UInt32], bits: Int) {
        let free = f.free.isEmpty ? [Bool](repeating: true, count: f.exact.count) : f.free
        var indices = [UInt8](repeating: 0, count: f.exact.count)
        var shown = [UInt32](repeating: 0, count: f.exact.count)
        let bits = f.exact.withUnsafeBufferPointer { exact in
            f.alternatives.withUnsafeBufferPointer { alternatives in
                f.reference.withUnsafeBufferPointer { reference in
                    f.under.withUnsafeBufferPointer { under in
                      free.withUnsafeBufferPointer { free in
                        indices.withUnsafeMutableBufferPointer { indices in
                            shown.withUnsafeMutableBufferPointer { shown in
                                GIFLZW.lossyIndices(.init(exact: exact, alternatives: alternatives, reference: reference, under: under,
                                                          free: free, palette: f.palette, transparentIndex: f.transparentIndex, width: f.width,
                                                          minimumCodeSize: f.minimumCodeSize),
                                                    tolerance: tolerance, preferAlternative: preferAlternative,
                                                    indices: indices, shown: shown)
                            }
                        }
                      }
                    }
                }
            }
        }
        return (indices, shown, bits)
    }

    /// `GIFLZW.encode` without alternatives: the image data block (code size byte, sub-blocks).
    static func encode(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        var out: [UInt8] = []
        indices.withUnsafeBufferPointer { GIFLZW.encode($0, minimumCodeSize: minimumCodeSize, into: &out) }
        return out
    }

    /// The LZW payload of an image data block, without the sub-block framing.
    static func payload(_ block: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], i = 1
        while block[i] != 0 { out += block[i + 1 ... i + Int(block[i])]; i += Int(block[i]) + 1 }
        return out
    }

    /// Decodes an image data block (GIF89a appendix F): variable-length codes, LSB first.
    static func decode(_ block: [UInt8]) -> [UInt8] {
        let minimumCodeSize = Int(block[0])
        let data = payload(block)
        let clear = 1 << minimumCodeSize, end = clear + 1
        var table: [[UInt8]] = (0 ..< clear).map { [UInt8($0)] } + [[], []]
        var codeSize = minimumCodeSize + 1
        var bitPosition = 0
        var previous: [UInt8]?
        var out: [UInt8] = []
        while bitPosition + codeSize <= data.count * 8 {
            var code = 0
            for b in 0 ..< codeSize {
                let bit = bitPosition + b
                code |= Int(data[bit / 8] >> (bit % 8) & 1) << b
            }
            bitPosition += codeSize
            if code == clear {
                table = (0 ..< clear).map { [UInt8($0)] } + [[], []]
                codeSize = minimumCodeSize + 1
                previous = nil
                continue
            }
            if code == end { break }
            let entry: [UInt8]
            if code < table.count { entry = table[code] } else { entry = previous! + [previous![0]] }
            out += entry
            if let previous, table.count < 4096 { table.append(previous + [entry[0]]) }
            if table.count == 1 << codeSize && codeSize < 12 { codeSize += 1 }
            previous = entry
        }
        return out
    }

    /// A dithered ramp over a grey palette of 256 entries, with a few unchanged (transparent)
    /// runs whose colour is also in the palette, as a frame of an animation has.
    static func ditheredRamp(width: Int, height: Int, seed: UInt64) -> Frame {
        var state = seed
        func random() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
        let palette = (0 ..< 255).map(gray) + [0]   // index 255: transparent
        var f = Frame(exact: [], alternatives: [], reference: [], under: [], palette: palette, transparentIndex: 255, width: width)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let under = gray((x * 7 + y * 3) % 255)
                if (x / 16 + y / 4) % 5 == 0 {
                    f.exact.append(255)
                    f.alternatives.append(Int16((x * 7 + y * 3) % 255))
                    f.reference.append(under)
                } else {
                    let v = min(254, max(0, x * 200 / width + 20 + random() % 7 - 3))
                    f.exact.append(UInt8(v))
                    f.alternatives.append(GIFLZW.noAlternative)
                    f.reference.append(gray(v))
                }
                f.under.append(under)
            }
        }
        return f
    }

    @Test("at tolerance 0 the frame shows exactly what the lossless one shows; the data decodes to the chosen indices, in the bits reported",
          arguments: [false, true])
    func exactAtZero(preferAlternative: Bool) {
        let f = Self.ditheredRamp(width: 97, height: 41, seed: 7)
        let (indices, shown, bits) = Self.lossy(f, tolerance: 0, preferAlternative: preferAlternative)
        #expect(shown == f.reference)
        // Each pixel is its exact index or its alternative, and shows what the palette says.
        for k in indices.indices {
            #expect(indices[k] == f.exact[k] || Int16(indices[k]) == f.alternatives[k])
        }
        let block = Self.encode(indices, minimumCodeSize: f.minimumCodeSize)
        #expect(Self.decode(block) == indices)
        #expect(Self.payload(block).count == (bits + 7) / 8)
    }

    @Test("on a dithered ramp, tolerance 10 makes the data at least 20 % smaller, each pixel within 1.75 × 10 grey levels and each 16-pixel run's mean within 2.5 levels")
    func rampStaysClose() {
        let f = Self.ditheredRamp(width: 160, height: 60, seed: 11)
        let exact = Self.lossy(f, tolerance: 0)
        let (indices, shown, bits) = Self.lossy(f, tolerance: 10)
        let lossyBlock = Self.encode(indices, minimumCodeSize: f.minimumCodeSize)
        #expect(Self.decode(lossyBlock) == indices)
        #expect(Self.payload(lossyBlock).count == (bits + 7) / 8)
        let exactBytes = Self.encode(exact.indices, minimumCodeSize: f.minimumCodeSize).count
        #expect(Double(lossyBlock.count) <= 0.8 * Double(exactBytes), "lossy \(lossyBlock.count) B, exact \(exactBytes) B")
        // The decoded pixels, as the viewer sees them: the palette's colour, or what is under
        // the transparent index.
        let decoded = Self.decode(lossyBlock).enumerated().map { k, i in Int(i) == f.transparentIndex ? f.under[k] : f.palette[Int(i)] }
        #expect(decoded == shown)
        // The carried error is at most 3/4 of the last substitution's distance (≤ 10 levels), so
        // a pixel is within 10 + 7.5 levels of its own; +1 for rounding.
        let level = { (c: UInt32) in Int(c & 0xFF) }
        let worst = zip(shown, f.reference).map { abs(level($0) - level($1)) }.max()!
        #expect(worst <= 18, "worst pixel \(worst) levels off")
        // Runs keep their average: substitutions alternate around the ramp instead of drifting.
        for y in 0 ..< 60 {
            for x0 in stride(from: 0, to: 160, by: 16) {
                let run = (y * 160 + x0) ..< (y * 160 + x0 + 16)
                let mean = { (c: ArraySlice<UInt32>) in Double(c.map(level).reduce(0, +)) / 16 }
                #expect(abs(mean(shown[run]) - mean(f.reference[run])) <= 2.5, "row \(y), pixels \(x0)…")
            }
        }
    }

    @Test("opaque pixels never become transparent and transparent ones never opaque, at the largest tolerance")
    func alphaKept() {
        // Pixels cleared to transparent (alpha 0 on screen and in the frame) beside opaque ones of
        // nearly the same RGB.
        var f = Self.ditheredRamp(width: 64, height: 32, seed: 3)
        for k in f.exact.indices where (k / 5) % 3 == 0 {
            f.under[k] = 0x0000_0000 | (f.reference[k] & 0x00FF_FFFF)
            f.exact[k] = UInt8(f.transparentIndex)
            f.alternatives[k] = GIFLZW.noAlternative
            f.reference[k] = f.under[k]
        }
        let (_, shown, _) = Self.lossy(f, tolerance: GIFTuning.lossyTolerances.max()!)
        for k in shown.indices { #expect(shown[k] >> 24 == f.reference[k] >> 24, "pixel \(k)") }
    }

    @Test("pixels that are not free keep their exact colour, at the largest tolerance, and free ones are substituted")
    func onlyFreePixels() {
        var f = Self.ditheredRamp(width: 120, height: 40, seed: 5)
        // The left half of every row is free: the next frame changes it.
        f.free = (0 ..< f.exact.count).map { $0 % 120 < 60 }
        let (indices, shown, _) = Self.lossy(f, tolerance: GIFTuning.lossyTolerances.max()!)
        var substituted = 0
        for k in shown.indices {
            if f.free[k] {
                if shown[k] != f.reference[k] { substituted += 1 }
            } else {
                #expect(shown[k] == f.reference[k], "pixel \(k % 120), \(k / 120)")
                #expect(indices[k] == f.exact[k] || Int16(indices[k]) == f.alternatives[k])
            }
        }
        #expect(substituted > 60 * 40 / 4, "only \(substituted) of the free pixels substituted")
    }
}
