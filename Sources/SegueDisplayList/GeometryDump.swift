// SPDX-License-Identifier: Apache-2.0
import SegueScene
import SegueTimeline

/// The geometry dump of `segue dump`: per instant and layer (depth first, in painting order) the
/// presentation opacity, hidden flag, full 4×4 matrix to the canvas and projected bounds quad, and
/// optionally the values of chosen key paths. One writer serves `segue dump` and the golden dumps of
/// `segue test --mode dump`, so the two are always interchangeable.
public enum GeometryDumpWriter {
    /// One dumped instant: the frame index it belongs to and its time in seconds.
    public struct Instant: Sendable {
        public var index: Int
        public var time: Double
        public init(index: Int, time: Double) { self.index = index; self.time = time }
    }

    /// The dump of `frames` of `timeline`.
    public static func document(_ timeline: Timeline, frames: [Int], keyPaths: [AnimatableKeyPath] = []) -> String {
        document(timeline, instants: frames.map { Instant(index: $0, time: timeline.time(ofFrame: $0)) }, keyPaths: keyPaths)
    }

    /// With `sources`, each layer also gets "source": where it was made, `file:line:column` (the
    /// scene file's line, or the Swift line an imported animator created it at).
    public static func document(_ timeline: Timeline, instants: [Instant], keyPaths keys: [AnimatableKeyPath] = [], sources: Bool = false) -> String {
        var places: [String: SourceLocation] = [:]
        if sources { for layer in timeline.scene.allLayers { places[layer.id] = layer.source } }
        var out = JSONText()
        out.raw("{\"fps\": "); out.number(timeline.canvas.fps)
        out.raw(", \"size\": ["); out.number(timeline.canvas.size.width); out.raw(", "); out.number(timeline.canvas.size.height)
        out.raw("], \"scale\": "); out.number(timeline.canvas.scale)
        out.raw(", \"duration\": "); out.number(timeline.duration)
        out.raw(",\n \"frames\": [")
        for (n, instant) in instants.enumerated() {
            let (index, time) = (instant.index, instant.time)
            let list = DisplayListBuilder.build(timeline, time: time, frameIndex: index)
            out.raw(n == 0 ? "\n  " : ",\n  ")
            out.raw("{\"index\": \(index), \"time\": "); out.number(list.time); out.raw(", \"layers\": [")
            // A layer cut into pieces by depth sorting is listed once, at its first piece.
            for (k, node) in list.allNodes.filter({ $0.pieceIndex == 0 }).enumerated() {
                out.raw(k == 0 ? "\n    " : ",\n    ")
                out.raw("{\"id\": "); out.string(node.id)
                if let place = places[node.id] { out.raw(", \"source\": "); out.string(place.description) }
                out.raw(", \"opacity\": "); out.number(node.opacity)
                out.raw(", \"hidden\": \(node.isHidden)")
                out.raw(", \"transform\": [")
                for (i, v) in node.transform.rowMajor.enumerated() { if i > 0 { out.raw(", ") }; out.number(v) }
                out.raw("], \"quad\": [")
                for (i, corner) in node.quad.enumerated() {
                    if i > 0 { out.raw(", ") }
                    if let corner { out.raw("["); out.number(corner.x); out.raw(", "); out.number(corner.y); out.raw("]") } else { out.raw("null") }
                }
                out.raw("]")
                if !keys.isEmpty {
                    out.raw(", \"values\": {")
                    for (i, key) in keys.enumerated() {
                        if i > 0 { out.raw(", ") }
                        out.string(key.rawValue); out.raw(": ")
                        if let values = timeline.sample(layer: node.id, keyPath: key, at: list.time) {
                            out.raw("[")
                            for (j, v) in values.enumerated() { if j > 0 { out.raw(", ") }; out.number(v) }
                            out.raw("]")
                        } else {
                            out.raw("null")
                        }
                    }
                    out.raw("}")
                }
                out.raw("}")
            }
            out.raw("]}")
        }
        out.raw("\n ]}\n")
        return out.text
    }
}

/// Minimal JSON writing with a fixed key order, so dumps diff cleanly and are byte-stable.
public struct JSONText {
    public init() {}
    public private(set) var text = ""
    public mutating func raw(_ s: String) { text += s }
    public mutating func number(_ v: Double) {
        guard v.isFinite else { text += "null"; return }
        let cleaned = abs(v) < 1e-12 ? 0 : v // avoid "-0" and 1e-17 noise
        if cleaned == cleaned.rounded() && abs(cleaned) < 1e15 { text += String(Int64(cleaned)) } else { text += "\(cleaned)" }
    }
    public mutating func string(_ s: String) {
        text += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            default:
                if scalar.value < 0x20 { text += String(format: "\\u%04x", scalar.value) } else { text.unicodeScalars.append(scalar) }
            }
        }
        text += "\""
    }
}
