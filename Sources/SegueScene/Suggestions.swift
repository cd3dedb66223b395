// SPDX-License-Identifier: Apache-2.0
/// "Did you mean …?" support: edit distance and the choice of the best candidate.
public enum Suggestions {
    /// Levenshtein distance between two strings, counted in Characters. Strings longer than
    /// `cap` characters are not compared (the result is `Int.max`), so a pathological key
    /// cannot make suggestion-finding slow.
    public static func distance(_ a: String, _ b: String, cap: Int = 64) -> Int {
        let x = Array(a), y = Array(b)
        if x.count > cap || y.count > cap { return Int.max }
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0 ... y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1 ... x.count {
            current[0] = i
            for j in 1 ... y.count {
                let substitution = previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }

    /// The candidate `word` most likely stands for: an entry of `synonyms` (compared
    /// case-insensitively), a case-insensitive match, or the closest candidate within edit
    /// distance 2 (and closer than the word's own length, so `x` does not suggest `id`).
    /// Ties go to the earlier candidate.
    public static func best(for word: String, among candidates: [String], synonyms: [String: String] = [:]) -> String? {
        let lower = word.lowercased()
        for (alias, target) in synonyms where alias.lowercased() == lower { return target }
        if let match = candidates.first(where: { $0.lowercased() == lower }) { return match }
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(word, candidate)
            guard d <= 2, d < word.count else { continue }
            if let current = best, current.1 <= d { continue }
            best = (candidate, d)
        }
        return best?.0
    }

    /// The candidate `word` stands for without guessing at typos: an entry of `synonyms`, or a
    /// candidate equal to it ignoring case.
    package static func exact(for word: String, among candidates: [String], synonyms: [String: String] = [:]) -> String? {
        let lower = word.lowercased()
        for (alias, target) in synonyms where alias.lowercased() == lower { return target }
        return candidates.first(where: { $0.lowercased() == lower })
    }

    /// `'a', 'b' and 'c'` — names quoted and joined for a message.
    package static func list(_ names: [String], conjunction: String = "and") -> String {
        let quoted = names.map { "'\($0)'" }
        switch quoted.count {
        case 0: return ""
        case 1: return quoted[0]
        default: return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted[quoted.count - 1]
        }
    }
}

/// Short, safe renderings of user text inside messages.
package enum Quote {
    /// The text in double quotes, with control characters escaped and long text shortened.
    package static func string(_ s: String, limit: Int = 40) -> String {
        var out = ""
        var count = 0
        for scalar in s.unicodeScalars {
            if count >= limit { out += "…"; break }
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            count += 1
        }
        return "\"" + out + "\""
    }

    /// A name for `'…'` quoting: like `string` but without the double quotes.
    package static func name(_ s: String, limit: Int = 40) -> String {
        String(string(s, limit: limit).dropFirst().dropLast())
    }

    /// A number for a message: integers without a decimal point.
    package static func number(_ v: Double) -> String {
        if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }
}
