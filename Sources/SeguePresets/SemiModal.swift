// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry
import SegueScene

/// semiModal — the Apple Books style semi-modal of seed article 003
/// (iincho/CollectionViewSemiModalTransitioning). The presenting screen holds a grid of covers
/// (a `grid:` component); tapping item `selected` presents a horizontal collection of cards,
/// one per item, with the tapped one centred and its neighbours peeking in at the sides.
///
/// Numbers from the seed article and the author's repository (which holds the values the article names):
/// - CustomCollectionViewFlowLayout: edgeSideMargin 24 (`margin`), lineSpacing 8 (`spacing`); a
///   card is (width − 48) × the screen's height, and pageWidth = card width + 8.
/// - CollectionSemiModalViewController: cellHeaderHeight 72 (`top`, the card table's clear
///   header), visibleNaviBarOffsetY 100 (`navigationBarOffset`), percentThreshold 0.2,
///   shouldFinishVerocityY 1200 pt/s (`velocityAbove`); the resetHandler's 0.3 s easeInOut
///   (`resetDuration`).
/// - TableViewTitleCell.xib: the title label 5 pt below the cell's top, 27.5 pt tall; the white
///   base view 6 pt below it (38.5 pt), as wide as the card and square, top corners rounded 10;
///   the colour view inset 24 pt on every side (`coverInset`), square.
/// - CollectionViewPresentAnimator: 0.3 s (`duration`, the article's transitionDuration),
///   .curveEaseInOut. For the tapped item and the items before and after it, a view of the item's
///   colour flies from the start frame to the card's colour view, and a snapshot of the card
///   (colour view cleared) grows from the start frame (alpha 0) to the card's frame (alpha 1).
///   The start frames are the tapped cell's frame in the grid and that frame moved by ∓(cell
///   width + the grid's minimumLineSpacing) — beside the tapped cell even where the grid wraps.
///   Dismissal is the reverse; it reads minimumLineSpacing from the cards' layout (8), so the
///   neighbours land 8 pt from the tapped cell.
/// - ModalPresentationController: a black overlay under the presented view, alpha 0 → 0.5
///   (`overlay`) alongside the transition, and back to 0 on dismissal.
///
/// The snapshots are the cards themselves: a card's layer is its final size, placed and scaled
/// (transform.scale.x/.y) onto its start frame, as a snapshot view stretches to its frame. The
/// colour views are separate layers above every card (the seed adds them last) that stay on
/// the cards when the present ends.
///
/// `fullScreenAfter: S` scripts the upward scroll of transformCell: S s after the present, the
/// centre card's table scrolls by targetHeight = top + navigationBarOffset (172 pt) in
/// `fullScreenDuration` (0.3 s, easeInEaseOut — Segue's choice; in the seed it is the user's
/// scroll). The card widens linearly with the scroll to the screen width (x moves left by half
/// the growth), its neighbours move out by half the growth, the square base view and colour view
/// grow with the card (Auto Layout), and at the end switchDisplayNavigationBar shows a navigation
/// bar in the item's colour with a white title and "Done" (100 pt, sliding down in 0.2 s —
/// Segue's choices).
///
/// `direction: dismiss` starts from the presented cards. With `points:` it is the seed's
/// interactive dismissal (DismissalTransitionable): during the pan the collection view follows
/// the finger 1:1 (frame.origin.y = translation.y; a pan above its start holds it at 0); the
/// decision taken at the last `.changed` — progress = translation.y / view height > 0.2, or
/// velocity.y > 1200 — either finishes with the reverse of the present, from where the cards
/// are, or animates the collection view back to y = 0 in 0.3 s with .curveEaseInOut (often
/// described as springing back; the seed's resetHandler is an easeInOut animation). Velocity is
/// GestureTrack's, over the last 50 ms. Without `points:` it is the close button's dismissal:
/// the reverse of the present.
///
/// Segue's other choices: the card body below the cover (the item's title in 22 pt bold, its
/// subtitle, then `rows:` of 44 pt with separators), the text printed on the covers, and a 0.1 s
/// tap on the tapped item ending when the present begins (drawn with `--show-touches`).
extension PresetReader {
    static let swipeKeys = ["points"]
    /// TableViewTitleCell.xib: the title label's top and height, and where the base view starts.
    static let titleLabelTop = 5.0, titleLabelHeight = 27.5, baseViewTop = 38.5
    /// Segue's card body: the details block (title and subtitle) and the rows below it.
    static let detailsHeight = 76.0, rowHeight = 44.0
    static let semiModalRows = ["Read Sample", "Add to Want to Read", "Share Book", "Ratings & Reviews", "More by This Author"]

    func semiModal(_ p: PresetParams, _ ctx: PresetContext, screen: ScreenDef) throws(SceneError) -> StepOutput {
        let b = NodeBuilder(at: p.node)
        let w = ctx.canvas.width, h = ctx.canvas.height
        let dismiss = try p.choice("direction", among: ["present", "dismiss"], default: "present") == "dismiss"
        let duration = try p.seconds("duration", default: 0.3)
        let delay = try p.seconds("delay", default: 0)
        let overlayAlpha = try p.number("overlay", default: 0.5, in: 0 ... 1, example: "overlay: 0.5")
        let top = try p.number("top", default: 72, in: 0 ... h, example: "top: 72")
        let margin = try p.number("margin", default: 24, in: 0 ... max(0, w / 2 - 1), example: "margin: 24")
        let spacing = try p.number("spacing", default: 8, in: 0 ... Limits.coordinate, example: "spacing: 8")
        let cw = w - 2 * margin, page = cw + spacing
        let coverInset = try p.number("coverInset", default: 24, in: 0 ... max(0, cw / 2 - 1), example: "coverInset: 24")
        let begin = ctx.begin + delay

        let screenID = ctx.prefix + screen.name
        guard let grid = try findGrid(in: screen, screenID: screenID, width: w) else {
            throw SceneError(.invalidValue, at: location(p.node(dismiss ? "to" : "from") ?? screen.nameNode),
                             "screen '\(Quote.name(screen.name))' has no grid: the semiModal preset presents the items of a grid as cards",
                             suggestion: "add a grid to its content: content: [{grid: {items: [{title: \"吾輩は猫である\", color: \"#5E5CE6\"}]}}]")
        }
        let items = grid.spec.items
        // A dismiss after swipes starts from the card they ended on.
        let restingCard = dismiss ? lastSemiModalCard.map { min($0, items.count - 1) } : nil
        let selected = Int(try p.number("selected", default: Double(restingCard ?? 0), in: 0 ... Double(items.count - 1), example: "selected: 0"))
        lastSemiModalCard = nil
        if dismiss, let n = p.node("swipes") {
            throw SceneError(.invalidValue, at: location(n), "'swipes' belong to the present: the dismissal starts from the cards at rest",
                             suggestion: "move them to the direction: present transition")
        }
        var rows: [Node] = Self.semiModalRows.map { b.string($0) }
        if let n = p.node("rows") {
            guard case let .sequence(list) = n else {
                throw typeError(n, expected: "a list of row titles", for: "rows", example: "rows: [\"Read Sample\", \"Share Book\"]")
            }
            rows = Array(list)
        }

        // Where things are, in canvas points (the presenting screen fills the canvas).
        let cell = grid.spec.cellSize(width: w)
        var tapped = grid.spec.frame(selected, width: w)
        tapped.origin.y += grid.y
        let shown = [selected - 1, selected, selected + 1].filter { items.indices.contains($0) }
        let swipesNode = p.node("swipes")
        // Swiping reaches every card; the ones beyond the neighbours wait off screen in their places.
        let resting = swipesNode == nil ? [] : items.indices.filter { !shown.contains($0) }
        func beside(_ j: Int, gap: Double) -> Rect {
            var r = tapped
            r.origin.x += Double(j - selected) * (cell + gap)
            return r
        }
        let baseTop = top + Self.baseViewTop
        func cardFrame(_ j: Int) -> Rect { Rect(x: margin + Double(j - selected) * page, y: 0, width: cw, height: h) }
        func coverFrame(_ j: Int) -> Rect {
            Rect(x: cardFrame(j).minX + coverInset, y: baseTop + coverInset, width: cw - 2 * coverInset, height: cw - 2 * coverInset)
        }
        let p0 = ctx.prefix
        let overlayID = p0 + "overlay", collectionID = p0 + "collection"
        func cardID(_ j: Int) -> String { "\(p0)card\(j)" }
        func coverID(_ j: Int) -> String { "\(p0)cover\(j)" }

        // The full-screen scroll's numbers, needed for the sheet's height.
        let fullScreenAfter = try p.node("fullScreenAfter").map { n throws(SceneError) in try seconds(n, "fullScreenAfter") }
        if dismiss, let n = p.node("fullScreenAfter") {
            throw SceneError(.invalidValue, at: location(n), "'fullScreenAfter' belongs to the present: the dismissal starts from the semi-modal cards",
                             suggestion: "move it to the direction: present transition")
        }
        let navigationBarOffset = try p.number("navigationBarOffset", default: 100, in: 0 ... Limits.coordinate, example: "navigationBarOffset: 100")
        let targetHeight = top + navigationBarOffset
        let fullScreenDuration = try p.seconds("fullScreenDuration", default: 0.3)
        // The way back down: S seconds after the card reached full screen.
        let semiModalAfter = try p.node("semiModalAfter").map { n throws(SceneError) in try seconds(n, "semiModalAfter") }
        let semiModalDuration = try p.seconds("semiModalDuration", default: fullScreenDuration)
        if fullScreenAfter == nil, let n = p.node("semiModalAfter") ?? p.node("semiModalDuration") {
            throw SceneError(.invalidValue, at: location(n), "the way back to the semi-modal needs the way up to full screen first",
                             suggestion: "add fullScreenAfter: 0.5 to this transition")
        }

        // MARK: Layers
        let rowsTop = baseTop + cw
        let rowsHeight = Self.detailsHeight + Self.rowHeight * Double(rows.count)
        let sheetHeight = h + targetHeight + (w - cw)
        func scaled(_ r: Rect) -> (Double, Double) { (r.width / cw, r.height / h) }
        func card(_ j: Int) -> Node {
            let item = items[j]
            let id = cardID(j)
            let cb = NodeBuilder(at: item.color)
            var subs: [Node] = []
            if let title = item.title {
                subs.append(cb.map([("id", cb.string(id + "-title")), ("frame", cb.rect(Rect(x: 0, y: top + Self.titleLabelTop, width: cw, height: Self.titleLabelHeight))),
                                    ("text", textNode(title, size: 14, weight: "bold", color: "#FFFFFF", alignment: "center", cb))]))
            }
            subs.append(cb.map([("id", cb.string(id + "-sheet")), ("frame", cb.rect(Rect(x: 0, y: baseTop, width: cw, height: sheetHeight))),
                                ("backgroundColor", cb.string("#FFFFFF")), ("cornerRadius", cb.number(10))]))
            var body: [Node] = []
            if let title = item.title {
                body.append(cb.map([("id", cb.string(id + "-name")), ("frame", cb.rect(Rect(x: 16, y: 14, width: cw - 32, height: 30))),
                                    ("text", textNode(title, size: 22, weight: "bold", color: "#000000", cb))]))
            }
            if let subtitle = item.subtitle {
                body.append(cb.map([("id", cb.string(id + "-author")), ("frame", cb.rect(Rect(x: 16, y: 46, width: cw - 32, height: 20))),
                                    ("text", textNode(subtitle, size: 15, color: "#8E8E93", cb))]))
            }
            // Separators reach the widest the card gets; the card clips them.
            func separator(_ n: Int, _ y: Double) -> Node {
                cb.map([("id", cb.string("\(id)-separator\(n)")), ("frame", cb.rect(Rect(x: 16, y: y - 0.5, width: w - 16, height: 0.5))),
                        ("backgroundColor", cb.string("#C6C6C8"))])
            }
            body.append(separator(0, Self.detailsHeight))
            for (r, row) in rows.enumerated() {
                let y = Self.detailsHeight + Self.rowHeight * Double(r)
                let rb = NodeBuilder(at: row)
                body.append(rb.map([("id", rb.string("\(id)-row\(r + 1)")), ("frame", rb.rect(Rect(x: 16, y: y, width: cw - 32, height: Self.rowHeight))),
                                    ("text", textNode(row, size: 17, color: "#007AFF", rb))]))
                body.append(separator(r + 1, y + Self.rowHeight))
            }
            subs.append(cb.map([("id", cb.string(id + "-rows")), ("frame", cb.rect(Rect(x: 0, y: rowsTop, width: cw, height: rowsHeight))),
                                ("sublayers", cb.list(body))]))
            var pairs: [(String, Node)] = [("id", cb.string(id))]
            if dismiss || resting.contains(j) {
                pairs.append(("frame", cb.rect(cardFrame(j))))
            } else {
                // The snapshot starts on the grid cell, transparent.
                let start = beside(j, gap: grid.spec.spacing)
                let (sx, sy) = scaled(start)
                pairs += [("bounds", cb.numbers([cw, h])), ("position", cb.numbers([start.midX, start.midY])),
                          ("transform", cb.list([cb.map([("scale", cb.numbers([sx, sy]))], flow: true)], flow: true)),
                          ("opacity", cb.number(0))]
            }
            pairs += [("masksToBounds", cb.bool(true)), ("sublayers", cb.list(subs))]
            return cb.map(pairs)
        }
        func cover(_ j: Int) -> Node {
            let item = items[j]
            let cb = NodeBuilder(at: item.color)
            let frame = dismiss || resting.contains(j) ? coverFrame(j) : beside(j, gap: grid.spec.spacing)
            var pairs: [(String, Node)] = [("id", cb.string(coverID(j))), ("frame", cb.rect(frame)), ("backgroundColor", item.color),
                                           ("masksToBounds", cb.bool(true))]
            let text = coverText(item, id: coverID(j), width: cell, cb)
            if !text.isEmpty { pairs.append(("sublayers", cb.list(text))) }
            return cb.map(pairs)
        }
        let full = Rect(x: 0, y: 0, width: w, height: h)
        var layers = [try screenLayer(screen, id: screenID, frame: full),
                      b.map([("id", b.string(overlayID)), ("frame", b.rect(full)), ("backgroundColor", b.string("#000000")),
                             ("opacity", b.number(dismiss ? overlayAlpha : 0))]),
                      b.map([("id", b.string(collectionID)), ("frame", b.rect(full)),
                             ("sublayers", b.list((shown + resting).sorted().map(card) + (shown + resting).sorted().map(cover)))])]

        // MARK: Animations
        func anim(_ id: String, _ key: String, _ f: Node, _ t: Node, at: Double, length: Double? = nil, timing: String = "easeInEaseOut") -> Node {
            var pairs: [(String, Node)] = [("layer", b.string(id)), ("keyPath", b.plain(key)), ("from", f), ("to", t),
                                           ("duration", b.number(length ?? duration)), ("timing", b.plain(timing))]
            if at > 0 { pairs.append(("begin", b.number(at))) }
            return b.map(pairs, flow: true)
        }
        func point(_ r: Rect) -> Node { b.numbers([r.midX, r.midY]) }
        /// The cards and colour views from `from(j)` (card frames) to the frames beside the
        /// tapped cell, fading out — CollectionViewPresentAnimator's dismissal.
        func dismissal(at t: Double, offset: Double) -> [Node] {
            var out: [Node] = []
            for j in shown {
                var c = cardFrame(j), v = coverFrame(j)
                c.origin.y += offset; v.origin.y += offset
                let end = beside(j, gap: spacing)
                let (sx, sy) = scaled(end)
                out += [anim(cardID(j), "position", point(c), point(end), at: t),
                        anim(cardID(j), "transform.scale.x", b.number(1), b.number(sx), at: t),
                        anim(cardID(j), "transform.scale.y", b.number(1), b.number(sy), at: t),
                        anim(cardID(j), "opacity", b.number(1), b.number(0), at: t),
                        anim(coverID(j), "frame", b.rect(v), b.rect(end), at: t)]
            }
            out.append(anim(overlayID, "opacity", b.number(overlayAlpha), b.number(0), at: t))
            // completion: the animation views are removed and the presented view is gone (in
            // the animation's last millisecond, so the scene ends when the animation does).
            out.append(b.map([("layer", b.string(collectionID)), ("keyPath", b.plain("hidden")), ("from", b.bool(true)), ("to", b.bool(true)),
                              ("begin", b.number(Self.round9(t + max(duration - 0.001, 0)))), ("duration", b.number(0.001))], flow: true))
            return out
        }

        if !dismiss {
            var animations: [Node] = []
            for j in shown {
                let start = beside(j, gap: grid.spec.spacing)
                let (sx, sy) = scaled(start)
                animations += [anim(cardID(j), "position", point(start), point(cardFrame(j)), at: begin),
                               anim(cardID(j), "transform.scale.x", b.number(sx), b.number(1), at: begin),
                               anim(cardID(j), "transform.scale.y", b.number(sy), b.number(1), at: begin),
                               anim(cardID(j), "opacity", b.number(0), b.number(1), at: begin),
                               anim(coverID(j), "frame", b.rect(start), b.rect(coverFrame(j)), at: begin)]
            }
            animations.append(anim(overlayID, "opacity", b.number(0), b.number(overlayAlpha), at: begin))
            var total = delay + duration
            var swipeTouches: [Node] = []
            if let swipesNode {
                if let n = p.node("fullScreenAfter") {
                    throw SceneError(.invalidValue, at: location(n), "'fullScreenAfter' and 'swipes' cannot be combined: the full-screen scroll turns horizontal scrolling off",
                                     suggestion: "give the swipes and the full-screen scroll a transition each")
                }
                let swiping = try semiModalSwipes(swipesNode, ctx: ctx, collectionID: collectionID, page: page, selected: selected,
                                                  count: items.count, width: w, presentEnd: begin + duration, b)
                animations += swiping.animations
                swipeTouches = swiping.touches
                total = max(total, swiping.end - ctx.begin)
            }
            if let after = fullScreenAfter {
                let t = begin + duration + after, d = fullScreenDuration
                let grow = w - cw, id = cardID(selected)
                let c = cardFrame(selected)
                let v = coverFrame(selected)
                /// transformCell over the whole scroll, 0 → targetHeight (`up`) or back to 0: every
                /// value is linear in the table's offset, so each moves with the scroll's curve.
                func transform(up: Bool, at t: Double, length d: Double) -> [Node] {
                    func a(_ id: String, _ key: String, _ semi: Node, _ full: Node) -> Node {
                        up ? anim(id, key, semi, full, at: t, length: d) : anim(id, key, full, semi, at: t, length: d)
                    }
                    var out = [a(id, "position.x", b.number(c.midX), b.number(w / 2)),
                               a(id, "bounds.size", b.numbers([cw, h]), b.numbers([w, h])),
                               a(id, "bounds.origin", b.numbers([0, 0]), b.numbers([0, targetHeight])),
                               a(id + "-sheet", "frame", b.rect(Rect(x: 0, y: baseTop, width: cw, height: sheetHeight)),
                                 b.rect(Rect(x: 0, y: baseTop, width: w, height: sheetHeight))),
                               a(id + "-rows", "position.y", b.number(rowsTop + rowsHeight / 2), b.number(rowsTop + grow + rowsHeight / 2))]
                    if items[selected].title != nil {
                        out.append(a(id + "-title", "position.x", b.number(cw / 2), b.number(w / 2)))
                    }
                    out.append(a(coverID(selected), "frame", b.rect(v),
                                 b.rect(Rect(x: coverInset, y: v.minY - targetHeight, width: w - 2 * coverInset, height: w - 2 * coverInset))))
                    for j in shown where j != selected {
                        let sign = j < selected ? -1.0 : 1.0
                        out.append(a(cardID(j), "position.x", b.number(cardFrame(j).midX), b.number(cardFrame(j).midX + sign * grow / 2)))
                        out.append(a(coverID(j), "position.x", b.number(coverFrame(j).midX), b.number(coverFrame(j).midX + sign * grow / 2)))
                    }
                    return out
                }
                animations += transform(up: true, at: t, length: d)
                // switchDisplayNavigationBar: at targetHeight the bar appears, in the item's colour.
                let item = items[selected]
                let navID = p0 + "navigationBar", barHeight = 100.0, slide = 0.2
                var bar: [Node] = []
                if let title = item.title {
                    bar.append(b.map([("id", b.string(navID + "-title")), ("frame", b.rect(Rect(x: 80, y: 56, width: w - 160, height: 44))),
                                      ("text", textNode(title, size: 17, weight: "semibold", color: "#FFFFFF", alignment: "center", b))]))
                }
                bar.append(b.map([("id", b.string(navID + "-done")), ("frame", b.rect(Rect(x: 16, y: 56, width: 64, height: 44))),
                                  ("text", textNode(b.string("Done"), size: 17, weight: "semibold", color: "#FFFFFF", b))]))
                layers.append(b.map([("id", b.string(navID)), ("frame", b.rect(Rect(x: 0, y: -barHeight, width: w, height: barHeight))),
                                     ("backgroundColor", item.color), ("sublayers", b.list(bar))]))
                animations.append(anim(navID, "position.y", b.number(-barHeight / 2), b.number(barHeight / 2), at: t + d, length: slide))
                if let back = semiModalAfter {
                    // Scrolling back down from full screen: the same transformCell in reverse, and
                    // switchDisplayNavigationBar hides the bar as soon as the offset drops below
                    // targetHeight, at the start of the scroll.
                    let t2 = t + d + back
                    animations += transform(up: false, at: t2, length: semiModalDuration)
                    animations.append(anim(navID, "position.y", b.number(barHeight / 2), b.number(-barHeight / 2), at: t2, length: slide))
                    total += after + d + max(slide, back + max(semiModalDuration, slide))
                } else {
                    total += after + d + slide
                }
            }
            var out = StepOutput(layers: layers, animations: animations, duration: total)
            out.touches += swipeTouches
            if begin >= 0.1 {
                // The tap that selected the item: touch-up starts the present.
                out.touches.append(b.map([("points", b.list([b.numbers([Self.round(begin - 0.1), tapped.midX, tapped.midY]),
                                                             b.numbers([begin, tapped.midX, tapped.midY])], flow: true))], flow: true))
            }
            return out
        }

        guard let pointsNode = p.node("points") else {
            // The close button: the dismissal animator from the resting cards.
            return StepOutput(layers: layers, animations: dismissal(at: begin, offset: 0), duration: delay + duration)
        }
        // The interactive dismissal: the collection view follows the finger until release.
        if let n = p.node("delay") {
            throw SceneError(.invalidValue, at: location(n), "an interactive dismissal starts when the finger touches down: 'points' carry their own times",
                             suggestion: "remove 'delay', or make the points' times later")
        }
        let samples = try gestureSamples(pointsNode, shift: ctx.begin)
        let track = GestureTrack(samples: samples)
        let start = track.start, release = track.release
        func offset(_ t: Double) -> Double { max(0, track.translation(at: t).y) }
        // Keyframes at the samples, and where the finger crosses its starting height.
        var times: [Double] = []
        for (i, s) in samples.enumerated() {
            if i > 0 {
                let a = samples[i - 1], ya = a.y - samples[0].y, yb = s.y - samples[0].y
                if (ya < 0) != (yb < 0), ya != 0, yb != 0 { times.append(a.time + (s.time - a.time) * (-ya) / (yb - ya)) }
            }
            times.append(s.time)
        }
        let span = release - start
        let follow = b.map([("layer", b.string(collectionID)), ("keyPath", b.plain("position.y")),
                            ("keyframes", b.map([("values", b.numbers(times.map { Self.round9(h / 2 + offset($0)) })),
                                                 ("keyTimes", b.numbers(times.map { Self.round9(($0 - start) / span) }))], flow: true)),
                            ("begin", b.number(start)), ("duration", b.number(Self.round9(span))), ("fillMode", b.plain("removed"))])
        let threshold = try p.number("percentThreshold", default: 0.2, in: 0 ... 1, example: "percentThreshold: 0.2")
        let velocityAbove = try p.number("velocityAbove", default: 1200, in: -Limits.coordinate ... Limits.coordinate, example: "velocityAbove: 1200")
        let resetDuration = try p.seconds("resetDuration", default: 0.3)
        let released = offset(release)
        let progress = min(max(released / h, 0), 1)
        let finishes = progress > threshold || track.velocity(at: release).y > velocityAbove
        var animations = [follow]
        if finishes {
            animations += dismissal(at: release, offset: released)
        } else {
            animations.append(anim(collectionID, "position.y", b.number(h / 2 + released), b.number(h / 2), at: release, length: resetDuration))
        }
        var out = StepOutput(layers: layers, animations: animations, duration: release - ctx.begin + (finishes ? duration : resetDuration))
        let touch = ctx.begin == 0 ? pointsNode : NodeBuilder(at: pointsNode).list(samples.map { NodeBuilder(at: pointsNode).numbers([$0.time, $0.x, $0.y]) }, flow: true)
        out.touches.append(b.map([("points", touch)], flow: true))
        return out
    }

    /// Horizontal swipes between the presented cards — seed 003's scrollViewWillEndDragging
    /// (SnapSpec.pageSnapPlan): while the finger is down the collection view's content offset
    /// follows it (rubber-banding past the first and last card); on release a fast flick that
    /// stayed on its card moves one card with UIView.animate(withDuration: 0.3,
    /// usingSpringWithDamping: 1, initialSpringVelocity: velocity.x); anything else scrolls to the
    /// card nearest the centre with scrollToItem(animated: true), at a constant rate. The offset
    /// is the collection's bounds.origin.x, 0 when the tapped card is centred.
    func semiModalSwipes(_ node: Node, ctx: PresetContext, collectionID: String, page: Double, selected: Int, count: Int,
                         width: Double, presentEnd: Double, _ b: NodeBuilder) throws(SceneError) -> (animations: [Node], touches: [Node], end: Double) {
        guard case let .sequence(list) = node, !list.isEmpty else {
            throw typeError(node, expected: "a list of swipes, each a list of [t, x, y] points", for: "swipes",
                            example: "swipes: [[[0.8, 300, 500], [0.9, 230, 500]]]")
        }
        let snap = SnapSpec(pageWidth: page)
        let lastOffset = Double(count - 1) * page
        var offset = Double(selected) * page         // absolute content offset; card k rests at k × page
        var settled = presentEnd
        var animations: [Node] = [], touches: [Node] = []
        func origin(_ x: Double) -> Node { b.numbers([Self.round9(x - Double(selected) * page), 0]) }
        for swipe in list {
            var pointsNode = swipe
            if case .mapping = swipe {
                let schema = MapSchema(what: "a swipe", keys: Self.swipeKeys, required: ["points"], synonyms: ["path": "points", "gesture": "points"])
                let entries = try entries(of: swipe, schema, key: "swipes", example: "{points: [[0.8, 300, 500], [0.9, 230, 500]]}")
                var tracker = KeyTracker()
                for e in entries { _ = try check(e, schema, &tracker); pointsNode = e.value }
            }
            let samples = try gestureSamples(pointsNode, shift: ctx.begin)
            let track = GestureTrack(samples: samples)
            if track.start < settled - 1e-9 {
                throw SceneError(.invalidValue, at: location(pointsNode),
                                 "this swipe touches down at \(Quote.number(track.start - ctx.begin)) s, before the cards are at rest (\(Quote.number(Self.round9(settled - ctx.begin))) s)",
                                 suggestion: "start it at \(Quote.number(Self.round9(settled - ctx.begin))) s or later")
            }
            let dragStart = offset
            func dragged(_ t: Double) -> Double {
                let raw = dragStart - track.translation(at: t).x
                if raw < 0 { return -ScrollSpec.rubberBand(-raw, dimension: width) }
                if raw > lastOffset { return lastOffset + ScrollSpec.rubberBand(raw - lastOffset, dimension: width) }
                return raw
            }
            let span = track.release - track.start
            animations.append(b.map([("layer", b.string(collectionID)), ("keyPath", b.plain("bounds.origin")),
                                     ("keyframes", b.map([("values", b.list(samples.map { origin(dragged($0.time)) }, flow: true)),
                                                          ("keyTimes", b.numbers(samples.map { Self.round9(($0.time - track.start) / span) }))], flow: true)),
                                     ("begin", b.number(Self.round9(track.start))), ("duration", b.number(Self.round9(span)))]))
            // UIScrollView's velocity in scrollViewWillEndDragging: points per millisecond, positive
            // when the offset grows (the finger moves left).
            let release = dragged(track.release)
            let velocity = -track.velocity(at: track.release).x / 1000
            let plan = SnapSpec.pageSnapPlan(snap: snap, page: page, maxOffset: lastOffset, dragStart: dragStart, release: release, velocity: velocity)
            let target = Double(plan.target) * page
            var settle: [(String, Node)] = [("layer", b.string(collectionID)), ("keyPath", b.plain("bounds.origin")),
                                            ("from", origin(release)), ("to", origin(target)), ("begin", b.number(Self.round9(track.release)))]
            let length: Double
            switch plan.move {
            case .flick:
                // The seed passes velocity.x as initialSpringVelocity; a flick heads towards its card.
                length = snap.springDuration
                settle.append(("timing", b.map([("spring", b.map([("duration", b.number(length)), ("dampingRatio", b.number(snap.dampingRatio)),
                                                                   ("initialSpringVelocity", b.number(Self.round9(abs(velocity))))], flow: true))], flow: true)))
                settle.append(("duration", b.number(length)))
            case .scrollToItem:
                length = snap.scrollDuration
                settle += [("duration", b.number(length)), ("timing", b.plain("linear"))]
            }
            animations.append(b.map(settle, flow: true))
            touches.append(b.map([("points", ctx.begin == 0 ? pointsNode
                                    : NodeBuilder(at: pointsNode).list(samples.map { NodeBuilder(at: pointsNode).numbers([$0.time, $0.x, $0.y]) }, flow: true))], flow: true))
            offset = target
            settled = track.release + length
        }
        lastSemiModalCard = Int((offset / page).rounded())
        return (animations, touches, settled)
    }

    /// Rounded to 1e-9, so sums of times print as they read (0.4, not 0.39999999999999997).
    static func round9(_ v: Double) -> Double { (v * 1e9).rounded() / 1e9 }

    /// `[[t, x, y], …]` — at least two, times increasing — shifted by `shift` seconds.
    func gestureSamples(_ node: Node, shift: Double) throws(SceneError) -> [GestureSpec.Sample] {
        let example = "points: [[0.2, 200, 300], [0.5, 200, 560]]"
        guard case let .sequence(seq) = node, seq.count >= 2 else {
            throw typeError(node, expected: "a list of at least 2 [t, x, y] points (touch-down and release)", for: "points", example: example)
        }
        var out: [GestureSpec.Sample] = []
        for (i, point) in seq.enumerated() {
            let v = try numbers(point, "point \(i + 1)", counts: [3], shape: "[t, x, y] (seconds, then canvas points)", example: "[0.3, 200, 400]")
            if v[0] < 0 || v[0] > Limits.seconds || abs(v[1]) > Limits.coordinate || abs(v[2]) > Limits.coordinate {
                throw rangeError(point, "point \(i + 1) is out of range: t must be 0 … \(Quote.number(Limits.seconds)) s, x and y within ±\(Quote.number(Limits.coordinate)) pt")
            }
            if let last = out.last, v[0] + shift <= last.time {
                throw rangeError(point, "the times in 'points' must increase: point \(i + 1) is at \(Quote.number(v[0])) s, not after point \(i)",
                                 "each point is [t, x, y] with t in seconds, later than the point before")
            }
            out.append(GestureSpec.Sample(time: v[0] + shift, x: v[1], y: v[2]))
        }
        return out
    }
}

private extension Rect {
    var midX: Double { minX + width / 2 }
    var midY: Double { minY + height / 2 }
}
