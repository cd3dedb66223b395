// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SegueScene

extension AnimationValue {
    /// Core Animation's interpolation between two values of one key path: numbers, points,
    /// sizes and rects component by component; colours in premultiplied sRGB; booleans hold
    /// `a` until the end; transforms by decomposition (see `Transform3D.interpolate`).
    /// `t` may leave 0…1 (springs overshoot); numbers extrapolate.
    public static func interpolate(_ a: AnimationValue, _ b: AnimationValue, _ t: Double) -> AnimationValue {
        func lerp(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(lerp(x, y))
        case let (.point(p), .point(q)): return .point(Point(x: lerp(p.x, q.x), y: lerp(p.y, q.y)))
        case let (.size(p), .size(q)): return .size(Size(width: lerp(p.width, q.width), height: lerp(p.height, q.height)))
        case let (.rect(p), .rect(q)):
            return .rect(Rect(x: lerp(p.minX, q.minX), y: lerp(p.minY, q.minY), width: lerp(p.width, q.width), height: lerp(p.height, q.height)))
        case let (.color(p), .color(q)): return .color(RGBAColor.interpolate(p, q, min(max(t, 0), 1)))
        case (.bool, _): return t >= 1 ? b : a
        case let (.transform(p), .transform(q)): return .transform(Transform3D.interpolate(p, q, t))
        case let (.path(p?), .path(q?)): return .path(ScenePath.interpolate(p, q, t))
        case let (.blur(p), .blur(q)): return .blur(BlurEffect.interpolate(p, q, t))
        case let (.colors(p), .colors(q)) where p.count == q.count:
            return .colors(zip(p, q).map { RGBAColor.interpolate($0, $1, min(max(t, 0), 1)) })
        case let (.numbers(p?), .numbers(q?)) where p.count == q.count:
            return .numbers(zip(p, q).map { lerp($0, $1) })
        default: return t < 0.5 ? a : b
        }
    }

    /// The value as a vector for keyframe splines: colours premultiplied, transforms decomposed
    /// (scale, skew, quaternion, translation, perspective), booleans as 0/1.
    func vector(alignedTo previous: [Double]?) -> [Double] {
        switch self {
        case let .number(v): return [v]
        case let .point(p): return [p.x, p.y]
        case let .size(s): return [s.width, s.height]
        case let .rect(r): return [r.minX, r.minY, r.width, r.height]
        case let .color(c): return [c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha]
        case let .bool(b): return [b ? 1 : 0]
        case let .path(p): return p?.vector ?? []
        case let .colors(c): return c.flatMap { [$0.red * $0.alpha, $0.green * $0.alpha, $0.blue * $0.alpha, $0.alpha] }
        case let .numbers(n): return n ?? []
        case let .blur(b): return [b.radius, b.saturation, b.tint.red * b.tint.alpha, b.tint.green * b.tint.alpha, b.tint.blue * b.tint.alpha, b.tint.alpha]
        case let .transform(m):
            guard let d = DecomposedTransform(m) else { return m.rowMajor + [1] }
            var q = d.quaternion
            // q and −q are the same turn: keep neighbours on the same side so splines take the short way.
            if let previous, previous.count == 17, zip(previous[6 ..< 10], q).map(*).reduce(0, +) < 0 { q = q.map { -$0 } }
            return d.scale + d.skew + q + d.translation + d.perspective
        }
    }

    /// The inverse of `vector(alignedTo:)`, shaped like `self`.
    func fromVector(_ v: [Double]) -> AnimationValue {
        switch self {
        case .number: return .number(v[0])
        case .point: return .point(Point(x: v[0], y: v[1]))
        case .size: return .size(Size(width: v[0], height: v[1]))
        case .rect: return .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .color:
            let alpha = min(max(v[3], 0), 1)
            guard alpha > 0 else { return .color(.clear) }
            return .color(RGBAColor(red: min(max(v[0] / alpha, 0), 1), green: min(max(v[1] / alpha, 0), 1),
                                    blue: min(max(v[2] / alpha, 0), 1), alpha: alpha))
        case .bool: return .bool(v[0] >= 0.5)
        case let .path(p): return .path(p?.withVector(v))
        case let .colors(c):
            guard v.count == c.count * 4 else { return self }
            return .colors((0 ..< c.count).map { i in
                guard case let .color(color) = AnimationValue.color(.clear).fromVector(Array(v[i * 4 ..< i * 4 + 4])) else { return .clear }
                return color
            })
        case let .numbers(n):
            guard let n, v.count == n.count else { return self }
            return .numbers(v)
        case .blur:
            guard v.count == 6, case let .color(tint) = AnimationValue.color(.clear).fromVector(Array(v[2 ..< 6])) else { return self }
            return .blur(BlurEffect(radius: max(0, v[0]), saturation: max(0, v[1]), tint: tint))
        case let .transform(m):
            guard v.count == 17, var d = DecomposedTransform(m) else { return self }
            d.scale = Array(v[0 ..< 3]); d.skew = Array(v[3 ..< 6])
            d.quaternion = DecomposedTransform.normalized(Array(v[6 ..< 10]))
            d.translation = Array(v[10 ..< 13]); d.perspective = Array(v[13 ..< 17])
            return .transform(d.matrix)
        }
    }
}
