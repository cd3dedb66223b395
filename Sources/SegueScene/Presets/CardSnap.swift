import Foundation
import Yams

/// cardSnap — CenterCellCollectionViewFlowLayout (seed 002) with the scrollViewWillEndDragging
/// rule of seed 003: a horizontal carousel whose cards are `cardWidth` wide and `spacing` apart
/// (page width = cardWidth + spacing), the current card centred with its neighbours showing at
/// the sides. A scripted drag and release expands into a `scroll:` layer with `snap:`: from the
/// page centred when the drag began, a release faster than 0.5 pt/ms or past half a page moves
/// one page with a 0.3 s damping-1 spring; otherwise the card springs back.
extension PresetReader {
    static let cardPalette = ["#FF9500", "#34C759", "#007AFF", "#AF52DE", "#FF2D55", "#5AC8FA", "#FFCC00"]

    func cardSnap(_ p: PresetParams, _ ctx: PresetContext) throws(SceneError) -> StepOutput {
        let b = NodeBuilder(at: p.node)
        if !ctx.prefix.isEmpty {
            throw SceneError(.invalidValue, at: location(p.node), "the cardSnap preset cannot be part of a timeline: its drag runs on the scene's clock",
                             suggestion: "give it a scene of its own with transition: {preset: cardSnap, …}")
        }
        let w = ctx.canvas.width
        let cardWidth = try p.number("cardWidth", default: 300, in: 1 ... Limits.coordinate, example: "cardWidth: 300")
        let spacing = try p.number("spacing", default: 15, in: 0 ... Limits.coordinate, example: "spacing: 15")
        let cardHeight = try p.number("cardHeight", default: 420, in: 1 ... Limits.coordinate, example: "cardHeight: 420")
        let top = try p.number("top", default: 90, in: 0 ... Limits.coordinate, example: "top: 90")
        let page = cardWidth + spacing
        let inset = (w - cardWidth) / 2
        // The cards: titles and colours, or just how many.
        var cards: [(Node, Node)] = []
        if let list = p.node("cards") {
            guard case let .sequence(items) = list, !items.isEmpty else {
                throw typeError(list, expected: "a list of cards", for: "cards", example: "cards: [\"京都の紅葉\", {title: \"Mountain trail\", color: \"#34C759\"}]")
            }
            for (i, item) in items.enumerated() {
                let fallback = b.string(Self.cardPalette[i % Self.cardPalette.count])
                if case .scalar = item { cards.append((item, fallback)); continue }
                let schema = MapSchema(what: "card \(i + 1)", keys: ["title", "color"], synonyms: ["text": "title", "colour": "color"])
                let entries = try entries(of: item, schema, key: "cards", example: "{title: \"Mountain trail\", color: \"#34C759\"}")
                var tracker = KeyTracker()
                for e in entries { _ = try check(e, schema, &tracker) }
                cards.append((item.value(forKey: "title") ?? b.string(""), item.value(forKey: "color") ?? fallback))
            }
        } else {
            for (i, t) in ["京都の紅葉", "Mountain trail", "Ocean sunrise", "City lights", "Desert road"].enumerated() {
                cards.append((b.string(t), b.string(Self.cardPalette[i])))
            }
        }
        let startPage = Int(try p.number("page", default: 0, in: 0 ... Double(cards.count - 1), example: "page: 0"))
        let contentWidth = inset * 2 + Double(cards.count) * page - spacing
        let height = cardHeight + 80
        let fingerY = top + height / 2
        // The finger: given, or a flick of `distance` points in `duration` seconds.
        let points: Node
        if let given = p.node("points") {
            points = given
        } else {
            let direction = try p.choice("flick", among: ["left", "right"], default: "left")
            let distance = try p.number("distance", default: 70, in: 1 ... Limits.coordinate, example: "distance: 70")
            let length = try p.seconds("duration", default: 0.15)
            let start = try p.seconds("start", default: 0.3)
            let x0 = direction == "left" ? w * 0.64 : w * 0.36
            let sign = direction == "left" ? -1.0 : 1.0
            points = b.list((0 ... 3).map { i in
                let f = Double(i) / 3
                return b.numbers([Self.round(start + length * f), Self.round(x0 + sign * distance * f), Self.round(fingerY)])
            }, flow: true)
        }
        var snap: [(String, Node)] = [("pageWidth", b.number(page))]
        snap.append(("velocityThreshold", p.node("velocityThreshold") ?? b.number(0.5)))
        snap.append(("springDuration", p.node("springDuration") ?? b.number(0.3)))
        snap.append(("dampingRatio", p.node("dampingRatio") ?? b.number(1)))
        var sublayers: [Node] = []
        for (i, card) in cards.enumerated() {
            let id = "\(ctx.prefix)card\(i)"
            sublayers.append(b.map([("id", b.string(id)), ("frame", b.rect(Rect(x: inset + Double(i) * page, y: 40, width: cardWidth, height: cardHeight))),
                                    ("backgroundColor", card.1), ("cornerRadius", b.number(20)),
                                    ("sublayers", b.list([b.map([("id", b.string("\(id)-title")),
                                                                 ("frame", b.rect(Rect(x: 20, y: cardHeight - 80, width: cardWidth - 40, height: 60))),
                                                                 ("text", textNode(card.0, size: 26, weight: "bold", color: "#FFFFFF", b))])]))]))
        }
        var layers: [Node] = []
        if let title = p.node("title") {
            layers.append(b.map([("id", b.string("\(ctx.prefix)heading")), ("frame", b.rect(Rect(x: 20, y: top - 60, width: w - 40, height: 40))),
                                 ("text", textNode(title, size: 28, weight: "bold", color: "#000000", b))]))
        }
        layers.append(b.map([("id", b.string("\(ctx.prefix)carousel")), ("frame", b.rect(Rect(x: 0, y: top, width: w, height: height))),
                             ("scroll", b.map([("contentSize", b.numbers([contentWidth, height])),
                                               ("contentOffset", b.numbers([Double(startPage) * page, 0])),
                                               ("snap", b.map(snap, flow: true)),
                                               ("drag", b.map([("points", points)]))])),
                             ("sublayers", b.list(sublayers))]))
        return StepOutput(layers: layers, animations: [], duration: 0)
    }
}
