// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing
import SeguePresets

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
let fixtures = packageRoot + "/Tests/SegueSwiftImportTests/Animators"

/// A drawn layer at one instant: what a viewer sees of it.
struct SeenLayer {
    var id: String
    var opacity: Double
    var transform: Transform3D
    var quad: [Point?]
}

/// The layers drawn at time t, in painting order: hidden, transparent and back-facing subtrees left out.
func seenLayers(_ timeline: Timeline, at t: Double) -> [SeenLayer] {
    var out: [SeenLayer] = []
    func walk(_ n: DisplayNode) {
        // A layer cut by depth sorting is seen once, at its first piece.
        guard n.isVisible, n.pieceIndex == 0 else { return }
        out.append(SeenLayer(id: n.id, opacity: n.opacity, transform: n.transform, quad: n.quad))
        n.children.forEach(walk)
    }
    DisplayListBuilder.build(timeline, time: t).roots.forEach(walk)
    return out
}

/// A scene written to a temporary folder next to a copy of the given fixture animators.
func scene(_ yaml: String, animators: [String] = []) throws -> Timeline {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-swift-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for a in animators {
        try FileManager.default.copyItem(atPath: fixtures + "/" + a, toPath: dir.appendingPathComponent(a).path)
    }
    let path = dir.appendingPathComponent("scene.yaml").path
    try yaml.write(toFile: path, atomically: true, encoding: .utf8)
    return Timeline(scene: try SceneLoader.load(path: path))
}

/// The layer's drawn node at time t.
func node(_ timeline: Timeline, _ id: String, at t: Double) -> DisplayNode? {
    DisplayListBuilder.build(timeline, time: t).allNodes.first { $0.id == id }
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

/// Writes `files` (relative path → Swift source) and a scene with screens a and b next to them;
/// loads the scene.
func loadModule(_ yaml: String, _ files: [String: String]) throws -> Timeline {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-module-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for (path, source) in files {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try source.write(to: url, atomically: true, encoding: .utf8)
    }
    let path = dir.appendingPathComponent("scene.yaml").path
    try ("canvas: {size: [390, 844], fps: 60}\nscreens: {a: {title: A}, b: {title: B, background: \"#FFEECC\"}}\n" + yaml)
        .write(toFile: path, atomically: true, encoding: .utf8)
    return Timeline(scene: try SceneLoader.load(path: path))
}
