// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueRaster
import SegueDisplayList
import SegueGeometry
import SegueScene

/// Behaviour a viewer would notice, checked against values worked out in the test from the
/// layer geometry (see `PerspectiveCard`), never against earlier output of the rasterizer.
struct RasterizerTests {
    // MARK: Perspective checkerboard

    /// The colour of cell (i, j) of the 8×8 test board: every cell different, so a pixel that
    /// lands in the wrong cell is caught, not just one of the wrong parity.
    static func cellColor(_ i: Int, _ j: Int) -> RGB8 {
        RGB8(r: 20 + 30 * i, g: 20 + 30 * j, b: (i + j) % 2 == 0 ? 230 : 40)
    }

    /// Checks every pixel of a render of an 8×8 board covering a `PerspectiveCard`: pixels whose
    /// 1.5-px neighbourhood lies in one cell have that cell's colour; pixels whose
    /// neighbourhood lies entirely off the card (or behind the eye) keep the exact background.
    static func checkBoard(_ image: RasterImage, card: PerspectiveCard, scale: Double, tolerance: Int) -> (inside: Int, outside: Int) {
        let cell = card.side / 8
        var inside = 0, outside = 0, failures = 0
        for py in 0 ..< image.height {
            for px in 0 ..< image.width {
                var cells = Set<Int>()
                var off = 0
                for p in samplePoints(px: px, py: py, scale: scale) {
                    let q = card.layerPoint(canvas: p)
                    if q.w <= 0 || q.x < 0 || q.y < 0 || q.x >= card.side || q.y >= card.side {
                        off += 1
                    } else {
                        cells.insert(Int(q.x / cell) * 8 + Int(q.y / cell))
                    }
                }
                if off == 9 {
                    outside += 1
                    if !image.isBackground(px, py) {
                        failures += 1
                        if failures < 5 { Issue.record("pixel (\(px), \(py)) is off the card but was drawn: \(image.rgb(px, py))") }
                    }
                } else if off == 0, cells.count == 1, let c = cells.first {
                    inside += 1
                    let expected = cellColor(c / 8, c % 8)
                    let got = image.rgb(px, py)
                    if !close(got, expected, tolerance) || image.pixel(x: px, y: py).a != 255 {
                        failures += 1
                        if failures < 5 { Issue.record("pixel (\(px), \(py)) in cell \(c / 8),\(c % 8): expected \(expected), got \(got)") }
                    }
                }
            }
        }
        #expect(failures == 0)
        return (inside, outside)
    }

    static let flipCard = PerspectiveCard(side: 256, centre: Point(x: 200, y: 200), angle: 40 * .pi / 180, distance: 500)

    @Test func checkerboardImageUnderPerspectiveLandsInTheRightCells() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/board.png"
        let cellPx = 96
        writePNG(path, width: 8 * cellPx, height: 8 * cellPx) { x, y in Self.cellColor(x / cellPx, y / cellPx) }
        let card = Self.flipCard
        let layer = node(transform: card.transform, bounds: Rect(x: 0, y: 0, width: card.side, height: card.side),
                         image: ImageContents(path: path, location: testLocation))
        let image = try Rasterizer().render(displayList([layer], width: 400, height: 400, scale: 2))
        dump(image, "checker-image")
        let counts = Self.checkBoard(image, card: card, scale: 2, tolerance: 3)
        // Sanity: the analytic model really covers a good part of the canvas both ways.
        #expect(counts.inside > 100_000 && counts.outside > 200_000)
    }

    @Test func checkerboardOfChildLayersUnderPerspective() throws {
        let card = Self.flipCard
        let cell = card.side / 8
        var children: [DisplayNode] = []
        for i in 0 ..< 8 {
            for j in 0 ..< 8 {
                children.append(node("c\(i)\(j)", transform: Transform3D.translation(Double(i) * cell, Double(j) * cell).then(card.transform),
                                     bounds: Rect(x: 0, y: 0, width: cell, height: cell),
                                     background: Self.cellColor(i, j).color))
            }
        }
        let parent = node(transform: card.transform, bounds: Rect(x: 0, y: 0, width: card.side, height: card.side), children: children)
        let image = try Rasterizer().render(displayList([parent], width: 400, height: 400, scale: 2))
        dump(image, "checker-layers")
        let counts = Self.checkBoard(image, card: card, scale: 2, tolerance: 1)
        #expect(counts.inside > 100_000 && counts.outside > 200_000)
    }

    // MARK: Facing

    /// A 200×100 card, red on its left half and blue on its right half (a child layer),
    /// rotated 160° about y: past 90°, so its back faces the viewer.
    static func backFacingCard(doubleSided: Bool) -> DisplayNode {
        let card = PerspectiveCard(side: 200, centre: Point(x: 150, y: 150), angle: 160 * .pi / 180, distance: 500)
        let right = node("right", transform: Transform3D.translation(100, 0).then(card.transform),
                         bounds: Rect(x: 0, y: 0, width: 100, height: 200), frontFacing: false,
                         doubleSided: doubleSided, background: RGB8(r: 0, g: 0, b: 255).color)
        return node("card", transform: card.transform, bounds: Rect(x: 0, y: 0, width: 200, height: 200),
                    frontFacing: false, doubleSided: doubleSided, background: RGB8(r: 255, g: 0, b: 0).color,
                    children: [right])
    }

    @Test func singleSidedLayerTurnedAwayDrawsNothing() throws {
        let image = try Rasterizer().render(displayList([Self.backFacingCard(doubleSided: false)], width: 300, height: 300, scale: 1))
        for y in 0 ..< image.height { for x in 0 ..< image.width where !image.isBackground(x, y) {
            Issue.record("pixel (\(x), \(y)) drawn for a hidden back face"); return
        } }
    }

    @Test func doubleSidedLayerTurnedAwayDrawsMirrored() throws {
        let image = try Rasterizer().render(displayList([Self.backFacingCard(doubleSided: true)], width: 300, height: 300, scale: 1))
        dump(image, "back-face")
        // At 160° about y, x relative to the centre maps to X = x cos160° / W: the left (red)
        // half appears on the right of the screen. x = −50: W = 1 + (−50)(sin 160°)/500 = 0.9658,
        // X = −50 × −0.9397 / 0.9658 = +48.6. x = +50: X = −50 × 0.9397 / 1.0342 = −45.4.
        #expect(image.rgb(150 + 48, 150) == RGB8(r: 255, g: 0, b: 0))
        #expect(image.rgb(150 - 45, 150) == RGB8(r: 0, g: 0, b: 255))
    }

    // MARK: Eye plane

    /// A 1000-pt card tilted 60° about x and pushed 200 pt toward the viewer with the eye
    /// 500 pt away: its bottom part (y > 346 from the centre) is behind the eye. The horizon,
    /// Y = −d cos θ / sin θ = −289 from the centre, is on the canvas: above it is where a
    /// renderer that divides by a negative W would smear the part behind the eye.
    static let crossingCard = PerspectiveCard(side: 1000, centre: Point(x: 200, y: 450), angle: 60 * .pi / 180,
                                              distance: 500, aboutX: true, towardViewer: 200)

    static func checkCrossing(_ image: RasterImage, expected: (Double, Double) -> RGB8?) {
        let card = crossingCard
        var failures = 0, visible = 0, hiddenCount = 0
        for py in 0 ..< image.height {
            for px in 0 ..< image.width {
                let qs = samplePoints(px: px, py: py, scale: 1).map { card.layerPoint(canvas: $0) }
                let onCard = qs.map { $0.w > 0 && $0.x >= 0 && $0.y >= 0 && $0.x <= card.side && $0.y <= card.side }
                if onCard.allSatisfy({ !$0 }) {
                    hiddenCount += 1
                    if !image.isBackground(px, py) {
                        failures += 1
                        if failures < 5 { Issue.record("pixel (\(px), \(py)) is not on the visible part but was drawn") }
                    }
                } else if onCard.allSatisfy({ $0 }), qs.allSatisfy({ $0.w > 0.02 }) {
                    let q = qs[4]
                    if let e = expected(q.x, q.y) {
                        visible += 1
                        if !close(image.rgb(px, py), e, 3) {
                            failures += 1
                            if failures < 5 { Issue.record("pixel (\(px), \(py)) expected \(e), got \(image.rgb(px, py))") }
                        }
                    }
                }
            }
        }
        #expect(failures == 0)
        #expect(visible > 20_000 && hiddenCount > 20_000)
    }

    @Test func layerCrossingTheEyePlaneDrawsOnlyItsVisiblePart() throws {
        let card = Self.crossingCard
        let layer = node(transform: card.transform, bounds: Rect(x: 0, y: 0, width: card.side, height: card.side),
                         background: RGB8(r: 250, g: 200, b: 0).color, cornerRadius: 40, borderWidth: 20,
                         borderColor: RGB8(r: 0, g: 0, b: 0).color)
        let image = try Rasterizer().render(displayList([layer], width: 400, height: 800, scale: 1))
        dump(image, "eye-plane-solid")
        Self.checkCrossing(image) { x, y in
            let inBorder = x < 21 || y < 21 || x > 979 || y > 979
            let nearEdge = x < 41 || y < 41 || x > 959 || y > 959
            return inBorder || nearEdge ? nil : RGB8(r: 250, g: 200, b: 0)
        }
    }

    @Test func texturedLayerCrossingTheEyePlaneDrawsOnlyItsVisiblePart() throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/stripes.png"
        // Horizontal bands, 100 image pixels (= 100 layer points) each.
        func band(_ y: Int) -> RGB8 { y / 100 % 2 == 0 ? RGB8(r: 200, g: 30, b: 30) : RGB8(r: 30, g: 200, b: 30) }
        writePNG(path, width: 100, height: 1000) { _, y in band(y) }
        let card = Self.crossingCard
        let layer = node(transform: card.transform, bounds: Rect(x: 0, y: 0, width: card.side, height: card.side),
                         image: ImageContents(path: path, location: testLocation))
        let image = try Rasterizer().render(displayList([layer], width: 400, height: 800, scale: 1))
        dump(image, "eye-plane-texture")
        Self.checkCrossing(image) { _, y in
            let f = y.truncatingRemainder(dividingBy: 100)
            return f < 3 || f > 97 ? nil : band(Int(y))
        }
    }

    @Test func layerEntirelyBehindTheEyeDrawsNothing() throws {
        // Pushed 600 pt toward an eye 500 pt away: W = 1 − 600/500 < 0 everywhere.
        let t = Transform3D.translation(0, 0, 600).then(.perspective(500)).then(.translation(100, 100))
        let layer = node(transform: t, bounds: Rect(x: -50, y: -50, width: 100, height: 100), background: .black,
                         borderWidth: 4, text: TextSpec(string: "behind"))
        let image = try Rasterizer().render(displayList([layer], width: 200, height: 200, scale: 1))
        for y in 0 ..< 200 { for x in 0 ..< 200 where !image.isBackground(x, y) {
            Issue.record("pixel (\(x), \(y)) drawn for a layer behind the eye"); return
        } }
    }

    // MARK: Group opacity

    @Test func parentOpacityBlendsChildrenAsOneGroup() throws {
        let white = RGBAColor.white
        let red = node("red", transform: .translation(10, 10), bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                       background: RGB8(r: 255, g: 0, b: 0).color)
        let blue = node("blue", transform: .translation(50, 50), bounds: Rect(x: 0, y: 0, width: 60, height: 60),
                        background: RGB8(r: 0, g: 0, b: 255).color)
        let parent = node("parent", transform: .translation(10, 10), bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                          opacity: 0.5, children: [red, blue])
        let image = try Rasterizer().render(displayList([parent], width: 140, height: 140, scale: 1, background: white))
        // Overlap (60…70): only blue shows inside the group, then 50 % over white:
        // 0.5 × (0, 0, 255) + 0.5 × (255, 255, 255) = (127.5, 127.5, 255).
        // Blending each child separately would give 0.5·blue + 0.25·red + 0.25·white = (64, 64, 191).
        let overlap = image.rgb(65, 65)
        #expect(abs(overlap.r - 128) <= 1 && abs(overlap.g - 128) <= 1 && overlap.b == 255, "overlap is \(overlap)")
        let redOnly = image.rgb(30, 30)
        #expect(redOnly.r == 255 && abs(redOnly.g - 128) <= 1 && abs(redOnly.b - 128) <= 1, "red part is \(redOnly)")
        #expect(image.rgb(5, 5) == RGB8(r: 255, g: 255, b: 255))
    }

    @Test func opacityOfALeafMultipliesItsOwnDrawing() throws {
        let leaf = node(transform: .translation(10, 10), bounds: Rect(x: 0, y: 0, width: 50, height: 50), opacity: 0.25,
                        background: RGB8(r: 0, g: 0, b: 0).color)
        let image = try Rasterizer().render(displayList([leaf], width: 70, height: 70, scale: 1, background: .white))
        // 0.25 × black over white = 0.75 × 255 = 191.25.
        let c = image.rgb(30, 30)
        #expect(abs(c.r - 191) <= 1 && abs(c.g - 191) <= 1 && abs(c.b - 191) <= 1, "got \(c)")
    }

    // MARK: masksToBounds

    /// Whether a layer point is inside a w×h rect with corners rounded by r, `margin` points
    /// deep (negative margin: that far outside).
    static func insideRounded(_ x: Double, _ y: Double, side: Double, radius r: Double, margin: Double) -> Bool {
        let cx = min(max(x, r), side - r), cy = min(max(y, r), side - r)
        let d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
        let inRect = x >= 0 && y >= 0 && x <= side && y <= side
        return inRect && d <= r - margin && min(x, y, side - x, side - y) >= margin
    }

    static func maskedCard(_ card: PerspectiveCard) -> DisplayNode {
        // The child is bigger than the parent on every side: only the mask shapes it.
        let child = node("child", transform: Transform3D.translation(-40, -40).then(card.transform),
                         bounds: Rect(x: 0, y: 0, width: card.side + 80, height: card.side + 80),
                         background: RGB8(r: 0, g: 200, b: 0).color)
        return node("mask", transform: card.transform, bounds: Rect(x: 0, y: 0, width: card.side, height: card.side),
                    masksToBounds: true, cornerRadius: 50, children: [child])
    }

    static func checkMask(_ image: RasterImage, card: PerspectiveCard, scale: Double) {
        var failures = 0, corners = 0, insideCount = 0
        for py in 0 ..< image.height {
            for px in 0 ..< image.width {
                let qs = samplePoints(px: px, py: py, scale: scale).map { card.layerPoint(canvas: $0) }
                if qs.allSatisfy({ !insideRounded($0.x, $0.y, side: card.side, radius: 50, margin: 0) }) {
                    let q = qs[4]
                    if q.x > 0 && q.y > 0 && q.x < card.side && q.y < card.side { corners += 1 }
                    if !image.isBackground(px, py) {
                        failures += 1
                        if failures < 5 { Issue.record("pixel (\(px), \(py)) outside the rounded mask was drawn") }
                    }
                } else if qs.allSatisfy({ insideRounded($0.x, $0.y, side: card.side, radius: 50, margin: 0) }) {
                    insideCount += 1
                    if image.rgb(px, py) != RGB8(r: 0, g: 200, b: 0) {
                        failures += 1
                        if failures < 5 { Issue.record("pixel (\(px), \(py)) inside the mask is \(image.rgb(px, py))") }
                    }
                }
            }
        }
        #expect(failures == 0)
        // The rounded-off corners (inside the square, outside the rounded rect) were checked.
        #expect(corners > 500 && insideCount > 10_000)
    }

    @Test func masksToBoundsClipsChildrenToRoundedCorners() throws {
        let card = PerspectiveCard(side: 200, centre: Point(x: 150, y: 150), angle: 0, distance: 500)
        let image = try Rasterizer().render(displayList([Self.maskedCard(card)], width: 300, height: 300, scale: 2))
        dump(image, "mask-flat")
        // Layer point (5, 5) is 63.6 pt from the corner centre (50, 50): outside the 50-pt arc.
        #expect(image.isBackground(2 * (50 + 5), 2 * (50 + 5)))
        #expect(image.rgb(300, 300) == RGB8(r: 0, g: 200, b: 0))
        Self.checkMask(image, card: card, scale: 2)
    }

    @Test func masksToBoundsClipsUnderPerspective() throws {
        let card = PerspectiveCard(side: 200, centre: Point(x: 150, y: 150), angle: 50 * .pi / 180, distance: 400)
        let image = try Rasterizer().render(displayList([Self.maskedCard(card)], width: 300, height: 300, scale: 2))
        dump(image, "mask-perspective")
        Self.checkMask(image, card: card, scale: 2)
    }

    @Test func nestedMasksIntersect() throws {
        // Outer mask 0…100, inner mask 50…150 (both at scale 1): the grandchild only shows in 50…100.
        let grandchild = node("gc", transform: .identity, bounds: Rect(x: 0, y: 0, width: 200, height: 200),
                              background: RGB8(r: 255, g: 0, b: 255).color)
        let inner = node("inner", transform: .translation(50, 50), bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                         masksToBounds: true, children: [grandchild])
        let outer = node("outer", transform: .identity, bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                         masksToBounds: true, children: [inner])
        let image = try Rasterizer().render(displayList([outer], width: 200, height: 200, scale: 1))
        #expect(image.rgb(75, 75) == RGB8(r: 255, g: 0, b: 255))
        #expect(image.isBackground(25, 25))
        #expect(image.isBackground(125, 125))
        #expect(image.isBackground(75, 125))
    }

    // MARK: Border

    @Test func borderIsDrawnAboveChildren() throws {
        let child = node("child", transform: .translation(20, 20), bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                         background: RGB8(r: 0, g: 0, b: 255).color)
        let parent = node("parent", transform: .translation(20, 20), bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                          cornerRadius: 20, borderWidth: 10, borderColor: RGB8(r: 255, g: 0, b: 0).color, children: [child])
        let image = try Rasterizer().render(displayList([parent], width: 140, height: 140, scale: 1))
        #expect(image.rgb(20 + 5, 20 + 50) == RGB8(r: 255, g: 0, b: 0))   // left edge, inside the 10-pt border
        #expect(image.rgb(20 + 50, 20 + 95) == RGB8(r: 255, g: 0, b: 0))  // bottom edge
        #expect(image.rgb(20 + 50, 20 + 50) == RGB8(r: 0, g: 0, b: 255))  // the child, inside the border
        // The border follows the corner: pixel centre (8.5, 8.5) in the layer is 16.3 pt from the
        // arc centre (20, 20), inside the outer radius 20 and outside the inner radius 20 − 10.
        #expect(image.rgb(20 + 8, 20 + 8) == RGB8(r: 255, g: 0, b: 0))
        // Pixel centre (3.5, 3.5) is 23.3 pt from (20, 20): outside the rounded border, so the
        // (unmasked) child shows there.
        #expect(image.rgb(20 + 3, 20 + 3) == RGB8(r: 0, g: 0, b: 255))
    }

    // MARK: Text

    static func checkText(_ string: String) throws {
        let frame = Rect(x: 20, y: 30, width: 160, height: 50)
        let layer = node(transform: .translation(frame.minX, frame.minY), bounds: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
                         text: TextSpec(string: string, fontSize: 24, weight: .bold, color: .white))
        let image = try Rasterizer().render(displayList([layer], width: 200, height: 110, scale: 2))
        dump(image, "text-\(string.unicodeScalars.first!.value)")
        var inkInside = 0, inkOutside = 0
        var minY = Int.max, maxY = Int.min
        for y in 0 ..< image.height {
            for x in 0 ..< image.width where !image.isBackground(x, y) {
                let inside = x >= 40 && x < 360 && y >= 60 && y < 160
                if inside { inkInside += 1; minY = min(minY, y); maxY = max(maxY, y) } else { inkOutside += 1 }
            }
        }
        #expect(inkInside > 200, "no ink for \(string)")
        #expect(inkOutside == 0)
        // Centred vertically like UILabel: ink straddles the middle row of the bounds (y = 110).
        #expect(minY < 110 && maxY > 110)
    }

    @Test func latinTextRendersInsideItsBounds() throws {
        try Self.checkText("Hello, world")
    }

    @Test func japaneseTextRendersInsideItsBounds() throws {
        try Self.checkText("他3件")
        // And with real glyphs, not boxes: fontconfig found a CJK font for every character.
        let layout = TextLayout(TextSpec(string: "他3件"), bounds: Size(width: 200, height: 50))
        #expect(layout.unknownGlyphCount == 0)
    }

    @Test func fullWidthPunctuationAtTheEndOfALabelIsNotCut() throws {
        // "頂上の山小屋で一休み。" at 17 pt: ten full-width characters fill exactly 10 em, so the
        // eleventh em box holds only the ideographic full stop, a ring. A ring is as wide as it
        // is tall; if the label's texture were cut short on the right it would be narrower.
        for scale in [2.0, 3.0] {
            let em = 17.0
            let layer = node(transform: .translation(10, 0), bounds: Rect(x: 0, y: 0, width: 342, height: 60),
                             text: TextSpec(string: "頂上の山小屋で一休み。", fontSize: em, color: .white))
            let image = try Rasterizer().render(displayList([layer], width: 370, height: 60, scale: scale))
            let cellStart = Int(((10 + 10 * em) * scale).rounded(.up)) + 1, cellEnd = Int((10 + 11 * em) * scale)
            var x0 = Int.max, x1 = Int.min, y0 = Int.max, y1 = Int.min
            for y in 0 ..< image.height {
                for x in cellStart ..< cellEnd where image.pixel(x: x, y: y).r > 64 {
                    x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
                }
            }
            #expect(x1 >= x0 && y1 >= y0, "no full stop at scale \(scale)")
            #expect(abs((x1 - x0) - (y1 - y0)) <= 1, "ring is \(x1 - x0 + 1)×\(y1 - y0 + 1) px at scale \(scale)")
        }
    }

    @Test func textIsLeftAlignedByDefaultAndRightAlignedOnRequest() throws {
        func inkColumns(_ alignment: TextAlignment) throws -> (Int, Int) {
            let layer = node(transform: .identity, bounds: Rect(x: 0, y: 0, width: 200, height: 40),
                             text: TextSpec(string: "ab", fontSize: 20, color: .white, alignment: alignment))
            let image = try Rasterizer().render(displayList([layer], width: 200, height: 40, scale: 1))
            var lo = Int.max, hi = Int.min
            for y in 0 ..< 40 { for x in 0 ..< 200 where !image.isBackground(x, y) { lo = min(lo, x); hi = max(hi, x) } }
            return (lo, hi)
        }
        let natural = try inkColumns(.natural), right = try inkColumns(.right)
        #expect(natural.0 < 10 && natural.1 < 60)
        #expect(right.1 > 190 && right.0 > 140)
    }

    // MARK: Determinism

    static func busyList(imagePath: String) -> DisplayList {
        let card = PerspectiveCard(side: 300, centre: Point(x: 195, y: 300), angle: 35 * .pi / 180, distance: 500)
        let label = node("label", transform: Transform3D.translation(20, 200).then(card.transform),
                         bounds: Rect(x: 0, y: 0, width: 260, height: 60),
                         text: TextSpec(string: "Segue 他3件", fontSize: 22, color: .white, alignment: .center))
        let photo = node("photo", transform: Transform3D.translation(20, 20).then(card.transform),
                         bounds: Rect(x: 0, y: 0, width: 260, height: 160), opacity: 0.8, masksToBounds: true,
                         cornerRadius: 16, image: ImageContents(path: imagePath, gravity: .resizeAspectFill, location: testLocation))
        let cardNode = node("card", transform: card.transform, bounds: Rect(x: 0, y: 0, width: 300, height: 300),
                            opacity: 0.9, masksToBounds: true, background: RGB8(r: 40, g: 40, b: 60).color,
                            cornerRadius: 24, borderWidth: 3, borderColor: .white, children: [photo, label])
        return displayList([cardNode], width: 390, height: 600, scale: 2)
    }

    @Test func sameListGivesSameBytesAcrossRunsAndThreads() async throws {
        let dir = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/photo.png"
        writePNG(path, width: 320, height: 200) { x, y in RGB8(r: x * 255 / 320, g: y * 255 / 200, b: (x ^ y) & 255) }
        let list = Self.busyList(imagePath: path)
        let reference = try Rasterizer().render(list)
        dump(reference, "busy")
        let shared = Rasterizer()
        #expect(try shared.render(list) == reference)
        #expect(try shared.render(list) == reference) // now from cached textures
        let results = try await withThrowingTaskGroup(of: RasterImage.self) { group in
            for i in 0 ..< 6 {
                group.addTask { try (i % 2 == 0 ? shared : Rasterizer()).render(list) }
            }
            var out: [RasterImage] = []
            for try await r in group { out.append(r) }
            return out
        }
        #expect(results.count == 6)
        #expect(results.allSatisfy { $0 == reference })
    }

    // MARK: Degenerate input

    @Test func degenerateNodesAreSkippedWithoutCrashing() throws {
        let nan = Double.nan
        var singular = Transform3D.identity
        singular.m11 = 0; singular.m21 = 0 // the plane collapses onto a line
        var zeroW = Transform3D.identity
        zeroW.m44 = 0
        let cases: [DisplayNode] = [
            node("nan", transform: Transform3D(rowMajor: [nan, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
                 bounds: Rect(x: 0, y: 0, width: 50, height: 50), background: .black),
            node("inf", transform: .translation(.infinity, 0), bounds: Rect(x: 0, y: 0, width: 50, height: 50), background: .black),
            node("zero-size", transform: .translation(10, 10), bounds: .zero, background: .black, borderWidth: 3,
                 text: TextSpec(string: "x")),
            node("edge-on", transform: Transform3D.rotation(.pi / 2, 0, 1, 0).then(.perspective(500)).then(.translation(50, 50)),
                 bounds: Rect(x: -25, y: -25, width: 50, height: 50), background: .black, text: TextSpec(string: "edge")),
            node("singular", transform: singular, bounds: Rect(x: 0, y: 0, width: 50, height: 50), background: .black),
            node("w-zero", transform: zeroW, bounds: Rect(x: 0, y: 0, width: 50, height: 50), background: .black),
            node("nan-bounds", transform: .identity, bounds: Rect(x: nan, y: 0, width: 50, height: 50), background: .black),
            node("nan-opacity", transform: .identity, bounds: Rect(x: 0, y: 0, width: 50, height: 50), opacity: nan, background: .black),
            node("negative-size", transform: .identity, bounds: Rect(x: 0, y: 0, width: -50, height: 50), background: .black),
            node("nan-radius", transform: .translation(200, 200), bounds: Rect(x: 0, y: 0, width: 50, height: 50),
                 background: .black, cornerRadius: nan, borderWidth: nan),
        ]
        for c in cases {
            let image = try Rasterizer().render(displayList([c], width: 100, height: 100, scale: 1))
            var drawn = 0
            for y in 0 ..< 100 { for x in 0 ..< 100 where !image.isBackground(x, y) { drawn += 1 } }
            #expect(drawn == 0, "\(c.id) drew \(drawn) pixels")
        }
        // Huge but finite geometry draws what is on the canvas and nothing else breaks.
        let huge = node("huge", transform: .scale(1e9, 1e9), bounds: Rect(x: -1, y: -1, width: 2, height: 2),
                        background: RGB8(r: 255, g: 0, b: 0).color, cornerRadius: 0.5, borderWidth: 0.1)
        let far = node("far", transform: .translation(1e15, -1e15), bounds: Rect(x: 0, y: 0, width: 10, height: 10), background: .black)
        let image = try Rasterizer().render(displayList([huge, far], width: 100, height: 100, scale: 1))
        #expect(image.rgb(50, 50) == RGB8(r: 255, g: 0, b: 0))
    }

    @Test func invalidCanvasThrows() {
        #expect(throws: RasterError.self) { try Rasterizer().render(displayList([], width: 0, height: 10, scale: 1)) }
        #expect(throws: RasterError.self) { try Rasterizer().render(displayList([], width: 10, height: 10, scale: .nan)) }
    }
}
