// SPDX-License-Identifier: Apache-2.0
import CFFmpeg
import Foundation
import SegueFFmpeg
import SegueRaster

/// Encodes frames to an H.264 MP4 (libx264, yuv420p, BT.709, limited range, moov atom first).
///
/// Output is byte-identical for identical input on every run, and on every x86-64 machine with
/// the same FFmpeg/x264 versions: x264's thread count follows the frame size alone
/// (`x264Threading(encodedHeight:)`), x264 does not use
/// its AVX-512 code (which is not deterministic with MB-tree, see `shim.h`), swscale runs in
/// bit-exact mode, and the muxer writes no creation time or library version (`+bitexact`).
/// (SSE4.2-, AVX- and AVX2-level code paths give the same bytes.)
///
/// Frames are premultiplied BGRA; the colour bytes are used as they are, which composites
/// translucent pixels over black. Odd widths/heights are padded to even sizes by repeating the
/// last column/row (H.264 4:2:0 needs even sizes), so `encodedWidth`/`encodedHeight` can be one
/// larger than the frames.
///
/// The file is written to a hidden temporary file next to `url` and renamed into place by
/// `finish()`; see `FrameSink` for the failure guarantees.
public final class MP4Writer: FrameSink {
    /// x264 presets `init` accepts, fastest first.
    public static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast",
                                 "medium", "slow", "slower", "veryslow", "placebo"]
    /// The preset used unless another is given: x264's default, a little smaller files than
    /// `fast` for a little more time (docs/performance.md, "x264 preset").
    public static let defaultPreset = "medium"
    /// How x264 runs for one frame size: its thread count and rate-control lookahead.
    public struct X264Threading: Equatable, Sendable {
        /// x264 threads, each encoding one horizontal band (slice) of every frame.
        public let threads: Int
        /// Rate-control lookahead in frames.
        public let lookahead: Int
    }

    /// Most x264 threads any frame size gets.
    public static let x264MaxThreads = 4
    /// Fewest macroblock rows (16 px each) a slice is given: thinner slices cost more bytes.
    public static let x264MinRowsPerSlice = 16

    /// x264's threads and lookahead for frames `encodedHeight` pixels tall, from the size alone,
    /// never from the machine: x264's output depends on its thread count, so the same scene then
    /// gives the same bytes on every machine and at every `--jobs`.
    ///
    /// Sliced threads, not frame threads: the threads share one frame, so a thread costs its
    /// scratch buffers rather than whole frames of its own, and a 1170×2532 render stays within
    /// its memory budget with every thread. One thread per `x264MinRowsPerSlice` macroblock rows, at
    /// most `x264MaxThreads`, since each slice boundary costs bytes. The lookahead is 6 frames at
    /// every size (x264's default for `medium` is 40): UI transitions are short and their motion
    /// smooth, so MB-tree gains little from looking further ahead, while each lookahead frame
    /// holds a whole frame's memory. Reasoning and figures: docs/mp4.md, "x264 threads and
    /// lookahead", and docs/performance.md.
    public static func x264Threading(encodedHeight: Int) -> X264Threading {
        let macroblockRows = (encodedHeight + 15) / 16
        let threads = min(x264MaxThreads, max(1, macroblockRows / x264MinRowsPerSlice))
        return X264Threading(threads: threads, lookahead: 6)
    }

    public let url: URL
    /// Size of the frames passed to `append`.
    public let width: Int, height: Int
    /// Size of the encoded video (frame size rounded up to even numbers).
    public let encodedWidth: Int, encodedHeight: Int
    /// The exact frame rate written to the file (`fps` as a fraction; 29.97 etc. become n×1000/1001).
    public let frameRate: (numerator: Int, denominator: Int)
    public let crf: Int
    public let preset: String
    /// Frames appended so far.
    public private(set) var frameCount = 0

    private var file: AtomicFileWriter?
    private var formatContext: UnsafeMutablePointer<AVFormatContext>?
    private var codecContext: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    /// Idle colour converters (one swscale context per render thread converting at the moment:
    /// a context is not thread-safe). Bit-exact mode gives the same bytes from any of them.
    private let scalerLock = NSLock()
    private var idleScalers: [OpaquePointer] = []
    private var closed = false

    /// Opens the encoder and reserves the output's temporary file. Nothing is encoded yet.
    /// - Parameters:
    ///   - url: the `.mp4` to create or replace.
    ///   - fps: frames per second, 1…1000 (non-integer rates allowed).
    ///   - crf: x264 constant rate factor 0…51; lower is better quality and bigger files.
    ///   - preset: one of `MP4Writer.presets`.
    /// - Throws: `EncodeError` (`sizeOutOfRange`, `invalidSetting`, `unwritablePath`,
    ///   `codecUnavailable`, `ffmpeg`).
    public init(url: URL, width: Int, height: Int, fps: Double, crf: Int = 18,
                preset: String = MP4Writer.defaultPreset) throws {
        try validateSize(width: width, height: height)
        guard fps.isFinite, fps >= 1, fps <= 1000 else {
            throw EncodeError.invalidSetting("frame rate \(fps) must be between 1 and 1000 frames per second")
        }
        guard (0...51).contains(crf) else {
            throw EncodeError.invalidSetting("crf \(crf) must be between 0 and 51")
        }
        guard Self.presets.contains(preset) else {
            throw EncodeError.invalidSetting("x264 preset '\(preset)' is not one of \(Self.presets.joined(separator: ", "))")
        }
        self.width = width
        self.height = height
        self.encodedWidth = (width + 1) & ~1
        self.encodedHeight = (height + 1) & ~1
        self.crf = crf
        self.preset = preset
        let rate = Self.rational(fps)
        self.frameRate = (Int(rate.num), Int(rate.den))

        // Fail on the output path before doing anything expensive.
        let output = try OutputPath.resolve(url)
        if output.isStream {
            throw EncodeError.needsSeekableOutput(
                path: output.requested, format: "MP4",
                reason: "an MP4 is written with its index (moov) first, which needs a file that can be rewritten after the last frame")
        }
        let file = try AtomicFileWriter(output: output)
        self.url = file.destination
        self.file = file
        do {
            try open(rate: rate)
        } catch {
            cancel()
            throw namingOutput(error, path: url.path)
        }
    }

    deinit {
        cancel()
    }

    /// `fps` as an exact fraction: NTSC rates (23.976, 29.97, 59.94, …) become n×1000/1001,
    /// other rates the closest fraction with a denominator up to 1000.
    static func rational(_ fps: Double) -> AVRational {
        let ntsc = (fps * 1.001).rounded()
        if abs(fps - ntsc * 1000 / 1001) < 0.0005, abs(fps - fps.rounded()) > 0.0005 {
            return AVRational(num: Int32(ntsc) * 1000, den: 1001)
        }
        return av_d2q(fps, 1000)
    }

    private func open(rate: AVRational) throws {
        let codec = try findEncoder("libx264")
        let tempPath = file!.temporaryURL.path

        var fmt: UnsafeMutablePointer<AVFormatContext>?
        try ffcheck(avformat_alloc_output_context2(&fmt, nil, "mp4", tempPath), "avformat_alloc_output_context2 (mp4)")
        let formatContext = try ffalloc(fmt, "avformat_alloc_output_context2 (mp4)")
        self.formatContext = formatContext
        formatContext.pointee.flags |= segue_fmt_flag_bitexact()

        let ctx = try ffalloc(avcodec_alloc_context3(codec), "avcodec_alloc_context3 (libx264)")
        codecContext = ctx
        ctx.pointee.width = Int32(encodedWidth)
        ctx.pointee.height = Int32(encodedHeight)
        ctx.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        ctx.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        ctx.pointee.framerate = rate
        ctx.pointee.time_base = av_inv_q(rate)
        // Written by libx264 into the SPS VUI and copied into the MP4 `colr` atom.
        ctx.pointee.color_primaries = AVCOL_PRI_BT709
        ctx.pointee.color_trc = AVCOL_TRC_BT709
        ctx.pointee.colorspace = AVCOL_SPC_BT709
        ctx.pointee.color_range = AVCOL_RANGE_MPEG
        ctx.pointee.flags |= segue_codec_flag_bitexact()
        if (formatContext.pointee.oformat.pointee.flags & segue_fmt_globalheader()) != 0 {
            ctx.pointee.flags |= segue_codec_flag_global_header()
        }
        let threading = Self.x264Threading(encodedHeight: encodedHeight)
        ctx.pointee.thread_count = Int32(threading.threads)
        ctx.pointee.thread_type = segue_thread_slice()
        try ffcheck(av_opt_set(ctx.pointee.priv_data, "preset", preset, 0), "av_opt_set (libx264 preset=\(preset))")
        try ffcheck(av_opt_set(ctx.pointee.priv_data, "crf", String(crf), 0), "av_opt_set (libx264 crf=\(crf))")
        try ffcheck(av_opt_set(ctx.pointee.priv_data, "rc-lookahead", String(threading.lookahead), 0),
                    "av_opt_set (libx264 rc-lookahead=\(threading.lookahead))")
        // On AVX-512 CPUs x264's output varies between encodes in one process and differs from
        // AVX2/SSE machines; x264's other code paths give the same bytes everywhere (see shim.h).
        let cpuFlags = segue_x264_cpu_flags_without_avx512()
        // sync-lookahead=0: no separate lookahead thread with its own queue of frames (the same
        // bytes, less memory).
        let params = ["sync-lookahead=0"] + (cpuFlags != 0 ? ["asm=\(cpuFlags)"] : [])
        let joined = params.joined(separator: ":")
        try ffcheck(av_opt_set(ctx.pointee.priv_data, "x264-params", joined, 0), "av_opt_set (libx264 x264-params \(joined))")
        try ffcheck(avcodec_open2(ctx, codec, nil), "avcodec_open2 (libx264 \(encodedWidth)×\(encodedHeight))")

        let st = try ffalloc(avformat_new_stream(formatContext, nil), "avformat_new_stream")
        stream = st
        try ffcheck(avcodec_parameters_from_context(st.pointee.codecpar, ctx), "avcodec_parameters_from_context")
        st.pointee.time_base = ctx.pointee.time_base
        st.pointee.avg_frame_rate = rate
        st.pointee.r_frame_rate = rate

        try ffcheck(avio_open(&formatContext.pointee.pb, tempPath, segue_avio_flag_write()), "avio_open (\(tempPath))")
        var options: OpaquePointer?
        av_dict_set(&options, "movflags", "+faststart", 0)
        let status = avformat_write_header(formatContext, &options)
        av_dict_free(&options)
        try ffcheck(status, "avformat_write_header (mp4)")

        // Fails here rather than on the first frame.
        giveScaler(try takeScaler())
        packet = try ffalloc(av_packet_alloc(), "av_packet_alloc")
    }

    /// A converter from BGR0 to Y'CbCr 4:2:0: RGB (full range) → Y'CbCr with BT.709
    /// coefficients, limited ("tv") range, in swscale's bit-exact mode.
    private func takeScaler() throws -> OpaquePointer {
        scalerLock.lock()
        if let idle = idleScalers.popLast() { scalerLock.unlock(); return idle }
        scalerLock.unlock()
        let w = Int32(encodedWidth), h = Int32(encodedHeight)
        guard let scaler = sws_getContext(w, h, AV_PIX_FMT_BGR0, w, h, AV_PIX_FMT_YUV420P,
                                          segue_sws_flags_bitexact(), nil, nil, nil) else {
            throw EncodeError.ffmpeg(call: "sws_getContext (bgr0 → yuv420p)", code: segue_averror(EINVAL),
                                     message: ffmpegErrorMessage(segue_averror(EINVAL)))
        }
        let bt709 = sws_getCoefficients(segue_sws_cs_itu709())
        if sws_setColorspaceDetails(scaler, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16) < 0 {
            sws_freeContext(scaler)
            throw EncodeError.ffmpeg(call: "sws_setColorspaceDetails (BT.709)", code: segue_averror(ENOTSUP),
                                     message: ffmpegErrorMessage(segue_averror(ENOTSUP)))
        }
        return scaler
    }

    private func giveScaler(_ scaler: OpaquePointer) {
        scalerLock.lock()
        idleScalers.append(scaler)
        scalerLock.unlock()
    }

    /// Converts one frame to the encoder's Y'CbCr 4:2:0. Thread-safe: the render threads call it
    /// for the frames they have just drawn, so colour conversion runs in parallel rather than on
    /// the thread that encodes.
    public func prepare(_ image: RasterImage) throws -> any PreparedFrame {
        do {
            try requireFrameSize(image, width: width, height: height)
            let converted = try ConvertedFrame(width: encodedWidth, height: encodedHeight)
            let frame = converted.frame
            let scaler = try takeScaler()
            defer { giveScaler(scaler) }
            var dst: [UnsafeMutablePointer<UInt8>?] = [frame.plane(0), frame.plane(1), frame.plane(2), nil]
            var dstStride: [Int32] = [Int32(frame.stride(0)), Int32(frame.stride(1)), Int32(frame.stride(2)), 0]
            let convert = { (src: UnsafePointer<UInt8>, stride: Int) -> Int32 in
                var srcPlanes: [UnsafePointer<UInt8>?] = [src, nil, nil, nil]
                var srcStride: [Int32] = [Int32(stride), 0, 0, 0]
                return sws_scale(scaler, &srcPlanes, &srcStride, 0, Int32(self.encodedHeight), &dst, &dstStride)
            }
            let rows: Int32
            if encodedWidth == width && encodedHeight == height {
                rows = image.pixels.withUnsafeBufferPointer { convert($0.baseAddress!, image.bytesPerRow) }
            } else {
                let padded = paddedToEven(image)
                rows = padded.withUnsafeBufferPointer { convert($0.baseAddress!, encodedWidth * 4) }
            }
            try ffcheck(rows > 0 ? rows : min(rows, segue_averror(EINVAL)), "sws_scale (bgr0 → yuv420p)")
            return converted
        } catch {
            throw namingOutput(error, path: url.path)
        }
    }

    /// Encodes a frame converted by `prepare`; compressed data goes straight to the file.
    public func append(prepared: any PreparedFrame) throws {
        guard !closed, let ctx = codecContext else { throw EncodeError.writerClosed }
        guard let converted = prepared as? ConvertedFrame else {
            preconditionFailure("MP4Writer.append(prepared:) takes only what its own prepare(_:) made")
        }
        do {
            converted.frame.pointee.pts = Int64(frameCount)
            try ffcheck(avcodec_send_frame(ctx, converted.frame), "avcodec_send_frame (libx264, frame \(frameCount))")
            frameCount += 1
            try writePackets()
        } catch {
            cancel()
            throw namingOutput(error, path: url.path)
        }
    }

    /// Converts and encodes one frame; compressed data goes straight to the file.
    public func append(_ image: RasterImage) throws {
        guard !closed, codecContext != nil else { throw EncodeError.writerClosed }
        let prepared: any PreparedFrame
        do { prepared = try prepare(image) } catch {
            cancel()
            throw error
        }
        try append(prepared: prepared)
    }

    /// Flushes the encoder, writes the index at the front of the file and renames it into place.
    public func finish() throws {
        guard !closed, let ctx = codecContext, let formatContext, let file else { throw EncodeError.writerClosed }
        do {
            guard frameCount > 0 else { throw EncodeError.noFrames(path: url.path) }
            try ffcheck(avcodec_send_frame(ctx, nil), "avcodec_send_frame (libx264, flush)")
            try writePackets()
            try ffcheck(av_write_trailer(formatContext), "av_write_trailer (mp4 faststart)")
            try ffcheck(avio_closep(&formatContext.pointee.pb), "avio_closep (\(file.temporaryURL.path))")
            releaseFFmpeg()
            try file.commit()
            self.file = nil
            closed = true
        } catch {
            cancel()
            throw namingOutput(error, path: url.path)
        }
    }

    /// Stops encoding and deletes the temporary file; the destination is left as it was.
    public func cancel() {
        closed = true
        releaseFFmpeg()
        file?.discard()
        file = nil
    }

    private func writePackets() throws {
        guard let ctx = codecContext, let formatContext, let stream, let packet else { return }
        while true {
            let status = avcodec_receive_packet(ctx, packet)
            if status == segue_averror_eagain() || status == segue_averror_eof() { return }
            try ffcheck(status, "avcodec_receive_packet (libx264)")
            packet.pointee.stream_index = stream.pointee.index
            if packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            av_packet_rescale_ts(packet, ctx.pointee.time_base, stream.pointee.time_base)
            try ffcheck(av_interleaved_write_frame(formatContext, packet), "av_interleaved_write_frame (mp4)")
        }
    }

    /// `image` at the encoded size, repeating the last column and row.
    private func paddedToEven(_ image: RasterImage) -> [UInt8] {
        let w = width, h = height, ew = encodedWidth, eh = encodedHeight, srcStride = image.bytesPerRow
        var padded = [UInt8](repeating: 0, count: ew * eh * 4)
        image.pixels.withUnsafeBufferPointer { src in
            padded.withUnsafeMutableBufferPointer { dst in
                let s = src.baseAddress!, d = dst.baseAddress!
                for y in 0..<eh {
                    let row = d + y * ew * 4
                    (row).update(from: s + min(y, h - 1) * srcStride, count: w * 4)
                    if ew > w { (row + w * 4).update(from: row + (w - 1) * 4, count: 4) }
                }
            }
        }
        return padded
    }

    private func releaseFFmpeg() {
        if let formatContext {
            if formatContext.pointee.pb != nil { avio_closep(&formatContext.pointee.pb) }
            avformat_free_context(formatContext)
            self.formatContext = nil
        }
        stream = nil
        if codecContext != nil { avcodec_free_context(&codecContext) }
        scalerLock.lock()
        for scaler in idleScalers { sws_freeContext(scaler) }
        idleScalers = []
        scalerLock.unlock()
        if packet != nil { av_packet_free(&packet) }
    }
}

/// One frame in the encoder's pixel format (Y'CbCr 4:2:0, BT.709, limited range), owned by
/// this object. libavcodec references the buffers it needs, so it can go once sent.
final class ConvertedFrame: PreparedFrame, @unchecked Sendable {
    let frame: UnsafeMutablePointer<AVFrame>

    init(width: Int, height: Int) throws {
        frame = try ffalloc(av_frame_alloc(), "av_frame_alloc")
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.color_primaries = AVCOL_PRI_BT709
        frame.pointee.color_trc = AVCOL_TRC_BT709
        frame.pointee.colorspace = AVCOL_SPC_BT709
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        let status = av_frame_get_buffer(frame, 0)
        if status < 0 {
            var f: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&f)
            try ffcheck(status, "av_frame_get_buffer")
        }
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
    }
}
