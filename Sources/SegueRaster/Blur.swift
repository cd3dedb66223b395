// SPDX-License-Identifier: Apache-2.0
import SegueDisplayList
import SegueGeometry
import SegueScene
import CCairo
import Foundation

// `blur:` layers (UIVisualEffectView with a UIBlurEffect). The effect replaces what has been
// composited behind the layer so far, within its rounded bounds, by that backdrop blurred with
// a Gaussian, saturated, and tinted; the layer's opacity fades between the two. It is drawn
// above the layer's own background (which UIKit draws beneath the effect) and below its
// gradient, contents and sublayers (the effect view's contentView).
//
// The backdrop is what the current target holds: inside an offscreen plane (a layer in
// perspective) that is the plane's own content, not the screen behind it.

/// The blur's arithmetic, in one place for the docs and the browser test.
public enum BackdropBlur {
    /// Above this many pixels of standard deviation the backdrop is averaged down by an integer
    /// factor first, so the blur runs on a few pixels per σ (a wide blur has nothing finer).
    static let pixelsPerSigma = 4.0
    /// The CSS `backdrop-filter: blur()` length that draws the same Gaussian: CSS's blur()
    /// takes the standard deviation itself.
    public static func cssBlurLength(radius: Double) -> Double { radius }

    /// Widths of three box blurs whose repetition approximates a Gaussian of `sigma` (Kovesi,
    /// "Fast almost-Gaussian filtering", 2010): odd widths, so each box is centred.
    static func boxWidths(sigma: Double) -> [Int] {
        guard sigma > 0 else { return [] }
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let l = Double(lower)
        let m = Int(((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded())
        return (0 ..< 3).map { $0 < m ? lower : upper }
    }

    /// One box blur of width `w` (odd) along rows of `count` floats spaced `step` apart,
    /// edges replicated, from `src` into `dst`.
    @inline(__always)
    static func box(_ src: UnsafeMutablePointer<Float>, _ dst: UnsafeMutablePointer<Float>, count: Int, step: Int, width w: Int) {
        let r = w / 2
        let inv = 1 / Float(w)
        var acc: Float = 0
        for i in -r ... r { acc += src[min(max(i, 0), count - 1) * step] }
        for i in 0 ..< count {
            dst[i * step] = acc * inv
            acc += src[min(i + r + 1, count - 1) * step] - src[max(i - r, 0) * step]
        }
    }
}

extension FrameRenderer {
    /// Blurs the backdrop under the node's rounded bounds, through the affine map `h`.
    func drawBlur(_ node: DisplayNode, _ h: Homography, alpha: Double) throws {
        guard let effect = node.blur, effect.isVisible, h.isAffine, alpha > 0, Self.hasArea(node.bounds) else { return }
        let mag = PlaneGeometry.maxMagnification(h, at: PlaneGeometry.nearClipped(node.bounds.corners, h))
        let poly = projectedRoundedRect(node.bounds, radius: node.content.cornerRadius, h: h, magnification: mag,
                                        style: node.content.cornerStyle)
        guard poly.count >= 3, let enclosing = PixelRect(enclosing: poly) else { return }
        let box = enclosing.intersection(clipBox).intersection(target.canvasRect)
        guard !box.isEmpty else { return }
        let pixelsPerPoint = (abs(h.h11 * h.h22 - h.h12 * h.h21)).squareRoot() / h.h33
        let sigma = max(0, effect.radius * pixelsPerPoint)
        guard sigma.isFinite else { return }
        let f = sigma > 2 * BackdropBlur.pixelsPerSigma ? max(1, Int((sigma / BackdropBlur.pixelsPerSigma).rounded(.down))) : 1
        let reach = Int((3 * sigma).rounded(.up))
        // The backdrop region, on a grid of f × f blocks starting at the box's corner less the reach.
        let x0 = box.x0 - ((reach + f - 1) / f) * f, y0 = box.y0 - ((reach + f - 1) / f) * f
        let w = (box.x1 + reach - x0 + f - 1) / f, hgt = (box.y1 + reach - y0 + f - 1) / f
        guard w >= 1, hgt >= 1, w * hgt <= PlaneLayout.maxPixels else { return }

        let planes = planeBuffers.take(byteCount: w * hgt * 4 * MemoryLayout<Float>.size * 2)
        defer { planeBuffers.give(planes) }
        let a = planes.baseAddress!.assumingMemoryBound(to: Float.self)
        let b = a + w * hgt * 4
        // Average f × f blocks of the target (premultiplied), edges replicated beyond it.
        cairo_surface_flush(target.surface)
        guard let data = cairo_image_surface_get_data(target.surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(target.surface))
        let tw = target.width, th = target.height
        let inv = 1 / Float(f * f)
        for j in 0 ..< hgt {
            for i in 0 ..< w {
                var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0
                for dy in 0 ..< f {
                    let ty = min(max(y0 + j * f + dy - target.originY, 0), th - 1)
                    let row = data + ty * stride
                    for dx in 0 ..< f {
                        let tx = min(max(x0 + i * f + dx - target.originX, 0), tw - 1)
                        let p = row + tx * 4
                        s0 += Float(p[0]); s1 += Float(p[1]); s2 += Float(p[2]); s3 += Float(p[3])
                    }
                }
                let o = (j * w + i) * 4
                a[o] = s0 * inv; a[o + 1] = s1 * inv; a[o + 2] = s2 * inv; a[o + 3] = s3 * inv
            }
        }
        // Three box blurs along rows, then along columns, per channel.
        for width in BackdropBlur.boxWidths(sigma: sigma / Double(f)) {
            for j in 0 ..< hgt {
                for c in 0 ..< 4 { BackdropBlur.box(a + j * w * 4 + c, b + j * w * 4 + c, count: w, step: 4, width: width) }
            }
            for i in 0 ..< w {
                for c in 0 ..< 4 { BackdropBlur.box(b + i * 4 + c, a + i * 4 + c, count: hgt, step: w * 4, width: width) }
            }
        }
        // Saturation (the CSS Filter Effects saturate() matrix, linear so it applies to
        // premultiplied values), then the tint over it, into ARGB32 bytes.
        let s = Float(effect.saturation)
        let m: [Float] = [0.2126 + 0.7874 * s, 0.7152 - 0.7152 * s, 0.0722 - 0.0722 * s,
                          0.2126 - 0.2126 * s, 0.7152 + 0.2848 * s, 0.0722 - 0.0722 * s,
                          0.2126 - 0.2126 * s, 0.7152 - 0.7152 * s, 0.0722 + 0.9278 * s]
        let ta = Float(clamp01(effect.tint.alpha))
        let tr = Float(clamp01(effect.tint.red)) * ta * 255, tg = Float(clamp01(effect.tint.green)) * ta * 255
        let tb = Float(clamp01(effect.tint.blue)) * ta * 255
        let outStride = w * 4
        let bytes = planeBuffers.take(byteCount: outStride * hgt)
        defer { planeBuffers.give(bytes) }
        let out = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        for k in 0 ..< w * hgt {
            let o = k * 4
            // Little-endian ARGB32: bytes are B, G, R, A.
            let bl = a[o], gr = a[o + 1], rd = a[o + 2], al = a[o + 3]
            var r2 = m[0] * rd + m[1] * gr + m[2] * bl
            var g2 = m[3] * rd + m[4] * gr + m[5] * bl
            var b2 = m[6] * rd + m[7] * gr + m[8] * bl
            r2 = min(max(r2, 0), al); g2 = min(max(g2, 0), al); b2 = min(max(b2, 0), al)
            let keep = 1 - ta
            out[o] = UInt8(min(max((tb + b2 * keep).rounded(), 0), 255))
            out[o + 1] = UInt8(min(max((tg + g2 * keep).rounded(), 0), 255))
            out[o + 2] = UInt8(min(max((tr + r2 * keep).rounded(), 0), 255))
            out[o + 3] = UInt8(min(max((ta * 255 + al * keep).rounded(), 0), 255))
        }
        let image = try RenderTarget.make(data: bytes.baseAddress!, stride: outStride, rect: PixelRect(x0: 0, y0: 0, x1: w, y1: hgt))
        defer { image.destroy() }
        cairo_surface_mark_dirty(image.surface)

        let cr = makeContext()
        defer { cairo_destroy(cr) }
        addPath(cr, poly)
        cairo_clip(cr)
        let pattern = cairo_pattern_create_for_surface(image.surface)
        defer { cairo_pattern_destroy(pattern) }
        // Canvas pixels → blocks.
        var pm = cairo_matrix_t(xx: 1 / Double(f), yx: 0, xy: 0, yy: 1 / Double(f), x0: -Double(x0) / Double(f), y0: -Double(y0) / Double(f))
        cairo_pattern_set_matrix(pattern, &pm)
        cairo_pattern_set_filter(pattern, f == 1 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        // SOURCE through the clip and alpha: the backdrop fades into its blurred self.
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint_with_alpha(cr, clamp01(alpha))
    }
}
