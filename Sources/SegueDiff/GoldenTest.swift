// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDecode

/// When `segue test` writes goldens (swift-snapshot-testing's record modes).
public enum RecordMode: String, Sendable, Codable, CaseIterable {
    /// Record scenes that have no golden yet; compare the others.
    case missing
    /// Compare; re-record the scenes that fail (and those that have no golden).
    case failed
    /// Re-record every scene without comparing.
    case all
    /// Never write; a missing golden is a failure.
    case never

    /// SEGUE_RECORD when set; else `never` when the environment variable CI is true (`true`, `1`
    /// or `yes`, as CI services set it; `CI=false` is not CI), else `missing`.
    public static func `default`(environment: [String: String] = ProcessInfo.processInfo.environment) throws(GoldenError) -> RecordMode {
        if let requested = environment[environmentVariable], !requested.isEmpty {
            guard let mode = RecordMode(rawValue: requested.lowercased()) else {
                throw GoldenError.badEnvironment(variable: environmentVariable, value: requested,
                                                 expected: allCases.map(\.rawValue).joined(separator: ", "))
            }
            return mode
        }
        return isContinuousIntegration(environment) ? .never : .missing
    }

    /// The variable that sets the record mode when --record is not given.
    public static let environmentVariable = "SEGUE_RECORD"

    /// Whether CI is set to a true value.
    public static func isContinuousIntegration(_ environment: [String: String]) -> Bool {
        ["true", "1", "yes"].contains((environment["CI"] ?? "").lowercased())
    }
}

/// `--shard I/N`: the I-th (1-based) of N contiguous, nearly equal slices of the sorted scene
/// list. The N slices are disjoint and together hold every scene.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 1, i <= n else { return nil }
        index = i; count = n
    }

    public init(index: Int, count: Int) {
        precondition(count >= 1 && index >= 1 && index <= count)
        self.index = index; self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// Items [⌊(i−1)·n/N⌋, ⌊i·n/N⌋) of `items`.
    public func slice<T>(_ items: [T]) -> [T] {
        let n = items.count
        return Array(items[(index - 1) * n / count ..< index * n / count])
    }
}

/// Which frames golden tests compare: 0, every, 2·every, … and always the last frame (the end
/// state), so a change of duration always changes the compared set.
public enum FrameSelection {
    public static func frames(count: Int, every: Int) -> [Int] {
        guard count > 0 else { return [] }
        var frames = Array(stride(from: 0, to: count, by: max(1, every)))
        if frames.last != count - 1 { frames.append(count - 1) }
        return frames
    }
}

/// golden.json at the root of a golden folder: the settings goldens are recorded with, which
/// `segue test` uses unless told otherwise, so tests compare like with like.
public struct GoldenSettings: Codable, Sendable, Equatable {
    /// Pixels per point (nil: each scene's own canvas.scale).
    public var scale: Double?
    /// Compare every N-th frame (plus the last).
    public var every: Int

    /// The comparison limits this folder's goldens are meant to be tested with (`segue test --init`
    /// writes them; the command line still wins).
    public var maxDiffPixels: Int?
    public var minSSIM: Double?

    public init(scale: Double?, every: Int, maxDiffPixels: Int? = nil, minSSIM: Double? = nil) {
        self.scale = scale; self.every = every
        self.maxDiffPixels = maxDiffPixels; self.minSSIM = minSSIM
    }

    /// What `segue test --init` writes: half the scene's resolution and every third frame (plus the
    /// last) keep a golden folder about 1/12 the size of full-scale, every-frame goldens while still
    /// catching a wrong curve, a wrong end state or a moved layer; no pixel may differ (beyond
    /// pixelmatch's threshold), because Segue renders deterministically on one set of libraries; and
    /// SSIM at least 0.99 as a second, structural guard.
    public static let initial = GoldenSettings(scale: 0.5, every: 3, maxDiffPixels: 0, minSSIM: 0.99)

    public static let fileName = "golden.json"

    public static func read(_ folder: URL) throws -> GoldenSettings? {
        let url = folder.appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        do {
            return try JSONDecoder().decode(GoldenSettings.self, from: data)
        } catch {
            throw GoldenError.malformed(path: url.path, reason: "expected {\"scale\": number or null, \"every\": integer}")
        }
    }
}

/// meta.json in each scene's golden folder: how its frames were recorded.
public struct GoldenSceneMeta: Codable, Sendable, Equatable {
    public var scene: String
    public var scale: Double
    public var every: Int
    public var fps: Double
    public var size: [Int]
    /// Frames the scene had when recorded (the compared ones are `frames`).
    public var frameCount: Int
    public var frames: [Int]
    /// The versions of the libraries and font packages that drew the frames
    /// (`RendererVersions.all()`); nil in goldens recorded before Segue kept them.
    public var renderer: [String: String]?
    public static let fileName = "meta.json"
}

public enum GoldenError: Error, CustomStringConvertible, Sendable {
    case malformed(path: String, reason: String)
    case duplicateScene(name: String, first: String, second: String)
    /// `--merge`: one scene in two reports.
    case mergedTwice(name: String, first: String, second: String)
    case noScenes(paths: [String])
    case notFound(path: String)
    case unreadableReport(path: String, reason: String)
    case badEnvironment(variable: String, value: String, expected: String)

    public var description: String {
        switch self {
        case let .malformed(path, reason): "'\(path)' is malformed: \(reason)"
        case let .duplicateScene(name, first, second): "two scenes are named '\(name)': \(first) and \(second); goldens are stored by scene name"
        case let .mergedTwice(name, first, second): "scene '\(name)' is in both \(first) and \(second); merging would count it twice"
        case let .noScenes(paths): "no scene files (.yaml, .yml, .json) in \(paths.joined(separator: ", "))"
        case let .notFound(path): "'\(path)' does not exist"
        case let .unreadableReport(path, reason): "cannot merge '\(path)': \(reason)"
        case let .badEnvironment(variable, value, expected): "\(variable)=\(value) is not a record mode; expected one of \(expected)"
        }
    }

    public var hint: String {
        switch self {
        case .malformed: "fix the file, or delete it and record again"
        case .duplicateScene: "rename one of the scene files"
        case .mergedTwice: "merge each shard's report once; the shards of one --shard I/N split never share a scene"
        case .noScenes: "pass a folder of scene files or the files themselves"
        case .notFound: "check the path"
        case .unreadableReport: "pass report folders (or their report.json) written by segue test"
        case let .badEnvironment(variable, _, _): "set \(variable) to a record mode, or unset it"
        }
    }
}

/// One scene's result, as written to the test report.
public struct SceneReport: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable { case passed, failed, recorded }
    public var name: String
    public var scene: String
    public var golden: String
    public var status: Status
    /// Why it failed, or what was recorded.
    public var message: String?
    public var comparedFrames: Int
    public var failedFrames: Int
    /// The largest pixelmatch count and the lowest SSIM over the compared frames.
    public var maxMismatchedPixels: Int?
    public var minSSIM: Double?
    /// This scene's own report.json, relative to the test report folder.
    public var report: String?
    public var seconds: Double
    /// The check that decided: exact, perceptual, pixelmatch or dump.
    public var check: String?

    /// `PASS flip  (23 frames, 0 px differ, SSIM ≥ 1.0000)` and the like.
    public var line: String {
        let tag = switch status { case .passed: "PASS"; case .failed: "FAIL"; case .recorded: "REC " }
        var details: [String] = []
        if comparedFrames > 0 {
            details.append(failedFrames > 0 ? "\(failedFrames) of \(comparedFrames) frames differ" : "\(comparedFrames) frames")
            if let m = maxMismatchedPixels { details.append("max \(Format.count(m)) px") }
            if let s = minSSIM { details.append("min SSIM \(Format.fixed(s, 4))") }
        }
        var text = "\(tag)  \(name)"
        if let check, status != .recorded { details.append("\(check) check") }
        if !details.isEmpty { text += "  (" + details.joined(separator: ", ") + ")" }
        if let message { text += (status == .passed ? "  " : " — ") + message }
        return text
    }
}

/// report.json of `segue test` (and of `segue test --merge`).
public struct TestReport: Codable, Sendable, Equatable {
    public var tool = "segue test"
    public var formatVersion = 1
    public var golden: String
    public var mode: String
    public var record: String
    public var settings: Settings
    public var shard: String?
    /// For a merged report: the reports it joins.
    public var merged: [String]?
    public var scenes: [SceneReport]
    public var passed: Int
    public var failed: Int
    public var recorded: Int

    public struct Settings: Codable, Sendable, Equatable {
        public var scale: Double?
        public var every: Int
        public var threshold: Double
        public var includeAA: Bool
        public var background: PixelmatchOptions.Background
        public var maxDiffPixels: Int?
        public var maxDiffRatio: Double?
        public var minSSIM: Double?
        public var tolerance: Double
    }

    public init(golden: String, mode: String, record: String, settings: Settings, shard: String?, scenes: [SceneReport]) {
        self.golden = golden; self.mode = mode; self.record = record; self.settings = settings; self.shard = shard
        self.scenes = scenes
        passed = scenes.filter { $0.status != .failed }.count
        failed = scenes.count - passed
        recorded = scenes.filter { $0.status == .recorded }.count
    }

    /// The final line CI tools read.
    public var summaryLine: String { "\(passed) passed, \(failed) failed" }

    /// JUnit XML: one test case per scene, pointing at the scene file, with the failing frames'
    /// diff images attached for GitLab (paths as `reportFolder` names the folder, since GitLab reads
    /// them relative to the project directory the job ran in).
    public func junit(reportFolder: URL? = nil) -> String {
        let cases = scenes.map { s in
            let attachments = s.status == .failed ? CIReporting.failingImages(of: s, in: reportFolder).map(\.relativePath) : []
            return JUnit.Case(name: s.name, className: "segue.test.\(mode)", failure: s.status == .failed ? (s.message ?? "failed") : nil,
                              details: s.status == .failed ? s.line + (s.report.map { "\nreport: " + $0 } ?? "") : nil, seconds: s.seconds,
                              file: s.scene, line: 1, attachments: attachments)
        }
        return JUnit.document(name: "segue test", suites: [JUnit.Suite(name: "segue test \(golden)", cases: cases)])
    }

    /// Reads a report folder (or its report.json).
    public static func read(_ path: String) throws -> (report: TestReport, folder: URL) {
        var url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { throw GoldenError.notFound(path: path) }
        if isDirectory.boolValue { url = url.appendingPathComponent(ReportFiles.json) }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw GoldenError.unreadableReport(path: path, reason: "no readable \(ReportFiles.json) there")
        }
        do {
            let report = try JSONDecoder().decode(TestReport.self, from: data)
            guard report.tool == "segue test" else { throw GoldenError.unreadableReport(path: path, reason: "it is a \(report.tool) report") }
            return (report, url.deletingLastPathComponent())
        } catch let e as GoldenError {
            throw e
        } catch {
            throw GoldenError.unreadableReport(path: path, reason: "it is not a segue test report.json")
        }
    }

    /// Joins reports (e.g. one per CI shard) into one; scene report paths are rewritten
    /// relative to `folder`. A scene in two reports is an error.
    public static func merge(_ inputs: [(report: TestReport, folder: URL, path: String)], into folder: URL) throws -> TestReport {
        precondition(!inputs.isEmpty)
        var scenes: [SceneReport] = []
        var seen: [String: String] = [:]
        for input in inputs {
            for var s in input.report.scenes {
                if let other = seen[s.name] { throw GoldenError.mergedTwice(name: s.name, first: other, second: input.path) }
                seen[s.name] = input.path
                if let r = s.report { s.report = relativePath(input.folder.appendingPathComponent(r), from: folder) }
                scenes.append(s)
            }
        }
        scenes.sort { $0.name < $1.name }
        let first = inputs[0].report
        var merged = TestReport(golden: first.golden, mode: first.mode, record: first.record, settings: first.settings, shard: nil, scenes: scenes)
        merged.merged = inputs.map(\.path)
        return merged
    }

    static func relativePath(_ target: URL, from base: URL) -> String {
        let t = target.standardizedFileURL.pathComponents, b = base.standardizedFileURL.pathComponents
        var common = 0
        while common < min(t.count, b.count) && t[common] == b[common] { common += 1 }
        let ups = Array(repeating: "..", count: b.count - common)
        return (ups + t[common...]).joined(separator: "/")
    }
}
