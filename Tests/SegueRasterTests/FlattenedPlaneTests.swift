// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueRaster
import SegueDisplayList
import SegueGeometry

/// A layer seen in perspective is drawn as Core Animation does: its flattened subtree is one
/// image, projected once, so sublayers that abut each other or their parent's edge leave no
/// seams and the plane has one anti-aliased edge. Expected values come from the hand-derived
/// projection in `PerspectiveCard` and exact pixel-coverage areas, not from the renderer.
struct FlattenedPlaneTests {
    static let black = RGB8(r: 0, g: 0, b: 0)
    static let green = RGB8(r: 52, g: 199, b: 89)   // #34C759, the flip scene's hero
    static let white = RGB8(r: 255, g: 255, b: 255)

    /// Canvas point of layer point (u, v) on a card rotated about y (the forward map of
    /// `PerspectiveCard.layerPoint`): x = u − side/2, W = 1 + x sin θ / d, X = x cos θ / W, Y = y / W.
    static func canvasPoint(_ card: PerspectiveCard, u: Double, v: Double) -> Point {
        precondition(!card.aboutX && card.towardViewer == 0)
        let x = u - card.side / 2, y = v - card.side / 2
        let w = 1 + x * sin(card.angle) / card.distance
        return Point(x: card.centre.x + x * cos(card.angle) / w, y: card.centre.y + y / w)
    }

    /// Area of the unit pixel square at (px, py) where `inside` ≥ 0 (a half-plane): the square
    /// clipped against it, then the shoelace formula.
    static func coverage(px: Int, py: Int, inside: (Point) -> Double) -> Double {
        var poly = [Point(x: Double(px), y: Double(py)), Point(x: Double(px + 1), y: Double(py)),
                    Point(x: Double(px + 1), y: Double(py + 1)), Point(x: Double(px), y: Double(py + 1))]
        var out: [Point] = []
        for i in 0 ..< poly.count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let fa = inside(a), fb = inside(b)
            if fa >= 0 { out.append(a) }
            if (fa >= 0) != (fb >= 0) {
                let t = fa / (fa - fb)
                out.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
        poly = out
        var area = 0.0
        for i in 0 ..< poly.count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            area += a.x * b.y - b.x * a.y
        }
        return abs(area) / 2
    }

    /// Signed distance-like function of the line through two pixel-space points, positive on
    /// the side of `interior`.
    static func halfPlane(_ a: Point, _ b: Point, interior: Point) -> (Point) -> Double {
        let nx = -(b.y - a.y), ny = b.x - a.x
        let s: Double = (nx * (interior.x - a.x) + ny * (interior.y - a.y)) > 0 ? 1 : -1
        return { p in s * (nx * (p.x - a.x) + ny * (p.y - a.y)) / (nx * nx + ny * ny).squareRoot() }
    }

    // MARK: Seams between abutting sublayers

    /// A red panel fully covered by a 2×2 grid of abutting white tiles, rotated −40° about y and
    /// 10° about x under perspective 500: no pixel may show the panel's red.
    @Test func abuttingTilesHideThePanelBelowThem() throws {
        let side = 200.0
        let panelTransform = Transform3D.translation(-side / 2, -side / 2)
            .then(.rotation(-40 * .pi / 180, 0, 1, 0))
            .then(.rotation(10 * .pi / 180, 1, 0, 0))
            .then(.perspective(500))
            .then(.translation(150, 150))
        var tiles: [DisplayNode] = []
        for i in 0 ..< 2 {
            for j in 0 ..< 2 {
                tiles.append(node("tile\(i)\(j)", transform: Transform3D.translation(Double(i) * 100, Double(j) * 100).then(panelTransform),
                                  bounds: Rect(x: 0, y: 0, width: 100, height: 100), background: Self.white.color))
            }
        }
        let panel = node("panel", transform: panelTransform, bounds: Rect(x: 0, y: 0, width: side, height: side),
                         background: RGB8(r: 255, g: 0, b: 0).color, children: tiles)
        let image = try Rasterizer().render(displayList([panel], width: 300, height: 300, scale: 2, background: Self.black.color))
        dump(image, "plane-tiles")
        var reddish = 0, white = 0
        for y in 0 ..< image.height {
            for x in 0 ..< image.width {
                let p = image.pixel(x: x, y: y)
                if Int(p.r) > Int(p.g) + 2 || Int(p.r) > Int(p.b) + 2 { reddish += 1 }
                if p.r == 255 && p.g == 255 && p.b == 255 { white += 1 }
            }
        }
        print("abutting tiles: \(reddish) reddish pixels, \(white) white")
        #expect(white > 80_000)
        #expect(reddish == 0)
    }

    // MARK: Fringes along a shared edge

    /// The flip pair's set-up: a white page with a green header flush with its top, left and
    /// right edges, rotated about y under perspective 500, over black. Along the header's left
    /// and right edges every pixel is green over black by the exact area the projected edge
    /// covers, within 2 levels: no white from the page below leaks into the edge.
    @Test func childFlushWithItsRotatedParentsEdgeBlendsOnlyWithTheBackground() throws {
        let card = PerspectiveCard(side: 200, centre: Point(x: 150, y: 150), angle: 35 * .pi / 180, distance: 500)
        let header = node("header", transform: card.transform, bounds: Rect(x: 0, y: 0, width: 200, height: 60),
                          background: Self.green.color)
        let page = node("page", transform: card.transform, bounds: Rect(x: 0, y: 0, width: 200, height: 200),
                        background: Self.white.color, children: [header])
        let scale = 2.0
        let image = try Rasterizer().render(displayList([page], width: 300, height: 300, scale: scale, background: Self.black.color))
        dump(image, "plane-flush-header")
        func pixels(_ p: Point) -> Point { Point(x: p.x * scale, y: p.y * scale) }
        var checked = 0, worst = 0
        for (u, inward) in [(0.0, 1.0), (200.0, -1.0)] {
            let a = pixels(Self.canvasPoint(card, u: u, v: 0)), b = pixels(Self.canvasPoint(card, u: u, v: 60))
            let inner = pixels(Self.canvasPoint(card, u: u + 20 * inward, v: 30))
            let inside = Self.halfPlane(a, b, interior: inner)
            // Rows well inside the header, away from its top and bottom edges.
            let top = Int(a.y + 10), bottom = Int(b.y - 10)
            for py in top ... bottom {
                let xAtRow = a.x + (b.x - a.x) * ((Double(py) + 0.5 - a.y) / (b.y - a.y))
                for px in Int(xAtRow) - 2 ... Int(xAtRow) + 2 {
                    let c = Self.coverage(px: px, py: py, inside: inside)
                    let expected = RGB8(r: Int((Double(Self.green.r) * c).rounded()), g: Int((Double(Self.green.g) * c).rounded()),
                                        b: Int((Double(Self.green.b) * c).rounded()))
                    let p = image.pixel(x: px, y: py)
                    let actual = RGB8(r: Int(p.r), g: Int(p.g), b: Int(p.b))
                    let off = max(abs(actual.r - expected.r), abs(actual.g - expected.g), abs(actual.b - expected.b))
                    worst = max(worst, off)
                    checked += 1
                    if off > 2 {
                        Issue.record("pixel (\(px), \(py)) is \(actual), exact blend \(expected) (coverage \(c))")
                        return
                    }
                }
            }
        }
        print("flush header edge: \(checked) pixels, worst \(worst) levels from the exact coverage blend")
        #expect(checked > 300)
    }

    // MARK: Where the edge is

    /// A page rotated about y with a blue bar flush with its top, left and right edges, over
    /// black. In each row the bar's left and right edges are located from the pixels' coverage
    /// (blue level / 255, summed across the edge) and compared with the exactly projected line:
    /// on average they are within 0.1 pixel of it.
    @Test func edgesFlushWithARotatedPageSitOnTheProjectedLine() throws {
        let scale = 2.0
        for degrees in [25.0, 50.0, -60.0] {
            let card = PerspectiveCard(side: 240, centre: Point(x: 160, y: 160), angle: degrees * .pi / 180, distance: 500)
            let bar = node("bar", transform: card.transform, bounds: Rect(x: 0, y: 0, width: 240, height: 80),
                           background: RGB8(r: 0, g: 0, b: 255).color)
            let page = node("page", transform: card.transform, bounds: Rect(x: 0, y: 0, width: 240, height: 240),
                            background: Self.white.color, children: [bar])
            let image = try Rasterizer().render(displayList([page], width: 320, height: 320, scale: scale, background: Self.black.color))
            dump(image, "plane-edge-\(Int(degrees))")
            var total = 0.0, signed = 0.0, rows = 0
            for u in [0.0, 240.0] {
                let a = Self.canvasPoint(card, u: u, v: 0), b = Self.canvasPoint(card, u: u, v: 80)
                let ay = a.y * scale, by = b.y * scale
                let top = Int(ay + 10), bottom = Int(by - 10)
                // Which side of this edge the bar is on, on screen.
                let interiorToTheRight = Self.canvasPoint(card, u: 120, v: 40).x > a.x
                for py in top ... bottom {
                    let t = (Double(py) + 0.5 - ay) / (by - ay)
                    let exact = (a.x + (b.x - a.x) * t) * scale
                    let lo = Int(exact) - 4, hi = Int(exact) + 5
                    var covered = 0.0
                    for px in lo ..< hi { covered += Double(image.pixel(x: px, y: py).b) / 255 }
                    // Pixels lo..<hi: the covered ones are on the interior side of the edge.
                    let measured = interiorToTheRight ? Double(hi) - covered : Double(lo) + covered
                    total += abs(measured - exact); signed += measured - exact
                    rows += 1
                }
            }
            let mean = total / Double(rows)
            print("rotated \(degrees)°: mean edge offset \(mean) px (signed \(signed / Double(rows))) over \(rows) rows")
            #expect(rows > 200)
            #expect(mean < 0.1)
        }
    }

    // MARK: The plane as a whole

    /// Opacity on a rotated layer applies to its flattened plane as a group: where the child
    /// covers the parent, the result is the child over the background at 50 %, with none of
    /// the parent's colour.
    @Test func opacityAppliesToThePlaneAsAGroup() throws {
        let card = PerspectiveCard(side: 200, centre: Point(x: 150, y: 150), angle: 40 * .pi / 180, distance: 500)
        let child = node("child", transform: card.transform, bounds: Rect(x: 0, y: 0, width: 200, height: 100),
                         background: Self.white.color)
        let parent = node("parent", transform: card.transform, bounds: Rect(x: 0, y: 0, width: 200, height: 200),
                          opacity: 0.5, background: RGB8(r: 255, g: 0, b: 0).color, children: [child])
        let image = try Rasterizer().render(displayList([parent], width: 300, height: 300, scale: 1, background: Self.black.color))
        // The centre of the child's area: white at 50 % over black.
        let p = Self.canvasPoint(card, u: 100, v: 50)
        let c = image.pixel(x: Int(p.x), y: Int(p.y))
        #expect(abs(Int(c.r) - 128) <= 1 && abs(Int(c.g) - 128) <= 1 && abs(Int(c.b) - 128) <= 1)
        // The parent's own area: red at 50 %.
        let q = Self.canvasPoint(card, u: 100, v: 150)
        let d = image.pixel(x: Int(q.x), y: Int(q.y))
        #expect(abs(Int(d.r) - 128) <= 1 && d.g == 0 && d.b == 0)
    }

    /// `allowsEdgeAntialiasing: false` gives Core Animation's aliased 3D edge: every pixel is
    /// either the card's colour or the background, and a pixel is the card's exactly when its
    /// centre is inside the projected card.
    @Test func edgeAntialiasingOffGivesAliasedEdges() throws {
        let card = PerspectiveCard(side: 200, centre: Point(x: 150, y: 150), angle: 35 * .pi / 180, distance: 500)
        var page = node("page", transform: card.transform, bounds: Rect(x: 0, y: 0, width: 200, height: 200),
                        background: Self.white.color)
        page.allowsEdgeAntialiasing = false
        let image = try Rasterizer().render(displayList([page], width: 300, height: 300, scale: 1, background: Self.black.color))
        var mismatched = 0, whitePixels = 0
        for py in 0 ..< image.height {
            for px in 0 ..< image.width {
                let q = card.layerPoint(canvas: Point(x: Double(px) + 0.5, y: Double(py) + 0.5))
                let inside = q.w > 0 && q.x > 0 && q.x < 200 && q.y > 0 && q.y < 200
                let p = image.pixel(x: px, y: py)
                let isWhite = p.r == 255 && p.g == 255 && p.b == 255, isBlack = p.r == 0 && p.g == 0 && p.b == 0
                #expect(isWhite || isBlack)
                if isWhite { whitePixels += 1 }
                if isWhite != inside { mismatched += 1 }
            }
        }
        #expect(whitePixels > 20_000)
        // A pixel centre within rounding of the edge may go either way.
        #expect(mismatched <= 2)
    }

    /// Rendering is deterministic with reused offscreen buffers: the same list renders to the
    /// same bytes on a fresh rasterizer and on one that has drawn other planes before.
    @Test func reusedPlaneBuffersDoNotChangeThePicture() throws {
        let card = PerspectiveCard(side: 200, centre: Point(x: 150, y: 150), angle: 30 * .pi / 180, distance: 500)
        let page = node("page", transform: card.transform, bounds: Rect(x: 0, y: 0, width: 200, height: 200),
                        background: Self.white.color, children: [
                            node("bar", transform: card.transform, bounds: Rect(x: 0, y: 0, width: 200, height: 40),
                                 background: Self.green.color),
                        ])
        let list = displayList([page], width: 300, height: 300, scale: 2)
        let fresh = try Rasterizer().render(list)
        let shared = Rasterizer()
        let other = PerspectiveCard(side: 260, centre: Point(x: 150, y: 150), angle: -50 * .pi / 180, distance: 400)
        _ = try shared.render(displayList([node("other", transform: other.transform, bounds: Rect(x: 0, y: 0, width: 260, height: 260),
                                                background: RGB8(r: 255, g: 0, b: 0).color)], width: 300, height: 300, scale: 2))
        let again = try shared.render(list)
        #expect(fresh.pixels == again.pixels)
    }
}
