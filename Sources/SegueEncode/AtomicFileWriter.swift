import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers only ever see the old file or the complete new one.
///
/// `init` checks that the destination's directory exists and is writable, then reserves an
/// empty, uniquely named hidden temporary file in that same directory (so the final `rename(2)`
/// never crosses file systems). Fill the temporary file, either with `write(_:)` or by handing
/// `temporaryURL` to another library (FFmpeg's muxer), then `commit()` to rename it over the
/// destination or `discard()` to delete it. A destination that already exists is untouched
/// until `commit()` succeeds.
///
/// The struct holds no resources besides the temporary file; its owner must call `commit()` or
/// `discard()` (the writers in this module do so on every path, including errors and `deinit`).
public struct AtomicFileWriter: Sendable {
    /// Where the file appears after `commit()`.
    public let destination: URL
    /// The hidden temporary file next to `destination` (`.<name>.segue-<random>.tmp`).
    public let temporaryURL: URL

    /// Checks the destination directory and reserves the temporary file.
    /// - Throws: `EncodeError.unwritablePath` naming the path and the reason.
    public init(destination: URL) throws {
        let destination = Self.resolved(destination)
        try Self.checkWritableDirectory(containing: destination)
        self.destination = destination
        self.temporaryURL = try Self.createUniqueSibling(of: destination, kind: "tmp") { path in
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { close(fd); return 0 }
            return errno
        }
    }

    /// Replaces the temporary file's contents with `bytes`.
    public func write(_ bytes: [UInt8]) throws {
        try Self.writeFile(bytes, atPath: temporaryURL.path, reportedPath: destination.path, exclusive: false)
    }

    /// Atomically renames the temporary file over `destination`. On failure the temporary file
    /// is removed and the destination keeps its previous contents.
    public func commit() throws {
        if rename(temporaryURL.path, destination.path) != 0 {
            let reason = Self.posixMessage(errno)
            discard()
            throw EncodeError.unwritablePath(path: destination.path, reason: reason)
        }
    }

    /// Deletes the temporary file. Safe to call more than once.
    public func discard() {
        _ = unlink(temporaryURL.path)
    }

    /// Writes `bytes` to `url` atomically (temporary file + rename).
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
        let path = url.path
        var st = stat()
        if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            throw EncodeError.unwritablePath(path: path, reason: "it is an existing directory, expected a file name")
        }
        try checkWritableDirectory(url.deletingLastPathComponent(), for: path)
    }

    // MARK: - Internals shared with PNGSequenceWriter

    /// `url` with symbolic links resolved, so the rename replaces the file the user meant
    /// (a link's target) rather than the link itself.
    static func resolved(_ url: URL) -> URL {
        url.standardizedFileURL.resolvingSymlinksInPath()
    }

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

    /// Creates a uniquely named hidden sibling of `url` with `create` (which returns 0 or an
    /// errno value), retrying on name collisions.
    static func createUniqueSibling(of url: URL, kind: String, _ create: (String) -> Int32) throws -> URL {
        let parent = url.deletingLastPathComponent()
        // Keep the name well below NAME_MAX (255 bytes) whatever the destination's name is.
        var base = url.lastPathComponent
        while base.utf8.count > 160 { base.removeLast() }
        for _ in 0..<100 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            let candidate = parent.appendingPathComponent(".\(base).segue-\(suffix).\(kind)")
            let err = create(candidate.path)
            if err == 0 { return candidate }
            if err != EEXIST {
                throw EncodeError.unwritablePath(path: url.path, reason: "cannot create a temporary file in '\(parent.path)': \(posixMessage(err))")
            }
        }
        throw EncodeError.unwritablePath(path: url.path, reason: "cannot find a free temporary name in '\(parent.path)'")
    }

    /// Writes `bytes` to `path` (created, or truncated unless `exclusive`). Errors name `reportedPath`.
    static func writeFile(_ bytes: [UInt8], atPath path: String, reportedPath: String, exclusive: Bool) throws {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (exclusive ? O_EXCL : O_TRUNC)
        let fd = open(path, flags, 0o666)
        guard fd >= 0 else {
            throw EncodeError.unwritablePath(path: reportedPath, reason: posixMessage(errno))
        }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc_write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
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

/// `write(2)`, named so it does not collide with `AtomicFileWriter.write(_:)`.
@inline(__always)
private func Glibc_write(_ fd: Int32, _ buf: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, buf, count)
    #else
    return Darwin.write(fd, buf, count)
    #endif
}
