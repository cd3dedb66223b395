// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import SegueDiff
import Testing

@Suite struct GoldenModelTests {
    @Test func shardsAreDisjointAndCoverEverything() {
        for n in 0 ... 23 {
            let items = Array(0 ..< n)
            for count in 1 ... 7 {
                var seen: [Int] = []
                for i in 1 ... count {
                    let slice = Shard(index: i, count: count).slice(items)
                    #expect(slice.count >= n / count && slice.count <= n / count + 1)
                    seen += slice
                }
                #expect(seen == items, "n \(n), \(count) shards")
            }
        }
        #expect(Shard("2/3") == Shard(index: 2, count: 3))
        #expect(Shard("0/3") == nil && Shard("4/3") == nil && Shard("1/0") == nil && Shard("a/b") == nil && Shard("1") == nil)
    }

    @Test func framesSelectedAreEveryNthAndTheLast() {
        #expect(FrameSelection.frames(count: 45, every: 2) == Array(stride(from: 0, through: 44, by: 2)))
        #expect(FrameSelection.frames(count: 10, every: 4) == [0, 4, 8, 9])
        #expect(FrameSelection.frames(count: 1, every: 3) == [0])
        #expect(FrameSelection.frames(count: 5, every: 1) == [0, 1, 2, 3, 4])
    }

    @Test func recordDefaultsToNeverOnlyWhenCIIsTrue() throws {
        for truthy in ["true", "1", "yes", "TRUE"] {
            #expect(try RecordMode.default(environment: ["CI": truthy]) == .never)
        }
        // CI=false (or empty, or 0) is a developer's machine, where new scenes are recorded.
        for falsy in ["false", "", "0", "no"] {
            #expect(try RecordMode.default(environment: ["CI": falsy]) == .missing)
        }
        #expect(try RecordMode.default(environment: ["HOME": "/root"]) == .missing)
    }

    @Test func segueRecordSetsTheModeAndBeatsCI() throws {
        #expect(try RecordMode.default(environment: ["SEGUE_RECORD": "failed"]) == .failed)
        #expect(try RecordMode.default(environment: ["SEGUE_RECORD": "all", "CI": "true"]) == .all)
        #expect(try RecordMode.default(environment: ["SEGUE_RECORD": "", "CI": "true"]) == .never)
        #expect(throws: GoldenError.self) { try RecordMode.default(environment: ["SEGUE_RECORD": "sometimes"]) }
    }

    @Test func annotationsEscapeAsGitHubWorkflowCommandsRequire() {
        // Properties escape %, CR, LF, ':' and ','; the message escapes %, CR and LF (GitHub's rules).
        var failing = scene("flip", .failed)
        failing.scene = "scenes/a,b:c.yaml"
        failing.message = "50% of frames differ\nsee report"
        let report = report([failing, scene("ok", .passed)], shard: "1/1")
        #expect(CIReporting.annotations(report)
            == ["::error file=scenes/a%2Cb%3Ac.yaml,line=1,title=segue test%3A flip::50%25 of frames differ%0Asee report"])
    }

    func scene(_ name: String, _ status: SceneReport.Status) -> SceneReport {
        SceneReport(name: name, scene: "scenes/\(name).yaml", golden: "goldens/\(name)", status: status, message: status == .failed ? "3 frames differ" : nil,
                    comparedFrames: 4, failedFrames: status == .failed ? 3 : 0, report: "\(name)/report.json", seconds: 0.5)
    }

    func report(_ scenes: [SceneReport], shard: String) -> TestReport {
        let settings = TestReport.Settings(scale: 0.5, every: 2, threshold: 0.1, includeAA: false, background: .white, maxDiffPixels: 0,
                                           maxDiffRatio: nil, minSSIM: nil, tolerance: 1e-6)
        return TestReport(golden: "goldens", mode: "pixels", record: "never", settings: settings, shard: shard, scenes: scenes)
    }

    @Test func mergingSumsCountsAndRewritesReportPaths() throws {
        let a = report([scene("a", .passed), scene("c", .failed)], shard: "1/2")
        let b = report([scene("b", .passed), scene("d", .recorded)], shard: "2/2")
        #expect(a.summaryLine == "1 passed, 1 failed")
        let root = URL(fileURLWithPath: "/tmp/ci")
        let merged = try TestReport.merge([(a, root.appendingPathComponent("shard-1"), "shard-1"), (b, root.appendingPathComponent("shard-2"), "shard-2")],
                                          into: root.appendingPathComponent("merged"))
        #expect(merged.scenes.map(\.name) == ["a", "b", "c", "d"])
        #expect(merged.passed == a.passed + b.passed && merged.failed == a.failed + b.failed && merged.recorded == 1)
        #expect(merged.summaryLine == "3 passed, 1 failed")
        #expect(merged.scenes[2].report == "../shard-1/c/report.json")
        #expect(throws: GoldenError.self) {
            try TestReport.merge([(a, root, "x"), (a, root, "y")], into: root)
        }
        let junit = merged.junit()
        #expect(junit.contains("tests=\"4\" failures=\"1\""))
        #expect(junit.contains("<testcase classname=\"segue.test.pixels\" name=\"c\""))
    }

    @Test func junitEscapesWhatXMLReserves() {
        let xml = JUnit.document(name: "n", suites: [JUnit.Suite(name: "s <&> \"'", cases: [JUnit.Case(name: "a\u{1}b", className: "c", failure: "x < y & z")])])
        #expect(xml.contains("s &lt;&amp;&gt; &quot;&apos;"))
        #expect(xml.contains("a b"))
        #expect(xml.contains("message=\"x &lt; y &amp; z\""))
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
    }

    @Test func limitsDefaultToNoMismatchedPixel() {
        #expect(DiffLimits().violation(mismatched: 0, ratio: 0, ssim: 0.5) == nil)
        #expect(DiffLimits().violation(mismatched: 1, ratio: 0.0001, ssim: 1) != nil)
        #expect(DiffLimits(maxDiffRatio: 0.01).violation(mismatched: 50, ratio: 0.005, ssim: nil) == nil)
        #expect(DiffLimits(maxDiffRatio: 0.01).violation(mismatched: 50, ratio: 0.02, ssim: nil) != nil)
        #expect(DiffLimits(maxDiffPixels: 10, minSSIM: 0.99).violation(mismatched: 10, ratio: 0.1, ssim: 0.98)?.contains("SSIM") == true)
    }
}
