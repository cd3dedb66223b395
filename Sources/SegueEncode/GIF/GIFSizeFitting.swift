// SPDX-License-Identifier: Apache-2.0
import Foundation

/// `--max-size` for GIFs: the frame rate and the frame size come down before the colours do,
/// because a GIF at 25 fps or 80 % of the width still looks like the animation, while one with
/// 32 colours does not. Nothing goes below the floor (the last of `frameRates`, `width`,
/// `quality`); when even that does not fit, nothing is written and the message says what would.
/// At one frame rate and size, `GIFWriter` lowers quality and colours along its `sizeLadder`.
public enum GIFSizeFitting {
    /// GIF frame rates whose delays are whole centiseconds (2, 3, 4, 5 cs), mildest first.
    public static let frameRates: [Double] = [50, 100.0 / 3, 25, 20]
    /// Widths below this many pixels (or the requested width, if smaller) are not tried.
    public static let width = 320
    /// Frame-size factors tried, mildest first.
    public static let factors: [Double] = [1, 0.85, 0.7, 0.6, 0.5, 0.4]
    /// The lowest GIF quality (SSIMULACRA2, "high quality") the size ladder may reach.
    public static let quality = 80

    public struct Candidate: Equatable, Sendable {
        public var fps: Double
        public var scale: Double
        public var width: Int
        public var height: Int
        public var frames: Int
        public var work: Double { Double(frames) * Double(width) * Double(height) }

        public var flags: String { "--fps \(Self.format(fps)) --width \(width)" }
        public static func format(_ fps: Double) -> String { fps == fps.rounded() ? String(Int(fps)) : String(format: "%.2f", fps) }
    }

    /// Nothing fits above the floor; `message` and `hint` say what would.
    public struct Unreachable: Error, Sendable {
        public var message: String
        public var hint: String
    }

    /// Every frame rate and size the search may use for a canvas `canvasWidth` × `canvasHeight`
    /// points drawn `pixelWidth` pixels wide, from the most work (the request) to the least.
    /// `frameCount` gives the number of frames rendered at a frame rate.
    public static func candidates(pixelWidth baseWidth: Int, canvasWidth: Double, canvasHeight: Double, requestedFPS: Double,
                                  frameCount: (Double) -> Int) -> [Candidate] {
        let floorWidth = min(Self.width, baseWidth)
        var candidates: [Candidate] = []
        for fps in [requestedFPS] + frameRates where fps <= requestedFPS {
            var widths = factors.map { Int((Double(baseWidth) * $0).rounded()) }.filter { $0 >= floorWidth }
            widths.append(floorWidth)
            for width in Set(widths) {
                let scale = Double(width) / canvasWidth
                let height = Int((canvasHeight * scale).rounded())
                let candidate = Candidate(fps: fps, scale: scale, width: width, height: height, frames: frameCount(fps))
                if !candidates.contains(candidate) { candidates.append(candidate) }
            }
        }
        return candidates.sorted { $0.work != $1.work ? $0.work > $1.work : $0.fps > $1.fps }
    }

    /// Renders `candidates` (the first is the request) until one fits in `limit` bytes.
    /// `render(candidate, qualityFloor, note)` writes the GIF, or throws
    /// `AnimatedImageError.sizeLimitUnreachable` without writing it when it does not fit; `note`
    /// is for its summary. Throws `Unreachable` when nothing fits.
    public static func fit(_ path: String, candidates: [Candidate], within limit: Int,
                           render: (Candidate, _ qualityFloor: Int, _ note: String) throws -> Void) throws {
        let requested = candidates[0]
        // GIF bytes grow about in proportion to frames × pixels; each attempt corrects the estimate.
        var bytesPerUnit: Double?
        var smallest: (bytes: Int, candidate: Candidate)?
        var tried = 0
        for (index, candidate) in candidates.enumerated() {
            if let rate = bytesPerUnit, index > 0, index < candidates.count - 1, rate * candidate.work > Double(limit) { continue }
            let isFloor = index == candidates.count - 1
            let note = candidate == requested ? "" : "; fitted under --max-size at \(candidate.flags)"
            do {
                tried += 1
                // Colours come down only at the floor's frame rate and size.
                try render(candidate, isFloor ? quality : Int.max, note)
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
        throw Unreachable(message: "--max-size \(limit): '\(path)' does not fit without going below \(Candidate.format(frameRates.last!)) fps, \(min(Self.width, requested.width)) px wide and GIF quality \(quality); the smallest reached was \(best.bytes) bytes at \(best.candidate.flags) (\(tried) tries). Nothing was written.",
                          hint: width >= 16
                              ? "it would fit at about \(best.candidate.flags.replacingOccurrences(of: "--width \(best.candidate.width)", with: "--width \(width)")), or with --frames 0-\(max(fittingFrames - 1, 0)) at \(best.candidate.flags), or with a larger --max-size"
                              : "allow more bytes, or render fewer frames with --frames")
    }
}
