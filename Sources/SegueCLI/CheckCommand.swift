import ArgumentParser
import Foundation
import SegueRender

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate scene files without rendering them.",
        discussion: """
        Reads each scene, checks every key, value, layer reference and image, and prints one line per \
        scene. Exits 1 if any scene has a problem (each reported as file:line:column).

        Example:
          segue check scenes/*.yaml
        """)

    @Argument(help: "Scene files to check.")
    var scenes: [String]

    @OptionGroup var limits: LimitOptions

    @Flag(name: .shortAndLong, help: "Print only problems.")
    var quiet = false

    func run() throws {
        var failed = 0
        for path in scenes {
            do {
                let scene = try SamplingOptions.load(path, limits: limits.values)
                let timeline = Timeline(scene: scene)
                try Rasterizer().checkResources(DisplayListBuilder.build(timeline, frame: 0))
                if !quiet {
                    print(String(format: "ok   %@  (%.3g s, %d frames at %g fps, %d×%d px)", path, timeline.duration,
                                 timeline.frameCount, scene.canvas.fps, scene.canvas.pixelWidth, scene.canvas.pixelHeight))
                }
            } catch {
                failed += 1
                Diagnostics.printError(error)
            }
        }
        if failed > 0 { throw ExitCode.failure }
    }
}
