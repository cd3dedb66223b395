// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueEncode
import SeguePresets

/// `segue schema`: the scene format as a JSON Schema, for editors.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the scene format as a JSON Schema, for editors.",
        usage: "segue schema [-o <output>]",
        discussion: """
        Editor set-up is in docs/schema.md.

        Examples:
          segue schema > scene.schema.json
          segue schema -o docs/scene.schema.json      # refresh the committed copy
        """)

    @Option(name: .shortAndLong, help: "Write the schema here instead of standard output.")
    var output: String?

    func validate() throws {
        if let output, output != "-", !OutputNaming.isSpecialFile(output),
           URL(fileURLWithPath: output).pathExtension.lowercased() != "json" {
            throw ValidationError("-o \(output): the schema is JSON; name the file .json (e.g. -o scene.schema.json).")
        }
    }

    func run() throws {
        try Diagnostics.failing {
            let text = SceneSchema.json()
            if let output, output != "-" {
                let created = try OutputFolders.prepare(output)
                try AtomicFileWriter.write(Array(text.utf8), to: URL(fileURLWithPath: output))
                Diagnostics.note("schema → \(output)  (JSON Schema, \(text.utf8.count) bytes\(created))", quiet: false)
            } else {
                Console.out(text)
            }
        }
    }
}
