// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry

/// Projects a flattened plane's offscreen image onto the target: for every target pixel the
/// source position comes from the exact projective map (exactly at the ends of short spans,
/// linearly in between where that stays within 0.06 texel; no tile approximations, no 16.16
/// overflow to guard against), the image is sampled bilinearly with its edge texels extended
/// outwards, and the result is stored or blended through the A8 outline mask.
///
/// The blend is integer arithmetic on 16-bit lanes, so results are the same on every run and
/// thread. Rows are split into spans first, then drawn in tiles of 64 × 32 pixels, so the
/// source lines a tile reads stay in cache for its next rows. A screen nearly edge-on costs
/// several times a screen facing the eye (a thin sliver reads its whole wide image, a new cache
/// line at every pixel): the cost there is memory, not arithmetic. A smaller image for minified
/// planes would fix that, at the price of different bytes.
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

    /// Bilinear sample at 16.16 position (fu, fv), already clamped to the image.
    @inline(__always) private static func sample(_ source: UnsafePointer<UInt8>, _ stride: Int, _ fu: Int, _ fv: Int,
                                                  _ lastColumn: Int, _ lastRow: Int) -> UInt64 {
        let iu = fu &>> 16, iv = fv &>> 16
        let wu = UInt64(truncatingIfNeeded: (fu &>> 8) & 0xFF), wv = UInt64(truncatingIfNeeded: (fv &>> 8) & 0xFF)
        let du = iu < lastColumn ? 1 : 0, dv = iv < lastRow ? stride : 0
        let top = UnsafeRawPointer(source + iv &* stride + iu &* 4)
        let p00 = spread(top.loadUnaligned(as: UInt32.self)), p01 = spread(top.loadUnaligned(fromByteOffset: du &* 4, as: UInt32.self))
        let p10 = spread(top.loadUnaligned(fromByteOffset: dv, as: UInt32.self))
        let p11 = spread(top.loadUnaligned(fromByteOffset: dv &+ du &* 4, as: UInt32.self))
        let t = ((p00 &* (256 &- wu) &+ p01 &* wu) &>> 8) & lanes
        let b = ((p10 &* (256 &- wu) &+ p11 &* wu) &>> 8) & lanes
        return ((t &* (256 &- wv) &+ b &* wv) &>> 8) & lanes
    }

    /// Bilinear blend of the texel pairs `top` = (p00, p01) and `bottom` = (p10, p11), each two
    /// BGRA pixels in one word, with 8-bit weights: horizontally first, then vertically, each
    /// step ⌊(p0 (256 − w) + p1 w) / 256⌋ per channel, as `sample` computes it. Written as
    /// p0 · 256 + (p1 − p0) w, the same integer (0 … 65280), so 16-bit lanes that wrap give it
    /// exactly with one multiply a step; both rows go through the first step at once.
    @inline(__always) private static func blend(_ top: UInt64, _ bottom: UInt64, wu: UInt16, wv: UInt16) -> SIMD4<UInt16> {
        // Lanes 0–7: p00, p10 (B, G, R, A each); 8–15: p01, p11.
        let q = SIMD4<UInt32>(UInt32(truncatingIfNeeded: top), UInt32(truncatingIfNeeded: bottom),
                              UInt32(truncatingIfNeeded: top >> 32), UInt32(truncatingIfNeeded: bottom >> 32))
        let px = SIMD16<UInt16>(truncatingIfNeeded: unsafeBitCast(q, to: SIMD16<UInt8>.self))
        let left = px.lowHalf, right = px.highHalf
        let h = ((left &<< 8) &+ (right &- left) &* SIMD8<UInt16>(repeating: wu)) &>> 8
        let t = h.lowHalf, u = h.highHalf
        return ((t &<< 8) &+ (u &- t) &* SIMD4<UInt16>(repeating: wv)) &>> 8
    }

    /// `composite`'s inner loop for a straight span that stays strictly inside the image
    /// (bit-identical to the general loop there): no clamps, no edge tests, each texel pair
    /// (iu, iu + 1) read with one 64-bit load.
    @inline(__always) private static func interiorSpan(source: UnsafePointer<UInt8>, stride: Int,
                                                       row: UnsafeMutablePointer<UInt32>, mask: UnsafePointer<UInt8>,
                                                       from x0: Int, to x1: Int, fu: Int, fv: Int, du: Int, dv: Int,
                                                       opaque: Bool) {
        let base = UnsafeRawPointer(source)
        var su = fu, sv = fv
        var i = x0
        while i < x1 {
            let m = mask[i]
            if m != 0 {
                let iu = su &>> 16, iv = sv &>> 16
                let top = base + (iv &* stride &+ iu &* 4)
                let a = top.loadUnaligned(as: UInt64.self), b = top.loadUnaligned(fromByteOffset: stride, as: UInt64.self)
                let cv = blend(a, b, wu: UInt16(truncatingIfNeeded: (su &>> 8) & 0xFF), wv: UInt16(truncatingIfNeeded: (sv &>> 8) & 0xFF))
                if m == 255 && opaque {
                    // B, G, R, A lanes (each ≤ 255) are the pixel's bytes: `pack` without the shuffle.
                    row[i] = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: cv), to: UInt32.self)
                } else {
                    let c = UInt64(cv[0]) | UInt64(cv[2]) << 16 | UInt64(cv[1]) << 32 | UInt64(cv[3]) << 48
                    row[i] = over(c, mask: UInt64(m), onto: row[i])
                }
            }
            su &+= du; sv &+= dv
            i &+= 1
        }
    }

    /// - Parameters:
    ///   - source: premultiplied ARGB32 pixels, `sourceWidth` × `sourceHeight`, `sourceStride` bytes a row.
    ///   - toSource: target pixel coordinates → source pixel coordinates (pixel centres at +0.5).
    ///   - target: the target's first pixel, `targetStride` bytes a row; `box` is in target pixels.
    ///   - mask: A8 coverage of `box`, `maskStride` bytes a row; 0 leaves the pixel untouched.
    ///   - opaque: the source is opaque everywhere, so fully covered pixels are stored, not blended.
    ///
    /// Spans of 32, 16, 8, 4 or 2 pixels step linearly between exact positions at their ends
    /// (no division per pixel) when the exact midpoint is within 0.06 texel of the straight
    /// line (the texture path's tolerance); otherwise (next to the eye plane) each pixel is
    /// mapped exactly.
    static func composite(source: UnsafePointer<UInt8>, sourceWidth: Int, sourceHeight: Int, sourceStride: Int,
                          toSource g: Homography, target: UnsafeMutablePointer<UInt8>, targetStride: Int,
                          box: PixelRect, mask: UnsafePointer<UInt8>, maskStride: Int, opaque: Bool) {
        guard sourceWidth > 0, sourceHeight > 0, !box.isEmpty else { return }
        let maxU = Double(sourceWidth - 1), maxV = Double(sourceHeight - 1)
        let lastColumn = sourceWidth - 1, lastRow = sourceHeight - 1
        let maxFixedU = Int(maxU * 65536), maxFixedV = Int(maxV * 65536)
        // The error the tiled-affine texture path allows (texels); at 1/64 the spans halve.
        let tolerance = PerspectiveDrawing.tolerance

        /// Source position of the centre of target pixel (x, y), relative to source pixel
        /// centres (bilinear weights come straight from its fraction); nil behind the eye.
        func exact(_ x: Int, _ y: Int) -> (u: Double, v: Double)? {
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let w = px * g.h13 + py * g.h23 + g.h33
            guard w > 0 else { return nil }
            let r = 1 / w
            let u = (px * g.h11 + py * g.h21 + g.h31) * r - 0.5, v = (px * g.h12 + py * g.h22 + g.h32) * r - 0.5
            return u.isFinite && v.isFinite ? (u, v) : nil
        }

        // The spans of one row: where each starts, how long it is and how the source position
        // steps along it (16.16), or that its pixels are mapped one by one (not linear).
        struct Span {
            var x: Int, n: Int, fu: Int, fv: Int, du: Int, dv: Int, linear: Bool
        }

        /// Splits row `y` into spans from the box's left edge, each as long as it can be while
        /// straight enough (the decisions, and so the bytes, do not depend on the traversal below).
        func spans(ofRow y: Int, into list: inout [Span]) {
            list.removeAll(keepingCapacity: true)
            var x = box.x0
            var start = exact(x, y)
            while x < box.x1 {
                // The longest span (32, 16, 8, 4 or 2 pixels) that is straight enough.
                var n = min(32, box.x1 - x)
                var end = exact(x + n, y)
                var linear = false
                while let a = start, let b = end {
                    if n < 2 { linear = true; break }
                    if let mid = exact(x + n / 2, y) {
                        let k = Double(n / 2) / Double(n)
                        if abs(mid.u - (a.u + (b.u - a.u) * k)) <= tolerance && abs(mid.v - (a.v + (b.v - a.v) * k)) <= tolerance {
                            linear = true
                            break
                        }
                    }
                    if n <= 2 { break }
                    n /= 2
                    end = exact(x + n, y)
                }
                var fu = 0, fv = 0, du = 0, dv = 0
                if linear, let a = start, let b = end {
                    fu = Int(a.u * 65536); fv = Int(a.v * 65536)
                    du = Int((b.u - a.u) * 65536 / Double(n)); dv = Int((b.v - a.v) * 65536 / Double(n))
                }
                list.append(Span(x: x, n: n, fu: fu, fv: fv, du: du, dv: dv, linear: linear))
                x += n
                start = end
            }
        }

        /// Pixels `from ..< to` of `span` on row `y`.
        func draw(_ span: Span, from x0: Int, to x1: Int, y: Int, row: UnsafeMutablePointer<UInt32>, maskRow: UnsafePointer<UInt8>) {
            let fu = span.fu &+ (x0 &- span.x) &* span.du, fv = span.fv &+ (x0 &- span.x) &* span.dv
            let du = span.du, dv = span.dv, linear = span.linear
            // Fast path: a straight stretch whose every position lies strictly inside the
            // image (not on its last column or row), so the clamps are no-ops and the four
            // texels are always (iu, iv) … (iu + 1, iv + 1): the same arithmetic, fewer steps.
            let lastU = fu &+ (x1 &- x0 &- 1) &* du, lastV = fv &+ (x1 &- x0 &- 1) &* dv
            if linear && min(fu, lastU) >= 0 && max(fu, lastU) < maxFixedU && min(fv, lastV) >= 0 && max(fv, lastV) < maxFixedV {
                interiorSpan(source: source, stride: sourceStride, row: row, mask: maskRow, from: x0, to: x1,
                             fu: fu, fv: fv, du: du, dv: dv, opaque: opaque)
                return
            }
            var su0 = fu, sv0 = fv
            for i in x0 ..< x1 {
                let m = UInt64(maskRow[i])
                if m != 0 {
                    var su = su0, sv = sv0
                    if !linear {
                        // Behind the eye: the first texel (only anti-aliased fringe pixels get here).
                        let p = exact(i, y) ?? (0, 0)
                        su = Int((p.u > 0 ? (p.u < maxU ? p.u : maxU) : 0) * 65536)
                        sv = Int((p.v > 0 ? (p.v < maxV ? p.v : maxV) : 0) * 65536)
                    }
                    su = su < 0 ? 0 : (su > maxFixedU ? maxFixedU : su)
                    sv = sv < 0 ? 0 : (sv > maxFixedV ? maxFixedV : sv)
                    let c = sample(source, sourceStride, su, sv, lastColumn, lastRow)
                    if m == 255 && opaque {
                        row[i] = pack(c)
                    } else {
                        row[i] = over(c, mask: m, onto: row[i])
                    }
                }
                su0 &+= du; sv0 &+= dv
            }
        }

        // Tiles of `bandHeight` rows × `tileWidth` columns: a row of the target can cross the
        // source steeply (a screen turning about y reads a slanted line of it), so going row by
        // row across the whole box touches a new source cache line and page at almost every
        // pixel; within a tile, the rows above have just read the same lines.
        let bandHeight = 32, tileWidth = 64
        var rowSpans = [[Span]](repeating: [], count: bandHeight)
        var band = box.y0
        while band < box.y1 {
            let bandEnd = min(band + bandHeight, box.y1)
            for y in band ..< bandEnd { spans(ofRow: y, into: &rowSpans[y - band]) }
            var next = [Int](repeating: 0, count: bandEnd - band)   // first span not yet finished, per row
            var tile = box.x0
            while tile < box.x1 {
                let tileEnd = min(tile + tileWidth, box.x1)
                for y in band ..< bandEnd {
                    let maskRow = mask + ((y &- box.y0) &* maskStride &- box.x0)
                    let row = UnsafeMutableRawPointer(target + y &* targetStride).assumingMemoryBound(to: UInt32.self)
                    let list = rowSpans[y - band]
                    var k = next[y - band]
                    while k < list.count {
                        let span = list[k]
                        let a = max(span.x, tile), b = min(span.x + span.n, tileEnd)
                        if a < b { draw(span, from: a, to: b, y: y, row: row, maskRow: maskRow) }
                        if span.x + span.n > tileEnd { break }
                        k += 1
                    }
                    next[y - band] = k
                }
                tile = tileEnd
            }
            band = bandEnd
        }
    }
}
