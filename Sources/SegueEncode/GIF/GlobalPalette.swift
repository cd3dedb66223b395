// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A libimagequant histogram of frames' changed pixels (transparent elsewhere), with the
/// transparent entry and the dominant flat colours fixed (see `ColorCounter`).
struct PaletteHistogram {
    let attributes: Quantizer.Attributes
    private let histogram: Quantizer.Histogram
    private var counter = ColorCounter()

    init(_ attributes: Quantizer.Attributes) throws {
        self.attributes = attributes
        histogram = try Quantizer.Histogram(attributes)
        try histogram.addFixedColor(.transparent)
    }

    /// One frame's rectangle: `rect`-sized RGBA.
    mutating func add(_ masked: [UInt8], rect: GIFRect) throws {
        masked.withUnsafeBytes { counter.add($0.bindMemory(to: UInt32.self)) }
        let image = try Quantizer.Image(attributes, rgba: masked, width: rect.width, height: rect.height)
        try histogram.add(image, attributes)
    }

    func quantize(maxColors: Int) throws -> Quantizer.Result {
        for color in counter.dominant(limit: GIFTuning.fixedColorLimit(maxColors)) {
            try histogram.addFixedColor(color)
        }
        return try histogram.quantize(attributes)
    }

    /// One palette for every frame of `spool`: a histogram of each frame's changed pixels.
    static func palette(_ spool: FrameSpool, plan: GIFPlan, settings: Quantizer.Settings,
                        progress: () -> Void = {}) throws -> (Quantizer.Attributes, Quantizer.Result) {
        let attributes = try Quantizer.Attributes(settings)
        var histogram = try PaletteHistogram(attributes)
        var base = [UInt8](repeating: 0, count: spool.frameBytes)
        var current = base
        for i in 0 ..< spool.count {
            try spool.read(i, into: &current)
            let rect = plan.rects[i]
            try histogram.add(Pixels.masked(current, base: base, rect: rect, whole: i == 0, width: spool.width), rect: rect)
            swap(&base, &current)
            if plan.disposals[i] == 2 { Pixels.clear(&base, rect, width: spool.width) }
            progress()
        }
        return (attributes, try histogram.quantize(maxColors: settings.maxColors))
    }
}

/// The file's global colour table in a perceptual encoding: one palette for the whole animation,
/// which each frame tries before a palette of its own. A frame drawn with it stores no colour
/// table, skips its quantization, and finds the colours already on screen in its palette.
/// Both segments remap with it, one at a time: libimagequant keeps a remap's state in the result.
/// A histogram's palette does not change when remapping, so their order does not change the file.
final class GlobalPalette: @unchecked Sendable {   // immutable; `result` used under `lock`
    /// libimagequant's settings for it, from the frames' own.
    static func settings(_ frames: Quantizer.Settings) -> Quantizer.Settings {
        var s = frames
        s.quality = GIFTuning.globalQuality
        s.speed = GIFTuning.globalSpeed
        return s
    }

    let attributes: Quantizer.Attributes
    private let result: Quantizer.Result
    let colors: [Quantizer.Color]
    private let lock = NSLock()

    init(attributes: Quantizer.Attributes, result: Quantizer.Result) {
        self.attributes = attributes
        self.result = result
        colors = result.palette
    }

    func withResult<T>(_ body: (Quantizer.Result) throws -> T) rethrows -> T {
        try lock.withLock { try body(result) }
    }
}
