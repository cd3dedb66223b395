// SPDX-License-Identifier: Apache-2.0
import SegueGeometry

/// A half-plane of a layer's bounds space: the part of a layer cut along the line where another
/// sibling's plane meets it. The piece is drawn where `a·x + b·y + c ≥ 0` (`keepsPositive`) or
/// where it is `< 0` (the other piece), so the two pieces of one cut share every pixel between
/// them exactly once.
public struct DepthCut: Hashable, Sendable {
    public var a: Double
    public var b: Double
    public var c: Double
    public var keepsPositive: Bool

    public init(a: Double, b: Double, c: Double, keepsPositive: Bool) {
        self.a = a; self.b = b; self.c = c; self.keepsPositive = keepsPositive
    }

    /// Whether the bounds-space point is in the piece.
    public func contains(_ p: Point) -> Bool {
        (a * p.x + b * p.y + c >= 0) == keepsPositive
    }
}

/// Depth order of the siblings of one 3D context, as Core Animation composites them: a binary
/// space partition (Fuchs, Kedem and Naylor, 1980) of the layers' planes, cutting a layer where
/// another's plane passes through it.
///
/// The planes live in the superlayer's sublayer space after its `sublayerTransform`, divided by
/// W (where the superlayer flattens its sublayers, the eye is at z = +∞ and nearer means larger
/// z). Every test is made on homogeneous coordinates, so no divide happens: a point's side of a
/// plane is the sign of π·(X, Y, Z, W) with W > 0, and a cut line in a layer's bounds space is
/// exact because (X, Y, Z, W) is linear in the bounds point.
///
/// Segue's choices, where Apple documents none:
/// - the splitter at each step is the first remaining layer in painting order (`zPosition`, then
///   `sublayers` order); later layers are the ones cut;
/// - layers within `coplanarEpsilon` points of a plane (all corners) are coplanar with it and
///   keep painting order among themselves;
/// - a plane seen exactly edge-on draws its far (negative) side first.
public enum DepthSort {
    /// One sibling: its matrix from bounds space into the 3D context (not flattened) and its bounds.
    public struct Plane: Sendable {
        public var matrix: Transform3D
        public var bounds: Rect
        public init(matrix: Transform3D, bounds: Rect) { self.matrix = matrix; self.bounds = bounds }
    }

    /// One piece to draw: sibling `index` (into the input), within all of `cuts`.
    public struct Piece: Equatable, Sendable {
        public var index: Int
        public var cuts: [DepthCut]
        public init(index: Int, cuts: [DepthCut]) { self.index = index; self.cuts = cuts }
    }

    /// Distance (points, in the 3D context) within which a corner lies on a plane.
    public static let coplanarEpsilon = 1e-3
    /// Layers are cut at W ≥ this × their largest corner W, as the rasterizer cuts them.
    static let nearPlane = 1e-3

    /// The pieces back to front. Input is in painting order; every layer appears at least once
    /// (a layer that cannot be placed, e.g. wholly behind the eye, first and uncut).
    public static func order(_ planes: [Plane]) -> [Piece] {
        var first: [Piece] = []
        var polys: [Polygon] = []
        var equations: [SIMD4<Double>] = []
        for (i, p) in planes.enumerated() {
            let pi = planeEquation(p.matrix)
            let n = (pi[0] * pi[0] + pi[1] * pi[1] + pi[2] * pi[2]).squareRoot()
            let verts = nearClipped(p.bounds, p.matrix)
            equations.append(n > 0 && n.isFinite ? pi / n : .zero)
            if verts.count < 3 || !(n > 0 && n.isFinite) {
                first.append(Piece(index: i, cuts: []))
            } else {
                polys.append(Polygon(index: i, verts: verts, cuts: []))
            }
        }
        var out = first
        build(polys, planes: planes, equations: equations, into: &out)
        return out
    }

    struct Polygon {
        var index: Int
        /// Vertices in bounds space.
        var verts: [Point]
        var cuts: [DepthCut]
    }

    /// π with π·((x, y, 0, 1)·M) = 0 for every bounds point: orthogonal to M's rows for x, y and
    /// w (a 4D cross product). Its first three components are the plane's normal after the
    /// divide by W, the last its offset.
    static func planeEquation(_ m: Transform3D) -> SIMD4<Double> {
        let a = SIMD4(m.m11, m.m12, m.m13, m.m14), b = SIMD4(m.m21, m.m22, m.m23, m.m24), c = SIMD4(m.m41, m.m42, m.m43, m.m44)
        func det3(_ i: Int, _ j: Int, _ k: Int) -> Double {
            a[i] * (b[j] * c[k] - b[k] * c[j]) - a[j] * (b[i] * c[k] - b[k] * c[i]) + a[k] * (b[i] * c[j] - b[j] * c[i])
        }
        return SIMD4(det3(1, 2, 3), -det3(0, 2, 3), det3(0, 1, 3), -det3(0, 1, 2))
    }

    @inline(__always) static func homogeneous(_ p: Point, _ m: Transform3D) -> SIMD4<Double> {
        SIMD4(p.x * m.m11 + p.y * m.m21 + m.m41, p.x * m.m12 + p.y * m.m22 + m.m42,
              p.x * m.m13 + p.y * m.m23 + m.m43, p.x * m.m14 + p.y * m.m24 + m.m44)
    }

    /// The bounds rectangle cut to W ≥ `nearPlane` × its largest corner W (bounds space).
    static func nearClipped(_ r: Rect, _ m: Transform3D) -> [Point] {
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                       Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
        let ws = corners.map { $0.x * m.m14 + $0.y * m.m24 + m.m44 }
        guard let maxW = ws.max(), maxW > 0, maxW.isFinite, r.width > 0, r.height > 0 else { return [] }
        let limit = nearPlane * maxW
        if ws.allSatisfy({ $0 >= limit }) { return corners }
        var out: [Point] = []
        for i in 0 ..< 4 {
            let j = (i + 1) % 4
            let (p, q, wp, wq) = (corners[i], corners[j], ws[i], ws[j])
            if wp >= limit { out.append(p) }
            if (wp >= limit) != (wq >= limit) {
                let t = (limit - wp) / (wq - wp)
                out.append(Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
            }
        }
        return out
    }

    enum Side { case front, back, coplanar, spanning }

    /// Signed values of the vertices against π (homogeneous, linear in the bounds point) and
    /// their distances in points (divided by W).
    static func classify(_ poly: Polygon, _ m: Transform3D, _ pi: SIMD4<Double>) -> (Side, [Double], [Double]) {
        var f: [Double] = [], d: [Double] = []
        var front = false, back = false
        for v in poly.verts {
            let h = homogeneous(v, m)
            let value = (pi * h).sum()
            let distance = value / h[3]
            f.append(value); d.append(distance)
            if distance > coplanarEpsilon { front = true } else if distance < -coplanarEpsilon { back = true }
        }
        switch (front, back) {
        case (true, true): return (.spanning, f, d)
        case (true, false): return (.front, f, d)
        case (false, true): return (.back, f, d)
        default: return (.coplanar, f, d)
        }
    }

    /// The cut line of `poly`'s layer (matrix `m`) by plane π, in bounds space: π·(x·row1 + y·row2 + row4).
    static func cutLine(_ m: Transform3D, _ pi: SIMD4<Double>) -> (Double, Double, Double) {
        let a = (pi * SIMD4(m.m11, m.m12, m.m13, m.m14)).sum()
        let b = (pi * SIMD4(m.m21, m.m22, m.m23, m.m24)).sum()
        let c = (pi * SIMD4(m.m41, m.m42, m.m43, m.m44)).sum()
        let n = (a * a + b * b).squareRoot()
        return n > 0 && n.isFinite ? (a / n, b / n, c / n) : (a, b, c)
    }

    /// Splits a spanning polygon into its front (π > 0) and back pieces. Vertices on the plane
    /// go to both; edge crossings are exact (the homogeneous value is linear along an edge).
    static func split(_ poly: Polygon, values f: [Double], distances d: [Double], line: (Double, Double, Double)) -> (Polygon, Polygon) {
        var front: [Point] = [], back: [Point] = []
        let n = poly.verts.count
        for i in 0 ..< n {
            let j = (i + 1) % n
            let p = poly.verts[i], di = d[i], dj = d[j]
            if di >= -coplanarEpsilon { front.append(p) }
            if di <= coplanarEpsilon { back.append(p) }
            if (di > coplanarEpsilon && dj < -coplanarEpsilon) || (di < -coplanarEpsilon && dj > coplanarEpsilon) {
                let t = f[i] / (f[i] - f[j])
                let q = poly.verts[j]
                let x = Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
                front.append(x); back.append(x)
            }
        }
        let (a, b, c) = line
        var fp = poly, bp = poly
        fp.verts = front; fp.cuts.append(DepthCut(a: a, b: b, c: c, keepsPositive: true))
        bp.verts = back; bp.cuts.append(DepthCut(a: a, b: b, c: c, keepsPositive: false))
        return (fp, bp)
    }

    /// Builds the tree for `polys` (painting order) and appends its pieces back to front.
    /// The tree is walked as it is built: only the order is needed.
    static func build(_ polys: [Polygon], planes: [Plane], equations: [SIMD4<Double>], into out: inout [Piece]) {
        guard let splitter = polys.first else { return }
        let pi = equations[splitter.index]
        var node = [splitter], front: [Polygon] = [], back: [Polygon] = []
        for poly in polys.dropFirst() {
            let m = planes[poly.index].matrix
            let (side, f, d) = classify(poly, m, pi)
            switch side {
            case .coplanar: node.append(poly)
            case .front: front.append(poly)
            case .back: back.append(poly)
            case .spanning:
                let (fp, bp) = split(poly, values: f, distances: d, line: cutLine(m, pi))
                front.append(fp); back.append(bp)
            }
        }
        // The eye is at z = +∞: on the front side when the normal points towards +z.
        let eyeInFront = pi[2] >= 0
        build(eyeInFront ? back : front, planes: planes, equations: equations, into: &out)
        out += node.map { Piece(index: $0.index, cuts: $0.cuts) }
        build(eyeInFront ? front : back, planes: planes, equations: equations, into: &out)
    }
}
