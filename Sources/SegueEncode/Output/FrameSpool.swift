// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Frames kept on disk between `append` and `finish` for encoders that need to see the whole
/// animation before writing the first byte (GIF: one palette for all frames, a choice between
/// palette strategies, `--max-size` retries).
///
/// Frames are stored as straight (un-premultiplied) RGBA in an anonymous file next to the
/// output: the file is unlinked as soon as it is created, so it never shows up in a folder
/// listing and disappears with the process however it ends. Memory use stays at a few frames.
final class FrameSpool: @unchecked Sendable {
    let width: Int, height: Int
    /// Bytes per stored frame (width × height × 4).
    let frameBytes: Int
    private(set) var count = 0
    private var fd: Int32
    /// The output this spool serves, for messages.
    private let reportedPath: String

    /// Creates the anonymous file in `file`'s scratch directory (beside a regular output,
    /// already checked writable; the temporary directory for a stream).
    init(for file: AtomicFileWriter, width: Int, height: Int) throws {
        self.width = width
        self.height = height
        self.frameBytes = width * height * 4
        self.reportedPath = file.output.requested
        self.file = file
        fd = try Self.anonymousFile(for: file)
    }

    /// The output file the spool was made for; `BlockSpool`s for the same output go beside it.
    let file: AtomicFileWriter

    /// Opens a new file in `file`'s scratch directory and unlinks it (see the type's comment).
    static func anonymousFile(for file: AtomicFileWriter) throws -> Int32 {
        var descriptor: Int32 = -1
        let url = try TemporaryFiles.create(siblingOf: file.destination, in: file.scratchDirectory, kind: .frames, isFolder: false) { path in
            let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 { return errno }
            descriptor = fd
            return 0
        }
        _ = TemporaryFiles.release(url.path) { unlink(url.path) }
        return descriptor
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Stores one frame of `frameBytes` bytes.
    func append(_ rgba: UnsafeRawBufferPointer) throws {
        precondition(rgba.count == frameBytes)
        try Self.write(rgba, to: fd, at: off_t(count) * off_t(frameBytes), reportedPath: reportedPath, contents: "frames")
        count += 1
    }

    /// Reads frame `index` into `buffer` (at least `frameBytes` long). Safe to call from several
    /// threads at once.
    func read(_ index: Int, into buffer: UnsafeMutableRawBufferPointer) throws {
        precondition(index >= 0 && index < count && buffer.count >= frameBytes)
        try Self.read(UnsafeMutableRawBufferPointer(rebasing: buffer[0 ..< frameBytes]), from: fd, at: off_t(index) * off_t(frameBytes),
                      reportedPath: reportedPath, contents: "frames", item: "frame \(index)")
    }

    /// `read(_:into:)` for another thread than the one appending: frame `index`'s `append` has
    /// returned (the caller knows; `count` is the appending thread's).
    func readStored(_ index: Int, into buffer: UnsafeMutableRawBufferPointer) throws {
        precondition(index >= 0 && buffer.count >= frameBytes)
        try Self.read(UnsafeMutableRawBufferPointer(rebasing: buffer[0 ..< frameBytes]), from: fd, at: off_t(index) * off_t(frameBytes),
                      reportedPath: reportedPath, contents: "frames", item: "frame \(index)")
    }

    /// pwrite(2) of all of `buffer` at `start`, retrying when interrupted. `contents` names what
    /// the file holds, for the message.
    static func write(_ buffer: UnsafeRawBufferPointer, to fd: Int32, at start: off_t, reportedPath: String,
                      contents: String) throws {
        var offset = 0
        while offset < buffer.count {
            let n = pwrite(fd, buffer.baseAddress! + offset, buffer.count - offset, start + off_t(offset))
            if n < 0 {
                if errno == EINTR { continue }
                throw EncodeError.unwritablePath(path: reportedPath, reason: "cannot keep its \(contents) in a temporary file: " + AtomicFileWriter.posixMessage(errno))
            }
            offset += n
        }
    }

    /// pread(2) filling all of `buffer` from `start`; `item` names what is read, for the message
    /// when the file is shorter.
    static func read(_ buffer: UnsafeMutableRawBufferPointer, from fd: Int32, at start: off_t, reportedPath: String,
                     contents: String, item: String) throws {
        var offset = 0
        while offset < buffer.count {
            let n = pread(fd, buffer.baseAddress! + offset, buffer.count - offset, start + off_t(offset))
            if n < 0 {
                if errno == EINTR { continue }
                throw EncodeError.unwritablePath(path: reportedPath, reason: "cannot keep its \(contents) in a temporary file: " + AtomicFileWriter.posixMessage(errno))
            }
            if n == 0 {
                throw EncodeError.unwritablePath(path: "(temporary \(contents) file)", reason: "\(item) is truncated")
            }
            offset += n
        }
    }

    func read(_ index: Int) throws -> [UInt8] {
        var frame = [UInt8](repeating: 0, count: frameBytes)
        try frame.withUnsafeMutableBytes { try read(index, into: $0) }
        return frame
    }
}

/// Byte blocks of any length kept on disk, like `FrameSpool`: the GIF encoder's encoded frames,
/// so that its memory does not grow with the animation's length.
final class BlockSpool: @unchecked Sendable {
    private var fd: Int32
    private let reportedPath: String
    private var offsets: [off_t] = [0]
    var count: Int { offsets.count - 1 }
    /// Bytes stored in all blocks.
    var byteCount: Int { Int(offsets.last!) }

    init(beside frames: FrameSpool) throws {
        reportedPath = frames.file.output.requested
        fd = try FrameSpool.anonymousFile(for: frames.file)
    }

    deinit { if fd >= 0 { close(fd) } }

    func append(_ bytes: [UInt8]) throws {
        let start = offsets.last!
        try bytes.withUnsafeBytes {
            try FrameSpool.write($0, to: fd, at: start, reportedPath: reportedPath, contents: "encoded frames")
        }
        offsets.append(start + off_t(bytes.count))
    }

    func read(_ index: Int) throws -> [UInt8] {
        let start = offsets[index]
        var block = [UInt8](repeating: 0, count: Int(offsets[index + 1] - start))
        try block.withUnsafeMutableBytes {
            try FrameSpool.read($0, from: fd, at: start, reportedPath: reportedPath, contents: "encoded frames", item: "block \(index)")
        }
        return block
    }
}
