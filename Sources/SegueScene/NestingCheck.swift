// SPDX-License-Identifier: Apache-2.0
/// Protection against absurdly deep nesting, worked out before the text reaches Yams.
///
/// Yams builds its node tree recursively (and the tree is freed recursively too), so a file
/// like `[[[[…]]]]` or `- - - - …` nested a hundred thousand levels deep would overflow the
/// stack. Two measures, used together by `SceneLoader.parse`:
///
/// * `structuralBound` is a *sound* upper bound on the depth: every YAML collection starts
///   with at least one of `[`, `{`, `-`, `?`, `:` (a flow list or map, a block list item, a
///   complex key, a `key: value` pair), so no file nests deeper than the number of those
///   characters in it. The parse runs on a thread whose stack is sized from this bound.
/// * `firstExcess` is a lexical *estimate* of the depth that follows YAML's rules for quoted,
///   plain and block scalars and comments, to refuse silly nesting with a located message.
///   It errs high for ordinary files (a pretty-printed JSON file counts each level about
///   three times), so its limit is far above any real scene.
struct NestingCheck {
    struct Excess { var line: Int; var column: Int; var depth: Int }

    /// The number of characters that can start a collection, plus one: no file nests deeper.
    static func structuralBound(of text: String) -> Int {
        var count = 1
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"): count += 1
            default: break
            }
        }
        return count
    }

    /// The first place where the estimated depth exceeds `limit`, or nil.
    static func firstExcess(in text: String, limit: Int) -> Excess? {
        var checker = NestingCheck(limit: limit)
        return checker.run(text)
    }

    /// YAML line breaks, as libyaml counts them.
    static func isBreak(_ c: Unicode.Scalar) -> Bool {
        c == "\n" || c == "\r" || c == "\u{85}" || c == "\u{2028}" || c == "\u{2029}"
    }

    private enum Quote { case single, double }

    private let limit: Int
    private var flowDepth = 0
    private var quote: Quote?
    /// The open block levels, one per distinct deeper indentation: the line indentation and
    /// the column where that line's content starts (after `- ` / `? ` indicators), which is
    /// where a mapping on it sits.
    private var indents: [(indent: Int, content: Int)] = []
    /// After a `|` or `>` header: the indentation its content must exceed, and once known
    /// the content's own indentation.
    private var blockScalarParent: Int?
    private var blockScalarContent: Int?
    /// When the previous line ended inside a plain scalar: the indentation a following line
    /// must exceed to continue it (ignored in flow context, where any line continues it).
    private var plainParent: Int?

    private init(limit: Int) { self.limit = limit }

    private static func isBlank(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return true }
        return c == " " || c == "\t"
    }

    private static func isFlowIndicator(_ c: Unicode.Scalar) -> Bool {
        c == "," || c == "[" || c == "]" || c == "{" || c == "}"
    }

    private mutating func run(_ text: String) -> Excess? {
        var lineNumber = 0
        var line: [Unicode.Scalar] = []
        line.reserveCapacity(256)
        var iterator = text.unicodeScalars.makeIterator()
        var pendingCR = false
        while true {
            let next = iterator.next()
            if pendingCR {
                pendingCR = false
                if next == "\n" { continue }
            }
            if let c = next, !Self.isBreak(c) {
                line.append(c)
                continue
            }
            lineNumber += 1
            if let excess = scanLine(line, number: lineNumber) { return excess }
            line.removeAll(keepingCapacity: true)
            if next == "\r" { pendingCR = true }
            if next == nil { return nil }
        }
    }

    private mutating func scanLine(_ s: [Unicode.Scalar], number: Int) -> Excess? {
        let startedInQuote = quote != nil
        var indent = 0
        while indent < s.count, s[indent] == " " { indent += 1 }
        let blank = s[indent...].allSatisfy { Self.isBlank($0) }
        let commentOnly = !blank && s[indent] == "#"
        let documentMarker = s.count >= 3 && (s[0] == "-" && s[1] == "-" && s[2] == "-" || s[0] == "." && s[1] == "." && s[2] == ".")
            && (s.count == 3 || Self.isBlank(s[3]))

        // Inside a block scalar (`|`, `>`): its content lines are text, not structure.
        if quote == nil, let parent = blockScalarParent {
            if blank { return nil }
            if let content = blockScalarContent {
                if indent >= content { return nil }
            } else if indent > parent {
                blockScalarContent = indent
                return nil
            }
            blockScalarParent = nil
            blockScalarContent = nil
        }

        // Does this line continue a plain scalar from the line before? (Blank lines fold into
        // it; a comment or a document marker ends it.)
        var continuesPlain = false
        if quote == nil, let parent = plainParent, !blank {
            if commentOnly || documentMarker {
                plainParent = nil
            } else if flowDepth > 0 || indent > parent {
                continuesPlain = true
            } else {
                plainParent = nil
            }
        }

        // Block structure: each open indentation level can hold a mapping and a sequence.
        if !blank, !commentOnly || quote != nil {
            while let last = indents.last, last.indent > indent { indents.removeLast() }
            if indents.last.map({ $0.indent < indent }) ?? true { indents.append((indent, indent)) }
        }
        let blockDepth = 2 * indents.count
        let enclosingContent = indents.count >= 2 ? indents[indents.count - 2].content : -1

        var i = 0
        var compact = 0
        var lastIndicator = -1
        var tokenStart = !continuesPlain
        var inPlain = continuesPlain
        var sawBlockColon = false
        if quote == nil, !continuesPlain {
            i = indent
            // Compact indicators at the start of the line (`- - a`, `- key: …`, `? a`).
            while i < s.count, s[i] == "-" || s[i] == "?" || s[i] == ":", Self.isBlank(i + 1 < s.count ? s[i + 1] : nil) {
                compact += 1
                lastIndicator = i
                if blockDepth + 2 * compact + flowDepth > limit {
                    return Excess(line: number, column: i + 1, depth: blockDepth + 2 * compact + flowDepth)
                }
                i += 1
                while i < s.count, Self.isBlank(s[i]) { i += 1 }
            }
            if documentMarker, indent == 0 { i = 3 }
        } else if continuesPlain {
            i = indent
        }
        let contentColumn = i
        if !continuesPlain, !startedInQuote, !blank, !commentOnly, let last = indents.last, last.indent == indent {
            indents[indents.count - 1].content = contentColumn
        }
        func depth(_ flow: Int) -> Int { blockDepth + 2 * compact + flow }
        if depth(flowDepth) > limit { return Excess(line: number, column: min(i, s.count) + 1, depth: depth(flowDepth)) }

        while i < s.count {
            let c = s[i]
            let next: Unicode.Scalar? = i + 1 < s.count ? s[i + 1] : nil
            switch quote {
            case .single:
                if c == "'" {
                    if next == "'" { i += 2; continue }
                    quote = nil
                    tokenStart = false
                }
                i += 1
                continue
            case .double:
                if c == "\\" { i += 2; continue }
                if c == "\"" { quote = nil; tokenStart = false }
                i += 1
                continue
            case nil:
                break
            }
            if Self.isBlank(c) { i += 1; continue }
            if c == "#", i == 0 || Self.isBlank(s[i - 1]) {  // a comment runs to the end of the line
                inPlain = false
                break
            }

            if flowDepth > 0 {
                if c == "[" || c == "{" {
                    flowDepth += 1
                    if depth(flowDepth) > limit { return Excess(line: number, column: i + 1, depth: depth(flowDepth)) }
                    tokenStart = true; inPlain = false
                } else if c == "]" || c == "}" {
                    flowDepth -= 1
                    tokenStart = false; inPlain = false
                } else if c == "," {
                    tokenStart = true; inPlain = false
                } else if c == ":", !inPlain || Self.isBlank(next) || next.map(Self.isFlowIndicator) == true {
                    tokenStart = true; inPlain = false
                } else if tokenStart, c == "'" {
                    quote = .single
                } else if tokenStart, c == "\"" {
                    quote = .double
                } else if tokenStart, c == "?", Self.isBlank(next) {
                    tokenStart = true
                } else if tokenStart, c == "&" || c == "!" || c == "*" {
                    // Anchor, tag or alias: skip its name. After an alias a node is complete.
                    i += 1
                    while i < s.count, !Self.isBlank(s[i]), !Self.isFlowIndicator(s[i]) { i += 1 }
                    tokenStart = c != "*"
                    continue
                } else {
                    inPlain = true; tokenStart = false
                }
                i += 1
                continue
            }

            // Block context.
            if inPlain {
                if c == ":", Self.isBlank(next) { inPlain = false; tokenStart = true; sawBlockColon = true }
                i += 1
                continue
            }
            if c == "-" || c == "?" || c == ":", Self.isBlank(next) {
                tokenStart = true
                if c == ":" { sawBlockColon = true } else { lastIndicator = i }
            } else if !tokenStart {
                // Text after a quoted scalar or alias on the same line: treat as plain.
                inPlain = true
            } else if c == "[" || c == "{" {
                flowDepth += 1
                if depth(flowDepth) > limit { return Excess(line: number, column: i + 1, depth: depth(flowDepth)) }
                tokenStart = true
            } else if c == "'" {
                quote = .single
            } else if c == "\"" {
                quote = .double
            } else if c == "|" || c == ">" {
                // The content must be indented past the node that owns it (for `- key: |`,
                // past `key`).
                blockScalarParent = contentColumn
                blockScalarContent = nil
                break
            } else if c == "&" || c == "!" || c == "*" {
                i += 1
                while i < s.count, !Self.isBlank(s[i]) { i += 1 }
                tokenStart = c != "*"
                continue
            } else {
                inPlain = true; tokenStart = false
            }
            i += 1
        }

        // A plain scalar still open at the end of the line may continue on the next one, if
        // that line is indented past the collection holding the scalar: the mapping whose key
        // is on this line, the list whose '-' is on this line, or the enclosing level.
        if quote == nil, inPlain, blockScalarParent == nil {
            if continuesPlain {
                // Still the same scalar: keep its threshold.
            } else if sawBlockColon {
                plainParent = contentColumn
            } else if lastIndicator >= 0 {
                plainParent = lastIndicator
            } else {
                plainParent = enclosingContent
            }
        } else {
            plainParent = nil
        }
        return nil
    }
}
