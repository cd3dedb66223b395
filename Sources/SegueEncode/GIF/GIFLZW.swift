// SPDX-License-Identifier: Apache-2.0

/// GIF's variable-length-code LZW compression (GIF89a spec, appendix F), with one lossless
/// refinement for animation frames: **either-or pixels**. A pixel whose colour on screen does
/// not change can be written as the transparent index or as the index of the colour already
/// shown. The encoder is given both (`alternatives`) and takes whichever continues the current
/// dictionary string, or, when a new string starts, whichever leads to the longer match. The
/// decoded frame is the same either way.
///
/// Codes grow from `minimumCodeSize + 1` bits up to 12 bits; when the table is full (code 4095
/// is never assigned) a clear code restarts it.
/// Bits are packed least significant first and cut into sub-blocks of at most 255 bytes,
/// ending with an empty block.
enum GIFLZW {
    /// The smallest LZW minimum code size for a colour table of `colors` entries (2…8; GIF
    /// does not allow less than 2).
    static func minimumCodeSize(colors: Int) -> Int {
        var bits = 2
        while (1 << bits) < colors { bits += 1 }
        return bits
    }

    /// No alternative for this pixel.
    static let noAlternative: Int16 = -1

    /// Appends the image data (minimum-code-size byte, data sub-blocks, terminator) for
    /// `indices` to `out`. `alternatives`, when given, has one entry per pixel: another index
    /// that shows the same thing, or `noAlternative`. Every index is below `1 << minimumCodeSize`.
    static func encode(_ indices: UnsafeBufferPointer<UInt8>, alternatives: UnsafeBufferPointer<Int16>? = nil,
                       minimumCodeSize: Int, into out: inout [UInt8]) {
        precondition((2...8).contains(minimumCodeSize))
        precondition(alternatives == nil || alternatives!.count == indices.count)
        out.append(UInt8(minimumCodeSize))
        var dictionary = LZWDictionary(minimumCodeSize: minimumCodeSize)
        defer { dictionary.deallocate() }
        var packer = BitPacker()
        let clear = 1 << minimumCodeSize, n = indices.count
        packer.write(clear, bits: dictionary.codeSize)
        if n > 0 {
            let exact = { (k: Int) -> (Int, Int) in (Int(indices[k]), alternatives.map { Int($0[k]) } ?? -1) }
            var prefix = dictionary.start(0, n: n, exact: exact)
            for i in 1 ..< n {
                let (s, a) = exact(i)
                var c = dictionary.child(prefix, s)
                if c < 0 && a >= 0 { c = dictionary.child(prefix, a) }
                if c >= 0 { prefix = c; continue }
                // No longer match: write the prefix, add a string, start again at i.
                let symbol = dictionary.start(i, n: n, exact: exact)
                packer.write(prefix, bits: dictionary.codeSize)
                let clearBits = dictionary.add(prefix, symbol)
                if clearBits > 0 { packer.write(clear, bits: clearBits) }
                prefix = symbol
            }
            packer.write(prefix, bits: dictionary.codeSize)
        }
        packer.write(clear + 1, bits: dictionary.endCodeSize)
        packer.finish(into: &out)
    }

    /// Packs codes least significant bit first; `finish` cuts the bytes into sub-blocks.
    private struct BitPacker {
        var bytes: [UInt8] = []
        var buffer: UInt64 = 0, count = 0

        mutating func write(_ code: Int, bits: Int) {
            buffer |= UInt64(code) << UInt64(count)
            count += bits
            while count >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                count -= 8
            }
        }

        func finish(into out: inout [UInt8]) {
            var bytes = self.bytes
            if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
            for start in stride(from: 0, to: bytes.count, by: 255) {
                let end = min(start + 255, bytes.count)
                out.append(UInt8(end - start))
                out.append(contentsOf: bytes[start ..< end])
            }
            out.append(0)
        }
    }
}

/// The LZW dictionary as the encoder builds it: codes hashed on (code, symbol), to find a
/// continuation, and a tree (each code's first child, next sibling and last index), for the lossy
/// pass to enumerate a string's continuations. Plain pointers: this is the innermost loop.
struct LZWDictionary {
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

    /// How many pixels from `k` on an exact match starting with `symbol` covers; `exact(j)`: pixel
    /// j's index and its alternative (-1: none).
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

    /// The index a new string at pixel `k` starts with: of its two, the one whose match reaches further.
    func start(_ k: Int, n: Int, exact: (Int) -> (Int, Int)) -> Int {
        let (e, a) = exact(k)
        return a >= 0 && reach(a, from: k, n: n, exact: exact) > reach(e, from: k, n: n, exact: exact) ? a : e
    }

    /// Adds `prefix` followed by `symbol` as the next code; where the table is full the encoder
    /// writes a clear code instead and starts again. Returns the clear code's bits (0: none).
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

    /// The end code's size: the decoder adds a table entry after reading the last code.
    var endCodeSize: Int { next == 1 << codeSize && codeSize < 12 ? codeSize + 1 : codeSize }
}
