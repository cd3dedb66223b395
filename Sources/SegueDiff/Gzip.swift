// SPDX-License-Identifier: Apache-2.0
import CZlib
import Foundation

/// gzip (RFC 1952) through zlib, for the geometry dump kept beside pixel goldens: JSON full of
/// repeated keys and numbers shrinks about tenfold, which keeps a golden folder small.
enum Gzip {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func compress(_ input: [UInt8], level: Int32 = 9) throws -> [UInt8] {
        var stream = z_stream()
        guard segue_gzip_deflate_init(&stream, level) == Z_OK else { throw Failure(description: "zlib could not start compressing") }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 32)
        let status: Int32 = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw Failure(description: "zlib could not compress (status \(status))") }
        return Array(output.prefix(Int(stream.total_out)))
    }

    static func decompress(_ input: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard segue_gzip_inflate_init(&stream) == Z_OK else { throw Failure(description: "zlib could not start decompressing") }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        return try input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            while true {
                let (status, produced): (Int32, Int) = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, buffer.count - Int(stream.avail_out))
                }
                output.append(contentsOf: chunk.prefix(produced))
                if status == Z_STREAM_END { return output }
                guard status == Z_OK, produced > 0 || stream.avail_in > 0 else {
                    throw Failure(description: "not a complete gzip stream (zlib status \(status))")
                }
            }
        }
    }
}
