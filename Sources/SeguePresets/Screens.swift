// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry
import SegueScene

/// `screens:` — the two sides of a transition, each either a screenshot or a layer tree built
/// from a few components. See docs/presets.md.
///
///     screens:
///       list:
///         title: "Stories"                 # a navigation bar with a large title
///         background: "#F2F2F7"
///         content:                         # stacked from the top, 16 pt margins
///           - row: "Ocean sunrise"         # a table row with a chevron
///           - card: {title: "京都の紅葉", color: "#FF9500", height: 200}
///           - photoTiles: 7                # MainContentsCell's tiles for 7 photos
///           - grid: {items: ["Cat", "Kokoro"]}  # square covers, two columns (seed 003)
///           - button: "Start"
///         tabs: [Home, Search, Library]    # a tab bar at the bottom
///       detail:
///         contents: shots/detail.png       # a real screenshot
///         contentsGravity: resizeAspectFill
struct ScreenDef {
    var name: String
    var node: Node
    var nameNode: Node
}

extension PresetReader {
    static let screenKeys = ["title", "background", "content", "contents", "contentsGravity", "tabs", "scroll", "layers"]
    /// A screenshot was `image:`/`gravity:`; it is `contents:`/`contentsGravity:` as on a layer.
    static let screenRenamed: [String: MapSchema.Renamed] = [
        "image": .init(to: "contents", why: "a picture is 'contents' everywhere, as on a layer (CALayer.contents)"),
        "gravity": .init(to: "contentsGravity", why: "named as on a layer (CALayer.contentsGravity)"),
    ]
    static let componentKinds = ["row", "card", "hero", "photoTiles", "grid", "button", "label", "header", "spacer"]
    /// The keys of each component written as a map (grid's are `gridKeys`; a spacer is a number).
    static let componentKeys = ["row": ["title", "detail"], "card": ["title", "subtitle", "color", "height"],
                                "hero": ["title", "subtitle", "color", "height"], "button": ["title", "color"],
                                "label": ["text", "size", "weight", "color", "height"],
                                "header": ["text", "size", "weight", "color", "height"], "photoTiles": ["count", "colors", "fadeIn"]]

    func decodeScreens(_ node: Node) throws(SceneError) -> [ScreenDef] {
        guard case let .mapping(map) = node else {
            throw typeError(node, expected: "a map of screens by name", for: "screens",
                            example: "screens: {list: {title: \"Stories\"}, detail: {image: shots/detail.png}}")
        }
        var out: [ScreenDef] = []
        for (key, value) in map {
            try tick(value)
            guard case let .scalar(k) = key, !k.string.isEmpty else {
                throw SceneError(.invalidValue, at: location(key), "expected a screen name, found \(describe(key))",
                                 suggestion: "name each screen, like list: {title: \"Stories\"}")
            }
            if let first = out.first(where: { $0.name == k.string }) {
                throw SceneError(.syntax, at: location(key), "screen '\(Quote.name(k.string))' is defined twice: first at \(location(first.nameNode))",
                                 suggestion: "give each screen its own name")
            }
            // Validate the keys now, so a typo is reported where it is written.
            let schema = MapSchema(what: "screen '\(Quote.name(k.string))'", keys: Self.screenKeys,
                                   synonyms: ["navigationTitle": "title", "navTitle": "title", "backgroundColor": "background",
                                              "color": "background", "items": "content", "rows": "content", "children": "content",
                                              "screenshot": "contents", "picture": "contents", "gravity": "contentsGravity",
                                              "tabBar": "tabs"],
                                   renamed: Self.screenRenamed)
            let entries = try entries(of: value, schema, key: "screens", example: "\(k.string): {title: \"Stories\", content: [{row: \"Ocean sunrise\"}]}")
            var tracker = KeyTracker()
            for entry in entries { _ = try check(entry, schema, &tracker) }
            let screen = renamingKeys(value, schema)
            if screen.value(forKey: "contents") != nil, let content = screen.value(forKey: "content") {
                throw SceneError(.invalidValue, at: location(content), "screen '\(Quote.name(k.string))' has both 'contents' (a screenshot) and 'content' (components)",
                                 suggestion: "a screen is either a screenshot (contents:) or built from components (content:)")
            }
            out.append(ScreenDef(name: k.string, node: screen, nameNode: key))
        }
        return out
    }

    /// The screen's layer: `id`, full frame `frame`, plus `extra` keys (a transform, …).
    /// `loading`: the screen is shown on its own and plays its load (`screenLoadAnimations`):
    /// fading cells start transparent, and with a `scroll:` the content sits in a layer
    /// `ID-content` whose bounds origin scrolls, under the bars.
    func screenLayer(_ screen: ScreenDef, id: String, frame: Rect, extra: [(String, Node)] = [], loading: Bool = false) throws(SceneError) -> Node {
        let b = NodeBuilder(at: screen.node)
        let w = frame.width, h = frame.height
        var pairs: [(String, Node)] = [("id", b.string(id)), ("frame", b.rect(frame))]
        var sublayers: [Node] = []
        if let image = screen.node.value(forKey: "contents") {
            pairs.append(("backgroundColor", screen.node.value(forKey: "background") ?? b.string("#FFFFFF")))
            pairs.append(("contents", image))
            pairs.append(("contentsGravity", screen.node.value(forKey: "contentsGravity") ?? b.plain("resizeAspectFill")))
            pairs.append(("masksToBounds", b.bool(true)))
        } else {
            pairs.append(("backgroundColor", screen.node.value(forKey: "background") ?? b.string("#F2F2F7")))
            if let title = screen.node.value(forKey: "title") {
                sublayers.append(b.map([("id", b.string("\(id)-nav")), ("frame", b.rect(Rect(x: 0, y: 0, width: w, height: 100))),
                                        ("backgroundColor", b.string("#F9F9F9")),
                                        ("sublayers", b.list([b.map([("id", b.string("\(id)-title")),
                                                                     ("frame", b.rect(Rect(x: 20, y: 50, width: w - 40, height: 44))),
                                                                     ("text", textNode(title, size: 32, weight: "bold", color: "#000000", b))])]))]))
            }
            var content: [Node] = []
            for placed in try stackContent(screen, id: id, width: w, loading: loading) {
                content += placed.layers.map { $0(placed.y) }
            }
            if !loading, let n = screen.node.value(forKey: "scroll") { warnLoadNotPlayed(n, what: "the screen's scroll") }
            if loading, screen.node.value(forKey: "scroll") != nil {
                sublayers.insert(b.map([("id", b.string("\(id)-content")), ("frame", b.rect(Rect(x: 0, y: 0, width: w, height: h))),
                                        ("sublayers", b.list(content))]), at: 0)
            } else {
                sublayers += content
            }
            if let tabs = screen.node.value(forKey: "tabs") {
                guard case let .sequence(names) = tabs, !names.isEmpty else {
                    throw typeError(tabs, expected: "a list of tab names", for: "tabs", example: "tabs: [Home, Search, Library]")
                }
                let tabWidth = w / Double(names.count)
                var labels: [Node] = []
                for (i, name) in names.enumerated() {
                    labels.append(b.map([("id", b.string("\(id)-tab\(i + 1)")),
                                         ("frame", b.rect(Rect(x: Double(i) * tabWidth, y: 10, width: tabWidth, height: 30))),
                                         ("text", textNode(name, size: 13, weight: i == 0 ? "semibold" : "regular",
                                                           color: i == 0 ? "#007AFF" : "#8E8E93", alignment: "center", b))]))
                }
                sublayers.append(b.map([("id", b.string("\(id)-tabBar")), ("frame", b.rect(Rect(x: 0, y: h - 84, width: w, height: 84))),
                                        ("backgroundColor", b.string("#F9F9F9")), ("sublayers", b.list(labels))]))
            }
            pairs.append(("masksToBounds", b.bool(true)))
        }
        // Views the app's controller adds itself (a photo viewer's dimming view and image view),
        // in the scene's own layer format, over the components.
        if let own = screen.node.value(forKey: "layers") {
            guard case let .sequence(items) = own else {
                throw typeError(own, expected: "a list of layers", for: "layers", example: "layers: [{id: viewer-dim, frame: [0, 0, 390, 844], backgroundColor: \"#000000\", opacity: 0}]")
            }
            // A timeline step puts its screens' ids under its own prefix (`s2-viewer`): these too.
            let prefix = id.hasSuffix(screen.name) ? String(id.dropLast(screen.name.count)) : ""
            sublayers += items.map { Self.mappingIDs($0) { prefix + $0 } }
        }
        pairs += extra
        if !sublayers.isEmpty { pairs.append(("sublayers", b.list(sublayers))) }
        return b.map(pairs)
    }

    /// The same layers with every id renamed, sublayers and masks included.
    static func mappingIDs(_ node: Node, _ rename: (String) -> String) -> Node {
        switch node {
        case var .mapping(m):
            for i in m.indices {
                let key = m[i].key.scalar?.string
                if key == "id", var scalar = m[i].value.scalar {
                    scalar.string = rename(scalar.string)
                    m[i].value = .scalar(scalar)
                } else if key == "sublayers" || key == "mask" {
                    m[i].value = mappingIDs(m[i].value, rename)
                }
            }
            return .mapping(m)
        case let .sequence(items):
            var out = items
            for i in out.indices { out[i] = mappingIDs(out[i], rename) }
            return .sequence(out)
        default: return node
        }
    }

    /// One content item, placed: its layer makers, where it starts and how tall it is.
    struct PlacedComponent {
        var item: Node
        var kind: String
        var y: Double
        var height: Double
        var layers: [(Double) -> Node]
        /// The cells that fade in when dequeued (`fadeIn: true`).
        var fades: [FadeCell] = []
    }

    /// The screen's `content:` stacked from the top: y = 116 under a navigation title, else 60
    /// (0 when the first item is a hero); 8 pt between rows, 12 pt between other items.
    func stackContent(_ screen: ScreenDef, id: String, width w: Double, loading: Bool = false) throws(SceneError) -> [PlacedComponent] {
        guard screen.node.value(forKey: "contents") == nil, let content = screen.node.value(forKey: "content") else { return [] }
        guard case let .sequence(items) = content else {
            throw typeError(content, expected: "a list of components", for: "content",
                            example: "content: [{row: \"Ocean sunrise\"}, {button: \"Start\"}]")
        }
        var y = 60.0
        if screen.node.value(forKey: "title") != nil { y = 116 } else if let first = items.first, componentKind(first) == "hero" { y = 0 }
        var out: [PlacedComponent] = []
        var previous: String?
        for (i, item) in items.enumerated() {
            let (layers, height, kind, fades) = try component(item, id: "\(id)-\(i + 1)", y: y, width: w, previous: previous, loading: loading)
            if previous != nil, kind != "spacer" { y += (kind == "row" && previous == "row") ? 8 : 12 }
            out.append(PlacedComponent(item: item, kind: kind, y: y, height: height, layers: layers, fades: fades))
            y += height
            previous = kind
        }
        return out
    }

    func componentKind(_ node: Node) -> String? {
        guard case let .mapping(map) = node, map.count == 1, let k = map.first?.key.scalar?.string else { return nil }
        return k
    }

    /// A text map `{string: …, size: …}` that keeps the user's string node (and its mark).
    func textNode(_ string: Node, size: Double, weight: String = "regular", color: String, alignment: String = "left",
                  _ b: NodeBuilder, colorNode: Node? = nil) -> Node {
        b.map([("string", string), ("size", b.number(size)), ("weight", b.plain(weight)),
               ("color", colorNode ?? b.string(color)), ("alignment", b.plain(alignment))], flow: true)
    }

    /// One content item: layer makers (given the item's y), its height and its kind.
    func component(_ item: Node, id: String, y: Double, width w: Double, previous: String?, loading: Bool = false) throws(SceneError)
        -> ([(Double) -> Node], Double, String, [FadeCell]) {
        try tick(item)
        let example = "- row: \"Ocean sunrise\""
        guard case let .mapping(map) = item, map.count == 1, let entry = map.first, let kind = entry.key.scalar?.string else {
            throw typeError(item, expected: "a component (a map with one key: \(Suggestions.list(Self.componentKinds, conjunction: "or")))",
                            for: "content", example: example)
        }
        guard Self.componentKinds.contains(kind) else {
            let best = Suggestions.best(for: kind, among: Self.componentKinds,
                                        synonyms: ["cell": "row", "tableRow": "row", "text": "label", "photos": "photoTiles",
                                                   "tiles": "photoTiles", "photoGrid": "photoTiles", "collection": "grid", "covers": "grid", "books": "grid",
                                                   "image": "card", "banner": "hero",
                                                   "section": "header", "gap": "spacer"])
            throw SceneError(.unknownKey, at: location(entry.key), "unknown component '\(Quote.name(kind))'",
                             suggestion: best.map { "did you mean '\($0)'?" } ?? "components are \(Suggestions.list(Self.componentKinds, conjunction: "and"))")
        }
        let value = entry.value
        let b = NodeBuilder(at: value)
        /// `value` as a string shorthand, or the map's `key`.
        func field(_ key: String, shorthand: Bool = true) -> Node? {
            if case .scalar = value { return shorthand ? value : nil }
            return value.value(forKey: key)
        }
        func checkKeys(_ keys: [String]) throws(SceneError) {
            guard case .mapping = value else { return }
            let schema = MapSchema(what: "the \(kind) component", keys: keys,
                                   synonyms: ["text": keys.contains("title") ? "title" : "text", "colour": "color", "backgroundColor": "color",
                                              "fontSize": "size", "photos": "count", "number": "count"])
            let entries = try entries(of: value, schema, key: kind, example: "\(kind): {\(keys[0]): …}")
            var tracker = KeyTracker()
            for e in entries { _ = try check(e, schema, &tracker) }
        }
        func number(_ key: String, default d: Double, range: ClosedRange<Double> = 0 ... 10_000) throws(SceneError) -> Double {
            guard case .mapping = value, let n = value.value(forKey: key) else { return d }
            return try self.number(n, key, in: range, what: "between \(Quote.number(range.lowerBound)) and \(Quote.number(range.upperBound))",
                                   example: "\(key): \(Quote.number(d))")
        }
        let x = 16.0, cw = w - 32
        switch kind {
        case "row":
            try checkKeys(Self.componentKeys["row"] ?? [])
            let title = field("title") ?? b.string("")
            var subs: [(String, Node)] = []
            if let detail = field("detail", shorthand: false) {
                subs.append(("detail", detail))
            }
            let height = subs.isEmpty ? 64.0 : 72.0
            return ([{ y in
                var sublayers: [Node] = []
                if let detail = subs.first?.1 {
                    sublayers.append(b.map([("id", b.string("\(id)-title")), ("frame", b.rect(Rect(x: 16, y: 10, width: cw - 56, height: 28))),
                                            ("text", self.textNode(title, size: 17, color: "#000000", b))]))
                    sublayers.append(b.map([("id", b.string("\(id)-detail")), ("frame", b.rect(Rect(x: 16, y: 38, width: cw - 56, height: 22))),
                                            ("text", self.textNode(detail, size: 14, color: "#8E8E93", b))]))
                } else {
                    sublayers.append(b.map([("id", b.string("\(id)-title")), ("frame", b.rect(Rect(x: 16, y: 0, width: cw - 56, height: height))),
                                            ("text", self.textNode(title, size: 17, color: "#000000", b))]))
                }
                sublayers.append(b.map([("id", b.string("\(id)-chevron")), ("frame", b.rect(Rect(x: cw - 38, y: 0, width: 24, height: height))),
                                        ("text", self.textNode(b.string("›"), size: 28, color: "#C7C7CC", alignment: "center", b))]))
                return b.map([("id", b.string(id)), ("frame", b.rect(Rect(x: x, y: y, width: cw, height: height))),
                              ("backgroundColor", b.string("#FFFFFF")), ("cornerRadius", b.number(12)), ("sublayers", b.list(sublayers))])
            }], height, kind, [])
        case "card", "hero":
            try checkKeys(Self.componentKeys["card"] ?? [])
            let height = try number("height", default: kind == "hero" ? 360 : 200, range: 1 ... 10_000)
            let title = field("title")
            let subtitle = field("subtitle", shorthand: false)
            let color = field("color", shorthand: false) ?? b.string(kind == "hero" ? "#34C759" : "#FF9500")
            let (fx, fw) = kind == "hero" ? (0.0, w) : (x, cw)
            return ([{ y in
                var sublayers: [Node] = []
                let titleSize = kind == "hero" ? 34.0 : 22.0
                let textBottom = height - (kind == "hero" ? 20 : 16)
                if let subtitle {
                    sublayers.append(b.map([("id", b.string("\(id)-subtitle")), ("frame", b.rect(Rect(x: 20, y: textBottom - 24, width: fw - 40, height: 24))),
                                            ("text", self.textNode(subtitle, size: 15, color: "#FFFFFF", b))]))
                }
                if let title {
                    let th = titleSize * 1.6
                    let ty = textBottom - (subtitle == nil ? 0 : 26) - th
                    sublayers.append(b.map([("id", b.string("\(id)-title")), ("frame", b.rect(Rect(x: 20, y: ty, width: fw - 40, height: th))),
                                            ("text", self.textNode(title, size: titleSize, weight: "bold", color: "#FFFFFF", b))]))
                }
                var pairs: [(String, Node)] = [("id", b.string(id)), ("frame", b.rect(Rect(x: fx, y: y, width: fw, height: height))),
                                               ("backgroundColor", color)]
                if kind == "card" { pairs.append(("cornerRadius", b.number(16))) }
                if !sublayers.isEmpty { pairs.append(("sublayers", b.list(sublayers))) }
                return b.map(pairs)
            }], height, kind, [])
        case "button":
            try checkKeys(Self.componentKeys["button"] ?? [])
            let title = field("title") ?? b.string("")
            let color = field("color", shorthand: false) ?? b.string("#007AFF")
            return ([{ y in
                b.map([("id", b.string(id)), ("frame", b.rect(Rect(x: x, y: y, width: cw, height: 52))), ("backgroundColor", color),
                       ("cornerRadius", b.number(12)),
                       ("sublayers", b.list([b.map([("id", b.string("\(id)-title")), ("frame", b.rect(Rect(x: 0, y: 0, width: cw, height: 52))),
                                                    ("text", self.textNode(title, size: 17, weight: "semibold", color: "#FFFFFF", alignment: "center", b))])]))])
            }], 52, kind, [])
        case "label", "header":
            try checkKeys(Self.componentKeys["label"] ?? [])
            let text = field("text") ?? b.string("")
            let size = try number("size", default: kind == "header" ? 13 : 17, range: 1 ... 200)
            // Like a UILabel with numberOfLines = 0: tall enough for the lines the text needs
            // (estimated: CJK and emoji one em wide, other characters 0.55 em), up to three.
            var estimate = 0.0
            if let s = text.scalar?.string {
                for u in s.unicodeScalars { estimate += (u.value >= 0x2E80 ? 1.0 : 0.55) * size }
            }
            let lines = min(3, max(1, Int(ceil(estimate / max(cw, 1)))))
            let height = try number("height", default: ceil(size * 1.5) * Double(lines) + 4, range: 1 ... 10_000)
            let weight = field("weight", shorthand: false) ?? b.plain(kind == "header" ? "semibold" : "regular")
            let color = field("color", shorthand: false) ?? b.string(kind == "header" ? "#6D6D72" : "#3C3C43")
            return ([{ y in
                b.map([("id", b.string(id)), ("frame", b.rect(Rect(x: x + (kind == "header" ? 4 : 0), y: y, width: cw, height: height))),
                       ("text", b.map([("string", text), ("size", b.number(size)), ("weight", weight), ("color", color),
                                       ("alignment", b.plain("left"))], flow: true))])
            }], height, kind, [])
        case "grid":
            let spec = try decodeGrid(value)
            if spec.fadeIn, !loading, let n = value.value(forKey: "fadeIn") { warnLoadNotPlayed(n, what: "fadeIn") }
            // Each cover is a cell of the collection view, dequeued on its own.
            let fades = spec.fadeIn ? spec.items.indices.map { i in
                FadeCell(top: spec.frame(i, width: w).minY, bottom: spec.frame(i, width: w).maxY, layerIDs: ["\(id)-item\(i)"])
            } : []
            return ([{ y in self.gridLayers(spec, id: id, y: y, width: w, b, transparent: loading && spec.fadeIn) }], spec.height(width: w), kind, fades)
        case "spacer":
            let height: Double
            if case .scalar = value { height = try self.number(value, "spacer", in: 0 ... 10_000, what: "between 0 and 10000", example: "spacer: 20") }
            else { throw typeError(value, expected: "a height in points", for: "spacer", example: "spacer: 20") }
            return ([], height, kind, [])
        default: // photoTiles
            try checkKeys(Self.componentKeys["photoTiles"] ?? [])
            let countNode = field("count")
            guard let countNode else {
                throw SceneError(.missingKey, at: location(value), "the photoTiles component needs a 'count'",
                                 suggestion: "write it like photoTiles: {count: 7} or photoTiles: 7")
            }
            let count = Int(try self.number(countNode, "count", in: 0 ... 10_000, what: "a whole number from 0", example: "count: 7"))
            var colors: [Node] = Self.tilePalette.map { b.string($0) }
            if case .mapping = value, let c = value.value(forKey: "colors") {
                guard case let .sequence(list) = c, !list.isEmpty else {
                    throw typeError(c, expected: "a list of colours", for: "colors", example: "colors: [\"#FF9500\", \"#34C759\"]")
                }
                colors = Array(list)
            }
            let fadeIn = try fadeIn(of: value)
            if fadeIn, !loading, let n = value.value(forKey: "fadeIn") { warnLoadNotPlayed(n, what: "fadeIn") }
            let layers = photoTileLayers(count: count, id: id, width: w, colors: colors, b, transparent: loading && fadeIn)
            let height = PhotoTilesLayout.height(count: count, screenWidth: w)
            // The component is one cell (MainContentsCell); each of its photos fades.
            let fades = fadeIn ? [FadeCell(top: 0, bottom: height, layerIDs: layers.compactMap { $0.value(forKey: "id")?.scalar?.string })] : []
            return ([{ y in b.map([("id", b.string(id)), ("frame", b.rect(Rect(x: 0, y: y, width: w, height: height))),
                                  ("backgroundColor", b.string("#FFFFFF"))] + (layers.isEmpty ? [] : [("sublayers", b.list(layers))])) }],
                    height, kind, fades)
        }
    }

    static let tilePalette = ["#FF9F0A", "#30B0C7", "#5E5CE6", "#FF375F", "#32D74B", "#BF5AF2", "#FFD60A", "#64D2FF"]

    /// The visible tiles of MainContentsCell for `count` photos, and the "他N件" button.
    func photoTileLayers(count: Int, id: String, width: Double, colors: [Node], _ b: NodeBuilder, transparent: Bool = false) -> [Node] {
        let frames = PhotoTilesLayout.frames(count: count, screenWidth: width)
        var out: [Node] = []
        for (i, f) in frames.enumerated() where i < PhotoTilesLayout.visibleCount(count) && f.width > 0 && f.height > 0 {
            var pairs: [(String, Node)] = [("id", b.string("\(id)-photo\(i + 1)")), ("frame", b.rect(f)),
                                           ("backgroundColor", colors[i % colors.count]), ("masksToBounds", b.bool(true))]
            if transparent { pairs.append(("opacity", b.number(0))) }
            if i == 5, let more = PhotoTilesLayout.moreText(count: count) {
                let local = Rect(x: 0, y: 0, width: f.width, height: f.height)
                pairs.append(("sublayers", b.list([
                    b.map([("id", b.string("\(id)-moreButton")), ("frame", b.rect(local)), ("backgroundColor", b.string("#000000")),
                           ("opacity", b.number(PhotoTilesLayout.moreButtonAlpha))]),
                    b.map([("id", b.string("\(id)-moreCount")), ("frame", b.rect(local)),
                           ("text", textNode(b.string(more), size: 24, weight: "bold", color: "#FFFFFF", alignment: "center", b))]),
                ])))
            }
            out.append(b.map(pairs))
        }
        return out
    }
}
