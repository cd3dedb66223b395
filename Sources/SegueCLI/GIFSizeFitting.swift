// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueRender
import SegueScene
import SegueTimeline

/// `--max-size` for GIFs: the frame rate and the frame size come down before the colours do,
/// because a GIF at 25 fps or 80 % of the width still looks like the animation, while one with
/// 32 colours does not. Nothing goes below `GIFSizeFloor`; when even that does not fit, nothing
/// is written and the message says what would.
struct GIFSizeFloor {
    /// GIF frame rates whose delays are whole centiseconds (2, 3, 4, 5 cs), mildest first.
    static let frameRates: [Double] = [50, 100.0 / 3, 25, 20]
    /// Widths below this many pixels (or the requested width, if smaller) are not tried.
    static let width = 320
    /// Frame-size factors tried, mildest first.
    static let factors: [Double] = [1, 0.85, 0.7, 0.6, 0.5, 0.4]
    /// The lowest GIF quality (SSIMULACRA2, "high quality") the size ladder may reach.
    static let quality = 80
}

extension RenderCommand {
    struct FitCandidate: Equatable {
        var fps: Double
        var scale: Double
        var width: Int
        var height: Int
        var frames: Int
        var work: Double { Double(frames) * Double(width) * Double(height) }

        var flags: String { "--fps \(Self.format(fps)) --width \(width)" }
        static func format(_ fps: Double) -> String { fps == fps.rounded() ? String(Int(fps)) : String(format: "%.2f", fps) }
    }

    /// Every frame rate and size the search may use for `scene`, from the most work (the
    /// request) to the least.
    func fitCandidates(_ scene: Scene, requestedFPS: Double, frameCount: (Double) -> Int) -> [FitCandidate] {
        let baseWidth = scene.canvas.pixelWidth
        let floorWidth = min(GIFSizeFloor.width, baseWidth)
        var candidates: [FitCandidate] = []
        for fps in [requestedFPS] + GIFSizeFloor.frameRates where fps <= requestedFPS {
            var widths = GIFSizeFloor.factors.map { Int((Double(baseWidth) * $0).rounded()) }.filter { $0 >= floorWidth }
            widths.append(floorWidth)
            for width in Set(widths) {
                let scale = Double(width) / scene.canvas.size.width
                let height = Int((scene.canvas.size.height * scale).rounded())
                let candidate = FitCandidate(fps: fps, scale: scale, width: width, height: height, frames: frameCount(fps))
                if !candidates.contains(candidate) { candidates.append(candidate) }
            }
        }
        return candidates.sorted { $0.work != $1.work ? $0.work > $1.work : $0.fps > $1.fps }
    }

    func renderGIF(_ path: String, scene: Scene, within limit: Int) throws {
        let requestedFPS = GIFTiming.frameRate(requested: sampling.fps)
        let candidates = fitCandidates(scene, requestedFPS: requestedFPS) { fps in
            var copy = scene
            copy.canvas.fps = fps
            let count = Timeline(scene: copy).frameCount
            return (try? (frames ?? FrameRange(argument: "0-")!).resolve(frameCount: count, scene: path).count) ?? count
        }
        let requested = candidates[0]
        // GIF bytes grow about in proportion to frames × pixels; each attempt corrects the estimate.
        var bytesPerUnit: Double?
        var smallest: (bytes: Int, candidate: FitCandidate)?
        var tried = 0
        for (index, candidate) in candidates.enumerated() {
            if let rate = bytesPerUnit, index > 0, index < candidates.count - 1, rate * candidate.work > Double(limit) { continue }
            let isFloor = index == candidates.count - 1
            let note = candidate == requested ? "" : "; fitted under --max-size at \(candidate.flags)"
            do {
                tried += 1
                // Colours come down only at the floor's frame rate and size.
                try render(path, scene: scene, format: .gif, fps: candidate.fps, scale: candidate.scale, gifLimit: limit,
                           qualityFloor: isFloor ? GIFSizeFloor.quality : Int.max, fitted: note)
                return
            } catch let AnimatedImageError.sizeLimitUnreachable(_, _, bytes, _, _) {
                bytesPerUnit = Double(bytes) / candidate.work
                if smallest == nil || bytes < smallest!.bytes { smallest = (bytes, candidate) }
            }
        }
        let best = smallest!
        // What would fit at the floor: the width that scales its bytes down to the limit (bytes
        // go with the pixel count, so with the square of the width), or fewer frames.
        let shrink = (Double(limit) / Double(best.bytes)).squareRoot()
        let width = Int(Double(best.candidate.width) * shrink * 0.95)
        let fittingFrames = Int(Double(best.candidate.frames) * Double(limit) / Double(best.bytes) * 0.95)
        throw CLIError("--max-size \(limit): '\(path)' does not fit without going below \(FitCandidate.format(GIFSizeFloor.frameRates.last!)) fps, \(min(GIFSizeFloor.width, requested.width)) px wide and GIF quality \(GIFSizeFloor.quality); the smallest reached was \(best.bytes) bytes at \(best.candidate.flags) (\(tried) tries). Nothing was written.",
                       hint: width >= 16
                           ? "it would fit at about \(best.candidate.flags.replacingOccurrences(of: "--width \(best.candidate.width)", with: "--width \(width)")), or with --frames 0-\(max(fittingFrames - 1, 0)) at \(best.candidate.flags), or with a larger --max-size"
                           : "allow more bytes, or render fewer frames with --frames")
    }
}
