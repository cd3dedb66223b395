// SPDX-License-Identifier: Apache-2.0

/// Encodes a run of frames from a fresh start: its first frame (after the animation's first) is
/// drawn whole, over nothing known, so a segment does not depend on the one before it.
final class SegmentEncoder {
    struct Output {
        var frames: BlockSpool
        var rects: [GIFRect]
        var reports: [GIFEncoder.FrameReport]
        /// In a shared-palette encoding: the colour table every frame uses.
        var sharedTable: [Quantizer.Color]?
    }

    let encoder: GIFEncoder
    let range: Range<Int>
    let settings: Quantizer.Settings
    let target: PerceptualTarget?
    let shared: (attributes: Quantizer.Attributes, result: Quantizer.Result)?
    let global: GlobalPalette?
    let steps: [LadderStep]
    let prefetcher: Prefetcher
    let running: SegmentCount
    var state: CarriedState
    /// The source of the frame being drawn and of the one after it.
    var current: [UInt8], next: [UInt8]
    var width: Int { encoder.width }
    var plan: GIFPlan { encoder.plan }
    var start: Int { range.lowerBound }
    /// Whether frames are small enough for work beside the search (see `concurrentMaxPixels`).
    var concurrent: Bool { encoder.width * encoder.height <= GIFTuning.concurrentMaxPixels }

    private let frames: BlockSpool
    private var rects: [GIFRect] = []
    private var reports: [GIFEncoder.FrameReport] = []
    private var pendingBlock: Pending<[UInt8]>?

    init(encoder: GIFEncoder, range: Range<Int>, settings: Quantizer.Settings, target: PerceptualTarget?,
         shared: (Quantizer.Attributes, Quantizer.Result)?, global: GlobalPalette?, prefetch: Bool, running: SegmentCount) throws {
        self.encoder = encoder
        self.range = range
        self.settings = settings
        self.target = target
        self.shared = shared
        self.global = global
        steps = LadderStep.all(dithering: settings.dithering)
        prefetcher = Prefetcher(enabled: prefetch && encoder.width * encoder.height <= GIFTuning.concurrentMaxPixels)
        self.running = running
        let frameBytes = encoder.spool.frameBytes
        let firstStep = steps.firstIndex { $0.quality == GIFTuning.ladder[GIFTuning.firstRung] } ?? 0
        state = CarriedState(frameBytes: frameBytes, rung: firstStep)
        current = [UInt8](repeating: 0, count: frameBytes)
        next = current
        frames = try BlockSpool(beside: encoder.spool)
    }

    func run(progress: () -> Void) throws -> Output {
        for i in range {
            try encoder.spool.read(i, into: &current)
            if i + 1 < range.upperBound { try encoder.spool.read(i + 1, into: &next) }
            var region = region(i, base: state.base, screen: state.screen)
            let drawing: Drawing
            if let shared {
                drawing = try painter(region).drawing(shared: shared.result, attributes: shared.attributes, dithering: settings.dithering)
            } else if target != nil {
                (drawing, region) = try search(i, region: region)
            } else {
                let own = try OwnPalette(region, quality: settings.quality, settings: settings, speed: settings.speed)
                drawing = try painter(region).drawing(own: own, dithering: settings.dithering)
            }
            try emit(i, drawing, region: region)
            progress()
        }
        if let pendingBlock { try frames.append(try pendingBlock.get()) }
        return Output(frames: frames, rects: rects, reports: reports, sharedTable: shared?.result.palette)
    }

    /// What frame `i` may draw, over `screen`, its source compared with `base`. A pure function of
    /// the source frames and the plan (the prefetcher makes it too, without the screen).
    func region(_ i: Int, base: [UInt8], screen: [UInt8]?, source: [UInt8]? = nil) -> FrameRegion {
        let whole = i == start
        let rect = whole && i > 0 ? GIFRect(x: 0, y: 0, width: encoder.width, height: encoder.height) : plan.rects[i]
        let masked = Pixels.masked(source ?? current, base: base, rect: rect, whole: whole, width: width)
        return FrameRegion(rect: rect, masked: masked, backdrop: i > start ? screen.map { Pixels.crop($0, rect, width: width) } : nil)
    }

    func painter(_ region: FrameRegion, ownPalette: @escaping (Int) throws -> OwnPalette = { _ in preconditionFailure() }) -> Painter {
        Painter(region: region, screen: state.screen, width: width, steps: steps, settings: settings, global: global, ownPalette: ownPalette)
    }

    /// Writes frame `i`'s block, and moves the screen and the source behind it on.
    private func emit(_ i: Int, _ drawing: Drawing, region: FrameRegion) throws {
        let disposal = plan.disposals[i]
        drawing.commit(to: &state.screen, width: width)
        // Only the pixels that change are stored, unless the frame is drawn whole or clears its rectangle.
        var stored = drawing.rect
        if i > start && disposal == 1 {
            stored = drawing.changed.isEmpty ? GIFRect(x: drawing.rect.x, y: drawing.rect.y, width: 1, height: 1) : drawing.changed
        }
        let block = drawing.cropped(to: stored)
        let transparency = i > start || block.indices.contains(UInt8(block.transparentIndex))
        let table = shared?.result.palette ?? global?.colors
        let local = block.palette != table
        // LZW does not change the screen: it is coded on another core while the next frame is searched.
        let coding = Pending { GIFBlock.frame(block, disposal: disposal, transparency: transparency, localTable: local) }
        if let pendingBlock { try frames.append(try pendingBlock.get()) }
        pendingBlock = coding
        if !concurrent { try frames.append(try coding.get()); pendingBlock = nil }
        rects.append(stored)
        if disposal == 2 { Pixels.clear(&state.screen, region.rect, width: width) }
        swap(&state.base, &current)
        if disposal == 2 { Pixels.clear(&state.base, plan.rects[i], width: width) }
    }

    func report(_ scored: Scored) {
        reports.append(GIFEncoder.FrameReport(score: scored.score))
    }
}
