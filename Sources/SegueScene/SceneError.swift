// SPDX-License-Identifier: Apache-2.0
/// Why a scene could not be used. Each case says where (file:line:column), what was
/// expected, and, when there is one, what to do instead.
public struct SceneError: Error, CustomStringConvertible, Sendable {
    public enum Kind: String, Sendable {
        /// The file is not valid YAML/JSON.
        case syntax
        /// A key the format does not have (often a typo).
        case unknownKey
        /// A required key is missing.
        case missingKey
        /// A value of the wrong type or out of range.
        case invalidValue
        /// An animation names a layer that does not exist, or two layers share an id.
        case reference
        /// The file cannot be read, or an image it names is missing or unreadable.
        case io
    }

    public var kind: Kind
    public var location: SourceLocation?
    /// What was wrong and what was expected, e.g. "expected a number for 'opacity', found \"abc\"".
    public var message: String
    /// A concrete next step, e.g. "did you mean 'anchorPoint'?".
    public var suggestion: String?
    /// A second place involved in the problem, e.g. where a duplicated key or layer id was
    /// first written. The message names it too; this is for tools that want to point at it.
    public var relatedLocation: SourceLocation? = nil
    /// For a name a Swift animator reads that the scene must give: the `bind:` key and a
    /// placeholder value (YAML) of the kind the code needs. `segue import` writes them.
    public var bindKey: String? = nil
    public var bindValue: String? = nil
    /// Further problems found in the same file, in file order after this one (at most
    /// `SceneDecoder.errorLimit` in all), so a file with five mistakes takes one run to fix.
    public var more: [SceneError] = [] {
        // A problem is reported once: a missing image used by three steps is one mistake.
        didSet {
            var seen: Set<String> = [key]
            let distinct = more.filter { seen.insert($0.key).inserted }
            if distinct.count != more.count { more = distinct }
        }
    }
    /// Where and what, for telling repeats apart.
    private var key: String { "\(location.map { "\($0)" } ?? "")|\(message)" }
    /// Files besides the scene file that the load had read when it failed (a Swift animator),
    /// so that a tool watching the scene (the Studio) also notices when one of them is fixed.
    public var readFiles: [String] = []

    /// This error followed by `more`.
    public var all: [SceneError] { [self] + more }

    public init(_ kind: Kind, at location: SourceLocation?, _ message: String, suggestion: String? = nil) {
        self.kind = kind; self.location = location; self.message = message; self.suggestion = suggestion
    }

    /// `file:line:column: error: message` followed by the suggestion on its own line, for this
    /// error and each of `more`.
    public var description: String {
        var s = (location.map { "\($0): " } ?? "") + "error: " + message
        if let suggestion { s += "\n  hint: " + suggestion }
        for other in more { s += "\n" + other.description }
        return s
    }
}

/// Something in a scene that is valid but probably not what the author meant, such as a bare
/// rotation of 90 (radians) where 90deg was intended. The scene still loads; front ends print
/// these as `file:line:column: warning: message`.
public struct SceneWarning: CustomStringConvertible, Sendable, Equatable {
    public var location: SourceLocation
    public var message: String
    public var suggestion: String?

    public init(at location: SourceLocation, _ message: String, suggestion: String? = nil) {
        self.location = location; self.message = message; self.suggestion = suggestion
    }

    public var description: String {
        "\(location): warning: \(message)" + (suggestion.map { "\n  hint: \($0)" } ?? "")
    }
}
