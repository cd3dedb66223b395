// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// End to end: the flip scene of the seed article becomes an MP4 and PNG frames that
/// independent tools (ffprobe, ffmpeg) read as promised.
@Suite(.serialized) struct RenderTests {
    let flip = packageRoot.appendingPathComponent("scenes/flip.yaml").path

    func ffprobeStream(_ file: String) throws -> [String: Any] {
        let r = try tool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-count_frames", "-show_streams",
                                     "-show_format", "-of", "json", file])
        #expect(r.status == 0, "ffprobe: \(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: r.stdoutData) as! [String: Any]
        return (json["streams"] as! [[String: Any]])[0]
    }

    @Test func flipRendersToAnH264FileThatPlaysEverywhere() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let first = box.path("flip.mp4"), second = box.path("again.mp4")
        let r = try segue("render", flip, "-o", first, "--quiet")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let s = try ffprobeStream(first)
        #expect(s["codec_name"] as? String == "h264")
        #expect(s["pix_fmt"] as? String == "yuv420p")
        #expect(s["width"] as? Int == 780 && s["height"] as? Int == 1688)
        #expect(s["r_frame_rate"] as? String == "60/1")
        // 0.72 s × 60 = 43.2 → frames 0 … 44.
        #expect(s["nb_read_frames"] as? String == "45")
        #expect(s["color_space"] as? String == "bt709")
        #expect(s["color_primaries"] as? String == "bt709")
        #expect(s["color_transfer"] as? String == "bt709")
        // moov before mdat: the file plays while it downloads.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
        let moov = bytes.range(of: Data("moov".utf8))!.lowerBound
        let mdat = bytes.range(of: Data("mdat".utf8))!.lowerBound
        #expect(moov < mdat)
        // 1688 px is 106 macroblock rows: x264 runs 4 sliced threads (docs/mp4.md), as its SEI says.
        let settings = String(decoding: bytes, as: UTF8.self)
        let x264 = try #require(settings.range(of: "x264 - core").map { settings[$0.lowerBound...].prefix(2000) })
        #expect(x264.split(separator: " ").contains("threads=4"))
        #expect(x264.split(separator: " ").contains("sliced_threads=1"))
        // Deterministic: renders with 2 workers and with 1 are byte-identical to the first.
        for jobs in ["2", "1"] {
            #expect(try segue("render", flip, "-o", second, "--quiet", "--jobs", jobs).status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == bytes, "--jobs \(jobs)")
        }
    }

    @Test func pngFramesHaveTheCanvasPixelSize() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let dir = box.path("frames")
        let r = try segue("render", flip, "--format", "png", "--frames", "20-22", "-o", dir, "--quiet")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names == ["frame-0020.png", "frame-0021.png", "frame-0022.png"])
        let probe = try tool("ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0",
                                         dir + "/frame-0021.png"])
        #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "780,1688")
    }

    @Test func framesTakeCommaListsOfFramesAndRanges() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let dir = box.path("frames")
        // The flip has frames 0…44; "6,12,42-" is 6, 12, 42, 43, 44, each named by its number,
        // and overlapping or repeated items select a frame once.
        let r = try segue("render", flip, "--format", "png", "--frames", "12,6,42-,43", "-o", dir, "--quiet", "--scale", "0.25")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
            == ["frame-0006.png", "frame-0012.png", "frame-0042.png", "frame-0043.png", "frame-0044.png"])
        // Each file is that frame: equal to a render of that frame alone.
        let single = box.path("single")
        #expect(try segue("render", flip, "--format", "png", "--frames", "12", "-o", single, "--quiet", "--scale", "0.25").status == 0)
        #expect(FileManager.default.contents(atPath: dir + "/frame-0012.png") == FileManager.default.contents(atPath: single + "/frame-0012.png"))
        let dump = try segue("dump", flip, "--frames", "0,44")
        let frames = (try JSONSerialization.jsonObject(with: dump.stdoutData) as! [String: Any])["frames"] as! [[String: Any]]
        #expect(frames.map { $0["index"] as! Int } == [0, 44])
        // An item past the end is named in the error.
        let bad = try segue("render", flip, "--format", "png", "--frames", "3,50-", "-o", box.path("bad"), "--quiet")
        #expect(bad.status == 1 && bad.stderr.contains("--frames 50-") && bad.stderr.contains("frames 0-44"))
    }

    @Test func dumpShowsTheFlipGeometry() throws {
        let r = try segue("dump", flip, "--frames", "0-44")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: r.stdoutData) as! [String: Any]
        #expect(json["fps"] as? Double == 60)
        let frames = json["frames"] as! [[String: Any]]
        #expect(frames.count == 45)
        func quad(_ frame: Int, _ id: String) -> [[Double]] {
            let layers = frames[frame]["layers"] as! [[String: Any]]
            return layers.first { $0["id"] as? String == id }!["quad"] as! [[Double]]
        }
        // At t = 0 the snapshot is turned 90° about y: edge-on, every corner on the centre line x = 195.
        for corner in quad(0, "toSnapshot") { #expect(abs(corner[0] - 195) < 1e-6) }
        // The seed's group eases all 0.72 s with easeInEaseOut, so the presenting screen is
        // edge-on only at t ≈ 0.289 s (eased progress 1/3), between frames 17 and 18: its
        // quad is narrowest there and every corner is near the centre line.
        func width(_ frame: Int, _ id: String) -> Double {
            let xs = quad(frame, id).map { $0[0] }
            return xs.max()! - xs.min()!
        }
        let widths = (10 ... 24).map { width($0, "fromView") }
        let narrowest = 10 + widths.firstIndex(of: widths.min()!)!
        #expect(narrowest == 17 || narrowest == 18)
        #expect(width(narrowest, "fromView") < 20)
        // At the end the snapshot is flat and full screen.
        let end = quad(44, "toSnapshot")
        let expected: [[Double]] = [[0, 0], [390, 0], [390, 844], [0, 844]]
        for (c, e) in zip(end, expected) { #expect(abs(c[0] - e[0]) < 1e-9 && abs(c[1] - e[1]) < 1e-9) }
    }

    @Test func stillWritesOnePNGAndCheckAcceptsTheScene() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let png = box.path("mid.png")
        let r = try segue("still", flip, "--time", "0.36", "-o", png)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let probe = try tool("ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", png])
        #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "780,1688")
        let check = try segue("check", flip)
        #expect(check.status == 0)
        #expect(check.stdout.contains("45 frames"))
    }

    @Test func helpHasExamples() throws {
        for sub in ["render", "still", "check", "dump"] {
            let r = try segue(sub, "--help")
            #expect(r.status == 0)
            #expect(r.stdout.contains("Example"), "\(sub) --help has no examples")
        }
    }
}
