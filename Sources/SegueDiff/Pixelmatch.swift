// SPDX-License-Identifier: Apache-2.0
import SegueDecode

/// The options of pixelmatch (mapbox/pixelmatch 7.2.0) that change its count.
///
/// Segue's comparison reproduces pixelmatch's numbers: the YIQ colour distance of Kotsarenko and
/// Ramos with pixelmatch's coefficients, the limit `35215 × threshold²` on that squared distance,
/// the anti-aliasing detector of Vyšniauskas (`antialiased` / `hasManySiblings`, with the same
/// neighbour order and tie-breaking), and the blending of translucent pixels over a background:
/// by default pixelmatch 7's position-dependent checkerboard (introduced in 7.0.0 and still the
/// default in 7.2.0), or white with `.white` — 7.2.0's `checkerboard: false`, and every version
/// before 7.0.
/// Floating-point operations happen in the same order as in pixelmatch's JavaScript, so even
/// pixels exactly at the limit are classified the same way.
public struct PixelmatchOptions: Sendable, Equatable, Codable {
    /// 0 … 1; smaller is more sensitive. pixelmatch's default, 0.1.
    public var threshold: Double
    /// Count anti-aliased pixels as differences instead of leaving them out.
    public var includeAA: Bool
    /// Opacity of the expected image under the diff output's marks (pixelmatch's `alpha`).
    public var alpha: Double
    /// What translucent pixels are blended over before their colours are compared.
    public var background: Background

    public enum Background: String, Sendable, Codable, CaseIterable {
        /// White: pixelmatch ≤ 6, and 7.2.0 with `checkerboard: false`.
        case white
        /// pixelmatch 7's pattern: per byte offset k, channel values 48 or 207.
        case checkerboard
    }

    public init(threshold: Double = 0.1, includeAA: Bool = false, alpha: Double = 0.1, background: Background = .checkerboard) {
        self.threshold = threshold; self.includeAA = includeAA; self.alpha = alpha; self.background = background
    }

    /// The largest squared YIQ distance that still counts as equal: `35215 × threshold²`
    /// (35215 is the distance between black and white).
    public var maxDelta: Double { 35215 * threshold * threshold }
}

/// What one comparison found.
public struct PixelmatchCount: Sendable, Equatable {
    /// Pixels whose colour distance exceeds the limit and that are not anti-aliasing
    /// (pixelmatch's return value).
    public var mismatched: Int
    /// Pixels over the limit that were judged anti-aliasing and not counted (0 with includeAA).
    public var antialiased: Int
}

/// pixelmatch's algorithm on straight RGBA buffers of equal size.
public enum Pixelmatch {
    /// Compares two equally sized images. With `output` (width × height × 4 bytes), draws
    /// pixelmatch's diff image into it: counted pixels red, anti-aliased ones yellow, the rest
    /// the expected image in grey, faded towards white (`alpha`).
    public static func compare(_ img1: RGBAFrame, _ img2: RGBAFrame, options: PixelmatchOptions = .init(),
                               output: UnsafeMutableBufferPointer<UInt8>? = nil) -> PixelmatchCount {
        precondition(img1.width == img2.width && img1.height == img2.height, "pixelmatch compares images of one size")
        return img1.pixels.withUnsafeBufferPointer { a in
            img2.pixels.withUnsafeBufferPointer { b in
                compare(a, b, width: img1.width, height: img1.height, options: options, output: output)
            }
        }
    }

    /// The diff image alone (opaque RGBA).
    public static func diffImage(_ img1: RGBAFrame, _ img2: RGBAFrame, options: PixelmatchOptions = .init()) -> (RGBAFrame, PixelmatchCount) {
        var out = [UInt8](repeating: 0, count: img1.width * img1.height * 4)
        let count = out.withUnsafeMutableBufferPointer { compare(img1, img2, options: options, output: $0) }
        return (RGBAFrame(width: img1.width, height: img1.height, pixels: out), count)
    }

    public static func compare(_ img1: UnsafeBufferPointer<UInt8>, _ img2: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                               options: PixelmatchOptions, output: UnsafeMutableBufferPointer<UInt8>?) -> PixelmatchCount {
        let len = width * height
        precondition(img1.count >= len * 4 && img2.count >= len * 4 && (output?.count ?? len * 4) >= len * 4)
        let checker = options.background == .checkerboard

        var identical = true
        for i in 0 ..< len where word(img1, i) != word(img2, i) { identical = false; break }
        if identical {
            if let output { for i in 0 ..< len { drawGrayPixel(img1, i * 4, options.alpha, output) } }
            return PixelmatchCount(mismatched: 0, antialiased: 0)
        }

        let maxDelta = options.maxDelta
        var diff = 0, aa = 0
        for y in 0 ..< height {
            for x in 0 ..< width {
                let i = y * width + x
                let pos = i * 4
                let delta = word(img1, i) == word(img2, i) ? 0 : colorDelta(img1, img2, pos, pos, yOnly: false, checkerboard: checker)
                if abs(delta) > maxDelta {
                    let isAA = !options.includeAA && (antialiased(img1, x, y, width, height, img1, img2, checker)
                        || antialiased(img2, x, y, width, height, img2, img1, checker))
                    if isAA {
                        aa += 1
                        if let output { drawPixel(output, pos, 255, 255, 0) }
                    } else {
                        diff += 1
                        if let output { drawPixel(output, pos, 255, 0, 0) }
                    }
                } else if let output {
                    drawGrayPixel(img1, pos, options.alpha, output)
                }
            }
        }
        return PixelmatchCount(mismatched: diff, antialiased: aa)
    }

    /// The four bytes of pixel `i` as one number (pixelmatch's Uint32Array view).
    @inline(__always)
    static func word(_ img: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        UnsafeRawPointer(img.baseAddress! + i * 4).loadUnaligned(as: UInt32.self)
    }

    /// Squared YIQ distance between pixel `k` of img1 and pixel `m` of img2, negative when img2's
    /// pixel is lighter; with `yOnly`, the signed brightness difference alone.
    /// Translucent pixels are blended over the background at byte offset `k`.
    @inline(__always)
    static func colorDelta(_ img1: UnsafeBufferPointer<UInt8>, _ img2: UnsafeBufferPointer<UInt8>, _ k: Int, _ m: Int,
                           yOnly: Bool, checkerboard: Bool) -> Double {
        let r1 = Double(img1[k]), g1 = Double(img1[k + 1]), b1 = Double(img1[k + 2]), a1 = Double(img1[k + 3])
        let r2 = Double(img2[m]), g2 = Double(img2[m + 1]), b2 = Double(img2[m + 2]), a2 = Double(img2[m + 3])
        var dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        let da = a1 - a2
        if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
        if a1 < 255 || a2 < 255 {
            var rb = 255.0, gb = 255.0, bb = 255.0
            if checkerboard {
                rb = Double(48 + 159 * (k % 2))
                gb = Double(48 + 159 * (Int(Double(k) / 1.618033988749895) % 2))
                bb = Double(48 + 159 * (Int(Double(k) / 2.618033988749895) % 2))
            }
            dr = (r1 * a1 - r2 * a2 - rb * da) / 255
            dg = (g1 * a1 - g2 * a2 - gb * da) / 255
            db = (b1 * a1 - b2 * a2 - bb * da) / 255
        }
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        if yOnly { return y }
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    /// Whether pixel (x1, y1) of `img` looks like anti-aliasing: among its 8 neighbours at most
    /// two equal it, some are darker and some brighter, and the darkest or the brightest
    /// neighbour sits in a flat area (3+ equal neighbours) in both images.
    static func antialiased(_ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
                            _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ checkerboard: Bool) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = y1 * width + x1
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0 ... x2 {
            for y in y0 ... y2 {
                if x == x1 && y == y1 { continue }
                let delta = colorDelta(img, img, pos * 4, (y * width + x) * 4, yOnly: true, checkerboard: checkerboard)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta; minX = x; minY = y
                } else if delta > maxDelta {
                    maxDelta = delta; maxX = x; maxY = y
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(a, minX, minY, width, height) && hasManySiblings(b, minX, minY, width, height))
            || (hasManySiblings(a, maxX, maxY, width, height) && hasManySiblings(b, maxX, maxY, width, height))
    }

    /// Whether pixel (x1, y1) has 3 or more neighbours of exactly its RGBA value
    /// (a pixel on the image's edge starts with one).
    static func hasManySiblings(_ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let value = word(img, y1 * width + x1)
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0 ... x2 {
            for y in y0 ... y2 {
                if x == x1 && y == y1 { continue }
                if value == word(img, y * width + x) { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    @inline(__always)
    static func drawPixel(_ output: UnsafeMutableBufferPointer<UInt8>, _ pos: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        output[pos] = r; output[pos + 1] = g; output[pos + 2] = b; output[pos + 3] = 255
    }

    /// The expected pixel's brightness, faded towards white: 255 + (Y − 255) × alpha × a / 255,
    /// truncated as a Uint8Array store truncates.
    @inline(__always)
    static func drawGrayPixel(_ img: UnsafeBufferPointer<UInt8>, _ i: Int, _ alpha: Double, _ output: UnsafeMutableBufferPointer<UInt8>) {
        let luma = Double(img[i]) * 0.29889531 + Double(img[i + 1]) * 0.58662247 + Double(img[i + 2]) * 0.11448223
        let value = 255 + (luma - 255) * alpha * Double(img[i + 3]) / 255
        let v = UInt8(max(0, min(255, value)))
        drawPixel(output, i, v, v, v)
    }
}
