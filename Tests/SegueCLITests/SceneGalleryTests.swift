// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Every scene in scenes/ is valid and renders, and the interactive ones end where the seed's
/// rules say they must (read back through `segue dump`, as a user would check them).
@Suite(.serialized) struct SceneGalleryTests {
    static let scenes: [String] = {
        let dir = packageRoot.appendingPathComponent("scenes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().map { dir.appendingPathComponent($0).path }
    }()

    @Test func thereIsASceneForEachTimelineFeature() {
        let names = Set(Self.scenes.map { URL(fileURLWithPath: $0).lastPathComponent })
        for expected in ["flip.yaml", "spring-bounce.yaml", "keyframes-cubic.yaml", "edge-swipe-cancel.yaml",
                         "edge-swipe-finish.yaml", "carousel-snap.yaml"] {
            #expect(names.contains(expected), "missing scenes/\(expected)")
        }
    }

    @Test(arguments: scenes)
    func sceneChecksAndRenders(scene: String) throws {
        #expect(try segue("check", scene).status == 0)
        let box = try Sandbox()
        defer { box.remove() }
        let r = try segue("render", scene, "--format", "png", "--scale", "0.5", "--frames", "0-2", "-o", box.path("f"),
                          "--quiet", "--show-touches")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.path("f")).count == 3)
    }

    /// The last frame's value of a key path on a layer.
    func finalValue(_ scene: String, _ layer: String, _ keyPath: String) throws -> [Double] {
        let path = packageRoot.appendingPathComponent("scenes/\(scene)").path
        let check = try segue("dump", path, "--frames", "0")
        let frames0 = try JSONSerialization.jsonObject(with: check.stdoutData) as! [String: Any]
        let duration = frames0["duration"] as! Double, fps = frames0["fps"] as! Double
        let last = Int((duration * fps - 1e-9).rounded(.up))
        let r = try segue("dump", path, "--frames", "\(last)", "--keyPath", keyPath)
        let json = try JSONSerialization.jsonObject(with: r.stdoutData) as! [String: Any]
        let layers = (json["frames"] as! [[String: Any]])[0]["layers"] as! [[String: Any]]
        let values = layers.first { $0["id"] as? String == layer }!["values"] as! [String: [Double]]
        return values[keyPath]!
    }

    @Test func edgeSwipeBelowHalfwayCancels() throws {
        // translation 78 pt / 200 = 0.39 ≤ 0.5: back to the start — the presented screen flat again,
        // the presenting screen still turned −90°.
        #expect(abs(try finalValue("edge-swipe-cancel.yaml", "snapshot", "transform.rotation.y")[0]) < 1e-6)
        #expect(abs(try finalValue("edge-swipe-cancel.yaml", "toView", "transform.rotation.y")[0] + .pi / 2) < 1e-6)
    }

    @Test func edgeSwipePastHalfwayFinishes() throws {
        // translation 158 pt / 200 = 0.79 > 0.5: the dismissal completes — the presenting screen flat,
        // the snapshot turned edge-on at 90°.
        #expect(abs(try finalValue("edge-swipe-finish.yaml", "toView", "transform.rotation.y")[0]) < 1e-6)
        #expect(abs(try finalValue("edge-swipe-finish.yaml", "snapshot", "transform.rotation.y")[0] - .pi / 2) < 1e-6)
    }

    @Test func carouselFlickRestsExactlyOnePageOver() throws {
        // Page width 315 pt: the flick (0.7 pt/ms > 0.5, only 70 pt) moves one card.
        let origin = try finalValue("carousel-snap.yaml", "carousel", "bounds.origin")
        #expect(origin == [315, 0])
    }
}
