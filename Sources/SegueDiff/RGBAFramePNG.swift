// SPDX-License-Identifier: Apache-2.0
import SegueDecode
import SegueEncode

extension RGBAFrame {
    /// The frame as a PNG file (`PNGWriter`'s settings, straight RGBA written as it is, so
    /// decoding the file gives back exactly these bytes).
    public func pngBytes() throws -> [UInt8] {
        try PNGWriter.encode(rgba: pixels, width: width, height: height)
    }
}
