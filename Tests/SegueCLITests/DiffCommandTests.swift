// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDiff
import SegueDecode
import Testing

/// `segue diff` run as a user runs it, on inputs made in the tests with known differences.
@Suite(.serialized) struct DiffCommandTests {
    /// A w × h straight RGBA frame from a colour function.
    func frame(_ w: Int, _ h: Int, _ color: (Int, Int) -> [UInt8]) -> RGBAFrame {
        var px: [UInt8] = []
        for y in 0 ..< h { for x in 0 ..< w { px += color(x, y) } }
        return RGBAFrame(width: w, height: h, pixels: px)
    }

    let background: [UInt8] = [242, 242, 247, 255]

    /// Frame `i` of a little sequence: a dark square moving right one pixel per frame.
    func sequenceFrame(_ i: Int, w: Int = 32, h: Int = 24) -> RGBAFrame {
        frame(w, h) { x, y in (4 + i ..< 12 + i).contains(x) && (6 ..< 14).contains(y) ? [20, 20, 30, 255] : background }
    }

    func writeFolder(_ box: Sandbox, _ name: String, _ frames: [RGBAFrame]) throws -> String {
        try FileManager.default.createDirectory(atPath: box.path(name), withIntermediateDirectories: true)
        for (i, f) in frames.enumerated() {
            _ = try box.write("\(name)/frame-\(String(format: "%04d", i)).png", bytes: f.pngBytes())
        }
        return box.path(name)
    }

    func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    @Test func identicalInputsExitZeroAndWriteAPassingReport() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let frames = (0 ..< 3).map { sequenceFrame($0) }
        let a = try writeFolder(box, "a", frames), b = try writeFolder(box, "b", frames)
        let r = try segue("diff", a, b, "--report", box.path("report"))
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stdout.hasSuffix("3 passed, 0 failed\n"))
        let report = try json(box.path("report/report.json"))
        #expect(report["passed"] as? Bool == true)
        #expect(report["failedFrames"] as? Int == 0)
        let entries = report["frames"] as! [[String: Any]]
        #expect(entries.map { $0["mismatchedPixels"] as? Int } == [0, 0, 0])
        #expect(entries.map { $0["ssim"] as? Double } == [1, 1, 1])
        let junit = try String(contentsOfFile: box.path("report/junit.xml"), encoding: .utf8)
        #expect(junit.contains("tests=\"3\" failures=\"0\""))
        // Nothing else: images, sheet and video are for failures.
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.path("report")).sorted() == ["junit.xml", "report.html", "report.json"])
    }

    @Test func aChangedFrameExitsOneWithItsCountsImagesAndJUnit() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let frames = (0 ..< 3).map { sequenceFrame($0) }
        var changed = frames
        // Frame 1: a 5 × 4 block turns red in a flat area. Each of its pixels has ≥ 3 equal
        // neighbours (not anti-aliasing) and red vs the background is far over 0.1: 20 pixels.
        let base = frames[1].pixels
        changed[1] = frame(32, 24) { x, y in
            (20 ..< 25).contains(x) && (16 ..< 20).contains(y) ? [255, 0, 0, 255] : Array(base[(y * 32 + x) * 4 ..< (y * 32 + x) * 4 + 4])
        }
        let a = try writeFolder(box, "a", frames), b = try writeFolder(box, "b", changed)
        let r = try segue("diff", a, b, "--report", box.path("report"))
        #expect(r.status == 1, "stderr: \(r.stderr)")
        #expect(r.stdout.contains("frame 1: 20 px differ"))
        #expect(r.stdout.hasSuffix("2 passed, 1 failed\n"))
        let report = try json(box.path("report/report.json"))
        #expect(report["passed"] as? Bool == false)
        let entry = (report["frames"] as! [[String: Any]])[1]
        #expect(entry["status"] as? String == "failed")
        #expect(entry["mismatchedPixels"] as? Int == 20)
        #expect(abs((entry["mismatchRatio"] as? Double ?? 0) - 20.0 / (32 * 24)) < 1e-12)
        // The largest channel change: background blue 247 → 0.
        #expect(entry["maxChannelDelta"] as? Int == 247)
        let ssim = try #require(entry["ssim"] as? Double)
        #expect(ssim < 1 && ssim > 0.5)
        let images = entry["images"] as! [String: String]
        #expect(images["diff"] == "frame-0001-diff.png")
        // The diff PNG: the block red, an unchanged background pixel faded grey.
        let diff = try FrameDecoder.decodeImage(path: box.path("report/frame-0001-diff.png"))
        func px(_ x: Int, _ y: Int) -> [UInt8] { Array(diff.pixels[(y * 32 + x) * 4 ..< (y * 32 + x) * 4 + 4]) }
        #expect(px(22, 17) == [255, 0, 0, 255])
        let luma = 242 * 0.29889531 + 242 * 0.58662247 + 247 * 0.11448223
        let grey = UInt8(255 + (luma - 255) * 0.1)
        #expect(px(0, 0) == [grey, grey, grey, 255])
        #expect(try FrameDecoder.decodeImage(path: box.path("report/frame-0001-actual.png")) == changed[1])
        #expect(try FrameDecoder.decodeImage(path: box.path("report/frame-0001-expected.png")) == frames[1])
        let junit = try String(contentsOfFile: box.path("report/junit.xml"), encoding: .utf8)
        #expect(junit.contains("tests=\"3\" failures=\"1\""))
        #expect(junit.contains("name=\"frame 0001\""))
        #expect(FileManager.default.fileExists(atPath: box.path("report/contact-sheet.png")))
        let probe = try tool("ffprobe", ["-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames,codec_name", "-of", "csv=p=0",
                                         box.path("report/side-by-side.mp4")])
        #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "h264,3")

        // The limits: 20 pixels are allowed with --max-diff-pixels 20, not 19.
        #expect(try segue("diff", a, b, "--report", box.path("r2"), "--max-diff-pixels", "20", "--no-video").status == 0)
        #expect(try segue("diff", a, b, "--report", box.path("r2"), "--max-diff-pixels", "19", "--no-video").status == 1)
        #expect(try segue("diff", a, b, "--report", box.path("r2"), "--max-diff-ratio", "0.03").status == 0)
        #expect(try segue("diff", a, b, "--report", box.path("r2"), "--max-diff-ratio", "0.03", "--min-ssim", "0.9999", "--no-video").status == 1)
        #expect(!FileManager.default.fileExists(atPath: box.path("r2/side-by-side.mp4")))
    }

    @Test func differentFrameCountsAndSizesAreReportedNotCrashedOn() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let a = try writeFolder(box, "a", (0 ..< 3).map { sequenceFrame($0) })
        let b = try writeFolder(box, "b", (0 ..< 2).map { sequenceFrame($0) })
        let r = try segue("diff", a, b, "--report", box.path("report"))
        #expect(r.status == 1, "stderr: \(r.stderr)")
        #expect(r.stdout.contains("frame counts differ: 3 expected, 2 actual"))
        let report = try json(box.path("report/report.json"))
        #expect(report["expectedFrames"] as? Int == 3 && report["actualFrames"] as? Int == 2)
        let frames = report["frames"] as! [[String: Any]]
        #expect(frames.map { $0["status"] as? String } == ["passed", "passed", "missing-actual"])

        let small = try s(box, "small.png", sequenceFrame(0, w: 32, h: 20))
        let big = try s(box, "big.png", sequenceFrame(0, w: 32, h: 24))
        let sizes = try segue("diff", big, small, "--report", box.path("sizes"))
        #expect(sizes.status == 1)
        #expect(sizes.stdout.contains("sizes differ: 32×24 expected, 32×20 actual"))
        let entry = (try json(box.path("sizes/report.json"))["frames"] as! [[String: Any]])[0]
        #expect(entry["status"] as? String == "size-mismatch")
        #expect(entry["expectedSize"] as? [Int] == [32, 24] && entry["actualSize"] as? [Int] == [32, 20])
    }

    func s(_ box: Sandbox, _ name: String, _ f: RGBAFrame) throws -> String {
        try box.write(name, bytes: f.pngBytes())
    }

    @Test func unreadableInputsExitTwoWithAHint() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let good = try s(box, "good.png", sequenceFrame(0))
        let missing = try segue("diff", box.path("nope.png"), good, "--report", box.path("report"))
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("error: cannot read '\(box.path("nope.png"))'"))
        #expect(missing.stderr.contains("hint: "))
        #expect(!FileManager.default.fileExists(atPath: box.path("report")), "nothing written for unusable input")

        let text = try box.write("notes.png", "just text\n")
        let r = try segue("diff", good, text, "--report", box.path("report"))
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("error: "))

        var truncated = try sequenceFrame(0).pngBytes()
        truncated.removeLast(truncated.count / 2)
        let broken = try box.write("broken.png", bytes: truncated)
        let t = try segue("diff", good, broken, "--report", box.path("report"))
        #expect(t.status == 2)
        #expect(t.stderr.contains("damaged"))

        try FileManager.default.createDirectory(atPath: box.path("empty"), withIntermediateDirectories: true)
        #expect(try segue("diff", box.path("empty"), good, "--report", box.path("report")).status == 2)
        // Usage errors are 2 as well.
        #expect(try segue("diff", good, good, "--threshold", "2").status == 2)
        // A report folder that is not a report is never emptied.
        _ = try box.write("precious/keep.txt", "data")
        let refused = try segue("diff", good, good, "--report", box.path("precious"))
        #expect(refused.status == 2)
        #expect(FileManager.default.fileExists(atPath: box.path("precious/keep.txt")))
    }

    @Test func videosAndGIFsAreDecodedFrameByFrame() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let flip = packageRoot.appendingPathComponent("scenes/flip.yaml").path
        let mp4 = box.path("flip.mp4"), again = box.path("again.mp4"), pngs = box.path("pngs")
        // Scale 0.4: 156 × 338 px, even, so the MP4 needs no padding row or column.
        #expect(try segue("render", flip, "--scale", "0.4", "--frames", "0-7", "-o", mp4, "--quiet").status == 0)
        #expect(try segue("render", flip, "--scale", "0.4", "--frames", "0-7", "-o", again, "--quiet", "--jobs", "1").status == 0)
        #expect(try segue("render", flip, "--scale", "0.4", "--frames", "0-7", "--format", "png", "-o", pngs, "--quiet").status == 0)
        let same = try segue("diff", mp4, again, "--report", box.path("r1"))
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.hasSuffix("8 passed, 0 failed\n"))
        // H.264 against the lossless frames: close, not equal; loose limits pass, exact ones fail.
        let loose = try segue("diff", pngs, mp4, "--report", box.path("r2"), "--threshold", "0.2", "--max-diff-ratio", "0.05", "--min-ssim", "0.9")
        #expect(loose.status == 0, "\(loose.stdout)\(loose.stderr)")
        let strict = try segue("diff", pngs, mp4, "--report", box.path("r3"), "--no-video")
        #expect(strict.status == 1)
        // A GIF made by ffmpeg from the PNG frames: 8 frames of the same size.
        let gif = box.path("flip.gif")
        #expect(try tool("ffmpeg", ["-v", "error", "-framerate", "30", "-i", pngs + "/frame-%04d.png", "-y", gif]).status == 0)
        let g = try segue("diff", pngs, gif, "--report", box.path("r4"), "--threshold", "0.3", "--max-diff-ratio", "0.2")
        #expect(g.stdout.contains("8 frame pairs compared (8 expected, 8 actual)"), "\(g.stdout)\(g.stderr)")
        #expect(g.status == 0)
    }

    @Test func anAnimatedWebPIsComparedFrameByFrameEvenWhereLibwebpMergedFrames() throws {
        let box = try Sandbox()
        defer { box.remove() }
        // The box stops after 0.2 s; the remaining 0.3 s are equal frames that libwebp merges.
        let scene = try box.write("stop.yaml", """
        canvas: {size: [40, 30], scale: 1, fps: 30, background: "#FFFFFF"}
        duration: 0.5
        layers: [{id: box, frame: [0, 10, 10, 10], backgroundColor: "#FF3B30"}]
        animations: [{layer: box, keyPath: position.x, from: 5, to: 35, duration: 0.2}]
        """)
        let webp = box.path("stop.webp"), pngs = box.path("pngs")
        #expect(try segue("render", scene, "-o", webp, "--quiet").status == 0)
        #expect(try segue("render", scene, "--format", "png", "-o", pngs, "--quiet").status == 0)
        let rendered = try FileManager.default.contentsOfDirectory(atPath: pngs).filter { $0.hasSuffix(".png") }.count
        #expect(rendered == 16)   // frames 0 … 15: ceil(0.5 × 30) + 1
        let r = try segue("diff", pngs, webp, "--report", box.path("report"), "--no-video")
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("16 frame pairs compared (16 expected, 16 actual)"), "\(r.stdout)")
        // Lossless WebP: every frame is exactly the PNG's.
        let report = try json(box.path("report/report.json"))
        let frames = try #require(report["frames"] as? [[String: Any]])
        #expect(frames.count == 16 && frames.allSatisfy { ($0["mismatchedPixels"] as? Int) == 0 })
    }
}
