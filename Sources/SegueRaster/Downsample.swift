import Foundation

extension RasterImage {
    /// The image shrunk to `width` × `height` with an area-average (box) filter: each output
    /// pixel is the mean of the source pixels it covers, partly covered ones weighted by the
    /// part covered, in premultiplied BGRA (so edges against transparency stay right). Separable
    /// (rows, then columns) and in a fixed order, so the result is the same on every run. Used
    /// to make contact-sheet thumbnails from frames rendered larger, so that small text reads
    /// like a shrunken screenshot instead of being drawn at a few pixels.
    public func downsampled(width dw: Int, height dh: Int) -> RasterImage {
        precondition(dw > 0 && dh > 0, "an empty image")
        if dw == width && dh == height { return self }
        let xs = Self.boxWeights(from: width, to: dw), ys = Self.boxWeights(from: height, to: dh)
        // Rows first: width × height → dw × height, in Double.
        var rows = [Double](repeating: 0, count: dw * height * 4)
        pixels.withUnsafeBufferPointer { src in
            rows.withUnsafeMutableBufferPointer { out in
                for y in 0 ..< height {
                    let row = y * bytesPerRow, o = y * dw * 4
                    for x in 0 ..< dw {
                        var b = 0.0, g = 0.0, r = 0.0, a = 0.0
                        for (i, wt) in xs[x] {
                            let p = row + i * 4
                            b += Double(src[p]) * wt; g += Double(src[p + 1]) * wt; r += Double(src[p + 2]) * wt; a += Double(src[p + 3]) * wt
                        }
                        out[o + x * 4] = b; out[o + x * 4 + 1] = g; out[o + x * 4 + 2] = r; out[o + x * 4 + 3] = a
                    }
                }
            }
        }
        // Then columns: dw × height → dw × dh, rounded to bytes.
        var px = [UInt8](repeating: 0, count: dw * dh * 4)
        rows.withUnsafeBufferPointer { src in
            px.withUnsafeMutableBufferPointer { out in
                for y in 0 ..< dh {
                    for c in 0 ..< dw * 4 {
                        var v = 0.0
                        for (i, wt) in ys[y] { v += src[i * dw * 4 + c] * wt }
                        out[y * dw * 4 + c] = UInt8(min(max((v + 0.5).rounded(.down), 0), 255))
                    }
                }
            }
        }
        return RasterImage(width: dw, height: dh, bytesPerRow: dw * 4, pixels: px)
    }

    /// For each of `n` output pixels, the source pixels (of `m`) it covers and their weights,
    /// which add up to 1.
    static func boxWeights(from m: Int, to n: Int) -> [[(Int, Double)]] {
        let ratio = Double(m) / Double(n)
        return (0 ..< n).map { o in
            let lo = Double(o) * ratio, hi = Double(o + 1) * ratio
            var out: [(Int, Double)] = []
            var i = Int(lo.rounded(.down))
            while Double(i) < hi - 1e-12 && i < m {
                let cover = min(hi, Double(i + 1)) - max(lo, Double(i))
                if cover > 1e-12 { out.append((i, cover / ratio)) }
                i += 1
            }
            if out.isEmpty { out = [(min(Int(lo), m - 1), 1)] }
            return out
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
