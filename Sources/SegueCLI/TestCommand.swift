// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueDiff
import SegueRender
import SegueEncode

extension RecordMode: ExpressibleByArgument {}
extension GoldenTestRun.Mode: ExpressibleByArgument {}

extension Shard: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Render scenes and compare their frames with golden files.",
        usage: "segue test <scenes> ... --golden <golden> [options]",
        discussion: """
        Start with --init; the first run records, later runs compare. Exit status: 0 all pass, 1 a \
        scene fails, 2 unusable input. Goldens, CI and shards: docs/diff-and-test.md, docs/ci.md.

        Examples:
          segue test --init goldens/
          segue test scenes/ --golden goldens/
          segue test scenes/ --golden goldens/ --record failed
        """)

    @Argument(help: "Scene folders or scene files; with --merge, report folders (or their report.json).")
    var inputs: [String] = []

    @OptionGroup var limits: LimitOptions

    @Option(help: "The golden folder: GOLDEN/<scene>/frame-NNNN.png, meta.json, dump.json, and golden.json.")
    var golden: String?

    @Option(help: "pixels (golden PNG frames) or dump (golden geometry, with --tolerance).")
    var mode: GoldenTestRun.Mode = .pixels

    @Option(help: "Write GOLDEN/golden.json with the recommended settings (scale 0.5, every 3rd frame, limits) and stop.")
    var `init`: String?

    @Option(help: "missing, failed, all or never (default: $SEGUE_RECORD, else missing; never when CI is true).")
    var record: RecordMode?

    @Option(help: "Test only the I-th of N slices of the sorted scene list, e.g. 2/3.")
    var shard: Shard?

    @Flag(help: "Join the given reports into one (report.json, junit.xml and report.html) instead of testing.")
    var merge = false

    @Option(help: "Pixels per point (default: golden.json's, else each scene's canvas.scale).")
    var scale: Double?

    @Option(help: "Compare every N-th frame and the last (default: golden.json's, else 1).")
    var every: Int?

    @OptionGroup var comparison: ComparisonOptions

    @Option(help: "--mode dump: numbers agree when |a − b| ≤ tolerance × max(1, |a|, |b|).")
    var tolerance: Double = 1e-6

    @Option(help: "The report folder (created, or replaced if it holds an earlier report).")
    var report: String = "out/test-report"

    @Option(help: "Frames rendered and compared at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Do not write side-by-side.mp4 for failing scenes.")
    var noVideo = false

    @Flag(name: .shortAndLong, help: "Print only failing scenes and the summary.")
    var quiet = false

    func validate() throws {
        if `init` != nil {
            if merge || golden != nil || !inputs.isEmpty { throw ValidationError("--init only writes GOLDEN/golden.json; give just the folder, e.g. segue test --init goldens/.") }
            return
        }
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale must be greater than 0 and at most 8, got \(scale).") }
        if let every, every < 1 { throw ValidationError("--every must be at least 1, got \(every).") }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
        if !(tolerance >= 0 && tolerance.isFinite) { throw ValidationError("--tolerance must be 0 or more, got \(tolerance).") }
        if merge {
            if inputs.isEmpty { throw ValidationError("--merge needs the report folders to join.") }
            if golden != nil || shard != nil || record != nil {
                throw ValidationError("--merge only joins reports; --golden, --shard and --record do not apply.")
            }
        } else {
            if inputs.isEmpty { throw ValidationError("Give the scene folder (or scene files) to test, e.g. segue test scenes/ --golden goldens/.") }
            if golden == nil { throw ValidationError("Missing --golden GOLDEN: the folder of golden frames.") }
        }
    }

    func run() throws {
        if let folder = `init` { return try initialize(folder) }
        if merge { return try runMerge() }
        let goldenURL = URL(fileURLWithPath: golden!)
        let recordMode: RecordMode
        let scenes: [(name: String, path: String)]
        let recorded: GoldenSettings?
        do {
            recordMode = try record ?? RecordMode.default()
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: goldenURL.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw CLIError("--golden \(goldenURL.path) is a file, not a folder.", hint: "pass the folder that holds <scene>/frame-NNNN.png")
            }
            recorded = try GoldenSettings.read(goldenURL)
            let all = try GoldenTestRun.discoverScenes(inputs)
            scenes = shard.map { $0.slice(all) } ?? all
        } catch {
            throw ComparisonExit.fail(error)
        }
        // Inputs no output may replace: the scenes, and the goldens unless this run records them.
        for scene in scenes { ProtectedInputs.add(scene.path, role: "scene file") }
        if recordMode == .never { ProtectedInputs.add(goldenURL.path, role: "golden folder (--record never)") }
        let limitValues = limits.values
        var diffing = comparison.diffing
        // golden.json's limits apply where the command line gives none.
        if diffing.limits.maxDiffPixels == nil, diffing.limits.maxDiffRatio == nil { diffing.limits.maxDiffPixels = recorded?.maxDiffPixels }
        if diffing.limits.minSSIM == nil { diffing.limits.minSSIM = recorded?.minSSIM }
        let run = GoldenTestRun(
            scenes: scenes, golden: goldenURL, mode: mode, record: recordMode, diffing: diffing,
            tolerance: tolerance, scale: scale ?? recorded?.scale, every: every ?? recorded?.every ?? 1, jobs: jobs,
            reportDirectory: URL(fileURLWithPath: report), writesVideo: !noVideo, shard: shard,
            loadScene: { path, scale in try SamplingOptions.load(path, scale: scale, limits: limitValues) })
        if let shard, !quiet {
            Console.line("shard \(shard): \(scenes.count) scene\(scenes.count == 1 ? "" : "s")\(scenes.isEmpty ? "" : " (" + scenes.map(\.name).joined(separator: ", ") + ")")")
        }
        let result: TestReport
        do {
            result = try run.run { scene in
                if !quiet || scene.status == .failed { Console.line(scene.line) }
            }
        } catch {
            throw ComparisonExit.fail(error)
        }
        if result.recorded > 0 { Console.line("recorded: \(result.recorded) scene\(result.recorded == 1 ? "" : "s") in \(goldenURL.path)/") }
        Console.line("report: \(report)/")
        Console.line(result.summaryLine)
        CIReporting.publish(result, reportFolder: URL(fileURLWithPath: report))
        if result.failed > 0 { throw ComparisonExit.differences }
    }

    /// `--init GOLDEN`: the recommended golden.json, explained.
    private func initialize(_ folder: String) throws {
        let url = URL(fileURLWithPath: folder)
        let file = url.appendingPathComponent(GoldenSettings.fileName)
        if FileManager.default.fileExists(atPath: file.path) {
            throw ComparisonExit.fail(CLIError("\(file.path) already exists.", hint: "edit it, or delete it and run --init again"))
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try ReportFolder(url: url).writeJSON(GoldenSettings.initial, GoldenSettings.fileName)
        } catch {
            throw ComparisonExit.fail(error)
        }
        let s = GoldenSettings.initial
        Console.line("""
        wrote \(file.path):
          scale \(s.scale.map { "\($0)" } ?? "scene's")    frames are recorded at \(Self.scaleWording(s.scale))
          every \(s.every)        frames 0, \(s.every), \(2 * s.every), … and always the last are compared (the end state counts)
          maxDiffPixels \(s.maxDiffPixels ?? 0)  no pixel may differ beyond pixelmatch's threshold: renders are deterministic
          minSSIM \(s.minSSIM ?? 0)     a structural check on top
        Together these keep goldens a small fraction of the size of full-scale, every-frame ones. The command line
        (--scale, --every, --max-diff-pixels, --min-ssim) overrides them. Next:
          segue test SCENES --golden \(folder)        # records every scene the first time
        """)
    }

    /// What a golden scale means for the usual 2× and 3× canvases: scale is pixels per point,
    /// not a fraction of the scene's own scale, so 0.5 is a quarter of a 2× scene's width.
    static func scaleWording(_ scale: Double?) -> String {
        guard let scale else { return "each scene's own resolution" }
        func fraction(_ canvasScale: Double) -> String {
            let ratio = scale / canvasScale
            let names: [(Double, String)] = [(1, "all"), (1.0 / 2, "half"), (1.0 / 3, "a third"),
                                             (1.0 / 4, "a quarter"), (1.0 / 6, "a sixth"), (1.0 / 8, "an eighth")]
            if let name = names.first(where: { abs($0.0 - ratio) < 1e-9 }) { return name.1 }
            return String(format: "%g×", ratio)
        }
        return "\(String(format: "%g", scale)) px per point: \(fraction(2)) of the width and height of a 2× scene, \(fraction(3)) of a 3× one"
    }

    private func runMerge() throws {
        let out = URL(fileURLWithPath: report).standardizedFileURL
        let merged: TestReport
        do {
            var parts: [(report: TestReport, folder: URL, path: String)] = []
            for path in inputs {
                let (r, folder) = try TestReport.read(path)
                if folder.standardizedFileURL.path == out.path {
                    throw CLIError("--report \(report) is one of the reports being merged.", hint: "merge into another folder, e.g. --report out/test-report-merged")
                }
                parts.append((r, folder, path))
            }
            merged = try TestReport.merge(parts, into: out)
            let folder = try ReportFolder.prepare(out)
            try folder.writeJSON(merged, ReportFiles.json)
            try folder.writeText(merged.junit(reportFolder: URL(fileURLWithPath: report)), ReportFiles.junit)
            try folder.writeText(ReportPage.html(for: merged, in: out), ReportFiles.html)
        } catch {
            throw ComparisonExit.fail(error)
        }
        for scene in merged.scenes where !quiet || scene.status == .failed { Console.line(scene.line) }
        Console.line("merged \(inputs.count) report\(inputs.count == 1 ? "" : "s") into \(report)/")
        Console.line(merged.summaryLine)
        CIReporting.publish(merged, reportFolder: out)
        if merged.failed > 0 { throw ComparisonExit.differences }
    }
}
