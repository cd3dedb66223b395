// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
import SegueMetrics

/// Segue's SSIMULACRA2 against the PyPI package `ssimulacra2` (what `scripts/bench-gif` and the
/// GIF quality tests score with), on pairs whose distortions are the kinds a GIF makes.
@Suite("SSIMULACRA2")
struct SSIMULACRA2Tests {
    /// A UI-like RGBA image: a vertical gradient, a card with a soft shadow, and a photo-like
    /// patch of smooth noise.
    static func sceneImage(width: Int, height: Int) -> [UInt8] {
        var rng = SplitMix64(state: 7)
        var out = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let o = (y * width + x) * 4
                var r = 40 + 150 * Double(y) / Double(height), g = 90.0, b = 200 - 100 * Double(x) / Double(width)
                if x > width / 5 && x < width * 4 / 5 && y > height / 4 && y < height * 3 / 4 {
                    r = 245; g = 244; b = 240
                }
                if x < width / 3 && y > height * 3 / 5 {
                    let n = Double(rng.next() % 40)
                    r = 120 + 60 * sin(Double(x) / 7) + n; g = 100 + 50 * cos(Double(y) / 5) + n; b = 80 + n
                }
                out[o] = UInt8(max(0, min(255, r))); out[o + 1] = UInt8(max(0, min(255, g))); out[o + 2] = UInt8(max(0, min(255, b)))
            }
        }
        return out
    }

    /// Reduced to `levels` values per channel with ordered (Bayer 4×4) dithering: GIF-like noise.
    static func dithered(_ rgba: [UInt8], width: Int, levels: Int) -> [UInt8] {
        let bayer: [Double] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map { ($0 + 0.5) / 16 - 0.5 }
        var out = rgba
        let step = 255 / Double(levels - 1)
        for i in 0 ..< rgba.count / 4 {
            let x = i % width, y = i / width
            for c in 0 ..< 3 {
                let v = Double(rgba[i * 4 + c]) / step + bayer[(y % 4) * 4 + x % 4]
                out[i * 4 + c] = UInt8(max(0, min(255, (v.rounded() * step).rounded())))
            }
        }
        return out
    }

    /// Banding: reduced to `levels` values without dithering.
    static func posterized(_ rgba: [UInt8], levels: Int) -> [UInt8] {
        let step = 255 / Double(levels - 1)
        return rgba.enumerated().map { i, v in i % 4 == 3 ? v : UInt8((Double(v) / step).rounded() * step) }
    }

    /// A 3×3 box blur: lost detail.
    static func blurred(_ rgba: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = rgba
        for y in 0 ..< height {
            for x in 0 ..< width {
                for c in 0 ..< 3 {
                    var s = 0, n = 0
                    for dy in -1 ... 1 { for dx in -1 ... 1 {
                        let xx = x + dx, yy = y + dy
                        if xx >= 0 && xx < width && yy >= 0 && yy < height { s += Int(rgba[(yy * width + xx) * 4 + c]); n += 1 }
                    } }
                    out[(y * width + x) * 4 + c] = UInt8(s / n)
                }
            }
        }
        return out
    }

    /// The Python package's score for each (reference, distorted) pair, all of `width × height`.
    static func pythonScores(_ pairs: [([UInt8], [UInt8])], width: Int, height: Int) throws -> [Double] {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var arguments: [String] = []
        for (k, (a, b)) in pairs.enumerated() {
            let fa = dir.appendingPathComponent("\(k)-a.rgba"), fb = dir.appendingPathComponent("\(k)-b.rgba")
            try Data(a).write(to: fa); try Data(b).write(to: fb)
            arguments += [fa.path, fb.path]
        }
        let script = """
        import io, sys
        import ssimulacra2
        from PIL import Image
        w, h = int(sys.argv[1]), int(sys.argv[2])
        def png(path):
            buf = io.BytesIO()
            Image.frombytes("RGBA", (w, h), open(path, "rb").read()).convert("RGB").save(buf, format="PNG")
            buf.seek(0)
            return buf
        args = sys.argv[3:]
        for i in range(0, len(args), 2):
            print(ssimulacra2.compute_ssimulacra2(png(args[i]), png(args[i + 1])))
        """
        let r = try runTool("python3", ["-c", script, String(width), String(height)] + arguments)
        guard r.status == 0 else { throw ToolError(message: "ssimulacra2 (Python) failed: \(r.stderr)") }
        return String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
    }

    @Test("scores what the PyPI package scores, within 0.05, for dither noise, banding, blur and small odd sizes",
          arguments: [(160, 120), (37, 29), (300, 17)])
    func matchesThePythonPackage(size: (Int, Int)) throws {
        let (w, h) = size
        let reference = Self.sceneImage(width: w, height: h)
        let pairs = [
            (reference, reference),
            (reference, Self.dithered(reference, width: w, levels: 8)),
            (reference, Self.dithered(reference, width: w, levels: 24)),
            (reference, Self.posterized(reference, levels: 12)),
            (reference, Self.blurred(reference, width: w, height: h)),
        ]
        let expected = try Self.pythonScores(pairs, width: w, height: h)
        #expect(expected.count == pairs.count)
        let prepared = SSIMULACRA2.Reference(rgba: reference, width: w, height: h)
        for ((a, b), python) in zip(pairs, expected) {
            let once = SSIMULACRA2.score(reference: a, distorted: b, width: w, height: h)
            #expect(abs(once - python) < 0.05, "\(w)×\(h): Segue \(once), Python \(python)")
            // Scoring against a prepared reference is the same computation.
            #expect(prepared.score(b) == once)
        }
        // The distortions are told apart in the right order: 24 dithered levels are closer to
        // the original than 8.
        #expect(expected[0] == 100)
        #expect(expected[2] > expected[1])
    }

    @Test("re-measuring only the rows a frame changed gives exactly the score measured afresh, at every scale",
          arguments: [120 ..< 140, 0 ..< 3, 250 ..< 260, 0 ..< 260])
    func measuringChangedRowsOnly(changed: Range<Int>) {
        // 300×260 has all six scales; the blurs' reach doubles at each one.
        let (w, h) = (300, 260)
        let before = Self.sceneImage(width: w, height: h)
        // The next frame: a dark bar moves into the changed rows of the source.
        var after = before
        for y in changed { for x in 40 ..< 200 { let o = (y * w + x) * 4; after[o] = 20; after[o + 1] = 30; after[o + 2] = 200 } }
        let shownBefore = Self.dithered(before, width: w, levels: 12)
        // Only the changed rows are drawn again.
        var shownAfter = shownBefore
        let redrawn = Self.dithered(after, width: w, levels: 12)
        for y in changed { for k in y * w * 4 ..< (y + 1) * w * 4 { shownAfter[k] = redrawn[k] } }

        let previous = SSIMULACRA2.Reference(rgba: before, width: w, height: h).scoreKeepingRows(shownBefore)
        let reference = SSIMULACRA2.Reference(rgba: after, width: w, height: h)
        let afresh = reference.score(shownAfter)
        let incremental = reference.score(shownAfter, changedRows: changed, previous: previous.rows)
        #expect(incremental.score == afresh, "\(changed): \(incremental.score) against \(afresh)")
        #expect(afresh != previous.score)
        // And the row sums handed on are those of the new pair: the frame after, changing
        // nothing, scores the same again.
        #expect(reference.score(shownAfter, changedRows: 0 ..< 0, previous: incremental.rows).score == afresh)
    }
}
