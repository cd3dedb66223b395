// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
import SegueEncode
import SegueRaster

@Suite("PNGWriter")
struct PNGWriterTests {
    /// Premultiplied pixels covering every alpha value with random colours, plus fixed corner cases.
    static func translucentImage() -> (image: RasterImage, straight: [[Int]]) {
        var rng = SplitMix64(state: 42)
        let w = 64, h = 48
        var image = RasterImage(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let n = y * w + x
                let a = n < 256 ? n : Int.random(in: 0...255, using: &rng)
                let premul = (0..<3).map { _ in Int.random(in: 0...a, using: &rng) }   // b, g, r ≤ a
                let i = y * image.bytesPerRow + x * 4
                image.pixels[i] = UInt8(premul[0]); image.pixels[i + 1] = UInt8(premul[1])
                image.pixels[i + 2] = UInt8(premul[2]); image.pixels[i + 3] = UInt8(a)
            }
        }
        // Fixed cases: opaque colours, 50% white, a tiny alpha.
        func set(_ x: Int, _ y: Int, _ b: UInt8, _ g: UInt8, _ r: UInt8, _ a: UInt8) {
            let i = y * image.bytesPerRow + x * 4
            image.pixels[i] = b; image.pixels[i + 1] = g; image.pixels[i + 2] = r; image.pixels[i + 3] = a
        }
        set(0, 47, 0, 0, 255, 255); set(1, 47, 12, 34, 56, 255); set(2, 47, 128, 128, 128, 128); set(3, 47, 1, 0, 1, 3)
        // Expected straight RGBA by the definition: colour = premultiplied × 255 / alpha, rounded.
        var straight: [[Int]] = []
        for y in 0..<h {
            for x in 0..<w {
                let p = image.pixel(x: x, y: y)
                let a = Double(p.a)
                func un(_ c: UInt8) -> Int { a == 0 ? 0 : min(255, Int((Double(c) * 255 / a).rounded())) }
                straight.append([un(p.r), un(p.g), un(p.b), Int(p.a)])
            }
        }
        return (image, straight)
    }

    @Test("translucent pixels decode to the un-premultiplied colours")
    func unpremultiplied() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (image, expected) = Self.translucentImage()
        let url = dir.appendingPathComponent("t.png")
        try PNGWriter.write(image, to: url)
        #expect(try probe(url)["pix_fmt"] == "rgba")

        let rgba = try decodeRaw(url, pixelFormat: "rgba")
        #expect(rgba.count == image.width * image.height * 4)
        var worst = 0, opaqueMismatches = 0
        for (n, want) in expected.enumerated() {
            let got = (0..<4).map { Int(rgba[n * 4 + $0]) }
            #expect(got[3] == want[3])
            if want[3] == 255 {
                if got != want { opaqueMismatches += 1 }
            } else if want[3] > 0 {
                worst = max(worst, zip(got, want).map { abs($0 - $1) }.max()!)
            }
        }
        #expect(opaqueMismatches == 0)
        #expect(worst <= 1)
        // Spot checks a person would make.
        let n = 47 * 64
        #expect(Array(rgba[(n + 0) * 4..<(n + 1) * 4]) == [255, 0, 0, 255])
        #expect(Array(rgba[(n + 1) * 4..<(n + 2) * 4]) == [56, 34, 12, 255])
        #expect(Array(rgba[(n + 2) * 4..<(n + 3) * 4]) == [255, 255, 255, 128])
    }

    @Test("opaque images are written as RGB with exact colours")
    func opaqueIsRGB() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = barFrame(width: 95, height: 63, index: 7)
        let url = dir.appendingPathComponent("o.png")
        try PNGWriter.write(image, to: url)
        let p = try probe(url)
        #expect(p["pix_fmt"] == "rgb24")
        #expect(p["width"] == "95" && p["height"] == "63")
        let rgba = try decodeRaw(url, pixelFormat: "rgba")
        var expected: [UInt8] = []
        for y in 0..<63 { for x in 0..<95 { let q = image.pixel(x: x, y: y); expected += [q.r, q.g, q.b, 255] } }
        #expect(rgba == expected)
    }

    @Test("PNG bytes are deterministic and carry no timestamp")
    func deterministic() throws {
        let (image, _) = Self.translucentImage()
        let a = try PNGWriter.encode(image)
        Thread.sleep(forTimeInterval: 1.1)
        let b = try PNGWriter.encode(image)
        #expect(a == b)
        #expect(Array(a.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // Walk the chunks: no tIME / tEXt / iTXt / zTXt.
        var chunks: [String] = []
        var offset = 8
        while offset + 8 <= a.count {
            let length = a[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            chunks.append(String(decoding: a[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        #expect(chunks.first == "IHDR" && chunks.last == "IEND")
        #expect(!chunks.contains { ["tIME", "tEXt", "iTXt", "zTXt"].contains($0) }, "chunks: \(chunks)")
    }

    @Test("write replaces an existing file and leaves no temporary files")
    func writeReplaces() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("frame.png")
        try Data("old".utf8).write(to: url)
        try PNGWriter.write(RasterImage(width: 4, height: 4, fill: (b: 0, g: 0, r: 255, a: 255)), to: url)
        #expect(try probe(url)["codec_name"] == "png")
        #expect(directoryListing(dir) == ["frame.png"])
    }
}

@Suite("PNGSequenceWriter")
struct PNGSequenceWriterTests {
    static func frames(_ count: Int, width: Int = 33, height: Int = 21) -> [RasterImage] {
        (0..<count).map { barFrame(width: width + 20, height: height, index: $0) }
            .map { image in  // make them translucent so the RGBA path is used too
                var copy = image
                copy.pixels[3] = 128; copy.pixels[2] = min(copy.pixels[2], 128); copy.pixels[1] = min(copy.pixels[1], 128); copy.pixels[0] = min(copy.pixels[0], 128)
                return copy
            }
    }

    @Test("names, count and sizes")
    func namesCountSizes() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        let writer = try PNGSequenceWriter(directory: out)
        let frames = Self.frames(12)
        for f in frames { try writer.append(f) }
        #expect(!FileManager.default.fileExists(atPath: out.path))   // nothing visible before finish
        try writer.finish()

        let names = directoryListing(out)
        #expect(names == (0..<12).map { String(format: "frame-%04d.png", $0) })
        for name in [names.first!, names.last!] {
            let p = try probe(out.appendingPathComponent(name))
            #expect(p["codec_name"] == "png")
            #expect(p["width"] == "53" && p["height"] == "21")
        }
        #expect(directoryListing(dir) == ["frames"])   // no temporary sibling left
    }

    @Test("numbers continue from startIndex and grow past four digits")
    func startIndex() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        let writer = try PNGSequenceWriter(directory: out, startIndex: 9998)
        for f in Self.frames(3) { try writer.append(f) }
        try writer.finish()
        #expect(directoryListing(out) == ["frame-10000.png", "frame-9998.png", "frame-9999.png"])
    }

    @Test("finish replaces an earlier render completely")
    func replacesOldFolder() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        let first = try PNGSequenceWriter(directory: out)
        for f in Self.frames(5) { try first.append(f) }
        try first.finish()
        let second = try PNGSequenceWriter(directory: out, startIndex: 100)
        for f in Self.frames(2) { try second.append(f) }
        try second.finish()
        #expect(directoryListing(out) == ["frame-0100.png", "frame-0101.png"])
        #expect(directoryListing(dir) == ["frames"])
    }

    @Test("cancel and release without finish leave the old folder intact", arguments: [true, false])
    func cancelKeepsOldFolder(explicitCancel: Bool) throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        try Data("old frame".utf8).write(to: out.appendingPathComponent("frame-0000.png"))
        do {
            let writer = try PNGSequenceWriter(directory: out)
            for f in Self.frames(3) { try writer.append(f) }
            if explicitCancel { writer.cancel() }
        }
        #expect(directoryListing(out) == ["frame-0000.png"])
        #expect(try Data(contentsOf: out.appendingPathComponent("frame-0000.png")) == Data("old frame".utf8))
        #expect(directoryListing(dir) == ["frames"])
    }

    @Test("a failed frame leaves the old folder intact and closes the writer")
    func failureKeepsOldFolder() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        try Data("old".utf8).write(to: out.appendingPathComponent("frame-0000.png"))
        let writer = try PNGSequenceWriter(directory: out)
        try writer.append(Self.frames(1)[0])
        #expect(throws: EncodeError.sizeOutOfRange(width: 0, height: 0)) {
            try writer.append(RasterImage(width: 0, height: 0))
        }
        #expect(throws: EncodeError.writerClosed) { try writer.finish() }
        #expect(directoryListing(out) == ["frame-0000.png"])
        #expect(directoryListing(dir) == ["frames"])
    }

    @Test("refuses to replace a folder that holds other files")
    func refusesForeignFolder() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("notes".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        #expect {
            try PNGSequenceWriter(directory: dir)
        } throws: { error in
            guard case let .unwritablePath(path, reason)? = error as? EncodeError else { return false }
            return path.hasSuffix(dir.lastPathComponent) && reason.contains("notes.txt")
        }
        #expect(directoryListing(dir) == ["notes.txt"])
    }
}
