// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one output file so that readers only ever see the old file or the complete new one,
/// and so that nothing the user owns is damaged on the way. Every writer in Segue goes through
/// it (MP4, GIF, WebP, APNG, PNG, raw frames, reports, goldens, contact sheets, plots).
///
/// `init` decides what the path is (`OutputPath`) and checks, before anything expensive:
/// - the destination is not an input of the running command (`ProtectedInputs`);
/// - for a regular file, its directory exists and is writable; stale temporary files of dead
///   Segue processes beside it are removed; an advisory lock keeps a second Segue writing the
///   same output waiting until this one is done (`OutputLock`);
/// then reserves an empty temporary file: a hidden sibling `.NAME.segue-PID-RANDOM.tmp` (same
/// file system, so the rename is atomic), or, for a stream, a file in the temporary directory.
///
/// Fill the temporary file with `write(_:)` or by handing `temporaryURL` to another library
/// (FFmpeg's muxer), then `commit()`: for a regular file, fsync it, rename it over the
/// destination and fsync the directory, so a power cut leaves the old file or the new one, never
/// an empty one; for a stream, copy it into the device, pipe or standard output. `discard()`
/// deletes it instead. The owner calls one of the two on every path; `deinit` discards.
public final class AtomicFileWriter: @unchecked Sendable {
    /// What the destination is, as resolved once.
    public let output: OutputPath
    /// Where the file appears after `commit()` (a symlink's target, or the special file).
    public var destination: URL { output.url }
    /// The temporary file to fill.
    public let temporaryURL: URL
    /// Where other scratch files of this output (frame spools) belong: beside the output for a
    /// regular file, the temporary directory for a stream.
    public let scratchDirectory: URL

    private var lock: OutputLock?
    private var settled = false
    private let state = NSLock()

    /// Resolves the destination, runs the checks above and reserves the temporary file.
    /// - Throws: `EncodeError.unwritablePath` naming the path and the reason, or
    ///   `EncodeError.wouldOverwriteInput`.
    public convenience init(destination: URL) throws {
        try self.init(output: OutputPath.resolve(destination))
    }

    public init(output: OutputPath) throws {
        self.output = output
        switch output.kind {
        case .stream:
            scratchDirectory = FileManager.default.temporaryDirectory
        case .regular:
            try ProtectedInputs.checkFile(output.url, requested: output.requested)
            try Self.checkWritableDirectory(output.url.deletingLastPathComponent(), for: output.requested)
            scratchDirectory = output.url.deletingLastPathComponent()
            lock = try OutputLock(for: output.url)
            TemporaryFiles.removeStale(near: output.url)
        }
        do {
            temporaryURL = try TemporaryFiles.create(siblingOf: output.url, in: scratchDirectory, kind: .tmp, isFolder: false) { path in
                let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                if fd >= 0 { close(fd); return 0 }
                return errno
            }
        } catch {
            lock?.release()
            throw error
        }
    }

    deinit { discard() }

    /// Replaces the temporary file's contents with `bytes`.
    public func write(_ bytes: [UInt8]) throws {
        // The temporary file exists since init: opened without O_CREAT, so a file a stopping
        // signal has already removed is not created again.
        try Self.writeFile(bytes, atPath: temporaryURL.path, reportedPath: output.requested, exclusive: false, sync: false, create: false)
    }

    /// Replaces the temporary file's contents with the chunks `contents` passes to its writer,
    /// for outputs too large to hold in memory at once.
    public func write(streaming contents: (_ write: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        try Self.writeFile(atPath: temporaryURL.path, reportedPath: output.requested, exclusive: false, sync: false,
                           create: false, contents: contents)
    }

    /// Makes the written file the destination (see the type's description). On failure the
    /// temporary file is removed and the destination keeps its previous contents.
    public func commit() throws {
        try state.withLock {
            guard !settled else { throw EncodeError.writerClosed }
            settled = true
        }
        defer { lock?.release(); lock = nil }
        FaultInjection.pauseIfRequested(.beforeCommit)
        switch output.kind {
        case .stream:
            defer { TemporaryFiles.remove(temporaryURL.path) }
            try Self.copy(temporaryURL.path, toStream: output)
        case .regular:
            if let failure = Durability.sync(path: temporaryURL.path) {
                TemporaryFiles.remove(temporaryURL.path)
                throw EncodeError.unwritablePath(path: output.requested, reason: failure)
            }
            var renameError: Int32 = 0
            _ = TemporaryFiles.commit(temporaryURL.path) {
                if rename(temporaryURL.path, output.url.path) != 0 { renameError = errno; _ = unlink(temporaryURL.path) }
                return 0
            }
            if renameError != 0 {
                throw EncodeError.unwritablePath(path: output.requested, reason: Self.posixMessage(renameError))
            }
            if let failure = Durability.sync(directory: output.url.deletingLastPathComponent().path) {
                throw EncodeError.unwritablePath(path: output.requested, reason: "written, but the directory could not be synced to disk: \(failure)")
            }
        }
    }

    /// Deletes the temporary file and releases the lock. Safe to call more than once.
    public func discard() {
        let first = state.withLock { () -> Bool in
            defer { settled = true }
            return !settled
        }
        guard first else { return }
        TemporaryFiles.remove(temporaryURL.path)
        lock?.release()
        lock = nil
    }

    /// Writes `bytes` to `url` atomically.
    public static func write(_ bytes: [UInt8], to url: URL) throws {
        let writer = try AtomicFileWriter(destination: url)
        do {
            try writer.write(bytes)
            try writer.commit()
        } catch {
            writer.discard()
            throw error
        }
    }

    /// Throws `EncodeError.unwritablePath` unless `url`'s parent directory exists, is a directory
    /// and is writable by this process, and `url` itself is not an existing directory.
    public static func checkWritableDirectory(containing url: URL) throws {
        let output = try OutputPath.resolve(url)
        if output.kind == .regular { try checkWritableDirectory(output.url.deletingLastPathComponent(), for: url.path) }
    }

    // MARK: - Streams

    /// Opens a stream destination for writing: standard output itself for `-`, otherwise the
    /// special file (never created, never truncated: a FIFO or device is written into).
    public static func openStream(_ output: OutputPath) throws -> Int32 {
        precondition(output.isStream)
        let fd: Int32 = output.requested == OutputPath.standardOutputName
            ? dup(1)
            : open(output.url.path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw EncodeError.unwritablePath(path: output.requested, reason: posixMessage(errno)) }
        return fd
    }

    /// Writes all of `buffer` to `fd`; returns 0 or an errno value.
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < buffer.count {
            let n = Glibc_write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return 0
    }

    private static func copy(_ source: String, toStream output: OutputPath) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw EncodeError.unwritablePath(path: output.requested, reason: posixMessage(errno)) }
        defer { close(input) }
        let fd = try openStream(output)
        var failure: Int32 = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while failure == 0 {
            let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; failure = errno; break }
            if n == 0 { break }
            failure = chunk.withUnsafeBytes { writeAll(fd, UnsafeRawBufferPointer(rebasing: $0[0 ..< n])) }
        }
        if close(fd) != 0, failure == 0, errno != EINTR { failure = errno }
        if failure != 0 { throw EncodeError.unwritablePath(path: output.requested, reason: posixMessage(failure)) }
    }

    // MARK: - Internals shared with PNGSequenceWriter and FrameSpool

    static func checkWritableDirectory(_ directory: URL, for path: String) throws {
        let dir = directory.path
        var st = stat()
        guard stat(dir, &st) == 0 else {
            let e = errno
            throw EncodeError.unwritablePath(
                path: path,
                reason: e == ENOENT ? "the directory '\(dir)' does not exist" : "cannot access '\(dir)': \(posixMessage(e))")
        }
        guard (st.st_mode & S_IFMT) == S_IFDIR else {
            throw EncodeError.unwritablePath(path: path, reason: "'\(dir)' is not a directory")
        }
        if access(dir, W_OK | X_OK) != 0 {
            throw EncodeError.unwritablePath(path: path, reason: "no permission to write in '\(dir)' (\(posixMessage(errno)))")
        }
    }

    /// Writes `bytes` to `path` (created, or truncated unless `exclusive`), fsyncing it when
    /// `sync`. Errors name `reportedPath`; on failure the file is removed.
    static func writeFile(_ bytes: [UInt8], atPath path: String, reportedPath: String, exclusive: Bool, sync: Bool,
                          create: Bool = true) throws {
        try writeFile(atPath: path, reportedPath: reportedPath, exclusive: exclusive, sync: sync, create: create) { write in
            try bytes.withUnsafeBytes { try write($0) }
        }
    }

    /// `writeFile` with the contents given in chunks. An error thrown by `contents` also removes
    /// the file, and is rethrown.
    static func writeFile(atPath path: String, reportedPath: String, exclusive: Bool, sync: Bool, create: Bool = true,
                          contents: (_ write: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let flags = O_WRONLY | O_CLOEXEC | (create ? O_CREAT : 0) | (exclusive ? O_EXCL : O_TRUNC)
        let fd = open(path, flags, 0o666)
        guard fd >= 0 else {
            throw EncodeError.unwritablePath(path: reportedPath, reason: posixMessage(errno))
        }
        var failure: Int32 = 0
        do {
            try contents { chunk in
                failure = writeAll(fd, chunk)
                if failure != 0 { throw EncodeError.unwritablePath(path: reportedPath, reason: posixMessage(failure)) }
            }
        } catch {
            close(fd)
            _ = unlink(path)
            throw error
        }
        if failure == 0, sync, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            _ = unlink(path)
            throw EncodeError.unwritablePath(path: reportedPath, reason: posixMessage(failure))
        }
    }

    static func posixMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// fsync for files written by other libraries and for directories after a rename.
enum Durability {
    /// fsyncs the file at `path`; returns the reason on failure.
    static func sync(path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return AtomicFileWriter.posixMessage(errno) }
        defer { close(fd) }
        return fsync(fd) == 0 ? nil : AtomicFileWriter.posixMessage(errno)
    }

    /// fsyncs a directory, so a rename into it survives a power cut. File systems that cannot
    /// sync a directory (EINVAL) are not an error.
    static func sync(directory: String) -> String? {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return AtomicFileWriter.posixMessage(errno) }
        defer { close(fd) }
        if fsync(fd) == 0 || errno == EINVAL { return nil }
        return AtomicFileWriter.posixMessage(errno)
    }
}

/// `write(2)`, named so it does not collide with `AtomicFileWriter.write(_:)`.
@inline(__always)
func Glibc_write(_ fd: Int32, _ buf: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, buf, count)
    #else
    return Darwin.write(fd, buf, count)
    #endif
}
