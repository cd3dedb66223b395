// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueRender
import SegueEncode

/// `segue`: the root command. Subcommands stay thin: they parse, call the pipeline stages,
/// and report. Exit status: 0 success, 1 a scene, input or output problem, 2 a usage error.
public struct SegueCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "Render UIKit-style transitions from scene files to MP4, GIF, WebP, APNG or PNG frames, and compare renders.",
        discussion: """
        A scene file (YAML or JSON) describes a layer tree and how it animates, with Core Animation's \
        geometry and timing. Segue evaluates it frame by frame and renders each frame exactly.

        Examples:
          segue render scenes/flip.yaml -o out/flip.mp4
          segue render scenes/flip.yaml --format png          # out/flip/frame-0000.png …
          segue still scenes/flip.yaml --time 0.36 -o out/flip-mid.png
          segue preview scenes/preset-flip.yaml                # live preview in the browser
          segue check scenes/*.yaml
          segue dump scenes/flip.yaml --frames 17-18
          segue plot scenes/flip.yaml --layer fromView --keyPath transform.rotation.y
          segue expand scenes/preset-flip.yaml                 # what a preset became
          segue import Animators/Flip.swift --from a --to b -o scenes/flip2.yaml  # a scene from a UIKit animator
          segue sheet scenes/preset-flip.yaml --frames 8       # a contact sheet
          segue diff out/before.mp4 out/after.mp4
          segue test scenes/ --golden goldens/
          segue --version --verbose                            # linked libraries and licences

        The scene format is documented in docs/scene-format/.
        """,
        version: VersionReport.version,
        subcommands: [RenderCommand.self, StillCommand.self, PreviewCommand.self, CheckCommand.self, DumpCommand.self, PlotCommand.self, ExpandCommand.self, ImportCommand.self, SchemaCommand.self, SheetCommand.self, DiffCommand.self, TestCommand.self]
    )

    public init() {}

    /// Runs the command line and exits with Segue's exit statuses (usage errors are 2, not
    /// ArgumentParser's 64, like other diff and render tools).
    public static func runMain(_ arguments: [String]? = nil) -> Never {
        TemporaryFiles.installSignalHandlers()
        do {
            if VersionReport.isRequested(arguments ?? Array(CommandLine.arguments.dropFirst())) {
                Console.line(VersionReport.text())
                Foundation.exit(0)
            }
            var command = try parseAsRoot(arguments)
            try command.run()
            Foundation.exit(0)
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            if Console.isClosedPipe(error) { Console.exitForClosedPipe() }
            let code = exitCode(for: error)
            if code == .success { // --help: through Console, so a closed pipe ends it quietly
                Console.line(fullMessage(for: error))
                Foundation.exit(0)
            }
            let message = fullMessage(for: error)
            Console.err(message.hasSuffix("\n") ? message : message + "\n")
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}
