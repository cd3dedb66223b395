// SPDX-License-Identifier: Apache-2.0
import CFFmpeg
import Foundation
import SegueFFmpeg
import SegueRaster

/// A decoded frame in straight (not premultiplied) RGBA, 4 bytes a pixel, rows top to bottom,
/// no padding: the bytes a PNG file holds, and the input pixelmatch expects.
///
/// `RasterImage` (premultiplied BGRA) is the pipeline's currency; this type exists because
/// premultiplying is lossy for translucent pixels, and comparisons must see a file's exact bytes.
public struct RGBAFrame: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// width × height × 4 bytes: R, G, B, A.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "RGBA buffer size does not match \(width)×\(height)")
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// A width × height frame filled with one straight RGBA colour.
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        var i = 0
        while i < px.count { px[i] = fill.r; px[i + 1] = fill.g; px[i + 2] = fill.b; px[i + 3] = fill.a; i += 4 }
        self.init(width: width, height: height, pixels: px)
    }

    /// The straight RGBA bytes of a rendered frame, un-premultiplied exactly as `PNGWriter` does
    /// (`round(c × 255 / a)`; fully transparent pixels become 0, 0, 0, 0). So a frame compared
    /// in memory and the same frame read back from the PNG Segue wrote for it are identical.
    public init(_ image: RasterImage) {
        var out = [UInt8](repeating: 0, count: image.width * image.height * 4)
        Unpremultiply.convert(image, order: .rgba, into: &out)
        self.init(width: image.width, height: image.height, pixels: out)
    }

    /// Premultiplied BGRA (`round(c × a / 255)`) for the raster and encode stages.
    public var rasterImage: RasterImage {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                var i = 0
                let n = width * height * 4
                while i < n {
                    let a = Int(src[i + 3])
                    if a == 255 {
                        dst[i] = src[i + 2]; dst[i + 1] = src[i + 1]; dst[i + 2] = src[i]
                    } else {
                        dst[i] = UInt8((Int(src[i + 2]) * a + 127) / 255)
                        dst[i + 1] = UInt8((Int(src[i + 1]) * a + 127) / 255)
                        dst[i + 2] = UInt8((Int(src[i]) * a + 127) / 255)
                    }
                    dst[i + 3] = UInt8(a)
                    i += 4
                }
            }
        }
        return RasterImage(width: width, height: height, bytesPerRow: width * 4, pixels: out)
    }
}

/// Why an input could not be decoded. One line each, naming the path; `hint` says what to do.
public enum DecodeError: Error, CustomStringConvertible, Equatable, Sendable {
    case notFound(path: String)
    case unreadable(path: String, reason: String)
    /// The file is not a format `FrameDecoder` reads, or uses a feature FFmpeg cannot decode here.
    case unsupported(path: String, reason: String)
    /// A folder without PNG files, or a stream without a single decodable frame.
    case noFrames(path: String)
    /// FFmpeg found the format but the data is damaged or truncated.
    case corrupt(path: String, reason: String)
    case tooLarge(path: String, width: Int, height: Int)

    public var path: String {
        switch self {
        case let .notFound(p), let .unreadable(p, _), let .unsupported(p, _), let .noFrames(p), let .corrupt(p, _), let .tooLarge(p, _, _): p
        }
    }

    public var description: String {
        switch self {
        case let .notFound(path): "cannot read '\(path)': no such file or folder"
        case let .unreadable(path, reason): "cannot read '\(path)': \(reason)"
        case let .unsupported(path, reason): "cannot decode '\(path)': \(reason)"
        case let .noFrames(path): "'\(path)' has no frames to compare"
        case let .corrupt(path, reason): "cannot decode '\(path)': the data is damaged (\(reason))"
        case let .tooLarge(path, w, h): "'\(path)' is \(w)×\(h) px; frames larger than \(FFmpegLimits.maximumDimension) px a side or \(FrameDecoder.maximumFramePixels / 1_000_000) million pixels are not read"
        }
    }

    public var hint: String {
        switch self {
        case .notFound: "check the path; inputs are PNG files, folders of PNG frames, MP4, GIF or WebP"
        case .unreadable: "check the file's permissions"
        case .unsupported: "convert it to PNG frames, e.g. ffmpeg -i INPUT frames/frame-%04d.png, and pass the folder"
        case .noFrames: "pass a PNG file, a folder holding frame-0000.png …, or a video"
        case .corrupt: "re-export the file; a truncated download or an interrupted render can cause this"
        case .tooLarge: "scale the frames down first"
        }
    }
}

/// Reads frames from a PNG file, a folder of PNG frames, an MP4 (or any video FFmpeg's
/// libraries demux), a GIF or a WebP (still, or animated: see `AnimatedWebPReader` for how
/// frames that libwebp merged are put back), one frame at a time, as straight RGBA.
///
/// Formats are recognised by their first bytes, not their names. Frame indexes: a folder's
/// frames are numbered by the digits at the end of their names (`frame-0012.png` is frame 12;
/// names without digits are numbered by sorted position); a video's or GIF's frames by position
/// from 0; a single image is frame 0. Pixel formats are converted with swscale (bit-exact mode);
/// RGBA and RGB PNGs are copied byte for byte, and Y'CbCr video uses the colour matrix and range
/// the stream declares (BT.601 when it declares none).
public final class FrameDecoder {
    /// The largest frame read, in pixels (400 MB as RGBA), with at most
    /// `FFmpegLimits.maximumDimension` a side. A few header bytes can claim far more; every
    /// reader refuses such a frame before allocating it (docs/reliability.md).
    public static let maximumFramePixels = 100_000_000

    /// Throws `DecodeError.tooLarge` for a frame size over the limits.
    static func checkFrameSize(width: Int, height: Int, path: String) throws {
        if width > FFmpegLimits.maximumDimension || height > FFmpegLimits.maximumDimension
            || Double(width) * Double(height) > Double(maximumFramePixels) {
            throw DecodeError.tooLarge(path: path, width: width, height: height)
        }
    }

    public enum Kind: String, Sendable {
        case png, pngFolder = "png-folder", gif, webp, animatedWebP = "animated-webp", video
    }

    public let path: String
    public let kind: Kind
    /// Frames per second, when the input says (videos, GIFs, animated WebP); nil for images and folders.
    public private(set) var frameRate: Double?
    /// The number of frames when known before decoding (images, folders, animated WebP).
    public private(set) var knownFrameCount: Int?

    private var folderFrames: [(index: Int, url: URL)] = []
    private var folderPosition = 0
    private var imageDone = false
    private var container: ContainerStream?
    private var webpAnimation: AnimatedWebPReader?
    private var framesRead = 0

    /// Opens `path` and checks that it is something this decoder reads. No frame is decoded yet
    /// (except for a container's headers).
    /// - Throws: `DecodeError`.
    public init(path: String) throws {
        _ = decoderLogSetup
        self.path = path
        var st = stat()
        guard stat(path, &st) == 0 else {
            let e = errno
            if e == ENOENT || e == ENOTDIR { throw DecodeError.notFound(path: path) }
            throw DecodeError.unreadable(path: path, reason: String(cString: strerror(e)))
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            kind = .pngFolder
            folderFrames = try Self.listFrames(in: path)
            knownFrameCount = folderFrames.count
            return
        }
        let magic = try Self.readPrefix(path, count: 32)
        switch Self.sniff(magic) {
        case .png:
            kind = .png; knownFrameCount = 1
        case .webp:
            if Self.isAnimatedWebP(magic) {
                let reader = try AnimatedWebPReader(path: path)
                kind = .animatedWebP; knownFrameCount = reader.frameCount
                frameRate = reader.frameRate
                webpAnimation = reader
            } else {
                kind = .webp; knownFrameCount = 1
            }
        case .gif:
            kind = .gif; knownFrameCount = nil
            container = try ContainerStream(path: path, format: "gif")
            frameRate = container?.frameRate
        case .other:
            kind = .video; knownFrameCount = nil
            container = try ContainerStream(path: path, format: nil)
            frameRate = container?.frameRate
        }
    }

    /// An animated WebP stores runs of equal frames as one; when its timing leaves the frame
    /// clock open, take the one that matches `other` (its frame rate, else its frame count).
    /// Call before the first `next()`; does nothing for other kinds of input.
    public func matchClock(of other: FrameDecoder) {
        guard let reader = webpAnimation, other.kind != .animatedWebP,
              reader.adopt(frameRate: other.frameRate, frameCount: other.knownFrameCount) else { return }
        frameRate = reader.frameRate
        knownFrameCount = reader.frameCount
    }

    /// The next frame, or nil after the last one.
    /// - Throws: `DecodeError` (a damaged frame, a folder file that is not a PNG, …).
    public func next() throws -> (index: Int, name: String, frame: RGBAFrame)? {
        switch kind {
        case .png, .webp:
            guard !imageDone else { return nil }
            imageDone = true
            let frame = try Self.decodeImageFile(path, codec: kind == .png ? AV_CODEC_ID_PNG : AV_CODEC_ID_WEBP)
            return (0, URL(fileURLWithPath: path).lastPathComponent, frame)
        case .pngFolder:
            guard folderPosition < folderFrames.count else { return nil }
            let entry = folderFrames[folderPosition]
            folderPosition += 1
            let magic = try Self.readPrefix(entry.url.path, count: 8)
            guard Self.sniff(magic) == .png else {
                throw DecodeError.unsupported(path: entry.url.path, reason: "it is named .png but is not a PNG file")
            }
            return (entry.index, entry.url.lastPathComponent, try Self.decodeImageFile(entry.url.path, codec: AV_CODEC_ID_PNG))
        case .animatedWebP:
            guard let reader = webpAnimation else { return nil }
            let position = framesRead
            guard let frame = try reader.next() else { return nil }
            framesRead += 1
            return (position, "frame \(position)", frame)
        case .gif, .video:
            guard let container else { return nil }
            let position = container.framesDelivered
            guard let frame = try container.nextFrame() else { return nil }
            return (position, "frame \(position)", frame)
        }
    }

    /// Every frame of `path` as premultiplied BGRA, in order.
    public static func decodeAll(path: String) throws -> [RasterImage] {
        let decoder = try FrameDecoder(path: path)
        var frames: [RasterImage] = []
        while let f = try decoder.next() { frames.append(f.frame.rasterImage) }
        return frames
    }

    /// The single image at `path` (a PNG or WebP file; the first frame of anything else).
    public static func decodeImage(path: String) throws -> RGBAFrame {
        let decoder = try FrameDecoder(path: path)
        guard let first = try decoder.next() else { throw DecodeError.noFrames(path: path) }
        return first.frame
    }

    // MARK: - Recognising inputs

    enum Magic { case png, gif, webp, other }

    static func sniff(_ bytes: [UInt8]) -> Magic {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8 ..< 12]) == Array("WEBP".utf8) { return .webp }
        return .other
    }

    /// A VP8X header with the animation flag (bit 1 of the byte after the chunk size).
    static func isAnimatedWebP(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 21 && Array(bytes[12 ..< 16]) == Array("VP8X".utf8) && (bytes[20] & 0x02) != 0
    }

    static var ffmpegVersion: String { String(cString: av_version_info()) }

    static func readPrefix(_ path: String, count: Int) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let e = errno
            if e == ENOENT { throw DecodeError.notFound(path: path) }
            throw DecodeError.unreadable(path: path, reason: String(cString: strerror(e == 0 ? EACCES : e)))
        }
        defer { try? handle.close() }
        do {
            return Array(try handle.read(upToCount: count) ?? Data())
        } catch {
            throw DecodeError.unreadable(path: path, reason: "\(error.localizedDescription)")
        }
    }

    /// The PNG files of a folder, numbered by their trailing digits (or by position when some
    /// name has none, or two names share a number), sorted by number then name.
    static func listFrames(in folder: String) throws -> [(index: Int, url: URL)] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw DecodeError.unreadable(path: folder, reason: "cannot list the folder")
        }
        let pngs = names.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }
        guard !pngs.isEmpty else { throw DecodeError.noFrames(path: folder) }
        let base = URL(fileURLWithPath: folder)
        let numbered = pngs.map { ($0, trailingNumber(of: $0)) }
        let numbers = numbered.compactMap(\.1)
        if numbers.count == pngs.count, Set(numbers).count == numbers.count {
            return numbered.sorted { ($0.1!, $0.0) < ($1.1!, $1.0) }.map { ($0.1!, base.appendingPathComponent($0.0)) }
        }
        return pngs.sorted().enumerated().map { ($0.offset, base.appendingPathComponent($0.element)) }
    }

    /// The number formed by the digits just before `.png`: `frame-0012.png` → 12.
    static func trailingNumber(of name: String) -> Int? {
        let stem = name.dropLast(4)
        let digits = stem.reversed().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        return Int(String(digits.reversed()))
    }

    // MARK: - Single images

    static func decodeImageFile(_ path: String, codec id: AVCodecID) throws -> RGBAFrame {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DecodeError.unreadable(path: path, reason: (error as NSError).localizedFailureReason ?? "cannot read the file")
        }
        guard !data.isEmpty else { throw DecodeError.corrupt(path: path, reason: "the file is empty") }
        guard let codec = avcodec_find_decoder(id) else {
            throw DecodeError.unsupported(path: path, reason: "this FFmpeg has no \(id == AV_CODEC_ID_PNG ? "PNG" : "WebP") decoder")
        }
        var ctx: UnsafeMutablePointer<AVCodecContext>? = avcodec_alloc_context3(codec)
        var packet: UnsafeMutablePointer<AVPacket>? = av_packet_alloc()
        var frame: UnsafeMutablePointer<AVFrame>? = av_frame_alloc()
        defer {
            avcodec_free_context(&ctx)
            av_packet_free(&packet)
            av_frame_free(&frame)
        }
        guard let ctx, let packet, let frame else { throw DecodeError.unreadable(path: path, reason: "out of memory") }
        ctx.pointee.thread_count = 1
        ctx.pointee.max_pixels = Int64(FrameDecoder.maximumFramePixels)   // before FFmpeg allocates a frame
        try check(avcodec_open2(ctx, codec, nil), path, "opening the decoder")
        try check(av_new_packet(packet, Int32(data.count)), path, "allocating a packet")
        data.withUnsafeBytes { raw in
            packet.pointee.data.update(from: raw.bindMemory(to: UInt8.self).baseAddress!, count: data.count)
        }
        try check(avcodec_send_packet(ctx, packet), path, "decoding")
        _ = avcodec_send_packet(ctx, nil)
        let status = avcodec_receive_frame(ctx, frame)
        if status == segue_averror_eof() || status == segue_averror_eagain() {
            throw DecodeError.corrupt(path: path, reason: "no image in the file")
        }
        try check(status, path, "decoding")
        return try convert(frame, path: path)
    }

    static func check(_ status: Int32, _ path: String, _ what: String) throws {
        guard status < 0 else { return }
        if status == segue_averror(ENOMEM) { throw DecodeError.unreadable(path: path, reason: "out of memory while \(what)") }
        throw DecodeError.corrupt(path: path, reason: "\(what): \(ffmpegErrorMessage(status))")
    }

    // MARK: - Pixel conversion

    /// Any decoded frame → straight RGBA. RGBA and RGB24 are copied; the rest goes through swscale.
    static func convert(_ frame: UnsafeMutablePointer<AVFrame>, path: String) throws -> RGBAFrame {
        var scaler: OpaquePointer? = nil
        defer { if scaler != nil { sws_freeContext(scaler) } }
        return try convert(frame, path: path, scaler: &scaler)
    }

    /// `convert`, reusing (and replacing when the size or format changes) a swscale context.
    static func convert(_ frame: UnsafeMutablePointer<AVFrame>, path: String, scaler: inout OpaquePointer?) throws -> RGBAFrame {
        let w = Int(frame.pointee.width), h = Int(frame.pointee.height)
        guard w > 0, h > 0 else { throw DecodeError.corrupt(path: path, reason: "a frame of size \(w)×\(h)") }
        try checkFrameSize(width: w, height: h, path: path)
        let format = AVPixelFormat(rawValue: frame.pointee.format)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let srcStride = frame.stride(0)
        if format == AV_PIX_FMT_RGBA || format == AV_PIX_FMT_RGB24 {
            let src = frame.plane(0)
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0 ..< h {
                    let s = src + y * srcStride, d = dst.baseAddress! + y * w * 4
                    if format == AV_PIX_FMT_RGBA {
                        d.update(from: s, count: w * 4)
                    } else {
                        for x in 0 ..< w { d[x * 4] = s[x * 3]; d[x * 4 + 1] = s[x * 3 + 1]; d[x * 4 + 2] = s[x * 3 + 2]; d[x * 4 + 3] = 255 }
                    }
                }
            }
            return RGBAFrame(width: w, height: h, pixels: out)
        }
        let flags = segue_sws_flags_bitexact() | Int32(SWS_FULL_CHR_H_INT)
        guard let sws = sws_getCachedContext(scaler, Int32(w), Int32(h), format, Int32(w), Int32(h), AV_PIX_FMT_RGBA, flags, nil, nil, nil) else {
            scaler = nil   // sws_getCachedContext freed the old context
            let name = av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "format \(format.rawValue)"
            throw DecodeError.unsupported(path: path, reason: "cannot convert pixel format \(name) to RGBA")
        }
        scaler = sws
        if isYCbCr(format) {
            let matrix: Int32 = switch frame.pointee.colorspace {
            case AVCOL_SPC_BT709: Int32(SWS_CS_ITU709)
            case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: Int32(SWS_CS_BT2020)
            case AVCOL_SPC_SMPTE240M: Int32(SWS_CS_SMPTE240M)
            case AVCOL_SPC_FCC: Int32(SWS_CS_FCC)
            default: Int32(SWS_CS_DEFAULT)
            }
            let fullRange: Int32 = frame.pointee.color_range == AVCOL_RANGE_JPEG || isJPEGRange(format) ? 1 : 0
            _ = sws_setColorspaceDetails(sws, sws_getCoefficients(matrix), fullRange, sws_getCoefficients(Int32(SWS_CS_DEFAULT)), 1, 0, 1 << 16, 1 << 16)
        }
        let rows: Int32 = out.withUnsafeMutableBufferPointer { dst in
            var dstPlanes: [UnsafeMutablePointer<UInt8>?] = [dst.baseAddress, nil, nil, nil]
            var dstStride: [Int32] = [Int32(w * 4), 0, 0, 0]
            return withUnsafePointer(to: &frame.pointee.data) { dataPtr in
                withUnsafePointer(to: &frame.pointee.linesize) { sizePtr in
                    dataPtr.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                        sizePtr.withMemoryRebound(to: Int32.self, capacity: 8) { strides in
                            sws_scale(sws, planes, strides, 0, Int32(h), &dstPlanes, &dstStride)
                        }
                    }
                }
            }
        }
        guard rows == Int32(h) else { throw DecodeError.corrupt(path: path, reason: "pixel conversion failed") }
        return RGBAFrame(width: w, height: h, pixels: out)
    }

    static func isYCbCr(_ format: AVPixelFormat) -> Bool {
        guard let name = av_get_pix_fmt_name(format).map({ String(cString: $0) }) else { return false }
        return name.hasPrefix("yuv") || name.hasPrefix("nv") || name.hasPrefix("p01") || name.hasPrefix("p21") || name.hasPrefix("p41") || name.hasPrefix("uyv") || name.hasPrefix("yvy") || name.hasPrefix("ayuv")
    }

    static func isJPEGRange(_ format: AVPixelFormat) -> Bool {
        av_get_pix_fmt_name(format).map { String(cString: $0).hasPrefix("yuvj") } ?? false
    }
}

/// FFmpeg's own log lines would duplicate the errors `DecodeError` reports (and print several
/// times for a damaged file), so decoding processes only print fatal errors — unless someone
/// already chose another log level.
let decoderLogSetup: Void = {
    let level = av_log_get_level()
    if level == segue_log_info() || level == segue_log_error() {
        av_log_set_level(AV_LOG_FATAL)
    }
}()

/// A video or GIF stream, decoded packet by packet.
final class ContainerStream {
    let path: String
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var scaler: OpaquePointer?
    private var streamIndex: Int32 = -1
    private var draining = false
    private var finished = false
    private(set) var framesDelivered = 0
    private(set) var frameRate: Double?

    init(path: String, format name: String?) throws {
        self.path = path
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        let input = name.flatMap { av_find_input_format($0) }
        let status = avformat_open_input(&fmt, path, input, nil)
        guard status >= 0, let fmt else {
            if status == segue_averror(ENOENT) { throw DecodeError.notFound(path: path) }
            if status == segue_averror(EACCES) { throw DecodeError.unreadable(path: path, reason: "permission denied") }
            throw DecodeError.unsupported(path: path, reason: "it is not a PNG, GIF, WebP or a video FFmpeg can read (\(ffmpegErrorMessage(status)))")
        }
        format = fmt
        do {
            let info = avformat_find_stream_info(fmt, nil)
            if info < 0 { throw DecodeError.corrupt(path: path, reason: "reading stream information: \(ffmpegErrorMessage(info))") }
            var decoder: UnsafePointer<AVCodec>?
            let index = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
            guard index >= 0, let decoder else {
                throw DecodeError.unsupported(path: path, reason: index >= 0 ? "no decoder for its video stream" : "it has no video stream")
            }
            streamIndex = index
            let stream = fmt.pointee.streams[Int(index)]!
            let rate = av_guess_frame_rate(fmt, stream, nil)
            frameRate = rate.num > 0 && rate.den > 0 ? Double(rate.num) / Double(rate.den) : nil
            guard let ctx = avcodec_alloc_context3(decoder) else { throw DecodeError.unreadable(path: path, reason: "out of memory") }
            codec = ctx
            try FrameDecoder.check(avcodec_parameters_to_context(ctx, stream.pointee.codecpar), path, "reading codec parameters")
            ctx.pointee.thread_count = 2
            ctx.pointee.max_pixels = Int64(FrameDecoder.maximumFramePixels)   // before FFmpeg allocates a frame
            try FrameDecoder.check(avcodec_open2(ctx, decoder, nil), path, "opening the decoder")
            packet = av_packet_alloc()
            frame = av_frame_alloc()
            guard packet != nil, frame != nil else { throw DecodeError.unreadable(path: path, reason: "out of memory") }
        } catch {
            release()
            throw error
        }
    }

    deinit { release() }

    private func release() {
        if codec != nil { avcodec_free_context(&codec) }
        if format != nil { avformat_close_input(&format) }
        if packet != nil { av_packet_free(&packet) }
        if frame != nil { av_frame_free(&frame) }
        if scaler != nil { sws_freeContext(scaler); scaler = nil }
    }

    /// The next decoded frame, or nil at the end of the stream.
    func nextFrame() throws -> RGBAFrame? {
        guard !finished, let format, let codec, let packet, let frame else { return nil }
        while true {
            let status = avcodec_receive_frame(codec, frame)
            if status >= 0 {
                defer { av_frame_unref(frame) }
                let image = try FrameDecoder.convert(frame, path: path, scaler: &scaler)
                framesDelivered += 1
                return image
            }
            if status == segue_averror_eof() {
                finished = true
                if framesDelivered == 0 { throw DecodeError.noFrames(path: path) }
                return nil
            }
            if status != segue_averror_eagain() {
                throw DecodeError.corrupt(path: path, reason: "frame \(framesDelivered): \(ffmpegErrorMessage(status))")
            }
            if draining {
                finished = true
                return nil
            }
            let read = av_read_frame(format, packet)
            if read < 0 {
                if read != segue_averror_eof() && framesDelivered == 0 {
                    throw DecodeError.corrupt(path: path, reason: ffmpegErrorMessage(read))
                }
                // End of file (or a truncated tail): flush what the decoder holds.
                draining = true
                _ = avcodec_send_packet(codec, nil)
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let sent = avcodec_send_packet(codec, packet)
            if sent < 0 && sent != segue_averror_eagain() {
                throw DecodeError.corrupt(path: path, reason: "frame \(framesDelivered): \(ffmpegErrorMessage(sent))")
            }
        }
    }
}
