// SPDX-License-Identifier: Apache-2.0
import SegueMetrics

/// A drawing with its score, and the row sums of that measurement.
struct Scored {
    var drawing: Drawing
    var score: Double
    var rows: SSIMULACRA2.RowSums?
}

/// Trades a frame's room above its target for bytes with lossy LZW (`GIFLZW.lossyIndices`): the
/// frame's pixels are re-chosen so that LZW strings run longer, and the drawing is kept where the
/// frame still scores `lossyMargin` above its target.
///
/// It starts at the tolerance the frame before ended at; where that holds with `lossyPushRoom` to
/// spare it tries more lossy levels, and where it misses, less lossy ones down to the least.
struct LossyRefiner {
    /// The screen under the frame (a frame `width` wide).
    let screen: [UInt8]
    let width: Int
    /// Per pixel of the stored rectangle: whether it may be substituted. Only pixels the next
    /// frame redraws are (nil: all): a substituted pixel left on screen would leave a debt that
    /// later frames pay for.
    let free: [Bool]?

    /// The refined drawing and the level the next frame starts at; nil where no level held.
    /// - Parameter score: scores a drawing of the stored rectangle.
    func refine(_ chosen: Scored, stored: GIFRect, target: Double, level start: Int,
                score: (Drawing) -> Scored) -> (Scored?, level: Int) {
        let levels = GIFTuning.lossyTolerances.count
        let holds = { (s: Scored) in s.score >= target + GIFTuning.lossyMargin }
        var level = start
        // Down to the least lossy level until one holds.
        var taken: Scored?
        while level < levels {
            let s = score(lossy(chosen.drawing, stored: stored, tolerance: GIFTuning.lossyTolerances[level]))
            if holds(s) { taken = s; break }
            level += 1
        }
        guard var best = taken else { return (nil, start) }
        // More lossy while a level held with room to spare (where the first level tried held).
        while level <= start, level > 0, best.score - target >= GIFTuning.lossyPushRoom {
            let s = score(lossy(chosen.drawing, stored: stored, tolerance: GIFTuning.lossyTolerances[level - 1]))
            guard holds(s) else { break }
            best = s
            level -= 1
        }
        return (best, level)
    }

    /// `frame` redrawn over `stored` (inside its rectangle) with lossy LZW at `tolerance`.
    func lossy(_ frame: Drawing, stored: GIFRect, tolerance: Int) -> Drawing {
        let exact = frame.cropped(to: stored)
        let n = stored.area
        var under = [UInt32](repeating: 0, count: n)
        screen.withUnsafeBytes { raw in
            let onScreen = raw.bindMemory(to: UInt32.self)
            for sy in 0 ..< stored.height {
                for sx in 0 ..< stored.width { under[sy * stored.width + sx] = onScreen[(stored.y + sy) * width + stored.x + sx] }
            }
        }
        let free = self.free ?? [Bool](repeating: true, count: n)
        var indices = [UInt8](repeating: 0, count: n)
        var shown = [UInt32](repeating: 0, count: n)
        exact.indices.withUnsafeBufferPointer { exactIndices in
        exact.alternatives.withUnsafeBufferPointer { alternatives in
        exact.shown.withUnsafeBufferPointer { reference in
        under.withUnsafeBufferPointer { under in
        free.withUnsafeBufferPointer { free in
        indices.withUnsafeMutableBufferPointer { indices in
        shown.withUnsafeMutableBufferPointer { shown in
            let input = GIFLZW.LossyInput(exact: exactIndices, alternatives: alternatives, reference: reference, under: under, free: free,
                                          palette: frame.palette.map(Pixels.pack), transparentIndex: frame.transparentIndex,
                                          width: stored.width,
                                          minimumCodeSize: GIFLZW.minimumCodeSize(colors: GIFBlock.tableSize(frame.palette.count)))
            GIFLZW.lossyIndices(input, tolerance: tolerance, indices: indices, shown: shown)
        }
        }
        }
        }
        }
        }
        }
        return Drawing(indices: indices, palette: frame.palette, transparentIndex: frame.transparentIndex, rect: stored, shown: shown,
                       onGlobalTable: frame.onGlobalTable)
    }
}
