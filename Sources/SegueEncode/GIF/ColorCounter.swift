// SPDX-License-Identifier: Apache-2.0
/// Counts how many pixels have each exact opaque colour, to find the flat colours of a UI
/// (backgrounds, cards, buttons, text) so that the GIF palette holds them exactly: a palette
/// entry is an average of the colours it stands for, which shifts whole flat areas a little, and
/// a flat colour missing from the palette gets dithered. Counted per horizontal run of a colour.
struct ColorCounter {
    private var counts: [UInt32: Int] = [:]
    /// Opaque pixels counted.
    private(set) var total = 0

    /// Counts the opaque pixels of straight RGBA pixels (viewed as UInt32; alpha 0 is skipped).
    mutating func add(_ pixels: UnsafeBufferPointer<UInt32>) {
        var i = 0
        let n = pixels.count
        while i < n {
            let c = pixels[i]
            var j = i + 1
            while j < n && pixels[j] == c { j += 1 }
            if c != 0 {
                counts[c, default: 0] += j - i
                total += j - i
            }
            i = j
        }
    }

    /// The colours covering at least `share` of the counted pixels (and at least `minimum`
    /// pixels), most frequent first (ties: lower value first), at most `limit` of them.
    func dominant(share: Double = 0.001, minimum: Int = 16, limit: Int) -> [Quantizer.Color] {
        guard limit > 0 else { return [] }
        let threshold = max(minimum, Int((Double(total) * share).rounded(.up)))
        let found = counts.filter { $0.value >= threshold }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return found.prefix(limit).map { key, _ in
            // Little-endian view of R, G, B, A bytes.
            Quantizer.Color(r: UInt8(key & 0xFF), g: UInt8((key >> 8) & 0xFF), b: UInt8((key >> 16) & 0xFF), a: UInt8(key >> 24))
        }
    }
}
