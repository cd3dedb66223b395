// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueRender
import SegueDisplayList
import SegueRaster
import SegueScene
import SegueTimeline
import SeguePresets

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate scene files without rendering them.",
        usage: "segue check <scenes> ... [--format <format>] [options]",
        discussion: """
        Prints one line per scene, and each problem as file:line:column (up to 20 per file). Exits 1 \
        if any scene has a problem. More in docs/cli.md.

        Examples:
          segue check scenes/*.yaml
          segue check my.yaml --format json | jq '.files[0].errors'
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "Scene files to check.")
    var scenes: [String]

    @OptionGroup var limits: LimitOptions

    @Flag(name: .shortAndLong, help: "Print only problems.")
    var quiet = false

    @Option(help: "text (file:line:column lines) or json (one machine-readable document on standard output).")
    var format: Format = .text

    func run() throws {
        if format == .json { return try runJSON() }
        var failed = 0
        for path in scenes {
            do {
                let scene = try SamplingOptions.load(path, limits: limits.values)
                let timeline = Timeline(scene: scene)
                // What `segue render` refuses, check refuses too (the default render: every frame, the canvas's size).
                try limits.values.checkRender(scene, frames: timeline.frameCount, width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight)
                try Rasterizer().checkResources(DisplayListBuilder.build(timeline, frame: 0))
                if !quiet {
                    Console.line(String(format: "ok   %@  (%.3g s, %d frames at %g fps, %d×%d px)", path, timeline.duration,
                                 timeline.frameCount, scene.canvas.fps, scene.canvas.pixelWidth, scene.canvas.pixelHeight))
                }
            } catch {
                failed += 1
                Diagnostics.printError(error)
            }
        }
        if failed > 0 { throw ExitCode.failure }
    }

    /// `--format json`: every file's errors and warnings as data.
    private func runJSON() throws {
        var files: [[String: Any]] = []
        var failed = 0
        func place(_ location: SourceLocation?, _ fallback: String) -> [String: Any] {
            ["file": location?.file ?? fallback, "line": location?.line ?? 0, "column": location?.column ?? 0]
        }
        for path in scenes {
            var entry: [String: Any] = ["file": path]
            var errors: [[String: Any]] = []
            var warnings: [[String: Any]] = []
            do {
                let scene = try SceneLoader.load(path: path, limits: limits.values)
                warnings = scene.warnings.map { w in
                    place(w.location, path).merging(["message": w.message, "hint": w.suggestion as Any? ?? NSNull()]) { a, _ in a }
                }
                let timeline = Timeline(scene: scene)
                try limits.values.checkRender(scene, frames: timeline.frameCount, width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight)
                try Rasterizer().checkResources(DisplayListBuilder.build(timeline, frame: 0))
            } catch let error as SceneError {
                errors = error.all.map { e in
                    place(e.location, path).merging(["kind": e.kind.rawValue, "message": e.message,
                                                     "hint": e.suggestion as Any? ?? NSNull()]) { a, _ in a }
                }
            } catch {
                errors = [["file": path, "line": 0, "column": 0, "kind": "io", "message": String(describing: error), "hint": NSNull()]]
            }
            if !errors.isEmpty { failed += 1 }
            entry["ok"] = errors.isEmpty
            entry["errors"] = errors
            entry["warnings"] = warnings
            files.append(entry)
        }
        let data = try JSONSerialization.data(withJSONObject: ["files": files], options: [.prettyPrinted, .sortedKeys])
        Console.out(data + Data("\n".utf8))
        if failed > 0 { throw ExitCode.failure }
    }
}
