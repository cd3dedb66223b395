// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import SegueDiff
import SegueDecode
import Testing

/// Segue's pixelmatch against an independent implementation, the PyPI package `pixelmatch`
/// (installed by scripts/bootstrap): the same mismatch count and the same diff image, byte for
/// byte, on generated image pairs and on the goldens' frames.
///
/// The Swift side writes every pair into one folder and one python3 process runs the oracle over
/// all of them, so the whole comparison costs one interpreter start. The oracle blends translucent
/// pixels over white only; the checkerboard is covered by PixelmatchTests' worked values.
@Suite(.enabled(if: PixelmatchOracle.available || PixelmatchOracle.required,
                "the PyPI package pixelmatch is not installed (scripts/bootstrap installs it)"))
struct PixelmatchOracleTests {
    @Test func generatedPairsMatchTheOracle() throws {
        var generator = PairGenerator(seed: 0x5E6E_0001)
        let cases = generator.cases(count: 1200)
        // The pairs exercise every branch: counted pixels, anti-aliased ones left out, and pairs
        // where nothing counts.
        let counts = cases.map { Pixelmatch.compare($0.first, $0.second, options: $0.options) }
        #expect(counts.filter { $0.antialiased > 0 }.count >= 100)
        #expect(counts.filter { $0.mismatched > 0 }.count >= 600)
        #expect(counts.filter { $0.mismatched == 0 }.count >= 50)
        let disagreements = try PixelmatchOracle.check(cases)
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(cases.count) pairs differ: \(disagreements.prefix(5).joined(separator: "; "))")
    }

    /// Consecutive frames from each golden scene (the middle pair of every scene; every pair of
    /// every scene with SEGUE_PIXELMATCH_ALL_GOLDENS=1), plus the decoder's fuzz PNGs pairwise.
    @Test func goldenFramesMatchTheOracle() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fm = FileManager.default
        let everyPair = ProcessInfo.processInfo.environment["SEGUE_PIXELMATCH_ALL_GOLDENS"] == "1"
        var cases: [OracleCase] = []
        let scenes = try fm.contentsOfDirectory(atPath: root.appendingPathComponent("goldens").path).sorted()
        for scene in scenes {
            let folder = root.appendingPathComponent("goldens").appendingPathComponent(scene)
            guard let names = try? fm.contentsOfDirectory(atPath: folder.path) else { continue }
            let frames = names.filter { $0.hasSuffix(".png") }.sorted()
            guard frames.count >= 2 else { continue }
            let pairs = everyPair ? Array(0 ..< frames.count - 1) : [frames.count / 2 - 1]
            for i in pairs {
                let a = try FrameDecoder.decodeImage(path: folder.appendingPathComponent(frames[i]).path)
                let b = try FrameDecoder.decodeImage(path: folder.appendingPathComponent(frames[i + 1]).path)
                guard a.width == b.width && a.height == b.height else { continue }
                cases.append(OracleCase(kind: "golden \(scene)/\(frames[i])", first: a, second: b, options: .init(background: .white)))
            }
        }
        #expect(cases.count >= 30)
        let media = root.appendingPathComponent("Fuzz/corpus/media")
        let pngs = try fm.contentsOfDirectory(atPath: media.path).filter { $0.hasSuffix(".png") }.sorted()
        let decoded = pngs.compactMap { name in (try? FrameDecoder.decodeImage(path: media.appendingPathComponent(name).path)).map { (name, $0) } }
        for (i, a) in decoded.enumerated() {
            for b in decoded[(i + 1)...] where a.1.width == b.1.width && a.1.height == b.1.height {
                for includeAA in [false, true] {
                    cases.append(OracleCase(kind: "fuzz \(a.0)/\(b.0)", first: a.1, second: b.1,
                                            options: .init(threshold: 0.05, includeAA: includeAA, background: .white)))
                }
            }
        }
        let disagreements = try PixelmatchOracle.check(cases)
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(cases.count) pairs differ: \(disagreements.prefix(5).joined(separator: "; "))")
    }
}

struct OracleCase {
    var kind: String
    var first: RGBAFrame
    var second: RGBAFrame
    var options: PixelmatchOptions
}

enum PixelmatchOracle {
    static let available: Bool = (try? runTool(["python3", "-c", "import pixelmatch"])) == 0
    /// CI installs the oracle, so there a missing package is a failure, not a skip.
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Runs the PyPI implementation over every case in one process; returns a line for each case
    /// whose count or diff image differs from Segue's.
    static func check(_ cases: [OracleCase]) throws -> [String] {
        guard available else { throw OracleMissing() }
        let scratch = try Scratch()
        defer { scratch.remove() }
        var images = Data()
        var manifest: [[String: Any]] = []
        for c in cases {
            let o = c.options
            manifest.append(["width": c.first.width, "height": c.first.height, "offset": images.count,
                             "threshold": o.threshold, "includeAA": o.includeAA, "alpha": o.alpha, "diffMask": o.diffMask,
                             "aaColor": [o.aaColor.red, o.aaColor.green, o.aaColor.blue].map(Int.init),
                             "diffColor": [o.diffColor.red, o.diffColor.green, o.diffColor.blue].map(Int.init)])
            images.append(contentsOf: c.first.pixels)
            images.append(contentsOf: c.second.pixels)
        }
        try scratch.write("images.bin", [UInt8](images))
        try scratch.write("cases.json", [UInt8](try JSONSerialization.data(withJSONObject: manifest)))
        let script = try scratch.write("oracle.py", Array(oracleScript.utf8))
        let status = try runTool(["python3", script, scratch.url.path])
        guard status == 0 else { return ["the oracle exited with status \(status)"] }
        let counts = try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.url.appendingPathComponent("counts.json"))) as? [Int] ?? []
        let drawn = [UInt8](try Data(contentsOf: scratch.url.appendingPathComponent("diffs.bin")))
        guard counts.count == cases.count else { return ["the oracle answered \(counts.count) of \(cases.count) cases"] }
        var disagreements: [String] = []
        var offset = 0
        for (n, c) in cases.enumerated() {
            let size = c.first.pixels.count
            let (segueImage, segueCount) = Pixelmatch.diffImage(c.first, c.second, options: c.options)
            let theirs = drawn[offset ..< offset + size]
            offset += size
            if segueCount.mismatched != counts[n] || segueImage.pixels[...] != theirs {
                let firstPixel = zip(segueImage.pixels, theirs).enumerated().first { $0.element.0 != $0.element.1 }.map { $0.offset / 4 }
                disagreements.append("case \(n) \(c.kind) \(c.first.width)×\(c.first.height) threshold \(c.options.threshold) " +
                                     "includeAA \(c.options.includeAA): Segue \(segueCount.mismatched), oracle \(counts[n])" +
                                     (firstPixel.map { ", first differing diff pixel \($0)" } ?? ""))
            }
        }
        return disagreements
    }

    struct OracleMissing: Error, CustomStringConvertible {
        var description: String { "the PyPI package pixelmatch is not installed: run scripts/bootstrap" }
    }

    static let oracleScript = """
    # SPDX-License-Identifier: Apache-2.0
    # Runs the PyPI pixelmatch over the cases a Swift test wrote (cases.json, images.bin) and
    # writes its counts (counts.json) and diff images (diffs.bin) beside them.
    import json, os, sys
    from concurrent.futures import ProcessPoolExecutor
    from pixelmatch import pixelmatch

    FOLDER = sys.argv[1]

    def run(case):
        size = case["width"] * case["height"] * 4
        with open(os.path.join(FOLDER, "images.bin"), "rb") as f:
            f.seek(case["offset"])
            first, second = f.read(size), f.read(size)
        out = [0] * size
        count = pixelmatch(first, second, case["width"], case["height"], out,
                           threshold=case["threshold"], includeAA=case["includeAA"], alpha=case["alpha"],
                           aa_color=tuple(case["aaColor"]), diff_color=tuple(case["diffColor"]),
                           diff_mask=case["diffMask"])
        return count, bytes(out)

    if __name__ == "__main__":
        with open(os.path.join(FOLDER, "cases.json")) as f:
            cases = json.load(f)
        with ProcessPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
            results = list(pool.map(run, cases, chunksize=4))
        with open(os.path.join(FOLDER, "diffs.bin"), "wb") as f:
            for _, out in results:
                f.write(out)
        with open(os.path.join(FOLDER, "counts.json"), "w") as f:
            json.dump([count for count, _ in results], f)

    """
}

/// Deterministic image pairs of six kinds, each with options drawn across pixelmatch's ranges.
struct PairGenerator {
    var rng: SplitMix
    init(seed: UInt64) { rng = SplitMix(state: seed) }

    mutating func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &rng) }
    mutating func byte() -> UInt8 { UInt8.random(in: 0 ... 255, using: &rng) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0 ..< 1, using: &rng) < p }
    mutating func colour(opaque: Bool) -> [UInt8] { [byte(), byte(), byte(), opaque ? 255 : byte()] }

    mutating func cases(count: Int) -> [OracleCase] {
        (0 ..< count).map { n in
            // A few images are a single row, column or pixel: the neighbourhood's edges.
            let w = n % 50 == 0 ? 1 : int(2 ... 40), h = n % 50 == 25 ? 1 : int(2 ... 40)
            let kind: String, pair: ([UInt8], [UInt8])
            switch n % 6 {
            case 0: kind = "noise"; pair = noise(w, h)
            case 1: kind = "nudged noise"; pair = nudgedNoise(w, h)
            case 2: kind = "anti-aliased shapes"; pair = shapes(w, h, translucent: false)
            case 3: kind = "translucent anti-aliased shapes"; pair = shapes(w, h, translucent: true)
            case 4: kind = "blocks"; pair = blocks(w, h)
            default: kind = "translucent layers"; pair = layers(w, h)
            }
            return OracleCase(kind: kind, first: RGBAFrame(width: w, height: h, pixels: pair.0),
                              second: RGBAFrame(width: w, height: h, pixels: pair.1), options: options())
        }
    }

    /// Thresholds from 0 to 1 (the documented ends, common values, and anything between),
    /// anti-aliasing on and off, and now and then other colours, alpha and the mask.
    mutating func options() -> PixelmatchOptions {
        let thresholds = [0, 0.001, 0.01, 0.05, 0.1, 0.1, 0.2, 0.3, 0.5, 0.75, 1]
        let threshold = chance(0.7) ? thresholds[int(0 ... thresholds.count - 1)] : Double.random(in: 0 ... 1, using: &rng)
        var o = PixelmatchOptions(threshold: threshold, includeAA: chance(0.5), background: .white)
        if chance(0.3) { o.alpha = [0, 0.5, 1, Double.random(in: 0 ... 1, using: &rng)][int(0 ... 3)] }
        if chance(0.2) { o.aaColor = .init(byte(), byte(), byte()); o.diffColor = .init(byte(), byte(), byte()) }
        if chance(0.15) { o.diffMask = true }
        return o
    }

    mutating func noise(_ w: Int, _ h: Int) -> ([UInt8], [UInt8]) {
        let a = (0 ..< w * h * 4).map { _ in byte() }
        return (a, (0 ..< w * h * 4).map { _ in byte() })
    }

    /// Noise and a copy with some channels moved a little: distances near every threshold.
    mutating func nudgedNoise(_ w: Int, _ h: Int) -> ([UInt8], [UInt8]) {
        let opaque = chance(0.5)
        var a: [UInt8] = []
        for _ in 0 ..< w * h { a += colour(opaque: opaque) }
        var b = a
        let spread = [1, 4, 16, 64][int(0 ... 3)]
        for i in b.indices where chance(0.3) && (!opaque || i % 4 != 3) {
            b[i] = UInt8(clamping: Int(b[i]) + int(-spread ... spread))
        }
        return (a, b)
    }

    /// Discs and slanted edges drawn with 4 × 4 supersampled coverage (what a rasterizer's
    /// anti-aliasing leaves), then moved by a fraction of a pixel, resized or recoloured.
    mutating func shapes(_ w: Int, _ h: Int, translucent: Bool) -> ([UInt8], [UInt8]) {
        let background = translucent ? [byte(), byte(), byte(), 0] : colour(opaque: true)
        var first = [[UInt8]](repeating: background, count: w * h), second = first
        for _ in 0 ..< int(1 ... 3) {
            let fill = colour(opaque: !translucent || chance(0.3))
            let cx = Double.random(in: 0 ... Double(w), using: &rng), cy = Double.random(in: 0 ... Double(h), using: &rng)
            let r = Double.random(in: 1 ... Double(max(w, h)) / 2 + 1, using: &rng)
            let slope = Double.random(in: -2 ... 2, using: &rng)
            let isDisc = chance(0.6)
            let dx = [0, 0.25, 0.5, 1][int(0 ... 3)], dr = chance(0.3) ? 0.5 : 0
            let fill2 = chance(0.3) ? colour(opaque: fill[3] == 255) : fill
            func inside(_ x: Double, _ y: Double, _ shift: Double, _ grow: Double) -> Bool {
                isDisc ? (x - cx - shift) * (x - cx - shift) + (y - cy) * (y - cy) < (r + grow) * (r + grow)
                       : y - cy > slope * (x - cx - shift)
            }
            for image in 0 ..< 2 {
                let shift = image == 0 ? 0 : dx, grow = image == 0 ? 0 : dr, paint = image == 0 ? fill : fill2
                for y in 0 ..< h {
                    for x in 0 ..< w {
                        var covered = 0
                        for sy in 0 ..< 4 { for sx in 0 ..< 4 where inside(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4, shift, grow) { covered += 1 } }
                        guard covered > 0 else { continue }
                        let c = Double(covered) / 16
                        if image == 0 { first[y * w + x] = over(paint, first[y * w + x], c) } else { second[y * w + x] = over(paint, second[y * w + x], c) }
                    }
                }
            }
        }
        return (Array(first.joined()), Array(second.joined()))
    }

    /// Straight-alpha source-over of `top` at `coverage` onto `bottom`, rounded to bytes.
    func over(_ top: [UInt8], _ bottom: [UInt8], _ coverage: Double) -> [UInt8] {
        let ta = Double(top[3]) / 255 * coverage, ba = Double(bottom[3]) / 255
        let oa = ta + ba * (1 - ta)
        guard oa > 0 else { return [0, 0, 0, 0] }
        let channels = (0 ..< 3).map { k in UInt8(((Double(top[k]) * ta + Double(bottom[k]) * ba * (1 - ta)) / oa).rounded()) }
        return channels + [UInt8((oa * 255).rounded())]
    }

    /// Flat rectangles, a few channels nudged, and one row shifted by a pixel: edges that move.
    mutating func blocks(_ w: Int, _ h: Int) -> ([UInt8], [UInt8]) {
        var a = [UInt8](repeating: 255, count: w * h * 4)
        for _ in 0 ..< 6 {
            let x0 = int(0 ... w - 1), y0 = int(0 ... h - 1)
            let x1 = min(w, x0 + int(1 ... 12)), y1 = min(h, y0 + int(1 ... 12))
            let c = colour(opaque: chance(0.5))
            for y in y0 ..< y1 { for x in x0 ..< x1 { for k in 0 ..< 4 { a[(y * w + x) * 4 + k] = c[k] } } }
        }
        var b = a
        for _ in 0 ..< (w * h / 6) {
            let i = int(0 ... w * h - 1) * 4 + int(0 ... 3)
            b[i] = UInt8(clamping: Int(b[i]) + int(-120 ... 120))
        }
        let row = int(0 ... h - 1)
        for x in stride(from: w - 1, to: 0, by: -1) { for k in 0 ..< 4 { b[(row * w + x) * 4 + k] = a[(row * w + x - 1) * 4 + k] } }
        return (a, b)
    }

    /// One colour at every alpha: the same RGB with alpha changed, transparent pixels whose hidden
    /// colours differ, and translucent pixels against opaque ones.
    mutating func layers(_ w: Int, _ h: Int) -> ([UInt8], [UInt8]) {
        var a: [UInt8] = [], b: [UInt8] = []
        let base = colour(opaque: true)
        for _ in 0 ..< w * h {
            switch int(0 ... 3) {
            case 0: let alpha = byte(); a += base[0 ..< 3] + [alpha]; b += base[0 ..< 3] + [UInt8(clamping: Int(alpha) + int(-40 ... 40))]
            case 1: a += [byte(), byte(), byte(), 0]; b += [byte(), byte(), byte(), 0]
            case 2: a += base; b += base[0 ..< 3] + [byte()]
            default: let c = colour(opaque: false); a += c; b += c
            }
        }
        return (a, b)
    }
}
