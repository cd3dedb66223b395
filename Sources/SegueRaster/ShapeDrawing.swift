// SPDX-License-Identifier: Apache-2.0
import SegueDisplayList
import SegueGeometry
import SegueScene
import CCairo
import Foundation

// CAShapeLayer drawing: the path filled (whole, whatever strokeStart/strokeEnd say), then the
// part of its length from strokeStart to strokeEnd stroked, both in the layer's own points
// (line widths and dash lengths too), above the background and below the sublayers.

extension FrameRenderer {
    /// The shape's extent in the layer's bounds space (the path's control box grown by the
    /// stroke, with room for miter joins), or nil when it draws nothing.
    static func shapeRect(of node: DisplayNode) -> Rect? {
        guard let shape = node.shape, let path = shape.path, let box = path.controlBounds else { return nil }
        let strokes = shape.strokeColor.alpha > 0 && shape.lineWidth > 0 && shape.strokeEnd > shape.strokeStart
        guard strokes || shape.fillColor.alpha > 0 else { return nil }
        let grow = strokes ? shape.lineWidth / 2 * max(shape.lineJoin == .miter ? shape.miterLimit : 1, 1.5) + 1 : 1
        return Rect(x: box.minX - grow, y: box.minY - grow, width: box.width + 2 * grow, height: box.height + 2 * grow)
    }

    /// Fills and strokes the node's shape through the affine map `h` (bounds space → target pixels).
    func drawShape(_ node: DisplayNode, _ h: Homography, alpha: Double, magnification: Double) {
        guard let shape = node.shape, let path = shape.path, h.isAffine, alpha > 0 else { return }
        let cr = makeContext()
        defer { cairo_destroy(cr) }
        var m = cairo_matrix_t(xx: h.h11 / h.h33, yx: h.h12 / h.h33, xy: h.h21 / h.h33, yy: h.h22 / h.h33,
                               x0: h.h31 / h.h33, y0: h.h32 / h.h33)
        guard [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0].allSatisfy({ $0.isFinite }) else { return }
        // On top of the target's origin offset that makeContext set (groups start anywhere).
        cairo_transform(cr, &m)
        if shape.fillColor.alpha > 0 {
            PathDrawing.add(path, to: cr)
            cairo_set_fill_rule(cr, shape.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            let c = shape.fillColor
            cairo_set_source_rgba(cr, clamp01(c.red), clamp01(c.green), clamp01(c.blue), clamp01(c.alpha) * clamp01(alpha))
            cairo_fill(cr)
        }
        let start = min(max(shape.strokeStart, 0), 1), end = min(max(shape.strokeEnd, 0), 1)
        guard shape.strokeColor.alpha > 0, shape.lineWidth > 0, shape.lineWidth.isFinite, end > start else { return }
        cairo_new_path(cr)
        if start <= 0 && end >= 1 {
            PathDrawing.add(path, to: cr)
        } else {
            // Trim along the length of the path flattened finer than a tenth of a pixel.
            let lines = path.polylines(tolerance: 0.1 / max(magnification, 1e-3))
            let total = ScenePath.length(of: lines)
            for piece in ScenePath.trimmed(lines, from: start * total, to: end * total) where piece.count >= 2 {
                cairo_move_to(cr, piece[0].x, piece[0].y)
                for p in piece.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            }
        }
        cairo_set_line_width(cr, shape.lineWidth)
        cairo_set_line_cap(cr, shape.lineCap == .round ? CAIRO_LINE_CAP_ROUND : shape.lineCap == .square ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, shape.lineJoin == .round ? CAIRO_LINE_JOIN_ROUND : shape.lineJoin == .bevel ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(cr, shape.miterLimit)
        if shape.lineDashPattern.contains(where: { $0 > 0 }) {
            // An odd-length pattern repeats twice over, as in Core Graphics and SVG.
            let pattern = shape.lineDashPattern.count % 2 == 1 ? shape.lineDashPattern + shape.lineDashPattern : shape.lineDashPattern
            pattern.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), shape.lineDashPhase) }
        }
        let c = shape.strokeColor
        cairo_set_source_rgba(cr, clamp01(c.red), clamp01(c.green), clamp01(c.blue), clamp01(c.alpha) * clamp01(alpha))
        cairo_stroke(cr)
    }
}
