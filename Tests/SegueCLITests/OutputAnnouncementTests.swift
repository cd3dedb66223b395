// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Every output is announced: missing folders above -o are created and named, each command that
/// writes a file prints one line naming it, a --frames slice never replaces the whole render,
/// a log gets progress lines, and --max-size accounts for every attempt.
@Suite struct OutputAnnouncementTests {
    /// A card that slides for 0.3 s at 30 fps: 10 frames, 78 × 169 px at scale 0.2.
    static let scene = """
    canvas: {size: [390, 844], scale: 0.2, fps: 30, background: "#F2F2F7"}
    layers:
      - {id: card, frame: [45, 322, 300, 200], backgroundColor: "#FF9500", cornerRadius: 16}
    animations:
      - {layer: card, keyPath: position.x, from: 195, to: 260, duration: 0.3, timing: easeInEaseOut}
    """

    static func fileExists(_ box: Sandbox, _ name: String) -> Bool {
        FileManager.default.fileExists(atPath: box.path(name))
    }

    @Test func missingFoldersAboveTheOutputAreCreatedAndNamed() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("s.yaml", Self.scene)
        let cases: [(arguments: [String], output: String)] = [
            (["render", "s.yaml", "-o", "out/a/s.mp4"], "out/a/s.mp4"),
            (["render", "s.yaml", "--format", "png", "-o", "frames/b/s"], "frames/b/s"),
            (["still", "s.yaml", "--time", "0.1", "-o", "stills/c/s.png"], "stills/c/s.png"),
            (["sheet", "s.yaml", "-o", "sheets/d/s.png"], "sheets/d/s.png"),
            (["plot", "s.yaml", "--layer", "card", "--keyPath", "position.x", "-o", "plots/e/s.png"], "plots/e/s.png"),
            (["expand", "s.yaml", "-o", "expanded/f/s.yaml"], "expanded/f/s.yaml"),
            (["schema", "-o", "schema/g/s.json"], "schema/g/s.json"),
        ]
        for (arguments, output) in cases {
            let result = try run(segueBinary, arguments, cwd: box.dir)
            let folder = (output as NSString).deletingLastPathComponent
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(Self.fileExists(box, output), "\(arguments) wrote no \(output)")
            // One line names the output and the folder made for it.
            let lines = result.stderr.split(separator: "\n").filter { $0.contains("→ \(output)") }
            #expect(lines.count == 1 && lines[0].contains("created \(folder)/"), "\(arguments) said:\n\(result.stderr)")
        }
        // An existing folder is not announced as created.
        let again = try run(segueBinary, ["still", "s.yaml", "--time", "0", "-o", "stills/c/t.png"], cwd: box.dir)
        #expect(again.status == 0 && again.stderr.contains("→ stills/c/t.png") && !again.stderr.contains("created"), "\(again.stderr)")
    }

    @Test func importCreatesTheScenesFolderToo() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let animator = packageRoot.appendingPathComponent("scenes/Animators/FlipPresent.swift").path
        let result = try run(segueBinary, ["import", animator, "--from", "a", "--to", "b", "-o", "new/flip.yaml"], cwd: box.dir)
        #expect(result.status == 0 && result.stderr.contains("wrote new/flip.yaml (created new/)"), "\(result.stderr)")
        #expect(Self.fileExists(box, "new/flip.yaml"))
    }

    @Test func aFramesSliceGetsANameOfItsOwn() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("s.yaml", Self.scene)
        #expect(try run(segueBinary, ["render", "s.yaml", "--quiet"], cwd: box.dir).status == 0)
        let whole = try Data(contentsOf: box.dir.appendingPathComponent("out/s.mp4"))
        let slice = try run(segueBinary, ["render", "s.yaml", "--frames", "2-4"], cwd: box.dir)
        #expect(slice.status == 0 && slice.stderr.contains("→ out/s-frames-2-4.mp4  (3 frames"), "\(slice.stderr)")
        #expect(try Data(contentsOf: box.dir.appendingPathComponent("out/s.mp4")) == whole, "the whole render was replaced")
        #expect(try Self.frameCount(box.path("out/s-frames-2-4.mp4")) == 3)
        let frames = try run(segueBinary, ["render", "s.yaml", "--format", "png", "--frames", "1,5-"], cwd: box.dir)
        #expect(frames.status == 0, "\(frames.stderr)")
        // Frames 1 and 5 … 9 of the 10.
        let names = try FileManager.default.contentsOfDirectory(atPath: box.path("out/s-frames-1_5-")).filter { $0.hasSuffix(".png") }
        #expect(names.count == 6, "\(names)")
        // With -o, the name given is the name used.
        #expect(try run(segueBinary, ["render", "s.yaml", "--frames", "0-1", "-o", "part.mp4", "--quiet"], cwd: box.dir).status == 0)
        #expect(Self.fileExists(box, "part.mp4"))
    }

    static func frameCount(_ file: String) throws -> Int {
        let r = try tool("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
                                     "-of", "csv=p=0", file])
        return Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test func aLogGetsPlainProgressLines() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("s.yaml", Self.scene)
        // Standard error is a file here, as in CI; the interval is shortened so a short render shows lines.
        var environment = ProcessInfo.processInfo.environment
        environment["SEGUE_PROGRESS_SECONDS"] = "0"
        let result = try run(segueBinary, ["render", "s.yaml", "-o", "s.mp4", "--jobs", "1"], cwd: box.dir, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let progress = result.stderr.split(separator: "\n").filter { $0.hasPrefix("s.yaml: ") && $0.contains(" frames, ") }
        #expect(!progress.isEmpty, "\(result.stderr)")
        for line in progress {
            // "s.yaml: 3/10 frames, 12.5 fps, ETA 1 s": no bar characters, no carriage returns.
            let parts = line.split(separator: " ")
            let done = parts[1].split(separator: "/").compactMap { Int($0) }
            #expect(done.count == 2 && done[1] == 10 && done[0] < 10, "\(line)")
            #expect(line.contains(" fps, ETA ") && line.hasSuffix(" s"), "\(line)")
        }
        #expect(!result.stderr.contains("\r") && !result.stderr.contains("█"))
        // Quiet is quiet.
        let quiet = try run(segueBinary, ["render", "s.yaml", "-o", "q.mp4", "--quiet"], cwd: box.dir, environment: environment)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func maxSizeReportsEveryAttemptAndTheWholeTime() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let flip = packageRoot.appendingPathComponent("scenes/flip.yaml").path
        // 13 frames 120 px wide: about 44 kB at 50 fps and quality 90, under 35 kB only at a lower frame rate.
        let started = Date()
        let result = try run(segueBinary, ["render", flip, "--width", "120", "--frames", "0-12", "--max-size", "35k", "-o", "m.gif"], cwd: box.dir)
        let wall = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: box.path("m.gif"))[.size] as? Int)
        #expect(size <= 35000)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let attempts = lines.filter { $0.contains(": attempt ") && $0.contains("over --max-size 35000") }
        #expect(!attempts.isEmpty, "\(result.stderr)")
        let summary = try #require(lines.first { $0.contains("→ m.gif") })
        #expect(summary.contains("attempt \(attempts.count + 1) of the --max-size search"), "\(summary)")
        // The whole time covers every attempt: more than the failed attempts' times plus the last render's, at most the wall clock.
        func seconds(_ text: String, after marker: String, before end: String) -> Double? {
            guard let a = text.range(of: marker), let b = text.range(of: end, range: a.upperBound ..< text.endIndex) else { return nil }
            return Double(text[a.upperBound ..< b.lowerBound])
        }
        let total = try #require(seconds(summary, after: "search, ", before: " s in all"))
        let last = try #require(seconds(summary, after: "rendered in ", before: " s;"))
        let failed = attempts.compactMap { seconds($0, after: "(", before: " s)") }.reduce(0, +)
        #expect(total >= last + failed - 0.02 && total <= wall, "total \(total), last \(last), failed \(failed), wall \(wall)")
    }
}
