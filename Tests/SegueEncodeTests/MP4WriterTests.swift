// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
import SegueEncode
import SegueRaster

@Suite("MP4Writer")
struct MP4WriterTests {
    @Test("96×64: h264 yuv420p, BT.709 tv range, 60 fps, 45 frames", arguments: [(96, 64), (95, 63)])
    func streamProperties(size: (Int, Int)) throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("bars.mp4")
        try encodeBars(to: url, width: size.0, height: size.1)

        let p = try probe(url)
        #expect(p["codec_name"] == "h264")
        #expect(p["pix_fmt"] == "yuv420p")
        #expect(p["color_space"] == "bt709")
        #expect(p["color_primaries"] == "bt709")
        #expect(p["color_transfer"] == "bt709")
        #expect(p["color_range"] == "tv")
        #expect(p["width"] == "96")    // odd sizes are padded to even
        #expect(p["height"] == "64")
        #expect(p["r_frame_rate"] == "60/1")
        #expect(p["avg_frame_rate"] == "60/1")
        #expect(p["nb_frames"] == "45")
        #expect(p["nb_read_frames"] == "45")
        // Only the output file is left in the folder.
        #expect(directoryListing(dir) == ["bars.mp4"])
    }

    @Test("colour tags are in the H.264 VUI and in the MP4 colr atom")
    func colourTagsInStreamAndContainer() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("bars.mp4")
        try encodeBars(to: url, width: 96, height: 64, count: 3)

        // Stream: parse the SPS with FFmpeg's trace_headers bitstream filter.
        let trace = try runTool("ffmpeg", ["-hide_banner", "-i", url.path, "-c", "copy", "-bsf:v", "trace_headers", "-f", "null", "-"])
        func vui(_ field: String) -> String? {
            trace.stderr.split(separator: "\n").first { $0.contains(" \(field) ") }
                .flatMap { $0.split(separator: "=").last?.trimmingCharacters(in: .whitespaces) }
        }
        #expect(vui("colour_primaries") == "1")
        #expect(vui("transfer_characteristics") == "1")
        #expect(vui("matrix_coefficients") == "1")
        #expect(vui("video_full_range_flag") == "0")

        // Container: 'colr' box of type 'nclx' = primaries 1, transfer 1, matrix 1, not full range.
        let bytes = [UInt8](try Data(contentsOf: url))
        let marker = Array("colrnclx".utf8)
        let at = (0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker }
        #expect(at != nil)
        if let at {
            #expect(Array(bytes[at + 8..<at + 15]) == [0, 1, 0, 1, 0, 1, 0])
        }
    }

    @Test("moov comes before mdat (fast start)")
    func fastStart() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("bars.mp4")
        try encodeBars(to: url, width: 96, height: 64)
        let boxes = topLevelBoxes(try Data(contentsOf: url))
        let moov = try #require(boxes.firstIndex(of: "moov"))
        let mdat = try #require(boxes.firstIndex(of: "mdat"))
        #expect(moov < mdat)
        #expect(boxes.first == "ftyp")
    }

    /// The rule as docs/mp4.md states it: one sliced thread per 16 macroblock rows (16 px each) of
    /// the even-padded height, at least 1, at most 4; a 6-frame lookahead at every size.
    /// Worked out by hand: 64 px → 4 rows → 1; 496 → 31 rows → 1; 512 → 32 → 2; 752 → 47 → 2;
    /// 768 → 48 → 3; 844 → 53 (52.75 rounded up) → 3; 1024 → 64 → 4; 1688 → 106 → 4 (capped); 2532 → 159 → 4.
    @Test("x264's thread count follows the frame height alone", arguments: [
        (64, 1), (496, 1), (512, 2), (752, 2), (768, 3), (844, 3), (1024, 4), (1688, 4), (2532, 4), (8192, 4),
    ])
    func x264ThreadsFollowTheHeight(height: Int, threads: Int) {
        let t = MP4Writer.x264Threading(encodedHeight: height)
        #expect(t.threads == threads)
        #expect(t.lookahead == 6)
    }

    @Test("x264 runs with the rule's sliced threads and a 6-frame lookahead, as its own SEI records",
          arguments: [(64, 1), (512, 2), (768, 3), (1024, 4)])
    func x264ThreadsAndLookahead(height: Int, threads: Int) throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("bars.mp4")
        try encodeBars(to: url, width: 96, height: height, count: 3)
        // libx264 writes its settings as text into an unregistered-user-data SEI of the first frame.
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let options = try #require(text.range(of: "x264 - core").map { String(text[$0.lowerBound...].prefix(2000)) })
        let fields = options.split(separator: " ")
        #expect(fields.contains("threads=\(threads)"))
        #expect(fields.contains("sliced_threads=\(threads > 1 ? 1 : 0)"))
        #expect(fields.contains("rc_lookahead=6"))
        #expect(fields.contains("bframes=3"))   // the medium preset is otherwise unchanged
    }

    @Test("two encodes a second apart are byte-identical, with one x264 thread and with several",
          arguments: [(95, 63), (96, 1024)])
    func deterministic(size: (Int, Int)) throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.mp4"), b = dir.appendingPathComponent("b.mp4")
        try encodeBars(to: a, width: size.0, height: size.1)
        Thread.sleep(forTimeInterval: 1.1)   // a creation time would now differ
        try encodeBars(to: b, width: size.0, height: size.1)
        let da = try Data(contentsOf: a), db = try Data(contentsOf: b)
        #expect(da.count > 1000)
        #expect(da == db)
    }

    @Test("decoded colours match the source; red is encoded with BT.709, not BT.601", arguments: [(96, 64), (95, 63)])
    func coloursSurviveRoundTrip(size: (Int, Int)) throws {
        let (w, h) = size
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("bars.mp4")
        try encodeBars(to: url, width: w, height: h)
        let ew = 96, eh = 64   // padded size

        // RGB, interpreting the YUV as BT.709 limited range.
        let rgb = try decodeRaw(url, pixelFormat: "rgb24", bt709ToRGB: true)
        #expect(rgb.count == ew * eh * 3 * 45)
        let last = 44 * ew * eh * 3
        func pixel(_ x: Int, _ y: Int) -> [Int] {
            let i = last + (y * ew + x) * 3
            return [Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2])]
        }
        func close(_ got: [Int], _ want: [Int], _ tolerance: Int = 4) -> Bool {
            zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }
        }
        let py = h - 16
        // Red is the BT.709-vs-601 witness: a 601 matrix would decode it with green ≈ 24.
        #expect(close(pixel(16, py), [255, 0, 0]), "red patch decoded as \(pixel(16, py))")
        // Saturated green/blue 16×16 patches carry a little more x264 chroma error at crf 18, more
        // with a short lookahead (MB-tree raises a static clip's quality less): green decodes
        // with blue 10 instead of 0. A BT.601/709 mix-up would be off by tens, as red shows above.
        #expect(close(pixel(40, py), [0, 255, 0], 12), "green patch decoded as \(pixel(40, py))")
        #expect(close(pixel(64, py), [0, 0, 255], 12), "blue patch decoded as \(pixel(64, py))")
        #expect(close(pixel(3, h - 3), [20, 30, 40]), "background decoded as \(pixel(3, h - 3))")
        // The padding repeats the last column/row (blue), it is not black.
        #expect(close(pixel(ew - 1, eh / 2), [0, 0, 255]), "right edge decoded as \(pixel(ew - 1, eh / 2))")
        #expect(close(pixel(ew - 1, eh - 1), [0, 0, 255]), "bottom-right corner decoded as \(pixel(ew - 1, eh - 1))")

        // Y'CbCr of the red patch: BT.709 limited range gives (63, 102, 240); BT.601 would give (81, 90, 240).
        let yuv = try decodeRaw(url, pixelFormat: "yuv420p")
        let frameSize = ew * eh * 3 / 2
        let base = 44 * frameSize
        let yv = Int(yuv[base + py * ew + 16])
        let cb = Int(yuv[base + ew * eh + (py / 2) * (ew / 2) + 8])
        let cr = Int(yuv[base + ew * eh * 5 / 4 + (py / 2) * (ew / 2) + 8])
        #expect(abs(yv - 63) <= 2 && abs(cb - 102) <= 2 && abs(cr - 240) <= 2, "red patch Y'CbCr = \(yv), \(cb), \(cr)")
    }

    @Test("translucent pixels are composited over black")
    func translucentOverBlack() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("half.mp4")
        // 50% white, premultiplied: (128, 128, 128, 128) → mid grey, not white.
        let writer = try MP4Writer(url: url, width: 32, height: 32, fps: 30)
        for _ in 0..<3 { try writer.append(RasterImage(width: 32, height: 32, fill: (b: 128, g: 128, r: 128, a: 128))) }
        try writer.finish()
        let rgb = try decodeRaw(url, pixelFormat: "rgb24", bt709ToRGB: true)
        #expect(rgb.count == 32 * 32 * 3 * 3)
        #expect(rgb.allSatisfy { abs(Int($0) - 128) <= 3 })
    }

    @Test("non-integer frame rates keep exact timing", arguments: [(29.97, "30000/1001"), (24, "24/1"), (12.5, "25/2")])
    func frameRates(fps: Double, expected: String) throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("rate.mp4")
        try encodeBars(to: url, width: 96, height: 64, count: 10, fps: fps)
        let p = try probe(url)
        #expect(p["r_frame_rate"] == expected)
        #expect(p["avg_frame_rate"] == expected)
        #expect(p["nb_read_frames"] == "10")
    }

    @Test("a 1×1 frame is padded to 2×2 and encodes")
    func tinyFrame() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("tiny.mp4")
        let writer = try MP4Writer(url: url, width: 1, height: 1, fps: 60)
        try writer.append(RasterImage(width: 1, height: 1, fill: (b: 0, g: 0, r: 255, a: 255)))
        try writer.finish()
        let p = try probe(url)
        #expect(p["width"] == "2" && p["height"] == "2" && p["nb_read_frames"] == "1")
    }

    @Test("frames with row padding (bytesPerRow > width × 4) encode like packed ones")
    func stridedFrames() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let packedURL = dir.appendingPathComponent("packed.mp4"), stridedURL = dir.appendingPathComponent("strided.mp4")
        for (url, extra) in [(packedURL, 0), (stridedURL, 64)] {
            let writer = try MP4Writer(url: url, width: 95, height: 63, fps: 60)
            for i in 0..<5 {
                let packed = barFrame(width: 95, height: 63, index: i)
                var px = [UInt8](repeating: 7, count: (95 * 4 + extra) * 63)
                for y in 0..<63 {
                    px.replaceSubrange(y * (95 * 4 + extra)..<y * (95 * 4 + extra) + 95 * 4,
                                       with: packed.pixels[y * 95 * 4..<(y + 1) * 95 * 4])
                }
                try writer.append(RasterImage(width: 95, height: 63, bytesPerRow: 95 * 4 + extra, pixels: px))
            }
            try writer.finish()
        }
        #expect(try Data(contentsOf: packedURL) == Data(contentsOf: stridedURL))
    }

    @Test("invalid sizes and settings are rejected with EncodeError")
    func invalidSettings() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("x.mp4")
        #expect(throws: EncodeError.sizeOutOfRange(width: 0, height: 64)) {
            try MP4Writer(url: url, width: 0, height: 64, fps: 60)
        }
        #expect(throws: EncodeError.sizeOutOfRange(width: 16385, height: 64)) {
            try MP4Writer(url: url, width: 16385, height: 64, fps: 60)
        }
        #expect(throws: EncodeError.self) { try MP4Writer(url: url, width: 64, height: 64, fps: 0) }
        #expect(throws: EncodeError.self) { try MP4Writer(url: url, width: 64, height: 64, fps: .nan) }
        #expect(throws: EncodeError.self) { try MP4Writer(url: url, width: 64, height: 64, fps: 60, crf: 52) }
        #expect(throws: EncodeError.self) { try MP4Writer(url: url, width: 64, height: 64, fps: 60, preset: "warp") }
        #expect(directoryListing(dir).isEmpty)
    }
}

@Suite("MP4Writer determinism")
struct MP4DeterminismTests {
    @Test("encodes running at the same time in one process give identical bytes")
    func concurrentEncodes() async throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let urls = (0..<4).map { dir.appendingPathComponent("c\($0).mp4") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for url in urls {
                group.addTask { try encodeBars(to: url, width: 95, height: 63, count: 12) }
            }
            try await group.waitForAll()
        }
        let first = try Data(contentsOf: urls[0])
        for url in urls.dropFirst() { #expect(try Data(contentsOf: url) == first) }
    }
}
