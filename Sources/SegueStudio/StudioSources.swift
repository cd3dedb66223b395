// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueScene

/// What the source pane shows: the Swift files a scene read, and where each layer and each
/// animation came from in them, with the time each animation runs.
enum StudioSources {
    /// The largest Swift file the page is sent (the importer reads modules of up to 2 MB).
    static let maximumBytes = 2_000_000

    /// The Swift files the scene read, as absolute paths, in the order it read them.
    static func files(_ scene: Scene) -> [String] {
        scene.readFiles.filter { $0.hasSuffix(".swift") }
    }

    /// A place as the page matches it against `files`: the file as an absolute path.
    static func place(_ location: SourceLocation) -> [String: Any] {
        ["file": URL(fileURLWithPath: location.file).standardizedFileURL.path, "line": location.line, "column": location.column]
    }

    /// Every animation, keyframe group and keyframe change with its layers, when it runs
    /// (scene seconds) and where it came from.
    static func animations(_ scene: Scene) -> [[String: Any]] {
        var out: [[String: Any]] = []
        for a in scene.animations {
            let cycles = a.repeatCount.isFinite && a.repeatCount > 1 ? a.repeatCount : 1
            let speed = a.speed > 0 ? a.speed : 1
            out.append(["layers": [a.layerID], "keyPath": a.keyPath.rawValue, "begin": a.begin,
                        "end": a.begin + a.cycleDuration * cycles / speed, "source": place(a.source)])
        }
        for g in scene.groups {
            let layers = Array(Set(g.keyframes.flatMap { $0.changes.map(\.layerID) })).sorted()
            out.append(["layers": layers, "keyPath": "", "begin": g.begin, "end": g.end, "source": place(g.source)])
            for k in g.keyframes {
                let begin = g.begin + k.relativeStart * g.duration, end = begin + k.relativeDuration * g.duration
                for c in k.changes {
                    out.append(["layers": [c.layerID], "keyPath": c.keyPath.rawValue, "begin": begin, "end": end, "source": place(c.source)])
                }
            }
        }
        return out
    }

    /// The captured text of the scene's `index`th Swift file; nil for any other request.
    static func text(_ scene: Scene, index: Int, captured: [String: Data]) -> Data? {
        let list = files(scene)
        guard list.indices.contains(index) else { return nil }
        return captured[list[index]]
    }

    /// The file's bytes when they are at most `maximumBytes` of UTF-8; the limit is counted on
    /// what is read, not on what `stat` says.
    static func capture(_ path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: maximumBytes + 1) ?? Data() } catch { return nil }
        guard data.count <= maximumBytes, String(data: data, encoding: .utf8) != nil else { return nil }
        return data
    }
}
