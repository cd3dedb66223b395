// SPDX-License-Identifier: Apache-2.0

/// The GIF file around the encoder's blocks (GIF89a spec): the header, the NETSCAPE2.0 loop
/// extension, each frame's delay in its graphic control extension, and the trailer.
enum GIFMuxer {
    /// The size in bytes of the file `mux` writes.
    static func size(_ encoded: GIFEncoder.Encoded, width: Int, height: Int, delays: [Int], plays: Int) throws -> Int {
        var size = 0
        try mux(encoded, width: width, height: height, delays: delays, plays: plays) { size += $0.count }
        return size
    }

    /// Writes the complete GIF file to `write`, a frame at a time: `encoded`'s blocks with `delays`
    /// (centiseconds), played `plays` times (0: forever; 1 writes no loop extension).
    static func mux(_ encoded: GIFEncoder.Encoded, width: Int, height: Int, delays: [Int], plays: Int,
                    into write: (UnsafeRawBufferPointer) throws -> Void) throws {
        precondition(delays.count == encoded.frames.count)
        var head = encoded.header
        if plays != 1 {
            // Repeats after the first play; 0 is forever.
            let repeats = plays == 0 ? 0 : plays - 1
            head += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01] + GIFBlock.le16(repeats) + [0x00]
        }
        try head.withUnsafeBytes(write)
        for k in 0 ..< encoded.frames.count {
            var block = try encoded.frames.read(k)
            // Each block starts with its graphic control extension: 21 F9 04 flags delay(2) index 00.
            precondition(block.starts(with: [0x21, 0xF9, 0x04]))
            block.replaceSubrange(4 ..< 6, with: GIFBlock.le16(min(delays[k], 0xFFFF)))
            try block.withUnsafeBytes(write)
        }
        try [UInt8(0x3B)].withUnsafeBytes(write)
    }
}
