// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Where each node of a scene came from: `segue expand` comments the Swift place beside every
/// layer, starting value, animation and keyframe an animator made; `segue dump --sources` gives
/// every layer's place. Places were read off scenes/Animators/FlipPresent.swift by hand.
@Suite struct ProvenanceTests {
    static let animator = "scenes/Animators/FlipPresent.swift"

    /// The expanded line that holds `text`, which must be exactly one.
    func line(_ text: String, in expanded: String) throws -> String {
        let lines = expanded.split(separator: "\n").map(String.init).filter { $0.contains(text) }
        try #require(lines.count == 1, "\(text): \(lines)")
        return lines[0]
    }

    @Test func expandCommentsEachImportedNodeWithItsSwiftLine() throws {
        let result = try segue("expand", "scenes/swift-flip.yaml", cwd: packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout
        let a = Self.animator
        // The snapshot: `let snapshot = …` in the guard (line 25, the `let` in column 15).
        #expect(try line("- id: \"s1-snapshot\"", in: out).hasSuffix("  # \(a):25:15"))
        // Its starting values where the code set them: frame (38), clipping (39), the quarter turn (40).
        let snapshot = out.components(separatedBy: "- id: \"s1-snapshot\"")[1]
        let own = snapshot.split(separator: "\n").prefix(8).map(String.init)
        #expect(own.contains { $0.contains("frame: [0, 0, 390, 844]") && $0.hasSuffix("# \(a):38:9") }, "\(own)")
        #expect(own.contains { $0.contains("masksToBounds: true") && $0.hasSuffix("# \(a):39:9") }, "\(own)")
        #expect(own.contains { $0.contains("transform: [{rotate: {angle: 90deg") && $0.hasSuffix("# \(a):40:9") }, "\(own)")
        // The destination screen enters the container with addSubview (line 36).
        #expect(try line("- id: \"s1-trail\"", in: out).hasSuffix("  # \(a):36:9"))
        // The perspective on the container (line 32).
        #expect(try line("sublayerTransform: [{perspective: 500}]", in: out).hasSuffix("  # \(a):32:9"))
        // The keyframe group (UIView.animateKeyframes, line 43) and each keyframe's assignment.
        #expect(try line("- group:", in: out).hasSuffix("  # \(a):43:9"))
        #expect(try line("s1-stories.transform:", in: out).hasSuffix("  # \(a):45:17"))
        #expect(try line("s1-snapshot.transform:", in: out).hasSuffix("  # \(a):48:17"))
        #expect(try line("s1-snapshot.frame:", in: out).hasSuffix("  # \(a):51:17"))
        // The completion block at 0.72 s: isHidden (54), removeFromSuperview (55), and
        // completeTransition (56), which takes the from screen out of the window.
        #expect(try line("{layer: \"s1-trail\", keyPath: hidden", in: out).hasSuffix("  # \(a):54:13"))
        #expect(try line("{layer: \"s1-snapshot\", keyPath: hidden", in: out).hasSuffix("  # \(a):55:13"))
        #expect(try line("{layer: \"s1-stories\", keyPath: hidden", in: out).hasSuffix("  # \(a):56:13"))
        // Only comments: nothing of the reserved key is printed.
        #expect(!out.contains("$source"))
    }

    @Test func theCommentedExpansionIsTheSameScene() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let expanded = box.path("expanded.yaml")
        let result = try segue("expand", "scenes/swift-flip.yaml", "-o", expanded, cwd: packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let original = try segue("dump", "scenes/swift-flip.yaml", "--frames", "0,20,43", cwd: packageRoot)
        let again = try segue("dump", expanded, "--frames", "0,20,43")
        #expect(original.status == 0 && again.status == 0, "\(again.stderr)")
        #expect(original.stdout == again.stdout)
    }

    @Test func dumpSourcesGiveTheSwiftOrTheSceneLine() throws {
        let swift = try segue("dump", "scenes/swift-flip.yaml", "--frames", "0", "--sources", cwd: packageRoot)
        #expect(swift.status == 0, "\(swift.stderr)")
        let layers = try #require(((try JSONSerialization.jsonObject(with: swift.stdoutData) as? [String: Any])?["frames"] as? [[String: Any]])?.first?["layers"] as? [[String: Any]])
        let sources = Dictionary(uniqueKeysWithValues: layers.map { ($0["id"] as! String, $0["source"] as? String) })
        #expect(sources["s1-snapshot"] == "\(Self.animator):25:15")
        #expect(sources["s1-trail"] == "\(Self.animator):36:9")
        // The from screen is the scene's: its `stories:` definition under `screens:`, a map whose
        // first key (`title:`) is on line 11, column 5.
        #expect(sources["s1-stories"] == "scenes/swift-flip.yaml:11:5")
        // A scene written by hand: each layer's own line (container: `- id:` on line 21).
        let yaml = try segue("dump", "scenes/flip.yaml", "--frames", "0", "--sources", cwd: packageRoot)
        #expect(yaml.stdout.contains("{\"id\": \"container\", \"source\": \"scenes/flip.yaml:21:5\""))
        // Without --sources the dump is as before.
        let plain = try segue("dump", "scenes/flip.yaml", "--frames", "0", cwd: packageRoot)
        #expect(!plain.stdout.contains("\"source\""))
    }
}
