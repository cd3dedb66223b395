// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueEncode

/// Lossy LZW pushed further where a frame has room (`PerceptualTarget.lossyPushRoom`): a frame
/// whose lossy drawing holds with room to spare tries the next more lossy level at once.
@Suite("GIF lossy levels pushed where a frame has room")
struct GIFLossyPushTests {
    static let width = 160, height = 120
    /// Low enough that lossy drawings of these frames have room.
    static let target = 75.0

    /// Opaque RGBA frames: a card with lines of "text" sliding over a soft two-way gradient (over
    /// a thousand shades, dithered) that pans, so that every pixel changes. Lossy LZW can merge
    /// neighbouring shades into longer strings where the score leaves room.
    static func frames(count: Int = 12) -> [[UInt8]] {
        (0 ..< count).map { k in
            var rgba = [UInt8](repeating: 255, count: width * height * 4)
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let card = x >= 140 - 8 * k && x < 180 - 8 * k && y > 30 && y < 90
                    let text = card && y % 8 < 2 && (x * 5 + y) % 23 > 4
                    let i = (y * width + x) * 4
                    let shade: (UInt8, UInt8, UInt8) = text ? (40, 44, 52) : card ? (245, 242, 236)
                        : (UInt8(100 + (x + 5 * k) / 3), UInt8(110 + y / 5), UInt8(190 - (x + 5 * k + y) / 8))
                    (rgba[i], rgba[i + 1], rgba[i + 2]) = shade
                }
            }
            return rgba
        }
    }

    private func encode(_ frames: [[UInt8]], pushRoom: Double?, in dir: URL, name: String) throws -> (GIFEncoder.Encoded, Int) {
        let file = try AtomicFileWriter(destination: dir.appendingPathComponent(name))
        defer { file.discard() }
        let spool = try FrameSpool(for: file, width: Self.width, height: Self.height)
        for frame in frames { try frame.withUnsafeBytes { try spool.append($0) } }
        let encoder = try GIFEncoder(spool: spool, hasTransparency: false)
        var target = GIFEncoder.PerceptualTarget(score: Self.target, atMostFFmpeg: false)
        target.lossyPushRoom = pushRoom
        let encoded = try encoder.encode(mode: .perFrame, settings: Quantizer.Settings(quality: 90, maxColors: 256, dithering: 1),
                                         target: target)
        return (encoded, encoded.byteCount)
    }

    @Test("with room, a frame goes on to more lossy levels: every frame still at its target, and none left at a level with room unless the next one missed")
    func pushedWhereRoom() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = Self.frames()
        let room = try #require(GIFEncoder.PerceptualTarget(score: 90).lossyPushRoom)
        let (pushed, pushedBytes) = try encode(frames, pushRoom: room, in: dir, name: "pushed.gif")
        let (plain, plainBytes) = try encode(frames, pushRoom: nil, in: dir, name: "plain.gif")
        let tolerances = GIFEncoder.PerceptualTarget.lossyTolerances, margin = GIFEncoder.PerceptualTarget.lossyMargin

        var pushes = 0
        for (k, search) in pushed.searches.enumerated() {
            #expect(search.score >= search.target, "frame \(k) scores \(search.score), below its target \(search.target)")
            // The lossy drawings of the palette chosen, in the order tried.
            let lossy = search.tried.filter { $0.lossyTolerance > 0 && $0.quality == search.chosen && !$0.repair }
            let held = lossy.filter { $0.score >= search.target + margin }
            // Pushed: a drawing held, and the one tried right after it was more lossy.
            pushes += zip(lossy, lossy.dropFirst()).filter { $0.score >= search.target + margin && $1.lossyTolerance > $0.lossyTolerance }.count
            guard let taken = held.max(by: { $0.lossyTolerance < $1.lossyTolerance }), taken.lossyTolerance < tolerances.max()!,
                  taken.score - search.target >= room else { continue }
            #expect(lossy.contains { $0.lossyTolerance > taken.lossyTolerance && $0.score < search.target + margin },
                    "frame \(k) kept tolerance \(taken.lossyTolerance) at \(taken.score) (target \(search.target)) without trying a more lossy one: \(lossy)")
        }
        #expect(pushes > 0, "no frame had room to push: the frames test nothing")
        #expect(plain.searches.allSatisfy { s in !zip(s.tried, s.tried.dropFirst()).contains {
            $0.lossyTolerance > 0 && $0.score >= s.target + margin && $1.lossyTolerance > $0.lossyTolerance } },
                "without a push room, no frame tries a more lossy level after one that held")
        // (Not fewer bytes on every animation: a push changes where the next frames start, and
        // over 22 scenes it gave 1.6 % fewer bytes in total, with some scenes larger; see
        // `lossyPushRoom`.)
        #expect(pushedBytes != plainBytes, "the push changed nothing: \(pushedBytes) bytes either way")
    }
}
