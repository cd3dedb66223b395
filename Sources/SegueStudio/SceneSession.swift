// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueRender
import SegueEncode
import SegueScene
import SegueTimeline
import SeguePresets

/// A scene error as the page shows it: where, what, and what to do.
struct SceneProblem: Sendable, Equatable {
    var file: String?
    var line: Int?
    var column: Int?
    var message: String
    var hint: String?
    /// The whole diagnostic as the command line prints it.
    var text: String
    /// The lines around the place, numbered, with a caret under the column (empty when the
    /// file cannot be read).
    var excerpt: String?
    /// Files besides the scene that the failed load had read (to keep watching them).
    var readFiles: [String] = []

    init(_ error: Error) {
        if let e = error as? SceneError {
            file = e.location?.file; line = e.location?.line; column = e.location?.column
            message = e.message; hint = e.suggestion; text = e.description
            readFiles = e.readFiles
            if let file, let line { excerpt = Self.excerpt(file: file, line: line, column: column ?? 1) }
        } else {
            let description = String(describing: error)
            // Other errors carry their location and hint in their text, one diagnostic a line.
            var lines = description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let hintLine = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("hint:") }
            hint = hintLine.map { lines[$0].trimmingCharacters(in: .whitespaces).dropFirst(5).trimmingCharacters(in: .whitespaces) }
            if let hintLine { lines.remove(at: hintLine) }
            message = lines.joined(separator: "\n")
            text = description
        }
    }

    /// Up to two lines before `line` and the line itself, numbered, then a caret under `column`
    /// (counted in characters, as the locations are).
    static func excerpt(file: String, line: Int, column: Int) -> String? {
        guard line >= 1, let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size <= 4 << 20,
              let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        guard line <= lines.count else { return nil }
        let width = String(line).count
        func number(_ n: Int) -> String { String(repeating: " ", count: width - String(n).count) + String(n) }
        var out: [String] = []
        for n in max(1, line - 2) ... line { out.append("\(number(n)) | \(lines[n - 1])") }
        let target = lines[line - 1]
        // Tabs before the column stay tabs, so the caret lines up however the page shows them.
        let lead = target.prefix(max(0, column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
        out.append(String(repeating: " ", count: width) + " | " + lead + "^")
        return out.joined(separator: "\n")
    }
}

/// The scene being previewed: the last version that loaded, the current error (if the file
/// on disk does not load), and the files to watch. Every change, good or bad, bumps `version`,
/// which the page waits on. Thread-safe.
final class SceneSession: @unchecked Sendable {
    struct Snapshot: Sendable {
        var version: Int
        /// The last scene that loaded, at the file's own scale; nil until one has.
        var timeline: Timeline?
        var problem: SceneProblem?
        var watched: [String]
        /// The Swift files the scene read, as they were when it loaded (the source pane's text),
        /// by path; a file larger than the pane takes is missing.
        var sources: [String: Data] = [:]
    }

    let path: String
    let limits: SceneLimits
    private let lock = NSLock()
    private var state: Snapshot
    private var stamps: [String: FileStamp?] = [:]
    /// Timelines of the current version at other scales (the page's device pixel ratio).
    private var scaled: [Double: Timeline] = [:]
    /// Called (on the reloading thread) after every reload, good or bad.
    var onReload: (@Sendable () -> Void)?

    init(path: String, limits: SceneLimits) {
        self.path = path
        self.limits = limits
        state = Snapshot(version: 0, timeline: nil, problem: nil, watched: [path])
        reload()
    }

    var snapshot: Snapshot { lock.withLock { state } }

    /// Loads the file again. A scene that fails keeps the last good one on show.
    func reload() {
        let result: Result<Scene, Error>
        var sources: [String: Data] = [:]
        do {
            let scene = try SceneLoader.load(path: path, limits: limits)
            // Inputs are never written over, by an export or anything else in this process.
            for file in scene.inputFiles { ProtectedInputs.add(file, role: scene.role(ofInput: file)) }
            // The source pane shows these bytes, taken now, as the scene loaded; a request never
            // reads a file. A file changed since the importer read it reloads the scene anyway.
            for file in StudioSources.files(scene) { sources[file] = StudioSources.capture(file) }
            result = .success(scene)
        } catch {
            result = .failure(error)
        }
        lock.withLock {
            switch result {
            case .success(let scene):
                state.timeline = Timeline(scene: scene)
                state.problem = nil
                state.watched = scene.inputFiles
                state.sources = sources
                scaled = [:]
            case .failure(let error):
                let problem = SceneProblem(error)
                state.problem = problem
                // The pane shows the Swift file that failed as it is now, so its error line can be marked.
                if let scene = state.timeline?.scene {
                    let listed = Set(StudioSources.files(scene))
                    for file in problem.readFiles + [problem.file].compactMap({ $0 }) {
                        let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
                        for candidate in [file, absolute] where listed.contains(candidate) { state.sources[candidate] = StudioSources.capture(candidate) }
                    }
                }
                // Keep watching what the last good version read, and add what this attempt read,
                // so that fixing any of them (the scene or its Swift animator) reloads.
                if !state.watched.contains(path) { state.watched.insert(path, at: 0) }
                for file in problem.readFiles where !state.watched.contains(file) { state.watched.append(file) }
            }
            state.version += 1
            stamps = Dictionary(uniqueKeysWithValues: state.watched.map { ($0, FileStamp(path: $0)) })
        }
        onReload?()
    }

    /// Reports a problem found after loading (an image that cannot be decoded, say).
    func report(_ error: Error, version: Int) {
        lock.withLock {
            guard state.version == version, state.problem == nil else { return }
            state.problem = SceneProblem(error)
            state.version += 1
        }
    }

    /// Reloads when any watched file changed (or appeared, or went away). Returns whether it did.
    @discardableResult
    func reloadIfChanged() -> Bool {
        let current = lock.withLock { stamps }
        let changed = current.contains { path, stamp in FileStamp(path: path) != stamp }
        if changed { reload() }
        return changed
    }

    /// The current timeline rendered at `scale` pixels per point, with the version it belongs to.
    func timeline(scale: Double) -> (Timeline, Int)? {
        lock.withLock {
            guard let base = state.timeline else { return nil }
            if base.canvas.scale == scale { return (base, state.version) }
            if let timeline = scaled[scale] { return (timeline, state.version) }
            var scene = base.scene
            scene.canvas.scale = scale
            let timeline = Timeline(scene: scene)
            scaled[scale] = timeline
            return (timeline, state.version)
        }
    }

    /// Polls the watched files on a background thread. Polling (every 100 ms) notices edits by
    /// editors that replace the file (write to a temporary name and rename) as well as in-place
    /// writes, and needs no platform API.
    func startWatching(interval: TimeInterval = 0.1) {
        Thread.detachNewThread { [self] in
            while true {
                Thread.sleep(forTimeInterval: interval)
                reloadIfChanged()
            }
        }
    }
}

/// What tells one version of a file from the next: inode, size and modification time (to the
/// nanosecond); nil for a file that does not exist.
struct FileStamp: Equatable, Sendable {
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int

    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
        seconds = Int(st.st_mtim.tv_sec)
        nanoseconds = Int(st.st_mtim.tv_nsec)
    }
}
