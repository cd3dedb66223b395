// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What `segue test` tells a CI service besides its own output: GitHub Actions annotations and a
/// step summary (https://docs.github.com/actions/reference/workflow-commands-for-github-actions).
/// JUnit file/line attributes and GitLab attachments are in `TestReport.junit`.
public enum CIReporting {
    /// Under GitHub Actions: prints an annotation per failing scene and appends the summary to
    /// $GITHUB_STEP_SUMMARY. Elsewhere it does nothing. A summary that cannot be written is a
    /// warning, never a failure of the test run.
    public static func publish(_ report: TestReport, reportFolder: URL,
                               environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard environment["GITHUB_ACTIONS"] == "true" else { return }
        for line in annotations(report) { print(line) }
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
        // The runner hands us this file to append to; it is a stream, not an output we replace.
        guard let handle = FileHandle(forWritingAtPath: path) else {
            print("::warning::segue test could not open GITHUB_STEP_SUMMARY (\(escapeData(path)))")
            return
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(stepSummary(report, reportFolder: reportFolder).utf8))
        } catch {
            print("::warning::segue test could not write the step summary: \(escapeData(String(describing: error)))")
        }
    }

    /// `::error file=scenes/flip.yaml,line=1,title=segue test: flip::…` for each failing scene.
    public static func annotations(_ report: TestReport) -> [String] {
        report.scenes.filter { $0.status == .failed }.map { scene in
            let properties = "file=\(escapeProperty(scene.scene)),line=1,title=\(escapeProperty("segue test: " + scene.name))"
            return "::error \(properties)::\(escapeData(scene.message ?? "failed"))"
        }
    }

    /// Markdown: a table of every scene, then each failure's worst frame (expected, actual and diff)
    /// inline as PNG data, as long as the summary stays under GitHub's 1 MiB limit.
    public static func stepSummary(_ report: TestReport, reportFolder: URL, byteBudget: Int = 900_000) -> String {
        var text = "### segue test: \(report.summaryLine)\n\n"
        text += "| scene | result | compared | failed | worst px | min SSIM |\n| --- | --- | ---: | ---: | ---: | ---: |\n"
        for s in report.scenes {
            let result = switch s.status { case .passed: "✅ passed"; case .failed: "❌ failed"; case .recorded: "📝 recorded" }
            text += "| `\(markdownCell(s.name))` | \(result) | \(s.comparedFrames) | \(s.failedFrames) | "
                + "\(s.maxMismatchedPixels.map(Format.count) ?? "–") | \(s.minSSIM.map { Format.fixed($0, 4) } ?? "–") |\n"
        }
        var budget = byteBudget - text.utf8.count
        for s in report.scenes where s.status == .failed {
            text += "\n#### \(markdownCell(s.name))\n\n\(markdownCell(s.message ?? "failed"))\n\n"
            guard let worst = worstFrame(of: s, in: reportFolder) else { continue }
            var cells: [String] = []
            for (role, url) in worst.images {
                guard let data = FileManager.default.contents(atPath: url.path) else { continue }
                let image = "<img alt=\"\(role)\" width=\"200\" src=\"data:image/png;base64,\(data.base64EncodedString())\">"
                guard image.utf8.count < budget else {
                    cells.append("\(role): `\(url.relativePath)`")
                    continue
                }
                budget -= image.utf8.count
                cells.append(image)
            }
            text += "Worst frame \(worst.index): expected · actual · diff\n\n" + cells.joined(separator: " ") + "\n"
        }
        return text
    }

    /// The failing frame with the most differing pixels and its images (expected, actual, diff).
    static func worstFrame(of scene: SceneReport, in reportFolder: URL?) -> (index: Int, images: [(String, URL)])? {
        guard let reportFolder, let relative = scene.report else { return nil }
        let reportURL = reportFolder.appendingPathComponent(relative)
        guard let data = FileManager.default.contents(atPath: reportURL.path),
              let diff = try? JSONDecoder().decode(DiffReport.self, from: data),
              let worst = diff.frames.filter({ !$0.passed && $0.images != nil })
                  .max(by: { ($0.mismatchedPixels ?? Int.max) < ($1.mismatchedPixels ?? Int.max) }),
              let images = worst.images else { return nil }
        let folder = reportURL.deletingLastPathComponent()
        let named = [("expected", images.expected), ("actual", images.actual), ("diff", images.diff)]
        return (worst.index, named.compactMap { role, name in name.map { (role, folder.appendingPathComponent($0)) } })
    }

    /// The worst failing frame's images of a scene, for JUnit attachments.
    static func failingImages(of scene: SceneReport, in reportFolder: URL?) -> [URL] {
        worstFrame(of: scene, in: reportFolder)?.images.map(\.1) ?? []
    }

    /// Workflow-command data: %, CR and LF are escaped.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Workflow-command property values also escape `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    static func markdownCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
