// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Testing
@testable import SegueEncode

/// The lossy refiner's walk over tolerance levels, with scripted scores: it starts at the level
/// it is given, goes less lossy until one holds (`lossyMargin` above the target), and more lossy
/// while one holds with `lossyPushRoom` to spare (only from the level it started at).
@Suite("GIF lossy refiner")
struct GIFLossyRefinerTests {
    static let target = 80.0

    /// An 8×8 drawing of two colours in a pattern that lossy LZW can change.
    static func drawing() -> Drawing {
        let palette = [Quantizer.Color(r: 10, g: 20, b: 30, a: 255), Quantizer.Color(r: 14, g: 22, b: 30, a: 255), .transparent]
        let indices = (0 ..< 64).map { UInt8(($0 * 7 / 3) % 2) }
        let rect = GIFRect(x: 0, y: 0, width: 8, height: 8)
        return Drawing(indices: indices, palette: palette, transparentIndex: 2, rect: rect,
                       shown: indices.map { Pixels.pack(palette[Int($0)]) }, onGlobalTable: false)
    }

    /// Runs the refiner from `level` with `scores` given to its drawings in turn; returns the
    /// score taken (nil: none held), the next frame's level, and how many drawings were scored.
    func walk(from level: Int, _ scores: [Double]) -> (taken: Double?, level: Int, tried: Int) {
        let d = Self.drawing()
        let refiner = LossyRefiner(screen: [UInt8](repeating: 0, count: 8 * 8 * 4), width: 8, free: nil)
        var k = 0
        let (taken, next) = refiner.refine(Scored(drawing: d, score: Self.target + 10, rows: nil), stored: d.rect,
                                           target: Self.target, level: level) { drawing in
            defer { k += 1 }
            return Scored(drawing: drawing, score: scores[k], rows: nil)
        }
        return (taken?.score, next, k)
    }

    @Test("holding with room pushes to more lossy levels, down to the most lossy")
    func pushes() {
        let t = Self.target
        let r = walk(from: 2, [t + 5, t + 5, t + 0.5])
        #expect(r.taken == t + 0.5 && r.level == 0 && r.tried == 3)
    }

    @Test("a push that misses keeps the level that held")
    func pushMisses() {
        let t = Self.target
        let r = walk(from: 2, [t + 3, t - 1])
        #expect(r.taken == t + 3 && r.level == 2 && r.tried == 2)
    }

    @Test("a miss goes less lossy until a level holds, and does not push from there")
    func backsOff() {
        let t = Self.target
        let r = walk(from: 2, [t - 1, t + 0.05, t + 3])
        #expect(r.taken == t + 3 && r.level == 4 && r.tried == 3)
    }

    @Test("where no level holds, nothing is taken and the next frame starts where this one did")
    func nothingHolds() {
        let t = Self.target
        let r = walk(from: 2, [t - 1, t - 1, t - 1])
        #expect(r.taken == nil && r.level == 2 && r.tried == 3)
    }
}
