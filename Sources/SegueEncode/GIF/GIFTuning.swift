// SPDX-License-Identifier: Apache-2.0

/// Every tunable of the perceptual GIF encoder, in one place. Each says what rule it sets and
/// what it trades. Measurements behind the values are in docs/performance.md, not here.
enum GIFTuning {
    // MARK: Climbing to the target

    /// libimagequant qualities a frame's own palette is tried at, lowest first: finer rungs find
    /// the cheapest palette that reaches the target, at the cost of more tries per frame.
    static let ladder = [0, 20, 40, 60, 75, 85, 95, 98, 100]
    /// Where the first frame's climb starts (an index into `ladder`): a guess; later frames start
    /// where the frame before them ended.
    static let firstRung = 4
    /// A frame that reaches its target with this much room (SSIMULACRA2 points) lets the next one
    /// start a rung lower (two rungs with four times the room): fewer bytes, more misses to climb.
    static let headroom = 1.5
    /// The stopping rule for a frame that cannot reach the target: it climbs to the next rung while
    /// the last rung gained at least this many points per extra kilobyte of the frame over the rung
    /// below it. Lower: closer to the target on hard frames, for more bytes.
    static let minimumGainPerKilobyte = 0.5
    /// libimagequant's speed for a frame's own palette (its default is 4): higher is faster, with
    /// slightly worse palettes.
    static let frameQuantizerSpeed = 5

    // MARK: The global colour table

    /// libimagequant's quality for the global colour table, which every frame tries first: lower
    /// gives smaller frames where it suffices, and more frames that fall through to their own.
    static let globalQuality = 80
    /// libimagequant's speed for the global table: at 6 it skips its dither map, so remapping
    /// with the table is fast, for a slightly coarser table.
    static let globalSpeed = 6
    /// Largest frame (pixels) that uses a global table: its shared colours pay where a local
    /// table's 768 bytes matter, and cost bits per pixel on larger frames.
    static let globalMaxPixels = 120_000
    /// After the global table misses, the next frames skip it for 1, 2, 4, … frames, up to this
    /// many doublings: fewer wasted tries on stretches it does not suit, later return where it does.
    static let globalBackoffDoublings = 4

    // MARK: Lossy LZW

    /// Lossy LZW tolerances (`GIFLZW.lossyIndices`), most lossy first: more levels find a closer
    /// fit to the room a frame has, each costing a drawing and a score.
    static let lossyTolerances = [32, 24, 16, 10, 6]
    /// Where the first frame's lossy tries start (an index into `lossyTolerances`).
    static let firstLossyLevel = 2
    /// How far above its target a lossy drawing must stay (SSIMULACRA2 points): covers the
    /// difference between Segue's metric and the PyPI package's, at the price of some bytes.
    static let lossyMargin = 0.1
    /// A lossy drawing that holds with this much room tries the next more lossy level: fewer
    /// bytes where frames have room, a drawing and a score more per try.
    static let lossyPushRoom = 2.0

    // MARK: Work on both cores, and memory

    /// Animations shorter than this are encoded in one segment: two segments cost a whole frame.
    static let minimumSegmentedFrames = 8
    /// Where no frame redraws the whole screen, one that changes at least this percentage of it may
    /// start the second segment, drawn whole: more animations use both cores, each for a few bytes.
    static let segmentStartPercent = 75
    /// Largest frame (pixels) for which work runs beside the search (second segment, prefetching,
    /// LZW coding, lossy LZW, both palette strategies at quality 100): each holds frame-sized
    /// buffers, and the largest phone frames would otherwise pass 400 MB.
    static let concurrentMaxPixels = 2_000_000
    /// Frames up to this many pixels are scored whole; larger ones score the rows their change
    /// spans, in bands of `measuredBandPixels`, for memory.
    static let measuredWholePixels = 700_000
    static let measuredBandPixels = 250_000

    /// How many flat colours (`ColorCounter`) may be fixed palette entries: a quarter of the
    /// palette at most, leaving libimagequant room for edges and gradients.
    static func fixedColorLimit(_ maxColors: Int) -> Int { min(64, (maxColors - 1) / 4) }
}
