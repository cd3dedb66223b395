// SPDX-License-Identifier: Apache-2.0
import CCairo
import Foundation
import SegueGeometry
import SegueRaster

/// An opaque drawing surface for report images (segue diff / segue test: side-by-side frames,
/// contact sheets, filmstrips), drawn with Cairo and its text with Pango in the fonts scenes
/// and plots use, so reports have no drawing code of their own.
public final class ReportCanvas {
    public let width: Int, height: Int
    private let stride: Int
    private var pixels: [UInt8]

    public init(width: Int, height: Int, background: RGBAColor) {
        self.width = max(1, width); self.height = max(1, height)
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(self.width)))
        pixels = [UInt8](repeating: 255, count: stride * self.height)
        fill(x: 0, y: 0, width: self.width, height: self.height, color: background)
    }

    /// Runs `body` with a Cairo context on the pixels (nothing is drawn if Cairo refuses the surface).
    private func draw(_ body: (OpaquePointer) -> Void) {
        let (w, h, s) = (width, height, stride)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let surface = cairo_image_surface_create_for_data(buffer.baseAddress!, CAIRO_FORMAT_ARGB32, Int32(w), Int32(h), Int32(s))
            defer { cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return }
            defer { cairo_destroy(cr) }
            body(cr)
            cairo_surface_flush(surface)
        }
    }

    public func fill(x: Int, y: Int, width w: Int, height h: Int, color: RGBAColor) {
        draw { cr in
            cairo_set_source_rgba(cr, clamp01(color.red), clamp01(color.green), clamp01(color.blue), clamp01(color.alpha))
            cairo_rectangle(cr, Double(x), Double(y), Double(w), Double(h))
            cairo_fill(cr)
        }
    }

    /// Draws `image` (premultiplied BGRA) at its own size with its top-left corner at (x, y),
    /// over what is there.
    public func draw(_ image: RasterImage, x: Int, y: Int) {
        var source = image.pixels
        draw { cr in
            source.withUnsafeMutableBufferPointer { px in
                let src = cairo_image_surface_create_for_data(px.baseAddress!, CAIRO_FORMAT_ARGB32, Int32(image.width),
                                                              Int32(image.height), Int32(image.bytesPerRow))
                defer { cairo_surface_destroy(src) }
                guard cairo_surface_status(src) == CAIRO_STATUS_SUCCESS else { return }
                cairo_set_source_surface(cr, src, Double(x), Double(y))
                cairo_paint(cr)
            }
        }
    }

    /// The width of one line of `text` in pixels.
    public static func textWidth(_ text: String, size: Double, weight: Int = 400) -> Double {
        PangoState.shared.lock.withLock { PlotTypesetter(scale: 1).line(text, size: size, weight: weight).width }
    }

    /// The height of a line of text at `size`.
    public static func lineHeight(size: Double) -> Double {
        PangoState.shared.lock.withLock { PlotTypesetter(scale: 1).line("Ag", size: size).height }
    }

    /// `text`, shortened with "…" until it is at most `maxWidth` pixels wide.
    public static func fitting(_ text: String, maxWidth: Double, size: Double, weight: Int = 400) -> String {
        var t = text
        while t.count > 1 && textWidth(t, size: size, weight: weight) > maxWidth { t = String(t.dropLast(2)) + "…" }
        return t
    }

    /// One line of `text` with its top-left corner at (x, y).
    public func text(_ text: String, x: Double, y: Double, size: Double, weight: Int = 400, color: RGBAColor) {
        PangoState.shared.lock.withLock {
            let typesetter = PlotTypesetter(scale: 1)
            let line = typesetter.line(text, size: size, weight: weight)
            draw { cr in line.draw(in: cr, context: typesetter, x: x, y: y, color: color) }
        }
    }

    /// The canvas as premultiplied BGRA (opaque).
    public var image: RasterImage { RasterImage(width: width, height: height, bytesPerRow: stride, pixels: pixels) }
}
