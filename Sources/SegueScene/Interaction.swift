// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry

/// `interaction:` (a gesture-driven transition) and a layer's `scroll:` (a scroll view).
extension SceneDecoder {
    // MARK: - Interaction

    package static let interactionKeys = ["gesture", "progress", "finishWhen", "completionCurve", "completionSpeed"]
    static let interactionExample = "interaction: {gesture: {type: pan, points: [[0, 20, 400], [0.4, 250, 400]]}, progress: \"translation.x / 390\"}"

    func decodeInteraction(_ node: Node) throws(SceneError) -> InteractionSpec {
        let schema = MapSchema(
            what: "'interaction'", keys: Self.interactionKeys, required: ["gesture", "progress"],
            synonyms: ["pan": "gesture", "recognizer": "gesture", "gestureRecognizer": "gesture", "percentComplete": "progress",
                       "fractionComplete": "progress", "percent": "progress", "finish": "finishWhen", "finishRule": "finishWhen",
                       "curve": "completionCurve", "speed": "completionSpeed", "timing": "completionCurve"],
            elsewhere: ["points": "'points' belongs under 'gesture:' (gesture: {type: pan, points: […]})",
                        "type": "'type' belongs under 'gesture:' (gesture: {type: pan, points: […]})",
                        "progressAbove": "'progressAbove' belongs under 'finishWhen:'",
                        "velocityAbove": "'velocityAbove' belongs under 'finishWhen:'",
                        "axis": "'axis' belongs under 'finishWhen:', next to 'velocityAbove'",
                        "duration": "an interaction lasts as long as its gesture, then finishes or cancels at 'completionSpeed'"])
        let entries = try entries(of: node, schema, key: "interaction", example: Self.interactionExample)
        var tracker = KeyTracker()
        var gesture: GestureSpec?
        var progress: ProgressExpression?
        var spec = InteractionSpec(gesture: GestureSpec(samples: [], location: location(node)), progress: .number(0),
                                   location: location(node))
        for entry in entries {
            let value = entry.value
            switch try check(entry, schema, &tracker) {
            case "gesture":
                gesture = try decodeGesture(value, key: "gesture", typed: true)
            case "progress":
                progress = try decodeProgress(value)
            case "finishWhen":
                spec.finishWhen = try decodeFinishRule(value)
            case "completionCurve":
                spec.completionCurve = try decodeTiming(value, key: "completionCurve", forms: .curves,
                                                        why: "UIPercentDrivenInteractiveTransition's completionCurve is a UIView.AnimationCurve")
            case "completionSpeed":
                spec.completionSpeed = try number(value, "completionSpeed", in: 0 ... 1000, excludingLower: true,
                                                  what: "greater than 0 (and at most 1000)", example: "completionSpeed: 1")
            default:
                break
            }
        }
        if let gesture { spec.gesture = gesture }
        if let progress { spec.progress = progress }
        return spec
    }

    /// `touches: [{points: [[t, x, y], …]}, …]`: fingers that are drawn with `--show-touches` and
    /// drive nothing.
    func decodeTouches(_ node: Node) throws(SceneError) -> [GestureSpec] {
        guard case let .sequence(items) = node else {
            throw typeError(node, expected: "a list of fingers", for: "touches",
                            example: "touches: [{points: [[0.1, 195, 300], [0.2, 195, 300]]}]")
        }
        var out: [GestureSpec] = []
        for item in items {
            try tick(item)
            // A one-finger gesture, or a pinch / double tap: each finger is drawn (Zoom.swift).
            out += try decodeGestureItem(item, key: "touches", calls: false).fingers
        }
        return out
    }

    /// `{type: pan, points: [[t, x, y], …]}`; `typed: false` for a scroll view's drag, which
    /// is always a pan.
    package func decodeGesture(_ node: Node, key: String, typed: Bool) throws(SceneError) -> GestureSpec {
        let example = "\(key): {\(typed ? "type: pan, " : "")points: [[0, 300, 400], [0.3, 100, 400]]}"
        var elsewhere = ["progress": "'progress' belongs under 'interaction:', next to 'gesture:'",
                         "finishWhen": "'finishWhen' belongs under 'interaction:', next to 'gesture:'",
                         "velocity": "the velocity is worked out from the points"]
        if !typed { elsewhere["type"] = "a scroll view's drag is always a pan; leave 'type' out" }
        let schema = MapSchema(what: "'\(key)'", keys: typed ? Self.gestureKeys : Self.gestureKeys.filter { $0 != "type" }, required: ["points"],
                               synonyms: ["kind": "type", "recognizer": "type", "samples": "points", "path": "points",
                                          "touches": "points", "track": "points", "point": "points"],
                               elsewhere: elsewhere)
        let entries = try entries(of: node, schema, key: key, example: example)
        var tracker = KeyTracker()
        var gesture = GestureSpec(samples: [], location: location(node))
        for entry in entries {
            let value = entry.value
            switch try check(entry, schema, &tracker) {
            case "type":
                let name = try name(value, "type", among: GestureSpec.Kind.allCases.map(\.rawValue),
                                    synonyms: ["UIPanGestureRecognizer": "pan", "UIScreenEdgePanGestureRecognizer": "screenEdgePan",
                                               "edgePan": "screenEdgePan", "screenEdge": "screenEdgePan", "edge": "screenEdgePan",
                                               "drag": "pan", "swipe": "pan"],
                                    what: "gesture type")
                gesture.kind = GestureSpec.Kind(rawValue: name) ?? .pan
            case "points":
                gesture.samples = try gesturePoints(value)
            default:
                break
            }
        }
        return gesture
    }

    /// `[[t, x, y], …]`: at least two, times strictly increasing.
    private func gesturePoints(_ node: Node) throws(SceneError) -> [GestureSpec.Sample] {
        let example = "points: [[0, 300, 400], [0.3, 100, 400]]"
        guard case let .sequence(seq) = node else {
            throw typeError(node, expected: "a list of [t, x, y] points", for: "points", example: example)
        }
        guard seq.count >= 2 else {
            throw SceneError(.invalidValue, at: location(node), "'points' needs at least 2 points (touch-down and release), found \(describe(node))",
                             suggestion: "write it like \(example)")
        }
        var samples: [GestureSpec.Sample] = []
        for (i, point) in seq.enumerated() {
            try tick(point)
            let key = "point \(i + 1)"
            let v = try numbers(point, key, counts: [3], shape: "[t, x, y] (seconds, then canvas points)", example: "[0.3, 100, 400]")
            let elements = Array(point.sequence ?? [])
            if v[0] < 0 || v[0] > Limits.seconds {
                throw rangeError(elements[0], "the time of \(key) must be between 0 and \(Quote.number(Limits.seconds)) seconds, found \(numberText(elements[0]))",
                                 "times are seconds from the start of the scene")
            }
            for j in 1 ... 2 where abs(v[j]) > Limits.coordinate {
                throw rangeError(elements[j], "item \(j + 1) of \(key) must be between -\(Quote.number(Limits.coordinate)) and \(Quote.number(Limits.coordinate)) points, found \(numberText(elements[j]))")
            }
            if let previous = samples.last, v[0] <= previous.time {
                throw rangeError(point, "the times in 'points' must increase: \(key) is at \(numberText(elements[0])) s, not after point \(i) at \(Quote.number(previous.time)) s",
                                 "each point is [t, x, y] with t in seconds, later than the point before")
            }
            samples.append(GestureSpec.Sample(time: v[0], x: v[1], y: v[2]))
        }
        return samples
    }

    /// `progress: "translation.x / 200"`, with errors located inside the string.
    package func decodeProgress(_ node: Node) throws(SceneError) -> ProgressExpression {
        guard case let .scalar(s) = node, !isNull(node) else {
            throw typeError(node, expected: "an expression in quotes", for: "progress", example: "progress: \"translation.x / 200\"")
        }
        let columnText = { (offset: Int) -> String in
            let at = self.location(of: node, atValueOffset: offset)
            return "line \(at.line), column \(at.column)"
        }
        switch ProgressExpressionParser.parse(s.string, columnText: columnText) {
        case let .success(expression):
            return expression
        case let .failure(failure):
            var error = SceneError(.invalidValue, at: location(of: node, atValueOffset: failure.offset), failure.message,
                                   suggestion: failure.suggestion)
            error.relatedLocation = failure.relatedOffset.map { location(of: node, atValueOffset: $0) }
            throw error
        }
    }

    package func decodeFinishRule(_ node: Node) throws(SceneError) -> FinishRule {
        let example = "finishWhen: {progressAbove: 0.5, velocityAbove: 800}"
        let schema = MapSchema(what: "'finishWhen'", keys: Self.finishWhenKeys,
                               synonyms: ["progress": "progressAbove", "threshold": "progressAbove", "percentAbove": "progressAbove",
                                          "velocity": "velocityAbove", "minimumVelocity": "velocityAbove", "direction": "axis",
                                          "velocityAxis": "axis"])
        let entries = try entries(of: node, schema, key: "finishWhen", example: example)
        try requireOne(of: ["progressAbove", "velocityAbove"], entries, node, schema,
                       example: "progressAbove: 0.5 or velocityAbove: 800 (the transition finishes when either holds)", alternatives: true)
        var tracker = KeyTracker()
        var rule = FinishRule(progressAbove: nil)
        var axisEntry: Entry?
        for entry in entries {
            let value = entry.value
            switch try check(entry, schema, &tracker) {
            case "progressAbove":
                rule.progressAbove = try number(value, "progressAbove", in: 0 ... 1, what: "between 0 and 1", example: "progressAbove: 0.5")
            case "velocityAbove":
                rule.velocityAbove = try coordinate(value, "velocityAbove", example: "velocityAbove: 800")
            case "axis":
                axisEntry = entry
                let name = try name(value, "axis", among: FinishRule.Axis.allCases.map(\.rawValue),
                                    synonyms: ["horizontal": "x", "vertical": "y", "X": "x", "Y": "y"], what: "axis")
                rule.velocityAxis = FinishRule.Axis(rawValue: name) ?? .x
            default:
                break
            }
        }
        if let axisEntry, rule.velocityAbove == nil {
            throw SceneError(.invalidValue, at: location(axisEntry.key), "'axis' is the direction of 'velocityAbove', which 'finishWhen' does not give",
                             suggestion: "add velocityAbove: 800, or remove 'axis'")
        }
        return rule
    }

    // MARK: - Scroll views

    package static let scrollKeys = ["contentSize", "contentOffset", "paging", "decelerationRate", "bounces", "drag", "snap", "zoom", "gestures"]
    /// Named key lists, read by the decoder and by the JSON Schema generator (SceneSchema.swift).
    package static let gestureKeys = ["type", "points"]
    package static let finishWhenKeys = ["progressAbove", "velocityAbove", "axis"]
    package static let snapKeys = ["rule", "pageWidth", "velocityThreshold", "springDuration", "dampingRatio", "scrollDuration",
                           "cardWidth", "leading", "candidates"]

    func decodeScroll(_ node: Node, layer what: String) throws(SceneError) -> ScrollSpec {
        let example = "scroll: {contentSize: [1170, 844], drag: {points: [[0, 300, 400], [0.3, 100, 400]]}}"
        let schema = MapSchema(
            what: "'scroll' of \(what)", keys: Self.scrollKeys,
            // With zoom: the content size follows the zoomed view.
            required: node.value(forKey: "zoom") == nil ? ["contentSize"] : [],
            synonyms: ["isPagingEnabled": "paging", "pagingEnabled": "paging", "size": "contentSize", "offset": "contentOffset",
                       "deceleration": "decelerationRate", "bounce": "bounces", "alwaysBounce": "bounces",
                       "pan": "drag", "gesture": "drag", "carousel": "snap", "snapping": "snap",
                       "zooming": "zoom", "minimumZoomScale": "zoom", "maximumZoomScale": "zoom", "touches": "gestures"],
            elsewhere: ["points": "'points' belongs under 'drag:' (drag: {points: […]})",
                        "pageWidth": "'pageWidth' belongs under 'snap:'", "velocityThreshold": "'velocityThreshold' belongs under 'snap:'",
                        "springDuration": "'springDuration' belongs under 'snap:'", "dampingRatio": "'dampingRatio' belongs under 'snap:'",
                        "contentInset": "content insets are not supported; add the margin to 'contentSize'"])
        let entries = try entries(of: node, schema, key: "scroll", example: example)
        var tracker = KeyTracker()
        var scroll = ScrollSpec(contentSize: .zero, location: location(node))
        var pagingEntry: Entry?, snapEntry: Entry?
        var dragEntry: Entry?, gesturesEntry: Entry?, zoomEntry: Entry?, contentSizeEntry: Entry?
        for entry in entries {
            let value = entry.value
            switch try check(entry, schema, &tracker) {
            case "contentSize":
                contentSizeEntry = entry
                let v = try numbers(value, "contentSize", counts: [2], shape: "[width, height]", example: "contentSize: [1170, 844]")
                try checkCoordinates(v, value, "contentSize", sizesFrom: 0)
                scroll.contentSize = Size(width: v[0], height: v[1])
            case "contentOffset":
                let v = try numbers(value, "contentOffset", counts: [2], shape: "[x, y]", example: "contentOffset: [390, 0]")
                try checkCoordinates(v, value, "contentOffset", sizesFrom: 2)
                scroll.contentOffset = Point(x: v[0], y: v[1])
            case "paging":
                scroll.paging = try bool(value, "paging")
                if scroll.paging { pagingEntry = entry }
            case "decelerationRate":
                scroll.decelerationRate = try decelerationRate(value)
            case "bounces":
                scroll.bounces = try bool(value, "bounces")
            case "drag":
                dragEntry = entry
                scroll.drag = try decodeGesture(value, key: "drag", typed: false)
            case "zoom":
                zoomEntry = entry
                scroll.zoom = try decodeZoom(value)
            case "gestures":
                gesturesEntry = entry
                scroll.gestures = try decodeScrollGestures(value)
            case "snap":
                scroll.snap = try decodeSnap(value)
                if scroll.snap != nil { snapEntry = entry }
            default:
                break
            }
            if let pagingEntry, let snapEntry, entry.name == "paging" || entry.name == "snap" {
                throw combination(entry, entry.name == "paging" ? snapEntry : pagingEntry,
                                  "paging settles on whole pages by itself, while 'snap' chooses the offset like a custom scrollViewWillEndDragging")
            }
            if let dragEntry, let gesturesEntry, entry.name == "drag" || entry.name == "gestures" {
                throw combination(entry, entry.name == "drag" ? gesturesEntry : dragEntry,
                                  "'drag' is the one-pan shorthand; with 'gestures:' write the pan as an item, {pan: {points: […]}}")
            }
            if let zoomEntry, let contentSizeEntry, entry.name == "zoom" || entry.name == "contentSize" {
                throw combination(entry, entry.name == "zoom" ? contentSizeEntry : zoomEntry,
                                  "a zooming scroll view's content size is the zoomed view's frame, set by every change of zoomScale")
            }
        }
        return scroll
    }

    /// `normal`, `fast`, or a number between 0 and 1 (exclusive).
    private func decelerationRate(_ node: Node) throws(SceneError) -> Double {
        if case let .scalar(s) = node, s.style == .plain || s.style == .any, Self.number(in: s.string) != nil {
            let v = try number(node, "decelerationRate", in: 0 ... 1, excludingLower: true, what: "between 0 and 1", example: "decelerationRate: 0.998")
            guard v < 1 else {
                throw rangeError(node, "'decelerationRate' must be between 0 and 1 (exclusive), found \(numberText(node))",
                                 "it multiplies the velocity every millisecond: normal is 0.998, fast is 0.99")
            }
            return v
        }
        let name = try name(node, "decelerationRate", among: ["normal", "fast"], synonyms: ["default": "normal", "slow": "normal", "quick": "fast"],
                            prefixes: ["UIScrollView.DecelerationRate.", "UIScrollViewDecelerationRate"], what: "deceleration rate")
        return name == "fast" ? ScrollSpec.fastDecelerationRate : ScrollSpec.normalDecelerationRate
    }

    /// `snap: true` (the defaults), `snap: false` (none), or a map.
    private func decodeSnap(_ node: Node) throws(SceneError) -> SnapSpec? {
        if case .scalar = node, !isNull(node) {
            return try bool(node, "snap") ? SnapSpec() : nil
        }
        let schema = MapSchema(what: "'snap'", keys: Self.snapKeys,
                               synonyms: ["width": "pageWidth", "itemWidth": "cardWidth", "threshold": "velocityThreshold",
                                          "velocity": "velocityThreshold", "duration": "springDuration", "damping": "dampingRatio",
                                          "usingSpringWithDamping": "dampingRatio", "sectionInset": "leading", "inset": "leading",
                                          "mode": "rule", "seed": "rule"])
        guard case .mapping = node else {
            throw typeError(node, expected: "true or a map {rule, pageWidth, velocityThreshold, springDuration, dampingRatio, …}", for: "snap",
                            example: "snap: {rule: pageSnap, pageWidth: 300}")
        }
        let entries = try entries(of: node, schema, key: "snap", example: "snap: {rule: pageSnap, pageWidth: 300}")
        var tracker = KeyTracker()
        var snap = SnapSpec()
        for entry in entries {
            let value = entry.value
            let key = try check(entry, schema, &tracker)
            switch key {
            case "rule":
                let rule = try name(value, "rule", among: SnapRule.allCases.map(\.rawValue),
                                    synonyms: ["page": "pageSnap", "paging": "pageSnap", "card": "cardSnap", "deceleration": "cardSnap",
                                               "seed003": "pageSnap", "seed002": "cardSnap"], what: "snap rule")
                snap.rule = SnapRule(rawValue: rule) ?? .pageSnap
            case "pageWidth":
                snap.pageWidth = try number(value, "pageWidth", in: 0 ... Limits.coordinate, excludingLower: true,
                                            what: "greater than 0 (and at most \(Quote.number(Limits.coordinate)))", example: "pageWidth: 300")
            case "cardWidth":
                snap.cardWidth = try number(value, "cardWidth", in: 0 ... Limits.coordinate, excludingLower: true,
                                            what: "greater than 0 (and at most \(Quote.number(Limits.coordinate)))", example: "cardWidth: 250")
            case "leading":
                snap.leading = try number(value, "leading", in: 0 ... Limits.coordinate, what: "at least 0 (points)", example: "leading: 0")
            case "candidates":
                let c = try name(value, "candidates", among: SnapCandidates.allCases.map(\.rawValue),
                                 synonyms: ["any": "all", "every": "all", "visibleCells": "visible"], what: "candidate set")
                snap.candidates = SnapCandidates(rawValue: c) ?? .visible
            case "velocityThreshold":
                snap.velocityThreshold = try number(value, "velocityThreshold", in: 0 ... 1000,
                                                    what: "at least 0 (points per millisecond)", example: "velocityThreshold: 0.5")
            case "springDuration", "scrollDuration":
                let d = try seconds(value, key)
                if d <= 0 {
                    throw rangeError(value, "'\(key)' must be greater than 0 seconds, found \(numberText(value))", "write it like \(key): 0.3")
                }
                if key == "springDuration" { snap.springDuration = d } else { snap.scrollDuration = d }
            case "dampingRatio":
                snap.dampingRatio = try number(value, "dampingRatio", in: 0 ... 1000, excludingLower: true,
                                               what: "greater than 0 (1 does not bounce)", example: "dampingRatio: 1")
            default:
                break
            }
        }
        return snap
    }
}
