// SPDX-License-Identifier: Apache-2.0
import SegueDisplayList
import SegueGeometry
import SegueScene
import CCairo
import Foundation

// CAGradientLayer drawing: the gradient fills the layer's shape (its bounds rounded by
// cornerRadius, as the background is) above the background and below contents and sublayers.
// Axial and radial gradients are Cairo patterns in the layer's own points (pad-extended: past
// the end points the end colours continue, as Core Graphics' extend options draw them);
// conic gradients, which Cairo lacks, are computed pixel by pixel from the same parameter.

extension FrameRenderer {
    /// Fills the node's gradient through the affine map `h` (bounds space → target pixels).
    func drawGradient(_ node: DisplayNode, _ h: Homography, alpha: Double, magnification: Double, outerRadius: Double) throws {
        guard let gradient = node.gradient, gradient.isVisible, h.isAffine, alpha > 0 else { return }
        let b = node.bounds
        let poly = projectedRoundedRect(b, radius: outerRadius, h: h, magnification: magnification, style: node.content.cornerStyle)
        guard poly.count >= 3 else { return }
        let stops = gradient.stops
        let size = b.size
        let cr = makeContext()
        defer { cairo_destroy(cr) }
        addPath(cr, poly)
        if gradient.type == .conic {
            cairo_clip(cr)
            try fillConic(gradient, cr: cr, bounds: b, h: h, polygon: poly, alpha: alpha)
            return
        }
        var m = cairo_matrix_t(xx: h.h11 / h.h33, yx: h.h12 / h.h33, xy: h.h21 / h.h33, yy: h.h22 / h.h33,
                               x0: h.h31 / h.h33, y0: h.h32 / h.h33)
        guard [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0].allSatisfy({ $0.isFinite }) else { return }
        cairo_transform(cr, &m)
        let sx = b.minX + gradient.startPoint.x * size.width, sy = b.minY + gradient.startPoint.y * size.height
        let ex = b.minX + gradient.endPoint.x * size.width, ey = b.minY + gradient.endPoint.y * size.height
        let pattern: OpaquePointer
        var stopOffsets = stops.map(\.location)
        switch gradient.type {
        case .axial:
            pattern = cairo_pattern_create_linear(sx, sy, ex, ey)
        default:
            let rx = abs(ex - sx), ry = abs(ey - sy)
            pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
            if rx > 0 && ry > 0 {
                var pm = cairo_matrix_t(xx: 1 / rx, yx: 0, xy: 0, yy: 1 / ry, x0: -sx / rx, y0: -sy / ry)
                cairo_pattern_set_matrix(pattern, &pm)
            } else {
                // A flat ellipse: everything lies beyond it, in the last colour.
                stopOffsets = stopOffsets.map { _ in 0 }
            }
        }
        defer { cairo_pattern_destroy(pattern) }
        // Cairo pads with its first and last stops; locations below 0 or above 1 are clamped by
        // Core Graphics too (they are limited to 0…1 in scenes).
        for (offset, stop) in zip(stopOffsets, stops) {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, clamp01(offset), clamp01(c.red), clamp01(c.green), clamp01(c.blue), clamp01(c.alpha))
        }
        if stops.count == 1 {
            let c = stops[0].color
            cairo_pattern_add_color_stop_rgba(pattern, 1, clamp01(c.red), clamp01(c.green), clamp01(c.blue), clamp01(c.alpha))
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        if alpha < 1 {
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, clamp01(alpha))
        } else {
            cairo_fill(cr)
        }
    }

    /// A conic gradient, computed at each pixel centre of the shape's box from the layer point
    /// there, then painted through the clip already set on `cr`.
    private func fillConic(_ gradient: GradientSpec, cr: OpaquePointer, bounds b: Rect, h: Homography, polygon: [Point],
                           alpha: Double) throws {
        guard let inverse = h.inverted, let box0 = PixelRect(enclosing: polygon) else { return }
        let box = box0.intersection(clipBox).intersection(target.canvasRect)
        guard !box.isEmpty else { return }
        let w = box.width, hgt = box.height
        let stride = w * 4
        let buffer = planeBuffers.take(byteCount: stride * hgt)
        defer { planeBuffers.give(buffer) }
        let lut = GradientTable(gradient)
        let pixels = buffer.baseAddress!.assumingMemoryBound(to: UInt32.self)
        let size = b.size
        for y in 0 ..< hgt {
            let row = pixels + y * w
            let py = Double(box.y0 + y) + 0.5
            for x in 0 ..< w {
                let px = Double(box.x0 + x) + 0.5
                let q = inverse.apply(x: px, y: py)
                let p = Point(x: q.x / q.w - b.minX, y: q.y / q.w - b.minY)
                row[x] = lut.pixel(at: gradient.parameter(at: p, size: size))
            }
        }
        let image = try RenderTarget.make(data: buffer.baseAddress!, stride: stride, rect: PixelRect(x0: 0, y0: 0, x1: w, y1: hgt))
        defer { image.destroy() }
        cairo_surface_mark_dirty(image.surface)
        cairo_set_source_surface(cr, image.surface, Double(box.x0), Double(box.y0))
        cairo_paint_with_alpha(cr, clamp01(alpha))
    }
}

/// A gradient's colours at 4096 evenly spaced parameters from 0 to 1, as premultiplied
/// ARGB32 words (what a conic gradient's pixels take).
struct GradientTable {
    static let steps = 4096
    let words: [UInt32]
    init(_ gradient: GradientSpec) {
        words = (0 ... Self.steps).map { i in
            let c = gradient.color(at: Double(i) / Double(Self.steps))
            let a = clamp01(c.alpha)
            func byte(_ v: Double) -> UInt32 { UInt32((clamp01(v) * 255).rounded()) }
            return byte(a) << 24 | byte(c.red * a) << 16 | byte(c.green * a) << 8 | byte(c.blue * a)
        }
    }
    func pixel(at t: Double) -> UInt32 {
        guard t.isFinite else { return words[words.count - 1] }
        return words[Int((min(max(t, 0), 1) * Double(Self.steps)).rounded())]
    }
}
