// SPDX-License-Identifier: Apache-2.0

/// One way to draw a frame's rectangle: indices into a palette, and what the viewer then sees.
struct Drawing {
    var indices: [UInt8]
    /// Per pixel: where the pixel is written as transparent, the index of the colour already shown
    /// (LZW may take either, see `GIFLZW`), or `GIFLZW.noAlternative`.
    var alternatives: [Int16]
    var palette: [Quantizer.Color]
    var transparentIndex: Int
    /// The rectangle drawn.
    var rect: GIFRect
    /// The rectangle as shown after this frame (RGBA as UInt32, row by row).
    var shown: [UInt32]
    /// Bounds of the pixels whose colour on screen changes.
    var changed: GIFRect
    /// Whether the palette is the global colour table.
    var onGlobalTable = false

    /// A remapping of `masked` (the frame's pixels in `rect`, transparent where unchanged) drawn
    /// over `screen` (a frame `width` wide). Pixels whose colour on screen stays the same are
    /// written as transparent, with the shown colour's index as an alternative.
    init(_ remapped: Quantizer.Remapped, masked: [UInt8], rect: GIFRect, screen: [UInt8], width: Int) {
        let t = remapped.transparentIndex
        let palette = remapped.palette
        // libimagequant's palette can hold more than one fully transparent entry; all mean
        // "transparent", and unchanged pixels stay transparent whatever dithering did around them.
        let transparent = palette.map { $0.a == 0 }
        let packed = palette.map(Pixels.pack)
        var lookup: [UInt32: Int16] = [:]
        for (k, c) in palette.enumerated().reversed() where c.a == 255 { lookup[Pixels.pack(c)] = Int16(k) }
        var indices = remapped.indices
        var alternatives = [Int16](repeating: GIFLZW.noAlternative, count: rect.area)
        var shown = [UInt32](repeating: 0, count: rect.area)
        var bounds = (minX: Int.max, maxX: -1, minY: Int.max, maxY: -1)
        masked.withUnsafeBytes { maskedRaw in
        screen.withUnsafeBytes { screenRaw in
        indices.withUnsafeMutableBufferPointer { indices in
        alternatives.withUnsafeMutableBufferPointer { alternatives in
        shown.withUnsafeMutableBufferPointer { shown in
            let source = maskedRaw.bindMemory(to: UInt32.self), onScreen = screenRaw.bindMemory(to: UInt32.self)
            var lastColor: UInt32 = 0, lastIndex = GIFLZW.noAlternative
            for ry in 0 ..< rect.height {
                let row = ry * rect.width, screenRow = (rect.y + ry) * width + rect.x
                for rx in 0 ..< rect.width {
                    let k = row + rx
                    if source[k] == 0 || transparent[Int(indices[k])] { indices[k] = UInt8(t) }
                    let before = onScreen[screenRow + rx]
                    let index = Int(indices[k])
                    let color = index == t ? before : packed[index]
                    shown[k] = color
                    guard color == before else {
                        bounds = (min(bounds.minX, rx), max(bounds.maxX, rx), min(bounds.minY, ry), max(bounds.maxY, ry))
                        continue
                    }
                    indices[k] = UInt8(t)
                    if before != 0 {
                        if before != lastColor { lastColor = before; lastIndex = lookup[before] ?? GIFLZW.noAlternative }
                        alternatives[k] = lastIndex
                    }
                }
            }
        }
        }
        }
        }
        }
        self.indices = indices
        self.alternatives = alternatives
        self.palette = palette
        transparentIndex = t
        self.rect = rect
        self.shown = shown
        changed = bounds.maxX < 0 ? .empty
            : GIFRect(x: rect.x + bounds.minX, y: rect.y + bounds.minY, width: bounds.maxX - bounds.minX + 1,
                      height: bounds.maxY - bounds.minY + 1)
    }

    /// A drawing over `rect` given pixel by pixel (lossy LZW's output).
    init(indices: [UInt8], palette: [Quantizer.Color], transparentIndex: Int, rect: GIFRect, shown: [UInt32], onGlobalTable: Bool) {
        self.indices = indices
        alternatives = [Int16](repeating: GIFLZW.noAlternative, count: indices.count)
        self.palette = palette
        self.transparentIndex = transparentIndex
        self.rect = rect
        self.shown = shown
        changed = rect
        self.onGlobalTable = onGlobalTable
    }

    /// The `measured` region of `screen` (a frame `width` wide) as it would be after this drawing.
    func shownRegion(over screen: [UInt8], measured: GIFRect, width: Int) -> [UInt8] {
        var out = Pixels.crop(screen, measured, width: width)
        Pixels.paste(shown, rect, into: &out, width: measured.width, origin: (measured.x, measured.y))
        return out
    }

    /// Puts this drawing on `screen`.
    func commit(to screen: inout [UInt8], width: Int) {
        Pixels.paste(shown, rect, into: &screen, width: width)
    }

    /// The drawing cut to `stored`, a rectangle inside `rect`.
    func cropped(to stored: GIFRect) -> Drawing {
        if stored == rect { return self }
        var out = self
        out.rect = stored
        out.indices = [UInt8](repeating: 0, count: stored.area)
        out.alternatives = [Int16](repeating: GIFLZW.noAlternative, count: stored.area)
        out.shown = [UInt32](repeating: 0, count: stored.area)
        for sy in 0 ..< stored.height {
            let src = (stored.y - rect.y + sy) * rect.width + (stored.x - rect.x)
            for sx in 0 ..< stored.width {
                out.indices[sy * stored.width + sx] = indices[src + sx]
                out.alternatives[sy * stored.width + sx] = alternatives[src + sx]
                out.shown[sy * stored.width + sx] = shown[src + sx]
            }
        }
        return out
    }

    /// The image data: LZW coded twice, preferring the transparent index and then the shown
    /// colour's where a pixel has both, the shorter kept.
    func imageData() -> [UInt8] {
        let codeSize = GIFLZW.minimumCodeSize(colors: GIFBlock.tableSize(palette.count))
        var best = Self.lzw(indices, alternatives, codeSize)
        guard alternatives.contains(where: { $0 >= 0 }) else { return best }
        var swapped = indices, swappedAlternatives = alternatives
        for k in 0 ..< swapped.count where alternatives[k] >= 0 {
            swapped[k] = UInt8(alternatives[k])
            swappedAlternatives[k] = Int16(indices[k])
        }
        let other = Self.lzw(swapped, swappedAlternatives, codeSize)
        if other.count < best.count { best = other }
        return best
    }

    /// The size of this drawing in the file, as the stopping rule weighs it: one LZW coding plus
    /// its colour table where it has one of its own.
    func estimatedBytes() -> Int {
        let codeSize = GIFLZW.minimumCodeSize(colors: GIFBlock.tableSize(palette.count))
        let stored = changed.isEmpty ? self : cropped(to: changed)
        return Self.lzw(stored.indices, stored.alternatives, codeSize).count + (onGlobalTable ? 0 : 3 * GIFBlock.tableSize(palette.count))
    }

    private static func lzw(_ indices: [UInt8], _ alternatives: [Int16], _ codeSize: Int) -> [UInt8] {
        var out: [UInt8] = []
        indices.withUnsafeBufferPointer { indices in
            alternatives.withUnsafeBufferPointer { alternatives in
                GIFLZW.encode(indices, alternatives: alternatives, minimumCodeSize: codeSize, into: &out)
            }
        }
        return out
    }
}
