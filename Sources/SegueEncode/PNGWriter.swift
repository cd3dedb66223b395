// SPDX-License-Identifier: Apache-2.0
import CFFmpeg
import Foundation
import SegueRaster

/// Single PNG images through FFmpeg's PNG encoder.
///
/// Premultiplied BGRA is un-premultiplied to the nearest value (`round(c × 255 / a)`, fully transparent
/// pixels become 0,0,0,0). Images whose pixels are all opaque are written as RGB (no alpha
/// channel, smaller files); others as RGBA. The files are tagged sRGB and contain no timestamps,
/// so the same image always gives the same bytes.
public enum PNGWriter {
    /// The PNG file for `image`.
    public static func encode(_ image: RasterImage) throws -> [UInt8] {
        let opaque = isOpaque(image)
        return try encode(width: image.width, height: image.height, opaque: opaque) { plane, stride in
            if opaque {
                copyOpaque(image, to: plane, stride: stride)
            } else {
                Unpremultiply.convert(image, order: .rgba, into: plane, stride: stride)
            }
        }
    }

    /// The PNG file for straight (not premultiplied) RGBA bytes, written as they are, so decoding
    /// the file gives back exactly these bytes. RGB when every pixel is opaque.
    public static func encode(rgba pixels: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        precondition(pixels.count == width * height * 4, "RGBA buffer of \(pixels.count) bytes for \(width)×\(height)")
        var opaque = true
        pixels.withUnsafeBufferPointer { px in
            var i = 3
            while i < px.count { if px[i] != 255 { opaque = false; return }; i += 4 }
        }
        return try encode(width: width, height: height, opaque: opaque) { plane, stride in
            pixels.withUnsafeBufferPointer { px in
                for y in 0 ..< height {
                    let s = px.baseAddress! + y * width * 4, d = plane + y * stride
                    if opaque {
                        for x in 0 ..< width { d[x * 3] = s[x * 4]; d[x * 3 + 1] = s[x * 4 + 1]; d[x * 3 + 2] = s[x * 4 + 2] }
                    } else {
                        d.update(from: s, count: width * 4)
                    }
                }
            }
        }
    }

    /// Runs FFmpeg's PNG encoder on one frame: RGB24 when `opaque`, else RGBA; `fill` writes the
    /// pixels into the frame's plane (given its stride).
    private static func encode(width: Int, height: Int, opaque: Bool,
                               fill: (UnsafeMutablePointer<UInt8>, Int) -> Void) throws -> [UInt8] {
        try validateSize(width: width, height: height)
        let codec = try findEncoder("png")
        var ctx: UnsafeMutablePointer<AVCodecContext>? = try ffalloc(avcodec_alloc_context3(codec), "avcodec_alloc_context3 (png)")
        var frame: UnsafeMutablePointer<AVFrame>? = nil
        var packet: UnsafeMutablePointer<AVPacket>? = nil
        defer {
            avcodec_free_context(&ctx)
            av_frame_free(&frame)
            av_packet_free(&packet)
        }
        let c = ctx!
        let format = opaque ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_RGBA
        c.pointee.width = Int32(width)
        c.pointee.height = Int32(height)
        c.pointee.pix_fmt = format
        c.pointee.time_base = AVRational(num: 1, den: 1)
        c.pointee.thread_count = 1
        c.pointee.flags |= segue_codec_flag_bitexact()
        // Paeth prediction: about half the size of no prediction on rendered UI, at little cost.
        try ffcheck(av_opt_set(c.pointee.priv_data, "pred", "paeth", 0), "av_opt_set (png pred=paeth)")
        try ffcheck(avcodec_open2(c, codec, nil), "avcodec_open2 (png \(width)×\(height))")

        let f = try ffalloc(av_frame_alloc(), "av_frame_alloc")
        frame = f
        f.pointee.format = format.rawValue
        f.pointee.width = Int32(width)
        f.pointee.height = Int32(height)
        f.pointee.color_primaries = AVCOL_PRI_BT709        // with the sRGB transfer: an sRGB chunk
        f.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
        try ffcheck(av_frame_get_buffer(f, 0), "av_frame_get_buffer")
        fill(f.plane(0), f.stride(0))

        let p = try ffalloc(av_packet_alloc(), "av_packet_alloc")
        packet = p
        try ffcheck(avcodec_send_frame(c, f), "avcodec_send_frame (png)")
        try ffcheck(avcodec_send_frame(c, nil), "avcodec_send_frame (png, flush)")
        try ffcheck(avcodec_receive_packet(c, p), "avcodec_receive_packet (png)")
        return Array(UnsafeBufferPointer(start: p.pointee.data, count: Int(p.pointee.size)))
    }

    /// Encodes `image` and writes it to `url` atomically (temporary file + rename), so `url`
    /// holds either its previous contents or the complete new PNG.
    public static func write(_ image: RasterImage, to url: URL) throws {
        let file = try AtomicFileWriter(destination: url)   // path problems first, before encoding
        do {
            try file.write(encode(image))
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    static func isOpaque(_ image: RasterImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { px in
            for y in 0..<image.height {
                let row = px.baseAddress! + y * image.bytesPerRow
                for x in 0..<image.width where row[x * 4 + 3] != 255 { return false }
            }
            return true
        }
    }

    /// BGRA (all alpha 255) → RGB24.
    private static func copyOpaque(_ image: RasterImage, to dst: UnsafeMutablePointer<UInt8>, stride: Int) {
        image.pixels.withUnsafeBufferPointer { px in
            for y in 0..<image.height {
                let s = px.baseAddress! + y * image.bytesPerRow
                let d = dst + y * stride
                for x in 0..<image.width {
                    d[x * 3] = s[x * 4 + 2]
                    d[x * 3 + 1] = s[x * 4 + 1]
                    d[x * 3 + 2] = s[x * 4]
                }
            }
        }
    }
}

/// Writes frames as `frame-0000.png`, `frame-0001.png`, … (at least four digits; the number is
/// the frame's index in the animation, counting from `startIndex`).
///
/// Frames go into a hidden temporary sibling of `directory` (`.NAME.segue-PID-RANDOM.tmp`), each
/// fsynced; `finish()` swaps it in (the old folder is renamed aside, the new one renamed into
/// place, the directory fsynced, then the old one deleted), so the destination is never
/// half-written. To avoid deleting someone's data, an existing destination is only replaced if
/// it holds nothing but `frame-NNNN.png` files (and `.DS_Store`) and no input of the command.
/// The same output rules as `AtomicFileWriter` apply: a lock against a second writer, stale
/// temporary folders of dead processes removed, everything temporary registered for SIGINT.
public final class PNGSequenceWriter: FrameSink {
    public let directory: URL
    public let startIndex: Int
    /// The frame numbers the appended images carry, in order (nil: consecutive from startIndex).
    public let frameNumbers: [Int]?
    /// Frames appended so far.
    public private(set) var frameCount = 0
    private var staging: URL?
    private var lock: OutputLock?

    /// Checks the destination and creates the temporary folder. Nothing is encoded yet.
    /// - Throws: `EncodeError.unwritablePath` (missing or read-only parent, destination is a file,
    ///   a stream or a folder with other files in it), `EncodeError.wouldOverwriteInput`,
    ///   `EncodeError.invalidSetting` for a negative `startIndex`.
    public init(directory: URL, startIndex: Int = 0, frameNumbers: [Int]? = nil) throws {
        guard startIndex >= 0, (frameNumbers ?? []).allSatisfy({ $0 >= 0 }) else {
            throw EncodeError.invalidSetting("start frame \(startIndex) must not be negative")
        }
        self.frameNumbers = frameNumbers
        let requested = directory.path
        let directory = try OutputPath.resolveFolder(directory)
        self.directory = directory
        self.startIndex = startIndex
        try ProtectedInputs.checkFolder(directory, requested: requested)
        try Self.checkReplaceable(directory)
        lock = try OutputLock(for: directory)
        TemporaryFiles.removeStale(near: directory)
        do {
            staging = try TemporaryFiles.create(siblingOf: directory, kind: .tmp, isFolder: true) { path in
                mkdir(path, 0o777) == 0 ? 0 : errno
            }
        } catch {
            lock?.release()
            throw error
        }
    }

    deinit {
        cancel()
    }

    /// The file name for frame number `index`.
    public static func fileName(forFrame index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    public func append(_ image: RasterImage) throws {
        guard let staging else { throw EncodeError.writerClosed }
        do {
            let number = frameNumbers.map { frameCount < $0.count ? $0[frameCount] : ($0.last ?? 0) + frameCount - $0.count + 1 }
                ?? startIndex + frameCount
            let name = Self.fileName(forFrame: number)
            let bytes = try PNGWriter.encode(image)
            try AtomicFileWriter.writeFile(bytes, atPath: staging.appendingPathComponent(name).path,
                                           reportedPath: directory.appendingPathComponent(name).path, exclusive: true, sync: true)
            frameCount += 1
        } catch {
            cancel()
            throw error
        }
    }

    public func finish() throws {
        guard let staging else { throw EncodeError.writerClosed }
        do {
            guard frameCount > 0 else { throw EncodeError.noFrames(path: directory.path) }
            if let failure = Durability.sync(directory: staging.path) {
                throw EncodeError.unwritablePath(path: directory.path, reason: failure)
            }
            FaultInjection.pauseIfRequested(.beforeCommit)
            let dest = directory.path
            var st = stat()
            var aside: URL?
            if lstat(dest, &st) == 0 {
                try Self.checkReplaceable(directory)
                aside = try TemporaryFiles.create(siblingOf: directory, kind: .old, isFolder: true) { path in
                    rename(dest, path) == 0 ? 0 : errno
                }
            }
            var renameError: Int32 = 0
            _ = TemporaryFiles.commit(staging.path) {
                if rename(staging.path, dest) != 0 {
                    renameError = errno
                    if let aside { _ = rename(aside.path, dest) }   // put the old folder back
                }
                return 0
            }
            if renameError != 0 {
                if let aside { _ = TemporaryFiles.release(aside.path) }
                throw EncodeError.unwritablePath(path: dest, reason: AtomicFileWriter.posixMessage(renameError))
            }
            self.staging = nil
            _ = Durability.sync(directory: directory.deletingLastPathComponent().path)
            if let aside { TemporaryFiles.remove(aside.path) }
            lock?.release()
            lock = nil
        } catch {
            cancel()
            throw error
        }
    }

    /// Deletes the temporary folder; the destination is left as it was.
    public func cancel() {
        if let staging { TemporaryFiles.remove(staging.path) }
        staging = nil
        lock?.release()
        lock = nil
    }

    /// Throws unless `directory` can be created or replaced: its parent must be a writable
    /// directory and, if it exists, it must be a folder holding only earlier frame PNGs.
    static func checkReplaceable(_ directory: URL) throws {
        let path = directory.path
        try AtomicFileWriter.checkWritableDirectory(directory.deletingLastPathComponent(), for: path)
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        guard (st.st_mode & S_IFMT) == S_IFDIR else {
            throw EncodeError.unwritablePath(path: path, reason: "it exists and is not a folder")
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw EncodeError.unwritablePath(path: path, reason: "cannot list the existing folder")
        }
        if let other = entries.first(where: { !isFrameFileName($0) && $0 != ".DS_Store" }) {
            throw EncodeError.unwritablePath(
                path: path, reason: "the folder already contains '\(other)', which is not a frame-NNNN.png file; refusing to replace it")
        }
    }

    static func isFrameFileName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(6).dropLast(4)
        return digits.count >= 4 && digits.allSatisfy { ("0"..."9").contains($0) }
    }
}
