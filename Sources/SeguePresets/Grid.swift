// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry
import SegueScene

/// The grid of seed article 003's presenting screen (ViewController): a UICollectionView with a
/// UICollectionViewFlowLayout of square cells, `sectionInset` 15 pt on every side, and
/// `sizeForItemAt` = view width / 2 − 20 (so two columns with exactly 10 pt between them, the
/// flow layout's default minimumInteritemSpacing and minimumLineSpacing). Each cell shows its
/// item's colour (`cell.contentView.backgroundColor`).
///
/// As a screen component (`grid:`), Segue generalises the seed to `columns` columns with
/// `inset` and `spacing`: cell = (width − 2 × inset − (columns − 1) × spacing) / columns, which
/// is the seed's width / 2 − 20 for the defaults. The text printed on each cover (the item's
/// subtitle and title, white, top left) is Segue's, so the covers read like books.
public enum CoverGridLayout {
    /// ViewController's `layout.sectionInset` (15 on every side).
    public static let inset = 15.0
    /// UICollectionViewFlowLayout's default minimumLineSpacing and minimumInteritemSpacing.
    public static let spacing = 10.0
    public static let columns = 2

    /// The side of a square cell.
    public static func cellSize(width: Double, columns: Int = columns, inset: Double = inset, spacing: Double = spacing) -> Double {
        let c = Double(max(columns, 1))
        return max(0, (width - 2 * inset - (c - 1) * spacing) / c)
    }

    /// The height of a grid of `count` items: the insets above and below, and the rows.
    public static func height(count: Int, width: Double, columns: Int = columns, inset: Double = inset, spacing: Double = spacing) -> Double {
        let rows = (count + max(columns, 1) - 1) / max(columns, 1)
        let cell = cellSize(width: width, columns: columns, inset: inset, spacing: spacing)
        return 2 * inset + Double(rows) * cell + Double(max(rows - 1, 0)) * spacing
    }

    /// The frame of item `index`, relative to the grid's top left.
    public static func frame(index: Int, width: Double, columns: Int = columns, inset: Double = inset, spacing: Double = spacing) -> Rect {
        let cell = cellSize(width: width, columns: columns, inset: inset, spacing: spacing)
        let c = max(columns, 1)
        return Rect(x: inset + Double(index % c) * (cell + spacing), y: inset + Double(index / c) * (cell + spacing), width: cell, height: cell)
    }
}

/// A `grid:` component, read.
struct GridSpec {
    struct Item {
        var title: Node?
        var subtitle: Node?
        var color: Node
    }
    var items: [Item]
    var columns: Int
    var inset: Double
    var spacing: Double
    /// `fadeIn: true`: each cover fades in when dequeued (CellFade.swift).
    var fadeIn = false

    func cellSize(width: Double) -> Double {
        CoverGridLayout.cellSize(width: width, columns: columns, inset: inset, spacing: spacing)
    }
    func frame(_ index: Int, width: Double) -> Rect {
        CoverGridLayout.frame(index: index, width: width, columns: columns, inset: inset, spacing: spacing)
    }
    func height(width: Double) -> Double {
        CoverGridLayout.height(count: items.count, width: width, columns: columns, inset: inset, spacing: spacing)
    }
}

extension PresetReader {
    static let gridKeys = ["items", "columns", "inset", "spacing", "fadeIn"]
    static let gridItemKeys = ["title", "subtitle", "color"]
    /// The seed's twelve colours (ViewController.generateDataList: Strawberry, Turquoise, SeaFoam,
    /// Maraschino, Cantaloupe, Aqua, Magenta, Tangerine, Lavender, Moss, Salmon, Flora), for
    /// items that give no colour.
    static let gridPalette = ["#FF2F92", "#00FDFF", "#00FA92", "#FF2600", "#FFD478", "#0096FF",
                              "#FF40FF", "#FF9300", "#D783FF", "#009051", "#FF7E79", "#73FA79"]

    /// `grid: [items]` or `grid: {items: [...], columns: 2, inset: 15, spacing: 10}`; an item is a
    /// title or `{title, subtitle, color}`.
    func decodeGrid(_ value: Node) throws(SceneError) -> GridSpec {
        let example = "grid: {columns: 2, items: [{title: \"吾輩は猫である\", subtitle: \"夏目漱石\", color: \"#5E5CE6\"}]}"
        var spec = GridSpec(items: [], columns: CoverGridLayout.columns, inset: CoverGridLayout.inset, spacing: CoverGridLayout.spacing)
        var itemsNode: Node?
        switch value {
        case .sequence:
            itemsNode = value
        case .mapping:
            let schema = MapSchema(what: "the grid component", keys: Self.gridKeys, required: ["items"],
                                   synonyms: ["cells": "items", "books": "items", "covers": "items", "columnCount": "columns",
                                              "sectionInset": "inset", "margin": "inset", "gap": "spacing", "lineSpacing": "spacing",
                                              "minimumLineSpacing": "spacing", "interitemSpacing": "spacing"])
            let entries = try entries(of: value, schema, key: "grid", example: example)
            var tracker = KeyTracker()
            for e in entries {
                switch try check(e, schema, &tracker) {
                case "items": itemsNode = e.value
                case "columns":
                    spec.columns = Int(try number(e.value, "columns", in: 1 ... 12, what: "a whole number from 1 to 12", example: "columns: 2"))
                case "fadeIn": spec.fadeIn = try bool(e.value, "fadeIn")
                case "inset": spec.inset = try number(e.value, "inset", in: 0 ... 1000, what: "between 0 and 1000", example: "inset: 15")
                default: spec.spacing = try number(e.value, "spacing", in: 0 ... 1000, what: "between 0 and 1000", example: "spacing: 10")
                }
            }
        default:
            throw typeError(value, expected: "a list of items or a map with 'items'", for: "grid", example: example)
        }
        guard let itemsNode, case let .sequence(items) = itemsNode, !items.isEmpty else {
            throw typeError(itemsNode ?? value, expected: "a list of items (titles, or {title, subtitle, color})", for: "items", example: example)
        }
        for (i, item) in items.enumerated() {
            try tick(item)
            let fallback = NodeBuilder(at: item).string(Self.gridPalette[i % Self.gridPalette.count])
            if case .scalar = item { spec.items.append(GridSpec.Item(title: item, subtitle: nil, color: fallback)); continue }
            let schema = MapSchema(what: "grid item \(i + 1)", keys: Self.gridItemKeys,
                                   synonyms: ["text": "title", "name": "title", "author": "subtitle", "detail": "subtitle",
                                              "colour": "color", "backgroundColor": "color"])
            let entries = try entries(of: item, schema, key: "items", example: "{title: \"吾輩は猫である\", subtitle: \"夏目漱石\", color: \"#5E5CE6\"}")
            var tracker = KeyTracker()
            for e in entries { _ = try check(e, schema, &tracker) }
            spec.items.append(GridSpec.Item(title: item.value(forKey: "title"), subtitle: item.value(forKey: "subtitle"),
                                            color: item.value(forKey: "color") ?? fallback))
        }
        return spec
    }

    /// The text printed on a cover, top left, laid out for a cover `width` wide: the subtitle
    /// (12 pt) and the title (18 pt bold) below it, both white. The frames only depend on
    /// `width`, so a cover that grows keeps its text where it was.
    func coverText(_ item: GridSpec.Item, id: String, width: Double, _ b: NodeBuilder) -> [Node] {
        var out: [Node] = []
        let textWidth = max(width - 24, 1)
        var y = 12.0
        if let subtitle = item.subtitle {
            out.append(b.map([("id", b.string("\(id)-subtitle")), ("frame", b.rect(Rect(x: 12, y: y, width: textWidth, height: 18))),
                              ("text", textNode(subtitle, size: 12, weight: "medium", color: "#FFFFFFD9", b))]))
            y += 20
        }
        if let title = item.title {
            let lines = Self.estimatedLines(title.scalar?.string ?? "", size: 18, width: textWidth, maximum: 4)
            out.append(b.map([("id", b.string("\(id)-title")), ("frame", b.rect(Rect(x: 12, y: y, width: textWidth, height: Double(lines) * 24 + 2))),
                              ("text", textNode(title, size: 18, weight: "bold", color: "#FFFFFF", b))]))
        }
        return out
    }

    /// How many lines a label needs (CJK and emoji one em wide, other characters 0.55 em), as
    /// the label component estimates.
    static func estimatedLines(_ s: String, size: Double, width: Double, maximum: Int) -> Int {
        var estimate = 0.0
        for u in s.unicodeScalars { estimate += (u.value >= 0x2E80 ? 1.0 : 0.55) * size }
        return min(maximum, max(1, Int(ceil(estimate / max(width, 1)))))
    }

    /// The grid component's layers (at y, full width): one square cover per item.
    func gridLayers(_ spec: GridSpec, id: String, y: Double, width w: Double, _ b: NodeBuilder, transparent: Bool = false) -> Node {
        var cells: [Node] = []
        let cell = spec.cellSize(width: w)
        for (i, item) in spec.items.enumerated() {
            let ib = NodeBuilder(at: item.color)
            let cid = "\(id)-item\(i)"
            var pairs: [(String, Node)] = [("id", ib.string(cid)), ("frame", ib.rect(spec.frame(i, width: w))), ("backgroundColor", item.color)]
            if transparent { pairs.append(("opacity", ib.number(0))) }
            let text = coverText(item, id: cid, width: cell, ib)
            if !text.isEmpty { pairs.append(("sublayers", ib.list(text))) }
            cells.append(ib.map(pairs))
        }
        return b.map([("id", b.string(id)), ("frame", b.rect(Rect(x: 0, y: y, width: w, height: spec.height(width: w)))),
                      ("sublayers", b.list(cells))])
    }

    /// The first `grid:` component of a screen: the component, where its layer starts (y in the
    /// screen) and the id its layer gets when the screen's layer is `screenID`.
    func findGrid(in screen: ScreenDef, screenID: String, width: Double) throws(SceneError) -> (spec: GridSpec, y: Double, id: String)? {
        for (i, placed) in try stackContent(screen, id: screenID, width: width).enumerated() where placed.kind == "grid" {
            guard case let .mapping(map) = placed.item, let value = map.first?.value else { continue }
            return (try decodeGrid(value), placed.y, "\(screenID)-\(i + 1)")
        }
        return nil
    }
}
