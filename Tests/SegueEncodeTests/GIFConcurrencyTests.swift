// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Foundation
import Testing
@testable import SegueEncode

/// Work run ahead or beside the search (the prefetcher, the second segment searched beside the
/// first) changes only when things are ready, never what is chosen: the file is the same with it
/// off, and the prefetcher alone changes nothing either. (Synthetic animations, where each switch
/// is set on its own; the scenes are encoded both ways end to end in `GIFSpeculationTests`.)
@Suite("GIF encoder concurrency never changes a file")
struct GIFConcurrencyTests {
    static let width = 120, height = 90

    /// Animations of different kinds, opaque RGBA: a photo-like screen dimming under a sliding card
    /// (hard for palettes), a panning gradient under a card of "text" (lossy LZW has room), and a
    /// card sliding over a flat screen with a whole-screen change in the middle (two segments).
    static func animations() -> [(String, [[UInt8]])] {
        let (w, h) = (width, height)
        func animation(_ count: Int, _ pixel: @escaping (Int, Int, Int) -> (UInt8, UInt8, UInt8)) -> [[UInt8]] {
            (0 ..< count).map { k in
                var rgba = [UInt8](repeating: 255, count: w * h * 4)
                for y in 0 ..< h {
                    for x in 0 ..< w { (rgba[(y * w + x) * 4], rgba[(y * w + x) * 4 + 1], rgba[(y * w + x) * 4 + 2]) = pixel(k, x, y) }
                }
                return rgba
            }
        }
        let photo = animation(12) { k, x, y in
            let dim = 1 - 0.05 * Double(min(k, 6))
            if x >= w - 8 * k && y > 15 && y < 75 { return (250, 248, 240) }
            let grain = Double((x * 7 + y * 13) % 9) - 4
            let r = (90 + 80 * sin(Double(x) / 17) + grain) * dim, g = (110 + 70 * cos(Double(x + y) / 23) + grain) * dim
            let b = (140 + 90 * sin(Double(y) / 29 + Double(x) / 41) + grain) * dim
            return (UInt8(max(0, min(255, r))), UInt8(max(0, min(255, g))), UInt8(max(0, min(255, b))))
        }
        let pan = animation(12) { k, x, y in
            let card = x >= 100 - 7 * k && x < 140 - 7 * k && y > 20 && y < 70
            if card { return y % 8 < 2 && (x * 5 + y) % 23 > 4 ? (40, 44, 52) : (245, 242, 236) }
            return (UInt8(100 + (x + 5 * k) / 3), UInt8(110 + y / 5), UInt8(190 - (x + 5 * k + y) / 8))
        }
        let cut = animation(16) { k, x, y in
            let screen: (UInt8, UInt8, UInt8) = k < 8 ? (242, 242, 247) : (28, 28, 30)
            let left = 6 * (k % 8)
            return x >= left && x < left + 30 && y > 30 && y < 60 ? (UInt8(40 + 5 * (x - left)), 122, UInt8(255 - 3 * (y - 30))) : screen
        }
        return [("photo", photo), ("pan", pan), ("cut", cut)]
    }

    func bytes(_ frames: [[UInt8]], concurrency: GIFEncoder.Concurrency, in dir: URL) throws -> [UInt8] {
        let file = try AtomicFileWriter(destination: dir.appendingPathComponent("probe.gif"))
        defer { file.discard() }
        let spool = try FrameSpool(for: file, width: Self.width, height: Self.height)
        for frame in frames { try frame.withUnsafeBytes { try spool.append($0) } }
        let encoder = try GIFEncoder(spool: spool, hasTransparency: false)
        let encoded = try encoder.encode(mode: .perFrame, settings: Quantizer.Settings(quality: 90, maxColors: 256, dithering: 1),
                                         target: PerceptualTarget(score: 90), concurrency: concurrency)
        return try (0 ..< encoded.frames.count).reduce(encoded.header) { $0 + (try encoded.frames.read($1)) }
    }

    @Test("prefetcher and second segment off, then on: the same bytes", arguments: [0, 1, 2])
    func sameBytes(_ index: Int) throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (name, frames) = Self.animations()[index]
        let off = try bytes(frames, concurrency: .none, in: dir)
        let on = try bytes(frames, concurrency: .full, in: dir)
        let prefetchOnly = try bytes(frames, concurrency: .init(prefetch: true, sideBySide: false), in: dir)
        #expect(off == on, "\(name): \(off.count) bytes with nothing ahead, \(on.count) with everything")
        #expect(off == prefetchOnly, "\(name): the prefetcher alone changed the file")
    }

    @Test("the cut animation is searched in two segments (so the test above covers them)")
    func twoSegments() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try AtomicFileWriter(destination: dir.appendingPathComponent("probe.gif"))
        defer { file.discard() }
        let spool = try FrameSpool(for: file, width: Self.width, height: Self.height)
        for frame in Self.animations()[2].1 { try frame.withUnsafeBytes { try spool.append($0) } }
        let encoder = try GIFEncoder(spool: spool, hasTransparency: false)
        // Frame 8 turns the whole screen dark: the one whole-screen change, in the middle half.
        #expect(encoder.plan.segmentStarts(width: Self.width, height: Self.height, hasTransparency: false) == [0, 8])
    }
}
