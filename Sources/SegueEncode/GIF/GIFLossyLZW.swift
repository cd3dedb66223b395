// SPDX-License-Identifier: Apache-2.0

/// Lossy LZW matching: the pixels of a frame are re-chosen so that LZW strings run longer, each
/// pixel within a colour tolerance of what the lossless frame shows there.
///
/// This is the idea behind gifsicle's `--lossy`, written for Segue's encoder: the pass runs the
/// same greedy LZW parse as `GIFLZW.encode`, and where the exact next index does not continue the
/// current string, it may take another index that does, if the colour that index shows there is
/// close enough. Closeness is measured against the lossless colour plus the error carried from the
/// pixels before it on the row, so a run of substitutions does not drift one way (a flat gradient
/// keeps its average). Where nothing close enough continues the string, the exact index starts a
/// new one. The output indices, encoded losslessly by `GIFLZW.encode` without alternatives, parse
/// exactly as the pass parsed them.
///
/// The result is not checked here: `LossyRefiner` scores what it shows and keeps it only where the
/// frame still reaches its perceptual target.
extension GIFLZW {
    /// The pixels of one frame rectangle, as the lossy pass sees them.
    struct LossyInput {
        /// Per pixel: the lossless frame's index.
        var exact: UnsafeBufferPointer<UInt8>
        /// Per pixel: another index that shows the same colour, or `GIFLZW.noAlternative`.
        var alternatives: UnsafeBufferPointer<Int16>
        /// Per pixel: the colour the lossless frame shows (RGBA as UInt32, see `Pixels.pack`).
        var reference: UnsafeBufferPointer<UInt32>
        /// Per pixel: the colour on screen before the frame, which the transparent index shows.
        var under: UnsafeBufferPointer<UInt32>
        /// Per pixel: whether it may be substituted.
        var free: UnsafeBufferPointer<Bool>
        /// The colour table, packed.
        var palette: [UInt32]
        /// The transparent index, or -1 where the frame has none.
        var transparentIndex: Int
        var width: Int
        var minimumCodeSize: Int
    }

    /// Chooses every pixel's index (into `indices`) and the colour it then shows (into `shown`),
    /// and returns the length of the LZW data in bits. `tolerance`: the largest weighted RGB
    /// distance accepted for a substitution, in 8-bit units (see `distance`); at 0 only the exact
    /// index or its alternative is taken, as `GIFLZW.encode` would. `preferAlternative`: which of
    /// a pixel's two exact indices is taken first, as in `Drawing.imageData`.
    @discardableResult
    static func lossyIndices(_ input: LossyInput, tolerance: Int, preferAlternative: Bool = false,
                             indices: UnsafeMutableBufferPointer<UInt8>, shown: UnsafeMutableBufferPointer<UInt32>) -> Int {
        let n = input.exact.count
        precondition(input.reference.count == n && input.under.count == n && input.alternatives.count == n
                     && indices.count == n && shown.count == n)
        guard n > 0 else { return 0 }
        var dictionary = LZWDictionary(minimumCodeSize: input.minimumCodeSize)
        defer { dictionary.deallocate() }
        var bits = dictionary.codeSize   // the clear code that starts the data
        let limit = 9 * tolerance * tolerance
        let t = input.transparentIndex
        let reference = input.reference, under = input.under, palette = input.palette
        // A pixel's two exact indices, the preferred one first (-1: none).
        @inline(__always) func exact(_ k: Int) -> (Int, Int) {
            let e = Int(input.exact[k]), a = Int(input.alternatives[k])
            return preferAlternative && a >= 0 ? (a, e) : (e, a)
        }
        // Where a new string starts: the exact index whose match reaches further (as `GIFLZW.encode`).
        func start(_ k: Int) -> Int { dictionary.start(k, n: n, exact: exact) }
        // Carried error per channel, in 8-bit units scaled by 4 (so that the 3/4 decay stays exact).
        var errR = 0, errG = 0, errB = 0
        var prefix = start(0)
        indices[0] = UInt8(prefix)
        shown[0] = reference[0]
        var column = 0   // (counted rather than divided out, which is slower)
        for k in 1 ..< n {
            column += 1
            if column == input.width { column = 0; errR = 0; errG = 0; errB = 0 }
            let wanted = reference[k]
            let (e, a) = exact(k)
            // The colour aimed at: the lossless one plus the carried error.
            let targetR = Int(wanted & 0xFF) * 4 + errR
            let targetG = Int(wanted >> 8 & 0xFF) * 4 + errG
            let targetB = Int(wanted >> 16 & 0xFF) * 4 + errB
            var best = -1, bestDistance = limit + 1, bestColor: UInt32 = 0
            // The exact indices first, as the encoder would take them.
            var c = dictionary.child(prefix, e)
            if c < 0 && a >= 0 { c = dictionary.child(prefix, a) }
            if c >= 0 {
                (best, bestColor) = (c, wanted)
            } else if limit > 0 && input.free[k] {
                var candidate = dictionary.firstChild(of: prefix)
                while candidate >= 0 {
                    let symbol = dictionary.symbol(candidate)
                    let color = symbol == t ? under[k] : palette[symbol]
                    // Only opaque for opaque (and transparent for transparent).
                    if color >> 24 == wanted >> 24 {
                        let d = distance(color, targetR, targetG, targetB)
                        if d < bestDistance { (bestDistance, best, bestColor) = (d, candidate, color) }
                    }
                    candidate = dictionary.nextSibling(of: candidate)
                }
            }
            if best >= 0 {
                prefix = best
                indices[k] = UInt8(dictionary.symbol(best))
            } else {
                // The string ends: its code is written, and a new one starts with an exact index.
                let symbol = start(k)
                bits += dictionary.codeSize
                bits += dictionary.add(prefix, symbol)
                prefix = symbol
                indices[k] = UInt8(symbol)
                bestColor = wanted
            }
            shown[k] = bestColor
            if bestColor >> 24 == 0 {
                errR = 0; errG = 0; errB = 0
            } else {
                errR = (targetR - Int(bestColor & 0xFF) * 4) * 3 / 4
                errG = (targetG - Int(bestColor >> 8 & 0xFF) * 4) * 3 / 4
                errB = (targetB - Int(bestColor >> 16 & 0xFF) * 4) * 3 / 4
            }
        }
        // The last string's code and the end code.
        return bits + dictionary.codeSize + dictionary.endCodeSize
    }

    /// Weighted squared RGB distance between `color` and a target in quarter units, times 9 in
    /// 8-bit units: weights 3, 4, 2 for red, green and blue (green matters most to the eye), so a
    /// grey step of d in every channel is 9·d².
    @inline(__always)
    private static func distance(_ color: UInt32, _ r4: Int, _ g4: Int, _ b4: Int) -> Int {
        let dr = Int(color & 0xFF) * 4 - r4
        let dg = Int(color >> 8 & 0xFF) * 4 - g4
        let db = Int(color >> 16 & 0xFF) * 4 - b4
        return (3 * dr * dr + 4 * dg * dg + 2 * db * db) / 16
    }
}
