// SPDX-License-Identifier: Apache-2.0
import CFFmpeg
import Foundation
import SegueRaster

/// Writes animated WebP (libavcodec's `libwebp_anim` encoder, libwebp's WebPAnimEncoder) or
/// APNG (libavcodec's `apng` encoder) through libavformat's `webp` / `apng` muxers.
///
/// - WebP is lossless by default (the decoded frames are the source pixels exactly, for
///   opaque frames); `lossy` trades that for smaller files at `quality`. Timestamps are whole
///   milliseconds, rounded, so the running time stays within 0.5 ms of the true time.
/// - APNG is lossless (RGB, or RGBA when a frame has transparent pixels); each frame's delay is
///   exactly 1/fps. The encoder stores only each frame's changed rectangle.
/// - Both loop forever unless `loop` says how many times to play.
///
/// Frames are premultiplied BGRA and are written un-premultiplied. WebP frames are encoded as
/// they arrive; APNG frames wait in an anonymous temporary file until `finish()` (the pixel
/// format, RGB or RGBA, depends on whether any frame has transparency). The file is written
/// under a temporary name and renamed into place; see `FrameSink` for the failure guarantees.
/// The same frames and options always give the same bytes.
public final class AnimatedImageWriter: FrameSink {
    public enum Format: String, Sendable, CaseIterable {
        case webp, apng
    }

    public struct Options: Sendable, Equatable {
        /// How many times the animation plays; 0 repeats forever.
        public var loop: Int
        /// WebP only: lossy (VP8) instead of lossless.
        public var lossy: Bool
        /// WebP only, with `lossy`: quality 0…100.
        public var quality: Int

        public static let defaultWebPQuality = 80
        public init(loop: Int = 0, lossy: Bool = false, quality: Int = Options.defaultWebPQuality) {
            self.loop = loop; self.lossy = lossy; self.quality = quality
        }
    }

    public let url: URL
    public let format: Format
    public let width: Int, height: Int
    public let fps: Double
    public let options: Options
    public private(set) var frameCount = 0

    private var file: AtomicFileWriter?
    private var spool: FrameSpool?                  // APNG
    private var hasTransparency = false
    private var webp: Encoder?                      // WebP
    private var scratch: [UInt8]
    private var closed = false

    /// - Throws: `EncodeError` (`sizeOutOfRange`, `invalidSetting`, `unwritablePath`,
    ///   `codecUnavailable`, `ffmpeg`).
    public init(url: URL, format: Format, width: Int, height: Int, fps: Double, options: Options = Options()) throws {
        try validateSize(width: width, height: height)
        guard fps.isFinite, fps >= 1, fps <= 1000 else {
            throw EncodeError.invalidSetting("frame rate \(fps) must be between 1 and 1000 frames per second")
        }
        try validateLoopCount(options.loop)
        try requireSetting("WebP quality", options.quality, in: 0 ... 100)
        self.format = format
        self.width = width
        self.height = height
        self.fps = fps
        self.options = options
        scratch = [UInt8](repeating: 0, count: width * height * 4)
        let file = try AtomicFileWriter(destination: url)
        self.url = file.destination
        self.file = file
        do {
            switch format {
            case .webp:
                webp = try Encoder(format: .webp, width: width, height: height, fps: fps, options: options,
                                   alpha: true, path: file.temporaryURL.path)
            case .apng:
                _ = try findEncoder("apng")
                spool = try FrameSpool(for: file, width: width, height: height)
            }
        } catch {
            cancel()
            throw namingOutput(error, path: url.path)
        }
    }

    deinit { cancel() }

    public func append(_ image: RasterImage) throws {
        guard !closed, file != nil else { throw EncodeError.writerClosed }
        do {
            try requireFrameSize(image, width: width, height: height)
            if let webp {
                // libwebp takes straight-alpha BGRA ("RGB32" on little-endian machines).
                Unpremultiply.convert(image, order: .bgra, into: &scratch)
                try webp.encode(scratch, index: frameCount)
            } else if let spool {
                if Unpremultiply.convert(image, order: .rgba, into: &scratch) { hasTransparency = true }
                try scratch.withUnsafeBytes { try spool.append($0) }
            }
            frameCount += 1
        } catch {
            cancel()
            throw namingOutput(error, path: url.path)
        }
    }

    public func finish() throws {
        guard !closed, let file else { throw EncodeError.writerClosed }
        do {
            guard frameCount > 0 else { throw EncodeError.noFrames(path: url.path) }
            if let webp {
                try webp.finish()
            } else if let spool {
                let apng = try Encoder(format: .apng, width: width, height: height, fps: fps, options: options,
                                       alpha: hasTransparency, path: file.temporaryURL.path)
                var rgba = [UInt8](repeating: 0, count: spool.frameBytes)
                var frame = hasTransparency ? [] : [UInt8](repeating: 0, count: width * height * 3)
                for i in 0 ..< spool.count {
                    try rgba.withUnsafeMutableBytes { try spool.read(i, into: $0) }
                    if hasTransparency {
                        try apng.encode(rgba, index: i)
                    } else {
                        Self.dropAlpha(rgba, into: &frame)
                        try apng.encode(frame, index: i)
                    }
                }
                try apng.finish()
            }
            webp = nil
            spool = nil
            try file.commit()
            self.file = nil
            closed = true
        } catch {
            cancel()
            throw namingOutput(error, path: url.path)
        }
    }

    public func cancel() {
        closed = true
        webp?.release()
        webp = nil
        spool = nil
        file?.discard()
        file = nil
    }

    // MARK: - FFmpeg

    /// One libavcodec encoder feeding one libavformat muxer that writes `path`.
    private final class Encoder {
        let format: Format
        let options: Options
        let fps: Double
        private var formatContext: UnsafeMutablePointer<AVFormatContext>?
        private var codecContext: UnsafeMutablePointer<AVCodecContext>?
        private var stream: UnsafeMutablePointer<AVStream>?
        private var frame: UnsafeMutablePointer<AVFrame>?
        private var packet: UnsafeMutablePointer<AVPacket>?
        private let bytesPerPixel: Int
        private let width: Int, height: Int

        init(format: Format, width: Int, height: Int, fps: Double, options: Options, alpha: Bool, path: String) throws {
            self.format = format
            self.options = options
            self.fps = fps
            self.width = width
            self.height = height
            let codecName = format == .webp ? "libwebp_anim" : "apng"
            let muxerName = format == .webp ? "webp" : "apng"
            let pixelFormat: AVPixelFormat = format == .webp ? AV_PIX_FMT_BGRA : (alpha ? AV_PIX_FMT_RGBA : AV_PIX_FMT_RGB24)
            bytesPerPixel = pixelFormat == AV_PIX_FMT_RGB24 ? 3 : 4
            do {
                let codec = try findEncoder(codecName)
                var fmt: UnsafeMutablePointer<AVFormatContext>?
                try ffcheck(avformat_alloc_output_context2(&fmt, nil, muxerName, path), "avformat_alloc_output_context2 (\(muxerName))")
                let formatContext = try ffalloc(fmt, "avformat_alloc_output_context2 (\(muxerName))")
                self.formatContext = formatContext
                formatContext.pointee.flags |= segue_fmt_flag_bitexact()

                let ctx = try ffalloc(avcodec_alloc_context3(codec), "avcodec_alloc_context3 (\(codecName))")
                codecContext = ctx
                ctx.pointee.width = Int32(width)
                ctx.pointee.height = Int32(height)
                ctx.pointee.pix_fmt = pixelFormat
                ctx.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
                ctx.pointee.flags |= segue_codec_flag_bitexact()
                ctx.pointee.thread_count = 1
                if format == .webp {
                    // Millisecond timestamps: libwebp stores frame durations in ms.
                    ctx.pointee.time_base = AVRational(num: 1, den: 1000)
                    try ffcheck(av_opt_set_int(ctx.pointee.priv_data, "lossless", options.lossy ? 0 : 1, 0), "av_opt_set_int (libwebp lossless)")
                    // Lossless: effort 0…100 (100: smallest). Lossy: quality.
                    let quality = options.lossy ? Double(options.quality) : 100
                    try ffcheck(av_opt_set_double(ctx.pointee.priv_data, "quality", quality, 0), "av_opt_set_double (libwebp quality)")
                    ctx.pointee.compression_level = 4   // libwebp method 0…6
                } else {
                    let rate = MP4Writer.rational(fps)
                    ctx.pointee.framerate = rate
                    ctx.pointee.time_base = av_inv_q(rate)
                    try ffcheck(av_opt_set(ctx.pointee.priv_data, "pred", "paeth", 0), "av_opt_set (apng pred=paeth)")
                }
                try ffcheck(avcodec_open2(ctx, codec, nil), "avcodec_open2 (\(codecName) \(width)×\(height))")

                let st = try ffalloc(avformat_new_stream(formatContext, nil), "avformat_new_stream")
                stream = st
                try ffcheck(avcodec_parameters_from_context(st.pointee.codecpar, ctx), "avcodec_parameters_from_context")
                st.pointee.time_base = ctx.pointee.time_base
                // How many times to play (0: forever): the apng muxer's "plays", the webp muxer's
                // "loop" (which it writes into the ANIM chunk; its default is 1, play once).
                let loopOption = format == .apng ? "plays" : "loop"
                try ffcheck(av_opt_set_int(formatContext.pointee.priv_data, loopOption, Int64(options.loop), 0),
                            "av_opt_set_int (\(muxerName) \(loopOption)=\(options.loop))")
                try ffcheck(avio_open(&formatContext.pointee.pb, path, segue_avio_flag_write()), "avio_open (\(path))")
                try ffcheck(avformat_write_header(formatContext, nil), "avformat_write_header (\(muxerName))")

                let frame = try ffalloc(av_frame_alloc(), "av_frame_alloc")
                self.frame = frame
                frame.pointee.format = pixelFormat.rawValue
                frame.pointee.width = Int32(width)
                frame.pointee.height = Int32(height)
                try ffcheck(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
                packet = try ffalloc(av_packet_alloc(), "av_packet_alloc")
            } catch {
                release()
                throw error
            }
        }

        deinit { release() }

        /// Encodes frame `index` from tightly packed pixels in the encoder's pixel format.
        func encode(_ pixels: [UInt8], index: Int) throws {
            guard let ctx = codecContext, let frame else { throw EncodeError.writerClosed }
            try ffcheck(av_frame_make_writable(frame), "av_frame_make_writable")
            let rowBytes = width * bytesPerPixel
            let dst = frame.plane(0), stride = frame.stride(0)
            pixels.withUnsafeBufferPointer { src in
                for y in 0 ..< height {
                    (dst + y * stride).update(from: src.baseAddress! + y * rowBytes, count: rowBytes)
                }
            }
            frame.pointee.pts = format == .webp ? Int64((Double(index) * 1000 / fps).rounded()) : Int64(index)
            try ffcheck(avcodec_send_frame(ctx, frame), "avcodec_send_frame (\(format.rawValue), frame \(index))")
            try writePackets()
        }

        /// Flushes the encoder and completes the file.
        func finish() throws {
            guard let ctx = codecContext, let formatContext else { throw EncodeError.writerClosed }
            try ffcheck(avcodec_send_frame(ctx, nil), "avcodec_send_frame (\(format.rawValue), flush)")
            try writePackets()
            try ffcheck(av_write_trailer(formatContext), "av_write_trailer (\(format.rawValue))")
            try ffcheck(avio_closep(&formatContext.pointee.pb), "avio_closep (\(format.rawValue))")
            release()
        }

        private func writePackets() throws {
            guard let ctx = codecContext, let formatContext, let stream, let packet else { return }
            while true {
                let status = avcodec_receive_packet(ctx, packet)
                if status == segue_averror_eagain() || status == segue_averror_eof() { return }
                try ffcheck(status, "avcodec_receive_packet (\(format.rawValue))")
                // libwebp_anim returns an empty packet per frame and the whole file at the end.
                if packet.pointee.size == 0 { av_packet_unref(packet); continue }
                if format == .webp {
                    try ffcheck(av_packet_make_writable(packet), "av_packet_make_writable")
                    WebPChunks.setLoopCount(options.loop, in: packet.pointee.data, count: Int(packet.pointee.size))
                }
                packet.pointee.stream_index = stream.pointee.index
                av_packet_rescale_ts(packet, ctx.pointee.time_base, stream.pointee.time_base)
                try ffcheck(av_write_frame(formatContext, packet), "av_write_frame (\(format.rawValue))")
                av_packet_unref(packet)
            }
        }

        func release() {
            if let formatContext {
                if formatContext.pointee.pb != nil { avio_closep(&formatContext.pointee.pb) }
                avformat_free_context(formatContext)
                self.formatContext = nil
            }
            stream = nil
            if codecContext != nil { avcodec_free_context(&codecContext) }
            if frame != nil { av_frame_free(&frame) }
            if packet != nil { av_packet_free(&packet) }
        }
    }

    // MARK: - Pixels

    /// RGBA → RGB, tightly packed.
    static func dropAlpha(_ rgba: [UInt8], into rgb: inout [UInt8]) {
        rgba.withUnsafeBufferPointer { s in
            rgb.withUnsafeMutableBufferPointer { d in
                for k in 0 ..< d.count / 3 {
                    d[k * 3] = s[k * 4]; d[k * 3 + 1] = s[k * 4 + 1]; d[k * 3 + 2] = s[k * 4 + 2]
                }
            }
        }
    }
}

/// Reading and patching the RIFF chunks of a WebP file.
enum WebPChunks {
    /// Chunk types in file order (after the RIFF/WEBP header).
    static func chunkTypes(_ bytes: [UInt8]) -> [String] {
        var types: [String] = []
        bytes.withUnsafeBufferPointer { b in
            forEachChunk(b.baseAddress!, b.count) { type, _, _ in types.append(type) }
        }
        return types
    }

    /// Sets the loop count in the ANIM chunk (how many times the animation plays; 0 = forever).
    static func setLoopCount(_ count: Int, in data: UnsafeMutablePointer<UInt8>, count size: Int) {
        forEachChunk(UnsafePointer(data), size) { type, offset, length in
            if type == "ANIM" && length >= 6 {
                data[offset + 4] = UInt8(count & 0xFF)
                data[offset + 5] = UInt8((count >> 8) & 0xFF)
            }
        }
    }

    /// Calls `body(type, payloadOffset, payloadLength)` for each top-level chunk.
    private static func forEachChunk(_ data: UnsafePointer<UInt8>, _ size: Int, _ body: (String, Int, Int) -> Void) {
        guard size >= 12, String(decoding: UnsafeBufferPointer(start: data, count: 4), as: UTF8.self) == "RIFF",
              String(decoding: UnsafeBufferPointer(start: data + 8, count: 4), as: UTF8.self) == "WEBP" else { return }
        var offset = 12
        while offset + 8 <= size {
            let type = String(decoding: UnsafeBufferPointer(start: data + offset, count: 4), as: UTF8.self)
            let length = Int(data[offset + 4]) | Int(data[offset + 5]) << 8 | Int(data[offset + 6]) << 16 | Int(data[offset + 7]) << 24
            guard offset + 8 + length <= size else { return }
            body(type, offset + 8, length)
            offset += 8 + length + (length & 1)
        }
    }
}
