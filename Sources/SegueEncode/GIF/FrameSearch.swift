// SPDX-License-Identifier: Apache-2.0
import SegueMetrics

/// The perceptual search for one frame: the candidates in order until one reaches the target
/// (or the stopping rule ends the climb), the repair for a frame held down by what earlier frames
/// left on screen, then lossy LZW on the room left.
extension SegmentEncoder {
    /// The outcome of climbing a list of candidates.
    struct Climb {
        var best: Scored
        /// The ladder step of `best`, nil for the global table.
        var step: Int?
    }

    func search(_ i: Int, region planned: FrameRegion) throws -> (Drawing, FrameRegion) {
        let target = self.target!
        var region = planned
        var measured = measuredRegion(region.rect, width: encoder.width, height: encoder.height)
        let previousRows = state.rows(for: measured)
        let useGlobal = global != nil && state.globalBackoff.allows
        let candidates = Candidate.order(steps: steps, start: state.rung, globalTable: useGlobal, dithering: settings.dithering)
        let painter = painter(region) { [prefetcher, settings] quality in
            try prefetcher.palette(frame: i, quality: quality) { try OwnPalette(planned, quality: quality, settings: settings) }
        }
        // A frame that changes nothing shows what it showed over the same source: its score is the last one's.
        if plan.unchanged[i] {
            let kept = Scored(drawing: try painter.drawing(candidates[0]), score: state.previousScore, rows: previousRows)
            report(kept)
            prefetchNext(after: i)
            return (kept.drawing, region)
        }
        let scorer = try prefetcher.scorer(frame: i) { FrameScorer(current: current, width: width, measured: measured) }
        prefetchNext(after: i)
        var climb = try self.climb(candidates, painter: painter, scorer: scorer, measured: measured, previous: previousRows)
        if useGlobal { state.globalBackoff.record(success: climb.step == nil) } else if global != nil { state.globalBackoff.skipped() }
        if climb.best.score < target.score, let repaired = try repair(i, climb.best, scorer: scorer, previous: previousRows) {
            (climb, region) = repaired
            measured = scorer.measured
        }
        var chosen = climb.best
        if let step = climb.step { state.settleRung(step: step, room: chosen.score - target.score) }
        if let refined = refineLossy(i, chosen, region: region, scorer: scorer, previous: previousRows) {
            chosen = refined.0
            state.lossyLevel = refined.level
        }
        report(chosen)
        state.previousScore = chosen.score
        state.previousRows = plan.disposals[i] == 2 ? nil : chosen.rows
        state.previousRegion = measured
        prefetcher.finished(frame: i)
        return (chosen.drawing, region)
    }

    /// Tries `candidates` in order: the first that reaches the target is taken. Below it, the
    /// climb goes on to the next rung of the ladder only while the rung just tried (its better
    /// drawing, undithered or dithered) paid for its bytes over the rung below it
    /// (`PerceptualTarget.keepsClimbing`); the best drawing of the rungs that paid is taken.
    func climb(_ candidates: [Candidate], painter: Painter, scorer: FrameScorer, measured: GIFRect,
               previous: SSIMULACRA2.RowSums?) throws -> Climb {
        let target = self.target!
        let rect = painter.region.rect
        let changedRows = rect.y - measured.y ..< rect.maxY - measured.y
        var kept: Climb?, rung: Climb?, below: (score: Double, bytes: Int)?
        // Whether the rung just tried paid for itself; its drawings join the ones kept if so.
        func rungPaid() -> Bool {
            guard let finished = rung else { return true }
            rung = nil
            let here = (score: finished.best.score, bytes: finished.best.drawing.estimatedBytes())
            if let below, !target.keepsClimbing(from: below, to: here) { return false }
            below = here
            if kept == nil || finished.best.score > kept!.best.score { kept = finished }
            return true
        }
        for candidate in candidates {
            if case .rung(let k) = candidate, let r = rung?.step, steps[r].quality != steps[k].quality, !rungPaid() { break }
            let drawing = try painter.drawing(candidate)
            let (score, rows) = scorer.score(drawing.shownRegion(over: state.screen, measured: measured, width: width),
                                             changedRows: changedRows, previous: previous)
            let step: Int? = if case .rung(let k) = candidate { k } else { nil }
            let scored = Climb(best: Scored(drawing: drawing, score: score, rows: rows), step: step)
            if score >= target.score { return scored }
            if step == nil {
                if kept == nil || score > kept!.best.score { kept = scored }
            } else if rung == nil || score > rung!.best.score {
                rung = scored
            }
        }
        _ = rungPaid()
        return kept!
    }

    /// Below the target even after the climb: what holds the frame down may lie outside what it
    /// may redraw (pixels whose source stayed the same keep what an earlier frame drew). The whole
    /// frame is climbed again over the screen; libimagequant leaves transparent the pixels the
    /// screen already shows well enough, so mostly the debt is redrawn. Taken where it reaches the
    /// target, or gains enough for its bytes by the stopping rule.
    private func repair(_ i: Int, _ chosen: Scored, scorer: FrameScorer,
                        previous: SSIMULACRA2.RowSums?) throws -> (Climb, FrameRegion)? {
        guard i > start, plan.disposals[i] == 1, !encoder.hasTransparency,
              encoder.width * encoder.height <= GIFTuning.measuredWholePixels else { return nil }
        let full = GIFRect(x: 0, y: 0, width: encoder.width, height: encoder.height)
        let region = FrameRegion(rect: full, masked: current, backdrop: state.screen)
        let painter = painter(region) { [settings] quality in try OwnPalette(region, quality: quality, settings: settings) }
        let candidates = (state.rung ..< steps.count).map { Candidate.rung($0) }
        let repaired = try climb(candidates, painter: painter, scorer: scorer, measured: full, previous: previous)
        let target = self.target!
        guard repaired.best.score >= target.score || target.keepsClimbing(
            from: (chosen.score, chosen.drawing.estimatedBytes()), to: (repaired.best.score, repaired.best.drawing.estimatedBytes()))
        else { return nil }
        return (repaired, region)
    }

    /// Lossy LZW on the chosen drawing, where the frame has room above its target and the pass's
    /// frame-sized buffers fit (`concurrentMaxPixels`). Nil where it was not tried or nothing held.
    private func refineLossy(_ i: Int, _ chosen: Scored, region: FrameRegion, scorer: FrameScorer,
                             previous: SSIMULACRA2.RowSums?) -> (Scored, level: Int)? {
        let target = self.target!.score
        let hasNext = i + 1 < range.upperBound
        guard plan.disposals[i] == 1, concurrent, chosen.score - target >= 2 * GIFTuning.lossyMargin,
              !(hasNext && plan.unchanged[i + 1]) else { return nil }
        let stored = i > start ? chosen.drawing.changed : region.rect
        guard !stored.isEmpty else { return nil }
        let free = hasNext ? Pixels.differing(current, next, in: stored, width: width) : nil
        let refiner = LossyRefiner(screen: state.screen, width: width, free: free)
        let measured = scorer.measured, rect = region.rect
        let (refined, level) = refiner.refine(chosen, stored: stored, target: target, level: state.lossyLevel) { drawing in
            let (score, rows) = scorer.score(drawing.shownRegion(over: state.screen, measured: measured, width: width),
                                             changedRows: rect.y - measured.y ..< rect.maxY - measured.y, previous: previous)
            return Scored(drawing: drawing, score: score, rows: rows)
        }
        return refined.map { ($0, level) }
    }

    /// Starts the next frame's scorer, and its palette at the rung this frame started from, on the
    /// other core: both depend only on the source frames.
    private func prefetchNext(after i: Int) {
        let j = i + 1
        guard j < range.upperBound, !plan.unchanged[j], running.alone else { return }
        let (w, h, rect) = (encoder.width, encoder.height, plan.rects[j])
        let source = next
        prefetcher.prefetchScorer(frame: j) { FrameScorer(current: source, width: w, measured: measuredRegion(rect, width: w, height: h)) }
        var base = current
        if plan.disposals[i] == 2 { Pixels.clear(&base, plan.rects[i], width: w) }
        // (Not where the global table will likely draw the next frame: the palette would go unused.)
        guard global == nil || !state.globalBackoff.allows else { return }
        let region = self.region(j, base: base, screen: nil, source: source)
        let (quality, settings) = (steps[state.rung].quality, settings)
        prefetcher.prefetchPalette(frame: j, quality: quality) { try OwnPalette(region, quality: quality, settings: settings) }
    }
}
