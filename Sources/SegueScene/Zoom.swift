// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry

/// A scroll view's `zoom:` and `gestures:`, and the two-finger and double-tap forms that
/// `gestures:` and the top-level `touches:` share.
extension SceneDecoder {
    // The key tables the decoder validates with (a generated schema reads them too).
    package static let zoomKeys = ["min", "max", "initial", "bounces", "view", "centers", "doubleTapScale"]
    static let zoomSynonyms = ["minimumZoomScale": "min", "maximumZoomScale": "max", "zoomScale": "initial", "scale": "initial",
                               "minimum": "min", "maximum": "max", "bouncesZoom": "bounces", "bounce": "bounces",
                               "viewForZooming": "view", "layer": "view", "center": "centers", "centred": "centers",
                               "centered": "centers", "centring": "centers", "centering": "centers", "doubleTap": "doubleTapScale"]
    /// The kinds of item in a scroll view's `gestures:` (a map with one of these keys; a map with
    /// `points:` is a pan too).
    package static let scrollGestureKinds = ["pan", "pinch", "fingers", "doubleTap", "setZoomScale", "zoomTo"]
    /// The kinds a top-level `touches:` item may be (fingers to draw; no calls).
    package static let touchGestureKinds = ["pan", "pinch", "fingers", "doubleTap"]
    package static let pinchKeys = ["center", "from", "to", "begin", "duration", "release", "span", "angle"]
    package static let doubleTapKeys = ["at", "time"]
    package static let setZoomScaleKeys = ["scale", "time", "animated"]
    package static let zoomToKeys = ["rect", "time", "animated"]

    /// `zoom: {min: 0.5, max: 3, initial: 0.5, bounces: true}`.
    func decodeZoom(_ node: Node) throws(SceneError) -> ZoomSpec {
        let example = "zoom: {min: 0.5, max: 3, initial: 0.5}"
        let schema = MapSchema(what: "'zoom'", keys: Self.zoomKeys, synonyms: Self.zoomSynonyms,
                               elsewhere: ["pinch": "a pinch is an item of 'gestures:', next to 'zoom:' (gestures: [{pinch: {…}}])",
                                           "gestures": "'gestures' belongs under 'scroll:', next to 'zoom:'"])
        let entries = try entries(of: node, schema, key: "zoom", example: example)
        var tracker = KeyTracker()
        var zoom = ZoomSpec(location: location(node))
        var given: [String: Entry] = [:]
        for entry in entries {
            let value = entry.value
            let key = try check(entry, schema, &tracker)
            given[key] = entry
            switch key {
            case "min", "max", "initial", "doubleTapScale":
                let v = try number(value, key, in: 0 ... 1000, excludingLower: true, what: "greater than 0 (and at most 1000)",
                                   example: "\(key): \(key == "min" ? "0.5" : "2")")
                switch key {
                case "min": zoom.minimum = v
                case "max": zoom.maximum = v
                case "initial": zoom.initial = v
                default: zoom.doubleTapScale = v
                }
            case "bounces": zoom.bounces = try bool(value, "bounces")
            case "centers": zoom.centers = try bool(value, "centers")
            case "view": zoom.view = try string(value, "view", example: "view: photo (the id of a sublayer)")
            default: break
            }
        }
        // UIKit's defaults are 1 for all three; an initial scale is clamped like UIKit clamps
        // zoomScale only when it was not given.
        if given["initial"] == nil { zoom.initial = min(max(1, zoom.minimum), zoom.maximum) }
        if zoom.maximum < zoom.minimum {
            let entry = given["max"] ?? given["min"]!
            throw rangeError(entry.value, "'max' (\(Quote.number(zoom.maximum))) is below 'min' (\(Quote.number(zoom.minimum))) in 'zoom'",
                             "maximumZoomScale must be at least minimumZoomScale; UIKit's default for both is 1")
        }
        for key in ["initial", "doubleTapScale"] {
            guard let entry = given[key] else { continue }
            let v = key == "initial" ? zoom.initial : zoom.doubleTapScale ?? 0
            if v < zoom.minimum - 1e-12 || v > zoom.maximum + 1e-12 {
                throw rangeError(entry.value, "'\(key)' (\(Quote.number(v))) must be between 'min' (\(Quote.number(zoom.minimum))) and 'max' (\(Quote.number(zoom.maximum)))",
                                 "give a zoom scale within the limits")
            }
        }
        return zoom
    }

    /// `gestures: [{pan: …}, {pinch: …}, {doubleTap: …}, {setZoomScale: …}, …]`, in time order,
    /// each starting after the fingers of the one before have lifted.
    func decodeScrollGestures(_ node: Node) throws(SceneError) -> [ScrollGesture] {
        guard case let .sequence(items) = node, !items.isEmpty else {
            throw typeError(node, expected: "a list of gestures", for: "gestures",
                            example: "gestures: [{pinch: {center: [195, 422], from: 1, to: 2, begin: 0.2, duration: 0.5}}]")
        }
        var out: [ScrollGesture] = []
        for item in items {
            try tick(item)
            let gesture = try decodeGestureItem(item, key: "gestures", calls: true)
            if let previous = out.last, gesture.start < previous.end - 1e-9 {
                throw rangeError(item, "this gesture begins at \(Quote.number(gesture.start)) s, before the one before it has lifted its fingers (\(Quote.number(previous.end)) s)",
                                 "list the gestures in time order; each begins when the one before has ended (its motion may still be settling)")
            }
            out.append(gesture)
        }
        return out
    }

    /// One item: `{points: …}` (a pan), `{pan: {points}}`, `{pinch: {…}}`, `{fingers: [{points}, {points}]}`,
    /// `{doubleTap: {at, time}}`, and when `calls` is true `{setZoomScale: {…}}` or `{zoomTo: {…}}`.
    func decodeGestureItem(_ node: Node, key: String, calls: Bool) throws(SceneError) -> ScrollGesture {
        let kinds = calls ? Self.scrollGestureKinds : Self.touchGestureKinds
        let example = "- {pinch: {center: [195, 422], from: 1, to: 2, begin: 0.2, duration: 0.5}}"
        guard case let .mapping(map) = node else {
            throw typeError(node, expected: "a gesture (\(Suggestions.list(kinds, conjunction: "or")), or a map with 'points')", for: key, example: example)
        }
        if map.contains(where: { ["points", "type"].contains($0.key.scalar?.string ?? "") }) {
            return .pan(try decodeGesture(node, key: key, typed: true))
        }
        let schema = MapSchema(what: "an item of '\(key)'", keys: kinds,
                               synonyms: ["drag": "pan", "zoom": "pinch", "twoFingers": "fingers", "tap2": "doubleTap", "doubleTapped": "doubleTap",
                                          "setZoom": "setZoomScale", "zoomToRect": "zoomTo", "zoomRect": "zoomTo", "track": "fingers",
                                          "tracks": "fingers"],
                               elsewhere: calls ? [:] : ["setZoomScale": "setZoomScale is a call, not a touch: put it in the scroll view's 'gestures:'",
                                                         "zoomTo": "zoom(to:) is a call, not a touch: put it in the scroll view's 'gestures:'"])
        let entries = try entries(of: node, schema, key: key, example: example)
        guard entries.count == 1, let entry = entries.first else {
            throw SceneError(.invalidValue, at: location(node), "each item of '\(key)' is one gesture (\(Suggestions.list(kinds, conjunction: "or")))",
                             suggestion: "write each gesture as its own item: \(example)")
        }
        var tracker = KeyTracker()
        let value = entry.value
        switch try check(entry, schema, &tracker) {
        case "pan":
            return .pan(try decodeGesture(value, key: "pan", typed: false))
        case "pinch":
            return try decodePinch(value)
        case "fingers":
            return try decodeFingers(value)
        case "doubleTap":
            let tapEntries = try self.entries(of: value, MapSchema(what: "'doubleTap'", keys: Self.doubleTapKeys, required: ["at", "time"],
                                                          synonyms: ["point": "at", "location": "at", "center": "at", "begin": "time", "start": "time"]),
                                      key: "doubleTap", example: "doubleTap: {at: [195, 422], time: 1.2}")
            var p = Point.zero, t = 0.0
            for e in tapEntries {
                if e.name == "at" {
                    let v = try numbers(e.value, "at", counts: [2], shape: "[x, y]", example: "at: [195, 422]")
                    try checkCoordinates(v, e.value, "at", sizesFrom: 2)
                    p = Point(x: v[0], y: v[1])
                } else {
                    t = try gestureTime(e.value, "time")
                }
            }
            return ScrollGesture.doubleTap(at: p, time: t, location: location(value))
        case "setZoomScale":
            let schema = MapSchema(what: "'setZoomScale'", keys: Self.setZoomScaleKeys, required: ["scale", "time"],
                                   synonyms: ["zoomScale": "scale", "to": "scale", "at": "time", "begin": "time"])
            let callEntries = try self.entries(of: value, schema, key: "setZoomScale", example: "setZoomScale: {scale: 2, time: 1, animated: true}")
            var scale = 1.0, t = 0.0, animated = true
            var tracker = KeyTracker()
            for e in callEntries {
                switch try check(e, schema, &tracker) {
                case "scale": scale = try number(e.value, "scale", in: 0 ... 1000, excludingLower: true, what: "greater than 0", example: "scale: 2")
                case "time": t = try gestureTime(e.value, "time")
                default: animated = try bool(e.value, "animated")
                }
            }
            return .setZoomScale(time: t, scale: scale, animated: animated, location: location(value))
        default:
            let schema = MapSchema(what: "'zoomTo'", keys: Self.zoomToKeys, required: ["rect", "time"],
                                   synonyms: ["frame": "rect", "at": "time", "begin": "time"])
            let callEntries = try self.entries(of: value, schema, key: "zoomTo", example: "zoomTo: {rect: [100, 200, 160, 120], time: 1, animated: true}")
            var rect = Rect(x: 0, y: 0, width: 1, height: 1), t = 0.0, animated = true
            var tracker = KeyTracker()
            for e in callEntries {
                switch try check(e, schema, &tracker) {
                case "rect":
                    let v = try numbers(e.value, "rect", counts: [4], shape: "[x, y, width, height] in the zoomed view's points",
                                        example: "rect: [100, 200, 160, 120]")
                    try checkCoordinates(v, e.value, "rect", sizesFrom: 2)
                    guard v[2] > 0, v[3] > 0 else {
                        throw rangeError(e.value, "the rect of 'zoomTo' needs a width and a height greater than 0", "write it like rect: [100, 200, 160, 120]")
                    }
                    rect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
                case "time": t = try gestureTime(e.value, "time")
                default: animated = try bool(e.value, "animated")
                }
            }
            return .zoomTo(time: t, rect: rect, animated: animated, location: location(value))
        }
    }

    private func gestureTime(_ node: Node, _ key: String) throws(SceneError) -> Double {
        let t = try seconds(node, key)
        guard t >= 0, t <= Limits.seconds else {
            throw rangeError(node, "'\(key)' must be between 0 and \(Quote.number(Limits.seconds)) seconds, found \(numberText(node))",
                             "times are seconds from the start of the scene")
        }
        return t
    }

    /// `pinch: {center: [x, y], from: 1, to: 2.5, begin: 0.3, duration: 0.5, release: 1.0}`.
    func decodePinch(_ node: Node) throws(SceneError) -> ScrollGesture {
        let example = "pinch: {center: [195, 422], from: 1, to: 2, begin: 0.2, duration: 0.5}"
        let schema = MapSchema(what: "'pinch'", keys: Self.pinchKeys, required: ["center", "to", "duration"],
                               synonyms: ["centroid": "center", "centre": "center", "at": "center", "location": "center",
                                          "fromScale": "from", "toScale": "to", "scale": "to", "start": "begin", "time": "begin",
                                          "lift": "release", "end": "release", "distance": "span", "spread": "span", "direction": "angle"],
                               elsewhere: ["points": "a pinch's fingers follow from center, from, to and duration; for tracks of your own write fingers: [{points: …}, {points: …}]"])
        let entries = try entries(of: node, schema, key: "pinch", example: example)
        var tracker = KeyTracker()
        var center = Point.zero, from = 1.0, to = 1.0, duration = 0.0, span = 120.0, angle = Double.pi / 4
        var begin: Double?, release: Double?
        var releaseEntry: Entry?
        for entry in entries {
            let value = entry.value
            let key = try check(entry, schema, &tracker)
            switch key {
            case "center":
                let v = try numbers(value, "center", counts: [2], shape: "[x, y]", example: "center: [195, 422]")
                try checkCoordinates(v, value, "center", sizesFrom: 2)
                center = Point(x: v[0], y: v[1])
            case "from", "to":
                let v = try number(value, key, in: 0 ... 100, excludingLower: true,
                                   what: "greater than 0 (the fingers' spread, as a multiple of 'span')", example: "\(key): \(key == "from" ? 1 : 2)")
                if key == "from" { from = v } else { to = v }
            case "begin": begin = try gestureTime(value, "begin")
            case "release": release = try gestureTime(value, "release"); releaseEntry = entry
            case "duration":
                duration = try seconds(value, "duration")
                guard duration > 0, duration <= Limits.seconds else {
                    throw rangeError(value, "'duration' of a pinch must be greater than 0 seconds, found \(numberText(value))", "write it like duration: 0.5")
                }
            case "span":
                span = try number(value, "span", in: 1 ... 10_000, what: "between 1 and 10000 points", example: "span: 120")
            default:
                angle = try self.angle(value, "angle")
            }
        }
        // Begin given: the fingers move from it and lift at 'release' (default: when they stop).
        // Only release given: the motion ends as they lift.
        let start: Double
        if let begin { start = begin } else if let release { start = release - duration } else {
            throw SceneError(.missingKey, at: location(node), "'pinch' needs 'begin' (when the fingers touch down) or 'release' (when they lift)",
                             suggestion: "add begin: 0.2")
        }
        let lift = release ?? start + duration
        if start < 0 {
            throw rangeError(releaseEntry?.value ?? node, "the pinch would touch down at \(Quote.number(start)) s, before the scene starts",
                             "give 'begin', or a 'release' later than 'duration'")
        }
        if lift < start + duration - 1e-9, let releaseEntry {
            throw rangeError(releaseEntry.value, "'release' (\(Quote.number(lift)) s) comes before the pinch has moved for its \(Quote.number(duration)) s",
                             "release at \(Quote.number(start + duration)) s or later")
        }
        let (a, b) = ScrollGesture.pinchFingers(center: center, from: from, to: to, begin: start, duration: duration, release: lift,
                                                span: span, angle: angle, location: location(node))
        return .pinch(a, b)
    }

    /// `fingers: [{points: …}, {points: …}]`: two tracks touching down and lifting together.
    func decodeFingers(_ node: Node) throws(SceneError) -> ScrollGesture {
        let example = "fingers: [{points: [[0.2, 150, 380], [0.6, 100, 330]]}, {points: [[0.2, 240, 470], [0.6, 290, 520]]}]"
        guard case let .sequence(items) = node, items.count == 2 else {
            throw typeError(node, expected: "a list of two fingers", for: "fingers", example: example)
        }
        let a = try decodeGesture(items[0], key: "fingers", typed: false)
        let b = try decodeGesture(items[1], key: "fingers", typed: false)
        let (a0, a1) = (a.samples.first!.time, a.samples.last!.time)
        let (b0, b1) = (b.samples.first!.time, b.samples.last!.time)
        if abs(a0 - b0) > 1e-9 || abs(a1 - b1) > 1e-9 {
            throw rangeError(items[1], "the two fingers of a pinch must touch down together and lift together: the first is down from \(Quote.number(a0)) to \(Quote.number(a1)) s, the second from \(Quote.number(b0)) to \(Quote.number(b1)) s",
                             "start both tracks at the same time and end them at the same time")
        }
        return .pinch(a, b)
    }

    /// Checks a scroll view's zoom against its sublayers once they are decoded.
    func checkZoomView(_ scroll: ScrollSpec, sublayers: [LayerSpec]) throws(SceneError) {
        guard let zoom = scroll.zoom else {
            if let zoomCall = scroll.gestures.first(where: { if case .pan = $0 { return false }; return true }) {
                throw SceneError(.invalidValue, at: zoomCall.location, "this gesture zooms, but the scroll view has no 'zoom:'",
                                 suggestion: "add zoom: {min: 1, max: 3} under 'scroll:'")
            }
            return
        }
        let at = zoom.location ?? scroll.location
        if let id = zoom.view {
            guard sublayers.contains(where: { $0.id == id }) else {
                throw SceneError(.reference, at: at, "the zoomed view '\(Quote.name(id))' is not a sublayer of the scroll view",
                                 suggestion: sublayers.isEmpty ? "add the view to zoom under 'sublayers:'"
                                     : Suggestions.best(for: id, among: sublayers.map(\.id)).map { "did you mean '\($0)'?" }
                                     ?? "sublayers are \(Suggestions.list(sublayers.map(\.id), conjunction: "and"))")
            }
        } else if sublayers.isEmpty {
            throw SceneError(.missingKey, at: at, "a zooming scroll view needs the view to zoom (viewForZooming) as a sublayer",
                             suggestion: "add it under 'sublayers:', e.g. - {id: photo, frame: [0, 0, 1200, 800], contents: photo.png}")
        }
    }
}
