// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams

/// `timing:` values: named curves, Bézier control points, `{steps: …}` and `{spring: …}`.
extension SceneDecoder {
    /// Which timing forms a place accepts.
    struct TimingForms: OptionSet {
        let rawValue: Int
        static let steps = TimingForms(rawValue: 1)
        static let spring = TimingForms(rawValue: 2)
        static let all: TimingForms = [.steps, .spring]
        static let curves: TimingForms = []
    }

    static let timingSynonyms = [
        "easeInOut": "easeInEaseOut", "ease": "default", "ease-in": "easeIn", "ease-out": "easeOut",
        "ease-in-out": "easeInEaseOut", "curveEaseInEaseOut": "curveEaseInOut", "springy": "spring", "bouncy": "spring",
    ]

    /// The forms of a spring, for messages.
    enum SpringForm: CaseIterable {
        case physical, uiView, swiftUI
        var title: String {
            switch self {
            case .physical: "CASpringAnimation's form (mass, stiffness, damping, initialVelocity)"
            case .uiView: "UIView's form (duration, dampingRatio, initialSpringVelocity)"
            case .swiftUI: "SwiftUI's form (duration, bounce, initialVelocity)"
            }
        }
    }

    package static let timingMapKeys = ["steps", "position", "spring"]
    package static let springKeys = ["mass", "stiffness", "damping", "initialVelocity", "duration", "dampingRatio",
                             "initialSpringVelocity", "bounce"]
    static let springKeyForms: [String: Set<SpringForm>] = [
        "mass": [.physical], "stiffness": [.physical], "damping": [.physical],
        "initialVelocity": [.physical, .uiView, .swiftUI], "duration": [.uiView, .swiftUI],
        "dampingRatio": [.uiView], "initialSpringVelocity": [.uiView], "bounce": [.swiftUI],
    ]
    static let springExample = "spring: {duration: 0.5, dampingRatio: 0.8}"

    /// Whether a `timing:` value is (or is meant to be) a spring, before it is checked: then an
    /// animation's `duration:` may be left out. A misspelt `spring` counts, so its own error is
    /// reported rather than a missing duration.
    func looksLikeSpring(_ node: Node) -> Bool {
        switch node {
        case let .scalar(s):
            var text = s.string.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix(".") { text.removeFirst() }
            return text == "spring" || Suggestions.best(for: text, among: ["spring"]) != nil
        case let .mapping(map):
            return !map.contains { $0.key.scalar?.string == "steps" }
        case .sequence:
            return false
        }
    }

    /// A timing curve. `key` names it in messages (`timing`, `completionCurve`, an item of
    /// `timingFunctions`); `forms` says whether steps and springs are allowed here, and `why`
    /// explains when they are not.
    func decodeTiming(_ node: Node, key: String = "timing", item: Int? = nil, forms: TimingForms = .all,
                      why: String = "") throws(SceneError) -> TimingCurve {
        let subject = item.map { "item \($0) of '\(key)'" } ?? "'\(key)'"
        switch node {
        case .sequence:
            let v = try numbers(node, key, counts: [4], shape: "[x1, y1, x2, y2]", example: "\(key): [0.25, 0.1, 0.25, 1]")
            let elements = node.sequence.map(Array.init) ?? []
            for i in [0, 2] where i < elements.count && !(0 ... 1).contains(v[i]) {
                throw rangeError(elements[i], "x\(i / 2 + 1) of the timing curve must be between 0 and 1, found \(numberText(elements[i]))",
                                 "the x values are times and must stay within the animation; y values may overshoot")
            }
            for i in [1, 3] where i < elements.count && abs(v[i]) > 1000 {
                throw rangeError(elements[i], "y\(i / 2 + 1) of the timing curve must be between -1000 and 1000, found \(numberText(elements[i]))")
            }
            return .cubicBezier(x1: v[0], y1: v[1], x2: v[2], y2: v[3])
        case .mapping:
            return try decodeTimingMap(node, key: key, subject: subject, forms: forms, why: why)
        case let .scalar(s):
            var text = s.string.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix(".") { text.removeFirst() }
            if text == "spring" {
                guard forms.contains(.spring) else { throw formRefused("a spring", node, subject, why) }
                return .spring(.physical(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))
            }
            if text == "steps" {
                guard forms.contains(.steps) else { throw formRefused("steps", node, subject, why) }
                throw SceneError(.invalidValue, at: location(node), "\(subject) says 'steps' without a number of steps",
                                 suggestion: "write it like \(key): {steps: 4} or \(key): {steps: 4, position: start}")
            }
            if !isNull(node), text.hasPrefix("steps("), forms.contains(.steps) {
                throw SceneError(.invalidValue, at: location(node), "unknown timing curve \(Quote.string(s.string)) for \(subject)",
                                 suggestion: "write CSS steps as a map: \(key): {steps: 4, position: end}")
            }
            if !isNull(node), text.hasPrefix("cubic-bezier(") {
                throw SceneError(.invalidValue, at: location(node), "unknown timing curve \(Quote.string(s.string)) for \(subject)",
                                 suggestion: "write the control points as a list: \(key): [0.25, 0.1, 0.25, 1]")
            }
            let names = Self.timingNames + (forms.contains(.spring) ? ["spring"] : [])
            let name = try name(node, key, among: names, synonyms: forms.contains(.spring) ? Self.timingSynonyms : Self.timingSynonyms.filter { $0.value != "spring" },
                                what: "timing curve")
            if name == "spring" { return .spring(.physical(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)) }
            return TimingCurve.named[name] ?? .default
        }
    }

    private func formRefused(_ what: String, _ node: Node, _ subject: String, _ why: String) -> SceneError {
        SceneError(.invalidValue, at: location(node), "\(what) cannot be used for \(subject)\(why.isEmpty ? "" : ": " + why)",
                   suggestion: "use a curve name such as easeInEaseOut, or control points [x1, y1, x2, y2]")
    }

    private func decodeTimingMap(_ node: Node, key: String, subject: String, forms: TimingForms, why: String) throws(SceneError) -> TimingCurve {
        let schema = MapSchema(what: subject, keys: Self.timingMapKeys,
                               synonyms: ["step": "steps", "count": "steps", "jump": "position", "stepPosition": "position",
                                          "jumpTerm": "position", "springs": "spring"],
                               elsewhere: Dictionary(uniqueKeysWithValues: Self.springKeys.map {
                                   ($0, "spring parameters go inside 'spring:': \(key): {spring: {\($0): …}}")
                               }))
        let entries = try entries(of: node, schema, key: key, example: "\(key): {steps: 4}")
        var tracker = KeyTracker()
        var steps: (Int, Bool?, Entry)?
        var position: (Bool, Entry)?
        var spring: (SpringSpec, Entry)?
        for entry in entries {
            let name = try check(entry, schema, &tracker)
            if name == "spring", let (_, _, other) = steps { throw combination(entry, other, "a timing is either steps or a spring") }
            if name == "steps", let (_, other) = spring { throw combination(entry, other, "a timing is either steps or a spring") }
            if name == "position", let (_, other) = spring { throw combination(entry, other, "'position' belongs to 'steps'") }
            switch name {
            case "steps":
                guard forms.contains(.steps) else { throw formRefused("steps", entry.key, subject, why) }
                steps = (try stepCount(entry.value, key: key), nil, entry)
                if case let .sequence(seq) = entry.value, seq.count == 2 {
                    let jumpAtStart = try stepPosition(seq[1], key: "steps")
                    if let (_, other) = position { throw combination(entry, other, "'steps: [n, position]' already gives the position") }
                    steps?.1 = jumpAtStart
                }
            case "position":
                if let (_, atStart, other) = steps, atStart != nil {
                    throw combination(entry, other, "'steps: [n, position]' already gives the position")
                }
                position = (try stepPosition(entry.value, key: "position"), entry)
            case "spring":
                guard forms.contains(.spring) else { throw formRefused("a spring", entry.key, subject, why) }
                spring = (try decodeSpring(entry.value), entry)
            default:
                break
            }
        }
        if let (count, atStart, _) = steps {
            return .steps(count: count, jumpAtStart: atStart ?? position?.0 ?? false)
        }
        if let (spec, _) = spring { return .spring(spec) }
        if let (_, entry) = position {
            throw SceneError(.missingKey, at: location(node), "\(subject) gives 'position' (at \(location(entry.key))) but not the number of 'steps'",
                             suggestion: "write it like \(key): {steps: 4, position: \(position?.0 == true ? "start" : "end")}")
        }
        throw SceneError(.missingKey, at: location(node), "\(subject) is an empty map; expected 'steps' or 'spring'",
                         suggestion: "write it like \(key): {steps: 4}, or \(key): {\(Self.springExample)}")
    }

    /// Two keys of one map that cannot be combined, reported at the second.
    func combination(_ entry: Entry, _ other: Entry, _ why: String) -> SceneError {
        var error = SceneError(.invalidValue, at: location(entry.key),
                               "'\(entry.name ?? "?")' cannot be combined with '\(other.name ?? "?")' (given at \(location(other.key))): \(why)",
                               suggestion: "remove one of them")
        error.relatedLocation = location(other.key)
        return error
    }

    /// `steps: 4` or `steps: [4, end]`: the number of steps.
    private func stepCount(_ node: Node, key: String) throws(SceneError) -> Int {
        let example = "\(key): {steps: 4, position: end}"
        var countNode = node
        if case let .sequence(seq) = node {
            guard (1 ... 2).contains(seq.count) else {
                throw SceneError(.invalidValue, at: location(node), "expected [count] or [count, position] for 'steps', found \(describe(node))",
                                 suggestion: "write it like steps: [4, end]")
            }
            countNode = seq[0]
            try tick(countNode)
        }
        let n = try number(countNode, "steps", in: 1 ... 10_000, what: "a whole number from 1 to 10000", example: example)
        guard n == n.rounded() else {
            throw rangeError(countNode, "'steps' must be a whole number of steps, found \(numberText(countNode))", "write it like \(example)")
        }
        return Int(n)
    }

    /// `start` (jump at the start of each step) or `end`.
    private func stepPosition(_ node: Node, key: String) throws(SceneError) -> Bool {
        try tick(node)
        let name = try name(node, key, among: ["end", "start"],
                            synonyms: ["jump-start": "start", "jump-end": "end", "jumpStart": "start", "jumpEnd": "end",
                                       "begin": "start", "finish": "end"],
                            what: "step position")
        return name == "start"
    }

    /// `spring: {…}` in one of its three forms, chosen by the keys present.
    func decodeSpring(_ node: Node) throws(SceneError) -> SpringSpec {
        let schema = MapSchema(what: "'spring'", keys: Self.springKeys,
                               synonyms: ["velocity": "initialVelocity", "usingSpringWithDamping": "dampingRatio",
                                          "withDuration": "duration", "springDamping": "dampingRatio", "dampingFraction": "dampingRatio",
                                          "k": "stiffness", "m": "mass", "c": "damping"],
                               elsewhere: ["settlingDuration": "'settlingDuration' is worked out from the spring; leave out the animation's 'duration:' to use it",
                                           "response": "SwiftUI's response/dampingFraction spring is written here as {duration, bounce}",
                                           "delay": "the delay is the animation's 'begin', next to 'timing:'"])
        let entries = try entries(of: node, schema, key: "spring", example: Self.springExample)
        var tracker = KeyTracker()
        var forms = Set(SpringForm.allCases)
        var seen: [Entry] = []
        var mass = 1.0, stiffness = 100.0, damping = 10.0
        var velocity: (Double, Entry)?
        var duration: Double?, dampingRatio: Double?, bounce = 0.0
        for entry in entries {
            let name = try check(entry, schema, &tracker)
            let keyForms = Self.springKeyForms[name] ?? []
            if forms.isDisjoint(with: keyForms), let other = seen.first(where: { Self.springKeyForms[$0.name ?? ""]?.isDisjoint(with: keyForms) == true }) {
                let otherForms = Self.springKeyForms[other.name ?? ""] ?? []
                var error = SceneError(.invalidValue, at: location(entry.key),
                                       "'\(name)' belongs to \(formList(keyForms)), but '\(other.name ?? "?")' (given at \(location(other.key))) belongs to \(formList(otherForms)); a spring is written in one form",
                                       suggestion: "use one form: {mass: 1, stiffness: 170, damping: 15}, {duration: 0.5, dampingRatio: 0.8} or {duration: 0.5, bounce: 0.2}")
                error.relatedLocation = location(other.key)
                throw error
            }
            forms.formIntersection(keyForms)
            seen.append(entry)
            let value = entry.value
            switch name {
            case "mass":
                mass = try number(value, "mass", in: 0 ... 1_000_000, excludingLower: true, what: "greater than 0", example: "mass: 1")
            case "stiffness":
                stiffness = try number(value, "stiffness", in: 0 ... 1_000_000, excludingLower: true, what: "greater than 0", example: "stiffness: 100")
            case "damping":
                damping = try number(value, "damping", in: 0 ... 1_000_000, what: "at least 0", example: "damping: 10")
            case "initialVelocity", "initialSpringVelocity":
                if let (_, other) = velocity { throw combination(entry, other, "both give the spring's initial velocity") }
                velocity = (try coordinate(value, name, example: "\(name): 0"), entry)
            case "duration":
                let d = try seconds(value, "duration")
                guard d > 0 else {
                    throw rangeError(value, "the spring's 'duration' must be greater than 0 seconds, found \(numberText(value))", "write it like duration: 0.5")
                }
                duration = d
            case "dampingRatio":
                dampingRatio = try number(value, "dampingRatio", in: 0 ... 1000, excludingLower: true,
                                          what: "greater than 0 (1 is critically damped, less bounces)", example: "dampingRatio: 0.8")
            case "bounce":
                bounce = try number(value, "bounce", in: -1 ... 1, what: "between -1 and 1 (exclusive)", example: "bounce: 0.2")
                if abs(bounce) == 1 {
                    throw rangeError(value, "'bounce' must be between -1 and 1 (exclusive), found \(numberText(value))",
                                     "0 is critically damped, 0.3 bounces a little; 1 would never stop")
                }
            default:
                break
            }
        }
        let v = velocity?.0 ?? 0
        let spec: SpringSpec
        if forms.count == 1, forms.first == .uiView {
            guard let dampingRatio else {
                throw SceneError(.missingKey, at: location(node), "the spring is in \(SpringForm.uiView.title) but lacks 'dampingRatio'",
                                 suggestion: "add dampingRatio: 0.8 (usingSpringWithDamping; 1 does not bounce)")
            }
            guard let duration else {
                throw SceneError(.missingKey, at: location(node), "the spring is in \(SpringForm.uiView.title) but lacks 'duration'",
                                 suggestion: "add duration: 0.5 (withDuration)")
            }
            spec = .uiView(duration: duration, dampingRatio: dampingRatio, initialVelocity: v)
        } else if forms.contains(.physical) {
            spec = .physical(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: v)
        } else {
            // `duration` (with or without bounce): SwiftUI's Spring(duration:bounce:), whose
            // defaults are 0.5 s and no bounce.
            spec = .swiftUI(duration: duration ?? 0.5, bounce: bounce, initialVelocity: v)
        }
        let solver = spec.solver
        guard solver.omega0.isFinite, solver.omega0 > 0, solver.zeta.isFinite, solver.zeta >= 0, solver.zeta <= 1_000_000 else {
            throw rangeError(node, "this spring cannot be simulated: its values give a damping ratio of \(Quote.number(solver.zeta)) and a natural frequency of \(Quote.number(solver.omega0)) rad/s",
                             "use values nearer CASpringAnimation's defaults (mass 1, stiffness 100, damping 10)")
        }
        return spec
    }

    private func formList(_ forms: Set<SpringForm>) -> String {
        let titles = SpringForm.allCases.filter(forms.contains).map(\.title)
        return titles.count == 1 ? titles[0] : titles.dropLast().joined(separator: ", ") + " or " + (titles.last ?? "")
    }
}
