// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
import SegueEncode
import SegueRaster

/// WebP and APNG. This FFmpeg (5.1) cannot decode animated WebP, so WebP files are checked with
/// Pillow and by reading their RIFF chunks; APNG with ffprobe/ffmpeg.
@Suite("AnimatedImageWriter")
struct AnimatedImageWriterTests {
    static let width = 160, height = 90

    static func frames(_ count: Int = 6) -> [RasterImage] {
        (0..<count).map { barFrame(width: width, height: height, index: $0 * 9) }
    }

    static func write(_ format: AnimatedImageWriter.Format, _ frames: [RasterImage], to url: URL, fps: Double = 20,
                      options: AnimatedImageWriter.Options = .init()) throws {
        let writer = try AnimatedImageWriter(url: url, format: format, width: frames[0].width, height: frames[0].height,
                                             fps: fps, options: options)
        for f in frames { try writer.append(f) }
        try writer.finish()
    }

    /// RIFF chunks of a WebP file: (type, payload).
    static func webpChunks(_ bytes: [UInt8]) -> [(String, [UInt8])] {
        guard bytes.count >= 12, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WEBP".utf8) else { return [] }
        var chunks: [(String, [UInt8])] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let type = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let length = bytes[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            guard offset + 8 + length <= bytes.count else { break }
            chunks.append((type, Array(bytes[offset + 8..<offset + 8 + length])))
            offset += 8 + length + (length & 1)
        }
        return chunks
    }

    /// PNG chunks: (type, payload).
    static func pngChunks(_ bytes: [UInt8]) -> [(String, [UInt8])] {
        var chunks: [(String, [UInt8])] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 12 + length <= bytes.count else { break }
            chunks.append((String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self), Array(bytes[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
        return chunks
    }

    @Test("lossless WebP: the decoded frames are exactly the source pixels; loops forever")
    func webpLossless() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("bars.webp")
        let frames = Self.frames()
        try Self.write(.webp, frames, to: url)

        let probe = try probe(url)
        #expect(probe["codec_name"] == "webp")
        let chunks = Self.webpChunks([UInt8](try Data(contentsOf: url)))
        #expect(chunks.filter { $0.0 == "ANMF" }.count == frames.count)
        let anim = try #require(chunks.first { $0.0 == "ANIM" })
        #expect(Int(anim.1[4]) | Int(anim.1[5]) << 8 == 0)            // loop count 0: forever
        let vp8x = try #require(chunks.first { $0.0 == "VP8X" })
        #expect(vp8x.1[0] & 0x02 != 0)                                 // animation flag
        let canvasW = 1 + (Int(vp8x.1[4]) | Int(vp8x.1[5]) << 8 | Int(vp8x.1[6]) << 16)
        let canvasH = 1 + (Int(vp8x.1[7]) | Int(vp8x.1[8]) << 8 | Int(vp8x.1[9]) << 16)
        #expect(canvasW == Self.width && canvasH == Self.height)

        let info = try pillowInfo(url)
        #expect(info.format == "WEBP" && info.width == Self.width && info.height == Self.height)
        #expect(info.frames == frames.count)
        #expect(info.loop == 0)
        #expect(abs(info.durations.reduce(0, +) - frames.count * 1000 / 20) <= 1, "durations \(info.durations)")
        let decoded = try pillowFramesRGBA(url)
        #expect(decoded.count == frames.count)
        for (k, frame) in frames.enumerated() where k < decoded.count {
            #expect(dropAlpha(decoded[k]) == rgbBytes(frame), "frame \(k) is not lossless")
        }
    }

    @Test("lossy WebP is smaller, decodes to the right frames, and honours the loop count")
    func webpLossy() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = (0..<4).map { noiseFrame(width: 96, height: 64, colors: 200, seed: UInt64($0 + 1)) }
        let lossless = dir.appendingPathComponent("lossless.webp"), lossy = dir.appendingPathComponent("lossy.webp")
        try Self.write(.webp, frames, to: lossless)
        try Self.write(.webp, frames, to: lossy, options: .init(loop: 3, lossy: true, quality: 50))
        #expect(try Data(contentsOf: lossy).count < Data(contentsOf: lossless).count)
        let info = try pillowInfo(lossy)
        #expect(info.frames == 4 && info.width == 96 && info.height == 64)
        #expect(info.loop == 3)
        let chunks = Self.webpChunks([UInt8](try Data(contentsOf: lossy)))
        #expect(chunks.contains { $0.0 == "ANMF" && $0.1.count > 16 && Array($0.1[16..<20]) == Array("VP8 ".utf8) })
    }

    @Test("APNG: ffprobe reads codec, frame count and size; frames decode exactly; loops forever")
    func apng() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("bars.apng")
        let frames = Self.frames()
        try Self.write(.apng, frames, to: url)
        let p = try probe(url)
        #expect(p["codec_name"] == "apng")
        #expect(p["width"] == "\(Self.width)" && p["height"] == "\(Self.height)")
        #expect(p["nb_read_frames"] == "\(frames.count)")
        #expect(p["pix_fmt"] == "rgb24")
        let decoded = try decodeFrames(url, pixelFormat: "rgb24", bytesPerPixel: 3, width: Self.width, height: Self.height)
        #expect(decoded.count == frames.count)
        for (k, frame) in frames.enumerated() where k < decoded.count {
            #expect(decoded[k] == rgbBytes(frame), "frame \(k) differs")
        }
        let chunks = Self.pngChunks([UInt8](try Data(contentsOf: url)))
        let actl = try #require(chunks.first { $0.0 == "acTL" })
        #expect(actl.1[0..<4].reduce(0) { $0 << 8 | Int($1) } == frames.count)
        #expect(actl.1[4..<8].reduce(0) { $0 << 8 | Int($1) } == 0)     // num_plays 0: forever
        // Each frame shows for 1/20 s.
        for fctl in chunks.filter({ $0.0 == "fcTL" }) {
            let num = Int(fctl.1[20]) << 8 | Int(fctl.1[21]), den = Int(fctl.1[22]) << 8 | Int(fctl.1[23])
            #expect(num * 20 == den, "delay \(num)/\(den)")
        }
        let info = try pillowInfo(url)
        #expect(info.frames == frames.count)
    }

    @Test("APNG with transparency keeps the alpha channel; loop N plays N times")
    func apngAlpha() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("alpha.apng")
        var frames = Self.frames(3)
        for k in frames.indices {   // a half-transparent white stripe (premultiplied 128,128,128,128)
            for y in 0..<10 { for x in 0..<Self.width {
                let i = y * frames[k].bytesPerRow + x * 4
                frames[k].pixels[i] = 128; frames[k].pixels[i + 1] = 128; frames[k].pixels[i + 2] = 128; frames[k].pixels[i + 3] = 128
            } }
        }
        try Self.write(.apng, frames, to: url, options: .init(loop: 2))
        #expect(try probe(url)["pix_fmt"] == "rgba")
        let decoded = try decodeFrames(url, pixelFormat: "rgba", bytesPerPixel: 4, width: Self.width, height: Self.height)
        #expect(decoded.count == 3)
        #expect(Array(decoded[0][0..<4]) == [255, 255, 255, 128])
        let actl = try #require(Self.pngChunks([UInt8](try Data(contentsOf: url))).first { $0.0 == "acTL" })
        #expect(actl.1[4..<8].reduce(0) { $0 << 8 | Int($1) } == 2)
    }

    @Test("the same frames give the same bytes", arguments: AnimatedImageWriter.Format.allCases)
    func deterministic(format: AnimatedImageWriter.Format) throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a"), b = dir.appendingPathComponent("b")
        try Self.write(format, Self.frames(), to: a)
        try Self.write(format, Self.frames(), to: b)
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))
    }

    @Test("an existing file is untouched when the writer is cancelled, released or fails",
          arguments: AnimatedImageWriter.Format.allCases)
    func atomic(format: AnimatedImageWriter.Format) throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("old.\(format.rawValue)")
        try Data("previous".utf8).write(to: url)
        do {
            let writer = try AnimatedImageWriter(url: url, format: format, width: 64, height: 48, fps: 30)
            try writer.append(barFrame(width: 64, height: 48, index: 0))
            writer.cancel()
            #expect(throws: EncodeError.writerClosed) { try writer.finish() }
        }
        do {
            let writer = try AnimatedImageWriter(url: url, format: format, width: 64, height: 48, fps: 30)
            try writer.append(barFrame(width: 64, height: 48, index: 0))
        }
        do {
            let writer = try AnimatedImageWriter(url: url, format: format, width: 64, height: 48, fps: 30)
            #expect(throws: EncodeError.self) { try writer.append(barFrame(width: 63, height: 48, index: 0)) }
        }
        #expect(try Data(contentsOf: url) == Data("previous".utf8))
        #expect(directoryListing(dir) == [url.lastPathComponent])
    }
}
