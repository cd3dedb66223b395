// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueTimeline
import SeguePresets
import SegueGeometry
import SegueScene

/// Cells that fade in (seed article 002: `UIView.animate(withDuration: 0.28, delay: 0.0,
/// options: .curveEaseOut)` in `cellForItemAt`), in scenes/preset-cellFade.yaml, against numbers
/// worked out here by hand: a 320 × 568 screen, content from y = 116 under the title; a 15 pt
/// label is ceil(22.5) + 4 = 27 pt; items 12 pt apart. So Hanako's tiles (3 photos: 7 + 200 + 8
/// = 215 pt) span 155 … 370, Taro's (4 photos: 7 + 280 + 8 = 295 pt) 421 … 716, and Jiro's
/// (8 photos) start at 728 + 27 + 12 = 767, below the screen and below the 100 pt prefetch
/// margin (568 + 100 = 668). The scroll takes the offset 0 → 760 from 0.5 s over 1.4 s with
/// easeInEaseOut, so Jiro's cell is dequeued when the offset reaches 767 − 668 = 99.
@Suite struct CellFadeTimelineTests {
    static func timeline() throws -> Timeline {
        Timeline(scene: try SceneLoader.load(path: SemiModalTimelineTests.root.appendingPathComponent("scenes/preset-cellFade.yaml").path))
    }

    /// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2):
    /// its progress at time fraction `x`, by bisection on the curve's parameter.
    static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0 ..< 200 { let mid = (lo + hi) / 2; if b(mid, x1, x2) < x { lo = mid } else { hi = mid } }
        return b((lo + hi) / 2, y1, y2)
    }

    /// The time fraction at which easeInEaseOut (0.42, 0, 0.58, 1) reaches progress `p`.
    static func easeInEaseOutTime(reaching p: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0 ..< 200 { let mid = (lo + hi) / 2; if bezier(mid, 0.42, 0, 0.58, 1) < p { lo = mid } else { hi = mid } }
        return (lo + hi) / 2
    }

    static func opacity(_ tl: Timeline, _ id: String, at t: Double) -> Double? {
        SemiModalTimelineTests.state(tl, id, at: t).map { Double($0.opacity) }
    }

    @Test func cellsOnScreenFadeOnLoadWithCurveEaseOut() throws {
        let tl = try Self.timeline()
        // curveEaseOut is cubic-bezier(0, 0, 0.58, 1); at half of 0.28 s.
        let half = Self.bezier(0.5, 0, 0, 0.58, 1)
        #expect(half > 0.6 && half < 0.7) // an ease-out is well past half way at half time
        for id in ["feed-2-photo1", "feed-2-photo2", "feed-2-photo3", "feed-4-photo4"] {
            #expect(Self.opacity(tl, id, at: 0) == 0, "\(id) starts transparent")
            let a = try #require(Self.opacity(tl, id, at: 0.14))
            #expect(abs(a - half) < 1e-4, "\(id) at 0.14 s: \(a), expected \(half)")
            #expect(Self.opacity(tl, id, at: 0.28) == 1)
        }
    }

    @Test func cellBelowTheFoldFadesWhenTheScrollBringsItWithinTheMargin() throws {
        let tl = try Self.timeline()
        let dequeue = 0.5 + 1.4 * Self.easeInEaseOutTime(reaching: 99.0 / 760.0)
        // Still off screen then: its top is 767 − 99 = 668 on the canvas, 100 pt below the bottom.
        let frame = try #require(SemiModalTimelineTests.frame(tl, "feed-6", at: dequeue))
        #expect(abs(frame.minY - 668) < 0.01, "Jiro's cell at \(frame.minY)")
        for id in ["feed-6-photo1", "feed-6-photo6"] {
            #expect(Self.opacity(tl, id, at: 0.5) == 0)
            #expect(Self.opacity(tl, id, at: dequeue - 0.005) == 0, "\(id) before the margin")
            #expect((Self.opacity(tl, id, at: dequeue + 0.005) ?? 0) > 0, "\(id) just after the margin")
            let a = try #require(Self.opacity(tl, id, at: dequeue + 0.14))
            let expected = Self.bezier(0.5, 0, 0, 0.58, 1)
            #expect(abs(a - expected) < 1e-3, "\(id) 0.14 s after dequeue: \(a), expected \(expected)")
            #expect(Self.opacity(tl, id, at: dequeue + 0.28) == 1)
        }
        // Hanako's cell, on screen from the start, is not faded again by the scroll.
        #expect(Self.opacity(tl, "feed-2-photo1", at: 1.0) == 1)
    }

    @Test func withoutFadeInCellsAreOpaque() throws {
        // scenes/preset-photoTiles.yaml has no fadeIn: its tiles never fade.
        let tl = Timeline(scene: try SceneLoader.load(path: SemiModalTimelineTests.root.appendingPathComponent("scenes/preset-photoTiles.yaml").path))
        #expect(Self.opacity(tl, "s1-feed-2-photo1", at: 0) == 1)
    }
}
