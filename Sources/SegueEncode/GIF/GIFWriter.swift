// SPDX-License-Identifier: Apache-2.0
import CImageQuant
import Foundation
import SegueFFmpeg
import SegueRaster

/// Writes an animated GIF (see docs/gif.md and `Options.quality`). Frames are kept in an
/// anonymous temporary file until `finish()`, which encodes, and writes the file atomically
/// (temporary name + rename; see `FrameSink`). The same frames and options give the same bytes.
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
        /// `PerceptualTarget`). 100: exact, libimagequant's best palettes, shared or
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

        /// Below quality 100: frames that cannot reach `quality` climb to the top of the ladder
        /// whatever each rung costs, instead of stopping where a rung gains less than
        /// `GIFTuning.minimumGainPerKilobyte` points per extra kilobyte.
        public var strict: Bool

        /// With `maxBytes`: the lowest quality the size ladder may go down to (0 allows the
        /// whole ladder, down to 16 colours); above `quality`, nothing is lowered and a file over
        /// `maxBytes` is refused without a second encode.
        public var qualityFloor: Int

        /// Whether the encoder uses a second core: prefetching, a second segment searched beside
        /// the first, both palette strategies at once (`segue render --jobs 1` turns it off).
        /// The file is the same either way.
        public var concurrent = true

        /// Visually lossless: SSIMULACRA2 90 on every frame that a GIF can bring there.
        public static let defaultQuality = 90
        public init(quality: Int = Options.defaultQuality, maxColors: Int = 256, loop: Int = 0, maxBytes: Int? = nil,
                    palette: PaletteStrategy = .auto, dithering: Double = 1, qualityFloor: Int = 0, strict: Bool = false) {
            self.quality = quality; self.maxColors = maxColors; self.loop = loop; self.maxBytes = maxBytes
            self.palette = palette; self.dithering = dithering; self.qualityFloor = qualityFloor
            self.strict = strict
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
        /// With a perceptual target: frames that stopped below it.
        public var framesBelowTarget: Int { frames.filter { $0.score < Double(quality) }.count }
        /// With a perceptual target: the lowest frame score.
        public var worstScore: Double? { frames.map(\.score).min() }
        /// Sizes of the candidates tried, in the order tried (strategy, quality, colours, bytes).
        public var attempts: [String]
        /// With a perceptual target, per frame: what the encoder measured.
        public var frames: [FrameQuality]
    }

    /// One frame of a perceptual encoding.
    public struct FrameQuality: Sendable, Equatable {
        /// The frame as a viewer sees it, on Segue's SSIMULACRA2 (within 0.05 of the PyPI package's).
        public var score: Double
    }

    public let url: URL
    public let width: Int, height: Int
    public let fps: Double
    public let options: Options
    public private(set) var frameCount = 0
    public private(set) var summary: Summary?

    private var file: AtomicFileWriter?
    private var spool: FrameSpool?
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
        if width * height > GIFTuning.concurrentMaxPixels { Self.returnLargeBuffersToTheSystem() } else { Self.keepBuffersForReuse() }
        let file = try AtomicFileWriter(destination: url)
        self.url = file.destination
        self.file = file
        do {
            let spool = try FrameSpool(for: file, width: width, height: height)
            self.spool = spool
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
            if Unpremultiply.convert(image, order: .rgba, alpha: .binary, into: &scratch) { hasTransparency = true }
            try scratch.withUnsafeBytes { try spool.append($0) }
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
        } catch {
            cancel()
            throw error
        }
    }

    public func cancel() {
        file?.discard()
        file = nil
        spool = nil
    }

    // MARK: - Choosing settings

    /// glibc raises its mmap threshold each time a large mmapped buffer is freed, after which
    /// frame-sized buffers come from the heap and its free space is not given back; for large
    /// frames the threshold is fixed low, for peak memory. For smaller ones buffers are kept on
    /// the heap for the next frame instead of being mapped and zeroed afresh for every try.
    /// Process-wide, set before the frames render; the executable makes all threads share one heap.
    private static func keepBuffersForReuse() {
        segue_malloc_reuse_buffers_under(64 << 20, 256 << 20)
    }

    private static func returnLargeBuffersToTheSystem() {
        segue_malloc_reuse_buffers_under(4 << 20, 64 << 20)
    }

    /// The encoding to write and its summary. Candidates are compared by their muxed size; only
    /// the one chosen is written, streamed from disk, so memory does not grow with the length.
    private func encodeWithinLimit(_ encoder: GIFEncoder, delays: [Int]) throws -> (GIFEncoder.Encoded, Summary) {
        var attempts: [String] = []
        func attempt(_ quality: Int, _ colors: Int) throws -> (GIFEncoder.Encoded, Summary) {
            let settings = Self.quantizerSettings(quality: quality, colors: colors, dithering: options.dithering)
            // Below 100, `quality` is a perceptual target, met with a palette per frame.
            let target = Self.perceptualTarget(quality: quality, palette: options.palette, strict: options.strict)
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
            let concurrent = options.concurrent
            let phase = attempts.isEmpty ? "encoding GIF" : "encoding GIF (quality \(quality), \(colors) colours)"
            let counter = ProgressCounter(total: modes.reduce(0) { $0 + encoder.progressUnits(mode: $1) }, phase: phase, report: progress)
            @Sendable func encode(_ k: Int) {
                let outcome = Result { () throws -> (Int, GIFEncoder.Encoded) in
                    let encoded = try encoder.encode(mode: modes[k], settings: settings, target: target,
                                                     concurrency: concurrent ? .full : .none, progress: counter.advance)
                    return (try GIFMuxer.size(encoded, width: width, height: height, delays: delays, plays: plays), encoded)
                }
                results.set(k, outcome)
            }
            // Above `concurrentMaxPixels` they run one after the other, for memory.
            if concurrent && width * height <= GIFTuning.concurrentMaxPixels {
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
            return (encoded, Summary(bytes: size, palette: encoded.mode.rawValue, quality: quality, colors: colors,
                                   perceptual: target != nil, attempts: attempts,
                                   frames: encoded.reports.map { FrameQuality(score: $0.score) }))
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
    static func perceptualTarget(quality: Int, palette: PaletteStrategy, strict: Bool) -> PerceptualTarget? {
        quality < 100 && palette != .shared ? PerceptualTarget(score: Double(quality), strict: strict) : nil
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
