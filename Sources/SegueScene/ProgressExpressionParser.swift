// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Parses `progress:` expressions such as `translation.x / 200` or `-min(translation.y, 0) / 400`.
///
///     expression := term (('+' | '-') term)*
///     term       := unary (('*' | '/') unary)*
///     unary      := '-' unary | primary
///     primary    := number | variable | function '(' expression (',' expression)* ')' | '(' expression ')'
///
/// Problems are reported with the offset (in Unicode scalars) into the text where they are, so
/// the caller can locate them inside the string in the scene file.
struct ProgressExpressionParser {
    struct Failure: Error {
        var offset: Int
        var message: String
        var suggestion: String?
        /// Another offset the message refers to (an unclosed '(').
        var relatedOffset: Int?
    }

    static let functions = ["min": 2, "max": 2, "abs": 1]
    static let variableSynonyms = [
        "translationX": "translation.x", "translationY": "translation.y", "dx": "translation.x", "dy": "translation.y",
        "locationX": "location.x", "locationY": "location.y", "velocityX": "velocity.x", "velocityY": "velocity.y",
        "x": "location.x", "y": "location.y", "translation.width": "translation.x", "translation.height": "translation.y",
    ]
    /// Parentheses and unary minus signs may nest this deep.
    static let maximumDepth = 100

    private let text: [Unicode.Scalar]
    private var i = 0
    private var depth = 0

    private init(_ text: String) { self.text = Array(text.unicodeScalars) }

    /// The expression, or the first problem in it. `columnText` turns an offset into words
    /// for messages ("column 12").
    static func parse(_ text: String, columnText: (Int) -> String) -> Result<ProgressExpression, Failure> {
        var parser = ProgressExpressionParser(text)
        do throws(Failure) {
            parser.skipSpaces()
            guard parser.i < parser.text.count else {
                throw Failure(offset: 0, message: "'progress' is empty", suggestion: "write an expression like progress: \"translation.x / 200\"")
            }
            let e = try parser.expression(columnText)
            parser.skipSpaces()
            if parser.i < parser.text.count {
                let (token, _) = parser.token(at: parser.i)
                if parser.text[parser.i] == ")" {
                    throw Failure(offset: parser.i, message: "')' in 'progress' has no matching '('", suggestion: "remove it, or add the '(' it closes")
                }
                throw Failure(offset: parser.i, message: "expected an operator (+, -, * or /) or the end of 'progress', found \(Quote.string(token))",
                              suggestion: "join the parts with an operator, e.g. translation.x / 200")
            }
            return .success(e)
        } catch {
            return .failure(error)
        }
    }

    private mutating func skipSpaces() {
        while i < text.count, text[i] == " " || text[i] == "\t" || text[i] == "\n" || text[i] == "\r" { i += 1 }
    }

    private static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || (c.properties.isAlphabetic)
    }

    private static func isIdentifierPart(_ c: Unicode.Scalar) -> Bool {
        isIdentifierStart(c) || ("0" ... "9").contains(c) || c == "."
    }

    private static func isNumberStart(_ text: [Unicode.Scalar], _ i: Int) -> Bool {
        ("0" ... "9").contains(text[i]) || text[i] == "." && i + 1 < text.count && ("0" ... "9").contains(text[i + 1])
    }

    /// The token at `j`, as text for messages, and where it ends.
    private func token(at j: Int) -> (String, Int) {
        var end = j + 1
        if Self.isIdentifierStart(text[j]) || Self.isNumberStart(text, j) {
            while end < text.count, Self.isIdentifierPart(text[end]) || ("0" ... "9").contains(text[end]) { end += 1 }
        }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: text[j ..< end])
        return (String(s), end)
    }

    private mutating func expression(_ columnText: (Int) -> String) throws(Failure) -> ProgressExpression {
        var left = try term(columnText)
        while true {
            skipSpaces()
            guard i < text.count, text[i] == "+" || text[i] == "-" else { return left }
            let op = Character(text[i])
            i += 1
            left = .binary(op, left, try term(columnText))
        }
    }

    private mutating func term(_ columnText: (Int) -> String) throws(Failure) -> ProgressExpression {
        var left = try unary(columnText)
        while true {
            skipSpaces()
            guard i < text.count, text[i] == "*" || text[i] == "/" else { return left }
            let op = Character(text[i])
            i += 1
            left = .binary(op, left, try unary(columnText))
        }
    }

    private mutating func unary(_ columnText: (Int) -> String) throws(Failure) -> ProgressExpression {
        skipSpaces()
        if i < text.count, text[i] == "-" {
            let at = i
            i += 1
            try enter(at)
            defer { depth -= 1 }
            return .negate(try unary(columnText))
        }
        return try primary(columnText)
    }

    private mutating func enter(_ at: Int) throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth {
            throw Failure(offset: at, message: "'progress' nests more than \(Self.maximumDepth) levels deep here",
                          suggestion: "simplify the expression")
        }
    }

    private mutating func primary(_ columnText: (Int) -> String) throws(Failure) -> ProgressExpression {
        guard i < text.count else {
            throw Failure(offset: i, message: "'progress' ends where a number, a variable or '(' is expected",
                          suggestion: "complete the expression, e.g. translation.x / 200")
        }
        let c = text[i]
        if c == "(" {
            let open = i
            i += 1
            try enter(open)
            defer { depth -= 1 }
            let inner = try expression(columnText)
            skipSpaces()
            guard i < text.count, text[i] == ")" else {
                throw Failure(offset: i, message: "expected ')' to close the '(' at \(columnText(open))",
                              suggestion: "add the missing ')'", relatedOffset: open)
            }
            i += 1
            return inner
        }
        if Self.isNumberStart(text, i) {
            let start = i
            while i < text.count, ("0" ... "9").contains(text[i]) || text[i] == "." { i += 1 }
            if i < text.count, text[i] == "e" || text[i] == "E" {
                var j = i + 1
                if j < text.count, text[j] == "+" || text[j] == "-" { j += 1 }
                if j < text.count, ("0" ... "9").contains(text[j]) {
                    i = j
                    while i < text.count, ("0" ... "9").contains(text[i]) { i += 1 }
                }
            }
            var s = String.UnicodeScalarView()
            s.append(contentsOf: text[start ..< i])
            let written = String(s)
            guard let v = Double(written) else {
                throw Failure(offset: start, message: "malformed number \(Quote.string(written)) in 'progress'", suggestion: "write numbers like 200 or 0.5")
            }
            guard v.isFinite, abs(v) <= 1e12 else {
                throw Failure(offset: start, message: "the number \(Quote.string(written)) in 'progress' is too large", suggestion: "use a number within ±10¹²")
            }
            return .number(v)
        }
        if Self.isIdentifierStart(c) {
            let start = i
            let (name, end) = token(at: i)
            i = end
            var j = i
            while j < text.count, text[j] == " " || text[j] == "\t" { j += 1 }
            let isCall = j < text.count && text[j] == "("
            if isCall {
                guard let arity = Self.functions[name] else {
                    if ProgressExpression.variables.contains(name) {
                        throw Failure(offset: start, message: "'\(name)' is a variable, not a function", suggestion: "put an operator between it and the '('")
                    }
                    let names = Self.functions.keys.sorted()
                    throw Failure(offset: start, message: "unknown function \(Quote.string(name)) in 'progress'",
                                  suggestion: Suggestions.best(for: name, among: names, synonyms: ["minimum": "min", "maximum": "max", "fabs": "abs"])
                                      .map { "did you mean '\($0)'?" } ?? "the functions are min(a, b), max(a, b) and abs(a)")
                }
                i = j + 1
                try enter(start)
                defer { depth -= 1 }
                var arguments: [ProgressExpression] = []
                skipSpaces()
                if i < text.count, text[i] == ")" {
                    i += 1
                } else {
                    while true {
                        arguments.append(try expression(columnText))
                        skipSpaces()
                        if i < text.count, text[i] == "," { i += 1; continue }
                        guard i < text.count, text[i] == ")" else {
                            throw Failure(offset: i, message: "expected ',' or ')' in the arguments of '\(name)' (opened at \(columnText(j)))",
                                          suggestion: "close the call with ')'", relatedOffset: j)
                        }
                        i += 1
                        break
                    }
                }
                guard arguments.count == arity else {
                    throw Failure(offset: start, message: "'\(name)' takes \(arity) \(arity == 1 ? "argument" : "arguments"), found \(arguments.count)",
                                  suggestion: arity == 1 ? "write it like \(name)(translation.x)" : "write it like \(name)(translation.x / 200, 1)")
                }
                return .call(name, arguments)
            }
            if ProgressExpression.variables.contains(name) { return .variable(name) }
            if let arity = Self.functions[name] {
                throw Failure(offset: start, message: "'\(name)' is a function; it needs its arguments in parentheses",
                              suggestion: arity == 1 ? "write it like \(name)(translation.x)" : "write it like \(name)(translation.x / 200, 1)")
            }
            let suggestion: String
            if let best = Suggestions.best(for: name, among: ProgressExpression.variables, synonyms: Self.variableSynonyms) {
                suggestion = "did you mean '\(best)'?"
            } else {
                suggestion = "the variables are " + Suggestions.list(ProgressExpression.variables)
            }
            throw Failure(offset: start, message: "unknown variable \(Quote.string(name)) in 'progress'", suggestion: suggestion)
        }
        if c == ")" {
            throw Failure(offset: i, message: "expected a number, a variable or '(' in 'progress', found ')'",
                          suggestion: "remove the ')' or put a value before it")
        }
        let (token, _) = token(at: i)
        throw Failure(offset: i, message: "unexpected \(Quote.string(token)) in 'progress'; expected a number, a variable or '('",
                      suggestion: "expressions use numbers, " + Suggestions.list(ProgressExpression.variables) + ", + - * /, parentheses, min, max and abs")
    }
}
