// SPDX-License-Identifier: Apache-2.0
/// Why a Swift animator could not be imported, located in the Swift file.
/// SegueScene turns it into a SceneError at the same place.
public struct SwiftImportError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// The file cannot be read.
        case io
        /// The file does not parse as Swift.
        case syntax
        /// No animator (or not the one `type:` names) in the file.
        case noAnimator
        /// A name the file does not define and the importer does not know: `bind:` it.
        case unknownIdentifier
        /// A call or member outside the supported UIKit surface.
        case unsupported
        /// A property whose value the file never gives (read before it is set).
        case unsetProperty
        /// A value of the wrong kind (e.g. a number where a view is needed), or UIKit behaviour
        /// Apple leaves undefined.
        case invalidValue
        /// A `bind:` or `init:` entry that does not fit.
        case binding
    }

    public var kind: Kind
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public var hint: String?
    /// What `bind:` entry would stand in for the unknown name, when one would.
    public var bind: BindSuggestion?

    public init(_ kind: Kind, file: String, line: Int, column: Int, _ message: String, hint: String? = nil) {
        self.kind = kind; self.file = file; self.line = line; self.column = column; self.message = message; self.hint = hint
    }

    public var description: String {
        "\(file):\(line):\(column): error: \(message)" + (hint.map { "\n  hint: \($0)" } ?? "")
    }
}
