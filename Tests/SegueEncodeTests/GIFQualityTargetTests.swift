// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueEncode
import Testing
import SegueRaster

/// The perceptual target as a viewer meets it: frames decoded by Pillow and scored by the PyPI
/// package `ssimulacra2`, independent of the encoder's own metric. Frames that reach the target
/// must really reach it; frames that cannot stop by the stated rule, and `strict` climbs further.
@Suite("GIF quality target")
struct GIFQualityTargetTests {
    static let width = 160, height = 120

    /// A photo-like screen (smooth colour fields with fine texture, thousands of colours) under a
    /// dimming overlay that deepens over the first half, while a bright card slides in (in the
    /// second half only the card's rows change): the kind of frame a single palette for the whole
    /// animation (ffmpeg's) holds poorly.
    static func frames(count: Int = 14) -> [RasterImage] {
        (0 ..< count).map { k in
            var image = RasterImage(width: width, height: height)
            let dim = 1 - 0.05 * Double(min(k, count / 2))
            let cardLeft = width - k * 9
            for y in 0 ..< height {
                for x in 0 ..< width {
                    var r = 90 + 80 * sin(Double(x) / 17) + 40 * cos(Double(y) / 11)
                    var g = 110 + 70 * cos(Double(x + y) / 23) + 20 * sin(Double(x * y) / 400)
                    var b = 140 + 90 * sin(Double(y) / 29 + Double(x) / 41)
                    let grain = Double((x * 7 + y * 13) % 9) - 4
                    (r, g, b) = ((r + grain) * dim, (g + grain) * dim, (b + grain) * dim)
                    if x >= cardLeft && y > 20 && y < 100 { (r, g, b) = (250, 248, 240) }
                    let i = y * image.bytesPerRow + x * 4
                    image.pixels[i] = UInt8(max(0, min(255, b))); image.pixels[i + 1] = UInt8(max(0, min(255, g)))
                    image.pixels[i + 2] = UInt8(max(0, min(255, r))); image.pixels[i + 3] = 255
                }
            }
            return image
        }
    }

    /// RGBA bytes of an opaque frame.
    static func rgba(_ image: RasterImage) -> [UInt8] {
        var out = [UInt8](repeating: 255, count: image.width * image.height * 4)
        for y in 0 ..< image.height {
            for x in 0 ..< image.width {
                let i = y * image.bytesPerRow + x * 4, o = (y * image.width + x) * 4
                out[o] = image.pixels[i + 2]; out[o + 1] = image.pixels[i + 1]; out[o + 2] = image.pixels[i]
            }
        }
        return out
    }

    @Test("frames reported at the target score at least it on the PyPI metric; the summary's count below and worst score are the decoded file's; strict climbs further for more bytes")
    func absoluteTarget() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = Self.frames()
        let sources = frames.map(Self.rgba)
        let ours = dir.appendingPathComponent("segue.gif"), strict = dir.appendingPathComponent("strict.gif")
        let summary = try #require(try writeGIF(frames, to: ours).summary)
        let strictSummary = try #require(try writeGIF(frames, to: strict, options: .init(strict: true)).summary)

        let ourFrames = try pillowFramesRGBA(ours), strictFrames = try pillowFramesRGBA(strict)
        try #require(ourFrames.count == frames.count && strictFrames.count == frames.count)
        let python = try SSIMULACRA2Tests.pythonScores(zip(sources, ourFrames).map { ($0, $1) } + zip(sources, strictFrames).map { ($0, $1) },
                                                        width: Self.width, height: Self.height)
        try #require(python.count == 2 * frames.count)
        let ourScores = Array(python[..<frames.count]), strictScores = Array(python[frames.count...])
        // The two metrics agree to 0.05 (`SSIMULACRA2Tests`).
        for k in frames.indices {
            #expect(abs(summary.frames[k].score - ourScores[k]) < 0.1, "frame \(k): reported \(summary.frames[k].score), decoded \(ourScores[k])")
            if summary.frames[k].score >= 90 { #expect(ourScores[k] >= 90 - 0.05, "frame \(k) reported at 90 scores \(ourScores[k])") }
        }
        // (Frames within the metrics' difference of 90 may fall either side.)
        let near = ourScores.filter { abs($0 - 90) < 0.05 }.count
        #expect(abs(summary.framesBelowTarget - ourScores.filter { $0 < 90 }.count) <= near,
                "\(summary.framesBelowTarget) frames reported below 90, decoded: \(ourScores)")
        #expect(abs((summary.worstScore ?? 0) - ourScores.min()!) < 0.1, "worst \(String(describing: summary.worstScore)), decoded \(ourScores.min()!)")
        // Hard enough that the stopping rule acts, and strict goes further where it does.
        #expect(summary.framesBelowTarget > 0, "every frame reached 90: the frames test nothing")
        #expect(strictScores.min()! >= ourScores.min()! - 0.1, "strict's worst \(strictScores.min()!) < default's \(ourScores.min()!)")
        #expect(strictSummary.bytes >= summary.bytes, "strict \(strictSummary.bytes) bytes, default \(summary.bytes)")
    }
}
