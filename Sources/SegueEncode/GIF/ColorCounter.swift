// SPDX-License-Identifier: Apache-2.0
/// Counts how many pixels have each exact opaque colour, to find the flat colours of a UI
/// (backgrounds, cards, buttons, text) so that the GIF palette holds them exactly.
///
/// Why: libimagequant's palette entries are averages of the colours they stand for, so a flat
/// #007AFF button can come out as (1, 122, 255). That is invisible, but it shifts whole areas
/// and costs a lot of SSIM in dark channels, and a flat colour missing from the palette gets
/// dithered. Colours that cover a noticeable part of the picture are given to libimagequant as
/// fixed palette entries instead.
///
/// Pixels are counted per horizontal run, so flat areas cost one hash look-up per run.
struct ColorCounter {
    private var keys: [UInt32]
    private var counts: [Int]
    private var used = 0
    /// Opaque pixels counted.
    private(set) var total = 0

    init() {
        keys = [UInt32](repeating: 0, count: 1024)
        counts = [Int](repeating: 0, count: 1024)
    }

    /// Counts the opaque pixels of straight RGBA pixels (viewed as UInt32; alpha 0 is skipped).
    mutating func add(_ pixels: UnsafeBufferPointer<UInt32>) {
        var i = 0
        let n = pixels.count
        while i < n {
            let c = pixels[i]
            var j = i + 1
            while j < n && pixels[j] == c { j += 1 }
            if c != 0 { add(c, count: j - i) }
            i = j
        }
    }

    private mutating func add(_ color: UInt32, count: Int) {
        total += count
        if used * 2 >= keys.count { grow() }
        var slot = Self.hash(color, keys.count)
        while keys[slot] != 0 && keys[slot] != color { slot = (slot + 1) & (keys.count - 1) }
        if keys[slot] == 0 { keys[slot] = color; used += 1 }
        counts[slot] += count
    }

    private static func hash(_ color: UInt32, _ size: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(color) &* 0x9E37_79B9_7F4A_7C15) >> 40) & (size - 1)
    }

    private mutating func grow() {
        let oldKeys = keys, oldCounts = counts
        keys = [UInt32](repeating: 0, count: oldKeys.count * 2)
        counts = [Int](repeating: 0, count: oldKeys.count * 2)
        for (k, key) in oldKeys.enumerated() where key != 0 {
            var slot = Self.hash(key, keys.count)
            while keys[slot] != 0 { slot = (slot + 1) & (keys.count - 1) }
            keys[slot] = key
            counts[slot] = oldCounts[k]
        }
    }

    /// The colours covering at least `share` of the counted pixels (and at least `minimum`
    /// pixels), most frequent first (ties: lower value first), at most `limit` of them.
    func dominant(share: Double = 0.001, minimum: Int = 16, limit: Int) -> [Quantizer.Color] {
        guard limit > 0 else { return [] }
        let threshold = max(minimum, Int((Double(total) * share).rounded(.up)))
        var found: [(UInt32, Int)] = []
        for (k, key) in keys.enumerated() where key != 0 && counts[k] >= threshold { found.append((key, counts[k])) }
        found.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        return found.prefix(limit).map { key, _ in
            // Little-endian view of R, G, B, A bytes.
            Quantizer.Color(r: UInt8(key & 0xFF), g: UInt8((key >> 8) & 0xFF), b: UInt8((key >> 16) & 0xFF), a: UInt8(key >> 24))
        }
    }
}
