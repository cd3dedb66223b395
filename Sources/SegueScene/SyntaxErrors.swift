// SPDX-License-Identifier: Apache-2.0
import Yams

/// Turns libyaml's errors (as Yams reports them) into plain-words `SceneError`s.
package enum SyntaxErrors {
    package static func translate(_ error: YamlError, file: String, text: String) -> SceneError {
        func at(_ mark: Mark) -> SourceLocation {
            SourceLocation(file: file, line: max(1, mark.line), column: max(1, mark.column))
        }
        switch error {
        case let .scanner(context, problem, mark, _),
             let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            return explain(problem: problem, context: context?.text, contextMark: context.map { at($0.mark) },
                           at: at(mark), text: text)
        case let .reader(problem, offset, value, _):
            let location = offset.map { locate(characterOffset: $0, in: text, file: file) }
                ?? SourceLocation(file: file, line: 1, column: 1)
            if problem.contains("control characters") {
                let hex = String(value, radix: 16, uppercase: true)
                let code = value >= 0 ? " (U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ")" : ""
                return SceneError(.syntax, at: location, "the file contains a control character\(code), which YAML does not allow",
                                  suggestion: "delete it, or write it as an escape inside a double-quoted string, e.g. \"\\t\"")
            }
            return SceneError(.syntax, at: location, "the file cannot be read as YAML text: \(problem)",
                              suggestion: "save the scene as UTF-8 text")
        case .memory:
            return SceneError(.syntax, at: nil, "out of memory while parsing the file")
        case .dataCouldNotBeDecoded:
            return SceneError(.syntax, at: SourceLocation(file: file, line: 1, column: 1), "the file is not UTF-8 text",
                              suggestion: "save the scene as UTF-8")
        default:
            return SceneError(.syntax, at: SourceLocation(file: file, line: 1, column: 1), "the file could not be parsed: \(error)")
        }
    }

    /// 1-based line and column (in Unicode scalars, like libyaml) of a Character offset.
    package static func locate(characterOffset: Int, in text: String, file: String) -> SourceLocation {
        var line = 1, column = 1
        var count = 0
        for character in text {
            if count >= characterOffset { break }
            if let scalar = character.unicodeScalars.first, NestingCheck.isBreak(scalar) {
                line += 1; column = 1
            } else {
                column += character.unicodeScalars.count
            }
            count += 1
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// The Unicode scalar at a 1-based line and column, if there is one.
    package static func character(at location: SourceLocation, in text: String) -> Unicode.Scalar? {
        guard let line = SourceText(text).line(location.line) else { return nil }
        let index = location.column - 1
        return index >= 0 && index < line.count ? line[index] : nil
    }

    private static func explain(problem: String, context: String?, contextMark: SourceLocation?,
                                at location: SourceLocation, text: String) -> SceneError {
        let here = character(at: location, in: text)
        let opened = contextMark.map { " that starts at line \($0.line), column \($0.column)" } ?? ""
        func error(_ message: String, _ suggestion: String?, at where_: SourceLocation? = nil) -> SceneError {
            SceneError(.syntax, at: where_ ?? location, message, suggestion: suggestion)
        }
        if problem.contains("tab character") || problem.contains("cannot start any token") && here == "\t" {
            return error("a tab is used for indentation here; YAML only allows spaces", "indent with spaces instead of tabs")
        }
        if problem.contains("cannot start any token") {
            let shown = here.map { "'\(Character($0))'" } ?? "this character"
            return error("\(shown) cannot start a value in YAML", "put the value in quotes, e.g. \"\(here.map { String(Character($0)) } ?? "")…\"")
        }
        if problem.contains("mapping values are not allowed") {
            return error("unexpected ':' — a 'key: value' pair cannot start here",
                         "if this line belongs to the map above, indent it like the other keys; if the value itself contains ': ', put it in quotes")
        }
        if problem.contains("block sequence entries are not allowed") {
            return error("a '- ' list item cannot start here",
                         "start the list on a new line below its key, with each '- ' item indented the same")
        }
        if problem.contains("did not find expected key") {
            return error("expected another 'key: value' line of the map\(opened), found something else",
                         "check this line's indentation, and quote values that begin with a quote and continue after it")
        }
        if problem.contains("did not find expected '-' indicator") {
            return error("expected another '- ' item of the list\(opened), found something else",
                         "align the list items, and indent a key that follows the list less than its items")
        }
        if problem.contains("did not find expected ',' or ']'") {
            return error("expected ',' or ']' in the list\(opened)", "separate the items with ',' and close the list with ']'")
        }
        if problem.contains("did not find expected ',' or '}'") {
            return error("expected ',' or '}' in the map\(opened)", "separate the entries with ',' and close the map with '}'")
        }
        if problem.contains("unexpected end of stream"), let contextMark {
            if context?.contains("quoted scalar") == true {
                return error("this quoted string is never closed", "add the closing quote", at: contextMark)
            }
            return error("the file ends in the middle of something\(opened)", "complete or remove it", at: contextMark)
        }
        if problem.contains("unknown escape character") {
            return error("unknown escape sequence in a double-quoted string",
                         "write '\\\\' for a backslash, or use single quotes, which have no escapes")
        }
        if problem.contains("undefined alias") {
            return error("this alias ('*…') refers to an anchor ('&…') that is not defined above it",
                         "define the anchor before using it, or check its spelling")
        }
        if problem.contains("found another document") {
            return error("the file contains a second YAML document ('---')", "a scene file holds a single document; remove the extra '---'")
        }
        if problem.contains("did not find expected node content") {
            return error("expected a value here", "write a value, or remove the stray indicator")
        }
        if problem.contains("did not find expected <document start>") {
            return error("unexpected text after the end of the top-level map",
                         "check the indentation: top-level keys must all start in the same column")
        }
        if problem.contains("could not find expected ':'") {
            return error("expected ':' after this key\(opened)", "write 'key: value'; a value containing ': ' or '#' needs quotes",
                         at: contextMark ?? location)
        }
        if problem.contains("did not find expected alphabetic or numeric character") {
            return error("an anchor ('&') or alias ('*') needs a name made of letters and digits", "write '&name' / '*name', or quote the value")
        }
        if problem.contains("incompatible YAML document") || problem.contains("%YAML") {
            return error("unsupported '%YAML' directive", "remove the %YAML line")
        }
        let contextText = context.map { " (\($0)\(opened))" } ?? ""
        return error("the YAML is malformed: \(problem)\(contextText)", nil)
    }
}

/// The source text split into lines of Unicode scalars, for looking at what was written at
/// a location (columns count Unicode scalars, as Yams' marks do).
package struct SourceText {
    private let lines: [Substring]
    package init(_ text: String) {
        // Line breaks as libyaml counts them (its marks number the lines).
        lines = text.split(omittingEmptySubsequences: false, whereSeparator: {
            $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}"
        })
    }
    package func line(_ number: Int) -> [Unicode.Scalar]? {
        guard number >= 1, number <= lines.count else { return nil }
        return Array(lines[number - 1].unicodeScalars)
    }
}
