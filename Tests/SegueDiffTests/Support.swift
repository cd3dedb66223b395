// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import SegueDiff
import SegueEncode
import Testing
import SegueDecode

// MARK: - Images made in the tests

/// A straight RGBA image built pixel by pixel.
func image(_ width: Int, _ height: Int, _ color: (Int, Int) -> [UInt8]) -> RGBAFrame {
    var px: [UInt8] = []
    px.reserveCapacity(width * height * 4)
    for y in 0 ..< height { for x in 0 ..< width { px += color(x, y) } }
    return RGBAFrame(width: width, height: height, pixels: px)
}

let white: [UInt8] = [255, 255, 255, 255]
let black: [UInt8] = [0, 0, 0, 255]

/// A deterministic pseudo-random generator (tests must not depend on the system's).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: - pixelmatch, ported separately and as plainly as possible

/// mapbox/pixelmatch 7.2.0 (`index.js`), written out again for the tests without sharing any
/// code with SegueDiff: plain arrays, the JavaScript's loops and names. `checkerboard: false` is
/// the blending over white.
enum ReferencePixelmatch {
    static func run(_ img1: [UInt8], _ img2: [UInt8], _ output: inout [UInt8]?, _ width: Int, _ height: Int,
                    threshold: Double = 0.1, includeAA: Bool = false, alpha: Double = 0.1, checkerboard: Bool = false) -> Int {
        let len = width * height
        func u32(_ img: [UInt8], _ i: Int) -> UInt32 {
            UInt32(img[i * 4]) | UInt32(img[i * 4 + 1]) << 8 | UInt32(img[i * 4 + 2]) << 16 | UInt32(img[i * 4 + 3]) << 24
        }
        var identical = true
        for i in 0 ..< len where u32(img1, i) != u32(img2, i) { identical = false; break }
        if identical {
            if output != nil { for i in 0 ..< len { drawGrayPixel(img1, 4 * i, alpha, &output!) } }
            return 0
        }
        let maxDelta = 35215 * threshold * threshold
        var diff = 0
        for y in 0 ..< height {
            for x in 0 ..< width {
                let i = y * width + x
                let pos = i * 4
                let delta = u32(img1, i) == u32(img2, i) ? 0 : colorDelta(img1, img2, pos, pos, false, checkerboard)
                if abs(delta) > maxDelta {
                    let isAA = antialiased(img1, x, y, width, height, img1, img2, checkerboard)
                        || antialiased(img2, x, y, width, height, img2, img1, checkerboard)
                    if !includeAA && isAA {
                        if output != nil { drawPixel(&output!, pos, 255, 255, 0) }
                    } else {
                        if output != nil { drawPixel(&output!, pos, 255, 0, 0) }
                        diff += 1
                    }
                } else if output != nil {
                    drawGrayPixel(img1, pos, alpha, &output!)
                }
            }
        }
        return diff
    }

    static func antialiased(_ img: [UInt8], _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
                            _ a32: [UInt8], _ b32: [UInt8], _ checkerboard: Bool) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = y1 * width + x1
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var min = 0.0, max = 0.0, minX = 0, minY = 0, maxX = 0, maxY = 0
        var x = x0
        while x <= x2 {
            var y = y0
            while y <= y2 {
                if !(x == x1 && y == y1) {
                    let delta = colorDelta(img, img, pos * 4, (y * width + x) * 4, true, checkerboard)
                    if delta == 0 {
                        zeroes += 1
                        if zeroes > 2 { return false }
                    } else if delta < min {
                        min = delta; minX = x; minY = y
                    } else if delta > max {
                        max = delta; maxX = x; maxY = y
                    }
                }
                y += 1
            }
            x += 1
        }
        if min == 0 || max == 0 { return false }
        return (hasManySiblings(a32, minX, minY, width, height) && hasManySiblings(b32, minX, minY, width, height))
            || (hasManySiblings(a32, maxX, maxY, width, height) && hasManySiblings(b32, maxX, maxY, width, height))
    }

    static func hasManySiblings(_ img: [UInt8], _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let p = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var x = x0
        while x <= x2 {
            var y = y0
            while y <= y2 {
                if !(x == x1 && y == y1) {
                    let q = (y * width + x) * 4
                    if img[p] == img[q] && img[p + 1] == img[q + 1] && img[p + 2] == img[q + 2] && img[p + 3] == img[q + 3] { zeroes += 1 }
                    if zeroes > 2 { return true }
                }
                y += 1
            }
            x += 1
        }
        return false
    }

    static func colorDelta(_ img1: [UInt8], _ img2: [UInt8], _ k: Int, _ m: Int, _ yOnly: Bool, _ checkerboard: Bool) -> Double {
        let r1 = Double(img1[k]), g1 = Double(img1[k + 1]), b1 = Double(img1[k + 2]), a1 = Double(img1[k + 3])
        let r2 = Double(img2[m]), g2 = Double(img2[m + 1]), b2 = Double(img2[m + 2]), a2 = Double(img2[m + 3])
        var dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        let da = a1 - a2
        if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
        if a1 < 255 || a2 < 255 {
            var rb = 255.0, gb = 255.0, bb = 255.0
            if checkerboard {
                rb = 48 + 159 * Double(k % 2)
                gb = 48 + 159 * Double(Int((Double(k) / 1.618033988749895).rounded(.towardZero)) % 2)
                bb = 48 + 159 * Double(Int((Double(k) / 2.618033988749895).rounded(.towardZero)) % 2)
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

    static func drawPixel(_ output: inout [UInt8], _ pos: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        output[pos] = r; output[pos + 1] = g; output[pos + 2] = b; output[pos + 3] = 255
    }

    static func drawGrayPixel(_ img: [UInt8], _ i: Int, _ alpha: Double, _ output: inout [UInt8]) {
        let val = 255 + (Double(img[i]) * 0.29889531 + Double(img[i + 1]) * 0.58662247 + Double(img[i + 2]) * 0.11448223 - 255) * alpha * Double(img[i + 3]) / 255
        let v = UInt8(val) // a Uint8Array store truncates
        drawPixel(&output, i, v, v, v)
    }
}

// MARK: - SSIM, computed the long way

/// Wang et al.'s SSIM with an 11 × 11 Gaussian window (σ 1.5) built as a 2-D table and summed
/// directly at every valid window position: no separable passes, nothing shared with SegueDiff.
func referenceSSIM(_ a: RGBAFrame, _ b: RGBAFrame) -> Double {
    func luma(_ f: RGBAFrame, _ x: Int, _ y: Int) -> Double {
        let i = (y * f.width + x) * 4
        let alpha = Double(f.pixels[i + 3]) / 255
        // Blend over white, then BT.601 luma.
        let r = Double(f.pixels[i]) * alpha + 255 * (1 - alpha)
        let g = Double(f.pixels[i + 1]) * alpha + 255 * (1 - alpha)
        let bl = Double(f.pixels[i + 2]) * alpha + 255 * (1 - alpha)
        return 0.299 * r + 0.587 * g + 0.114 * bl
    }
    let n = 11, half = 5, sigma = 1.5
    var window = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
    var total = 0.0
    for j in 0 ..< n { for i in 0 ..< n {
        let dx = Double(i - half), dy = Double(j - half)
        window[j][i] = exp(-(dx * dx + dy * dy) / (2 * sigma * sigma))
        total += window[j][i]
    } }
    let c1 = (0.01 * 255.0) * (0.01 * 255.0), c2 = (0.03 * 255.0) * (0.03 * 255.0)
    var sum = 0.0, count = 0
    for y0 in 0 ... (a.height - n) {
        for x0 in 0 ... (a.width - n) {
            var mx = 0.0, my = 0.0
            for j in 0 ..< n { for i in 0 ..< n {
                let w = window[j][i] / total
                mx += w * luma(a, x0 + i, y0 + j); my += w * luma(b, x0 + i, y0 + j)
            } }
            var vx = 0.0, vy = 0.0, cov = 0.0
            for j in 0 ..< n { for i in 0 ..< n {
                let w = window[j][i] / total
                let p = luma(a, x0 + i, y0 + j) - mx, q = luma(b, x0 + i, y0 + j) - my
                vx += w * p * p; vy += w * q * q; cov += w * p * q
            } }
            sum += ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
            count += 1
        }
    }
    return sum / Double(count)
}

// MARK: - Files

/// A scratch folder removed at the end of the test.
struct Scratch {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    func remove() { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let u = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: u)
        return u.path
    }
}

/// Runs a command-line tool (ffmpeg makes GIF and WebP fixtures); returns its exit status.
@discardableResult
func runTool(_ arguments: [String]) throws -> Int32 {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = arguments
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    p.standardInput = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    return p.terminationStatus
}
