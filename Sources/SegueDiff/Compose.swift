import SegueEncode

/// An opaque RGBA drawing surface for report images (side-by-side frames, contact sheets),
/// in plain Swift: this stage does not see Cairo.
struct Surface {
    typealias Color = (r: UInt8, g: UInt8, b: UInt8)
    static let background: Color = (38, 38, 42)
    static let panel: Color = (92, 92, 98)
    static let ink: Color = (236, 236, 240)
    static let alert: Color = (255, 92, 80)

    let width: Int, height: Int
    private(set) var pixels: [UInt8]

    init(width: Int, height: Int, color: Color = Surface.background) {
        self.width = max(1, width); self.height = max(1, height)
        pixels = [UInt8](repeating: 255, count: self.width * self.height * 4)
        fill(x: 0, y: 0, width: self.width, height: self.height, color: color)
    }

    var frame: RGBAFrame { RGBAFrame(width: width, height: height, pixels: pixels) }

    mutating func fill(x: Int, y: Int, width w: Int, height h: Int, color: Color) {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        for yy in y0 ..< y1 {
            var i = (yy * width + x0) * 4
            for _ in x0 ..< x1 {
                pixels[i] = color.r; pixels[i + 1] = color.g; pixels[i + 2] = color.b; pixels[i + 3] = 255
                i += 4
            }
        }
    }

    /// Draws `image` with its top-left corner at (x, y), blending translucent pixels over what
    /// is there; parts outside the surface are clipped.
    mutating func draw(_ image: RGBAFrame, x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + image.width), y1 = min(height, y + image.height)
        guard x0 < x1, y0 < y1 else { return }
        image.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for yy in y0 ..< y1 {
                    for xx in x0 ..< x1 {
                        let s = ((yy - y) * image.width + (xx - x)) * 4, d = (yy * width + xx) * 4
                        let a = Int(src[s + 3])
                        if a == 255 {
                            dst[d] = src[s]; dst[d + 1] = src[s + 1]; dst[d + 2] = src[s + 2]
                        } else if a > 0 {
                            for c in 0 ..< 3 {
                                dst[d + c] = UInt8((Int(src[s + c]) * a + Int(dst[d + c]) * (255 - a) + 127) / 255)
                            }
                        }
                        dst[d + 3] = 255
                    }
                }
            }
        }
    }

    /// Draws `text` in the pixel font with its top-left corner at (x, y).
    mutating func text(_ text: String, x: Int, y: Int, scale: Int = 2, color: Color = Surface.ink) {
        var cx = x
        for ch in text {
            let rows = PixelFont.rows(for: ch)
            for (ry, bits) in rows.enumerated() {
                for rx in 0 ..< PixelFont.glyphWidth where bits & (1 << (PixelFont.glyphWidth - 1 - rx)) != 0 {
                    fill(x: cx + rx * scale, y: y + ry * scale, width: scale, height: scale, color: color)
                }
            }
            cx += PixelFont.advance * scale
        }
    }

    /// `text`, shortened with "…"-like ".." until it fits `maxWidth`.
    static func fitting(_ text: String, maxWidth: Int, scale: Int) -> String {
        var t = text
        while t.count > 2 && PixelFont.width(of: t, scale: scale) > maxWidth { t = String(t.dropLast(3)) + ".." }
        return t
    }
}

enum Compose {
    /// `image` blended over white, opaque (how pixelmatch and SSIM see translucent pixels).
    static func overWhite(_ image: RGBAFrame) -> RGBAFrame {
        var out = image.pixels
        var i = 0
        while i < out.count {
            let a = Int(out[i + 3])
            if a != 255 {
                for c in 0 ..< 3 { out[i + c] = UInt8((Int(out[i + c]) * a + 255 * (255 - a) + 127) / 255) }
                out[i + 3] = 255
            }
            i += 4
        }
        return RGBAFrame(width: image.width, height: image.height, pixels: out)
    }

    /// The size of `width × height` scaled down (never up) to fit `maxWidth × maxHeight`.
    static func fittedSize(width: Int, height: Int, maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
        guard width > maxWidth || height > maxHeight, width > 0, height > 0 else { return (width, height) }
        let s = min(Double(maxWidth) / Double(width), Double(maxHeight) / Double(height))
        return (max(1, Int((Double(width) * s).rounded())), max(1, Int((Double(height) * s).rounded())))
    }

    /// `image` (opaque) scaled down to fit, averaging the source pixels each output pixel covers.
    static func scaled(_ image: RGBAFrame, toFit maxWidth: Int, _ maxHeight: Int) -> RGBAFrame {
        let (w, h) = fittedSize(width: image.width, height: image.height, maxWidth: maxWidth, maxHeight: maxHeight)
        if w == image.width && h == image.height { return image }
        var out = [UInt8](repeating: 255, count: w * h * 4)
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0 ..< h {
                let sy0 = y * image.height / h, sy1 = max(sy0 + 1, (y + 1) * image.height / h)
                for x in 0 ..< w {
                    let sx0 = x * image.width / w, sx1 = max(sx0 + 1, (x + 1) * image.width / w)
                    var sum = (0, 0, 0, 0)
                    for sy in sy0 ..< sy1 {
                        var i = (sy * image.width + sx0) * 4
                        for _ in sx0 ..< sx1 {
                            sum.0 += Int(src[i]); sum.1 += Int(src[i + 1]); sum.2 += Int(src[i + 2]); sum.3 += Int(src[i + 3])
                            i += 4
                        }
                    }
                    let n = (sy1 - sy0) * (sx1 - sx0)
                    let o = (y * w + x) * 4
                    out[o] = UInt8((sum.0 + n / 2) / n); out[o + 1] = UInt8((sum.1 + n / 2) / n)
                    out[o + 2] = UInt8((sum.2 + n / 2) / n); out[o + 3] = UInt8((sum.3 + n / 2) / n)
                }
            }
        }
        return RGBAFrame(width: w, height: h, pixels: out)
    }

    /// One panel of a side-by-side image: the frame (over white, scaled to fit), or a grey
    /// placeholder saying why there is none.
    enum Panel {
        case image(RGBAFrame)
        case note(String)
    }

    /// expected | actual | diff, each in a `panelWidth × panelHeight` box under its title, below a
    /// caption row (frame number and counts; red when the frame fails).
    static func sideBySide(_ panels: [(title: String, panel: Panel)], caption: String, panelWidth: Int, panelHeight: Int,
                           failing: Bool, textScale: Int = 2) -> RGBAFrame {
        let gap = 3 * textScale, row = PixelFont.glyphHeight * textScale + 2 * gap
        let header = 2 * row
        let width = panels.count * panelWidth + (panels.count + 1) * gap
        let height = header + panelHeight + gap
        var surface = Surface(width: width, height: height)
        surface.text(Surface.fitting(caption, maxWidth: width - 2 * gap, scale: textScale), x: gap, y: gap, scale: textScale,
                     color: failing ? Surface.alert : Surface.ink)
        for (n, entry) in panels.enumerated() {
            let x = gap + n * (panelWidth + gap)
            surface.text(Surface.fitting(entry.title, maxWidth: panelWidth, scale: textScale), x: x, y: row + gap, scale: textScale)
            surface.fill(x: x, y: header, width: panelWidth, height: panelHeight, color: Surface.panel)
            switch entry.panel {
            case let .image(image):
                let fitted = scaled(overWhite(image), toFit: panelWidth, panelHeight)
                surface.draw(fitted, x: x + (panelWidth - fitted.width) / 2, y: header + (panelHeight - fitted.height) / 2)
            case let .note(text):
                var lines: [String] = []
                var line = ""
                for word in text.split(separator: " ") {
                    let candidate = line.isEmpty ? String(word) : line + " " + word
                    if PixelFont.width(of: candidate, scale: textScale) > panelWidth - 2 * gap, !line.isEmpty {
                        lines.append(line); line = String(word)
                    } else { line = candidate }
                }
                if !line.isEmpty { lines.append(line) }
                let lineHeight = (PixelFont.glyphHeight + 3) * textScale
                var y = header + max(gap, (panelHeight - lines.count * lineHeight) / 2)
                for l in lines {
                    let fitted = Surface.fitting(l, maxWidth: panelWidth - 2 * gap, scale: textScale)
                    surface.text(fitted, x: x + max(gap, (panelWidth - PixelFont.width(of: fitted, scale: textScale)) / 2), y: y, scale: textScale)
                    y += lineHeight
                }
            }
        }
        return surface.frame
    }

    /// A grid of cells (already composed), `columns` wide, under a title line.
    static func grid(_ cells: [RGBAFrame], columns: Int, title: String, footer: String?) -> RGBAFrame {
        let textScale = 2, gap = 12
        let cellWidth = cells.map(\.width).max() ?? 1, cellHeight = cells.map(\.height).max() ?? 1
        let cols = max(1, min(columns, cells.count))
        let rows = (cells.count + cols - 1) / cols
        let titleHeight = PixelFont.glyphHeight * textScale + 2 * gap
        let footerHeight = footer == nil ? 0 : PixelFont.glyphHeight * textScale + gap
        let width = max(cols * cellWidth + (cols + 1) * gap, PixelFont.width(of: title, scale: textScale) + 2 * gap)
        let height = titleHeight + rows * (cellHeight + gap) + footerHeight
        var surface = Surface(width: width, height: height, color: (24, 24, 27))
        surface.text(title, x: gap, y: gap, scale: textScale)
        for (i, cell) in cells.enumerated() {
            let x = gap + (i % cols) * (cellWidth + gap), y = titleHeight + (i / cols) * (cellHeight + gap)
            surface.draw(cell, x: x, y: y)
        }
        if let footer {
            surface.text(footer, x: gap, y: height - footerHeight, scale: textScale)
        }
        return surface.frame
    }
}
