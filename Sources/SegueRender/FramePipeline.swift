// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueEncode
import SegueRaster
import SegueTimeline

/// Renders frames on several threads and hands them to a sink strictly in order.
///
/// Evaluation is a pure function of time, so any worker can render any frame; the only
/// shared state is the queue of finished frames. At most `window` frames wait for the sink,
/// which keeps memory flat on long renders. Each worker also runs the sink's `prepare` on the
/// frame it has drawn (for MP4, the conversion to Y'CbCr), so that the thread handing frames
/// to the encoder does nothing but encode.
public final class FramePipeline: @unchecked Sendable {
    private let timeline: Timeline
    private let rasterizer: Rasterizer
    /// The frame numbers to render, in delivery order.
    private let frames: [Int]
    private let jobs: Int
    private let window: Int
    private let showTouches: Bool
    private let prepare: (RasterImage) throws -> any PreparedFrame

    private let lock = NSCondition()
    private var nextToClaim: Int
    private var nextToDeliver: Int
    private var finished: [Int: any PreparedFrame] = [:]
    private var failure: Error?

    /// Positions in `frames`: the next to render and the next to hand to the sink.
    public convenience init(timeline: Timeline, rasterizer: Rasterizer, frames: ClosedRange<Int>, jobs: Int, showTouches: Bool = false,
                            prepare: @escaping (RasterImage) throws -> any PreparedFrame = { $0 }) {
        self.init(timeline: timeline, rasterizer: rasterizer, frames: Array(frames), jobs: jobs, showTouches: showTouches, prepare: prepare)
    }

    /// `prepare` runs on the worker threads, for several frames at once (`FrameSink.prepare`).
    public init(timeline: Timeline, rasterizer: Rasterizer, frames: [Int], jobs: Int, showTouches: Bool = false,
                prepare: @escaping (RasterImage) throws -> any PreparedFrame = { $0 }) {
        self.prepare = prepare
        self.timeline = timeline
        self.showTouches = showTouches
        self.rasterizer = rasterizer
        self.frames = frames
        self.jobs = max(1, jobs)
        // One frame per worker: encoders are the slower side, so a deeper queue only holds memory
        // (a whole frame each; docs/performance.md, "Peak memory at 1170×2532").
        self.window = max(2, self.jobs)
        nextToClaim = 0
        nextToDeliver = 0
    }

    /// Renders every frame in the range and calls `deliver` with each, prepared, in order, on
    /// this thread.
    public func run(deliver: (Int, any PreparedFrame) throws -> Void) throws {
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
        while nextToDeliver < frames.count {
            lock.lock()
            while finished[nextToDeliver] == nil && failure == nil { lock.wait() }
            if let failure { lock.unlock(); throw failure }
            let image = finished.removeValue(forKey: nextToDeliver)!
            let index = frames[nextToDeliver]
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
            while failure == nil && nextToClaim < frames.count && nextToClaim >= nextToDeliver + window { lock.wait() }
            guard failure == nil, nextToClaim < frames.count else { lock.unlock(); return }
            let position = nextToClaim
            nextToClaim += 1
            lock.unlock()
            do {
                let image = try prepare(rasterizer.render(DisplayListBuilder.build(timeline, frame: frames[position], showTouches: showTouches)))
                lock.lock(); finished[position] = image; lock.broadcast(); lock.unlock()
            } catch {
                lock.lock(); if failure == nil { failure = error }; lock.broadcast(); lock.unlock()
                return
            }
        }
    }
}
