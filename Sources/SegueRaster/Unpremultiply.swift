// SPDX-License-Identifier: Apache-2.0
/// Rendered frames are premultiplied BGRA; every file format wants straight alpha. This is the one
/// conversion all writers use, so a frame's colours are the same in PNG, GIF, WebP, APNG and in
/// `segue diff`'s comparisons.
package enum Unpremultiply {
    package enum ChannelOrder { case rgba, bgra }

    package enum AlphaHandling {
        /// Alpha kept as it is.
        case straight
        /// GIF's 1-bit transparency: alpha < 128 becomes 0, 0, 0, 0; anything else is opaque with
        /// its un-premultiplied colour.
        case binary
    }

    /// `table[a << 8 | c]` = round(c × 255 / a), clamped to 255; 0 when a = 0.
    package static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256 * 256)
        for a in 1..<256 {
            for c in 0..<256 {
                table[a << 8 | c] = UInt8(min(255, (c * 255 + a / 2) / a))
            }
        }
        return table
    }()

    /// Writes `image` un-premultiplied into `dst` (rows `stride` bytes apart). Returns whether
    /// any pixel is not opaque in the output.
    @discardableResult
    package static func convert(_ image: RasterImage, order: ChannelOrder, alpha: AlphaHandling = .straight,
                        into dst: UnsafeMutablePointer<UInt8>, stride: Int) -> Bool {
        var notOpaque = false
        // Source bytes are B, G, R, A: where each output channel comes from.
        let (c0, c2) = order == .rgba ? (2, 0) : (0, 2)
        let binary = alpha == .binary
        table.withUnsafeBufferPointer { table in
            image.pixels.withUnsafeBufferPointer { px in
                let t = table.baseAddress!
                for y in 0 ..< image.height {
                    let s = px.baseAddress! + y * image.bytesPerRow
                    let d = dst + y * stride
                    for x in 0 ..< image.width {
                        let p = x * 4
                        let a = Int(s[p + 3])
                        if a == 255 {
                            d[p] = s[p + c0]; d[p + 1] = s[p + 1]; d[p + 2] = s[p + c2]; d[p + 3] = 255
                            continue
                        }
                        notOpaque = true
                        if binary && a < 128 {
                            d[p] = 0; d[p + 1] = 0; d[p + 2] = 0; d[p + 3] = 0
                            continue
                        }
                        let row = t + (a << 8)
                        d[p] = row[Int(s[p + c0])]; d[p + 1] = row[Int(s[p + 1])]; d[p + 2] = row[Int(s[p + c2])]
                        d[p + 3] = binary ? 255 : UInt8(a)
                    }
                }
            }
        }
        return notOpaque
    }

    /// Into a tightly packed buffer of width × height × 4 bytes.
    @discardableResult
    package static func convert(_ image: RasterImage, order: ChannelOrder, alpha: AlphaHandling = .straight, into out: inout [UInt8]) -> Bool {
        precondition(out.count >= image.width * image.height * 4, "output buffer too small")
        return out.withUnsafeMutableBufferPointer { convert(image, order: order, alpha: alpha, into: $0.baseAddress!, stride: image.width * 4) }
    }
}
