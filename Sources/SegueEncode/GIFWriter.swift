import CFFmpeg
import CImageQuant
import Foundation
import SegueFFmpeg
import SegueRaster

/// Writes an animated GIF.
///
/// - Palettes come from libimagequant, with its edge-aware Floyd–Steinberg dithering.
/// - Below quality 100 (the default is 90), the quality is a perceptual target: each frame gets
///   its own palette (a local colour table), with as few colours as make the frame, as a viewer
///   sees it, score at least the quality on SSIMULACRA2 (`GIFEncoder.PerceptualTarget`), or what
///   ffmpeg's two-pass GIF of the same frames scores on it where that is lower
///   (`Options.atMostFFmpeg`); each palette is tried undithered first, and dithered only where
///   that falls short.
/// - At quality 100 the file is encoded twice, once with one palette shared by all frames (a
///   global colour table from a histogram of every frame's changed pixels) and once with a
///   palette per frame, each with libimagequant's best palettes, and the smaller file is kept.
/// - Frames after the first store only the rectangle that changed; unchanged pixels inside it
///   are transparent (see `GIFEncoder`).
/// - Delays are whole centiseconds whose running total stays within 0.5 cs of the true time
///   (`GIFTiming.delays`); the frame rate must be at most 50 fps.
/// - The image blocks are written by Segue (libavcodec's GIF encoder cannot combine local colour
///   tables with changed rectangles and transparency: it stores full frames whenever the
///   palette changes); libavformat's GIF muxer adds the NETSCAPE2.0 loop extension, the delays
///   and the trailer.
///
/// Frames are kept in an anonymous temporary file until `finish()`, which encodes, and writes
/// the file atomically (temporary name + rename); see `FrameSink` for the failure guarantees.
/// The same frames and options always give the same bytes.
public final class GIFWriter: FrameSink {
    public enum PaletteStrategy: String, Sendable, CaseIterable {
        /// Encode both ways and keep the smaller file (the default).
        case auto
        case shared
        case perFrame = "per-frame"
    }

    public struct Options: Sendable, Equatable {
        /// 0…100. Below 100, a perceptual target: every frame, as a viewer sees it, scores at least
        /// this on SSIMULACRA2 (90: visually lossless; 70: high quality) wherever a GIF palette can
        /// reach it, each frame with its own palette and as few colours as reach it (see
        /// `GIFEncoder.PerceptualTarget`). 100: exact, libimagequant's best palettes, shared or
        /// per frame, whichever file is smaller. With the `shared` palette strategy, the quality is
        /// libimagequant's for the one palette.
        public var quality: Int
        /// Palette entries per colour table, 2…256, counting the transparent entry.
        public var maxColors: Int
        /// How many times the animation plays; 0 repeats forever.
        public var loop: Int
        /// Largest acceptable file size in bytes; quality and colours are lowered until it fits.
        public var maxBytes: Int?
        public var palette: PaletteStrategy
        /// Floyd–Steinberg dithering level 0…1; below quality 100, for the frames that need it.
        public var dithering: Double

        /// Below quality 100: where ffmpeg's usual two-pass GIF of the same frames (palettegen
        /// stats_mode=diff, paletteuse diff_mode=rectangle) scores lower than `quality` on a frame
        /// that no palette brings to `quality` at the first try, that frame aims at ffmpeg's score
        /// instead (plus a small margin): never worse than that GIF, and no bytes spent on a
        /// quality no GIF of the usual kind reaches. False: every frame aims at `quality`
        /// wherever a GIF palette can reach it. (Opaque animations up to 700,000 pixels a frame;
        /// larger or translucent ones always aim at `quality`.)
        public var atMostFFmpeg: Bool

        /// With `maxBytes`: the lowest quality the size ladder may go down to (0 allows the
        /// whole ladder, down to 16 colours); above `quality`, nothing is lowered and a file over
        /// `maxBytes` is refused without a second encode.
        public var qualityFloor: Int

        /// Visually lossless: SSIMULACRA2 90 on every frame that a GIF can bring there.
        public static let defaultQuality = 90
        public init(quality: Int = Options.defaultQuality, maxColors: Int = 256, loop: Int = 0, maxBytes: Int? = nil,
                    palette: PaletteStrategy = .auto, dithering: Double = 1, qualityFloor: Int = 0, atMostFFmpeg: Bool = true) {
            self.quality = quality; self.maxColors = maxColors; self.loop = loop; self.maxBytes = maxBytes
            self.palette = palette; self.dithering = dithering; self.qualityFloor = qualityFloor
            self.atMostFFmpeg = atMostFFmpeg
        }
    }

    /// What `finish()` chose.
    public struct Summary: Sendable, Equatable {
        public var bytes: Int
        /// "shared" or "per-frame".
        public var palette: String
        public var quality: Int
        public var colors: Int
        /// Whether `quality` was a perceptual target (SSIMULACRA2) rather than libimagequant's.
        public var perceptual: Bool
        /// With a perceptual target: frames that nothing brought up to it (they keep the last
        /// palette tried, or the repair where that scores higher).
        public var framesBelowTarget: Int
        /// Sizes of the candidates tried, in the order tried (strategy, quality, colours, bytes).
        public var attempts: [String]
        /// With a perceptual target, per frame: what the encoder measured.
        public var frames: [FrameQuality]
        /// Frames whose target was ffmpeg's score (see `Options.atMostFFmpeg`).
        public var framesAtFFmpeg: Int { frames.filter { $0.target < Double(quality) }.count }
    }

    /// One frame of a perceptual encoding, on Segue's SSIMULACRA2 (within 0.05 of the PyPI package's).
    public struct FrameQuality: Sendable, Equatable {
        /// The frame as a viewer sees it.
        public var score: Double
        /// What it aimed at: the quality, or ffmpeg's score plus a margin of 0.2 where lower.
        public var target: Double
        /// ffmpeg's two-pass GIF on this frame, where the encoder measured it (frames that fell
        /// short of the quality at their first try).
        public var ffmpegScore: Double?
    }

    public let url: URL
    public let width: Int, height: Int
    public let fps: Double
    public let options: Options
    public private(set) var frameCount = 0
    public private(set) var summary: Summary?

    private var file: AtomicFileWriter?
    private var spool: FrameSpool?
    /// The global colour table, made as the frames come (perceptual encodings of small frames).
    private var globalPalette: GlobalPaletteStream?
    private var hasTransparency = false
    private var scratch: [UInt8]

    /// Checks the settings and the output path and creates the frame spool.
    /// - Throws: `EncodeError` (`sizeOutOfRange`, `invalidSetting`, `unwritablePath`).
    public init(url: URL, width: Int, height: Int, fps: Double, options: Options = Options()) throws {
        try validateSize(width: width, height: height)
        guard fps.isFinite, fps > 0, fps <= GIFTiming.maximumFPS else {
            throw EncodeError.invalidSetting("GIF frame rate \(fps) must be above 0 and at most \(Int(GIFTiming.maximumFPS)) frames per second")
        }
        try requireSetting("GIF quality", options.quality, in: 0 ... 100)
        try requireSetting("GIF colours", options.maxColors, in: 2 ... 256)
        try validateLoopCount(options.loop)
        if let maxBytes = options.maxBytes, maxBytes < 1 {
            throw EncodeError.invalidSetting("maximum size \(maxBytes) must be at least 1 byte")
        }
        try requireSetting("dithering level", options.dithering, in: 0 ... 1)
        self.width = width
        self.height = height
        self.fps = fps
        self.options = options
        scratch = [UInt8](repeating: 0, count: width * height * 4)
        if width * height > Self.concurrentEncodeMaxPixels { Self.returnLargeBuffersToTheSystem() } else { Self.keepBuffersForReuse() }
        let file = try AtomicFileWriter(destination: url)
        self.url = file.destination
        self.file = file
        do {
            let spool = try FrameSpool(for: file, width: width, height: height)
            self.spool = spool
            if Self.perceptualTarget(quality: options.quality, palette: options.palette, atMostFFmpeg: options.atMostFFmpeg) != nil
                && width * height <= GIFEncoder.GlobalPalette.maxPixels {
                globalPalette = GlobalPaletteStream(spool: spool, settings: GIFEncoder.GlobalPalette.settings(
                    Self.quantizerSettings(quality: options.quality, colors: options.maxColors, dithering: options.dithering)))
            }
        } catch {
            file.discard()
            self.file = nil
            throw error
        }
    }

    deinit { cancel() }

    /// Called while `finish()` builds palettes and encodes (which can take longer than the
    /// render): the phase's name and the fraction done, 0…1, from one thread at a time.
    public var progress: (@Sendable (_ phase: String, _ fraction: Double) -> Void)?

    public func append(_ image: RasterImage) throws {
        guard file != nil, let spool else { throw EncodeError.writerClosed }
        do {
            try requireFrameSize(image, width: width, height: height)
            if Unpremultiply.convert(image, order: .rgba, alpha: .binary, into: &scratch) {
                hasTransparency = true
                globalPalette?.abandon()
                globalPalette = nil
            }
            try scratch.withUnsafeBytes { try spool.append($0) }
            globalPalette?.frameStored(frameCount)
            frameCount += 1
        } catch {
            cancel()
            throw error
        }
    }

    public func finish() throws {
        guard let file, let spool else { throw EncodeError.writerClosed }
        do {
            guard frameCount > 0 else { throw EncodeError.noFrames(path: url.path) }
            let delays = GIFTiming.delays(frameCount: frameCount, fps: fps)
            let encoder = try GIFEncoder(spool: spool, hasTransparency: hasTransparency)
            let (encoded, summary) = try encodeWithinLimit(encoder, delays: delays)
            let (width, height, plays) = (self.width, self.height, options.loop)
            try file.write { write in
                try GIFMuxer.mux(encoded, width: width, height: height, delays: delays, plays: plays, into: write)
            }
            try file.commit()
            self.summary = summary
            self.file = nil
            self.spool = nil
            globalPalette = nil
        } catch {
            cancel()
            throw error
        }
    }

    public func cancel() {
        globalPalette?.abandon()
        globalPalette = nil
        file?.discard()
        file = nil
        spool = nil
    }

    // MARK: - Choosing settings

    /// Largest frame (pixels) whose palette strategies are encoded at the same time: 780×1688
    /// (a phone at 2×) still is, 1170×2532 (3×) is not.
    static let concurrentEncodeMaxPixels = 2_000_000

    /// glibc raises its mmap threshold each time a large mmapped buffer is freed, after which
    /// frame-sized buffers come from the heap and its free space is not given back: a 1170×2532
    /// GIF peaked at 477 MB that way, against 384 MB with the threshold fixed at 4 MB (same bytes).
    /// Process-wide, set before the frames render (their buffers count too).
    /// Below that, buffers are kept on the heap for the next frame instead of being mapped and
    /// unmapped each time: the search allocates several frame-sized ones per try, and the kernel
    /// zeroing fresh pages was 14 % of a 390×844 GIF's encode, and 13 of 31 CPU seconds of a
    /// 1170×2532 one (with 64 MB kept: 5 s, and 27–28 s → 20 s of wall time).
    /// All threads share one heap (see `shareOneHeap`).
    private static func keepBuffersForReuse() {
        segue_malloc_reuse_buffers_under(64 << 20, 256 << 20)
    }

    private static func returnLargeBuffersToTheSystem() {
        segue_malloc_reuse_buffers_under(4 << 20, 64 << 20)
    }

    /// Makes every thread allocate from one heap. glibc gives each thread its own, up to 8 per
    /// core, and the free space kept in one is of no use to another: at 1170×2532, the 64 MB kept
    /// per heap took the GIF at 10× the duration to 407 MB (395 MB with one heap from the GIF's
    /// start, 379 MB with one heap from the process's start; 387 MB before, keeping nothing).
    /// A thread keeps the heap it first allocated from, so front ends call this before anything
    /// else runs (the same MP4 and WebP render times were measured either way). Process-wide.
    public static func shareOneHeap() {
        segue_malloc_one_heap()
    }

    /// The encoding to write and its summary. Candidates are compared by their muxed size; only
    /// the one chosen is written, streamed from disk, so memory does not grow with the length.
    private func encodeWithinLimit(_ encoder: GIFEncoder, delays: [Int]) throws -> (GIFEncoder.Encoded, Summary) {
        var attempts: [String] = []
        func attempt(_ quality: Int, _ colors: Int) throws -> (GIFEncoder.Encoded, Summary) {
            let settings = Self.quantizerSettings(quality: quality, colors: colors, dithering: options.dithering)
            // Below 100, `quality` is a perceptual target, met with a palette per frame.
            let target = Self.perceptualTarget(quality: quality, palette: options.palette, atMostFFmpeg: options.atMostFFmpeg)
            let modes: [GIFEncoder.PaletteMode] = switch options.palette {
            case _ where target != nil: [.perFrame]
            case .auto: [.shared, .perFrame]
            case .shared: [.shared]
            case .perFrame: [.perFrame]
            }
            // The strategies are independent: encode them at the same time (each on one thread,
            // so the result does not depend on scheduling).
            let results = ResultSlots<(Int, GIFEncoder.Encoded)>(count: modes.count)
            let (width, height, plays) = (self.width, self.height, options.loop)
            let streamedGlobal = globalPalette
            let phase = attempts.isEmpty ? "encoding GIF" : "encoding GIF (quality \(quality), \(colors) colours)"
            let counter = ProgressCounter(total: modes.reduce(0) { $0 + encoder.progressUnits(mode: $1) }, phase: phase, report: progress)
            @Sendable func encode(_ k: Int) {
                let outcome = Result { () throws -> (Int, GIFEncoder.Encoded) in
                    let encoded = try encoder.encode(mode: modes[k], settings: settings, target: target, streamedGlobal: streamedGlobal,
                                                     progress: counter.advance)
                    return (try GIFMuxer.size(encoded, width: width, height: height, delays: delays, plays: plays), encoded)
                }
                results.set(k, outcome)
            }
            // Each strategy peaks at about 320–350 MB on a 1170×2532 render, both at once at 527 MB:
            // above `concurrentEncodeMaxPixels` they run one after the other to stay under 400 MB.
            if width * height <= Self.concurrentEncodeMaxPixels {
                DispatchQueue.concurrentPerform(iterations: modes.count, execute: encode)
            } else {
                modes.indices.forEach(encode)
            }
            var best: (Int, GIFEncoder.Encoded)?
            for k in modes.indices {
                let (size, encoded) = try results.get(k)
                attempts.append("\(modes[k].rawValue) q\(quality) c\(colors): \(size)")
                if best == nil || size < best!.0 { best = (size, encoded) }
            }
            let (size, encoded) = best!
            let below = encoded.searches.filter { s in !s.tried.contains { $0.score >= s.target } }.count
            return (encoded, Summary(bytes: size, palette: encoded.mode.rawValue, quality: quality, colors: colors,
                                   perceptual: target != nil, framesBelowTarget: below, attempts: attempts,
                                   frames: encoded.searches.map { FrameQuality(score: $0.score, target: $0.target, ffmpegScore: $0.ffmpegScore) }))
        }

        let first = try attempt(options.quality, options.maxColors)
        guard let limit = options.maxBytes, first.1.bytes > limit else { return first }

        // Lower quality and colours step by step (binary search over the ladder; the size
        // shrinks along it in practice, though not strictly).
        let ladder = Self.sizeLadder(quality: options.quality, colors: options.maxColors).filter { $0.quality >= options.qualityFloor }
        guard ladder.count > 1 else {
            throw AnimatedImageError.sizeLimitUnreachable(path: url.path, limit: limit, smallest: first.1.bytes,
                                                          quality: first.1.quality, colors: first.1.colors)
        }
        var smallest = first
        var fitting: (GIFEncoder.Encoded, Summary)?
        var lo = 0, hi = ladder.count - 1     // ladder[0] is the first attempt, which is too big
        // Try the end of the ladder first: if even that does not fit, nothing will.
        let last = try attempt(ladder[hi].quality, ladder[hi].colors)
        if last.1.bytes < smallest.1.bytes { smallest = last }
        if last.1.bytes <= limit {
            fitting = last
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                let candidate = try attempt(ladder[mid].quality, ladder[mid].colors)
                if candidate.1.bytes < smallest.1.bytes { smallest = candidate }
                if candidate.1.bytes <= limit { fitting = candidate; hi = mid } else { lo = mid }
            }
        }
        guard var result = fitting else {
            throw AnimatedImageError.sizeLimitUnreachable(path: url.path, limit: limit, smallest: smallest.1.bytes,
                                                          quality: smallest.1.quality, colors: smallest.1.colors)
        }
        result.1.attempts = attempts
        return result
    }

    static func quantizerSettings(quality: Int, colors: Int, dithering: Double) -> Quantizer.Settings {
        Quantizer.Settings(quality: quality, maxColors: colors, dithering: Float(dithering))
    }

    /// The perceptual target `quality` stands for, if any (see `Options.quality`).
    static func perceptualTarget(quality: Int, palette: PaletteStrategy, atMostFFmpeg: Bool) -> GIFEncoder.PerceptualTarget? {
        quality < 100 && palette != .shared ? GIFEncoder.PerceptualTarget(score: Double(quality), atMostFFmpeg: atMostFFmpeg) : nil
    }

    /// Settings tried for `maxBytes`, from the requested ones down to quality 0 with 16 colours
    /// (or fewer, if `maxColors` is lower): below that an animation stops looking like itself,
    /// and a smaller scale, frame rate or frame range is the better way to a smaller file.
    static func sizeLadder(quality: Int, colors: Int) -> [(quality: Int, colors: Int)] {
        let steps: [(Int, Int)] = [(quality, colors), (80, 256), (70, 192), (60, 128), (50, 96), (40, 64),
                                   (30, 48), (20, 32), (10, 24), (0, 16)]
        var ladder: [(quality: Int, colors: Int)] = []
        for (q, c) in steps {
            let step = (quality: min(q, quality), colors: min(c, colors))
            if let previous = ladder.last, previous.quality == step.quality && previous.colors == step.colors { continue }
            ladder.append(step)
        }
        return ladder
    }
}

/// One result per concurrently computed task.
final class ResultSlots<T>: @unchecked Sendable {
    private var slots: [Result<T, Error>?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ k: Int, _ result: Result<T, Error>) { lock.lock(); slots[k] = result; lock.unlock() }
    func get(_ k: Int) throws -> T { lock.lock(); defer { lock.unlock() }; return try slots[k]!.get() }
}

/// libavformat's GIF muxer, writing through a callback.
enum GIFMuxer {
    /// The size in bytes of the file `mux` writes.
    static func size(_ encoded: GIFEncoder.Encoded, width: Int, height: Int, delays: [Int], plays: Int) throws -> Int {
        var size = 0
        try mux(encoded, width: width, height: height, delays: delays, plays: plays) { size += $0.count }
        return size
    }

    /// Writes the complete GIF file to `write`, in chunks: `encoded`'s blocks with `delays`
    /// (centiseconds), played `plays` times (0: forever). An error thrown by `write` is rethrown.
    static func mux(_ encoded: GIFEncoder.Encoded, width: Int, height: Int, delays: [Int], plays: Int,
                    into write: (UnsafeRawBufferPointer) throws -> Void) throws {
        _ = ffmpegSetup
        precondition(delays.count == encoded.frames.count)
        try withoutActuallyEscaping(write) { write in
            let sink = Sink(write: write)
            do {
                try mux(encoded, width: width, height: height, delays: delays, plays: plays, sink: sink)
            } catch {
                throw sink.error ?? error
            }
            if let error = sink.error { throw error }
        }
    }

    /// Where the muxer's callback writes; holds the first error `write` threw.
    private final class Sink {
        let write: (UnsafeRawBufferPointer) throws -> Void
        var error: Error?
        init(write: @escaping (UnsafeRawBufferPointer) throws -> Void) { self.write = write }
    }

    private static func mux(_ encoded: GIFEncoder.Encoded, width: Int, height: Int, delays: [Int], plays: Int,
                            sink: Sink) throws {
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        try ffcheck(avformat_alloc_output_context2(&fmt, nil, "gif", nil), "avformat_alloc_output_context2 (gif)")
        let ctx = try ffalloc(fmt, "avformat_alloc_output_context2 (gif)")
        var packet: UnsafeMutablePointer<AVPacket>?
        defer {
            if let pb = ctx.pointee.pb {
                av_freep(&pb.pointee.buffer)   // libavformat may have replaced the buffer given
                var context: UnsafeMutablePointer<AVIOContext>? = pb
                avio_context_free(&context)
                ctx.pointee.pb = nil
            }
            avformat_free_context(ctx)
            av_packet_free(&packet)
        }
        ctx.pointee.flags |= segue_fmt_flag_bitexact()
        let stream = try ffalloc(avformat_new_stream(ctx, nil), "avformat_new_stream (gif)")
        stream.pointee.codecpar.pointee.codec_type = AVMEDIA_TYPE_VIDEO
        stream.pointee.codecpar.pointee.codec_id = AV_CODEC_ID_GIF
        stream.pointee.codecpar.pointee.width = Int32(width)
        stream.pointee.codecpar.pointee.height = Int32(height)
        stream.pointee.time_base = AVRational(num: 1, den: 100)
        // The muxer's loop option counts repeats after the first play; -1 writes no loop extension.
        let loop = plays == 0 ? 0 : plays - 1 == 0 ? -1 : plays - 1
        try ffcheck(av_opt_set_int(ctx.pointee.priv_data, "loop", Int64(loop), 0), "av_opt_set_int (gif loop=\(loop))")
        try ffcheck(av_opt_set_int(ctx.pointee.priv_data, "final_delay", Int64(delays.last ?? 0), 0), "av_opt_set_int (gif final_delay)")

        let bufferSize: Int32 = 1 << 16
        let buffer = try ffalloc(av_malloc(Int(bufferSize)), "av_malloc (gif output buffer)")
        let opaque = Unmanaged.passUnretained(sink).toOpaque()
        guard let pb = avio_alloc_context(buffer.assumingMemoryBound(to: UInt8.self), bufferSize, 1, opaque, nil, { opaque, data, count in
            let sink = Unmanaged<Sink>.fromOpaque(opaque!).takeUnretainedValue()
            guard sink.error == nil, let data else { return segue_averror(EIO) }
            do {
                try sink.write(UnsafeRawBufferPointer(start: data, count: Int(count)))
                return count
            } catch {
                sink.error = error
                return segue_averror(EIO)
            }
        }, nil) else {
            av_free(buffer)
            throw EncodeError.ffmpeg(call: "avio_alloc_context (gif)", code: segue_averror(ENOMEM), message: "out of memory")
        }
        ctx.pointee.pb = pb
        try ffcheck(avformat_write_header(ctx, nil), "avformat_write_header (gif)")

        let pkt = try ffalloc(av_packet_alloc(), "av_packet_alloc")
        packet = pkt
        var pts: Int64 = 0
        for k in 0 ..< encoded.frames.count {
            let frame = try encoded.frames.read(k)
            let bytes = k == 0 ? encoded.header + frame : frame
            try ffcheck(av_new_packet(pkt, Int32(bytes.count)), "av_new_packet")
            bytes.withUnsafeBufferPointer { pkt.pointee.data.update(from: $0.baseAddress!, count: bytes.count) }
            pkt.pointee.stream_index = 0
            pkt.pointee.flags |= 1   // AV_PKT_FLAG_KEY
            pkt.pointee.pts = av_rescale_q(pts, AVRational(num: 1, den: 100), stream.pointee.time_base)
            pkt.pointee.dts = pkt.pointee.pts
            pkt.pointee.duration = av_rescale_q(Int64(delays[k]), AVRational(num: 1, den: 100), stream.pointee.time_base)
            try ffcheck(av_write_frame(ctx, pkt), "av_write_frame (gif, frame \(k))")
            av_packet_unref(pkt)
            pts += Int64(delays[k])
        }
        try ffcheck(av_write_trailer(ctx), "av_write_trailer (gif)")
        avio_flush(pb)
        if pb.pointee.error < 0 { try ffcheck(pb.pointee.error, "avio_flush (gif)") }
    }
}

/// Counts frames done by concurrent encodes and reports the shared fraction.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private let phase: String
    private let report: (@Sendable (String, Double) -> Void)?

    init(total: Int, phase: String, report: (@Sendable (String, Double) -> Void)?) {
        self.total = max(total, 1); self.phase = phase; self.report = report
    }

    func advance() {
        guard let report else { return }
        lock.withLock {
            done += 1
            report(phase, Double(done) / Double(total))
        }
    }
}
