// SPDX-License-Identifier: Apache-2.0
import SegueDecode
import SegueCharts
import SegueGeometry

/// Report images (side-by-side frames, contact sheets, filmstrips) drawn through
/// SegueCharts' `ReportCanvas`: Cairo for shapes and images, Pango for text, pixman for scaling.
enum Compose {
    static let background = RGBAColor(red: 38 / 255, green: 38 / 255, blue: 42 / 255, alpha: 1)
    static let panel = RGBAColor(red: 92 / 255, green: 92 / 255, blue: 98 / 255, alpha: 1)
    static let ink = RGBAColor(red: 236 / 255, green: 236 / 255, blue: 240 / 255, alpha: 1)
    static let alert = RGBAColor(red: 1, green: 92 / 255, blue: 80 / 255, alpha: 1)
    static let sheetBackground = RGBAColor(red: 24 / 255, green: 24 / 255, blue: 27 / 255, alpha: 1)

    /// The font size of report text at a text scale (1 in small cells, 2 in videos and sheets).
    static func fontSize(_ textScale: Int) -> Double { 7 + 4 * Double(max(1, textScale)) }

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
        return RGBAFrame(image.rasterImage.downsampled(width: w, height: h))
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
        let size = fontSize(textScale)
        let lineHeight = Int(ReportCanvas.lineHeight(size: size).rounded(.up))
        let gap = 3 * textScale, row = lineHeight + 2 * gap
        let header = 2 * row
        let width = panels.count * panelWidth + (panels.count + 1) * gap
        let height = header + panelHeight + gap
        let canvas = ReportCanvas(width: width, height: height, background: background)
        canvas.text(ReportCanvas.fitting(caption, maxWidth: Double(width - 2 * gap), size: size, weight: 600), x: Double(gap), y: Double(gap),
                    size: size, weight: 600, color: failing ? alert : ink)
        for (n, entry) in panels.enumerated() {
            let x = gap + n * (panelWidth + gap)
            canvas.text(ReportCanvas.fitting(entry.title, maxWidth: Double(panelWidth), size: size), x: Double(x), y: Double(row + gap),
                        size: size, color: ink)
            canvas.fill(x: x, y: header, width: panelWidth, height: panelHeight, color: panel)
            switch entry.panel {
            case let .image(image):
                let fitted = scaled(overWhite(image), toFit: panelWidth, panelHeight)
                canvas.draw(fitted.rasterImage, x: x + (panelWidth - fitted.width) / 2, y: header + (panelHeight - fitted.height) / 2)
            case let .note(text):
                let inner = Double(panelWidth - 2 * gap)
                var lines: [String] = []
                var line = ""
                for word in text.split(separator: " ") {
                    let candidate = line.isEmpty ? String(word) : line + " " + word
                    if ReportCanvas.textWidth(candidate, size: size) > inner, !line.isEmpty {
                        lines.append(line); line = String(word)
                    } else { line = candidate }
                }
                if !line.isEmpty { lines.append(line) }
                let step = lineHeight + textScale
                var y = header + max(gap, (panelHeight - lines.count * step) / 2)
                for l in lines {
                    let fitted = ReportCanvas.fitting(l, maxWidth: inner, size: size)
                    let w = ReportCanvas.textWidth(fitted, size: size)
                    canvas.text(fitted, x: Double(x) + max(Double(gap), (Double(panelWidth) - w) / 2), y: Double(y), size: size, color: ink)
                    y += step
                }
            }
        }
        return RGBAFrame(canvas.image)
    }

    /// A grid of cells (already composed), `columns` wide, under a title line.
    static func grid(_ cells: [RGBAFrame], columns: Int, title: String, footer: String?) -> RGBAFrame {
        let size = fontSize(2), gap = 12
        let lineHeight = Int(ReportCanvas.lineHeight(size: size).rounded(.up))
        let cellWidth = cells.map(\.width).max() ?? 1, cellHeight = cells.map(\.height).max() ?? 1
        let cols = max(1, min(columns, cells.count))
        let rows = (cells.count + cols - 1) / cols
        let titleHeight = lineHeight + 2 * gap
        let footerHeight = footer == nil ? 0 : lineHeight + gap
        let titleWidth = Int(ReportCanvas.textWidth(title, size: size, weight: 600).rounded(.up))
        let width = max(cols * cellWidth + (cols + 1) * gap, titleWidth + 2 * gap)
        let height = titleHeight + rows * (cellHeight + gap) + footerHeight
        let canvas = ReportCanvas(width: width, height: height, background: sheetBackground)
        canvas.text(title, x: Double(gap), y: Double(gap), size: size, weight: 600, color: ink)
        for (i, cell) in cells.enumerated() {
            let x = gap + (i % cols) * (cellWidth + gap), y = titleHeight + (i / cols) * (cellHeight + gap)
            canvas.draw(cell.rasterImage, x: x, y: y)
        }
        if let footer {
            canvas.text(footer, x: Double(gap), y: Double(height - footerHeight), size: size, color: ink)
        }
        return RGBAFrame(canvas.image)
    }

    /// Thumbnails in a grid of `columns`, each at the top-left of its `cellWidth × cellHeight`
    /// cell over the panel grey (a nil thumbnail leaves its cell grey).
    static func tiles(_ images: [RGBAFrame?], columns: Int, cellWidth: Int, cellHeight: Int) -> RGBAFrame {
        let rows = (images.count + columns - 1) / max(1, columns)
        let canvas = ReportCanvas(width: cellWidth * columns, height: cellHeight * rows, background: panel)
        for (n, image) in images.enumerated() {
            guard let image else { continue }
            canvas.draw(image.rasterImage, x: (n % columns) * cellWidth, y: (n / columns) * cellHeight)
        }
        return RGBAFrame(canvas.image)
    }
}
