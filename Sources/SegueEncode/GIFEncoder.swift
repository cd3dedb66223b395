import Foundation

/// A rectangle of pixels in a GIF's logical screen.
struct GIFRect: Equatable, Sendable, CustomStringConvertible {
    var x: Int, y: Int, width: Int, height: Int

    static let empty = GIFRect(x: 0, y: 0, width: 0, height: 0)
    var isEmpty: Bool { width <= 0 || height <= 0 }
    var area: Int { isEmpty ? 0 : width * height }
    var maxX: Int { x + width }
    var maxY: Int { y + height }

    func union(_ other: GIFRect) -> GIFRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return GIFRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

    var description: String { "\(width)×\(height)+\(x)+\(y)" }
}

/// Turns spooled RGBA frames into GIF image blocks: the palette work (libimagequant), the
/// changed rectangles, transparency for unchanged pixels, and LZW.
///
/// How a frame is built (frames after the first):
/// - Only the bounding rectangle of the pixels that differ from what is on screen is stored.
/// - Inside it, pixels whose source colour did not change are written as the transparent
///   index (they show the previous frame). libimagequant sees them as transparent, so they
///   neither take palette entries nor get dithered.
/// - The frame on screen is given to libimagequant as the image's background
///   (`liq_image_set_background`): changed pixels that the screen already shows about as well
///   as the palette could (dithering included) also become transparent. The rectangle is then
///   shrunk to the pixels actually drawn.
/// - Animations with transparent pixels: GIF has 1-bit transparency, so alpha < 128 is
///   transparent and anything else opaque (un-premultiplied). When a pixel goes from opaque to
///   transparent, the frame before it uses disposal "restore to background" over a rectangle
///   that covers it, and the next frame redraws what was cleared.
final class GIFEncoder: @unchecked Sendable {   // immutable after init; encode() keeps its state local
    enum PaletteMode: String, Sendable {
        /// One global colour table, quantized from all frames (weighted by changed pixels).
        case shared
        /// A local colour table per frame, quantized from that frame's changed pixels.
        case perFrame = "per-frame"
    }

    /// The encoded animation before muxing.
    struct Encoded {
        var mode: PaletteMode
        var settings: Quantizer.Settings
        /// "GIF89a", the logical screen descriptor and the global colour table, if any.
        var header: [UInt8]
        /// Per frame: graphic control extension, image descriptor, local colour table, image data.
        var frames: [[UInt8]]
        /// Per frame: the rectangle stored.
        var rects: [GIFRect]
        var byteCount: Int { header.count + frames.reduce(0) { $0 + $1.count } }
    }

    struct Plan {
        /// Per frame: the rectangle that may need drawing (before shrinking to drawn pixels).
        var rects: [GIFRect]
        /// Per frame: GIF disposal method, 1 (leave in place) or 2 (restore to background).
        var disposals: [Int]
    }

    let spool: FrameSpool
    let width: Int, height: Int
    let plan: Plan

    /// Plans rectangles and disposal methods (a pass over the frames comparing neighbours).
    /// `hasTransparency`: whether any frame has a transparent pixel.
    init(spool: FrameSpool, hasTransparency: Bool) throws {
        self.spool = spool
        width = spool.width
        height = spool.height
        plan = try Self.makePlan(spool: spool, hasTransparency: hasTransparency)
    }

    // MARK: - Planning

    private static func makePlan(spool: FrameSpool, hasTransparency: Bool) throws -> Plan {
        let n = spool.count, w = spool.width, h = spool.height
        let full = GIFRect(x: 0, y: 0, width: w, height: h)
        var rects: [GIFRect] = []
        var disposals: [Int] = []
        var base = [UInt32](repeating: 0, count: w * h)      // source-level screen before frame i
        var current = [UInt32](repeating: 0, count: w * h)
        var next = [UInt32](repeating: 0, count: w * h)
        if n > 0 { try read(spool, 0, into: &current) }
        for i in 0 ..< n {
            if i + 1 < n { try read(spool, i + 1, into: &next) }
            // Pixels opaque now and transparent in the next frame: this frame must clear them.
            let clear = (hasTransparency && i + 1 < n) ? opaqueToTransparentBounds(current, next, w, h) : .empty
            var rect = i == 0 ? full : changedBounds(base, current, w, h)
            rect = rect.union(clear)
            if rect.isEmpty { rect = GIFRect(x: 0, y: 0, width: 1, height: 1) }
            let disposal = clear.isEmpty ? 1 : 2
            rects.append(rect)
            disposals.append(disposal)
            // The screen before the next frame, in source colours.
            swap(&base, &current)
            if disposal == 2 { fill(&base, rect, w, value: 0) }
            swap(&current, &next)
        }
        return Plan(rects: rects, disposals: disposals)
    }

    private static func read(_ spool: FrameSpool, _ index: Int, into pixels: inout [UInt32]) throws {
        try pixels.withUnsafeMutableBytes { try spool.read(index, into: $0) }
    }

    private static func fill(_ pixels: inout [UInt32], _ rect: GIFRect, _ w: Int, value: UInt32) {
        for y in rect.y ..< rect.maxY { for x in rect.x ..< rect.maxX { pixels[y * w + x] = value } }
    }

    /// Bounding box of the pixels that differ.
    static func changedBounds(_ a: [UInt32], _ b: [UInt32], _ w: Int, _ h: Int) -> GIFRect {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var minX = w, maxX = -1, minY = h, maxY = -1
                for y in 0 ..< h {
                    let row = y * w
                    if memcmp(a.baseAddress! + row, b.baseAddress! + row, w * 4) == 0 { continue }
                    if minY == h { minY = y }
                    maxY = y
                    var x0 = 0
                    while x0 < w && a[row + x0] == b[row + x0] { x0 += 1 }
                    var x1 = w - 1
                    while x1 > x0 && a[row + x1] == b[row + x1] { x1 -= 1 }
                    minX = min(minX, x0)
                    maxX = max(maxX, x1)
                }
                return maxY < 0 ? .empty : GIFRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
            }
        }
    }

    /// Bounding box of the pixels opaque in `a` and transparent in `b` (alpha is 0 or 255).
    static func opaqueToTransparentBounds(_ a: [UInt32], _ b: [UInt32], _ w: Int, _ h: Int) -> GIFRect {
        var minX = w, maxX = -1, minY = h, maxY = -1
        for y in 0 ..< h {
            for x in 0 ..< w where a[y * w + x] != 0 && b[y * w + x] == 0 {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxY < 0 ? .empty : GIFRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    // MARK: - Encoding

    /// Encodes every frame with the given palette strategy and quantizer settings.
    /// Frames handled by `encode` in `mode`: each frame once to build a shared palette's
    /// histogram, and once to encode it.
    func progressUnits(mode: PaletteMode) -> Int { mode == .shared ? 2 * spool.count : spool.count }

    /// - Parameter progress: called after each frame of each pass (see `progressUnits`).
    func encode(mode: PaletteMode, settings: Quantizer.Settings, progress: () -> Void = {}) throws -> Encoded {
        let attributes = try Quantizer.Attributes(settings)
        let n = spool.count, w = width, h = height
        let frameBytes = w * h * 4

        // Shared palette: one histogram over every frame's changed pixels, then one palette.
        var shared: Quantizer.Result?
        if mode == .shared {
            let histogram = try Quantizer.Histogram(attributes)
            try histogram.addFixedColor(.transparent)
            var counter = ColorCounter()
            var base = [UInt8](repeating: 0, count: frameBytes)
            var current = [UInt8](repeating: 0, count: frameBytes)
            for i in 0 ..< n {
                try current.withUnsafeMutableBytes { try spool.read(i, into: $0) }
                let rect = plan.rects[i]
                let masked = maskedPixels(current, base: base, rect: rect, first: i == 0)
                masked.withUnsafeBytes { counter.add($0.bindMemory(to: UInt32.self)) }
                let image = try Quantizer.Image(attributes, rgba: masked, width: rect.width, height: rect.height)
                try histogram.add(image, attributes)
                advanceBase(&base, &current, frame: i)
                progress()
            }
            for color in counter.dominant(limit: Self.fixedColorLimit(settings.maxColors)) {
                try histogram.addFixedColor(color)
            }
            shared = try histogram.quantize(attributes)
        }

        var header: [UInt8] = Array("GIF89a".utf8)
        header += le16(w) + le16(h)
        var globalPalette: [Quantizer.Color]?
        var frames: [[UInt8]] = []
        var rects: [GIFRect] = []
        frames.reserveCapacity(n)

        var screen = [UInt8](repeating: 0, count: frameBytes)   // what a viewer sees (RGBA)
        var base = [UInt8](repeating: 0, count: frameBytes)     // source colours behind the screen
        var current = [UInt8](repeating: 0, count: frameBytes)
        for i in 0 ..< n {
            try current.withUnsafeMutableBytes { try spool.read(i, into: $0) }
            let rect = plan.rects[i]
            let disposal = plan.disposals[i]
            let masked = maskedPixels(current, base: base, rect: rect, first: i == 0)
            let image = try Quantizer.Image(attributes, rgba: masked, width: rect.width, height: rect.height)
            let result: Quantizer.Result
            if let shared {
                result = shared
            } else {
                try image.addFixedColor(.transparent)
                var counter = ColorCounter()
                masked.withUnsafeBytes { counter.add($0.bindMemory(to: UInt32.self)) }
                for color in counter.dominant(limit: Self.fixedColorLimit(settings.maxColors)) {
                    try image.addFixedColor(color)
                }
                result = try Quantizer.quantize(image, attributes)
            }
            if i > 0 {
                try image.setBackground(attributes, rgba: crop(screen, rect))
            }
            var remapped = try result.remap(image, dithering: settings.dithering)
            let t = remapped.transparentIndex
            // libimagequant's palette can hold more than one fully transparent entry (the fixed
            // one and one of its own); all of them mean "transparent". Pixels that did not change
            // stay transparent whatever dithering did around them.
            let palette = remapped.palette
            let transparentEntries = palette.map { $0.a == 0 }
            masked.withUnsafeBytes { raw in
                let px = raw.bindMemory(to: UInt32.self)
                for k in 0 ..< px.count where px[k] == 0 || transparentEntries[Int(remapped.indices[k])] {
                    remapped.indices[k] = UInt8(t)
                }
            }

            // Update the screen model. Pixels whose colour on screen stays the same are written
            // as transparent, with the index of the colour shown as an alternative for the LZW
            // encoder; `changed` bounds the pixels that do change.
            var lookup: [UInt32: Int16] = [:]
            for (k, c) in palette.enumerated().reversed() where c.a == 255 { lookup[Self.pack(c)] = Int16(k) }
            var alternatives = [Int16](repeating: GIFLZW.noAlternative, count: rect.area)
            var changed = GIFRect.empty
            screen.withUnsafeMutableBytes { screenRaw in
                let screenPixels = screenRaw.bindMemory(to: UInt32.self)
                let packed = palette.map { Self.pack($0) }
                var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
                var lastColor: UInt32 = 0, lastIndex = GIFLZW.noAlternative
                for ry in 0 ..< rect.height {
                    for rx in 0 ..< rect.width {
                        let k = ry * rect.width + rx
                        let o = (rect.y + ry) * w + rect.x + rx
                        let shown = screenPixels[o]
                        let index = Int(remapped.indices[k])
                        let color = index == t ? shown : packed[index]
                        if color == shown {
                            remapped.indices[k] = UInt8(t)
                            if shown != 0 {
                                if shown != lastColor { lastColor = shown; lastIndex = lookup[shown] ?? GIFLZW.noAlternative }
                                alternatives[k] = lastIndex
                            }
                        } else {
                            screenPixels[o] = color
                            minX = min(minX, rx); maxX = max(maxX, rx); minY = min(minY, ry); maxY = max(maxY, ry)
                        }
                    }
                }
                if maxX >= 0 { changed = GIFRect(x: rect.x + minX, y: rect.y + minY, width: maxX - minX + 1, height: maxY - minY + 1) }
            }

            // Store only the pixels that change, unless this frame must clear its whole rectangle.
            var stored = rect
            if i > 0 && disposal == 1 {
                stored = changed.isEmpty ? GIFRect(x: rect.x, y: rect.y, width: 1, height: 1) : changed
            }
            var indices = remapped.indices
            if stored != rect {
                indices = [UInt8](repeating: 0, count: stored.area)
                var storedAlternatives = [Int16](repeating: GIFLZW.noAlternative, count: stored.area)
                for sy in 0 ..< stored.height {
                    let src = (stored.y - rect.y + sy) * rect.width + (stored.x - rect.x)
                    for sx in 0 ..< stored.width {
                        indices[sy * stored.width + sx] = remapped.indices[src + sx]
                        storedAlternatives[sy * stored.width + sx] = alternatives[src + sx]
                    }
                }
                alternatives = storedAlternatives
            }
            let usesTransparency = i > 0 || indices.contains(UInt8(t))

            // Colour table: the global one when this frame's palette is the shared palette.
            var local = true
            if mode == .shared {
                if globalPalette == nil {
                    globalPalette = palette
                    header += logicalScreenFlags(globalTableColors: palette.count)
                    header += colorTable(palette)
                }
                local = palette != globalPalette
            } else if i == 0 {
                header += logicalScreenFlags(globalTableColors: nil)
            }

            // Image data with the frame's colour table (global or local).
            let tableSize = Self.tableSize(palette.count)
            let table = local ? colorTable(palette) : []
            let data = Self.imageData(indices, alternatives, minimumCodeSize: GIFLZW.minimumCodeSize(colors: tableSize))
            var block: [UInt8] = []
            block.reserveCapacity(table.count + data.count + 32)
            // Graphic control extension; the delay is filled in by the muxer.
            block += [0x21, 0xF9, 0x04, UInt8(disposal << 2 | (usesTransparency ? 1 : 0)), 0, 0,
                      UInt8(usesTransparency ? t : 0), 0]
            // Image descriptor (+ local colour table), then the LZW data.
            block += [0x2C] + le16(stored.x) + le16(stored.y) + le16(stored.width) + le16(stored.height)
            block.append(table.isEmpty ? 0 : 0x80 | UInt8(Self.log2(table.count / 3) - 1))
            block += table
            block += data
            frames.append(block)
            rects.append(stored)

            if disposal == 2 { clearRGBA(&screen, rect) }
            advanceBase(&base, &current, frame: i)
            progress()
        }
        return Encoded(mode: mode, settings: settings, header: header, frames: frames, rects: rects)
    }

    /// LZW image data, encoded twice: with the transparent index first and the shown colour as
    /// the alternative, then the other way round; the shorter one is kept.
    static func imageData(_ indices: [UInt8], _ alternatives: [Int16], minimumCodeSize: Int) -> [UInt8] {
        var best: [UInt8] = []
        indices.withUnsafeBufferPointer { indices in
            alternatives.withUnsafeBufferPointer { alternatives in
                GIFLZW.encode(indices, alternatives: alternatives, minimumCodeSize: minimumCodeSize, into: &best)
            }
        }
        if alternatives.contains(where: { $0 >= 0 }) {
            var swapped = indices, swappedAlternatives = alternatives
            for k in 0 ..< swapped.count where alternatives[k] >= 0 {
                swapped[k] = UInt8(alternatives[k])
                swappedAlternatives[k] = Int16(indices[k])
            }
            var other: [UInt8] = []
            swapped.withUnsafeBufferPointer { indices in
                swappedAlternatives.withUnsafeBufferPointer { alternatives in
                    GIFLZW.encode(indices, alternatives: alternatives, minimumCodeSize: minimumCodeSize, into: &other)
                }
            }
            if other.count < best.count { best = other }
        }
        return best
    }

    /// How many flat colours (see `ColorCounter`) may be fixed palette entries: at most a
    /// quarter of the palette, leaving libimagequant room for edges and gradients.
    static func fixedColorLimit(_ maxColors: Int) -> Int { min(64, (maxColors - 1) / 4) }

    /// The frame's pixels inside `rect`, with pixels equal to `base` (unchanged) made fully
    /// transparent. The first frame is taken whole.
    private func maskedPixels(_ current: [UInt8], base: [UInt8], rect: GIFRect, first: Bool) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rect.area * 4)
        let w = width
        current.withUnsafeBytes { cRaw in
            base.withUnsafeBytes { bRaw in
                out.withUnsafeMutableBytes { oRaw in
                    let c = cRaw.bindMemory(to: UInt32.self), b = bRaw.bindMemory(to: UInt32.self)
                    let o = oRaw.bindMemory(to: UInt32.self)
                    for ry in 0 ..< rect.height {
                        let row = (rect.y + ry) * w + rect.x
                        for rx in 0 ..< rect.width {
                            let v = c[row + rx]
                            o[ry * rect.width + rx] = (first || v != b[row + rx]) ? v : 0
                        }
                    }
                }
            }
        }
        return out
    }

    /// After frame `i`: `base` becomes the source-level screen before frame i + 1.
    private func advanceBase(_ base: inout [UInt8], _ current: inout [UInt8], frame i: Int) {
        swap(&base, &current)
        if plan.disposals[i] == 2 { clearRGBA(&base, plan.rects[i]) }
    }

    private func crop(_ pixels: [UInt8], _ rect: GIFRect) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rect.area * 4)
        for ry in 0 ..< rect.height {
            let src = ((rect.y + ry) * width + rect.x) * 4
            out.replaceSubrange(ry * rect.width * 4 ..< (ry + 1) * rect.width * 4, with: pixels[src ..< src + rect.width * 4])
        }
        return out
    }

    private func clearRGBA(_ pixels: inout [UInt8], _ rect: GIFRect) {
        for y in rect.y ..< rect.maxY {
            let o = (y * width + rect.x) * 4
            for k in o ..< o + rect.width * 4 { pixels[k] = 0 }
        }
    }

    private func logicalScreenFlags(globalTableColors: Int?) -> [UInt8] {
        guard let colors = globalTableColors else { return [0x70, 0, 0] }
        // Global table present, 8 bits of colour resolution, table size.
        return [0x80 | 0x70 | UInt8(Self.log2(Self.tableSize(colors)) - 1), 0, 0]
    }

    private func colorTable(_ palette: [Quantizer.Color]) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: Self.tableSize(palette.count) * 3)
        for (k, c) in palette.enumerated() {
            table[k * 3] = c.r; table[k * 3 + 1] = c.g; table[k * 3 + 2] = c.b
        }
        return table
    }

    /// GIF colour tables hold 2, 4, …, 256 entries.
    static func tableSize(_ colors: Int) -> Int {
        var size = 2
        while size < colors { size *= 2 }
        return size
    }

    static func log2(_ powerOfTwo: Int) -> Int { powerOfTwo.trailingZeroBitCount }

    /// A colour as the UInt32 that its RGBA bytes read as (little-endian), like the pixel buffers.
    static func pack(_ c: Quantizer.Color) -> UInt32 {
        UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | UInt32(c.a) << 24
    }

    private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
}
