// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Foundation

/// The GIF's global colour table (see `GlobalPalette`), built on another core while
/// the frames are still being rendered, rather than in a pass over them all before the first
/// frame is searched.
///
/// It sees the frames as `GIFPlan` plans an opaque animation: the first whole, each
/// later one's rectangle of changed pixels. Frames are added in order on one serial queue, so the
/// palette is the one `GIFEncoder.encode` would make: the same file. A frame with a transparent
/// pixel plans differently (disposals, cleared rectangles): the stream is then abandoned and the
/// encoder builds the palette itself.
final class GlobalPaletteStream: @unchecked Sendable {   // state below `queue` touched only on it
    /// libimagequant's settings the palette is made with (`GlobalPalette.settings`).
    let settings: Quantizer.Settings
    private let spool: FrameSpool
    private let queue = DispatchQueue(label: "segue.gif-global-palette")
    private var histogram: PaletteHistogram?
    private var base: [UInt8] = [], current: [UInt8] = []
    private var added = 0
    private var failure: Error?
    private var made: GlobalPalette?
    private var abandoned = false

    init(spool: FrameSpool, settings: Quantizer.Settings) {
        self.spool = spool
        self.settings = settings
    }

    /// Frame `index` has been stored in the spool (frames are stored in order).
    func frameStored(_ index: Int) {
        queue.async { [self] in
            guard !abandoned, failure == nil else { return }
            precondition(index == added, "frames are added in order")
            do { try add(index) } catch { failure = error }
            added += 1
        }
    }

    private func add(_ index: Int) throws {
        let w = spool.width, h = spool.height
        if histogram == nil {
            histogram = try PaletteHistogram(try Quantizer.Attributes(settings))
            base = [UInt8](repeating: 0, count: spool.frameBytes)
            current = base
        }
        try current.withUnsafeMutableBytes { try spool.readStored(index, into: $0) }
        let rect = index == 0 ? GIFRect(x: 0, y: 0, width: w, height: h) : base.withUnsafeBytes { b in
            current.withUnsafeBytes { c in
                Pixels.changedBounds(b.bindMemory(to: UInt32.self), c.bindMemory(to: UInt32.self), w, h)
            }
        }
        // (An unchanged frame is planned as a 1×1 rectangle at the origin.)
        let planned = rect.isEmpty ? GIFRect(x: 0, y: 0, width: 1, height: 1) : rect
        try histogram!.add(Pixels.masked(current, base: base, rect: planned, whole: index == 0, width: w), rect: planned)
        swap(&base, &current)
    }

    /// Stops adding frames (one had a transparent pixel, or the render ended early).
    func abandon() {
        queue.async { [self] in
            abandoned = true
            histogram = nil
            base = []
            current = []
        }
    }

    /// The palette, once every stored frame is added; nil where the stream was abandoned, failed
    /// (the encoder then meets the error itself) or did not see every frame of `spool`.
    func palette() throws -> GlobalPalette? {
        try queue.sync {
            guard !abandoned, failure == nil, added == spool.count, spool.count > 0 else { return nil }
            if let made { return made }
            let result = try histogram!.quantize(maxColors: settings.maxColors)
            made = GlobalPalette(attributes: histogram!.attributes, result: result)
            histogram = nil
            base = []
            current = []
            return made
        }
    }
}
