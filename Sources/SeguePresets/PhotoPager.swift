// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry
import SegueScene

/// photoPager — seed 002's two taps on MainContentsCell's photo tiles (section 5 of the article):
/// - a thumbnail (UITapGestureRecognizer; the view's tag is its number, 1 … 6):
///   `present(ImageController, animated: false)`, a cut to a full-screen pager of the cell's
///   photos side by side, starting at the tapped one (`targetImageCount = tag`), paged by a
///   scripted finger with UIScrollView's `isPagingEnabled`; a close button dismisses it;
/// - the "他N件" button over the sixth tile (more than six photos): `pushViewController(
///   DetailController, animated: true)`, the photo list (a table) starting at the sixth photo.
/// The article does not show ImageController or DetailController: their look (a 4:3 photo per
/// page, a page number, the close button, the list's rows) and the dismissal being a cut like
/// the present are Segue's choices.
extension PresetReader {
    /// ImageController's photos: 4:3, as wide as the screen (Segue's choice).
    static let pagerPhotoAspect = 0.75
    /// How far the default swipes move and how long they take.
    static let pagerFlick = (distance: 80.0, duration: 0.1), pagerDrag = (fraction: 0.3, duration: 0.8)

    func photoPager(_ p: PresetParams, _ ctx: PresetContext) throws(SceneError) -> StepOutput {
        let b = NodeBuilder(at: p.node)
        if !ctx.prefix.isEmpty {
            throw SceneError(.invalidValue, at: location(p.node), "the photoPager preset cannot be part of a timeline: its gestures run on the scene's clock",
                             suggestion: "give it a scene of its own with transition: {preset: photoPager, from: feed, tile: 2}")
        }
        for key in ["to", "direction"] {
            if let n = p.node(key) {
                throw SceneError(.invalidValue, at: location(n), "the photoPager preset has no '\(key)': the pager (or the list) is made from the tapped cell's photos",
                                 suggestion: "remove '\(key)'; name the feed with from: and the tapped tile with tile: (or more: true)")
            }
        }
        let w = ctx.canvas.width, h = ctx.canvas.height
        let full = Rect(x: 0, y: 0, width: w, height: h)
        let screen = try pagerFeed(p, ctx, b)
        let screenID = screen.name
        guard let tiles = try findPhotoTiles(in: screen, screenID: screenID, width: w) else {
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
        let tileFrame = tiles.frames[more ? PhotoTilesLayout.maxPhotoCount - 1 : tile - 1]
        var out = StepOutput()
        out.touches.append(tapTouch(at: Point(x: tileFrame.minX + tileFrame.width / 2, y: tileFrame.minY + tileFrame.height / 2), lift: tap, b))
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
            let listID = "list", dimID = "dimming"
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
            return out
        }

        // The pager: one page per photo, `tile` showing.
        let count = tiles.count
        let photoHeight = (w * Self.pagerPhotoAspect).rounded()
        var pages: [Node] = []
        for i in 0 ..< count {
            let id = "page\(i + 1)"
            pages.append(b.map([("id", b.string(id)), ("frame", b.rect(Rect(x: Double(i) * w, y: ((h - photoHeight) / 2).rounded(), width: w, height: photoHeight))),
                                ("backgroundColor", photoColor(i))]))
            pages.append(b.map([("id", b.string("\(id)-number")), ("frame", b.rect(Rect(x: Double(i) * w, y: ((h + photoHeight) / 2).rounded() + 16, width: w, height: 24))),
                                ("text", textNode(b.string("\(i + 1) / \(count)"), size: 15, weight: "semibold", color: "#FFFFFF", alignment: "center", b))]))
        }
        let startOffset = Double(tile - 1) * w
        let gestures = p.node("gestures") ?? defaultPagerGestures(begin: tap + 0.5, width: w, height: h, start: tile - 1, count: count, b)
        // The close button's tap: given, or once the last swipe has settled.
        let lastFinger = fingerEnd(gestures) ?? tap
        let close = try p.seconds("close", default: Self.round(lastFinger + 0.3 + 0.5))
        if close <= tap, let n = p.node("close") {
            throw SceneError(.invalidValue, at: location(n), "the close button is tapped at \(Quote.number(close)) s, before the pager opens at \(Quote.number(tap)) s",
                             suggestion: "tap it later: close: \(Quote.number(Self.round(lastFinger + 0.8)))")
        }
        let pager = b.map([("id", b.string("pager")), ("frame", b.rect(full)), ("masksToBounds", b.bool(true)),
                           ("scroll", b.map([("contentSize", b.numbers([Double(count) * w, h])), ("contentOffset", b.numbers([startOffset, 0])),
                                             ("paging", b.bool(true)), ("gestures", gestures)])),
                           ("sublayers", b.list(pages))])
        // ImageController's close button: a round × in the top-left corner, as zoomGallery's.
        let size = 36.0
        let closeFrame = Rect(x: 16, y: 54, width: size, height: size)
        let closeButton = b.map([("id", b.string("close")), ("frame", b.rect(closeFrame)),
                                 ("backgroundColor", b.string("#FFFFFF40")), ("cornerRadius", b.number(size / 2)),
                                 ("sublayers", b.list([b.map([("id", b.string("close-mark")), ("frame", b.rect(Rect(x: 0, y: 4, width: size, height: size - 8))),
                                                              ("text", textNode(b.string("×"), size: 26, weight: "bold", color: "#FFFFFF", alignment: "center", b))])]))])
        let popupID = "popup"
        out.layers = [feed, b.map([("id", b.string(popupID)), ("frame", b.rect(full)), ("backgroundColor", b.string("#000000")),
                                   ("hidden", b.bool(true)), ("sublayers", b.list([pager, closeButton]))])]
        // The cuts: shown when the tap lifts, hidden again when the close button's tap lifts.
        out.animations = [cut(popupID, show: true, at: tap, b), cut(popupID, show: false, at: close, b)]
        out.touches.append(tapTouch(at: Point(x: closeFrame.minX + closeFrame.width / 2, y: closeFrame.minY + closeFrame.height / 2), lift: close, b))
        out.duration = close
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

    /// DetailController: the photos in a table under a navigation bar, scrolled so the row of
    /// photo `first` (0-based) is the first under the bar. Rows are the photo width less 15 pt
    /// margins, 4:3, 15 pt apart (Segue's choice; the article does not show the screen).
    func photoList(id: String, count: Int, first: Int, color: (Int) -> Node, frame: Rect, _ b: NodeBuilder) -> Node {
        let w = frame.width, h = frame.height
        let rowWidth = w - 30, rowHeight = (rowWidth * Self.pagerPhotoAspect).rounded(), gap = 15.0
        let top = 100.0 + gap
        var rows: [Node] = []
        for i in first ..< count {
            let y = top + Double(i - first) * (rowHeight + gap)
            if y >= h { break }
            rows.append(b.map([("id", b.string("\(id)-photo\(i + 1)")), ("frame", b.rect(Rect(x: 15, y: y, width: rowWidth, height: rowHeight))),
                               ("backgroundColor", color(i)),
                               ("sublayers", b.list([b.map([("id", b.string("\(id)-photo\(i + 1)-number")),
                                                            ("frame", b.rect(Rect(x: 12, y: 8, width: rowWidth - 24, height: 30))),
                                                            ("text", textNode(b.string("\(i + 1) / \(count)"), size: 17, weight: "bold", color: "#FFFFFF", b))])]))]))
        }
        rows.append(b.map([("id", b.string("\(id)-nav")), ("frame", b.rect(Rect(x: 0, y: 0, width: w, height: 100))), ("backgroundColor", b.string("#F9F9F9")),
                           ("sublayers", b.list([b.map([("id", b.string("\(id)-title")), ("frame", b.rect(Rect(x: 20, y: 50, width: w - 40, height: 44))),
                                                        ("text", textNode(b.string("Photos"), size: 32, weight: "bold", color: "#000000", b))])]))]))
        return b.map([("id", b.string(id)), ("frame", b.rect(frame)), ("backgroundColor", b.string("#FFFFFF")), ("masksToBounds", b.bool(true)),
                      ("sublayers", b.list(rows))])
    }

    /// A tap that lifts at `lift`, 0.1 s long, drawn by --show-touches.
    func tapTouch(at p: Point, lift: Double, _ b: NodeBuilder) -> Node {
        b.map([("points", b.list([b.numbers([Self.round(max(0, lift - 0.1)), Self.round(p.x), Self.round(p.y)]),
                                  b.numbers([Self.round(lift), Self.round(p.x), Self.round(p.y)])], flow: true))], flow: true)
    }

    /// A cut (a view added or removed with no animation): `hidden` set at `t`.
    func cut(_ id: String, show: Bool, at t: Double, _ b: NodeBuilder) -> Node {
        b.map([("layer", b.string(id)), ("keyPath", b.plain("hidden")), ("from", b.bool(!show)), ("to", b.bool(!show)),
               ("begin", b.number(t)), ("duration", b.number(0.001))], flow: true)
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

    /// The default swipes: a flick to the next page (the last page flicks back instead), then a
    /// slow drag of 30 % of a page the same way, released under the paging threshold, so the
    /// pager settles back on the page it left.
    func defaultPagerGestures(begin: Double, width w: Double, height h: Double, start: Int, count: Int, _ b: NodeBuilder) -> Node {
        let y = (h * 0.5).rounded()
        // Forwards (finger to the left) unless already on the last page.
        let sign = start + 1 < count ? -1.0 : 1.0
        let x0 = sign < 0 ? (w * 0.7).rounded() : (w * 0.3).rounded()
        func pan(_ t0: Double, _ distance: Double, _ duration: Double, steps: Int) -> Node {
            b.map([("pan", b.map([("points", b.list((0 ... steps).map { i in
                let f = Double(i) / Double(steps)
                return b.numbers([Self.round(t0 + duration * f), Self.round(x0 + sign * distance * f), y])
            }, flow: true))], flow: true))], flow: true)
        }
        guard count > 1 else { return b.list([pan(begin, Self.pagerFlick.distance, Self.pagerFlick.duration, steps: 2)]) }
        let flick = pan(begin, Self.pagerFlick.distance, Self.pagerFlick.duration, steps: 2)
        let slowStart = Self.round(begin + Self.pagerFlick.duration + 0.8)
        let slow = pan(slowStart, (w * Self.pagerDrag.fraction).rounded(), Self.pagerDrag.duration, steps: 4)
        return b.list([flick, slow])
    }
}
