import Foundation
import Yams

/// accordion — StoryRelatedViewController (seed article 000): table sections with 60 pt headers
/// (storyRelatedHeaderViewHeight); tapping a header flips the section's `extended` flag, turns
/// the header's chevron (rotateIconImageView) and calls reloadSections(_:with: .automatic), so
/// the section's rows appear or disappear and the sections below slide.
///
/// The seed does not show rotateIconImageView's body or row heights, so Segue chooses: rows are
/// 44 pt; the reload animation lasts 0.3 s with easeInEaseOut (UITableView's row animation);
/// with .automatic the appearing rows fade in as they slide down from under their header, the
/// disappearing ones fade out sliding up; the chevron turns 180° in the same 0.3 s.
extension PresetReader {
    func accordion(_ p: PresetParams, _ ctx: PresetContext) throws(SceneError) -> StepOutput {
        let b = NodeBuilder(at: p.node)
        let w = ctx.canvas.width, h = ctx.canvas.height
        let duration = try p.seconds("duration", default: 0.3)
        let delay = try p.seconds("delay", default: 0)
        let begin = ctx.begin + delay
        let headerHeight = try p.number("headerHeight", default: 60, in: 1 ... 1000, example: "headerHeight: 60")
        let rowHeight = try p.number("rowHeight", default: 44, in: 1 ... 1000, example: "rowHeight: 44")
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
            let schema = MapSchema(what: "section \(i + 1)", keys: ["title", "rows", "open"], synonyms: ["header": "title", "items": "rows", "extended": "open"])
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
        var layers: [Node] = []
        var animations: [Node] = []
        func anim(_ id: String, _ key: String, _ f: Node, _ t: Node) -> Node {
            var pairs: [(String, Node)] = [("layer", b.string(id)), ("keyPath", b.plain(key)), ("from", f), ("to", t),
                                           ("duration", b.number(duration)), ("timing", b.plain("easeInEaseOut"))]
            if begin > 0 { pairs.append(("begin", b.number(begin))) }
            return b.map(pairs, flow: true)
        }
        var y = 116.0
        let p0 = ctx.prefix
        layers.append(b.map([("id", b.string(p0 + "nav")), ("frame", b.rect(Rect(x: 0, y: 0, width: w, height: 100))), ("backgroundColor", b.string("#F9F9F9")),
                             ("sublayers", b.list([b.map([("id", b.string(p0 + "navTitle")), ("frame", b.rect(Rect(x: 20, y: 50, width: w - 40, height: 44))),
                                                          ("text", textNode(titleNode, size: 32, weight: "bold", color: "#000000", b))])]))]))
        for (s, section) in sections.enumerated() {
            let sid = "\(p0)section\(s + 1)"
            let below = s > index
            // Rows first (under the header), then the header on top.
            for (r, row) in section.rows.enumerated() where section.open || s == index {
                let rid = "\(sid)-row\(r + 1)"
                let rowY = y + headerHeight + Double(r) * rowHeight
                let rb = NodeBuilder(at: row)
                var pairs: [(String, Node)] = [("id", rb.string(rid)), ("frame", rb.rect(Rect(x: 0, y: rowY, width: w, height: rowHeight))),
                                               ("backgroundColor", rb.string("#FFFFFF")),
                                               ("sublayers", rb.list([rb.map([("id", rb.string(rid + "-text")), ("frame", rb.rect(Rect(x: 20, y: 0, width: w - 40, height: rowHeight))),
                                                                              ("text", textNode(row, size: 16, color: "#000000", rb))]),
                                                                      rb.map([("id", rb.string(rid + "-separator")), ("frame", rb.rect(Rect(x: 20, y: rowHeight - 0.5, width: w - 20, height: 0.5))),
                                                                              ("backgroundColor", rb.string("#C6C6C8"))])]))]
                if s == index {
                    // Appears (or disappears) sliding from under its header, fading.
                    let hiddenY = rowY - shift + rowHeight / 2, shownY = rowY + rowHeight / 2
                    pairs.append(("opacity", rb.number(open ? 0 : 1)))
                    pairs.append(("position", rb.numbers([w / 2, open ? hiddenY : shownY])))
                    pairs.remove(at: 1)
                    pairs.insert(("bounds", rb.numbers([w, rowHeight])), at: 1)
                    animations.append(anim(rid, "opacity", b.number(open ? 0 : 1), b.number(open ? 1 : 0)))
                    animations.append(anim(rid, "position.y", b.number(open ? hiddenY : shownY), b.number(open ? shownY : hiddenY)))
                } else if below {
                    animations.append(anim(rid, "position.y", b.number(rowY + rowHeight / 2), b.number(rowY + rowHeight / 2 + (open ? shift : -shift))))
                }
                layers.append(b.map(pairs))
            }
            let hb = NodeBuilder(at: items[s])
            let chevronRotation = section.open ? 180.0 : 0
            layers.append(hb.map([("id", hb.string(sid)), ("frame", hb.rect(Rect(x: 0, y: y, width: w, height: headerHeight))), ("backgroundColor", hb.string("#F2F2F7")),
                                  ("sublayers", hb.list([
                                    hb.map([("id", hb.string(sid + "-title")), ("frame", hb.rect(Rect(x: 20, y: 0, width: w - 80, height: headerHeight))),
                                            ("text", textNode(section.title, size: 18, weight: "semibold", color: "#000000", hb))]),
                                    hb.map([("id", hb.string(sid + "-chevron")), ("frame", hb.rect(Rect(x: w - 48, y: (headerHeight - 28) / 2, width: 28, height: 28))),
                                            ("transform", hb.list([hb.map([("rotate", hb.degrees(chevronRotation))], flow: true)], flow: true)),
                                            ("text", textNode(hb.string("⌄"), size: 22, weight: "semibold", color: "#8E8E93", alignment: "center", hb))]),
                                  ]))]))
            if s == index {
                animations.append(anim(sid + "-chevron", "transform.rotation.z", b.degrees(chevronRotation), b.degrees(chevronRotation + 180)))
            } else if below {
                animations.append(anim(sid, "position.y", b.number(y + headerHeight / 2), b.number(y + headerHeight / 2 + (open ? shift : -shift))))
            }
            y += headerHeight + (section.open ? Double(section.rows.count) * rowHeight : 0)
        }
        // A white table background under everything, so the slide reads against the page.
        let table = b.map([("id", b.string(p0 + "table")), ("frame", b.rect(Rect(x: 0, y: 0, width: w, height: h))), ("backgroundColor", b.string("#FFFFFF")),
                           ("masksToBounds", b.bool(true)), ("sublayers", b.list(layers))])
        return StepOutput(layers: [table], animations: animations, duration: delay + duration)
    }
}
