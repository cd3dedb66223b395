// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDecode
import SegueEncode

/// Names of the files in a report folder.
public enum ReportFiles {
    public static let json = "report.json"
    public static let junit = "junit.xml"
    public static let sideBySide = "side-by-side.mp4"
    public static let contactSheet = "contact-sheet.png"
    public static let html = "report.html"
    public static let filmstripExpected = "filmstrip-expected.png"
    public static let filmstripActual = "filmstrip-actual.png"

    static func frame(_ index: Int, _ role: String) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "-" + role + ".png"
    }
}

/// Writes the images of failing frames (expected, actual, pixelmatch's diff) and collects the
/// thumbnails of the contact sheet. Safe to use from several threads.
final class ReportArtifacts: @unchecked Sendable {
    let folder: ReportFolder
    let contactSheetLimit: Int
    private let lock = NSLock()
    private var cells: [(index: Int, image: RGBAFrame)] = []
    private var failing = 0
    /// Small copies of every frame on each side, for report.html's filmstrip and playback.
    private var thumbnails: [Int: (expected: RGBAFrame?, actual: RGBAFrame?)] = [:]

    init(folder: ReportFolder, contactSheetLimit: Int = 48) {
        self.folder = folder
        self.contactSheetLimit = contactSheetLimit
    }

    /// For a frame that did not pass: writes its images, names them in `report.images`, and
    /// keeps a thumbnail for the contact sheet.
    func record(expected: RGBAFrame?, actual: RGBAFrame?, diff: RGBAFrame?, report: inout FrameReport) throws {
        guard !report.passed else { return }
        var images = FrameReport.Images()
        if let expected {
            images.expected = ReportFiles.frame(report.index, "expected")
            try folder.writePNG(expected, images.expected!)
        }
        if let actual {
            images.actual = ReportFiles.frame(report.index, "actual")
            try folder.writePNG(actual, images.actual!)
        }
        if let diff {
            images.diff = ReportFiles.frame(report.index, "diff")
            try folder.writePNG(diff, images.diff!)
        }
        report.images = images
        lock.lock()
        failing += 1
        let keep = cells.count < contactSheetLimit
        lock.unlock()
        guard keep else { return }
        let w = max(expected?.width ?? 0, actual?.width ?? 0), h = max(expected?.height ?? 0, actual?.height ?? 0)
        let panel = Compose.fittedSize(width: max(w, 1), height: max(h, 1), maxWidth: 200, maxHeight: 240)
        let cell = SideBySide.image(expected: expected, actual: actual, diff: diff, report: report,
                                    panelWidth: max(panel.width, 60), panelHeight: max(panel.height, 40), textScale: 1)
        lock.lock()
        cells.append((report.index, cell))
        lock.unlock()
    }

    /// Keeps a thumbnail of both sides of a compared frame (passing or not).
    func thumbnail(index: Int, expected: RGBAFrame?, actual: RGBAFrame?) {
        func small(_ f: RGBAFrame?) -> RGBAFrame? {
            f.map { Compose.scaled(Compose.overWhite($0), toFit: Filmstrip.maxCell.width, Filmstrip.maxCell.height) }
        }
        let pair = (small(expected), small(actual))
        lock.lock()
        thumbnails[index] = pair
        lock.unlock()
    }

    /// Writes filmstrip-expected.png and filmstrip-actual.png: every frame's thumbnail in a grid
    /// of `columns`, in frame order (a missing side is a grey cell).
    func writeFilmstrips() throws -> Filmstrip? {
        lock.lock()
        let all = thumbnails.sorted { $0.key < $1.key }
        lock.unlock()
        guard !all.isEmpty else { return nil }
        let cellWidth = all.map { max($0.value.expected?.width ?? 1, $0.value.actual?.width ?? 1) }.max() ?? 1
        let cellHeight = all.map { max($0.value.expected?.height ?? 1, $0.value.actual?.height ?? 1) }.max() ?? 1
        let columns = min(all.count, Filmstrip.columns)
        for (side, name) in [(0, ReportFiles.filmstripExpected), (1, ReportFiles.filmstripActual)] {
            let sheet = Compose.tiles(all.map { side == 0 ? $0.value.expected : $0.value.actual },
                                      columns: columns, cellWidth: cellWidth, cellHeight: cellHeight)
            try folder.writePNG(sheet, name)
        }
        return Filmstrip(expected: ReportFiles.filmstripExpected, actual: ReportFiles.filmstripActual,
                         cellWidth: cellWidth, cellHeight: cellHeight, columns: columns, frames: all.map(\.key))
    }

    /// Writes contact-sheet.png when some frame failed; returns its name.
    func writeContactSheet(title: String) throws -> String? {
        lock.lock()
        let sorted = cells.sorted { $0.index < $1.index }.prefix(contactSheetLimit)
        let total = failing
        lock.unlock()
        guard !sorted.isEmpty else { return nil }
        let footer = total > sorted.count ? "AND \(total - sorted.count) MORE FAILING FRAMES: SEE REPORT.JSON" : nil
        let sheet = Compose.grid(sorted.map(\.image), columns: 4, title: title, footer: footer)
        try folder.writePNG(sheet, ReportFiles.contactSheet)
        return ReportFiles.contactSheet
    }
}

/// expected | actual | diff images of one frame.
enum SideBySide {
    static func image(expected: RGBAFrame?, actual: RGBAFrame?, diff: RGBAFrame?, report: FrameReport,
                      panelWidth: Int, panelHeight: Int, textScale: Int) -> RGBAFrame {
        let missing = "NO FRAME \(report.index)"
        let diffPanel: Compose.Panel
        if let diff {
            diffPanel = .image(diff)
        } else if let e = expected, let a = actual {
            diffPanel = .note("SIZES DIFFER: \(e.width)X\(e.height) VS \(a.width)X\(a.height)")
        } else {
            diffPanel = .note(missing)
        }
        let panels: [(title: String, panel: Compose.Panel)] = [
            ("EXPECTED", expected.map { .image($0) } ?? .note(missing)),
            ("ACTUAL", actual.map { .image($0) } ?? .note(missing)),
            ("DIFF", diffPanel),
        ]
        return Compose.sideBySide(panels, caption: caption(report), panelWidth: panelWidth, panelHeight: panelHeight,
                                  failing: !report.passed, textScale: textScale)
    }

    static func caption(_ report: FrameReport) -> String {
        var text = "FRAME \(report.index)"
        switch report.status {
        case .passed: text += ": OK"
        case .failed:
            text += ": \(Format.count(report.mismatchedPixels ?? 0)) PX"
            if let ssim = report.ssim { text += ", SSIM \(Format.fixed(ssim, 3))" }
        case .sizeMismatch: text += ": SIZES DIFFER"
        case .missingActual, .missingExpected: text += ": MISSING"
        }
        return text
    }

    /// The panel size for a video of frames up to `width × height`: the frames' own size,
    /// scaled down to at most 1280 × 1600 so the video stays playable.
    static func panelSize(width: Int, height: Int) -> (width: Int, height: Int) {
        Compose.fittedSize(width: max(1, width), height: max(1, height), maxWidth: 1280, maxHeight: 1600)
    }
}

/// side-by-side.mp4: every compared frame as expected | actual | diff, in order.
final class SideBySideVideo {
    private let writer: MP4Writer
    private let panelWidth: Int, panelHeight: Int, textScale: Int

    init(url: URL, maxWidth: Int, maxHeight: Int, fps: Double) throws {
        let panel = SideBySide.panelSize(width: maxWidth, height: maxHeight)
        panelWidth = max(panel.width, 96)
        panelHeight = max(panel.height, 48)
        textScale = panelWidth >= 300 ? 2 : 1
        let probe = SideBySide.image(expected: nil, actual: nil, diff: nil, report: FrameReport(index: 0, status: .passed),
                                     panelWidth: panelWidth, panelHeight: panelHeight, textScale: textScale)
        writer = try MP4Writer(url: url, width: probe.width, height: probe.height, fps: min(max(fps, 1), 120), crf: 20, preset: "fast")
    }

    func append(expected: RGBAFrame?, actual: RGBAFrame?, diff: RGBAFrame?, report: FrameReport) throws {
        let image = SideBySide.image(expected: expected, actual: actual, diff: diff, report: report,
                                     panelWidth: panelWidth, panelHeight: panelHeight, textScale: textScale)
        try writer.append(image.rasterImage)
    }

    func finish() throws { try writer.finish() }
    func cancel() { writer.cancel() }
}
