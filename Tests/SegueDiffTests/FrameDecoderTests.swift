// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import SegueDiff
import SegueDecode
import Testing
import SegueEncode
import SegueRaster

/// FrameDecoder reads what the diff stage is handed: PNGs, folders, MP4, GIF, WebP; and fails
/// with a clear DecodeError on anything else.
@Suite(.serialized) struct FrameDecoderTests {
    let gradient = image(33, 17) { x, y in [UInt8(x * 7), UInt8(y * 15), UInt8((x * y) % 256), UInt8(255 - (x + y) % 200)] }

    @Test func aPNGRoundTripsItsStraightRGBABytesExactly() throws {
        let s = try Scratch()
        defer { s.remove() }
        let path = try s.write("a.png", gradient.pngBytes())
        #expect(try FrameDecoder.decodeImage(path: path) == gradient)
        let decoder = try FrameDecoder(path: path)
        #expect(decoder.kind == .png)
        #expect(try decoder.next()?.index == 0)
        #expect(try decoder.next() == nil)
        // Opaque frames are written as RGB and still read back exactly.
        let opaque = image(5, 4) { x, y in [UInt8(x * 50), UInt8(y * 60), 7, 255] }
        #expect(try FrameDecoder.decodeImage(path: s.write("b.png", opaque.pngBytes())) == opaque)
    }

    @Test func aFolderIsNumberedByTheDigitsInItsFileNames() throws {
        let s = try Scratch()
        defer { s.remove() }
        for i in [3, 10, 4] {
            try s.write("frames/frame-\(String(format: "%04d", i)).png", image(4, 4) { _, _ in [UInt8(i), 0, 0, 255] }.pngBytes())
        }
        try s.write("frames/notes.txt", Array("not a frame".utf8))
        let decoder = try FrameDecoder(path: s.path("frames"))
        #expect(decoder.kind == .pngFolder && decoder.knownFrameCount == 3)
        var seen: [(Int, UInt8)] = []
        while let f = try decoder.next() { seen.append((f.index, f.frame.pixels[0])) }
        #expect(seen.map(\.0) == [3, 4, 10])
        #expect(seen.map(\.1) == [3, 4, 10])
        // Names without numbers: sorted position.
        try s.write("named/b.png", image(2, 2) { _, _ in black }.pngBytes())
        try s.write("named/a.png", image(2, 2) { _, _ in white }.pngBytes())
        let named = try FrameDecoder(path: s.path("named"))
        #expect(try named.next()?.name == "a.png")
        #expect(try named.next()?.index == 1)
    }

    @Test func anMP4DecodesToItsFramesInBT709() throws {
        let s = try Scratch()
        defer { s.remove() }
        let url = URL(fileURLWithPath: s.path("clip.mp4"))
        let writer = try MP4Writer(url: url, width: 32, height: 18, fps: 12, crf: 0)
        let colors: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (128, 128, 128), (250, 200, 40)]
        for c in colors { try writer.append(RasterImage(width: 32, height: 18, fill: (c.2, c.1, c.0, 255))) }
        try writer.finish()
        let decoder = try FrameDecoder(path: url.path)
        #expect(decoder.kind == .video)
        #expect(decoder.frameRate == 12)
        var frames: [RGBAFrame] = []
        while let f = try decoder.next() { #expect(f.index == frames.count); frames.append(f.frame) }
        #expect(frames.count == colors.count)
        for (frame, c) in zip(frames, colors) {
            #expect(frame.width == 32 && frame.height == 18)
            let p = Array(frame.pixels[(9 * 32 + 16) * 4 ..< (9 * 32 + 16) * 4 + 4])
            // Limited-range 4:2:0 and back: a few levels of error at most.
            #expect(abs(Int(p[0]) - Int(c.0)) <= 4 && abs(Int(p[1]) - Int(c.1)) <= 4 && abs(Int(p[2]) - Int(c.2)) <= 4, "\(p) vs \(c)")
            #expect(p[3] == 255)
        }
        #expect(try FrameDecoder.decodeAll(path: url.path).count == 5)
    }

    @Test func gifAndWebPFromFFmpeg() throws {
        let s = try Scratch()
        defer { s.remove() }
        let gif = s.path("red.gif"), webp = s.path("still.webp"), animated = s.path("anim.webp")
        try #require(runTool(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "color=c=red:s=24x16:d=0.5:r=10", "-y", gif]) == 0)
        let g = try FrameDecoder(path: gif)
        #expect(g.kind == .gif)
        var count = 0
        while let f = try g.next() {
            count += 1
            #expect(f.frame.width == 24 && f.frame.height == 16)
            #expect(f.frame.pixels[0] > 240 && f.frame.pixels[1] < 15 && f.frame.pixels[3] == 255)
        }
        #expect(count == 5)

        try #require(runTool(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "color=c=blue:s=20x10", "-frames:v", "1",
                              "-c:v", "libwebp", "-lossless", "1", "-y", webp]) == 0)
        let w = try FrameDecoder(path: webp)
        #expect(w.kind == .webp)
        let frame = try #require(try w.next()).frame
        #expect(frame.width == 20 && frame.height == 10)
        #expect(Array(frame.pixels[0 ..< 4]) == [0, 0, 255, 255])

        // Animated WebP (lossless, so the frames are the source's exactly), read with libwebp.
        try #require(runTool(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=s=20x10:d=0.3:r=10",
                              "-c:v", "libwebp_anim", "-lossless", "1", "-loop", "0", "-y", animated]) == 0)
        let source = s.path("source")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try #require(runTool(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=s=20x10:d=0.3:r=10",
                              "-y", source + "/frame-%04d.png"]) == 0)
        let a = try FrameDecoder(path: animated)
        #expect(a.kind == .animatedWebP && a.frameRate == 10 && a.knownFrameCount == 3)
        var decoded: [RGBAFrame] = []
        while let f = try a.next() { #expect(f.index == decoded.count); decoded.append(f.frame) }
        let expected = try FrameDecoder.decodeAll(path: source).map(RGBAFrame.init)
        #expect(decoded.count == 3 && expected.count == 3)
        for (k, (d, e)) in zip(decoded, expected).enumerated() { #expect(d == e, "frame \(k) differs") }
        #expect(decoded[0] != decoded[1])
    }

    /// The ANMF (animation frame) chunks of a WebP file: the frames it stores.
    func storedWebPFrames(_ path: String) throws -> Int {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var count = 0, offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if Array(bytes[offset ..< offset + 4]) == Array("ANMF".utf8) { count += 1 }
            offset += 8 + size + (size & 1)
        }
        return count
    }

    @Test func framesThatLibwebpMergedAreReadBackOnTheFrameClock() throws {
        let s = try Scratch()
        defer { s.remove() }
        let red = image(16, 8) { _, _ in [230, 20, 20, 255] }, blue = image(16, 8) { x, _ in [20, 20, UInt8(100 + x * 9), 255] }
        let sequence = [red, red, red, blue, blue, red, blue]
        for fps in [30.0, 60.0, 24000.0 / 1001] {
            let path = s.path("merged-\(fps).webp")
            let writer = try AnimatedImageWriter(url: URL(fileURLWithPath: path), format: .webp, width: 16, height: 8, fps: fps)
            for frame in sequence { try writer.append(frame.rasterImage) }
            try writer.finish()
            // libwebp stored one frame per run of equal frames: 4, not 7.
            #expect(try storedWebPFrames(path) == 4, "\(fps) fps")
            let decoder = try FrameDecoder(path: path)
            #expect(decoder.kind == .animatedWebP && decoder.knownFrameCount == sequence.count, "\(fps) fps")
            #expect(abs((decoder.frameRate ?? 0) - fps) < 1e-9, "\(fps) fps: \(decoder.frameRate ?? 0)")
            var frames: [RGBAFrame] = []
            while let f = try decoder.next() { frames.append(f.frame) }
            #expect(frames.count == sequence.count, "\(fps) fps: \(frames.count) frames")
            for (k, (frame, source)) in zip(frames, sequence).enumerated() { #expect(frame == source, "\(fps) fps: frame \(k) differs") }
        }
    }

    @Test func aWebPOfEqualPairsTakesTheClockOfWhatItIsComparedWith() throws {
        let s = try Scratch()
        defer { s.remove() }
        let colours: [[UInt8]] = [[230, 20, 20, 255], [20, 200, 20, 255], [20, 20, 230, 255]]
        let sequence = colours.flatMap { c in [image(8, 8) { _, _ in c }, image(8, 8) { _, _ in c }] }
        let path = s.path("pairs.webp")
        let writer = try AnimatedImageWriter(url: URL(fileURLWithPath: path), format: .webp, width: 8, height: 8, fps: 30)
        for frame in sequence { try writer.append(frame.rasterImage) }
        try writer.finish()
        #expect(try storedWebPFrames(path) == 3)
        // On its own, the timing (67 ms per stored frame) fits 15 fps: three frames.
        let alone = try FrameDecoder(path: path)
        #expect(alone.frameRate == 15 && alone.knownFrameCount == 3)
        // Next to the six PNG frames it was made from, it takes their count: 30 fps.
        for (k, frame) in sequence.enumerated() { try s.write("frames/frame-000\(k).png", frame.pngBytes()) }
        let folder = try FrameDecoder(path: s.path("frames"))
        let paired = try FrameDecoder(path: path)
        paired.matchClock(of: folder)
        #expect(paired.frameRate == 30 && paired.knownFrameCount == 6)
        var frames: [RGBAFrame] = []
        while let f = try paired.next() { frames.append(f.frame) }
        #expect(frames.count == 6)
        for (k, (frame, source)) in zip(frames, sequence).enumerated() { #expect(frame == source, "frame \(k) differs") }
    }

    @Test func unusableInputsFailWithTheirPathAndReason() throws {
        let s = try Scratch()
        defer { s.remove() }
        let missing = s.path("nope.png")
        #expect(throws: DecodeError.notFound(path: missing)) { try FrameDecoder(path: missing) }

        let text = try s.write("notes.png", Array("hello, not an image\n".utf8))
        let folderWithTextPNG = try s.write("bad/frame-0000.png", Array("hello".utf8))
        _ = folderWithTextPNG
        #expect(throws: DecodeError.self) { _ = try FrameDecoder(path: text).next() }
        #expect(throws: DecodeError.self) { _ = try FrameDecoder(path: s.path("bad")).next() }

        var png = try gradient.pngBytes()
        png.removeLast(png.count / 2)
        let truncated = try s.write("truncated.png", png)
        do {
            _ = try FrameDecoder.decodeImage(path: truncated)
            Issue.record("a truncated PNG decoded")
        } catch let e as DecodeError {
            #expect(e.path == truncated)
            #expect(!e.hint.isEmpty)
        }

        try FileManager.default.createDirectory(atPath: s.path("empty"), withIntermediateDirectories: true)
        #expect(throws: DecodeError.noFrames(path: s.path("empty"))) { try FrameDecoder(path: s.path("empty")) }

        let empty = try s.write("zero.mp4", [])
        #expect(throws: DecodeError.self) { _ = try FrameDecoder(path: empty).next() }
    }

    @Test func premultiplyingForTheRasterStageRounds() {
        let f = RGBAFrame(width: 2, height: 1, pixels: [200, 100, 50, 128, 9, 8, 7, 255])
        let r = f.rasterImage
        // round(c × a / 255): 50 → 25, 100 → 50, 200 → 100 (B, G, R order).
        #expect(Array(r.pixels[0 ..< 4]) == [25, 50, 100, 128])
        #expect(Array(r.pixels[4 ..< 8]) == [7, 8, 9, 255])
    }
}
