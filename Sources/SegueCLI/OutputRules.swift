// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueRender
import SegueEncode
import SegueScene

/// The command line's half of the output rules (the writers in SegueEncode enforce the rest):
/// every command registers what it reads, so no output can replace it, and a file name must
/// not contradict the format written into it.
enum CommandInputs {
    /// Registers a scene file and every file it reads: the Swift animators and images of
    /// `Scene.inputFiles`, the list the Studio watches.
    static func register(scene: Scene, path: String) {
        ProtectedInputs.add(path, role: "scene file")
        for file in scene.inputFiles where file != scene.file { ProtectedInputs.add(file, role: scene.role(ofInput: file)) }
    }
}

/// File name extensions and the formats they belong to.
enum OutputNaming {
    /// Extensions of files Segue reads; an output never takes one of these names.
    static let inputExtensions: Set<String> = ["yaml", "yml", "json", "swift"]
    /// Extensions each output format's file may have.
    static let extensions: [OutputFormat: Set<String>] = [
        .mp4: ["mp4", "m4v", "mov"], .gif: ["gif"], .webp: ["webp"], .apng: ["apng", "png"], .raw: ["bgra", "raw", "rgba"],
    ]
    static var knownExtensions: Set<String> {
        extensions.values.reduce(inputExtensions) { $0.union($1) }.union(["png"])
    }

    /// Throws a usage error when `path`'s extension contradicts `format`. Special files
    /// (`-`, devices, pipes) have no extension to check.
    static func check(_ path: String, format: OutputFormat) throws {
        guard path != OutputPath.standardOutputName, !isSpecialFile(path) else { return }
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        let name = format.displayName
        switch format {
        case .png:
            // A folder of frames: any name that does not look like a file of another kind.
            if !ext.isEmpty, knownExtensions.contains(ext) {
                throw ValidationError(contradiction(path, ext: ext, format: name)
                    + "\n  hint: PNG frames go into a folder; name one without an extension, e.g. -o \(stem(path))")
            }
        default:
            let allowed = extensions[format] ?? []
            if !allowed.contains(ext) {
                let suggestion = stem(path) + "." + (allowed.contains(format.rawValue) ? format.rawValue : allowed.sorted().first!)
                throw ValidationError(contradiction(path, ext: ext, format: name)
                    + "\n  hint: name it \(suggestion), or choose the format with --format (mp4, gif, webp, apng, png, raw)")
            }
        }
    }

    /// Throws a usage error unless a single-image output is named `.png` (or is a special file).
    static func checkPNG(_ path: String, what: String) throws {
        guard path != OutputPath.standardOutputName, !isSpecialFile(path) else { return }
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ext != "png" {
            throw ValidationError(contradiction(path, ext: ext, format: what) + "\n  hint: name it \(stem(path)).png")
        }
    }

    private static func contradiction(_ path: String, ext: String, format: String) -> String {
        if ext.isEmpty { return "-o \(path) has no file extension, but \(format) would be written into it." }
        if inputExtensions.contains(ext) {
            return "-o \(path) names a .\(ext) file, the kind Segue reads scenes from; it will not write \(format) over it."
        }
        return "-o \(path) ends in .\(ext), which does not match \(format)."
    }

    private static func stem(_ path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    static func isSpecialFile(_ path: String) -> Bool {
        var st = stat()
        guard stat(path, &st) == 0 else { return false }
        let type = st.st_mode & S_IFMT
        return type == S_IFCHR || type == S_IFIFO || type == S_IFSOCK
    }
}

extension OutputFormat {
    var displayName: String {
        switch self {
        case .mp4: "an MP4 video"
        case .png: "a folder of PNG frames"
        case .raw: "a raw BGRA frame stream"
        case .gif: "a GIF"
        case .webp: "a WebP"
        case .apng: "an APNG"
        }
    }
}

/// Missing folders above an output: created (`mkdir -p`), as a new user expects
/// `-o out/flip.mp4` to work in an empty folder, and named in the command's summary line.
enum OutputFolders {
    /// Creates the folders missing above `path` (a file, or a PNG frame folder); returns a note
    /// for the summary line, like "; created out/renders/", or "" when nothing was created.
    /// Standard output and special files have nothing to create.
    static func prepare(_ path: String) throws -> String {
        guard path != OutputPath.standardOutputName, !OutputNaming.isSpecialFile(path) else { return "" }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty else { return "" }
        if FileManager.default.fileExists(atPath: parent) { return "" }
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw CLIError("cannot create the folder '\(parent)' for \(path): \((error as NSError).localizedDescription)",
                           hint: "check the path and its permissions")
        }
        return "; created \(parent)/"
    }
}
