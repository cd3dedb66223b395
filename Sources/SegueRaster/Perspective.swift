// SPDX-License-Identifier: Apache-2.0
import CCairo
import Foundation
import SegueGeometry

/// How a texture under perspective is resampled by pixman. Both compose through the same
/// anti-aliased A8 mask of the projected quad and the ancestor clips; `PerspectiveSamplingTests`
/// measures their accuracy against the exact map.
enum PerspectiveMode: Sendable {
    /// The default. Each destination tile (≤ 128 px, split until accurate) gets the affine map
    /// closest to the exact projective one, checked to stay within
    /// `PerspectiveDrawing.tolerance` texels at nine points; pixman then runs its affine
    /// bilinear fetcher, about twice as fast as its projective one. Tiles where no affine map
    /// is close enough even at 8 px (next to the eye plane) use the projective transform.
    case tiledAffine
    /// pixman's projective transform (`pixman_image_set_transform` with the inverse map,
    /// bilinear, PIXMAN_REPEAT_PAD) on 128-px tiles, each matrix re-origined at its tile and
    /// scaled so its 16.16 entries keep ~10⁻⁶ relative precision without overflowing.
    case projective
}

enum PerspectiveDrawing {
    /// Largest allowed difference (texels) between the affine tile map and the exact map.
    /// The rule: keep the total error (with pixman's 7-bit bilinear weights and truncation) near
    /// a tenth of a texel. Lower doubles the tiles for no visible gain; higher saves little time
    /// (docs/performance.md).
    static let tolerance = 0.06
    static let maxTile = 128
    static let minTile = 8
    /// Row-start values pixman computes must fit 16.16 fixed point with room to spare.
    static let fixedLimit = 30000.0

    /// 16.16 fixed point. Callers keep values inside ±30000; the clamp only guards against traps.
    @inline(__always) static func fixed(_ v: Double) -> pixman_fixed_t {
        let s = (v * 65536).rounded()
        guard s.isFinite else { return 0 }
        return pixman_fixed_t(min(max(s, -2_147_483_648), 2_147_483_647))
    }

    /// pixman's transform from a row-vector homography (pixman multiplies column vectors).
    static func pixmanTransform(_ g: Homography) -> pixman_transform_t {
        var t = pixman_transform_t()
        t.matrix.0 = (fixed(g.h11), fixed(g.h21), fixed(g.h31))
        t.matrix.1 = (fixed(g.h12), fixed(g.h22), fixed(g.h32))
        t.matrix.2 = (fixed(g.h13), fixed(g.h23), fixed(g.h33))
        return t
    }

    /// How well one affine map stands in for the projective map over a tile.
    enum TileFit {
        /// Close enough everywhere in the tile.
        case affine(Homography)
        /// Too far off: halve the tile along x, y or both (the axes along which the map bends).
        case split(alongX: Bool, alongY: Bool)
        /// W is not positive at a corner, or the values do not fit pixman's fixed point.
        case unusable
    }

    /// The best affine stand-in for the projective map `g` over pixel centres of a w×h tile
    /// (local coordinates 0.5 … w − 0.5), within `tolerance` texels. A failed fit says along which destination axes the map bends, so a plane turning about
    /// one axis is cut into strips rather than ever smaller squares.
    static func fitAffine(_ g: Homography, width w: Int, height h: Int, tolerance: Double) -> TileFit {
        let xs = [0.5, Double(w) / 2, Double(w) - 0.5], ys = [0.5, Double(h) / 2, Double(h) - 0.5]
        let cx = xs[1], cy = ys[1]
        for x in [xs[0], xs[2]] {
            for y in [ys[0], ys[2]] where g.apply(x: x, y: y).w <= 0 { return .unusable }
        }
        let c = g.apply(x: cx, y: cy)
        let cu = c.x / c.w, cv = c.y / c.w
        let w2 = c.w * c.w
        let dudx = (g.h11 * c.w - c.x * g.h13) / w2, dudy = (g.h21 * c.w - c.x * g.h23) / w2
        let dvdx = (g.h12 * c.w - c.y * g.h13) / w2, dvdy = (g.h22 * c.w - c.y * g.h23) / w2
        let tolU = tolerance, tolV = tolerance
        var loU = 0.0, hiU = 0.0, loV = 0.0, hiV = 0.0
        var eu = [[Double]](repeating: [0, 0, 0], count: 3), ev = eu
        for (i, x) in xs.enumerated() {
            for (j, y) in ys.enumerated() {
                let q = g.apply(x: x, y: y)
                let du = q.x / q.w - (cu + dudx * (x - cx) + dudy * (y - cy))
                let dv = q.y / q.w - (cv + dvdx * (x - cx) + dvdy * (y - cy))
                guard du.isFinite, dv.isFinite else { return .unusable }
                eu[i][j] = du; ev[i][j] = dv
                loU = min(loU, du); hiU = max(hiU, du); loV = min(loV, dv); hiV = max(hiV, dv)
            }
        }
        guard (hiU - loU) / 2 <= tolU, (hiV - loV) / 2 <= tolV else {
            // Bending along x: the ends of the middle row off the line through its centre.
            let bendX = max(abs(eu[0][1] + eu[2][1]) / tolU, abs(ev[0][1] + ev[2][1]) / tolV)
            let bendY = max(abs(eu[1][0] + eu[1][2]) / tolU, abs(ev[1][0] + ev[1][2]) / tolV)
            // Halving an axis quarters its bend, so an axis bending a quarter as much is left whole.
            return .split(alongX: bendX >= bendY / 4, alongY: bendY >= bendX / 4)
        }
        let ou = (loU + hiU) / 2, ov = (loV + hiV) / 2
        let a = Homography(h11: dudx, h12: dvdx, h13: 0,
                           h21: dudy, h22: dvdy, h23: 0,
                           h31: cu - dudx * cx - dudy * cy + ou, h32: cv - dvdx * cx - dvdy * cy + ov, h33: 1)
        // Every value pixman forms at a row start (and the entries) must fit 16.16.
        for x in [0.0, Double(w)] {
            for y in [0.0, Double(h)] {
                let p = a.apply(x: x, y: y)
                guard abs(p.x) < fixedLimit, abs(p.y) < fixedLimit else { return .unusable }
            }
        }
        guard [a.h11, a.h12, a.h21, a.h22].allSatisfy({ abs($0) < fixedLimit }) else { return .unusable }
        return .affine(a)
    }

    /// `g` scaled so the largest homogeneous value at the tile's corners is about 2^14: large
    /// enough that the 16.16 entries keep ~10⁻⁶ relative precision, small enough that pixman's
    /// row-start values cannot overflow. Nil when the map is unusable here.
    static func conditioned(_ g: Homography, width w: Int, height h: Int) -> Homography? {
        var biggest = 0.0
        for x in [0.0, Double(w)] {
            for y in [0.0, Double(h)] {
                let p = g.apply(x: x, y: y)
                biggest = max(biggest, abs(p.x), abs(p.y), abs(p.w))
            }
        }
        guard biggest.isFinite, biggest > 0 else { return nil }
        let k = 16384 / biggest
        let s = Homography(h11: g.h11 * k, h12: g.h12 * k, h13: g.h13 * k,
                           h21: g.h21 * k, h22: g.h22 * k, h23: g.h23 * k,
                           h31: g.h31 * k, h32: g.h32 * k, h33: g.h33 * k)
        let entries = [s.h11, s.h12, s.h13, s.h21, s.h22, s.h23, s.h31, s.h32, s.h33]
        guard entries.allSatisfy({ $0.isFinite && abs($0) < fixedLimit }) else { return nil }
        return s
    }
}

extension FrameRenderer {
    /// Draws a texture under a projective map (texture pixels → canvas pixels) through an
    /// anti-aliased A8 mask of `polygon` (its projected, near-clipped quad) and the ancestor
    /// clips, rendered over the polygon's bounding box. Nothing outside the mask is touched.
    func drawProjective(_ texture: Texture, map: Homography, polygon: [Point], alpha: Double) {
        guard let source = texture.pixels.makePixmanImage() else { return }
        defer { pixman_image_unref(source) }
        compositeProjective(source, map: map, polygon: polygon, alpha: alpha, antialias: true)
    }

    /// An A8 surface over `box` (canvas pixels) holding the coverage of `polygon` (anti-aliased
    /// unless `antialias` is false) and the ancestor clips, times `alpha`; nil if Cairo fails.
    func makeMask(_ polygon: [Point], box: PixelRect, alpha: Double, antialias: Bool) -> OpaquePointer? {
        let maskSurface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(box.width), Int32(box.height))!
        guard cairo_surface_status(maskSurface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(maskSurface)
            return nil
        }
        let cr = cairo_create(maskSurface)!
        cairo_translate(cr, Double(-box.x0), Double(-box.y0))
        for clip in clips {
            addPath(cr, clip)
            cairo_clip(cr)
        }
        if !antialias { cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE) }
        addPath(cr, polygon)
        cairo_set_source_rgba(cr, 0, 0, 0, clamp01(alpha))
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(maskSurface)
        return maskSurface
    }

    /// Composites a premultiplied ARGB32 pixman image under a projective map (source pixels →
    /// target pixels) through one mask: `polygon` (projected, near-clipped), anti-aliased unless
    /// `antialias` is false, and the ancestor clips, times `alpha`. The source's edge texels
    /// are extended outwards, so the mask alone decides coverage along the outline. Tiles well
    /// inside the polygon skip the mask (its value is 255 there: the same bytes, less work).
    func compositeProjective(_ source: OpaquePointer, map: Homography, polygon: [Point], alpha: Double, antialias: Bool) {
        guard let inverse = map.inverted, let polyBox = PixelRect(enclosing: polygon) else { return }
        let box = polyBox.intersection(clipBox).intersection(target.canvasRect)
        guard !box.isEmpty, let maskSurface = makeMask(polygon, box: box, alpha: alpha, antialias: antialias) else { return }
        defer { cairo_surface_destroy(maskSurface) }
        guard let maskBits = cairo_image_surface_get_data(maskSurface),
              let mask = pixman_image_create_bits(PIXMAN_a8, Int32(box.width), Int32(box.height),
                                                  UnsafeMutableRawPointer(maskBits).assumingMemoryBound(to: UInt32.self),
                                                  cairo_image_surface_get_stride(maskSurface)) else { return }
        defer { pixman_image_unref(mask) }
        cairo_surface_flush(target.surface)
        defer { cairo_surface_mark_dirty(target.surface) }

        pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(source, PIXMAN_REPEAT_PAD)

        let mode = perspectiveMode
        let dst = target.pixman, ox = target.originX, oy = target.originY
        let unclipped = clips.isEmpty && alpha >= 1
        func composite(_ g: Homography, _ x0: Int, _ y0: Int, _ w: Int, _ h: Int) {
            var t = PerspectiveDrawing.pixmanTransform(g)
            pixman_image_set_transform(source, &t)
            if unclipped, PlaneGeometry.convexPolygon(polygon, contains: (Double(x0 - 1), Double(y0 - 1), Double(x0 + w + 1), Double(y0 + h + 1))) {
                pixman_image_composite32(PIXMAN_OP_OVER, source, nil, dst, 0, 0, 0, 0,
                                         Int32(x0 - ox), Int32(y0 - oy), Int32(w), Int32(h))
                return
            }
            // Source coordinates are tile-local (src 0, 0); the mask and destination are offset.
            pixman_image_composite32(PIXMAN_OP_OVER, source, mask, dst, 0, 0,
                                     Int32(x0 - box.x0), Int32(y0 - box.y0),
                                     Int32(x0 - ox), Int32(y0 - oy), Int32(w), Int32(h))
        }
        func tile(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
            guard PlaneGeometry.convexPolygon(polygon, mayTouch: (Double(x0), Double(y0), Double(x1), Double(y1))) else { return }
            let w = x1 - x0, h = y1 - y0
            // Tile-local pixel coordinates → canvas pixels → texture pixels.
            let g = Homography.translation(Double(x0), Double(y0)).then(inverse)
            if mode == .tiledAffine {
                let fit = PerspectiveDrawing.fitAffine(g, width: w, height: h, tolerance: PerspectiveDrawing.tolerance)
                var splitX = false, splitY = false
                switch fit {
                case let .affine(a):
                    composite(a, x0, y0, w, h)
                    return
                case let .split(alongX, alongY):
                    splitX = alongX && w > PerspectiveDrawing.minTile
                    splitY = alongY && h > PerspectiveDrawing.minTile
                    // The bending axis is already at the smallest tile: try the other one.
                    if !splitX && !splitY {
                        splitX = w > PerspectiveDrawing.minTile && !alongX
                        splitY = h > PerspectiveDrawing.minTile && !alongY
                    }
                case .unusable:
                    splitX = w > PerspectiveDrawing.minTile
                    splitY = h > PerspectiveDrawing.minTile
                }
                if splitX || splitY {
                    let mx = splitX ? x0 + w / 2 : x1
                    let my = splitY ? y0 + h / 2 : y1
                    tile(x0, y0, mx, my)
                    if mx < x1 { tile(mx, y0, x1, my) }
                    if my < y1 { tile(x0, my, mx, y1) }
                    if mx < x1 && my < y1 { tile(mx, my, x1, y1) }
                    return
                }
            }
            if let p = PerspectiveDrawing.conditioned(g, width: w, height: h) {
                composite(p, x0, y0, w, h)
            }
        }
        // A fixed grid in canvas pixels, so tiling never depends on the target.
        let step = PerspectiveDrawing.maxTile
        var ty = (box.y0 / step) * step
        while ty < box.y1 {
            var tx = (box.x0 / step) * step
            while tx < box.x1 {
                tile(max(tx, box.x0), max(ty, box.y0), min(tx + step, box.x1), min(ty + step, box.y1))
                tx += step
            }
            ty += step
        }
    }
}
