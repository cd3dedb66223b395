// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueEncode
import SegueRaster
#if canImport(Glibc)
import Glibc
#endif

/// `--format raw`: the frames' pixels back to back (premultiplied BGRA, rows top to bottom),
/// for piping into other tools and for timing the renderer alone (`scripts/bench`).
/// A stream (`-`, a FIFO, a device) is written frame by frame as frames arrive; a file is
/// written under a temporary name and renamed, like every other output.
public final class RawFrameWriter: FrameSink {
    private let output: OutputPath
    private var fd: Int32
    private var file: AtomicFileWriter?
    private var closed = false

    public init(path: String) throws {
        output = try OutputPath.resolve(argument: path)
        if output.isStream {
            fd = try AtomicFileWriter.openStream(output)
        } else {
            let writer = try AtomicFileWriter(output: output)
            fd = open(writer.temporaryURL.path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard fd >= 0 else {
                let reason = String(cString: strerror(errno))
                writer.discard()
                throw EncodeError.unwritablePath(path: output.requested, reason: reason)
            }
            file = writer
        }
    }

    public func append(_ frame: RasterImage) throws {
        guard !closed else { throw EncodeError.writerClosed }
        let rowBytes = frame.width * 4
        let failure: Int32 = frame.pixels.withUnsafeBytes { pixels in
            if frame.bytesPerRow == rowBytes {
                return writeAll(UnsafeRawBufferPointer(rebasing: pixels[0 ..< rowBytes * frame.height]))
            }
            for y in 0 ..< frame.height {
                let row = UnsafeRawBufferPointer(rebasing: pixels[y * frame.bytesPerRow ..< y * frame.bytesPerRow + rowBytes])
                let e = writeAll(row)
                if e != 0 { return e }
            }
            return 0
        }
        if failure != 0 {
            cancel()
            throw EncodeError.unwritablePath(path: output.requested, reason: failure == EPIPE
                ? "the program reading the pipe closed it" : String(cString: strerror(failure)))
        }
    }

    private func writeAll(_ buffer: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < buffer.count {
            let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return 0
    }

    public func finish() throws {
        guard !closed else { throw EncodeError.writerClosed }
        closed = true
        let closeFailed = close(fd) != 0
        let reason = closeFailed ? String(cString: strerror(errno)) : ""
        fd = -1
        if let file {
            if closeFailed {
                file.discard()
                throw EncodeError.unwritablePath(path: output.requested, reason: reason)
            }
            try file.commit()
        }
    }

    public func cancel() {
        guard !closed else { return }
        closed = true
        if fd >= 0 { close(fd); fd = -1 }
        file?.discard()
    }

    deinit { cancel() }
}
