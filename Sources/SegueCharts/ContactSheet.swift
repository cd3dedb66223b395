// SPDX-License-Identifier: Apache-2.0
import CCairo
import Foundation
import SegueGeometry
import SegueRaster

/// A contact sheet: frames of a scene in a grid, evenly spaced in time, each with its time
/// underneath and the scene's name on top. Used by `segue sheet` and the preset gallery.
public struct ContactSheet {
    public struct Cell {
        public var image: RasterImage
        public var label: String
        public init(image: RasterImage, label: String) { self.image = image; self.label = label }
    }

    public var cells: [Cell]
    public var columns: Int
    public var title: String?
    /// Space around and between frames, in pixels.
    public var padding = 12
    /// Height of the time label row under each frame, in pixels.
    public var labelHeight = 22
    public var background = RGBAColor(red: 0.96, green: 0.96, blue: 0.97, alpha: 1)

    public init(cells: [Cell], columns: Int, title: String? = nil) {
        self.cells = cells; self.columns = max(1, columns); self.title = title
    }

    /// The times of `count` frames evenly spaced from 0 to `duration` inclusive.
    public static func times(count: Int, duration: Double) -> [Double] {
        guard count > 1, duration > 0 else { return [0] }
        return (0 ..< count).map { duration * Double($0) / Double(count - 1) }
    }

    /// "0.24 s"
    public static func label(forTime t: Double) -> String { String(format: "%.2f s", t) }

    /// The sheet as opaque premultiplied BGRA pixels.
    public func render() throws -> RasterImage {
        guard let first = cells.first else { throw RasterError.drawingFailed(detail: "a contact sheet needs at least one frame") }
        let cw = first.image.width, ch = first.image.height
        let cols = min(columns, cells.count)
        let rows = (cells.count + cols - 1) / cols
        let titleHeight = title == nil ? 0 : 34
        let w = padding + cols * (cw + padding)
        let h = padding + titleHeight + rows * (ch + labelHeight + padding)
        return try PangoState.shared.lock.withLock {
            let typesetter = PlotTypesetter(scale: 1)
            let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(w)))
            let pixels = try [UInt8](unsafeUninitializedCapacity: stride * h) { buffer, count in
                let surface = cairo_image_surface_create_for_data(buffer.baseAddress!, CAIRO_FORMAT_ARGB32, Int32(w), Int32(h), Int32(stride))
                defer { cairo_surface_destroy(surface) }
                guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
                    throw RasterError.drawingFailed(detail: "could not create a \(w)×\(h) surface for the contact sheet")
                }
                let cr = cairo_create(surface)!
                defer { cairo_destroy(cr) }
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_set_source_rgba(cr, background.red, background.green, background.blue, 1)
                cairo_paint(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
                if let title {
                    typesetter.line(title, size: 17, weight: 600)
                        .draw(in: cr, context: typesetter, x: Double(padding), y: Double(padding) + 4, color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 1))
                }
                for (i, cell) in cells.enumerated() {
                    let x = padding + (i % cols) * (cw + padding)
                    let y = padding + titleHeight + (i / cols) * (ch + labelHeight + padding)
                    var frame = cell.image.pixels
                    try frame.withUnsafeMutableBufferPointer { px in
                        let src = cairo_image_surface_create_for_data(px.baseAddress!, CAIRO_FORMAT_ARGB32, Int32(cell.image.width),
                                                                      Int32(cell.image.height), Int32(cell.image.bytesPerRow))
                        defer { cairo_surface_destroy(src) }
                        guard cairo_surface_status(src) == CAIRO_STATUS_SUCCESS else {
                            throw RasterError.drawingFailed(detail: "could not wrap frame \(i) for the contact sheet")
                        }
                        cairo_set_source_surface(cr, src, Double(x), Double(y))
                        cairo_paint(cr)
                    }
                    // A hairline frame so light screens stand out from the sheet.
                    cairo_set_source_rgba(cr, 0.78, 0.78, 0.8, 1)
                    cairo_set_line_width(cr, 1)
                    cairo_rectangle(cr, Double(x) - 0.5, Double(y) - 0.5, Double(cw) + 1, Double(ch) + 1)
                    cairo_stroke(cr)
                    let text = typesetter.line(cell.label, size: 13, weight: 500)
                    text.draw(in: cr, context: typesetter, x: Double(x) + (Double(cw) - text.width) / 2, y: Double(y + ch) + 3,
                              color: RGBAColor(red: 0.24, green: 0.24, blue: 0.26, alpha: 1))
                }
                let status = cairo_status(cr)
                guard status == CAIRO_STATUS_SUCCESS else { throw RasterError.drawingFailed(detail: String(cString: cairo_status_to_string(status))) }
                cairo_surface_flush(surface)
                count = stride * h
            }
            return RasterImage(width: w, height: h, bytesPerRow: stride, pixels: pixels)
        }
    }
}

extension ContactSheet {
    /// How many times larger than a thumbnail to render a frame before shrinking it: enough
    /// for about 2 pixels per point (Retina text), at most 4×, and 1× when the thumbnail is
    /// already that sharp. At the gallery's 0.4 px/pt that is 4× (1.6 px/pt).
    public static func supersampling(forScale scale: Double) -> Int {
        guard scale > 0 else { return 1 }
        return max(1, min(4, Int((2 / scale - 1e-9).rounded(.up))))
    }
}
