import Foundation
import SegueEncode

/// Renders frames on several threads and hands them to a sink strictly in order.
///
/// Evaluation is a pure function of time, so any worker can render any frame; the only
/// shared state is the queue of finished frames. At most `window` frames wait for the sink,
/// which keeps memory flat on long renders.
final class FramePipeline: @unchecked Sendable {
    private let timeline: Timeline
    private let rasterizer: Rasterizer
    private let frames: ClosedRange<Int>
    private let jobs: Int
    private let window: Int
    private let showTouches: Bool

    private let lock = NSCondition()
    private var nextToClaim: Int
    private var nextToDeliver: Int
    private var finished: [Int: RasterImage] = [:]
    private var failure: Error?

    init(timeline: Timeline, rasterizer: Rasterizer, frames: ClosedRange<Int>, jobs: Int, showTouches: Bool = false) {
        self.timeline = timeline
        self.showTouches = showTouches
        self.rasterizer = rasterizer
        self.frames = frames
        self.jobs = max(1, jobs)
        // One frame per worker: encoders are the slower side, so a deeper queue only holds memory
        // (12 MB a frame at 1170×2532; see README, Performance).
        self.window = max(2, self.jobs)
        nextToClaim = frames.lowerBound
        nextToDeliver = frames.lowerBound
    }

    /// Renders every frame in the range and calls `deliver` with each, in order, on this thread.
    func run(deliver: (Int, RasterImage) throws -> Void) throws {
        let group = DispatchGroup()
        for _ in 0 ..< jobs {
            group.enter()
            Thread.detachNewThread { [self] in
                work()
                group.leave()
            }
        }
        defer {
            lock.lock(); if failure == nil { failure = CancellationError() }; lock.broadcast(); lock.unlock()
            group.wait()
        }
        while nextToDeliver <= frames.upperBound {
            lock.lock()
            while finished[nextToDeliver] == nil && failure == nil { lock.wait() }
            if let failure { lock.unlock(); throw failure }
            let image = finished.removeValue(forKey: nextToDeliver)!
            let index = nextToDeliver
            nextToDeliver += 1
            lock.broadcast()
            lock.unlock()
            do { try deliver(index, image) } catch {
                lock.lock(); failure = error; lock.broadcast(); lock.unlock()
                throw error
            }
        }
    }

    private func work() {
        while true {
            lock.lock()
            // Stay within the window so a slow sink does not let frames pile up in memory.
            while failure == nil && nextToClaim <= frames.upperBound && nextToClaim >= nextToDeliver + window { lock.wait() }
            guard failure == nil, nextToClaim <= frames.upperBound else { lock.unlock(); return }
            let index = nextToClaim
            nextToClaim += 1
            lock.unlock()
            do {
                let image = try rasterizer.render(DisplayListBuilder.build(timeline, frame: index, showTouches: showTouches))
                lock.lock(); finished[index] = image; lock.broadcast(); lock.unlock()
            } catch {
                lock.lock(); if failure == nil { failure = error }; lock.broadcast(); lock.unlock()
                return
            }
        }
    }
}

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
