// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A 4×4 matrix with Core Animation's `CATransform3D` semantics.
///
/// Points are row vectors: `p′ = p · M`. `concat(a, b)` applies `a` first, then `b`,
/// exactly like `CATransform3DConcat(a, b)`. Translation lives in `m41…m43`; perspective
/// lives in `m34` (`-1/d` for an eye at distance `d`). A screen point is `(X/W, Y/W)`.
public struct Transform3D: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// Sixteen values in row-major order m11, m12, …, m44.
    public init(rowMajor v: [Double]) {
        precondition(v.count == 16, "a matrix needs 16 values")
        self.init(m11: v[0], m12: v[1], m13: v[2], m14: v[3],
                  m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                  m31: v[8], m32: v[9], m33: v[10], m34: v[11],
                  m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    public var rowMajor: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0,
                                             m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0,
                                             m41: 0, m42: 0, m43: 0, m44: 1)

    public var isIdentity: Bool { self == .identity }

    /// True when the matrix maps the z = 0 plane to the screen without perspective
    /// (the W column is (0, 0, *, 1)), so Cairo can draw it with a 2D affine matrix.
    public var isAffine2D: Bool { m14 == 0 && m24 == 0 && m44 == 1 }

    /// `CATransform3DMakeTranslation`.
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        var t = identity
        t.m41 = tx; t.m42 = ty; t.m43 = tz
        return t
    }

    /// `CATransform3DMakeScale`.
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        var t = identity
        t.m11 = sx; t.m22 = sy; t.m33 = sz
        return t
    }

    /// `CATransform3DMakeRotation(angle, x, y, z)`: a right-handed rotation about the axis,
    /// written for row vectors. A positive z rotation turns +x towards +y, which is clockwise
    /// on a y-down screen. A zero axis gives the identity, as Core Animation does.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return identity }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        return Transform3D(
            m11: t * ux * ux + c, m12: t * ux * uy + s * uz, m13: t * ux * uz - s * uy, m14: 0,
            m21: t * ux * uy - s * uz, m22: t * uy * uy + c, m23: t * uy * uz + s * ux, m24: 0,
            m31: t * ux * uz + s * uy, m32: t * uy * uz - s * ux, m33: t * uz * uz + c, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The identity with `m34 = -1/distance`: an eye `distance` points in front of the plane.
    public static func perspective(_ distance: Double) -> Transform3D {
        var t = identity
        t.m34 = distance == 0 ? 0 : -1 / distance
        return t
    }

    /// `CATransform3DConcat(a, b)`: `a` applies first, then `b` (the product `a · b`).
    public static func concat(_ a: Transform3D, _ b: Transform3D) -> Transform3D {
        let r1 = b.transformRow(a.m11, a.m12, a.m13, a.m14)
        let r2 = b.transformRow(a.m21, a.m22, a.m23, a.m24)
        let r3 = b.transformRow(a.m31, a.m32, a.m33, a.m34)
        let r4 = b.transformRow(a.m41, a.m42, a.m43, a.m44)
        return Transform3D(m11: r1.x, m12: r1.y, m13: r1.z, m14: r1.w,
                           m21: r2.x, m22: r2.y, m23: r2.z, m24: r2.w,
                           m31: r3.x, m32: r3.y, m33: r3.z, m34: r3.w,
                           m41: r4.x, m42: r4.y, m43: r4.z, m44: r4.w)
    }

    /// `self` followed by `next` (same as `concat(self, next)`).
    public func then(_ next: Transform3D) -> Transform3D { .concat(self, next) }

    /// `CATransform3DTranslate(self, …)`: the translation acts on points first, then `self`.
    public func translated(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        .concat(.translation(tx, ty, tz), self)
    }
    /// `CATransform3DScale(self, …)`.
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        .concat(.scale(sx, sy, sz), self)
    }
    /// `CATransform3DRotate(self, …)`.
    public func rotated(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        .concat(.rotation(angle, x, y, z), self)
    }

    @inline(__always)
    private func transformRow(_ x: Double, _ y: Double, _ z: Double, _ w: Double) -> Vector4 {
        Vector4(x: x * m11 + y * m21 + z * m31 + w * m41,
                y: x * m12 + y * m22 + z * m32 + w * m42,
                z: x * m13 + y * m23 + z * m33 + w * m43,
                w: x * m14 + y * m24 + z * m34 + w * m44)
    }

    /// The homogeneous image of a point: `(x, y, z, w) · M`.
    public func apply(_ v: Vector4) -> Vector4 { transformRow(v.x, v.y, v.z, v.w) }

    /// The homogeneous image of the plane point `(x, y, 0, 1)`.
    public func apply(x: Double, y: Double, z: Double = 0) -> Vector4 { transformRow(x, y, z, 1) }

    /// Projects a plane point to the screen: `(X/W, Y/W)`. Nil when W ≤ 0 (behind the eye).
    public func project(_ p: Point) -> Point? {
        let v = transformRow(p.x, p.y, 0, 1)
        guard v.w > 0 else { return nil }
        return Point(x: v.x / v.w, y: v.y / v.w)
    }

    /// Drops the z output (m13, m23, m33, m43 = 0): what a CALayer does when it renders its
    /// sublayers into its own plane ("flattening"). Projection by (X/W, Y/W) is unaffected.
    public var flattened: Transform3D {
        var t = self
        t.m13 = 0; t.m23 = 0; t.m33 = 0; t.m43 = 0
        return t
    }

    /// The 2D projective map (homography) from the z = 0 plane to the screen, as a 3×3
    /// matrix for row vectors `(x, y, 1)`: rows are (m11 m12 m14), (m21 m22 m24), (m41 m42 m44).
    public var planeHomography: Homography {
        Homography(h11: m11, h12: m12, h13: m14,
                   h21: m21, h22: m22, h23: m24,
                   h31: m41, h32: m42, h33: m44)
    }

    public var description: String {
        let rows = [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
        return "[" + rows.map { $0.map { String(format: "%.6g", $0) }.joined(separator: " ") }.joined(separator: "; ") + "]"
    }

    /// Largest absolute difference between corresponding entries.
    public func maxDifference(to other: Transform3D) -> Double {
        zip(rowMajor, other.rowMajor).map { abs($0 - $1) }.max() ?? 0
    }
}

/// A 3×3 projective map of the plane for row vectors: `(X, Y, W) = (x, y, 1) · H`.
public struct Homography: Equatable, Hashable, Sendable {
    public var h11, h12, h13: Double
    public var h21, h22, h23: Double
    public var h31, h32, h33: Double

    public init(h11: Double, h12: Double, h13: Double,
                h21: Double, h22: Double, h23: Double,
                h31: Double, h32: Double, h33: Double) {
        self.h11 = h11; self.h12 = h12; self.h13 = h13
        self.h21 = h21; self.h22 = h22; self.h23 = h23
        self.h31 = h31; self.h32 = h32; self.h33 = h33
    }

    public static let identity = Homography(h11: 1, h12: 0, h13: 0, h21: 0, h22: 1, h23: 0, h31: 0, h32: 0, h33: 1)

    /// True when there is no perspective (W is constant and positive).
    public var isAffine: Bool { h13 == 0 && h23 == 0 && h33 > 0 }

    /// Homogeneous image `(X, Y, W)` of a plane point.
    public func apply(x: Double, y: Double) -> (x: Double, y: Double, w: Double) {
        (x * h11 + y * h21 + h31, x * h12 + y * h22 + h32, x * h13 + y * h23 + h33)
    }

    /// `self` then `next`.
    public func then(_ n: Homography) -> Homography {
        Homography(
            h11: h11 * n.h11 + h12 * n.h21 + h13 * n.h31, h12: h11 * n.h12 + h12 * n.h22 + h13 * n.h32, h13: h11 * n.h13 + h12 * n.h23 + h13 * n.h33,
            h21: h21 * n.h11 + h22 * n.h21 + h23 * n.h31, h22: h21 * n.h12 + h22 * n.h22 + h23 * n.h32, h23: h21 * n.h13 + h22 * n.h23 + h23 * n.h33,
            h31: h31 * n.h11 + h32 * n.h21 + h33 * n.h31, h32: h31 * n.h12 + h32 * n.h22 + h33 * n.h32, h33: h31 * n.h13 + h32 * n.h23 + h33 * n.h33)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> Homography {
        Homography(h11: sx, h12: 0, h13: 0, h21: 0, h22: sy, h23: 0, h31: 0, h32: 0, h33: 1)
    }

    public static func translation(_ tx: Double, _ ty: Double) -> Homography {
        Homography(h11: 1, h12: 0, h13: 0, h21: 0, h22: 1, h23: 0, h31: tx, h32: ty, h33: 1)
    }

    public var determinant: Double {
        h11 * (h22 * h33 - h23 * h32) - h12 * (h21 * h33 - h23 * h31) + h13 * (h21 * h32 - h22 * h31)
    }

    /// The inverse map, or nil when the matrix is singular (the plane is seen edge-on).
    public var inverted: Homography? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inv = 1 / det
        return Homography(
            h11: (h22 * h33 - h23 * h32) * inv, h12: (h13 * h32 - h12 * h33) * inv, h13: (h12 * h23 - h13 * h22) * inv,
            h21: (h23 * h31 - h21 * h33) * inv, h22: (h11 * h33 - h13 * h31) * inv, h23: (h13 * h21 - h11 * h23) * inv,
            h31: (h21 * h32 - h22 * h31) * inv, h32: (h12 * h31 - h11 * h32) * inv, h33: (h11 * h22 - h12 * h21) * inv)
    }
}
