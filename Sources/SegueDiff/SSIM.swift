// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDecode

/// Structural similarity (Wang, Bovik, Sheikh, Simoncelli 2004) on luma.
///
/// - Luma: each straight RGBA pixel is first blended over white (as pixelmatch blends), giving
///   R′G′B′ from 0 to 255 without rounding, then Y′ = 0.299 R′ + 0.587 G′ + 0.114 B′ — BT.601
///   weights on the gamma-encoded (sRGB) values, the luma of MATLAB's `rgb2gray` and of
///   FFmpeg's full-range (`yuvj`) BT.601 conversion, kept as a real number.
/// - Window: 11 × 11 Gaussian, σ = 1.5, normalised to sum 1; statistics are weighted means over
///   the window, placed only where it fits inside the image ("valid"); no down-sampling.
/// - Constants: L = 255, K1 = 0.01, K2 = 0.03, so C1 = (K1·L)², C2 = (K2·L)².
/// - Result: the mean of the SSIM map. This is `skimage.metrics.structural_similarity` with
///   `gaussian_weights=True, sigma=1.5, use_sample_covariance=False, data_range=255`.
///
/// Images smaller than 11 px on a side use the largest odd window that fits (same σ).
public enum SSIM {
    public static let windowSize = 11
    public static let sigma = 1.5
    public static let k1 = 0.01, k2 = 0.03
    public static let dynamicRange = 255.0

    /// One line for reports: which SSIM this is.
    public static let definition = "SSIM (Wang et al. 2004): 11x11 Gaussian window, sigma 1.5, K1 0.01, K2 0.03, L 255, valid windows, mean of the map; on BT.601 luma Y' = 0.299 R' + 0.587 G' + 0.114 B' of the sRGB values after blending over white"

    /// Y′ of every pixel, row by row.
    public static func luma(_ image: RGBAFrame) -> [Double] {
        var out = [Double](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { px in
            for i in 0 ..< out.count {
                let a = Double(px[i * 4 + 3]) / 255
                let r = 255 + (Double(px[i * 4]) - 255) * a
                let g = 255 + (Double(px[i * 4 + 1]) - 255) * a
                let b = 255 + (Double(px[i * 4 + 2]) - 255) * a
                out[i] = 0.299 * r + 0.587 * g + 0.114 * b
            }
        }
        return out
    }

    /// The normalised 1-D Gaussian of `size` taps (the 2-D window is its outer product).
    public static func gaussian(size: Int, sigma: Double = SSIM.sigma) -> [Double] {
        let half = size / 2
        let raw = (0 ..< size).map { i -> Double in
            let d = Double(i - half)
            return exp(-(d * d) / (2 * sigma * sigma))
        }
        let sum = raw.reduce(0, +)
        return raw.map { $0 / sum }
    }

    /// Mean SSIM of two equally sized images.
    public static func compute(_ a: RGBAFrame, _ b: RGBAFrame) -> Double {
        precondition(a.width == b.width && a.height == b.height, "SSIM compares images of one size")
        return compute(luma(a), luma(b), width: a.width, height: a.height)
    }

    /// Mean SSIM of two luma planes (values 0 … 255).
    public static func compute(_ x: [Double], _ y: [Double], width: Int, height: Int) -> Double {
        guard width > 0, height > 0 else { return 1 }
        var size = min(windowSize, width, height)
        if size % 2 == 0 { size -= 1 }
        let w = gaussian(size: size)
        let c1 = (k1 * dynamicRange) * (k1 * dynamicRange)
        let c2 = (k2 * dynamicRange) * (k2 * dynamicRange)
        let ow = width - size + 1, oh = height - size + 1

        // Horizontal pass: weighted sums of x, y, x², y², xy along each row.
        var hx = [Double](repeating: 0, count: ow * height), hy = hx, hxx = hx, hyy = hx, hxy = hx
        x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                for row in 0 ..< height {
                    let base = row * width
                    for col in 0 ..< ow {
                        var sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
                        for k in 0 ..< size {
                            let p = xs[base + col + k], q = ys[base + col + k], wk = w[k]
                            sx += wk * p; sy += wk * q
                            sxx += wk * p * p; syy += wk * q * q; sxy += wk * p * q
                        }
                        let o = row * ow + col
                        hx[o] = sx; hy[o] = sy; hxx[o] = sxx; hyy[o] = syy; hxy[o] = sxy
                    }
                }
            }
        }
        // Vertical pass and the SSIM map, summed.
        var total = 0.0
        for row in 0 ..< oh {
            for col in 0 ..< ow {
                var mx = 0.0, my = 0.0, exx = 0.0, eyy = 0.0, exy = 0.0
                for k in 0 ..< size {
                    let o = (row + k) * ow + col, wk = w[k]
                    mx += wk * hx[o]; my += wk * hy[o]
                    exx += wk * hxx[o]; eyy += wk * hyy[o]; exy += wk * hxy[o]
                }
                let vx = exx - mx * mx, vy = eyy - my * my, cxy = exy - mx * my
                total += ((2 * mx * my + c1) * (2 * cxy + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
            }
        }
        return total / Double(ow * oh)
    }
}
