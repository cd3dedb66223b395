// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A one-line progress bar on standard error, redrawn in place; silent when standard error is
/// not a terminal (CI logs) or with --quiet.
final class ProgressBar: @unchecked Sendable {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private let start = Date()
    private var lastDraw = Date.distantPast

    init(label: String, total: Int, enabled: Bool) {
        self.label = label; self.total = total; self.enabled = enabled
    }

    func update(done: Int) {
        guard enabled else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDraw) > 0.05 else { return }
        lastDraw = now
        let width = 24
        let filled = total == 0 ? width : width * done / total
        let elapsed = now.timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = rate > 0 ? Double(total - done) / rate : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = String(format: "\r%@ %@ rendering %d/%d frames  %.1f fps  eta %.1fs ", label, bar, done, total, rate, eta)
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// A phase after rendering (palettes, encoding), with its fraction done, 0…1.
    func update(phase: String, fraction: Double) {
        guard enabled else { return }
        let now = Date()
        guard fraction >= 1 || now.timeIntervalSince(lastDraw) > 0.05 else { return }
        lastDraw = now
        let width = 24
        let filled = max(0, min(width, Int(Double(width) * fraction)))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = String(format: "\r\u{1B}[2K%@ %@ %@ %3.0f%% ", label, bar, phase, fraction * 100)
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
