// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueRender
import SegueDisplayList
import SegueRaster
import SegueTimeline

/// One rendered frame as the page draws it: straight (not premultiplied) RGBA rows, top to
/// bottom, the layout of the canvas's ImageData, so the browser copies the pixels as they are.
struct PreviewFrame: Sendable {
    var width: Int
    var height: Int
    var rgba: Data
}

/// One worker thread and a short queue of work for it. Work beyond the queue is refused at
/// once (the server answers 503), so no number of requests makes more threads, more memory or
/// a longer wait than the queue holds. A thread of its own rather than Dispatch's pool, which
/// on Linux is shared with the cooperative threads that answer requests: two frames rendering
/// there would stall every other request (the long poll that reports an edit among them).
final class WorkQueue: @unchecked Sendable {
    struct Full: Error {}
    private let lock = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    let capacity: Int

    init(capacity: Int, name: String) {
        self.capacity = capacity
        let thread = Thread { [self] in
            while true {
                let job = lock.withLock { () -> @Sendable () -> Void in
                    while jobs.isEmpty { lock.wait() }
                    return jobs.removeFirst()
                }
                job()
            }
        }
        thread.name = name
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Queues `job`; false (and nothing queued) when the queue is full.
    func tryAdd(_ job: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock {
            guard jobs.count < capacity else { return false }
            jobs.append(job)
            lock.signal()
            return true
        }
    }

    /// Runs `body` on the worker; throws `Full` when the queue is.
    func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            if !tryAdd({ continuation.resume(returning: body()) }) { continuation.resume(throwing: Full()) }
        }
    }
}

/// Renders frames on demand and keeps them, newest last, up to a memory budget. The page asks
/// for the frame at the current time first and then its neighbours, so the order of requests is
/// the order of rendering. Frames render one at a time on one queue: requests for a frame
/// already queued or rendering wait for that render, and requests beyond the queue are refused
/// (`busy`). Frames of an older scene version are dropped when a newer one renders.
final class FrameStore: @unchecked Sendable {
    struct Key: Hashable { var version: Int; var index: Int; var scale: Double; var touches: Bool }
    typealias Answer = Result<PreviewFrame, Error>

    /// The largest scale the page may ask for (its device pixel ratio), and the most pixels a
    /// frame may have, whatever the canvas: a smaller scale is used past either.
    static let maximumScale = 4.0
    static let maximumPixels = 8 << 20

    private let session: SceneSession
    /// One rasterizer per scene version: its texture cache keeps decoded images by path, and
    /// a new version may be a new image under the same path.
    private var rasterizer: (version: Int, renderer: Rasterizer) = (-1, Rasterizer())
    private let lock = NSLock()
    private let queue: WorkQueue
    /// Frames queued or rendering, with the requests waiting for each.
    private var waiting: [Key: [CheckedContinuation<PreviewFrame, Error>]] = [:]
    private var frames: [Key: PreviewFrame] = [:]
    private var order: [Key] = []
    private var bytes = 0
    let budget: Int

    init(session: SceneSession, budget: Int = 160 << 20, queueLength: Int = 4) {
        self.session = session
        self.budget = budget
        queue = WorkQueue(capacity: queueLength, name: "segue-frames")
    }

    enum Failure: Error { case noScene, busy }

    /// The frame the page asked for last (index, scale, touches): after an edit it is the one
    /// the page will ask for first, so it is rendered before the page asks.
    private var lastAsked = (index: 0, scale: 1.0, touches: false)

    /// The scale a request for `scale` gets: at most `maximumScale` and `maximumPixels`, at
    /// least 0.25, rounded down to a multiple of 0.25 so that the caches hold a few scales only.
    static func scale(_ asked: Double, canvasWidth: Double, canvasHeight: Double) -> Double {
        var scale = asked.isFinite ? min(maximumScale, max(0.25, asked)) : 1
        let area = canvasWidth * canvasHeight
        if area > 0, area * scale * scale > Double(maximumPixels) { scale = (Double(maximumPixels) / area).squareRoot() }
        return max(0.25, (scale * 4).rounded(.down) / 4)
    }

    /// Queues the frame the page is most likely to ask for next, when the queue has room.
    func warm() {
        let wanted = lock.withLock { lastAsked }
        guard let (timeline, key) = resolve(index: wanted.index, scale: wanted.scale, touches: wanted.touches) else { return }
        lock.withLock {
            guard frames[key] == nil, waiting[key] == nil else { return }
            if queue.tryAdd({ [self] in render(key, timeline) }) { waiting[key] = [] }
        }
    }

    /// Frame `index` of the current version at (about) `scale` pixels per point.
    func frame(index: Int, scale: Double, touches: Bool) async throws -> (PreviewFrame, version: Int) {
        guard let (timeline, key) = resolve(index: index, scale: scale, touches: touches) else { throw Failure.noScene }
        lock.withLock { lastAsked = (key.index, key.scale, touches) }
        let frame: PreviewFrame = try await withCheckedThrowingContinuation { continuation in
            lock.withLock {
                if let hit = frames[key] { continuation.resume(returning: hit); return }
                if waiting[key] != nil { waiting[key]?.append(continuation); return }
                guard queue.tryAdd({ [self] in render(key, timeline) }) else { continuation.resume(throwing: Failure.busy); return }
                waiting[key] = [continuation]
            }
        }
        return (frame, key.version)
    }

    private func resolve(index: Int, scale asked: Double, touches: Bool) -> (Timeline, Key)? {
        guard let canvas = session.snapshot.timeline?.scene.canvas else { return nil }
        let scale = Self.scale(asked, canvasWidth: canvas.size.width, canvasHeight: canvas.size.height)
        guard let (timeline, version) = session.timeline(scale: scale) else { return nil }
        let clamped = max(0, min(index, timeline.frameCount - 1))
        return (timeline, Key(version: version, index: clamped, scale: scale, touches: touches))
    }

    /// On the queue's thread: renders, keeps the frame within the budget, answers the waiters.
    private func render(_ key: Key, _ timeline: Timeline) {
        let answer = Answer { () throws -> PreviewFrame in
            let list = DisplayListBuilder.build(timeline, frame: key.index, showTouches: key.touches)
            let renderer = lock.withLock { () -> Rasterizer in
                if rasterizer.version < key.version { rasterizer = (key.version, Rasterizer()) }
                return rasterizer.renderer
            }
            do {
                try renderer.checkResources(list)
                let image = try renderer.render(list)
                return PreviewFrame(width: image.width, height: image.height, rgba: Self.straightRGBA(image))
            } catch {
                session.report(error, version: key.version)
                throw error
            }
        }
        let waiters = lock.withLock { () -> [CheckedContinuation<PreviewFrame, Error>] in
            if case .success(let frame) = answer {
                if let stale = order.first, stale.version < key.version { dropAll(olderThan: key.version) }
                if frames[key] == nil {
                    frames[key] = frame; order.append(key); bytes += frame.rgba.count
                    while bytes > budget, let oldest = order.first {
                        order.removeFirst()
                        if let gone = frames.removeValue(forKey: oldest) { bytes -= gone.rgba.count }
                    }
                }
            }
            return waiting.removeValue(forKey: key) ?? []
        }
        for waiter in waiters { waiter.resume(with: answer) }
    }

    private func dropAll(olderThan version: Int) {
        for key in order where key.version < version { if let gone = frames.removeValue(forKey: key) { bytes -= gone.rgba.count } }
        order.removeAll { $0.version < version }
    }

    /// Premultiplied BGRA → straight RGBA with the rounding every Segue writer uses
    /// (round(c × 255 / a); a transparent pixel is 0, 0, 0, 0), so the page's pixels are the
    /// PNG's pixels.
    static func straightRGBA(_ image: RasterImage) -> Data {
        var out = Data(count: image.width * image.height * 4)
        out.withUnsafeMutableBytes { (dst: UnsafeMutableRawBufferPointer) in
            let d = dst.bindMemory(to: UInt8.self)
            image.pixels.withUnsafeBufferPointer { src in
                for y in 0 ..< image.height {
                    var s = y * image.bytesPerRow, o = y * image.width * 4
                    for _ in 0 ..< image.width {
                        let b = Int(src[s]), g = Int(src[s + 1]), r = Int(src[s + 2]), a = Int(src[s + 3])
                        if a == 255 {
                            d[o] = UInt8(r); d[o + 1] = UInt8(g); d[o + 2] = UInt8(b); d[o + 3] = 255
                        } else if a == 0 {
                            d[o] = 0; d[o + 1] = 0; d[o + 2] = 0; d[o + 3] = 0
                        } else {
                            d[o] = UInt8(min(255, (r * 255 + a / 2) / a))
                            d[o + 1] = UInt8(min(255, (g * 255 + a / 2) / a))
                            d[o + 2] = UInt8(min(255, (b * 255 + a / 2) / a))
                            d[o + 3] = UInt8(a)
                        }
                        s += 4; o += 4
                    }
                }
            }
        }
        return out
    }
}
