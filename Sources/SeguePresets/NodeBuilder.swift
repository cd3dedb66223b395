// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry

/// Builds the Yams nodes a preset expands into. Every generated node carries a source mark
/// (the mark of the user's node it came from, or of the `transition:` that asked for it), so a
/// problem the ordinary decoder finds in an expansion is reported at a real place in the file.
struct NodeBuilder {
    /// The mark generated nodes get.
    var mark: Mark?

    init(_ mark: Mark?) { self.mark = mark }
    init(at node: Node) { self.mark = node.mark }

    func plain(_ text: String) -> Node { .scalar(.init(text, .implicit, .plain, mark)) }
    /// A string, always quoted (so "#FFFFFF" and "yes" stay strings).
    func string(_ text: String) -> Node { .scalar(.init(text, .implicit, .doubleQuoted, mark)) }
    func number(_ v: Double) -> Node { plain(Self.format(v)) }
    func bool(_ v: Bool) -> Node { plain(v ? "true" : "false") }
    func degrees(_ v: Double) -> Node { plain(Self.format(v) + "deg") }
    func numbers(_ values: [Double]) -> Node { .sequence(.init(values.map(number), .implicit, .flow, mark)) }
    func rect(_ r: Rect) -> Node { numbers([r.minX, r.minY, r.width, r.height]) }
    func list(_ items: [Node], flow: Bool = false) -> Node { .sequence(.init(items, .implicit, flow ? .flow : .block, mark)) }
    func map(_ pairs: [(String, Node)], flow: Bool = false) -> Node {
        .mapping(.init(pairs.map { (plain($0.0), $0.1) }, .implicit, flow ? .flow : .block, mark))
    }

    /// `[{rotate: {angle: A, axis: [x, y, z]}}]`
    func rotation(degrees: Double, axis: [Double]) -> Node {
        list([map([("rotate", map([("angle", self.degrees(degrees)), ("axis", numbers(axis))], flow: true))], flow: true)], flow: true)
    }

    /// Shortest text that reads back as exactly `v` (integers without a decimal point).
    static func format(_ v: Double) -> String {
        if v == 0 { return "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }
}

