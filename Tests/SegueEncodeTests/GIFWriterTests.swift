// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueEncode
import SegueRaster

@Suite("GIF timing")
struct GIFTimingTests {
    @Test("30 fps gives 3, 4, 3 cs…; 50 fps all 2 cs")
    func patterns() {
        #expect(Array(GIFTiming.delays(frameCount: 9, fps: 30)) == [3, 4, 3, 3, 4, 3, 3, 4, 3])
        #expect(GIFTiming.delays(frameCount: 37, fps: 50) == Array(repeating: 2, count: 37))
        #expect(GIFTiming.delays(frameCount: 4, fps: 25) == [4, 4, 4, 4])
        #expect(GIFTiming.delays(frameCount: 0, fps: 30) == [])
    }

    @Test("every delay is at least 2 cs and the running total stays within 0.5 cs of the true time",
          arguments: [50, 48, 45, 40, 33.3, 30, 29.97, 25, 24, 23.976, 15, 12.5, 10, 7, 1] as [Double])
    func runningTotal(fps: Double) {
        let n = 500
        let delays = GIFTiming.delays(frameCount: n, fps: fps)
        #expect(delays.count == n)
        #expect(delays.allSatisfy { $0 >= 2 })
        var total = 0
        for (k, d) in delays.enumerated() {
            total += d
            let exact = Double(k + 1) * 100 / fps
            #expect(abs(Double(total) - exact) <= 0.5 + 1e-9, "frame \(k): \(total) cs vs \(exact)")
        }
    }

    @Test("GIFs render at 50 fps unless asked for less")
    func frameRate() {
        #expect(GIFTiming.frameRate(requested: nil) == 50)
        #expect(GIFTiming.frameRate(requested: 60) == 50)
        #expect(GIFTiming.frameRate(requested: 240) == 50)
        #expect(GIFTiming.frameRate(requested: 30) == 30)
    }
}

@Suite("GIFWriter")
struct GIFWriterTests {
    static let square = (x: 50, y: 40, w: 12, h: 10)

    static func twoFrames(width: Int = 200, height: Int = 160) -> [RasterImage] {
        [flatFrame(width: width, height: height, square: square, squareColor: (52, 199, 89)),
         flatFrame(width: width, height: height, square: square, squareColor: (175, 82, 222))]
    }

    @Test("a frame where only a small square changes stores only that square, and decodes exactly",
          arguments: [GIFWriter.PaletteStrategy.auto, .shared, .perFrame])
    func changedRectangle(strategy: GIFWriter.PaletteStrategy) throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("square.gif")
        let frames = Self.twoFrames()
        let writer = try writeGIF(frames, to: url, options: .init(palette: strategy))
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(writer.summary?.bytes == bytes.count)

        let gif = try parseGIF(bytes)
        #expect(gif.width == 200 && gif.height == 160)
        #expect(gif.frames.count == 2)
        #expect(gif.endsWithTrailer)
        let first = gif.frames[0], second = gif.frames[1]
        #expect(first.width == 200 && first.height == 160 && first.x == 0 && first.y == 0)
        // Only the square: 12×10 at (50, 40).
        #expect(second.x == 50 && second.y == 40 && second.width == 12 && second.height == 10,
                "second frame stored \(second.width)×\(second.height) at (\(second.x), \(second.y))")
        #expect(second.disposal == 1)

        // ffmpeg composites the frames back to exactly the source pixels (flat colours are exact).
        let decoded = try decodeFrames(url, pixelFormat: "rgb24", bytesPerPixel: 3, width: 200, height: 160)
        #expect(decoded.count == 2)
        for (k, frame) in frames.enumerated() where k < decoded.count {
            #expect(decoded[k] == rgbBytes(frame), "frame \(k) differs")
        }
    }

    @Test("loops forever by default (NETSCAPE2.0, count 0); loop N plays N times")
    func looping() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = Self.twoFrames(width: 64, height: 48)
        for (plays, expected) in [(0, Optional(0)), (3, 2), (1, nil)] as [(Int, Int?)] {
            let url = dir.appendingPathComponent("loop\(plays).gif")
            try writeGIF(frames, to: url, options: .init(loop: plays))
            let gif = try parseGIF([UInt8](try Data(contentsOf: url)))
            #expect(gif.loopCount == expected, "loop \(plays)")
        }
        let pillow = try pillowInfo(dir.appendingPathComponent("loop0.gif"))
        #expect(pillow.loop == 0)
    }

    @Test("delays are whole centiseconds from the frame rate: 30 fps gives 3, 4, 3…")
    func delays() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("thirty.gif")
        let frames = (0..<7).map { k in
            flatFrame(width: 64, height: 48, square: (x: 4 + 6 * k, y: 20, w: 5, h: 5), squareColor: (52, 199, 89))
        }
        try writeGIF(frames, to: url, fps: 30)
        let gif = try parseGIF([UInt8](try Data(contentsOf: url)))
        #expect(gif.frames.map(\.delay) == [3, 4, 3, 3, 4, 3, 3])
        #expect(try pillowInfo(url).durations == [30, 40, 30, 30, 40, 30, 30])
    }

    @Test("noisy frames (many LZW table resets, changed pixels scattered) decode exactly",
          arguments: [GIFWriter.PaletteStrategy.shared, .perFrame])
    func noisyRoundTrip(strategy: GIFWriter.PaletteStrategy) throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("noise.gif")
        let w = 240, h = 180
        let a = noiseFrame(width: w, height: h, colors: 60, seed: 1)
        let b = pasting(noiseFrame(width: w, height: h, colors: 60, seed: 2), into: a, x: 30, y: 20, w: 150, h: 120)
        let c = pasting(noiseFrame(width: w, height: h, colors: 60, seed: 3), into: b, x: 100, y: 90, w: 140, h: 90)
        let frames = [a, b, c, c, a]
        try writeGIF(frames, to: url, options: .init(palette: strategy))
        let gif = try parseGIF([UInt8](try Data(contentsOf: url)))
        #expect(gif.frames.count == 5)
        // An unchanged frame is stored as a single transparent pixel.
        #expect(gif.frames[3].width == 1 && gif.frames[3].height == 1)
        let decoded = try decodeFrames(url, pixelFormat: "rgb24", bytesPerPixel: 3, width: w, height: h)
        #expect(decoded.count == frames.count)
        for (k, frame) in frames.enumerated() where k < decoded.count {
            #expect(decoded[k] == rgbBytes(frame), "frame \(k) differs")
        }
        let pillow = try pillowFramesRGBA(url)
        #expect(pillow.count == frames.count)
        for (k, frame) in frames.enumerated() where k < pillow.count {
            #expect(dropAlpha(pillow[k]) == rgbBytes(frame), "frame \(k) differs in Pillow")
        }
    }

    @Test("an animation that redraws the whole screen every frame (encoded in two segments at once) decodes in order, each frame close to its own source")
    func wholeScreenRedrawsDecodeInOrder() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("redraws.gif")
        let w = 120, h = 90
        // Sixteen different screens, each a 40-colour noise image: nothing carries over.
        let frames = (1 ... 16).map { noiseFrame(width: w, height: h, colors: 40, seed: UInt64($0)) }
        try writeGIF(frames, to: url)
        let gif = try parseGIF([UInt8](try Data(contentsOf: url)))
        #expect(gif.frames.count == frames.count)
        let decoded = try decodeFrames(url, pixelFormat: "rgb24", bytesPerPixel: 3, width: w, height: h)
        #expect(decoded.count == frames.count)
        for (k, frame) in frames.enumerated() where k < decoded.count {
            let source = rgbBytes(frame)
            // Its own source, not its neighbours': a frame out of place would be as far from it as
            // two unrelated noise images are (a mean error of about 80).
            let error = zip(decoded[k], source).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            #expect(Double(error) / Double(source.count) < 3, "frame \(k): mean error \(Double(error) / Double(source.count))")
        }
    }

    @Test("an animation that changes most of the screen but never all of it (a status bar stays) is still encoded in two segments, and every frame, bar included, decodes close to its own source")
    func mostOfTheScreenRedrawsDecodeInOrder() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("mostly.gif")
        let w = 120, h = 90, bar = 12
        // A striped bar over the top 12 rows (13 % of the screen) that never changes, over sixteen
        // different noise screens.
        let frames = (1 ... 16).map { k -> RasterImage in
            var image = noiseFrame(width: w, height: h, colors: 40, seed: UInt64(k))
            for y in 0 ..< bar {
                for x in 0 ..< w {
                    let i = y * image.bytesPerRow + x * 4
                    let shade: UInt8 = (x / 6 + y / 4) % 2 == 0 ? 30 : 220
                    image.pixels[i] = shade; image.pixels[i + 1] = 120; image.pixels[i + 2] = 255 - shade
                }
            }
            return image
        }
        // Two segments, the second starting at a frame that does not change the bar.
        let file = try AtomicFileWriter(destination: dir.appendingPathComponent("probe.gif"))
        defer { file.discard() }
        let spool = try FrameSpool(for: file, width: w, height: h)
        for frame in frames { try GIFQualityTargetTests.rgba(frame).withUnsafeBytes { try spool.append($0) } }
        let encoder = try GIFEncoder(spool: spool, hasTransparency: false)
        let starts = encoder.plan.segmentStarts(width: w, height: h, hasTransparency: false)
        try #require(starts.count == 2, "segments start at \(starts)")
        #expect(encoder.plan.rects[starts[1]].y == bar, "the second segment starts at a frame whose change is \(encoder.plan.rects[starts[1]])")

        try writeGIF(frames, to: url)
        let decoded = try decodeFrames(url, pixelFormat: "rgb24", bytesPerPixel: 3, width: w, height: h)
        try #require(decoded.count == frames.count)
        for (k, frame) in frames.enumerated() {
            let source = rgbBytes(frame)
            let error = zip(decoded[k], source).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            #expect(Double(error) / Double(source.count) < 3, "frame \(k): mean error \(Double(error) / Double(source.count))")
            // The bar alone, which the second segment's first frame does not change.
            let barBytes = bar * w * 3
            let barError = zip(decoded[k].prefix(barBytes), source.prefix(barBytes)).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            #expect(Double(barError) / Double(barBytes) < 3, "frame \(k): the bar's mean error is \(Double(barError) / Double(barBytes))")
        }
    }

    @Test("a many-coloured object moving over a flat screen: the frames after the first draw with the file's global colour table, not tables of their own, and decode close to their sources")
    func globalColourTable() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("global.gif")
        let w = 160, h = 120, side = 24
        // A 24×24 two-way gradient (hundreds of colours, so each frame's own palette would need
        // a full 256-entry table) moving 5 px a frame over flat grey.
        let frames = (0 ..< 12).map { k -> RasterImage in
            var image = RasterImage(width: w, height: h)
            for y in 0 ..< h {
                for x in 0 ..< w {
                    let i = y * image.bytesPerRow + x * 4
                    let inside = x >= 10 + 5 * k && x < 10 + 5 * k + side && y >= 40 && y < 40 + side
                    let (r, g, b): (UInt8, UInt8, UInt8) = inside
                        ? (UInt8(40 + 8 * (x - 10 - 5 * k)), UInt8(30 + 9 * (y - 40)), 180) : (200, 200, 200)
                    image.pixels[i] = b; image.pixels[i + 1] = g; image.pixels[i + 2] = r; image.pixels[i + 3] = 255
                }
            }
            return image
        }
        try writeGIF(frames, to: url)
        let gif = try parseGIF([UInt8](try Data(contentsOf: url)))
        #expect(gif.globalTableSize != nil, "no global colour table")
        #expect(gif.frames.count == frames.count)
        let withOwnTable = gif.frames.dropFirst().filter { $0.localTableSize != nil }.count
        #expect(withOwnTable <= 2, "\(withOwnTable) of \(gif.frames.count - 1) frames carry a colour table of their own")
        let decoded = try decodeFrames(url, pixelFormat: "rgb24", bytesPerPixel: 3, width: w, height: h)
        #expect(decoded.count == frames.count)
        for (k, frame) in frames.enumerated() where k < decoded.count {
            let source = rgbBytes(frame)
            // Over the object alone (the grey is exact), a 256-colour GIF of a smooth gradient is
            // within a few levels.
            let error = meanError(decoded[k], source, width: w, x: 10 + 5 * k ..< 10 + 5 * k + side, y: 40 ..< 40 + side)
            #expect(error < 4, "frame \(k): mean error \(error) over the object")
            #expect(decoded[k][0 ..< 3 * w] == source[0 ..< 3 * w], "frame \(k): the grey above the object is not exact")
        }
    }

    @Test("frames over 700,000 px whose change moves and grows (each frame scored over the rows it spans) encode, and decode close to their sources")
    func largeFramesWithMovingChange() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("large.gif")
        let w = 1000, h = 760
        // A gradient bar that moves down and grows taller every frame, over white: the rows a
        // frame changes differ in place and in number from the frame before's. (This crashed:
        // the previous frame's row sums, of another region, were reused.)
        func bar(_ k: Int) -> (y0: Int, y1: Int) { (60 * k, 60 * k + 70 + 30 * k) }
        let frames = (0 ..< 6).map { k -> RasterImage in
            var image = RasterImage(width: w, height: h)
            let (y0, y1) = bar(k)
            for y in 0 ..< h {
                for x in 0 ..< w {
                    let i = y * image.bytesPerRow + x * 4
                    let inside = x >= 100 && x < 400 && y >= y0 && y < y1
                    let (r, g, b): (UInt8, UInt8, UInt8) = inside ? (UInt8(x - 100 - (x - 100) / 6), UInt8(y - y0), 90) : (255, 255, 255)
                    image.pixels[i] = b; image.pixels[i + 1] = g; image.pixels[i + 2] = r; image.pixels[i + 3] = 255
                }
            }
            return image
        }
        try writeGIF(frames, to: url)
        let decoded = try decodeFrames(url, pixelFormat: "rgb24", bytesPerPixel: 3, width: w, height: h)
        #expect(decoded.count == frames.count)
        for (k, frame) in frames.enumerated() where k < decoded.count {
            let source = rgbBytes(frame)
            let (y0, y1) = bar(k)
            let error = meanError(decoded[k], source, width: w, x: 100 ..< 400, y: y0 ..< y1)
            #expect(error < 4, "frame \(k): mean error \(error) over the bar")
            let below = (y1 + 1) * w * 3
            #expect(decoded[k][below ..< below + 3 * w] == source[below ..< below + 3 * w], "frame \(k): the white below the bar is not exact")
        }
    }

    @Test("transparent pixels: a shape that moves over a transparent background leaves no trail")
    func transparency() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("alpha.gif")
        func frame(_ x0: Int) -> RasterImage {
            var image = RasterImage(width: 80, height: 40)           // fully transparent
            for y in 10..<30 { for x in x0..<x0 + 20 {
                let i = y * image.bytesPerRow + x * 4
                image.pixels[i] = 48; image.pixels[i + 1] = 59; image.pixels[i + 2] = 255; image.pixels[i + 3] = 255
            } }
            return image
        }
        let frames = [frame(5), frame(30), frame(55)]
        try writeGIF(frames, to: url)
        let gif = try parseGIF([UInt8](try Data(contentsOf: url)))
        #expect(gif.frames.count == 3)
        #expect(gif.frames[0].disposal == 2 && gif.frames[1].disposal == 2, "disposals \(gif.frames.map(\.disposal))")
        let decoded = try pillowFramesRGBA(url)
        #expect(decoded.count == 3)
        for (k, x0) in [5, 30, 55].enumerated() where k < decoded.count {
            var opaque = 0, wrong = 0
            for y in 0..<40 {
                for x in 0..<80 {
                    let a = decoded[k][(y * 80 + x) * 4 + 3]
                    let inside = x >= x0 && x < x0 + 20 && y >= 10 && y < 30
                    if a == 255 { opaque += 1 }
                    if (a == 255) != inside { wrong += 1 }
                }
            }
            #expect(opaque == 400 && wrong == 0, "frame \(k): \(opaque) opaque pixels, \(wrong) wrong")
        }
    }

    @Test("the same frames give the same bytes")
    func deterministic() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = (0..<6).map { barFrame(width: 120, height: 90, index: $0 * 5) }
        let a = dir.appendingPathComponent("a.gif"), b = dir.appendingPathComponent("b.gif")
        try writeGIF(frames, to: a)
        try writeGIF(frames, to: b)
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))
    }

    @Test("--max-size that cannot be met fails, names the smallest size, and writes nothing")
    func maxSizeUnreachable() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("big.gif")
        try Data("previous".utf8).write(to: url)
        let frames = [noiseFrame(width: 160, height: 120, colors: 200, seed: 7), noiseFrame(width: 160, height: 120, colors: 200, seed: 8)]
        do {
            try writeGIF(frames, to: url, options: .init(maxBytes: 500))
            Issue.record("expected the size limit to be unreachable")
        } catch let AnimatedImageError.sizeLimitUnreachable(path, limit, smallest, _, colors) {
            #expect(path == url.path && limit == 500)
            #expect(smallest > 500)
            #expect(colors == 16)   // it went all the way down the ladder
        }
        #expect(try Data(contentsOf: url) == Data("previous".utf8))
        #expect(directoryListing(dir) == ["big.gif"])
    }

    @Test("--max-size that can be met gives a file within the limit")
    func maxSizeReachable() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = (0..<4).map { barFrame(width: 200, height: 120, index: $0 * 7) }
            .map { frame in   // add a smooth gradient so that fewer colours really are smaller
                var f = frame
                for y in 0..<120 { for x in 0..<100 {
                    let i = y * f.bytesPerRow + x * 4
                    f.pixels[i] = UInt8(x * 2); f.pixels[i + 1] = UInt8(y * 2); f.pixels[i + 2] = UInt8((x + y) % 256)
                } }
                return f
            }
        let free = dir.appendingPathComponent("free.gif")
        let unlimited = try writeGIF(frames, to: free).summary!.bytes
        let limit = unlimited * 3 / 4
        let url = dir.appendingPathComponent("limited.gif")
        let writer = try writeGIF(frames, to: url, options: .init(maxBytes: limit))
        let size = try Data(contentsOf: url).count
        #expect(size <= limit, "\(size) bytes > \(limit)")
        #expect(writer.summary!.quality < GIFWriter.Options.defaultQuality || writer.summary!.colors < 256)
        #expect(try decodeFrames(url, pixelFormat: "rgb24", bytesPerPixel: 3, width: 200, height: 120).count == 4)
    }

    @Test("cancelling, releasing or failing leaves nothing behind")
    func atomic() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("x.gif")
        do {
            let writer = try GIFWriter(url: url, width: 64, height: 48, fps: 50)
            try writer.append(barFrame(width: 64, height: 48, index: 0))
            writer.cancel()
            #expect(throws: EncodeError.writerClosed) { try writer.finish() }
        }
        do {
            let writer = try GIFWriter(url: url, width: 64, height: 48, fps: 50)
            try writer.append(barFrame(width: 64, height: 48, index: 0))
        }
        do {
            let writer = try GIFWriter(url: url, width: 64, height: 48, fps: 50)
            #expect(throws: EncodeError.self) { try writer.append(barFrame(width: 65, height: 48, index: 0)) }
        }
        do {
            let writer = try GIFWriter(url: url, width: 64, height: 48, fps: 50)
            #expect(throws: EncodeError.noFrames(path: url.path)) { try writer.finish() }
        }
        #expect(directoryListing(dir) == [])
    }

    @Test("settings outside their ranges are refused")
    func invalidSettings() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("never.gif")
        #expect(throws: EncodeError.self) { try GIFWriter(url: url, width: 10, height: 10, fps: 60) }
        #expect(throws: EncodeError.self) { try GIFWriter(url: url, width: 10, height: 10, fps: 50, options: .init(quality: 101)) }
        #expect(throws: EncodeError.self) { try GIFWriter(url: url, width: 10, height: 10, fps: 50, options: .init(maxColors: 1)) }
        #expect(throws: EncodeError.self) { try GIFWriter(url: url, width: 10, height: 10, fps: 50, options: .init(maxColors: 257)) }
        #expect(throws: EncodeError.self) { try GIFWriter(url: url, width: 10, height: 10, fps: 50, options: .init(dithering: 1.5)) }
        // 65535 plays is the most that every animated format Segue writes can store (WebP's count is 16 bits).
        #expect(throws: EncodeError.self) { try GIFWriter(url: url, width: 10, height: 10, fps: 50, options: .init(loop: 65536)) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test("the largest loop count, 65535, is written as it is")
    func largestLoopCount() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("loops.gif")
        try writeGIF(Self.twoFrames(width: 64, height: 48), to: url, options: .init(loop: 65535))
        // Plays 65535 times: the first play plus 65534 repeats.
        #expect(try parseGIF([UInt8](try Data(contentsOf: url))).loopCount == 65534)
    }

    /// A horizontal grey ramp 0…255, the same on every row.
    static func ramp(width: Int = 256, height: Int = 24) -> RasterImage {
        var image = RasterImage(width: width, height: height)
        image.pixels.withUnsafeMutableBufferPointer { px in
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let v = UInt8(x * 255 / (width - 1)), o = y * image.bytesPerRow + x * 4
                    px[o] = v; px[o + 1] = v; px[o + 2] = v; px[o + 3] = 255
                }
            }
        }
        return image
    }

    @Test("dithering 0 maps a ramp to flat bands (each row rises monotonically, all rows alike); dithering 1 mixes neighbouring bands")
    func ditheringLevel() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = [Self.ramp(), Self.ramp()]
        func decodedGreys(_ dithering: Double) throws -> [[UInt8]] {
            let url = dir.appendingPathComponent("ramp-\(dithering).gif")
            // (Quality 100: libimagequant's palettes at this dithering level. Below 100 a frame is
            // dithered only where that raises its score enough for its bytes.)
            try writeGIF(frames, to: url, options: .init(quality: 100, maxColors: 8, dithering: dithering))
            let rgb = try decodeFrames(url, pixelFormat: "rgb24", bytesPerPixel: 3, width: 256, height: 24)[0]
            return (0 ..< 24).map { y in (0 ..< 256).map { x in rgb[(y * 256 + x) * 3] } }
        }
        let banded = try decodedGreys(0)
        let distinct = Set(banded[0])
        #expect(distinct.count >= 4 && distinct.count <= 8, "\(distinct.count) greys")
        #expect(banded.allSatisfy { $0 == banded[0] }, "undithered rows differ")
        #expect(zip(banded[0], banded[0].dropFirst()).allSatisfy { $0 <= $1 }, "an undithered ramp must not go down")
        let dithered = try decodedGreys(1)
        let reversals = zip(dithered[0], dithered[0].dropFirst()).filter { $0 > $1 }.count
        #expect(reversals > 10, "dithering should scatter band colours; \(reversals) reversals")
    }
}

@Suite("GIFWriter fidelity")
struct GIFFidelityTests {
    /// A sheet with text-like detail sliding down over a page whose dimming changes every frame:
    /// many colours per frame, large unchanged areas inside the changed rectangles.
    static func sheetFrames(count: Int = 8, width: Int = 160, height: Int = 240) -> [RasterImage] {
        (0..<count).map { k in
            var image = RasterImage(width: width, height: height)
            let dim = 1 - Double(k) * 0.04
            let sheetTop = 60 + k * 12
            var rng = SplitMix64(state: 99)
            for y in 0..<height {
                for x in 0..<width {
                    var (r, g, b): (Double, Double, Double)
                    if y >= sheetTop {
                        (r, g, b) = (94, 92, 230)                              // purple card
                        let ty = y - sheetTop
                        if ty > 20 && ty < 60 && x > 10 && x < 150 && (x / 3 + ty / 2) % 5 == 0 { (r, g, b) = (255, 255, 255) }
                    } else {
                        (r, g, b) = (Double(60 + x), Double(40 + y / 2), Double(250 - x / 2))   // page behind, dimmed
                        if rng.next() % 7 == 0 { (r, g, b) = (20, 20, 20) }
                        (r, g, b) = (r * dim, g * dim, b * dim)
                    }
                    let i = y * image.bytesPerRow + x * 4
                    image.pixels[i] = UInt8(b); image.pixels[i + 1] = UInt8(g); image.pixels[i + 2] = UInt8(r); image.pixels[i + 3] = 255
                }
            }
            return image
        }
    }

    @Test("decoded frames stay close to the source everywhere (no stray colours, no trails)",
          arguments: [GIFWriter.PaletteStrategy.shared, .perFrame])
    func closeToSource(strategy: GIFWriter.PaletteStrategy) throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("sheet.gif")
        let frames = Self.sheetFrames()
        try writeGIF(frames, to: url, options: .init(palette: strategy))
        let decoded = try decodeFrames(url, pixelFormat: "rgb24", bytesPerPixel: 3, width: 160, height: 240)
        #expect(decoded.count == frames.count)
        for (k, frame) in frames.enumerated() where k < decoded.count {
            let source = rgbBytes(frame)
            var worst = 0, total = 0
            for i in 0..<source.count {
                let d = abs(Int(decoded[k][i]) - Int(source[i]))
                worst = max(worst, d); total += d
            }
            // A trail of the white sheet over the dimmed screen is off by over 100. Lossy LZW may
            // move a pixel's blue, the channel it weighs least, by up to 3/√2 of its largest
            // tolerance (68 at 32), on top of the palette's own error (up to about 20 here).
            let lossyReach = Int(3 / 2.0.squareRoot() * Double(GIFTuning.lossyTolerances.max()!))
            #expect(worst <= lossyReach + 20, "frame \(k): a pixel is off by \(worst)")
            // (The mean only guards against drift: frames aim at a perceptual score, not at a mean
            // error, which is 2.0–2.9 here since lossy levels are pushed where a frame has room.)
            #expect(Double(total) / Double(source.count) < 3.2, "frame \(k): mean error \(Double(total) / Double(source.count))")
        }
    }
}
