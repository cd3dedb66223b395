// SPDX-License-Identifier: Apache-2.0
import FuzzSupport
import Foundation
import SegueScene
import SegueRaster
import SegueDecode

/// Fuzzes the readers of untrusted image and media files: what `segue diff` decodes (PNG, GIF,
/// still and animated WebP, any container FFmpeg recognises) and what `contents:` loads (PNG
/// through Cairo, with the decompression-bomb check). Each input is written to one scratch
/// file, because these readers take paths, as they do in Segue.
@main enum MediaFuzzTarget {
    static let scratch = "/dev/shm/segue-fuzz-media-\(getpid())"

    static func main() {
        FuzzDriver.main { bytes in
            guard FileManager.default.createFile(atPath: scratch, contents: Data(bytes)) else { return }
            // `contents:` images: header check, then Cairo's PNG decoder.
            let image = ImageContents(path: scratch, location: SourceLocation(file: "fuzz.yaml", line: 1, column: 1),
                                      maximumPixels: 4_000_000)
            _ = try? Rasterizer.checkImage(image)
            // `segue diff` inputs: sniffed by content, decoded frame by frame (a few at most).
            guard let decoder = try? FrameDecoder(path: scratch) else { return }
            for _ in 0 ..< 4 {
                guard let next = try? decoder.next(), next != nil else { break }
            }
        }
    }
}
