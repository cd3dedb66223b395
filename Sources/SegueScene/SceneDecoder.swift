// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry

/// Turns Yams' node tree into a validated `Scene`, reporting the first problem in file order.
package final class SceneDecoder: ValueReader {
    package let baseDirectory: String
    /// Layer ids found by a lenient pre-pass, so animations may name layers written later.
    private(set) var knownLayerIDs: [String] = []
    private(set) var knownLayerIDSet: Set<String> = []
    /// Where each layer id was defined, for duplicate detection.
    private var definedIDs: [String: SourceLocation] = [:]

    package init(file: String, baseDirectory: String, source: String) {
        self.baseDirectory = baseDirectory
        super.init(file: file, source: source)
    }

    // MARK: - Schemas

    package static let topSchema = MapSchema(
        what: "the top level of the scene",
        keys: ["version", "canvas", "duration", "layers", "animations", "interaction", "touches"],
        required: ["canvas"],
        synonyms: ["layer": "layers", "animation": "animations", "length": "duration", "sublayers": "layers",
                   "interactive": "interaction", "interactiveTransition": "interaction", "groups": "animations",
                   "touch": "touches", "fingers": "touches", "showTouches": "touches"],
        elsewhere: [
            "size": "'size' belongs under 'canvas:'", "scale": "'scale' belongs under 'canvas:'",
            "fps": "'fps' belongs under 'canvas:'", "background": "'background' belongs under 'canvas:'",
            "backgroundColor": "the canvas colour is 'background' under 'canvas:'",
            "gesture": "'gesture' belongs under 'interaction:' (interaction: {gesture: {…}, progress: …})",
            "progress": "'progress' belongs under 'interaction:', next to 'gesture:'",
            "finishWhen": "'finishWhen' belongs under 'interaction:', next to 'gesture:'",
            "completionCurve": "'completionCurve' belongs under 'interaction:', next to 'gesture:'",
            "completionSpeed": "'completionSpeed' belongs under 'interaction:', next to 'gesture:'",
            "group": "a keyframe group is an item of 'animations:' (- group: {duration: …, keyframes: […]})",
            "keyframes": "'keyframes' belongs in an item of 'animations:'",
            "scroll": "'scroll' belongs to a layer (the scroll view), under 'layers:'",
            "drag": "a scroll view's 'drag' belongs under the layer's 'scroll:'",
        ])

    package static let canvasSchema = MapSchema(
        what: "the canvas",
        keys: ["size", "scale", "fps", "background"],
        required: ["size"],
        synonyms: ["backgroundColor": "background", "color": "background", "colour": "background",
                   "frameRate": "fps", "framerate": "fps", "framesPerSecond": "fps", "contentScale": "scale",
                   "contentsScale": "scale", "screenScale": "scale", "dimensions": "size"],
        elsewhere: ["duration": "'duration' belongs at the top level, next to 'canvas:'",
                    "width": "write the canvas size as size: [width, height]",
                    "height": "write the canvas size as size: [width, height]"])

    package static let layerKeys = ["id", "frame", "bounds", "position", "anchorPoint", "zPosition", "transform",
                            "sublayerTransform", "opacity", "hidden", "backgroundColor", "cornerRadius",
                            "masksToBounds", "borderWidth", "borderColor", "doubleSided", "allowsEdgeAntialiasing", "contents",
                            "contentsGravity", "text", "scroll", "snapshotSize", "shadowColor", "shadowOpacity", "shadowRadius",
                            "shadowOffset", "shadowPath", "cornerCurve", "maskedCorners"]
                            + shapeLayerKeys + gradientLayerKeys + ["blur", "contentsRect", "mask", "beginTime", "interaction", "sublayers"]
    package static let layerSynonyms = [
        "alpha": "opacity", "isHidden": "hidden", "clipsToBounds": "masksToBounds", "isDoubleSided": "doubleSided",
        "center": "position", "anchor": "anchorPoint", "subviews": "sublayers", "children": "sublayers",
        "layers": "sublayers", "image": "contents", "name": "id", "zIndex": "zPosition", "radius": "cornerRadius",
        "backgroundColour": "backgroundColor", "borderColour": "borderColor", "gravity": "contentsGravity",
        "label": "text", "string": "text", "scrollView": "scroll", "UIScrollView": "scroll",
        "shadowColour": "shadowColor", "shadowAlpha": "shadowOpacity", "shadowBlur": "shadowRadius",
    ]
    package static let layerElsewhere = [
        "size": "set the size with frame: [x, y, width, height] or bounds: [width, height]",
        "x": "set the place with frame: [x, y, width, height] or position: [x, y]",
        "y": "set the place with frame: [x, y, width, height] or position: [x, y]",
        "width": "set the size with frame: [x, y, width, height] or bounds: [width, height]",
        "height": "set the size with frame: [x, y, width, height] or bounds: [width, height]",
        "rotation": "rotate with transform: [{rotate: 30deg}]",
        "scale": "scale with transform: [{scale: 1.2}]",
        "font": "fonts are set inside text: {string: …, font: …, size: …}",
        "contentSize": "'contentSize' belongs under 'scroll:' (scroll: {contentSize: [w, h]})",
        "contentOffset": "'contentOffset' belongs under 'scroll:'",
        "paging": "'paging' belongs under 'scroll:'", "isPagingEnabled": "'paging' belongs under 'scroll:'",
        "decelerationRate": "'decelerationRate' belongs under 'scroll:'", "bounces": "'bounces' belongs under 'scroll:'",
        "drag": "'drag' belongs under 'scroll:'", "snap": "'snap' belongs under 'scroll:'",
        "zoom": "'zoom' belongs under 'scroll:' (scroll: {zoom: {min: 1, max: 3}})", "gestures": "'gestures' belongs under 'scroll:'",
        "keyPath": "animations are listed under the top-level 'animations:', not in a layer",
        "animations": "animations are listed under the top-level 'animations:', not in a layer",
    ]

    package static let textSchemaKeys = ["string", "font", "size", "weight", "color", "alignment"]
    package static let textSynonyms = ["text": "string", "fontFamily": "font", "fontName": "font", "family": "font",
                               "fontSize": "size", "pointSize": "size", "fontWeight": "weight", "textColor": "color",
                               "colour": "color", "foregroundColor": "color", "textAlignment": "alignment", "align": "alignment"]

    package static let animationSchemaKeys = ["layer", "keyPath", "from", "to", "begin", "duration", "timing", "keyframes",
                                      "speed", "timeOffset", "repeatCount", "autoreverses", "fillMode", "additive"]
    package static let animationSynonyms = [
        "fromValue": "from", "toValue": "to", "beginTime": "begin", "delay": "begin", "start": "begin",
        "key": "keyPath", "property": "keyPath", "target": "layer", "layerID": "layer", "layerId": "layer",
        "id": "layer", "timingFunction": "timing", "curve": "timing", "easing": "timing", "length": "duration",
        "repeat": "repeatCount", "repeats": "repeatCount", "repetitions": "repeatCount", "autoreverse": "autoreverses",
        "isAdditive": "additive", "fill": "fillMode", "offset": "timeOffset", "rate": "speed", "playbackRate": "speed",
        "keyFrames": "keyframes",
    ]
    package static let animationElsewhere: [String: String] = {
        var hints = [
            "byValue": "'by' values are not part of format v1; give 'from' and 'to'",
            "by": "'by' values are not part of format v1; give 'from' and 'to'",
            "isRemovedOnCompletion": "write fillMode: removed for an animation that is removed at its end (the default, hold, keeps its end value)",
            "removedOnCompletion": "write fillMode: removed for an animation that is removed at its end (the default, hold, keeps its end value)",
            "options": "'options' belong to a keyframe group: - group: {duration: …, options: […], keyframes: […]}",
            "set": "'set' belongs to a keyframe of a group: - group: {duration: …, keyframes: [{start: 0, duration: 1, set: {…}}]}",
            "repeatDuration": "give the number of repetitions as 'repeatCount'",
        ]
        for key in keyframesKeys where key != "values" {
            hints[key] = "'\(key)' belongs under 'keyframes:' (keyframes: {values: […], \(key): …})"
        }
        hints["values"] = "'values' belongs under 'keyframes:' (keyframes: {values: […]})"
        for key in springKeys where key != "duration" {
            hints[key] = "spring parameters go in the timing: timing: {spring: {\(key): …}}"
        }
        hints["steps"] = "steps are a timing: timing: {steps: 4}"
        return hints
    }()
    package static let fillModeNames = FillMode.allCases.map(\.rawValue)

    package static let timingNames: [String] = {
        let preferred = ["default", "linear", "easeIn", "easeOut", "easeInEaseOut",
                         "curveLinear", "curveEaseIn", "curveEaseOut", "curveEaseInOut"]
        let present = preferred.filter { TimingCurve.named[$0] != nil }
        return present + TimingCurve.named.keys.filter { !present.contains($0) }.sorted()
    }()

    package static let keyPathSynonyms = [
        "alpha": "opacity", "center": "position", "center.x": "position.x", "center.y": "position.y",
        "position.X": "position.x", "size": "bounds.size", "bounds": "bounds.size",
        "transform.rotation": "transform.rotation.z", "rotation": "transform.rotation.z",
        "rotation.x": "transform.rotation.x", "rotation.y": "transform.rotation.y", "rotation.z": "transform.rotation.z",
        "scale": "transform.scale", "isHidden": "hidden", "backgroundColour": "backgroundColor",
        "translation.x": "transform.translation.x", "translation.y": "transform.translation.y",
        "contentOffset": "bounds.origin", "zIndex": "zPosition", "borderColour": "borderColor",
        "transform.matrix": "transform", "matrix": "transform", "bounds.position": "bounds.origin",
    ]

    // MARK: - Scene

    /// The most errors one file reports (in file order) before the decoder stops looking.
    public static let errorLimit = 20
    /// Errors found so far in layers, animations and top-level keys that the decoder stepped
    /// over to keep looking.
    private var collected: [SceneError] = []
    /// Set once the limit is reached: the error then travelling up is the collection itself.
    private var collectionIsFull = false

    /// Runs `body`; a problem in it is kept (and `fallback` returned) so the decoder can go on to
    /// the next layer, animation or key. At the limit, everything kept so far is thrown.
    private func collecting<T>(_ fallback: T, _ body: () throws(SceneError) -> T) throws(SceneError) -> T {
        do {
            return try body()
        } catch {
            if collectionIsFull { throw error }
            collected.append(contentsOf: error.all)
            if collected.count >= Self.errorLimit {
                collectionIsFull = true
                throw collectedErrors()
            }
            return fallback
        }
    }

    /// The kept errors as one, in file order.
    private func collectedErrors() -> SceneError {
        var sorted = collected.enumerated().sorted { a, b in
            let l = a.element.location, r = b.element.location
            if let l, let r, (l.line, l.column) != (r.line, r.column) { return (l.line, l.column) < (r.line, r.column) }
            return a.offset < b.offset
        }.map(\.element)
        sorted = Array(sorted.prefix(Self.errorLimit))
        var first = sorted.removeFirst()
        first.more = sorted
        return first
    }

    package func decodeScene(_ root: Node?) throws(SceneError) -> Scene {
        guard let root else {
            throw SceneError(.missingKey, at: SourceLocation(file: file, line: 1, column: 1),
                             "the scene file is empty; it needs at least a 'canvas:' with a 'size:'",
                             suggestion: "start with: canvas: {size: [390, 844]}")
        }
        guard case let .mapping(map) = root else {
            throw SceneError(.invalidValue, at: location(root),
                             "expected a map with 'canvas', 'layers' and 'animations' at the top of the scene, found \(describe(root))",
                             suggestion: "start with: canvas: {size: [390, 844]}")
        }
        collectLayerIDs(map)
        let hasAnimations = map.contains { entry in
            guard entry.key.scalar?.string == "animations" else { return false }
            if case let .sequence(seq) = entry.value { return !seq.isEmpty }
            return !isNull(entry.value)
        }

        let entries = try entries(of: root, Self.topSchema, key: "scene", example: "canvas: {size: [390, 844]}")
        var tracker = KeyTracker()
        var canvas: Canvas?
        var canvasLocation: SourceLocation?
        var duration: Double?
        var durationNode: Node?
        var layers: [LayerSpec] = []
        var animations: [AnimationSpec] = []
        var groups: [KeyframeGroupSpec] = []
        var interaction: InteractionSpec?
        var touches: [GestureSpec] = []
        for entry in entries {
          try collecting(()) { () throws(SceneError) in
            switch try check(entry, Self.topSchema, &tracker) {
            case "version":
                let v = try number(entry.value, "version", example: "version: 1")
                guard v == 1 else {
                    throw rangeError(entry.value, "this Segue reads scene format version 1, the file says version \(numberText(entry.value))",
                                     "write version: 1, or remove the line")
                }
            case "canvas":
                canvas = try decodeCanvas(entry.value)
                canvasLocation = location(entry.key)
            case "duration":
                let d = try seconds(entry.value, "duration")
                if d < 0 || d == 0 && hasAnimations {
                    throw rangeError(entry.value,
                                     "'duration' must be greater than 0\(hasAnimations ? "" : " (or 0 for a still)"), found \(numberText(entry.value))",
                                     hasAnimations ? "give the scene's length in seconds, or remove 'duration:' to end with the last animation"
                                                   : "give the scene's length in seconds, e.g. duration: 1")
                }
                duration = d
                durationNode = entry.value
            case "layers":
                layers = try decodeLayerList(entry.value, key: "layers")
            case "animations":
                (animations, groups) = try decodeAnimations(entry.value)
            case "interaction":
                if !isNull(entry.value) { interaction = try decodeInteraction(entry.value) }
            case "touches":
                if !isNull(entry.value) { touches = try decodeTouches(entry.value) }
            default:
                break
            }
          }
        }
        if collected.isEmpty {
            _ = try collecting(()) { () throws(SceneError) in try checkPathMorphs(animations, layers: layers) }
            _ = try collecting(()) { () throws(SceneError) in try checkGroupPathMorphs(groups, layers: layers) }
            _ = try collecting(()) { () throws(SceneError) in try checkGradientMorphs(animations, layers: layers) }
        }
        if !collected.isEmpty { throw collectedErrors() }
        guard let canvas else {
            // Unreachable: 'canvas' is required by the schema.
            throw SceneError(.missingKey, at: location(root), "the scene is missing the required key 'canvas'")
        }
        if duration == 0, let durationNode {
            // A still cannot show a gesture either.
            let layerInteraction = Self.hasLayerInteraction(layers)
            let what = interaction != nil || layerInteraction ? "an interaction" : "a scroll view's drag"
            if interaction != nil || layerInteraction || Self.hasDrag(layers) {
                throw rangeError(durationNode, "'duration' must be greater than 0: the scene has \(what), which needs time to run",
                                 "remove 'duration:' to end when everything has run, or give the scene's length in seconds")
            }
        }
        // An endlessly repeating animation counts one cycle.
        let end = (animations.map(\.naturalEnd) + groups.map(\.end)).max() ?? 0
        var scene = Scene(file: file, canvas: canvas, duration: duration ?? end, durationIsExplicit: duration != nil,
                          layers: layers, animations: animations, groups: groups, interaction: interaction, touches: touches)
        scene.canvasLocation = canvasLocation
        scene.warnings = warnings
        return scene
    }

    /// Gathers layer ids without validating anything (errors are found by the real pass).
    private func collectLayerIDs(_ root: Node.Mapping) {
        var budget = Limits.values
        var stack: [Node] = root.compactMap { $0.key.scalar?.string == "layers" ? $0.value : nil }
        while let node = stack.popLast(), budget > 0 {
            guard case let .sequence(seq) = node else { continue }
            for item in seq {
                budget -= 1
                guard budget > 0, case let .mapping(layer) = item else { continue }
                for (k, v) in layer {
                    if k.scalar?.string == "id", case let .scalar(s) = v, !isNull(v), !knownLayerIDSet.contains(s.string) {
                        knownLayerIDs.append(s.string)
                        knownLayerIDSet.insert(s.string)
                    } else if k.scalar?.string == "sublayers" {
                        stack.append(v)
                    } else if k.scalar?.string == "mask", case .mapping = v {
                        stack.append(.sequence(.init([v])))
                    }
                }
            }
        }
    }

    // MARK: - Canvas

    private func decodeCanvas(_ node: Node) throws(SceneError) -> Canvas {
        let schema = Self.canvasSchema
        let entries = try entries(of: node, schema, key: "canvas", example: "canvas: {size: [390, 844], scale: 2, fps: 60}")
        let scaleWritten = entries.contains { $0.name == "scale" }
        var tracker = KeyTracker()
        var canvas = Canvas(size: .zero)
        var size: (Size, Node)?
        var scale: (Double, Node)?
        for entry in entries {
            switch try check(entry, schema, &tracker) {
            case "size":
                let v = try numbers(entry.value, "size", counts: [2], shape: "[width, height]", example: "size: [390, 844]")
                for (i, element) in (entry.value.sequence ?? []).enumerated() where v[i] <= 0 || v[i] > Limits.pixels {
                    throw rangeError(element, "the canvas \(i == 0 ? "width" : "height") must be greater than 0 and at most \(Int(Limits.pixels)) points, found \(numberText(element))",
                                     "give the size in points, like size: [390, 844] for an iPhone screen")
                }
                size = (Size(width: v[0], height: v[1]), entry.value)
                canvas.size = Size(width: v[0], height: v[1])
                if scale != nil || !scaleWritten { try checkPixels(size: size, scale: scale) }
            case "scale":
                let v = try number(entry.value, "scale", in: 0 ... 8, excludingLower: true, what: "greater than 0 and at most 8", example: "scale: 2")
                scale = (v, entry.value)
                canvas.scale = v
                if size != nil { try checkPixels(size: size, scale: scale) }
            case "fps":
                canvas.fps = try number(entry.value, "fps", in: 1 ... 240, what: "between 1 and 240", example: "fps: 60")
            case "background":
                canvas.background = try color(entry.value, "background")
            default:
                break
            }
        }
        return canvas
    }

    /// Refuses frames more than 16384 pixels a side (or less than one pixel).
    private func checkPixels(size: (Size, Node)?, scale: (Double, Node)?) throws(SceneError) {
        guard let (points, sizeNode) = size else { return }
        let factor = scale?.0 ?? 2
        let w = points.width * factor, h = points.height * factor
        let defaultFits = points.width * 2 <= Limits.pixels && points.height * 2 <= Limits.pixels
        let blamed = scale.map { defaultFits ? $0.1 : sizeNode } ?? sizeNode
        let described = "\(Quote.number(points.width)) × \(Quote.number(points.height)) points at scale \(Quote.number(factor))"
        if w > Limits.pixels || h > Limits.pixels {
            let maxScale = (Limits.pixels / max(points.width, points.height) * 100).rounded(.down) / 100
            throw rangeError(blamed,
                             "the canvas would be \(Quote.number(w.rounded())) × \(Quote.number(h.rounded())) pixels (\(described)); frames are limited to \(Int(Limits.pixels)) pixels a side",
                             "use a smaller size, or a scale of at most \(Quote.number(maxScale))")
        }
        if w.rounded() < 1 || h.rounded() < 1 {
            throw rangeError(blamed, "the canvas would be less than 1 pixel \(w.rounded() < 1 ? "wide" : "high") (\(described))",
                             "use a larger size or scale")
        }
    }

    // MARK: - Layers

    /// Sublayers may nest this deep (a real view hierarchy is a few dozen levels at most).
    package static let maximumLayerDepth = 200

    private func decodeLayerList(_ node: Node, key: String, depth: Int = 0) throws(SceneError) -> [LayerSpec] {
        if isNull(node) { return [] }
        guard case let .sequence(seq) = node else {
            throw typeError(node, expected: "a list of layers", for: key, example: "\(key): [{id: card, frame: [0, 0, 100, 100]}]")
        }
        var layers: [LayerSpec] = []
        for item in seq {
            if let layer = try collecting(nil, { () throws(SceneError) in try decodeLayer(item, depth: depth) }) { layers.append(layer) }
        }
        return layers
    }

    private func decodeLayer(_ node: Node, depth: Int) throws(SceneError) -> LayerSpec {
        if depth >= Self.maximumLayerDepth {
            throw rangeError(node, "layers are nested more than \(Self.maximumLayerDepth) levels deep here",
                             "flatten the layer tree; Core Animation hierarchies are rarely more than a few dozen levels deep")
        }
        var sublayersFailed = false
        var what = "a layer"
        if case let .mapping(map) = node,
           let idNode = map.first(where: { $0.key.scalar?.string == "id" })?.value, case let .scalar(s) = idNode, !isNull(idNode) {
            what = "layer '\(Quote.name(s.string))'"
        }
        let schema = MapSchema(what: what, keys: Self.layerKeys, required: ["id"],
                               synonyms: Self.layerSynonyms, elsewhere: Self.layerElsewhere)
        let entries = try entries(of: node, schema, key: "layers", example: "- {id: card, frame: [0, 0, 100, 100]}")
        var tracker = KeyTracker()
        var layer = LayerSpec(id: "", location: location(node))
        layer.origin = provenance(node)
        layer.valueOrigins = provenances(node).filter { $0.key != "id" }
        var frame: (Rect, Entry)?
        var boundsEntry: Entry?, positionEntry: Entry?
        var contentsPath: String?, contentsLocation: SourceLocation?
        var gravity = ContentsGravity.resize
        var boundsOriginEntry: Entry?, contentOffsetKey: Node?
        var gradientColorsNode: Node?, gradientLocationsNode: Node?
        for entry in entries {
            let key = try check(entry, schema, &tracker)
            let value = entry.value
            switch key {
            case "id":
                let id = try string(value, "id", example: "id: card")
                guard !id.isEmpty else { throw rangeError(value, "a layer id cannot be empty", "write it like id: card") }
                if let first = definedIDs[id] {
                    var error = SceneError(.reference, at: location(value),
                                           "layer id '\(Quote.name(id))' is used twice: first at \(first), again here",
                                           suggestion: "give each layer its own id")
                    error.relatedLocation = first
                    throw error
                }
                definedIDs[id] = location(value)
                layer.id = id
            case "frame":
                if let other = boundsEntry ?? positionEntry { throw conflict(entry, other) }
                let v = try numbers(value, "frame", counts: [4], shape: "[x, y, width, height]", example: "frame: [0, 0, 390, 844]")
                try checkCoordinates(v, value, "frame", sizesFrom: 2)
                frame = (Rect(x: v[0], y: v[1], width: v[2], height: v[3]), entry)
            case "bounds":
                if let other = frame?.1 { throw conflict(entry, other) }
                boundsEntry = entry
                let v = try numbers(value, "bounds", counts: [2, 4], shape: "[x, y, width, height] or [width, height]", example: "bounds: [0, 0, 200, 100]")
                try checkCoordinates(v, value, "bounds", sizesFrom: v.count - 2)
                layer.bounds = v.count == 4 ? Rect(x: v[0], y: v[1], width: v[2], height: v[3]) : Rect(x: 0, y: 0, width: v[0], height: v[1])
                if v.count == 4 { boundsOriginEntry = entry }
            case "position":
                if let other = frame?.1 { throw conflict(entry, other) }
                positionEntry = entry
                let v = try numbers(value, "position", counts: [2], shape: "[x, y]", example: "position: [195, 422]")
                try checkCoordinates(v, value, "position", sizesFrom: 2)
                layer.position = Point(x: v[0], y: v[1])
            case "anchorPoint":
                let v = try numbers(value, "anchorPoint", counts: [2], shape: "[x, y]", example: "anchorPoint: [0.5, 0.5]")
                for (i, element) in (value.sequence ?? []).enumerated() where abs(v[i]) > Limits.anchorPoint {
                    throw rangeError(element, "item \(i + 1) of 'anchorPoint' must be between -\(Int(Limits.anchorPoint)) and \(Int(Limits.anchorPoint)), found \(numberText(element))",
                                     "the anchor point is in units of the layer's size: [0, 0] is the top-left corner, [1, 1] the bottom-right")
                }
                layer.anchorPoint = Point(x: v[0], y: v[1])
            case "zPosition":
                layer.zPosition = try coordinate(value, "zPosition", example: "zPosition: 1")
            case "transform":
                layer.transform = try decodeTransform(value, key: "transform")
            case "sublayerTransform":
                layer.sublayerTransform = try decodeTransform(value, key: "sublayerTransform")
            case "opacity":
                layer.opacity = try number(value, "opacity", in: 0 ... 1, what: "between 0 and 1", example: "opacity: 0.5")
            case "hidden":
                layer.hidden = try bool(value, "hidden")
            case "backgroundColor":
                layer.backgroundColor = try color(value, "backgroundColor")
            case "cornerRadius":
                layer.cornerRadius = try length(value, "cornerRadius", example: "cornerRadius: 16")
            case "masksToBounds":
                layer.masksToBounds = try bool(value, "masksToBounds")
            case "borderWidth":
                layer.borderWidth = try length(value, "borderWidth", example: "borderWidth: 1")
            case "borderColor":
                layer.borderColor = try color(value, "borderColor")
            case "doubleSided":
                layer.doubleSided = try bool(value, "doubleSided")
            case "allowsEdgeAntialiasing":
                layer.allowsEdgeAntialiasing = try bool(value, "allowsEdgeAntialiasing")
            case "snapshotSize":
                let v = try numbers(value, "snapshotSize", counts: [2], shape: "[width, height]", example: "snapshotSize: [390, 844]")
                guard v[0] > 0, v[1] > 0 else {
                    throw rangeError(value, "'snapshotSize' must be greater than zero in both directions", "write the size the content was laid out at: snapshotSize: [390, 844]")
                }
                layer.snapshotSize = Size(width: v[0], height: v[1])
            case "contents":
                contentsPath = try imagePath(value)
                contentsLocation = location(value)
            case "contentsGravity":
                let name = try name(value, "contentsGravity", among: ContentsGravity.allCases.map(\.rawValue),
                                    synonyms: ["scaleToFill": "resize", "scaleAspectFit": "resizeAspect", "scaleAspectFill": "resizeAspectFill",
                                               "aspectFit": "resizeAspect", "aspectFill": "resizeAspectFill", "fill": "resize"],
                                    what: "contents gravity")
                gravity = ContentsGravity(rawValue: name) ?? .resize
            case "text":
                layer.text = try decodeText(value)
            case "shadowColor":
                layer.shadow.color = try color(value, "shadowColor")
            case "shadowOpacity":
                layer.shadow.opacity = try number(value, "shadowOpacity", in: 0 ... 1, what: "between 0 and 1", example: "shadowOpacity: 0.3")
            case "shadowRadius":
                layer.shadow.radius = try length(value, "shadowRadius", example: "shadowRadius: 10")
            case "shadowOffset":
                layer.shadow.offset = try shadowOffset(value, "shadowOffset")
            case "shadowPath":
                layer.shadow.path = try decodePath(value, key: "shadowPath")
            case "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
                 "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd":
                var shape = layer.shape ?? ShapeSpec()
                try decodeShapeKey(key, value, into: &shape)
                layer.shape = shape
            case "colors", "locations", "startPoint", "endPoint", "type":
                var gradient = layer.gradient ?? GradientSpec()
                try decodeGradientKey(key, value, into: &gradient)
                layer.gradient = gradient
                if key == "colors" { gradientColorsNode = value }
                if key == "locations" { gradientLocationsNode = value }
            case "blur":
                layer.blur = try blurEffect(value, "blur")
            case "contentsRect":
                let v = try numbers(value, "contentsRect", counts: [4], shape: "[x, y, width, height] in the unit space of the contents",
                                    example: "contentsRect: [0, 0, 0.5, 1]")
                try checkCoordinates(v, value, "contentsRect", sizesFrom: 2)
                guard v[2] > 0, v[3] > 0 else {
                    throw rangeError(value, "'contentsRect' must have a width and a height greater than zero",
                                     "write the part of the contents to show, like contentsRect: [0, 0, 0.5, 1] for the left half")
                }
                layer.contentsRect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
            case "mask":
                // `mask: b` reads like a reference to layer b; a mask is a layer of its own, written here.
                if case let .scalar(text) = value, !isNull(value) {
                    let reference = knownLayerIDs.contains(text.string)
                        ? "; a mask is a layer of its own, not a reference to the layer '\(Quote.name(text.string))'" : ""
                    throw valueError(value, key: "mask", "expected a layer (a map) for 'mask', found \(describe(value))\(reference)",
                                     suggestion: "write the mask layer in place, like mask: {frame: [0, 0, 100, 100], backgroundColor: \"#000000\"}")
                }
                if !isNull(value) {
                    let errorsBefore = collected.count
                    layer.maskLayers = try decodeLayerList(.sequence(.init([value], value.tag, .any, value.mark)), key: "mask", depth: depth + 1)
                    if collected.count > errorsBefore { sublayersFailed = true }
                }
            case "cornerCurve":
                let name = try name(value, "cornerCurve", among: CornerCurve.allCases.map(\.rawValue),
                                    synonyms: ["squircle": "continuous", "smooth": "continuous", "circle": "circular", "round": "circular"],
                                    prefixes: ["kCACornerCurve", "CALayerCornerCurve."], what: "corner curve")
                layer.cornerStyle.curve = CornerCurve(rawValue: name) ?? .circular
            case "maskedCorners":
                layer.cornerStyle.masked = try maskedCorners(value)
            case "scroll":
                let scroll = try decodeScroll(value, layer: what)
                contentOffsetKey = value.mapping?.first { $0.key.scalar?.string == "contentOffset" }?.key
                layer.scroll = scroll
            case "beginTime":
                layer.beginTime = try number(value, "beginTime", in: 0 ... Limits.seconds, what: "between 0 and \(Int(Limits.seconds)) seconds",
                                             example: "beginTime: 1.5")
            case "interaction":
                layer.interaction = try decodeInteraction(value)
            case "sublayers":
                let errorsBefore = collected.count
                layer.sublayers = try decodeLayerList(value, key: "sublayers", depth: depth + 1)
                sublayersFailed = collected.count > errorsBefore
            default:
                break
            }
        }
        if let (rect, _) = frame {
            layer.bounds = Rect(x: 0, y: 0, width: rect.width, height: rect.height)
            layer.position = Point(x: rect.minX + layer.anchorPoint.x * rect.width, y: rect.minY + layer.anchorPoint.y * rect.height)
        }
        if let gradient = layer.gradient {
            try checkGradient(gradient, colorsNode: gradientColorsNode, locationsNode: gradientLocationsNode, layer: what)
        }
        if let contentsPath, let contentsLocation {
            layer.contents = ImageContents(path: contentsPath, gravity: gravity, location: contentsLocation)
        }
        layer.snapshotGravity = gravity
        // A sublayer with its own error is missing here; checking the rest against it would only
        // report a consequence of that error.
        if let scroll = layer.scroll, !sublayersFailed { try checkZoomView(scroll, sublayers: layer.sublayers) }
        if var scroll = layer.scroll {
            // A scroll view's bounds origin is its content offset.
            if let contentOffsetKey {
                if let boundsOriginEntry, layer.bounds.origin != .zero, layer.bounds.origin != scroll.contentOffset {
                    var error = SceneError(.invalidValue, at: location(contentOffsetKey),
                                           "the 'contentOffset' in 'scroll' differs from the origin of 'bounds' (given at \(location(boundsOriginEntry.key))); in a scroll view they are the same thing",
                                           suggestion: "give the offset once, as contentOffset, and write bounds: [width, height]")
                    error.relatedLocation = location(boundsOriginEntry.key)
                    throw error
                }
                layer.bounds.origin = scroll.contentOffset
            } else {
                scroll.contentOffset = layer.bounds.origin
                layer.scroll = scroll
            }
        }
        return layer
    }

    private func conflict(_ entry: Entry, _ other: Entry) -> SceneError {
        let otherName = other.name ?? "?"
        var error = SceneError(.invalidValue, at: location(entry.key),
                               "'\(entry.name ?? "?")' cannot be combined with '\(otherName)' (given at \(location(other.key))): 'frame' sets the layer's bounds and position together",
                               suggestion: "use either frame: [x, y, width, height], or bounds: [width, height] with position: [x, y]")
        error.relatedLocation = location(other.key)
        return error
    }

    /// Coordinates within ±1e6; items from `sizesFrom` on are sizes and must not be negative.
    package func checkCoordinates(_ values: [Double], _ node: Node, _ key: String, sizesFrom: Int) throws(SceneError) {
        let elements = node.sequence.map(Array.init) ?? []
        for (i, v) in values.enumerated() where i < elements.count {
            if abs(v) > Limits.coordinate {
                throw rangeError(elements[i], "item \(i + 1) of '\(key)' must be between -\(Quote.number(Limits.coordinate)) and \(Quote.number(Limits.coordinate)) points, found \(numberText(elements[i]))")
            }
            if i >= sizesFrom, v < 0 {
                throw rangeError(elements[i], "the \(i == sizesFrom ? "width" : "height") in '\(key)' cannot be negative, found \(numberText(elements[i]))",
                                 "give the origin as the top-left corner and a positive size")
            }
        }
    }

    /// `contents:` — an image file, resolved against the scene's directory; it must exist.
    private func imagePath(_ node: Node) throws(SceneError) -> String {
        let written = try string(node, "contents", example: "contents: images/card.png")
        guard !written.isEmpty else { throw rangeError(node, "'contents' is an empty path", "write it like contents: images/card.png") }
        let expanded = written.hasPrefix("~/") ? NSString(string: written).expandingTildeInPath : written
        let url = expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded)
            : URL(fileURLWithPath: baseDirectory).appendingPathComponent(expanded)
        let path = url.standardizedFileURL.path
        var isDirectory: ObjCBool = false
        let fm = FileManager.default
        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
                throw SceneError(.io, at: location(node), "the image '\(Quote.name(written))' is a directory (\(path))",
                                 suggestion: "name an image file inside it")
            }
            if !fm.isReadableFile(atPath: path) {
                throw SceneError(.io, at: location(node), "the image '\(Quote.name(written))' cannot be read: permission denied (\(path))",
                                 suggestion: "check the file's permissions")
            }
            return path
        }
        var suggestion = written.hasPrefix("/") ? "check the path" : "relative paths are resolved from the scene file's folder, \(baseDirectory)"
        let folder = url.standardizedFileURL.deletingLastPathComponent().path
        if let names = try? fm.contentsOfDirectory(atPath: folder), names.count <= 10_000,
           let best = Suggestions.best(for: url.lastPathComponent, among: names.sorted()) {
            let rewritten = (written as NSString).deletingLastPathComponent
            suggestion = "did you mean '\(rewritten.isEmpty ? best : rewritten + "/" + best)'?"
        }
        throw SceneError(.io, at: location(node), "the image '\(Quote.name(written))' does not exist (looked for \(path))", suggestion: suggestion)
    }

    private func decodeText(_ node: Node) throws(SceneError) -> TextSpec {
        if case .scalar = node, !isNull(node) {
            return TextSpec(string: try string(node, "text", example: "text: Hello"))
        }
        guard case .mapping = node else {
            throw typeError(node, expected: "a string or a map {string, font, size, weight, color, alignment}", for: "text",
                            example: "text: {string: \"Hello\", size: 17, weight: semibold}")
        }
        let schema = MapSchema(what: "'text'", keys: Self.textSchemaKeys, required: ["string"], synonyms: Self.textSynonyms)
        let entries = try entries(of: node, schema, key: "text", example: "text: {string: \"Hello\"}")
        var tracker = KeyTracker()
        var text = TextSpec(string: "")
        for entry in entries {
            let value = entry.value
            switch try check(entry, schema, &tracker) {
            case "string":
                text.string = try string(value, "string", example: "string: \"Hello\"")
            case "font":
                let family = try string(value, "font", example: "font: \"Noto Sans\"")
                guard !family.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw rangeError(value, "'font' is an empty font family name", "write it like font: \"Noto Sans\", or leave it out for \(TextSpec.defaultFontFamily)")
                }
                text.fontFamily = family
            case "size":
                text.fontSize = try number(value, "size", in: 0 ... Limits.fontSize, excludingLower: true,
                                           what: "greater than 0 and at most \(Int(Limits.fontSize)) points", example: "size: 17")
            case "weight":
                if case let .scalar(s) = value, let n = Self.number(in: s.string),
                   let weight = FontWeight.allCases.first(where: { Double($0.numericValue) == n }) {
                    throw SceneError(.invalidValue, at: location(value), "expected a weight name for 'weight', found the number \(Quote.name(s.string))",
                                     suggestion: "write weight: \(weight.rawValue)")
                }
                let name = try name(value, "weight", among: FontWeight.allCases.map(\.rawValue),
                                    synonyms: ["normal": "regular", "semiBold": "semibold", "extraBold": "heavy", "ultraBold": "heavy", "extraLight": "ultraLight", "hairline": "ultraLight"],
                                    what: "font weight")
                text.weight = FontWeight(rawValue: name) ?? .regular
            case "color":
                text.color = try color(value, "color")
            case "alignment":
                let name = try name(value, "alignment", among: TextAlignment.allCases.map(\.rawValue),
                                    synonyms: ["centre": "center", "centered": "center", "leading": "natural", "trailing": "right", "justify": "justified"],
                                    what: "alignment")
                text.alignment = TextAlignment(rawValue: name) ?? .natural
            default:
                break
            }
        }
        return text
    }

    // MARK: - Transforms

    package static let rotateKeys = ["angle", "axis"]
    package static let operationNames = ["perspective", "rotate", "rotateX", "rotateY", "rotateZ", "translate", "scale", "matrix"]
    package static let operationSynonyms = ["rotation": "rotate", "translation": "translate", "translate3d": "translate",
                                    "scale3d": "scale", "rotate3d": "rotate", "m34": "perspective", "transform": "matrix"]

    /// A list of operations composed like successive CATransform3DTranslate/Scale/Rotate calls:
    /// `M = concat(op, M)` for each, so the last operation acts on the layer's points first.
    package func decodeTransform(_ node: Node, key: String) throws(SceneError) -> Transform3D {
        let example = "\(key): [{perspective: 500}, {rotate: {angle: -90deg, axis: [0, 1, 0]}}]"
        var operations: [Node]
        switch node {
        case let .sequence(seq):
            operations = Array(seq)
        case let .mapping(map):
            if map.count > 1 {
                let names = map.compactMap { $0.key.scalar?.string }
                throw SceneError(.invalidValue, at: location(node),
                                 "'\(key)' is a map with \(map.count) operations (\(Suggestions.list(names))), so their order is unclear",
                                 suggestion: "write a list, one operation per item, in the order you would call CATransform3D functions: \(example)")
            }
            operations = map.isEmpty ? [] : [node]
        case let .scalar(s):
            if s.string == "identity" { return .identity }
            throw typeError(node, expected: "a list of transform operations", for: key, example: example)
        }
        var m = Transform3D.identity
        for op in operations {
            try tick(op)
            m = Transform3D.concat(try decodeOperation(op, key: key), m)
        }
        guard m.rowMajor.allSatisfy({ $0.isFinite && abs($0) <= 1e12 }) else {
            throw rangeError(node, "the operations in '\(key)' multiply to a matrix with numbers too large to draw",
                             "use smaller scale factors or translations")
        }
        return m
    }

    private func decodeOperation(_ node: Node, key: String) throws(SceneError) -> Transform3D {
        let example = "- rotate: 30deg"
        guard case let .mapping(map) = node else {
            throw typeError(node, expected: "a transform operation (a map such as {rotate: 30deg})", for: key, example: example)
        }
        let schema = MapSchema(what: "'\(key)'", keys: Self.operationNames, synonyms: Self.operationSynonyms)
        guard map.count == 1, let (k, value) = map.first else {
            let names = map.compactMap { $0.key.scalar?.string }
            throw SceneError(.invalidValue, at: location(node),
                             map.isEmpty ? "an item of '\(key)' is an empty map; expected one operation"
                                         : "an item of '\(key)' has \(map.count) operations (\(Suggestions.list(names))); each item holds exactly one",
                             suggestion: "split them into separate items, in the order they apply: - rotate: 30deg / - scale: 1.2")
        }
        var tracker = KeyTracker()
        let entry = Entry(name: k.scalar.flatMap { isNull(k) ? nil : $0.string }, key: k, value: value)
        switch try check(entry, schema, &tracker) {
        case "perspective":
            let d = try number(value, "perspective", in: 0 ... Double.greatestFiniteMagnitude, excludingLower: true,
                               what: "a distance greater than 0 (m34 = -1/distance)", example: "perspective: 500")
            return .perspective(d)
        case "rotate":
            if case .mapping = value {
                let rotateSchema = MapSchema(what: "'rotate'", keys: Self.rotateKeys, required: ["angle"], synonyms: ["by": "angle", "radians": "angle", "degrees": "angle"])
                var angle = 0.0
                var axis = [0.0, 0.0, 1.0]
                var rotateTracker = KeyTracker()
                for e in try entries(of: value, rotateSchema, key: "rotate", example: "rotate: {angle: -90deg, axis: [0, 1, 0]}") {
                    switch try check(e, rotateSchema, &rotateTracker) {
                    case "angle":
                        angle = try self.angle(e.value, "angle")
                    case "axis":
                        axis = try numbers(e.value, "axis", counts: [3], shape: "[x, y, z]", example: "axis: [0, 1, 0]")
                        try checkCoordinates(axis, e.value, "axis", sizesFrom: 3)
                        guard axis.contains(where: { $0 != 0 }) else {
                            throw rangeError(e.value, "the rotation axis [0, 0, 0] has no direction", "use [0, 0, 1] to turn in the screen's plane, [0, 1, 0] for a vertical axis")
                        }
                    default:
                        break
                    }
                }
                return .rotation(angle, axis[0], axis[1], axis[2])
            }
            return .rotation(try angle(value, "rotate"), 0, 0, 1)
        case "rotateX":
            return .rotation(try angle(value, "rotateX"), 1, 0, 0)
        case "rotateY":
            return .rotation(try angle(value, "rotateY"), 0, 1, 0)
        case "rotateZ":
            return .rotation(try angle(value, "rotateZ"), 0, 0, 1)
        case "translate":
            let v = try numbers(value, "translate", counts: [2, 3], shape: "[x, y] or [x, y, z]", example: "translate: [0, 100]")
            try checkCoordinates(v, value, "translate", sizesFrom: 3)
            return .translation(v[0], v[1], v.count == 3 ? v[2] : 0)
        case "scale":
            if case .scalar = value {
                let s = try coordinate(value, "scale", example: "scale: 1.2")
                return .scale(s, s, 1)
            }
            let v = try numbers(value, "scale", counts: [2, 3], shape: "[x, y] or [x, y, z]", example: "scale: [1.2, 1.2]")
            try checkCoordinates(v, value, "scale", sizesFrom: 3)
            return .scale(v[0], v[1], v.count == 3 ? v[2] : 1)
        case "matrix":
            let v = try numbers(value, "matrix", counts: [16], shape: "[m11, m12, m13, m14, m21, …, m44]",
                                example: "matrix: [1, 0, 0, 0,  0, 1, 0, 0,  0, 0, 1, -0.002,  0, 0, 0, 1]")
            try checkCoordinates(v, value, "matrix", sizesFrom: 16)
            return Transform3D(m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                               m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
        default:
            return .identity
        }
    }

    // MARK: - Animations

    private func decodeAnimations(_ node: Node) throws(SceneError) -> ([AnimationSpec], [KeyframeGroupSpec]) {
        if isNull(node) { return ([], []) }
        guard case let .sequence(seq) = node else {
            throw typeError(node, expected: "a list of animations", for: "animations",
                            example: "animations: [{layer: card, keyPath: opacity, from: 1, to: 0, duration: 0.3}]")
        }
        var animations: [AnimationSpec] = []
        var groups: [KeyframeGroupSpec] = []
        for (index, item) in seq.enumerated() {
            if case let .mapping(map) = item, map.contains(where: { $0.key.scalar?.string == "group" }) {
                if let group = try collecting(nil, { () throws(SceneError) in try decodeGroupItem(item, number: index + 1) }) { groups.append(group) }
            } else {
                if let animation = try collecting(nil, { () throws(SceneError) in try decodeAnimation(item, number: index + 1) }) {
                    animations.append(animation)
                }
            }
        }
        return (animations, groups)
    }

    private func decodeAnimation(_ node: Node, number index: Int) throws(SceneError) -> AnimationSpec {
        // A spring gives its own duration, so 'duration' is only required without one.
        var springTiming = false
        if case let .mapping(map) = node, let timing = map.first(where: { $0.key.scalar?.string == "timing" })?.value {
            springTiming = looksLikeSpring(timing)
        }
        let schema = MapSchema(what: "animation \(index)", keys: Self.animationSchemaKeys,
                               required: springTiming ? ["layer", "keyPath"] : ["layer", "keyPath", "duration"],
                               synonyms: Self.animationSynonyms, elsewhere: Self.animationElsewhere)
        let entries = try entries(of: node, schema, key: "animations",
                                  example: "- {layer: card, keyPath: opacity, from: 1, to: 0, duration: 0.3}")
        let valueKeys = ["from", "to", "keyframes"]
        if !entries.contains(where: { valueKeys.contains($0.name ?? "") }) {
            // A misspelt 'from'/'to'/'keyframes' is better reported as the unknown key it is.
            // So is a keyframe key written outside 'keyframes:'.
            for entry in entries {
                guard let name = entry.name, !schema.keys.contains(name) else { continue }
                if Suggestions.best(for: name, among: valueKeys, synonyms: schema.synonyms.filter { valueKeys.contains($0.value) }) != nil
                    || Self.keyframesKeys.contains(name) {
                    throw unknownKey(entry, schema)
                }
            }
            throw SceneError(.missingKey, at: location(node), "animation \(index) has neither 'from' nor 'to' (nor 'keyframes')",
                             suggestion: "give 'from', 'to' or both; a missing one means the layer's own value (or give keyframes: {values: […]})")
        }
        // The key path decides how values are read, wherever it is written in the map.
        var keyPath: AnimatableKeyPath?
        if let entry = entries.first(where: { $0.name == "keyPath" }), case let .scalar(s) = entry.value {
            keyPath = AnimatableKeyPath(rawValue: s.string.trimmingCharacters(in: .whitespaces))
        }
        var tracker = KeyTracker()
        var spec = AnimationSpec(layerID: "", keyPath: .opacity, from: nil, to: nil, duration: 0, location: location(node))
        spec.origin = provenance(node)
        var valueEntry: Entry?, keyframesEntry: Entry?, timingEntry: Entry?, durationEntry: Entry?
        let keyframesWhy = "a keyframe animation takes all its values from 'keyframes: {values: […]}'"
        for entry in entries {
            let value = entry.value
            switch try check(entry, schema, &tracker) {
            case "layer":
                let id = try string(value, "layer", example: "layer: card")
                guard knownLayerIDSet.contains(id) else { throw unknownLayer(id, value, index) }
                spec.layerID = id
            case "keyPath":
                let names = AnimatableKeyPath.allCases.map(\.rawValue)
                let name = try name(value, "keyPath", among: names, synonyms: Self.keyPathSynonyms, what: "key path")
                keyPath = AnimatableKeyPath(rawValue: name)
            case "from", "to":
                if let keyframesEntry { throw combination(entry, keyframesEntry, keyframesWhy) }
                valueEntry = valueEntry ?? entry
                // Without a valid key path the value cannot be checked; the key path's own
                // error is reported when its entry is reached.
                if let keyPath {
                    let v = try animationValue(value, entry.name ?? "", keyPath)
                    if entry.name == "from" { spec.from = v } else { spec.to = v }
                }
            case "keyframes":
                if let valueEntry { throw combination(entry, valueEntry, keyframesWhy) }
                keyframesEntry = entry
                if let keyPath { spec.keyframes = try decodeKeyframes(value, keyPath: keyPath, animation: index) }
            case "begin":
                spec.begin = try seconds(value, "begin")
                if spec.begin < 0 { throw rangeError(value, "'begin' cannot be negative, found \(numberText(value))", "write begin: 0 to start with the scene") }
            case "duration":
                durationEntry = entry
                spec.duration = try seconds(value, "duration")
                if spec.duration <= 0 {
                    throw rangeError(value, "'duration' of animation \(index) must be greater than 0 seconds, found \(numberText(value))",
                                     "write it like duration: 0.35")
                }
            case "timing":
                timingEntry = entry
                spec.timing = try decodeTiming(value)
            case "speed":
                spec.speed = try number(value, "speed", in: 0 ... 1000, excludingLower: true,
                                        what: "greater than 0 (and at most 1000)", example: "speed: 2")
            case "timeOffset":
                spec.timeOffset = try seconds(value, "timeOffset")
                if spec.timeOffset < 0 {
                    throw rangeError(value, "'timeOffset' cannot be negative, found \(numberText(value))", "write it like timeOffset: 0.1")
                }
            case "repeatCount":
                spec.repeatCount = try repeatCount(value)
            case "autoreverses":
                spec.autoreverses = try bool(value, "autoreverses")
            case "fillMode":
                let name = try name(value, "fillMode", among: Self.fillModeNames,
                                    synonyms: ["forward": "forwards", "backward": "backwards", "remove": "removed", "none": "removed",
                                               "fillForwards": "forwards", "fillBackwards": "backwards", "keep": "hold"],
                                    prefixes: ["kCAFillMode", "CAMediaTimingFillMode."], what: "fill mode")
                spec.fillMode = FillMode(rawValue: name) ?? .hold
            case "additive":
                spec.additive = try bool(value, "additive")
            default:
                break
            }
        }
        guard let keyPath else {
            // Unreachable: a missing or unknown key path has thrown above.
            throw SceneError(.missingKey, at: location(node), "animation \(index) is missing the required key 'keyPath'")
        }
        spec.keyPath = keyPath
        if spec.keyframes != nil {
            if case .spring = spec.timing, let timingEntry, let keyframesEntry {
                let (later, earlier) = location(timingEntry.key).line > location(keyframesEntry.key).line
                    || location(timingEntry.key).line == location(keyframesEntry.key).line && location(timingEntry.key).column > location(keyframesEntry.key).column
                    ? (timingEntry, keyframesEntry) : (keyframesEntry, timingEntry)
                throw combination(later, earlier, "a spring (CASpringAnimation) animates from one value to another, not through keyframes")
            }
            // CAKeyframeAnimation's own default curve is linear.
            if timingEntry == nil { spec.timing = .linear }
        }
        if durationEntry == nil {
            guard case let .spring(spring) = spec.timing, let timingEntry else {
                throw SceneError(.missingKey, at: location(node), "animation \(index) is missing the required key 'duration'",
                                 suggestion: "add duration: 0.3 (seconds); only an animation with a spring timing may leave it out")
            }
            let natural = spring.naturalDuration
            guard natural.isFinite, natural > 0, natural <= Limits.seconds else {
                let takes = natural.isFinite && natural < 1e9 ? "about \(Quote.number(natural.rounded())) seconds" : "practically forever"
                throw rangeError(timingEntry.value, "this spring takes \(takes) to settle (longer than the \(Quote.number(Limits.seconds))-second limit), and animation \(index) gives no 'duration'",
                                 "give the animation a 'duration:' of its own, or a spring with more damping or stiffness")
            }
            spec.duration = natural
        }
        // Repetition and speed must keep the animation within the time limit.
        let active = spec.activeDuration.isFinite ? spec.activeDuration : spec.cycleDuration / spec.speed
        if !(active <= Limits.seconds) {
            let blamed = entries.last(where: { ["repeatCount", "speed", "autoreverses"].contains($0.name ?? "") }) ?? durationEntry ?? timingEntry
            let described = "duration \(Quote.number(spec.duration))" + (spec.autoreverses ? " × 2 (autoreverses)" : "")
                + (spec.repeatCount.isFinite && spec.repeatCount != 1 ? " × repeatCount \(Quote.number(spec.repeatCount))" : "")
                + (spec.speed != 1 ? " ÷ speed \(Quote.number(spec.speed))" : "")
            throw rangeError(blamed?.value ?? node, "animation \(index) would run for \(Quote.number(active.rounded())) seconds (\(described)); an animation is limited to \(Quote.number(Limits.seconds)) seconds",
                             "use a smaller repeatCount or duration, or a larger speed")
        }
        return spec
    }

    /// `repeatCount`: a number greater than 0, or `inf` to repeat until the scene ends.
    private func repeatCount(_ node: Node) throws(SceneError) -> Double {
        if case let .scalar(s) = node {
            let text = s.string.trimmingCharacters(in: .whitespaces).lowercased()
            if ["inf", "+inf", ".inf", "+.inf", "infinity", "+infinity", ".infinity", "float.infinity", "huge_valf",
                ".greatestfinitemagnitude", "greatestfinitemagnitude"].contains(text) { return .infinity }
        }
        // The message names the bound the value broke: a huge count is over the upper limit.
        let value = try number(node, "repeatCount", example: "repeatCount: 2")
        if value > 1_000_000 {
            throw rangeError(node, "'repeatCount' must be at most 1,000,000, found \(numberText(node))",
                             "write repeatCount: inf to repeat until the scene ends")
        }
        return try number(node, "repeatCount", in: 0 ... 1_000_000, excludingLower: true,
                          what: "greater than 0 (or inf to repeat until the scene ends)", example: "repeatCount: 2")
    }

    /// Whether a layer in the tree is a scroll view with a scripted drag.
    static func hasLayerInteraction(_ layers: [LayerSpec]) -> Bool {
        layers.contains { $0.interaction != nil || hasLayerInteraction($0.sublayers) }
    }

    package static func hasDrag(_ layers: [LayerSpec]) -> Bool {
        layers.contains { $0.scroll?.drag != nil || $0.scroll?.gestures.isEmpty == false || hasDrag($0.sublayers) }
    }

    private func unknownLayer(_ id: String, _ node: Node, _ index: Int) -> SceneError {
        SceneError(.reference, at: location(node), "animation \(index) targets layer '\(Quote.name(id))', but no layer has that id",
                   suggestion: layerSuggestion(id))
    }

    /// "did you mean …?" for an unknown layer id, or the ids there are.
    package func layerSuggestion(_ id: String) -> String {
        if let best = Suggestions.best(for: id, among: knownLayerIDs) {
            return "did you mean '\(best)'?"
        } else if knownLayerIDs.isEmpty {
            return "add a layer with this id under 'layers:'"
        } else if knownLayerIDs.count <= 12 {
            return "the layer ids are " + Suggestions.list(knownLayerIDs)
        } else {
            return "check the spelling against the 'id:' of your layers"
        }
    }

    package func animationValue(_ node: Node, _ key: String, _ keyPath: AnimatableKeyPath) throws(SceneError) -> AnimationValue {
        switch keyPath.valueKind {
        case .number:
            switch keyPath {
            case .opacity:
                return .number(try number(node, key, in: 0 ... 1, what: "between 0 and 1 for opacity", example: "\(key): 0.5"))
            case .cornerRadius:
                return .number(try length(node, key, example: "\(key): 16"))
            case .borderWidth:
                return .number(try length(node, key, example: "\(key): 1"))
            case .shadowOpacity:
                return .number(try number(node, key, in: 0 ... 1, what: "between 0 and 1 for shadowOpacity", example: "\(key): 0.3"))
            case .shadowRadius:
                return .number(try length(node, key, example: "\(key): 10"))
            case .lineWidth:
                return .number(try length(node, key, example: "\(key): 2"))
            case .strokeStart, .strokeEnd:
                return .number(try number(node, key, in: 0 ... 1, what: "between 0 and 1 for \(keyPath.rawValue)", example: "\(key): 0.5"))
            default:
                return .number(try coordinate(node, key, example: "\(key): 1"))
            }
        case .angle:
            return .number(try angle(node, key))
        case .point:
            let v = try numbers(node, key, counts: [2], shape: "[x, y] for \(keyPath.rawValue)", example: "\(key): [195, 422]")
            try checkCoordinates(v, node, key, sizesFrom: 2)
            return .point(Point(x: v[0], y: v[1]))
        case .size where keyPath == .shadowOffset:
            return .size(try shadowOffset(node, key))
        case .path:
            return .path(try decodePath(node, key: key))
        case .blur:
            return .blur(try blurEffect(node, key))
        case .colors:
            return .colors(try gradientColors(node, key))
        case .numbers:
            return .numbers(try gradientLocations(node, key))
        case .size:
            let v = try numbers(node, key, counts: [2], shape: "[width, height] for \(keyPath.rawValue)", example: "\(key): [300, 200]")
            try checkCoordinates(v, node, key, sizesFrom: 0)
            return .size(Size(width: v[0], height: v[1]))
        case .rect:
            let v = try numbers(node, key, counts: [4], shape: "[x, y, width, height] for \(keyPath.rawValue)", example: "\(key): [0, 0, 390, 844]")
            try checkCoordinates(v, node, key, sizesFrom: 2)
            return .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .color:
            return .color(try color(node, key))
        case .bool:
            return .bool(try bool(node, key))
        case .transform:
            return .transform(try decodeTransform(node, key: key))
        }
    }
}
