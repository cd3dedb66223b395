// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every temporary file and folder this process has made next to an output and not yet
/// renamed or deleted, so that nothing is left behind however the process ends:
///
/// - errors and cancellation: the writers delete their own (`discard`);
/// - SIGINT and SIGTERM: `installSignalHandlers()` deletes all of them, then exits 130 or 143;
/// - `kill -9` or a power cut: the names carry the process id (`.NAME.segue-PID-RANDOM.KIND`),
///   and the next write to the same output removes the ones whose process is gone
///   (`removeStale(near:)`).
public enum TemporaryFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var live: [String: Bool] = [:]   // path → is a folder
    nonisolated(unsafe) private static var terminating = false

    /// The kinds of temporary sibling Segue makes.
    enum Kind: String, CaseIterable {
        /// A file or PNG folder being written.
        case tmp
        /// A spool of frames (unlinked at once; only a crash between create and unlink leaves it).
        case frames
        /// The previous PNG folder, renamed aside while the new one is renamed in.
        case old
    }

    /// Creates a uniquely named hidden sibling of `url` (`.NAME.segue-PID-RANDOM.KIND` in
    /// `directory`, by default `url`'s own) with `create`, which returns 0 or an errno value, and
    /// registers it for cleanup in the same step, so a signal can never miss it.
    static func create(siblingOf url: URL, in directory: URL? = nil, kind: Kind, isFolder: Bool,
                       _ create: (String) -> Int32) throws -> URL {
        let parent = directory ?? url.deletingLastPathComponent()
        var base = url.lastPathComponent
        // Keep the name well below NAME_MAX (255 bytes) whatever the destination's name is.
        while base.utf8.count > 160 { base.removeLast() }
        let pid = getpid()
        for _ in 0 ..< 100 {
            let suffix = String(UInt64.random(in: 0 ... UInt64.max), radix: 16)
            let candidate = parent.appendingPathComponent(".\(base).segue-\(pid)-\(suffix).\(kind.rawValue)")
            let err: Int32 = lock.withLock {
                guard !terminating, !isStopping else { return EINTR }
                let err = create(candidate.path)
                if err == 0 { live[candidate.path] = isFolder }
                return err
            }
            if err == 0 { return candidate }
            if err == EINTR { throw EncodeError.unwritablePath(path: url.path, reason: "interrupted") }
            if err != EEXIST {
                throw EncodeError.unwritablePath(path: url.path, reason: "cannot create a temporary file in '\(parent.path)': \(posixMessage(err))")
            }
        }
        throw EncodeError.unwritablePath(path: url.path, reason: "cannot find a free temporary name in '\(parent.path)'")
    }

    /// Runs `body` (a rename or unlink of a registered path) and forgets `path`, atomically with
    /// respect to the signal handler.
    static func release(_ path: String, _ body: () -> Int32 = { 0 }) -> Int32 {
        lock.withLock {
            let result = body()
            live.removeValue(forKey: path)
            return result
        }
    }

    /// Renames a finished temporary file or folder into place with `rename` (0 or an errno
    /// value), unless a stopping signal has arrived: then nothing is renamed, and this thread
    /// waits for the signal thread to clean up and exit. Under the same lock as that cleanup, so
    /// an output is either replaced before the signal or left as it was.
    static func commit(_ path: String, _ rename: () -> Int32) -> Int32 {
        let result: Int32? = lock.withLock {
            if isStopping { return nil }
            let result = rename()
            live.removeValue(forKey: path)
            return result
        }
        guard let result else {
            while true { pause() }
        }
        return result
    }

    /// Deletes a registered temporary file or folder.
    static func remove(_ path: String) {
        _ = release(path) {
            if live[path] == true { try? FileManager.default.removeItem(atPath: path) } else { _ = unlink(path) }
            return 0
        }
    }

    /// How many temporary paths are registered (for tests).
    public static var liveCount: Int { lock.withLock { live.count } }

    // MARK: - Stale files of dead processes

    /// Removes `.NAME.segue-PID-….KIND` siblings of `url` whose process no longer exists. A PNG
    /// folder set aside (`.old`) while its destination is missing is renamed back instead, so a
    /// crash in the middle of replacing a folder never loses the previous one.
    static func removeStale(near url: URL) {
        let directory = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent).segue-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0,
                  let dot = rest.lastIndex(of: "."), let kind = Kind(rawValue: String(rest[rest.index(after: dot)...])),
                  processIsGone(pid) else { continue }
            let path = directory.appendingPathComponent(name).path
            if kind == .old, access(url.path, F_OK) != 0, rename(path, url.path) == 0 { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    static func processIsGone(_ pid: Int32) -> Bool {
        kill(pid, 0) != 0 && errno == ESRCH
    }

    // MARK: - Signals

    /// On SIGINT or SIGTERM: delete every registered temporary path, say so, and exit with
    /// 128 + the signal number (130, 143). SIGPIPE is ignored, so a closed pipe is an ordinary
    /// write error (EPIPE) with a message rather than a silent death.
    ///
    /// The handler itself only records the signal (an atomic store, async-signal-safe) and wakes
    /// a thread through a pipe; that thread does the cleanup. `release` checks the record under
    /// the same lock as the cleanup before renaming an output into place, so a render stopped
    /// by a signal never replaces its output, however close to the end the signal arrives.
    public static func installSignalHandlers() {
        signal(SIGPIPE, SIG_IGN)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        signalPipe = fds[1]
        let readEnd = fds[0]
        let thread = Thread {
            var number: UInt8 = 0
            while read(readEnd, &number, 1) != 1 {}
            removeAllAndStop()
            let name = Int32(number) == SIGINT ? "SIGINT" : "SIGTERM"
            let text = "segue: stopped by \(name); temporary files removed, existing outputs left as they were\n"
            text.withCString { _ = write(2, $0, strlen($0)) }
            _exit(128 + Int32(number))
        }
        thread.start()
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                // Only async-signal-safe work here: an atomic store and a write(2).
                _ = TemporaryFiles.stopSignal.compareExchange(expected: 0, desired: number, ordering: .sequentiallyConsistent)
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(TemporaryFiles.signalPipe, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        // A parent may have started us with these signals blocked (the mask is inherited);
        // unblocked here, in the main thread, they reach the handler and every later thread.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The first SIGINT or SIGTERM received, or 0.
    static let stopSignal = Atomic<Int32>(0)
    nonisolated(unsafe) static var signalPipe: Int32 = -1

    /// True once a stopping signal arrived: outputs must then be left as they were.
    public static var isStopping: Bool { stopSignal.load(ordering: .sequentiallyConsistent) != 0 }

    /// Called where an error would be reported: once a stopping signal arrived, the error is
    /// only its consequence, so this thread waits for the signal thread to report and exit.
    public static func waitIfStopping() {
        guard isStopping else { return }
        while true { pause() }
    }

    /// Deletes every registered path and refuses new ones (the process is about to exit).
    static func removeAllAndStop() {
        lock.withLock {
            terminating = true
            for (path, isFolder) in live {
                // A previous PNG folder set aside for a new one goes back if the new one is not
                // in place yet: the output is left as it was.
                if path.hasSuffix(".\(Kind.old.rawValue)"), let original = originalPath(ofSibling: path),
                   access(original, F_OK) != 0, rename(path, original) == 0 {
                    continue
                }
                if isFolder { try? FileManager.default.removeItem(atPath: path) } else { _ = unlink(path) }
            }
            live.removeAll()
            OutputLock.releaseAllLocked()
        }
    }

    /// `dir/NAME` for a sibling `dir/.NAME.segue-PID-RANDOM.KIND`.
    static func originalPath(ofSibling path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let leaf = url.lastPathComponent
        guard leaf.hasPrefix("."), let marker = leaf.range(of: ".segue-", options: .backwards) else { return nil }
        let name = String(leaf[leaf.index(after: leaf.startIndex) ..< marker.lowerBound])
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }

    static func posixMessage(_ code: Int32) -> String { String(cString: strerror(code)) }
}
