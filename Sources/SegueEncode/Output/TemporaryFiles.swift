import Dispatch
import Foundation
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
    nonisolated(unsafe) private static var signalSources: [DispatchSourceSignal] = []

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
                guard !terminating else { return EINTR }
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
    public static func installSignalHandlers() {
        signal(SIGPIPE, SIG_IGN)
        let queue = DispatchQueue(label: "segue.signals")
        for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                removeAllAndStop()
                let text = "segue: stopped by \(name); temporary files removed, existing outputs left as they were\n"
                text.withCString { _ = write(2, $0, strlen($0)) }
                _exit(128 + number)
            }
            source.resume()
            lock.withLock { signalSources.append(source) }
        }
    }

    /// Deletes every registered path and refuses new ones (the process is about to exit).
    static func removeAllAndStop() {
        lock.withLock {
            terminating = true
            for (path, isFolder) in live {
                if isFolder { try? FileManager.default.removeItem(atPath: path) } else { _ = unlink(path) }
            }
            live.removeAll()
            OutputLock.releaseAllLocked()
        }
    }

    static func posixMessage(_ code: Int32) -> String { String(cString: strerror(code)) }
}
