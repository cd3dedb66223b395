// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry

/// Samples of a scripted gesture, read as UIKit's gesture recognizers report them. It lives in
/// the scene stage so presets can work out a gesture's translation, velocity and release
/// decision while they expand (semiModal's interactive dismiss); the timeline uses the same type.
public struct GestureTrack: Sendable {
    public let samples: [GestureSpec.Sample]
    public init(_ gesture: GestureSpec) { samples = gesture.samples }
    public init(samples: [GestureSpec.Sample]) { self.samples = samples }

    public var start: Double { samples.first?.time ?? 0 }
    public var release: Double { samples.last?.time ?? 0 }

    /// The finger's position at `t` (straight lines between samples; held outside them).
    public func location(at t: Double) -> Point {
        guard let first = samples.first, let last = samples.last else { return .zero }
        if t <= first.time { return Point(x: first.x, y: first.y) }
        if t >= last.time { return Point(x: last.x, y: last.y) }
        var i = 0
        while i + 1 < samples.count && samples[i + 1].time <= t { i += 1 }
        let a = samples[i], b = samples[min(i + 1, samples.count - 1)]
        let f = b.time > a.time ? (t - a.time) / (b.time - a.time) : 1
        return Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
    }

    /// `translation(in:)`: how far the finger has moved since touch-down.
    public func translation(at t: Double) -> Point {
        let p = location(at: t), o = location(at: start)
        return Point(x: p.x - o.x, y: p.y - o.y)
    }

    /// How long a window `velocity(in:)` averages over. UIKit does not document its window;
    /// Segue uses the finger's motion over the last 50 ms.
    public static let velocityWindow = 0.05

    /// `velocity(in:)` in points per second at `t`.
    public func velocity(at t: Double) -> Point {
        let t0 = max(start, t - Self.velocityWindow)
        guard t > t0 else { return .zero }
        let a = location(at: t0), b = location(at: t)
        return Point(x: (b.x - a.x) / (t - t0), y: (b.y - a.y) / (t - t0))
    }

    /// The variables a progress expression can use.
    public func variables(at t: Double) -> [String: Double] {
        let tr = translation(at: t), loc = location(at: t), v = velocity(at: t)
        return ["translation.x": tr.x, "translation.y": tr.y, "location.x": loc.x, "location.y": loc.y,
                "velocity.x": v.x, "velocity.y": v.y]
    }
}
