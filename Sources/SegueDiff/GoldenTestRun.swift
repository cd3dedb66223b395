// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDecode
import SegueDisplayList
import SegueEncode
import SegueRaster
import SegueScene
import SegueTimeline

/// `segue test`: renders scenes with the same stages as `segue render` (SceneLoader, Timeline,
/// DisplayListBuilder, Rasterizer) and compares selected frames with golden files:
///
///     GOLDEN/golden.json                  the settings goldens are recorded with (scale, every)
///     GOLDEN/<scene>/frame-NNNN.png       pixels mode: frames as `segue render --format png` writes them
///     GOLDEN/<scene>/meta.json            how those frames were recorded
///     GOLDEN/<scene>/dump.json            dump mode: `segue dump`'s geometry of the same frames
///
/// Golden PNGs are written by `PNGWriter`, so `segue render SCENE --format png --scale S` gives
/// the same bytes for the same frames. Frames are compared in straight RGBA, exactly as the PNGs
/// store them.
public struct GoldenTestRun: Sendable {
    public enum Mode: String, Sendable, Codable, CaseIterable {
        /// Rendered pixels against golden PNG frames (pixelmatch + SSIM).
        case pixels
        /// Per-layer geometry (matrices, quads, opacity) against a golden dump, with a tolerance.
        case dump
    }

    public var scenes: [(name: String, path: String)]
    public var golden: URL
    public var mode: Mode
    public var record: RecordMode
    public var diffing: ImageDiffing
    /// Dump mode: numbers agree when |a − b| ≤ tolerance × max(1, |a|, |b|).
    public var tolerance: Double
    /// Pixels per point (nil: each scene's own canvas.scale).
    public var scale: Double?
    public var every: Int
    public var jobs: Int
    public var reportDirectory: URL
    public var writesVideo: Bool
    public var shard: Shard?
    /// Loads a scene with the scale override applied (the CLI's `SamplingOptions.load`).
    public var loadScene: @Sendable (_ path: String, _ scale: Double?) throws -> Scene

    public init(scenes: [(name: String, path: String)], golden: URL, mode: Mode = .pixels, record: RecordMode,
                diffing: ImageDiffing = .exact, tolerance: Double = 1e-6, scale: Double?, every: Int, jobs: Int,
                reportDirectory: URL, writesVideo: Bool = true, shard: Shard? = nil,
                loadScene: @escaping @Sendable (_ path: String, _ scale: Double?) throws -> Scene) {
        self.scenes = scenes; self.golden = golden; self.mode = mode; self.record = record; self.diffing = diffing
        self.tolerance = tolerance; self.scale = scale; self.every = max(1, every); self.jobs = max(1, jobs)
        self.reportDirectory = reportDirectory; self.writesVideo = writesVideo; self.shard = shard; self.loadScene = loadScene
    }

    /// Scene files named by `paths` (files, or folders whose .yaml/.yml/.json files are taken),
    /// sorted by name (the file name without extension, which names the golden folder).
    public static func discoverScenes(_ paths: [String]) throws -> [(name: String, path: String)] {
        var found: [(name: String, path: String)] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { throw GoldenError.notFound(path: path) }
            if isDirectory.boolValue {
                let names = (try? fm.contentsOfDirectory(atPath: path)) ?? []
                for n in names.sorted() where !n.hasPrefix(".") && ["yaml", "yml", "json"].contains((n as NSString).pathExtension.lowercased()) {
                    found.append((String((n as NSString).deletingPathExtension), (path as NSString).appendingPathComponent(n)))
                }
            } else {
                found.append((URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, path))
            }
        }
        guard !found.isEmpty else { throw GoldenError.noScenes(paths: paths) }
        var byName: [String: String] = [:]
        for s in found {
            if let other = byName[s.name] { throw GoldenError.duplicateScene(name: s.name, first: other, second: s.path) }
            byName[s.name] = s.path
        }
        return found.sorted { $0.name < $1.name }
    }

    /// Tests every scene, writes the report folder and returns the report.
    /// - Parameter onScene: called with each scene's result as soon as it is known.
    public func run(onScene: (SceneReport) -> Void = { _ in }) throws -> TestReport {
        let root = try ReportFolder.prepare(reportDirectory)
        var results: [SceneReport] = []
        for scene in scenes {
            let started = Date()
            var result = mode == .pixels ? runPixels(scene, root: root) : runDump(scene, root: root)
            result.seconds = (Date().timeIntervalSince(started) * 1000).rounded() / 1000
            results.append(result)
            onScene(result)
        }
        let d = diffing
        let settings = TestReport.Settings(scale: scale, every: every, threshold: d.pixelmatch.threshold, includeAA: d.pixelmatch.includeAA,
                                           background: d.pixelmatch.background, maxDiffPixels: d.limits.effectiveMaxDiffPixels,
                                           maxDiffRatio: d.limits.maxDiffRatio, minSSIM: d.limits.minSSIM, tolerance: tolerance)
        let report = TestReport(golden: golden.relativePath, mode: mode.rawValue, record: record.rawValue, settings: settings,
                                shard: shard?.description, scenes: results)
        if results.contains(where: { $0.status == .recorded }), (try? GoldenSettings.read(golden)) ?? nil == nil || record == .all {
            try? ReportFolder(url: golden).writeJSON(GoldenSettings(scale: scale, every: every), GoldenSettings.fileName)
        }
        try root.writeJSON(report, ReportFiles.json)
        try root.writeText(report.junit(reportFolder: reportDirectory), ReportFiles.junit)
        try root.writeText(ReportPage.html(for: report, in: root.url), ReportFiles.html)
        return report
    }

    // MARK: - Pixels

    private struct Prepared {
        var scene: Scene
        var timeline: Timeline
        var rasterizer: Rasterizer
        var selected: [Int]
    }

    private func prepare(_ path: String) throws -> Prepared {
        let scene = try loadScene(path, scale)
        let timeline = Timeline(scene: scene)
        let rasterizer = Rasterizer()
        try rasterizer.checkResources(DisplayListBuilder.build(timeline, frame: 0))
        return Prepared(scene: scene, timeline: timeline, rasterizer: rasterizer,
                        selected: FrameSelection.frames(count: timeline.frameCount, every: every))
    }

    private func runPixels(_ s: (name: String, path: String), root: ReportFolder) -> SceneReport {
        let dir = golden.appendingPathComponent(s.name)
        var report = SceneReport(name: s.name, scene: s.path, golden: dir.relativePath, status: .failed, message: nil,
                                 comparedFrames: 0, failedFrames: 0, report: nil, seconds: 0)
        let p: Prepared
        do { p = try prepare(s.path) } catch {
            report.message = Self.firstLine(error)
            return report
        }
        let goldenFrames = Self.goldenFrames(in: dir)
        let meta = try? JSONDecoder().decode(GoldenSceneMeta.self, from: Data(contentsOf: dir.appendingPathComponent(GoldenSceneMeta.fileName)))

        func recordNow(_ what: String) -> SceneReport {
            var r = report
            do {
                try recordFrames(p, name: s.name, into: dir, replacing: goldenFrames)
                r.status = .recorded
                r.message = "\(what) \(p.selected.count) frames in \(dir.relativePath)"
            } catch {
                r.status = .failed
                r.message = "cannot record goldens: " + Self.firstLine(error)
            }
            return r
        }

        if goldenFrames.isEmpty {
            if record == .never {
                report.message = "no golden frames in \(dir.relativePath) (record them with --record missing)"
                return report
            }
            return recordNow("recorded")
        }
        if record == .all { return recordNow("re-recorded") }

        // Segue renders deterministically, so on the libraries and fonts that drew the goldens any
        // changed pixel is a real change (exact). Goldens drawn by other versions can differ by
        // anti-aliasing and hinting alone: their geometry, which does not depend on the rasterizer,
        // decides where it was recorded (the perceptual check still fails on text drawn with other
        // hinting, docs/diff-and-test.md); else what a person would see (perceptual).
        var chosen = self.diffing
        var note: String?
        if chosen.check == .auto {
            let changes = meta?.renderer.map { Self.versionChanges(recorded: $0, now: Self.rendererVersions) }
            if let changes, changes.isEmpty {
                chosen.check = .exact
            } else if let changes, record == .never || record == .missing,
                      FileManager.default.fileExists(atPath: dir.appendingPathComponent(Self.compressedDumpFileName).path) {
                let hint = "record and test goldens on the same packages: in the container or chroot of docs/install.md"
                var fallback = runDump(s, root: root, fileName: Self.compressedDumpFileName)
                fallback.message = "goldens were drawn with other libraries (\(changes.prefix(4).joined(separator: ", "))\(changes.count > 4 ? ", …" : "")); "
                    + "compared the geometry dump instead" + (fallback.message.map { ": " + $0 } ?? "") + " (" + hint + ")"
                return fallback
            } else {
                chosen.check = .perceptual
                note = changes.map { "goldens were drawn with other libraries (\($0.prefix(4).joined(separator: ", "))\($0.count > 4 ? ", …" : "")); compared perceptually" }
                    ?? "the goldens do not record the libraries that drew them; compared perceptually"
            }
        }
        let diffing = chosen
        report.check = diffing.effectiveCheck.rawValue

        // Compare like with like: the golden's recording settings must be this run's.
        if let meta, meta.every != every || abs(meta.scale - p.scene.canvas.scale) > 1e-9 {
            report.message = "the goldens were recorded at scale \(Self.number(meta.scale)), every \(meta.every) frames; "
                + "this run renders at scale \(Self.number(p.scene.canvas.scale)), every \(every) (pass the same --scale/--every, or re-record with --record all)"
            if record == .failed { return recordNow("re-recorded (settings changed)") }
            return report
        }

        let indices = Array(Set(p.selected).union(goldenFrames.keys)).sorted()
        let selected = Set(p.selected)
        let folder: ReportFolder
        do { folder = try root.subfolder(s.name) } catch {
            report.message = "cannot write the report: " + Self.firstLine(error)
            return report
        }
        let artifacts = ReportArtifacts(folder: folder)
        let frames: [FrameReport]
        do {
            frames = try Self.parallelMap(indices.count, jobs: jobs) { n -> FrameReport in
                let index = indices[n]
                let pair = try Self.pair(index: index, prepared: p, selected: selected, golden: goldenFrames)
                var (entry, diff) = DiffRun.compare(pair, diffing: diffing)
                try artifacts.record(expected: pair.expected?.frame, actual: pair.actual?.frame, diff: diff, report: &entry)
                artifacts.thumbnail(index: index, expected: pair.expected?.frame, actual: pair.actual?.frame)
                return entry
            }
        } catch {
            report.message = Self.firstLine(error)
            return report
        }
        var diffReport = DiffReport(tool: "segue test", expected: dir.relativePath, actual: s.path, settings: DiffSettings(diffing), frames: frames,
                                    expectedFrames: goldenFrames.count, actualFrames: p.selected.count)
        report.comparedFrames = frames.count
        report.failedFrames = diffReport.failedFrames
        report.maxMismatchedPixels = frames.compactMap(\.mismatchedPixels).max()
        report.minSSIM = frames.compactMap(\.ssim).min()
        report.report = s.name + "/" + ReportFiles.json

        if !diffReport.passed {
            var reasons: [String] = []
            if let meta, meta.frameCount != p.timeline.frameCount {
                reasons.append("the scene has \(p.timeline.frameCount) frames now (\(Self.number(p.timeline.duration)) s), \(meta.frameCount) when the goldens were recorded")
            }
            let noGolden = frames.filter { $0.status == .missingExpected }.map(\.index)
            let notRendered = frames.filter { $0.status == .missingActual }.map(\.index)
            if !noGolden.isEmpty { reasons.append("no golden for frame\(noGolden.count == 1 ? "" : "s") \(Self.list(noGolden))") }
            if !notRendered.isEmpty { reasons.append("golden frame\(notRendered.count == 1 ? "" : "s") \(Self.list(notRendered)) not rendered now") }
            let differing = frames.filter { $0.status == .failed || $0.status == .sizeMismatch }
            if let worst = differing.max(by: { ($0.mismatchedPixels ?? -1) < ($1.mismatchedPixels ?? -1) }) {
                var text = "\(differing.count) frame\(differing.count == 1 ? "" : "s") differ; worst: frame \(worst.index)"
                if let m = worst.mismatchedPixels, let r = worst.mismatchRatio {
                    text += " (\(Format.count(m)) px, \(Format.percent(r))" + (worst.ssim.map { ", SSIM \(Format.fixed($0, 4))" } ?? "") + ")"
                } else if let message = worst.message {
                    text += " (\(message))"
                }
                reasons.append(text)
            }
            report.message = reasons.joined(separator: "; ") + " → " + folder.url.relativePath
            diffReport.message = reasons.first
            diffReport.contactSheet = try? artifacts.writeContactSheet(title: "SEGUE TEST \(s.name.uppercased()): \(diffReport.failedFrames) OF \(frames.count) FRAMES FAIL")
            diffReport.filmstrip = try? artifacts.writeFilmstrips()
            if writesVideo {
                diffReport.sideBySide = try? writeVideo(indices: indices, frames: frames, prepared: p, selected: selected,
                                                         golden: goldenFrames, folder: folder, diffing: diffing)
            }
        }
        if let note { report.message = report.message.map { $0 + " (" + note + ")" } ?? note }
        return settle(report, diffReport, folder: folder, recordNow: recordNow)
    }

    /// The end of a scene's comparison: writes its report.json and junit.xml, then the scene
    /// passes, is re-recorded (`--record failed`, saying what it was), or fails as it stands.
    private func settle(_ report: SceneReport, _ diffReport: DiffReport, folder: ReportFolder,
                        recordNow: (String) -> SceneReport) -> SceneReport {
        var report = report
        do {
            try folder.writeJSON(diffReport, ReportFiles.json)
            try folder.writeText(diffReport.junit(suite: "segue test \(report.name)"), ReportFiles.junit)
        } catch {
            report.status = .failed
            report.message = "cannot write the report: " + Self.firstLine(error)
            return report
        }
        if diffReport.passed {
            report.status = .passed
        } else if record == .failed {
            let was = report.message ?? ""
            var r = recordNow("re-recorded")
            if r.status == .recorded { r.message = (r.message ?? "") + " (was: \(was))" }
            return r
        }
        return report
    }

    private static func pair(index: Int, prepared p: Prepared, selected: Set<Int>, golden: [Int: URL]) throws -> FramePair {
        var pair = FramePair(index: index)
        if let url = golden[index] {
            pair.expected = (url.lastPathComponent, try FrameDecoder.decodeImage(path: url.path))
        }
        if selected.contains(index) {
            let image = try p.rasterizer.render(DisplayListBuilder.build(p.timeline, frame: index))
            pair.actual = ("frame \(index)", RGBAFrame(image))
        }
        return pair
    }

    private func writeVideo(indices: [Int], frames: [FrameReport], prepared p: Prepared, selected: Set<Int>,
                            golden: [Int: URL], folder: ReportFolder, diffing: ImageDiffing) throws -> String {
        let sizes = frames.flatMap { [$0.expectedSize, $0.actualSize].compactMap { $0 } }
        let video = try SideBySideVideo(url: folder.file(ReportFiles.sideBySide), maxWidth: sizes.map { $0[0] }.max() ?? 1,
                                        maxHeight: sizes.map { $0[1] }.max() ?? 1, fps: p.scene.canvas.fps / Double(every))
        do {
            for (n, index) in indices.enumerated() {
                let pair = try Self.pair(index: index, prepared: p, selected: selected, golden: golden)
                let (_, diff) = DiffRun.compare(pair, diffing: diffing)
                try video.append(expected: pair.expected?.frame, actual: pair.actual?.frame, diff: diff, report: frames[n])
            }
            try video.finish()
        } catch {
            video.cancel()
            throw error
        }
        return ReportFiles.sideBySide
    }

    /// Renders the selected frames into `dir` (PNGWriter, as `segue render --format png`),
    /// removes golden frames no longer selected, and writes meta.json.
    private func recordFrames(_ p: Prepared, name: String, into dir: URL, replacing old: [Int: URL]) throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let selected = p.selected
        _ = try Self.parallelMap(selected.count, jobs: jobs) { n -> Int in
            let index = selected[n]
            let image = try p.rasterizer.render(DisplayListBuilder.build(p.timeline, frame: index))
            try PNGWriter.write(image, to: dir.appendingPathComponent(PNGSequenceWriter.fileName(forFrame: index)))
            return index
        }
        for (index, url) in old where !selected.contains(index) { try? FileManager.default.removeItem(at: url) }
        let meta = GoldenSceneMeta(scene: name, scale: p.scene.canvas.scale, every: every, fps: p.scene.canvas.fps,
                                   size: [p.scene.canvas.pixelWidth, p.scene.canvas.pixelHeight],
                                   frameCount: p.timeline.frameCount, frames: selected, renderer: Self.rendererVersions)
        let folder = ReportFolder(url: dir)
        try folder.writeJSON(meta, GoldenSceneMeta.fileName)
        // The geometry of the same frames: what a run on other library versions compares instead.
        let dump = try Gzip.compress(Array(GeometryDump.document(p.timeline, frames: selected).utf8))
        try AtomicFileWriter.write(dump, to: dir.appendingPathComponent(Self.compressedDumpFileName))
    }

    static let dumpFileName = "dump.json"
    /// Beside pixel goldens: the same dump, gzip-compressed.
    static let compressedDumpFileName = "dump.json.gz"

    /// This machine's renderer versions, read once per process (dpkg-query runs once).
    static let rendererVersions = RendererVersions.all()

    /// "cairo 1.16.0 → 1.18.0" for each library or font package whose version differs, and for
    /// a font package the goldens had and this machine lacks. A font package this machine has and
    /// the recording machine did not is left out: one more installed font rarely changes what a
    /// scene's named families resolve to, and CI images often carry extra fonts.
    static func versionChanges(recorded: [String: String], now: [String: String]) -> [String] {
        Set(recorded.keys).union(now.keys).sorted().compactMap { name in
            let before = recorded[name], after = now[name]
            let isPackage = name.hasPrefix("package:")
            guard before != after, !(isPackage && before == nil) else { return nil }
            let label = isPackage ? String(name.dropFirst("package:".count)) : name
            return "\(label) \(before ?? "missing") → \(after ?? "missing")"
        }
    }

    /// `frame-NNNN.png` files of a golden folder by frame number.
    static func goldenFrames(in dir: URL) -> [Int: URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        var out: [Int: URL] = [:]
        for n in names where n.hasPrefix("frame-") && n.hasSuffix(".png") {
            let digits = n.dropFirst(6).dropLast(4)
            if digits.count >= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let i = Int(digits) {
                out[i] = dir.appendingPathComponent(n)
            }
        }
        return out
    }

    // MARK: - Dump

    private func runDump(_ s: (name: String, path: String), root: ReportFolder, fileName: String = dumpFileName) -> SceneReport {
        let dir = golden.appendingPathComponent(s.name)
        let file = dir.appendingPathComponent(fileName)
        var report = SceneReport(name: s.name, scene: s.path, golden: file.relativePath, status: .failed, message: nil,
                                 comparedFrames: 0, failedFrames: 0, report: nil, seconds: 0)
        let scene: Scene
        do { scene = try loadScene(s.path, scale) } catch {
            report.message = Self.firstLine(error)
            return report
        }
        let timeline = Timeline(scene: scene)
        let selected = FrameSelection.frames(count: timeline.frameCount, every: every)
        let text = GeometryDump.document(timeline, frames: selected)
        func recordNow(_ what: String) -> SceneReport {
            var r = report
            do {
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                try AtomicFileWriter.write(Array(text.utf8), to: file)
                r.status = .recorded
                r.message = "\(what) the geometry of \(selected.count) frames in \(file.relativePath)"
            } catch {
                r.message = "cannot record the golden dump: " + Self.firstLine(error)
            }
            return r
        }
        guard var data = FileManager.default.contents(atPath: file.path) else {
            if record == .never {
                report.message = "no golden dump at \(file.relativePath) (record it with --record missing)"
                return report
            }
            return recordNow("recorded")
        }
        if record == .all { return recordNow("re-recorded") }
        let expected: GeometryDump.Document, actual: GeometryDump.Document
        do {
            if fileName == Self.compressedDumpFileName { data = Data(try Gzip.decompress(Array(data))) }
            expected = try GeometryDump.Document(json: data, path: file.path)
            actual = try GeometryDump.Document(json: Data(text.utf8), path: s.path)
        } catch {
            report.message = Self.firstLine(error)
            if record == .failed { return recordNow("re-recorded") }
            return report
        }
        var headline: [String] = []
        if let e = expected.duration, let a = actual.duration, !GeometryDump.close(e, a, tolerance) {
            headline.append("duration \(Self.number(e)) s → \(Self.number(a)) s")
        }
        if let e = expected.fps, let a = actual.fps, !GeometryDump.close(e, a, tolerance) {
            headline.append("fps \(Self.number(e)) → \(Self.number(a))")
        }
        let eByIndex = Dictionary(expected.frames.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        let aByIndex = Dictionary(actual.frames.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        var frames: [FrameReport] = []
        for index in Set(eByIndex.keys).union(aByIndex.keys).sorted() {
            var f = FrameReport(index: index, status: .passed)
            switch (eByIndex[index], aByIndex[index]) {
            case let (e?, a?):
                let differences = GeometryDump.differences(expected: e, actual: a, tolerance: tolerance)
                if !differences.isEmpty { f.status = .failed; f.message = differences.joined(separator: "; ") }
            case (_?, nil):
                f.status = .missingActual; f.message = "frame \(index) is in the golden dump but not rendered now"
            default:
                f.status = .missingExpected; f.message = "frame \(index) is rendered now but not in the golden dump"
            }
            frames.append(f)
        }
        report.check = "dump"
        var settings = DiffSettings(diffing)
        settings.check = nil
        settings.perceptual = nil
        settings.metric = "geometry dump: numbers agree when |a - b| <= \(tolerance) x max(1, |a|, |b|)"
        settings.ssim = nil
        var diffReport = DiffReport(tool: "segue test", expected: file.relativePath, actual: s.path, settings: settings, frames: frames,
                                    expectedFrames: expected.frames.count, actualFrames: actual.frames.count)
        report.comparedFrames = frames.count
        report.failedFrames = diffReport.failedFrames
        if !diffReport.passed || !headline.isEmpty {
            var reasons = headline
            if let first = frames.first(where: { !$0.passed }) { reasons.append("first difference at " + first.summary) }
            diffReport.message = reasons.joined(separator: "; ")
            diffReport.passed = false
            report.message = diffReport.message
        }
        let folder: ReportFolder
        do { folder = try root.subfolder(s.name) } catch {
            report.message = "cannot write the report: " + Self.firstLine(error)
            return report
        }
        report.report = s.name + "/" + ReportFiles.json
        if !diffReport.passed { report.message = (report.message ?? "") + " → " + folder.url.relativePath }
        return settle(report, diffReport, folder: folder, recordNow: recordNow)
    }

    // MARK: - Helpers

    static func firstLine(_ error: Error) -> String {
        let text: String
        if let e = error as? DecodeError { text = e.description } else { text = String(describing: error) }
        let line = text.split(separator: "\n").first.map(String.init) ?? text
        return line.hasPrefix("error: ") ? String(line.dropFirst(7)) : line
    }

    /// "4, 6, 8" or "4, 6, 8, … 20 (9 frames)".
    static func list(_ indexes: [Int]) -> String {
        if indexes.count <= 6 { return indexes.map(String.init).joined(separator: ", ") }
        return indexes.prefix(4).map(String.init).joined(separator: ", ") + ", … \(indexes.last!) (\(indexes.count) frames)"
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(format: "%g", v)
    }

    /// `body(0 ..< count)` on up to `jobs` threads; results in index order. The first error stops
    /// the remaining work and is rethrown.
    static func parallelMap<T>(_ count: Int, jobs: Int, _ body: @escaping @Sendable (Int) throws -> T) throws -> [T] {
        let box = ParallelBox<T>(count: count)
        let workers = max(1, min(jobs, count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = box.claim() {
                do { box.store(i, try body(i)) } catch { box.fail(error) }
            }
        }
        return try box.results()
    }
}

/// Work distribution and results for `GoldenTestRun.parallelMap`.
private final class ParallelBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [T?]
    private var next = 0
    private var error: Error?

    init(count: Int) { items = Array(repeating: nil, count: count) }

    func claim() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard error == nil, next < items.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ i: Int, _ value: T) { lock.lock(); items[i] = value; lock.unlock() }
    func fail(_ e: Error) { lock.lock(); if error == nil { error = e }; lock.unlock() }

    func results() throws -> [T] {
        if let error { throw error }
        return items.map { $0! }
    }
}
