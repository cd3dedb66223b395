// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `--width`/`--height`, `--quality`, and the progress bar's phases: what a user asking for a
/// README-sized GIF relies on. Outputs are read back with ffprobe and Pillow.
@Suite struct OutputSizingTests {
    /// A 390 × 844 pt phone screen (scale 2) with a card that slides and fades.
    static let scene = """
    canvas: {size: [390, 844], scale: 2, fps: 30, background: "#F2F2F7"}
    layers:
      - {id: card, frame: [45, 322, 300, 200], backgroundColor: "#FF9500", cornerRadius: 16}
    animations:
      - {layer: card, keyPath: position.x, from: 195, to: 260, duration: 0.3, timing: easeInEaseOut}
      - {layer: card, keyPath: opacity, from: 1, to: 0.6, duration: 0.3}
    """

    static func dimensions(_ file: String) throws -> (Int, Int) {
        let r = try tool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0", file])
        let parts = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        return (parts.first ?? -1, parts.dropFirst().first ?? -1)
    }

    @Test func widthOrHeightSetsOneSideAndTheOtherFollowsTheAspectRatio() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("s.yaml", Self.scene)
        // 195 px wide: 844 × 195/390 = 422 px high.
        #expect(try segue("render", scene, "-o", box.path("w.gif"), "--width", "195", "--quiet").status == 0)
        #expect(try Self.dimensions(box.path("w.gif")) == (195, 422))
        // 211 px high: 390 × 211/844 = 97.5, rounded half away from zero to 98.
        #expect(try segue("still", scene, "--time", "0", "-o", box.path("h.png"), "--height", "211").status == 0)
        #expect(try Self.dimensions(box.path("h.png")) == (98, 211))
        let both = try segue("render", scene, "--width", "100", "--scale", "1")
        #expect(both.status == 2 && both.stderr.contains("give one of them"), "stderr: \(both.stderr)")
    }

    @Test func qualityLevelsOrderFileSizesForEveryLossyFormat() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("s.yaml", Self.scene)
        for format in ["mp4", "gif", "webp"] {
            var sizes: [Int] = []
            for level in ["low", "medium", "high", "lossless"] {
                let out = box.path("\(level).\(format)")
                let r = try segue("render", scene, "-o", out, "--quality", level, "--width", "195", "--quiet")
                #expect(r.status == 0, "\(format) \(level): \(r.stderr)")
                sizes.append(((try? FileManager.default.attributesOfItem(atPath: out)[.size]) as? Int) ?? 0)
            }
            // Lossy levels grow with quality. Lossless is the largest for video and GIF; a lossless
            // WebP of flat colours can be smaller than a lossy one, so it is checked by its chunks below.
            let ordered = format == "webp" ? Array(sizes.prefix(3)) : sizes
            // GIF's levels are perceptual targets: a scene of flat colours reaches SSIMULACRA2 90 with
            // the fewest colours tried already, so low, medium and high are about the same file (the
            // searches take different paths to their palettes, and LZW codes them a few dozen bytes
            // apart, in either direction); lossless (exact, 256 colours) must still be larger.
            if format == "gif" {
                for k in 0 ..< 2 { #expect(Double(sizes[k]) <= Double(sizes[k + 1]) * 1.02, "gif bytes low…high: \(sizes)") }
                #expect(sizes[2] < sizes[3], "gif bytes high, lossless: \(sizes)")
            } else {
                #expect(ordered == ordered.sorted() && sizes[0] < sizes[2], "\(format) bytes low…lossless: \(sizes)")
            }
        }
    }

    @Test func qualityMeansConcreteEncoderSettings() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("s.yaml", Self.scene)
        // WebP: lossy frames are VP8 chunks, lossless ones VP8L.
        #expect(try segue("render", scene, "-o", box.path("low.webp"), "--quality", "low", "--width", "100", "--quiet").status == 0)
        #expect(try segue("render", scene, "-o", box.path("exact.webp"), "--quality", "lossless", "--width", "100", "--quiet").status == 0)
        let low = try Data(contentsOf: URL(fileURLWithPath: box.path("low.webp")))
        let exact = try Data(contentsOf: URL(fileURLWithPath: box.path("exact.webp")))
        #expect(low.range(of: Data("VP8 ".utf8)) != nil && low.range(of: Data("VP8L".utf8)) == nil)
        #expect(exact.range(of: Data("VP8L".utf8)) != nil && exact.range(of: Data("VP8 ".utf8)) == nil)
        // MP4: lossless is x264 at QP 0, which needs the High 4:4:4 Predictive profile.
        #expect(try segue("render", scene, "-o", box.path("exact.mp4"), "--quality", "lossless", "--width", "100", "--quiet").status == 0)
        let profile = try tool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=profile", "-of", "csv=p=0", box.path("exact.mp4")])
        #expect(profile.stdout.contains("High 4:4:4 Predictive"), "\(profile.stdout)")
        // Conflicting controls are refused.
        let conflict = try segue("render", scene, "-o", box.path("x.mp4"), "--quality", "low", "--crf", "20")
        #expect(conflict.status == 2 && conflict.stderr.contains("--quality and --crf"), "stderr: \(conflict.stderr)")
        let apng = try segue("render", scene, "-o", box.path("x.apng"), "--quality", "low")
        #expect(apng.status == 2 && apng.stderr.contains("--quality applies to mp4/gif/webp"), "stderr: \(apng.stderr)")
    }

    /// On a terminal the progress bar covers every phase: rendering, then the GIF's palettes and
    /// encoding, up to 100 %. (`script` gives the render a pseudo-terminal.)
    @Test func theProgressBarShowsEveryPhase() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("s.yaml", Self.scene)
        let command = "'\(segueBinary.path)' render '\(scene)' -o '\(box.path("p.gif"))' --width 195"
        let result = try run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"])
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        let screen = result.stdout.replacingOccurrences(of: "\r", with: "\n")
        // GIFs render at 50 fps: 0.3 s is frames 0…15.
        #expect(screen.contains("rendering 16/16 frames"), "\(screen.suffix(400))")
        #expect(screen.contains("encoding GIF 100%"), "\(screen.suffix(400))")
    }

    /// The README's recipe on the README's own two-screenshot flip scene: screenshots at an
    /// iPhone's 1170 × 2532 px, `-q medium --width 390`, gives a GIF under 2 MB at 390 px wide.
    @Test func theReadmesTwoScreenshotFlipFitsInAReadme() throws {
        let box = try Sandbox()
        defer { box.remove() }
        // The scene as the README writes it (the yaml block under "A sheet of your own screens").
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "### A sheet of your own screens"))
        let block = try #require(readme[section.upperBound...].range(of: "```yaml\n"))
        let end = try #require(readme[block.upperBound...].range(of: "```"))
        let yaml = String(readme[block.upperBound ..< end.lowerBound])
        #expect(yaml.contains("scenes/shots/stories.png") && yaml.contains("scenes/shots/trail.png"))
        // Two real-looking screenshots at 3× (1170 × 2532): the stories list and the trail detail.
        try FileManager.default.createDirectory(at: box.dir.appendingPathComponent("scenes/shots"), withIntermediateDirectories: true)
        let presetFlip = packageRoot.appendingPathComponent("scenes/preset-flip.yaml").path
        for (time, name) in [("0", "stories"), ("0.72", "trail")] {
            let r = try segue("still", presetFlip, "--time", time, "--scale", "3", "-o", box.path("scenes/shots/\(name).png"))
            #expect(r.status == 0, "\(r.stderr)")
        }
        #expect(try Self.dimensions(box.path("scenes/shots/stories.png")) == (1170, 2532))
        let scene = try box.write("my.yaml", yaml)
        let r = try segue("render", scene, "-q", "medium", "--width", "390", "-o", box.path("my.gif"), "--quiet")
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: box.path("my.gif"))[.size]) as? Int) ?? 0
        #expect(bytes > 0 && bytes < 2_000_000, "README GIF: \(bytes) bytes")
        #expect(try Self.dimensions(box.path("my.gif")) == (390, 844))
        // It plays the whole timeline: 0.72 + 0.6 + 0.72 + 0.6 = 2.64 s (Pillow sums the delays).
        let pillow = try tool("python3", ["-c", """
            from PIL import Image
            im = Image.open('\(box.path("my.gif"))'); total = 0
            for i in range(im.n_frames): im.seek(i); total += im.info['duration']
            print(total)
            """])
        let total = Double(pillow.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(abs(total - 2640) <= 20, "GIF plays \(total) ms")
    }
}
