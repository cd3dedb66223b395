// SPDX-License-Identifier: Apache-2.0
/// A rendered frame: 8-bit premultiplied-alpha pixels in memory order B, G, R, A
/// (Cairo's CAIRO_FORMAT_ARGB32 on little-endian machines), rows top to bottom.
public struct RasterImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Bytes per row (≥ width × 4).
    public var bytesPerRow: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, bytesPerRow: Int, pixels: [UInt8]) {
        precondition(bytesPerRow >= width * 4 && pixels.count >= bytesPerRow * height, "pixel buffer too small")
        self.width = width; self.height = height; self.bytesPerRow = bytesPerRow; self.pixels = pixels
    }

    /// A width × height image filled with one premultiplied BGRA value.
    public init(width: Int, height: Int, fill: (b: UInt8, g: UInt8, r: UInt8, a: UInt8) = (0, 0, 0, 0)) {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        var i = 0
        while i < px.count { px[i] = fill.b; px[i + 1] = fill.g; px[i + 2] = fill.r; px[i + 3] = fill.a; i += 4 }
        self.init(width: width, height: height, bytesPerRow: width * 4, pixels: px)
    }

    /// The premultiplied (b, g, r, a) bytes at a pixel.
    public func pixel(x: Int, y: Int) -> (b: UInt8, g: UInt8, r: UInt8, a: UInt8) {
        let i = y * bytesPerRow + x * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
