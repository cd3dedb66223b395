// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDecode

/// A colour in CIELAB (D65).
struct LabColor: Equatable {
    var l: Double, a: Double, b: Double

    /// 8-bit sRGB to CIELAB: the sRGB transfer curve (IEC 61966-2-1), the sRGB → XYZ matrix,
    /// and CIE 1976's L*a*b* against D65 white (the matrix's row sums, so white is exactly
    /// L* 100, a* = b* = 0).
    init(srgb r: UInt8, _ g: UInt8, _ b: UInt8) {
        let lr = LabColor.linear[Int(r)], lg = LabColor.linear[Int(g)], lb = LabColor.linear[Int(b)]
        let x = (0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / 0.9504700
        let y = (0.2126729 * lr + 0.7151522 * lg + 0.0721750 * lb) / 1.0000001
        let z = (0.0193339 * lr + 0.1191920 * lg + 0.9503041 * lb) / 1.0888300
        let fx = LabColor.f(x), fy = LabColor.f(y), fz = LabColor.f(z)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    init(l: Double, a: Double, b: Double) { self.l = l; self.a = a; self.b = b }

    private static let linear: [Double] = (0 ..< 256).map { v in
        let c = Double(v) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    private static func f(_ t: Double) -> Double {
        let delta = 6.0 / 29
        return t > delta * delta * delta ? cbrt(t) : t / (3 * delta * delta) + 4.0 / 29
    }
}

/// CIEDE2000 colour difference (CIE 142-2001), in the form of Sharma, Wu and Dalal (2005), with
/// the parametric factors kL = kC = kH = 1. About 1 is the smallest difference most people see.
func ciede2000(_ one: LabColor, _ two: LabColor) -> Double {
    func degrees(_ r: Double) -> Double { r * 180 / .pi }
    func radians(_ d: Double) -> Double { d * .pi / 180 }
    let pow25to7 = 6_103_515_625.0
    let chromaMean = (hypot(one.a, one.b) + hypot(two.a, two.b)) / 2
    let c7 = pow(chromaMean, 7)
    let g = 0.5 * (1 - (c7 / (c7 + pow25to7)).squareRoot())
    // a* stretched so that near-neutral colours' hues are not over-weighted.
    let a1 = (1 + g) * one.a, a2 = (1 + g) * two.a
    let c1 = hypot(a1, one.b), c2 = hypot(a2, two.b)
    func hue(_ b: Double, _ a: Double) -> Double {
        if a == 0 && b == 0 { return 0 }
        let h = degrees(atan2(b, a))
        return h < 0 ? h + 360 : h
    }
    let h1 = hue(one.b, a1), h2 = hue(two.b, a2)
    let chromaProduct = c1 * c2

    var dh = 0.0
    if chromaProduct != 0 {
        dh = h2 - h1
        if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
    }
    let dL = two.l - one.l, dC = c2 - c1
    let dH = 2 * chromaProduct.squareRoot() * sin(radians(dh / 2))

    let lMean = (one.l + two.l) / 2, cMean = (c1 + c2) / 2
    var hMean = h1 + h2
    if chromaProduct != 0 {
        if abs(h1 - h2) <= 180 { hMean /= 2 } else if hMean < 360 { hMean = (hMean + 360) / 2 } else { hMean = (hMean - 360) / 2 }
    }
    let t = 1 - 0.17 * cos(radians(hMean - 30)) + 0.24 * cos(radians(2 * hMean))
        + 0.32 * cos(radians(3 * hMean + 6)) - 0.20 * cos(radians(4 * hMean - 63))
    let rotation = 30 * exp(-pow((hMean - 275) / 25, 2))
    let cm7 = pow(cMean, 7)
    let rc = 2 * (cm7 / (cm7 + pow25to7)).squareRoot()
    let l50 = (lMean - 50) * (lMean - 50)
    let sl = 1 + 0.015 * l50 / (20 + l50).squareRoot()
    let sc = 1 + 0.045 * cMean
    let sh = 1 + 0.015 * cMean * t
    let rt = -sin(radians(2 * rotation)) * rc
    let l = dL / sl, c = dC / sc, h = dH / sh
    return max(0, l * l + c * c + h * h + rt * c * h).squareRoot()
}

/// The perceptual check's settings.
public struct PerceptualOptions: Sendable, Equatable, Codable {
    /// A pixel has visibly changed when its CIEDE2000 difference exceeds this.
    public var maxDeltaE: Double
    /// Changed pixels must form a connected region (8-neighbour) of at least this many pixels to
    /// count: smaller specks are what rasterizer and font-hinting differences leave.
    public var minRegion: Int
    /// Count pixels that are anti-aliasing (Vyšniauskas's test, as pixelmatch applies it) too.
    public var includeAA: Bool

    /// ΔE00 1.0: the usual just-noticeable difference; regions of 8 pixels and more; anti-aliased
    /// edge pixels left out.
    public init(maxDeltaE: Double = 1.0, minRegion: Int = 8, includeAA: Bool = false) {
        self.maxDeltaE = maxDeltaE; self.minRegion = minRegion; self.includeAA = includeAA
    }
}

/// What a perceptual or exact comparison found, in the units the limits use.
public enum PerceptualDiff {
    /// Pixels whose CIEDE2000 difference (both images over white) is above `maxDeltaE`, are not
    /// anti-aliasing, and lie in a changed region of at least `minRegion` pixels. With `output`,
    /// draws a diff image as pixelmatch does: counted pixels red, anti-aliased ones yellow, changed
    /// pixels in regions too small to count orange, the rest the expected image faded.
    public static func compare(_ expected: RGBAFrame, _ actual: RGBAFrame, options: PerceptualOptions = .init(),
                               output: UnsafeMutableBufferPointer<UInt8>? = nil) -> PixelmatchCount {
        precondition(expected.width == actual.width && expected.height == actual.height)
        let width = expected.width, height = expected.height, pixels = width * height
        return expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                let before = PixelGrid(bytes: e, width: width, height: height)
                let after = PixelGrid(bytes: a, width: width, height: height)
                let backdrop = Backdrop(kind: .white)
                // 0 unchanged, 1 changed, 2 anti-aliasing.
                var state = [UInt8](repeating: 0, count: pixels)
                var antialiased = 0
                for index in 0 ..< pixels where before.word(index) != after.word(index) {
                    let p = before.seen(index, over: (255, 255, 255)), q = after.seen(index, over: (255, 255, 255))
                    let d = ciede2000(LabColor(srgb: byte(p.0), byte(p.1), byte(p.2)), LabColor(srgb: byte(q.0), byte(q.1), byte(q.2)))
                    guard d > options.maxDeltaE else { continue }
                    let x = index % width, y = index / width
                    if !options.includeAA && (liesOnAntialiasedSlope(x, y, in: before, comparedWith: after, backdrop: backdrop)
                        || liesOnAntialiasedSlope(x, y, in: after, comparedWith: before, backdrop: backdrop)) {
                        state[index] = 2; antialiased += 1
                    } else {
                        state[index] = 1
                    }
                }
                let counted = largeRegions(of: &state, width: width, height: height, minimum: max(1, options.minRegion))
                if let output {
                    let canvas = DiffCanvas(pixels: output, options: PixelmatchOptions())
                    for index in 0 ..< pixels {
                        switch state[index] {
                        case 3: canvas.paint(index, .init(255, 0, 0))
                        case 2: canvas.paint(index, .init(255, 255, 0))
                        case 1: canvas.paint(index, .init(255, 160, 0))
                        default: canvas.fade(index, from: before)
                        }
                    }
                }
                return PixelmatchCount(mismatched: counted, antialiased: antialiased)
            }
        }
    }

    /// Pixels whose straight RGBA bytes differ at all.
    public static func changedPixels(_ expected: RGBAFrame, _ actual: RGBAFrame, output: UnsafeMutableBufferPointer<UInt8>? = nil) -> Int {
        precondition(expected.width == actual.width && expected.height == actual.height)
        return expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                let before = PixelGrid(bytes: e, width: expected.width, height: expected.height)
                let after = PixelGrid(bytes: a, width: expected.width, height: expected.height)
                let canvas = output.map { DiffCanvas(pixels: $0, options: PixelmatchOptions()) }
                var changed = 0
                for index in 0 ..< expected.width * expected.height {
                    if before.word(index) != after.word(index) {
                        changed += 1
                        canvas?.paint(index, .init(255, 0, 0))
                    } else {
                        canvas?.fade(index, from: before)
                    }
                }
                return changed
            }
        }
    }

    @inline(__always) static func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, v.rounded()))) }

    /// Marks changed pixels (state 1) in 8-connected regions of at least `minimum` pixels as
    /// counted (state 3) and returns how many there are.
    static func largeRegions(of state: inout [UInt8], width: Int, height: Int, minimum: Int) -> Int {
        var counted = 0
        var seen = [Bool](repeating: false, count: state.count)
        var stack: [Int] = [], region: [Int] = []
        for start in state.indices where state[start] == 1 && !seen[start] {
            region.removeAll(keepingCapacity: true)
            stack.append(start); seen[start] = true
            while let p = stack.popLast() {
                region.append(p)
                let x = p % width, y = p / width
                for ny in max(0, y - 1) ... min(height - 1, y + 1) {
                    for nx in max(0, x - 1) ... min(width - 1, x + 1) {
                        let n = ny * width + nx
                        if state[n] == 1 && !seen[n] { seen[n] = true; stack.append(n) }
                    }
                }
            }
            if region.count >= minimum {
                for p in region { state[p] = 3 }
                counted += region.count
            }
        }
        return counted
    }
}
