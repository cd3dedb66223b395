// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `--help` in the shape of swift-argument-parser's own tools: a one-line overview, short
/// grouped options, at most three examples, no line over 100 columns; `render --help` fits
/// in 60 lines. The rest is in docs/cli.md.
@Suite struct HelpShapeTests {
    static let commands = ["", "render", "still", "preview", "check", "dump", "plot", "expand", "import", "schema", "sheet", "diff", "test"]

    @Test(arguments: commands)
    func helpIsShortAndNarrow(_ command: String) throws {
        let result = try run(segueBinary, command.isEmpty ? ["--help"] : [command, "--help"])
        #expect(result.status == 0)
        let lines = result.stdout.components(separatedBy: "\n")
        let name = "segue \(command) --help"
        // The overview is one line, then a blank one.
        #expect(lines[0].hasPrefix("OVERVIEW: ") && lines[1].isEmpty, "\(name): \(lines.prefix(2))")
        for line in lines {
            #expect(line.count <= 100, "\(name): \(line.count) columns: \(line)")
        }
        // Examples: the indented lines after "Examples:", up to the next blank line.
        let start = try #require(lines.firstIndex(of: "Examples:"), "\(name) has no examples")
        let examples = lines[(start + 1)...].prefix { !$0.isEmpty }
        #expect((1 ... 3).contains(examples.count), "\(name): \(examples.count) examples")
        #expect(examples.allSatisfy { $0.hasPrefix("  segue ") }, "\(name): \(Array(examples))")
        // One usage line, not every option spelled out.
        let usage = lines.filter { $0.hasPrefix("USAGE: ") }
        #expect(usage.count == 1 && usage[0].count <= 100, "\(name): \(usage)")
        if command == "render" {
            #expect(lines.count <= 60, "render --help: \(lines.count) lines")
            for group in ["OUTPUT:", "SIZE AND FRAME RATE:", "QUALITY:", "GIF:", "WEBP:"] {
                #expect(lines.contains(group), "render --help has no \(group) group")
            }
        }
    }

    /// What left the help is in docs/cli.md: each command has a section there.
    @Test func theCommandLinePageCoversEveryCommand() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        for command in Self.commands where !command.isEmpty {
            #expect(page.contains("## segue \(command)\n"), "docs/cli.md has no section for \(command)")
        }
        for option in ["--gif-strict", "--max-size", "--limit", "--webp-quality", "--record"] {
            #expect(page.contains("`\(option)"), "docs/cli.md does not describe \(option)")
        }
    }
}
