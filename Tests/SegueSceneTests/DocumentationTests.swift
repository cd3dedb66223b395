// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueScene
@testable import SeguePresets
import SegueGeometry

/// The examples in docs/scene-format marked ```yaml scene are complete scenes, and the scenes
/// in scenes/ are the project's own: all of them must parse.
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func sceneBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```yaml scene" {
                current = []
            } else if current != nil, line.hasPrefix("```") {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func everySceneExampleInTheDocsParses() throws {
        let folder = Self.root.appendingPathComponent("docs/scene-format")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(Set(pages).isSuperset(of: ["README.md", "canvas.md", "layers.md", "transforms.md", "animations.md", "errors.md",
                                           "groups.md", "interaction.md", "scroll.md"]))
        var count = 0
        for page in pages {
            let text = try String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8)
            for (i, block) in Self.sceneBlocks(in: text).enumerated() {
                count += 1
                do {
                    _ = try SceneLoader.parse(block, file: "\(page)#\(i + 1)", baseDirectory: folder.path)
                } catch {
                    Issue.record("\(page), example \(i + 1): \(error)")
                }
            }
        }
        #expect(count >= 10)
    }

    @Test func transformsPageExamplesMeanWhatItSays() throws {
        // transforms.md: [{perspective: 500}, {rotate: {angle: -90deg, axis: [0, 1, 0]}}]
        // is CATransform3DRotate(perspective, -π/2, 0, 1, 0).
        let scene = try parse("canvas: {size: [390, 844]}\nlayers:\n  - id: card\n    transform:\n      - perspective: 500\n      - rotate: {angle: -90deg, axis: [0, 1, 0]}\n")
        #expect(close(scene.layers[0].transform, Transform3D.perspective(500).rotated(-.pi / 2, 0, 1, 0)))
        // The skew example: m21 = 0.3 maps (0, 10) to (3, 10).
        let skew = try parse("canvas: {size: [10, 10]}\nlayers: [{id: s, transform: [{matrix: [1, 0, 0, 0, 0.3, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}]}]\n")
        let p = try #require(skew.layers[0].transform.project(Point(x: 0, y: 10)))
        #expect(close(p.x, 3) && close(p.y, 10))
    }

    @Test func theProjectScenesParse() throws {
        let folder = Self.root.appendingPathComponent("scenes")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
        #expect(!names.isEmpty)
        for name in names.sorted() {
            do {
                _ = try SceneLoader.load(path: folder.appendingPathComponent(name).path)
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }
}
