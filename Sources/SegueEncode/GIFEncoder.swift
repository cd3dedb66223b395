// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization
import SegueMetrics

/// A rectangle of pixels in a GIF's logical screen.
struct GIFRect: Equatable, Sendable, CustomStringConvertible {
    var x: Int, y: Int, width: Int, height: Int

    static let empty = GIFRect(x: 0, y: 0, width: 0, height: 0)
    var isEmpty: Bool { width <= 0 || height <= 0 }
    var area: Int { isEmpty ? 0 : width * height }
    var maxX: Int { x + width }
    var maxY: Int { y + height }

    func union(_ other: GIFRect) -> GIFRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return GIFRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

    var description: String { "\(width)×\(height)+\(x)+\(y)" }
}

/// Turns spooled RGBA frames into GIF image blocks: the palette work (libimagequant), the
/// changed rectangles, transparency for unchanged pixels, and LZW.
///
/// How a frame is built (frames after the first):
/// - Only the bounding rectangle of the pixels that differ from what is on screen is stored.
/// - Inside it, pixels whose source colour did not change are written as the transparent
///   index (they show the previous frame). libimagequant sees them as transparent, so they
///   neither take palette entries nor get dithered.
/// - The frame on screen is given to libimagequant as the image's background
///   (`liq_image_set_background`): changed pixels that the screen already shows about as well
///   as the palette could (dithering included) also become transparent. The rectangle is then
///   shrunk to the pixels actually drawn.
/// - Animations with transparent pixels: GIF has 1-bit transparency, so alpha < 128 is
///   transparent and anything else opaque (un-premultiplied). When a pixel goes from opaque to
///   transparent, the frame before it uses disposal "restore to background" over a rectangle
///   that covers it, and the next frame redraws what was cleared.
final class GIFEncoder: @unchecked Sendable {   // immutable after init; encode() keeps its state local
    enum PaletteMode: String, Sendable {
        /// One global colour table, quantized from all frames (weighted by changed pixels).
        case shared
        /// A local colour table per frame, quantized from that frame's changed pixels.
        case perFrame = "per-frame"
    }

    /// The encoded animation before muxing.
    struct Encoded {
        var mode: PaletteMode
        var settings: Quantizer.Settings
        var target: PerceptualTarget?
        /// "GIF89a", the logical screen descriptor and the global colour table, if any.
        var header: [UInt8]
        /// Per frame: graphic control extension, image descriptor, local colour table, image data
        /// (on disk).
        var frames: BlockSpool
        /// Per frame: the rectangle stored.
        var rects: [GIFRect]
        /// With a perceptual target: each frame's search.
        var searches: [FrameSearch]
        var byteCount: Int { header.count + frames.byteCount }
    }

    struct Plan {
        /// Per frame: the rectangle that may need drawing (before shrinking to drawn pixels).
        var rects: [GIFRect]
        /// Per frame: GIF disposal method, 1 (leave in place) or 2 (restore to background).
        var disposals: [Int]
        /// Per frame: whether its source is what the screen already shows in source colours (no
        /// pixel changed and nothing was cleared), so it draws nothing.
        var unchanged: [Bool]
    }

    let spool: FrameSpool
    let hasTransparency: Bool
    let width: Int, height: Int
    let plan: Plan
    /// ffmpeg's GIF of the same frames, for `PerceptualTarget.atMostFFmpeg` (made when first needed).
    let ffmpegBaseline: FFmpegTwoPassGIF

    /// Plans rectangles and disposal methods (a pass over the frames comparing neighbours).
    /// `hasTransparency`: whether any frame has a transparent pixel.
    init(spool: FrameSpool, hasTransparency: Bool) throws {
        self.spool = spool
        self.hasTransparency = hasTransparency
        width = spool.width
        height = spool.height
        plan = try Self.makePlan(spool: spool, hasTransparency: hasTransparency)
        ffmpegBaseline = FFmpegTwoPassGIF(spool: spool)
    }

    // MARK: - Planning

    private static func makePlan(spool: FrameSpool, hasTransparency: Bool) throws -> Plan {
        let n = spool.count, w = spool.width, h = spool.height
        let full = GIFRect(x: 0, y: 0, width: w, height: h)
        var rects: [GIFRect] = []
        var disposals: [Int] = []
        var unchanged: [Bool] = []
        var base = [UInt32](repeating: 0, count: w * h)      // source-level screen before frame i
        var current = [UInt32](repeating: 0, count: w * h)
        var next = [UInt32](repeating: 0, count: w * h)
        if n > 0 { try read(spool, 0, into: &current) }
        for i in 0 ..< n {
            if i + 1 < n { try read(spool, i + 1, into: &next) }
            // Pixels opaque now and transparent in the next frame: this frame must clear them.
            let clear = (hasTransparency && i + 1 < n) ? opaqueToTransparentBounds(current, next, w, h) : .empty
            var rect = i == 0 ? full : changedBounds(base, current, w, h)
            rect = rect.union(clear)
            unchanged.append(rect.isEmpty)
            if rect.isEmpty { rect = GIFRect(x: 0, y: 0, width: 1, height: 1) }
            let disposal = clear.isEmpty ? 1 : 2
            rects.append(rect)
            disposals.append(disposal)
            // The screen before the next frame, in source colours.
            swap(&base, &current)
            if disposal == 2 { fill(&base, rect, w, value: 0) }
            swap(&current, &next)
        }
        return Plan(rects: rects, disposals: disposals, unchanged: unchanged)
    }

    private static func read(_ spool: FrameSpool, _ index: Int, into pixels: inout [UInt32]) throws {
        try pixels.withUnsafeMutableBytes { try spool.read(index, into: $0) }
    }

    private static func fill(_ pixels: inout [UInt32], _ rect: GIFRect, _ w: Int, value: UInt32) {
        for y in rect.y ..< rect.maxY { for x in rect.x ..< rect.maxX { pixels[y * w + x] = value } }
    }

    /// Bounding box of the pixels that differ.
    static func changedBounds(_ a: [UInt32], _ b: [UInt32], _ w: Int, _ h: Int) -> GIFRect {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in changedBounds(a, b, w, h) } }
    }

    static func changedBounds(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, _ w: Int, _ h: Int) -> GIFRect {
        var minX = w, maxX = -1, minY = h, maxY = -1
        for y in 0 ..< h {
            let row = y * w
            if memcmp(a.baseAddress! + row, b.baseAddress! + row, w * 4) == 0 { continue }
            if minY == h { minY = y }
            maxY = y
            var x0 = 0
            while x0 < w && a[row + x0] == b[row + x0] { x0 += 1 }
            var x1 = w - 1
            while x1 > x0 && a[row + x1] == b[row + x1] { x1 -= 1 }
            minX = min(minX, x0)
            maxX = max(maxX, x1)
        }
        return maxY < 0 ? .empty : GIFRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Bounding box of the pixels opaque in `a` and transparent in `b` (alpha is 0 or 255).
    static func opaqueToTransparentBounds(_ a: [UInt32], _ b: [UInt32], _ w: Int, _ h: Int) -> GIFRect {
        var minX = w, maxX = -1, minY = h, maxY = -1
        for y in 0 ..< h {
            for x in 0 ..< w where a[y * w + x] != 0 && b[y * w + x] == 0 {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxY < 0 ? .empty : GIFRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    // MARK: - Encoding

    /// Encodes every frame with the given palette strategy and quantizer settings.
    /// Frames handled by `encode` in `mode`: each frame once to build a shared palette's
    /// histogram, and once to encode it.
    func progressUnits(mode: PaletteMode) -> Int { mode == .shared ? 2 * spool.count : spool.count }

    /// A perceptual target for `encode`: each frame gets its own palette, and the lowest
    /// libimagequant quality on `ladder` whose frame, as a viewer sees it, scores at least `score`
    /// on SSIMULACRA2 (measured on the pixels the frame changes, with a margin); where no rung
    /// reaches it, the top rung.
    struct PerceptualTarget: Equatable, Sendable {
        var score: Double
        /// Where a frame falls short of `score` at its first step, its target becomes what
        /// ffmpeg's two-pass GIF of the same frames scores on it (`FFmpegTwoPassGIF`), plus
        /// `ffmpegMargin`, if that is lower: the frames that no 256-colour GIF of the usual recipe
        /// brings to the target (translucent overlays over photos, for one) then cost what that
        /// GIF costs them in quality, not more bytes than any GIF needs. Opaque animations up to
        /// `measuredWholePixels`; elsewhere `score` holds for every frame.
        var atMostFFmpeg = false
        /// libimagequant qualities tried, lowest first.
        var ladder: [Int] = PerceptualTarget.defaultLadder
        /// Where the first frame's search starts (an index into `ladder`).
        var firstRung: Int = 4
        /// A frame whose lossy drawing holds at its first level with this much room above the
        /// target tries the next more lossy level at once, and so on while that holds with as much
        /// room; nil: never. Over 22 scenes at scale 0.5, with the lossy levels also tried down to
        /// the least lossy where they miss (not only two), it gave 1.6 % fewer bytes for about 5 %
        /// more time; at 1 of room 1.9 % for 8 %, at 2.5 1.5 % for 5 %. (One more level held on a
        /// third of the tries at 2 to 3 of room, on four in five from 3.5.)
        var lossyPushRoom: Double? = 2

        /// The search's steps, lowest first: each rung's palette without dithering, then with
        /// `dithering` (unless that is 0). An undithered frame is smaller where it reaches the
        /// target (no dither noise for LZW) and about four times faster to remap; dithering is
        /// kept for the frames that need it, gradients mostly.
        func steps(dithering: Float) -> [(quality: Int, dithering: Float)] {
            var steps: [(quality: Int, dithering: Float)] = []
            for quality in ladder {
                steps.append((quality, 0))
                if dithering > 0 { steps.append((quality, dithering)) }
            }
            return steps
        }
        /// (98: between 95 and 100 a photo's frame often jumped from about 85 to 96, far past 90;
        /// the rung took `preset-flip` at scale 0.5 from 0.86× to 0.82× ffmpeg's bytes.)
        static let defaultLadder = [0, 20, 40, 60, 75, 85, 95, 98, 100]
        /// libimagequant's speed for each frame's own palette (its default is 4). At 5 the files
        /// were the same size (22 scenes at scale 0.5: −0.07 %; `flip` at 1170×2532: 2,079,113
        /// bytes against 2,079,278) and the 1170×2532 GIF took 19.4 s instead of 22.0 s. At 6,
        /// as for the global palette, it took 17.4 s, but its file was 4 % larger and its peak
        /// RSS 395 MB.
        static let quantizerSpeed = 5
        /// Above ffmpeg's score, on Segue's SSIMULACRA2: the PyPI package's scores differ from
        /// Segue's by at most 0.05 (`SSIMULACRA2Tests`), so this keeps Segue's frame at or above
        /// ffmpeg's on either measure.
        static let ffmpegMargin = 0.2
        /// How far below the target a frame must fall before ffmpeg's GIF is first made.
        static let ffmpegFirstMiss = 3.0
        /// A frame that passes by this much lets the next frame start one rung lower.
        static let headroom = 1.5
        /// Lossy LZW tolerances (`GIFLZW.lossyIndices`), most lossy first.
        static let lossyTolerances = [32, 24, 16, 10, 6]
        /// Where the first frame's lossy tries start (an index into `lossyTolerances`).
        static let firstLossyLevel = 2
        /// How far above its target a lossy frame must stay; lossy LZW is tried where a frame has
        /// twice that. The PyPI package's scores differ from Segue's by at most 0.05, so 0.1 keeps
        /// a lossy frame above its target on either measure. (It was 0.3: over the 22 scenes 0.1
        /// gave 0.56 % fewer bytes in the same time; on 9 scenes, earlier, the same bytes.)
        static let lossyMargin = 0.1
    }

    /// What one frame's search tried, in order.
    struct FrameSearch: Equatable, Sendable {
        struct Try: Equatable, Sendable {
            var quality: Int
            var dithered: Bool
            var score: Double
            /// Whether the whole frame could be redrawn (see the repair in `encode`).
            var repair = false
            /// The lossy LZW tolerance tried on the chosen palette (`lossyTolerances`), or 0.
            var lossyTolerance = 0
        }
        var tried: [Try]
        /// The libimagequant quality chosen, or `globalPalette`.
        var chosen: Int
        /// `chosen` and `Try.quality` of the global palette (see `GlobalPalette`).
        static let globalPalette = -1
        /// The chosen drawing's score.
        var score: Double
        /// The score this frame aimed at: the target's, or ffmpeg's on this frame plus the
        /// margin where that is lower (see `PerceptualTarget.atMostFFmpeg`).
        var target: Double
        /// ffmpeg's two-pass GIF's score on this frame, where it was measured.
        var ffmpegScore: Double?
    }

    /// - Parameters:
    ///   - target: with a per-frame palette, the perceptual target each frame aims at (see
    ///     `PerceptualTarget`); `settings.quality` is then unused. Nil: libimagequant's quality
    ///     `settings.quality` for every palette.
    ///   - progress: called after each frame of each pass (see `progressUnits`).
    func encode(mode: PaletteMode, settings: Quantizer.Settings, target: PerceptualTarget? = nil,
                streamedGlobal: GlobalPaletteStream? = nil, progress: () -> Void = {}) throws -> Encoded {
        precondition(target == nil || mode == .perFrame, "a perceptual target needs a palette per frame")
        let attributes = try Quantizer.Attributes(settings)
        let n = spool.count

        // Shared palette: one histogram over every frame's changed pixels, then one palette.
        let shared = mode == .shared ? try sharedPalette(attributes, settings: settings, progress: progress) : nil
        // With a perceptual target, the same kind of palette is the file's global colour table,
        // tried first on every frame (see `GlobalPalette`).
        let global: GlobalPalette?
        if target != nil && width * height <= GlobalPalette.maxPixels {
            let s = GlobalPalette.settings(settings)
            // Made while the frames rendered, where it could be (opaque frames, these settings).
            if !hasTransparency, let streamed = streamedGlobal, streamed.settings == s, let made = try streamed.palette() {
                global = made
            } else {
                let a = try Quantizer.Attributes(s)
                let result = try sharedPalette(a, settings: s, progress: {})
                global = try GlobalPalette(attributes: a, result: result)
            }
        } else {
            global = nil
        }
        // Frames are encoded in independent segments on both cores where the animation allows it
        // (see `segmentStarts`); the segments are the same whatever the number of cores.
        let starts = target == nil ? [0] : segmentStarts()
        let ranges = starts.indices.map { starts[$0] ..< ($0 + 1 < starts.count ? starts[$0 + 1] : n) }
        var whole: Segment
        if ranges.count == 1 {
            whole = try encodeSegment(0 ..< n, mode: mode, settings: settings, target: target, shared: shared, global: global,
                                      segments: SegmentCount(1), progress: progress)
        } else {
            // (Only perceptual encodings, which have no shared palette, are segmented.)
            let results = ResultSlots<Segment>(count: ranges.count)
            let segments = SegmentCount(ranges.count)
            withoutActuallyEscaping(progress) { progress in
                let relay = ProgressRelay(progress)
                DispatchQueue.concurrentPerform(iterations: ranges.count) { k in
                    defer { segments.finished() }
                    results.set(k, Result {
                        try encodeSegment(ranges[k], mode: mode, settings: settings, target: target, shared: nil, global: global,
                                          segments: segments, progress: relay.call)
                    })
                }
            }
            whole = try results.get(0)
            for k in 1 ..< ranges.count {
                let part = try results.get(k)
                for j in 0 ..< part.frames.count { try whole.frames.append(try part.frames.read(j)) }
                whole.rects += part.rects
                whole.searches += part.searches
            }
        }
        return Encoded(mode: mode, settings: settings, target: target, header: whole.header, frames: whole.frames,
                       rects: whole.rects, searches: whole.searches)
    }

    /// One palette for every frame: a libimagequant histogram of each frame's changed pixels (as
    /// ffmpeg's `palettegen=stats_mode=diff`), with the transparent entry and the dominant flat
    /// colours fixed.
    private func sharedPalette(_ attributes: Quantizer.Attributes, settings: Quantizer.Settings,
                               progress: () -> Void) throws -> Quantizer.Result {
        let frameBytes = width * height * 4
        var histogram = try PaletteHistogram(attributes)
        var base = [UInt8](repeating: 0, count: frameBytes)
        var current = [UInt8](repeating: 0, count: frameBytes)
        for i in 0 ..< spool.count {
            try current.withUnsafeMutableBytes { try spool.read(i, into: $0) }
            let rect = plan.rects[i]
            try histogram.add(maskedPixels(current, base: base, rect: rect, first: i == 0), rect: rect)
            advanceBase(&base, &current, frame: i)
            progress()
        }
        return try histogram.quantize(maxColors: settings.maxColors)
    }

    /// A libimagequant histogram of frames' changed pixels (transparent elsewhere), with the
    /// transparent entry and the dominant flat colours fixed (see `ColorCounter`).
    struct PaletteHistogram {
        let attributes: Quantizer.Attributes
        private let histogram: Quantizer.Histogram
        private var counter = ColorCounter()

        init(_ attributes: Quantizer.Attributes) throws {
            self.attributes = attributes
            histogram = try Quantizer.Histogram(attributes)
            try histogram.addFixedColor(.transparent)
        }

        /// One frame's rectangle: `rect`-sized RGBA.
        mutating func add(_ masked: [UInt8], rect: GIFRect) throws {
            masked.withUnsafeBytes { counter.add($0.bindMemory(to: UInt32.self)) }
            let image = try Quantizer.Image(attributes, rgba: masked, width: rect.width, height: rect.height)
            try histogram.add(image, attributes)
        }

        func quantize(maxColors: Int) throws -> Quantizer.Result {
            for color in counter.dominant(limit: GIFEncoder.fixedColorLimit(maxColors)) {
                try histogram.addFixedColor(color)
            }
            return try histogram.quantize(attributes)
        }
    }

    /// The file's global colour table in a perceptual encoding: one palette for the whole
    /// animation, which each frame tries before a palette of its own. A frame drawn with it
    /// stores no colour table (up to 768 bytes: on `keyframes-cubic` at scale 0.5 the local
    /// tables were 47 % of the file), skips its quantization, and finds the colours already on
    /// screen in its palette (see `GIFLZW`'s alternatives).
    /// (Both segments remap with it: libimagequant keeps a remap's state in the result, so one
    /// remap at a time. A histogram's palette stays as it is when remapping, so the order in which
    /// the segments take turns does not change what they get.)
    final class GlobalPalette: @unchecked Sendable {   // immutable; `result` used under `lock`
        /// libimagequant's quality for it. Not every shade that any frame needs: with fewer
        /// colours, each frame drawn with it takes fewer bits a pixel and LZW finds longer runs,
        /// and the frames it no longer suits take a palette of their own. Over 22 scenes at scale
        /// 0.5, against 100: 80 gave 4.2 % fewer bytes in 7.5 % more time (with the climb's floor
        /// in `encodeSegment`), 85 3.1 % in 4 %, 90 1.3 % in 3 %; 70 and 60 gave fewer savings
        /// than 80.
        static let quality = 80
        /// libimagequant's speed for it. At 6 (its default is 4) libimagequant makes no dither map:
        /// remapping each frame with it, undithered, took half the time (0.37 s → 0.19 s on
        /// `preset-semiModal-swipe` at scale 0.5), for the same bytes over 22 scenes (+0.07 %).
        /// At 5 the remaps cost as at 4; at 8 the histogram skips its contrast maps, and the
        /// files grew by up to 8 %.
        static let speed = 6
        /// Largest frame (pixels) that uses it. A colour table costs a frame the same few hundred
        /// bytes whatever its size, while the global palette's extra colours (it holds every shade
        /// any frame needs, where a frame's own palette at a lower rung merges them) cost bytes in
        /// proportion to the pixels. Measured: at 195×422 (82,000 px) it took 22 scenes from 0.78×
        /// to 0.75× ffmpeg's bytes; at 390×420 and above it made every scene tried but two larger
        /// (`spring-bounce` at 390×520: 56,896 → 70,268 bytes), so it stops between the two.
        static let maxPixels = 120_000
        /// libimagequant's settings for it, from the frames' own.
        static func settings(_ frames: Quantizer.Settings) -> Quantizer.Settings {
            var s = frames
            s.quality = quality
            s.speed = speed
            return s
        }
        let attributes: Quantizer.Attributes
        private let result: Quantizer.Result
        let colors: [Quantizer.Color]
        /// For undithered remapping, on any thread.
        let prepared: Quantizer.PreparedPalette
        private let lock = NSLock()

        init(attributes: Quantizer.Attributes, result: Quantizer.Result) throws {
            self.attributes = attributes
            self.result = result
            colors = result.palette
            prepared = try Quantizer.PreparedPalette(result)
        }

        func withResult<T>(_ body: (Quantizer.Result) throws -> T) rethrows -> T {
            try lock.withLock { try body(result) }
        }
    }

    /// Frames encoded from a fresh start, and what the first segment adds to the file's header.
    private struct Segment {
        var header: [UInt8]
        var frames: BlockSpool
        var rects: [GIFRect]
        var searches: [FrameSearch]
    }

    /// Calls a non-escaping progress callback from several threads, one at a time.
    private final class ProgressRelay: @unchecked Sendable {
        private let report: () -> Void
        private let lock = NSLock()
        init(_ report: @escaping () -> Void) { self.report = report }
        func call() { lock.withLock { report() } }
    }

    /// Where independent segments of a perceptual encoding start. A frame that redraws the whole
    /// screen with opaque pixels can be encoded without knowing what was shown before it (it is
    /// then drawn without transparent pixels), so the frames from there on can be searched at the
    /// same time as the ones before. With one such frame in the middle half, both cores search;
    /// where there is none, a frame that changes most of the screen (`segmentStartPercent`), drawn
    /// whole; otherwise (small changes, transparency, frames too large for two searches in memory)
    /// one segment. A function of the frames alone: the same file on any machine.
    func segmentStarts() -> [Int] {
        let n = spool.count
        guard !hasTransparency, n >= Self.minimumSegmentedFrames, width * height <= GIFEncoder.concurrentMaxPixels else { return [0] }
        let full = GIFRect(x: 0, y: 0, width: width, height: height)
        // Whole-screen frames in the middle half.
        var candidates = (n / 4 ... 3 * n / 4).filter { plan.rects[$0] == full && !plan.unchanged[$0] }
        if candidates.isEmpty {
            candidates = (n / 4 ... 3 * n / 4).filter {
                plan.rects[$0].area * 100 >= full.area * Self.segmentStartPercent && !plan.unchanged[$0]
            }
        }
        // The one that halves the work best, estimated as the pixels that change plus a quarter
        // screen for each frame that changes anything. (Nearest the middle frame had left one
        // core searching alone for a third of the time on some scenes; over 22 scenes at scale
        // 0.5 this took 4 % less time on the six it moved, for 0.1 % more bytes.)
        var before = [0], total = 0
        for i in 0 ..< n {
            total += plan.unchanged[i] ? 0 : plan.rects[i].area + full.area / 4
            before.append(total)
        }
        guard let start = candidates.min(by: { abs(2 * before[$0] - total) < abs(2 * before[$1] - total) }) else { return [0] }
        return [0, start]
    }

    static let minimumSegmentedFrames = 8
    /// Where no frame redraws the whole screen, a frame that changes at least this share of it
    /// (percent) may start the second segment, drawn whole. Over 22 scenes at scale 0.5 it split
    /// four more (sheets that slide over most of the screen, a zoomed gallery): 8 % less time on
    /// them for 363 bytes more in all. At 90, two; at 60, two more, for 1,600 bytes.
    static let segmentStartPercent = 75
    /// Largest frame (pixels) whose second segment, or LZW coding, runs beside the search: each
    /// holds frame-sized buffers of its own, and a 1170×2532 GIF is already close to 400 MB.
    static let concurrentMaxPixels = 2_000_000

    /// How many of an encoding's segments are still being searched.
    private final class SegmentCount: Sendable {
        private let running: Atomic<Int>
        init(_ count: Int) { running = Atomic(count) }
        /// Whether no other segment is being searched at the same time.
        var alone: Bool { running.load(ordering: .acquiring) == 1 }
        func finished() { running.subtract(1, ordering: .releasing) }
    }

    /// - Parameter segments: the segments still being searched. A segment searched alone makes
    ///   work ahead on the other core (see `speculativeLossy`); beside another segment, that only
    ///   took time from it (`preset-flip` at scale 0.5: 1.29 s against 1.16 s). So a segment whose
    ///   partner finishes first does so from its next frame on: two segments of unequal work had
    ///   left one core idle for up to half the search. (That work only changes when things are
    ///   ready, never what is chosen: the file does not depend on it.)
    private func encodeSegment(_ range: Range<Int>, mode: PaletteMode, settings: Quantizer.Settings, target: PerceptualTarget?,
                               shared: Quantizer.Result?, global: GlobalPalette?, segments: SegmentCount,
                               progress: () -> Void) throws -> Segment {
        let w = width, h = height
        let frameBytes = w * h * 4
        let start = range.lowerBound
        let attributes = try Quantizer.Attributes(settings)
        // Per-frame search: one set of attributes per libimagequant quality, made when first needed.
        var rungAttributes: [Int: Quantizer.Attributes] = [:]
        func ladderAttributes(_ quality: Int) throws -> Quantizer.Attributes {
            if let a = rungAttributes[quality] { return a }
            var s = settings
            s.quality = quality
            s.speed = PerceptualTarget.quantizerSpeed
            let a = try Quantizer.Attributes(s)
            rungAttributes[quality] = a
            return a
        }
        // The search's steps, and where the first frame's starts.
        let steps = target?.steps(dithering: settings.dithering) ?? []
        var rung = target.map { t in steps.firstIndex { $0.quality == t.ladder[t.firstRung] }! } ?? 0
        var nextScorer: Pending<FrameScorer>?
        var pendingPalette: Pending<SpeculativePalette>?
        var previousScore = 100.0
        var previousRows: SSIMULACRA2.RowSums?
        // The region `previousRows` was measured over: a frame over `measuredWholePixels` measures
        // the rows its change spans, which move from frame to frame, and sums of another region
        // do not describe this one.
        var previousRowsRegion = GIFRect.empty
        // ffmpeg's GIF of these frames, made as far as a frame first needs it (see `atMostFFmpeg`).
        let consultsFFmpeg = target?.atMostFFmpeg == true && !hasTransparency && width * height <= Self.measuredWholePixels
        var ffmpegFrames: FFmpegTwoPassGIF.Frames?
        // Whether ffmpeg's palette is being made on another core: from the first
        // miss of any size, which often comes some frames before one large enough to need them.
        // (Not from the start: three in five scenes never need them, and the small ones then
        // took 15 % longer.)
        var ffmpegPreparing = false
        // Measuring ffmpeg's frame costs about a search step. Where that did not help (the frame
        // reached the target anyway, ffmpeg doing well on it or the next step being enough), the
        // next frames are not measured for a while: 1, 2, 4, … up to 32 frames after each such
        // measurement in a row. They aim at the target, which is never below the floor.
        var ffmpegRest = 0, ffmpegFutile = 0
        // The row sums of the last measurement of ffmpeg's GIF, and its frame: the next frame's
        // measurement redoes only the rows its rectangle spans (paletteuse's rectangle mode
        // redraws only where the source changed, so ffmpeg's screen and the source are both the
        // same in the other rows).
        var ffmpegRows: (frame: Int, sums: SSIMULACRA2.RowSums)?
        // Where a frame's target was lowered to ffmpeg's score, the next frame's usually is too:
        // ffmpeg's score on it is measured on another core meanwhile (used only where the frame
        // would measure it anyway, so the file is the same).
        var nextFFmpegScore: (frame: Int, pending: Pending<(Double, SSIMULACRA2.RowSums)?>)?
        var previousTarget = target?.score ?? 100
        var previousFFmpegScore: Double?
        var pendingBlock: Pending<[UInt8]>?
        var searches: [FrameSearch] = []
        var lossyLevel = PerceptualTarget.firstLossyLevel
        // A frame with room above its target tries more lossy levels at once (see `pushLossy`); one
        // with much room where it did not lets the next start a level more lossy. Where
        // that level then misses, the frames after it go back to the level that held, and do not
        // step again for a while (1, 2, 4, … up to 32 frames after each miss in a row): on steady
        // stretches, every other frame otherwise paid for a drawing and a score that missed.
        // Much more room (as where a target was lowered to ffmpeg's score) steps two levels at once,
        // whatever the misses before.
        var lossyDownRest = 0, lossyDownFutile = 0
        // Lossy drawings run the pass twice where pixels have alternative indices: exact index
        // first, and alternative first (see `lossyCandidate`). The second won on 4 to 6 % of
        // the bits on photo flips, and on 0.2 % or less elsewhere, where it lost nearly always:
        // after it loses, the next frames run the first order only for a while (1, 2, 4, … up to
        // 32 frames after each loss in a row).
        var ordersRest = 0, ordersFutile = 0
        var lossySteppedDown = false
        func lossyStepsDown(room: Double) -> Int {
            room >= 4 * PerceptualTarget.headroom ? 2 : room >= PerceptualTarget.headroom && lossyDownRest == 0 ? 1 : 0
        }
        // Whether the last frame scored took lossy LZW at its first try (see `lossyFirst` below).
        var lossyStreak = false
        // Whether the last frame scored tried a push (see `pushLossy`): where it did, this one's
        // first push drawing is made on another core while the level it pushes from is scored.
        var pushedLast = false
        // The global palette's misses in a row, and the frames left before it is tried again.
        var globalFutile = 0, globalRest = 0
        var lastOnGlobal = false

        var header: [UInt8] = Array("GIF89a".utf8)
        header += le16(w) + le16(h)
        var globalPalette: [Quantizer.Color]?
        let frames = try BlockSpool(beside: spool)
        var rects: [GIFRect] = []

        var screen = [UInt8](repeating: 0, count: frameBytes)   // what a viewer sees (RGBA)
        var base = [UInt8](repeating: 0, count: frameBytes)     // source colours behind the screen
        var current = [UInt8](repeating: 0, count: frameBytes)
        for i in range {
            let alone = segments.alone
            try current.withUnsafeMutableBytes { try spool.read(i, into: $0) }
            // (A repair, below, widens these to the whole frame.)
            // A segment's first frame after the first is drawn whole: what the segment before
            // left on screen is not known here.
            var rect = i == start && i > 0 ? GIFRect(x: 0, y: 0, width: w, height: h) : plan.rects[i]
            let disposal = plan.disposals[i]
            // A segment's first frame is drawn whole, over nothing known.
            var masked = maskedPixels(current, base: base, rect: rect, first: i == start)
            var backdrop = i > start ? crop(screen, rect) : nil
            // The frame's pixels for libimagequant, with the dominant flat colours fixed in a
            // palette of its own. The screen underneath is set after quantizing, for remapping.
            func image(_ a: Quantizer.Attributes, ownPalette: Bool) throws -> Quantizer.Image {
                ownPalette ? try paletteImage(masked, rect: rect, attributes: a, maxColors: settings.maxColors)
                    : try Quantizer.Image(a, rgba: masked, width: rect.width, height: rect.height)
            }
            func remapped(_ result: Quantizer.Result, _ image: Quantizer.Image, _ a: Quantizer.Attributes,
                          dithering: Float? = nil) throws -> FrameCandidate {
                // Above `concurrentMaxPixels` the background is read row by row rather than
                // cached whole beside the image, for memory (a 1170×2532 GIF peaked 50 MB lower).
                // Below, caching it is 3 % faster.
                if let backdrop, !image.hasBackground {
                    try image.setBackground(a, rgba: backdrop, rowByRow: width * height > Self.concurrentMaxPixels)
                }
                return try candidate(result, image, masked: masked, rect: rect, screen: screen, dithering: dithering ?? settings.dithering)
            }

            var frame: FrameCandidate
            if let shared {
                frame = try remapped(shared, try image(attributes, ownPalette: false), attributes)
            } else if let target {
                // The lowest rung that reaches the target, starting from the previous frame's.
                let measured = measuredRect(rect)
                if measured != previousRowsRegion { previousRows = nil }
                // A frame that changes nothing leaves the screen and the source as they were: it
                // scores what the frame before it scored.
                let scorer = plan.unchanged[i] ? nil : try nextScorer?.get() ?? FrameScorer(encoder: self, source: current, measured: measured)
                // The next frame's reference (its source's XYB planes and blurs) does not depend
                // on how this frame is drawn: it is prepared on another core meanwhile. Whole
                // frames only; bands of larger ones are made when scored, for memory.
                nextScorer = nil
                if i + 1 < range.upperBound && !plan.unchanged[i + 1] && width * height <= Self.measuredWholePixels {
                    let nextMeasured = measuredRect(plan.rects[i + 1])
                    nextScorer = Pending { [spool] in
                        var next = [UInt8](repeating: 0, count: frameBytes)
                        try next.withUnsafeMutableBytes { try spool.read(i + 1, into: $0) }
                        return FrameScorer(encoder: self, source: next, measured: nextMeasured)
                    }
                }
                // This frame's palette at its first rung, if the previous frame guessed the rung.
                let speculative = try pendingPalette?.get()
                pendingPalette = nil
                // The next frame's palette depends only on its source pixels, not on how this
                // frame is drawn (only remapping does): it is quantized on another core meanwhile,
                // at the rung this frame starts from, which is usually where the next one starts.
                if i + 1 < range.upperBound && !plan.unchanged[i + 1] && width * height <= Self.measuredWholePixels && !lastOnGlobal
                    && alone {
                    let quality = steps[rung].quality, nextRect = plan.rects[i + 1]
                    // (Not where the global palette drew this frame: the next one most likely
                    // takes it too, and this would only load the other core. Nor beside another
                    // segment, whose search has that core: a palette made for nothing there cost
                    // time, 3 % on the scenes searched in two segments.)
                    let cleared: GIFRect? = disposal == 2 ? rect : nil
                    let source = current
                    pendingPalette = Pending { [spool, settings] in
                        var next = [UInt8](repeating: 0, count: frameBytes)
                        try next.withUnsafeMutableBytes { try spool.read(i + 1, into: $0) }
                        var nextBase = source
                        if let cleared { self.clearRGBA(&nextBase, cleared) }
                        let nextMasked = self.maskedPixels(next, base: nextBase, rect: nextRect, first: false)
                        var s = settings
                        s.quality = quality
                        s.speed = PerceptualTarget.quantizerSpeed
                        let a = try Quantizer.Attributes(s)
                        let img = try self.paletteImage(nextMasked, rect: nextRect, attributes: a, maxColors: s.maxColors)
                        return SpeculativePalette(quality: quality, attributes: a, image: img, result: try Quantizer.quantize(img, a))
                    }
                }
                var tried: [FrameSearch.Try] = []
                var onGlobalPalette = false
                var k = rung
                var frameTarget = target.score
                var ffmpegScore: Double?
                // A frame that changes nothing shows what it showed over the same source, in
                // ffmpeg's GIF too: it keeps the previous frame's target.
                if scorer == nil { frameTarget = previousTarget; ffmpegScore = previousFFmpegScore }
                var chosen: (candidate: FrameCandidate, score: Double, rows: SSIMULACRA2.RowSums?)
                // The palette of the current step's quality (undithered and dithered share it).
                var palette: SpeculativePalette? = speculative?.quality == steps[k].quality ? speculative : nil
                // A step's candidate: the palette at its quality (quantized unless `palette` has it
                // already), remapped with its dithering.
                func stepCandidate(_ step: (quality: Int, dithering: Float), palette: inout SpeculativePalette?) throws -> FrameCandidate {
                    // A large frame's palette is made again rather than kept from the step before:
                    // libimagequant's image and remapping buffers then do not add up (a 1170×2532
                    // GIF peaked 10 MB higher, at 402 MB).
                    if palette?.quality != step.quality || width * height > Self.concurrentMaxPixels {
                        palette = nil
                        let a = try ladderAttributes(step.quality)
                        let img = try image(a, ownPalette: true)
                        palette = SpeculativePalette(quality: step.quality, attributes: a, image: img, result: try Quantizer.quantize(img, a))
                    }
                    return try remapped(palette!.result, palette!.image, palette!.attributes, dithering: step.dithering)
                }
                // The global palette first, undithered then dithered, unless it missed lately.
                let globalSteps: [Float] = global == nil || globalRest > 0 ? []
                    : settings.dithering > 0 ? [0, settings.dithering] : [0]
                var g = 0
                var globalImage: Quantizer.Image?
                var globalBest: (candidate: FrameCandidate, score: Double, rows: SSIMULACRA2.RowSums?)?
                var firstLossy: Pending<LossyDrawing>?
                var candidatesTried = 0
                var lossyFirst = LossyFirst.notTried
                // ffmpeg's score on this frame, once, where it may lower the target.
                func measureFFmpeg(_ scorer: FrameScorer) throws {
                    guard consultsFFmpeg, ffmpegScore == nil, ffmpegRest == 0, let reference = scorer.prepared,
                          ffmpegFrames != nil || FFmpegTwoPassGIF.isAvailable else { return }
                    if ffmpegFrames == nil { ffmpegFrames = try ffmpegBaseline.frames() }
                    let theirs: Double, sums: SSIMULACRA2.RowSums
                    if let made = nextFFmpegScore, made.frame == i, let result = try made.pending.get() {
                        (theirs, sums) = result
                    } else {
                        (theirs, sums) = Self.scoreFFmpegFrame(i, try ffmpegFrames!.frame(i), reference: reference, measured: measured,
                                                              rect: plan.rects[i], previous: ffmpegRows)
                    }
                    ffmpegRows = (i, sums)
                    ffmpegScore = theirs
                    frameTarget = min(target.score, theirs + PerceptualTarget.ffmpegMargin)
                }
                let levelAtStart = lossyLevel
                let bothOrders = ordersRest == 0
                // What the frame's first lossy drawing made with both orders showed.
                var ordersOutcome: Bool?
                func noteOrders(_ drawing: FrameCandidate) {
                    if ordersOutcome == nil { ordersOutcome = drawing.alternativeFirstWon }
                }
                // Where the global palette missed, the frame's own palette starts above its quality:
                // below it, a palette of the frame's colours alone seldom did better (after the
                // table at 80 missed, 15 of 81 frames took a rung of 75 or lower). 2.4 % less time
                // over 22 scenes, for 0.2 % more bytes.
                var floorApplied = globalSteps.isEmpty
                // The best score of the frame's candidates so far (see the first measurement below).
                var bestScore = -Double.infinity
                let nextUnchanged = i + 1 < range.upperBound && plan.unchanged[i + 1]
                // `taken`, a lossy drawing of `lossless` at `level` that holds, redrawn at the next
                // more lossy levels while the last one held with `lossyPushRoom` to spare. Returns
                // the level where the next frame starts: the level taken where a push held, the same
                // where one missed, else a step more lossy after much room (`lossyStepsDown`).
                func pushLossy(_ taken: inout (candidate: FrameCandidate, score: Double, rows: SSIMULACRA2.RowSums?),
                               lossless: FrameCandidate, level start: Int, stored: GIFRect, free: [Bool]?, scorer: FrameScorer,
                               quality: Int, dithered: Bool, ahead: Pending<LossyDrawing>?) throws -> Int {
                    var level = start
                    guard let room = target.lossyPushRoom else { return level - lossyStepsDown(room: taken.score - frameTarget) }
                    while level > 0 && taken.score - frameTarget >= room {
                        pushedNow = true
                        let tolerance = PerceptualTarget.lossyTolerances[level - 1]
                        let made = level == start ? try ahead?.get().candidate : nil
                        let lossy = made ?? lossyCandidate(lossless, rect: rect, stored: stored, screen: screen, tolerance: tolerance, free: free,
                                                           bothOrders: bothOrders)
                        // (The same indices show the same pixels: the same score.)
                        let (score, rows) = lossy.indices == taken.candidate.indices ? (taken.score, taken.rows)
                            : scorer.score(shown(lossy, rect: stored, over: screen, measured: measured),
                                           changedRows: rect.y - measured.y ..< rect.maxY - measured.y, previous: previousRows)
                        tried.append(FrameSearch.Try(quality: quality, dithered: dithered, score: score, lossyTolerance: tolerance))
                        guard score >= frameTarget + PerceptualTarget.lossyMargin else { return level }
                        taken = (lossy, score, rows)
                        level -= 1
                    }
                    return level != start ? level : level - lossyStepsDown(room: taken.score - frameTarget)
                }
                // Where the next frame's lossy drawings start, after `pushLossy` on this one's first.
                var pushedLevel: Int?
                var pushedNow = false
                // `pushLossy`'s first drawing, made ahead (see `pushedLast`).
                func pushAhead(_ lossless: FrameCandidate, from level: Int, stored: GIFRect, free: [Bool]?) -> Pending<LossyDrawing>? {
                    guard alone, pushedLast, level > 0, target.lossyPushRoom != nil else { return nil }
                    return speculativeLossy(lossless, frame: i, last: true, rect: rect, stored: stored, screen: screen, current: current,
                                            tolerance: PerceptualTarget.lossyTolerances[level - 1], free: free, bothOrders: bothOrders)
                }
                while true {
                    if g == globalSteps.count && !floorApplied {
                        floorApplied = true
                        if let floor = steps.firstIndex(where: { $0.quality > GlobalPalette.quality }), k < floor { k = floor }
                    }
                    let step = steps[k]
                    let onGlobal = g < globalSteps.count
                    let c: FrameCandidate
                    if onGlobal, let global {
                        if globalImage == nil { globalImage = try image(global.attributes, ownPalette: false) }
                        if globalSteps[g] == 0 {
                            if let backdrop, !globalImage!.hasBackground {
                                try globalImage!.setBackground(global.attributes, rgba: backdrop, rowByRow: width * height > Self.concurrentMaxPixels)
                            }
                            c = try candidate(try global.prepared.remap(globalImage!), masked: masked, rect: rect, screen: screen)
                        } else {
                            c = try global.withResult { try remapped($0, globalImage!, global.attributes, dithering: globalSteps[g]) }
                        }
                    } else {
                        c = try stepCandidate(step, palette: &palette)
                    }
                    let quality = onGlobal ? FrameSearch.globalPalette : step.quality
                    let dithered = onGlobal ? globalSteps[g] > 0 : step.dithering > 0
                    // A frame that changes nothing scores what the frame before it scored, at any
                    // step: it is taken as it is.
                    guard let scorer else {
                        tried.append(FrameSearch.Try(quality: quality, dithered: dithered, score: previousScore))
                        chosen = (c, previousScore, previousRows)
                        onGlobalPalette = onGlobal
                        break
                    }
                    candidatesTried += 1
                    let first = candidatesTried == 1
                    // (Not before a frame that changes nothing: only pixels the next frame changes
                    // may be substituted, and the drawing would be the candidate itself.)
                    let lossyAllowed = disposal == 1 && width * height <= Self.concurrentMaxPixels && !nextUnchanged
                    let firstStored = i > start ? c.changed : rect
                    // Rows outside the frame's rectangle show what they showed, over the same
                    // source: their sums are the previous frame's.
                    let changedRows = rect.y - measured.y ..< rect.maxY - measured.y
                    // Nearly every frame takes its first candidate, and most of those then take
                    // lossy LZW on it (below) at its first try. Where the frame before did, this
                    // one's lossy drawing is scored first, and taken if it clears the target by
                    // the lossy margin (the condition it is kept on anyway), without waiting for
                    // the candidate's own score: that is made on another core meanwhile, for
                    // where the lossy drawing misses.
                    var pendingScore: Pending<(Double, SSIMULACRA2.RowSums?)>?
                    // (Where the last frame's target was lowered to ffmpeg's score, this one's
                    // likely is too: ffmpeg's frame is measured where the lossy drawing misses.)
                    if first && lossyAllowed && lossyStreak && !firstStored.isEmpty {
                        // (Only where the lossy drawing may well miss: at a level the frames before
                        // did not hold, or after a frame that held it narrowly. Elsewhere it is nearly
                        // always taken, and the other core has ffmpeg's frames and the next
                        // reference to make.)
                        if alone && (lossySteppedDown || previousScore - previousTarget < PerceptualTarget.lossyMargin + 1) {
                            let (shownNow, rowsBefore) = (shown(c, rect: rect, over: screen, measured: measured), previousRows)
                            pendingScore = Pending { scorer.score(shownNow, changedRows: changedRows, previous: rowsBefore) }
                        }
                        let tolerance = PerceptualTarget.lossyTolerances[lossyLevel]
                        let free = i + 1 < range.upperBound ? try changingPixels(after: i, current, in: firstStored) : nil
                        let lossy = lossyCandidate(c, rect: rect, stored: firstStored, screen: screen, tolerance: tolerance, free: free,
                                                   bothOrders: bothOrders)
                        let ahead = pushAhead(c, from: lossyLevel, stored: firstStored, free: free)
                        noteOrders(lossy)
                        let (score, rows) = scorer.score(shown(lossy, rect: firstStored, over: screen, measured: measured),
                                                         changedRows: changedRows, previous: previousRows)
                        tried.append(FrameSearch.Try(quality: quality, dithered: dithered, score: score, lossyTolerance: tolerance))
                        if score < frameTarget + PerceptualTarget.lossyMargin && previousTarget < target.score { try measureFFmpeg(scorer) }
                        if score >= frameTarget + PerceptualTarget.lossyMargin {
                            var taken = (candidate: lossy, score: score, rows: rows)
                            pushedLevel = try pushLossy(&taken, lossless: c, level: lossyLevel, stored: firstStored, free: free, scorer: scorer,
                                                        quality: quality, dithered: dithered, ahead: ahead)
                            chosen = taken
                            rect = firstStored
                            onGlobalPalette = onGlobal
                            lossyFirst = .taken
                            break
                        }
                        lossyFirst = .missed(LossyDrawing(free: free, candidate: lossy), score: score, rows: rows)
                    } else if first && lossyAllowed && alone {
                        // Otherwise the first lossy drawing, which does not depend on the
                        // candidate's score, is made on another core while the candidate is scored.
                        firstLossy = speculativeLossy(c, frame: i, last: i + 1 == range.upperBound, rect: rect,
                                                      stored: firstStored, screen: screen, current: current,
                                                      tolerance: PerceptualTarget.lossyTolerances[lossyLevel], bothOrders: bothOrders)
                    }
                    let (score, rows) = try pendingScore?.get()
                        ?? scorer.score(shown(c, rect: rect, over: screen, measured: measured), changedRows: changedRows, previous: previousRows)
                    tried.append(FrameSearch.Try(quality: quality, dithered: dithered, score: score))
                    bestScore = max(bestScore, score)
                    if score < frameTarget && consultsFFmpeg && !ffmpegPreparing {
                        ffmpegBaseline.prepareInBackground()
                        ffmpegPreparing = true
                    }
                    // Short of the target: where ffmpeg's GIF scores lower on this frame, that
                    // (plus the margin) is the target. Measured once, at the first miss.
                    // (The first measurement, which makes ffmpeg's palette from
                    // every frame, waits for a frame whose best drawing so far misses by
                    // `ffmpegFirstMiss`, three times that for a segment's first frame, whose step is
                    // a guess: a near miss is usually one step from the target, and animations that
                    // only ever miss narrowly are the ones ffmpeg's palette holds well. The best so
                    // far, not this step's: after the global table missed narrowly, a low rung of
                    // the frame's own often missed by more, and ffmpeg's GIF was then made for
                    // nothing in several scenes.)
                    if score < frameTarget,
                       ffmpegFrames != nil || frameTarget - bestScore > PerceptualTarget.ffmpegFirstMiss * (i == start ? 3 : 1) {
                        try measureFFmpeg(scorer)
                    }
                    // Below the target even at the last step: the top rung's palette, dithered
                    // (one candidate at a time is kept, for memory).
                    if onGlobal {
                        if globalBest == nil || score > globalBest!.score { globalBest = (c, score, rows) }
                        if score >= frameTarget { chosen = (c, score, rows); onGlobalPalette = true; break }
                        g += 1
                        continue
                    }
                    if score >= frameTarget || k == steps.count - 1 {
                        chosen = (c, score, rows)
                        // The ladder's top step short of the target, where the global palette's
                        // best reaches it (ffmpeg's score may have lowered it since).
                        if let best = globalBest, score < frameTarget, best.score >= frameTarget {
                            chosen = best
                            onGlobalPalette = true
                        }
                        break
                    }
                    k += 1
                }
                globalBest = nil
                globalImage = nil
                // The lossy drawing made ahead holds for the chosen candidate if that is the first.
                var lossySpeculation = candidatesTried == 1 ? firstLossy : nil
                if candidatesTried != 1 { lossyFirst = .notTried }
                var lossyTakenAtFirstTry = false
                if case .taken = lossyFirst, let pushedLevel {
                    lossyLevel = max(0, pushedLevel)
                    lossyTakenAtFirstTry = true
                }
                if !globalSteps.isEmpty && scorer != nil {
                    // Missed: the next frames go straight to the ladder for a while (1, 2, 4, …
                    // up to 16 frames after each miss in a row).
                    if onGlobalPalette { globalFutile = 0 } else { globalRest = 1 << min(globalFutile, 4); globalFutile += 1 }
                } else if scorer != nil {
                    globalRest = max(0, globalRest - 1)
                }
                // Below the target even at the last step: what holds the frame down is outside what
                // it may redraw. Pixels whose source stays the same keep what an earlier frame drew
                // (a moving object leaves its undithered surroundings behind, for one), and that
                // debt can grow until no palette for the changed pixels reaches the target (at 80 on
                // `keyframes-cubic`, every later frame then took the top rung). Repair: the whole
                // frame may be redrawn, from the frame's first step up. libimagequant, given the
                // screen as background, leaves transparent the pixels it already shows well
                // enough, so what is redrawn is mostly the debt.
                if let scorer, chosen.score < frameTarget, i > start, disposal == 1, !hasTransparency,
                   width * height <= Self.measuredWholePixels {
                    let narrow = (rect, masked, backdrop)
                    rect = GIFRect(x: 0, y: 0, width: width, height: height)
                    masked = current
                    backdrop = screen
                    var best: (candidate: FrameCandidate, score: Double, rows: SSIMULACRA2.RowSums?, step: Int)?
                    var repairPalette: SpeculativePalette?
                    for r in rung ..< steps.count {
                        let step = steps[r]
                        let c = try stepCandidate(step, palette: &repairPalette)
                        let (score, rows) = scorer.score(shown(c, rect: rect, over: screen, measured: measured),
                                                         changedRows: 0 ..< height, previous: previousRows)
                        tried.append(FrameSearch.Try(quality: step.quality, dithered: step.dithering > 0, score: score, repair: true))
                        if best == nil || score > best!.score { best = (c, score, rows, r) }
                        if score >= frameTarget { break }
                    }
                    if let best, best.score > chosen.score {
                        chosen = (best.candidate, best.score, best.rows)
                        onGlobalPalette = false
                        lossySpeculation = nil
                        lossyFirst = .notTried
                        k = best.step
                    } else {
                        (rect, masked, backdrop) = narrow
                    }
                }
                // Room above the target left by the ladder's coarse steps: lossy LZW (see
                // `GIFLZW.lossyIndices`) trades it for bytes, at the tolerance that the frames before
                // left off at, then less lossy ones down to the least where that misses, or more
                // lossy ones where it holds with room (`pushLossy`). Kept only where the frame still
                // scores `lossyMargin` above its target. Frames up to `concurrentMaxPixels`: above
                // that, the pass's frame-sized buffers would take a 1170×2532 GIF past 400 MB.
                var lossyTakenFirst = false
                if case .taken = lossyFirst { lossyTakenFirst = true }
                if let scorer, !lossyTakenFirst, disposal == 1, chosen.score - frameTarget >= 2 * PerceptualTarget.lossyMargin,
                   width * height <= Self.concurrentMaxPixels, !nextUnchanged {
                    let stored = i > start ? chosen.candidate.changed : rect
                    var earlier: (score: Double, rows: SSIMULACRA2.RowSums?)?
                    var speculated = try lossySpeculation?.get()
                    if case .missed(let drawing, let score, let rows) = lossyFirst {
                        speculated = drawing
                        earlier = (score, rows)
                    }
                    // Only pixels that the next frame changes are re-chosen (see `changingPixels`).
                    // After a segment's last frame, the screen is redrawn whole.
                    let free = try speculated.map { $0.free }
                        ?? (i + 1 < range.upperBound && !stored.isEmpty ? try changingPixels(after: i, current, in: stored) : nil)
                    var level = lossyLevel
                    var nextLevel: Pending<LossyDrawing>?
                    while !stored.isEmpty && level < PerceptualTarget.lossyTolerances.count {
                        let tolerance = PerceptualTarget.lossyTolerances[level]
                        let made = level == lossyLevel ? speculated : try nextLevel?.get()
                        let lossy = made?.candidate ?? lossyCandidate(chosen.candidate, rect: rect, stored: stored, screen: screen,
                                                                          tolerance: tolerance, free: free, bothOrders: bothOrders)
                        noteOrders(lossy)
                        // The next level, needed where this one misses (a third of the time), is
                        // made on another core while this one is scored.
                        nextLevel = nil
                        let ahead = level == lossyLevel ? pushAhead(chosen.candidate, from: level, stored: stored, free: free) : nil
                        if alone && level + 1 < PerceptualTarget.lossyTolerances.count {
                            nextLevel = speculativeLossy(chosen.candidate, frame: i, last: true, rect: rect, stored: stored, screen: screen,
                                                         current: current, tolerance: PerceptualTarget.lossyTolerances[level + 1], free: free,
                                                         bothOrders: bothOrders)
                        }
                        // (Scored already where it was tried first, against a target that a
                        // measurement of ffmpeg's frame may have lowered since.)
                        let (score, rows): (Double, SSIMULACRA2.RowSums?)
                        if level == lossyLevel, let earlier {
                            (score, rows) = earlier
                        } else {
                            (score, rows) = scorer.score(shown(lossy, rect: stored, over: screen, measured: measured),
                                                         changedRows: rect.y - measured.y ..< rect.maxY - measured.y, previous: previousRows)
                            tried.append(FrameSearch.Try(quality: onGlobalPalette ? FrameSearch.globalPalette : steps[k].quality,
                                                         dithered: tried.last!.dithered, score: score, lossyTolerance: tolerance))
                        }
                        if score >= frameTarget + PerceptualTarget.lossyMargin {
                            lossyTakenAtFirstTry = level == lossyLevel
                            var taken = (candidate: lossy, score: score, rows: rows)
                            // (Below the first level tried, the next frame starts at the level taken.)
                            let next = level != lossyLevel ? level
                                : try pushLossy(&taken, lossless: chosen.candidate, level: level, stored: stored, free: free, scorer: scorer,
                                                quality: onGlobalPalette ? FrameSearch.globalPalette : steps[k].quality,
                                                dithered: tried.last!.dithered, ahead: ahead)
                            chosen = taken
                            rect = stored
                            lossyLevel = max(0, next)
                            break
                        }
                        level += 1
                    }
                }
                if scorer != nil {
                    if let won = ordersOutcome {
                        if won { ordersFutile = 0 } else {
                            ordersRest = 1 << min(ordersFutile, 5)
                            ordersFutile += 1
                        }
                    } else if !bothOrders {
                        ordersRest -= 1
                    }
                    lossyStreak = lossyTakenAtFirstTry
                    pushedLast = pushedNow
                    if lossySteppedDown && tried.contains(where: { $0.lossyTolerance > 0 }) {
                        if lossyTakenAtFirstTry { lossyDownFutile = 0 } else {
                            lossyDownRest = 1 << min(lossyDownFutile, 5)
                            lossyDownFutile += 1
                        }
                    } else {
                        lossyDownRest = max(0, lossyDownRest - 1)
                    }
                    lossySteppedDown = lossyLevel < levelAtStart
                }
                frame = chosen.candidate
                // (libimagequant's image holds float copies of the pixels: not kept past the search.)
                palette = nil
                previousScore = chosen.score
                previousTarget = frameTarget
                if !plan.unchanged[i] {
                    if ffmpegScore == nil {
                        ffmpegRest = max(0, ffmpegRest - 1)
                    } else if chosen.score >= target.score {
                        // Measured, and the frame reached the target anyway: no help here.
                        ffmpegRest = 1 << min(ffmpegFutile, 5)
                        ffmpegFutile += 1
                    } else {
                        ffmpegFutile = 0
                    }
                }
                previousFFmpegScore = ffmpegScore
                // No frame before this one is measured next (`ffmpegRest` counts frames that
                // change something): ffmpeg's GIF runs ahead to it meanwhile.
                // (The measurement made ahead for this frame is waited for first: it reads ffmpeg's
                // frame, which must not have been dropped yet.)
                if let made = nextFFmpegScore, made.frame == i { _ = try? made.pending.get() }
                nextFFmpegScore = nil
                if ffmpegScore != nil && ffmpegRest == 0 && i + 1 < range.upperBound && !plan.unchanged[i + 1] && alone,
                   let ffmpegFrames, let nextScorer {
                    let previous = ffmpegRows, nextRect = plan.rects[i + 1], nextMeasured = measuredRect(plan.rects[i + 1])
                    nextFFmpegScore = (i + 1, Pending {
                        guard let reference = try nextScorer.get().prepared else { return nil }
                        return Self.scoreFFmpegFrame(i + 1, try ffmpegFrames.frame(i + 1), reference: reference, measured: nextMeasured,
                                                     rect: nextRect, previous: previous)
                    })
                }
                ffmpegFrames?.prefetch(i + 1 + ffmpegRest)
                // A cleared rectangle leaves a screen that the sums were not measured on.
                previousRows = disposal == 2 ? nil : chosen.rows
                if scorer != nil { previousRowsRegion = measured }
                lastOnGlobal = onGlobalPalette
                searches.append(FrameSearch(tried: tried, chosen: onGlobalPalette ? FrameSearch.globalPalette : steps[k].quality,
                                            score: chosen.score, target: frameTarget,
                                            ffmpegScore: ffmpegScore))
                // A frame that passed with room to spare lets the next one try a step lower, or two
                // with much room (a target lowered to ffmpeg's score is often far below the step's).
                // (Frames that change nothing leave the next frame's start where it was.)
                if !plan.unchanged[i] && !onGlobalPalette {
                    let room = chosen.score - frameTarget
                    let down = k != rung ? 0 : room >= 4 * PerceptualTarget.headroom ? 2 : room >= PerceptualTarget.headroom ? 1 : 0
                    rung = max(0, k - down)
                }
            } else {
                let img = try image(attributes, ownPalette: true)
                frame = try remapped(try Quantizer.quantize(img, attributes), img, attributes)
            }
            let palette = frame.palette, t = frame.transparentIndex
            commit(frame, rect: rect, to: &screen)

            // Store only the pixels that change, unless this frame must clear its whole rectangle.
            let stored = storedRect(frame, rect: rect, first: i == start, disposal: disposal)
            let (indices, alternatives) = storedPixels(frame, rect: rect, stored: stored)
            let usesTransparency = i > start || indices.contains(UInt8(t))

            // Colour table: the global one when this frame's palette is the shared palette.
            var local = true
            if mode == .shared {
                if globalPalette == nil {
                    globalPalette = palette
                    header += logicalScreenFlags(globalTableColors: palette.count)
                    header += colorTable(palette)
                }
                local = palette != globalPalette
            } else if let global {
                if i == 0 {
                    header += logicalScreenFlags(globalTableColors: global.colors.count)
                    header += colorTable(global.colors)
                }
                local = palette != global.colors
            } else if i == 0 {
                header += logicalScreenFlags(globalTableColors: nil)
            }

            // Image data with the frame's colour table (global or local). The LZW coding does not
            // change what is on screen: it runs on another core while the next frame is searched,
            // and the blocks are written in order.
            let tableSize = Self.tableSize(palette.count)
            let table = local ? colorTable(palette) : []
            let control: [UInt8] = [0x21, 0xF9, 0x04, UInt8(disposal << 2 | (usesTransparency ? 1 : 0)), 0, 0,
                                    UInt8(usesTransparency ? t : 0), 0]
            let descriptor: [UInt8] = [0x2C] + le16(stored.x) + le16(stored.y) + le16(stored.width) + le16(stored.height)
                + [table.isEmpty ? 0 : 0x80 | UInt8(Self.log2(table.count / 3) - 1)]
            let coding = Pending { [indices, alternatives] () -> [UInt8] in
                let data = Self.imageData(indices, alternatives, minimumCodeSize: GIFLZW.minimumCodeSize(colors: tableSize))
                var block: [UInt8] = []
                block.reserveCapacity(table.count + data.count + 32)
                // Graphic control extension (the delay is filled in by the muxer), image
                // descriptor (+ local colour table), then the LZW data.
                block += control
                block += descriptor
                block += table
                block += data
                return block
            }
            if let pendingBlock { try frames.append(try pendingBlock.get()) }
            pendingBlock = coding
            if width * height > Self.concurrentMaxPixels { try frames.append(try coding.get()); pendingBlock = nil }
            rects.append(stored)

            if disposal == 2 { clearRGBA(&screen, rect) }
            advanceBase(&base, &current, frame: i)
            progress()
        }
        if let pendingBlock { try frames.append(try pendingBlock.get()) }
        return Segment(header: header, frames: frames, rects: rects, searches: searches)
    }

    /// ffmpeg's GIF's score on frame `i` (`shown`), measuring only the rows its rectangle spans
    /// where `previous` holds the sums of frame i − 1's measurement.
    private static func scoreFFmpegFrame(_ i: Int, _ shown: [UInt8], reference: SSIMULACRA2.Reference, measured: GIFRect, rect: GIFRect,
                                         previous: (frame: Int, sums: SSIMULACRA2.RowSums)?) -> (Double, SSIMULACRA2.RowSums) {
        if let previous, previous.frame == i - 1 {
            return reference.score(shown, changedRows: rect.y - measured.y ..< rect.maxY - measured.y, previous: previous.sums)
        }
        return reference.scoreKeepingRows(shown)
    }

    /// One way to draw a frame's rectangle: indices, palette, and what the viewer then sees.
    struct FrameCandidate {
        var indices: [UInt8]
        /// Per pixel: the index of the colour already shown, where the pixel is written as
        /// transparent (see `GIFLZW`), or `GIFLZW.noAlternative`.
        var alternatives: [Int16]
        var palette: [Quantizer.Color]
        var transparentIndex: Int
        /// The rectangle as shown after this frame (RGBA as UInt32, row by row).
        var shown: [UInt32]
        /// Bounds of the pixels whose colour on screen changes.
        var changed: GIFRect
        /// A lossy drawing's: whether taking each pixel's alternative index first gave fewer bits
        /// than its exact index first; nil where one order was tried.
        var alternativeFirstWon: Bool? = nil
    }

    /// Remaps the frame with `result`'s palette and works out what the viewer sees. Pixels whose
    /// colour on screen stays the same are written as transparent, with the index of the colour
    /// shown as an alternative for the LZW encoder.
    private func candidate(_ result: Quantizer.Result, _ image: Quantizer.Image, masked: [UInt8], rect: GIFRect,
                           screen: [UInt8], dithering: Float) throws -> FrameCandidate {
        try candidate(try result.remap(image, dithering: dithering), masked: masked, rect: rect, screen: screen)
    }

    private func candidate(_ remapped: Quantizer.Remapped, masked: [UInt8], rect: GIFRect, screen: [UInt8]) throws -> FrameCandidate {
        var remapped = remapped
        let t = remapped.transparentIndex
        // libimagequant's palette can hold more than one fully transparent entry (the fixed
        // one and one of its own); all of them mean "transparent". Pixels that did not change
        // stay transparent whatever dithering did around them.
        let palette = remapped.palette
        let transparentEntries = palette.map { $0.a == 0 }
        let packed = palette.map { Self.pack($0) }
        var lookup: [UInt32: Int16] = [:]
        for (k, c) in palette.enumerated().reversed() where c.a == 255 { lookup[Self.pack(c)] = Int16(k) }
        var alternatives = [Int16](repeating: GIFLZW.noAlternative, count: rect.area)
        var shown = [UInt32](repeating: 0, count: rect.area)
        var changed = GIFRect.empty
        let w = width
        // (Raw buffers: with array subscripts, uniqueness and bounds checks were a sixth of this
        // function's time.)
        masked.withUnsafeBytes { maskedRaw in
        screen.withUnsafeBytes { screenRaw in
        remapped.indices.withUnsafeMutableBufferPointer { indices in
        alternatives.withUnsafeMutableBufferPointer { alternatives in
        shown.withUnsafeMutableBufferPointer { shown in
            let source = maskedRaw.bindMemory(to: UInt32.self)
            for k in 0 ..< source.count where source[k] == 0 || transparentEntries[Int(indices[k])] {
                indices[k] = UInt8(t)
            }
            let screenPixels = screenRaw.bindMemory(to: UInt32.self)
            var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
            var lastColor: UInt32 = 0, lastIndex = GIFLZW.noAlternative
            for ry in 0 ..< rect.height {
                let row = ry * rect.width, screenRow = (rect.y + ry) * w + rect.x
                for rx in 0 ..< rect.width {
                    let k = row + rx
                    let before = screenPixels[screenRow + rx]
                    let index = Int(indices[k])
                    let color = index == t ? before : packed[index]
                    shown[k] = color
                    if color == before {
                        indices[k] = UInt8(t)
                        if before != 0 {
                            if before != lastColor { lastColor = before; lastIndex = lookup[before] ?? GIFLZW.noAlternative }
                            alternatives[k] = lastIndex
                        }
                    } else {
                        minX = min(minX, rx); maxX = max(maxX, rx); minY = min(minY, ry); maxY = max(maxY, ry)
                    }
                }
            }
            if maxX >= 0 { changed = GIFRect(x: rect.x + minX, y: rect.y + minY, width: maxX - minX + 1, height: maxY - minY + 1) }
        }
        }
        }
        }
        }
        return FrameCandidate(indices: remapped.indices, alternatives: alternatives, palette: palette,
                              transparentIndex: t, shown: shown, changed: changed)
    }

    /// Per pixel of `rect`: whether frame `i + 1`'s source differs from frame `i`'s (`current`).
    /// Lossy LZW substitutes only these pixels: the next frame redraws them. A substituted pixel
    /// that stayed on screen would leave the screen off its source, and later frames that cannot
    /// reach their target past it redraw the frame (the repair) or climb the ladder. Substituting
    /// anywhere made `keyframes-cubic` at scale 1 124,301 bytes, against 49,389 without lossy LZW
    /// and 47,405 like this; over 9 scenes at scale 0.5 both gave 0.72× ffmpeg's bytes (0.81×
    /// without).
    private func changingPixels(after i: Int, _ current: [UInt8], in rect: GIFRect) throws -> [Bool] {
        var next = [UInt8](repeating: 0, count: width * height * 4)
        try next.withUnsafeMutableBytes { try spool.read(i + 1, into: $0) }
        var changing = [Bool](repeating: false, count: rect.area)
        next.withUnsafeBytes { nextRaw in
            current.withUnsafeBytes { currentRaw in
                let after = nextRaw.bindMemory(to: UInt32.self), now = currentRaw.bindMemory(to: UInt32.self)
                for ry in 0 ..< rect.height {
                    let o = (rect.y + ry) * width + rect.x
                    for rx in 0 ..< rect.width { changing[ry * rect.width + rx] = after[o + rx] != now[o + rx] }
                }
            }
        }
        return changing
    }

    /// `frame`, drawn over `rect`, redrawn over `stored` (inside `rect`) with lossy LZW matching at
    /// `tolerance`: both ways round of preferring the transparent index or the shown colour's (as
    /// `imageData`), the shorter kept. Every pixel of `stored` is drawn: its LZW parse is the pass's.
    /// `free`: per pixel of `stored`, whether it may be substituted (nil: all).
    /// - Parameter bothOrders: whether the pass is also run taking pixels' alternative indices
    ///   first, where they have any (the fewer bits are kept).
    private func lossyCandidate(_ frame: FrameCandidate, rect: GIFRect, stored: GIFRect, screen: [UInt8],
                                tolerance: Int, free: [Bool]? = nil, bothOrders: Bool) -> FrameCandidate {
        let n = stored.area, w = width
        var exact = [UInt8](repeating: 0, count: n)
        var alternatives = [Int16](repeating: GIFLZW.noAlternative, count: n)
        var reference = [UInt32](repeating: 0, count: n)
        var under = [UInt32](repeating: 0, count: n)
        screen.withUnsafeBytes { raw in
            let screenPixels = raw.bindMemory(to: UInt32.self)
            for sy in 0 ..< stored.height {
                let source = (stored.y - rect.y + sy) * rect.width + (stored.x - rect.x)
                let onScreen = (stored.y + sy) * w + stored.x
                for sx in 0 ..< stored.width {
                    exact[sy * stored.width + sx] = frame.indices[source + sx]
                    alternatives[sy * stored.width + sx] = frame.alternatives[source + sx]
                    reference[sy * stored.width + sx] = frame.shown[source + sx]
                    under[sy * stored.width + sx] = screenPixels[onScreen + sx]
                }
            }
        }
        let free = free ?? [Bool](repeating: true, count: n)
        let palette = frame.palette.map(Self.pack)
        var best: (bits: Int, indices: [UInt8], shown: [UInt32])?
        var alternativeFirstWon: Bool?
        let hasAlternatives = bothOrders && alternatives.contains { $0 >= 0 }
        for preferAlternative in hasAlternatives ? [false, true] : [false] {
            var indices = [UInt8](repeating: 0, count: n)
            var shown = [UInt32](repeating: 0, count: n)
            let bits = exact.withUnsafeBufferPointer { exact in
            alternatives.withUnsafeBufferPointer { alternatives in
            reference.withUnsafeBufferPointer { reference in
            under.withUnsafeBufferPointer { under in
            free.withUnsafeBufferPointer { free in
            indices.withUnsafeMutableBufferPointer { indices in
            shown.withUnsafeMutableBufferPointer { shown in
                let input = GIFLZW.LossyInput(exact: exact, alternatives: alternatives, reference: reference, under: under, free: free,
                                              palette: palette, transparentIndex: frame.transparentIndex,
                                              width: stored.width,
                                              minimumCodeSize: GIFLZW.minimumCodeSize(colors: Self.tableSize(frame.palette.count)))
                return GIFLZW.lossyIndices(input, tolerance: tolerance, preferAlternative: preferAlternative,
                                           indices: indices, shown: shown)
            }
            }
            }
            }
            }
            }
            }
            if preferAlternative { alternativeFirstWon = bits < best!.bits }
            if best == nil || bits < best!.bits { best = (bits, indices, shown) }
        }
        return FrameCandidate(indices: best!.indices, alternatives: [Int16](repeating: GIFLZW.noAlternative, count: n),
                              palette: frame.palette, transparentIndex: frame.transparentIndex, shown: best!.shown, changed: stored,
                              alternativeFirstWon: alternativeFirstWon)
    }

    /// How a frame's first candidate fared with lossy LZW tried before the candidate's own score.
    private enum LossyFirst {
        case notTried
        /// Taken: the frame is drawn with it.
        case taken
        /// Short of the target by the lossy margin, with the score it had.
        case missed(LossyDrawing, score: Double, rows: SSIMULACRA2.RowSums?)
    }

    /// A lossy LZW drawing made ahead of time, and the pixels it was free to substitute.
    private struct LossyDrawing {
        var free: [Bool]?
        /// Nil where `stored` is empty.
        var candidate: FrameCandidate?
    }

    /// `lossyCandidate` on another core. `free`: the pixels it may substitute, or nil to work them
    /// out here (`changingPixels`; all of them after the segment's `last` frame).
    private func speculativeLossy(_ frame: FrameCandidate, frame i: Int, last: Bool, rect: GIFRect, stored: GIFRect,
                                  screen: [UInt8], current: [UInt8], tolerance: Int,
                                  free given: [Bool]?? = nil, bothOrders: Bool) -> Pending<LossyDrawing> {
        Pending {
            let free = try given ?? (!last && !stored.isEmpty ? try self.changingPixels(after: i, current, in: stored) : nil)
            let candidate = stored.isEmpty ? nil
                : self.lossyCandidate(frame, rect: rect, stored: stored, screen: screen, tolerance: tolerance, free: free,
                                      bothOrders: bothOrders)
            return LossyDrawing(free: free, candidate: candidate)
        }
    }

    /// A drawing's indices and alternatives over `stored`, a rectangle inside `rect`.
    private func storedPixels(_ frame: FrameCandidate, rect: GIFRect, stored: GIFRect) -> (indices: [UInt8], alternatives: [Int16]) {
        if stored == rect { return (frame.indices, frame.alternatives) }
        var indices = [UInt8](repeating: 0, count: stored.area)
        var alternatives = [Int16](repeating: GIFLZW.noAlternative, count: stored.area)
        for sy in 0 ..< stored.height {
            let src = (stored.y - rect.y + sy) * rect.width + (stored.x - rect.x)
            for sx in 0 ..< stored.width {
                indices[sy * stored.width + sx] = frame.indices[src + sx]
                alternatives[sy * stored.width + sx] = frame.alternatives[src + sx]
            }
        }
        return (indices, alternatives)
    }

    /// The rectangle a frame stores: the pixels whose colour on screen changes, unless it is a
    /// segment's first frame (or clears its rectangle), which stores the whole rectangle.
    private func storedRect(_ frame: FrameCandidate, rect: GIFRect, first: Bool, disposal: Int) -> GIFRect {
        guard !first && disposal == 1 else { return rect }
        return frame.changed.isEmpty ? GIFRect(x: rect.x, y: rect.y, width: 1, height: 1) : frame.changed
    }

    /// Puts the candidate's pixels on the screen.
    private func commit(_ frame: FrameCandidate, rect: GIFRect, to screen: inout [UInt8]) {
        let w = width
        screen.withUnsafeMutableBytes { raw in
            let px = raw.bindMemory(to: UInt32.self)
            frame.shown.withUnsafeBufferPointer { shown in
                for ry in 0 ..< rect.height {
                    let o = (rect.y + ry) * w + rect.x
                    for rx in 0 ..< rect.width { px[o + rx] = shown[ry * rect.width + rx] }
                }
            }
        }
    }

    /// The region scored for a perceptual target: the whole frame, which is what a viewer sees
    /// and what the target promises, up to `measuredWholePixels`; above that, the full-width rows
    /// that the frame's rectangle spans (at least 64 of them, where the frame has them), scored in
    /// bands. (Scoring only the rectangle with a margin was both looser and larger: on
    /// `keyframes-cubic` at quality 80, worst frame 76.4 and 72 KB, against 80.1 and 42 KB.)
    func measuredRect(_ rect: GIFRect) -> GIFRect {
        if width * height <= Self.measuredWholePixels { return GIFRect(x: 0, y: 0, width: width, height: height) }
        let rows = min(height, max(rect.height, 64))
        let y = max(0, min(height - rows, rect.y + rect.height / 2 - rows / 2))
        return GIFRect(x: 0, y: y, width: width, height: rows)
    }

    /// Regions larger than this are scored in horizontal bands of at most `measuredBandPixels`
    /// (see `FrameScorer`).
    static let measuredWholePixels = 700_000
    static let measuredBandPixels = 250_000

    /// Scores candidates for one frame's measured region against the source. Up to
    /// `measuredWholePixels` the frame is one image, prepared once. Larger regions (a 1170×2532
    /// frame) are scored in horizontal bands, the frame's score being the lowest band's (stricter
    /// than one score over the whole, since a flawed band is not averaged away), and each band's
    /// reference is made when scored and then dropped: whole, the planes of a 3-Mpx frame took the
    /// render from about 330 MB to 710 MB, and 700,000-pixel bands to 480 MB.
    struct FrameScorer: Sendable {
        let source: [UInt8]
        let bands: [GIFRect]
        let measured: GIFRect
        let prepared: SSIMULACRA2.Reference?

        init(encoder: GIFEncoder, source current: [UInt8], measured: GIFRect) {
            self.measured = measured
            let whole = encoder.crop(current, measured)
            source = whole
            if measured.area <= GIFEncoder.measuredWholePixels {
                bands = [measured]
                prepared = SSIMULACRA2.Reference(rgba: whole, width: measured.width, height: measured.height)
            } else {
                let count = (measured.area + GIFEncoder.measuredBandPixels - 1) / GIFEncoder.measuredBandPixels
                let height = (measured.height + count - 1) / count
                bands = stride(from: 0, to: measured.height, by: height).map {
                    GIFRect(x: 0, y: $0, width: measured.width, height: min(height, measured.height - $0))
                }
                prepared = nil
            }
        }

        /// The score of `shown`, measuring only the rows around `changedRows` (of the measured
        /// region) when `previous` holds the row sums of the pair before them: the same score as
        /// `score(_:)`. Also the row sums of this measurement, where the region is one image.
        func score(_ shown: [UInt8], changedRows: Range<Int>, previous: SSIMULACRA2.RowSums?) -> (Double, SSIMULACRA2.RowSums?) {
            guard let prepared else { return (score(shown), nil) }
            if let previous { return prepared.score(shown, changedRows: changedRows, previous: previous) }
            return prepared.scoreKeepingRows(shown)
        }

        /// `shown`: the measured region as the viewer would see it (RGBA).
        func score(_ shown: [UInt8]) -> Double {
            if let prepared { return prepared.score(shown) }
            var lowest = 100.0
            for band in bands {
                let bytes = band.y * measured.width * 4 ..< band.maxY * measured.width * 4
                let reference = SSIMULACRA2.Reference(rgba: Array(source[bytes]), width: band.width, height: band.height)
                lowest = min(lowest, reference.score(Array(shown[bytes])))
            }
            return lowest
        }
    }

    /// A frame's palette quantized ahead of time at one libimagequant quality.
    private struct SpeculativePalette {
        var quality: Int
        var attributes: Quantizer.Attributes
        var image: Quantizer.Image
        var result: Quantizer.Result
    }

    /// The frame's changed pixels (`masked`) as a libimagequant image with a palette of its own:
    /// the transparent entry and the dominant flat colours fixed. The screen underneath is set
    /// after quantizing, for remapping.
    private func paletteImage(_ masked: [UInt8], rect: GIFRect, attributes a: Quantizer.Attributes,
                              maxColors: Int) throws -> Quantizer.Image {
        let image = try Quantizer.Image(a, rgba: masked, width: rect.width, height: rect.height)
        try image.addFixedColor(.transparent)
        var counter = ColorCounter()
        masked.withUnsafeBytes { counter.add($0.bindMemory(to: UInt32.self)) }
        for color in counter.dominant(limit: Self.fixedColorLimit(maxColors)) {
            try image.addFixedColor(color)
        }
        return image
    }

    /// A value computed on another thread, waited for when needed.
    private final class Pending<Value>: @unchecked Sendable {   // `result` is written before `done` is signalled
        private var result: Result<Value, Error>?
        private let done = DispatchSemaphore(value: 0)

        init(_ work: @escaping @Sendable () throws -> Value) {
            DispatchQueue.global().async {
                self.result = Result(catching: work)
                self.done.signal()
            }
        }

        func get() throws -> Value {
            done.wait()
            done.signal()
            return try result!.get()
        }
    }

    /// The `measured` region of the screen as it would be after drawing `frame` (RGBA bytes).
    private func shown(_ frame: FrameCandidate, rect: GIFRect, over screen: [UInt8], measured: GIFRect) -> [UInt8] {
        var out = crop(screen, measured)
        out.withUnsafeMutableBytes { raw in
            let px = raw.bindMemory(to: UInt32.self)
            for ry in 0 ..< rect.height {
                let o = (rect.y - measured.y + ry) * measured.width + (rect.x - measured.x)
                for rx in 0 ..< rect.width { px[o + rx] = frame.shown[ry * rect.width + rx] }
            }
        }
        return out
    }

    /// LZW image data, encoded twice: with the transparent index first and the shown colour as
    /// the alternative, then the other way round; the shorter one is kept.
    static func imageData(_ indices: [UInt8], _ alternatives: [Int16], minimumCodeSize: Int) -> [UInt8] {
        var best: [UInt8] = []
        indices.withUnsafeBufferPointer { indices in
            alternatives.withUnsafeBufferPointer { alternatives in
                GIFLZW.encode(indices, alternatives: alternatives, minimumCodeSize: minimumCodeSize, into: &best)
            }
        }
        if alternatives.contains(where: { $0 >= 0 }) {
            var swapped = indices, swappedAlternatives = alternatives
            for k in 0 ..< swapped.count where alternatives[k] >= 0 {
                swapped[k] = UInt8(alternatives[k])
                swappedAlternatives[k] = Int16(indices[k])
            }
            var other: [UInt8] = []
            swapped.withUnsafeBufferPointer { indices in
                swappedAlternatives.withUnsafeBufferPointer { alternatives in
                    GIFLZW.encode(indices, alternatives: alternatives, minimumCodeSize: minimumCodeSize, into: &other)
                }
            }
            if other.count < best.count { best = other }
        }
        return best
    }

    /// How many flat colours (see `ColorCounter`) may be fixed palette entries: at most a
    /// quarter of the palette, leaving libimagequant room for edges and gradients.
    static func fixedColorLimit(_ maxColors: Int) -> Int { min(64, (maxColors - 1) / 4) }

    /// The frame's pixels inside `rect`, with pixels equal to `base` (unchanged) made fully
    /// transparent. The first frame is taken whole.
    private func maskedPixels(_ current: [UInt8], base: [UInt8], rect: GIFRect, first: Bool) -> [UInt8] {
        Self.maskedPixels(current, base: base, rect: rect, first: first, width: width)
    }

    static func maskedPixels(_ current: [UInt8], base: [UInt8], rect: GIFRect, first: Bool, width w: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rect.area * 4)
        current.withUnsafeBytes { cRaw in
            base.withUnsafeBytes { bRaw in
                out.withUnsafeMutableBytes { oRaw in
                    let c = cRaw.bindMemory(to: UInt32.self), b = bRaw.bindMemory(to: UInt32.self)
                    let o = oRaw.bindMemory(to: UInt32.self)
                    for ry in 0 ..< rect.height {
                        let row = (rect.y + ry) * w + rect.x
                        for rx in 0 ..< rect.width {
                            let v = c[row + rx]
                            o[ry * rect.width + rx] = (first || v != b[row + rx]) ? v : 0
                        }
                    }
                }
            }
        }
        return out
    }

    /// After frame `i`: `base` becomes the source-level screen before frame i + 1.
    private func advanceBase(_ base: inout [UInt8], _ current: inout [UInt8], frame i: Int) {
        swap(&base, &current)
        if plan.disposals[i] == 2 { clearRGBA(&base, plan.rects[i]) }
    }

    fileprivate func crop(_ pixels: [UInt8], _ rect: GIFRect) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rect.area * 4)
        for ry in 0 ..< rect.height {
            let src = ((rect.y + ry) * width + rect.x) * 4
            out.replaceSubrange(ry * rect.width * 4 ..< (ry + 1) * rect.width * 4, with: pixels[src ..< src + rect.width * 4])
        }
        return out
    }

    private func clearRGBA(_ pixels: inout [UInt8], _ rect: GIFRect) {
        for y in rect.y ..< rect.maxY {
            let o = (y * width + rect.x) * 4
            for k in o ..< o + rect.width * 4 { pixels[k] = 0 }
        }
    }

    private func logicalScreenFlags(globalTableColors: Int?) -> [UInt8] {
        guard let colors = globalTableColors else { return [0x70, 0, 0] }
        // Global table present, 8 bits of colour resolution, table size.
        return [0x80 | 0x70 | UInt8(Self.log2(Self.tableSize(colors)) - 1), 0, 0]
    }

    private func colorTable(_ palette: [Quantizer.Color]) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: Self.tableSize(palette.count) * 3)
        for (k, c) in palette.enumerated() {
            table[k * 3] = c.r; table[k * 3 + 1] = c.g; table[k * 3 + 2] = c.b
        }
        return table
    }

    /// GIF colour tables hold 2, 4, …, 256 entries.
    static func tableSize(_ colors: Int) -> Int {
        var size = 2
        while size < colors { size *= 2 }
        return size
    }

    static func log2(_ powerOfTwo: Int) -> Int { powerOfTwo.trailingZeroBitCount }

    /// A colour as the UInt32 that its RGBA bytes read as (little-endian), like the pixel buffers.
    static func pack(_ c: Quantizer.Color) -> UInt32 {
        UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16 | UInt32(c.a) << 24
    }

    private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
}
