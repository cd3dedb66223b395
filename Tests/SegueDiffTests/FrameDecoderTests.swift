import Foundation
@testable import SegueDiff
import SegueEncode
import Testing

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

        // Animated WebP (frames that differ, or libwebp merges them into a still): recognised and refused with a reason (this FFmpeg cannot decode it).
        try #require(runTool(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=s=20x10:d=0.3:r=10",
                              "-c:v", "libwebp_anim", "-loop", "0", "-y", animated]) == 0)
        #expect(throws: DecodeError.self) { try FrameDecoder(path: animated) }
        do { _ = try FrameDecoder(path: animated) } catch let e as DecodeError {
            #expect(e.description.contains("animated WebP"))
        }
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
