// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueRender
import SegueDisplayList
import SegueEncode
import SegueMetrics
import SegueRaster
import SegueScene
import SegueTimeline

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render scenes to MP4, GIF, WebP, APNG or a folder of PNG frames.",
        usage: "segue render <scenes> ... [-o <output>] [options]",
        discussion: """
        Frame i shows time i/fps up to the end state; the same scene gives the same bytes on every \
        run. Without -o, scenes/NAME.yaml goes to out/NAME.mp4. More in docs/cli.md.

        Examples:
          segue render scenes/flip.yaml -o out/flip.mp4
          segue render scenes/flip.yaml --format png --frames 0-10
          segue render scenes/flip.yaml --width 390 --max-size 800k -o flip.gif
        """)

    @Argument(help: "Scene files (.yaml, .yml or .json).")
    var scenes: [String]

    @OptionGroup(title: "Output") var destination: RenderOutputOptions
    @OptionGroup(title: "Size and frame rate") var sampling: SamplingOptions
    @OptionGroup(title: "Quality") var encoding: RenderQualityOptions
    @OptionGroup(title: "GIF") var gif: RenderGIFOptions
    @OptionGroup(title: "WebP") var webp: RenderWebPOptions

    var output: String? { destination.output }
    var format: OutputFormat? { destination.format }
    var frames: FrameRange? { destination.frames }
    var jobs: Int { destination.jobs ?? ProcessInfo.processInfo.activeProcessorCount }
    var showTouches: Bool { destination.showTouches }
    var quiet: Bool { destination.quiet }
    var quality: QualityPreset? { encoding.quality }
    var crf: Int? { encoding.crf }
    var loop: Int { encoding.loop }
    var gifQuality: Int? { gif.gifQuality }
    var gifStrict: Bool { gif.gifStrict }
    var maxColors: Int { gif.maxColors }
    var maxSize: ByteCount? { gif.maxSize }
    var gifDither: Double? { gif.gifDither }
    var gifPalette: GIFWriter.PaletteStrategy { gif.gifPalette }
    var lossy: Bool { webp.lossy }
    var webpQuality: Int? { webp.webpQuality }

    func validate() throws {
        if let crf, !(0 ... 51).contains(crf) { throw ValidationError("--crf must be between 0 and 51, got \(crf).") }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
        if scenes.count > 1, let output, OutputFormat.fromExtension(of: output) != nil {
            throw ValidationError("-o \(output) names one file, but \(scenes.count) scenes were given; pass a folder.")
        }
        if !(0 ... 65535).contains(loop) { throw ValidationError("--loop must be between 0 (forever) and 65535, got \(loop).") }
        if let gifQuality, !(0 ... 100).contains(gifQuality) { throw ValidationError("--gif-quality must be between 0 and 100, got \(gifQuality).") }
        if let gifDither, !(0 ... 1).contains(gifDither) { throw ValidationError("--gif-dither must be between 0 and 1, got \(gifDither).") }
        if !(2 ... 256).contains(maxColors) { throw ValidationError("--max-colors must be between 2 and 256, got \(maxColors).") }
        if let webpQuality, !(0 ... 100).contains(webpQuality) {
            throw ValidationError("--webp-quality must be between 0 and 100, got \(webpQuality).")
        }
        if webpQuality != nil && !lossy { throw ValidationError("--webp-quality needs --lossy (lossless WebP has no quality setting).") }
        let format = resolvedFormat()
        func only(_ flag: String, _ formats: [OutputFormat], _ used: Bool) throws {
            if used && !formats.contains(format) {
                throw ValidationError("\(flag) applies to \(formats.map(\.rawValue).joined(separator: "/")) output, not \(format.rawValue).")
            }
        }
        try only("--gif-quality", [.gif], gifQuality != nil)
        try only("--crf", [.mp4], crf != nil)
        try only("--max-colors", [.gif], maxColors != 256)
        try only("--gif-dither", [.gif], gifDither != nil)
        try only("--gif-strict", [.gif], gifStrict)
        try only("--quality", [.mp4, .gif, .webp], quality != nil && quality != .lossless)
        if quality != nil {
            for (flag, used) in [("--crf", crf != nil), ("--gif-quality", gifQuality != nil), ("--gif-dither", gifDither != nil),
                                 ("--lossy", lossy), ("--webp-quality", webpQuality != nil)] where used {
                throw ValidationError("--quality and \(flag) both set the encoder's quality: give one of them.")
            }
        }
        try only("--max-size", [.gif], maxSize != nil)
        try only("--gif-palette", [.gif], gifPalette != .auto)
        try only("--lossy", [.webp], lossy)
        try only("--loop", [.gif, .webp, .apng], loop != 0)
        if let output, scenes.count == 1 {
            let isStream = output == OutputPath.standardOutputName || OutputNaming.isSpecialFile(output)
            if isStream && self.format == nil {
                throw ValidationError("-o \(output) is a pipe or device: say which format to stream with --format (gif, apng, webp or raw).")
            }
            if isStream && (format == .mp4 || format == .png) {
                throw ValidationError(format == .mp4
                    ? "-o \(output) is a pipe or device, and an MP4 needs a file it can rewrite (its index goes first).\n  hint: write to a file, or stream --format gif, apng, webp or raw"
                    : "-o \(output) is a pipe or device, and --format png writes a folder.\n  hint: stream --format raw, or give a folder name")
            }
            try OutputNaming.check(output, format: format)
        }
    }

    func run() throws {
        try Diagnostics.failing {
            for path in scenes {
                try renderScene(path)
            }
        }
    }

    private func resolvedFormat() -> OutputFormat {
        if let format { return format }
        if let output, scenes.count == 1 {
            if let byExtension = OutputFormat.fromExtension(of: output) { return byExtension }
            return output.contains(".") ? .mp4 : .png
        }
        return .mp4
    }

    private func frameRate(for format: OutputFormat, scene: Scene) -> Double {
        RenderJob.frameRate(for: format, sceneFPS: scene.canvas.fps, requestedFPS: sampling.fps)
    }

    /// The output path as the user would write it (relative paths stay relative).
    private func destination(for scenePath: String, format: OutputFormat) -> String {
        let leaf = RenderJob.leafName(scenePath: scenePath, format: format)
        if let output {
            if scenes.count == 1 { return output }
            return (output as NSString).appendingPathComponent(leaf)
        }
        // A --frames slice never replaces the whole render at the default name.
        if let frames { return "out/" + Self.sliceName(leaf, frames: frames, format: format) }
        return "out/" + leaf
    }

    /// `flip.mp4` with `--frames 10-20` is `flip-frames-10-20.mp4` (`flip-frames-10-20` for a
    /// PNG folder); commas become underscores: `--frames 6,12,40-` gives `flip-frames-6_12_40-`.
    static func sliceName(_ leaf: String, frames: FrameRange, format: OutputFormat) -> String {
        let tag = "-frames-" + frames.description.replacingOccurrences(of: ",", with: "_")
        if format == .png { return leaf + tag }
        let ext = (leaf as NSString).pathExtension
        return (leaf as NSString).deletingPathExtension + tag + "." + ext
    }

    private func renderScene(_ path: String) throws {
        let scene = try sampling.load(path)
        let format = resolvedFormat()
        if format == .gif, let limit = maxSize?.bytes {
            try renderGIF(path, scene: scene, within: limit)
        } else {
            try render(path, scene: scene, format: format, fps: frameRate(for: format, scene: scene), scale: scene.canvas.scale)
        }
    }

    /// One render at the given frame rate and scale. With `gifLimit`, a GIF over that many bytes
    /// is not written: `AnimatedImageError.sizeLimitUnreachable` says how small it got (below
    /// `qualityFloor`, quality and colours are not lowered). Returns the file's size.
    @discardableResult
    func render(_ path: String, scene loaded: Scene, format: OutputFormat, fps requestedFPS: Double, scale: Double,
                        gifLimit: Int? = nil, qualityFloor: Int = 0, fitted: String = "",
                        search: (attempt: Int, started: Date)? = nil) throws -> Int {
        var scene = loaded
        scene.canvas.fps = requestedFPS
        scene.canvas.scale = scale
        let timeline = Timeline(scene: scene)
        let range = try (frames ?? FrameRange(argument: "0-")!).resolve(frameCount: timeline.frameCount, scene: path)
        try sampling.limits.values.checkRender(scene, frames: range.count, width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight)
        let rasterizer = Rasterizer()
        // Check every image once up front, so a bad file fails before any frame is encoded.
        try rasterizer.checkResources(DisplayListBuilder.build(timeline, frame: range[0]))

        let target = destination(for: path, format: format)
        let created = try OutputFolders.prepare(target)
        let url = URL(fileURLWithPath: output == OutputPath.standardOutputName ? "/dev/stdout" : target)
        let width = scene.canvas.pixelWidth, height = scene.canvas.pixelHeight
        let fps = scene.canvas.fps
        let settings = quality?.settings ?? QualityPreset.defaults
        var encoder = EncoderSettings()
        encoder.crf = crf ?? settings.crf
        encoder.gif = .init(quality: gifQuality ?? settings.gifQuality, maxColors: maxColors, loop: loop, maxBytes: gifLimit,
                            palette: gifPalette, dithering: gifDither ?? settings.gifDither,
                            qualityFloor: min(qualityFloor, gifQuality ?? settings.gifQuality), strict: gifStrict)
        encoder.gif.concurrent = jobs > 1
        encoder.animatedImage = .init(loop: loop, lossy: lossy || settings.webpLossyQuality != nil,
                                      quality: webpQuality ?? settings.webpLossyQuality ?? AnimatedImageWriter.Options.defaultWebPQuality)
        let sinkPath = format == .raw && output == OutputPath.standardOutputName ? OutputPath.standardOutputName : url.path
        let sink = try RenderJob.makeSink(format: format, path: sinkPath, width: width, height: height, fps: fps,
                                          startIndex: range[0], frameNumbers: range, settings: encoder)
        let progress = ProgressBar(label: URL(fileURLWithPath: path).lastPathComponent, total: range.count,
                                   mode: ProgressBar.mode(quiet: quiet))
        if let gif = sink as? GIFWriter { gif.progress = { phase, fraction in progress.update(phase: phase, fraction: fraction) } }
        let started = Date()
        do {
            var done = 0
            try RenderJob.run(timeline: timeline, frames: range, rasterizer: rasterizer, sink: sink, jobs: jobs, showTouches: showTouches,
                              willAppend: { index in try FaultInjection.failIfRequested(frame: index, path: url.path) },
                              didAppend: { index in
                                  FaultInjection.pauseIfRequested(.afterFrame(index))
                                  done += 1
                                  progress.update(done: done)
                              })
        } catch {
            progress.finish()
            throw error
        }
        progress.finish()
        let seconds = Date().timeIntervalSince(started)
        var details = ""
        if let gif = sink as? GIFWriter, let summary = gif.summary {
            // "every frame SSIMULACRA2 ≥ 90", or "SSIMULACRA2 ≥ 90 on 52 of 60 frames, 8 stopped below (worst 84.1)"
            let q = summary.quality, below = summary.framesBelowTarget
            let quality = !summary.perceptual ? "quality \(q) (libimagequant)"
                : below == 0 ? "quality \(q): every frame SSIMULACRA2 ≥ \(q)"
                : String(format: "quality %d: SSIMULACRA2 ≥ %d on %d of %d frames, %d stopped below (worst %.1f)",
                         q, q, summary.frames.count - below, summary.frames.count, below, summary.worstScore ?? 0)
            details = String(format: "; %.0f fps, %@ palette, %@, %d colours at most, %d bytes",
                             fps, summary.palette, quality, summary.colors, summary.bytes)
        } else if format == .webp || format == .apng {
            details = String(format: "; %.0f fps", fps)
        }
        if let search {
            // --max-size: the whole command's time, not only the attempt that fitted.
            details += String(format: "; attempt %d of the --max-size search, %.2f s in all", search.attempt,
                              Date().timeIntervalSince(search.started))
        }
        let shown = output == OutputPath.standardOutputName ? "standard output" : target
        Diagnostics.note(String(format: "%@ → %@  (%d frames, %d×%d px, %.2f s of animation, rendered in %.2f s%@%@)%@",
                                path, shown, range.count, width, height, timeline.duration, seconds, details, created, fitted),
                         quiet: quiet)
        return ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int) ?? 0
    }
}

extension RenderCommand {
    /// `--max-size` for a GIF: `GIFSizeFitting`'s search, each candidate rendered by `render`.
    func renderGIF(_ path: String, scene: Scene, within limit: Int) throws {
        let requestedFPS = GIFTiming.frameRate(requested: sampling.fps)
        let candidates = GIFSizeFitting.candidates(pixelWidth: scene.canvas.pixelWidth, canvasWidth: scene.canvas.size.width,
                                                   canvasHeight: scene.canvas.size.height, requestedFPS: requestedFPS) { fps in
            var copy = scene
            copy.canvas.fps = fps
            let count = Timeline(scene: copy).frameCount
            return (try? (frames ?? FrameRange(argument: "0-")!).resolve(frameCount: count, scene: path).count) ?? count
        }
        let started = Date()
        var attempt = 0
        do {
            try GIFSizeFitting.fit(path, candidates: candidates, within: limit) { candidate, qualityFloor, note in
                attempt += 1
                let attemptStarted = Date()
                do {
                    try render(path, scene: scene, format: .gif, fps: candidate.fps, scale: candidate.scale, gifLimit: limit,
                               qualityFloor: qualityFloor, fitted: note, search: (attempt, started))
                } catch {
                    // Each attempt that did not fit gets a line, so the time a search takes is accounted for.
                    guard case let AnimatedImageError.sizeLimitUnreachable(_, _, bytes, quality, colors) = error else { throw error }
                    Diagnostics.note(String(format: "%@: attempt %d at %@: %d bytes at quality %d, %d colours, over --max-size %d (%.2f s)",
                                            path, attempt, candidate.flags, bytes, quality, colors, limit,
                                            Date().timeIntervalSince(attemptStarted)), quiet: quiet)
                    throw error
                }
            }
        } catch let unreachable as GIFSizeFitting.Unreachable {
            throw CLIError(unreachable.message + String(format: " (%.2f s)", Date().timeIntervalSince(started)), hint: unreachable.hint)
        }
    }
}

/// `render`'s options in the groups its --help shows; the full descriptions are in docs/cli.md.
struct RenderOutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "A file (.mp4 .gif .webp .apng), PNG folder, or -.")
    var output: String?

    @Option(help: ArgumentHelp("Default: from -o's extension, else mp4.", valueName: "format"))
    var format: OutputFormat?

    @Option(help: "Only these frames (from 0), e.g. 0-10,12,30-.")
    var frames: FrameRange?

    @Option(help: ArgumentHelp("Frames rendered at once. (default: the cores)", valueName: "n"))
    var jobs: Int?

    @Flag(help: "Draw scripted fingers as discs, like Show Touches.")
    var showTouches = false

    @Flag(help: "No progress or summary. (-q is --quality here.)")
    var quiet = false
}

struct RenderQualityOptions: ParsableArguments {
    // -q is quality here, as in Manim's -ql/-qh: the one setting a README-sized render needs.
    @Option(name: [.customShort("q"), .long], help: ArgumentHelp("low, medium, high or lossless, for every format.", valueName: "level"))
    var quality: QualityPreset?

    @Option(help: ArgumentHelp("MP4: H.264 CRF 0 (lossless) … 51. (default: 18)", valueName: "n"))
    var crf: Int?

    @Option(help: ArgumentHelp("Times to play (GIF, WebP, APNG); 0: forever.", valueName: "n"))
    var loop: Int = 0
}

struct RenderGIFOptions: ParsableArguments {
    @Option(help: ArgumentHelp("SSIMULACRA2 target 0…100 per frame. (default: 90)", valueName: "q"))
    var gifQuality: Int?

    @Flag(help: "Climb to 256 dithered colours at any cost.")
    var gifStrict = false

    @Option(help: ArgumentHelp("Colours per palette, 2…256.", valueName: "n"))
    var maxColors: Int = 256

    @Option(help: ArgumentHelp("At most this many bytes (k and M suffixes).", valueName: "bytes"))
    var maxSize: ByteCount?

    @Option(help: ArgumentHelp("Dithering 0…1 where a frame needs it. (default: 1)", valueName: "level"))
    var gifDither: Double?

    @Option(help: ArgumentHelp("Palette per animation or per frame.", valueName: "mode"))
    var gifPalette: GIFWriter.PaletteStrategy = .auto
}

struct RenderWebPOptions: ParsableArguments {
    @Flag(help: "Lossy (VP8) frames instead of lossless ones.")
    var lossy = false

    @Option(help: ArgumentHelp("Quality 0…100 with --lossy.", valueName: "q"))
    var webpQuality: Int?
}
