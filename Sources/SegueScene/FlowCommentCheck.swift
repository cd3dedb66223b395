// SPDX-License-Identifier: Apache-2.0
/// Finds the most common YAML slip in scene files: an unquoted hex colour inside a flow map or
/// list, as in `{backgroundColor: #FF0000}`. YAML reads ` #FF0000}` as a comment, so the map is
/// left open and libyaml reports a confusing error on a later line. Checked before parsing, on
/// the text, so the error points at the colour itself.
enum FlowCommentCheck {
    struct Finding: Equatable {
        var line: Int
        var column: Int
        var colour: String
    }

    /// The first `#RGB`, `#RRGGBB` or `#RRGGBBAA` that starts a comment while a `{` or `[` is
    /// open (outside quotes), or nil. Columns count Unicode scalars, like libyaml's.
    static func firstUnquotedColour(in text: String) -> Finding? {
        let scalars = Array(text.unicodeScalars)
        var depth = 0, line = 1, lineStart = 0
        var quote: Unicode.Scalar?
        var index = 0
        while index < scalars.count {
            let c = scalars[index]
            if NestingCheck.isBreak(c) {
                // "\r\n" is one break.
                if c == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
                line += 1; lineStart = index + 1
                index += 1
                continue
            }
            if let q = quote {
                if c == "\\", q == "\"" { index += 2; continue }
                if c == q {
                    // '' inside a single-quoted scalar is an escaped quote.
                    if q == "'", index + 1 < scalars.count, scalars[index + 1] == "'" { index += 2; continue }
                    quote = nil
                }
                index += 1
                continue
            }
            switch c {
            case "\"", "'":
                // A quote opens a quoted scalar only where a scalar can start.
                let previous = index > lineStart ? scalars[index - 1] : " "
                if [" ", "\t", "{", "[", ",", ":", "-"].contains(previous) { quote = c }
            case "{", "[": depth += 1
            case "}", "]": depth = max(0, depth - 1)
            case "#":
                let previous = index > lineStart ? scalars[index - 1] : " "
                guard previous == " " || previous == "\t" else { break }   // `a#b` is not a comment
                var end = index + 1
                while end < scalars.count, end - index <= 8, scalars[end].properties.isASCIIHexDigit { end += 1 }
                let digits = end - index - 1
                let terminated = end >= scalars.count || !(scalars[end].properties.isAlphabetic || scalars[end].properties.numericType != nil)
                if depth > 0, [3, 6, 8].contains(digits), terminated {
                    let colour = String(String.UnicodeScalarView(scalars[index ..< end]))
                    return Finding(line: line, column: index - lineStart + 1, colour: colour)
                }
                // A comment: skip to the end of the line.
                while index + 1 < scalars.count, !NestingCheck.isBreak(scalars[index + 1]) { index += 1 }
            default: break
            }
            index += 1
        }
        return nil
    }
}
