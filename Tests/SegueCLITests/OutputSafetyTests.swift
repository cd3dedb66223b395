// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Nothing a user owns is ever damaged (docs/reliability.md): inputs are never overwritten,
/// special files are written into rather than replaced, interrupted and failed renders leave the
/// previous output byte-identical and no stray files, and two renders of one output never
/// interleave. Each test drives the real `segue` binary, as a user or CI would.
@Suite(.serialized) struct OutputSafetyTests {
    /// A small animated scene: 11 frames of 40×30 px, a box fading out.
    static let scene = """
    canvas: {size: [40, 30], scale: 1, fps: 10}
    layers:
      - id: box
        frame: [0, 0, 20, 20]
        backgroundColor: "#FF0000"
    animations:
      - {layer: box, keyPath: opacity, from: 1, to: 0, duration: 1}
    """

    static func scene(color: String, frames: Int = 11) -> String {
        scene.replacingOccurrences(of: "#FF0000", with: color)
            .replacingOccurrences(of: "duration: 1}", with: "duration: \(Double(frames - 1) / 10)}")
    }

    // MARK: - Inputs are never overwritten

    @Test func renderingOverItsOwnSceneFileIsRefused() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let victim = try box.write("victim.yaml", Self.scene)
        for extra in [[], ["--format", "gif"]] {
            let result = try run(segueBinary, ["render", victim, "-o", victim, "--quiet"] + extra)
            #expect(result.status == 2, "stderr: \(result.stderr)")
            #expect(result.stderr.contains("victim.yaml") && result.stderr.contains(".yaml"), "stderr: \(result.stderr)")
            #expect(result.stderr.contains("hint:"), "stderr: \(result.stderr)")
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == Self.scene)
        #expect(box.listing() == ["victim.yaml"])
    }

    @Test func anotherNameForTheSceneFileIsRecognisedByInode() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let victim = try box.write("victim.yaml", Self.scene)
        // A symbolic link and a hard link with an innocent extension: both are the scene file.
        #expect(symlink(victim, box.path("alias.gif")) == 0)
        #expect(link(victim, box.path("hard.gif")) == 0)
        for output in ["alias.gif", "hard.gif"] {
            let result = try segue("render", victim, "-o", box.path(output), "--quiet")
            #expect(result.status == 1, "stderr: \(result.stderr)")
            #expect(result.stderr.contains("refusing to write output '\(box.path(output))'"), "stderr: \(result.stderr)")
            #expect(result.stderr.contains("scene file"), "stderr: \(result.stderr)")
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == Self.scene)
        #expect(box.listing() == ["alias.gif", "hard.gif", "victim.yaml"])
    }

    @Test func aSwiftAnimatorTheSceneReadsIsNeverAnOutput() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = box.path("swift-flip.yaml")
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("scenes/swift-flip.yaml").path, toPath: scene)
        let animator = try box.write("Animators/FlipPresent.swift",
                                     String(contentsOf: packageRoot.appendingPathComponent("scenes/Animators/FlipPresent.swift"), encoding: .utf8))
        let original = try Data(contentsOf: URL(fileURLWithPath: animator))
        // Onto the file itself, in every format, and with the format taken from the name.
        for format in [[], ["--format", "mp4"], ["--format", "gif"], ["--format", "webp"], ["--format", "apng"], ["--format", "raw"], ["--format", "png"]] {
            let result = try run(segueBinary, ["render", scene, "-o", animator, "--scale", "0.25", "--quiet"] + format)
            #expect(result.status != 0, "\(format) stderr: \(result.stderr)")
            #expect(result.stderr.contains("FlipPresent.swift"), "\(format) stderr: \(result.stderr)")
        }
        // Under names whose extension fits the format: only the scene's inputs can tell.
        #expect(symlink(animator, box.path("alias.gif")) == 0)
        #expect(link(animator, box.path("hard.mp4")) == 0)
        for (output, format) in [("alias.gif", "gif"), ("hard.mp4", "mp4")] {
            let result = try segue("render", scene, "-o", box.path(output), "--format", format, "--scale", "0.25", "--quiet")
            #expect(result.status == 1, "stderr: \(result.stderr)")
            #expect(result.stderr.contains("refusing to write output '\(box.path(output))'"), "stderr: \(result.stderr)")
            #expect(result.stderr.contains("Swift file read by"), "stderr: \(result.stderr)")
        }
        // PNG frames into the folder that holds the animator would empty it.
        let folder = try segue("render", scene, "-o", box.path("Animators"), "--format", "png", "--scale", "0.25", "--quiet")
        #expect(folder.status == 1, "stderr: \(folder.stderr)")
        #expect(folder.stderr.contains("Swift file read by"), "stderr: \(folder.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: animator)) == original)
        #expect(box.listing() == ["Animators", "Animators/FlipPresent.swift", "alias.gif", "hard.mp4", "swift-flip.yaml"])
    }

    @Test func aContentsImageIsNotOverwrittenByAStill() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let image = try box.write("photo.png", bytes: Self.tinyPNG)
        let scene = Self.scene.replacingOccurrences(of: "backgroundColor: \"#FF0000\"", with: "contents: photo.png")
        let path = try box.write("s.yaml", scene)
        let result = try segue("still", path, "-o", image)
        #expect(result.status == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("image used by"), "stderr: \(result.stderr)")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: image))) == Self.tinyPNG)
    }

    @Test func aDiffReportNeverEmptiesAFolderHoldingItsInputs() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let a = try box.write("old-report/a.png", bytes: Self.tinyPNG)
        _ = try box.write("old-report/report.json", "{}")
        let b = try box.write("b.png", bytes: Self.tinyPNG)
        let result = try segue("diff", a, b, "--report", box.path("old-report"))
        #expect(result.status == 2, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("expected input"), "stderr: \(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: a))
        #expect(box.listing() == ["b.png", "old-report", "old-report/a.png", "old-report/report.json"])
    }

    @Test func outputExtensionsMustMatchTheFormat() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("s.yaml", Self.scene)
        let cases: [([String], String)] = [
            (["render", scene, "-o", box.path("x.yaml")], "name it x.mp4"),
            (["render", scene, "--format", "gif", "-o", box.path("x.mp4")], "name it x.gif"),
            (["render", scene, "--format", "png", "-o", box.path("frames.gif")], "-o frames"),
            (["still", scene, "-o", box.path("x.jpg")], "name it x.png"),
            (["expand", scene, "-o", box.path("x.json")], ".yaml"),
        ]
        for (arguments, hint) in cases {
            let result = try run(segueBinary, arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(hint), "\(arguments): \(result.stderr)")
        }
        #expect(box.listing() == ["s.yaml"])
    }

    // MARK: - Special files are written into, never replaced

    @Test func devicesAreWrittenIntoNotReplaced() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("s.yaml", Self.scene)
        let null = try run(segueBinary, ["render", scene, "-o", "/dev/null", "--format", "gif", "--quiet"])
        #expect(null.status == 0, "stderr: \(null.stderr)")
        #expect(Self.fileType("/dev/null") == S_IFCHR)
        // /dev/full fails every write with ENOSPC: a clear error, and the device is still a device.
        let full = try run(segueBinary, ["render", scene, "-o", "/dev/full", "--format", "gif", "--quiet"])
        #expect(full.status == 1, "stderr: \(full.stderr)")
        #expect(full.stderr.contains("'/dev/full'") && full.stderr.contains("No space left on device"), "stderr: \(full.stderr)")
        #expect(Self.fileType("/dev/full") == S_IFCHR)
        // MP4 must seek: refused before rendering, with the reason.
        let mp4 = try run(segueBinary, ["render", scene, "-o", "/dev/null", "--format", "mp4"])
        #expect(mp4.status == 2, "stderr: \(mp4.stderr)")
        #expect(mp4.stderr.contains("index"), "stderr: \(mp4.stderr)")
        #expect(box.listing() == ["s.yaml"])
    }

    @Test func standardOutputAndFIFOsStream() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("s.yaml", Self.scene)
        // Raw frames on standard output: 11 frames × 40 × 30 px × 4 bytes.
        let raw = try run(segueBinary, ["render", scene, "-o", "-", "--format", "raw", "--quiet"])
        #expect(raw.status == 0, "stderr: \(raw.stderr)")
        #expect(raw.stdoutData.count == 11 * 40 * 30 * 4)
        let gif = try run(segueBinary, ["render", scene, "-o", "-", "--format", "gif", "--quiet"])
        #expect(gif.status == 0 && gif.stdoutData.starts(with: Array("GIF89a".utf8)), "stderr: \(gif.stderr)")
        #expect(gif.stdoutData.last == 0x3B)   // the GIF trailer: the stream is complete

        // A named pipe: read by another thread while Segue writes an APNG into it.
        let fifo = box.path("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        let received = LockedBytes()
        // A blocking open, as `cat pipe` does: it waits for Segue to open the write end.
        let reader = Thread { received.set(Self.readAll(fifo)) }
        reader.start()
        let result = try run(segueBinary, ["render", scene, "-o", fifo, "--format", "apng", "--quiet"])
        while !received.isSet { usleep(10_000) }
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(received.value.starts(with: [0x89, 0x50, 0x4E, 0x47]) && received.value.count > 100)
        #expect(Self.fileType(fifo) == S_IFIFO)
        #expect(box.listing() == ["pipe", "s.yaml"])
    }

    @Test func aSymlinkOutputIsWrittenThroughToItsTarget() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("s.yaml", Self.scene)
        try FileManager.default.createDirectory(atPath: box.path("real"), withIntermediateDirectories: true)
        #expect(symlink("real/target.gif", box.path("link.gif")) == 0)   // dangling until the render
        let result = try segue("render", scene, "-o", box.path("link.gif"), "--quiet")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(Self.fileType(box.path("link.gif"), follow: false) == S_IFLNK)
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.path("real/target.gif"))).starts(with: Array("GIF89a".utf8)))
        #expect(box.listing() == ["link.gif", "real", "real/target.gif", "s.yaml"])
    }

    // MARK: - Interrupted and failed renders

    /// `kill -9` at three points (mid-render with a spool, before the rename of a finished MP4,
    /// before a PNG folder is swapped in): the previous output survives byte for byte, and the
    /// next run removes what the dead process left.
    @Test(arguments: [
        ("out.gif", ["stop-after-frame=3"]),
        ("out.mp4", ["stop-before-commit"]),
        ("frames", ["stop-before-commit"]),
    ])
    func killMinusNineThenRunAgain(output: String, faults: [String]) throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("s.yaml", Self.scene)
        let destination = box.path(output)
        let previous = try Self.writePreviousOutput(at: destination, box: box)
        let process = try Background(["render", scene, "-o", destination, "--quiet"], fault: faults.joined(separator: ","))
        try process.waitUntilStopped()
        #expect(box.listing().contains { $0.hasPrefix(".\(output).segue-") }, "no temporary file while rendering: \(box.listing())")
        kill(process.pid, SIGKILL)
        process.wait()
        #expect(try Self.snapshot(destination) == previous)
        // The dead process's temporary files and lock are still there …
        #expect(box.listing().contains { $0.hasPrefix(".\(output).segue-\(process.pid)-") })
        // … until the next run of the same output removes them.
        let again = try segue("render", scene, "-o", destination, "--quiet")
        #expect(again.status == 0, "stderr: \(again.stderr)")
        #expect(box.listing().filter { $0.hasPrefix(".") }.isEmpty, "left behind: \(box.listing())")
        #expect(try Self.snapshot(destination) != previous)
    }

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func signalsStopTheRenderAndRemoveTemporaryFiles(signal: Int32, status: Int32) throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("s.yaml", Self.scene)
        let destination = box.path("out.gif")
        let previous = try Self.writePreviousOutput(at: destination, box: box)
        let process = try Background(["render", scene, "-o", destination, "--quiet"], fault: "stop-after-frame=4")
        try process.waitUntilStopped()
        kill(process.pid, signal)
        kill(process.pid, SIGCONT)
        process.wait()
        #expect(process.status == status)
        #expect(process.stderr.contains("stopped by"), "stderr: \(process.stderr)")
        #expect(try Self.snapshot(destination) == previous)
        #expect(box.listing() == ["out.gif", "s.yaml"])
    }

    @Test(arguments: ["out.mp4", "out.gif", "out.webp", "out.apng", "frames"])
    func anEncoderFailureLeavesThePreviousOutput(output: String) throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("s.yaml", Self.scene)
        let destination = box.path(output)
        let previous = try Self.writePreviousOutput(at: destination, box: box)
        let before = box.listing()
        let result = try run(segueBinary, ["render", scene, "-o", destination, "--quiet"], environment: Self.environment(fault: "fail-at-frame=5"))
        #expect(result.status == 1)
        #expect(result.stderr.contains(destination) && result.stderr.contains("Input/output error"), "stderr: \(result.stderr)")
        #expect(try Self.snapshot(destination) == previous)
        #expect(box.listing() == before)
    }

    /// The image is first drawn at frame 8. While the render is paused at frame 2 it is first
    /// replaced with garbage, then deleted. Segue read it before the first frame, so the frames
    /// after the pause still show the red pixel it held: the file is byte-identical to an
    /// undisturbed render, and nothing stray is left.
    @Test func anImageThatBecomesUnreadableMidRunDoesNotChangeTheRender() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let image = try box.write("photo.png", bytes: Self.tinyPNG)
        let scene = try box.write("s.yaml", """
        canvas: {size: [40, 30], scale: 1, fps: 10}
        layers:
          - {id: box, frame: [0, 0, 20, 20], backgroundColor: "#0000FF"}
          - {id: photo, frame: [20, 0, 20, 20], contents: photo.png, hidden: true}
        animations:
          - {layer: box, keyPath: opacity, from: 1, to: 0, duration: 1}
          - {layer: photo, keyPath: hidden, from: true, to: false, begin: 0.7, duration: 0.1, fillMode: forwards}
        """)
        let reference = box.path("reference.gif")
        #expect(try segue("render", scene, "-o", reference, "--fps", "10", "--quiet").status == 0)
        let destination = box.path("out.gif")
        let process = try Background(["render", scene, "-o", destination, "--fps", "10", "--quiet", "--jobs", "1"],
                                     fault: "stop-after-frame=2")
        try process.waitUntilStopped()
        try Data("this is no longer a PNG".utf8).write(to: URL(fileURLWithPath: image))
        try FileManager.default.removeItem(atPath: image)
        kill(process.pid, SIGCONT)
        process.wait()
        #expect(process.status == 0, "stderr: \(process.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination)) == Data(contentsOf: URL(fileURLWithPath: reference)))
        // The last frame shows the photo's red where the image sits (decoded with Pillow).
        let pixel = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", """
            import sys; from PIL import Image
            im = Image.open(sys.argv[1]); im.seek(im.n_frames - 1); print(im.convert('RGB').getpixel((30, 10)))
            """, destination])
        #expect(pixel.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(255, 0, 0)", "\(pixel.stdout) \(pixel.stderr)")
        #expect(box.listing() == ["out.gif", "reference.gif", "s.yaml"])
    }

    /// A file system that fills up mid-write (a 16 kB tmpfs in a private mount namespace).
    @Test func aFullDiskLeavesThePreviousOutput() throws {
        let box = try Sandbox()
        defer { box.remove() }
        // A spinning rounded square at 400×300, lossless: far more than 16 kB of H.264.
        let scene = try box.write("s.yaml", """
        canvas: {size: [400, 300], scale: 1, fps: 10}
        layers:
          - {id: box, frame: [0, 0, 200, 200], backgroundColor: "#FF0000", cornerRadius: 60}
        animations:
          - {layer: box, keyPath: transform.rotation.z, from: 0, to: 3, duration: 1}
        """)
        try FileManager.default.createDirectory(atPath: box.path("small"), withIntermediateDirectories: true)
        // Inside the namespace: mount, write a previous output, render over it, report.
        let script = """
        set -e
        mount -t tmpfs -o size=16k tmpfs "$1"
        printf 'previous render' > "$1/out.mp4"
        set +e
        "$2" render "$3" -o "$1/out.mp4" --quiet --crf 0 2> "$4"
        echo "status=$?"
        echo "content=$(cat "$1/out.mp4")"
        echo "files=$(ls -A "$1" | tr '\\n' ' ')"
        """
        let result = try run(URL(fileURLWithPath: "/usr/bin/unshare"),
                             ["-m", "sh", "-c", script, "sh", box.path("small"), segueBinary.path, scene, box.path("stderr.txt")])
        guard result.status == 0 else {
            Issue.record("unshare -m with a tmpfs is not available here (\(result.stderr)); run the suite as root")
            return
        }
        let stderr = try String(contentsOfFile: box.path("stderr.txt"), encoding: .utf8)
        #expect(result.stdout.contains("status=1"), "\(result.stdout) \(stderr)")
        #expect(result.stdout.contains("content=previous render"), "\(result.stdout)")
        #expect(result.stdout.contains("files=out.mp4 \n"), "\(result.stdout)")
        #expect(stderr.contains("out.mp4") && stderr.contains("No space left on device"), "stderr: \(stderr)")
    }

    // MARK: - Concurrency and stale files

    @Test func aSecondRenderOfTheSameOutputWaitsForTheFirst() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let red = try box.write("red.yaml", Self.scene(color: "#FF0000"))
        let blue = try box.write("blue.yaml", Self.scene(color: "#0000FF"))
        let destination = box.path("out.gif")
        let first = try Background(["render", red, "-o", destination, "--quiet"], fault: "stop-after-frame=1")
        try first.waitUntilStopped()
        let second = try Background(["render", blue, "-o", destination, "--quiet"])
        // The second announces whom it waits for, and makes no output while the first is paused.
        let deadline = Date().addingTimeInterval(20)
        while !second.stderrSoFar.contains("waiting for process \(first.pid)") && Date() < deadline { usleep(20_000) }
        #expect(second.stderrSoFar.contains("waiting for process \(first.pid)"), "stderr: \(second.stderrSoFar)")
        #expect(!FileManager.default.fileExists(atPath: destination))
        kill(first.pid, SIGCONT)
        first.wait()
        second.wait()
        #expect(first.status == 0 && second.status == 0)
        // The second finished last, so its blue frames are what is there, whole.
        let expected = try box.write("expected/blue.gif", "")
        try FileManager.default.removeItem(atPath: expected)
        #expect(try segue("render", blue, "-o", expected, "--quiet").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination)) == Data(contentsOf: URL(fileURLWithPath: expected)))
        #expect(box.listing().filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test func staleTemporaryFilesOfDeadProcessesAreRemoved() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("s.yaml", Self.scene)
        let dead = Self.deadPID()
        let live = getpid()   // this test process: its files must stay
        _ = try box.write(".out.gif.segue-\(dead)-1f2e.tmp", "half a GIF")
        _ = try box.write(".out.gif.segue-\(live)-3c4d.tmp", "someone else's work in progress")
        _ = try box.write(".other.gif.segue-\(dead)-5e6f.tmp", "another output's; left for its own next run")
        // A PNG folder set aside by a process killed before the new one was renamed in.
        _ = try box.write(".frames.segue-\(dead)-7a8b.old/frame-0000.png", bytes: Self.tinyPNG)
        #expect(try segue("render", scene, "-o", box.path("out.gif"), "--quiet").status == 0)
        #expect(box.listing().filter { $0.hasPrefix(".") }.sorted()
                == [".frames.segue-\(dead)-7a8b.old", ".frames.segue-\(dead)-7a8b.old/frame-0000.png",
                    ".other.gif.segue-\(dead)-5e6f.tmp", ".out.gif.segue-\(live)-3c4d.tmp"])
        // Writing `frames` restores the folder set aside, then replaces it with the new frames.
        #expect(try segue("render", scene, "--format", "png", "-o", box.path("frames"), "--frames", "0-1", "--quiet").status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.path("frames")).sorted() == ["frame-0000.png", "frame-0001.png"])
        #expect(!box.listing().contains { $0.hasPrefix(".frames") })
    }

    // MARK: - Resource limits

    @Test func aDecompressionBombIsRefusedFromItsHeader() throws {
        let box = try Sandbox()
        defer { box.remove() }
        // A PNG signature and an IHDR claiming 30000 × 30000 pixels: 33 bytes on disk, 3.6 GB decoded.
        var bomb: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bomb += [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        _ = try box.write("bomb.png", bytes: bomb)
        let scene = try box.write("s.yaml", Self.scene.replacingOccurrences(of: "backgroundColor: \"#FF0000\"", with: "contents: bomb.png"))
        let result = try segue("render", scene, "-o", box.path("out.gif"))
        #expect(result.status == 1)
        // Line 5, column 15: where `contents:` names the image.
        #expect(result.stderr.hasPrefix("\(scene):5:15: error: "), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("30000×30000") && result.stderr.contains("--limit"), "stderr: \(result.stderr)")
    }

    @Test func eachLimitIsLocatedAndCanBeRaised() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let layers = (0 ..< 5).map { "  - {id: l\($0), frame: [0, 0, 4, 4]}" }.joined(separator: "\n")
        let many = try box.write("many.yaml", "canvas: {size: [40, 30], scale: 1, fps: 10}\nlayers:\n\(layers)\n")
        let tooMany = try segue("check", many, "--limit", "layers=3")
        #expect(tooMany.status == 1)
        #expect(tooMany.stderr.hasPrefix("\(many):6:5: error: "), "the 4th layer is on line 6: \(tooMany.stderr)")
        #expect(tooMany.stderr.contains("--limit layers="), "stderr: \(tooMany.stderr)")
        #expect(try segue("check", many, "--limit", "layers=5").status == 0)

        let scene = try box.write("s.yaml", Self.scene)
        // 11 frames (1 s at 10 fps, both ends) × 40 × 30 px = 13,200 pixels of work.
        let big = try segue("render", scene, "-o", box.path("out.gif"), "--fps", "10", "--limit", "pixels=13199")
        #expect(big.status == 1)
        #expect(big.stderr.hasPrefix("\(scene):1:1: error: ") && big.stderr.contains("11 frames of 40×30 px, 13,200 pixels"),
                "stderr: \(big.stderr)")
        #expect(try segue("render", scene, "-o", box.path("out.gif"), "--fps", "10", "--limit", "pixels=13200", "--quiet").status == 0)

        let unknown = try segue("render", scene, "--limit", "layer=4")
        #expect(unknown.status == 2 && unknown.stderr.contains("did you mean 'layers'"), "stderr: \(unknown.stderr)")
    }

    // MARK: - Helpers

    /// A 1×1 opaque white PNG.
    /// A valid 1×1 red PNG (IHDR, one zlib IDAT, IEND; CRCs computed with Python's zlib).
    static let tinyPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
        0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0xF8, 0xCF, 0xC0, 0x00,
        0x00, 0x03, 0x01, 0x01, 0x00, 0xF7, 0x03, 0x41, 0x43, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E,
        0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// Puts a recognisable previous output at `path`: a file, or a folder of one frame.
    static func writePreviousOutput(at path: String, box: Sandbox) throws -> [String: Data] {
        if URL(fileURLWithPath: path).pathExtension.isEmpty {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Data(tinyPNG).write(to: URL(fileURLWithPath: path).appendingPathComponent("frame-0000.png"))
        } else {
            try Data("previous render".utf8).write(to: URL(fileURLWithPath: path))
        }
        return try snapshot(path)
    }

    /// The bytes of a file, or of every file in a folder, by name.
    static func snapshot(_ path: String) throws -> [String: Data] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [:] }
        guard isDirectory.boolValue else { return ["": try Data(contentsOf: URL(fileURLWithPath: path))] }
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            out[name] = try Data(contentsOf: URL(fileURLWithPath: path).appendingPathComponent(name))
        }
        return out
    }

    static func fileType(_ path: String, follow: Bool = true) -> mode_t {
        var st = stat()
        guard (follow ? stat(path, &st) : lstat(path, &st)) == 0 else { return 0 }
        return st.st_mode & S_IFMT
    }

    static func environment(fault: String?) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["SEGUE_FAULT"] = fault
        return env
    }

    /// A process id that belongs to no process.
    static func deadPID() -> Int32 {
        var pid: Int32 = 4_000_000
        while kill(pid, 0) == 0 || errno != ESRCH { pid -= 1 }
        return pid
    }
}

/// `segue` running in the background, for tests that stop, signal or race it.
final class Background: @unchecked Sendable {
    let process = Process()
    private let errURL: URL
    private let scratch: URL

    init(_ arguments: [String], fault: String? = nil) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("segue-bg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        errURL = scratch.appendingPathComponent("err")
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.executableURL = segueBinary
        process.arguments = arguments
        process.environment = OutputSafetyTests.environment(fault: fault)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit { try? FileManager.default.removeItem(at: scratch) }

    var pid: Int32 { process.processIdentifier }
    var status: Int32 { process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus }
    var stderrSoFar: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }
    var stderr: String { stderrSoFar }

    func wait() { process.waitUntilExit() }

    /// Waits until the process has stopped itself (SIGSTOP from `SEGUE_FAULT`).
    func waitUntilStopped(timeout: TimeInterval = 60) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
               let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] == "T" { return }
            if !process.isRunning { throw CocoaError(.fileReadUnknown, userInfo: [NSDebugDescriptionErrorKey: "exited early: \(stderrSoFar)"]) }
            usleep(10_000)
        }
        throw CocoaError(.fileReadUnknown, userInfo: [NSDebugDescriptionErrorKey: "did not stop: \(stderrSoFar)"])
    }
}

/// Bytes handed from a reader thread to the test.
extension OutputSafetyTests {
    static func readAll(_ path: String) -> Data {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return Data() }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        return data
    }
}

final class LockedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ d: Data) { lock.withLock { data = d } }
    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }
}
