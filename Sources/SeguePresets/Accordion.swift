// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry
import SegueScene

/// accordion — StoryRelatedViewController (seed article 000): table sections with 60 pt headers
/// (storyRelatedHeaderViewHeight); tapping a header flips the section's `extended` flag, turns
/// the header's chevron (rotateIconImageView) and calls reloadSections(_:with: .automatic), so
/// the section's rows appear or disappear and the sections below slide.
///
/// Drawn as a UITableView is layered: the table sits below the navigation bar and clips its
/// content there; section headers are above every cell; the rows of the section being reloaded
/// slide inside a clip that starts at their own header's bottom edge, so they come out from under
/// that header and never cross an earlier section or the bar. `.automatic` is read as UIKit picks
/// it for a section reload in a plain table: the rows slide down from behind their header as a
/// block while fading in (and back up, fading out), and the sections below move with them.
extension PresetReader {
    static let sectionKeys = ["title", "rows", "open"]
    /// The author's StoryRelatedHeaderView.rotateIconImageView (fumiyasac/InteractiveUISample):
    /// UIView.animate(withDuration: 0.16), 180° → 0° when the section opens; an angle-down icon
    /// turned 180° when closed, so it points up while closed.
    static let accordionChevronDuration = 0.16
    /// UITableView's row animation length; Apple publishes none, 0.3 s is Segue's choice.
    static let accordionRowAnimationDuration = 0.3

    func accordion(_ p: PresetParams, _ ctx: PresetContext) throws(SceneError) -> StepOutput {
        let b = NodeBuilder(at: p.node)
        let w = ctx.canvas.width, h = ctx.canvas.height
        let duration = try p.seconds("duration", default: Self.accordionRowAnimationDuration)
        let delay = try p.seconds("delay", default: 0)
        let begin = ctx.begin + delay
        let headerHeight = try p.number("headerHeight", default: 60, in: 1 ... 1000, example: "headerHeight: 60")
        // The seed's estimatedRowHeight; its real rows size themselves from the cell's constraints.
        let rowHeight = try p.number("rowHeight", default: 60, in: 1 ... 1000, example: "rowHeight: 60")
        let chevronDuration = try p.seconds("chevronDuration", default: Self.accordionChevronDuration)
        let chevronTurn = try p.angle("chevronAngle", defaultDegrees: 180)
        let closedPointsUp = try p.choice("chevronDirection", among: ["up", "down"], default: "up") == "up"
        let open = try p.choice("direction", among: ["open", "close"], default: "open") == "open"
        guard let sectionsNode = p.node("sections") ?? lastAccordionSections else {
            throw SceneError(.missingKey, at: location(p.node), "the accordion preset needs 'sections'",
                             suggestion: "write it like sections: [{title: \"ホラー\", rows: [\"Story 1\", \"Story 2\"]}, {title: \"SF\", rows: [\"Story 3\"]}]")
        }
        lastAccordionSections = sectionsNode
        let titleNode = p.node("title") ?? lastAccordionTitle ?? b.string("Stories")
        lastAccordionTitle = titleNode
        guard case let .sequence(items) = sectionsNode, !items.isEmpty else {
            throw typeError(sectionsNode, expected: "a list of sections", for: "sections", example: "sections: [{title: \"SF\", rows: [\"Story 3\"]}]")
        }
        var sections: [(title: Node, rows: [Node], open: Bool)] = []
        for (i, item) in items.enumerated() {
            let schema = MapSchema(what: "section \(i + 1)", keys: Self.sectionKeys, synonyms: ["header": "title", "items": "rows", "extended": "open"])
            let entries = try entries(of: item, schema, key: "sections", example: "{title: \"SF\", rows: [\"Story 3\"]}")
            var tracker = KeyTracker()
            var section = (title: NodeBuilder(at: item).string(""), rows: [Node](), open: false)
            for e in entries {
                switch try check(e, schema, &tracker) {
                case "title": section.title = e.value
                case "rows":
                    guard case let .sequence(rows) = e.value else {
                        throw typeError(e.value, expected: "a list of row titles", for: "rows", example: "rows: [\"Story 1\", \"Story 2\"]")
                    }
                    section.rows = Array(rows)
                default: section.open = try bool(e.value, "open")
                }
            }
            sections.append(section)
        }
        let index = Int(try p.number("section", default: 0, in: 0 ... Double(sections.count - 1), example: "section: 0"))
        // The toggled section starts in the other state.
        sections[index].open = !open
        let toggled = sections[index].rows.count
        let shift = Double(toggled) * rowHeight
        var rowLayers: [Node] = [], headerLayers: [Node] = []
        var animations: [Node] = []
        func anim(_ id: String, _ key: String, _ f: Node, _ t: Node, duration: Double = duration) -> Node {
            var pairs: [(String, Node)] = [("layer", b.string(id)), ("keyPath", b.plain(key)), ("from", f), ("to", t),
                                           ("duration", b.number(duration)), ("timing", b.plain("easeInEaseOut"))]
            if begin > 0 { pairs.append(("begin", b.number(begin))) }
            return b.map(pairs, flow: true)
        }
        let navHeight = 100.0
        // The table's content, in the table's coordinates (the table starts under the bar).
        var y = 16.0
        let p0 = ctx.prefix
        func rowLayer(_ row: Node, id rid: String, y rowY: Double) -> [(String, Node)] {
            let rb = NodeBuilder(at: row)
            return [("id", rb.string(rid)), ("frame", rb.rect(Rect(x: 0, y: rowY, width: w, height: rowHeight))),
                    ("backgroundColor", rb.string("#FFFFFF")),
                    ("sublayers", rb.list([rb.map([("id", rb.string(rid + "-text")), ("frame", rb.rect(Rect(x: 20, y: 0, width: w - 40, height: rowHeight))),
                                                   ("text", textNode(row, size: 16, color: "#000000", rb))]),
                                           rb.map([("id", rb.string(rid + "-separator")), ("frame", rb.rect(Rect(x: 20, y: rowHeight - 0.5, width: w - 20, height: 0.5))),
                                                   ("backgroundColor", rb.string("#C6C6C8"))])]))]
        }
        // Chevron angles: an angle-down glyph, turned `chevronAngle` while closed when it points up then.
        let closedAngle = closedPointsUp ? chevronTurn : 0, openAngle = closedPointsUp ? 0 : chevronTurn
        for (s, section) in sections.enumerated() {
            let sid = "\(p0)section\(s + 1)"
            let below = s > index
            let headerBottom = y + headerHeight
            if s == index {
                // The reloaded rows slide inside a clip that starts under their own header.
                var clipped: [Node] = []
                for (r, row) in section.rows.enumerated() {
                    let rid = "\(sid)-row\(r + 1)"
                    let shownY = Double(r) * rowHeight + rowHeight / 2, hiddenY = shownY - shift
                    var pairs = rowLayer(row, id: rid, y: 0)
                    pairs[1] = ("bounds", b.numbers([w, rowHeight]))
                    pairs.append(("opacity", b.number(open ? 0 : 1)))
                    pairs.append(("position", b.numbers([w / 2, open ? hiddenY : shownY])))
                    animations.append(anim(rid, "opacity", b.number(open ? 0 : 1), b.number(open ? 1 : 0)))
                    animations.append(anim(rid, "position.y", b.number(open ? hiddenY : shownY), b.number(open ? shownY : hiddenY)))
                    clipped.append(b.map(pairs))
                }
                rowLayers.append(b.map([("id", b.string(sid + "-rows")),
                                        ("frame", b.rect(Rect(x: 0, y: headerBottom, width: w, height: max(1, h - navHeight - headerBottom)))),
                                        ("masksToBounds", b.bool(true)), ("sublayers", b.list(clipped))]))
            } else if section.open {
                for (r, row) in section.rows.enumerated() {
                    let rid = "\(sid)-row\(r + 1)"
                    let rowY = headerBottom + Double(r) * rowHeight
                    if below {
                        animations.append(anim(rid, "position.y", b.number(rowY + rowHeight / 2), b.number(rowY + rowHeight / 2 + (open ? shift : -shift))))
                    }
                    rowLayers.append(b.map(rowLayer(row, id: rid, y: rowY)))
                }
            }
            let hb = NodeBuilder(at: items[s])
            let chevronRotation = section.open ? openAngle : closedAngle
            headerLayers.append(hb.map([("id", hb.string(sid)), ("frame", hb.rect(Rect(x: 0, y: y, width: w, height: headerHeight))), ("backgroundColor", hb.string("#F2F2F7")),
                                        ("sublayers", hb.list([
                                            hb.map([("id", hb.string(sid + "-title")), ("frame", hb.rect(Rect(x: 20, y: 0, width: w - 80, height: headerHeight))),
                                                    ("text", textNode(section.title, size: 18, weight: "semibold", color: "#000000", hb))]),
                                            hb.map([("id", hb.string(sid + "-chevron")), ("frame", hb.rect(Rect(x: w - 48, y: (headerHeight - 28) / 2, width: 28, height: 28))),
                                                    ("transform", hb.list([hb.map([("rotate", hb.degrees(chevronRotation))], flow: true)], flow: true)),
                                                    ("text", textNode(hb.string("⌄"), size: 22, weight: "semibold", color: "#8E8E93", alignment: "center", hb))]),
                                        ]))]))
            if s == index {
                let target = open ? openAngle : closedAngle
                animations.append(anim(sid + "-chevron", "transform.rotation.z", b.degrees(chevronRotation), b.degrees(target), duration: chevronDuration))
            } else if below {
                animations.append(anim(sid, "position.y", b.number(y + headerHeight / 2), b.number(y + headerHeight / 2 + (open ? shift : -shift))))
            }
            y += headerHeight + (section.open ? Double(section.rows.count) * rowHeight : 0)
        }
        // The table: under the navigation bar, clipping its content there; headers above the cells.
        let table = b.map([("id", b.string(p0 + "table")), ("frame", b.rect(Rect(x: 0, y: navHeight, width: w, height: h - navHeight))),
                           ("backgroundColor", b.string("#FFFFFF")), ("masksToBounds", b.bool(true)),
                           ("sublayers", b.list(rowLayers + headerLayers))])
        let nav = b.map([("id", b.string(p0 + "nav")), ("frame", b.rect(Rect(x: 0, y: 0, width: w, height: navHeight))), ("backgroundColor", b.string("#F9F9F9")),
                         ("sublayers", b.list([b.map([("id", b.string(p0 + "navTitle")), ("frame", b.rect(Rect(x: 20, y: 50, width: w - 40, height: 44))),
                                                      ("text", textNode(titleNode, size: 32, weight: "bold", color: "#000000", b))])]))])
        // A white page under both, as the view controller's view.
        let page = b.map([("id", b.string(p0 + "page")), ("frame", b.rect(Rect(x: 0, y: 0, width: w, height: h))), ("backgroundColor", b.string("#FFFFFF")),
                          ("sublayers", b.list([table, nav]))])
        return StepOutput(layers: [page], animations: animations, duration: delay + max(duration, chevronDuration))
    }
}
