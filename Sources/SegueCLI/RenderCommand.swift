import ArgumentParser
import Foundation
import SegueEncode

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render scenes to an MP4 video or a folder of PNG frames.",
        discussion: """
        Frame i shows time i/fps, for i = 0 … ceil(duration × fps), so the last frame is the end state. \
        Frames are rendered in parallel; the output is the same bytes on every run. Outputs are written \
        under a temporary name and renamed when complete, so a failed render never leaves a truncated \
        file or a half-filled folder, and an existing output is only replaced by a complete one.

        Without -o, scenes/NAME.yaml goes to out/NAME.mp4 (or out/NAME/ for --format png).

        Examples:
          segue render scenes/flip.yaml -o out/flip.mp4
          segue render scenes/flip.yaml --format png --frames 0-10
          segue render scenes/*.yaml --crf 23
        """)

    @Argument(help: "Scene files (.yaml, .yml or .json).")
    var scenes: [String]

    @Option(name: .shortAndLong, help: "Output file (.mp4) or folder (png). With several scenes, a folder to write them into.")
    var output: String?

    @Option(help: "mp4, png (a folder of frame-0000.png …) or raw (BGRA frames back to back; -o - for stdout). Default: from -o's extension, else mp4.")
    var format: OutputFormat?

    @OptionGroup var sampling: SamplingOptions

    @Option(help: "Only these frames, e.g. 0-10, 12, or 30- (inclusive, 0-based).")
    var frames: FrameRange?

    @Option(help: "H.264 quality: 0 (lossless) … 51; lower is better and larger.")
    var crf: Int = 18

    @Option(help: "Frames rendered at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Draw scripted fingers (interactions and scroll drags) as translucent discs, like the Simulator's Show Touches.")
    var showTouches = false

    @Flag(name: .shortAndLong, help: "No progress bar or summary.")
    var quiet = false

    func validate() throws {
        if !(0 ... 51).contains(crf) { throw ValidationError("--crf must be between 0 and 51, got \(crf).") }
        if jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
        if scenes.count > 1, let output, output.hasSuffix(".mp4") {
            throw ValidationError("-o \(output) names one file, but \(scenes.count) scenes were given; pass a folder.")
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
        if let output, scenes.count == 1 { return output.lowercased().hasSuffix(".mp4") ? .mp4 : (output.contains(".") ? .mp4 : .png) }
        return .mp4
    }

    private func destination(for scenePath: String, format: OutputFormat) -> URL {
        let name = URL(fileURLWithPath: scenePath).deletingPathExtension().lastPathComponent
        let leaf = switch format {
        case .mp4: name + ".mp4"
        case .png: name
        case .raw: name + ".bgra"
        }
        if let output {
            if scenes.count == 1 { return URL(fileURLWithPath: output) }
            return URL(fileURLWithPath: output).appendingPathComponent(leaf)
        }
        return URL(fileURLWithPath: "out").appendingPathComponent(leaf)
    }

    private func renderScene(_ path: String) throws {
        let scene = try sampling.load(path)
        let timeline = Timeline(scene: scene)
        let range = try (frames ?? FrameRange(argument: "0-")!).resolve(frameCount: timeline.frameCount, scene: path)
        let rasterizer = Rasterizer()
        // Check every image once up front, so a bad file fails before any frame is encoded.
        try rasterizer.checkResources(DisplayListBuilder.build(timeline, frame: range.lowerBound))

        let format = resolvedFormat()
        let url = destination(for: path, format: format)
        let width = scene.canvas.pixelWidth, height = scene.canvas.pixelHeight
        let sink: FrameSink = switch format {
        case .mp4: try MP4Writer(url: url, width: width, height: height, fps: scene.canvas.fps, crf: crf)
        case .png: try PNGSequenceWriter(directory: url, startIndex: range.lowerBound)
        case .raw: try RawFrameWriter(path: output ?? url.path + ".bgra")
        }
        let progress = ProgressBar(label: URL(fileURLWithPath: path).lastPathComponent, total: range.count,
                                   enabled: !quiet && Diagnostics.standardErrorIsTerminal)
        let started = Date()
        do {
            var done = 0
            try FramePipeline(timeline: timeline, rasterizer: rasterizer, frames: range, jobs: jobs, showTouches: showTouches).run { _, image in
                try sink.append(image)
                done += 1
                progress.update(done: done)
            }
            try sink.finish()
        } catch {
            sink.cancel()
            progress.finish()
            throw error
        }
        progress.finish()
        let seconds = Date().timeIntervalSince(started)
        Diagnostics.note(String(format: "%@ → %@  (%d frames, %d×%d px, %.2f s of animation, rendered in %.2f s)",
                                path, url.path, range.count, width, height, timeline.duration, seconds), quiet: quiet)
    }
}
