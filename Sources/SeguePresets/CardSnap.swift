// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry
import SegueScene

/// cardSnap — a horizontal card carousel with one of two release rules, each with its own seed's
/// geometry:
/// - `rule: cardSnap` (seed 002, CenterCellCollectionViewFlowLayout in fumiyasac/FacebookLikeUI):
///   250 × 160 cards 10 pt apart, the first flush left, in a collection view inset 8 pt from the
///   screen's sides (CardLibraryCell.xib). The scroll view decelerates and its proposed resting
///   offset is re-targeted to the card nearest the centre.
/// - `rule: pageSnap` (seed 003, scrollViewWillEndDragging): cards as wide as the screen less
///   24 pt margins, 8 pt apart, centred (CustomCollectionViewFlowLayout); a fast flick moves one
///   card with a 0.3 s damping-1 spring, anything else scrolls to the nearest card.
extension PresetReader {
    static let cardKeys = ["title", "color"]
    static let cardPalette = ["#FF9500", "#34C759", "#007AFF", "#AF52DE", "#FF2D55", "#5AC8FA", "#FFCC00"]

    func cardSnap(_ p: PresetParams, _ ctx: PresetContext) throws(SceneError) -> StepOutput {
        let b = NodeBuilder(at: p.node)
        let w = ctx.canvas.width
        let rule = SnapRule(rawValue: try p.choice("rule", among: SnapRule.allCases.map(\.rawValue), default: "cardSnap")) ?? .cardSnap
        let seed002 = rule == .cardSnap
        // The collection view's margin from the screen's sides: 8 pt in CardLibraryCell.xib; none in seed 003.
        let inset = try p.number("inset", default: seed002 ? 8 : 0, in: 0 ... w / 2 - 1, example: "inset: 8")
        let viewWidth = w - 2 * inset
        let cardWidth = try p.number("cardWidth", default: seed002 ? 250 : w - 48, in: 1 ... Limits.coordinate, example: "cardWidth: 250")
        let spacing = try p.number("spacing", default: seed002 ? 10 : 8, in: 0 ... Limits.coordinate, example: "spacing: 10")
        let cardHeight = try p.number("cardHeight", default: seed002 ? 160 : 420, in: 1 ... Limits.coordinate, example: "cardHeight: 160")
        // seed 002: sectionInset 0, the first card flush left; seed 003: the card centred (edgeSideMargin).
        let leading = try p.number("leading", default: seed002 ? 0 : (viewWidth - cardWidth) / 2, in: 0 ... Limits.coordinate, example: "leading: 0")
        let top = try p.number("top", default: seed002 ? 100 : 90, in: 0 ... Limits.coordinate, example: "top: 100")
        let page = cardWidth + spacing
        // The cards: titles and colours, or just how many.
        var cards: [(Node, Node)] = []
        if let list = p.node("cards") {
            guard case let .sequence(items) = list, !items.isEmpty else {
                throw typeError(list, expected: "a list of cards", for: "cards", example: "cards: [\"京都の紅葉\", {title: \"Mountain trail\", color: \"#34C759\"}]")
            }
            for (i, item) in items.enumerated() {
                let fallback = b.string(Self.cardPalette[i % Self.cardPalette.count])
                if case .scalar = item { cards.append((item, fallback)); continue }
                let schema = MapSchema(what: "card \(i + 1)", keys: Self.cardKeys, synonyms: ["text": "title", "colour": "color"])
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
        let contentWidth = leading * 2 + Double(cards.count) * page - spacing
        let maxOffset = max(0, contentWidth - viewWidth)
        // seed 002's collection view is 20 pt taller than its cards (180 for 160); seed 003's cards sit 40 pt down.
        let margin = seed002 ? 10.0 : 40
        let height = cardHeight + 2 * margin
        let fingerY = top + height / 2
        // The finger: given, or a flick of `distance` points in `duration` seconds.
        let points: Node
        if let given = p.node("points") {
            points = given
        } else {
            let direction = try p.choice("flick", among: ["left", "right"], default: "left")
            let distance = try p.number("dragDistance", default: 70, in: 1 ... Limits.coordinate, example: "dragDistance: 70")
            let length = try p.seconds("dragDuration", default: 0.1)
            let start = try p.seconds("dragDelay", default: 0.3)
            let x0 = direction == "left" ? w * 0.64 : w * 0.36
            let sign = direction == "left" ? -1.0 : 1.0
            points = b.list((0 ... 3).map { i in
                let f = Double(i) / 3
                return b.numbers([Self.round(start + length * f), Self.round(x0 + sign * distance * f), Self.round(fingerY)])
            }, flow: true)
        }
        var snap: [(String, Node)] = [("rule", b.plain(rule.rawValue)), ("pageWidth", b.number(page))]
        let startOffset: Double
        switch rule {
        case .cardSnap:
            snap.append(("cardWidth", b.number(cardWidth)))
            snap.append(("leading", b.number(leading)))
            if let c = p.node("candidates") { snap.append(("candidates", c)) }
            let centre = leading + Double(startPage) * page + cardWidth / 2
            startOffset = min(max((centre - viewWidth / 2).rounded(.down), 0), maxOffset)
        case .pageSnap:
            snap.append(("velocityThreshold", p.node("velocityThreshold") ?? b.number(0.5)))
            snap.append(("springDuration", p.node("springDuration") ?? b.number(0.3)))
            snap.append(("dampingRatio", p.node("dampingRatio") ?? b.number(1)))
            if let d = p.node("scrollDuration") { snap.append(("scrollDuration", d)) }
            startOffset = min(Double(startPage) * page, maxOffset)
        }
        if seed002 {
            for key in ["velocityThreshold", "springDuration", "dampingRatio", "scrollDuration"] {
                if let n = p.node(key) {
                    throw SceneError(.invalidValue, at: location(n), "'\(key)' belongs to the pageSnap rule (seed 003); cardSnap decelerates like a scroll view",
                                     suggestion: "add rule: pageSnap, or remove '\(key)'")
                }
            }
        } else if let n = p.node("candidates") ?? p.node("decelerationRate") {
            throw SceneError(.invalidValue, at: location(n), "this parameter belongs to the cardSnap rule (seed 002); pageSnap stops the deceleration",
                             suggestion: "add rule: cardSnap, or remove it")
        }
        var sublayers: [Node] = []
        let titleSize = min(26, max(14, cardHeight / 8))
        for (i, card) in cards.enumerated() {
            let id = "\(ctx.prefix)card\(i)"
            sublayers.append(b.map([("id", b.string(id)), ("frame", b.rect(Rect(x: leading + Double(i) * page, y: margin, width: cardWidth, height: cardHeight))),
                                    ("backgroundColor", card.1), ("cornerRadius", b.number(seed002 ? 12 : 20)),
                                    ("sublayers", b.list([b.map([("id", b.string("\(id)-title")),
                                                                 ("frame", b.rect(Rect(x: 16, y: cardHeight - titleSize * 2.5, width: cardWidth - 32, height: titleSize * 2))),
                                                                 ("text", textNode(card.0, size: titleSize, weight: "bold", color: "#FFFFFF", b))])]))]))
        }
        var layers: [Node] = []
        if let title = p.node("title") {
            layers.append(b.map([("id", b.string("\(ctx.prefix)heading")), ("frame", b.rect(Rect(x: 20, y: top - 60, width: w - 40, height: 40))),
                                 ("text", textNode(title, size: 28, weight: "bold", color: "#000000", b))]))
        }
        var scroll: [(String, Node)] = [("contentSize", b.numbers([contentWidth, height])),
                                        ("contentOffset", b.numbers([startOffset, 0]))]
        if let rate = p.node("decelerationRate") { scroll.append(("decelerationRate", rate)) }
        scroll.append(("snap", b.map(snap, flow: true)))
        scroll.append(("drag", b.map([("points", points)])))
        layers.append(b.map([("id", b.string("\(ctx.prefix)carousel")), ("frame", b.rect(Rect(x: inset, y: top, width: viewWidth, height: height))),
                             ("masksToBounds", b.bool(true)),
                             ("scroll", b.map(scroll)),
                             ("sublayers", b.list(sublayers))]))
        // The drag's times are from the step's start; the carousel rests when its scroll view does.
        var out = StepOutput(layers: layers, animations: [], duration: 0)
        out.ownClock = true
        return out
    }
}
