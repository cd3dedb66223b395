// SPDX-License-Identifier: Apache-2.0
import CWebP
import Foundation

/// Reads an animated WebP back as frames on a regular clock, with libwebp's demuxer and
/// WebPAnimDecoder (FFmpeg 5.1's webp decoder reads only still images).
///
/// libwebp's encoder merges identical consecutive frames into one longer frame, so a WebP of N
/// rendered frames may store fewer. The reader puts them back: frame k is what is on screen at
/// round(k × 1000 / rate) ms, the rounding Segue's writer uses for timestamps, so frame k of a
/// WebP lines up with frame k of the PNG frames or video it was rendered with. The rate is the
/// lowest whole rate (1…240 frames per second; else 23.976, 29.97, 59.94) whose rounded-millisecond
/// clock has a tick at every stored frame's start and, within 1 ms, at the end; the other input of a diff
/// can pick another consistent one (`adopt`). With no consistent rate the stored frames are
/// returned one each, as they are.
final class AnimatedWebPReader {
    let path: String
    let width: Int, height: Int
    /// Frames per second of the regular clock (or of the stored frames, when none was found).
    private(set) var frameRate: Double
    /// How many frames `next()` returns.
    private(set) var frameCount: Int
    /// Whether frames are returned on the regular clock (false: one per stored frame).
    private(set) var regularClock: Bool

    /// When each stored frame starts and ends, in milliseconds.
    private let starts: [Int], ends: [Int]
    private let bytes: UnsafeMutableRawBufferPointer   // WebPAnimDecoder reads from it until freed
    private var decoder: OpaquePointer?
    private var storedIndex = -1                       // the stored frame in `current`
    private var current: RGBAFrame?
    private var position = 0

    init(path: String) throws {
        self.path = path
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw DecodeError.unreadable(path: path, reason: error.localizedDescription)
        }
        bytes = .allocate(byteCount: max(data.count, 1), alignment: 16)
        data.copyBytes(to: bytes.bindMemory(to: UInt8.self), count: data.count)
        var webpData = WebPData(bytes: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: data.count)

        // Frame durations from the demuxer, without decoding pixels.
        var durations: [Int] = []
        if let demux = WebPDemux(&webpData) {
            defer { WebPDemuxDelete(demux) }
            // The animation decoder allocates two canvases of this size: check it first.
            let canvasWidth = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH))
            let canvasHeight = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT))
            do { try FrameDecoder.checkFrameSize(width: canvasWidth, height: canvasHeight, path: path) } catch {
                bytes.deallocate()
                throw error
            }
            var iter = WebPIterator()
            if WebPDemuxGetFrame(demux, 1, &iter) != 0 {
                repeat { durations.append(Int(iter.duration)) } while WebPDemuxNextFrame(&iter) != 0
                WebPDemuxReleaseIterator(&iter)
            }
        }
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            bytes.deallocate()
            throw DecodeError.unsupported(path: path, reason: "this libwebp's animation decoder does not match its headers")
        }
        options.color_mode = MODE_RGBA     // straight alpha, like every other decoded frame
        options.use_threads = 0
        guard !durations.isEmpty, let decoder = WebPAnimDecoderNew(&webpData, &options) else {
            bytes.deallocate()
            throw DecodeError.corrupt(path: path, reason: "libwebp cannot read its animation")
        }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.frame_count > 0 else {
            WebPAnimDecoderDelete(decoder)
            bytes.deallocate()
            throw DecodeError.noFrames(path: path)
        }
        self.decoder = decoder
        width = Int(info.canvas_width)
        height = Int(info.canvas_height)
        var starts: [Int] = [], ends: [Int] = []
        var t = 0
        for d in durations { starts.append(t); t += d; ends.append(t) }
        self.starts = starts
        self.ends = ends
        frameRate = t > 0 ? Double(durations.count) * 1000 / Double(t) : 1
        regularClock = false
        frameCount = durations.count
        if let rate = Self.candidateRates.first(where: { consistent($0) }) { use(rate) }
        try FrameDecoder.checkFrameSize(width: width, height: height, path: path)
    }

    deinit {
        if let decoder { WebPAnimDecoderDelete(decoder) }
        bytes.deallocate()
    }

    /// The millisecond at which frame `k` starts on a clock of `rate` frames per second.
    static func tick(_ k: Int, rate: Double) -> Int { Int((Double(k) * 1000 / rate).rounded()) }

    /// Whole rates first: over a short clip 30 and 29.97 fit the same milliseconds.
    static let candidateRates: [Double] = {
        let whole: [Double] = (1 ... 240).map { Double($0) }
        let ntsc: [Double] = [24000 / 1001, 30000 / 1001, 60000 / 1001]
        return whole + ntsc
    }()

    /// Whether a clock of `rate` has a tick at every stored frame's start and one within 1 ms of
    /// the end (encoders round the last frame's duration in their own ways).
    func consistent(_ rate: Double) -> Bool {
        func nearestTick(_ ms: Int) -> Int { Self.tick(Int((Double(ms) * rate / 1000).rounded()), rate: rate) }
        guard let end = ends.last, abs(nearestTick(end) - end) <= 1 else { return false }
        return starts.allSatisfy { nearestTick($0) == $0 }
    }

    /// How many frames a clock of `rate` gives: up to the tick nearest the end.
    private func count(at rate: Double) -> Int { Int((Double(ends.last ?? 0) * rate / 1000).rounded()) }

    private func use(_ rate: Double) {
        frameRate = rate
        frameCount = max(1, count(at: rate))
        regularClock = true
    }

    /// Takes the other input's frame rate, or the lowest consistent rate that gives its frame
    /// count, when one fits this file's timing (before the first `next()`). Returns whether it did.
    @discardableResult
    func adopt(frameRate rate: Double?, frameCount n: Int?) -> Bool {
        guard position == 0 else { return false }
        if let rate, consistent(rate) { use(rate); return true }
        if let n, let rate = Self.candidateRates.first(where: { consistent($0) && count(at: $0) == n }) { use(rate); return true }
        return false
    }

    /// The next frame, or nil after the last.
    func next() throws -> RGBAFrame? {
        guard position < frameCount else { return nil }
        let wanted: Int
        if regularClock {
            // The stored frame on screen at this frame's tick.
            let t = Self.tick(position, rate: frameRate)
            var i = storedIndex < 0 ? 0 : storedIndex
            while i + 1 < ends.count && ends[i] <= t { i += 1 }
            wanted = i
        } else {
            wanted = position
        }
        while storedIndex < wanted {
            guard let decoder else { return nil }
            var buffer: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
                throw DecodeError.corrupt(path: path, reason: "frame \(storedIndex + 1) of \(ends.count) cannot be decoded")
            }
            storedIndex += 1
            if storedIndex == wanted {
                current = RGBAFrame(width: width, height: height, pixels: Array(UnsafeBufferPointer(start: buffer, count: width * height * 4)))
            }
        }
        position += 1
        return current
    }
}
