// SPDX-License-Identifier: Apache-2.0
import SegueScene

/// Reading single properties out of the timeline: for `segue plot`, `segue dump --keyPath` and tests.
extension Timeline {
    /// The presentation value of `keyPath` on layer `layerID` at time `t`, as numbers: one for a
    /// scalar or angle (radians), two for a point or size, four for a rect or a colour (r, g, b, a),
    /// 0/1 for a bool, sixteen (m11…m44) for a transform. Nil when no layer has that id.
    public func sample(layer layerID: String, keyPath: AnimatableKeyPath, at t: Double) -> [Double]? {
        guard let state = Self.find(layerID, in: layers(at: t)) else { return nil }
        return state.value(of: keyPath).components
    }

    /// Times worth marking on a plot of `keyPath` on `layerID`: where each animation of it begins
    /// and ends, and when it reaches each keyframe value, in scene seconds, sorted and without
    /// repeats. A keyframe is reached where the animation's timing curve gives its key time (for a
    /// UIView keyframe group, easeInEaseOut of the whole group), not at `begin + keyTime × duration`.
    public func markers(layer layerID: String, keyPath: AnimatableKeyPath) -> [Double] {
        var times: Set<Double> = []
        for animation in animations(of: layerID) where animation.keyPath.overlaps(keyPath) {
            let end = min(animation.naturalEnd, duration)
            times.insert(animation.begin)
            times.insert(end)
            if let keyTimes = animation.keyframes?.keyTimes, animation.repeatCount == 1, animation.speed == 1 {
                for k in keyTimes {
                    let fraction = animation.timing.timeFraction(reaching: k) ?? k
                    times.insert(animation.begin + fraction * animation.duration)
                }
            }
        }
        // Scene seconds when a gesture drives the animations are not the animations' own: no markers.
        if interaction != nil { return [] }
        return times.filter { $0 >= 0 && $0 <= duration }.sorted()
    }

    static func find(_ id: String, in layers: [LayerState]) -> LayerState? {
        for layer in layers {
            if layer.id == id { return layer }
            if let hit = find(id, in: layer.sublayers) { return hit }
        }
        return nil
    }
}

extension AnimatableKeyPath {
    /// Whether animating `self` changes what `other` reads (e.g. `frame` moves `position.x`).
    public func overlaps(_ other: AnimatableKeyPath) -> Bool {
        if self == other { return true }
        let families: [Set<AnimatableKeyPath>] = [
            [.position, .positionX, .positionY, .frame],
            [.boundsSize, .frame],
            [.transform, .rotationX, .rotationY, .rotationZ, .scale, .scaleX, .scaleY,
             .translationX, .translationY, .translationZ],
        ]
        return families.contains { $0.contains(self) && $0.contains(other) }
    }
}

extension AnimationValue {
    /// The value as plain numbers (see `Timeline.sample`).
    public var components: [Double] {
        switch self {
        case let .number(v): [v]
        case let .point(p): [p.x, p.y]
        case let .size(s): [s.width, s.height]
        case let .rect(r): [r.minX, r.minY, r.width, r.height]
        case let .color(c): [c.red, c.green, c.blue, c.alpha]
        case let .bool(b): [b ? 1 : 0]
        case let .transform(m): m.rowMajor
        case let .path(p): p?.vector ?? []
        case let .colors(c): c.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
        case let .numbers(n): n ?? []
        case let .blur(b): [b.radius, b.saturation, b.tint.red, b.tint.green, b.tint.blue, b.tint.alpha]
        }
    }
}

extension TimingCurve {
    /// The linear progress at which the curve's output first reaches `p` (0…1), by bisection;
    /// nil for springs, whose progress runs in seconds.
    public func timeFraction(reaching p: Double) -> Double? {
        if case .spring = self { return nil }
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0 ..< 60 {
            let mid = (lo + hi) / 2
            if progress(mid) < p { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
