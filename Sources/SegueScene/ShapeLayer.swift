// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Foundation

/// CAShapeLayer's properties. A layer is a shape layer when any of its keys is written (or
/// animated); its shape is drawn above its background and below its sublayers.
public struct ShapeSpec: Hashable, Sendable {
    public var path: ScenePath?
    /// CAShapeLayer's default fill is opaque black.
    public var fillColor: RGBAColor = .black
    public var fillRule: FillRule = .nonZero
    /// CAShapeLayer's default stroke colour is nil: no stroke.
    public var strokeColor: RGBAColor = .clear
    public var lineWidth: Double = 1
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    public var miterLimit: Double = 10
    /// Lengths of dashes and gaps, in the layer's points; empty for a solid line.
    public var lineDashPattern: [Double] = []
    public var lineDashPhase: Double = 0
    /// The part of the path's length that is stroked, as fractions of the whole (0…1).
    public var strokeStart: Double = 0
    public var strokeEnd: Double = 1
    public init() {}
}

/// `fillRule`: kCAFillRuleNonZero or kCAFillRuleEvenOdd.
public enum FillRule: String, CaseIterable, Hashable, Sendable { case nonZero, evenOdd }
/// `lineCap`: kCALineCapButt, Round, Square.
public enum LineCap: String, CaseIterable, Hashable, Sendable { case butt, round, square }
/// `lineJoin`: kCALineJoinMiter, Round, Bevel.
public enum LineJoin: String, CaseIterable, Hashable, Sendable { case miter, round, bevel }

extension ScenePath {
    /// The path as polylines (one per subpath, with whether it is closed), each cubic cut into
    /// pieces no more than about `tolerance` away from the curve.
    public func polylines(tolerance: Double) -> [(points: [Point], closed: Bool)] {
        var out: [(points: [Point], closed: Bool)] = []
        var current: [Point] = []
        var start: Point?
        func begin(at p: Point) { current = [p]; start = p }
        for e in elements {
            switch e {
            case let .move(p):
                if !current.isEmpty { out.append((current, false)) }
                begin(at: p)
            case let .line(p):
                if current.isEmpty { begin(at: start ?? p) }
                current.append(p)
            case let .curve(c1, c2, to):
                if current.isEmpty { begin(at: start ?? c1) }
                let p0 = current[current.count - 1]
                // The control polygon's second differences bound the curve's deviation from
                // its chords: n pieces with (3/4) × max second difference / n² ≤ tolerance.
                let ddx = max(abs(p0.x - 2 * c1.x + c2.x), abs(c1.x - 2 * c2.x + to.x))
                let ddy = max(abs(p0.y - 2 * c1.y + c2.y), abs(c1.y - 2 * c2.y + to.y))
                let dd = (ddx * ddx + ddy * ddy).squareRoot()
                let n = min(max(Int((0.75 * dd / max(tolerance, 1e-6)).squareRoot().rounded(.up)), 1), 1000)
                for i in 1 ... n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(Point(x: a * p0.x + b * c1.x + c * c2.x + d * to.x, y: a * p0.y + b * c1.y + c * c2.y + d * to.y))
                }
            case .close:
                // The current point returns to the subpath's start, where the next one begins.
                if !current.isEmpty { out.append((current, true)) }
                current = []
            }
        }
        if !current.isEmpty { out.append((current, false)) }
        return out
    }

    /// The length of polylines (closed ones with their closing segment).
    public static func length(of lines: [(points: [Point], closed: Bool)]) -> Double {
        lines.reduce(0) { total, line in total + segments(line).reduce(0) { $0 + distance($1.0, $1.1) } }
    }

    /// The part of `lines` from `from` to `to` (distances along their total length, in order):
    /// open polylines, as CAShapeLayer strokes between strokeStart and strokeEnd.
    public static func trimmed(_ lines: [(points: [Point], closed: Bool)], from: Double, to: Double) -> [[Point]] {
        var out: [[Point]] = []
        var walked = 0.0
        for line in lines {
            var piece: [Point] = []
            for (a, b) in segments(line) {
                let l = distance(a, b)
                let s0 = walked, s1 = walked + l
                walked = s1
                let lo = max(from, s0), hi = min(to, s1)
                guard hi > lo || (l == 0 && lo == hi && lo > from && lo < to) else {
                    if !piece.isEmpty { out.append(piece); piece = [] }
                    continue
                }
                func at(_ s: Double) -> Point {
                    let t = l > 0 ? (s - s0) / l : 0
                    return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                }
                if piece.isEmpty { piece.append(at(lo)) }
                piece.append(at(hi))
                if hi < s1 { out.append(piece); piece = [] }
            }
            if !piece.isEmpty { out.append(piece) }
        }
        return out
    }

    static func segments(_ line: (points: [Point], closed: Bool)) -> [(Point, Point)] {
        var pairs = zip(line.points, line.points.dropFirst()).map { ($0, $1) }
        if line.closed, let first = line.points.first, let last = line.points.last { pairs.append((last, first)) }
        return pairs
    }

    static func distance(_ a: Point, _ b: Point) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }
}
