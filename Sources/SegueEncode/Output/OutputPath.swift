// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an output path names, decided once before anything is written.
///
/// - A regular file (existing or not) is written atomically: a temporary sibling, fsync, rename,
///   fsync of the directory. A symbolic link is followed, so the rename replaces the link's
///   target at the target's path and the link keeps pointing at it.
/// - A character device, FIFO or socket (`/dev/null`, `/dev/stdout`, a named pipe, a terminal),
///   or `-` for standard output, is a *stream*: it is opened and written into, never renamed over,
///   because a user who names one means "write into it".
/// - A block device is refused: writing a video over a disk is never what was meant.
public struct OutputPath: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A file that is replaced atomically at `url`.
        case regular
        /// A special file written in place (or standard output).
        case stream
    }

    /// The path as the user gave it, for messages.
    public let requested: String
    /// Where the bytes go: the symlink-resolved path of a regular file, or the special file.
    public let url: URL
    public let kind: Kind

    public var isStream: Bool { kind == .stream }
    public var description: String { requested }

    /// The name a command line uses for standard output.
    public static let standardOutputName = "-"

    /// Classifies `url` (`-` as its last and only component means standard output).
    /// - Throws: `EncodeError.unwritablePath` for a block device or an existing directory.
    public static func resolve(_ url: URL) throws -> OutputPath {
        try resolve(url.path, requested: url.path)
    }

    /// Classifies a command-line path; `-` means standard output.
    public static func resolve(argument: String) throws -> OutputPath {
        if argument == standardOutputName {
            return OutputPath(requested: argument, url: URL(fileURLWithPath: "/dev/stdout"), kind: .stream)
        }
        return try resolve(URL(fileURLWithPath: argument).path, requested: argument)
    }

    static func resolve(_ path: String, requested: String) throws -> OutputPath {
        var st = stat()
        // stat follows links, including /proc's magic ones (/dev/stdout → /proc/self/fd/1 → a pipe).
        if stat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFCHR, S_IFIFO, S_IFSOCK:
                return OutputPath(requested: requested, url: URL(fileURLWithPath: path), kind: .stream)
            case S_IFBLK:
                throw EncodeError.unwritablePath(path: requested, reason: "it is a block device; Segue does not write over disks")
            case S_IFDIR:
                throw EncodeError.unwritablePath(path: requested, reason: "it is an existing directory, expected a file name")
            default:
                return OutputPath(requested: requested, url: URL(fileURLWithPath: realPath(path) ?? path), kind: .regular)
            }
        }
        return OutputPath(requested: requested, url: URL(fileURLWithPath: followingDanglingLinks(path)), kind: .regular)
    }

    /// A folder output (PNG frames, reports): links followed, streams refused.
    public static func resolveFolder(_ url: URL) throws -> URL {
        let path = url.standardizedFileURL.path
        var st = stat()
        if stat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFDIR: return URL(fileURLWithPath: realPath(path) ?? path)
            case S_IFCHR, S_IFIFO, S_IFSOCK, S_IFBLK:
                throw EncodeError.unwritablePath(path: url.path, reason: "it is a device, pipe or socket, and this output is a folder of files")
            default:
                throw EncodeError.unwritablePath(path: url.path, reason: "it exists and is not a folder")
            }
        }
        return URL(fileURLWithPath: followingDanglingLinks(path))
    }

    /// `realpath(3)`, or nil when some component does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The path a not-yet-existing output will have: a dangling symbolic link is followed to
    /// where it points (that file is created), and the parent directory is made canonical.
    static func followingDanglingLinks(_ path: String) -> String {
        var current = URL(fileURLWithPath: path).standardizedFileURL.path
        for _ in 0 ..< 40 {   // SYMLOOP_MAX
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { break }
            let target = String(decoding: buffer[0 ..< n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/")
                ? target
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL.path
        }
        let url = URL(fileURLWithPath: current)
        let parent = url.deletingLastPathComponent().path
        guard let canonicalParent = realPath(parent) else { return current }
        return URL(fileURLWithPath: canonicalParent).appendingPathComponent(url.lastPathComponent).path
    }
}
