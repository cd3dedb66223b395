// SPDX-License-Identifier: Apache-2.0
import CCairo
import Foundation
import SegueDisplayList
import SegueGeometry

// Flattened 3D planes, drawn as Core Animation composites them.
//
// A layer whose matrix to the canvas has perspective starts a plane: it and every descendant
// whose matrix differs from it only affinely (CALayer's flattening: no perspective
// sublayerTransform and no new 3D context in between) lie in one plane. That subtree is drawn
// once into an offscreen premultiplied image in the plane's own coordinates, then the image is
// projected onto the canvas once, through one anti-aliased mask of the plane's outline. Where
// a sublayer's edge meets its parent's edge or a sibling's, the colours are joined inside the
// flat image (on the pixel grid, no partial coverage), so nothing underneath leaks through the
// seam and the plane has exactly one edge: the projected outline. Descendants that start a new
// 3D context are planes of their own, projected into the enclosing plane's image.

/// How a plane's offscreen image sits in the plane: pixel (0, 0) is the plane point `origin`,
/// `pixelsPerPoint` pixels per point on both axes.
struct PlaneLayout: Equatable {
    var originX: Double
    var originY: Double
    var pixelsPerPoint: Double
    var width: Int
    var height: Int

    /// The offscreen image doubles its resolution only where the plane is magnified more than
    /// this (2^0.75 ≈ 1.68×, so a flip at perspective 500, up to 1.64×, stays at the canvas
    /// scale): every doubling quadruples the memory and drawing time of the plane.
    static let magnificationBeforeDoubling = 0.75
    /// Largest offscreen image, per side and in all (64 MiB at 4 bytes a pixel).
    static let maxSide = 8192
    static let maxPixels = 16 << 20
    /// Largest image at twice the canvas scale (16 MiB): less than one 390×844-point screen at 4×.
    static let maxDoubledPixels = 4 << 20

    /// Plane points → offscreen pixels.
    var fromPlane: Homography {
        Homography.translation(-originX, -originY).then(.scale(pixelsPerPoint, pixelsPerPoint))
    }

    /// Offscreen pixels → plane points.
    var toPlane: Homography {
        Homography.scale(1 / pixelsPerPoint, 1 / pixelsPerPoint).then(.translation(originX, originY))
    }

    /// The layout for the plane region `rect` (plane points) whose largest on-screen
    /// magnification is `magnification` target pixels per point. The resolution is the canvas
    /// scale times a power of two (¼× to 2×) picked from that magnification: doubled where the
    /// plane comes close to the eye, so it stays sharp, halved when it is far away.
    /// Powers of two keep layers placed on whole points on whole pixels, so abutting layers
    /// join without partial coverage. The origin is a whole point for the same reason.
    /// A doubled image may hold at most `maxDoubledPixels`: a whole screen turning towards the
    /// eye at scale 2 or more keeps the canvas scale (its image is never larger than the
    /// frame), while cards, and screens rendered small (goldens, contact sheets), still double.
    static func make(covering rect: Rect, magnification: Double, canvasScale: Double) -> PlaneLayout? {
        guard rect.width > 0, rect.height > 0, [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy({ $0.isFinite }) else {
            return nil
        }
        let ratio = magnification / canvasScale
        var k = ratio.isFinite && ratio > 0
            ? min(max((log2(ratio) - magnificationBeforeDoubling).rounded(.up), -2), 1) : (ratio > 0 ? 1 : 0)
        // Rounding noise from composing matrices must not add a whole point or pixel.
        let x0 = (rect.minX + 1e-7).rounded(.down), y0 = (rect.minY + 1e-7).rounded(.down)
        let wPoints = rect.maxX - x0, hPoints = rect.maxY - y0
        while true {
            let s = canvasScale * pow(2, k)
            let w = Int((wPoints * s - 1e-6).rounded(.up)), h = Int((hPoints * s - 1e-6).rounded(.up))
            if w <= maxSide && h <= maxSide && w * h <= maxPixels && (k <= 0 || w * h <= maxDoubledPixels) {
                return PlaneLayout(originX: x0, originY: y0, pixelsPerPoint: s, width: max(w, 1), height: max(h, 1))
            }
            if k <= -6 { break }
            k -= 1
        }
        // Very large planes: the largest scale that fits.
        let s = min(Double(maxSide) / wPoints, Double(maxSide) / hPoints, (Double(maxPixels) / (wPoints * hPoints)).squareRoot())
        let w = Int((wPoints * s).rounded(.down)), h = Int((hPoints * s).rounded(.down))
        guard s.isFinite, s > 0, w >= 1, h >= 1 else { return nil }
        return PlaneLayout(originX: x0, originY: y0, pixelsPerPoint: s, width: w, height: h)
    }
}

/// A plane's flattened image: premultiplied ARGB32 in a pooled buffer, `stride` bytes a row.
struct PlaneImage {
    var buffer: UnsafeMutableRawBufferPointer
    var stride: Int
    var opaque: Bool
}

/// Offscreen buffers for planes, kept between frames so that a 60-frame flip allocates its
/// plane images once per thread rather than once per frame. Thread-safe.
final class PlaneBufferPool: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [UnsafeMutableRawBufferPointer] = []
    private var freeBytes = 0
    /// Bytes of idle buffers kept for reuse; buffers beyond it are freed.
    let retainedLimit: Int

    init(retainedLimit: Int = 96 << 20) {
        self.retainedLimit = retainedLimit
    }

    deinit {
        for buffer in free { buffer.deallocate() }
    }

    /// A buffer of at least `byteCount` bytes (contents undefined): the smallest idle one that
    /// is large enough, or a new one rounded up to 2 MiB so that a plane growing by a few pixels
    /// from frame to frame still finds its buffer.
    func take(byteCount: Int) -> UnsafeMutableRawBufferPointer {
        lock.lock()
        defer { lock.unlock() }
        var best: Int?
        for (i, b) in free.enumerated() where b.count >= byteCount {
            if best == nil || b.count < free[best!].count { best = i }
        }
        if let best {
            freeBytes -= free[best].count
            return free.remove(at: best)
        }
        let rounded = (byteCount + Self.hugePage - 1) & ~(Self.hugePage - 1)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: rounded, alignment: Self.hugePage)
        // Projecting a turning plane reads its image along slanted lines, a different 4 KiB page
        // at almost every pixel; in 2 MiB pages the whole image fits the TLB.
        _ = madvise(buffer.baseAddress, rounded, MADV_HUGEPAGE)
        return buffer
    }

    /// Buffers are whole, aligned huge pages (where the kernel grants them for `madvise`).
    static let hugePage = 2 << 20

    /// Returns a buffer for reuse; the smallest idle buffers are freed beyond `retainedLimit`.
    func give(_ buffer: UnsafeMutableRawBufferPointer) {
        lock.lock()
        defer { lock.unlock() }
        free.append(buffer)
        freeBytes += buffer.count
        free.sort { $0.count > $1.count }
        while freeBytes > retainedLimit, let smallest = free.popLast() {
            freeBytes -= smallest.count
            smallest.deallocate()
        }
    }
}

extension PlaneGeometry {
    /// `h` made exactly affine when its W varies by less than 10⁻¹⁰ (relative) over `bounds`,
    /// which is rounding noise left by composing a layer's matrix with the inverse of its
    /// plane's; otherwise `h` unchanged.
    static func snappedToAffine(_ h: Homography, over bounds: Rect) -> Homography {
        if h.h13 == 0 && h.h23 == 0 { return h }
        let span = max(abs(bounds.minX), abs(bounds.maxX)) + max(abs(bounds.minY), abs(bounds.maxY)) + 1
        guard h.h33 > 0, (abs(h.h13) + abs(h.h23)) * span <= 1e-10 * h.h33 else { return h }
        let k = 1 / h.h33
        return Homography(h11: h.h11 * k, h12: h.h12 * k, h13: 0, h21: h.h21 * k, h22: h.h22 * k, h23: 0,
                          h31: h.h31 * k, h32: h.h32 * k, h33: 1)
    }
}

extension FrameRenderer {
    /// Draws `node`'s flattened subtree as one plane: offscreen in plane coordinates, then
    /// projected through `h` (plane points → target pixels) with one outline mask, the node's
    /// opacity applied to the plane as a whole (group opacity, as Core Animation does).
    func drawPlane(_ node: DisplayNode, _ h: Homography) throws {
        let opacity = min(node.opacity, 1)
        guard let toPlanePoints = node.transform.planeHomography.inverted,
              var region = try planeRect(of: node, .identity, toPlanePoints: toPlanePoints) else { return }
        // The outline: the rounded bounds when the plane clips to them, else the content's extent.
        let clipsToBounds = node.masksToBounds
        let outlineRect = region
        // Only the part of the plane that can reach the visible area is rendered.
        if let visible = visiblePlaneRect(h) {
            guard let r = Self.intersect(region, visible) else { return }
            region = r
        }
        let near = PlaneGeometry.nearClipped(region.corners, h)
        guard !near.isEmpty else { return }
        let magnification = PlaneGeometry.maxMagnification(h, at: near)
        guard let layout = PlaneLayout.make(covering: region, magnification: magnification, canvasScale: scale) else { return }

        let outline: [Point]
        if clipsToBounds {
            let mag = PlaneGeometry.maxMagnification(h, at: PlaneGeometry.nearClipped(node.bounds.corners, h))
            outline = projectedRoundedRect(node.bounds, radius: node.content.cornerRadius, h: h, magnification: mag,
                                           style: node.content.cornerStyle)
        } else {
            outline = PlaneGeometry.project(PlaneGeometry.nearClipped(outlineRect.corners, h), canvasWidth: width, canvasHeight: height)
        }
        guard outline.count >= 3, let outlineBox = PixelRect(enclosing: outline),
              !outlineBox.intersection(clipBox).intersection(target.canvasRect).isEmpty else { return }

        // A layer cut into pieces is rendered once, for its first piece, and kept for the rest.
        let cached = node.pieceCount > 1 ? pieceImages[node.id] : nil
        let image = try cached ?? renderPlaneImage(node, layout: layout, toPlanePoints: toPlanePoints, outlineMasked: clipsToBounds)
        if node.pieceCount > 1, node.pieceIndex < node.pieceCount - 1 {
            pieceImages[node.id] = image
        } else {
            pieceImages[node.id] = nil
        }
        defer { if node.pieceCount <= 1 || node.pieceIndex >= node.pieceCount - 1 { planeBuffers.give(image.buffer) } }

        // Project it once, through one mask: the outline, the ancestor clips and the opacity
        // (and for a piece, its cuts: only the part of the box on its side of them).
        var box = outlineBox.intersection(clipBox).intersection(target.canvasRect)
        if !node.depthCuts.isEmpty {
            guard let cut = Self.boxWithin(node.depthCuts, h, box: box) else { return }
            box = cut
        }
        guard let toSource = layout.toPlane.then(h).inverted,
              let mask = makeMask(outline, box: box, alpha: opacity, antialias: node.allowsEdgeAntialiasing) else { return }
        defer { cairo_surface_destroy(mask) }
        guard let maskBits = cairo_image_surface_get_data(mask), let targetBits = cairo_image_surface_get_data(target.surface) else { return }
        if !node.depthCuts.isEmpty {
            Self.applyDepthCuts(node.depthCuts, h, to: maskBits, stride: Int(cairo_image_surface_get_stride(mask)), box: box)
        }
        cairo_surface_flush(target.surface)
        defer { cairo_surface_mark_dirty(target.surface) }
        // In the target's own pixels (its origin is a canvas pixel).
        let local = PixelRect(x0: box.x0 - target.originX, y0: box.y0 - target.originY,
                              x1: box.x1 - target.originX, y1: box.y1 - target.originY)
        PlaneCompositor.composite(source: UnsafePointer(image.buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)),
                                  sourceWidth: layout.width, sourceHeight: layout.height, sourceStride: image.stride,
                                  toSource: Homography.translation(Double(target.originX), Double(target.originY)).then(toSource),
                                  target: targetBits, targetStride: Int(cairo_image_surface_get_stride(target.surface)),
                                  box: local, mask: UnsafePointer(maskBits), maskStride: Int(cairo_image_surface_get_stride(mask)),
                                  opaque: image.opaque)
    }

    /// Renders the subtree in the plane's own coordinates into a pooled buffer (the caller
    /// gives it back). An opaque background filling the whole image (the usual screen)
    /// overwrites every byte, so the image need not be cleared.
    func renderPlaneImage(_ node: DisplayNode, layout: PlaneLayout, toPlanePoints: Homography, outlineMasked: Bool) throws -> PlaneImage {
        let stride = layout.width * 4
        let buffer = planeBuffers.take(byteCount: stride * layout.height)
        var handedOver = false
        defer { if !handedOver { planeBuffers.give(buffer) } }
        let opaque = node.mask.isEmpty && Self.fillsLayout(node, layout, outlineMasked: outlineMasked)
        if !opaque { memset(buffer.baseAddress!, 0, stride * layout.height) }
        let offscreen = try RenderTarget.make(data: buffer.baseAddress!, stride: stride,
                                              rect: PixelRect(x0: 0, y0: 0, x1: layout.width, y1: layout.height))
        defer { offscreen.destroy() }
        let planeRenderer = FrameRenderer(list: list, cache: cache, planeBuffers: planeBuffers,
                                          width: layout.width, height: layout.height,
                                          toPixels: toPlanePoints.then(layout.fromPlane))
        planeRenderer.perspectiveMode = perspectiveMode
        planeRenderer.target = offscreen
        try planeRenderer.drawSubtree(node, layout.fromPlane, alpha: 1, outlineMasked: outlineMasked)
        cairo_surface_flush(offscreen.surface)
        if let mask = node.mask.first {
            cairo_surface_mark_dirty(offscreen.surface)
            try planeRenderer.applyMask(mask)
        }
        handedOver = true
        return PlaneImage(buffer: buffer, stride: stride, opaque: opaque)
    }

    /// The cut lines of a piece in target pixels: m = h⁻¹·l, so that a bounds-space value
    /// f = W · g(pixel), with W > 0 wherever the plane shows.
    static func pixelLines(_ cuts: [DepthCut], _ h: Homography) -> [(a: Double, b: Double, c: Double, positive: Bool)]? {
        guard let inv = h.inverted else { return nil }
        return cuts.map { cut in
            (inv.h11 * cut.a + inv.h12 * cut.b + inv.h13 * cut.c,
             inv.h21 * cut.a + inv.h22 * cut.b + inv.h23 * cut.c,
             inv.h31 * cut.a + inv.h32 * cut.b + inv.h33 * cut.c, cut.keepsPositive)
        }
    }

    /// `box` cut down to the bounding box of its part on the piece's side of every cut line
    /// (grown by a pixel; the mask decides the exact pixels), or nil when nothing is left.
    static func boxWithin(_ cuts: [DepthCut], _ h: Homography, box: PixelRect) -> PixelRect? {
        guard !box.isEmpty, let lines = pixelLines(cuts, h) else { return nil }
        var poly = [Point(x: Double(box.x0), y: Double(box.y0)), Point(x: Double(box.x1), y: Double(box.y0)),
                    Point(x: Double(box.x1), y: Double(box.y1)), Point(x: Double(box.x0), y: Double(box.y1))]
        for (a, b, c, positive) in lines {
            let s = positive ? 1.0 : -1.0
            var out: [Point] = []
            for i in poly.indices {
                let p = poly[i], q = poly[(i + 1) % poly.count]
                let fp = s * (a * p.x + b * p.y + c), fq = s * (a * q.x + b * q.y + c)
                if fp >= 0 { out.append(p) }
                if (fp >= 0) != (fq >= 0), fp.isFinite, fq.isFinite {
                    let t = fp / (fp - fq)
                    out.append(Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
                }
            }
            poly = out
            if poly.isEmpty { return nil }
        }
        let xs = poly.map(\.x), ys = poly.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(),
              [x0, x1, y0, y1].allSatisfy({ $0.isFinite }) else { return box }
        let r = PixelRect(x0: Int(x0.rounded(.down)) - 1, y0: Int(y0.rounded(.down)) - 1,
                          x1: Int(x1.rounded(.up)) + 1, y1: Int(y1.rounded(.up)) + 1).intersection(box)
        return r.isEmpty ? nil : r
    }

    /// Clears the mask outside a depth-sorted piece: a pixel belongs to the piece when its
    /// centre is on the piece's side of every cut line, decided with the same arithmetic for
    /// both pieces of a cut, so each pixel goes to exactly one (no anti-aliasing along a cut,
    /// hence no seam or fringe there). Along a row a line's value is linear, so each line
    /// keeps one run of the row: the pixels whose centres lie at or past where it crosses.
    static func applyDepthCuts(_ cuts: [DepthCut], _ h: Homography, to mask: UnsafeMutablePointer<UInt8>, stride: Int, box: PixelRect) {
        guard let lines = pixelLines(cuts, h) else {
            for y in 0 ..< box.height { memset(mask + y * stride, 0, box.width) }
            return
        }
        let w = box.width
        @inline(__always) func centre(_ i: Int) -> Double { Double(box.x0 + i) + 0.5 }
        for y in 0 ..< box.height {
            let py = Double(box.y0 + y) + 0.5
            var lo = 0, hi = w
            for (a, b, c, positive) in lines {
                let rest = b * py + c
                // Which pixels have g = a·x + rest ≥ 0 (the positive side): a run from `first`
                // to the row's end when a > 0, from its start up to `first` when a < 0.
                let crossing = -rest / a
                guard a != 0, crossing.isFinite else {
                    if (rest >= 0) != positive { lo = w }
                    continue
                }
                var first = min(max(Int((crossing - Double(box.x0) - 0.5).rounded(.up)), 0), w)
                while first > 0 && centre(first - 1) >= crossing { first -= 1 }
                while first < w && centre(first) < crossing { first += 1 }
                // Pixels first..<w have centre ≥ crossing.
                if (a > 0) == positive {
                    lo = max(lo, first)
                } else {
                    hi = min(hi, first)
                }
            }
            let row = mask + y * stride
            if lo >= hi {
                memset(row, 0, w)
            } else {
                if lo > 0 { memset(row, 0, lo) }
                if hi < w { memset(row + hi, 0, w - hi) }
            }
        }
    }

    /// Whether the plane root's own background covers every pixel of the offscreen image with
    /// full coverage: opaque, square (or rounded only by the outline mask) and reaching past
    /// the image's extent on every side.
    static func fillsLayout(_ node: DisplayNode, _ layout: PlaneLayout, outlineMasked: Bool) -> Bool {
        let b = node.bounds, s = layout.pixelsPerPoint
        guard node.content.backgroundColor.alpha >= 1, node.content.cornerRadius <= 0 || outlineMasked else { return false }
        return b.minX <= layout.originX && b.minY <= layout.originY
            && (b.maxX - layout.originX) * s >= Double(layout.width) && (b.maxY - layout.originY) * s >= Double(layout.height)
    }

    /// The plane region (plane points) the subtree of a plane's root draws into: the root's
    /// bounds (and any image overflowing them), its descendants' extents, cut by masksToBounds.
    /// `m` maps the node's bounds space to plane points (exactly the identity for the root),
    /// `toPlanePoints` canvas points to plane points. Nil when nothing is drawn.
    func planeRect(of node: DisplayNode, _ m: Homography, toPlanePoints: Homography, ownShadow: Bool = true) throws -> Rect? {
        guard Self.drawable(node) else { return nil }
        let b = node.bounds
        var own: Rect?
        if Self.hasArea(b) {
            own = Self.mappedBox(b, m)
            if let image = node.content.image, !node.content.clipsContentsToCorners,
               let key = TextureKey(content: node.content, canvasScale: scale, textureScale: scale) {
                let ir = ContentRenderer.imageExtent(key, image: try cache.image(image))
                let rect = Rect(x: b.minX + ir.minX, y: b.minY + ir.minY, width: ir.width, height: ir.height)
                if Self.hasArea(rect), let r = Self.mappedBox(rect, m) { own = own.map { Self.union($0, r) } ?? r }
            }
        }
        if let shape = Self.shapeRect(of: node), let r = Self.mappedBox(shape, m) {
            own = own.map { Self.union($0, r) } ?? r
        }
        if ownShadow, let (shadow, _) = try shadowGeometry(of: node), let r = Self.mappedBox(shadow, m) {
            own = own.map { Self.union($0, r) } ?? r
        }
        var children: Rect?
        for child in node.children {
            let childMap = PlaneGeometry.snappedToAffine(child.transform.planeHomography.then(toPlanePoints), over: child.bounds)
            guard let r = try planeRect(of: child, childMap, toPlanePoints: toPlanePoints) else { continue }
            children = children.map { Self.union($0, r) } ?? r
        }
        if node.masksToBounds, let c = children {
            children = Self.hasArea(b) ? Self.mappedBox(b, m).flatMap { Self.intersect(c, $0) } : nil
        }
        switch (own, children) {
        case let (o?, c?): return Self.union(o, c)
        case let (o?, nil): return o
        case let (nil, c?): return c
        default: return nil
        }
    }

    /// The plane points that can appear inside the clip box (grown by 2 pixels), when every
    /// clip-box corner sees the plane in front of the eye; nil (no limit) otherwise.
    func visiblePlaneRect(_ h: Homography) -> Rect? {
        guard let inverse = h.inverted else { return nil }
        let box = clipBox.intersection(target.canvasRect)
        let x0 = Double(box.x0 - 2), y0 = Double(box.y0 - 2), x1 = Double(box.x1 + 2), y1 = Double(box.y1 + 2)
        var lo = Point(x: Double.infinity, y: Double.infinity), hi = Point(x: -Double.infinity, y: -Double.infinity)
        for (x, y) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] {
            let p = inverse.apply(x: x, y: y)
            // Plane points in front of the eye come back with W > 0 (the plane map's W is positive there).
            guard p.w > 0 else { return nil }
            let px = p.x / p.w, py = p.y / p.w
            guard px.isFinite, py.isFinite else { return nil }
            lo.x = min(lo.x, px); lo.y = min(lo.y, py); hi.x = max(hi.x, px); hi.y = max(hi.y, py)
        }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// Bounding box of `r` mapped by `m`, cut at the near plane of `m` (relative maps of layers
    /// in the same plane are affine; those of nested 3D contexts may not be).
    static func mappedBox(_ r: Rect, _ m: Homography) -> Rect? {
        let pts: [Point]
        if m.isAffine {
            pts = r.corners.map { let q = m.apply(x: $0.x, y: $0.y); return Point(x: q.x / q.w, y: q.y / q.w) }
        } else {
            pts = PlaneGeometry.nearClipped(r.corners, m).map { Point(x: $0.x / $0.w, y: $0.y / $0.w) }
        }
        guard !pts.isEmpty, pts.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }

    static func union(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = min(a.minX, b.minX), y0 = min(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }

    static func intersect(_ a: Rect, _ b: Rect) -> Rect? {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        let x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
}
