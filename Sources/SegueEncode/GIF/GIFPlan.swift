// SPDX-License-Identifier: Apache-2.0
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

    var description: String { "\(width)×\(height)+\(x)+\(y)" }
}

/// What each frame may need to draw, decided from the source frames alone before any palette work:
/// the rectangle that changed, the disposal method, and whether the frame changes nothing.
///
/// GIF has 1-bit transparency: alpha below 128 is transparent. When a pixel goes from opaque to
/// transparent, the frame before it is disposed with "restore to background" over a rectangle
/// that covers it, and the next frame redraws what was cleared.
struct GIFPlan: Sendable {
    /// Per frame: the rectangle that may need drawing.
    var rects: [GIFRect]
    /// Per frame: GIF disposal method, 1 (leave in place) or 2 (restore to background).
    var disposals: [Int]
    /// Per frame: whether the screen already shows its source (it draws nothing).
    var unchanged: [Bool]

    init(spool: FrameSpool, hasTransparency: Bool) throws {
        let n = spool.count, w = spool.width, h = spool.height
        let full = GIFRect(x: 0, y: 0, width: w, height: h)
        (rects, disposals, unchanged) = ([], [], [])
        var base = [UInt8](repeating: 0, count: w * h * 4)   // source colours on screen before frame i
        var current = base, next = base
        if n > 0 { try spool.read(0, into: &current) }
        for i in 0 ..< n {
            if i + 1 < n { try spool.read(i + 1, into: &next) }
            let clear = hasTransparency && i + 1 < n ? Pixels.opaqueToTransparentBounds(current, next, w, h) : .empty
            var rect = (i == 0 ? full : Pixels.changedBounds(base, current, w, h)).union(clear)
            unchanged.append(rect.isEmpty)
            if rect.isEmpty { rect = GIFRect(x: 0, y: 0, width: 1, height: 1) }
            rects.append(rect)
            disposals.append(clear.isEmpty ? 1 : 2)
            swap(&base, &current)
            if !clear.isEmpty { Pixels.clear(&base, rect, width: w) }
            swap(&current, &next)
        }
    }

    /// Where independent segments start. A frame that redraws the whole screen with opaque pixels
    /// can be drawn without knowing what was on screen, so the frames from there on can be searched
    /// beside the ones before. One such frame in the middle half (or, failing that, one that
    /// changes most of the screen, drawn whole) splits the work in two. A function of the frames
    /// alone: the same file on any machine.
    func segmentStarts(width: Int, height: Int, hasTransparency: Bool) -> [Int] {
        let n = rects.count
        guard !hasTransparency, n >= GIFTuning.minimumSegmentedFrames, width * height <= GIFTuning.concurrentMaxPixels else {
            return [0]
        }
        let full = GIFRect(x: 0, y: 0, width: width, height: height)
        let middle = Array(n / 4 ... 3 * n / 4).filter { !unchanged[$0] }
        var candidates = middle.filter { rects[$0] == full }
        if candidates.isEmpty {
            candidates = middle.filter { rects[$0].area * 100 >= full.area * GIFTuning.segmentStartPercent }
        }
        // The start that halves the work best, the work estimated as the changed pixels plus a
        // quarter screen for each frame that changes anything.
        var before = [0], total = 0
        for i in 0 ..< n {
            total += unchanged[i] ? 0 : rects[i].area + full.area / 4
            before.append(total)
        }
        guard let start = candidates.min(by: { abs(2 * before[$0] - total) < abs(2 * before[$1] - total) }) else { return [0] }
        return [0, start]
    }
}

extension FrameSpool {
    func read(_ index: Int, into pixels: inout [UInt8]) throws {
        try pixels.withUnsafeMutableBytes { try read(index, into: $0) }
    }
}

/// Operations on RGBA frames held as bytes (read as little-endian UInt32 where compared).
enum Pixels {
    /// A colour as the UInt32 its RGBA bytes read as.
    static func pack(_ c: Quantizer.Color) -> UInt32 {
        UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | UInt32(c.a) << 24
    }

    /// Bounding box of the pixels that differ.
    static func changedBounds(_ a: [UInt8], _ b: [UInt8], _ w: Int, _ h: Int) -> GIFRect {
        a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                changedBounds(a.bindMemory(to: UInt32.self), b.bindMemory(to: UInt32.self), w, h)
            }
        }
    }

    static func changedBounds(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, _ w: Int, _ h: Int) -> GIFRect {
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

    /// Bounding box of the pixels opaque in `a` and transparent in `b` (alpha is 0 or 255).
    static func opaqueToTransparentBounds(_ a: [UInt8], _ b: [UInt8], _ w: Int, _ h: Int) -> GIFRect {
        var minX = w, maxX = -1, minY = h, maxY = -1
        for y in 0 ..< h {
            for x in 0 ..< w where a[(y * w + x) * 4 + 3] != 0 && b[(y * w + x) * 4 + 3] == 0 {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxY < 0 ? .empty : GIFRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The frame's pixels inside `rect`, those equal to `base` (unchanged) made fully transparent;
    /// `whole`: all of them kept.
    static func masked(_ current: [UInt8], base: [UInt8], rect: GIFRect, whole: Bool, width w: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rect.area * 4)
        current.withUnsafeBytes { cRaw in
            base.withUnsafeBytes { bRaw in
                out.withUnsafeMutableBytes { oRaw in
                    let c = cRaw.bindMemory(to: UInt32.self), b = bRaw.bindMemory(to: UInt32.self)
                    let o = oRaw.bindMemory(to: UInt32.self)
                    for ry in 0 ..< rect.height {
                        let row = (rect.y + ry) * w + rect.x
                        for rx in 0 ..< rect.width {
                            let v = c[row + rx]
                            o[ry * rect.width + rx] = whole || v != b[row + rx] ? v : 0
                        }
                    }
                }
            }
        }
        return out
    }

    static func crop(_ pixels: [UInt8], _ rect: GIFRect, width: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rect.area * 4)
        for ry in 0 ..< rect.height {
            let src = ((rect.y + ry) * width + rect.x) * 4
            out.replaceSubrange(ry * rect.width * 4 ..< (ry + 1) * rect.width * 4, with: pixels[src ..< src + rect.width * 4])
        }
        return out
    }

    static func clear(_ pixels: inout [UInt8], _ rect: GIFRect, width: Int) {
        for y in rect.y ..< rect.maxY {
            let o = (y * width + rect.x) * 4
            for k in o ..< o + rect.width * 4 { pixels[k] = 0 }
        }
    }

    /// Writes `rows` (RGBA as UInt32, `rect`-sized) into `pixels`, a frame `width` wide, at `rect`
    /// offset by `origin` (the top-left of the region `pixels` holds).
    static func paste(_ rows: [UInt32], _ rect: GIFRect, into pixels: inout [UInt8], width: Int, origin: (x: Int, y: Int) = (0, 0)) {
        pixels.withUnsafeMutableBytes { raw in
            let px = raw.bindMemory(to: UInt32.self)
            rows.withUnsafeBufferPointer { rows in
                for ry in 0 ..< rect.height {
                    let o = (rect.y - origin.y + ry) * width + (rect.x - origin.x)
                    for rx in 0 ..< rect.width { px[o + rx] = rows[ry * rect.width + rx] }
                }
            }
        }
    }

    /// Per pixel of `rect`: whether `next` differs from `current` there.
    static func differing(_ current: [UInt8], _ next: [UInt8], in rect: GIFRect, width: Int) -> [Bool] {
        var out = [Bool](repeating: false, count: rect.area)
        next.withUnsafeBytes { nextRaw in
            current.withUnsafeBytes { currentRaw in
                let after = nextRaw.bindMemory(to: UInt32.self), now = currentRaw.bindMemory(to: UInt32.self)
                for ry in 0 ..< rect.height {
                    let o = (rect.y + ry) * width + rect.x
                    for rx in 0 ..< rect.width { out[ry * rect.width + rx] = after[o + rx] != now[o + rx] }
                }
            }
        }
        return out
    }
}
