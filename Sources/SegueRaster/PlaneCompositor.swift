import Foundation

/// Projects a flattened plane's offscreen image onto the target: for every target pixel the
/// exact projective map gives the source position (one division per pixel, no tile
/// approximation), the image is sampled bilinearly with its edge texels extended outwards,
/// and the result is stored or blended through the A8 outline mask.
///
/// pixman has no fast path for bilinear sampling under rotation or perspective; its general
/// path costs ~15 ns a pixel, which made a whole-screen plane several times dearer than
/// drawing its layers directly. This loop works on four 16-bit lanes of one 64-bit word per
/// pixel (B, R, G, A) and runs at a few ns a pixel. Integer arithmetic throughout after the
/// source position, so results are the same on every run and thread.
enum PlaneCompositor {
    /// Lanes 0, 2, 4, 6 of a byte-spread pixel.
    private static let lanes: UInt64 = 0x00FF_00FF_00FF_00FF

    /// 0xAARRGGBB → 0x00AA_00GG_00RR_00BB (A and G moved to the upper half).
    @inline(__always) private static func spread(_ p: UInt32) -> UInt64 {
        let v = UInt64(p)
        return (v & 0x00FF_00FF) | ((v & 0xFF00_FF00) << 24)
    }

    @inline(__always) private static func pack(_ v: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: (v & 0x00FF_00FF) | ((v >> 24) & 0xFF00_FF00))
    }

    /// Each lane × k / 255, rounded (k ≤ 255).
    @inline(__always) private static func scale(_ v: UInt64, _ k: UInt64) -> UInt64 {
        let t = v &* k &+ 0x0080_0080_0080_0080
        return ((t &+ ((t >> 8) & lanes)) >> 8) & lanes
    }

    /// Source-over of premultiplied pixels, with the source first scaled by the mask value `m`.
    @inline(__always) private static func over(_ src: UInt64, mask m: UInt64, onto dst: UInt32) -> UInt32 {
        let s = m == 255 ? src : scale(src, m)
        let alpha = (s >> 48) & 0xFF
        if alpha == 255 { return pack(s) }
        var sum = s &+ scale(spread(dst), 255 - alpha)
        // Rounding can carry a lane to 256: saturate it at 255.
        let carry = (sum >> 8) & 0x0001_0001_0001_0001
        sum = (sum | (carry &* 0xFF)) & lanes
        return pack(sum)
    }

    /// - Parameters:
    ///   - source: premultiplied ARGB32 pixels, `sourceWidth` × `sourceHeight`, `sourceStride` bytes a row.
    ///   - toSource: target pixel coordinates → source pixel coordinates (pixel centres at +0.5).
    ///   - target: the target's first pixel, `targetStride` bytes a row; `box` is in target pixels.
    ///   - mask: A8 coverage of `box`, `maskStride` bytes a row; 0 leaves the pixel untouched.
    ///   - opaque: the source is opaque everywhere, so fully covered pixels are stored, not blended.
    static func composite(source: UnsafePointer<UInt8>, sourceWidth: Int, sourceHeight: Int, sourceStride: Int,
                          toSource: Homography, target: UnsafeMutablePointer<UInt8>, targetStride: Int,
                          box: PixelRect, mask: UnsafePointer<UInt8>, maskStride: Int, opaque: Bool) {
        guard sourceWidth > 0, sourceHeight > 0, !box.isEmpty else { return }
        let g = toSource
        let maxU = Double(sourceWidth - 1), maxV = Double(sourceHeight - 1)
        let lastColumn = sourceWidth - 1, lastRow = sourceHeight - 1
        let maxFixedU = Int(maxU * 65536), maxFixedV = Int(maxV * 65536)
        // 32×32 blocks: a row of a turned plane runs diagonally through the image's rows, so
        // walking whole rows would touch a new cache line (and page) at every pixel; a block's
        // source footprint stays in the first-level cache.
        let block = 32
        var by = box.y0
        while by < box.y1 {
            let byEnd = min(by + block, box.y1)
            var bx = box.x0
            while bx < box.x1 {
                let bxEnd = min(bx + block, box.x1)
                compositeBlock(x0: bx, x1: bxEnd, y0: by, y1: byEnd)
                bx = bxEnd
            }
            by = byEnd
        }

        /// Source position of the centre of target pixel (x, y), relative to source pixel
        /// centres (bilinear weights come straight from its fraction); nil behind the eye.
        @inline(__always) func exact(_ x: Int, _ y: Int) -> (u: Double, v: Double)? {
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let w = px * g.h13 + py * g.h23 + g.h33
            guard w > 0 else { return nil }
            let u = (px * g.h11 + py * g.h21 + g.h31) / w - 0.5, v = (px * g.h12 + py * g.h22 + g.h32) / w - 0.5
            return u.isFinite && v.isFinite ? (u, v) : nil
        }

        /// Edge-clamped 16.16 fixed point (the edge texels extend outwards).
        @inline(__always) func fixed(_ t: Double, _ limit: Double) -> Int {
            Int((t > 0 ? (t < limit ? t : limit) : 0) * 65536)
        }

        @inline(__always) func pixel(_ x: Int, _ y: Int, _ fu: Int, _ fv: Int, _ row: UnsafeMutablePointer<UInt32>, _ m: UInt64) {
            let iu = fu >> 16, iv = fv >> 16
            let wu = UInt64((fu >> 8) & 0xFF), wv = UInt64((fv >> 8) & 0xFF)
            let iu1 = iu < lastColumn ? iu + 1 : iu, iv1 = iv < lastRow ? iv + 1 : iv
            let top = UnsafeRawPointer(source + iv &* sourceStride).assumingMemoryBound(to: UInt32.self)
            let bottom = UnsafeRawPointer(source + iv1 &* sourceStride).assumingMemoryBound(to: UInt32.self)
            let t = ((spread(top[iu]) &* (256 - wu) &+ spread(top[iu1]) &* wu) >> 8) & lanes
            let b = ((spread(bottom[iu]) &* (256 - wu) &+ spread(bottom[iu1]) &* wu) >> 8) & lanes
            let c = ((t &* (256 - wv) &+ b &* wv) >> 8) & lanes
            if m == 255 && opaque {
                row[x] = pack(c)
            } else {
                row[x] = over(c, mask: m, onto: row[x])
            }
        }

        /// Spans of up to 16 pixels step linearly between exact positions at their ends (no
        /// division per pixel) when the exact midpoint is within 1/64 texel of the straight
        /// line; otherwise (steep perspective, or the eye plane) each pixel is mapped exactly.
        @inline(__always) func compositeBlock(x0: Int, x1: Int, y0: Int, y1: Int) {
            for y in y0 ..< y1 {
                let maskRow = mask + (y &- box.y0) &* maskStride
                let row = UnsafeMutableRawPointer(target + y &* targetStride).assumingMemoryBound(to: UInt32.self)
                var x = x0
                var start = exact(x, y)
                while x < x1 {
                    let n = min(16, x1 - x)
                    let end = exact(x + n, y)
                    var linear = false
                    if let a = start, let b = end {
                        if n < 2 {
                            linear = true
                        } else if let mid = exact(x + n / 2, y) {
                            let k = Double(n / 2) / Double(n)
                            linear = abs(mid.u - (a.u + (b.u - a.u) * k)) <= 1.0 / 64
                                && abs(mid.v - (a.v + (b.v - a.v) * k)) <= 1.0 / 64
                        }
                    }
                    if linear, let a = start, let b = end {
                        // Linear in the unclamped position; the edge clamp is applied per pixel.
                        let su = Int(a.u * 65536), sv = Int(a.v * 65536)
                        let du = Int((b.u - a.u) * 65536 / Double(n)), dv = Int((b.v - a.v) * 65536 / Double(n))
                        var fu = su, fv = sv
                        let inside = su >= 0 && sv >= 0 && su <= maxFixedU && sv <= maxFixedV
                            && su &+ du &* n >= 0 && sv &+ dv &* n >= 0 && su &+ du &* n <= maxFixedU && sv &+ dv &* n <= maxFixedV
                        for i in 0 ..< n {
                            let m = UInt64(maskRow[x &+ i &- box.x0])
                            if m != 0 {
                                if inside {
                                    pixel(x &+ i, y, fu, fv, row, m)
                                } else {
                                    pixel(x &+ i, y, min(max(fu, 0), maxFixedU), min(max(fv, 0), maxFixedV), row, m)
                                }
                            }
                            fu &+= du; fv &+= dv
                        }
                    } else {
                        for i in 0 ..< n {
                            let m = UInt64(maskRow[x + i - box.x0])
                            if m == 0 { continue }
                            // Behind the eye: the first texel (only anti-aliased fringe pixels get here).
                            let p = exact(x + i, y) ?? (0, 0)
                            pixel(x + i, y, fixed(p.u, maxU), fixed(p.v, maxV), row, m)
                        }
                    }
                    x += n
                    start = end
                }
            }
        }
    }
}
