// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueEncode
import SegueRaster

/// The global colour table built while the frames render (`GlobalPaletteStream`) must be the
/// one the encoder builds from the finished spool: the file may not depend on which was used.
@Suite("GIF global palette made during the render")
struct GIFGlobalPaletteStreamTests {
    /// A spool holding `frames` (RGBA), fed to a stream as the writer feeds it.
    private func spoolAndStream(_ frames: [[UInt8]], width: Int, height: Int, in dir: URL,
                                settings: Quantizer.Settings) throws -> (FrameSpool, GlobalPaletteStream, AtomicFileWriter) {
        let file = try AtomicFileWriter(destination: dir.appendingPathComponent("out.gif"))
        let spool = try FrameSpool(for: file, width: width, height: height)
        let stream = GlobalPaletteStream(spool: spool, settings: settings)
        for (k, frame) in frames.enumerated() {
            try frame.withUnsafeBytes { try spool.append($0) }
            stream.frameStored(k)
        }
        return (spool, stream, file)
    }

    /// Opaque RGBA frames: a multicoloured block moving over a gradient, standing still for two
    /// frames (an unchanged frame is planned as a 1×1 rectangle).
    private func movingBlock(width w: Int, height h: Int) -> [[UInt8]] {
        let positions = [0, 6, 12, 12, 12, 20, 28, 36]
        return positions.map { x0 in
            var rgba = [UInt8](repeating: 255, count: w * h * 4)
            for y in 0 ..< h {
                for x in 0 ..< w {
                    let i = (y * w + x) * 4
                    let inside = x >= x0 && x < x0 + 24 && y >= 10 && y < 34
                    rgba[i] = inside ? UInt8(60 + 7 * (x - x0)) : UInt8(100 + x)
                    rgba[i + 1] = inside ? UInt8(40 + 6 * (y - 10)) : UInt8(80 + y)
                    rgba[i + 2] = inside ? 200 : 150
                }
            }
            return rgba
        }
    }

    @Test("the palette made during the render gives the same bytes as the one made after it")
    func sameBytes() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (w, h) = (80, 48)
        let frameSettings = Quantizer.Settings(quality: 90, maxColors: 256, dithering: 1)
        let settings = GlobalPalette.settings(frameSettings)
        let (spool, stream, file) = try spoolAndStream(movingBlock(width: w, height: h), width: w, height: h, in: dir, settings: settings)
        defer { file.discard() }
        #expect(try stream.palette() != nil, "the stream saw every frame but made no palette")
        let encoder = try GIFEncoder(spool: spool, hasTransparency: false)
        // (85: the global table, at libimagequant quality 80, reaches it on some of these frames.)
        let target = PerceptualTarget(score: 85)
        func bytes(_ e: GIFEncoder.Encoded) throws -> [UInt8] {
            try (0 ..< e.frames.count).reduce(e.header) { $0 + (try e.frames.read($1)) }
        }
        let streamed = try encoder.encode(mode: .perFrame, settings: frameSettings, target: target, streamedGlobal: stream)
        let built = try encoder.encode(mode: .perFrame, settings: frameSettings, target: target)
        #expect(streamed.reports.contains { $0.onGlobalTable }, "no frame used the global palette")
        #expect(try bytes(streamed) == bytes(built))
    }

    @Test("a stream that did not see every frame, or was abandoned, makes no palette")
    func unusable() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (w, h) = (80, 48)
        let frames = movingBlock(width: w, height: h)
        let settings = GlobalPalette.settings(Quantizer.Settings(quality: 90, maxColors: 256, dithering: 1))
        let file = try AtomicFileWriter(destination: dir.appendingPathComponent("out.gif"))
        defer { file.discard() }
        let spool = try FrameSpool(for: file, width: w, height: h)
        let stream = GlobalPaletteStream(spool: spool, settings: settings)
        for (k, frame) in frames.enumerated() {
            try frame.withUnsafeBytes { try spool.append($0) }
            if k != 3 { stream.frameStored(k) } else { break }
        }
        #expect(try stream.palette() == nil, "made a palette from 3 of 4 stored frames")
        let abandoned = GlobalPaletteStream(spool: spool, settings: settings)
        for k in 0 ..< spool.count { abandoned.frameStored(k) }
        abandoned.abandon()
        #expect(try abandoned.palette() == nil, "an abandoned stream made a palette")
    }

    @Test("an opaque animation that turns transparent partway decodes with its holes and no trail")
    func turnsTransparent() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("hole.gif")
        let (w, h) = (80, 48)
        // Frames 0–2 opaque; from frame 3 a 10×10 hole (alpha 0) moves right by 8 px a frame.
        let holes: [Int?] = [nil, nil, nil, 10, 18, 26]
        let frames = holes.enumerated().map { k, hole -> RasterImage in
            var image = RasterImage(width: w, height: h)
            for y in 0 ..< h {
                for x in 0 ..< w {
                    let i = y * image.bytesPerRow + x * 4
                    if let hole, x >= hole && x < hole + 10 && y >= 20 && y < 30 { continue }   // transparent
                    image.pixels[i] = UInt8(60 + x); image.pixels[i + 1] = UInt8(40 + 3 * y); image.pixels[i + 2] = UInt8(30 * k)
                    image.pixels[i + 3] = 255
                }
            }
            return image
        }
        try writeGIF(frames, to: url)
        // (ffmpeg's decoder, which clears a disposed rectangle to transparent as browsers do;
        // Pillow fills it with the background colour when the first frame has no transparency.)
        let decoded = try decodeFrames(url, pixelFormat: "rgba", bytesPerPixel: 4, width: w, height: h)
        #expect(decoded.count == frames.count)
        for (k, hole) in holes.enumerated() where k < decoded.count {
            var wrong = 0
            for y in 0 ..< h {
                for x in 0 ..< w {
                    let inHole = hole.map { x >= $0 && x < $0 + 10 && y >= 20 && y < 30 } ?? false
                    if (decoded[k][(y * w + x) * 4 + 3] == 0) != inHole { wrong += 1 }
                }
            }
            #expect(wrong == 0, "frame \(k): \(wrong) pixels transparent where the source is opaque or the reverse")
        }
    }
}
