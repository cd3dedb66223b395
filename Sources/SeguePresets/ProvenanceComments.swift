// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueScene

/// `segue expand` shows where each imported node came from as a YAML comment beside it,
/// not as a key: the printed scene stays an ordinary scene, and the comment reads like a
/// compiler's `file:line:column`.
enum ProvenanceComments {
    enum Step: Hashable { case index(Int), key(String) }

    /// The tree without its `$source` entries, and for each, the path of the node it annotates
    /// and the place.
    static func strip(_ node: Node) -> (Node, [(path: [Step], place: String)]) {
        var notes: [(path: [Step], place: String)] = []
        let stripped = strip(node, path: [], notes: &notes)
        return (stripped, notes)
    }

    private static func strip(_ node: Node, path: [Step], notes: inout [(path: [Step], place: String)]) -> Node {
        switch node {
        case let .mapping(map):
            let (plain, source) = Provenance.split(node)
            if let source { collect(source, path: path, notes: &notes) }
            guard case let .mapping(rest) = plain else { return plain }
            let pairs = rest.map { pair -> (Node, Node) in
                (pair.key, strip(pair.value, path: path + [.key(pair.key.scalar?.string ?? "")], notes: &notes))
            }
            return .mapping(.init(pairs, map.tag, map.style, map.mark))
        case let .sequence(seq):
            let items = seq.enumerated().map { strip($0.element, path: path + [.index($0.offset)], notes: &notes) }
            return .sequence(.init(items, seq.tag, seq.style, seq.mark))
        default:
            return node
        }
    }

    /// A place annotates the node it sits at; a map of places, each key's value (a layer's
    /// `id` and starting values, a keyframe's `set` entries).
    private static func collect(_ source: Node, path: [Step], notes: inout [(path: [Step], place: String)]) {
        if let text = source.scalar?.string { notes.append((path, text)); return }
        guard case let .mapping(places) = source else { return }
        for (k, v) in places { if let key = k.scalar?.string { collect(v, path: path + [.key(key)], notes: &notes) } }
    }

    /// `text` (the serialized stripped tree) with each note as a comment at the end of the line
    /// its node starts on. The text as it is when the comments cannot be placed safely.
    static func annotate(_ text: String, notes: [(path: [Step], place: String)]) -> String {
        guard !notes.isEmpty, let root = try? Yams.compose(yaml: text) else { return text }
        var byLine: [Int: [String]] = [:]
        for note in notes {
            guard let line = resolve(root, note.path)?.mark?.line else { continue }
            if !(byLine[line]?.contains(note.place) ?? false) { byLine[line, default: []].append(note.place) }
        }
        var lines = text.components(separatedBy: "\n")
        for (line, places) in byLine where line >= 1 && line <= lines.count {
            lines[line - 1] += "  # " + places.joined(separator: ", ")
        }
        let annotated = lines.joined(separator: "\n")
        // A comment must not change what the file says.
        guard let again = try? Yams.compose(yaml: annotated), let a = try? Yams.serialize(node: again, width: 160, allowUnicode: true, sortKeys: false),
              let b = try? Yams.serialize(node: root, width: 160, allowUnicode: true, sortKeys: false), a == b else { return text }
        return annotated
    }

    private static func resolve(_ node: Node, _ path: [Step]) -> Node? {
        var current = node
        for step in path {
            switch (step, current) {
            case let (.index(i), .sequence(seq)) where i < seq.count: current = seq[seq.index(seq.startIndex, offsetBy: i)]
            case let (.key(k), .mapping(map)):
                guard let v = map.first(where: { $0.key.scalar?.string == k })?.value else { return nil }
                current = v
            default: return nil
            }
        }
        return current
    }
}
