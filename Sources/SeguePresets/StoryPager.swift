// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry
import SegueScene

/// storyPager — seed 000's StoryPageViewController (section 3-1): the story screens
/// (StoryViewController, one card each) in a `UIPageViewController` with the `.scroll`
/// transition style, paged by a scripted horizontal finger.
///
/// A `.scroll` page view controller keeps its pages in a paging UIScrollView: each page is the
/// controller's width plus `interPageSpacing` (the `UIPageViewController.OptionsKey
/// .interPageSpacing` option, 0 by default), so while the finger is down the previous or next
/// page shows beside the current one, that spacing apart; on release it settles on a whole page
/// with the paging rule of `scroll: {paging: true}` (docs/timeline.md). Apple does not publish
/// the page controller's threshold or its settling motion: both are the paging scroll view's.
extension PresetReader {
    static let storyKeys = ["title", "subtitle", "color"]
    static let defaultStories = [("京都の紅葉", "#FF9500"), ("Mountain trail", "#34C759"), ("Ocean sunrise", "#007AFF"), ("City lights", "#AF52DE")]

    func storyPager(_ p: PresetParams, _ ctx: PresetContext) throws(SceneError) -> StepOutput {
        let b = NodeBuilder(at: p.node)
        if !ctx.prefix.isEmpty {
            throw SceneError(.invalidValue, at: location(p.node), "the storyPager preset cannot be part of a timeline: its gestures run on the scene's clock",
                             suggestion: "give it a scene of its own with transition: {preset: storyPager}")
        }
        for key in ["from", "to", "direction", "delay"] {
            if let n = p.node(key) {
                throw SceneError(.invalidValue, at: location(n), "the storyPager preset has no '\(key)': it is one page view controller, swiped",
                                 suggestion: "remove '\(key)'; the pages are given with stories: [...] and the swipes with gestures: [...]")
            }
        }
        let w = ctx.canvas.width, h = ctx.canvas.height
        var stories: [(title: Node, subtitle: Node?, color: Node)] = []
        if let list = p.node("stories") {
            guard case let .sequence(items) = list, !items.isEmpty else {
                throw typeError(list, expected: "a list of stories", for: "stories", example: "stories: [\"京都の紅葉\", {title: \"Mountain trail\", color: \"#34C759\"}]")
            }
            for (i, item) in items.enumerated() {
                let fallback = b.string(Self.cardPalette[i % Self.cardPalette.count])
                if case .scalar = item { stories.append((item, nil, fallback)); continue }
                let schema = MapSchema(what: "story \(i + 1)", keys: Self.storyKeys, synonyms: ["text": "title", "colour": "color"])
                let entries = try entries(of: item, schema, key: "stories", example: "{title: \"Mountain trail\", color: \"#34C759\"}")
                var tracker = KeyTracker()
                for e in entries { _ = try check(e, schema, &tracker) }
                stories.append((item.value(forKey: "title") ?? b.string(""), item.value(forKey: "subtitle"), item.value(forKey: "color") ?? fallback))
            }
        } else {
            stories = Self.defaultStories.map { (b.string($0.0), nil, b.string($0.1)) }
        }
        let count = stories.count
        let pageValue = try p.number("page", default: 0, in: 0 ... Double(count - 1), example: "page: 0")
        if let n = p.node("page"), pageValue != pageValue.rounded() {
            throw SceneError(.invalidValue, at: location(n), "'page' is a page's index, a whole number from 0 to \(count - 1)", suggestion: "write page: \(Int(pageValue.rounded()))")
        }
        let start = Int(pageValue)
        // UIPageViewController.OptionsKey.interPageSpacing: 0 unless given.
        let spacing = try p.number("spacing", default: 0, in: 0 ... w, example: "spacing: 10")
        let page = w + spacing
        let background = p.node("background") ?? b.string("#F2F2F7")

        // StoryViewController: a card on the page (Segue's choice of look; the article shows only
        // that the screen is a card).
        var pages: [Node] = []
        let card = Rect(x: 20, y: 100, width: w - 40, height: max(1, h - 200))
        for (i, story) in stories.enumerated() {
            let id = "story\(i + 1)"
            var texts: [Node] = [
                b.map([("id", b.string("\(id)-title")), ("frame", b.rect(Rect(x: 20, y: card.height - 96, width: card.width - 40, height: 44))),
                       ("text", textNode(story.title, size: 28, weight: "bold", color: "#FFFFFF", b))]),
                b.map([("id", b.string("\(id)-number")), ("frame", b.rect(Rect(x: 20, y: 20, width: card.width - 40, height: 24))),
                       ("text", textNode(b.string("\(i + 1) / \(count)"), size: 15, weight: "semibold", color: "#FFFFFF", b))]),
            ]
            if let subtitle = story.subtitle {
                texts.append(b.map([("id", b.string("\(id)-subtitle")), ("frame", b.rect(Rect(x: 20, y: card.height - 50, width: card.width - 40, height: 26))),
                                    ("text", textNode(subtitle, size: 16, color: "#FFFFFF", b))]))
            }
            pages.append(b.map([("id", b.string(id)), ("frame", b.rect(Rect(x: Double(i) * page, y: 0, width: w, height: h))),
                                ("backgroundColor", background),
                                ("sublayers", b.list([b.map([("id", b.string("\(id)-card")), ("frame", b.rect(card)), ("backgroundColor", story.color),
                                                             ("cornerRadius", b.number(16)), ("sublayers", b.list(texts))])]))]))
        }
        let gestures = p.node("gestures") ?? defaultStoryGestures(width: w, height: h, start: start, count: count, b)
        // The page controller's scroll view: one page plus the spacing wide, so pages at rest fill
        // the screen and the spacing lies beyond its right edge.
        let scroller = b.map([("id", b.string("pages")), ("frame", b.rect(Rect(x: 0, y: 0, width: page, height: h))), ("masksToBounds", b.bool(true)),
                              ("scroll", b.map([("contentSize", b.numbers([Double(count) * page, h])), ("contentOffset", b.numbers([Double(start) * page, 0])),
                                                ("paging", b.bool(true)), ("gestures", gestures)])),
                              ("sublayers", b.list(pages))])
        return StepOutput(layers: [scroller], animations: [], duration: 0)
    }

    /// The default swipes, each from rest: a slow drag released at 40 % of a page (it returns),
    /// one released at 60 % (it pages), and a short fast flick (it pages). Towards the end of the
    /// stories; from the last page, back towards the first.
    func defaultStoryGestures(width w: Double, height h: Double, start: Int, count: Int, _ b: NodeBuilder) -> Node {
        let y = (h * 0.5).rounded()
        let forwards = start + 2 < count || start < count - 1 - start
        let sign = forwards ? -1.0 : 1.0
        let x0 = forwards ? (w * 0.8).rounded() : (w * 0.2).rounded()
        func pan(_ t0: Double, _ distance: Double, _ duration: Double, steps: Int) -> Node {
            b.map([("pan", b.map([("points", b.list((0 ... steps).map { i in
                let f = Double(i) / Double(steps)
                return b.numbers([Self.round(t0 + duration * f), Self.round(x0 + sign * distance * f), y])
            }, flow: true))], flow: true))], flow: true)
        }
        return b.list([pan(0.4, (w * 0.4).rounded(), 0.8, steps: 4),
                       pan(1.8, (w * 0.6).rounded(), 0.8, steps: 4),
                       pan(3.2, 60, 0.08, steps: 2)])
    }
}
