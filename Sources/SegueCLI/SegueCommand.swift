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
        abstract: "Render UIKit transitions to MP4, GIF, WebP, APNG or PNG frames.",
        discussion: """
        A scene file (YAML or JSON) describes a layer tree and how it animates, with Core \
        Animation's geometry and timing. Each command is described in docs/cli.md.

        Examples:
          segue render scenes/flip.yaml -o out/flip.mp4
          segue preview scenes/preset-flip.yaml          # live, in the browser
          segue test scenes/ --golden goldens/
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
