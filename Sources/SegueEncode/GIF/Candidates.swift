// SPDX-License-Identifier: Apache-2.0

/// One step of the ladder: a libimagequant quality for the frame's own palette, and a dithering
/// level for remapping with it.
struct LadderStep: Equatable, Sendable {
    var quality: Int
    var dithering: Float

    /// Each rung undithered, then dithered (unless dithering is off): an undithered frame is
    /// smaller and faster to remap where it reaches the target.
    static func all(dithering: Float) -> [LadderStep] {
        GIFTuning.ladder.flatMap { q in dithering > 0 ? [LadderStep(quality: q, dithering: 0), LadderStep(quality: q, dithering: dithering)]
                                                     : [LadderStep(quality: q, dithering: 0)] }
    }
}

/// A way to draw a frame, in the order the search tries them.
enum Candidate: Equatable {
    /// The global colour table at a dithering level.
    case global(dithering: Float)
    /// A step of the ladder (an index into the steps).
    case rung(Int)

    /// The ordered list for one frame: the global table where there is one and it has not missed
    /// lately, undithered then dithered; then the ladder from `start`, or from above the global
    /// table's quality where that was tried (a frame's own palette below it seldom does better).
    static func order(steps: [LadderStep], start: Int, globalTable: Bool, dithering: Float) -> [Candidate] {
        guard globalTable else { return (start ..< steps.count).map { .rung($0) } }
        let floor = steps.firstIndex { $0.quality > GIFTuning.globalQuality } ?? start
        let global: [Candidate] = dithering > 0 ? [.global(dithering: 0), .global(dithering: dithering)] : [.global(dithering: 0)]
        return global + (max(start, floor) ..< steps.count).map { .rung($0) }
    }
}

/// The pixels a frame may draw: its rectangle, its source there (transparent where unchanged, or
/// whole), and the screen under it (nil where nothing on screen is known: a segment's first frame).
struct FrameRegion {
    var rect: GIFRect
    var masked: [UInt8]
    var backdrop: [UInt8]?
}

/// A frame's own palette at one quality: libimagequant's image of the region and its palette.
final class OwnPalette: @unchecked Sendable {   // handed from the prefetcher to one search
    let quality: Int
    let attributes: Quantizer.Attributes
    let image: Quantizer.Image
    let result: Quantizer.Result

    /// Quantizes `region` at `quality`, with the transparent entry and its dominant flat colours fixed.
    init(_ region: FrameRegion, quality: Int, settings: Quantizer.Settings, speed: Int = GIFTuning.frameQuantizerSpeed) throws {
        var s = settings
        s.quality = quality
        s.speed = speed
        self.quality = quality
        attributes = try Quantizer.Attributes(s)
        image = try Quantizer.Image(attributes, rgba: region.masked, width: region.rect.width, height: region.rect.height)
        try image.addFixedColor(.transparent)
        var counter = ColorCounter()
        region.masked.withUnsafeBytes { counter.add($0.bindMemory(to: UInt32.self)) }
        for color in counter.dominant(limit: GIFTuning.fixedColorLimit(s.maxColors)) { try image.addFixedColor(color) }
        result = try Quantizer.quantize(image, attributes)
    }
}

/// Makes the drawings of one frame's candidates over the screen.
final class Painter {
    let region: FrameRegion
    private let screen: [UInt8]
    private let width: Int
    private let steps: [LadderStep]
    private let settings: Quantizer.Settings
    private let global: GlobalPalette?
    /// Where a palette at a quality may already have been made (the prefetcher).
    private let ownPalette: (Int) throws -> OwnPalette
    private var palette: OwnPalette?
    private var globalImage: Quantizer.Image?
    /// Above `concurrentMaxPixels`, a remapping's background is read row by row, for memory.
    private var rowByRow: Bool { screen.count / 4 > GIFTuning.concurrentMaxPixels }

    init(region: FrameRegion, screen: [UInt8], width: Int, steps: [LadderStep] = [], settings: Quantizer.Settings,
         global: GlobalPalette? = nil, ownPalette: @escaping (Int) throws -> OwnPalette = { _ in preconditionFailure() }) {
        self.region = region
        self.screen = screen
        self.width = width
        self.steps = steps
        self.settings = settings
        self.global = global
        self.ownPalette = ownPalette
    }

    func drawing(_ candidate: Candidate) throws -> Drawing {
        switch candidate {
        case .global(let dithering):
            guard let global else { preconditionFailure("no global colour table") }
            if globalImage == nil { globalImage = try image(global.attributes) }
            let remapped = try global.withResult { try $0.remap(globalImage!, dithering: dithering) }
            var d = Drawing(remapped, masked: region.masked, rect: region.rect, screen: screen, width: width)
            d.onGlobalTable = true
            return d
        case .rung(let k):
            let step = steps[k]
            // (A large frame's palette is made again for each step, so that two are never held.)
            if palette?.quality != step.quality || rowByRow {
                palette = nil
                palette = try ownPalette(step.quality)
            }
            return try drawing(own: palette!, dithering: step.dithering)
        }
    }

    /// The region remapped with its own palette.
    func drawing(own: OwnPalette, dithering: Float) throws -> Drawing {
        try setBackground(own.image, own.attributes)
        let remapped = try own.result.remap(own.image, dithering: dithering)
        return Drawing(remapped, masked: region.masked, rect: region.rect, screen: screen, width: width)
    }

    /// The region remapped with a palette shared by every frame (not the perceptual search's).
    func drawing(shared: Quantizer.Result, attributes: Quantizer.Attributes, dithering: Float) throws -> Drawing {
        try Drawing(shared.remap(try image(attributes), dithering: dithering), masked: region.masked, rect: region.rect,
                    screen: screen, width: width)
    }

    /// The region as a libimagequant image for a palette that is not its own.
    private func image(_ attributes: Quantizer.Attributes) throws -> Quantizer.Image {
        let image = try Quantizer.Image(attributes, rgba: region.masked, width: region.rect.width, height: region.rect.height)
        try setBackground(image, attributes)
        return image
    }

    /// Gives libimagequant the screen under the region: pixels it already shows well enough are
    /// left transparent.
    private func setBackground(_ image: Quantizer.Image, _ attributes: Quantizer.Attributes) throws {
        guard let backdrop = region.backdrop, !image.hasBackground else { return }
        try image.setBackground(attributes, rgba: backdrop, rowByRow: rowByRow)
    }
}
