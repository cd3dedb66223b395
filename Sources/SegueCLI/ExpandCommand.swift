// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueRender
import SegueEncode
import SeguePresets
import SegueScene

/// `segue expand`: what a scene's presets became.
struct ExpandCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expand",
        abstract: "Print a scene with its presets expanded into layers and animations.",
        usage: "segue expand <scene> [-o <output>] [options]",
        discussion: """
        The output is an ordinary scene: save it, edit any value, render it. See docs/presets.md.

        Examples:
          segue expand scenes/preset-flip.yaml
          segue expand scenes/preset-flip.yaml -o out/flip-expanded.yaml
        """)

    @Argument(help: "The scene file.")
    var scene: String

    @OptionGroup var limits: LimitOptions

    @Option(name: .shortAndLong, help: "Write the expanded scene here instead of standard output.")
    var output: String?

    func validate() throws {
        if let output, output != "-", !OutputNaming.isSpecialFile(output),
           !["yaml", "yml"].contains(URL(fileURLWithPath: output).pathExtension.lowercased()) {
            throw ValidationError("-o \(output): the expanded scene is YAML; name the file .yaml (e.g. -o out/expanded.yaml).")
        }
    }

    func run() throws {
        try Diagnostics.failing {
            // Validate first, so a bad scene fails with its usual message.
            let loaded = try SceneLoader.load(path: scene, limits: limits.values)
            for warning in loaded.warnings { Diagnostics.printWarning(warning) }
            CommandInputs.register(scene: loaded, path: scene)
            let text = try PresetExpander.expandedText(path: scene)
            if let output, output != "-" {
                let created = try OutputFolders.prepare(output)
                try AtomicFileWriter.write(Array(text.utf8), to: URL(fileURLWithPath: output))
                Diagnostics.note("\(scene) → \(output)  (expanded scene\(created))", quiet: false)
            } else {
                Console.out(text)
            }
        }
    }
}
