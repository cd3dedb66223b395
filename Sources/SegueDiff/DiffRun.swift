// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDecode
import SegueEncode

/// `segue diff`: two inputs (PNG files, folders of PNG frames, MP4, GIF or WebP) decoded frame
/// by frame, matched by frame index, compared, and reported in a folder:
///
///     report.json, junit.xml                          always
///     frame-NNNN-expected.png / -actual.png / -diff.png   for each frame that fails
///     contact-sheet.png, side-by-side.mp4             when some frame fails
///
/// Frames are decoded one at a time (twice when the video is written), so memory stays flat
/// however long the inputs are.
public struct DiffRun: Sendable {
    public var expected: String
    public var actual: String
    public var diffing: ImageDiffing
    public var reportDirectory: URL
    /// Write side-by-side.mp4 when some frame fails.
    public var writesVideo: Bool
    /// Frames per second of side-by-side.mp4; default: the inputs' rate, else 30.
    public var videoFPS: Double?

    public init(expected: String, actual: String, diffing: ImageDiffing = .exact, reportDirectory: URL,
                writesVideo: Bool = true, videoFPS: Double? = nil) {
        self.expected = expected; self.actual = actual; self.diffing = diffing
        self.reportDirectory = reportDirectory; self.writesVideo = writesVideo; self.videoFPS = videoFPS
    }

    /// Compares every frame and writes the report.
    /// - Parameter onFrame: called with each frame's result, in order.
    /// - Throws: `DecodeError` when an input cannot be read (before or during decoding);
    ///   `EncodeError` when the report cannot be written.
    public func run(onFrame: (FrameReport) -> Void = { _ in }) throws -> DiffReport {
        // The compared files are inputs: the report may neither replace nor empty them.
        ProtectedInputs.add(expected, role: "expected input")
        ProtectedInputs.add(actual, role: "actual input")
        // Open both inputs before touching the report folder: unusable input changes nothing.
        var pairs = try FramePairs(expected: expected, actual: actual)
        let folder = try ReportFolder.prepare(reportDirectory)
        let artifacts = ReportArtifacts(folder: folder)
        var frames: [FrameReport] = []
        var maxWidth = 0, maxHeight = 0
        while let pair = try pairs.next() {
            for f in [pair.expected, pair.actual].compactMap({ $0 }) {
                maxWidth = max(maxWidth, f.frame.width); maxHeight = max(maxHeight, f.frame.height)
            }
            let (report, diff) = Self.compare(pair, diffing: diffing)
            var entry = report
            try artifacts.record(expected: pair.expected?.frame, actual: pair.actual?.frame, diff: diff, report: &entry)
            artifacts.thumbnail(index: pair.index, expected: pair.expected?.frame, actual: pair.actual?.frame)
            frames.append(entry)
            onFrame(entry)
        }
        var report = DiffReport(tool: "segue diff", expected: expected, actual: actual, settings: DiffSettings(diffing), frames: frames,
                                expectedFrames: pairs.expectedCount, actualFrames: pairs.actualCount)
        if !report.passed {
            report.contactSheet = try artifacts.writeContactSheet(
                title: "SEGUE DIFF: \(report.failedFrames) OF \(frames.count) FRAMES FAIL")
            report.filmstrip = try artifacts.writeFilmstrips()
            if writesVideo {
                let fps = videoFPS ?? pairs.frameRate ?? 30
                let video = try SideBySideVideo(url: folder.file(ReportFiles.sideBySide), maxWidth: maxWidth, maxHeight: maxHeight, fps: fps)
                do {
                    var again = try FramePairs(expected: expected, actual: actual)
                    var n = 0
                    while let pair = try again.next() {
                        let (_, diff) = Self.compare(pair, diffing: diffing)
                        try video.append(expected: pair.expected?.frame, actual: pair.actual?.frame, diff: diff, report: frames[n])
                        n += 1
                    }
                    try video.finish()
                    report.sideBySide = ReportFiles.sideBySide
                } catch {
                    video.cancel()
                    throw error
                }
            }
        }
        try folder.writeJSON(report, ReportFiles.json)
        try folder.writeText(report.junit(suite: "segue diff \(expected) vs \(actual)"), ReportFiles.junit)
        try folder.writeText(ReportPage.html(title: "segue diff", entries: [ReportPage.Entry(name: "\(expected) vs \(actual)", folder: "", report: report)]),
                             ReportFiles.html)
        return report
    }

    /// The result for one matched (or unmatched) frame, and pixelmatch's diff image when both
    /// frames exist at one size.
    static func compare(_ pair: FramePair, diffing: ImageDiffing) -> (FrameReport, RGBAFrame?) {
        var r = FrameReport(index: pair.index, status: .passed)
        r.expected = pair.expected?.name
        r.actual = pair.actual?.name
        r.expectedSize = pair.expected.map { [$0.frame.width, $0.frame.height] }
        r.actualSize = pair.actual.map { [$0.frame.width, $0.frame.height] }
        switch (pair.expected?.frame, pair.actual?.frame) {
        case let (e?, a?) where e.width == a.width && e.height == a.height:
            let c = diffing.compare(expected: e, actual: a)
            r.status = c.passed ? .passed : .failed
            r.mismatchedPixels = c.mismatchedPixels
            r.antialiasedPixels = c.antialiasedPixels
            r.mismatchRatio = c.ratio
            r.ssim = c.ssim
            r.maxChannelDelta = c.maxChannelDelta
            r.message = c.violation
            return (r, c.diffImage)
        case let (e?, a?):
            r.status = .sizeMismatch
            r.message = "sizes differ: \(e.width)×\(e.height) expected, \(a.width)×\(a.height) actual"
        case (_?, nil):
            r.status = .missingActual
            r.message = "frame \(pair.index) is missing from the actual frames"
        case (nil, _?):
            r.status = .missingExpected
            r.message = "frame \(pair.index) is missing from the expected frames"
        case (nil, nil):
            break
        }
        return (r, nil)
    }
}

/// A frame index with the frames each side has for it.
struct FramePair {
    var index: Int
    var expected: (name: String, frame: RGBAFrame)?
    var actual: (name: String, frame: RGBAFrame)?
}

/// Two decoders joined on frame index (both yield increasing indexes).
struct FramePairs {
    private let a: FrameDecoder, b: FrameDecoder
    private var nextA: (index: Int, name: String, frame: RGBAFrame)?
    private var nextB: (index: Int, name: String, frame: RGBAFrame)?
    private(set) var expectedCount = 0, actualCount = 0

    init(expected: String, actual: String) throws {
        a = try FrameDecoder(path: expected)
        b = try FrameDecoder(path: actual)
        a.matchClock(of: b)
        b.matchClock(of: a)
        nextA = try a.next()
        nextB = try b.next()
    }

    var frameRate: Double? { a.frameRate ?? b.frameRate }

    mutating func next() throws -> FramePair? {
        switch (nextA, nextB) {
        case (nil, nil):
            return nil
        case let (x?, y?) where x.index == y.index:
            defer { expectedCount += 1; actualCount += 1 }
            let pair = FramePair(index: x.index, expected: (x.name, x.frame), actual: (y.name, y.frame))
            nextA = try a.next(); nextB = try b.next()
            return pair
        case let (x?, y) where y == nil || x.index < y!.index:
            expectedCount += 1
            nextA = try a.next()
            return FramePair(index: x.index, expected: (x.name, x.frame), actual: nil)
        case let (_, y?):
            actualCount += 1
            nextB = try b.next()
            return FramePair(index: y.index, expected: nil, actual: (y.name, y.frame))
        default:
            return nil
        }
    }
}
