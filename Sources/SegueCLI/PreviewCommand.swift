// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueRender
import SegueStudio
import SegueScene
import SeguePresets

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Open Segue Studio: a live preview of a scene in the browser.",
        usage: "segue preview <scene> [--port <port>] [--open] [options]",
        discussion: """
        Serves a page on 127.0.0.1 (port 8640, or the next free one) that plays, scrubs, steps and \
        inspects the scene, and reloads it when you save. Ctrl-C stops it. See docs/studio.md.

        Examples:
          segue preview scenes/preset-flip.yaml
          segue preview scenes/flip.yaml --open
          segue preview scenes/flip.yaml --port 0              # any free port
        """)

    @Argument(help: "The scene file.")
    var scene: String

    @Option(help: "The port to listen on; 0 for any free port. (default: 8640, or the next free one)")
    var port: Int?

    @Option(help: "The address to listen on. Anything but loopback prints a warning and requires the URL's token.")
    var host: String = "127.0.0.1"

    @Flag(help: "Open the page in the default browser (xdg-open).")
    var open = false

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if let port, !(0 ... 65535).contains(port) { throw ValidationError("--port must be between 0 and 65535, got \(port).") }
    }

    func run() throws {
        try Diagnostics.failing {
            // A missing file is a mistake in the command, not something to watch for.
            guard FileManager.default.fileExists(atPath: scene) else { _ = try SceneLoader.load(path: scene, limits: limits.values); return }
            var options = StudioOptions(scenePath: scene)
            options.host = host
            options.port = port
            options.limits = limits.values
            let studio = StudioServer(options: options)
            if let problem = studio.initialProblem {
                Console.err(problem + "\n(the preview shows this error until the file is fixed)\n")
            }
            try StudioServer.checkHost(host)
            if !StudioServer.isLoopback(host) {
                Diagnostics.note("warning: --host \(host) lets other machines reach this preview and its export button; only the URL below, with its token, is answered.", quiet: false)
            }
            let openBrowser = open
            try studio.serve { urls in
                for url in urls { Console.out("Segue Studio: \(url)  (\(scene); Ctrl-C stops)\n") }
                if openBrowser, let url = urls.first { Self.openInBrowser(url) }
            }
        }
    }

    static func openInBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            Diagnostics.note("could not open a browser (xdg-open): open \(url) yourself", quiet: false)
        }
    }
}
