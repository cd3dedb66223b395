// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams

/// Where each layer, animation and keyframe came from. A node written in the scene file comes
/// from its own line there; a node an importer generated (a Swift animator's views and
/// animations) carries the place in the importer's source that made it, under the reserved
/// key `$source`: "file:line:column", or a map of the node's keys to their places (on a layer,
/// `id` where it was made and each starting value where the code set it; on a keyframe,
/// `set: {key: place}`).
/// The decoder reads the key into `origin`; `segue expand` prints it as a comment instead.
public enum Provenance {
    public static let key = "$source"

    public static func text(_ location: SourceLocation) -> String { location.description }

    /// "file:line:column", the file possibly holding colons itself.
    public static func parse(_ text: String) -> SourceLocation? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else { return nil }
        return SourceLocation(file: parts[0 ..< parts.count - 2].joined(separator: ":"), line: line, column: column)
    }

    /// The node without its `$source` entry, and that entry's value.
    public static func split(_ node: Node) -> (Node, Node?) {
        guard case let .mapping(map) = node, let found = map.first(where: { $0.key.scalar?.string == key })?.value else { return (node, nil) }
        let pairs = map.filter { $0.key.scalar?.string != key }
        return (.mapping(.init(pairs, map.tag, map.style, map.mark)), found)
    }
}

public extension LayerSpec { var source: SourceLocation { origin ?? location } }
public extension AnimationSpec { var source: SourceLocation { origin ?? location } }
public extension KeyframeGroupSpec { var source: SourceLocation { origin ?? location } }
public extension GroupKeyframe { var source: SourceLocation { origin ?? location } }
public extension PropertyChange { var source: SourceLocation { origin ?? location } }

extension SceneDecoder {
    /// The `$source` place a generated mapping carries (its `id` entry on a layer).
    func provenance(_ node: Node) -> SourceLocation? {
        guard case let .mapping(map) = node, let v = map.first(where: { $0.key.scalar?.string == Provenance.key })?.value else { return nil }
        if case let .scalar(s) = v { return Provenance.parse(s.string) }
        return provenances(node)["id"]
    }

    /// A `$source` map: the place of each key (under `under`, e.g. a keyframe's `set`).
    func provenances(_ node: Node, under: String? = nil) -> [String: SourceLocation] {
        guard case let .mapping(map) = node, var v = map.first(where: { $0.key.scalar?.string == Provenance.key })?.value else { return [:] }
        if let under {
            guard let inner = v.mapping?.first(where: { $0.key.scalar?.string == under })?.value else { return [:] }
            v = inner
        }
        guard case let .mapping(entries) = v else { return [:] }
        var out: [String: SourceLocation] = [:]
        for (k, value) in entries {
            if let key = k.scalar?.string, let text = value.scalar?.string, let l = Provenance.parse(text) { out[key] = l }
        }
        return out
    }
}
