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
        var dictionary = LossyDictionary(minimumCodeSize: input.minimumCodeSize)
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
        func start(_ k: Int) -> Int {
            let (e, a) = exact(k)
            return a >= 0 && dictionary.reach(a, from: k, n: n, exact: exact) > dictionary.reach(e, from: k, n: n, exact: exact) ? a : e
        }
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
        return bits + dictionary.finalCodeBits()
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

/// The LZW dictionary as the lossy pass walks it: a tree (each code's first child, next sibling
/// and last index), to enumerate a string's continuations, and the same codes hashed on
/// (code, symbol), to find one continuation faster than walking a code's children.
private struct LossyDictionary {
    static let maxCode = 4095
    /// At most 4,096 codes in 8,192 slots, each (code << 8 | symbol) << 12 | child; empty slots all ones.
    static let slots = 1 << 13
    let minimumCodeSize: Int
    private let children: UnsafeMutablePointer<Int16>
    private let siblings: UnsafeMutablePointer<Int16>
    private let symbols: UnsafeMutablePointer<UInt8>
    private let table: UnsafeMutablePointer<UInt32>
    private(set) var codeSize: Int
    private var next: Int

    init(minimumCodeSize: Int) {
        self.minimumCodeSize = minimumCodeSize
        children = .allocate(capacity: Self.maxCode + 1)
        siblings = .allocate(capacity: Self.maxCode + 1)
        symbols = .allocate(capacity: Self.maxCode + 1)
        table = .allocate(capacity: Self.slots)
        children.initialize(repeating: -1, count: Self.maxCode + 1)
        siblings.initialize(repeating: -1, count: Self.maxCode + 1)
        symbols.initialize(repeating: 0, count: Self.maxCode + 1)
        table.initialize(repeating: .max, count: Self.slots)
        codeSize = minimumCodeSize + 1
        next = (1 << minimumCodeSize) + 2
    }

    func deallocate() { children.deallocate(); siblings.deallocate(); symbols.deallocate(); table.deallocate() }

    @inline(__always) private static func slot(_ key: UInt32) -> Int { Int((key &* 2_654_435_761) >> 19) }

    /// The code for `code` followed by `symbol`, or -1. (Single indices are their own codes.)
    @inline(__always) func child(_ code: Int, _ symbol: Int) -> Int {
        let key = UInt32(truncatingIfNeeded: code << 8 | symbol)
        var k = Self.slot(key)
        while true {
            let entry = table[k]
            if entry == .max { return -1 }
            if entry >> 12 == key { return Int(entry & 0xFFF) }
            k = (k + 1) & (Self.slots - 1)
        }
    }

    @inline(__always) func firstChild(of code: Int) -> Int { Int(children[code]) }
    @inline(__always) func nextSibling(of code: Int) -> Int { Int(siblings[code]) }
    @inline(__always) func symbol(_ code: Int) -> Int { code < (1 << minimumCodeSize) ? code : Int(symbols[code]) }

    /// How many pixels from `k` on an exact match starting with `symbol` covers.
    func reach(_ symbol: Int, from k: Int, n: Int, exact: (Int) -> (Int, Int)) -> Int {
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

    /// Adds `prefix` followed by `symbol` as the next code, as the encoder does; where the table
    /// is full the encoder writes a clear code instead and starts again. Returns the extra bits
    /// written (the clear code's).
    mutating func add(_ prefix: Int, _ symbol: Int) -> Int {
        guard next < Self.maxCode else {
            let bits = codeSize
            children.update(repeating: -1, count: Self.maxCode + 1)
            table.update(repeating: .max, count: Self.slots)
            next = (1 << minimumCodeSize) + 2
            codeSize = minimumCodeSize + 1
            return bits
        }
        if next == 1 << codeSize { codeSize += 1 }
        children[next] = -1
        symbols[next] = UInt8(symbol)
        siblings[next] = children[prefix]
        children[prefix] = Int16(next)
        let key = UInt32(truncatingIfNeeded: prefix << 8 | symbol)
        var k = Self.slot(key)
        while table[k] != .max { k = (k + 1) & (Self.slots - 1) }
        table[k] = key << 12 | UInt32(truncatingIfNeeded: next)
        next += 1
        return 0
    }

    /// The bits of the last string's code and the end code.
    func finalCodeBits() -> Int {
        codeSize + (next == 1 << codeSize && codeSize < 12 ? codeSize + 1 : codeSize)
    }
}
