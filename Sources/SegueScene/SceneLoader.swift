// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams

/// Reads scene files (format v1, YAML or JSON) into a validated `Scene`.
///
/// Both entry points use typed throws: the only error they can throw is `SceneError`, and the
/// first problem in file order is the one reported. They never trap on any input: the text is
/// checked for absurd nesting before Yams sees it, the parse runs on its own thread with a stack
/// sized for the deepest nesting the text could possibly hold (see `NestingCheck`), every
/// number is checked for range before it is used, and the amount of work (including YAML alias
/// expansion) is bounded. They are safe to call from several threads at once.
public enum SceneLoader {
    /// Scene files larger than this are refused before parsing (a hand-written scene is a few kB).
    public static let maximumFileSize = 16 << 20
    /// Files nested deeper than this (as estimated by a lexical pre-check) are refused.
    static let maximumNesting = 1000

    /// Reads and parses the scene file at `path`. `path` is used verbatim in error locations
    /// and as `Scene.file`; relative image paths are resolved against the file's directory.
    /// `limits` bound what the scene may make Segue allocate (`SceneLimits`).
    ///
    /// `expander` rewrites the YAML tree before it is decoded: the next stage, SeguePresets,
    /// passes its preset expansion (and its own `load(path:limits:)` is what front ends call).
    package static func load(path: String, limits: SceneLimits = .default, expander: TreeExpander?) throws(SceneError) -> Scene {
        let text = try readText(path: path)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try parse(text, file: path, baseDirectory: directory, limits: limits, expander: expander)
    }

    /// A rewrite of the scene's YAML tree before decoding (presets, Swift animators): the tree,
    /// the file name and text for locations, and the directory relative paths start from.
    /// Warnings it appends are reported with the decoder's, in file order. Files it reads (a
    /// Swift animator) are appended to `readFiles`, which becomes `Scene.readFiles`; when it
    /// throws, it puts them in the error's `readFiles` itself.
    package typealias TreeExpander = (_ root: Node?, _ file: String, _ source: String, _ baseDirectory: String,
                                      _ warnings: inout [SceneWarning], _ readFiles: inout [String]) throws(SceneError) -> Node?

    /// Parses scene text. `file` is used verbatim in error locations and as `Scene.file`;
    /// `baseDirectory` is where relative `contents` image paths are resolved from (a relative
    /// `baseDirectory` is taken relative to the current directory).
    package static func parse(_ text: String, file: String, baseDirectory: String, limits: SceneLimits = .default,
                              expander: TreeExpander?) throws(SceneError) -> Scene {
        let base = URL(fileURLWithPath: baseDirectory.isEmpty ? "." : baseDirectory).standardizedFileURL.path
        var source = text
        if source.unicodeScalars.first == "\u{FEFF}" { source.unicodeScalars.removeFirst() }
        if let excess = NestingCheck.firstExcess(in: source, limit: maximumNesting) {
            throw SceneError(.syntax, at: SourceLocation(file: file, line: excess.line, column: excess.column),
                             "the file nests lists and maps more than \(maximumNesting) levels deep here",
                             suggestion: "a scene never needs this much nesting; check for unbalanced '[' or '{'")
        }
        if let slip = FlowCommentCheck.firstUnquotedColour(in: source) {
            throw SceneError(.syntax, at: SourceLocation(file: file, line: slip.line, column: slip.column),
                             "an unquoted '\(slip.colour)' inside { } or [ ] starts a YAML comment, which hides the rest of the line",
                             suggestion: "quote the colour: \"\(slip.colour)\"")
        }
        let input = source
        // Sound protection: the stack is large enough for the deepest nesting the text could
        // possibly hold (see NestingCheck.structuralBound).
        let bound = NestingCheck.structuralBound(of: source)
        let stack = bound >= (maximumStackSize - baseStackSize) / stackPerLevel ? maximumStackSize : baseStackSize + bound * stackPerLevel
        let result = onLargeStack(bytes: stack) { () -> Result<Scene, SceneError> in
            var readFiles: [String] = []
            do throws(SceneError) {
                var presetWarnings: [SceneWarning] = []
                var root = try compose(input, file: file)
                if let expander { root = try expander(root, file, input, base, &presetWarnings, &readFiles) }
                let decoder = SceneDecoder(file: file, baseDirectory: base, source: input)
                var scene = try decoder.decodeScene(root)
                scene.readFiles = readFiles
                // One list in file order: the presets' warnings (old parameter names) and the decoder's.
                scene.warnings = (presetWarnings + scene.warnings).enumerated().sorted { a, b in
                    (a.element.location.line, a.element.location.column, a.offset) < (b.element.location.line, b.element.location.column, b.offset)
                }.map(\.element)
                return .success(scene)
            } catch {
                var failure = error
                for path in readFiles where !failure.readFiles.contains(path) { failure.readFiles.append(path) }
                return .failure(failure)
            }
        }
        var scene = try result.get()
        try limits.check(scene)
        applyImageLimit(limits.imagePixels, to: &scene.layers)
        return scene
    }

    /// Hands the image size limit to the raster stage, which checks each file's header again
    /// right before decoding it (the file may have changed since it was loaded).
    private static func applyImageLimit(_ pixels: Int, to layers: inout [LayerSpec]) {
        for i in layers.indices {
            layers[i].contents?.maximumPixels = pixels
            applyImageLimit(pixels, to: &layers[i].sublayers)
        }
    }

    // MARK: - Reading the file

    package static func readText(path: String) throws(SceneError) -> String {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard !path.isEmpty else {
            throw SceneError(.io, at: nil, "no scene file was given (the path is empty)")
        }
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
            let cwd = fm.currentDirectoryPath
            throw SceneError(.io, at: nil, "cannot read scene file '\(path)': no such file",
                             suggestion: path.hasPrefix("/") ? "check the path" : "check the path; it is relative to the current directory \(cwd)")
        }
        if isDirectory.boolValue {
            throw SceneError(.io, at: nil, "cannot read scene file '\(path)': it is a directory",
                             suggestion: "give the path of a .yaml or .json file inside it")
        }
        guard fm.isReadableFile(atPath: path) else {
            throw SceneError(.io, at: nil, "cannot read scene file '\(path)': permission denied",
                             suggestion: "check the file's permissions")
        }
        if let size = (try? fm.attributesOfItem(atPath: path))?[.size] as? NSNumber, size.int64Value > Int64(maximumFileSize) {
            throw SceneError(.io, at: nil, "scene file '\(path)' is \(size.int64Value / 1_048_576) MB; scene files are limited to \(maximumFileSize >> 20) MB",
                             suggestion: "images belong in separate files, referenced with 'contents:'")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SceneError(.io, at: nil, "cannot read scene file '\(path)': \(describe(error))")
        }
        if data.count > maximumFileSize {
            throw SceneError(.io, at: nil, "scene file '\(path)' is larger than \(maximumFileSize >> 20) MB")
        }
        return try decodeText(data, file: path)
    }

    private static func describe(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let message = strerror(Int32(underlying.code)) {
            return String(cString: message)
        }
        return ns.localizedDescription
    }

    /// UTF-8 (with or without a byte-order mark) or UTF-16 with a byte-order mark.
    static func decodeText(_ data: Data, file: String) throws(SceneError) -> String {
        let bytes = [UInt8](data)
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            if let text = String(data: data, encoding: .utf16) { return text }
            throw SceneError(.syntax, at: SourceLocation(file: file, line: 1, column: 1),
                             "the file starts with a UTF-16 byte-order mark but is not valid UTF-16",
                             suggestion: "save the file as UTF-8")
        }
        // Validate UTF-8 by hand so the error can say where the bad byte is.
        var line = 1, column = 1
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length: Int
            switch b {
            case 0x00 ... 0x7F: length = 1
            case 0xC2 ... 0xDF: length = 2
            case 0xE0 ... 0xEF: length = 3
            case 0xF0 ... 0xF4: length = 4
            default: length = 0
            }
            var valid = length > 0 && i + length <= bytes.count
            if valid, length > 1 {
                for k in 1 ..< length where bytes[i + k] & 0xC0 != 0x80 { valid = false }
                if valid {
                    let b1 = bytes[i + 1]
                    if b == 0xE0 && b1 < 0xA0 || b == 0xED && b1 > 0x9F || b == 0xF0 && b1 < 0x90 || b == 0xF4 && b1 > 0x8F {
                        valid = false
                    }
                }
            }
            guard valid else {
                let hex = String(b, radix: 16, uppercase: true)
                throw SceneError(.syntax, at: SourceLocation(file: file, line: line, column: column),
                                 "the file is not UTF-8 text: byte 0x\(hex.count == 1 ? "0" + hex : hex) here cannot start or continue a UTF-8 character",
                                 suggestion: "save the scene as UTF-8")
            }
            if b == 0x0A { line += 1; column = 1 } else { column += 1 }
            i += length
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Parsing

    /// Stack for the parse thread: a base plus this much per possible nesting level, capped.
    /// Yams uses about 1.3 kB per level in debug builds and 1.7 kB in release builds; under
    /// ThreadSanitizer (scripts/sanitize) frames are several times larger, and 4 kB per level
    /// overflowed. Unused stack is only reserved address space, so the margin costs nothing.
    static let baseStackSize = 8 << 20
    static let stackPerLevel = 16 << 10
    static let maximumStackSize = 2 << 30

    /// Runs `body` on a new thread with a stack of `bytes` (address space; pages are only
    /// used as the recursion reaches them), waiting for it. If the system refuses a stack that
    /// size, smaller ones are tried, and finally the calling thread is used.
    package static func onLargeStack<T>(bytes: Int, _ body: @escaping () -> T) -> T {
        #if os(Linux)
        let job = StackJob(body)
        var size = bytes
        while size >= baseStackSize {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            if pthread_attr_setstacksize(&attributes, size) == 0 {
                var thread = pthread_t()
                let context = Unmanaged.passRetained(job as StackJobBase)
                let created = pthread_create(&thread, &attributes, { raw in
                    guard let raw else { return nil }
                    Unmanaged<StackJobBase>.fromOpaque(raw).takeRetainedValue().run()
                    return nil
                }, context.toOpaque())
                if created == 0 {
                    pthread_join(thread, nil)
                    if let result = job.result { return result }
                    break
                }
                context.release()
            }
            size /= 2
        }
        return body()
        #else
        let job = StackJob(body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { job.run(); done.signal() }
        thread.stackSize = min(bytes, 1 << 30)
        thread.start()
        done.wait()
        return job.result ?? body()
        #endif
    }

    /// Yams' node tree for the text, or nil for an empty document.
    package static func compose(_ text: String, file: String) throws(SceneError) -> Node? {
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw SyntaxErrors.translate(error, file: file, text: text)
        } catch {
            throw SceneError(.syntax, at: SourceLocation(file: file, line: 1, column: 1), "the file could not be parsed: \(error)")
        }
    }
}

/// The work handed to the large-stack thread. The caller reads `result` only after joining
/// the thread, which orders the accesses.
class StackJobBase: @unchecked Sendable {
    func run() {}
}

final class StackJob<T>: StackJobBase, @unchecked Sendable {
    private let body: () -> T
    private(set) var result: T?
    init(_ body: @escaping () -> T) { self.body = body }
    override func run() { result = body() }
}
