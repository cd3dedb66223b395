// SPDX-License-Identifier: Apache-2.0
import CSSIMULACRA2
import Foundation

/// SSIMULACRA2, the perceptual image metric of libjxl (Jon Sneyers, Cloudinary): 100 means
/// identical, 90 is the usual "visually lossless" line, 70 "high quality", 50 "medium".
///
/// This follows the PyPI package `ssimulacra2` (the one `scripts/bench-gif` and the tests score
/// with), which follows libjxl's `tools/ssimulacra2.cc`:
/// - sRGB → linear → XYB (the opsin absorbance matrix, cube root), made positive;
/// - six scales, each half the size of the one before (2×2 means in linear light);
/// - at each scale and for each channel, a Gaussian-blurred (σ = 1.5) SSIM error map and an edge
///   map (artefacts: edges the original lacks; lost detail: edges it had), each pooled as a mean
///   and a 4-norm;
/// - 108 weights and a fitted polynomial turn those into the score.
///
/// The blur is the package's: an 11-tap Gaussian, zero beyond the left and right edges and
/// mirrored at the top and bottom (the package zero-pads its arrays' first axis, which is x: its
/// XYB arrays are transposed). Planes are Float; sums are Double. The inner loops are C
/// (`Sources/CSSIMULACRA2`), so that debug builds run them at a usable speed. Scores agree with the Python
/// package to about 0.01 (see `SSIMULACRA2Tests`).
///
/// Alpha is ignored: pixels are compared as opaque RGB, as the Python package compares an RGB
/// conversion.
public enum SSIMULACRA2 {
    /// The score of `distorted` against `reference`: RGBA bytes (alpha ignored), row by row,
    /// `width × height` each. Images smaller than 8×8 have no scale to measure and score 100.
    public static func score(reference: UnsafeBufferPointer<UInt8>, distorted: UnsafeBufferPointer<UInt8>,
                             width: Int, height: Int) -> Double {
        Reference(rgba: reference, width: width, height: height).score(distorted)
    }

    public static func score(reference: [UInt8], distorted: [UInt8], width: Int, height: Int) -> Double {
        reference.withUnsafeBufferPointer { r in
            distorted.withUnsafeBufferPointer { d in score(reference: r, distorted: d, width: width, height: height) }
        }
    }

    /// One reference image, prepared once (its XYB planes and their blurs at every scale) so that
    /// several candidates can be scored against it without redoing the reference's half of the work.
    public final class Reference: @unchecked Sendable {   // `scales` is written only while it is made
        public let width: Int, height: Int
        fileprivate var scales: [ReferenceScale] = []

        public convenience init(rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int) {
            precondition(rgba.count >= width * height * 4, "SSIMULACRA2: \(rgba.count) bytes for \(width)×\(height) RGBA")
            self.init(LinearImage(rgba: rgba, width: width, height: height))
        }

        public convenience init(rgba: [UInt8], width: Int, height: Int) {
            precondition(rgba.count >= width * height * 4, "SSIMULACRA2: \(rgba.count) bytes for \(width)×\(height) RGBA")
            self.init(rgba.withUnsafeBufferPointer { LinearImage(rgba: $0, width: width, height: height) })
        }

        private init(_ image: LinearImage) {
            width = image.width
            height = image.height
            var linear = image
            var level = 0
            let scaleCount = SSIMULACRA2.scaleCount(width: image.width, height: image.height)
            while level < numberOfScales && linear.width >= 8 && linear.height >= 8 {
                let xyb = XYBImage(linear)
                var scale = ReferenceScale(xyb: xyb, mu: [], sigma: [])
                for c in 0 ..< 3 {
                    let plane = xyb.planes[c]
                    let use = SSIMULACRA2.use(level, c, scales: scaleCount)
                    scale.mu.append(use == .nothing ? [] : blur(plane, xyb.width, xyb.height))
                    scale.sigma.append(use == .ssimAndEdges ? blur(multiply(plane, plane), xyb.width, xyb.height) : [])
                }
                scales.append(scale)
                level += 1
                if level < numberOfScales { linear = linear.halved() }
            }
        }

        /// The score of `distorted` (RGBA bytes of the same size) against this reference.
        public func score(_ distorted: UnsafeBufferPointer<UInt8>) -> Double { measure(distorted, changedRows: nil).score }

        public func score(_ distorted: [UInt8]) -> Double { distorted.withUnsafeBufferPointer { score($0) } }

        /// The score of `distorted`, and its per-row sums for the next call.
        /// - Parameter changedRows: with `previous`, the rows (of the full-size image) outside of
        ///   which this reference and `distorted` are the same as the pair `previous` was measured
        ///   on. The maps of the other rows are not computed again: their sums are taken from
        ///   `previous` (the blurs reach 5 rows at each scale, so the rows recomputed are the
        ///   changed ones widened by that). The score is exactly the one measured afresh.
        public func score(_ distorted: [UInt8], changedRows: Range<Int>, previous: RowSums) -> (score: Double, rows: RowSums) {
            distorted.withUnsafeBufferPointer { measure($0, changedRows: (changedRows, previous)) }
        }

        public func scoreKeepingRows(_ distorted: [UInt8]) -> (score: Double, rows: RowSums) {
            distorted.withUnsafeBufferPointer { measure($0, changedRows: nil) }
        }

        private func measure(_ distorted: UnsafeBufferPointer<UInt8>, changedRows: (Range<Int>, RowSums)?) -> (score: Double, rows: RowSums) {
            precondition(distorted.count >= width * height * 4)
            if let previous = changedRows?.1 {
                precondition(previous.width == width && previous.height == height, "SSIMULACRA2: row sums of another size")
            }
            var averages: [ScaleAverages] = []
            var rowSums = RowSums(width: width, height: height, scales: [])
            let scaleCount = scales.count
            var linear: LinearImage?
            for (level, reference) in scales.enumerated() {
                let w = reference.xyb.width, h = reference.xyb.height
                // The map rows to compute: all, or the changed ones at this scale widened by the
                // blur's reach.
                let rows: Range<Int>
                if let changed = changedRows?.0 {
                    let scale = 1 << level
                    let a = min(h, max(0, changed.lowerBound) / scale), b = min(h, (max(0, changed.upperBound) + scale - 1) / scale)
                    rows = a < b ? max(0, a - 5) ..< min(h, b + 5) : 0 ..< 0
                } else {
                    rows = 0 ..< h
                }
                // The planes the maps and blurs read: the map rows and 5 more either side. Nothing
                // reads the distorted planes outside these rows, so they are left unwritten (filling
                // whole planes would cost far more than the few changed rows).
                let planeRows = max(0, rows.lowerBound - 5) ..< min(h, rows.upperBound + 5)
                // Candidates are GIF frames: at the full scale, a few hundred colours.
                let xyb: XYBImage
                if let halved = linear {
                    xyb = XYBImage(halved, rows: rows.isEmpty ? 0 ..< 0 : planeRows)
                } else {
                    let made = XYBImage.fewColours(rgba: distorted, width: width, height: height, rows: rows.isEmpty ? 0 ..< 0 : planeRows)
                    (linear, xyb) = made
                }
                var scaleAverages = ScaleAverages()
                // The three channels are independent: on up to three threads, same result.
                let channelRows = ChannelResults()
                // (At the full scale, Y needs three blurs and X and B one each: two threads share
                // the work evenly.)
                // (The candidate's blurs, and the products they blur, are made a few rows at a
                // time beside the maps, not as whole planes: see `s2_candidate_maps_rows`.)
                DispatchQueue.concurrentPerform(iterations: 3) { c in
                    let img1 = reference.xyb.planes[c], img2 = xyb.planes[c]
                    var sums = changedRows?.1.scales[level][c] ?? [Double](repeating: 0, count: h * 6)
                    if !rows.isEmpty {
                        let (y0, y1) = (Int32(rows.lowerBound), Int32(rows.upperBound))
                        switch SSIMULACRA2.use(level, c, scales: scaleCount) {
                        case .nothing:
                            break
                        case .edges:
                            s2_candidate_maps_rows(img1, reference.mu[c], nil, img2, Int32(w), Int32(h), y0, y1, &sums)
                        case .ssimAndEdges:
                            s2_candidate_maps_rows(img1, reference.mu[c], reference.sigma[c], img2, Int32(w), Int32(h), y0, y1, &sums)
                        }
                    }
                    channelRows.set(c, sums)
                }
                var perChannel: [[Double]] = []
                for c in 0 ..< 3 {
                    let sums = channelRows.get(c)
                    var total = [Double](repeating: 0, count: 6)
                    for y in 0 ..< h { for j in 0 ..< 6 { total[j] += sums[y * 6 + j] } }
                    scaleAverages.add(channel: c, sums: total, count: w * h)
                    perChannel.append(sums)
                }
                rowSums.scales.append(perChannel)
                averages.append(scaleAverages)
                if level + 1 < scales.count { linear = linear!.halved() }
            }
            return (SSIMULACRA2.combine(averages), rowSums)
        }
    }

    /// A measurement's sums per row, per scale and channel (see `Reference.score(_:changedRows:previous:)`).
    public struct RowSums: Sendable {
        let width: Int, height: Int
        /// [scale][channel]: six sums per row of that scale.
        fileprivate var scales: [[[Double]]]
    }

    static let numberOfScales = 6

    /// Which maps a channel at a scale needs. Many of libjxl's weights are exactly zero: at the
    /// full scale, where three quarters of the work is, X and B weigh only their edge maps, which
    /// need no σ blurs, and Y at the coarsest scale weighs nothing. Skipping what a zero weight
    /// multiplies leaves the score exactly as it was.
    enum MapUse { case nothing, edges, ssimAndEdges }

    /// With fewer than six scales the weights are taken in order (see `combine`), so which maps are
    /// needed depends on how many scales the image has.
    static func use(_ scale: Int, _ channel: Int, scales: Int) -> MapUse { uses[scales][channel * scales + scale] }

    private static let uses: [[MapUse]] = (0 ... numberOfScales).map { scales in
        (0 ..< 3 * scales).map { k in
            let w = weights[k * 6 ..< k * 6 + 6]   // per norm: SSIM, artefact, detail lost
            let ssim = w[k * 6] != 0 || w[k * 6 + 3] != 0
            let edges = [1, 2, 4, 5].contains { w[k * 6 + $0] != 0 }
            return ssim ? .ssimAndEdges : edges ? .edges : .nothing
        }
    }

    /// How many scales an image of this size is measured at.
    static func scaleCount(width: Int, height: Int) -> Int {
        var (w, h, count) = (width, height, 0)
        while count < numberOfScales && w >= 8 && h >= 8 { count += 1; w = (w + 1) / 2; h = (h + 1) / 2 }
        return count
    }

    /// Per-channel sums written by concurrent tasks.
    private final class ChannelResults: @unchecked Sendable {
        private var sums = [[Double]](repeating: [], count: 3)
        private let lock = NSLock()
        func set(_ c: Int, _ value: [Double]) { lock.withLock { sums[c] = value } }
        func get(_ c: Int) -> [Double] { lock.withLock { sums[c] } }
    }

    fileprivate struct ReferenceScale {
        var xyb: XYBImage
        var mu: [[Float]]
        var sigma: [[Float]]
    }

    /// Per scale: per channel, the SSIM map's mean and 4-norm, and the edge maps' (artefact mean,
    /// artefact 4-norm, detail-lost mean, detail-lost 4-norm).
    fileprivate struct ScaleAverages {
        var ssim = [Double](repeating: 0, count: 6)
        var edge = [Double](repeating: 0, count: 12)

        mutating func add(channel c: Int, sums: [Double], count: Int) {
            let n = Double(count)
            ssim[c * 2] = sums[0] / n
            ssim[c * 2 + 1] = pow(sums[1] / n, 0.25)
            edge[c * 4] = sums[2] / n
            edge[c * 4 + 1] = pow(sums[3] / n, 0.25)
            edge[c * 4 + 2] = sums[4] / n
            edge[c * 4 + 3] = pow(sums[5] / n, 0.25)
        }
    }

    /// The weighted sum over scales and the fitted polynomial. With fewer than six scales (small
    /// images) the weights are taken in order, as libjxl does.
    fileprivate static func combine(_ scales: [ScaleAverages]) -> Double {
        var sum = 0.0
        var i = 0
        for c in 0 ..< 3 {
            for scale in scales {
                for n in 0 ..< 2 {
                    sum += weights[i] * abs(scale.ssim[c * 2 + n]); i += 1
                    sum += weights[i] * abs(scale.edge[c * 4 + n]); i += 1
                    sum += weights[i] * abs(scale.edge[c * 4 + n + 2]); i += 1
                }
            }
        }
        var s = sum * 0.9562382616834844
        s = 2.326765642916932 * s - 0.020884521182843837 * s * s + 6.248496625763138e-05 * s * s * s
        return s > 0 ? 100 - 10 * pow(s, 0.6276336467831387) : 100
    }

    /// libjxl's fitted weights: per channel (X, Y, B), per scale, per norm (mean, 4-norm), for the
    /// SSIM map, the artefact map and the detail-lost map.
    static let weights: [Double] = [
        0.0, 0.0007376606707406586, 0.0, 0.0, 0.0007793481682867309, 0.0, 0.0, 0.0004371155730107379, 0.0,
        1.1041726426657346, 0.00066284834129271, 0.00015231632783718752, 0.0, 0.0016406437456599754, 0.0,
        1.8422455520539298, 11.441172603757666, 0.0, 0.0007989109436015163, 0.000176816438078653, 0.0,
        1.8787594979546387, 10.94906990605142, 0.0, 0.0007289346991508072, 0.9677937080626833, 0.0,
        0.00014003424285435884, 0.9981766977854967, 0.00031949755934435053, 0.0004550992113792063, 0.0, 0.0,
        0.0013648766163243398, 0.0, 0.0, 0.0, 0.0, 0.0, 7.466890328078848, 0.0, 17.445833984131262,
        0.0006235601634041466, 0.0, 0.0, 6.683678146179332, 0.00037724407979611296, 1.027889937768264,
        225.20515300849274, 0.0, 0.0, 19.213238186143016, 0.0011401524586618361, 0.001237755635509985,
        176.39317598450694, 0.0, 0.0, 24.43300999870476, 0.28520802612117757, 0.0004485436923833408, 0.0, 0.0,
        0.0, 34.77906344483772, 44.835625328877896, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
        0.0008680556573291698, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0005313191874358747, 0.0, 0.00016533814161379112,
        0.0, 0.0, 0.0, 0.0, 0.0, 0.0004179171803251336, 0.0017290828234722833, 0.0, 0.0020827005846636437,
        0.0, 0.0, 8.826982764996862, 23.19243343998926, 0.0, 95.1080498811086, 0.9863978034400682,
        0.9834382792465353, 0.0012286405048278493, 171.2667255897307, 0.9807858872435379, 0.0, 0.0, 0.0,
        0.0005130064588990679, 0.0, 0.00010854057858411537,
    ]
}

/// Linear-light RGB planes.
private struct LinearImage {
    var width: Int, height: Int
    var r: [Float], g: [Float], b: [Float]

    init(width: Int, height: Int, r: [Float], g: [Float], b: [Float]) {
        self.width = width; self.height = height; self.r = r; self.g = g; self.b = b
    }

    init(rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int) {
        let n = width * height
        var r = unfilledPlane(n), g = unfilledPlane(n), b = unfilledPlane(n)
        s2_linearize(rgba.baseAddress!, n, &r, &g, &b)
        self.init(width: width, height: height, r: r, g: g, b: b)
    }

    /// 2×2 means; a last odd column or row averages the pixels it has.
    func halved() -> LinearImage {
        let w2 = (width + 1) / 2, h2 = (height + 1) / 2
        func half(_ p: [Float]) -> [Float] {
            var out = unfilledPlane(w2 * h2)
            s2_halve(p, Int32(width), Int32(height), &out)
            return out
        }
        return LinearImage(width: w2, height: h2, r: half(r), g: half(g), b: half(b))
    }
}

/// XYB planes, shifted positive as SSIMULACRA2 does (X·14 + 0.42, Y + 0.01, B − Y + 0.55).
private struct XYBImage {
    var width: Int, height: Int
    var planes: [[Float]]

    init(_ linear: LinearImage) {
        width = linear.width
        height = linear.height
        let n = width * height
        var x = unfilledPlane(n), y = unfilledPlane(n), b = unfilledPlane(n)
        s2_xyb(linear.r, linear.g, linear.b, n, &x, &y, &b)
        planes = [x, y, b]
    }

    /// The planes' `rows` only (the others are not written).
    init(_ linear: LinearImage, rows: Range<Int>) {
        width = linear.width
        height = linear.height
        let n = width * height
        var x = unfilledPlane(n), y = unfilledPlane(n), b = unfilledPlane(n)
        let o = rows.lowerBound * width, count = rows.count * width
        if count > 0 {
            x.withUnsafeMutableBufferPointer { x in
                y.withUnsafeMutableBufferPointer { y in
                    b.withUnsafeMutableBufferPointer { b in
                        linear.r.withUnsafeBufferPointer { lr in
                            linear.g.withUnsafeBufferPointer { lg in
                                linear.b.withUnsafeBufferPointer { lb in
                                    s2_xyb(lr.baseAddress! + o, lg.baseAddress! + o, lb.baseAddress! + o, count,
                                           x.baseAddress! + o, y.baseAddress! + o, b.baseAddress! + o)
                                }
                            }
                        }
                    }
                }
            }
        }
        planes = [x, y, b]
    }

    /// An image of few distinct colours (a GIF frame as shown): its linear planes, whole, and its
    /// XYB planes' `rows`, each colour converted once (see `s2_linearize_xyb_few_colours`).
    static func fewColours(rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int, rows: Range<Int>) -> (LinearImage, XYBImage) {
        let n = width * height
        var r = unfilledPlane(n), g = unfilledPlane(n), b = unfilledPlane(n)
        var x = unfilledPlane(n), y = unfilledPlane(n), z = unfilledPlane(n)
        s2_linearize_xyb_few_colours(rgba.baseAddress!, n, rows.lowerBound * width, rows.upperBound * width, &r, &g, &b, &x, &y, &z)
        return (LinearImage(width: width, height: height, r: r, g: g, b: b), XYBImage(width: width, height: height, planes: [x, y, z]))
    }

    private init(width: Int, height: Int, planes: [[Float]]) {
        self.width = width
        self.height = height
        self.planes = planes
    }
}

/// A plane whose every element the caller writes before reading (no zero fill).
private func unfilledPlane(_ count: Int) -> [Float] {
    [Float](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
}

// (`scratch` is not zero-filled: the blur reads only the scratch rows it has written. Two
// separate arrays: `out = scratch` would share one buffer and copy it at the first write.)
private func blur(_ plane: [Float], _ w: Int, _ h: Int) -> [Float] {
    var scratch = unfilledPlane(plane.count), out = unfilledPlane(plane.count)
    s2_blur(plane, Int32(w), Int32(h), &scratch, &out)
    return out
}

private func multiply(_ a: [Float], _ b: [Float]) -> [Float] {
    var out = [Float](repeating: 0, count: a.count)
    s2_multiply(a, b, a.count, &out)
    return out
}

