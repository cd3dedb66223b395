// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDecode
import SegueDisplayList
import SegueTimeline

/// The geometry dump of `segue dump` (per frame and layer: opacity, hidden, the full 4×4 matrix
/// to the canvas, the projected bounds quad), written and compared for `segue test --mode dump`.
/// It is independent of anti-aliasing and of the raster stage entirely.
public enum GeometryDump {
    /// The dump of `frames` of `timeline`, written by the same writer as `segue dump` (without
    /// `values`), so a golden recorded here and `segue dump` output are interchangeable.
    public static func document(_ timeline: Timeline, frames: [Int]) -> String {
        GeometryDumpWriter.document(timeline, frames: frames)
    }

    // MARK: - Comparing

    /// A parsed dump.
    public struct Document: Sendable {
        public var fps: Double?
        public var duration: Double?
        public var scale: Double?
        public var frames: [Frame]

        public struct Frame: Sendable {
            public var index: Int
            public var time: Double?
            public var layers: [Layer]
        }

        public struct Layer: Sendable {
            public var id: String
            public var opacity: Double
            public var hidden: Bool
            public var transform: [Double]
            public var quad: [[Double]?]
        }

        /// Parses `segue dump` JSON.
        /// - Throws: `DumpError.malformed` naming what is wrong.
        public init(json data: Data, path: String) throws {
            guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
                throw DumpError.malformed(path: path, reason: "it is not a JSON object")
            }
            fps = (root["fps"] as? NSNumber)?.doubleValue
            duration = (root["duration"] as? NSNumber)?.doubleValue
            scale = (root["scale"] as? NSNumber)?.doubleValue
            guard let frames = root["frames"] as? [[String: Any]] else {
                throw DumpError.malformed(path: path, reason: "no \"frames\" array")
            }
            self.frames = try frames.map { f in
                guard let index = (f["index"] as? NSNumber)?.intValue, let layers = f["layers"] as? [[String: Any]] else {
                    throw DumpError.malformed(path: path, reason: "a frame without \"index\" or \"layers\"")
                }
                return Frame(index: index, time: (f["time"] as? NSNumber)?.doubleValue, layers: try layers.map { l in
                    guard let id = l["id"] as? String, let transform = l["transform"] as? [NSNumber], transform.count == 16,
                          let quad = l["quad"] as? [Any], quad.count == 4 else {
                        throw DumpError.malformed(path: path, reason: "frame \(index): a layer without id, 16 transform numbers or 4 quad corners")
                    }
                    return Layer(id: id, opacity: (l["opacity"] as? NSNumber)?.doubleValue ?? 1, hidden: (l["hidden"] as? Bool) ?? false,
                                 transform: transform.map(\.doubleValue),
                                 quad: quad.map { ($0 as? [NSNumber])?.map(\.doubleValue) })
                })
            }
        }
    }

    public enum DumpError: Error, CustomStringConvertible, Sendable {
        case malformed(path: String, reason: String)
        public var description: String {
            switch self { case let .malformed(path, reason): "'\(path)' is not a segue dump: \(reason)" }
        }
    }

    /// Whether two numbers agree: |a − b| ≤ tolerance × max(1, |a|, |b|).
    static func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
        abs(a - b) <= tolerance * max(1, abs(a), abs(b))
    }

    static let matrixNames = ["m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24",
                              "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44"]
    static let cornerNames = ["top-left", "top-right", "bottom-right", "bottom-left"]

    /// The differences between the layers of two frames (at most `limit` lines).
    public static func differences(expected: Document.Frame, actual: Document.Frame, tolerance: Double, limit: Int = 8) -> [String] {
        var out: [String] = []
        let expectedIDs = expected.layers.map(\.id), actualIDs = actual.layers.map(\.id)
        if expectedIDs != actualIDs {
            let missing = expectedIDs.filter { !actualIDs.contains($0) }, extra = actualIDs.filter { !expectedIDs.contains($0) }
            var text = "layers differ"
            if !missing.isEmpty { text += "; missing: " + missing.joined(separator: ", ") }
            if !extra.isEmpty { text += "; new: " + extra.joined(separator: ", ") }
            if missing.isEmpty && extra.isEmpty { text += " in painting order" }
            out.append(text)
        }
        let byID = Dictionary(actual.layers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func fmt(_ v: Double) -> String { String(format: "%.6g", v) }
        for e in expected.layers {
            guard let a = byID[e.id] else { continue }
            if !close(e.opacity, a.opacity, tolerance) { out.append("\(e.id): opacity \(fmt(e.opacity)) → \(fmt(a.opacity))") }
            if e.hidden != a.hidden { out.append("\(e.id): hidden \(e.hidden) → \(a.hidden)") }
            for i in 0 ..< 16 where !close(e.transform[i], a.transform[i], tolerance) {
                out.append("\(e.id): transform \(matrixNames[i]) \(fmt(e.transform[i])) → \(fmt(a.transform[i]))")
            }
            for i in 0 ..< 4 {
                switch (e.quad[i], a.quad[i]) {
                case let (p?, q?) where p.count == 2 && q.count == 2:
                    if !close(p[0], q[0], tolerance) || !close(p[1], q[1], tolerance) {
                        out.append("\(e.id): \(cornerNames[i]) corner (\(fmt(p[0])), \(fmt(p[1]))) → (\(fmt(q[0])), \(fmt(q[1])))")
                    }
                case (nil, nil): break
                default: out.append("\(e.id): \(cornerNames[i]) corner \(e.quad[i] == nil ? "behind the eye" : "visible") → \(a.quad[i] == nil ? "behind the eye" : "visible")")
                }
            }
            if out.count > limit { break }
        }
        if out.count > limit { out = Array(out.prefix(limit)) + ["…"] }
        return out
    }
}
