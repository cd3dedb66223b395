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
        abstract: "Render scenes to an MP4 video, an animated GIF, WebP or APNG, or a folder of PNG frames.",
        discussion: """
        Frame i shows time i/fps, for i = 0 … ceil(duration × fps), so the last frame is the end state. \
        Frames are rendered in parallel; the output is the same bytes on every run.

        Your files are safe (docs/reliability.md): outputs are written under a temporary name, \
        synced and renamed when complete, so a failed, interrupted (Ctrl-C exits 130, SIGTERM 143) \
        or killed render leaves the previous output as it was and no temporary files. An output that \
        is an input (the scene, a contents image), by any name or link, is refused, as is an \
        extension that contradicts the format. -o -, /dev/null, a FIFO or a terminal is written into \
        as a stream (GIF, WebP, APNG, raw; MP4 needs a file). A symlink is written through to its \
        target. Two renders of one output wait for each other.

        Without -o, scenes/NAME.yaml goes to out/NAME.mp4 (or out/NAME/ for --format png, \
        out/NAME.gif, .webp or .apng for those formats).

        Animated images loop forever unless --loop says how many times to play. GIFs are rendered \
        at 50 fps unless --fps is lower (browsers slow down GIF frames shorter than 2 cs); each \
        frame is drawn with the animation's global palette where that keeps it at --gif-quality on \
        SSIMULACRA2 (frames up to 120,000 px), else with the fewest-colour palette of its own (libimagequant) that does, \
        checked by the encoder as the viewer will see it; room left above the target goes to \
        lossy LZW, and frames after the first store only what changed. WebP is lossless \
        unless --lossy; WebP and APNG use the scene's frame rate, at most 60 fps.

        Examples:
          segue render scenes/flip.yaml -o out/flip.mp4
          segue render scenes/flip.yaml --format png --frames 0-10
          segue render scenes/flip.yaml --format png --frames 6,12,40-   # frames 6, 12 and 40 to the end
          segue render scenes/*.yaml --crf 23
          segue render scenes/flip.yaml -o flip.gif --max-size 2M
          segue render scenes/flip.yaml -o flip.webp --lossy --webp-quality 85
          segue render scenes/preset-zoomGallery.yaml --show-touches   # both fingers of each pinch
        """)

    @Argument(help: "Scene files (.yaml, .yml or .json).")
    var scenes: [String]

    @Option(name: .shortAndLong, help: "Output file (.mp4, .gif, .webp, .apng) or folder (png); - for standard output. With several scenes, a folder to write them into.")
    var output: String?

    @Option(help: "mp4, gif, webp, apng, png (a folder of frame-0000.png …) or raw (BGRA frames back to back; -o - for stdout). Default: from -o's extension, else mp4.")
    var format: OutputFormat?

    @OptionGroup var sampling: SamplingOptions

    @Option(help: "Only these frames (0-based): ranges like 0-10, frames like 12, open ranges like 30-, comma-separated, e.g. 0-10,12,30-.")
    var frames: FrameRange?

    // -q is quality here, as in Manim's -ql/-qh: the one setting a README-sized render needs.
    @Option(name: [.customShort("q"), .long], help: ArgumentHelp(QualityPreset.helpText, valueName: "level"))
    var quality: QualityPreset?

    @Option(help: "H.264 quality: 0 (lossless) … 51; lower is better and larger. (default: 18)")
    var crf: Int?

    @Option(help: ArgumentHelp("GIF, WebP, APNG: how many times the animation plays; 0 repeats forever.", valueName: "n"))
    var loop: Int = 0

    @Option(help: ArgumentHelp("GIF quality 0…100 on the SSIMULACRA2 scale (90: visually lossless, 80: high, 70: good): every frame scores at least this wherever a 256-colour frame can, drawn with the animation's global palette where that reaches it, else with a palette of its own and as few colours as that needs. A frame that cannot reach it (a photo under a translucent overlay, for one) climbs the palette ladder only while each rung gains at least 0.5 points per extra kilobyte, unless --gif-strict; the summary says how many frames stopped below and the worst score. 100: exact, libimagequant's best palettes. (default: 90)", valueName: "q"))
    var gifQuality: Int?

    @Flag(help: "GIF: a frame that cannot reach --gif-quality climbs to the top of the palette ladder (256 colours, dithered) whatever each rung costs, instead of stopping where a rung gains less than 0.5 SSIMULACRA2 points per extra kilobyte. Larger files where no 256-colour frame reaches the quality.")
    var gifStrict = false

    @Option(help: ArgumentHelp("GIF colours per palette, 2…256, counting the transparent entry that unchanged pixels use.", valueName: "n"))
    var maxColors: Int = 256

    @Option(help: ArgumentHelp("GIF: at most this many bytes (k and M suffixes: ×1000, ×1000000). The frame rate (50, 33, 25, 20 fps) and the frame size (down to 320 px wide) come down first, then the GIF quality (down to \(GIFSizeFitting.quality)); if even that does not fit, nothing is written and the error says what would.", valueName: "bytes"))
    var maxSize: ByteCount?

    @Option(help: ArgumentHelp("GIF dithering level 0…1 (libimagequant's edge-aware Floyd–Steinberg) for the frames that need it: below quality 100 each palette is tried undithered first, and dithered only if the frame then falls short; 0 never dithers. (default: 1)", valueName: "level"))
    var gifDither: Double?

    @Option(help: ArgumentHelp("GIF palette strategy: auto (encode both ways, keep the smaller file), shared, per-frame.", valueName: "strategy"))
    var gifPalette: GIFWriter.PaletteStrategy = .auto

    @Flag(help: "WebP: lossy (VP8) frames instead of lossless ones.")
    var lossy = false

    @Option(help: ArgumentHelp("WebP quality 0…100 with --lossy.", valueName: "q"))
    var webpQuality: Int?

    @Option(help: "Frames rendered at once, and at 2 or more, GIF encoding on two cores (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Draw scripted fingers (interactions, scroll drags, both fingers of a pinch, taps) as translucent discs, like the Simulator's Show Touches.")
    var showTouches = false

    @Flag(help: "No progress bar or summary. (-q is --quality in render.)")
    var quiet = false

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
