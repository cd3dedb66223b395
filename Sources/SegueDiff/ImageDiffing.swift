// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDecode

/// When a compared frame counts as passing. A plain value, like every setting of a diff.
///
/// A frame passes when every limit that is set holds. With neither pixel limit set, no
/// mismatched pixel is allowed (`maxDiffPixels` 0), as in Playwright's screenshot comparison.
public struct DiffLimits: Sendable, Equatable, Codable {
    /// The most pixels pixelmatch may count.
    public var maxDiffPixels: Int?
    /// The largest share of the frame's pixels pixelmatch may count, 0 … 1.
    public var maxDiffRatio: Double?
    /// The lowest SSIM allowed, −1 … 1.
    public var minSSIM: Double?

    public init(maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil, minSSIM: Double? = nil) {
        self.maxDiffPixels = maxDiffPixels; self.maxDiffRatio = maxDiffRatio; self.minSSIM = minSSIM
    }

    /// The pixel limit in force: the one given, or 0 when no pixel limit was given at all.
    public var effectiveMaxDiffPixels: Int? {
        maxDiffPixels ?? (maxDiffRatio == nil ? 0 : nil)
    }

    /// Why a frame with these numbers fails, or nil when it passes.
    public func violation(mismatched: Int, ratio: Double, ssim: Double?) -> String? {
        var reasons: [String] = []
        if let limit = effectiveMaxDiffPixels, mismatched > limit {
            reasons.append("more than \(Format.count(limit)) px differ")
        }
        if let limit = maxDiffRatio, ratio > limit {
            reasons.append("more than \(Format.percent(limit)) of pixels differ")
        }
        if let limit = minSSIM, let ssim, ssim < limit {
            reasons.append("SSIM below \(Format.fixed(limit, 4))")
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: ", ")
    }
}

/// Which test decides whether a pixel changed.
public enum DiffCheck: String, Sendable, Codable, CaseIterable {
    /// `segue test`: exact when the goldens were drawn by the libraries and fonts installed now,
    /// perceptual when not; elsewhere (`segue diff`, where nothing says how the inputs were made)
    /// perceptual.
    case auto
    /// Any pixel whose RGBA bytes differ has changed: Segue renders deterministically, so on the
    /// same libraries any difference is a real change.
    case exact
    /// A CIEDE2000 difference above a just-noticeable threshold, in a region larger than
    /// anti-aliasing noise, anti-aliased edge pixels left out (`PerceptualOptions`).
    case perceptual
    /// pixelmatch's count with its documented options (`PixelmatchOptions`).
    case pixelmatch
}

/// How two frames are compared: a plain value (the check and its options, the limits, whether
/// to compute SSIM), in the manner of swift-snapshot-testing's diffing strategies.
public struct ImageDiffing: Sendable, Equatable, Codable {
    public var pixelmatch: PixelmatchOptions
    public var limits: DiffLimits
    /// SSIM costs about as much as pixelmatch; it is computed unless turned off here.
    public var computesSSIM: Bool
    public var check: DiffCheck
    public var perceptual: PerceptualOptions

    public init(pixelmatch: PixelmatchOptions = .init(), limits: DiffLimits = .init(), computesSSIM: Bool = true,
                check: DiffCheck = .pixelmatch, perceptual: PerceptualOptions = .init()) {
        self.pixelmatch = pixelmatch; self.limits = limits; self.computesSSIM = computesSSIM
        self.check = check; self.perceptual = perceptual
    }

    /// pixelmatch's defaults (threshold 0.1, anti-aliasing left out), no pixel allowed to differ.
    public static let exact = ImageDiffing()

    /// The check that runs when nothing tells the environments apart: `.auto` is perceptual.
    public var effectiveCheck: DiffCheck { check == .auto ? .perceptual : check }

    /// Compares an expected frame with an actual one of the same size.
    /// - Parameter diffImage: also draw the diff image (always drawn for failing frames
    ///   when true; pass false when only the numbers are needed).
    public func compare(expected: RGBAFrame, actual: RGBAFrame, diffImage: Bool = true) -> FrameComparison {
        precondition(expected.width == actual.width && expected.height == actual.height)
        var count = PixelmatchCount(mismatched: 0, antialiased: 0)
        var canvas = diffImage ? [UInt8](repeating: 0, count: expected.pixels.count) : []
        canvas.withUnsafeMutableBufferPointer { buffer in
            let output = diffImage ? buffer : nil
            switch effectiveCheck {
            case .pixelmatch, .auto: count = Pixelmatch.compare(expected, actual, options: pixelmatch, output: output)
            case .exact: count.mismatched = PerceptualDiff.changedPixels(expected, actual, output: output)
            case .perceptual: count = PerceptualDiff.compare(expected, actual, options: perceptual, output: output)
            }
        }
        let diff = diffImage ? RGBAFrame(width: expected.width, height: expected.height, pixels: canvas) : nil
        let pixels = expected.width * expected.height
        let ratio = pixels == 0 ? 0 : Double(count.mismatched) / Double(pixels)
        let identical = expected.pixels == actual.pixels
        let ssim: Double? = computesSSIM ? (identical ? 1 : SSIM.compute(expected, actual)) : nil
        let maxDelta = identical ? 0 : Self.maxChannelDelta(expected, actual)
        let violation = limits.violation(mismatched: count.mismatched, ratio: ratio, ssim: ssim)
        return FrameComparison(mismatchedPixels: count.mismatched, antialiasedPixels: count.antialiased, ratio: ratio,
                               ssim: ssim, maxChannelDelta: maxDelta, violation: violation, diffImage: diff)
    }

    /// The largest difference of any channel (R, G, B or A, straight values) at any pixel.
    public static func maxChannelDelta(_ a: RGBAFrame, _ b: RGBAFrame) -> Int {
        var best = 0
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                for i in 0 ..< min(p.count, q.count) {
                    let d = abs(Int(p[i]) - Int(q[i]))
                    if d > best { best = d; if best == 255 { return } }
                }
            }
        }
        return best
    }
}

/// The numbers for one pair of frames.
public struct FrameComparison: Sendable {
    public var mismatchedPixels: Int
    public var antialiasedPixels: Int
    /// mismatchedPixels ÷ the frame's pixel count.
    public var ratio: Double
    public var ssim: Double?
    public var maxChannelDelta: Int
    /// Why the frame fails its limits; nil when it passes.
    public var violation: String?
    public var diffImage: RGBAFrame?
    public var passed: Bool { violation == nil }
}

/// Number formatting shared by reports and console lines (locale-independent).
enum Format {
    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
    static func percent(_ ratio: Double) -> String {
        let p = ratio * 100
        if p == 0 { return "0%" }
        if p < 0.01 { return "<0.01%" }
        return String(format: p < 10 ? "%.2f%%" : "%.1f%%", p)
    }
    /// 12345 → "12,345".
    static func count(_ n: Int) -> String {
        let digits = String(abs(n))
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}
