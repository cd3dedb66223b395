// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `segue test`: committed goldens, readable failures, record modes, shards and merging.
@Suite(.serialized) struct TestCommandTests {
    let scenes = packageRoot.appendingPathComponent("scenes").path
    let goldens = packageRoot.appendingPathComponent("goldens").path

    /// A tiny scene (40 × 30 px, 7 frames) so record-mode tests are quick.
    func tinyScene(color: String = "#FF3B30", timing: String = "easeIn", duration: String = "0.2") -> String {
        """
        canvas: {size: [40, 30], scale: 1, fps: 30, background: "#FFFFFF"}
        layers:
          - id: box
            frame: [5, 5, 12, 12]
            backgroundColor: "\(color)"
            cornerRadius: 3
        animations:
          - {layer: box, keyPath: position.x, from: 11, to: 29, duration: \(duration), timing: \(timing)}
        """
    }

    /// Runs segue with an environment of our choosing (the CI variable decides the record mode).
    func segueEnv(_ arguments: [String], ci: Bool) throws -> RunResult {
        var env = ProcessInfo.processInfo.environment
        if ci { env["CI"] = "true" } else { env.removeValue(forKey: "CI") }
        return try run(segueBinary, arguments, environment: env)
    }

    func lastLine(_ text: String) -> String {
        text.split(separator: "\n").last.map(String.init) ?? ""
    }

    func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    /// Every file under `dir` with its bytes and modification date.
    func snapshot(_ dir: String) throws -> [String: (Data, Date)] {
        var out: [String: (Data, Date)] = [:]
        let e = FileManager.default.enumerator(atPath: dir)
        while let name = e?.nextObject() as? String {
            let path = dir + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let date = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
            out[name] = (try Data(contentsOf: URL(fileURLWithPath: path)), date)
        }
        return out
    }

    /// Sets every file's modification date under `dir` to 2001, so a rewrite shows.
    func age(_ dir: String) throws {
        let e = FileManager.default.enumerator(atPath: dir)
        while let name = e?.nextObject() as? String {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceReferenceDate: 0)], ofItemAtPath: dir + "/" + name)
        }
    }

    func sceneFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scenes).filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }
    }

    // MARK: - The committed goldens

    @Test func theCommittedGoldensPass() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let before = try snapshot(goldens)
        // One worker: the goldens were recorded with two, and rendering is the same at any count.
        let r = try segue("test", scenes, "--golden", goldens, "--record", "never", "--report", box.path("report"), "--jobs", "1")
        let count = try sceneFiles().count
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(lastLine(r.stdout) == "\(count) passed, 0 failed")
        #expect(r.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("PASS  ") }.count == count)
        let report = try json(box.path("report/report.json"))
        #expect(report["passed"] as? Int == count && report["failed"] as? Int == 0)
        // The goldens' settings are the defaults: scale 0.5, every third frame (and the last).
        let settings = report["settings"] as! [String: Any]
        #expect(settings["scale"] as? Double == 0.5 && settings["every"] as? Int == 3)
        let after = try snapshot(goldens)
        #expect(Set(before.keys) == Set(after.keys))
        #expect(before.allSatisfy { after[$0.key]?.0 == $0.value.0 })
    }

    @Test func theGoldensAreSmallAndAreWhatRenderWrites() throws {
        let box = try Sandbox()
        defer { box.remove() }
        var total = 0
        let e = FileManager.default.enumerator(atPath: goldens)
        while let name = e?.nextObject() as? String {
            total += (try? FileManager.default.attributesOfItem(atPath: goldens + "/" + name)[.size] as? Int) ?? 0
        }
        // Under the 8 MB that `segue test --init` plus a first record of scenes/ is promised to stay within
        // (frames, meta.json with the renderer versions, and the gzip'd geometry dump).
        #expect(total < 8_000_000, "goldens/ is \(total) bytes")
        // A golden frame is byte for byte what `segue render --format png --scale 0.5` writes.
        let r = try segue("render", scenes + "/flip.yaml", "--format", "png", "--scale", "0.5", "--frames", "21", "-o", box.path("f"), "--quiet")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.path("f/frame-0021.png")))
            == Data(contentsOf: URL(fileURLWithPath: goldens + "/flip/frame-0021.png")))
    }

    // MARK: - Readable failures

    func changedFlip(_ box: Sandbox, _ from: String, _ to: String) throws -> String {
        let text = try String(contentsOfFile: scenes + "/flip.yaml", encoding: .utf8)
        try #require(text.contains(from), "scenes/flip.yaml no longer contains '\(from)'")
        try FileManager.default.createDirectory(atPath: box.path("changed"), withIntermediateDirectories: true)
        return try box.write("changed/flip.yaml", text.replacingOccurrences(of: from, with: to))
    }

    @Test func aLongerDurationFailsWithAReadableReport() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let dir = try URL(fileURLWithPath: changedFlip(box, "      duration: 0.72", "      duration: 0.9")).deletingLastPathComponent().path
        let before = try snapshot(goldens + "/flip")
        let r = try segue("test", dir, "--golden", goldens, "--record", "never", "--report", box.path("report"))
        #expect(r.status == 1)
        #expect(lastLine(r.stdout) == "0 passed, 1 failed")
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL  flip") })
        #expect(line.contains("the scene has 55 frames now (0.9 s), 45 when the goldens were recorded"))
        // Frames 0, 3, … 42 and the last, 44, were recorded; now 0, 3, … 54 are rendered.
        #expect(line.contains("no golden for frames 45, 48, 51, 54"))
        #expect(line.contains("golden frame 44 not rendered now"))
        #expect(line.contains(box.path("report/flip")))
        let scene = (try json(box.path("report/report.json"))["scenes"] as! [[String: Any]])[0]
        #expect(scene["status"] as? String == "failed")
        #expect(scene["report"] as? String == "flip/report.json")
        let flip = try json(box.path("report/flip/report.json"))
        let statuses = (flip["frames"] as! [[String: Any]]).map { $0["status"] as! String }
        #expect(statuses.filter { $0 == "missing-expected" }.count == 4)
        #expect(statuses.filter { $0 == "missing-actual" }.count == 1)
        #expect(FileManager.default.fileExists(atPath: box.path("report/flip/contact-sheet.png")))
        #expect(FileManager.default.fileExists(atPath: box.path("report/flip/side-by-side.mp4")))
        #expect(try String(contentsOfFile: box.path("report/junit.xml"), encoding: .utf8).contains("<failure message="))
        // --record never wrote nothing.
        #expect(try snapshot(goldens + "/flip").mapValues(\.0) == before.mapValues(\.0))
    }

    @Test func aDifferentTimingCurveFails() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let dir = try URL(fileURLWithPath: changedFlip(box, "options: [calculationModeCubic]", "options: [calculationModeCubic, curveLinear]"))
            .deletingLastPathComponent().path
        let r = try segue("test", dir, "--golden", goldens, "--record", "never", "--report", box.path("report"), "--no-video")
        #expect(r.status == 1)
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL  flip") })
        #expect(line.contains("frames differ; worst: frame "))
        #expect(!line.contains("frames now"), "same duration")
        let flip = try json(box.path("report/flip/report.json"))
        let failed = (flip["frames"] as! [[String: Any]]).filter { $0["status"] as? String == "failed" }
        #expect(failed.count > 10)
        let first = try #require(failed.first)
        let images = first["images"] as! [String: String]
        #expect(FileManager.default.fileExists(atPath: box.path("report/flip/" + images["diff"]!)))
        // The geometry dump sees the change too, without any pixel (dump goldens of the
        // unchanged scene, recorded here: the committed goldens are PNGs only).
        try FileManager.default.createDirectory(atPath: box.path("original"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: scenes + "/flip.yaml", toPath: box.path("original/flip.yaml"))
        let record = try segue("test", box.path("original"), "--golden", box.path("dumps"), "--mode", "dump", "--record", "missing",
                               "--report", box.path("dump"))
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let dump = try segue("test", dir, "--golden", box.path("dumps"), "--mode", "dump", "--record", "never", "--report", box.path("dump"))
        #expect(dump.status == 1)
        #expect(dump.stdout.contains(": transform m"))
    }

    // MARK: - Which check decides

    @Test func theCheckIsExactOnTheRecordingLibrariesAndTheDumpElsewhere() throws {
        let box = try Sandbox()
        defer { box.remove() }
        _ = try box.write("scenes/card.yaml", tinyScene(color: "#5856D6"))
        let golden = box.path("golden"), scenes = box.path("scenes")
        func test(_ n: Int) throws -> RunResult {
            try segue("test", scenes, "--golden", golden, "--record", "never", "--report", box.path("r\(n)"), "--no-video")
        }
        let recorded = try segue("test", scenes, "--golden", golden, "--record", "missing", "--report", box.path("r0"), "--no-video")
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        // Same libraries and fonts as the goldens: the exact check, and it passes.
        let same = try test(1)
        #expect(same.status == 0, "\(same.stdout)")
        #expect(same.stdout.contains("PASS  card") && same.stdout.contains("exact check"), "\(same.stdout)")
        // #5856D6 → #5E5CE6 is caught by default.
        _ = try box.write("scenes/card.yaml", tinyScene(color: "#5E5CE6"))
        let changed = try test(2)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("FAIL  card") && changed.stdout.contains("exact check"), "\(changed.stdout)")
        // Goldens from other libraries: the geometry dump recorded beside them decides, and says
        // so; a colour alone moves nothing, so it passes there. Asked for, the perceptual check
        // still catches the colour change (ΔE00 3.0) and passes the unchanged scene.
        let metaPath = golden + "/card/meta.json"
        var meta = try json(metaPath)
        var renderer = try #require(meta["renderer"] as? [String: String])
        renderer["cairo"] = "0.0.1"
        meta["renderer"] = renderer
        try JSONSerialization.data(withJSONObject: meta).write(to: URL(fileURLWithPath: metaPath))
        let other = try test(3)
        #expect(other.status == 0, "\(other.stdout)")
        #expect(other.stdout.contains("PASS  card") && other.stdout.contains("dump check"), "\(other.stdout)")
        #expect(other.stdout.contains("cairo") && other.stdout.contains("geometry dump"), "\(other.stdout)")
        let perceptual = try segue("test", scenes, "--golden", golden, "--record", "never", "--report", box.path("r6"), "--no-video",
                                   "--check", "perceptual")
        #expect(perceptual.status == 1)
        #expect(perceptual.stdout.contains("FAIL  card") && perceptual.stdout.contains("perceptual check"), "\(perceptual.stdout)")
        _ = try box.write("scenes/card.yaml", tinyScene(color: "#5856D6"))
        let unchanged = try segue("test", scenes, "--golden", golden, "--record", "never", "--report", box.path("r4"), "--no-video",
                                  "--check", "perceptual")
        #expect(unchanged.status == 0, "\(unchanged.stdout)")
        #expect(unchanged.stdout.contains("PASS  card") && unchanged.stdout.contains("perceptual check"), "\(unchanged.stdout)")
        // pixelmatch's count stays available with its documented default threshold, and misses it.
        _ = try box.write("scenes/card.yaml", tinyScene(color: "#5E5CE6"))
        let pixelmatch = try segue("test", scenes, "--golden", golden, "--record", "never", "--report", box.path("r5"), "--no-video",
                                   "--check", "pixelmatch")
        #expect(pixelmatch.status == 0 && pixelmatch.stdout.contains("pixelmatch check"), "\(pixelmatch.stdout)")
    }

    // MARK: - Record modes

    @Test func recordModesRewriteOnlyWhatTheyShould() throws {
        let box = try Sandbox()
        defer { box.remove() }
        for name in ["a", "b", "c"] { try box.write("scenes/\(name).yaml", tinyScene()) }
        let golden = box.path("golden"), sceneDir = box.path("scenes")
        func test(_ record: String) throws -> RunResult {
            try segue("test", sceneDir, "--golden", golden, "--record", record, "--report", box.path("report"), "--no-video")
        }

        // missing, into an empty folder: everything is recorded; recorded scenes pass.
        var r = try test("missing")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("REC   ") }.count == 3)
        #expect(lastLine(r.stdout) == "3 passed, 0 failed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: golden + "/a").sorted()
            // dump.json.gz: the geometry of the same frames, compared when library versions differ.
            == ["dump.json.gz", "frame-0000.png", "frame-0001.png", "frame-0002.png", "frame-0003.png", "frame-0004.png", "frame-0005.png",
                "frame-0006.png", "meta.json"])
        let settings = try json(golden + "/golden.json")
        #expect(settings["every"] as? Int == 1)

        // b's golden goes missing and c's scene changes colour.
        try FileManager.default.removeItem(atPath: golden + "/b")
        try box.write("scenes/c.yaml", tinyScene(color: "#007AFF"))
        try age(golden)
        var before = try snapshot(golden)

        // missing: records b only; c fails and keeps its golden; a is untouched.
        r = try test("missing")
        #expect(r.status == 1)
        #expect(r.stdout.contains("PASS  a") && r.stdout.contains("REC   b") && r.stdout.contains("FAIL  c"))
        #expect(lastLine(r.stdout) == "2 passed, 1 failed")
        var after = try snapshot(golden)
        #expect(after.filter { $0.key.hasPrefix("a/") || $0.key.hasPrefix("c/") }.allSatisfy { before[$0.key]?.1 == $0.value.1 })
        #expect(after.keys.filter { $0.hasPrefix("b/") }.count == 9)   // 7 frames, meta.json, dump.json.gz

        // never: b missing again → fails; nothing is written.
        try FileManager.default.removeItem(atPath: golden + "/b")
        try age(golden)
        before = try snapshot(golden)
        r = try test("never")
        #expect(r.status == 1)
        #expect(r.stdout.contains("FAIL  b — no golden frames in"))
        #expect(lastLine(r.stdout) == "1 passed, 2 failed")
        after = try snapshot(golden)
        #expect(after.count == before.count && after.allSatisfy { before[$0.key]?.1 == $0.value.1 })

        // failed: re-records c (failing) and b (missing); a, which passes, is untouched.
        r = try test("failed")
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains("PASS  a") && r.stdout.contains("REC   b") && r.stdout.contains("REC   c"))
        #expect(r.stdout.contains("(was: "))
        after = try snapshot(golden)
        #expect(after.filter { $0.key.hasPrefix("a/") }.allSatisfy { before[$0.key]?.1 == $0.value.1 })
        #expect(after.filter { $0.key.hasPrefix("c/") }.allSatisfy { before[$0.key]?.1 != $0.value.1 })
        #expect(try test("never").status == 0)

        // all: everything rewritten, without comparing.
        try age(golden)
        before = try snapshot(golden)
        r = try test("all")
        #expect(r.status == 0)
        #expect(r.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("REC   ") }.count == 3)
        after = try snapshot(golden)
        #expect(after.filter { $0.key.contains("/") }.allSatisfy { before[$0.key]?.1 != $0.value.1 })
        // Deterministic: re-recording gave the same bytes.
        #expect(after.allSatisfy { before[$0.key]?.0 == $0.value.0 })
    }

    @Test func theDefaultRecordModeIsNeverOnCI() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("scenes/a.yaml", tinyScene())
        let args = ["test", box.path("scenes"), "--golden", box.path("golden"), "--report", box.path("report")]
        let onCI = try segueEnv(args, ci: true)
        #expect(onCI.status == 1)
        #expect(onCI.stdout.contains("record them with --record missing"))
        #expect(!FileManager.default.fileExists(atPath: box.path("golden/a")))
        let local = try segueEnv(args, ci: false)
        #expect(local.status == 0, "\(local.stdout)")
        #expect(local.stdout.contains("REC   a"))
        #expect(try segueEnv(args, ci: true).status == 0)
    }

    @Test func goldensRecordedWithOtherSettingsAreNotComparedBlindly() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try box.write("scenes/a.yaml", tinyScene(duration: "0.5"))
        let base = ["test", box.path("scenes"), "--golden", box.path("golden"), "--report", box.path("report"), "--no-video"]
        #expect(try segueArgs(base + ["--record", "missing", "--every", "3"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.path("golden/a")).filter { $0.hasSuffix(".png") }.count == 6) // 0 3 6 9 12 15
        // golden.json makes --every 3 the default.
        #expect(try segueArgs(base + ["--record", "never"]).status == 0)
        let other = try segueArgs(base + ["--record", "never", "--every", "2"])
        #expect(other.status == 1)
        #expect(other.stdout.contains("recorded at scale 1, every 3 frames; this run renders at scale 1, every 2"))
    }

    func segueArgs(_ arguments: [String]) throws -> RunResult { try run(segueBinary, arguments) }

    // MARK: - Shards and merging

    @Test func shardsAreDisjointCoverEverythingAndMergeSumsCounts() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let names = ["e", "a", "d", "b", "c"]
        for name in names { try box.write("scenes/\(name).yaml", tinyScene()) }
        let golden = box.path("golden")
        #expect(try segueArgs(["test", box.path("scenes"), "--golden", golden, "--record", "all", "--report", box.path("rec")]).status == 0)
        // c fails from now on.
        try box.write("scenes/c.yaml", tinyScene(timing: "linear"))
        var seen: [String] = []
        var reports: [String] = []
        for i in 1 ... 3 {
            let out = box.path("shard-\(i)")
            let r = try segueArgs(["test", box.path("scenes"), "--golden", golden, "--record", "never", "--shard", "\(i)/3", "--report", out, "--no-video"])
            let scenes = (try json(out + "/report.json")["scenes"] as! [[String: Any]]).map { $0["name"] as! String }
            #expect(r.status == (scenes.contains("c") ? 1 : 0))
            #expect(r.stdout.hasPrefix("shard \(i)/3: \(scenes.count) scene"))
            seen += scenes
            reports.append(out)
        }
        #expect(seen == names.sorted(), "slices of the sorted list, in order, disjoint, complete")

        let merged = try segueArgs(["test", "--merge"] + reports + ["--report", box.path("merged")])
        #expect(merged.status == 1)
        #expect(lastLine(merged.stdout) == "4 passed, 1 failed")
        let report = try json(box.path("merged/report.json"))
        #expect(report["passed"] as? Int == 4 && report["failed"] as? Int == 1)
        #expect((report["scenes"] as! [[String: Any]]).map { $0["name"] as! String } == names.sorted())
        let c = (report["scenes"] as! [[String: Any]]).first { $0["name"] as? String == "c" }!
        let path = box.path("merged/" + (c["report"] as! String))
        #expect(FileManager.default.fileExists(atPath: path), "merged report paths lead to the shard's scene report")
        let junit = try String(contentsOfFile: box.path("merged/junit.xml"), encoding: .utf8)
        #expect(junit.contains("tests=\"5\" failures=\"1\""))
        // A shard merged twice would count scenes twice: refused.
        #expect(try segueArgs(["test", "--merge", reports[0], reports[0], "--report", box.path("twice")]).status == 2)
        // Bad shard specifications are usage errors.
        #expect(try segueArgs(["test", box.path("scenes"), "--golden", golden, "--shard", "4/3"]).status == 2)
        #expect(try segueArgs(["test", "--merge", box.path("nothing-here")]).status == 2)
    }

    // MARK: - Dump mode

    @Test func aDumpGoldenIsSegueDumpOutput() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("scenes/a.yaml", tinyScene())
        let r = try segueArgs(["test", box.path("scenes"), "--golden", box.path("golden"), "--mode", "dump", "--record", "missing",
                           "--report", box.path("report")])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let dump = try segueArgs(["dump", scene])
        #expect(dump.status == 0)
        let recorded = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: box.path("golden/a/dump.json")))) as! NSDictionary
        let printed = try JSONSerialization.jsonObject(with: dump.stdoutData) as! NSDictionary
        #expect(recorded == printed)
        // A changed curve is found in the geometry, and named.
        try box.write("scenes/a.yaml", tinyScene(timing: "linear"))
        let changed = try segueArgs(["test", box.path("scenes"), "--golden", box.path("golden"), "--mode", "dump", "--record", "never",
                                 "--report", box.path("report")])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("box: transform m41"))
        // Within a loose tolerance it passes.
        #expect(try segueArgs(["test", box.path("scenes"), "--golden", box.path("golden"), "--mode", "dump", "--record", "never",
                           "--tolerance", "1", "--report", box.path("report")]).status == 0)
    }
}
