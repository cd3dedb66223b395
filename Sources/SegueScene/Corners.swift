// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Foundation

/// `cornerCurve`: CALayerCornerCurve.
public enum CornerCurve: String, CaseIterable, Hashable, Sendable {
    /// Quarter circles, Core Animation's default.
    case circular
    /// The "squircle" of iOS cards and app icons: the curvature rises gradually from the straight
    /// edge instead of jumping to 1/radius. Apple does not publish the curve; Segue's
    /// construction is `ScenePath.continuousCornerSmoothing` (see docs/scene-format/corners.md).
    case continuous
}

/// `maskedCorners`: which corners `cornerRadius` rounds (CACornerMask).
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// layerMinXMinYCorner.
    public static let topLeft = CornerMask(rawValue: 1)
    /// layerMaxXMinYCorner.
    public static let topRight = CornerMask(rawValue: 2)
    /// layerMinXMaxYCorner.
    public static let bottomLeft = CornerMask(rawValue: 4)
    /// layerMaxXMaxYCorner.
    public static let bottomRight = CornerMask(rawValue: 8)
    public static let all: CornerMask = [.topLeft, .topRight, .bottomLeft, .bottomRight]

    /// Scene names and Core Animation's, for each corner.
    public static let names: [(scene: String, coreAnimation: String, corner: CornerMask)] = [
        ("topLeft", "layerMinXMinYCorner", .topLeft), ("topRight", "layerMaxXMinYCorner", .topRight),
        ("bottomLeft", "layerMinXMaxYCorner", .bottomLeft), ("bottomRight", "layerMaxXMaxYCorner", .bottomRight),
    ]
}

/// How a layer's corners are rounded, apart from the radius. The default is Core Animation's:
/// circular, all four.
public struct CornerStyle: Hashable, Sendable {
    public var curve: CornerCurve
    public var masked: CornerMask
    public init(curve: CornerCurve = .circular, masked: CornerMask = .all) { self.curve = curve; self.masked = masked }
    public static let `default` = CornerStyle()
    public var isDefault: Bool { self == .default }
}

extension ScenePath {
    /// How far a continuous corner is smoothed, ξ: its curve starts (1 + ξ) × radius from the
    /// corner instead of 1 × radius, and its circular middle spans 90° × (1 − ξ). 0.6 is the
    /// value Figma documents as matching iOS ("corner smoothing" of 60 %); Segue's choice.
    public static let continuousCornerSmoothing = 0.6

    /// The outline of `r`, its corners rounded, clockwise on screen from the middle of the top
    /// edge: for each corner, a line to where the corner begins, then the corner's curves
    /// (none for a corner left out of `style.masked`). The radius is capped at half the shorter
    /// side, as Core Animation does.
    ///
    /// A continuous corner is a circular arc of the same radius and centre as the circular one,
    /// narrowed to 90° × (1 − ξ) about the diagonal, joined to each edge by a cubic whose first
    /// three control points lie on the edge (so the curvature starts at 0 there) and whose
    /// curvature at the arc is 1/radius (so it meets the arc without a jump: G2 continuity).
    /// Where the side is too short for the full (1 + ξ) × radius, ξ shrinks to fit, down to a
    /// circular corner.
    public static func roundedRect(_ r: Rect, radius: Double, style: CornerStyle) -> ScenePath {
        let rad = min(max(radius.isFinite ? radius : 0, 0), min(r.width, r.height) / 2)
        let half = min(r.width, r.height) / 2
        var elements: [Element] = [.move(Point(x: r.minX + r.width / 2, y: r.minY))]
        // Corner point, incoming edge direction (towards the corner), outgoing edge direction.
        let corners: [(CornerMask, Point, Point, Point)] = [
            (.topRight, Point(x: r.maxX, y: r.minY), Point(x: 1, y: 0), Point(x: 0, y: 1)),
            (.bottomRight, Point(x: r.maxX, y: r.maxY), Point(x: 0, y: 1), Point(x: -1, y: 0)),
            (.bottomLeft, Point(x: r.minX, y: r.maxY), Point(x: -1, y: 0), Point(x: 0, y: -1)),
            (.topLeft, Point(x: r.minX, y: r.minY), Point(x: 0, y: -1), Point(x: 1, y: 0)),
        ]
        for (mask, k, e1, e2) in corners {
            guard style.masked.contains(mask), rad > 0 else {
                elements.append(.line(k))
                continue
            }
            // Local (x, y): x along the incoming edge (≤ 0 before the corner), y along the outgoing one.
            func w(_ x: Double, _ y: Double) -> Point { Point(x: k.x + x * e1.x + y * e2.x, y: k.y + x * e1.y + y * e2.y) }
            let xi = style.curve == .continuous ? min(continuousCornerSmoothing, max(half / rad - 1, 0)) : 0
            let local = cornerCurves(radius: rad, smoothing: xi)
            elements.append(.line(w(local.start.x, local.start.y)))
            for (c1, c2, to) in local.curves {
                elements.append(.curve(c1: w(c1.x, c1.y), c2: w(c2.x, c2.y), to: w(to.x, to.y)))
            }
        }
        elements.append(.close)
        return ScenePath(elements)
    }

    /// One corner in its local frame (the corner at the origin, the incoming edge along y = 0
    /// for x < 0, the outgoing edge along x = 0 for y > 0, the circle's centre at (−R, R)):
    /// where it starts on the incoming edge and its cubics to (0, (1 + ξ) R).
    static func cornerCurves(radius R: Double, smoothing xi: Double) -> (start: Point, curves: [(Point, Point, Point)]) {
        let alpha = xi * Double.pi / 4  // each transition turns through α; the arc through 90° − 2α
        let p = (1 + xi) * R
        // The arc, from A to B, as one cubic (control points 4/3 tan(θ/4) × R along the tangents).
        let theta = Double.pi / 2 - 2 * alpha
        let a = Point(x: -R + R * sin(alpha), y: R - R * cos(alpha)), ta = Point(x: cos(alpha), y: sin(alpha))
        let b = Point(x: -R + R * cos(alpha), y: R - R * sin(alpha)), tb = Point(x: sin(alpha), y: cos(alpha))
        let k = 4.0 / 3.0 * tan(theta / 4) * R
        let arc = (Point(x: a.x + k * ta.x, y: a.y + k * ta.y), Point(x: b.x - k * tb.x, y: b.y - k * tb.y), b)
        guard alpha > 1e-9 else { return (Point(x: -R, y: 0), [arc]) }
        // The transition from the edge point E = (−p, 0) to A: its second control point is on A's
        // tangent where that tangent meets the edge (distance c = R tan(α/2) from A); its first
        // is on the edge, b before that, so that the curvature at A, (2/3) b sin α / c², is 1/R.
        let c = R * tan(alpha / 2)
        let c2 = Point(x: a.x - c * ta.x, y: 0)
        let bLength = 3 * c * c / (2 * R * sin(alpha))
        let c1 = Point(x: c2.x - bLength, y: 0)
        let e = Point(x: -p, y: 0)
        // The transition from B to the outgoing edge is the mirror image across the diagonal,
        // (x, y) → (−y, −x), run backwards.
        func mirror(_ q: Point) -> Point { Point(x: -q.y, y: -q.x) }
        return (e, [(c1, c2, a), arc, (mirror(c2), mirror(c1), mirror(e))])
    }
}
