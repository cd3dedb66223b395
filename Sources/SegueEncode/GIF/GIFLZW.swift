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
        var writer = SubBlockWriter()
        let table = Table()
        defer { table.deallocate() }
        let clear = 1 << minimumCodeSize
        let endOfInformation = clear + 1
        let maxCode = 4095
        var codeSize = minimumCodeSize + 1
        var next = clear + 2
        writer.write(clear, bits: codeSize, into: &out)
        let n = indices.count
        guard n > 0, let symbols = indices.baseAddress else {
            writer.write(endOfInformation, bits: codeSize, into: &out)
            writer.finish(into: &out)
            return
        }
        let alts = alternatives?.baseAddress

        var prefix = Int(symbols[0])
        if let alts, alts[0] >= 0,
           lookahead(table, symbols, alts, n, Int(alts[0]), from: 0) > lookahead(table, symbols, alts, n, prefix, from: 0) {
            prefix = Int(alts[0])
        }
        var i = 1
        while i < n {
            let s = Int(symbols[i])
            var c = table.child(prefix, s)
            if c >= 0 { prefix = c; i += 1; continue }
            let a = alts.map { Int($0[i]) } ?? -1
            if a >= 0 {
                c = table.child(prefix, a)
                if c >= 0 { prefix = c; i += 1; continue }
            }

            // No longer match: write the prefix, add a string, start again at i.
            var symbol = s
            if a >= 0 && lookahead(table, symbols, alts, n, a, from: i) > lookahead(table, symbols, alts, n, s, from: i) {
                symbol = a
            }
            writer.write(prefix, bits: codeSize, into: &out)
            if next < maxCode {
                if next == 1 << codeSize { codeSize += 1 }
                table.insert(prefix, symbol, code: next)
                next += 1
            } else {
                writer.write(clear, bits: codeSize, into: &out)
                table.removeAll()
                codeSize = minimumCodeSize + 1
                next = clear + 2
            }
            prefix = symbol
            i += 1
        }
        writer.write(prefix, bits: codeSize, into: &out)
        // The decoder adds a table entry after reading that last code; follow its code size.
        if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
        writer.write(endOfInformation, bits: codeSize, into: &out)
        writer.finish(into: &out)
    }

    /// How many symbols from position `i` on a greedy match starting with `first` covers.
    private static func lookahead(_ table: Table, _ symbols: UnsafePointer<UInt8>, _ alts: UnsafePointer<Int16>?,
                                  _ n: Int, _ first: Int, from i: Int) -> Int {
        var code = first
        var j = i + 1
        while j < n {
            var c = table.child(code, Int(symbols[j]))
            if c < 0, let alts, alts[j] >= 0 { c = table.child(code, Int(alts[j])) }
            if c < 0 { break }
            code = c
            j += 1
        }
        return j - i
    }

    /// Open-addressing hash table from (prefix code, next index) to code; 8192 slots keep it at
    /// most half full. Plain pointers: this is the encoder's innermost loop.
    private struct Table {
        static let slots = 8192
        let keys: UnsafeMutablePointer<UInt32>     // key + 1; 0 = empty
        let codes: UnsafeMutablePointer<UInt16>

        init() {
            keys = .allocate(capacity: Self.slots)
            keys.initialize(repeating: 0, count: Self.slots)
            codes = .allocate(capacity: Self.slots)
            codes.initialize(repeating: 0, count: Self.slots)
        }

        func deallocate() { keys.deallocate(); codes.deallocate() }

        @inline(__always) static func key(_ prefix: Int, _ symbol: Int) -> UInt32 { UInt32(truncatingIfNeeded: prefix << 8 | symbol) &+ 1 }
        @inline(__always) static func slot(_ key: UInt32) -> Int { Int((key &* 0x9E37_79B1) >> 19) & (slots - 1) }

        /// The code for (prefix, symbol), or -1.
        @inline(__always) func child(_ prefix: Int, _ symbol: Int) -> Int {
            let key = Self.key(prefix, symbol)
            var slot = Self.slot(key)
            while true {
                let k = keys[slot]
                if k == key { return Int(codes[slot]) }
                if k == 0 { return -1 }
                slot = (slot + 1) & (Self.slots - 1)
            }
        }

        func insert(_ prefix: Int, _ symbol: Int, code: Int) {
            let key = Self.key(prefix, symbol)
            var slot = Self.slot(key)
            while keys[slot] != 0 { slot = (slot + 1) & (Self.slots - 1) }
            keys[slot] = key
            codes[slot] = UInt16(code)
        }

        func removeAll() { keys.update(repeating: 0, count: Self.slots) }
    }

    /// Packs codes LSB-first and emits 255-byte data sub-blocks.
    private struct SubBlockWriter {
        var bitBuffer: UInt64 = 0
        var bitCount = 0
        var block = [UInt8]()

        init() { block.reserveCapacity(255) }

        mutating func write(_ code: Int, bits: Int, into out: inout [UInt8]) {
            bitBuffer |= UInt64(code) << UInt64(bitCount)
            bitCount += bits
            while bitCount >= 8 {
                appendByte(UInt8(truncatingIfNeeded: bitBuffer), into: &out)
                bitBuffer >>= 8
                bitCount -= 8
            }
        }

        private mutating func appendByte(_ byte: UInt8, into out: inout [UInt8]) {
            block.append(byte)
            if block.count == 255 {
                out.append(255)
                out.append(contentsOf: block)
                block.removeAll(keepingCapacity: true)
            }
        }

        mutating func finish(into out: inout [UInt8]) {
            if bitCount > 0 {
                appendByte(UInt8(truncatingIfNeeded: bitBuffer), into: &out)
                bitBuffer = 0
                bitCount = 0
            }
            if !block.isEmpty {
                out.append(UInt8(block.count))
                out.append(contentsOf: block)
            }
            out.append(0)
        }
    }
}
