// SPDX-License-Identifier: Apache-2.0
import SegueMetrics

/// What one frame of a segment leaves to the next.
struct CarriedState {
    /// What a viewer sees (RGBA).
    var screen: [UInt8]
    /// The source colours behind the screen: the frame before, with cleared rectangles cleared.
    var base: [UInt8]
    /// Where the next frame's climb starts (an index into the ladder's steps).
    var rung: Int
    /// Where the next frame's lossy tries start (an index into `lossyTolerances`).
    var lossyLevel = GIFTuning.firstLossyLevel
    /// The last frame's score: a frame that changes nothing keeps it.
    var previousScore = 100.0
    /// The row sums of the last frame's measurement, and the region they cover: the next frame
    /// measures again only the rows it changes, where it measures the same region.
    var previousRows: SSIMULACRA2.RowSums?
    var previousRegion = GIFRect.empty
    /// The global colour table is skipped after it misses.
    var globalBackoff = Backoff(maxDoublings: GIFTuning.globalBackoffDoublings)

    init(frameBytes: Int, rung: Int) {
        screen = [UInt8](repeating: 0, count: frameBytes)
        base = screen
        self.rung = rung
    }

    /// Row sums for a frame measured over `region`, if the last measurement's still apply.
    mutating func rows(for region: GIFRect) -> SSIMULACRA2.RowSums? {
        if region != previousRegion { previousRows = nil }
        return previousRows
    }

    /// The climb's next start after a frame that took ladder step `step`, having started at
    /// `rung`: a frame that reached its target at its first step with room lets the next start
    /// lower.
    mutating func settleRung(step: Int, room: Double) {
        let down = step != rung ? 0 : room >= 4 * GIFTuning.headroom ? 2 : room >= GIFTuning.headroom ? 1 : 0
        rung = max(0, step - down)
    }
}
