// SPDX-License-Identifier: Apache-2.0
import SegueDecode

// Segue counts changed pixels with the conventions pixelmatch documents (its options, their
// defaults, its diff image), built from the two papers pixelmatch cites:
// - Kotsarenko & Ramos (2009), "Measuring perceived color difference using YIQ NTSC transmission
//   color space in mobile applications": colours are compared in YIQ, with luma weighted most;
// - Vyšniauskas (2009), "Anti-aliased pixel and intensity slope detector": a changed pixel is
//   left out when it sits on an intensity slope between two flat regions, which is what
//   anti-aliasing leaves behind.
// A test checks the counts and diff images against an independent implementation (the PyPI
// package `pixelmatch`), so the order of floating-point operations below is part of the contract.

/// The settings of one comparison, named and defaulted as pixelmatch documents them.
public struct PixelmatchOptions: Sendable, Equatable, Codable {
    /// 0 … 1; smaller is more sensitive. Default 0.1.
    public var threshold: Double
    /// Count pixels judged to be anti-aliasing too. Default false (they are left out).
    public var includeAA: Bool
    /// How strongly the expected image shows through the diff image's unchanged pixels:
    /// 0 is white, 1 the expected image's full luma. Default 0.1.
    public var alpha: Double
    /// What translucent pixels are seen over before their colours are compared.
    public var background: Background
    /// Diff-image colour of pixels left out as anti-aliasing. Default yellow.
    public var aaColor: RGB
    /// Diff-image colour of counted pixels. Default red.
    public var diffColor: RGB
    /// When set, counted pixels that are darker in the actual image take this colour instead,
    /// so added dark marks and removed ones can be told apart. Default unset.
    public var diffColorAlt: RGB?
    /// Draw only the marks, on a transparent image, instead of over the faded expected image.
    public var diffMask: Bool

    public struct RGB: Sendable, Equatable, Codable {
        public var red: UInt8, green: UInt8, blue: UInt8
        public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) { self.red = red; self.green = green; self.blue = blue }
    }

    public enum Background: String, Sendable, Codable, CaseIterable {
        /// Opaque white: every pixelmatch release before 7.
        case white
        /// A fixed pattern of dark and light channels that depends on the pixel's position, so a
        /// translucent pixel differs from an opaque one of its own colour (pixelmatch 7's default).
        case checkerboard
    }

    public init(threshold: Double = 0.1, includeAA: Bool = false, alpha: Double = 0.1, background: Background = .checkerboard,
                aaColor: RGB = RGB(255, 255, 0), diffColor: RGB = RGB(255, 0, 0), diffColorAlt: RGB? = nil, diffMask: Bool = false) {
        self.threshold = threshold; self.includeAA = includeAA; self.alpha = alpha; self.background = background
        self.aaColor = aaColor; self.diffColor = diffColor; self.diffColorAlt = diffColorAlt; self.diffMask = diffMask
    }

    /// Settings written before the colours and the mask existed still read.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = PixelmatchOptions()
        self.init(threshold: try c.decodeIfPresent(Double.self, forKey: .threshold) ?? d.threshold,
                  includeAA: try c.decodeIfPresent(Bool.self, forKey: .includeAA) ?? d.includeAA,
                  alpha: try c.decodeIfPresent(Double.self, forKey: .alpha) ?? d.alpha,
                  background: try c.decodeIfPresent(Background.self, forKey: .background) ?? d.background,
                  aaColor: try c.decodeIfPresent(RGB.self, forKey: .aaColor) ?? d.aaColor,
                  diffColor: try c.decodeIfPresent(RGB.self, forKey: .diffColor) ?? d.diffColor,
                  diffColorAlt: try c.decodeIfPresent(RGB.self, forKey: .diffColorAlt),
                  diffMask: try c.decodeIfPresent(Bool.self, forKey: .diffMask) ?? d.diffMask)
    }

    /// The largest weighted YIQ distance (squared) that still counts as equal. The threshold is
    /// a fraction of 35215, the largest distance two 8-bit colours can have, and it is squared
    /// because the distance is.
    public var maxDelta: Double { 35215 * threshold * threshold }
}

/// What one comparison found.
public struct PixelmatchCount: Sendable, Equatable {
    /// Pixels over the limit that are not anti-aliasing: the number pixelmatch returns.
    public var mismatched: Int
    /// Pixels over the limit that were left out as anti-aliasing (always 0 with includeAA).
    public var antialiased: Int
}

// MARK: - Colour

/// A colour in NTSC's YIQ space: luma Y and the chroma axes I and Q.
struct YIQ: Equatable {
    var y: Double, i: Double, q: Double

    /// The NTSC RGB → YIQ matrix, to eight places.
    init(_ r: Double, _ g: Double, _ b: Double) {
        y = YIQ.luma(r, g, b)
        i = r * 0.59597799 - g * 0.27417610 - b * 0.32180189
        q = r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// Kotsarenko and Ramos's perceived difference, left squared: weights 0.5053, 0.299 and
    /// 0.1957 on the Y, I and Q differences.
    static func distance(_ a: YIQ, _ b: YIQ) -> Double {
        let dy = a.y - b.y, di = a.i - b.i, dq = a.q - b.q
        return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
    }
}

/// What a translucent pixel is composited over.
struct Backdrop {
    let kind: PixelmatchOptions.Background

    /// The backdrop under pixel number `index`. The checkerboard's three channels alternate
    /// between 48 and 207 with the pixel's byte offset k: red with k itself, green with k ÷ φ,
    /// blue with k ÷ φ². (k is a multiple of 4, so red stays 48: the pattern is green and blue.)
    @inline(__always)
    func under(_ index: Int) -> (Double, Double, Double) {
        switch kind {
        case .white: return (255, 255, 255)
        case .checkerboard:
            let k = index * 4
            func channel(_ phase: Int) -> Double { phase % 2 == 0 ? 48 : 207 }
            return (channel(k), channel(Int(Double(k) / 1.618033988749895)), channel(Int(Double(k) / 2.618033988749895)))
        }
    }
}

// MARK: - One image

/// Read-only view of straight RGBA bytes, one 32-bit word per pixel.
struct PixelGrid {
    let bytes: UnsafeBufferPointer<UInt8>
    let width: Int, height: Int

    @inline(__always) func word(_ index: Int) -> UInt32 {
        UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
    }

    /// The pixel's colour as seen over `backdrop` (source-over with its own alpha).
    @inline(__always) func seen(_ index: Int, over backdrop: (Double, Double, Double)) -> (Double, Double, Double) {
        let o = index * 4
        let r = Double(bytes[o]), g = Double(bytes[o + 1]), b = Double(bytes[o + 2]), a = bytes[o + 3]
        if a == 255 { return (r, g, b) }
        let coverage = Double(a) / 255
        return (backdrop.0 + (r - backdrop.0) * coverage,
                backdrop.1 + (g - backdrop.1) * coverage,
                backdrop.2 + (b - backdrop.2) * coverage)
    }

    @inline(__always) func yiq(_ index: Int, over backdrop: (Double, Double, Double)) -> YIQ {
        let c = seen(index, over: backdrop)
        return YIQ(c.0, c.1, c.2)
    }

    @inline(__always) func brightness(_ index: Int, over backdrop: (Double, Double, Double)) -> Double {
        let c = seen(index, over: backdrop)
        return YIQ.luma(c.0, c.1, c.2)
    }

    @inline(__always) func touchesEdge(_ x: Int, _ y: Int) -> Bool {
        x == 0 || y == 0 || x == width - 1 || y == height - 1
    }

    /// The in-image neighbours of (x, y): the 3 × 3 block around it clipped to the image,
    /// centre excluded, column by column from the left, each column top to bottom. The order
    /// decides which of two equally steep neighbours the slope detector picks.
    @inline(__always) func neighbours(_ x: Int, _ y: Int, _ visit: (Int) -> Void) {
        for nx in max(x - 1, 0) ... min(x + 1, width - 1) {
            for ny in max(y - 1, 0) ... min(y + 1, height - 1) where nx != x || ny != y {
                visit(ny * width + nx)
            }
        }
    }

    /// Whether (x, y) lies inside a flat region: at least three of its neighbours are exactly
    /// its colour. A pixel on the image's edge has one neighbour fewer to find, so the missing
    /// side counts as one equal neighbour.
    func isInFlatRegion(_ x: Int, _ y: Int) -> Bool {
        let centre = word(y * width + x)
        var equal = touchesEdge(x, y) ? 1 : 0
        neighbours(x, y) { if word($0) == centre { equal += 1 } }
        return equal >= 3
    }
}

// MARK: - Anti-aliasing

/// Vyšniauskas's test: a pixel is anti-aliasing when it lies on a slope of brightness between
/// a darker and a brighter neighbour, is not itself inside an area of even brightness, and the
/// slope's darkest or brightest end is a flat region in both images (the edge that was drawn).
func liesOnAntialiasedSlope(_ x: Int, _ y: Int, in image: PixelGrid, comparedWith other: PixelGrid,
                            backdrop: Backdrop) -> Bool {
    let index = y * image.width + x
    // Every sample in this neighbourhood is seen over the centre's backdrop.
    let under = backdrop.under(index)
    let centre = image.brightness(index, over: under)
    var evenNeighbours = image.touchesEdge(x, y) ? 1 : 0
    var steepestUp = 0.0, steepestDown = 0.0
    var upAt = -1, downAt = -1
    image.neighbours(x, y) { n in
        let step = centre - image.brightness(n, over: under)
        if step == 0 {
            evenNeighbours += 1
        } else if step < steepestUp {
            steepestUp = step; upAt = n
        } else if step > steepestDown {
            steepestDown = step; downAt = n
        }
    }
    guard evenNeighbours < 3, upAt >= 0, downAt >= 0 else { return false }
    func flatInBoth(_ n: Int) -> Bool {
        let nx = n % image.width, ny = n / image.width
        return image.isInFlatRegion(nx, ny) && other.isInFlatRegion(nx, ny)
    }
    return flatInBoth(upAt) || flatInBoth(downAt)
}

// MARK: - Comparison

/// Counts the pixels of two equally sized straight-RGBA images whose colours differ by more
/// than the threshold, and draws the diff image.
public enum Pixelmatch {
    /// Compares two equally sized images. With `output` (width × height × 4 bytes), draws the
    /// diff image into it: counted pixels in `diffColor`, anti-aliased ones in `aaColor`, the
    /// rest the expected image's luma faded towards white by `alpha` (or nothing with `diffMask`).
    public static func compare(_ img1: RGBAFrame, _ img2: RGBAFrame, options: PixelmatchOptions = .init(),
                               output: UnsafeMutableBufferPointer<UInt8>? = nil) -> PixelmatchCount {
        precondition(img1.width == img2.width && img1.height == img2.height, "pixelmatch compares images of one size")
        return img1.pixels.withUnsafeBufferPointer { a in
            img2.pixels.withUnsafeBufferPointer { b in
                compare(a, b, width: img1.width, height: img1.height, options: options, output: output)
            }
        }
    }

    /// The diff image alone: opaque RGBA, or transparent except for the marks with `diffMask`.
    public static func diffImage(_ img1: RGBAFrame, _ img2: RGBAFrame, options: PixelmatchOptions = .init()) -> (RGBAFrame, PixelmatchCount) {
        var canvas = [UInt8](repeating: 0, count: img1.width * img1.height * 4)
        let count = canvas.withUnsafeMutableBufferPointer { compare(img1, img2, options: options, output: $0) }
        return (RGBAFrame(width: img1.width, height: img1.height, pixels: canvas), count)
    }

    public static func compare(_ img1: UnsafeBufferPointer<UInt8>, _ img2: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                               options: PixelmatchOptions, output: UnsafeMutableBufferPointer<UInt8>?) -> PixelmatchCount {
        let pixels = width * height
        precondition(img1.count >= pixels * 4 && img2.count >= pixels * 4 && (output?.count ?? pixels * 4) >= pixels * 4)
        let expected = PixelGrid(bytes: img1, width: width, height: height)
        let actual = PixelGrid(bytes: img2, width: width, height: height)
        let backdrop = Backdrop(kind: options.background)
        let limit = options.maxDelta
        var found = PixelmatchCount(mismatched: 0, antialiased: 0)
        let marks = output.map { DiffCanvas(pixels: $0, options: options) }

        for index in 0 ..< pixels {
            guard expected.word(index) != actual.word(index) else {
                marks?.fade(index, from: expected)
                continue
            }
            let under = backdrop.under(index)
            let before = expected.yiq(index, over: under), after = actual.yiq(index, over: under)
            guard YIQ.distance(before, after) > limit else {
                marks?.fade(index, from: expected)
                continue
            }
            if !options.includeAA {
                let x = index % width, y = index / width
                if liesOnAntialiasedSlope(x, y, in: expected, comparedWith: actual, backdrop: backdrop)
                    || liesOnAntialiasedSlope(x, y, in: actual, comparedWith: expected, backdrop: backdrop) {
                    found.antialiased += 1
                    if !options.diffMask { marks?.paint(index, options.aaColor) }
                    continue
                }
            }
            found.mismatched += 1
            let darker = before.y > after.y
            marks?.paint(index, darker ? (options.diffColorAlt ?? options.diffColor) : options.diffColor)
        }
        return found
    }
}

/// The diff image being drawn.
struct DiffCanvas {
    let pixels: UnsafeMutableBufferPointer<UInt8>
    let options: PixelmatchOptions

    func paint(_ index: Int, _ colour: PixelmatchOptions.RGB) {
        let o = index * 4
        pixels[o] = colour.red; pixels[o + 1] = colour.green; pixels[o + 2] = colour.blue; pixels[o + 3] = 255
    }

    /// An unchanged pixel: the expected image's luma (its own alpha scaled by `alpha`) over
    /// white, cut to a byte as a typed-array store does. Nothing with `diffMask`.
    func fade(_ index: Int, from image: PixelGrid) {
        guard !options.diffMask else { return }
        let o = index * 4
        let luma = YIQ.luma(Double(image.bytes[o]), Double(image.bytes[o + 1]), Double(image.bytes[o + 2]))
        let strength = options.alpha * Double(image.bytes[o + 3]) / 255
        let level = 255 + (luma - 255) * strength
        let byte: UInt8 = level >= 255 ? 255 : level > 0 ? UInt8(level) : 0 // UInt8(_:) truncates
        paint(index, PixelmatchOptions.RGB(byte, byte, byte))
    }
}
