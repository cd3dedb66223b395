// SPDX-License-Identifier: Apache-2.0
import SegueFFmpeg
import CFFmpeg
import Foundation

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
