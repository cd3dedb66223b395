// SPDX-License-Identifier: Apache-2.0
import SegueDisplayList
import SegueGeometry
import SegueScene
import CCairo
import Foundation

// CALayer.mask: another layer, placed in the masked layer's bounds space, whose alpha (from its
// background, contents, path, sublayers) multiplies everything the masked layer draws.

extension FrameRenderer {
    /// Multiplies `group` (this renderer's current target) by the alpha of `mask` drawn with the
    /// same pixel mapping. A mask that draws nothing leaves nothing.
    func applyMask(_ mask: DisplayNode) throws {
        let group = target!
        let maskTarget = try RenderTarget.make(data: nil, stride: 0, rect: group.canvasRect)
        defer { maskTarget.destroy() }
        let renderer = FrameRenderer(list: list, cache: cache, planeBuffers: planeBuffers, width: width, height: height,
                                     toPixels: toPixels)
        renderer.perspectiveMode = perspectiveMode
        renderer.target = maskTarget
        renderer.clipBox = group.canvasRect
        try renderer.draw(mask)
        cairo_surface_flush(maskTarget.surface)
        cairo_surface_mark_dirty(maskTarget.surface)
        let cr = cairo_create(group.surface)!
        cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
        cairo_set_source_surface(cr, maskTarget.surface, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(group.surface)
    }
}
