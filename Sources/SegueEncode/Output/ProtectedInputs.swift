// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a command reads, which none of its outputs may replace.
///
/// A command registers its inputs (scene files, the images they use, the files and folders
/// given to `diff`, a golden folder that is only read) before it opens any output; every
/// writer in this module checks its destination here. Files are compared by device and inode,
/// so `./a.yaml`, `dir/../a.yaml` and a link to it are all recognised as the same file.
public enum ProtectedInputs {
    struct Entry: Sendable {
        var path: String
        var role: String
        var device: UInt64
        var inode: UInt64
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var entries: [Entry] = []

    /// Registers an input. `role` says what it is in messages ("scene file", "image", …).
    /// A path that does not exist is ignored (it cannot be overwritten by accident).
    public static func add(_ path: String, role: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return }
        let entry = Entry(path: path, role: role, device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
        lock.withLock {
            if !entries.contains(where: { $0.device == entry.device && $0.inode == entry.inode }) { entries.append(entry) }
        }
    }

    /// Forgets every registered input (for a library caller running several commands).
    public static func removeAll() {
        lock.withLock { entries.removeAll() }
    }

    /// Throws when writing the file `destination` would replace an input.
    public static func checkFile(_ destination: URL, requested: String) throws {
        guard let identity = fileIdentity(destination.path) else { return }
        if let input = snapshot().first(where: { $0.device == identity.device && $0.inode == identity.inode }) {
            throw EncodeError.wouldOverwriteInput(output: requested, input: input.path, role: input.role)
        }
    }

    /// Throws when replacing or emptying the folder `destination` would remove an input: the
    /// folder is an input, or an input lies somewhere inside it.
    public static func checkFolder(_ destination: URL, requested: String) throws {
        guard let folder = fileIdentity(destination.path) else { return }
        for input in snapshot() {
            if input.device == folder.device && input.inode == folder.inode {
                throw EncodeError.wouldOverwriteInput(output: requested, input: input.path, role: input.role)
            }
            var ancestor = URL(fileURLWithPath: OutputPath.realPath(input.path) ?? input.path).deletingLastPathComponent()
            while ancestor.path != "/" {
                if let id = fileIdentity(ancestor.path), id.device == folder.device, id.inode == folder.inode {
                    throw EncodeError.wouldOverwriteInput(output: requested, input: input.path, role: input.role)
                }
                ancestor.deleteLastPathComponent()
            }
        }
    }

    private static func snapshot() -> [Entry] { lock.withLock { entries } }

    static func fileIdentity(_ path: String) -> (device: UInt64, inode: UInt64)? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return (UInt64(st.st_dev), UInt64(st.st_ino))
    }
}
