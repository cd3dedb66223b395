// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueEncode
import SegueRaster
import SegueTimeline

/// What a render writes.
public enum OutputFormat: String, CaseIterable, Sendable {
    case mp4, png
    /// Concatenated premultiplied BGRA frames (`-o -` for standard output).
    case raw
    /// Animated images (one file each).
    case gif, webp, apng

    /// The format a file name's extension asks for, if any.
    public static func fromExtension(of path: String) -> OutputFormat? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "mp4": .mp4
        case "gif": .gif
        case "webp": .webp
        case "apng": .apng
        default: nil
        }
    }

    /// Whether the format is one file per scene (rather than a folder or a stream).
    public var isSingleFile: Bool { self == .mp4 || self == .gif || self == .webp || self == .apng }
}

/// The encoder settings of one render; the defaults are `segue render`'s.
public struct EncoderSettings: Sendable {
    /// H.264 quality, 0 (lossless) … 51.
    public var crf = 18
    public var gif = GIFWriter.Options()
    /// WebP and APNG (APNG uses only `loop`).
    public var animatedImage = AnimatedImageWriter.Options()
    public init() {}
}

/// The one render path of every front end (`segue render`, the Studio's export button): the
/// frame rate a format is rendered at, where an output goes by default, the encoder for a
/// format, and frames rendered in parallel into it. Outputs go through SegueEncode's writers,
/// so they follow the output rules (temporary file, renamed when complete; inputs refused).
public enum RenderJob {
    /// The frame rate a format is rendered at: GIF at 50 fps unless `requestedFPS` is lower;
    /// WebP and APNG at the scene's rate, at most 60 (browsers show frames shorter than 11 ms
    /// for 100 ms); other formats as the scene says.
    public static func frameRate(for format: OutputFormat, sceneFPS: Double, requestedFPS: Double?) -> Double {
        switch format {
        case .gif: GIFTiming.frameRate(requested: requestedFPS)
        case .webp, .apng: min(sceneFPS, 60)
        default: sceneFPS
        }
    }

    /// The file (or folder, for PNG frames) a scene renders into without `-o`: scenes/NAME.yaml
    /// goes to `folder`/NAME.mp4, NAME/, NAME.bgra, NAME.gif, NAME.webp or NAME.apng.
    public static func defaultDestination(scenePath: String, format: OutputFormat, folder: URL = URL(fileURLWithPath: "out")) -> URL {
        folder.appendingPathComponent(leafName(scenePath: scenePath, format: format))
    }

    public static func leafName(scenePath: String, format: OutputFormat) -> String {
        let name = URL(fileURLWithPath: scenePath).deletingPathExtension().lastPathComponent
        return switch format {
        case .mp4: name + ".mp4"
        case .png: name
        case .raw: name + ".bgra"
        case .gif: name + ".gif"
        case .webp: name + ".webp"
        case .apng: name + ".apng"
        }
    }

    /// The writer for `format` at `path` (for raw, `-` is standard output).
    public static func makeSink(format: OutputFormat, path: String, width: Int, height: Int, fps: Double,
                                startIndex: Int, frameNumbers: [Int]? = nil, settings: EncoderSettings) throws -> FrameSink {
        let url = URL(fileURLWithPath: path)
        return switch format {
        case .mp4: try MP4Writer(url: url, width: width, height: height, fps: fps, crf: settings.crf)
        case .png: try PNGSequenceWriter(directory: url, startIndex: startIndex, frameNumbers: frameNumbers)
        case .raw: try RawFrameWriter(path: path)
        case .gif: try GIFWriter(url: url, width: width, height: height, fps: fps, options: settings.gif)
        case .webp: try AnimatedImageWriter(url: url, format: .webp, width: width, height: height, fps: fps, options: settings.animatedImage)
        case .apng: try AnimatedImageWriter(url: url, format: .apng, width: width, height: height, fps: fps,
                                            options: .init(loop: settings.animatedImage.loop))
        }
    }

    /// Renders `frames` of `timeline` on `jobs` threads into `sink`, in order, and finishes it.
    /// On any error the sink is cancelled (the previous output stays as it was) and the error
    /// is rethrown. `willAppend` runs before each frame is handed to the sink, `didAppend` after.
    public static func run(timeline: Timeline, frames: [Int], rasterizer: Rasterizer = Rasterizer(),
                           sink: FrameSink, jobs: Int, showTouches: Bool = false,
                           willAppend: (Int) throws -> Void = { _ in }, didAppend: (Int) -> Void = { _ in }) throws {
        do {
            try FramePipeline(timeline: timeline, rasterizer: rasterizer, frames: frames, jobs: jobs, showTouches: showTouches,
                              prepare: sink.prepare).run { index, prepared in
                try willAppend(index)
                try sink.append(prepared: prepared)
                didAppend(index)
            }
            try sink.finish()
        } catch {
            sink.cancel()
            throw error
        }
    }
}
