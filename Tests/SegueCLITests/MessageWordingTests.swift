// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Messages that say what is wrong: each names the bound, key or size the user must change,
/// at the place they wrote it.
@Suite struct MessageWordingTests {
    @Test func aHugeRepeatCountNamesTheUpperLimit() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("r.yaml", """
        canvas: {size: [100, 100], scale: 1, fps: 30}
        layers:
          - {id: a, frame: [0, 0, 10, 10], backgroundColor: "#FF0000"}
        animations:
          - {layer: a, keyPath: opacity, from: 0, to: 1, duration: 1, repeatCount: 1e7}
        """)
        let result = try segue("check", scene)
        #expect(result.status == 1)
        // Line 5, the column where 1e7 starts.
        let column = "  - {layer: a, keyPath: opacity, from: 0, to: 1, duration: 1, repeatCount: ".count + 1
        #expect(result.stderr.contains("r.yaml:5:\(column): error: 'repeatCount' must be at most 1,000,000, found 1e7"), "\(result.stderr)")
        #expect(result.stderr.contains("repeatCount: inf"), "\(result.stderr)")
        #expect(!result.stderr.contains("greater than 0"), "\(result.stderr)")
    }

    @Test func aMaskWrittenAsAnIdIsReportedAtTheMaskKey() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("m.yaml", """
        canvas: {size: [100, 100], scale: 1, fps: 30}
        layers:
          - id: a
            frame: [0, 0, 10, 10]
            mask: b
          - {id: b, frame: [0, 0, 10, 10]}
        """)
        let result = try segue("check", scene)
        #expect(result.status == 1)
        #expect(result.stderr.contains("m.yaml:5:11: error: expected a layer (a map) for 'mask', found the string \"b\"; a mask is a layer of its own, not a reference to the layer 'b'"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("'layers'"), "\(result.stderr)")
    }

    @Test func initSaysWhatResolutionGoldensHave() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let result = try segue("test", "--init", box.path("goldens"))
        #expect(result.status == 0, "\(result.stderr)")
        // golden.json's scale is pixels per point: 0.5 of a 2× canvas is a quarter of each side, of a 3× one a sixth.
        let settings = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: box.path("goldens/golden.json")))) as? [String: Any]
        #expect(settings?["scale"] as? Double == 0.5)
        #expect(result.stdout.contains("0.5 px per point: a quarter of the width and height of a 2× scene, a sixth of a 3× one"), "\(result.stdout)")
        #expect(!result.stdout.contains("half the scene"), "\(result.stdout)")
    }

    @Test func theImportStarterCommentNamesTheContentsKey() throws {
        let animator = packageRoot.appendingPathComponent("scenes/Animators/FlipPresent.swift").path
        let result = try segue("import", animator, "--from", "list", "--to", "detail")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(contents: shots/detail.png)"), "\(result.stdout)")
        #expect(!result.stdout.contains("image:"), "\(result.stdout)")
    }

    @Test func checkRefusesWhatRenderRefuses() throws {
        let box = try Sandbox()
        defer { box.remove() }
        // 4000 × 4000 pt at 4 px/pt and 240 fps for 100 s: 24001 frames of 16000 × 16000 px.
        let scene = try box.write("g.yaml", """
        canvas: {size: [4000, 4000], scale: 4, fps: 240}
        layers:
          - {id: a, frame: [0, 0, 100, 100], backgroundColor: "#FF0000"}
        animations:
          - {layer: a, keyPath: opacity, from: 0, to: 1, duration: 100}
        """)
        let render = try segue("render", scene, "-o", box.path("g.mp4"))
        let check = try segue("check", scene)
        let json = try segue("check", scene, "--format", "json")
        #expect(render.status == 1 && check.status == 1 && json.status == 1)
        #expect(check.stderr.contains("24001 frames of 16000×16000 px"), "\(check.stderr)")
        #expect(check.stderr == render.stderr)
        #expect(json.stdout.contains("24001 frames of 16000×16000 px"), "\(json.stdout)")
        #expect(!check.stdout.contains("ok "))
    }
}
