import CFFmpeg
import Foundation

/// What ffmpeg's usual two-pass GIF of the same frames shows, frame by frame:
///
///     ffmpeg -i frame-%04d.png -vf palettegen=stats_mode=diff palette.png
///     ffmpeg -i frame-%04d.png -i palette.png -lavfi paletteuse=diff_mode=rectangle x.gif
///
/// made with FFmpeg's own filters (libavfilter), so the pixels are the ones that GIF decodes to.
/// The default perceptual target (`GIFEncoder.PerceptualTarget.atMostFFmpeg`) scores them to
/// learn, for frames no palette of Segue's brings to the target, how good a GIF of that frame the
/// common recipe manages. Opaque frames only: the recipe treats alpha differently from Segue.
///
/// libavfilter is opened when first needed (`dlopen`), not linked: it brings some thirty
/// libraries (speech synthesis, Vulkan, LAPACK…) that would cost every `segue` run about 40 ms and
/// 12 MB at start. Without it (`isAvailable` false), frames aim at the target itself.
final class FFmpegTwoPassGIF: @unchecked Sendable {   // `palette` is made once under `lock`
    /// Whether libavfilter could be opened.
    static var isAvailable: Bool { AVFilterLibrary.shared != nil }

    let spool: FrameSpool
    private let lock = NSLock()
    private var palette: [UInt8]?

    init(spool: FrameSpool) { self.spool = spool }

    /// The first pass: palettegen's 16×16 BGRA palette image over every frame (made on first use).
    func paletteImage() throws -> [UInt8] {
        try lock.withLock {
            if let palette { return palette }
            let graph = try FilterGraph(inputs: [(spool.width, spool.height)],
                                        filter: "palettegen", options: "stats_mode=diff")
            var bgra = [UInt8](repeating: 0, count: spool.width * spool.height * 4)
            for i in 0 ..< spool.count {
                try read(i, into: &bgra)
                try graph.push(bgra, input: 0, pts: Int64(i))
            }
            try graph.end(input: 0)
            guard let image = try graph.pull() else {
                throw EncodeError.ffmpeg(call: "palettegen", code: segue_averror_eof(), message: "no palette")
            }
            palette = image.bgra
            return image.bgra
        }
    }

    /// A new pass over the frames, from the first (see `Frames`).
    func frames() throws -> Frames { try Frames(self) }

    /// Opens libavfilter and makes the palette on another thread, so that a later `frames()`
    /// finds them ready (or waits for them rather than starting over). A failure is left for
    /// `frames()` to meet again and report.
    func prepareInBackground() {
        DispatchQueue.global().async { [self] in
            guard Self.isAvailable else { return }
            _ = try? paletteImage()
        }
    }

    /// The second pass, frame by frame in order: what the viewer sees after each frame (RGBA).
    /// paletteuse has to go through every frame in order anyway: `prefetch` lets it run ahead on
    /// another thread to the next frame the caller may ask for, rather than the caller waiting
    /// for it (libavfilter was 15 % of the searching thread's time on `preset-semiModal-swipe`).
    final class Frames: @unchecked Sendable {   // state touched only on `queue`
        private let owner: FFmpegTwoPassGIF
        private let graph: FilterGraph
        private var pushed = 0
        /// Frames made and not yet dropped, from `delivered` on.
        private var shown: [[UInt8]] = []
        private var delivered = 0
        /// Frames that have come out of the filter.
        private var outputs = 0
        private var bgra: [UInt8]
        private let queue = DispatchQueue(label: "segue.ffmpeg-gif-frames")
        /// What went wrong making a frame ahead: reported by the next `frame(_:)`.
        private var failure: Error?

        init(_ owner: FFmpegTwoPassGIF) throws {
            self.owner = owner
            graph = try FilterGraph(inputs: [(owner.spool.width, owner.spool.height), (16, 16)],
                                    filter: "paletteuse", options: "diff_mode=rectangle")
            try graph.push(try owner.paletteImage(), input: 1, pts: 0)
            try graph.end(input: 1)
            bgra = [UInt8](repeating: 0, count: owner.spool.width * owner.spool.height * 4)
        }

        /// The highest index given to `prefetch` (read and written by the caller's thread only).
        private var prefetched = -1

        /// Frame `index`'s image as shown (RGBA). Indices must not go back, nor fall below one
        /// given to `prefetch`.
        func frame(_ index: Int) throws -> [UInt8] {
            try queue.sync {
                if let failure { throw failure }
                return try make(index)
            }
        }

        /// Makes frame `index` on another thread, and drops the ones before it, so that a later
        /// `frame(index)` or beyond finds the work done. The caller promises not to ask for an
        /// earlier frame.
        func prefetch(_ index: Int) {
            guard index > prefetched, index < owner.spool.count else { return }
            prefetched = index
            queue.async { [self] in
                guard failure == nil else { return }
                do { _ = try make(index) } catch { failure = error }
            }
        }

        private func make(_ index: Int) throws -> [UInt8] {
            precondition(index >= delivered, "ffmpeg's frames are made in order")
            // Frames before `index` are dropped as they come out (a catch-up over many frames
            // would otherwise hold them all).
            if index > delivered {
                shown.removeFirst(min(shown.count, index - delivered))
                delivered = index
            }
            while shown.isEmpty {
                let ended = pushed == owner.spool.count
                if !ended {
                    try owner.read(pushed, into: &bgra)
                    try graph.push(bgra, input: 0, pts: Int64(pushed))
                    pushed += 1
                    if pushed == owner.spool.count { try graph.end(input: 0) }
                }
                let before = outputs
                while let image = try graph.pull() {
                    if outputs >= index { shown.append(image.rgba) }
                    outputs += 1
                }
                if ended && outputs == before && shown.isEmpty {
                    throw EncodeError.ffmpeg(call: "paletteuse", code: segue_averror_eof(), message: "frame \(index) missing")
                }
            }
            return shown[0]
        }
    }

    /// A frame of the spool as BGRA (FFmpeg's RGB32 on little-endian machines, what both filters take).
    fileprivate func read(_ index: Int, into bgra: inout [UInt8]) throws {
        try bgra.withUnsafeMutableBytes { raw in
            try spool.read(index, into: raw)
            swapRedAndBlue(raw)
        }
    }
}

/// RGBA ⇄ BGRA, in place.
private func swapRedAndBlue(_ raw: UnsafeMutableRawBufferPointer) {
    let px = raw.bindMemory(to: UInt32.self)
    for k in px.indices {
        let v = px[k]
        px[k] = (v & 0xFF00_FF00) | (v & 0xFF) << 16 | (v >> 16) & 0xFF
    }
}

/// The libavfilter functions `FilterGraph` calls, looked up in the shared library.
private struct AVFilterLibrary {
    typealias Context = UnsafeMutablePointer<AVFilterContext>
    typealias Graph = UnsafeMutablePointer<AVFilterGraph>
    let graphAlloc: @convention(c) () -> Graph?
    let graphFree: @convention(c) (UnsafeMutablePointer<Graph?>?) -> Void
    let getByName: @convention(c) (UnsafePointer<CChar>?) -> UnsafePointer<AVFilter>?
    let createFilter: @convention(c) (UnsafeMutablePointer<Context?>?, UnsafePointer<AVFilter>?, UnsafePointer<CChar>?,
                                      UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Graph?) -> Int32
    let link: @convention(c) (Context?, UInt32, Context?, UInt32) -> Int32
    let graphConfig: @convention(c) (Graph?, UnsafeMutableRawPointer?) -> Int32
    let addFrame: @convention(c) (Context?, UnsafeMutablePointer<AVFrame>?, Int32) -> Int32
    let getFrame: @convention(c) (Context?, UnsafeMutablePointer<AVFrame>?) -> Int32

    /// The library of the FFmpeg that Segue is built against (Debian 12: libavfilter8), or nil.
    static let shared: AVFilterLibrary? = {
        guard let handle = dlopen("libavfilter.so.\(LIBAVFILTER_VERSION_MAJOR)", RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, _ type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let graphAlloc = symbol("avfilter_graph_alloc", (@convention(c) () -> Graph?).self),
              let graphFree = symbol("avfilter_graph_free", (@convention(c) (UnsafeMutablePointer<Graph?>?) -> Void).self),
              let getByName = symbol("avfilter_get_by_name", (@convention(c) (UnsafePointer<CChar>?) -> UnsafePointer<AVFilter>?).self),
              let createFilter = symbol("avfilter_graph_create_filter",
                                        (@convention(c) (UnsafeMutablePointer<Context?>?, UnsafePointer<AVFilter>?, UnsafePointer<CChar>?,
                                                         UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Graph?) -> Int32).self),
              let link = symbol("avfilter_link", (@convention(c) (Context?, UInt32, Context?, UInt32) -> Int32).self),
              let graphConfig = symbol("avfilter_graph_config", (@convention(c) (Graph?, UnsafeMutableRawPointer?) -> Int32).self),
              let addFrame = symbol("av_buffersrc_add_frame_flags", (@convention(c) (Context?, UnsafeMutablePointer<AVFrame>?, Int32) -> Int32).self),
              let getFrame = symbol("av_buffersink_get_frame", (@convention(c) (Context?, UnsafeMutablePointer<AVFrame>?) -> Int32).self)
        else { return nil }
        return AVFilterLibrary(graphAlloc: graphAlloc, graphFree: graphFree, getByName: getByName, createFilter: createFilter,
                               link: link, graphConfig: graphConfig, addFrame: addFrame, getFrame: getFrame)
    }()
}

/// One libavfilter filter between buffer sources (BGRA images) and a buffer sink.
private final class FilterGraph {
    private let api: AVFilterLibrary
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var sources: [(context: UnsafeMutablePointer<AVFilterContext>, width: Int, height: Int)] = []
    private let sink: UnsafeMutablePointer<AVFilterContext>
    private var frame: UnsafeMutablePointer<AVFrame>?

    struct Image {
        var width: Int, height: Int
        var bgra: [UInt8]
        var rgba: [UInt8]
    }

    init(inputs: [(width: Int, height: Int)], filter name: String, options: String) throws {
        _ = ffmpegSetup   // (palettegen reports its colour count at the info level)
        guard let api = AVFilterLibrary.shared else { throw EncodeError.codecUnavailable(name: "libavfilter") }
        self.api = api
        let graph = try ffalloc(api.graphAlloc(), "avfilter_graph_alloc")
        self.graph = graph
        // Deterministic and light: one thread, as the `ffmpeg` tool's filters would give anyway.
        graph.pointee.nb_threads = 1
        func create(_ filter: String, _ label: String, _ args: String?) throws -> UnsafeMutablePointer<AVFilterContext> {
            var context: UnsafeMutablePointer<AVFilterContext>?
            let definition = try ffalloc(api.getByName(filter), "avfilter_get_by_name(\(filter))")
            _ = try ffcheck(api.createFilter(&context, definition, label, args, nil, graph), "avfilter_graph_create_filter(\(filter))")
            return try ffalloc(context, "avfilter_graph_create_filter(\(filter))")
        }
        let middle = try create(name, name, options)
        for (k, input) in inputs.enumerated() {
            let args = "video_size=\(input.width)x\(input.height):pix_fmt=\(AV_PIX_FMT_BGRA.rawValue):time_base=1/50:pixel_aspect=1/1"
            let source = try create("buffer", "in\(k)", args)
            _ = try ffcheck(api.link(source, 0, middle, UInt32(k)), "avfilter_link")
            sources.append((source, input.width, input.height))
        }
        sink = try create("buffersink", "out", nil)
        _ = try ffcheck(api.link(middle, 0, sink, 0), "avfilter_link")
        _ = try ffcheck(api.graphConfig(graph, nil), "avfilter_graph_config(\(name))")
        frame = try ffalloc(av_frame_alloc(), "av_frame_alloc")
    }

    deinit {
        av_frame_free(&frame)
        api.graphFree(&graph)
    }

    func push(_ bgra: [UInt8], input: Int, pts: Int64) throws {
        let (source, w, h) = sources[input]
        var f: UnsafeMutablePointer<AVFrame>? = try ffalloc(av_frame_alloc(), "av_frame_alloc")
        defer { av_frame_free(&f) }
        let image = f!
        image.pointee.width = Int32(w)
        image.pointee.height = Int32(h)
        image.pointee.format = AV_PIX_FMT_BGRA.rawValue
        image.pointee.pts = pts
        _ = try ffcheck(av_frame_get_buffer(image, 0), "av_frame_get_buffer")
        let stride = Int(image.pointee.linesize.0)
        bgra.withUnsafeBytes { src in
            for y in 0 ..< h {
                memcpy(image.pointee.data.0! + y * stride, src.baseAddress! + y * w * 4, w * 4)
            }
        }
        // Filtered now, rather than queued until the sink is asked (every frame of the first pass
        // would otherwise wait in memory).
        _ = try ffcheck(api.addFrame(source, image, Int32(AV_BUFFERSRC_FLAG_PUSH)), "av_buffersrc_add_frame")
    }

    func end(input: Int) throws {
        _ = try ffcheck(api.addFrame(sources[input].context, nil, Int32(AV_BUFFERSRC_FLAG_PUSH)), "av_buffersrc_add_frame(end)")
    }

    /// The next output image, or nil when the filter needs more input (or has ended).
    func pull() throws -> Image? {
        let status = api.getFrame(sink, frame)
        if status == segue_averror_eagain() || status == segue_averror_eof() { return nil }
        _ = try ffcheck(status, "av_buffersink_get_frame")
        defer { av_frame_unref(frame) }
        let f = frame!.pointee
        let w = Int(f.width), h = Int(f.height), stride = Int(f.linesize.0)
        var bgra = [UInt8](repeating: 0, count: w * h * 4)
        if f.format == AV_PIX_FMT_PAL8.rawValue {
            // Indices and a palette of 256 native-endian ARGB words (BGRA bytes here).
            let table = UnsafeRawPointer(f.data.1!).bindMemory(to: UInt32.self, capacity: 256)
            bgra.withUnsafeMutableBytes { out in
                let px = out.bindMemory(to: UInt32.self)
                for y in 0 ..< h {
                    let row = f.data.0! + y * stride
                    for x in 0 ..< w { px[y * w + x] = table[Int(row[x])] }
                }
            }
        } else {
            bgra.withUnsafeMutableBytes { out in
                for y in 0 ..< h { memcpy(out.baseAddress! + y * w * 4, f.data.0! + y * stride, w * 4) }
            }
        }
        var rgba = bgra
        rgba.withUnsafeMutableBytes(swapRedAndBlue)
        return Image(width: w, height: h, bgra: bgra, rgba: rgba)
    }
}
