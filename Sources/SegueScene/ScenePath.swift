// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Foundation

/// A path in a layer's bounds space, as a `CGPath` holds it: a list of elements. The scene
/// format writes it with UIBezierPath's constructors (`rect`, `roundedRect`, `ovalIn`,
/// `arcCenter`) or as a list of `moveTo`/`lineTo`/`quadCurveTo`/`curveTo`/`close` items; every
/// form becomes this element list, and animations interpolate it element by element.
public struct ScenePath: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        /// A cubic Bézier from the current point: control points `c1`, `c2`, end point `to`.
        case curve(c1: Point, c2: Point, to: Point)
        case close
    }

    public var elements: [Element]
    public init(_ elements: [Element]) { self.elements = elements }

    /// `UIBezierPath(rect:)`: a move, three lines and a close.
    public static func rect(_ r: Rect) -> ScenePath {
        ScenePath([.move(Point(x: r.minX, y: r.minY)), .line(Point(x: r.maxX, y: r.minY)),
                   .line(Point(x: r.maxX, y: r.maxY)), .line(Point(x: r.minX, y: r.maxY)), .close])
    }

    /// The cubic that approximates a quarter circle: control points at k × radius along the
    /// tangents, k = 4/3 (√2 − 1) (the usual choice; the error is 0.027 % of the radius).
    public static let quarterCircleKappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    /// `UIBezierPath(ovalIn:)`: a move and four quarter-ellipse cubics, starting at the right
    /// end of the horizontal axis and running clockwise on screen (y down), then a close.
    public static func oval(in r: Rect) -> ScenePath {
        let cx = r.minX + r.width / 2, cy = r.minY + r.height / 2
        let rx = r.width / 2, ry = r.height / 2
        let kx = rx * quarterCircleKappa, ky = ry * quarterCircleKappa
        return ScenePath([
            .move(Point(x: cx + rx, y: cy)),
            .curve(c1: Point(x: cx + rx, y: cy + ky), c2: Point(x: cx + kx, y: cy + ry), to: Point(x: cx, y: cy + ry)),
            .curve(c1: Point(x: cx - kx, y: cy + ry), c2: Point(x: cx - rx, y: cy + ky), to: Point(x: cx - rx, y: cy)),
            .curve(c1: Point(x: cx - rx, y: cy - ky), c2: Point(x: cx - kx, y: cy - ry), to: Point(x: cx, y: cy - ry)),
            .curve(c1: Point(x: cx + kx, y: cy - ry), c2: Point(x: cx + rx, y: cy - ky), to: Point(x: cx + rx, y: cy)),
            .close,
        ])
    }

    /// `UIBezierPath(roundedRect:cornerRadius:)` with circular quarter-circle corners: always
    /// ten elements (a move, four lines, four corner cubics, a close), whatever the radius, so
    /// that rounded rects of any radii morph into each other. The radius is capped at half the
    /// shorter side.
    public static func roundedRect(_ r: Rect, radius: Double) -> ScenePath {
        let rad = min(max(radius, 0), min(r.width, r.height) / 2)
        let k = rad * (1 - quarterCircleKappa)
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        return ScenePath([
            .move(Point(x: x0 + rad, y: y0)),
            .line(Point(x: x1 - rad, y: y0)),
            .curve(c1: Point(x: x1 - k, y: y0), c2: Point(x: x1, y: y0 + k), to: Point(x: x1, y: y0 + rad)),
            .line(Point(x: x1, y: y1 - rad)),
            .curve(c1: Point(x: x1, y: y1 - k), c2: Point(x: x1 - k, y: y1), to: Point(x: x1 - rad, y: y1)),
            .line(Point(x: x0 + rad, y: y1)),
            .curve(c1: Point(x: x0 + k, y: y1), c2: Point(x: x0, y: y1 - k), to: Point(x: x0, y: y1 - rad)),
            .line(Point(x: x0, y: y0 + rad)),
            .curve(c1: Point(x: x0, y: y0 + k), c2: Point(x: x0 + k, y: y0), to: Point(x: x0 + rad, y: y0)),
            .close,
        ])
    }

    /// `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`: a move to the start and
    /// one cubic per quarter turn or part of one. Angles in radians, measured as UIKit does
    /// (0 along +x, positive angles turning clockwise on screen, y down). Clockwise sweeps run
    /// from the start angle up to the end angle, counter-clockwise ones down to it; a sweep of
    /// more than a full turn is one full turn.
    public static func arc(center c: Point, radius: Double, startAngle a0: Double, endAngle a1: Double, clockwise: Bool) -> ScenePath {
        let full = 2 * Double.pi
        var sweep = a1 - a0
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + full }
            sweep = min(sweep, full)
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - full }
            sweep = max(sweep, -full)
        }
        let count = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(count)
        // Control points at 4/3 tan(θ/4) × radius along the tangents (exact at the ends and mid).
        let k = 4.0 / 3.0 * tan(step / 4)
        func p(_ a: Double) -> Point { Point(x: c.x + radius * cos(a), y: c.y + radius * sin(a)) }
        var elements: [Element] = [.move(p(a0))]
        for i in 0 ..< count {
            let s = a0 + Double(i) * step, e = s + step
            let ps = p(s), pe = p(e)
            elements.append(.curve(c1: Point(x: ps.x - k * radius * sin(s), y: ps.y + k * radius * cos(s)),
                                   c2: Point(x: pe.x + k * radius * sin(e), y: pe.y - k * radius * cos(e)), to: pe))
        }
        return ScenePath(elements)
    }

    /// The bounding box of every point and control point (contains the path); nil when empty.
    public var controlBounds: Rect? {
        var xs: [Double] = [], ys: [Double] = []
        for e in elements {
            for p in e.points { xs.append(p.x); ys.append(p.y) }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Why two paths cannot be interpolated element by element, or nil when they can: the
    /// same number of elements, and at each index the same kind (a line and a cubic count as
    /// the same kind: the line becomes a cubic with its control points on it).
    public func morphProblem(to other: ScenePath) -> String? {
        if elements.count != other.elements.count {
            return "the paths have \(elements.count) and \(other.elements.count) elements"
        }
        for (i, (a, b)) in zip(elements, other.elements).enumerated() where a.kindForMorph != b.kindForMorph {
            return "element \(i + 1) is \(a.kindName) in one path and \(b.kindName) in the other"
        }
        return nil
    }

    /// Core Animation's path animation: each point and control point moves in a straight line
    /// to its partner. Paths that `morphProblem` refuses give `a` before the middle and `b` after.
    public static func interpolate(_ a: ScenePath, _ b: ScenePath, _ t: Double) -> ScenePath {
        guard a.morphProblem(to: b) == nil else { return t < 0.5 ? a : b }
        return ScenePath(zip(a.elements, b.elements).enumerated().map { i, pair in
            let previousA = i > 0 ? a.elements[i - 1].endPoint : nil, previousB = i > 0 ? b.elements[i - 1].endPoint : nil
            return Element.interpolate(pair.0, pair.1, t, startA: previousA, startB: previousB)
        })
    }

    /// The path as numbers (each element's points in order), for keyframe splines.
    public var vector: [Double] { elements.flatMap { $0.points.flatMap { [$0.x, $0.y] } } }

    /// A path shaped like `self` with its points taken from `v` (the inverse of `vector`).
    public func withVector(_ v: [Double]) -> ScenePath {
        var i = 0
        func next() -> Point { defer { i += 2 }; return i + 1 < v.count ? Point(x: v[i], y: v[i + 1]) : .zero }
        return ScenePath(elements.map { e in
            switch e {
            case .move: return .move(next())
            case .line: return .line(next())
            case .curve: let c1 = next(), c2 = next(); return .curve(c1: c1, c2: c2, to: next())
            case .close: return .close
            }
        })
    }
}

extension ScenePath.Element {
    /// The points in the order they are written (control points before the end point).
    public var points: [Point] {
        switch self {
        case let .move(p), let .line(p): [p]
        case let .curve(c1, c2, to): [c1, c2, to]
        case .close: []
        }
    }

    var endPoint: Point? {
        switch self {
        case let .move(p), let .line(p): p
        case let .curve(_, _, to): to
        case .close: nil
        }
    }

    var kindForMorph: Int {
        switch self {
        case .move: 0
        case .line, .curve: 1
        case .close: 2
        }
    }

    var kindName: String {
        switch self {
        case .move: "a moveTo"
        case .line: "a lineTo"
        case .curve: "a curveTo"
        case .close: "a close"
        }
    }

    /// A line as the cubic that traces it (control points at its thirds).
    func asCurve(from start: Point?) -> ScenePath.Element {
        guard case let .line(p) = self else { return self }
        let s = start ?? p
        return .curve(c1: Point(x: s.x + (p.x - s.x) / 3, y: s.y + (p.y - s.y) / 3),
                      c2: Point(x: s.x + 2 * (p.x - s.x) / 3, y: s.y + 2 * (p.y - s.y) / 3), to: p)
    }

    static func interpolate(_ a: Self, _ b: Self, _ t: Double, startA: Point?, startB: Point?) -> Self {
        func lerp(_ p: Point, _ q: Point) -> Point { Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }
        switch (a, b) {
        case let (.move(p), .move(q)): return .move(lerp(p, q))
        case let (.line(p), .line(q)): return .line(lerp(p, q))
        case (.close, .close): return .close
        default:
            guard case let .curve(a1, a2, at) = a.asCurve(from: startA), case let .curve(b1, b2, bt) = b.asCurve(from: startB) else {
                return t < 0.5 ? a : b
            }
            return .curve(c1: lerp(a1, b1), c2: lerp(a2, b2), to: lerp(at, bt))
        }
    }
}
