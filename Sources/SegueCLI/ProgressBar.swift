// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Progress on standard error: a bar redrawn in place on a terminal; in a log (standard error
/// not a terminal, as in CI) a plain line every few seconds, so a long render shows it is alive;
/// nothing with --quiet.
final class ProgressBar: @unchecked Sendable {
    enum Mode { case off, bar, lines }

    private let total: Int
    private let label: String
    private let mode: Mode
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var lastLine: Date

    /// Seconds between plain lines (SEGUE_PROGRESS_SECONDS overrides the 5 s default).
    static let lineInterval: Double = ProcessInfo.processInfo.environment["SEGUE_PROGRESS_SECONDS"].flatMap(Double.init) ?? 5

    init(label: String, total: Int, mode: Mode) {
        self.label = label; self.total = total; self.mode = mode
        lastLine = start
    }

    /// The mode for a command: a bar on a terminal, lines in a log, nothing when quiet.
    static func mode(quiet: Bool) -> Mode {
        quiet ? .off : Diagnostics.standardErrorIsTerminal ? .bar : .lines
    }

    func update(done: Int) {
        let now = Date()
        let elapsed = now.timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = rate > 0 ? Double(total - done) / rate : 0
        switch mode {
        case .off: return
        case .lines:
            guard done < total, now.timeIntervalSince(lastLine) >= Self.lineInterval else { return }
            lastLine = now
            Console.err(String(format: "%@: %d/%d frames, %.1f fps, ETA %.0f s\n", label, done, total, rate, eta))
        case .bar:
            guard done == total || now.timeIntervalSince(lastDraw) > 0.05 else { return }
            lastDraw = now
            let width = 24
            let filled = total == 0 ? width : width * done / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            Console.err(String(format: "\r%@ %@ rendering %d/%d frames  %.1f fps  eta %.1fs ", label, bar, done, total, rate, eta))
        }
    }

    /// A phase after rendering (palettes, encoding), with its fraction done, 0…1.
    func update(phase: String, fraction: Double) {
        let now = Date()
        switch mode {
        case .off: return
        case .lines:
            guard fraction < 1, now.timeIntervalSince(lastLine) >= Self.lineInterval else { return }
            lastLine = now
            Console.err(String(format: "%@: %@ %.0f%%\n", label, phase, fraction * 100))
        case .bar:
            guard fraction >= 1 || now.timeIntervalSince(lastDraw) > 0.05 else { return }
            lastDraw = now
            let width = 24
            let filled = max(0, min(width, Int(Double(width) * fraction)))
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            Console.err(String(format: "\r\u{1B}[2K%@ %@ %@ %3.0f%% ", label, bar, phase, fraction * 100))
        }
    }

    func finish() {
        guard mode == .bar else { return }
        Console.err("\r\u{1B}[2K")
    }
}
