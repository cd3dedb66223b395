// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry
import SegueScene

/// storyPager — seed 000's StoryPageViewController (section 3-1): the story screens
/// (StoryViewController, one StoryCardView each) in a `UIPageViewController` with the `.scroll`
/// transition style, embedded in a container view, paged by a scripted horizontal finger. The
/// layout is the author's repository's (fumiyasac/InteractiveUISample: Story.storyboard,
/// StoryCardView.xib, StoryPageViewController.swift).
///
/// A `.scroll` page view controller keeps its pages in a paging UIScrollView: each page is the
/// controller's width plus `interPageSpacing` (the `UIPageViewController.OptionsKey
/// .interPageSpacing` option, 0 by default and in the storyboard), so while the finger is down
/// the previous or next page shows beside the current one, that spacing apart; on release it
/// settles on a whole page with the paging rule of `scroll: {paging: true}` (docs/timeline.md).
/// Apple does not publish the page controller's threshold or its settling motion: both are the
/// paging scroll view's. The "N of T stories" index changes when a page has settled
/// (`didFinishAnimating … transitionCompleted`).
extension PresetReader {
    static let storyKeys = ["title", "subtitle", "color"]
    static let defaultStories = [("京都の紅葉", "Autumn in Arashiyama", "#FF9500"), ("Mountain trail", "A day above the clouds", "#34C759"),
                                 ("Ocean sunrise", "Shonan, 5:12", "#007AFF")]
    /// ColorDefinition: navigationColor and pointColor.
    static let storyNavigationColor = "#76B6E2", storyPointColor = "#7182FF"
    /// Story.storyboard: the header under the navigation bar, the card's insets and height.
    static let storyHeaderHeight = 84.0, storyCardInset = 30.0, storyCardHeight = 389.0

    func storyPager(_ p: PresetParams, _ ctx: PresetContext) throws(SceneError) -> StepOutput {
        let b = NodeBuilder(at: p.node)
        // In a timeline every id carries the step's prefix, so two steps never share a layer.
        let p0 = ctx.prefix
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
            stories = Self.defaultStories.map { (b.string($0.0), b.string($0.1), b.string($0.2)) }
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
        let background = p.node("background") ?? b.string("#3B7EA1")

        // StoryPageViewController: under a non-translucent navigation bar, the 84 pt header, then
        // the container the page view controller fills, down to the safe area's bottom.
        let guide = Self.statusBar(h)
        let navBottom = guide + 44
        let containerTop = navBottom + Self.storyHeaderHeight
        let container = Rect(x: 0, y: containerTop, width: w, height: max(1, h - (h >= 812 ? 34 : 0) - containerTop))
        var layers: [Node] = [
            // storyBackgroundImage (a photo; `background` stands in for it) under a white view at 0.72.
            b.map([("id", b.string(p0 + "background")), ("frame", b.rect(Rect(x: 0, y: 0, width: w, height: h))), ("backgroundColor", background),
                   ("sublayers", b.list([b.map([("id", b.string(p0 + "background-veil")), ("frame", b.rect(Rect(x: 0, y: 0, width: w, height: h))),
                                                ("backgroundColor", b.string("#FFFFFF")), ("opacity", b.number(0.72))])]))]),
            b.map([("id", b.string(p0 + "navigationBar")), ("frame", b.rect(Rect(x: 0, y: 0, width: w, height: navBottom))),
                   ("backgroundColor", b.string(Self.storyNavigationColor)),
                   ("sublayers", b.list([b.map([("id", b.string(p0 + "navigationBar-title")), ("frame", b.rect(Rect(x: 60, y: guide, width: w - 120, height: 44))),
                                                ("text", textNode(b.string("Story一覧"), size: 17, weight: "semibold", color: "#FFFFFF", alignment: "center", b))])]))]),
            b.map([("id", b.string(p0 + "header-lead")), ("frame", b.rect(Rect(x: 15, y: navBottom + 15, width: w - 30, height: 18))),
                   ("text", textNode(b.string("海のある風景には物語が絶対にある。"), size: 14, weight: "bold", color: "#000000", b))]),
        ]
        // "N of T stories": a 107 pt stack centred 28 pt under the lead (14 pt), N and T bold 21 pt.
        let stackX = w / 2 - 53.5, stackY = navBottom + 15 + 14 + 28
        func indexText(_ id: String, _ text: String, x: Double, width: Double, big: Bool, hidden: Bool = false) -> Node {
            b.map([("id", b.string(p0 + id)), ("frame", b.rect(Rect(x: stackX + x, y: stackY + (big ? -3 : 4), width: width, height: big ? 26 : 18))),
                   ("hidden", b.bool(hidden)),
                   ("text", textNode(b.string(text), size: big ? 21 : 14, weight: big ? "bold" : "regular", color: Self.storyNavigationColor,
                                     alignment: "center", b))])
        }
        let gestures = p.node("gestures") ?? defaultStoryGestures(width: w, y: container.minY + container.height / 2, start: start, count: count, b)
        var shown: [(page: Int, from: Double, until: Double?)] = [(start, 0, nil)]
        for change in pagerPageChanges(gestures, start: start, count: count, width: page) where change.page != shown[shown.count - 1].page {
            shown[shown.count - 1].until = change.time
            shown.append((change.page, change.time, nil))
        }
        var animations: [Node] = []
        for (k, segment) in shown.enumerated() {
            let id = "currentIndex\(k + 1)"
            layers.append(indexText(id, "\(segment.page + 1)", x: 0, width: 14, big: true, hidden: k > 0))
            if k > 0 { animations.append(cut(p0 + id, show: true, at: segment.from, b)) }
            if let until = segment.until { animations.append(cut(p0 + id, show: false, at: until, b)) }
        }
        layers += [indexText("index-of", "of", x: 14, width: 22, big: false), indexText("totalIndex", "\(count)", x: 36, width: 15, big: true),
                   indexText("index-stories", "stories", x: 51, width: 56, big: false)]

        // StoryViewController: a clear view with the StoryCardView 30 pt from its sides, 389 pt
        // tall (less when the container is shorter), centred; a white card with a 5 pt shadow.
        let cw = w - 2 * Self.storyCardInset
        let ch = min(Self.storyCardHeight, container.height - 20)
        let card = Rect(x: Self.storyCardInset, y: ((container.height - ch) / 2).rounded(), width: cw, height: ch)
        let thumb = Rect(x: 10, y: 10, width: cw - 20, height: (cw - 20) / 2)
        var pages: [Node] = []
        for (i, story) in stories.enumerated() {
            let id = "\(p0)story\(i + 1)"
            var thumbLayers: [Node] = [
                b.map([("id", b.string("\(id)-mask")), ("frame", b.rect(Rect(x: 0, y: 0, width: thumb.width, height: thumb.height))),
                       ("backgroundColor", b.string("#000000")), ("opacity", b.number(0.64))]),
                b.map([("id", b.string("\(id)-chapter")), ("frame", b.rect(Rect(x: 8, y: thumb.height - 75, width: 70, height: 18))),
                       ("backgroundColor", b.string(Self.storyPointColor)), ("cornerRadius", b.number(2.5)),
                       ("text", textNode(b.string("Chapter\(i + 1)"), size: 11, weight: "bold", color: "#FFFFFF", alignment: "center", b))]),
                b.map([("id", b.string("\(id)-title")), ("frame", b.rect(Rect(x: 8, y: thumb.height - 26, width: thumb.width - 16, height: 18))),
                       ("text", textNode(story.title, size: 14, weight: "bold", color: "#FFFFFF", b))]),
            ]
            var cardLayers: [Node] = [b.map([("id", b.string("\(id)-thumbnail")), ("frame", b.rect(thumb)), ("backgroundColor", story.color),
                                             ("masksToBounds", b.bool(true)), ("sublayers", b.list(thumbLayers))])]
            if let subtitle = story.subtitle {
                cardLayers.append(b.map([("id", b.string("\(id)-summary")), ("frame", b.rect(Rect(x: 20, y: thumb.maxY + 12, width: cw - 40, height: 40))),
                                         ("text", textNode(subtitle, size: 13, color: "#555555", b))]))
            }
            pages.append(b.map([("id", b.string(id)), ("frame", b.rect(Rect(x: Double(i) * page, y: 0, width: w, height: container.height))),
                                ("sublayers", b.list([b.map([("id", b.string("\(id)-card")), ("frame", b.rect(card)), ("backgroundColor", b.string("#FFFFFF")),
                                                             ("shadowOpacity", b.number(0.2)), ("shadowRadius", b.number(5)), ("shadowOffset", b.numbers([0, 1])),
                                                             ("sublayers", b.list(cardLayers))])]))]))
        }
        // The page controller's scroll view: one page plus the spacing wide, so pages at rest fill
        // the container and the spacing lies beyond its right edge.
        layers.append(b.map([("id", b.string(p0 + "pages")), ("frame", b.rect(Rect(x: 0, y: container.minY, width: page, height: container.height))),
                             ("masksToBounds", b.bool(true)),
                             ("scroll", b.map([("contentSize", b.numbers([Double(count) * page, container.height])),
                                               ("contentOffset", b.numbers([Double(start) * page, 0])),
                                               ("paging", b.bool(true))] + swipes(gestures))),
                             ("sublayers", b.list(pages))]))
        // The swipes' times are from the step's start: in a timeline it runs on its own clock.
        var out = StepOutput(layers: layers, animations: animations, duration: 0)
        out.ownClock = true
        return out
    }

    /// The default swipes, each from rest: a slow drag released at 40 % of a page (it returns),
    /// one released at 60 % (it pages), and a short fast flick (it pages). Towards the end of the
    /// stories; from the last page, back towards the first.
    func defaultStoryGestures(width w: Double, y: Double, start: Int, count: Int, _ b: NodeBuilder) -> Node {
        let forwards = start + 2 < count || start < count - 1 - start
        let sign = forwards ? -1.0 : 1.0
        let x0 = forwards ? (w * 0.8).rounded() : (w * 0.2).rounded()
        func pan(_ t0: Double, _ distance: Double, _ duration: Double, steps: Int) -> Node {
            b.map([("pan", b.map([("points", b.list((0 ... steps).map { i in
                let f = Double(i) / Double(steps)
                return b.numbers([Self.round(t0 + duration * f), Self.round(x0 + sign * distance * f), Self.round(y)])
            }, flow: true))], flow: true))], flow: true)
        }
        return b.list([pan(0.4, (w * 0.4).rounded(), 0.8, steps: 4),
                       pan(1.8, (w * 0.6).rounded(), 0.8, steps: 4),
                       pan(3.2, 60, 0.08, steps: 2)])
    }
}
