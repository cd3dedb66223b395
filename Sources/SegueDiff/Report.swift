// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDecode
import SegueEncode

/// One compared frame, as written to report.json.
public struct FrameReport: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case passed, failed
        /// Both sides have the frame, at different sizes.
        case sizeMismatch = "size-mismatch"
        /// Only the actual side has this frame.
        case missingExpected = "missing-expected"
        /// Only the expected side has this frame.
        case missingActual = "missing-actual"
    }

    public var index: Int
    public var status: Status
    /// The frame's name on each side (a file name, or "frame N" in a video).
    public var expected: String?
    public var actual: String?
    /// [width, height] in pixels.
    public var expectedSize: [Int]?
    public var actualSize: [Int]?
    /// pixelmatch's count.
    public var mismatchedPixels: Int?
    /// Pixels over the threshold that pixelmatch left out as anti-aliasing.
    public var antialiasedPixels: Int?
    /// mismatchedPixels ÷ pixels in the frame.
    public var mismatchRatio: Double?
    public var ssim: Double?
    /// The largest difference of one channel (R, G, B or A) at one pixel, 0 … 255.
    public var maxChannelDelta: Int?
    /// Why the frame fails, in words.
    public var message: String?
    /// Images written for a failing frame, relative to the report folder.
    public var images: Images?

    public struct Images: Codable, Sendable, Equatable {
        public var expected: String?
        public var actual: String?
        public var diff: String?
    }

    public var passed: Bool { status == .passed }

    public init(index: Int, status: Status) {
        self.index = index; self.status = status
    }

    /// A console line: `frame 12: 1,234 px differ (1.52%), SSIM 0.9812, max channel delta 255`.
    public var summary: String {
        switch status {
        case .passed, .failed:
            var parts = ["frame \(index): \(Format.count(mismatchedPixels ?? 0)) px differ (\(Format.percent(mismatchRatio ?? 0)))"]
            if let ssim { parts.append("SSIM \(Format.fixed(ssim, 4))") }
            if let maxChannelDelta { parts.append("max channel delta \(maxChannelDelta)") }
            var line = parts.joined(separator: ", ")
            if status == .failed, let message { line += " — fails: " + message }
            return line
        case .sizeMismatch, .missingActual, .missingExpected:
            return "frame \(index): " + (message ?? status.rawValue)
        }
    }
}

/// The settings a comparison ran with, as written to report.json.
public struct DiffSettings: Codable, Sendable, Equatable {
    public var threshold: Double
    public var includeAA: Bool
    public var background: PixelmatchOptions.Background
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    public var minSSIM: Double?
    public var metric: String
    public var ssim: String?
    /// The check that decided: exact, perceptual or pixelmatch (nil in reports written before).
    public var check: DiffCheck?
    /// The perceptual check's settings, when it ran.
    public var perceptual: PerceptualOptions?

    public init(_ diffing: ImageDiffing) {
        threshold = diffing.pixelmatch.threshold
        includeAA = diffing.pixelmatch.includeAA
        background = diffing.pixelmatch.background
        maxDiffPixels = diffing.limits.effectiveMaxDiffPixels
        maxDiffRatio = diffing.limits.maxDiffRatio
        minSSIM = diffing.limits.minSSIM
        metric = "pixelmatch (YIQ distance > 35215 x threshold^2, anti-aliasing \(includeAA ? "counted" : "left out"), translucent pixels over \(background == .white ? "white" : "the checkerboard pattern"))"
        ssim = diffing.computesSSIM ? SSIM.definition : nil
        check = diffing.effectiveCheck
        switch diffing.effectiveCheck {
        case .exact:
            metric = "exact (any pixel whose RGBA bytes differ)"
        case .perceptual:
            let p = diffing.perceptual
            perceptual = p
            metric = "perceptual (CIEDE2000 > \(p.maxDeltaE) over white, in 8-connected regions of at least \(p.minRegion) px, anti-aliasing \(p.includeAA ? "counted" : "left out"))"
        case .pixelmatch, .auto:
            break
        }
    }
}

/// report.json of `segue diff` (and of each scene of `segue test`).
public struct DiffReport: Codable, Sendable, Equatable {
    public var tool: String
    public var formatVersion = 1
    public var expected: String
    public var actual: String
    public var settings: DiffSettings
    /// Frames on each side.
    public var expectedFrames: Int
    public var actualFrames: Int
    public var passedFrames: Int
    public var failedFrames: Int
    public var passed: Bool
    /// What is wrong as a whole (different frame counts, …).
    public var message: String?
    /// Report files, relative to the report folder.
    public var sideBySide: String?
    public var contactSheet: String?
    /// Thumbnails of every frame for report.html (written when a frame fails).
    public var filmstrip: Filmstrip?
    public var frames: [FrameReport]

    public init(tool: String, expected: String, actual: String, settings: DiffSettings, frames: [FrameReport],
                expectedFrames: Int, actualFrames: Int) {
        self.tool = tool; self.expected = expected; self.actual = actual; self.settings = settings; self.frames = frames
        self.expectedFrames = expectedFrames; self.actualFrames = actualFrames
        passedFrames = frames.filter(\.passed).count
        failedFrames = frames.count - passedFrames
        passed = failedFrames == 0
        if expectedFrames != actualFrames {
            message = "frame counts differ: \(expectedFrames) expected, \(actualFrames) actual"
        } else if let size = frames.first(where: { $0.status == .sizeMismatch }) {
            message = size.message
        }
    }

    /// JUnit XML: one test case per frame.
    public func junit(suite: String) -> String {
        var cases: [JUnit.Case] = []
        for f in frames {
            cases.append(JUnit.Case(name: String(format: "frame %04d", f.index), className: suite,
                                    failure: f.passed ? nil : (f.message ?? f.status.rawValue), details: f.passed ? nil : f.summary))
        }
        return JUnit.document(name: tool, suites: [JUnit.Suite(name: suite, cases: cases)])
    }
}

/// filmstrip-expected.png / filmstrip-actual.png: every compared frame's thumbnail, left to
/// right then top to bottom, `columns` a row; `frames[n]` is the frame in cell n.
public struct Filmstrip: Codable, Sendable, Equatable {
    public static let columns = 16
    static let maxCell = (width: 120, height: 160)
    public var expected: String
    public var actual: String
    public var cellWidth: Int
    public var cellHeight: Int
    public var columns: Int
    public var frames: [Int]
}

/// JUnit XML as CI tools read it (GitHub, GitLab, Jenkins).
public enum JUnit {
    public struct Case: Sendable {
        public var name: String
        public var className: String
        public var failure: String?
        public var details: String?
        public var seconds: Double?
        /// The source file the case is about, and a line in it (GitHub and GitLab link to them).
        public var file: String?
        public var line: Int?
        /// Images GitLab shows with the failure (`[[ATTACHMENT|path]]` in system-out).
        public var attachments: [String]
        public init(name: String, className: String, failure: String?, details: String? = nil, seconds: Double? = nil,
                    file: String? = nil, line: Int? = nil, attachments: [String] = []) {
            self.name = name; self.className = className; self.failure = failure; self.details = details; self.seconds = seconds
            self.file = file; self.line = line; self.attachments = attachments
        }
    }

    public struct Suite: Sendable {
        public var name: String
        public var cases: [Case]
        public init(name: String, cases: [Case]) { self.name = name; self.cases = cases }
    }

    public static func document(name: String, suites: [Suite]) -> String {
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.cases.filter { $0.failure != nil }.count }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(escape(name))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
        for suite in suites {
            let f = suite.cases.filter { $0.failure != nil }.count
            xml += "  <testsuite name=\"\(escape(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(f)\" errors=\"0\" skipped=\"0\">\n"
            for c in suite.cases {
                let time = c.seconds.map { String(format: " time=\"%.3f\"", $0) } ?? ""
                let place = (c.file.map { " file=\"\(escape($0))\"" } ?? "") + (c.line.map { " line=\"\($0)\"" } ?? "")
                let open = "    <testcase classname=\"\(escape(c.className))\" name=\"\(escape(c.name))\"\(place)\(time)"
                if let failure = c.failure {
                    xml += open + ">\n      <failure message=\"\(escape(failure))\">\(escape(c.details ?? failure))</failure>\n"
                    if !c.attachments.isEmpty {
                        xml += "      <system-out>" + c.attachments.map { escape("[[ATTACHMENT|\($0)]]") }.joined(separator: "\n") + "</system-out>\n"
                    }
                    xml += "    </testcase>\n"
                } else {
                    xml += open + "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                // XML 1.0 forbids other control characters even as references.
                if scalar.value < 0x20 { out += " " } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}

/// A report folder: created (or emptied, when it holds an earlier report), then filled.
public struct ReportFolder: Sendable {
    public let url: URL

    /// Creates `url` (and its parents), or empties it when it holds an earlier Segue report.
    /// - Throws: `EncodeError.unwritablePath` when it is a file, or a folder with other things in
    ///   it (nothing is deleted then).
    public static func prepare(_ url: URL) throws -> ReportFolder {
        let fm = FileManager.default
        try ProtectedInputs.checkFolder(try OutputPath.resolveFolder(url), requested: url.path)
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw EncodeError.unwritablePath(path: url.path, reason: "it exists and is not a folder")
            }
            let entries = (try? fm.contentsOfDirectory(atPath: url.path)) ?? []
            if !entries.isEmpty {
                guard entries.contains("report.json") || entries.allSatisfy({ $0 == ".DS_Store" }) else {
                    throw EncodeError.unwritablePath(path: url.path, reason: "the folder exists and is not an earlier report (no report.json); refusing to empty it")
                }
                for entry in entries { try? fm.removeItem(at: url.appendingPathComponent(entry)) }
            }
        } else {
            do {
                try fm.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw EncodeError.unwritablePath(path: url.path, reason: "cannot create the folder (\((error as NSError).localizedFailureReason ?? "\(error)"))")
            }
        }
        return ReportFolder(url: url)
    }

    public init(url: URL) { self.url = url }

    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    public func subfolder(_ name: String) throws -> ReportFolder {
        try Self.prepare(url.appendingPathComponent(name))
    }

    public func writePNG(_ frame: RGBAFrame, _ name: String) throws {
        try AtomicFileWriter.write(frame.pngBytes(), to: file(name))
    }

    public func writeText(_ text: String, _ name: String) throws {
        try AtomicFileWriter.write(Array(text.utf8), to: file(name))
    }

    public func writeJSON<T: Encodable>(_ value: T, _ name: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(0x0A)
        try AtomicFileWriter.write(Array(data), to: file(name))
    }
}
