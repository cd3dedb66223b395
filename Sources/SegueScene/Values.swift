// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry

/// One `key: value` entry of a YAML map.
package struct Entry {
    /// The key as written, or nil when the key is not a plain name (a list, a map, nothing).
    package let name: String?
    package let key: Node
    package let value: Node
}

/// The keys a map may have, for checking and for messages.
package struct MapSchema {
    /// How messages name the map: "the canvas", "layer 'card'", "animation 2".
    package var what: String
    package var keys: [String]
    package var required: [String] = []
    /// Other spellings people reach for (UIKit names, typos beyond edit distance 2) → the key.
    package var synonyms: [String: String] = [:]
    /// Keys that are valid somewhere else → where they belong.
    package var elsewhere: [String: String] = [:]
    /// Earlier spellings that are still read, with a warning: old name → current name.
    package var renamed: [String: Renamed] = [:]

    package struct Renamed {
        package var to: String
        /// Why it changed, for the warning ("'duration' here was the finger's, not the transition's").
        package var why: String
        package init(to: String, why: String) { self.to = to; self.why = why }
    }

    package init(what: String, keys: [String], required: [String] = [], synonyms: [String: String] = [:],
                 elsewhere: [String: String] = [:], renamed: [String: Renamed] = [:]) {
        self.what = what; self.keys = keys; self.required = required
        self.synonyms = synonyms; self.elsewhere = elsewhere; self.renamed = renamed
    }
}

/// Limits that keep every later stage's arithmetic finite and in range.
package enum Limits {
    /// Coordinates, lengths, translations and scale factors, in points.
    package static let coordinate = 1_000_000.0
    package static let anchorPoint = 1_000.0
    /// Frames are at most this many pixels a side.
    package static let pixels = 16_384.0
    /// Scene durations, animation begin times and durations, in seconds.
    package static let seconds = 3_600.0
    package static let fontSize = 1_000.0
    /// How many YAML values one scene may contain (aliases count each time they are used).
    package static let values = 1_000_000
}

/// Reading typed values from Yams nodes, with errors that say what was expected and found.
/// The scene-specific parts are in SceneDecoder.swift; the presets' in SeguePresets, whose
/// reader is a subclass (hence `open`: nothing of it is public but the name).
open class ValueReader {
    package let file: String
    package let source: SourceText
    private var budget = Limits.values
    /// Valid but suspicious values, in file order (`SceneWarning`).
    package private(set) var warnings: [SceneWarning] = []

    package func warn(_ node: Node, _ message: String, suggestion: String? = nil) {
        warnings.append(SceneWarning(at: location(node), message, suggestion: suggestion))
    }

    /// A warning about another file the scene reads (a Swift animator's line).
    package func warn(at location: SourceLocation, _ message: String, suggestion: String? = nil) {
        warnings.append(SceneWarning(at: location, message, suggestion: suggestion))
    }

    package init(file: String, source: String) {
        self.file = file
        self.source = SourceText(source)
    }

    package func location(_ node: Node) -> SourceLocation {
        guard let mark = node.mark else { return SourceLocation(file: file, line: 1, column: 1) }
        return SourceLocation(file: file, line: max(1, mark.line), column: max(1, mark.column))
    }

    /// Counts one more value against the scene's budget.
    package func tick(_ node: Node) throws(SceneError) {
        budget -= 1
        if budget < 0 {
            throw SceneError(.invalidValue, at: location(node),
                             "the scene has more than \(Limits.values) values (YAML aliases count each time they are used)",
                             suggestion: "split the scene, or use fewer aliases")
        }
    }

    // MARK: - Describing what was found

    package static let nullWords: Set<String> = ["", "~", "null", "Null", "NULL"]
    package static let trueWords: Set<String> = ["true", "True", "TRUE"]
    package static let falseWords: Set<String> = ["false", "False", "FALSE"]

    package func isNull(_ node: Node) -> Bool {
        guard case let .scalar(s) = node, s.style == .plain || s.style == .any else { return false }
        return Self.nullWords.contains(s.string)
    }

    /// "the string \"abc\"", "the number 5", "nothing", "a list of 3 items", "a map".
    package func describe(_ node: Node) -> String {
        switch node {
        case let .scalar(s):
            if s.style == .plain || s.style == .any {
                if Self.nullWords.contains(s.string) { return "nothing (an empty value)" }
                if Self.trueWords.contains(s.string) || Self.falseWords.contains(s.string) { return "the boolean \(s.string)" }
                if Self.number(in: s.string) != nil || Self.isNonFinite(s.string) { return "the number \(Quote.name(s.string))" }
            }
            if s.style == .literal || s.style == .folded { return "the block of text \(Quote.string(s.string))" }
            return "the string \(Quote.string(s.string))"
        case let .sequence(seq):
            switch seq.count {
            case 0: return "an empty list"
            case 1: return "a list of 1 item"
            default: return "a list of \(seq.count) items"
            }
        case let .mapping(map):
            let names = map.prefix(3).compactMap { $0.key.scalar?.string }.map { Quote.name($0, limit: 20) }
            if map.isEmpty { return "an empty map" }
            return "a map (with \(Suggestions.list(names))\(map.count > 3 ? ", …" : ""))"
        }
    }

    /// When an empty value is really an unquoted `#…` (a YAML comment): the column of the
    /// `#` and the fix.
    package func commentHint(_ node: Node, key: String) -> (column: Int, hint: String)? {
        guard isNull(node), let line = source.line(location(node).line) else { return nil }
        var column = max(0, location(node).column - 1)
        while column < line.count, line[column] == " " || line[column] == "\t" { column += 1 }
        guard column < line.count, line[column] == "#" else { return nil }
        var word = ""
        for c in line[column...] {
            if c == " " || c == "\t" || c == "," || c == "]" || c == "}" { break }
            word.unicodeScalars.append(c)
        }
        return (column + 1, "an unquoted '#' starts a YAML comment, so the value is empty; put it in quotes: \(key): \"\(word)\"")
    }

    /// An error about a value; an empty value that is really a `#` comment is reported at
    /// the `#` with a hint to quote it.
    package func valueError(_ node: Node, key: String, _ message: String, suggestion: String?) -> SceneError {
        if let (column, hint) = commentHint(node, key: key) {
            var at = location(node)
            at.column = column
            return SceneError(.invalidValue, at: at, message, suggestion: hint)
        }
        return SceneError(.invalidValue, at: location(node), message, suggestion: suggestion)
    }

    // MARK: - Errors

    package func typeError(_ node: Node, expected: String, for key: String, example: String? = nil) -> SceneError {
        valueError(node, key: key, "expected \(expected) for '\(key)', found \(describe(node))",
                   suggestion: example.map { "write it like \($0)" })
    }

    package func rangeError(_ node: Node, _ message: String, _ suggestion: String? = nil) -> SceneError {
        SceneError(.invalidValue, at: location(node), message, suggestion: suggestion)
    }

    // MARK: - Maps

    /// Checks that `node` is a map and has the required keys; returns its entries in file order.
    /// Missing keys are reported at the map (the start of the map comes before anything in it),
    /// except that a misspelling of the missing key is reported as the unknown key it is.
    package func entries(of node: Node, _ schema: MapSchema, key: String, example: String) throws(SceneError) -> [Entry] {
        try tick(node)
        guard case let .mapping(map) = node else {
            throw typeError(node, expected: "a map", for: key, example: example)
        }
        var result: [Entry] = []
        result.reserveCapacity(map.count)
        for (k, v) in map {
            var name: String?
            if case let .scalar(s) = k, !(s.style == .plain && Self.nullWords.contains(s.string)) { name = s.string }
            // Where an importer made the node: read by `provenance(_:)`, not a key of the map.
            if name == Provenance.key { continue }
            result.append(Entry(name: name, key: k, value: v))
        }
        for required in schema.required where !result.contains(where: { $0.name == required }) {
            // `idd: card` is better reported as a typo of 'id' than as a missing 'id'.
            for entry in result {
                guard let name = entry.name, !schema.keys.contains(name) else { continue }
                if Suggestions.best(for: name, among: [required], synonyms: schema.synonyms.filter { $0.value == required }) == required {
                    throw unknownKey(entry, schema)
                }
            }
            throw SceneError(.missingKey, at: location(node), "\(schema.what) is missing the required key '\(required)'",
                             suggestion: "add " + (Self.requiredExamples[required] ?? "'\(required): …'"))
        }
        return result
    }

    package static let requiredExamples = [
        "canvas": "canvas: {size: [390, 844]}", "size": "size: [390, 844]", "id": "id: card (a name unique in the scene)",
        "layer": "layer: card (the id of a layer)", "keyPath": "keyPath: opacity", "duration": "duration: 0.3 (seconds)",
        "string": "string: \"Hello\"", "angle": "angle: 30deg",
        "values": "values: [1, 0.5, 1] (typed like 'from' and 'to')",
        "keyframes": "keyframes: [{start: 0, duration: 1, set: {\"card.opacity\": 0}}]",
        "gesture": "gesture: {type: pan, points: [[0, 20, 400], [0.4, 250, 400]]}",
        "progress": "progress: \"translation.x / 390\" (how far the transition is, from the gesture)",
        "points": "points: [[0, 300, 400], [0.3, 100, 400]] ([t, x, y]: seconds, then canvas points)",
        "contentSize": "contentSize: [1170, 844] (the size of the scrolled content)",
    ]

    /// Tracks the keys seen in one map, to report unknown and duplicate keys in file order.
    package struct KeyTracker {
        package var seen: [String: SourceLocation] = [:]
        package init() {}
    }

    /// Checks one entry's key: a name, known in this map, not given twice. Returns the name.
    /// A key written with an earlier spelling (`MapSchema.renamed`) is read as its current name,
    /// with a warning that says why it changed.
    package func check(_ entry: Entry, _ schema: MapSchema, _ tracker: inout KeyTracker) throws(SceneError) -> String {
        try tick(entry.value)
        var name = entry.name
        if let old = name, let renamed = schema.renamed[old], schema.keys.contains(renamed.to) {
            warn(entry.key, "'\(old)' in \(schema.what) is now '\(renamed.to)': \(renamed.why)",
                 suggestion: "write \(renamed.to): (the old name is still read)")
            name = renamed.to
        }
        guard let name, schema.keys.contains(name) else { throw unknownKey(entry, schema) }
        if let first = tracker.seen[name] {
            let written = entry.name == name ? "duplicate key '\(name)'" : "duplicate key '\(name)' (written '\(entry.name ?? name)', its old name)"
            var error = SceneError(.syntax, at: location(entry.key),
                                   "\(written) in \(schema.what): it was already given at \(first)",
                                   suggestion: "keep only one '\(name):'")
            error.relatedLocation = first
            throw error
        }
        tracker.seen[name] = location(entry.key)
        return name
    }

    /// The map with earlier spellings of its keys replaced by their current names
    /// (`MapSchema.renamed`), for code that reads the map's keys directly after `check`.
    package func renamingKeys(_ node: Node, _ schema: MapSchema) -> Node {
        guard !schema.renamed.isEmpty, case let .mapping(map) = node else { return node }
        let pairs = map.map { (key, value) -> (Node, Node) in
            guard case let .scalar(s) = key, let renamed = schema.renamed[s.string] else { return (key, value) }
            return (.scalar(.init(renamed.to, s.tag, s.style, s.mark)), value)
        }
        return .mapping(.init(pairs, map.tag, map.style, map.mark))
    }

    package func unknownKey(_ entry: Entry, _ schema: MapSchema) -> SceneError {
        guard let name = entry.name else {
            return SceneError(.unknownKey, at: location(entry.key),
                              "expected a key name in \(schema.what), found \(describe(entry.key))",
                              suggestion: "valid keys here are " + Suggestions.list(schema.keys, conjunction: "and"))
        }
        // A synonym or a different capitalisation first; then a key that is valid somewhere
        // else (an exact name says more than a near miss: 'bounces' on a layer belongs under
        // 'scroll:', it is not a typo of 'bounds'); then the closest key.
        let suggestion: String
        if let exact = Suggestions.exact(for: name, among: schema.keys, synonyms: schema.synonyms) {
            suggestion = "did you mean '\(exact)'?"
        } else if let hint = schema.elsewhere[name] {
            suggestion = hint
        } else if let best = Suggestions.best(for: name, among: schema.keys, synonyms: schema.synonyms) {
            suggestion = "did you mean '\(best)'?"
        } else {
            suggestion = "valid keys here are " + Suggestions.list(schema.keys, conjunction: "and")
        }
        return SceneError(.unknownKey, at: location(entry.key), "unknown key '\(Quote.name(name))' in \(schema.what)",
                          suggestion: suggestion)
    }

    // MARK: - Scalars

    package static func isNonFinite(_ text: String) -> Bool {
        [".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN"].contains(text)
    }

    /// YAML's decimal notation — optional sign, digits with an optional fraction, optional
    /// exponent — or nil. The result may be infinite when the exponent is huge.
    package static func number(in text: String) -> Double? {
        let c = Array(text.unicodeScalars)
        var i = 0
        func digits() -> Int {
            var n = 0
            while i < c.count, ("0" ... "9").contains(c[i]) { n += 1; i += 1 }
            return n
        }
        if i < c.count, c[i] == "+" || c[i] == "-" { i += 1 }
        var count = digits()
        if i < c.count, c[i] == "." { i += 1; count += digits() }
        guard count > 0 else { return nil }
        if i < c.count, c[i] == "e" || c[i] == "E" {
            i += 1
            if i < c.count, c[i] == "+" || c[i] == "-" { i += 1 }
            guard digits() > 0 else { return nil }
        }
        guard i == c.count else { return nil }
        return Double(text)
    }

    /// A finite number. Quoted numbers are refused with a hint to remove the quotes.
    /// `item` (1-based) says the number is one item of the list `key`.
    package func number(_ node: Node, _ key: String, item: Int? = nil, example: String) throws(SceneError) -> Double {
        let subject = item.map { "item \($0) of '\(key)'" } ?? "'\(key)'"
        func wrongType() -> SceneError {
            valueError(node, key: key, "expected a number for \(subject), found \(describe(node))", suggestion: "write it like \(example)")
        }
        guard case let .scalar(s) = node else { throw wrongType() }
        let plain = s.style == .plain || s.style == .any
        if plain, let v = Self.number(in: s.string) {
            guard v.isFinite else {
                throw rangeError(node, "the number \(Quote.name(s.string)) for \(subject) is too large", "write it like \(example)")
            }
            return v
        }
        if plain, Self.isNonFinite(s.string) {
            throw rangeError(node, "\(subject) must be a finite number, found \(s.string)", "write it like \(example)")
        }
        let trimmed = s.string.trimmingCharacters(in: .whitespaces)
        if !plain, Self.number(in: trimmed) != nil {
            throw SceneError(.invalidValue, at: location(node), "expected a number for \(subject), found \(describe(node))",
                             suggestion: item == nil ? "remove the quotes: \(key): \(trimmed)" : "remove the quotes around \(trimmed)")
        }
        throw wrongType()
    }

    /// A number within `range`; `what` names the range in the message ("between 0 and 1").
    package func number(_ node: Node, _ key: String, item: Int? = nil, in range: ClosedRange<Double>, excludingLower: Bool = false,
                what: String, example: String) throws(SceneError) -> Double {
        let v = try number(node, key, item: item, example: example)
        if v < range.lowerBound || v > range.upperBound || excludingLower && v == range.lowerBound {
            let subject = item.map { "item \($0) of '\(key)'" } ?? "'\(key)'"
            throw rangeError(node, "\(subject) must be \(what), found \(numberText(node))", "write it like \(example)")
        }
        return v
    }

    /// The number as written (for messages), falling back to a formatted value.
    package func numberText(_ node: Node) -> String {
        if case let .scalar(s) = node { return Quote.name(s.string) }
        return describe(node)
    }

    package func coordinate(_ node: Node, _ key: String, example: String) throws(SceneError) -> Double {
        try number(node, key, in: -Limits.coordinate ... Limits.coordinate,
                   what: "between -\(Quote.number(Limits.coordinate)) and \(Quote.number(Limits.coordinate))", example: example)
    }

    package func length(_ node: Node, _ key: String, example: String) throws(SceneError) -> Double {
        try number(node, key, in: 0 ... Limits.coordinate, what: "at least 0 (and at most \(Quote.number(Limits.coordinate)))", example: example)
    }

    package func bool(_ node: Node, _ key: String) throws(SceneError) -> Bool {
        if case let .scalar(s) = node, s.style == .plain || s.style == .any {
            if Self.trueWords.contains(s.string) { return true }
            if Self.falseWords.contains(s.string) { return false }
            let yes = ["yes", "Yes", "YES", "on", "On", "ON", "y", "Y"], no = ["no", "No", "NO", "off", "Off", "OFF", "n", "N"]
            if yes.contains(s.string) || no.contains(s.string) {
                throw SceneError(.invalidValue, at: location(node), "expected true or false for '\(key)', found \(describe(node))",
                                 suggestion: "write \(key): \(yes.contains(s.string) ? "true" : "false")")
            }
        }
        throw typeError(node, expected: "true or false", for: key, example: "\(key): true")
    }

    /// Any scalar except an empty value, as text (so `id: 1` is the id "1").
    package func string(_ node: Node, _ key: String, example: String) throws(SceneError) -> String {
        guard case let .scalar(s) = node, !isNull(node) else {
            throw typeError(node, expected: "a string", for: key, example: example)
        }
        return s.string
    }

    /// A list of numbers with one of the given counts; `shape` names them ("[x, y]").
    package func numbers(_ node: Node, _ key: String, counts: [Int], shape: String, example: String) throws(SceneError) -> [Double] {
        guard case let .sequence(seq) = node else {
            throw typeError(node, expected: shape, for: key, example: example)
        }
        guard counts.contains(seq.count) else {
            let n = counts.count == 1 ? "\(counts[0]) numbers" : counts.map(String.init).joined(separator: " or ") + " numbers"
            throw SceneError(.invalidValue, at: location(node), "expected \(n) \(shape) for '\(key)', found \(describe(node))",
                             suggestion: "write it like \(example)")
        }
        var out: [Double] = []
        out.reserveCapacity(seq.count)
        for (i, element) in seq.enumerated() {
            try tick(element)
            out.append(try number(element, key, item: i + 1, example: example))
        }
        return out
    }

    // MARK: - Colours, angles, times, names

    package func color(_ node: Node, _ key: String) throws(SceneError) -> RGBAColor {
        let example = "\(key): \"#FF9500\""
        guard case let .scalar(s) = node, !isNull(node) else {
            throw typeError(node, expected: "a colour (\"#RRGGBB\", \"#RRGGBBAA\" or a name)", for: key, example: example)
        }
        let text = s.string.trimmingCharacters(in: .whitespaces)
        if let c = RGBAColor(hex: text) { return c }
        let name = text.hasPrefix(".") ? String(text.dropFirst()) : text
        if let c = NamedColors.color(named: name) { return c }
        let message = "expected a colour for '\(key)' (\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\" or a colour name), found \(describe(node))"
        let suggestion: String
        if text.hasPrefix("#") {
            suggestion = "hex colours have 3, 6 or 8 hex digits after '#', e.g. \"#FF9500\" or \"#FF950080\""
        } else if [3, 6, 8].contains(text.count), text.allSatisfy(\.isHexDigit) {
            suggestion = "add '#' and quotes: \(key): \"#\(text)\""
        } else if let best = Suggestions.best(for: name, among: NamedColors.names, synonyms: ["grey": "gray", "systemGrey": "systemGray"]) {
            suggestion = "did you mean '\(best)'?"
        } else {
            suggestion = "use hex like \"#FF9500\" or a name such as 'clear', 'black', 'white' or 'systemBlue' (see docs/scene-format/layers.md)"
        }
        throw SceneError(.invalidValue, at: location(node), message, suggestion: suggestion)
    }

    /// Bare angles above four turns (8π radians) get a warning.
    package static let suspiciousRadians = 8 * Double.pi

    /// An angle in radians: `-90deg`, `90°`, `1.5708rad`, or a bare number of radians.
    package func angle(_ node: Node, _ key: String) throws(SceneError) -> Double {
        let example = "\(key): -90deg"
        guard case let .scalar(s) = node, !isNull(node) else {
            throw typeError(node, expected: "an angle (like 90deg, 1.5708rad, or a number of radians)", for: key, example: example)
        }
        let text = s.string.trimmingCharacters(in: .whitespaces)
        var value: Double?
        for (suffix, factor) in [("deg", Double.pi / 180), ("°", Double.pi / 180), ("rad", 1.0)] where text.hasSuffix(suffix) {
            let number = String(text.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            value = Self.number(in: number).map { $0 * factor }
            break
        }
        let bare = value == nil
        if value == nil, s.style == .plain || s.style == .any { value = Self.number(in: text) }
        guard let v = value else {
            throw valueError(node, key: key, "expected an angle for '\(key)' (like 90deg, 1.5708rad, or a number of radians), found \(describe(node))",
                             suggestion: "write it like \(example)")
        }
        guard v.isFinite, abs(v) <= Limits.coordinate else {
            throw rangeError(node, "the angle \(Quote.name(s.string)) for '\(key)' is too large", "write it like \(example)")
        }
        // A bare number is radians, as in Core Animation; more than four turns is almost always
        // degrees written without the unit.
        if bare, abs(v) > Self.suspiciousRadians {
            let degrees = v * 180 / .pi
            warn(node, "'\(key)' is \(text) radians = \(String(format: "%.1f", degrees))°; a bare angle is in radians",
                 suggestion: "did you mean \(text)deg? Write \(text)rad to keep radians and silence this")
        }
        return v
    }

    /// A time in seconds: a number, or a string ending in `s` or `ms`.
    package func seconds(_ node: Node, _ key: String) throws(SceneError) -> Double {
        let example = "\(key): 0.35"
        guard case let .scalar(s) = node, !isNull(node) else {
            throw typeError(node, expected: "a time in seconds", for: key, example: example)
        }
        let text = s.string.trimmingCharacters(in: .whitespaces)
        var value: Double?
        if s.style == .plain || s.style == .any { value = Self.number(in: text) }
        if value == nil, text.hasSuffix("ms") {
            value = Self.number(in: String(text.dropLast(2)).trimmingCharacters(in: .whitespaces)).map { $0 / 1000 }
        } else if value == nil, text.hasSuffix("s") {
            value = Self.number(in: String(text.dropLast()).trimmingCharacters(in: .whitespaces))
        }
        guard let v = value else {
            throw valueError(node, key: key, "expected a time in seconds for '\(key)' (like 0.35 or 350ms), found \(describe(node))",
                             suggestion: "write it like \(example)")
        }
        guard v.isFinite, abs(v) <= Limits.seconds else {
            throw rangeError(node, "'\(key)' must be at most \(Quote.number(Limits.seconds)) seconds, found \(Quote.name(s.string))",
                             "scenes are limited to one hour")
        }
        return v
    }

    /// One of `names` (a leading `.` is allowed, as in Swift: `.bold`). `prefixes` are
    /// Objective-C constant prefixes that may precede a name with its first letter capitalised
    /// (`kCAFillModeForwards` for `forwards`).
    package func name(_ node: Node, _ key: String, among names: [String], synonyms: [String: String] = [:], prefixes: [String] = [],
              what: String) throws(SceneError) -> String {
        guard case let .scalar(s) = node, !isNull(node) else {
            throw typeError(node, expected: what, for: key, example: "\(key): \(names.first ?? "")")
        }
        var text = s.string.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix(".") { text.removeFirst() }
        for prefix in prefixes where text.hasPrefix(prefix) && text.count > prefix.count {
            let rest = text.dropFirst(prefix.count)
            text = rest.prefix(1).lowercased() + rest.dropFirst()
            break
        }
        if names.contains(text) { return text }
        let suggestion: String
        if let best = Suggestions.best(for: text, among: names, synonyms: synonyms) {
            suggestion = "did you mean '\(best)'?"
        } else {
            suggestion = "use one of " + Suggestions.list(names, conjunction: "or")
        }
        throw SceneError(.invalidValue, at: location(node), "unknown \(what) \(Quote.string(s.string)) for '\(key)'", suggestion: suggestion)
    }
}

// MARK: - Places inside a string

extension ValueReader {
    /// Where the `offset`-th Unicode scalar of a scalar's value was written (`offset` equal to
    /// the value's length is just past its end). Quotes, escapes (`''`, `\"`, `\u00E9`) and
    /// line folding are accounted for; when the text cannot be matched up with the source
    /// (a block scalar, an alias), the scalar's own location is returned.
    package func location(of node: Node, atValueOffset offset: Int) -> SourceLocation {
        let start = location(node)
        guard case let .scalar(s) = node, node.mark != nil, offset >= 0,
              s.style == .plain || s.style == .any || s.style == .singleQuoted || s.style == .doubleQuoted,
              var line = source.line(start.line) else { return start }
        let value = Array(s.string.unicodeScalars)
        guard offset <= value.count else { return start }
        let quoted = s.style == .singleQuoted || s.style == .doubleQuoted
        var lineNumber = start.line
        var i = start.column - 1 + (quoted ? 1 : 0)
        func isBlank(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" }
        /// Moves to the start of the text on the next line (for a folded line break).
        func nextLine() -> Bool {
            lineNumber += 1
            guard let next = source.line(lineNumber) else { return false }
            line = next
            i = 0
            while i < line.count, isBlank(line[i]) { i += 1 }
            return true
        }
        var k = 0
        while k < offset {
            let expected = value[k]
            guard i < line.count else {
                // A line break folded into a space (or kept as a newline after a blank line).
                guard expected == " " || expected == "\n", nextLine() else { return start }
                k += 1
                continue
            }
            let c = line[i]
            if s.style == .doubleQuoted, c == "\\" {
                guard i + 1 < line.count else {
                    // An escaped line break: it adds nothing to the value.
                    guard nextLine() else { return start }
                    continue
                }
                switch line[i + 1] {
                case "x": i += 4
                case "u": i += 6
                case "U": i += 10
                default: i += 2
                }
                k += 1
                continue
            }
            if s.style == .singleQuoted, c == "'", i + 1 < line.count, line[i + 1] == "'" {
                guard expected == "'" else { return start }
                i += 2
                k += 1
                continue
            }
            if c != expected {
                // Spaces before a folded line break are not part of the value.
                if isBlank(c), line[i...].allSatisfy(isBlank) { i = line.count; continue }
                return start
            }
            i += 1
            k += 1
        }
        if offset < value.count {
            if i >= line.count {
                guard value[offset] == " " || value[offset] == "\n" else { return start }
            } else if line[i] != value[offset], !(s.style == .doubleQuoted && line[i] == "\\"),
                      !(s.style == .singleQuoted && line[i] == "'") {
                return start
            }
        }
        return SourceLocation(file: file, line: lineNumber, column: i + 1)
    }
}

extension Node {
    /// The value of `key` in a mapping node.
    package func value(forKey key: String) -> Node? {
        guard case let .mapping(map) = self else { return nil }
        return map.first { $0.key.scalar?.string == key }?.value
    }
}
