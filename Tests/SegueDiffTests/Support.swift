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
