// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams

/// `keyframes:` of an animation (CAKeyframeAnimation) and `- group:` items of `animations:`
/// (UIView.animateKeyframes).
extension SceneDecoder {
    // MARK: - CAKeyframeAnimation

    package static let keyframesKeys = ["values", "keyTimes", "calculationMode", "timingFunctions", "tensionValues",
                                "continuityValues", "biasValues"]
    static let keyframesSynonyms = [
        "keyTime": "keyTimes", "times": "keyTimes", "mode": "calculationMode", "calculation": "calculationMode",
        "timings": "timingFunctions", "curves": "timingFunctions", "tension": "tensionValues",
        "continuity": "continuityValues", "bias": "biasValues", "value": "values",
    ]
    static let keyframesElsewhere: [String: String] = {
        var hints: [String: String] = [:]
        for key in ["layer", "keyPath", "begin", "duration", "speed", "timeOffset", "repeatCount", "autoreverses",
                    "fillMode", "additive"] {
            hints[key] = "'\(key)' belongs to the animation, next to 'keyframes:', not inside it"
        }
        hints["timing"] = "the curve over the whole animation is 'timing', next to 'keyframes:'; per-segment curves are 'timingFunctions'"
        hints["timingFunction"] = hints["timing"]
        hints["from"] = "a keyframe animation has no 'from'; put the first value first in 'values'"
        hints["to"] = "a keyframe animation has no 'to'; put the last value last in 'values'"
        hints["path"] = "keyframe paths are not supported; give the positions as 'values'"
        return hints
    }()
    package static let calculationModeNames = CalculationMode.allCases.map(\.rawValue)

    func decodeKeyframes(_ node: Node, keyPath: AnimatableKeyPath, animation index: Int) throws(SceneError) -> KeyframesSpec {
        let example = "keyframes: {values: [1, 0.5, 1], keyTimes: [0, 0.3, 1]}"
        if case let .sequence(seq) = node {
            throw SceneError(.invalidValue, at: location(node), "expected a map {values, keyTimes, …} for 'keyframes', found \(describe(node))",
                             suggestion: seq.first?.mapping != nil
                                 ? "write \(example); for UIView.animateKeyframes, write a '- group: {duration, keyframes: […]}' item instead"
                                 : "write it like \(example)")
        }
        let schema = MapSchema(what: "the keyframes of animation \(index)", keys: Self.keyframesKeys, required: ["values"],
                               synonyms: Self.keyframesSynonyms, elsewhere: Self.keyframesElsewhere)
        let entries = try entries(of: node, schema, key: "keyframes", example: example)
        var tracker = KeyTracker()
        var spec = KeyframesSpec(values: [])
        var keyTimes: [Double]?
        var numberLists: [String: [Double]] = [:]
        var mode: CalculationMode = .linear
        for entry in entries {
            let value = entry.value
            switch try check(entry, schema, &tracker) {
            case "values":
                guard case let .sequence(seq) = value else {
                    throw typeError(value, expected: "a list of values for \(keyPath.rawValue)", for: "values", example: "values: [1, 0.5, 1]")
                }
                guard seq.count >= 2 else {
                    throw SceneError(.invalidValue, at: location(value), "'values' needs at least 2 values, found \(describe(value))",
                                     suggestion: "give the first and last value at least: values: [1, 0.5, 1]")
                }
                for element in seq {
                    try tick(element)
                    spec.values.append(try animationValue(element, "values", keyPath))
                }
            case "keyTimes":
                let times = try numberList(value, "keyTimes", in: 0 ... 1, what: "between 0 and 1", example: "keyTimes: [0, 0.3, 1]")
                let elements = Array(value.sequence ?? [])
                for i in times.indices.dropFirst() where times[i] < times[i - 1] {
                    throw rangeError(elements[i], "'keyTimes' must not decrease: item \(i + 1) is \(numberText(elements[i])), after \(numberText(elements[i - 1]))",
                                     "key times are fractions of the duration, in order, from 0 to 1")
                }
                if let first = times.first, first != 0 {
                    throw rangeError(elements[0], "the first key time must be 0, found \(numberText(elements[0]))",
                                     "the first value applies at the start: keyTimes: [0, …, 1]")
                }
                if let last = times.last, last != 1, let lastNode = elements.last {
                    throw rangeError(lastNode, "the last key time must be 1, found \(numberText(lastNode))",
                                     "the last value applies at the end: keyTimes: [0, …, 1]")
                }
                keyTimes = times
            case "calculationMode":
                let name = try name(value, "calculationMode", among: Self.calculationModeNames,
                                    synonyms: ["spline": "cubic", "catmullRom": "cubic", "step": "discrete", "steps": "discrete", "smooth": "cubic"],
                                    prefixes: ["kCAAnimation", "calculationMode"], what: "calculation mode")
                mode = CalculationMode(rawValue: name) ?? .linear
            case "timingFunctions":
                guard case let .sequence(seq) = value else {
                    throw typeError(value, expected: "a list of timing curves, one per segment", for: "timingFunctions",
                                    example: "timingFunctions: [easeIn, easeOut]")
                }
                for (i, element) in seq.enumerated() {
                    try tick(element)
                    spec.timingFunctions.append(try decodeTiming(element, key: "timingFunctions", item: i + 1, forms: .steps,
                                                                 why: "a spring runs in seconds, so it cannot time one segment"))
                }
            case let name:
                // tensionValues, continuityValues, biasValues
                numberLists[name] = try numberList(value, name, in: -1 ... 1, what: "between -1 and 1", example: "\(name): [0, 0.5, 0]")
            }
        }
        spec.calculationMode = mode
        spec.keyTimes = keyTimes
        spec.tensionValues = numberLists["tensionValues"] ?? []
        spec.continuityValues = numberLists["continuityValues"] ?? []
        spec.biasValues = numberLists["biasValues"] ?? []

        // Checks that involve more than one key, in file order.
        let n = spec.values.count
        let paced = mode == .paced || mode == .cubicPaced
        for entry in entries {
            let value = entry.value
            let count = value.sequence?.count ?? 0
            switch entry.name {
            case "keyTimes":
                if paced {
                    throw SceneError(.invalidValue, at: location(entry.key), "'keyTimes' cannot be used with calculationMode \(mode.rawValue), which spaces the values evenly by distance (Core Animation ignores them)",
                                     suggestion: "remove 'keyTimes', or use calculationMode linear or cubic")
                }
                if count != n && !(mode == .discrete && count == n + 1) {
                    throw SceneError(.invalidValue, at: location(value), "'keyTimes' has \(count) \(count == 1 ? "time" : "times") for \(n) values; give one per value\(mode == .discrete ? " (or one more, for discrete)" : "")",
                                     suggestion: "e.g. keyTimes: [\(evenTimes(n))]")
                }
            case "timingFunctions":
                if paced {
                    throw SceneError(.invalidValue, at: location(entry.key), "'timingFunctions' cannot be used with calculationMode \(mode.rawValue), which moves at an even pace (Core Animation ignores them)",
                                     suggestion: "remove 'timingFunctions', or use calculationMode linear or cubic")
                }
                if count != n - 1 {
                    throw SceneError(.invalidValue, at: location(value), "'timingFunctions' has \(count) \(count == 1 ? "curve" : "curves") for \(n) values; give one per segment between values (\(n - 1))",
                                     suggestion: "e.g. timingFunctions: [\(Array(repeating: "easeInEaseOut", count: max(1, n - 1)).joined(separator: ", "))]")
                }
            case "tensionValues", "continuityValues", "biasValues":
                let name = entry.name ?? ""
                if mode != .cubic && mode != .cubicPaced {
                    throw SceneError(.invalidValue, at: location(entry.key), "'\(name)' only shape calculationMode cubic or cubicPaced; with \(mode.rawValue) Core Animation ignores them",
                                     suggestion: "add calculationMode: cubic, or remove '\(name)'")
                }
                if count != n {
                    throw SceneError(.invalidValue, at: location(value), "'\(name)' has \(count) \(count == 1 ? "number" : "numbers") for \(n) values; give one per value",
                                     suggestion: "e.g. \(name): [\(Array(repeating: "0", count: n).joined(separator: ", "))]")
                }
            default:
                break
            }
        }
        return spec
    }

    /// `0, 0.5, 1` — evenly spaced key times for a hint.
    private func evenTimes(_ n: Int) -> String {
        guard n > 1 else { return "0, 1" }
        return (0 ..< n).map { Quote.number((Double($0) / Double(n - 1) * 1000).rounded() / 1000) }.joined(separator: ", ")
    }

    /// A list of numbers (of any length), each within `range`.
    func numberList(_ node: Node, _ key: String, in range: ClosedRange<Double>, what: String, example: String) throws(SceneError) -> [Double] {
        guard case let .sequence(seq) = node else {
            throw typeError(node, expected: "a list of numbers", for: key, example: example)
        }
        var out: [Double] = []
        for (i, element) in seq.enumerated() {
            try tick(element)
            out.append(try number(element, key, item: i + 1, in: range, what: what, example: example))
        }
        return out
    }

    // MARK: - UIView.animateKeyframes

    package static let groupItemKeys = ["group"]
    package static let groupKeys = ["duration", "delay", "begin", "options", "keyframes"]
    static let groupSynonyms = ["withDuration": "duration", "length": "duration", "animations": "keyframes",
                                "beginTime": "delay", "option": "options", "keyFrames": "keyframes"]
    static let groupElsewhere = [
        "start": "each keyframe has its own 'start' (a fraction of the group's duration); the group starts after 'delay'",
        "relativeStartTime": "'relativeStartTime' belongs to each item of 'keyframes:'",
        "relativeDuration": "'relativeDuration' belongs to each item of 'keyframes:'",
        "set": "'set' belongs to each item of 'keyframes:'",
        "calculationMode": "write the calculation mode as an option: options: [calculationModeCubic]",
        "timing": "write the curve as an option: options: [curveEaseIn]",
        "curve": "write the curve as an option: options: [curveEaseIn]",
        "layer": "a group's keyframes name the layer in each 'set' key: set: {\"card.opacity\": 0}",
        "keyPath": "a group's keyframes name the key path in each 'set' key: set: {\"card.opacity\": 0}",
        "repeatCount": "keyframe groups do not repeat in Segue; add another group that starts when this one ends",
        "autoreverses": "keyframe groups do not reverse in Segue; add another group that goes back",
    ]
    static let groupItemElsewhere: [String: String] = {
        var hints: [String: String] = [:]
        for key in groupKeys { hints[key] = "'\(key)' belongs inside 'group:'; indent it under 'group:'" }
        for key in animationSchemaKeys where hints[key] == nil {
            hints[key] = "an item with 'group:' is a keyframe group; write a basic animation as its own '- ' item of 'animations:'"
        }
        return hints
    }()
    static let calculationModeOptions = ["calculationModeLinear": CalculationMode.linear, "calculationModeDiscrete": .discrete,
                                         "calculationModePaced": .paced, "calculationModeCubic": .cubic,
                                         "calculationModeCubicPaced": .cubicPaced]
    static let curveOptions = ["curveEaseInOut": TimingCurve.easeInEaseOut, "curveEaseIn": .easeIn, "curveEaseOut": .easeOut,
                               "curveLinear": .linear]
    package static let optionNames = ["calculationModeLinear", "calculationModeDiscrete", "calculationModePaced", "calculationModeCubic",
                              "calculationModeCubicPaced", "curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear"]
    /// UIView.KeyframeAnimationOptions that Segue does not model.
    static let unsupportedOptions = ["layoutSubviews", "allowUserInteraction", "beginFromCurrentState", "repeat", "autoreverse",
                                     "overrideInheritedDuration", "overrideInheritedOptions", "allowAnimatedContent",
                                     "showHideTransitionViews", "overrideInheritedCurve", "preferredFramesPerSecondDefault",
                                     "preferredFramesPerSecond60", "preferredFramesPerSecond30"]

    package static let groupKeyframeKeys = ["start", "relativeStartTime", "duration", "relativeDuration", "set"]

    /// `- group: {…}`: the item map holds only `group`.
    func decodeGroupItem(_ node: Node, number index: Int) throws(SceneError) -> KeyframeGroupSpec {
        let itemSchema = MapSchema(what: "animations item \(index) (a keyframe group)", keys: Self.groupItemKeys, elsewhere: Self.groupItemElsewhere)
        var groupNode: Node?
        var tracker = KeyTracker()
        for entry in try entries(of: node, itemSchema, key: "animations", example: "- group: {duration: 0.72, keyframes: […]}") {
            _ = try check(entry, itemSchema, &tracker)
            groupNode = entry.value
        }
        guard let groupNode else {
            throw SceneError(.missingKey, at: location(node), "animations item \(index) has no 'group'")
        }
        return try decodeGroup(groupNode, number: index, item: node)
    }

    private func decodeGroup(_ node: Node, number index: Int, item: Node) throws(SceneError) -> KeyframeGroupSpec {
        let example = "group: {duration: 0.72, keyframes: [{start: 0, duration: 0.5, set: {\"card.opacity\": 0}}]}"
        if isNull(node), case let .mapping(map) = item, map.count == 1 {
            throw SceneError(.invalidValue, at: location(node), "'group' of animations item \(index) is empty; expected a map with 'duration' and 'keyframes'",
                             suggestion: "indent the group's keys under 'group:', or write \(example)")
        }
        let what = "group \(index)"
        let schema = MapSchema(what: what, keys: Self.groupKeys, required: ["duration", "keyframes"],
                               synonyms: Self.groupSynonyms, elsewhere: Self.groupElsewhere)
        let entries = try entries(of: node, schema, key: "group", example: example)
        // The group's duration, leniently, so a keyframe time written in seconds can be
        // converted in the hint.
        var knownDuration: Double?
        if let entry = entries.first(where: { $0.name == "duration" }), case let .scalar(s) = entry.value,
           let d = Self.number(in: s.string), d.isFinite, d > 0 { knownDuration = d }
        var tracker = KeyTracker()
        var group = KeyframeGroupSpec(duration: 0, keyframes: [], location: location(item))
        group.origin = provenance(item) ?? provenance(node)
        var delayEntry: Entry?
        for entry in entries {
            let value = entry.value
            switch try check(entry, schema, &tracker) {
            case "duration":
                group.duration = try seconds(value, "duration")
                if group.duration <= 0 {
                    throw rangeError(value, "'duration' of \(what) must be greater than 0 seconds, found \(numberText(value))",
                                     "write it like duration: 0.72")
                }
            case "delay", "begin":
                if let other = delayEntry { throw combination(entry, other, "both give the group's start time") }
                delayEntry = entry
                let key = entry.name ?? "delay"
                group.begin = try seconds(value, key)
                if group.begin < 0 {
                    throw rangeError(value, "'\(key)' cannot be negative, found \(numberText(value))", "write \(key): 0 to start with the scene")
                }
            case "options":
                let (mode, curve) = try groupOptions(value)
                group.calculationMode = mode
                group.curve = curve
            case "keyframes":
                guard case let .sequence(seq) = value else {
                    throw typeError(value, expected: "a list of keyframes", for: "keyframes",
                                    example: "keyframes: [{start: 0, duration: 0.5, set: {\"card.opacity\": 0}}]")
                }
                guard !seq.isEmpty else {
                    throw SceneError(.invalidValue, at: location(value), "\(what) has no keyframes",
                                     suggestion: "add one like - {start: 0, duration: 1, set: {\"card.opacity\": 0}}")
                }
                for (i, keyframe) in seq.enumerated() {
                    group.keyframes.append(try decodeGroupKeyframe(keyframe, what: "keyframe \(i + 1) of \(what)", groupDuration: knownDuration))
                }
            default:
                break
            }
        }
        return group
    }

    /// `options: [calculationModeCubic, curveLinear]` (or a single name).
    private func groupOptions(_ node: Node) throws(SceneError) -> (CalculationMode, TimingCurve) {
        var items: [Node]
        switch node {
        case let .sequence(seq): items = Array(seq)
        case .scalar where !isNull(node): items = [node]
        default:
            throw typeError(node, expected: "a list of options", for: "options", example: "options: [calculationModeCubic, curveLinear]")
        }
        var mode: (CalculationMode, Node)?
        var curve: (TimingCurve, Node)?
        for item in items {
            try tick(item)
            guard case let .scalar(s) = item, !isNull(item) else {
                throw typeError(item, expected: "an option name", for: "options", example: "options: [calculationModeCubic]")
            }
            var text = s.string.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix(".") { text.removeFirst() }
            if let m = Self.calculationModeOptions[text] {
                if let (_, other) = mode {
                    throw SceneError(.invalidValue, at: location(item), "options \(Quote.string(otherText(other))) (at \(location(other))) and \(Quote.string(s.string)) both choose a calculation mode; give at most one",
                                     suggestion: "keep one calculationMode… option (the default is calculationModeLinear)")
                }
                mode = (m, item)
            } else if let c = Self.curveOptions[text] {
                if let (_, other) = curve {
                    throw SceneError(.invalidValue, at: location(item), "options \(Quote.string(otherText(other))) (at \(location(other))) and \(Quote.string(s.string)) both choose a curve; give at most one",
                                     suggestion: "keep one curve… option (the default is curveEaseInOut)")
                }
                curve = (c, item)
            } else if Self.unsupportedOptions.contains(text) {
                throw SceneError(.invalidValue, at: location(item), "the keyframe animation option \(Quote.string(s.string)) is not supported by Segue",
                                 suggestion: "the supported options are the calculationMode… and curve… options")
            } else {
                let synonyms = ["linear": "calculationModeLinear", "discrete": "calculationModeDiscrete", "paced": "calculationModePaced",
                                "cubic": "calculationModeCubic", "cubicPaced": "calculationModeCubicPaced",
                                "easeInOut": "curveEaseInOut", "easeInEaseOut": "curveEaseInOut", "easeIn": "curveEaseIn",
                                "easeOut": "curveEaseOut", "curveEaseInEaseOut": "curveEaseInOut"]
                let suggestion: String
                if let best = Suggestions.best(for: text, among: Self.optionNames, synonyms: synonyms) {
                    suggestion = "did you mean '\(best)'?"
                } else {
                    suggestion = "use calculationModeLinear, calculationModeDiscrete, calculationModePaced, calculationModeCubic or calculationModeCubicPaced, and curveEaseInOut, curveEaseIn, curveEaseOut or curveLinear"
                }
                throw SceneError(.invalidValue, at: location(item), "unknown keyframe animation option \(Quote.string(s.string)) for 'options'",
                                 suggestion: suggestion)
            }
        }
        return (mode?.0 ?? .linear, curve?.0 ?? .easeInEaseOut)
    }

    private func otherText(_ node: Node) -> String { node.scalar?.string ?? "" }

    private func decodeGroupKeyframe(_ node: Node, what: String, groupDuration: Double?) throws(SceneError) -> GroupKeyframe {
        let example = "- {start: 0, duration: 0.5, set: {\"card.opacity\": 0}}"
        let schema = MapSchema(what: what, keys: Self.groupKeyframeKeys,
                               synonyms: ["withRelativeStartTime": "relativeStartTime", "changes": "set", "animations": "set",
                                          "properties": "set", "values": "set", "length": "duration"],
                               elsewhere: ["begin": "a keyframe's 'start' is a fraction of the group's duration (0…1)",
                                           "delay": "the delay belongs to the group, next to 'keyframes:'",
                                           "options": "options belong to the group, next to 'keyframes:'",
                                           "layer": "name the layer in each 'set' key: set: {\"card.opacity\": 0}",
                                           "keyPath": "name the key path in each 'set' key: set: {\"card.opacity\": 0}",
                                           "timing": "a keyframe has no curve of its own; the group's curve is an option: options: [curveLinear]"])
        let entries = try entries(of: node, schema, key: "keyframes", example: example)
        try requireOne(of: ["start", "relativeStartTime"], entries, node, schema, example: "start: 0 (a fraction of the group's duration)")
        try requireOne(of: ["duration", "relativeDuration"], entries, node, schema, example: "duration: 0.5 (a fraction of the group's duration)")
        try requireOne(of: ["set"], entries, node, schema, example: "set: {\"card.opacity\": 0}")
        var tracker = KeyTracker()
        var start: (Double, Entry)?, duration: (Double, Entry)?
        var changes: [PropertyChange] = []
        for entry in entries {
            let value = entry.value
            let name = try check(entry, schema, &tracker)
            switch name {
            case "start", "relativeStartTime", "duration", "relativeDuration":
                let isStart = name == "start" || name == "relativeStartTime"
                if let (_, other) = isStart ? start : duration {
                    throw combination(entry, other, "both give the keyframe's \(isStart ? "start" : "duration")")
                }
                let v = try fraction(value, name, groupDuration: groupDuration)
                if isStart { start = (v, entry) } else { duration = (v, entry) }
                if let (s, _) = start, let (d, _) = duration, s + d > 1 + 1e-9 {
                    throw rangeError(value, "\(what) runs from \(Quote.number(s)) to \(Quote.number(s + d)) of the group's duration; start + duration must be at most 1",
                                     "start and duration are fractions of the group's duration, like addKeyframe(withRelativeStartTime:relativeDuration:)")
                }
            case "set":
                changes = try decodeSet(value, what: what)
            default:
                break
            }
        }
        let places = provenances(node, under: "set")
        for i in changes.indices { changes[i].origin = places[changes[i].layerID + "." + changes[i].keyPath.rawValue] }
        var keyframe = GroupKeyframe(relativeStart: start?.0 ?? 0, relativeDuration: duration?.0 ?? 0, changes: changes, location: location(node))
        keyframe.origin = changes.compactMap(\.origin).first
        return keyframe
    }

    /// A fraction of the group's duration, 0…1.
    private func fraction(_ node: Node, _ key: String, groupDuration: Double?) throws(SceneError) -> Double {
        let example = "\(key): 0.25"
        if case let .scalar(s) = node, s.style == .plain || s.style == .any, Self.number(in: s.string) == nil,
           let seconds = try? seconds(node, key) {
            var hint = "write it as a fraction from 0 to 1"
            if let groupDuration {
                hint += ": \(Quote.name(s.string)) of the group's \(Quote.number(groupDuration)) s is \(key): \(Quote.number((seconds / groupDuration * 10_000).rounded() / 10_000))"
            }
            throw SceneError(.invalidValue, at: location(node), "'\(key)' is a fraction of the group's duration (0…1), not a time; found \(describe(node))",
                             suggestion: hint)
        }
        return try number(node, key, in: 0 ... 1, what: "between 0 and 1 (a fraction of the group's duration)", example: example)
    }

    /// Throws the missing-key error when none of `names` is in the map (after reporting a
    /// misspelling of one of them as the unknown key it is).
    /// `alternatives` says the keys are different things, one of which is needed (rather than
    /// spellings of one key).
    func requireOne(of names: [String], _ entries: [Entry], _ node: Node, _ schema: MapSchema, example: String,
                    alternatives: Bool = false) throws(SceneError) {
        guard !entries.contains(where: { names.contains($0.name ?? "") }) else { return }
        for entry in entries {
            guard let name = entry.name, !schema.keys.contains(name) else { continue }
            if Suggestions.best(for: name, among: names, synonyms: schema.synonyms.filter { names.contains($0.value) }) != nil {
                throw unknownKey(entry, schema)
            }
        }
        throw SceneError(.missingKey, at: location(node),
                         alternatives ? "\(schema.what) needs \(Suggestions.list(names, conjunction: "or"))"
                                      : "\(schema.what) is missing the required key '\(names[0])'",
                         suggestion: "add " + example)
    }

    /// `set: {"card.opacity": 0, "fromView.transform.rotation.y": -90deg}`.
    private func decodeSet(_ node: Node, what: String) throws(SceneError) -> [PropertyChange] {
        let example = "set: {\"card.opacity\": 0}"
        guard case let .mapping(map) = node else {
            throw typeError(node, expected: "a map of \"layer.keyPath\": value", for: "set", example: example)
        }
        try tick(node)
        var changes: [PropertyChange] = []
        var seen: [String: SourceLocation] = [:]
        for (key, value) in map {
            try tick(value)
            guard case let .scalar(s) = key, !isNull(key) else {
                throw SceneError(.unknownKey, at: location(key), "expected a \"layer.keyPath\" key in 'set' of \(what), found \(describe(key))",
                                 suggestion: "write it like \(example)")
            }
            let (layerID, keyPath) = try resolveSetKey(s.string, key, what: what)
            let canonical = layerID + "." + keyPath.rawValue
            if let first = seen[canonical] {
                var error = SceneError(.syntax, at: location(key), "'\(Quote.name(canonical))' is set twice in \(what): it was already set at \(first)",
                                       suggestion: "keep only one")
                error.relatedLocation = first
                throw error
            }
            seen[canonical] = location(key)
            let v = try animationValue(value, s.string, keyPath)
            changes.append(PropertyChange(layerID: layerID, keyPath: keyPath, value: v, location: location(key)))
        }
        return changes
    }

    /// Splits `"<layer id>.<key path>"` at the longest known layer id followed by '.'. Layer ids
    /// may contain dots themselves.
    private func resolveSetKey(_ text: String, _ keyNode: Node, what: String) throws(SceneError) -> (String, AnimatableKeyPath) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= 1000 else {
            throw SceneError(.invalidValue, at: location(keyNode), "the 'set' key in \(what) is \(scalars.count) characters long; expected \"<layer id>.<key path>\"",
                             suggestion: "write it like set: {\"card.opacity\": 0}")
        }
        let dots = scalars.indices.filter { scalars[$0] == "." }
        func part(_ range: Range<Int>) -> String {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: scalars[range])
            return String(s)
        }
        let keyPathNames = AnimatableKeyPath.allCases.map(\.rawValue)
        var longestKnown: Int?
        for d in dots.reversed() where knownLayerIDSet.contains(part(0 ..< d)) {
            if let keyPath = AnimatableKeyPath(rawValue: part(d + 1 ..< scalars.count)) { return (part(0 ..< d), keyPath) }
            if longestKnown == nil { longestKnown = d }
        }
        if let d = longestKnown {
            let layer = part(0 ..< d), rest = part(d + 1 ..< scalars.count)
            let suggestion: String
            if let best = Suggestions.best(for: rest, among: keyPathNames, synonyms: Self.keyPathSynonyms) {
                suggestion = "did you mean '\(Quote.name(layer)).\(best)'?"
            } else {
                suggestion = "the key paths are listed in docs/scene-format/animations.md, e.g. \"\(Quote.name(layer)).opacity\""
            }
            throw SceneError(.invalidValue, at: location(of: keyNode, atValueOffset: d + 1),
                             "unknown key path \(Quote.string(rest)) in 'set' key \(Quote.string(text)) of \(what)", suggestion: suggestion)
        }
        guard let firstDot = dots.first else {
            let suggestion: String
            if knownLayerIDSet.contains(text) {
                suggestion = "add the key path: \"\(Quote.name(text)).opacity\""
            } else if AnimatableKeyPath(rawValue: text) != nil {
                suggestion = "add the layer id: \"\(knownLayerIDs.first.map { Quote.name($0) } ?? "card").\(Quote.name(text))\""
            } else {
                suggestion = "write it like set: {\"card.opacity\": 0}"
            }
            throw SceneError(.invalidValue, at: location(keyNode), "expected \"<layer id>.<key path>\" as a key of 'set' in \(what), found \(Quote.string(text))",
                             suggestion: suggestion)
        }
        // No known layer: blame the part before the key path (when the rest is one) or before the first dot.
        let split = dots.first(where: { AnimatableKeyPath(rawValue: part($0 + 1 ..< scalars.count)) != nil }) ?? firstDot
        let layer = part(0 ..< split)
        throw SceneError(.reference, at: location(of: keyNode, atValueOffset: 0),
                         "\(what) sets layer '\(Quote.name(layer))' (in \(Quote.string(text))), but no layer has that id",
                         suggestion: layerSuggestion(layer))
    }
}
