// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueRender
import SegueDisplayList
import SegueRaster
import SegueScene
import SegueTimeline

/// `segue preview`: a small web server for one scene. It serves the page (StudioPage) and a
/// JSON/pixel API, renders frames on demand, watches the scene's files and exports through the
/// shared render path (SegueRender).
public struct StudioOptions: Sendable {
    public var scenePath: String
    /// Where to listen; loopback unless the user says otherwise.
    public var host = "127.0.0.1"
    /// nil: 8640 or the next free port; 0: any free port.
    public var port: Int?
    public var limits = SceneLimits.default
    /// Frames rendered at once by an export.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Where exports go (out/NAME.mp4, out/NAME.gif).
    public var exportFolder = URL(fileURLWithPath: "out")
    public init(scenePath: String) { self.scenePath = scenePath }
}

public enum StudioError: Error, CustomStringConvertible {
    case portInUse(Int), noFreePort(Int), badHost(String)
    public var description: String {
        switch self {
        case .portInUse(let port): "error: port \(port) is in use.\n  hint: pick another with --port, or --port 0 for any free one"
        case .noFreePort(let first): "error: ports \(first)–\(first + 19) are all in use.\n  hint: pick one with --port, or --port 0 for any free one"
        case .badHost(let host): "error: --host \(host) is not an IP address this machine can listen on.\n  hint: use 127.0.0.1 (the default), ::1, 0.0.0.0 or one of this machine's addresses"
        }
    }
}

public final class StudioServer: Sendable {
    public static let defaultPort = 8640
    let options: StudioOptions
    let session: SceneSession
    let frames: FrameStore
    /// Host, Origin and token checks (see AccessGate).
    let gate: AccessGate
    /// The session token beyond loopback, where the printed URL carries it; nil on loopback,
    /// where the page holds it and the user never sees it.
    var token: String? { gate.tokenInQuery ? gate.token : nil }
    let exporter: Exporter
    /// Dumps and plots, one at a time on a short queue of their own (frames have FrameStore's).
    let work = WorkQueue(capacity: 4, name: "segue-inspect")

    public init(options: StudioOptions) {
        self.options = options
        session = SceneSession(path: options.scenePath, limits: options.limits)
        frames = FrameStore(session: session)
        // The first frame (and after each edit, the frame on show) is rendered before it is asked for.
        session.onReload = { [frames] in frames.warm() }
        frames.warm()
        gate = AccessGate(bindHost: options.host, token: AccessGate.randomToken())
        exporter = Exporter(session: session, folder: options.exportFolder, jobs: options.jobs)
    }

    public static func isLoopback(_ host: String) -> Bool {
        host == "127.0.0.1" || host == "::1" || host == "localhost" || host.hasPrefix("127.")
    }

    /// The scene's problem when it first loaded, if any (the server starts anyway: fixing the
    /// file is what the preview is for).
    public var initialProblem: String? { session.snapshot.problem?.text }

    /// Listens, prints the URLs through `announce` (the first is the one to open), and serves
    /// until the process ends.
    public func serve(announce: @escaping @Sendable ([String]) -> Void) throws -> Never {
        let host = options.host == "localhost" ? "127.0.0.1" : options.host
        let port = try choosePort(host: host)
        let handler = StudioHandler(studio: self)
        let listener = StudioListener(limits: HTTPLimits.current()) { await handler.handle($0) }
        let actual: Int
        do {
            actual = try listener.bind(host: host, port: port)
        } catch {
            if "\(error)".contains("in use") || "\(error)".contains("EADDRINUSE") { throw StudioError.portInUse(port) }
            throw StudioError.badHost(options.host)
        }
        // Loopback by name is both 127.0.0.1 and ::1 (browsers try either for `localhost`); when
        // ::1 cannot be had, the gate stops accepting [::1] rather than name a dead address.
        var ipv6Loopback = host == "::1"
        if host == "127.0.0.1" {
            ipv6Loopback = (try? listener.bind(host: "::1", port: actual)) != nil
        }
        gate.listening(on: actual, ipv6Loopback: ipv6Loopback)
        announce(Self.urls(bindHost: host, port: actual, token: token))
        session.startWatching()
        try listener.wait()
        exit(0)
    }

    /// The addresses to print: the bound one, or for a wildcard every address of this machine's
    /// interfaces (others first, then loopback), never 0.0.0.0 or ::, which no one can open.
    static func urls(bindHost: String, port: Int, token: String?) -> [String] {
        var hosts: [String]
        if bindHost == "0.0.0.0" || bindHost == "::" {
            let all = AccessGate.machineAddresses().filter { bindHost == "::" || !$0.contains(":") }
            hosts = all.filter { !isLoopback($0) } + all.filter { isLoopback($0) }
            if hosts.isEmpty { hosts = [bindHost == "::" ? "::1" : "127.0.0.1"] }
        } else {
            hosts = [bindHost]
        }
        return hosts.map { host in
            let shown = host.contains(":") ? "[\(host)]" : host
            return "http://\(shown):\(port)/" + (token.map { "?token=" + $0 } ?? "")
        }
    }

    /// Throws `badHost` unless `host` is an address this machine can listen on.
    public static func checkHost(_ host: String) throws {
        let address = host == "localhost" ? "127.0.0.1" : host
        if !canBind(host: address, port: 0) { throw StudioError.badHost(host) }
    }

    /// `--port N` as given (0: the system picks); otherwise 8640 or the next free one.
    private func choosePort(host: String) throws -> Int {
        try Self.checkHost(host)
        if let port = options.port {
            if port != 0 && !Self.canBind(host: host, port: port) { throw StudioError.portInUse(port) }
            return port
        }
        for port in Self.defaultPort ..< Self.defaultPort + 20 where Self.canBind(host: host, port: port) { return port }
        throw StudioError.noFreePort(Self.defaultPort)
    }

    /// Whether a listening socket could take `port` now (bound with SO_REUSEADDR, as the
    /// server's is, so a port in TIME_WAIT counts as free).
    static func canBind(host: String, port: Int) -> Bool {
        let v6 = host.contains(":")
        let fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if v6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { return false }
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0 }
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return false }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// Runs blocking work (rendering, encoding) off the server's cooperative threads, which are as
/// few as the machine's cores. It gets a thread of its own: on Linux the cooperative threads and
/// Dispatch's global queues share one pool of that width, so two frames rendering there would
/// stall every other request (the long poll that reports an edit among them) until they finish.
func offload<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// Exports the current scene as MP4 or GIF through `RenderJob`, the path `segue render` takes,
/// into the export folder (out/NAME.mp4, out/NAME.gif), one export at a time. A file there that
/// this session did not write (or that changed since it wrote it) is never replaced: the export
/// goes beside it, as NAME-2.gif, NAME-3.gif, …, and the result says which file was kept.
final class Exporter: @unchecked Sendable {
    let session: SceneSession
    let folder: URL
    let jobs: Int
    private let lock = NSLock()
    /// The files this session wrote, as they were right after writing.
    private var written: [String: FileStamp] = [:]

    init(session: SceneSession, folder: URL, jobs: Int) {
        self.session = session; self.folder = folder; self.jobs = jobs
    }

    struct Result: Sendable {
        var path: String; var bytes: Int; var frames: Int; var seconds: Double
        /// The file at the usual name, kept because this session did not write it.
        var keptExisting: String?
    }

    enum Refusal: Error, CustomStringConvertible {
        case sceneHasError(String), noFreeName(String), busy
        var description: String {
            switch self {
            case .sceneHasError(let text): "the scene does not load, so there is nothing current to export:\n" + text
            case .busy: "an export is already running; wait for it to finish"
            case .noFreeName(let path): "\(path) and the names beside it are all taken by files this Studio did not write; move some away"
            }
        }
    }

    /// Where an export of `format` goes: the usual name when it is free or this session's own
    /// file, else the first free (or own) name beside it.
    func destination(format: OutputFormat) throws -> (url: URL, kept: String?) {
        let usual = RenderJob.defaultDestination(scenePath: session.path, format: format, folder: folder)
        if mayWrite(usual) { return (usual, nil) }
        let stem = usual.deletingPathExtension().lastPathComponent, ext = usual.pathExtension
        for n in 2 ... 999 {
            let candidate = folder.appendingPathComponent("\(stem)-\(n)" + (ext.isEmpty ? "" : "." + ext))
            if mayWrite(candidate) { return (candidate, usual.path) }
        }
        throw Refusal.noFreeName(usual.path)
    }

    private func mayWrite(_ url: URL) -> Bool {
        var st = stat()
        // lstat: a link at the name is something the user put there, even when it dangles.
        guard lstat(url.path, &st) == 0 else { return true }
        guard let own = written[url.path] else { return false }
        return FileStamp(path: url.path) == own
    }

    func export(format: OutputFormat) throws -> Result {
        // One export at a time; a second is refused rather than queued behind the first.
        guard lock.try() else { throw Refusal.busy }
        defer { lock.unlock() }
        do {
            let snapshot = session.snapshot
            if let problem = snapshot.problem { throw Refusal.sceneHasError(problem.text) }
            guard let base = snapshot.timeline else { throw Refusal.sceneHasError("no scene") }
            var scene = base.scene
            scene.canvas.fps = RenderJob.frameRate(for: format, sceneFPS: scene.canvas.fps, requestedFPS: nil)
            let timeline = Timeline(scene: scene)
            // The export folder is the Studio's own default place; make it (only it) when missing.
            if !FileManager.default.fileExists(atPath: folder.path) {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            }
            let (url, kept) = try destination(format: format)
            let rasterizer = Rasterizer()
            try rasterizer.checkResources(DisplayListBuilder.build(timeline, frame: 0))
            let sink = try RenderJob.makeSink(format: format, path: url.path, width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight,
                                              fps: scene.canvas.fps, startIndex: 0, settings: EncoderSettings())
            let started = Date()
            try RenderJob.run(timeline: timeline, frames: Array(0 ..< timeline.frameCount), rasterizer: rasterizer, sink: sink, jobs: jobs)
            written[url.path] = FileStamp(path: url.path)
            let bytes = ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int) ?? 0
            return Result(path: url.path, bytes: bytes, frames: timeline.frameCount, seconds: Date().timeIntervalSince(started), keptExisting: kept)
        }
    }
}
