// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry
import SegueScene

/// photoPager — seed 002's two taps on MainContentsCell's photo tiles (section 5 of the article),
/// with the two screens they open as the author's repository (fumiyasac/FacebookLikeUI) builds
/// them:
/// - a thumbnail (UITapGestureRecognizer; the view's tag is its number, 1 … 6):
///   `present(ImageController, animated: false)`. ImageController (ImageController.swift,
///   Main.storyboard) starts at `view.alpha = 0` and fades to 1 in 0.16 s in `viewDidAppear`; a
///   paging UIScrollView (`isPagingEnabled`, `bounces = false`), full width and ¾ as tall, 20 pt
///   under a "Page N / total" label that changes when a page settles
///   (`scrollViewDidEndDecelerating`), holds the photos side by side, opening on the tapped one
///   (`contentOffset.x = width × (targetImageCount − 1)`); "× Close" fades the view out in 0.16 s,
///   then `dismiss(animated: false)`.
/// - the "他N件" button over the sixth tile (more than six photos): `pushViewController(
///   DetailController, animated: true)`: a table of 280 pt rows (ThumbnailCell: a 40 pt " 画像N："
///   label over the photo) scrolled to `contentOffset.y = 280 × 5`, the sixth photo first.
extension PresetReader {
    /// Main.storyboard: the scroll view's aspect ratio (width : height = 1 : 0.75).
    static let pagerPhotoAspect = 0.75
    /// ImageController's fades (showAnimatePopup, removeAnimatePopup).
    static let pagerFade = 0.16
    /// DetailCellConfig.cellHeight, and ThumbnailCell's label height.
    static let detailRowHeight = 280.0, detailLabelHeight = 40.0
    /// How far the default swipes move and how long they take (Segue's choice).
    static let pagerFlick = (distance: 80.0, duration: 0.1), pagerDrag = (fraction: 0.3, duration: 0.8)
    /// The paging settle's length (ScrollSimulation's paging spring).
    static let pagingSettle = 0.3

    func photoPager(_ p: PresetParams, _ ctx: PresetContext) throws(SceneError) -> StepOutput {
        let b = NodeBuilder(at: p.node)
        let p0 = ctx.prefix
        for key in ["to", "direction"] {
            if let n = p.node(key) {
                throw SceneError(.invalidValue, at: location(n), "the photoPager preset has no '\(key)': the pager (or the list) is made from the tapped cell's photos",
                                 suggestion: "remove '\(key)'; name the feed with from: and the tapped tile with tile: (or more: true)")
            }
        }
        let w = ctx.canvas.width, h = ctx.canvas.height
        let full = Rect(x: 0, y: 0, width: w, height: h)
        let screen = try pagerFeed(p, ctx, b)
        // In a timeline every id carries the step's prefix, so two steps never share a layer.
        let screenID = p0 + screen.name
        guard let tiles = try findPhotoTiles(in: screen, screenID: screen.name, width: w) else {
            throw SceneError(.invalidValue, at: location(p.node("from") ?? screen.nameNode),
                             "screen '\(Quote.name(screen.name))' has no photoTiles: the photoPager preset opens the photos of a MainContentsCell",
                             suggestion: "add the tiles to its content: content: [{photoTiles: 8}]")
        }
        guard tiles.count > 0 else {
            throw SceneError(.invalidValue, at: location(tiles.node), "the photoTiles here have no photos to open",
                             suggestion: "give the cell at least one photo: photoTiles: 8")
        }
        let more = try p.node("more").map { n throws(SceneError) in try bool(n, "more") } ?? false
        let visible = PhotoTilesLayout.visibleCount(tiles.count)
        if more, tiles.count <= PhotoTilesLayout.maxPhotoCount {
            throw SceneError(.invalidValue, at: location(p.node("more") ?? p.node), "the \"他N件\" button shows only with more than six photos; this cell has \(tiles.count)",
                             suggestion: "give the cell more photos (photoTiles: 8), or tap a thumbnail with tile: 1 … \(visible)")
        }
        if more, let n = p.node("tile") {
            throw SceneError(.invalidValue, at: location(n), "'tile' and 'more' are two different taps: a thumbnail opens the pager, the \"他N件\" button pushes the list",
                             suggestion: "keep one of them")
        }
        let tileValue = try p.number("tile", default: 1, in: 1 ... Double(visible), example: "tile: 2")
        if let n = p.node("tile"), tileValue != tileValue.rounded() {
            throw SceneError(.invalidValue, at: location(n), "'tile' is a tile's number (its tag in the seed), a whole number from 1 to \(visible)",
                             suggestion: "write tile: \(Int(tileValue.rounded()))")
        }
        let tile = Int(tileValue)
        // The tap lifts at `delay`: present(_:animated: false) (or the push) happens then.
        let tap = try p.seconds("delay", default: 0.4)
        if tap < Self.tapLength, let n = p.node("delay") {
            // The finger rests on the tile for a tenth of a second before it lifts.
            throw SceneError(.invalidValue, at: location(n), "the tap lifts at 'delay', \(Quote.number(tap)) s, but a tap needs \(Quote.number(Self.tapLength)) s from touch-down to lift",
                             suggestion: "write delay: \(Quote.number(Self.tapLength)) or later")
        }
        let tileFrame = tiles.frames[more ? PhotoTilesLayout.maxPhotoCount - 1 : tile - 1]
        let tapPoint = Point(x: tileFrame.minX + tileFrame.width / 2, y: tileFrame.minY + tileFrame.height / 2)
        if tapPoint.y > h {
            throw SceneError(.invalidValue, at: location(p.node(more ? "more" : "tile") ?? p.node),
                             "the \(more ? "\"他N件\" button" : "tile \(tile)") is below the bottom of the \(Quote.number(h)) pt screen (its centre is at y = \(Quote.number(Self.round(tapPoint.y))))",
                             suggestion: "tap a tile higher up, or put the photoTiles nearer the top of the screen's content")
        }
        var out = StepOutput()
        out.touches.append(tapTouch(at: tapPoint, lift: tap, b))
        let feed = try screenLayer(screen, id: screenID, frame: full)
        let colors = tiles.colors
        func photoColor(_ i: Int) -> Node { colors[i % colors.count] }

        if more {
            for key in ["gestures", "close"] {
                if let n = p.node(key) {
                    throw SceneError(.invalidValue, at: location(n), "'\(key)' belongs to the pager a thumbnail opens; the \"他N件\" button pushes the list",
                                     suggestion: "remove '\(key)', or tap a thumbnail with tile: instead of more: true")
                }
            }
            // pushViewController(animated: true): the push preset's motion (0.35 s, parallax 1/3,
            // dimming 0.1, easeInEaseOut).
            let duration = 0.35, parallax = 1.0 / 3.0, dimming = 0.1
            let listID = p0 + "list", dimID = p0 + "dimming"
            let list = photoList(id: listID, count: tiles.count, first: PhotoTilesLayout.maxPhotoCount - 1, color: photoColor,
                                 frame: Rect(x: w, y: 0, width: w, height: h), b)
            out.layers = [feed, b.map([("id", b.string(dimID)), ("frame", b.rect(full)), ("backgroundColor", b.string("#000000")), ("opacity", b.number(0))]), list]
            func anim(_ id: String, _ key: String, _ f: Double, _ t: Double) -> Node {
                b.map([("layer", b.string(id)), ("keyPath", b.plain(key)), ("from", b.number(f)), ("to", b.number(t)),
                       ("duration", b.number(duration)), ("timing", b.plain("easeInEaseOut")), ("begin", b.number(tap))], flow: true)
            }
            out.animations = [anim(listID, "position.x", w / 2 + w, w / 2), anim(screenID, "position.x", w / 2, w / 2 - w * parallax),
                              anim(dimID, "opacity", 0, dimming)]
            out.duration = tap + duration
            out.ownClock = true
            return out
        }

        // ImageController on the canvas: the top layout guide is the status bar.
        let count = tiles.count
        let guide = Self.statusBar(h)
        let labelFrame = Rect(x: w / 2 - 60, y: guide + 50, width: 120, height: 30)
        let scrollFrame = Rect(x: 0, y: labelFrame.maxY + 20, width: w, height: w * Self.pagerPhotoAspect)
        var pages: [Node] = []
        for i in 0 ..< count {
            pages.append(b.map([("id", b.string("\(p0)page\(i + 1)")), ("frame", b.rect(Rect(x: Double(i) * w, y: 0, width: w, height: scrollFrame.height))),
                                ("backgroundColor", photoColor(i))]))
        }
        let startOffset = Double(tile - 1) * w
        let gestures = p.node("gestures") ?? defaultPagerGestures(begin: tap + Self.pagerFade + 0.4, width: w, y: scrollFrame.minY + scrollFrame.height / 2, start: tile - 1, count: count, b)
        // The close button's tap: given, or once the last swipe has settled.
        let lastFinger = fingerEnd(gestures) ?? tap
        let close = try p.seconds("close", default: Self.round(max(lastFinger, tap) + Self.pagingSettle + 0.5))
        if close <= tap + Self.pagerFade, let n = p.node("close") {
            throw SceneError(.invalidValue, at: location(n), "the close button is tapped at \(Quote.number(close)) s, before the pager has faded in (\(Quote.number(tap)) + 0.16 s)",
                             suggestion: "tap it later: close: \(Quote.number(Self.round(max(lastFinger, tap) + 0.8)))")
        }
        let pager = b.map([("id", b.string(p0 + "pager")), ("frame", b.rect(scrollFrame)), ("masksToBounds", b.bool(true)),
                           ("scroll", b.map([("contentSize", b.numbers([Double(count) * w, scrollFrame.height])), ("contentOffset", b.numbers([startOffset, 0])),
                                             ("paging", b.bool(true)), ("bounces", b.bool(false))] + swipes(gestures))),
                           ("sublayers", b.list(pages))])
        // "Page N / total": set in viewDidLayoutSubviews, then whenever a page settles.
        var labels: [Node] = []
        var animations: [Node] = []
        let changes = pagerPageChanges(gestures, start: tile - 1, count: count, width: w)
        var shown: [(page: Int, from: Double, until: Double?)] = [(tile - 1, 0, nil)]
        for change in changes where change.page != shown[shown.count - 1].page {
            shown[shown.count - 1].until = change.time
            shown.append((change.page, change.time, nil))
        }
        for (k, segment) in shown.enumerated() {
            let id = "\(p0)pageLabel\(k + 1)"
            labels.append(b.map([("id", b.string(id)), ("frame", b.rect(labelFrame)), ("hidden", b.bool(k > 0)),
                                 ("text", textNode(b.string("Page \(segment.page + 1) / \(count)"), size: 14, weight: "bold", color: "#FFFFFF", alignment: "center", b))]))
            if k > 0 { animations.append(cut(id, show: true, at: segment.from, b)) }
            if let until = segment.until { animations.append(cut(id, show: false, at: until, b)) }
        }
        let closeFrame = Rect(x: w - 10 - 70, y: guide, width: 70, height: 30)
        let closeButton = b.map([("id", b.string(p0 + "close")), ("frame", b.rect(closeFrame)),
                                 ("text", textNode(b.string("× Close"), size: 16, color: "#FFFFFF", alignment: "center", b))])
        // The root view is white under a black view at alpha 0.8; the whole view fades.
        let popupID = p0 + "popup", windowID = p0 + "window"
        let popup = b.map([("id", b.string(popupID)), ("frame", b.rect(full)), ("backgroundColor", b.string("#FFFFFF")), ("opacity", b.number(0)),
                           ("sublayers", b.list([b.map([("id", b.string(p0 + "dim")), ("frame", b.rect(full)), ("backgroundColor", b.string("#000000")),
                                                        ("opacity", b.number(0.8))]),
                                                 closeButton, pager] + labels))])
        // Full screen: once presented, the feed's views are removed, so the window's black is
        // behind the fades.
        out.layers = [feed, b.map([("id", b.string(windowID)), ("frame", b.rect(full)), ("backgroundColor", b.string("#000000")),
                                   ("hidden", b.bool(true)), ("sublayers", b.list([popup]))])]
        func fade(_ from: Double, _ to: Double, at t: Double) -> Node {
            b.map([("layer", b.string(popupID)), ("keyPath", b.plain("opacity")), ("from", b.number(from)), ("to", b.number(to)),
                   ("begin", b.number(t)), ("duration", b.number(Self.pagerFade)), ("timing", b.plain("easeInEaseOut"))], flow: true)
        }
        let gone = Self.round(close + Self.pagerFade)
        out.animations = [cut(windowID, show: true, at: tap, b), fade(0, 1, at: tap), fade(1, 0, at: close), cut(windowID, show: false, at: gone, b)]
            + animations
        out.touches.append(tapTouch(at: Point(x: closeFrame.minX + closeFrame.width / 2, y: closeFrame.minY + closeFrame.height / 2), lift: close, b))
        out.duration = gone
        // Every time here is from the step's start: in a timeline the step runs on its own clock.
        out.ownClock = true
        return out
    }

    /// The top layout guide: a 20 pt status bar, 44 pt on screens 812 pt tall or more (Segue's
    /// choice for phones with a notch).
    static func statusBar(_ height: Double) -> Double { height >= 812 ? 44 : 20 }

    /// When the pager's page settles on a new page (scrollViewDidEndDecelerating), worked out
    /// from the pans with the paging rule of `scroll: {paging: true}` (SnapSpec.pageSnapPlan, no
    /// bounce past the edges); a pan that starts before the one before has settled skips that
    /// settle's update, as the deceleration never ends.
    func pagerPageChanges(_ gestures: Node, start: Int, count: Int, width w: Double) -> [(time: Double, page: Int)] {
        guard case let .sequence(items) = gestures else { return [] }
        var tracks: [GestureTrack] = []
        for item in items {
            let points = item.value(forKey: "pan")?.value(forKey: "points") ?? item.value(forKey: "points")
            guard let list = points?.sequence else { continue }
            var samples: [GestureSpec.Sample] = []
            for s in list {
                guard let v = s.sequence?.compactMap({ $0.scalar.flatMap { Self.number(in: $0.string) } }), v.count == 3 else { continue }
                samples.append(.init(time: v[0], x: v[1], y: v[2]))
            }
            if samples.count >= 2 { tracks.append(GestureTrack(samples: samples)) }
        }
        let maxOffset = Double(max(count - 1, 0)) * w
        var page = start
        var out: [(time: Double, page: Int)] = []
        for (k, track) in tracks.enumerated() {
            let dragStart = Double(page) * w
            let release = min(max(dragStart - track.translation(at: track.release).x, 0), maxOffset)
            let velocity = -track.velocity(at: track.release).x / 1000
            let plan = SnapSpec.pageSnapPlan(snap: SnapSpec(), page: w, maxOffset: maxOffset, dragStart: dragStart, release: release, velocity: velocity)
            page = plan.target
            let settled = track.release + Self.pagingSettle
            if k + 1 < tracks.count, tracks[k + 1].start < settled { continue }
            out.append((settled, page))
        }
        return out
    }

    /// The feed: `from`, else the first screen with photo tiles, else a feed of eight photos.
    func pagerFeed(_ p: PresetParams, _ ctx: PresetContext, _ b: NodeBuilder) throws(SceneError) -> ScreenDef {
        if let n = p.node("from") {
            let name = try string(n, "from", example: "from: feed")
            if let s = ctx.screens.first(where: { $0.name == name }) { return s }
            let names = ctx.screens.map(\.name)
            throw SceneError(.reference, at: location(n), "there is no screen '\(Quote.name(name))'",
                             suggestion: Suggestions.best(for: name, among: names).map { "did you mean '\($0)'?" }
                                 ?? (names.isEmpty ? "define it: screens: {feed: {content: [{photoTiles: 8}]}}" : "screens are \(Suggestions.list(names, conjunction: "and"))"))
        }
        if let s = ctx.screens.first(where: { s in s.node.value(forKey: "content")?.sequence?.contains { componentKind($0) == "photoTiles" } ?? false }) {
            return s
        }
        if let s = ctx.screens.first { return s }
        let node = b.map([("title", b.string("Feed")), ("background", b.string("#FFFFFF")),
                          ("content", b.list([b.map([("photoTiles", b.number(8))], flow: true)]))])
        return ScreenDef(name: "feed", node: node, nameNode: p.node)
    }

    /// The first photoTiles component of a screen: its photo count, colours and the tiles' frames
    /// on the canvas (contentsImage1 … 6).
    func findPhotoTiles(in screen: ScreenDef, screenID: String, width: Double) throws(SceneError) -> (count: Int, colors: [Node], frames: [Rect], node: Node)? {
        for placed in try stackContent(screen, id: screenID, width: width) where placed.kind == "photoTiles" {
            guard case let .mapping(map) = placed.item, let value = map.first?.value else { continue }
            let countNode = value.scalar != nil ? value : value.value(forKey: "count")
            let count = Int(countNode.flatMap { $0.scalar.flatMap { Self.number(in: $0.string) } } ?? 0)
            let b = NodeBuilder(at: value)
            var colors: [Node] = Self.tilePalette.map { b.string($0) }
            if let list = value.value(forKey: "colors")?.sequence, !list.isEmpty { colors = Array(list) }
            let frames = PhotoTilesLayout.frames(count: count, screenWidth: width).map { f in
                Rect(x: f.minX, y: f.minY + placed.y, width: f.width, height: f.height)
            }
            return (count, colors, frames, value)
        }
        return nil
    }

    /// DetailController (DetailController.swift, ThumbnailCell.xib): under the navigation bar, a
    /// table of 280 pt rows, each a 40 pt bold 15 pt label " 画像N：" over the photo, scrolled to
    /// `contentOffset.y = 280 × (maxPhotoCount − 1)`: row `first` (0-based) at the table's top.
    func photoList(id: String, count: Int, first: Int, color: (Int) -> Node, frame: Rect, _ b: NodeBuilder) -> Node {
        let w = frame.width, h = frame.height
        let bar = Self.statusBar(h) + 44
        var rows: [Node] = []
        for i in first ..< count {
            let y = bar + Double(i - first) * Self.detailRowHeight
            if y >= h { break }
            let row = "\(id)-photo\(i + 1)"
            rows.append(b.map([("id", b.string(row)), ("frame", b.rect(Rect(x: 0, y: y, width: w, height: Self.detailRowHeight))),
                               ("backgroundColor", b.string("#FFFFFF")),
                               ("sublayers", b.list([
                                   b.map([("id", b.string("\(row)-label")), ("frame", b.rect(Rect(x: 0, y: 0, width: w, height: Self.detailLabelHeight))),
                                          ("text", textNode(b.string(" 画像\(i + 1)："), size: 15, weight: "bold", color: "#000000", b))]),
                                   b.map([("id", b.string("\(row)-image")), ("frame", b.rect(Rect(x: 0, y: Self.detailLabelHeight, width: w,
                                                                                                    height: Self.detailRowHeight - Self.detailLabelHeight - 0.5))),
                                          ("backgroundColor", color(i))]),
                                   b.map([("id", b.string("\(row)-separator")), ("frame", b.rect(Rect(x: 0, y: Self.detailRowHeight - 0.5, width: w, height: 0.5))),
                                          ("backgroundColor", b.string("#C8C7CC"))]),
                               ]))]))
        }
        // The navigation bar: UIKit's default back button (the feed's item has no title here) and
        // DetailController's title, gray Georgia-Bold 13 (drawn in the bold system face).
        let guide = Self.statusBar(h)
        rows.append(b.map([("id", b.string("\(id)-nav")), ("frame", b.rect(Rect(x: 0, y: 0, width: w, height: bar))), ("backgroundColor", b.string("#F9F9F9")),
                           ("sublayers", b.list([
                               b.map([("id", b.string("\(id)-back")), ("frame", b.rect(Rect(x: 8, y: guide, width: 70, height: 44))),
                                      ("text", textNode(b.string("‹ Back"), size: 17, color: "#007AFF", b))]),
                               b.map([("id", b.string("\(id)-title")), ("frame", b.rect(Rect(x: 60, y: guide, width: w - 120, height: 44))),
                                      ("text", textNode(b.string("登録写真の縦方向への一覧表示"), size: 13, weight: "bold", color: "#808080", alignment: "center", b))]),
                               b.map([("id", b.string("\(id)-hairline")), ("frame", b.rect(Rect(x: 0, y: bar - 0.5, width: w, height: 0.5))),
                                      ("backgroundColor", b.string("#B2B2B2"))]),
                           ]))]))
        return b.map([("id", b.string(id)), ("frame", b.rect(frame)), ("backgroundColor", b.string("#FFFFFF")), ("masksToBounds", b.bool(true)),
                      ("sublayers", b.list(rows))])
    }

    /// A tap that lifts at `lift`, 0.1 s long, drawn by --show-touches.
    /// How long a scripted tap's finger rests before it lifts.
    static let tapLength = 0.1

    func tapTouch(at p: Point, lift: Double, _ b: NodeBuilder) -> Node {
        b.map([("points", b.list([b.numbers([Self.round(max(0, lift - Self.tapLength)), Self.round(p.x), Self.round(p.y)]),
                                  b.numbers([Self.round(lift), Self.round(p.x), Self.round(p.y)])], flow: true))], flow: true)
    }

    /// A cut (a view added or removed with no animation): `hidden` set at `t`.
    func cut(_ id: String, show: Bool, at t: Double, _ b: NodeBuilder) -> Node {
        b.map([("layer", b.string(id)), ("keyPath", b.plain("hidden")), ("from", b.bool(!show)), ("to", b.bool(!show)),
               ("begin", b.number(t)), ("duration", b.number(0.001))], flow: true)
    }

    /// A preset's `gestures:` under its scroll view: `gestures: []` is no swipe at all (a step
    /// that only opens the pager), which a scroll view says by having no `gestures:`.
    func swipes(_ gestures: Node) -> [(String, Node)] {
        if case let .sequence(items) = gestures, items.isEmpty { return [] }
        return [("gestures", gestures)]
    }

    /// The latest finger time in a `gestures:` list (the first number of each `[t, x, y]` under
    /// `points:`), or nil when there is none to read.
    func fingerEnd(_ gestures: Node) -> Double? {
        var latest: Double?
        func walk(_ n: Node, underPoints: Bool) {
            switch n {
            case let .mapping(m):
                for (k, v) in m { walk(v, underPoints: k.scalar?.string == "points") }
            case let .sequence(s):
                if underPoints {
                    for sample in s { if let t = sample.sequence?.first?.scalar.flatMap({ Self.number(in: $0.string) }) { latest = max(latest ?? t, t) } }
                } else {
                    for item in s { walk(item, underPoints: false) }
                }
            default: break
            }
        }
        walk(gestures, underPoints: false)
        return latest
    }

    /// The default swipes (Segue's choice): a flick to the next page (from the last page, back),
    /// then a slow drag of 30 % of a page the same way, released under the paging threshold, so
    /// the pager settles back on the page it left. `y` is the scroll view's middle.
    func defaultPagerGestures(begin: Double, width w: Double, y: Double, start: Int, count: Int, _ b: NodeBuilder) -> Node {
        let sign = start + 1 < count ? -1.0 : 1.0
        let x0 = sign < 0 ? (w * 0.7).rounded() : (w * 0.3).rounded()
        func pan(_ t0: Double, _ distance: Double, _ duration: Double, steps: Int) -> Node {
            b.map([("pan", b.map([("points", b.list((0 ... steps).map { i in
                let f = Double(i) / Double(steps)
                return b.numbers([Self.round(t0 + duration * f), Self.round(x0 + sign * distance * f), Self.round(y)])
            }, flow: true))], flow: true))], flow: true)
        }
        let flick = pan(Self.round(begin), Self.pagerFlick.distance, Self.pagerFlick.duration, steps: 2)
        guard count > 1 else { return b.list([flick]) }
        let slowStart = Self.round(begin + Self.pagerFlick.duration + 0.8)
        let slow = pan(slowStart, (w * Self.pagerDrag.fraction).rounded(), Self.pagerDrag.duration, steps: 4)
        return b.list([flick, slow])
    }
}
