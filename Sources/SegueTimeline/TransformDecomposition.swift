// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry

/// A 4×4 transform split into parts that interpolate well, as Core Animation (and CSS) interpolate
/// a whole `transform`: M = scale · skew · rotation · translation · perspective (row vectors: a
/// point is scaled first). Rotation is a unit quaternion, interpolated by slerp, so a 90° turn
/// interpolates as a turn, not as a squash.
public struct DecomposedTransform: Equatable, Sendable {
    public var scale: [Double]        // x, y, z
    public var skew: [Double]         // xy, xz, yz
    public var quaternion: [Double]   // x, y, z, w
    public var translation: [Double]  // x, y, z
    public var perspective: [Double]  // the matrix's 4th column

    /// Nil when the matrix is singular (e.g. a zero scale): such transforms switch at the midpoint.
    public init?(_ matrix: Transform3D) {
        var m = matrix.rowMajor
        guard m[15] != 0, m.allSatisfy(\.isFinite) else { return nil }
        m = m.map { $0 / matrix.m44 }
        func at(_ r: Int, _ c: Int) -> Double { m[r * 4 + c] }

        // Perspective: M's 4th column = A · p, where A is M with its 4th column set to (0, 0, 0, 1).
        var affine = m
        affine[3] = 0; affine[7] = 0; affine[11] = 0; affine[15] = 1
        let a = Transform3D(rowMajor: affine)
        guard abs(Self.determinant3(a)) > 1e-12 else { return nil }
        if at(0, 3) != 0 || at(1, 3) != 0 || at(2, 3) != 0 {
            guard let inverse = Self.inverse4(affine) else { return nil }
            let rhs = [at(0, 3), at(1, 3), at(2, 3), at(3, 3)]
            var p = [0.0, 0.0, 0.0, 0.0]
            for i in 0 ..< 4 {
                for j in 0 ..< 4 { p[i] += inverse[i * 4 + j] * rhs[j] }
            }
            perspective = p
        } else {
            perspective = [0, 0, 0, 1]
        }
        translation = [at(3, 0), at(3, 1), at(3, 2)]

        var rows = (0 ..< 3).map { r in (0 ..< 3).map { c in at(r, c) } }
        var s = [0.0, 0.0, 0.0], k = [0.0, 0.0, 0.0]
        s[0] = Self.length(rows[0]); rows[0] = Self.scaled(rows[0], 1 / s[0])
        k[0] = Self.dot(rows[0], rows[1]); rows[1] = Self.combine(rows[1], rows[0], -k[0])
        s[1] = Self.length(rows[1]); guard s[1] > 0 else { return nil }
        rows[1] = Self.scaled(rows[1], 1 / s[1]); k[0] /= s[1]
        k[1] = Self.dot(rows[0], rows[2]); rows[2] = Self.combine(rows[2], rows[0], -k[1])
        k[2] = Self.dot(rows[1], rows[2]); rows[2] = Self.combine(rows[2], rows[1], -k[2])
        s[2] = Self.length(rows[2]); guard s[2] > 0 else { return nil }
        rows[2] = Self.scaled(rows[2], 1 / s[2]); k[1] /= s[2]; k[2] /= s[2]
        // A mirrored basis: fold the flip into the scale so the rest is a proper rotation.
        if Self.dot(rows[0], Self.cross(rows[1], rows[2])) < 0 {
            s = s.map { -$0 }
            rows = rows.map { Self.scaled($0, -1) }
        }
        scale = s; skew = k

        // The rows are now a rotation matrix (row vectors); read its quaternion with Shepperd's
        // method, which divides by the largest component, so it is exact near 180° turns too.
        func r(_ i: Int, _ j: Int) -> Double { rows[j][i] } // the column-vector form Rc = Mᵀ
        let trace = r(0, 0) + r(1, 1) + r(2, 2)
        var q: [Double]
        if trace > 0 {
            let f = 0.5 / (trace + 1).squareRoot()
            q = [(r(2, 1) - r(1, 2)) * f, (r(0, 2) - r(2, 0)) * f, (r(1, 0) - r(0, 1)) * f, 0.25 / f]
        } else if r(0, 0) > r(1, 1) && r(0, 0) > r(2, 2) {
            let f = 2 * (1 + r(0, 0) - r(1, 1) - r(2, 2)).squareRoot()
            q = [0.25 * f, (r(0, 1) + r(1, 0)) / f, (r(0, 2) + r(2, 0)) / f, (r(2, 1) - r(1, 2)) / f]
        } else if r(1, 1) > r(2, 2) {
            let f = 2 * (1 + r(1, 1) - r(0, 0) - r(2, 2)).squareRoot()
            q = [(r(0, 1) + r(1, 0)) / f, 0.25 * f, (r(1, 2) + r(2, 1)) / f, (r(0, 2) - r(2, 0)) / f]
        } else {
            let f = 2 * (1 + r(2, 2) - r(0, 0) - r(1, 1)).squareRoot()
            q = [(r(0, 2) + r(2, 0)) / f, (r(1, 2) + r(2, 1)) / f, 0.25 * f, (r(1, 0) - r(0, 1)) / f]
        }
        if q[3] < 0 { q = q.map { -$0 } } // the same rotation; keep w ≥ 0 for a canonical form
        quaternion = q
    }

    public var matrix: Transform3D {
        let (x, y, z, w) = (quaternion[0], quaternion[1], quaternion[2], quaternion[3])
        let r: [[Double]] = [
            [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
            [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
            [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)],
        ]
        let row0 = Self.scaled(r[0], scale[0])
        let row1 = Self.scaled(Self.combine(r[1], r[0], skew[0]), scale[1])
        let row2 = Self.scaled(Self.combine(Self.combine(r[2], r[1], skew[2]), r[0], skew[1]), scale[2])
        var entries: [Double] = row0 + [0]
        entries += row1 + [0]
        entries += row2 + [0]
        entries += translation + [1]
        let affine = Transform3D(rowMajor: entries)
        var p = Transform3D.identity
        p.m14 = perspective[0]; p.m24 = perspective[1]; p.m34 = perspective[2]; p.m44 = perspective[3]
        return affine.then(p)
    }

    /// Interpolates each part; the rotation by spherical linear interpolation along the shorter arc.
    public static func interpolate(_ a: DecomposedTransform, _ b: DecomposedTransform, _ t: Double) -> DecomposedTransform {
        func lerp(_ u: [Double], _ v: [Double]) -> [Double] { zip(u, v).map { $0 + ($1 - $0) * t } }
        var out = a
        out.scale = lerp(a.scale, b.scale)
        out.skew = lerp(a.skew, b.skew)
        out.translation = lerp(a.translation, b.translation)
        out.perspective = lerp(a.perspective, b.perspective)
        var qb = b.quaternion
        var d = dot(a.quaternion, qb)
        if d < 0 { qb = qb.map { -$0 }; d = -d }
        if d > 0.9995 {
            out.quaternion = normalized(lerp(a.quaternion, qb))
        } else {
            let theta = acos(min(d, 1)), sinTheta = sin(theta)
            let wa = sin((1 - t) * theta) / sinTheta, wb = sin(t * theta) / sinTheta
            out.quaternion = zip(a.quaternion, qb).map { wa * $0 + wb * $1 }
        }
        return out
    }

    static func dot(_ a: [Double], _ b: [Double]) -> Double { zip(a, b).map(*).reduce(0, +) }
    static func length(_ a: [Double]) -> Double { dot(a, a).squareRoot() }
    static func scaled(_ a: [Double], _ s: Double) -> [Double] { a.map { $0 * s } }
    static func normalized(_ a: [Double]) -> [Double] { let l = length(a); return l > 0 ? scaled(a, 1 / l) : a }
    static func combine(_ a: [Double], _ b: [Double], _ bWeight: Double) -> [Double] { zip(a, b).map { $0 + bWeight * $1 } }
    static func cross(_ a: [Double], _ b: [Double]) -> [Double] {
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    }
    static func determinant3(_ m: Transform3D) -> Double {
        m.m11 * (m.m22 * m.m33 - m.m23 * m.m32) - m.m12 * (m.m21 * m.m33 - m.m23 * m.m31) + m.m13 * (m.m21 * m.m32 - m.m22 * m.m31)
    }

    /// Inverse of a 4×4 row-major matrix by Gauss–Jordan elimination with partial pivoting.
    static func inverse4(_ m: [Double]) -> [Double]? {
        var a = m, inv = Transform3D.identity.rowMajor
        for col in 0 ..< 4 {
            var pivot = col
            for r in col + 1 ..< 4 where abs(a[r * 4 + col]) > abs(a[pivot * 4 + col]) { pivot = r }
            guard abs(a[pivot * 4 + col]) > 1e-15 else { return nil }
            if pivot != col {
                for c in 0 ..< 4 { a.swapAt(col * 4 + c, pivot * 4 + c); inv.swapAt(col * 4 + c, pivot * 4 + c) }
            }
            let p = a[col * 4 + col]
            for c in 0 ..< 4 { a[col * 4 + c] /= p; inv[col * 4 + c] /= p }
            for r in 0 ..< 4 where r != col {
                let f = a[r * 4 + col]
                guard f != 0 else { continue }
                for c in 0 ..< 4 { a[r * 4 + c] -= f * a[col * 4 + c]; inv[r * 4 + c] -= f * inv[col * 4 + c] }
            }
        }
        return inv
    }
}

extension Transform3D {
    /// Core Animation's interpolation of a whole transform: decompose, interpolate the parts,
    /// recompose. Matrices that cannot be decomposed switch from `a` to `b` half way.
    public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
        guard let da = DecomposedTransform(a), let db = DecomposedTransform(b) else { return t < 0.5 ? a : b }
        return DecomposedTransform.interpolate(da, db, t).matrix
    }
}
