// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization

/// Turns spooled RGBA frames into GIF image blocks, in one or two segments (see docs/gif.md).
final class GIFEncoder: @unchecked Sendable {   // immutable after init
    enum PaletteMode: String, Sendable {
        /// One global colour table, quantized from all frames (weighted by changed pixels).
        case shared
        /// A local colour table per frame, quantized from that frame's changed pixels.
        case perFrame = "per-frame"
    }

    /// What a perceptual search gave one frame.
    struct FrameReport: Equatable, Sendable {
        /// The frame as a viewer sees it, on Segue's SSIMULACRA2.
        var score: Double
    }

    /// The encoded animation before muxing.
    struct Encoded {
        var mode: PaletteMode
        var settings: Quantizer.Settings
        var target: PerceptualTarget?
        /// "GIF89a", the logical screen descriptor and the global colour table, if any.
        var header: [UInt8]
        /// Per frame: graphic control extension, image descriptor, local colour table, image data.
        var frames: BlockSpool
        /// Per frame: the rectangle stored.
        var rects: [GIFRect]
        /// With a perceptual target, per frame.
        var reports: [FrameReport]
    }

    /// Work that runs beside the search. Neither changes the file (`GIFSpeculationTests`).
    struct Concurrency: Sendable {
        /// The prefetcher makes the next frame's scorer and palette on the other core.
        var prefetch = true
        /// The second segment is searched beside the first rather than after it.
        var sideBySide = true
        static let full = Concurrency()
        static let none = Concurrency(prefetch: false, sideBySide: false)
    }

    let spool: FrameSpool
    let hasTransparency: Bool
    let width: Int, height: Int
    let plan: GIFPlan

    /// `hasTransparency`: whether any frame has a transparent pixel.
    init(spool: FrameSpool, hasTransparency: Bool) throws {
        self.spool = spool
        self.hasTransparency = hasTransparency
        width = spool.width
        height = spool.height
        plan = try GIFPlan(spool: spool, hasTransparency: hasTransparency)
    }

    /// Progress units `encode` reports in `mode`: a shared palette reads every frame twice.
    func progressUnits(mode: PaletteMode) -> Int { mode == .shared ? 2 * spool.count : spool.count }

    /// Encodes every frame.
    /// - Parameters:
    ///   - target: each frame aims at it (per-frame palettes only); nil: libimagequant's quality
    ///     `settings.quality` for every palette.
    func encode(mode: PaletteMode, settings: Quantizer.Settings, target: PerceptualTarget? = nil,
                concurrency: Concurrency = .full,
                progress: () -> Void = {}) throws -> Encoded {
        precondition(target == nil || mode == .perFrame, "a perceptual target needs a palette per frame")
        let shared = mode == .shared ? try PaletteHistogram.palette(spool, plan: plan, settings: settings, progress: progress) : nil
        let global = target == nil ? nil : try globalPalette(settings)
        let n = spool.count
        let starts = target == nil ? [0] : plan.segmentStarts(width: width, height: height, hasTransparency: hasTransparency)
        let ranges = starts.indices.map { starts[$0] ..< ($0 + 1 < starts.count ? starts[$0 + 1] : n) }
        let running = SegmentCount(concurrency.sideBySide && ranges.count > 1 ? ranges.count : 1)
        let results = ResultSlots<SegmentEncoder.Output>(count: ranges.count)
        withoutActuallyEscaping(progress) { progress in
            let relay = ProgressRelay(progress)
            let run = UncheckedBox { (k: Int) in
                defer { running.finished() }
                results.set(k, Result {
                    let segment = try SegmentEncoder(encoder: self, range: ranges[k], settings: settings, target: target, shared: shared,
                                                     global: global, prefetch: concurrency.prefetch, running: running)
                    return try segment.run(progress: relay.call)
                })
            }
            if concurrency.sideBySide && ranges.count > 1 {
                DispatchQueue.concurrentPerform(iterations: ranges.count) { run.value($0) }
            } else {
                ranges.indices.forEach(run.value)
            }
        }
        var whole = try results.get(0)
        for k in 1 ..< ranges.count {
            let part = try results.get(k)
            for j in 0 ..< part.frames.count { try whole.frames.append(try part.frames.read(j)) }
            whole.rects += part.rects
            whole.reports += part.reports
        }
        let header = GIFBlock.header(width: width, height: height, globalTable: global?.colors ?? whole.sharedTable)
        return Encoded(mode: mode, settings: settings, target: target, header: header, frames: whole.frames,
                       rects: whole.rects, reports: whole.reports)
    }

    /// The global colour table of a perceptual encoding, where frames are small enough to use one.
    private func globalPalette(_ settings: Quantizer.Settings) throws -> GlobalPalette? {
        guard width * height <= GIFTuning.globalMaxPixels else { return nil }
        let (attributes, result) = try PaletteHistogram.palette(spool, plan: plan, settings: GlobalPalette.settings(settings))
        return GlobalPalette(attributes: attributes, result: result)
    }
}

/// How many of an encoding's segments are still being searched.
final class SegmentCount: Sendable {
    private let running: Atomic<Int>
    init(_ count: Int) { running = Atomic(count) }
    /// Whether no other segment is being searched at the same time.
    var alone: Bool { running.load(ordering: .acquiring) <= 1 }
    func finished() { running.subtract(1, ordering: .releasing) }
}

/// Calls a non-escaping progress callback from several threads, one at a time.
private final class ProgressRelay: @unchecked Sendable {
    private let report: () -> Void
    private let lock = NSLock()
    init(_ report: @escaping () -> Void) { self.report = report }
    func call() { lock.withLock { report() } }
}

/// One result per concurrently computed task.
final class ResultSlots<T>: @unchecked Sendable {
    private var slots: [Result<T, Error>?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ k: Int, _ result: Result<T, Error>) { lock.withLock { slots[k] = result } }
    func get(_ k: Int) throws -> T { try lock.withLock { try slots[k]!.get() } }
}
