// SPDX-License-Identifier: Apache-2.0
import SegueMetrics

/// What every frame aims at: a SSIMULACRA2 score, measured on the frame as a viewer sees it.
struct PerceptualTarget: Equatable, Sendable {
    var score: Double
    /// Climb to the top of the ladder for frames that cannot reach `score`, whatever each step
    /// costs, instead of stopping by `GIFTuning.minimumGainPerKilobyte`.
    var strict = false

    /// Whether a frame that missed the target at `previous` should keep climbing after `next`, the
    /// rung above it: strict targets always do; otherwise while the rung gained at least
    /// `minimumGainPerKilobyte` points for each extra kilobyte it cost.
    func keepsClimbing(from previous: (score: Double, bytes: Int), to next: (score: Double, bytes: Int)) -> Bool {
        if strict { return true }
        let gain = next.score - previous.score
        guard gain > 0 else { return false }
        let extraKilobytes = Double(next.bytes - previous.bytes) / 1024
        return extraKilobytes <= 0 || gain / extraKilobytes >= GIFTuning.minimumGainPerKilobyte
    }
}

/// The region scored: the whole frame, which is what a viewer sees, up to `measuredWholePixels`;
/// above that, the full-width rows the frame's rectangle spans (at least 64), scored in bands.
func measuredRegion(_ rect: GIFRect, width: Int, height: Int) -> GIFRect {
    if width * height <= GIFTuning.measuredWholePixels { return GIFRect(x: 0, y: 0, width: width, height: height) }
    let rows = min(height, max(rect.height, 64))
    let y = max(0, min(height - rows, rect.y + rect.height / 2 - rows / 2))
    return GIFRect(x: 0, y: y, width: width, height: rows)
}

/// Scores drawings of one frame's measured region against its source. Up to `measuredWholePixels`
/// the region is one image, prepared once; larger regions are scored in horizontal bands (the
/// frame's score is the lowest band's, so a flawed band is not averaged away), each band's
/// reference made when scored and dropped, for memory.
struct FrameScorer: Sendable {
    let source: [UInt8]
    let measured: GIFRect
    private let bands: [GIFRect]
    private let prepared: SSIMULACRA2.Reference?

    /// `current`: the whole source frame, `width` wide.
    init(current: [UInt8], width: Int, measured: GIFRect) {
        self.measured = measured
        source = Pixels.crop(current, measured, width: width)
        if measured.area <= GIFTuning.measuredWholePixels {
            bands = [measured]
            prepared = SSIMULACRA2.Reference(rgba: source, width: measured.width, height: measured.height)
        } else {
            let count = (measured.area + GIFTuning.measuredBandPixels - 1) / GIFTuning.measuredBandPixels
            let rows = (measured.height + count - 1) / count
            bands = stride(from: 0, to: measured.height, by: rows).map {
                GIFRect(x: 0, y: $0, width: measured.width, height: min(rows, measured.height - $0))
            }
            prepared = nil
        }
    }

    /// The score of `shown` (the measured region as the viewer would see it, RGBA). With
    /// `previous`, the row sums of the drawing before it that differed only in `changedRows`, only
    /// those rows are measured again: the same score, faster. Also the row sums of this
    /// measurement, where the region is one image.
    func score(_ shown: [UInt8], changedRows: Range<Int>, previous: SSIMULACRA2.RowSums?) -> (Double, SSIMULACRA2.RowSums?) {
        guard let prepared else { return (bandScore(shown), nil) }
        if let previous { return prepared.score(shown, changedRows: changedRows, previous: previous) }
        return prepared.scoreKeepingRows(shown)
    }

    private func bandScore(_ shown: [UInt8]) -> Double {
        var lowest = 100.0
        for band in bands {
            let bytes = band.y * measured.width * 4 ..< band.maxY * measured.width * 4
            let reference = SSIMULACRA2.Reference(rgba: Array(source[bytes]), width: band.width, height: band.height)
            lowest = min(lowest, reference.score(Array(shown[bytes])))
        }
        return lowest
    }
}
