// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry
import SegueScene
import SegueTimeline

/// Expands `screens:`, `transition:` and `timeline:` into ordinary layers, animations, keyframe
/// groups and an interaction, at the level of the YAML tree, before the scene is decoded. The
/// timeline never sees a preset: a preset scene and its hand-written expansion are the same
/// scene. Generated nodes carry the marks of the nodes they came from, so problems are reported
/// at real places in the file. See docs/presets.md.
public enum PresetExpander {
    /// The top-level keys presets add to the scene format.
    public static let topKeys = ["screens", "transition", "timeline"]
    static let topSynonyms = ["screen": "screens", "transitions": "transition", "preset": "transition", "presets": "transition",
                              "sequence": "timeline", "steps": "timeline", "storyboard": "timeline"]

    /// The scene tree with presets expanded (the tree itself when it uses none).
    /// `warnings` gets the expansion's warnings (old parameter names, …), in file order.
    /// `readFiles` gets the files the expansion read (Swift animators); a thrown error carries them.
    static func expand(_ root: Node?, file: String, source: String, baseDirectory: String,
                       warnings: inout [SceneWarning], readFiles: inout [String]) throws(SceneError) -> Node? {
        guard let root, case let .mapping(map) = root else { return root }
        // A misspelt preset key would otherwise be reported against the core format's keys.
        for (key, _) in map {
            guard let name = key.scalar?.string, !topKeys.contains(name), !SceneDecoder.topSchema.keys.contains(name),
                  SceneDecoder.topSchema.synonyms[name] == nil, SceneDecoder.topSchema.elsewhere[name] == nil,
                  Suggestions.best(for: name, among: SceneDecoder.topSchema.keys, synonyms: SceneDecoder.topSchema.synonyms) == nil,
                  let best = Suggestions.best(for: name, among: topKeys, synonyms: topSynonyms) else { continue }
            let reader = PresetReader(file: file, source: source)
            throw SceneError(.unknownKey, at: reader.location(key), "unknown key '\(Quote.name(name))' at the top level of the scene",
                             suggestion: "did you mean '\(best)'?")
        }
        guard map.contains(where: { topKeys.contains($0.key.scalar?.string ?? "") }) else { return root }
        let reader = PresetReader(file: file, source: source)
        reader.baseDirectory = baseDirectory // zoomGallery reads its image's size
        reader.sceneText = source // a step on its own time is decoded alone to find when it settles
        let expanded: Node
        do throws(SceneError) {
            expanded = try reader.expandScene(map, root: root)
        } catch {
            var failure = error
            failure.readFiles = reader.readFiles
            throw failure
        }
        warnings += reader.warnings
        readFiles += reader.readFiles
        return expanded
    }

    /// The expanded scene as YAML text: what `segue expand` prints.
    public static func expandedText(path: String) throws(SceneError) -> String {
        let text = try SceneLoader.readText(path: path)
        let root = try SceneLoader.compose(text, file: path)
        var warnings: [SceneWarning] = [] // reported when the scene is loaded
        var readFiles: [String] = []
        guard let expanded = try expand(root, file: path, source: text,
                                        baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                        warnings: &warnings, readFiles: &readFiles) else { return "" }
        do {
            let (plain, notes) = ProvenanceComments.strip(expanded)
            let text = try Yams.serialize(node: plain, width: 160, allowUnicode: true, sortKeys: false)
            return ProvenanceComments.annotate(unescapeAstralCharacters(text), notes: notes)
        } catch {
            throw SceneError(.invalidValue, at: nil, "the expanded scene could not be written as YAML: \(error)")
        }
    }
}

/// libyaml writes characters beyond U+FFFF (emoji) in double-quoted strings as `\UXXXXXXXX`;
/// put them back as themselves so the expansion reads like the scene it came from.
func unescapeAstralCharacters(_ text: String) -> String {
    var out = ""
    var scalars = Array(text.unicodeScalars)[...]
    var previousBackslashes = 0
    while let c = scalars.first {
        if c == "\\", previousBackslashes % 2 == 0, scalars.count >= 10, scalars[scalars.startIndex + 1] == "U" {
            let hex = String(String.UnicodeScalarView(scalars[(scalars.startIndex + 2) ..< (scalars.startIndex + 10)]))
            if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                out.unicodeScalars.append(scalar)
                scalars = scalars.dropFirst(10)
                previousBackslashes = 0
                continue
            }
        }
        previousBackslashes = c == "\\" ? previousBackslashes + 1 : 0
        out.unicodeScalars.append(c)
        scalars = scalars.dropFirst()
    }
    return out
}

/// One transition or hold of a scene, expanded.
struct StepOutput {
    var layers: [Node] = []
    var animations: [Node] = []
    var interaction: Node?
    /// Fingers to draw with `--show-touches` (`touches:` items) that drive nothing themselves.
    var touches: [Node] = []
    /// How long the step runs (the transition's duration, or the gesture's end).
    var duration: Double = 0
    /// The step runs on its own time: every time in it (its fingers', its animations') is from
    /// the step's start, not the scene's, whatever `PresetContext.begin` says. In a timeline its
    /// layers go under a layer whose `beginTime` is the step's start, which also carries the
    /// step's `interaction` (it drives only the step's animations), and the step lasts until
    /// its motion settles. Presets with a scripted finger set it; a step with an interaction
    /// is always on its own time.
    var ownClock = false
}

/// The context a preset expands in.
struct PresetContext {
    var canvas: Size
    var screens: [ScreenDef]
    /// Prepended to every generated layer id (empty for a single transition).
    var prefix: String
    /// When the transition starts, in scene seconds.
    var begin: Double
}

final class PresetReader: ValueReader {
    /// The sections of the last accordion step, which later steps of a timeline reuse.
    var lastAccordionSections: Node?
    var lastAccordionTitle: Node?
    /// The card a semiModal present's swipes ended on: a later dismiss step starts from it.
    var lastSemiModalCard: Int?
    /// The places already warned that a screen's load does not play in a transition.
    var warnedLoads: Set<String> = []
    /// Where relative image paths are resolved from (the scene file's folder).
    var baseDirectory = "."
    /// The scene file's text, for errors found while decoding a step alone.
    var sceneText = ""
    /// Files read while expanding (Swift animator sources), absolute, in the order read.
    var readFiles: [String] = []
    static let timelineStepKeys = ["transition", "hold", "duration"]
    static let presetNames = ["flip", "edgeSwipeBack", "push", "pop", "cardSnap", "semiModal", "fullscreen", "accordion", "zoomGallery", "photoPager", "storyPager"]

    func expandScene(_ map: Node.Mapping, root: Node) throws(SceneError) -> Node {
        var canvas = Size(width: 390, height: 844)
        if let size = root.value(forKey: "canvas")?.value(forKey: "size")?.sequence, size.count == 2,
           let w = size[0].scalar.flatMap({ Self.number(in: $0.string) }), let h = size[1].scalar.flatMap({ Self.number(in: $0.string) }),
           w > 0, h > 0, w <= Limits.pixels, h <= Limits.pixels {
            canvas = Size(width: w, height: h)
        }
        var screens: [ScreenDef] = []
        var transitionNode: Node?, timelineNode: Node?
        var seen: [String: SourceLocation] = [:]
        for (key, value) in map {
            if let name = key.scalar?.string, PresetExpander.topKeys.contains(name) {
                if let first = seen[name] {
                    throw SceneError(.syntax, at: location(key), "duplicate key '\(name)' in the top level of the scene: it was already given at \(first)",
                                     suggestion: "keep only one '\(name):'").with(related: first)
                }
                seen[name] = location(key)
            }
            switch key.scalar?.string {
            case "screens": screens = try decodeScreens(value)
            case "transition":
                if let t = timelineNode {
                    throw SceneError(.invalidValue, at: location(key), "the scene has both 'timeline' (at \(location(t))) and 'transition'",
                                     suggestion: "put the transition in the timeline: timeline: [{transition: {…}}, {hold: 0.6}]")
                }
                transitionNode = value
            case "timeline":
                if let t = transitionNode {
                    throw SceneError(.invalidValue, at: location(key), "the scene has both 'transition' (at \(location(t))) and 'timeline'",
                                     suggestion: "put the transition in the timeline: timeline: [{transition: {…}}, {hold: 0.6}]")
                }
                timelineNode = value
            default: break
            }
        }
        let b = NodeBuilder(at: root)
        var layers: [Node] = []
        var animations: [Node] = []
        var interaction: Node?
        var touches: [Node] = []
        var total = 0.0
        if let transitionNode {
            let ctx = PresetContext(canvas: canvas, screens: screens, prefix: "", begin: 0)
            var previous: (String, String)?
            let out = try expandTransition(transitionNode, ctx, previous: &previous)
            layers = out.layers; animations = out.animations; interaction = out.interaction; total = out.duration
            touches = out.touches
        } else if let timelineNode {
            (layers, animations, touches, total) = try expandTimeline(timelineNode, canvas: canvas, screens: screens, root: root)
        } else if let first = screens.first {
            // The screen on its own: it loads at 0, so its fading cells and its scroll play.
            layers = [try screenLayer(first, id: first.name, frame: Rect(x: 0, y: 0, width: canvas.width, height: canvas.height), loading: true)]
            animations = try screenLoadAnimations(first, id: first.name, canvas: canvas, load: 0)
        }

        // The scene with the preset keys replaced by what they stand for; the user's own
        // layers go on top and their animations after the generated ones.
        var pairs: [(Node, Node)] = []
        var sawLayers = false, sawAnimations = false, sawDuration = false, sawTouches = false
        for (key, value) in map {
            switch key.scalar?.string {
            case "screens", "transition", "timeline": continue
            case "layers":
                sawLayers = true
                pairs.append((key, b.list(layers + (value.sequence.map(Array.init) ?? (isNull(value) ? [] : [value])))))
                if value.sequence == nil && !isNull(value) { pairs[pairs.count - 1] = (key, value) } // let the decoder report it
            case "animations":
                sawAnimations = true
                if let seq = value.sequence { pairs.append((key, b.list(animations + Array(seq)))) }
                else if isNull(value) { pairs.append((key, b.list(animations))) }
                else { pairs.append((key, value)) }
            case "interaction":
                if let interaction, !isNull(value) {
                    throw SceneError(.invalidValue, at: location(key), "the scene's transition is already interactive (its preset drives it with a gesture)",
                                     suggestion: "remove 'interaction:', or change the gesture with the preset's own parameters (e.g. points:)")
                        .with(related: location(interaction))
                }
                pairs.append((key, value))
            case "duration":
                sawDuration = true
                pairs.append((key, value))
            case "touches":
                sawTouches = true
                if let seq = value.sequence { pairs.append((key, b.list(touches + Array(seq)))) }
                else if isNull(value) { pairs.append((key, b.list(touches))) }
                else { pairs.append((key, value)) }
            default:
                pairs.append((key, value))
            }
        }
        if !sawLayers && !layers.isEmpty { pairs.append((b.plain("layers"), b.list(layers))) }
        if !sawAnimations && !animations.isEmpty { pairs.append((b.plain("animations"), b.list(animations))) }
        if !sawTouches && !touches.isEmpty { pairs.append((b.plain("touches"), b.list(touches))) }
        if let interaction { pairs.append((b.plain("interaction"), interaction)) }
        // A Swift animator's transition lasts until completeTransition, not its last change (SwiftTransition.swift).
        let swiftTransition = transitionNode?.value(forKey: "swift") != nil
        if !sawDuration, timelineNode != nil || swiftTransition, total > 0 { pairs.append((b.plain("duration"), b.number(total))) }
        return .mapping(.init(pairs, .implicit, .block, root.mark))
    }

    // MARK: - Timeline

    func expandTimeline(_ node: Node, canvas: Size, screens: [ScreenDef], root: Node) throws(SceneError) -> ([Node], [Node], [Node], Double) {
        guard case let .sequence(steps) = node, !steps.isEmpty else {
            throw typeError(node, expected: "a list of steps", for: "timeline",
                            example: "timeline: [{transition: {preset: flip, direction: present}}, {hold: 0.6}]")
        }
        /// `clock`: when a step on its own time starts (StepOutput.ownClock).
        /// `stop`: when the step's own length ends (a hold after it extends `end`, not `stop`).
        struct Window { var begin: Double; var end: Double; var stop: Double; var out: StepOutput; var node: Node; var clock: Double? }
        var windows: [Window] = []
        var t = 0.0
        var previous: (String, String)?
        for (i, step) in steps.enumerated() {
            try tick(step)
            let schema = MapSchema(what: "timeline step \(i + 1)", keys: Self.timelineStepKeys,
                                   synonyms: ["wait": "hold", "pause": "hold", "delay": "hold", "preset": "transition", "length": "duration"])
            let entries = try entries(of: step, schema, key: "timeline", example: "- {hold: 0.6}")
            var tracker = KeyTracker()
            var found: [String: Entry] = [:]
            for e in entries { found[try check(e, schema, &tracker)] = e }
            if let d = found["duration"], found["transition"] == nil {
                throw SceneError(.invalidValue, at: location(d.key), "'duration' on timeline step \(i + 1) says how long its transition lasts, and the step has no 'transition:'",
                                 suggestion: found["hold"] != nil ? "a hold's length is its value: - {hold: 0.6}" : "add transition: {preset: …}, or remove 'duration'")
            }
            guard found.count == 1 || (found.count == 2 && found["duration"] != nil), let entry = found["transition"] ?? found["hold"] else {
                throw SceneError(.invalidValue, at: location(step), "timeline step \(i + 1) must be one 'transition:' or one 'hold:'",
                                 suggestion: "write each on its own item: - {transition: {preset: flip}}  - {hold: 0.6}")
            }
            if entry.name.map({ schema.synonyms[$0] ?? $0 }) == "hold" || found["hold"] != nil {
                let d = try number(entry.value, "hold", in: 0 ... Limits.seconds, what: "between 0 and \(Int(Limits.seconds)) seconds", example: "hold: 0.6")
                t += d
                if !windows.isEmpty { windows[windows.count - 1].end = t }
            } else {
                let given = try found["duration"].map { e throws(SceneError) in
                    try number(e.value, "duration", in: 0 ... Limits.seconds, what: "between 0 and \(Int(Limits.seconds)) seconds", example: "duration: 2.5")
                }
                let k = windows.count + 1
                let ctx = PresetContext(canvas: canvas, screens: screens, prefix: "s\(k)-", begin: t)
                var out = try expandTransition(entry.value, ctx, previous: &previous)
                let ownClock = out.ownClock || out.interaction != nil
                let length: Double
                if ownClock {
                    out.touches = out.touches.map { shiftGesture($0, by: t) }
                    if let given { length = given } else { length = try settleTime(of: out, root: root) }
                } else {
                    length = given ?? out.duration
                }
                windows.append(Window(begin: windows.isEmpty ? 0 : t, end: t + length, stop: t + length, out: out, node: entry.value, clock: ownClock ? t : nil))
                t += length
            }
        }
        guard !windows.isEmpty else {
            throw SceneError(.missingKey, at: location(node), "the timeline has no transition", suggestion: "add - {transition: {preset: flip}}")
        }
        var layers: [Node] = [], animations: [Node] = [], touches: [Node] = []
        let full = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        for (k, w) in windows.enumerated() {
            let b = NodeBuilder(at: w.node)
            let id = "s\(k + 1)"
            // A finger that lands after its step has ended (cut short by `duration:`) is not shown.
            touches += w.out.touches.filter { (firstTouchTime($0) ?? 0) < w.stop - 1e-9 }
            var content = w.out.layers
            if let clock = w.clock {
                // A step on its own time: its layers, animations and fingers run from its start.
                var pairs: [(String, Node)] = [("id", b.string("\(id)-clock")), ("frame", b.rect(full)), ("beginTime", b.number(clock))]
                if let interaction = w.out.interaction { pairs.append(("interaction", interaction)) }
                pairs.append(("sublayers", b.list(content)))
                content = [b.map(pairs)]
            }
            layers.append(b.map([("id", b.string(id)), ("frame", b.rect(full)), ("hidden", b.bool(k > 0)), ("sublayers", b.list(content))]))
            animations += w.out.animations
            // Each step shows only in its own window: step k+1 takes over when it begins.
            if k > 0 {
                animations.append(b.map([("layer", b.string(id)), ("keyPath", b.plain("hidden")), ("from", b.bool(false)), ("to", b.bool(false)),
                                         ("begin", b.number(w.begin)), ("duration", b.number(0.001))], flow: true))
            }
            if k + 1 < windows.count {
                animations.append(b.map([("layer", b.string(id)), ("keyPath", b.plain("hidden")), ("from", b.bool(true)), ("to", b.bool(true)),
                                         ("begin", b.number(windows[k + 1].begin)), ("duration", b.number(0.001))], flow: true))
            }
        }
        return (layers, animations, touches, max(Self.round9(t), 0.001))
    }

    /// How long a step on its own time runs: until its last motion rests (its animations, its
    /// interaction's finish or cancel, its scroll views' deceleration and springs, its fingers),
    /// worked out by the timeline from the step alone.
    func settleTime(of out: StepOutput, root: Node) throws(SceneError) -> Double {
        let b = NodeBuilder(at: root)
        var pairs: [(Node, Node)] = []
        if let canvas = root.value(forKey: "canvas") { pairs.append((b.plain("canvas"), canvas)) }
        pairs.append((b.plain("layers"), b.list(out.layers)))
        if !out.animations.isEmpty { pairs.append((b.plain("animations"), b.list(out.animations))) }
        if let interaction = out.interaction { pairs.append((b.plain("interaction"), interaction)) }
        let alone = Node.mapping(.init(pairs, .implicit, .block, root.mark))
        let scene = try SceneDecoder(file: file, baseDirectory: baseDirectory, source: sceneText).decodeScene(alone)
        return max(Timeline(scene: scene).duration, 0.001)
    }

    /// A finger of `touches:` moved `shift` seconds later: its points' times, and a pinch's or
    /// a tap's own times.
    /// The earliest `[t, x, y]` time under a touch's `points:`.
    func firstTouchTime(_ node: Node) -> Double? {
        switch node {
        case let .mapping(map):
            var first: Double?
            for (key, value) in map {
                let t: Double?
                if key.scalar?.string == "points", case let .sequence(points) = value {
                    t = points.compactMap { $0.sequence?.first?.scalar.flatMap { Self.number(in: $0.string) } }.min()
                } else {
                    t = firstTouchTime(value)
                }
                if let t { first = min(first ?? t, t) }
            }
            return first
        case let .sequence(items):
            return items.compactMap { firstTouchTime($0) }.min()
        default:
            return nil
        }
    }

    func shiftGesture(_ node: Node, by shift: Double) -> Node {
        guard shift != 0 else { return node }
        let b = NodeBuilder(at: node)
        switch node {
        case let .mapping(map):
            return .mapping(.init(map.map { key, value -> (Node, Node) in
                switch key.scalar?.string {
                case "points":
                    guard case let .sequence(points) = value else { return (key, value) }
                    return (key, .sequence(.init(points.map { point -> Node in
                        guard case let .sequence(v) = point, v.count == 3, let t = v[0].scalar.flatMap({ Self.number(in: $0.string) }) else { return point }
                        return .sequence(.init([b.number(Self.round9(t + shift)), v[1], v[2]], point.tag, .flow, point.mark))
                    }, value.tag, value.sequence?.style ?? .flow, value.mark)))
                case "time", "begin", "release":
                    guard let t = value.scalar.flatMap({ Self.number(in: $0.string) }) else { return (key, value) }
                    return (key, b.number(Self.round9(t + shift)))
                default:
                    return (key, shiftGesture(value, by: shift))
                }
            }, map.tag, map.style, node.mark))
        case let .sequence(items):
            return .sequence(.init(items.map { shiftGesture($0, by: shift) }, items.tag, items.style, node.mark))
        default:
            return node
        }
    }

    // MARK: - Transitions

    /// Expands one `transition:`; `previous` is the (from, to) of the transition before it in a
    /// timeline, whose reverse is this one's default.
    func expandTransition(_ node: Node, _ ctx: PresetContext, previous: inout (String, String)?) throws(SceneError) -> StepOutput {
        guard case .mapping = node else {
            throw typeError(node, expected: "a map with 'preset' and its parameters", for: "transition",
                            example: "transition: {preset: flip, direction: present, from: list, to: detail}")
        }
        // A UIKit animator in Swift instead of a preset (SwiftTransition.swift).
        if node.value(forKey: "swift") != nil { return try swiftTransition(node, ctx, previous: &previous) }
        guard let presetNode = node.value(forKey: "preset") else {
            throw SceneError(.missingKey, at: location(node), "the transition needs a 'preset' (\(Suggestions.list(Self.presetNames, conjunction: "or"))) or a 'swift' animator file",
                             suggestion: "write it like transition: {preset: flip, direction: present} or transition: {swift: Animators/Flip.swift}")
        }
        if presetNode.scalar?.string == "photoTiles" {
            throw SceneError(.invalidValue, at: location(presetNode), "photoTiles is a layout component of a screen, not a transition",
                             suggestion: "put it in a screen: screens: {feed: {content: [{photoTiles: 7}]}}")
        }
        if presetNode.scalar?.string == "pageSnap" {
            throw SceneError(.invalidValue, at: location(presetNode), "pageSnap is a rule of the cardSnap preset, not a preset of its own",
                             suggestion: "write preset: cardSnap with rule: pageSnap")
        }
        let preset = try name(presetNode, "preset", among: Self.presetNames,
                              synonyms: ["flipPresent": "flip", "flipDismiss": "flip", "swipeBack": "edgeSwipeBack", "edgeSwipe": "edgeSwipeBack",
                                         "interactiveDismiss": "edgeSwipeBack", "navigationPush": "push", "navigationPop": "pop",
                                         "carousel": "cardSnap", "snap": "cardSnap", "sheet": "semiModal", "halfModal": "semiModal",
                                         "fullScreen": "fullscreen", "expand": "accordion", "sections": "accordion",
                                         "imagePager": "photoPager", "photoBrowser": "photoPager", "pageViewController": "storyPager",
                                         "storyPages": "storyPager", "pages": "storyPager"],
                              what: "preset name")
        var params = try PresetParams(reader: self, node: node, preset: preset, keys: Self.presetKeys[preset] ?? [])
        if preset == "cardSnap" {
            if let n = params.node("from") ?? params.node("to") ?? params.node("direction") {
                throw SceneError(.invalidValue, at: location(n), "the cardSnap preset has no screens or direction: it is one carousel, dragged",
                                 suggestion: "remove it; the cards are given with cards: [...]")
            }
            return try cardSnap(params, ctx)
        }
        if preset == "accordion" { return try accordion(params, ctx) }
        if preset == "zoomGallery" { return try zoomGallery(params, ctx) } // ZoomGallery.swift
        if preset == "photoPager" { return try photoPager(params, ctx) } // PhotoPager.swift
        if preset == "storyPager" { return try storyPager(params, ctx) } // StoryPager.swift
        if preset == "fullscreen" {
            // One screen: the one holding the target view.
            let name = try params.node("from").map { n throws(SceneError) in try string(n, "from", example: "from: player") }
                ?? previous?.0 ?? ctx.screens.first?.name
            guard let screen = ctx.screens.first(where: { $0.name == name }) else {
                throw SceneError(.reference, at: location(params.node("from") ?? node), "the fullscreen preset needs the screen that holds its target",
                                 suggestion: ctx.screens.isEmpty ? "define it: screens: {player: {title: \"Videos\"}}"
                                     : "name one of \(Suggestions.list(ctx.screens.map(\.name), conjunction: "or")) with from:")
            }
            previous = (screen.name, screen.name)
            return try fullscreen(params, ctx, from: screen, to: nil)
        }
        if preset == "semiModal" {
            // One screen, the one holding the grid: `from` when presenting, `to` when dismissing;
            // the other side is the cards, made from the grid's items.
            let dismiss = params.node("direction")?.scalar?.string == "dismiss"
            let (key, other) = dismiss ? ("to", "from") : ("from", "to")
            if let n = params.node(other) {
                throw SceneError(.invalidValue, at: location(n),
                                 "the semiModal preset's \(dismiss ? "dismissal" : "present") names only the screen with the grid, in '\(key)': the cards are made from the grid's items",
                                 suggestion: "write \(key): SCREEN and remove '\(other)'")
            }
            let screen: ScreenDef
            if let n = params.node(key) {
                let name = try string(n, key, example: "\(key): library")
                guard let s = ctx.screens.first(where: { $0.name == name }) else {
                    let names = ctx.screens.map(\.name)
                    throw SceneError(.reference, at: location(n), "there is no screen '\(Quote.name(name))'",
                                     suggestion: Suggestions.best(for: name, among: names).map { "did you mean '\($0)'?" }
                                         ?? (names.isEmpty ? "define it: screens: {library: {content: [{grid: {items: [...]}}]}}" : "screens are \(Suggestions.list(names, conjunction: "and"))"))
                }
                screen = s
            } else if let name = previous?.0, let s = ctx.screens.first(where: { $0.name == name }) {
                screen = s
            } else if let s = ctx.screens.first(where: { s in
                s.node.value(forKey: "content")?.sequence?.contains { componentKind($0) == "grid" } ?? false
            }) ?? ctx.screens.first {
                screen = s
            } else {
                throw SceneError(.missingKey, at: location(node), "the semiModal preset needs a screen with a grid",
                                 suggestion: "define it: screens: {library: {title: \"Library\", content: [{grid: {items: [\"吾輩は猫である\", \"こころ\"]}}]}}")
            }
            previous = (screen.name, screen.name)
            return try semiModal(params, ctx, screen: screen)
        }
        // The two screens.
        let (from, to) = try sides(&params, ctx, previous: previous)
        previous = (from.name, to.name)
        switch preset {
        case "flip": return try flip(params, ctx, from: from, to: to)
        case "edgeSwipeBack": return try edgeSwipeBack(params, ctx, from: from, to: to)
        case "push", "pop": return try push(params, ctx, from: from, to: to, pop: preset == "pop")
        default:
            throw SceneError(.invalidValue, at: location(presetNode), "the '\(preset)' preset is not available yet in this build",
                             suggestion: "available presets: \(Suggestions.list(Self.presetNames, conjunction: "and"))")
        }
    }

    static let commonKeys = ["preset", "direction", "from", "to", "delay"]
    static let presetKeys: [String: [String]] = [
        "flip": commonKeys + ["duration", "perspective", "angle", "options", "calculationMode", "originFrame"],
        "edgeSwipeBack": commonKeys + ["dragDistance", "dragDuration", "dragDelay", "y", "points", "progress", "finishAbove", "velocityAbove",
                                       "completionSpeed", "completionCurve", "transitionDuration", "perspective", "angle", "options", "calculationMode"],
        "push": commonKeys + ["duration", "timing", "parallax", "dimming", "animations"],
        "pop": commonKeys + ["duration", "timing", "parallax", "dimming", "animations"],
        "cardSnap": commonKeys + ["rule", "title", "cards", "cardWidth", "cardHeight", "spacing", "leading", "inset", "top", "page", "points",
                                  "flick", "dragDistance", "dragDuration", "dragDelay", "decelerationRate", "candidates",
                                  "velocityThreshold", "springDuration", "dampingRatio", "scrollDuration"],
        "fullscreen": commonKeys + ["duration", "rotationDuration", "target"],
        "accordion": commonKeys + ["title", "sections", "section", "duration", "headerHeight", "rowHeight",
                                    "chevronAngle", "chevronDirection", "chevronDuration"],
        "semiModal": commonKeys + ["duration", "selected", "overlay", "top", "margin", "spacing", "coverInset", "rows", "fullScreenAfter",
                                   "fullScreenDuration", "semiModalAfter", "semiModalDuration", "navigationBarOffset", "points", "percentThreshold", "velocityAbove", "resetDuration", "swipes"],
        "zoomGallery": commonKeys + ["contents", "imageSize", "maxZoom", "doubleTapScale", "bounces", "gestures", "closeButton", "background"],
        "photoPager": commonKeys + ["tile", "more", "gestures", "close"],
        "storyPager": commonKeys + ["stories", "page", "spacing", "gestures", "background"],
    ]

    /// Parameters that were renamed so that no preset parameter shadows a scene-level key with
    /// another meaning (`duration` and `contents` mean one thing everywhere). The old spellings
    /// are still read, with a warning.
    static let presetRenamed: [String: [String: MapSchema.Renamed]] = {
        let finger: [String: MapSchema.Renamed] = [
            "duration": .init(to: "dragDuration", why: "it is how long the finger moves, not the transition's duration"),
            "start": .init(to: "dragDelay", why: "it is when the finger touches down, in seconds after the transition's start"),
            "distance": .init(to: "dragDistance", why: "it is how far the finger moves, named like the other finger parameters"),
        ]
        return ["edgeSwipeBack": finger, "cardSnap": finger,
                "zoomGallery": ["image": .init(to: "contents", why: "a picture is 'contents' everywhere, as on a layer (CALayer.contents)")]]
    }()

    /// The from and to screens: given, else the reverse of the previous transition, else the
    /// first two screens in the order they are written.
    func sides(_ params: inout PresetParams, _ ctx: PresetContext, previous: (String, String)?) throws(SceneError) -> (ScreenDef, ScreenDef) {
        func find(_ key: String, default d: String?) throws(SceneError) -> ScreenDef {
            if let n = params.node(key) {
                let name = try string(n, key, example: "\(key): list")
                if let s = ctx.screens.first(where: { $0.name == name }) { return s }
                let names = ctx.screens.map(\.name)
                let best = Suggestions.best(for: name, among: names)
                throw SceneError(.reference, at: location(n), "there is no screen '\(Quote.name(name))'" + (names.isEmpty ? " (the scene has no 'screens:')" : ""),
                                 suggestion: best.map { "did you mean '\($0)'?" } ?? (names.isEmpty
                                    ? "define the screens at the top level: screens: {list: {title: \"Stories\"}, detail: {image: shots/detail.png}}"
                                    : "screens are \(Suggestions.list(names, conjunction: "and"))"))
            }
            if let d, let s = ctx.screens.first(where: { $0.name == d }) { return s }
            throw SceneError(.missingKey, at: location(params.node), "the transition needs '\(key):' (the scene has \(ctx.screens.count) screen\(ctx.screens.count == 1 ? "" : "s"))",
                             suggestion: ctx.screens.isEmpty ? "define two screens at the top level: screens: {list: {…}, detail: {…}}"
                                 : "name a screen: \(key): \(ctx.screens[0].name)")
        }
        let defaults: (String?, String?) = previous.map { ($0.1, $0.0) }
            ?? (ctx.screens.count >= 1 ? ctx.screens[0].name : nil, ctx.screens.count >= 2 ? ctx.screens[1].name : nil)
        let from = try find("from", default: defaults.0)
        let to = try find("to", default: defaults.1)
        if from.name == to.name, let n = params.node("to") ?? params.node("from") {
            throw SceneError(.invalidValue, at: location(n), "a transition goes from one screen to another; both sides are '\(Quote.name(from.name))'",
                             suggestion: "name two different screens")
        }
        return (from, to)
    }
}

extension SceneError {
    func with(related: SourceLocation) -> SceneError { var e = self; e.relatedLocation = related; return e }
}

/// A preset's parameters, checked against its keys (typos get a did-you-mean).
struct PresetParams {
    let reader: PresetReader
    let node: Node
    let preset: String
    private var values: [String: Node] = [:]

    init(reader: PresetReader, node: Node, preset: String, keys: [String]) throws(SceneError) {
        self.reader = reader; self.node = node; self.preset = preset
        var owners: [String: [String]] = [:]
        for name in PresetReader.presetNames where name != preset {
            for k in PresetReader.presetKeys[name] ?? [] where !keys.contains(k) { owners[k, default: []].append(name) }
        }
        var elsewhere: [String: String] = [:]
        for (k, names) in owners {
            elsewhere[k] = "'\(k)' is a parameter of the \(Suggestions.list(names, conjunction: "and")) preset\(names.count > 1 ? "s" : ""), not of \(preset)"
        }
        let schema = MapSchema(what: "the \(preset) preset", keys: keys,
                               synonyms: ["fromScreen": "from", "toScreen": "to", "begin": "delay", "beginTime": "delay",
                                          "transitionDuration": keys.contains("transitionDuration") ? "transitionDuration" : "duration",
                                          "m34": "perspective", "gesture": "points", "path": "points", "threshold": "finishAbove",
                                          "percentThreshold": "finishAbove", "mode": "direction", "kind": "direction",
                                          "customAnimations": "animations"],
                               elsewhere: elsewhere, renamed: PresetReader.presetRenamed[preset] ?? [:])
        let entries = try reader.entries(of: node, schema, key: "transition", example: "transition: {preset: \(preset)}")
        var tracker = ValueReader.KeyTracker()
        for e in entries { values[try reader.check(e, schema, &tracker)] = e.value }
    }

    func node(_ key: String) -> Node? { values[key].flatMap { reader.isNull($0) ? nil : $0 } }

    func seconds(_ key: String, default d: Double) throws(SceneError) -> Double {
        guard let n = node(key) else { return d }
        return try reader.seconds(n, key)
    }
    func number(_ key: String, default d: Double, in range: ClosedRange<Double>, example: String) throws(SceneError) -> Double {
        guard let n = node(key) else { return d }
        return try reader.number(n, key, in: range, what: "between \(Quote.number(range.lowerBound)) and \(Quote.number(range.upperBound))", example: example)
    }
    func angle(_ key: String, defaultDegrees d: Double) throws(SceneError) -> Double {
        guard let n = node(key) else { return d }
        return try reader.angle(n, key) * 180 / .pi
    }
    func choice(_ key: String, among names: [String], default d: String) throws(SceneError) -> String {
        guard let n = node(key) else { return d }
        return try reader.name(n, key, among: names, what: "\(key) (\(Suggestions.list(names, conjunction: "or")))")
    }
}
