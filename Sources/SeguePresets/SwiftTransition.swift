// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SegueSwiftImport
import Yams
import SegueScene

/// `transition: {swift: Animators/FlipPresent.swift, type: …, from: …, to: …, init: {…}, bind: {…}}`:
/// a UIKit animator in Swift, evaluated by SegueSwiftImport into layers and animations, which
/// then expand like a preset's. See docs/swift-import.md.
extension PresetReader {
    /// The keys of a Swift transition (the scene-format table for `transition:` with `swift:`).
    static let swiftTransitionKeys = ["swift", "type", "from", "to", "init", "bind", "delay", "interactive", "gesture",
                                      "kind", "presentationStyle", "flags", "presentationController", "presentationInit"]
    /// How often the scripted finger reports to the pan handler between its points (UIKit
    /// delivers touches once per display frame, at 60 Hz on most devices).
    static let touchEventRate = 60.0
    static let maximumSwiftFileSize = 2_000_000

    func swiftTransition(_ node: Node, _ ctx: PresetContext, previous: inout (String, String)?) throws(SceneError) -> StepOutput {
        var params = try PresetParams(reader: self, node: node, preset: "swift", keys: Self.swiftTransitionKeys)
        // `swift:` with no value reads as null, so the key is there but names nothing.
        guard let pathNode = params.node("swift") else {
            throw SceneError(.invalidValue, at: location(node), "'swift' names no file: it is empty or null",
                             suggestion: "name the animator's file or folder, relative to the scene: swift: Animators/FlipPresent.swift, or swift: . for the scene's own folder")
        }
        let modulePaths = try swiftModule(pathNode)
        let fullPath = modulePaths[0]
        let typeName = try params.node("type").map { n throws(SceneError) in try string(n, "type", example: "type: FlipPresentCustomTransition") }
        let (from, to) = try sides(&params, ctx, previous: previous)
        previous = (from.name, to.name)
        let delay = try params.seconds("delay", default: 0)

        var initArguments: [(String, BindValue)] = []
        if let n = params.node("init") {
            for entry in try entries(of: n, MapSchema(what: "init", keys: []), key: "init", example: "init: {operation: push}") {
                guard let name = entry.name else { throw typeError(entry.key, expected: "a parameter name", for: "init") }
                initArguments.append((name, try bindValue(entry.value, name, ctx, from: from, to: to)))
            }
        }
        var bindings: [String: BindValue] = [:]
        if let n = params.node("bind") {
            for entry in try entries(of: n, MapSchema(what: "bind", keys: []), key: "bind", example: "bind: {\"playerVC.targetView\": {layer: stories-1}}") {
                guard let name = entry.name else { throw typeError(entry.key, expected: "a Swift expression as written in the file", for: "bind") }
                let key = name.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
                bindings[key] = try bindValue(entry.value, name, ctx, from: from, to: to)
            }
        }
        // An interactive animator runs on its step's own time (StepOutput.ownClock).
        let interactive = try interactiveRequest(&params, node, delay: delay, ctx, from: from, to: to)
        var request = SwiftImportRequest(path: fullPath, displayPath: fullPath, typeName: typeName, from: from.name, to: to.name,
                                         canvas: ctx.canvas, initArguments: initArguments, bindings: bindings,
                                         prefix: ctx.prefix, begin: (interactive == nil ? ctx.begin : 0) + delay, mark: node.mark,
                                         interactive: interactive?.request)
        request.modulePaths = modulePaths
        request.kind = try transitionKind(&params)
        if let p = params.node("presentationController") {
            request.presentationController = isNull(p) ? "" : try string(p, "presentationController", example: "presentationController: DeckPresentationController")
        }
        if let n = params.node("presentationInit") {
            for entry in try entries(of: n, MapSchema(what: "presentationInit", keys: []), key: "presentationInit", example: "presentationInit: {isSwipeToDismissGestureEnabled: true}") {
                guard let name = entry.name else { throw typeError(entry.key, expected: "a parameter name", for: "presentationInit") }
                request.presentationInit.append((name, try bindValue(entry.value, name, ctx, from: from, to: to)))
            }
        }
        if let f = params.node("flags") {
            guard case let .sequence(items) = f else { throw typeError(f, expected: "a list of compilation conditions", for: "flags", example: "flags: [DEBUG]") }
            for item in items { request.flags.insert(try string(item, "flags", example: "flags: [DEBUG]")) }
        }
        var total = 0
        for path in modulePaths { total += ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0 }
        if total > Self.maximumSwiftFileSize {
            throw SceneError(.invalidValue, at: location(pathNode), "the Swift module is \(total) bytes; animator modules of up to \(Self.maximumSwiftFileSize / 1_000_000) MB are read",
                             suggestion: "name only the files the animator needs")
        }
        // swift-syntax's parser recurses once per nesting level (a long else-if chain is one
        // level per branch): parse and evaluate on a stack that is only reserved, never short.
        func run(_ r: SwiftImportRequest) -> Result<ImportedTransition, SwiftImportError> {
            SceneLoader.onLargeStack(bytes: 1 << 30) { () -> Result<ImportedTransition, SwiftImportError> in
                do throws(SwiftImportError) { return .success(try SwiftAnimatorImporter.importTransition(r)) } catch { return .failure(error) }
            }
        }
        let imported: ImportedTransition
        switch run(request) {
        case let .success(value): imported = value; noteRead(imported.sourceFiles)
        case let .failure(error): throw missingBindings(first: error, request, from: from, to: to, ctx, run)
        }
        let screens = [from.name: from, to.name: to]
        var layers: [Node] = []
        for l in imported.layers { layers.append(try layerNode(for: l, screens: screens, prefix: ctx.prefix, canvas: ctx.canvas, mark: node.mark)) }
        if !imported.boundOverrides.isEmpty { layers = layers.map { Self.overriding($0, imported.boundOverrides) } }
        var out = StepOutput(layers: layers, animations: imported.animations, duration: delay + imported.duration)
        for w in imported.warnings {
            warn(at: SourceLocation(file: w.file, line: w.line, column: w.column), w.message, suggestion: w.hint)
        }
        if let interactive, let done = imported.interaction {
            out.interaction = try interactionNode(done, gesture: interactive.gesture, node: node)
            // The finger decides how long it lasts (until the finished or cancelled transition
            // comes to rest): no duration, so the timeline works it out from the interaction.
            out.duration = 0
        }
        return out
    }

    /// `swift:`: a file, a folder (every `.swift` file under it, in path order) or a list of
    /// files and folders, read as one module.
    private func swiftModule(_ pathNode: Node) throws(SceneError) -> [String] {
        let sceneDir = (file as NSString).deletingLastPathComponent
        var entries: [(String, Node)] = []
        if case let .sequence(items) = pathNode {
            guard !items.isEmpty else {
                throw SceneError(.invalidValue, at: location(pathNode), "'swift' lists no file",
                                 suggestion: "name the animator's files or folder: swift: [Animators/Flip.swift, Animators/Helpers.swift]")
            }
            for item in items { entries.append((try string(item, "swift", example: "swift: [Animators/Flip.swift, Animators/Helpers.swift]"), item)) }
        } else {
            entries.append((try string(pathNode, "swift", example: "swift: Animators/FlipPresent.swift"), pathNode))
        }
        var paths: [String] = []
        var problems: [SceneError] = []
        for (path, n) in entries {
            let full = path.hasPrefix("/") ? path : (sceneDir.isEmpty ? path : sceneDir + "/" + path)
            // Watched even while missing or broken, so that creating or fixing it reloads the scene.
            noteRead([URL(fileURLWithPath: full).standardizedFileURL.path])
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else {
                problems.append(SceneError(.io, at: location(n), "the Swift \(path.hasSuffix(".swift") ? "file" : "path") \(Quote.string(path)) does not exist (looked for \(full))",
                                           suggestion: "the path is relative to the scene file's folder"))
                continue
            }
            if isDirectory.boolValue {
                let found = Self.swiftFiles(under: full)
                if found.isEmpty {
                    problems.append(SceneError(.io, at: location(n), "the folder \(Quote.string(path)) holds no .swift file",
                                               suggestion: "name the folder that holds the animator's Swift files"))
                }
                paths += found
            } else if path.hasSuffix(".swift") {
                paths.append(full)
            } else {
                problems.append(SceneError(.invalidValue, at: location(n), "'swift' names Swift files or folders, found \(Quote.string(path))",
                                           suggestion: "write the path of the animator's .swift file or of its folder, relative to the scene: swift: Animators/FlipPresent.swift"))
            }
        }
        if let first = problems.first {
            // Every missing file at once: the first error carries the others.
            guard problems.count > 1 else { throw first }
            throw SceneError(first.kind, at: first.location, first.message + problems.dropFirst().map { "; and \($0.location.map { "at \($0)" } ?? "in the scene"): \($0.message)" }.joined(),
                             suggestion: first.suggestion)
        }
        var seen: Set<String> = []
        return paths.filter { seen.insert(($0 as NSString).standardizingPath).inserted }
    }

    /// The `.swift` files under a folder, in path order (hidden folders and build folders skipped).
    static func swiftFiles(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let item = walker.nextObject() as? String {
            let name = (item as NSString).lastPathComponent
            if name.hasPrefix(".") || name == "Pods" || name == "Carthage" { walker.skipDescendants(); continue }
            if item.hasSuffix(".swift") { found.append(folder + "/" + item) }
        }
        return found.sorted()
    }

    /// `kind: push | pop | present | dismiss` and `presentationStyle:`; nil when the scene does
    /// not say (the importer then reads it from the code).
    private func transitionKind(_ params: inout PresetParams) throws(SceneError) -> TransitionKind? {
        let kindNode = params.node("kind"), styleNode = params.node("presentationStyle")
        guard kindNode != nil || styleNode != nil else { return nil }
        var operation = TransitionKind.Operation.present
        if let kindNode {
            let n = try name(kindNode, "kind", among: TransitionKind.Operation.allCases.map(\.rawValue), synonyms: [:], what: "kind of transition")
            // name(_:among:) returns one of the raw values it was given.
            operation = TransitionKind.Operation(rawValue: n) ?? .present
        }
        var style = TransitionKind.PresentationStyle.fullScreen
        if let styleNode {
            let n = try name(styleNode, "presentationStyle", among: TransitionKind.PresentationStyle.allCases.map(\.rawValue),
                             synonyms: ["overCurrentContext": "overFullScreen", "formSheet": "pageSheet", "automatic": "pageSheet"], what: "presentation style")
            style = TransitionKind.PresentationStyle(rawValue: n) ?? .fullScreen
            if operation == .push || operation == .pop {
                throw SceneError(.invalidValue, at: location(styleNode), "'presentationStyle' is for presentations; a \(operation.rawValue) is a navigation transition",
                                 suggestion: "remove presentationStyle, or use kind: present or kind: dismiss")
            }
        }
        return TransitionKind(operation, presentationStyle: style)
    }

    /// `interactive: Controller` (or `true`, the file's one UIPercentDrivenInteractiveTransition
    /// subclass) with `gesture: {type: screenEdgePan, points: [[t, x, y], …]}`: the finger's
    /// touch events for the controller's pan handler.
    private func interactiveRequest(_ params: inout PresetParams, _ node: Node, delay: Double, _ ctx: PresetContext,
                                    from: ScreenDef, to: ScreenDef) throws(SceneError) -> (request: InteractiveRequest, gesture: GestureSpec)? {
        let interactiveNode = params.node("interactive"), gestureNode = params.node("gesture")
        guard let interactiveNode else {
            if let gestureNode {
                throw SceneError(.invalidValue, at: location(gestureNode), "'gesture' drives an interaction controller, which 'interactive' names",
                                 suggestion: "add interactive: MyInteractionController (a UIPercentDrivenInteractiveTransition subclass of the file), or remove 'gesture'")
            }
            return nil
        }
        var typeName: String?
        // `{type: Controller, init: {…}}`: the controller's initializer takes arguments the app passes.
        var initArguments: [(String, BindValue)] = []
        if case let .scalar(s) = interactiveNode, s.style == .plain, s.string == "true" || s.string == "false" {
            guard s.string == "true" else { return nil }
        } else if case .mapping = interactiveNode {
            let schema = MapSchema(what: "interactive", keys: ["type", "init"])
            var tracker = KeyTracker()
            for entry in try entries(of: interactiveNode, schema, key: "interactive", example: "interactive: {type: ModalTransitionDelegate, init: {type: regular}}") {
                _ = try check(entry, schema, &tracker)
            }
            guard let t = interactiveNode.value(forKey: "type") else {
                throw SceneError(.invalidValue, at: location(interactiveNode), "'interactive' as a map names the controller's class with 'type'",
                                 suggestion: "interactive: {type: ModalTransitionDelegate, init: {type: regular}}")
            }
            typeName = try string(t, "type", example: "type: ModalTransitionDelegate")
            if let n = interactiveNode.value(forKey: "init") {
                for entry in try entries(of: n, MapSchema(what: "init", keys: []), key: "init", example: "init: {type: regular}") {
                    guard let name = entry.name else { throw typeError(entry.key, expected: "a parameter name", for: "init") }
                    initArguments.append((name, try bindValue(entry.value, name, ctx, from: from, to: to)))
                }
            }
        } else {
            typeName = try string(interactiveNode, "interactive", example: "interactive: SwipeInteractionController")
        }
        guard let gestureNode else {
            throw SceneError(.invalidValue, at: location(interactiveNode), "an interactive transition needs the finger that drives it: 'gesture' is missing",
                             suggestion: "add gesture: {type: screenEdgePan, points: [[0.2, 2, 422], [0.5, 240, 422]]} (times in seconds, then canvas points)")
        }
        if delay > 0, let d = params.node("delay") {
            throw SceneError(.invalidValue, at: location(d), "an interactive transition starts when its finger touches down, so 'delay' does not apply",
                             suggestion: "remove 'delay'; the first point of 'gesture' says when the finger lands")
        }
        let decoder = SceneDecoder(file: file, baseDirectory: baseDirectory, source: "")
        // `handler:` names the method the recognizer calls, when the module does not say.
        var handler: String?
        var fingerNode = gestureNode
        // A handler that takes what another class computes from the recognizer (SideMenu's
        // `handle(state:)`) gets the progress and the decision the scene states that class makes.
        var progress: (ProgressExpression, Node)?
        var finishWhen = FinishRule()
        if case let .mapping(m) = gestureNode {
            let own = ["handler", "progress", "finishWhen"]
            if let h = m.first(where: { $0.key.scalar?.string == "handler" }) {
                handler = try string(h.value, "handler", example: "handler: \"handle(recognizer:)\"")
            }
            if let p = m.first(where: { $0.key.scalar?.string == "progress" }) {
                guard handler != nil else {
                    throw SceneError(.invalidValue, at: location(p.key), "'progress' under 'gesture' is for a handler named with 'handler' that takes the progress another class computes",
                                     suggestion: "name it: handler: \"handle(state:)\", or remove 'progress' (the pan handler computes its own)")
                }
                progress = (try decoder.decodeProgress(p.value), p.value)
            }
            if let f = m.first(where: { $0.key.scalar?.string == "finishWhen" }) {
                guard progress != nil else {
                    throw SceneError(.invalidValue, at: location(f.key), "'finishWhen' under 'gesture' goes with 'progress' and 'handler'",
                                     suggestion: "add progress: \"translation.x / 292.5\" and handler: \"handle(state:)\", or remove 'finishWhen'")
                }
                finishWhen = try decoder.decodeFinishRule(f.value)
            }
            fingerNode = .mapping(Node.Mapping(m.filter { !own.contains($0.key.scalar?.string ?? "") }, m.tag, m.style, m.mark))
        }
        let gesture = try decoder.decodeGesture(fingerNode, key: "gesture", typed: true)
        let track = GestureTrack(gesture)
        // Touch events: every point of the finger, and one per display frame between them.
        var times = gesture.samples.map(\.time)
        var frame = 1
        while track.start + Double(frame) / Self.touchEventRate < track.release {
            times.append(track.start + Double(frame) / Self.touchEventRate)
            frame += 1
        }
        times.sort()
        var unique: [Double] = []
        for time in times where unique.last.map({ time - $0 > 1e-9 }) ?? true { unique.append(time) }
        let events = unique.enumerated().map { i, time in
            GestureEvent(time: time, state: i == 0 ? .began : (i == unique.count - 1 ? .ended : .changed),
                         location: track.location(at: time), translation: track.translation(at: time), velocity: track.velocity(at: time))
        }
        var request = InteractiveRequest(typeName: typeName, events: events)
        request.handler = handler
        if let (expression, _) = progress {
            func clamped(_ t: Double) -> Double {
                let p = expression.evaluate(track.variables(at: t))
                return p.isFinite ? min(max(p, 0), 1) : 0
            }
            request.given = (events.map { clamped($0.time) },
                             finishWhen.finishes(progress: clamped(track.release), velocity: track.velocity(at: track.release)))
        }
        request.initArguments = initArguments
        return (request, gesture)
    }

    /// The scene's `interaction:` for what the pan handler did: its progress as an expression of
    /// the finger, and its decision. The timeline then scrubs, finishes or cancels as UIKit does.
    private func interactionNode(_ done: ImportedInteraction, gesture: GestureSpec, node: Node) throws(SceneError) -> Node {
        let b = NodeBuilder(node.mark)
        // A handler that decides before the finger lifts ends the interaction there.
        var points = gesture.samples.filter { $0.time < done.decidedAt - 1e-9 }
        let track = GestureTrack(gesture)
        guard !points.isEmpty else {
            throw SceneError(.invalidValue, at: location(node), "\(done.typeName)'s pan handler calls \(done.finishes ? "finish()" : "cancel()") when the finger touches down (.began), so the finger drives nothing",
                             suggestion: "call finish() or cancel() in case .ended, after update(_:) in case .changed")
        }
        let released = track.translation(at: done.decidedAt), line = done.progressLine
        if done.finishes, min(max(line.x * released.x + line.y * released.y + line.constant, 0), 1) <= 0 {
            throw SceneError(.invalidValue, at: location(node), "\(done.typeName)'s pan handler calls finish() at \(Quote.number(done.decidedAt)) s with the transition at 0 %, which the scene's interaction cannot show (it finishes from where the finger left it)",
                             suggestion: "move the finger in the direction that makes progress before it lifts")
        }
        let last = track.location(at: done.decidedAt)
        points.append(GestureSpec.Sample(time: done.decidedAt, x: last.x, y: last.y))
        let pointNodes = points.map { b.numbers([Self.round($0.time), Self.round($0.x), Self.round($0.y)]) }
        // The handler's decision: progress is clamped to 0…1, so "above 1" never holds (cancel)
        // and "above 0" holds for any finger that moved the transition (finish).
        let rule = b.map([("progressAbove", b.number(done.finishes ? 0 : 1))], flow: true)
        var pairs: [(String, Node)] = [
            ("gesture", b.map([("type", b.plain(gesture.kind.rawValue)), ("points", b.list(pointNodes, flow: true))])),
            ("progress", b.string(done.progress)),
            ("finishWhen", rule),
        ]
        if done.completionSpeed != 1 { pairs.append(("completionSpeed", b.number(done.completionSpeed))) }
        if done.completionCurve != "easeInEaseOut" { pairs.append(("completionCurve", b.plain(done.completionCurve))) }
        return b.map(pairs)
    }

    /// A layer the animator made: a screen's content under the animator's properties, or a plain layer.
    private func layerNode(for layer: ImportedLayer, screens: [String: ScreenDef], prefix: String, canvas: Size, mark: Mark?) throws(SceneError) -> Node {
        let b = NodeBuilder(mark)
        var sublayers: [Node] = []
        for s in layer.sublayers { sublayers.append(try layerNode(for: s, screens: screens, prefix: prefix, canvas: canvas, mark: mark)) }
        if let source = layer.copyOf {
            return try copyNode(for: layer, of: source, screens: screens, sublayers: sublayers, prefix: prefix, canvas: canvas, mark: mark)
        }
        guard let name = layer.screen, let screen = screens[name] else {
            var pairs: [(String, Node)] = [("id", b.string(layer.id)), ("frame", b.rect(layer.frame))] + layer.properties
            if !sublayers.isEmpty { pairs.append(("sublayers", b.list(sublayers))) }
            return b.map(pairs)
        }
        if let region = layer.snapshotRegion, let full = layer.snapshotSourceSize, let size = layer.snapshotSize {
            // A region of the screen: the screen laid out whole inside a clip of the region's
            // size, shifted so the region shows; the clip scales as a snapshot does.
            let content = try screenLayer(screen, id: layer.id + "-content", frame: Rect(x: -region.minX, y: -region.minY, width: full.width, height: full.height))
            var pairs: [(String, Node)] = [("id", b.string(layer.id)), ("frame", b.rect(layer.frame)),
                                           ("snapshotSize", b.numbers([size.width, size.height])), ("masksToBounds", b.bool(true))]
            pairs += layer.properties.filter { $0.0 != "masksToBounds" }
            pairs.append(("sublayers", b.list([content] + sublayers)))
            return b.map(pairs)
        }
        // A snapshot is an image of the screen at its size then: laid out at that size, and
        // scaled to the snapshot's frame (an image in the screen's own layer becomes a sublayer,
        // so it scales with the rest).
        let laidOut = layer.snapshotSize.map { Rect(origin: layer.frame.origin, size: $0) } ?? layer.frame
        let built = try screenLayer(screen, id: layer.id, frame: laidOut)
        guard case let .mapping(map) = built else { return built }
        // The animator's values replace the screen's own (a background colour it set, say).
        var pairs = Array(map)
        if let size = layer.snapshotSize {
            if let i = pairs.firstIndex(where: { $0.key.scalar?.string == "frame" }) { pairs[i].1 = b.rect(layer.frame) }
            pairs.insert((b.plain("snapshotSize"), b.numbers([size.width, size.height])), at: min(2, pairs.count))
            if let c = pairs.firstIndex(where: { $0.key.scalar?.string == "contents" }) {
                var image: [(String, Node)] = [("id", b.string(layer.id + "-image")), ("frame", b.rect(Rect(origin: .zero, size: size))), ("contents", pairs[c].1)]
                if let g = pairs.firstIndex(where: { $0.key.scalar?.string == "contentsGravity" }) { image.append(("contentsGravity", pairs[g].1)) }
                pairs.removeAll { ["contents", "contentsGravity"].contains($0.key.scalar?.string ?? "") }
                let imageLayer = b.map(image)
                if let s = pairs.firstIndex(where: { $0.key.scalar?.string == "sublayers" }), case let .sequence(own) = pairs[s].1 {
                    pairs[s].1 = b.list([imageLayer] + Array(own))
                } else {
                    pairs.append((b.plain("sublayers"), b.list([imageLayer])))
                }
            }
        }
        for (key, value) in layer.properties {
            if let i = pairs.firstIndex(where: { $0.key.scalar?.string == key }) { pairs[i].1 = value }
            else if let i = pairs.firstIndex(where: { $0.key.scalar?.string == "sublayers" }) { pairs.insert((b.plain(key), value), at: i) }
            else { pairs.append((b.plain(key), value)) }
        }
        if !sublayers.isEmpty {
            if let i = pairs.firstIndex(where: { $0.key.scalar?.string == "sublayers" }), case let .sequence(own) = pairs[i].1 {
                pairs[i].1 = b.list(Array(own) + sublayers)
            } else {
                pairs.append((b.plain("sublayers"), b.list(sublayers)))
            }
        }
        return .mapping(.init(pairs, .implicit, .block, built.mark))
    }

    /// A value of `init:` or `bind:`: a number, a Bool, a string (an enum case's name), [x, y],
    /// [x, y, width, height], {layer: id, frame: [...]} or {view: {frame: [...], color: "#RRGGBB"}}.
    private func bindValue(_ n: Node, _ key: String, _ ctx: PresetContext, from: ScreenDef, to: ScreenDef) throws(SceneError) -> BindValue {
        let example = "\"\(key)\": 0.3, [x, y], [x, y, width, height], {layer: \(from.name)-1} or {view: {frame: [0, 0, 390, 844], color: \"#000000\"}}"
        switch n {
        case let .scalar(s):
            if isNull(n) { return .nothing }
            if s.style == .plain, s.string == "true" || s.string == "false" { return .bool(s.string == "true") }
            if s.style == .plain, let d = Self.number(in: s.string) { return .number(d) }
            return .string(s.string)
        case let .sequence(items) where items.isEmpty || items.contains(where: { $0.scalar.map { $0.style != .plain || Self.number(in: $0.string) == nil } ?? true }):
            // Not a point or a rect: a list (an option set's names, an array).
            var out: [BindValue] = []
            for item in items { out.append(try bindValue(item, key, ctx, from: from, to: to)) }
            return .list(out)
        case .sequence:
            let v = try numbers(n, key, counts: [2, 4], shape: "[x, y] or [x, y, width, height]", example: "\"\(key)\": [16, 116, 358, 200]")
            return v.count == 2 ? .point(Point(x: v[0], y: v[1])) : .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .mapping:
            if let l = n.value(forKey: "layer") {
                let id = try string(l, "layer", example: "layer: \(from.name)-1")
                var frame: Rect?
                if let f = n.value(forKey: "frame") {
                    let v = try numbers(f, "frame", counts: [4], shape: "[x, y, width, height]", example: "frame: [16, 116, 358, 200]")
                    frame = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
                }
                // A screen's layers are inside the step, so they carry its prefix.
                let inScreen = [from.name, to.name].contains { id == $0 || id.hasPrefix($0 + "-") }
                var opacity: Double?, hidden: Bool?, cornerRadius: Double?
                for screen in [from, to] where inScreen && id.hasPrefix(screen.name + "-") {
                    let tree = try screenLayer(screen, id: screen.name, frame: Rect(origin: .zero, size: ctx.canvas))
                    // Where the screen lays the layer out, in the screen's coordinates.
                    if frame == nil { frame = Self.absoluteFrame(of: id, in: tree) }
                    if let layer = Self.layerNode(id, in: tree) {
                        opacity = layer.value(forKey: "opacity")?.scalar.flatMap { Double($0.string) }
                        hidden = layer.value(forKey: "hidden")?.scalar.map { $0.string == "true" }
                        cornerRadius = layer.value(forKey: "cornerRadius")?.scalar.flatMap { Double($0.string) }
                    }
                }
                return .layer(id: inScreen ? ctx.prefix + id : id, frame: frame, opacity: opacity, hidden: hidden, cornerRadius: cornerRadius)
            }
            if let r = n.value(forKey: "rotate") {
                let orientation = try name(r, "rotate", among: ["landscape", "portrait"],
                                           synonyms: ["landscapeRight": "landscape", "horizontal": "landscape", "vertical": "portrait"],
                                           what: "orientation")
                var duration = 0.5
                if let d = n.value(forKey: "duration") {
                    duration = try seconds(d, "duration")
                    guard duration > 0 else { throw rangeError(d, "the turn's 'duration' must be greater than 0 seconds", "write it like duration: 0.5") }
                }
                return .rotate(landscape: orientation == "landscape", duration: duration)
            }
            if let s = n.value(forKey: "screen") {
                return .screen(try string(s, "screen", example: "screen: \(from.name)"))
            }
            if let i = n.value(forKey: "image") {
                return try imageBind(i, n)
            }
            if let v = n.value(forKey: "view") {
                let color = try v.value(forKey: "color").map { c throws(SceneError) in try string(c, "color", example: "color: \"#000000\"") }
                // An image view, as UIImageView(image:) makes it: the image's size at the origin
                // unless a frame is given.
                var image: (path: String, size: Size)?
                if let i = v.value(forKey: "image"), case let .image(path, size) = try imageBind(i, v) { image = (path, size ?? .zero) }
                let modes = ["scaleToFill", "scaleAspectFit", "scaleAspectFill", "center", "redraw"]
                let contentMode = try v.value(forKey: "contentMode").map { c throws(SceneError) in
                    let mode = try string(c, "contentMode", example: "contentMode: scaleAspectFit")
                    guard modes.contains(mode) else {
                        throw SceneError(.invalidValue, at: location(c), "'\(Quote.name(mode))' is not a content mode Segue draws", suggestion: "one of \(modes.joined(separator: ", "))")
                    }
                    return mode
                }
                let f: [Double]
                if let image, v.value(forKey: "frame") == nil {
                    f = [0, 0, image.size.width, image.size.height]
                } else {
                    f = try numbers(v.value(forKey: "frame") ?? v, "frame", counts: [4], shape: "[x, y, width, height]", example: "view: {frame: [0, 0, 390, 844]}")
                }
                return .view(frame: Rect(x: f[0], y: f[1], width: f[2], height: f[3]), color: color, image: image?.path, imageSize: image?.size, contentMode: contentMode)
            }
            if case let .mapping(pairs) = n, !pairs.isEmpty {
                // A struct of the module by its properties: {duration: 0.4, style: dark}.
                var fields: [String: BindValue] = [:]
                for (k, v) in pairs {
                    guard let name = k.scalar?.string else { throw typeError(k, expected: "a property name", for: key) }
                    fields[name] = try bindValue(v, name, ctx, from: from, to: to)
                }
                return .fields(fields)
            }
            throw typeError(n, expected: "a value, {layer: id}, {screen: name}, {view: {frame: […]}} or {rotate: landscape}", for: key, example: example)
        default:
            throw typeError(n, expected: "a value", for: key, example: example)
        }
    }
}

extension PresetReader {
    /// Every name the app must give, at once: after a failure that a bind: entry would fix, the
    /// import runs again with a placeholder of the right kind for it, until it fails otherwise or
    /// succeeds. The first error carries the others.
    func missingBindings(first: SwiftImportError, _ request: SwiftImportRequest, from: ScreenDef, to: ScreenDef, _ ctx: PresetContext,
                         _ run: (SwiftImportRequest) -> Result<ImportedTransition, SwiftImportError>) -> SceneError {
        var errors = [first]
        var probe = request
        for _ in 0 ..< 40 {
            guard let bind = errors.last?.bind, probe.bindings[bind.key] == nil,
                  let node = try? Yams.compose(yaml: bind.value.replacingOccurrences(of: "SCREEN", with: from.name)),
                  let placeholder = try? bindValue(node, bind.key, ctx, from: from, to: to) else { break }
            probe.bindings[bind.key] = placeholder
            guard case let .failure(next) = run(probe) else { break }
            if !errors.contains(where: { $0.line == next.line && $0.column == next.column && $0.message == next.message }) { errors.append(next) }
            // A name the app must give leads on; anything else (code the importer does not run,
            // or what a placeholder of the wrong kind caused) is the last error shown.
            let missingName = [.unknownIdentifier, .unsetProperty, .binding].contains(next.kind) || next.message.hasPrefix("unsupported call")
            if !missingName { break }
        }
        var out = SceneError(errors[0])
        out.more = errors.dropFirst().map(SceneError.init)
        return out
    }

    /// `{image: path}` (`size: [w, h]` in points, read from a PNG's header when left out).
    func imageBind(_ value: Node, _ map: Node) throws(SceneError) -> BindValue {
        let path = try string(value, "image", example: "image: images/photo.png")
        if let s = map.value(forKey: "size") {
            let v = try numbers(s, "size", counts: [2], shape: "[width, height]", example: "size: [358, 200]")
            return .image(path: path, size: Size(width: v[0], height: v[1]))
        }
        let full = path.hasPrefix("/") ? path : URL(fileURLWithPath: baseDirectory).appendingPathComponent(path).path
        guard let (w, h) = SceneLimits.pngDimensions(atPath: full) else {
            throw SceneError(.invalidValue, at: location(value), "the size of the image '\(Quote.name(path))' is not known: it is not a PNG file Segue can read",
                             suggestion: "give its size in points: {image: \(path), size: [width, height]}")
        }
        // UIImage's size is in points: an @2x or @3x file's pixels over its scale.
        let scale: Double = path.contains("@3x") ? 3 : path.contains("@2x") ? 2 : 1
        return .image(path: path, size: Size(width: Double(w) / scale, height: Double(h) / scale))
    }

    /// A copy of a screen's layer (a snapshot of it, or its image in an image view): that
    /// layer's content, laid out at its own size and scaled to the copy's frame by its
    /// contentsGravity.
    func copyNode(for layer: ImportedLayer, of source: String, screens: [String: ScreenDef], sublayers: [Node],
                  prefix: String, canvas: Size, mark: Mark?) throws(SceneError) -> Node {
        let b = NodeBuilder(mark)
        // Bound ids of a screen's layers carry the step's prefix; the screens are built without it.
        let bare = source.hasPrefix(prefix) ? String(source.dropFirst(prefix.count)) : source
        var original: Node?
        for (name, screen) in screens.sorted(by: { $0.key < $1.key }) where bare.hasPrefix(name + "-") {
            original = Self.findLayer(id: bare, in: try screenLayer(screen, id: name, frame: Rect(origin: .zero, size: canvas)))
            if original != nil { break }
        }
        guard let original, case let .mapping(found) = original,
              let frameNode = found.first(where: { $0.key.scalar?.string == "frame" })?.value,
              let f = Self.rectValue(frameNode) else {
            throw SceneError(.reference, at: location(b.plain("")),
                             "the image of '\(bare)' is what a layer of the scene shows, but no screen of the transition has a layer '\(bare)'",
                             suggestion: "bind the image view to a layer of the from or to screen, such as {layer: \(screens.keys.sorted().first ?? "list")-1}")
        }
        let laidOut = layer.snapshotSize.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil } ?? f.size
        // The copy's content: the layer's own keys at the origin, ids renamed under the copy.
        let content: [(String, Node)] = found.compactMap { pair in
            guard let key = pair.key.scalar?.string, key != "id", key != "frame" else { return nil }
            return (key, pair.value)
        }
        let copied = Self.renamingIDs(b.map([("id", b.string("")), ("frame", b.rect(Rect(origin: .zero, size: f.size)))] + content),
                                      under: layer.id + "-content")
        var pairs: [(String, Node)] = [("id", b.string(layer.id)), ("frame", b.rect(layer.frame)),
                                       ("snapshotSize", b.numbers([laidOut.width, laidOut.height]))]
        pairs += layer.properties
        pairs.append(("sublayers", b.list([copied] + sublayers)))
        return b.map(pairs)
    }

    /// The frame of the layer `id` in the coordinates of the tree's root's superlayer.
    static func absoluteFrame(of id: String, in node: Node, offset: Point = .zero) -> Rect? {
        guard case let .mapping(m) = node, let f = m.first(where: { $0.key.scalar?.string == "frame" }).flatMap({ rectValue($0.value) }) else { return nil }
        let here = Rect(x: f.minX + offset.x, y: f.minY + offset.y, width: f.width, height: f.height)
        if m.first(where: { $0.key.scalar?.string == "id" })?.value.scalar?.string == id { return here }
        guard let subs = m.first(where: { $0.key.scalar?.string == "sublayers" })?.value, case let .sequence(items) = subs else { return nil }
        for item in items { if let hit = absoluteFrame(of: id, in: item, offset: here.origin) { return hit } }
        return nil
    }

    /// The layer with that id in a layer tree.
    static func layerNode(_ id: String, in node: Node) -> Node? {
        guard case let .mapping(m) = node else { return nil }
        if m.first(where: { $0.key.scalar?.string == "id" })?.value.scalar?.string == id { return node }
        guard let subs = m.first(where: { $0.key.scalar?.string == "sublayers" })?.value, case let .sequence(items) = subs else { return nil }
        for item in items { if let hit = layerNode(id, in: item) { return hit } }
        return nil
    }

    /// The layers with the keys the code set on some of them (by id) in place of their own.
    static func overriding(_ node: Node, _ keys: [String: [(String, Node)]]) -> Node {
        switch node {
        case var .mapping(m):
            if let id = m.first(where: { $0.key.scalar?.string == "id" })?.value.scalar?.string, let set = keys[id] {
                for (k, v) in set {
                    if let i = m.firstIndex(where: { $0.key.scalar?.string == k }) { m[i].value = v }
                    else { m[Node(k)] = v }
                }
            }
            if let i = m.firstIndex(where: { $0.key.scalar?.string == "sublayers" }) { m[i].value = overriding(m[i].value, keys) }
            return .mapping(m)
        case let .sequence(items):
            var out = items
            for i in out.indices { out[i] = overriding(out[i], keys) }
            return .sequence(out)
        default: return node
        }
    }

    static func findLayer(id: String, in node: Node) -> Node? {
        guard case let .mapping(m) = node else { return nil }
        if m.first(where: { $0.key.scalar?.string == "id" })?.value.scalar?.string == id { return node }
        guard let subs = m.first(where: { $0.key.scalar?.string == "sublayers" })?.value, case let .sequence(items) = subs else { return nil }
        for item in items { if let hit = findLayer(id: id, in: item) { return hit } }
        return nil
    }

    static func rectValue(_ node: Node) -> Rect? {
        guard case let .sequence(items) = node, items.count == 4 else { return nil }
        let v = items.compactMap { $0.scalar.flatMap { Double($0.string) } }
        return v.count == 4 ? Rect(x: v[0], y: v[1], width: v[2], height: v[3]) : nil
    }

    /// The same layers with every id put under `root` (the top one becomes `root`), so a copy's
    /// layers never share ids with the original.
    static func renamingIDs(_ node: Node, under root: String) -> Node {
        mappingIDs(node) { $0.isEmpty ? root : root + "-" + $0 }
    }
}

extension PresetReader {
    /// Records files the scene read, so they are watched and protected like the scene itself.
    func noteRead(_ paths: [String]) {
        for path in paths where !readFiles.contains(path) { readFiles.append(path) }
    }
}

extension SceneError {
    /// An importer error, at its place in the Swift file.
    init(_ e: SwiftImportError) {
        let kind: Kind
        switch e.kind {
        case .io: kind = .io
        case .syntax: kind = .syntax
        case .unknownIdentifier, .noAnimator: kind = .reference
        default: kind = .invalidValue
        }
        self.init(kind, at: SourceLocation(file: e.file, line: e.line, column: e.column), e.message, suggestion: e.hint)
        bindKey = e.bind?.key
        bindValue = e.bind?.value
    }
}
