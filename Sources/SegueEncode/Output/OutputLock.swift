// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock on one output path, so two Segue processes writing the same output never
/// interleave: the second waits (saying for whom) until the first has renamed its file into
/// place or given up, then writes its own complete file.
///
/// The lock is `flock(2)` on a hidden `.NAME.segue.lock` beside the output, holding the owner's
/// process id. The owner deletes it when done; a waiter that wakes on a deleted lock file takes
/// a fresh one, so the file can be removed without races. A lock file left by `kill -9` holds no
/// lock (the kernel releases it with the process) and is deleted by the next owner.
final class OutputLock: @unchecked Sendable {
    let path: String
    private var fd: Int32

    private static let registry = NSLock()
    nonisolated(unsafe) private static var held: [String: Int32] = [:]

    /// Takes the lock for `destination`, waiting for another process that holds it.
    /// - Parameter waiting: called once with the other process's id before waiting.
    init(for destination: URL, waiting: (Int32?, String) -> Void = OutputLock.reportWaiting) throws {
        let path = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent.prefix(160)).segue.lock").path
        self.path = path
        if Self.registry.withLock({ Self.held[path] != nil }) {
            throw EncodeError.unwritablePath(path: destination.path, reason: "this command is already writing it (the same output named twice?)")
        }
        var announced = false
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
            guard fd >= 0 else {
                throw EncodeError.unwritablePath(path: destination.path, reason: "cannot create its lock file '\(path)': \(TemporaryFiles.posixMessage(errno))")
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK else {
                    let reason = TemporaryFiles.posixMessage(errno)
                    close(fd)
                    throw EncodeError.unwritablePath(path: destination.path, reason: "cannot lock '\(path)': \(reason)")
                }
                if !announced { waiting(Self.ownerPID(fd), destination.path); announced = true }
                while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
            }
            // The previous owner may have deleted the file while we waited on it: start again.
            var open = stat(), named = stat()
            if fstat(fd, &open) == 0, stat(path, &named) == 0, open.st_ino == named.st_ino, open.st_dev == named.st_dev {
                let pid = "\(getpid())\n"
                _ = ftruncate(fd, 0)
                _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
                self.fd = fd
                Self.registry.withLock { Self.held[path] = fd }
                return
            }
            close(fd)
        }
    }

    /// Deletes the lock file and releases the lock. Safe to call more than once.
    func release() {
        Self.registry.withLock {
            guard fd >= 0 else { return }
            unlink(path)
            close(fd)
            fd = -1
            Self.held.removeValue(forKey: path)
        }
    }

    deinit { release() }

    /// On SIGINT/SIGTERM: delete every lock file this process holds (the locks go with the process).
    static func releaseAllLocked() {
        registry.withLock {
            for (path, _) in held { unlink(path) }
            held.removeAll()
        }
    }

    private static func ownerPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = pread(fd, &buffer, buffer.count, 0)
        guard n > 0 else { return nil }
        return Int32(String(decoding: buffer[0 ..< n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    static func reportWaiting(_ pid: Int32?, _ path: String) {
        let who = pid.map { "process \($0)" } ?? "another process"
        FileHandle.standardError.write(Data("segue: waiting for \(who), which is writing '\(path)'…\n".utf8))
    }
}
