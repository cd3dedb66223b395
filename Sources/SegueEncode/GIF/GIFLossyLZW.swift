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
/// The result is not checked here: `GIFEncoder` scores what it shows and keeps it only where the
/// frame still reaches its perceptual target.
extension GIFLZW {
    /// The pixels of one frame rectangle, as the lossy pass sees them.
    struct LossyInput {
        /// Per pixel: the lossless frame's index.
        var exact: UnsafeBufferPointer<UInt8>
        /// Per pixel: another index that shows the same colour, or `GIFLZW.noAlternative`.
        var alternatives: UnsafeBufferPointer<Int16>
        /// Per pixel: the colour the lossless frame shows (RGBA as UInt32, see `GIFEncoder.pack`).
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
    /// a pixel's two exact indices is taken first, as in `GIFEncoder.imageData`.
    @discardableResult
    static func lossyIndices(_ input: LossyInput, tolerance: Int, preferAlternative: Bool = false,
                             indices: UnsafeMutableBufferPointer<UInt8>, shown: UnsafeMutableBufferPointer<UInt32>) -> Int {
        let n = input.exact.count
        precondition(input.reference.count == n && input.under.count == n && input.alternatives.count == n
                     && indices.count == n && shown.count == n)
        guard n > 0 else { return 0 }
        let clear = 1 << input.minimumCodeSize
        let maxCode = 4095
        // The dictionary as a tree: each code's first child and next sibling, and its last index.
        // (The pass has to enumerate a string's continuations, which the encoder's hash cannot.)
        let firstChild = UnsafeMutablePointer<Int16>.allocate(capacity: maxCode + 1)
        let nextSibling = UnsafeMutablePointer<Int16>.allocate(capacity: maxCode + 1)
        let lastSymbol = UnsafeMutablePointer<UInt8>.allocate(capacity: maxCode + 1)
        defer { firstChild.deallocate(); nextSibling.deallocate(); lastSymbol.deallocate() }
        firstChild.initialize(repeating: -1, count: maxCode + 1)
        nextSibling.initialize(repeating: -1, count: maxCode + 1)
        lastSymbol.initialize(repeating: 0, count: maxCode + 1)
        // The same dictionary hashed on (code, symbol), for finding one continuation: walking a
        // code's children for it was nearly half of the pass (a single index's string can have a
        // hundred). At most 4,096 codes in 8,192 slots, each (code << 8 | symbol) << 12 | child;
        // empty slots all ones.
        let slots = 1 << 13
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: slots)
        defer { table.deallocate() }
        table.initialize(repeating: .max, count: slots)
        @inline(__always) func slot(_ key: UInt32) -> Int { Int((key &* 2_654_435_761) >> 19) }
        var next = clear + 2
        var codeSize = input.minimumCodeSize + 1
        var bits = codeSize   // the clear code that starts the data

        let limit = 9 * tolerance * tolerance
        let t = input.transparentIndex
        let reference = input.reference, under = input.under
        let first = preferAlternative ? input.alternatives : nil
        // A pixel's two exact indices, the preferred one first (-1: none).
        @inline(__always) func exact(_ k: Int) -> (Int, Int) {
            let e = Int(input.exact[k]), a = Int(input.alternatives[k])
            return first != nil && a >= 0 ? (a, e) : (e, a)
        }
        @inline(__always) func child(_ code: Int, _ symbol: Int) -> Int {
            let key = UInt32(truncatingIfNeeded: code << 8 | symbol)
            var k = slot(key)
            while true {
                let entry = table[k]
                if entry == .max { return -1 }
                if entry >> 12 == key { return Int(entry & 0xFFF) }
                k = (k + 1) & (slots - 1)
            }
        }
        // How many pixels from `k` on an exact match starting with `symbol` covers (as `GIFLZW.encode`).
        func lookahead(_ symbol: Int, from k: Int) -> Int {
            var code = symbol, j = k + 1
            while j < n {
                let (e, a) = exact(j)
                var c = child(code, e)
                if c < 0 && a >= 0 { c = child(code, a) }
                if c < 0 { break }
                code = c
                j += 1
            }
            return j - k
        }
        @inline(__always) func start(_ k: Int) -> Int {
            let (e, a) = exact(k)
            return a >= 0 && lookahead(a, from: k) > lookahead(e, from: k) ? a : e
        }
        let palette = input.palette
        // Carried error per channel, in 8-bit units scaled by 4 (so that the 3/4 decay stays exact).
        var errR = 0, errG = 0, errB = 0

        var prefix = start(0)
        indices[0] = UInt8(prefix)
        shown[0] = reference[0]
        // (The column is counted rather than divided out: `k % width` was a twentieth of the pass.)
        var column = 0
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
            var c = child(prefix, e)
            if c < 0 && a >= 0 { c = child(prefix, a) }
            if c >= 0 {
                best = c
                bestColor = wanted
            } else if limit > 0 && input.free[k] {
                var candidate = Int(firstChild[prefix])
                while candidate >= 0 {
                    let symbol = Int(lastSymbol[candidate])
                    let color = symbol == t ? under[k] : palette[symbol]
                    // Only opaque for opaque (and transparent for transparent).
                    if color >> 24 == wanted >> 24 {
                        let d = distance(color, targetR, targetG, targetB)
                        if d < bestDistance { bestDistance = d; best = candidate; bestColor = color }
                    }
                    candidate = Int(nextSibling[candidate])
                }
            }
            if best >= 0 {
                prefix = best
                indices[k] = lastSymbol[best]
                shown[k] = bestColor
            } else {
                // The string ends: its code is written, and a new one starts with an exact index.
                let symbol = start(k)
                bits += codeSize
                if next < maxCode {
                    if next == 1 << codeSize { codeSize += 1 }
                    firstChild[next] = -1
                    lastSymbol[next] = UInt8(symbol)
                    nextSibling[next] = firstChild[prefix]
                    firstChild[prefix] = Int16(next)
                    let key = UInt32(truncatingIfNeeded: prefix << 8 | symbol)
                    var k = slot(key)
                    while table[k] != .max { k = (k + 1) & (slots - 1) }
                    table[k] = key << 12 | UInt32(truncatingIfNeeded: next)
                    next += 1
                } else {
                    // The encoder writes a clear code here: the dictionary starts again.
                    bits += codeSize
                    firstChild.update(repeating: -1, count: maxCode + 1)
                    table.update(repeating: .max, count: slots)
                    next = clear + 2
                    codeSize = input.minimumCodeSize + 1
                }
                prefix = symbol
                indices[k] = UInt8(symbol)
                shown[k] = wanted
                bestColor = wanted
            }
            if bestColor >> 24 == 0 {
                errR = 0; errG = 0; errB = 0
            } else {
                errR = (targetR - Int(bestColor & 0xFF) * 4) * 3 / 4
                errG = (targetG - Int(bestColor >> 8 & 0xFF) * 4) * 3 / 4
                errB = (targetB - Int(bestColor >> 16 & 0xFF) * 4) * 3 / 4
            }
        }
        // The last string's code and the end code.
        bits += codeSize
        if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
        return bits + codeSize
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
