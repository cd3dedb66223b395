// SPDX-License-Identifier: Apache-2.0
import CCairo
import Foundation

extension RasterImage {
    /// The image shrunk to `width` × `height` by Cairo with its GOOD filter, which for shrinking
    /// is an area-average (box) filter: each output pixel is the mean of the source pixels it
    /// covers, partly covered ones weighted by the part covered, in premultiplied BGRA (so edges
    /// against transparency stay right); pixman applies Cairo's weights in fixed point, so a
    /// mean may be one step of 255 off. Used for contact-sheet thumbnails of frames rendered
    /// larger (text reads like a shrunken screenshot) and for the thumbnails of diff reports.
    public func downsampled(width dw: Int, height dh: Int) -> RasterImage {
        precondition(dw > 0 && dh > 0, "an empty image")
        if dw == width && dh == height { return self }
        var source = pixels
        var out = [UInt8](repeating: 0, count: dw * dh * 4)
        let (w, h, stride) = (width, height, bytesPerRow)
        source.withUnsafeMutableBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let from = cairo_image_surface_create_for_data(src.baseAddress!, CAIRO_FORMAT_ARGB32, Int32(w), Int32(h), Int32(stride))
                let to = cairo_image_surface_create_for_data(dst.baseAddress!, CAIRO_FORMAT_ARGB32, Int32(dw), Int32(dh), Int32(dw * 4))
                defer { cairo_surface_destroy(from); cairo_surface_destroy(to) }
                guard cairo_surface_status(from) == CAIRO_STATUS_SUCCESS, cairo_surface_status(to) == CAIRO_STATUS_SUCCESS,
                      let cr = cairo_create(to) else { return }
                defer { cairo_destroy(cr) }
                cairo_scale(cr, Double(dw) / Double(w), Double(dh) / Double(h))
                cairo_set_source_surface(cr, from, 0, 0)
                let pattern = cairo_get_source(cr)
                cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_paint(cr)
                cairo_surface_flush(to)
            }
        }
        return RasterImage(width: dw, height: dh, bytesPerRow: dw * 4, pixels: out)
    }
}
