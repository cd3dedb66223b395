// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueDiff
import SegueRender
import SegueDecode
import SegueEncode

/// Options shared by `diff` and `test`: how frames are compared and when they pass.
struct ComparisonOptions: ParsableArguments {
    @Option(help: """
    Which test decides that a pixel changed: auto (segue test: exact when the goldens were drawn by \
    the libraries and fonts installed now, else perceptual; segue diff: perceptual), exact (any \
    changed byte), perceptual (CIEDE2000 above --max-delta-e in a region of --min-region pixels, \
    anti-aliasing left out) or pixelmatch (--threshold, --include-aa). Giving --threshold with auto \
    chooses pixelmatch.
    """)
    var check: DiffCheck = .auto

    @Option(name: .customLong("max-delta-e"), help: "Perceptual check: a pixel changed when its CIEDE2000 difference exceeds this (1 is about the smallest visible).")
    var maxDeltaE: Double = PerceptualOptions().maxDeltaE

    @Option(help: "Perceptual check: changed pixels count only in connected regions of at least this many pixels.")
    var minRegion: Int = PerceptualOptions().minRegion

    @Option(help: "pixelmatch threshold, 0…1 (default 0.1): colours closer than this (YIQ distance) are equal. Smaller is stricter.")
    var threshold: Double?

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels too (pixelmatch's includeAA); by default they are left out.")
    var includeAA = false

    @Flag(help: "Blend translucent pixels over white (as pixelmatch before 7) instead of pixelmatch 7's default checkerboard pattern.")
    var blendOverWhite = false

    @Option(help: "A frame passes with at most this many mismatched pixels (default 0 unless --max-diff-ratio is given).")
    var maxDiffPixels: Int?

    @Option(help: "A frame passes with at most this share of its pixels mismatched, 0…1 (e.g. 0.001).")
    var maxDiffRatio: Double?

    @Option(name: .customLong("min-ssim"), help: "A frame passes only with at least this SSIM, -1…1 (e.g. 0.99).")
    var minSSIM: Double?

    func validate() throws {
        if !(maxDeltaE >= 0 && maxDeltaE.isFinite) { throw ValidationError("--max-delta-e must be 0 or more, got \(maxDeltaE).") }
        if minRegion < 1 { throw ValidationError("--min-region must be 1 or more, got \(minRegion).") }
        if let threshold, !(threshold >= 0 && threshold <= 1) { throw ValidationError("--threshold must be between 0 and 1, got \(threshold).") }
        if let maxDiffPixels, maxDiffPixels < 0 { throw ValidationError("--max-diff-pixels must be 0 or more, got \(maxDiffPixels).") }
        if let maxDiffRatio, !(maxDiffRatio >= 0 && maxDiffRatio <= 1) { throw ValidationError("--max-diff-ratio must be between 0 and 1, got \(maxDiffRatio).") }
        if let minSSIM, !(minSSIM >= -1 && minSSIM <= 1) { throw ValidationError("--min-ssim must be between -1 and 1, got \(minSSIM).") }
    }

    var diffing: ImageDiffing {
        ImageDiffing(pixelmatch: PixelmatchOptions(threshold: threshold ?? PixelmatchOptions().threshold, includeAA: includeAA,
                                                   background: blendOverWhite ? .white : .checkerboard),
                     limits: DiffLimits(maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio, minSSIM: minSSIM),
                     check: check == .auto && threshold != nil ? .pixelmatch : check, perceptual: PerceptualOptions(maxDeltaE: maxDeltaE, minRegion: minRegion, includeAA: includeAA))
    }
}

extension DiffCheck: ExpressibleByArgument {}

/// Exit statuses of `diff` and `test`, as `diff(1)` and `cmp(1)` have them.
enum ComparisonExit {
    static let differences = ExitCode(1)
    static let trouble = ExitCode(2)

    /// Prints an input or output problem in the house style and exits 2.
    static func fail(_ error: Error) -> ExitCode {
        let text: String
        switch error {
        case let e as DecodeError: text = "error: \(e.description)\n  hint: \(e.hint)"
        case let e as GoldenError: text = "error: \(e.description)\n  hint: \(e.hint)"
        case let e as EncodeError: text = "error: \(e.description)\n  hint: choose another --report folder"
        case let e as CLIError: text = e.description
        default: text = "error: \(error)"
        }
        Console.err(text + "\n")
        return trouble
    }
}

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two renders frame by frame and write a visual report.",
        usage: "segue diff <expected> <actual> [--report <report>] [options]",
        discussion: """
        Each side is a PNG, a folder of PNG frames, an MP4, a GIF or a WebP. Exit status: 0 within \
        the limits, 1 not, 2 unreadable input. Compared perceptually by default (CIEDE2000 in changed \
        regions); --check exact or pixelmatch. Metrics and report: docs/diff-and-test.md.

        Examples:
          segue diff out/before.mp4 out/after.mp4
          segue diff goldens/flip out/flip --max-diff-ratio 0.001 --min-ssim 0.99
          segue diff expected.png actual.png --threshold 0.05 --report out/icon-diff
        """)

    @Argument(help: "The expected frames: PNG, folder of PNGs, MP4, GIF or WebP.")
    var expected: String

    @Argument(help: "The actual frames, in the same forms.")
    var actual: String

    @OptionGroup var comparison: ComparisonOptions

    @Option(help: "The report folder (created, or replaced if it holds an earlier report).")
    var report: String = "out/diff-report"

    @Flag(help: "Do not write side-by-side.mp4.")
    var noVideo = false

    @Flag(name: .shortAndLong, help: "Print only the summary.")
    var quiet = false

    func run() throws {
        let run = DiffRun(expected: expected, actual: actual, diffing: comparison.diffing,
                          reportDirectory: URL(fileURLWithPath: report), writesVideo: !noVideo)
        let result: DiffReport
        do {
            result = try run.run { frame in
                if !quiet && !frame.passed { Console.line(frame.summary) }
            }
        } catch {
            throw ComparisonExit.fail(error)
        }
        if let message = result.message { Console.line(message) }
        let compared = result.frames.filter { $0.status == .passed || $0.status == .failed }.count
        Console.line("\(compared) frame pairs compared (\(result.expectedFrames) expected, \(result.actualFrames) actual); report: \(report)/")
        Console.line("\(result.passedFrames) passed, \(result.failedFrames) failed")
        if !result.passed { throw ComparisonExit.differences }
    }
}
