// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueRender
import SegueDisplayList
import SegueScene
import SegueTimeline

/// The JSON the page reads. Built from the same stages the command line uses: the scene model
/// for the layer tree, `GeometryDumpWriter` (`segue dump`) for evaluated properties, and
/// `Timeline.sample`/`markers` (`segue plot`) for key path curves.
enum StudioAPI {
    /// The scene's shape and the session's state: version, error, canvas, layers, watched files.
    static func sceneInfo(_ snapshot: SceneSession.Snapshot) -> [String: Any] {
        var info: [String: Any] = ["version": snapshot.version, "watched": snapshot.watched]
        if let problem = snapshot.problem {
            var error: [String: Any] = ["message": problem.message, "text": problem.text]
            if let file = problem.file {
                error["file"] = file
                // As the source pane names its files, to mark the line there.
                error["path"] = URL(fileURLWithPath: file).standardizedFileURL.path
            }
            if let line = problem.line { error["line"] = line }
            if let column = problem.column { error["column"] = column }
            if let hint = problem.hint { error["hint"] = hint }
            if let excerpt = problem.excerpt { error["excerpt"] = excerpt }
            info["error"] = error
        } else {
            info["error"] = NSNull()
        }
        guard let timeline = snapshot.timeline else { info["scene"] = NSNull(); return info }
        let scene = timeline.scene
        var layers: [[String: Any]] = []
        func visit(_ layer: LayerSpec, depth: Int) {
            var animated: [String] = []
            for animation in timeline.animations(of: layer.id) where !animated.contains(animation.keyPath.rawValue) {
                animated.append(animation.keyPath.rawValue)
            }
            layers.append(["id": layer.id, "depth": depth, "animated": animated, "source": StudioSources.place(layer.source),
                           "sets": layer.valueOrigins.sorted { $0.key < $1.key }.map { StudioSources.place($0.value) }])
            for child in layer.sublayers { visit(child, depth: depth + 1) }
        }
        for layer in scene.layers { visit(layer, depth: 0) }
        info["scene"] = [
            "file": scene.file,
            "fps": scene.canvas.fps,
            "width": scene.canvas.size.width,
            "height": scene.canvas.size.height,
            "scale": scene.canvas.scale,
            "duration": timeline.duration,
            "frameCount": timeline.frameCount,
            "layers": layers,
            "animations": StudioSources.animations(scene),
            "sources": StudioSources.files(scene).map { ["path": $0, "name": ($0 as NSString).lastPathComponent] },
        ] as [String: Any]
        return info
    }

    /// Key paths shown in the layer inspector, besides the geometry every dump has.
    static let inspectedKeyPaths: [AnimatableKeyPath] = AnimatableKeyPath.allCases.filter { $0 != .transform }

    /// `segue dump` of one frame, with the values of every key path.
    static func dump(_ timeline: Timeline, frame index: Int) -> String {
        let clamped = max(0, min(index, timeline.frameCount - 1))
        return GeometryDumpWriter.document(timeline, instants: [.init(index: clamped, time: timeline.time(ofFrame: clamped))],
                                           keyPaths: inspectedKeyPaths, sources: true)
    }

    enum PlotError: Error, CustomStringConvertible {
        case unknownLayer(String), unknownKeyPath(String)
        var description: String {
            switch self {
            case .unknownLayer(let id): "no layer has the id '\(id)'"
            case .unknownKeyPath(let key): "'\(key)' is not an animatable key path"
            }
        }
    }

    /// Samples of `keyPath` on `layer` over the whole scene (as `segue plot` takes them), plus the
    /// times where its animations begin, end and have keyframes.
    static func plot(_ timeline: Timeline, layer: String, keyPath: String, samples: Int = 240) throws -> [String: Any] {
        guard timeline.scene.allLayers.contains(where: { $0.id == layer }) else { throw PlotError.unknownLayer(layer) }
        guard let key = AnimatableKeyPath(rawValue: keyPath) else { throw PlotError.unknownKeyPath(keyPath) }
        let end = timeline.duration > 0 ? timeline.duration : 1
        let markers = timeline.markers(layer: layer, keyPath: key).filter { $0 >= 0 && $0 <= end }
        var times = (0 ..< samples).map { end * Double($0) / Double(samples - 1) }
        times = Array(Set(times + markers)).sorted()
        var rows: [[Double]] = []
        var kept: [Double] = []
        for t in times {
            guard let values = timeline.sample(layer: layer, keyPath: key, at: t) else { continue }
            kept.append(t)
            rows.append(values.map { $0.isFinite ? $0 : 0 })
        }
        return ["layer": layer, "keyPath": keyPath, "times": kept, "values": rows, "markers": markers, "duration": end]
    }

    static func json(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}
