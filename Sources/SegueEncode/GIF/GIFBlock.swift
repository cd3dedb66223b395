// SPDX-License-Identifier: Apache-2.0

/// The bytes of a GIF's header and image blocks (GIF89a spec).
enum GIFBlock {
    /// "GIF89a" and the logical screen descriptor, with `globalTable` after it where given.
    static func header(width: Int, height: Int, globalTable: [Quantizer.Color]?) -> [UInt8] {
        var header: [UInt8] = Array("GIF89a".utf8) + le16(width) + le16(height)
        guard let globalTable else { return header + [0x70, 0, 0] }
        // Global table present, 8 bits of colour resolution, table size.
        header += [0x80 | 0x70 | UInt8(log2(tableSize(globalTable.count)) - 1), 0, 0]
        return header + colorTable(globalTable)
    }

    /// One frame: graphic control extension (the muxer fills in the delay), image descriptor,
    /// local colour table unless the frame uses the global one, then the LZW data.
    /// - Parameter transparency: whether the frame marks its transparent index as transparent.
    static func frame(_ drawing: Drawing, disposal: Int, transparency: Bool, localTable: Bool) -> [UInt8] {
        let t = drawing.transparentIndex, stored = drawing.rect
        let table = localTable ? colorTable(drawing.palette) : []
        let data = drawing.imageData()
        var block: [UInt8] = []
        block.reserveCapacity(table.count + data.count + 32)
        block += [0x21, 0xF9, 0x04, UInt8(disposal << 2 | (transparency ? 1 : 0)), 0, 0, UInt8(transparency ? t : 0), 0]
        block += [0x2C] + le16(stored.x) + le16(stored.y) + le16(stored.width) + le16(stored.height)
        block.append(table.isEmpty ? 0 : 0x80 | UInt8(log2(table.count / 3) - 1))
        block += table
        block += data
        return block
    }

    static func colorTable(_ palette: [Quantizer.Color]) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: tableSize(palette.count) * 3)
        for (k, c) in palette.enumerated() {
            table[k * 3] = c.r; table[k * 3 + 1] = c.g; table[k * 3 + 2] = c.b
        }
        return table
    }

    /// GIF colour tables hold 2, 4, …, 256 entries.
    static func tableSize(_ colors: Int) -> Int {
        var size = 2
        while size < colors { size *= 2 }
        return size
    }

    static func log2(_ powerOfTwo: Int) -> Int { powerOfTwo.trailingZeroBitCount }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
}
