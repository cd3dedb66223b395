// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueKit
import Testing
import XCTest

/// Golden tests of transitions from inside a Swift test suite, in the spirit of
/// swift-snapshot-testing: the scene is rendered as `segue test` renders it and compared with
/// golden frames (pixelmatch + SSIM), with the same record modes. Relative paths are resolved
/// against the folder of the test file that calls, so scenes and goldens live beside the tests.
///
/// Record mode: the `record:` argument, else SEGUE_RECORD, else `missing` (`never` when CI is true).
/// A recorded scene is reported as a failure that says so, so a first run cannot pass unseen; run
/// again to compare.
public enum TransitionGolden {
    /// Compares `scene` with `golden`, returning nil when it matches, else what is wrong.
    public static func verify(scene: String, golden: String, record: RecordMode? = nil, scale: Double? = nil,
                              every: Int? = nil, relativeTo testFile: String) -> String? {
        let base = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        func resolve(_ path: String) -> URL { path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path) }
        let sceneURL = resolve(scene), goldenURL = resolve(golden)
        do {
            let mode = try record ?? RecordMode.default()
            let settings = try GoldenSettings.read(goldenURL)
            let name = sceneURL.deletingPathExtension().lastPathComponent
            let reports = FileManager.default.temporaryDirectory.appendingPathComponent("segue-test-reports")
                .appendingPathComponent(name + "-" + String(ProcessInfo.processInfo.processIdentifier))
            var diffing = ImageDiffing.exact
            diffing.limits.maxDiffPixels = settings?.maxDiffPixels
            diffing.limits.minSSIM = settings?.minSSIM
            let run = GoldenTestRun(scenes: [(name, sceneURL.path)], golden: goldenURL, record: mode, diffing: diffing,
                                    scale: scale ?? settings?.scale, every: every ?? settings?.every ?? 1,
                                    jobs: ProcessInfo.processInfo.activeProcessorCount, reportDirectory: reports,
                                    writesVideo: false, loadScene: { path, scale in try Segue.loadScene(path, scale: scale) })
            let report = try run.run()
            guard let result = report.scenes.first else { return "no result for \(scene)" }
            switch result.status {
            case .passed: return nil
            case .recorded: return "recorded \(name): \(result.message ?? "") — run the test again to compare"
            case .failed: return "\(name): \(result.message ?? "failed") (report: \(reports.path))"
            }
        } catch {
            return "\(scene): \(error)"
        }
    }
}

/// XCTest: fails the calling test when the scene does not match its goldens.
///
///     func testFlip() { assertTransition(scene: "Scenes/flip.yaml", matchesGolden: "Goldens") }
public func assertTransition(scene: String, matchesGolden golden: String, record: RecordMode? = nil,
                             scale: Double? = nil, every: Int? = nil,
                             file: StaticString = #filePath, line: UInt = #line) {
    if let failure = TransitionGolden.verify(scene: scene, golden: golden, record: record, scale: scale, every: every,
                                             relativeTo: "\(file)") {
        XCTFail(failure, file: file, line: line)
    }
}

/// Swift Testing: records an issue at the call when the scene does not match its goldens.
///
///     @Test func flip() { expectTransition(scene: "Scenes/flip.yaml", matchesGolden: "Goldens") }
public func expectTransition(scene: String, matchesGolden golden: String, record: RecordMode? = nil,
                             scale: Double? = nil, every: Int? = nil,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    if let failure = TransitionGolden.verify(scene: scene, golden: golden, record: record, scale: scale, every: every,
                                             relativeTo: sourceLocation.filePath) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}
