// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `--help` is documentation users act on: every option it names must exist, the overview must
/// name every output format, and the examples it gives must be accepted. The ground truth is
/// the tool's own machine-readable description (swift-argument-parser's
/// `--experimental-dump-help`), not the help text.
@Suite struct HelpTextTests {
    struct Command {
        var name: String
        var options: Set<String>
    }

    static func commands() throws -> [Command] {
        let result = try segue("--experimental-dump-help")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let root = try #require(json["command"] as? [String: Any])
        let subcommands = (root["subcommands"] as? [[String: Any]] ?? []).filter { ($0["commandName"] as? String) != "help" }
        return subcommands.map { sub in
            var names: Set<String> = ["help"]
            for argument in sub["arguments"] as? [[String: Any]] ?? [] {
                for name in argument["names"] as? [[String: Any]] ?? [] where (name["kind"] as? String) == "long" {
                    if let n = name["name"] as? String { names.insert(n) }
                }
            }
            return Command(name: sub["commandName"] as? String ?? "", options: names)
        }
    }

    static func formats() throws -> [String] {
        let result = try segue("--experimental-dump-help")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let subcommands = ((json["command"] as? [String: Any])?["subcommands"] as? [[String: Any]]) ?? []
        let render = try #require(subcommands.first { ($0["commandName"] as? String) == "render" })
        let format = try #require((render["arguments"] as? [[String: Any]])?.first {
            (($0["names"] as? [[String: Any]])?.contains { ($0["name"] as? String) == "format" }) == true
        })
        return try #require(format["allValues"] as? [String])
    }

    /// `--word` tokens in a help text, without the trailing punctuation of prose.
    static func mentionedOptions(in text: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9-])--([a-z][A-Za-z0-9-]*[A-Za-z0-9])")
        let range = NSRange(text.startIndex..., in: text)
        return Set(pattern.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
    }

    @Test func everyOptionAHelpTextNamesExists() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 9)
        for command in commands {
            let help = try segue(command.name, "--help")
            #expect(help.status == 0)
            for option in Self.mentionedOptions(in: help.stdout) {
                // Its own options, or another subcommand's when the text says which (e.g. "segue test --record").
                let ownOrCrossReferenced = command.options.contains(option)
                    || commands.contains { $0.options.contains(option) && help.stdout.contains("segue \($0.name) ") }
                #expect(ownOrCrossReferenced, "segue \(command.name) --help names --\(option), which no subcommand has")
            }
        }
    }

    @Test func theOverviewNamesEveryOutputFormat() throws {
        let help = try segue("--help")
        let overview = help.stdout.components(separatedBy: "\n\n").first ?? ""
        for format in try Self.formats() where format != "raw" {
            #expect(overview.uppercased().contains(format.uppercased()), "segue --help does not mention \(format): \(overview)")
        }
    }

    /// The `--frames` examples in the help are each accepted by the command that gives them.
    @Test func theFramesExamplesAreAccepted() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("s.yaml", "canvas: {size: [8, 8], scale: 1, fps: 20}\nlayers: [{id: a}]\nduration: 2\n")
        for command in ["render", "dump"] {
            let help = try segue(command, "--help").stdout.replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "  +", with: " ", options: .regularExpression)
            let frames = try #require(help.range(of: "--frames <frames> ", options: .backwards)).upperBound
            let text = String(help[frames...].prefix(200))
            // "e.g. 0-10,12,30-.": the whole list and each of its pieces.
            let list = try #require(text.range(of: "e.g. ([0-9,-]*[0-9-])", options: .regularExpression)).upperBound
            let whole = String(text[text.index(text.startIndex, offsetBy: text.distance(from: text.startIndex, to: try #require(text.range(of: "e.g. ")).upperBound)) ..< list])
            let examples = [whole] + whole.split(separator: ",").map(String.init)
            #expect(examples.count >= 4, "\(command): \(text)")
            for example in examples {
                var arguments = [command, scene, "--frames", example]
                if command == "render" { arguments += ["--format", "png", "-o", box.path("f-\(example)"), "--quiet"] }
                let result = try run(segueBinary, arguments)
                #expect(result.status == 0, "segue \(command) --frames \(example): \(result.stderr)")
            }
        }
    }
}
