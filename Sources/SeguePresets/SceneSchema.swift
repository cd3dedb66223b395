// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueScene

/// The scene format as a JSON Schema (draft 2020-12), for editors: `segue schema` prints it and
/// docs/scene.schema.json is its committed copy.
///
/// Which keys each map has, which are required and which names a value may take all come from
/// the decoder's and the preset expander's own tables (`SceneDecoder.layerKeys`,
/// `PresetReader.presetKeys`, `FontWeight.allCases`, …). What is added here is what those tables
/// do not say: each key's value shape and a description (SceneSchemaDocs.swift). A key the
/// decoder reads without a description here, or a description of a key the decoder no longer
/// reads, is listed by `undocumentedKeys()`, which a test keeps empty; so the schema cannot drift
/// from the decoder.
public enum SceneSchema {
    public static let identifier = "https://github.com/segue-render/segue/docs/scene.schema.json"

    /// The schema as pretty-printed JSON with sorted keys (byte-identical on every run), ending in a newline.
    public static func json() -> String {
        let data = try? JSONSerialization.data(withJSONObject: document(),
                                               options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return (data.flatMap { String(data: $0, encoding: .utf8) } ?? "{}") + "\n"
    }

    /// "map.key" for every key the decoder reads without a description here, and for every
    /// description whose key the decoder no longer reads. Empty when the two agree.
    public static func undocumentedKeys() -> [String] {
        var problems: [String] = []
        for map in SchemaMaps.all() {
            for key in map.keys where map.docs[key] == nil { problems.append("\(map.name).\(key): read by the decoder, not described") }
            for key in map.docs.keys.sorted() where !map.keys.contains(key) { problems.append("\(map.name).\(key): described, but not a key the decoder reads") }
        }
        for preset in PresetReader.presetNames {
            for key in PresetReader.presetKeys[preset] ?? [] where SchemaMaps.presetParameter(key, of: preset) == nil {
                problems.append("transition(\(preset)).\(key): a parameter of the preset, not described")
            }
        }
        for kind in PresetReader.componentKinds where SchemaMaps.componentDoc[kind] == nil {
            problems.append("component.\(kind): a component kind, not described")
        }
        return problems
    }

    static func document() -> [String: Any] {
        var definitions: [String: Any] = [:]
        for map in SchemaMaps.all() where map.name != "scene" { definitions[map.name] = map.json() }
        for (name, shape) in SchemaMaps.shapes() { definitions[name] = shape }
        var root = SchemaMaps.all().first { $0.name == "scene" }?.json() ?? [:]
        root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        root["$id"] = identifier
        root["title"] = "Segue scene"
        root["$defs"] = definitions
        return root
    }
}

/// One key of a map: the shape of its value and what it means.
struct KeyDoc {
    var shape: Shape
    var text: String
    init(_ shape: Shape, _ text: String) { self.shape = shape; self.text = text }
}

/// The shape of a value, as JSON Schema.
indirect enum Shape {
    /// A number, optionally within a range (an open lower end for "greater than").
    case number(ClosedRange<Double>? = nil, excludingLower: Bool = false)
    case integer(ClosedRange<Double>)
    /// Seconds: a number, or a string ending in `s` or `ms`.
    case seconds
    /// An angle: a number of radians, or a string ending in `deg`, `°` or `rad`.
    case angle
    case color
    case bool
    /// Any scalar written as text (a title, an id): YAML may read `2024` as a number.
    case text
    /// A list of exactly `counts` numbers (one of them).
    case numbers([Int])
    /// One of these names.
    case names([String])
    case list(Shape, minItems: Int = 0)
    /// A definition in `$defs`.
    case ref(String)
    case anyOf([Shape])
    /// Any value (typed by something else in the scene, e.g. the key path).
    case any
    case raw([String: Any])

    func json() -> [String: Any] {
        switch self {
        case let .number(range, excludingLower):
            var out: [String: Any] = ["type": "number"]
            if let range {
                if range.lowerBound > -Double.greatestFiniteMagnitude {
                    out[excludingLower ? "exclusiveMinimum" : "minimum"] = range.lowerBound
                }
                if range.upperBound < Double.greatestFiniteMagnitude { out["maximum"] = range.upperBound }
            }
            return out
        case let .integer(range):
            return ["type": "integer", "minimum": range.lowerBound, "maximum": range.upperBound]
        case .seconds:
            return ["$ref": "#/$defs/seconds"]
        case .angle:
            return ["$ref": "#/$defs/angle"]
        case .color:
            return ["$ref": "#/$defs/color"]
        case .bool:
            return ["type": "boolean"]
        case .text:
            return ["type": ["string", "number"]]
        case let .numbers(counts):
            let number: [String: Any] = ["type": "number"]
            if counts.count == 1 {
                return ["type": "array", "items": number, "minItems": counts[0], "maxItems": counts[0]]
            }
            return ["anyOf": counts.map { ["type": "array", "items": number, "minItems": $0, "maxItems": $0] as [String: Any] }]
        case let .names(names):
            return ["enum": names]
        case let .list(item, minItems):
            var out: [String: Any] = ["type": "array", "items": item.json()]
            if minItems > 0 { out["minItems"] = minItems }
            return out
        case let .ref(name):
            return ["$ref": "#/$defs/\(name)"]
        case let .anyOf(shapes):
            return ["anyOf": shapes.map { $0.json() }]
        case .any:
            return [:]
        case let .raw(json):
            return json
        }
    }
}

/// A map of the scene format: its keys and required keys as the decoder has them, with docs.
struct SchemaMap {
    var name: String
    var text: String
    var keys: [String]
    var required: [String] = []
    /// Earlier spellings still read with a warning (`MapSchema.renamed`).
    var renamed: [String: MapSchema.Renamed] = [:]
    var docs: [String: KeyDoc]
    /// Further schema keywords (an `anyOf` of required keys, …).
    var extra: [String: Any] = [:]

    func json() -> [String: Any] {
        var properties: [String: Any] = [:]
        for key in keys {
            let doc = docs[key] ?? KeyDoc(.any, "(not described)")
            var property = doc.shape.json()
            // A `$ref` with siblings is fine in 2020-12; editors show the description.
            property["description"] = doc.text
            properties[key] = property
        }
        for (old, renamed) in renamed {
            guard let doc = docs[renamed.to] else { continue }
            properties[old] = SchemaMaps.deprecatedProperty(old, doc, renamed: renamed)
        }
        var out: [String: Any] = ["type": "object", "description": text, "properties": properties,
                                  "additionalProperties": false]
        if !required.isEmpty { out["required"] = required }
        for (k, v) in extra { out[k] = v }
        return out
    }
}
