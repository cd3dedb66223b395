// SPDX-License-Identifier: Apache-2.0
import CPaletteGenUse
import Foundation

/// What ffmpeg's usual two-pass GIF of the same frames shows, frame by frame:
///
///     ffmpeg -i frame-%04d.png -vf palettegen=stats_mode=diff palette.png
///     ffmpeg -i frame-%04d.png -i palette.png -lavfi paletteuse=diff_mode=rectangle x.gif
///
/// computed beside FFmpeg 5.1's filters (`CPaletteGenUse`): the same palette and the same pixels
/// as that GIF decodes to, which `GIFFFmpegFloorTests` checks against the `ffmpeg` tool. The
/// default perceptual target (`GIFEncoder.PerceptualTarget.atMostFFmpeg`) scores them to learn,
/// for frames no palette of Segue's brings to the target, how good a GIF of that frame the common
/// recipe manages. Opaque frames only: the recipe treats alpha differently from Segue.
///
/// (It was libavfilter itself, opened with `dlopen` when first needed: 45 ms a GIF to open it and
/// the thirty libraries it brings, 8 % of the CPU of 22 GIFs in its two filters, and 56 MB more
/// peak RSS.)
final class FFmpegTwoPassGIF: @unchecked Sendable {   // `palette` is made once under `lock`
    /// Whether ffmpeg's GIF can be made (always: it no longer depends on a library found at run time).
    static var isAvailable: Bool { true }

    let spool: FrameSpool
    private let lock = NSLock()
    private var palette: [UInt32]?

    init(spool: FrameSpool) { self.spool = spool }

    /// The first pass: palettegen's 256 entries (0xAARRGGBB) over every frame (made on first use).
    func paletteEntries() throws -> [UInt32] {
        try lock.withLock {
            if let palette { return palette }
            guard let histogram = pgu_histogram_create() else { throw EncodeError.outOfMemory("palettegen") }
            defer { pgu_histogram_destroy(histogram) }
            let count = spool.width * spool.height
            var previous = [UInt32](repeating: 0, count: count), current = previous
            for i in 0 ..< spool.count {
                try read(i, into: &current)
                let status = previous.withUnsafeBufferPointer { before in
                    current.withUnsafeBufferPointer { pgu_histogram_add(histogram, i == 0 ? nil : before.baseAddress, $0.baseAddress, count) }
                }
                guard status == 0 else { throw EncodeError.outOfMemory("palettegen") }
                swap(&previous, &current)
            }
            var entries = [UInt32](repeating: 0, count: 256)
            guard pgu_histogram_palette(histogram, &entries) == 0 else { throw EncodeError.outOfMemory("palettegen") }
            palette = entries
            return entries
        }
    }

    /// A new pass over the frames, from the first (see `Frames`).
    func frames() throws -> Frames { try Frames(self) }

    /// Makes the palette on another thread, so that a later `frames()` finds it ready (or waits
    /// for it rather than starting over). A failure is left for `frames()` to meet again and report.
    func prepareInBackground() {
        DispatchQueue.global().async { [self] in _ = try? paletteEntries() }
    }

    /// The second pass, frame by frame in order: what the viewer sees after each frame (RGBA).
    /// paletteuse has to go through every frame in order anyway: `prefetch` lets it run ahead on
    /// another thread to the next frame the caller may ask for, rather than the caller waiting
    /// for it.
    final class Frames: @unchecked Sendable {   // state touched only on `queue`
        private let owner: FFmpegTwoPassGIF
        private let mapper: OpaquePointer
        /// Frames mapped so far.
        private var mapped = 0
        /// The last frame mapped, as shown (RGBA).
        private var shown: [UInt8]
        /// Frame `mapped`'s source, where it has been read already (`sourceRead`), and the one after.
        private var source: [UInt32], nextSource: [UInt32]
        private var sourceRead = false
        private let queue = DispatchQueue(label: "segue.ffmpeg-gif-frames")
        /// What went wrong making a frame ahead: reported by the next `frame(_:)`.
        private var failure: Error?

        init(_ owner: FFmpegTwoPassGIF) throws {
            self.owner = owner
            let palette = try owner.paletteEntries()
            guard let mapper = pgu_mapper_create(palette, Int32(owner.spool.width), Int32(owner.spool.height)) else {
                throw EncodeError.outOfMemory("paletteuse")
            }
            self.mapper = mapper
            source = [UInt32](repeating: 0, count: owner.spool.width * owner.spool.height)
            nextSource = source
            shown = [UInt8](repeating: 0, count: source.count * 4)
        }

        deinit { pgu_mapper_destroy(mapper) }

        /// The highest index given to `prefetch` (read and written by the caller's thread only).
        private var prefetched = -1

        /// Frame `index`'s image as shown (RGBA). Indices must not go back, nor fall below one
        /// given to `prefetch`.
        func frame(_ index: Int) throws -> [UInt8] {
            try queue.sync {
                if let failure { throw failure }
                return try make(index)
            }
        }

        /// Makes frame `index` on another thread, so that a later `frame(index)` or beyond finds
        /// the work done. The caller promises not to ask for an earlier frame.
        func prefetch(_ index: Int) {
            guard index > prefetched, index < owner.spool.count else { return }
            prefetched = index
            queue.async { [self] in
                guard failure == nil else { return }
                do { _ = try make(index) } catch { failure = error }
            }
        }

        private func make(_ index: Int) throws -> [UInt8] {
            precondition(index >= mapped - 1, "ffmpeg's frames are made in order")
            // Frames before the last one up to `index` that paletteuse redraws whole do not matter.
            if index > mapped {
                let (w, h) = (Int32(owner.spool.width), Int32(owner.spool.height))
                if !sourceRead { try owner.read(mapped, into: &source); sourceRead = true }
                var restart: Int?
                var earlier = source, later = nextSource
                for j in mapped + 1 ... index {
                    try owner.read(j, into: &later)
                    if earlier.withUnsafeBufferPointer({ a in later.withUnsafeBufferPointer { pgu_redraws_whole(a.baseAddress, $0.baseAddress, w, h) } }) != 0 {
                        restart = j
                    }
                    swap(&earlier, &later)
                }
                if let restart {
                    pgu_mapper_restart(mapper)
                    mapped = restart
                    sourceRead = false
                }
            }
            while mapped <= index {
                if !sourceRead { try owner.read(mapped, into: &source) }
                // A frame before the one asked for is not drawn where the next frame redraws all
                // it would (about half of them, in animations that move across the screen).
                var skip: Int32 = 0
                if mapped < index {
                    try owner.read(mapped + 1, into: &nextSource)
                    skip = source.withUnsafeBufferPointer { frame in
                        nextSource.withUnsafeBufferPointer { pgu_mapper_next_redraws(mapper, frame.baseAddress, $0.baseAddress) }
                    }
                }
                let wanted = mapped == index
                _ = source.withUnsafeBufferPointer { frame in
                    shown.withUnsafeMutableBytes { pgu_mapper_next(mapper, frame.baseAddress, wanted ? $0.bindMemory(to: UInt32.self).baseAddress : nil, skip) }
                }
                mapped += 1
                sourceRead = !wanted
                if wanted { shown.withUnsafeMutableBytes(swapRedAndBlue) } else { swap(&source, &nextSource) }
            }
            return shown
        }
    }

    /// A frame of the spool as 0xAARRGGBB words (FFmpeg's RGB32, what both filters take).
    fileprivate func read(_ index: Int, into argb: inout [UInt32]) throws {
        try argb.withUnsafeMutableBytes { raw in
            try spool.read(index, into: raw)
            swapRedAndBlue(raw)
        }
    }
}

/// RGBA ⇄ BGRA, in place.
private func swapRedAndBlue(_ raw: UnsafeMutableRawBufferPointer) {
    let px = raw.bindMemory(to: UInt32.self)
    for k in px.indices {
        let v = px[k]
        px[k] = (v & 0xFF00_FF00) | (v & 0xFF) << 16 | (v >> 16) & 0xFF
    }
}
