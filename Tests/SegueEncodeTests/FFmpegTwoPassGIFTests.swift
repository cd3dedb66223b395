// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueRaster
import Testing
@testable import SegueEncode

/// ffmpeg's two-pass GIF as the encoder computes it (`FFmpegTwoPassGIF`, beside libavfilter), against
/// the `ffmpeg` tool's GIF of the same frames decoded by Pillow: the same pixels, frame by frame.
@Suite("ffmpeg's two-pass GIF computed beside libavfilter")
struct FFmpegTwoPassGIFTests {
    /// A smooth two-way gradient of about 1,500 shades over the whole frame (more than a palette
    /// holds, so palettegen's median cut merges them, paletteuse dithers, and colours fall at equal
    /// distances from two entries), under a square that moves, a frame that repeats the one before
    /// (paletteuse then redraws only the last pixel), and a frame that changes one column.
    static func gradientFrames() -> [RasterImage] {
        let width = 96, height = 64
        func frame(_ squareX: Int, column: Int? = nil, shift: Int = 0) -> RasterImage {
            var image = RasterImage(width: width, height: height)
            for y in 0 ..< height {
                for x in 0 ..< width {
                    var (r, g, b) = (40 + x * 2, 30 + y * 3 - shift, 200 - x - y + shift)
                    if x >= squareX && x < squareX + 12 && y >= 20 && y < 32 { (r, g, b) = (250, 120, 10) }
                    if x == column { (r, g, b) = (g, b, r) }
                    let i = y * image.bytesPerRow + x * 4
                    image.pixels[i] = UInt8(b); image.pixels[i + 1] = UInt8(g); image.pixels[i + 2] = UInt8(r); image.pixels[i + 3] = 255
                }
            }
            return image
        }
        return [frame(4), frame(10), frame(17), frame(17, shift: 1), frame(17, shift: 1), frame(17, column: 50, shift: 1),
                frame(30, shift: 2), frame(30, shift: 2)]
    }

    /// Every frame as the encoder's `FFmpegTwoPassGIF` shows it, and as the `ffmpeg` tool's GIF does.
    /// - Returns: also the frames asked for one in three (and the last), where the frames between
    ///   are left undrawn where the next frame redraws them (see `pgu_mapper_next_redraws`).
    static func bothWays(_ frames: [RasterImage], in dir: URL) throws -> (computed: [[UInt8]], tool: [[UInt8]], sparse: [Int: [UInt8]]) {
        let width = frames[0].width, height = frames[0].height
        let file = try AtomicFileWriter(destination: dir.appendingPathComponent("unused.gif"))
        defer { file.discard() }
        let spool = try FrameSpool(for: file, width: width, height: height)
        for frame in frames { try GIFFFmpegFloorTests.rgba(frame).withUnsafeBytes { try spool.append($0) } }
        let recipe = try FFmpegTwoPassGIF(spool: spool).frames()
        let computed = try frames.indices.map { try recipe.frame($0) }
        let jumping = try FFmpegTwoPassGIF(spool: spool).frames()
        var sparse: [Int: [UInt8]] = [:]
        for k in Set(stride(from: 2, to: frames.count, by: 3)).union([frames.count - 1]).sorted() { sparse[k] = try jumping.frame(k) }
        return (computed, try pillowFramesRGBA(try ffmpegToolTwoPassGIF(frames, in: dir)), sparse)
    }

    /// Where two frames differ: how many pixels, and the first.
    static func mismatch(_ a: [UInt8], _ b: [UInt8], width: Int) -> String? {
        let differing = stride(from: 0, to: min(a.count, b.count), by: 4).filter { a[$0 ..< $0 + 4] != b[$0 ..< $0 + 4] }
        guard let first = differing.first else { return a.count == b.count ? nil : "sizes \(a.count) and \(b.count)" }
        let p = first / 4
        return "\(differing.count) pixels differ, first at (\(p % width), \(p / width)): \(Array(a[first ..< first + 4])) against \(Array(b[first ..< first + 4]))"
    }

    @Test("a gradient of more shades than a palette holds, a moving square, a repeated frame and a one-column change: every pixel as the ffmpeg tool's GIF shows it, whether every frame is asked for or one in three",
          arguments: ["gradient", "photo under a dimming overlay"])
    func samePixelsAsTheTool(_ frames: String) throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var images = frames == "gradient" ? Self.gradientFrames() : GIFFFmpegFloorTests.frames()
        // (A frame repeated after one that changed every pixel.)
        if frames != "gradient" { images.insert(images[3], at: 4) }
        let (computed, tool, sparse) = try Self.bothWays(images, in: dir)
        try #require(tool.count == images.count, "the ffmpeg tool's GIF has \(tool.count) frames for \(images.count)")
        for k in images.indices {
            #expect(Self.mismatch(computed[k], tool[k], width: images[0].width) == nil,
                    "frame \(k): \(Self.mismatch(computed[k], tool[k], width: images[0].width) ?? "")")
        }
        for (k, frame) in sparse.sorted(by: { $0.key < $1.key }) {
            #expect(Self.mismatch(frame, tool[k], width: images[0].width) == nil,
                    "frame \(k), asked for after frame \(k - 3): \(Self.mismatch(frame, tool[k], width: images[0].width) ?? "")")
        }
        // Not trivially equal: the GIF shows the frames with a palette's error, not as they are.
        let exact = images.indices.filter { computed[$0] == GIFFFmpegFloorTests.rgba(images[$0]) }
        #expect(exact.count < images.count, "every frame was shown exactly, so the palette was never tested")
    }
}
