// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueEncode
import SegueRaster

/// Test helpers for animated images: a GIF structure reader written from the GIF89a spec
/// (independent of the encoder), frame decoding with ffmpeg, and Pillow through python3.

struct ParsedGIF {
    struct Frame {
        var x: Int, y: Int, width: Int, height: Int
        /// Centiseconds, from the graphic control extension.
        var delay: Int
        var disposal: Int
        var transparentIndex: Int?
        var localTableSize: Int?
        var minimumCodeSize: Int
    }
    var width: Int, height: Int
    var globalTableSize: Int?
    /// NETSCAPE2.0 loop count (0 = forever), nil when the extension is absent.
    var loopCount: Int?
    var frames: [Frame]
    var endsWithTrailer: Bool
}

func parseGIF(_ bytes: [UInt8]) throws -> ParsedGIF {
    func fail(_ why: String) -> ToolError { ToolError(message: "not a valid GIF: \(why)") }
    guard bytes.count >= 13, Array(bytes[0..<6]) == Array("GIF89a".utf8) else { throw fail("no GIF89a signature") }
    func le16(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 }
    var gif = ParsedGIF(width: le16(6), height: le16(8), globalTableSize: nil, loopCount: nil, frames: [], endsWithTrailer: false)
    var pos = 13
    if bytes[10] & 0x80 != 0 {
        gif.globalTableSize = 1 << (Int(bytes[10] & 7) + 1)
        pos += 3 * gif.globalTableSize!
    }
    func subBlocks() throws -> [[UInt8]] {
        var blocks: [[UInt8]] = []
        while true {
            guard pos < bytes.count else { throw fail("truncated sub-blocks") }
            let n = Int(bytes[pos]); pos += 1
            if n == 0 { return blocks }
            guard pos + n <= bytes.count else { throw fail("truncated sub-block") }
            blocks.append(Array(bytes[pos..<pos + n])); pos += n
        }
    }
    var gce: (delay: Int, disposal: Int, transparent: Int?)?
    while pos < bytes.count {
        switch bytes[pos] {
        case 0x21:
            let label = bytes[pos + 1]; pos += 2
            let blocks = try subBlocks()
            if label == 0xF9, let d = blocks.first, d.count == 4 {
                gce = (Int(d[1]) | Int(d[2]) << 8, Int(d[0] >> 2) & 7, d[0] & 1 != 0 ? Int(d[3]) : nil)
            } else if label == 0xFF, blocks.first == Array("NETSCAPE2.0".utf8), blocks.count > 1, blocks[1].count >= 3 {
                gif.loopCount = Int(blocks[1][1]) | Int(blocks[1][2]) << 8
            }
        case 0x2C:
            let flags = bytes[pos + 9]
            var frame = ParsedGIF.Frame(x: le16(pos + 1), y: le16(pos + 3), width: le16(pos + 5), height: le16(pos + 7),
                                        delay: gce?.delay ?? 0, disposal: gce?.disposal ?? 0,
                                        transparentIndex: gce?.transparent, localTableSize: nil, minimumCodeSize: 0)
            pos += 10
            if flags & 0x80 != 0 {
                frame.localTableSize = 1 << (Int(flags & 7) + 1)
                pos += 3 * frame.localTableSize!
            }
            frame.minimumCodeSize = Int(bytes[pos]); pos += 1
            _ = try subBlocks()
            gif.frames.append(frame)
            gce = nil
        case 0x3B:
            gif.endsWithTrailer = pos == bytes.count - 1
            return gif
        default:
            throw fail("unexpected block 0x\(String(bytes[pos], radix: 16)) at \(pos)")
        }
    }
    throw fail("no trailer")
}

/// Every frame of an animation decoded by ffmpeg (one output frame per stored frame).
func decodeFrames(_ url: URL, pixelFormat: String, bytesPerPixel: Int, width: Int, height: Int) throws -> [[UInt8]] {
    let r = try runTool("ffmpeg", ["-v", "error", "-i", url.path, "-fps_mode", "passthrough",
                                   "-f", "rawvideo", "-pix_fmt", pixelFormat, "-"])
    guard r.status == 0 else { throw ToolError(message: "ffmpeg decode failed: \(r.stderr)") }
    let all = [UInt8](r.stdout)
    let size = width * height * bytesPerPixel
    guard size > 0, all.count % size == 0 else { throw ToolError(message: "ffmpeg returned \(all.count) bytes, not whole \(width)×\(height) frames") }
    return stride(from: 0, to: all.count, by: size).map { Array(all[$0 ..< $0 + size]) }
}

/// What Pillow reads from an animated image.
struct PillowInfo: Decodable {
    var format: String
    var width: Int
    var height: Int
    var frames: Int
    /// Milliseconds per frame.
    var durations: [Int]
    var loop: Int?
}

let pillowInfoScript = """
import json, sys
from PIL import Image
im = Image.open(sys.argv[1])
durations = []
for i in range(getattr(im, "n_frames", 1)):
    im.seek(i); im.load(); durations.append(int(im.info.get("duration", 0)))
print(json.dumps({"format": im.format, "width": im.size[0], "height": im.size[1],
                  "frames": getattr(im, "n_frames", 1), "durations": durations, "loop": im.info.get("loop")}))
"""

func pillowInfo(_ url: URL) throws -> PillowInfo {
    let r = try runTool("python3", ["-c", pillowInfoScript, url.path])
    guard r.status == 0 else { throw ToolError(message: "Pillow could not read \(url.lastPathComponent): \(r.stderr)") }
    return try JSONDecoder().decode(PillowInfo.self, from: r.stdout)
}

/// Every frame as Pillow composites it, as RGBA bytes.
func pillowFramesRGBA(_ url: URL) throws -> [[UInt8]] {
    let script = """
    import sys
    from PIL import Image
    im = Image.open(sys.argv[1])
    out = sys.stdout.buffer
    for i in range(getattr(im, "n_frames", 1)):
        im.seek(i); out.write(im.convert("RGBA").tobytes())
    """
    let r = try runTool("python3", ["-c", script, url.path])
    guard r.status == 0 else { throw ToolError(message: "Pillow could not decode \(url.lastPathComponent): \(r.stderr)") }
    let info = try pillowInfo(url)
    let size = info.width * info.height * 4
    let all = [UInt8](r.stdout)
    guard all.count == size * info.frames else { throw ToolError(message: "Pillow returned \(all.count) bytes for \(info.frames) frames") }
    return stride(from: 0, to: all.count, by: size).map { Array(all[$0 ..< $0 + size]) }
}

/// Straight RGB bytes of an opaque premultiplied-BGRA image.
func rgbBytes(_ image: RasterImage) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(image.width * image.height * 3)
    for y in 0..<image.height { for x in 0..<image.width { let p = image.pixel(x: x, y: y); out += [p.r, p.g, p.b] } }
    return out
}

/// RGBA → RGB.
func dropAlpha(_ rgba: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(rgba.count / 4 * 3)
    for k in stride(from: 0, to: rgba.count, by: 4) { out += [rgba[k], rgba[k + 1], rgba[k + 2]] }
    return out
}

/// An opaque frame with a few flat colours (like a UI): background, a card, and a small
/// square whose colour or position the caller picks.
func flatFrame(width: Int, height: Int, square: (x: Int, y: Int, w: Int, h: Int), squareColor: (r: UInt8, g: UInt8, b: UInt8)) -> RasterImage {
    var image = RasterImage(width: width, height: height, fill: (b: 247, g: 242, r: 242, a: 255))
    func fill(_ x0: Int, _ y0: Int, _ w: Int, _ h: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        for y in max(0, y0)..<min(height, y0 + h) {
            for x in max(0, x0)..<min(width, x0 + w) {
                let i = y * image.bytesPerRow + x * 4
                image.pixels[i] = b; image.pixels[i + 1] = g; image.pixels[i + 2] = r; image.pixels[i + 3] = 255
            }
        }
    }
    fill(10, 10, width - 20, height / 2, 255, 149, 0)        // orange card
    fill(20, height - 30, width - 40, 16, 0, 122, 255)       // blue button
    fill(square.x, square.y, square.w, square.h, squareColor.r, squareColor.g, squareColor.b)
    return image
}

/// An opaque frame of pseudo-random pixels from `colors` distinct colours; `changed` of the
/// pixels differ from frame `seed - 1` (for LZW stress tests: long, incompressible strings).
func noiseFrame(width: Int, height: Int, colors: Int, seed: UInt64) -> RasterImage {
    var rng = SplitMix64(state: seed)
    var image = RasterImage(width: width, height: height)
    let palette = (0..<colors).map { k in (UInt8(truncatingIfNeeded: k * 37 + 11), UInt8(truncatingIfNeeded: k * 91 + 3), UInt8(truncatingIfNeeded: k * 53 + 200)) }
    for y in 0..<height {
        for x in 0..<width {
            // Runs of 1…4 pixels so both short and longer strings occur.
            let c = palette[Int(rng.next() % UInt64(colors))]
            let i = y * image.bytesPerRow + x * 4
            image.pixels[i] = c.2; image.pixels[i + 1] = c.1; image.pixels[i + 2] = c.0; image.pixels[i + 3] = 255
        }
    }
    return image
}

/// `base` with the pixels of `overlay` inside the rectangle.
func pasting(_ overlay: RasterImage, into base: RasterImage, x x0: Int, y y0: Int, w: Int, h: Int) -> RasterImage {
    var out = base
    for y in y0..<y0 + h {
        for x in x0..<x0 + w {
            let i = y * out.bytesPerRow + x * 4
            for c in 0..<4 { out.pixels[i + c] = overlay.pixels[i + c] }
        }
    }
    return out
}

/// Encodes `frames` as a GIF at `url`.
@discardableResult
func writeGIF(_ frames: [RasterImage], to url: URL, fps: Double = 50, options: GIFWriter.Options = .init()) throws -> GIFWriter {
    let writer = try GIFWriter(url: url, width: frames[0].width, height: frames[0].height, fps: fps, options: options)
    for f in frames { try writer.append(f) }
    try writer.finish()
    return writer
}

/// Mean absolute difference per channel between two RGB24 images `width` wide, over a rectangle.
func meanError(_ a: [UInt8], _ b: [UInt8], width: Int, x xs: Range<Int>, y ys: Range<Int>) -> Double {
    var error = 0, count = 0
    for y in ys {
        for x in xs {
            for c in 0 ..< 3 { error += abs(Int(a[(y * width + x) * 3 + c]) - Int(b[(y * width + x) * 3 + c])); count += 1 }
        }
    }
    return Double(error) / Double(max(count, 1))
}

/// ffmpeg's usual two-pass GIF of `frames` (PNG frames, `palettegen=stats_mode=diff`, then
/// `paletteuse=diff_mode=rectangle`), made by the `ffmpeg` tool in `dir` at 50 fps.
func ffmpegToolTwoPassGIF(_ frames: [RasterImage], in dir: URL) throws -> URL {
    let pngs = dir.appendingPathComponent("frames")
    let sequence = try PNGSequenceWriter(directory: pngs)
    for f in frames { try sequence.append(f) }
    try sequence.finish()
    let pattern = pngs.appendingPathComponent("frame-%04d.png").path
    let palette = dir.appendingPathComponent("palette.png").path, gif = dir.appendingPathComponent("ffmpeg.gif")
    for arguments in [["-i", pattern, "-vf", "palettegen=stats_mode=diff", palette],
                      ["-i", pattern, "-i", palette, "-lavfi", "paletteuse=diff_mode=rectangle", gif.path]] {
        let r = try runTool("ffmpeg", ["-v", "error", "-y", "-framerate", "50"] + arguments)
        guard r.status == 0 else { throw ToolError(message: "ffmpeg failed: \(r.stderr)") }
    }
    return gif
}
