// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueTimeline
import SeguePresets
import SegueGeometry
import SegueScene

/// The semiModal preset (seed article 003) evaluated over time, against numbers worked out here
/// by hand from the seed: a 390 × 844 canvas, grid cells 390 / 2 − 20 = 175 pt with 15 pt insets
/// and 10 pt spacing under a 116 pt title, cards 390 − 2 × 24 = 342 pt wide and 844 pt tall,
/// pageWidth 342 + 8 = 350, a 72 pt header, base view 38.5 pt below it, colour view inset 24.
@Suite struct SemiModalTimelineTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func timeline(_ name: String) throws -> Timeline {
        Timeline(scene: try SceneLoader.load(path: root.appendingPathComponent("scenes/\(name)").path))
    }

    /// A layer's frame on the canvas at `t`: its parents' origins (position − anchor offset −
    /// bounds origin, i.e. the scroll offset; their transforms are identities here) plus its own
    /// position, scaled bounds and anchor point.
    static func frame(_ timeline: Timeline, _ id: String, at t: Double) -> Rect? {
        func find(_ layers: [LayerState], _ path: [LayerState]) -> [LayerState]? {
            for l in layers {
                if l.id == id { return path + [l] }
                if let p = find(l.sublayers, path + [l]) { return p }
            }
            return nil
        }
        guard let path = find(timeline.layers(at: t), []), let layer = path.last else { return nil }
        var ox = 0.0, oy = 0.0
        for parent in path.dropLast() {
            ox += parent.position.x - parent.bounds.width * parent.anchorPoint.x - parent.bounds.minX
            oy += parent.position.y - parent.bounds.height * parent.anchorPoint.y - parent.bounds.minY
        }
        let w = layer.bounds.width * layer.transform.m11, h = layer.bounds.height * layer.transform.m22
        return Rect(x: ox + layer.position.x - w * layer.anchorPoint.x, y: oy + layer.position.y - h * layer.anchorPoint.y, width: w, height: h)
    }

    static func state(_ timeline: Timeline, _ id: String, at t: Double) -> LayerState? {
        func find(_ layers: [LayerState]) -> LayerState? {
            for l in layers { if l.id == id { return l }; if let s = find(l.sublayers) { return s } }
            return nil
        }
        return find(timeline.layers(at: t))
    }

    static func expectFrame(_ r: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double, tolerance: Double = 1e-6,
                            sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let r else { Issue.record("no such layer", sourceLocation: sourceLocation); return }
        let ok = abs(r.minX - x) < tolerance && abs(r.minY - y) < tolerance && abs(r.width - w) < tolerance && abs(r.height - h) < tolerance
        #expect(ok, "frame \(r), expected [\(x), \(y), \(w), \(h)]", sourceLocation: sourceLocation)
    }

    /// UIKit's easeInEaseOut, cubic-bezier(0.42, 0, 0.58, 1), at time fraction `x` (bisection).
    static func eased(_ x: Double) -> Double {
        func bez(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0 ..< 200 { let mid = (lo + hi) / 2; if bez(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid } }
        return bez((lo + hi) / 2, 0, 1)
    }

    // scenes/preset-semiModal.yaml: a 0.2 s hold, then item 3 (羅生門, the second column of the
    // second row: [200, 116 + 15 + 185, 175, 175]) is tapped; the present runs 0.2 … 0.5 s.

    @Test func presentStartsOnTheTappedCellAndBesideIt() throws {
        let tl = try Self.timeline("preset-semiModal.yaml")
        // The colour views: the tapped cell's frame, and that frame ∓ (175 + 10) for items 2 and 4
        // (item 2 really is there, in the same row; item 4 starts off the right edge).
        for t in [0.0, 0.2] {
            Self.expectFrame(Self.frame(tl, "s1-cover3", at: t), 200, 316, 175, 175)
            Self.expectFrame(Self.frame(tl, "s1-cover2", at: t), 15, 316, 175, 175)
            Self.expectFrame(Self.frame(tl, "s1-cover4", at: t), 385, 316, 175, 175)
            // The card snapshots start on the same frames, transparent.
            Self.expectFrame(Self.frame(tl, "s1-card3", at: t), 200, 316, 175, 175)
            Self.expectFrame(Self.frame(tl, "s1-card2", at: t), 15, 316, 175, 175)
            #expect(Self.state(tl, "s1-card3", at: t)?.opacity == 0)
            #expect(Self.state(tl, "s1-overlay", at: t)?.opacity == 0)
        }
        // The grid cell under it is the one the scene wrote.
        Self.expectFrame(Self.frame(tl, "s1-library-1-item3", at: 0), 200, 316, 175, 175)
        Self.expectFrame(Self.frame(tl, "s1-library-1-item2", at: 0), 15, 316, 175, 175)
    }

    @Test func presentEndsOnTheCardsAfterAnEasedPointThreeSeconds() throws {
        let tl = try Self.timeline("preset-semiModal.yaml")
        // Cards at x = 24 + k × 350, full height; colour views inset 24 in the 342 pt base view,
        // whose top is 72 + 38.5 = 110.5.
        for t in [0.5, 0.9] {
            Self.expectFrame(Self.frame(tl, "s1-card3", at: t), 24, 0, 342, 844)
            Self.expectFrame(Self.frame(tl, "s1-card2", at: t), 24 - 350, 0, 342, 844)
            Self.expectFrame(Self.frame(tl, "s1-card4", at: t), 24 + 350, 0, 342, 844)
            Self.expectFrame(Self.frame(tl, "s1-cover3", at: t), 48, 134.5, 294, 294)
            Self.expectFrame(Self.frame(tl, "s1-cover2", at: t), 48 - 350, 134.5, 294, 294)
            #expect(abs(try #require(Self.state(tl, "s1-card3", at: t)?.opacity) - 1) < 1e-12)
            #expect(abs(try #require(Self.state(tl, "s1-overlay", at: t)?.opacity) - 0.5) < 1e-12)
        }
        // Between, CollectionViewPresentAnimator's .curveEaseInOut over 0.3 s.
        for u in [0.25, 0.5, 0.8] {
            let e = Self.eased(u), t = 0.2 + 0.3 * u
            Self.expectFrame(Self.frame(tl, "s1-cover3", at: t), 200 + (48 - 200) * e, 316 + (134.5 - 316) * e,
                             175 + (294 - 175) * e, 175 + (294 - 175) * e, tolerance: 1e-6)
            Self.expectFrame(Self.frame(tl, "s1-card4", at: t), 385 + (374 - 385) * e, 316 * (1 - e),
                             175 + (342 - 175) * e, 175 + (844 - 175) * e, tolerance: 1e-6)
            #expect(abs(try #require(Self.state(tl, "s1-overlay", at: t)?.opacity) - 0.5 * e) < 1e-9)
            #expect(abs(try #require(Self.state(tl, "s1-card3", at: t)?.opacity) - e) < 1e-9)
        }
        // The tapped cover is touched just before: a 0.1 s tap ending as the present begins.
        #expect(tl.touchLocations(at: 0.15) == [Point(x: 287.5, y: 403.5)])
        #expect(tl.touchLocations(at: 0.3).isEmpty)
    }

    @Test func fullScreenWidensTheCentreCardToTheScreen() throws {
        let tl = try Self.timeline("preset-semiModal.yaml")
        // fullScreenAfter 0.5: the scroll of targetHeight 72 + 100 runs 1.0 … 1.3 s (easeInEaseOut).
        let grow = 390.0 - 342
        for u in [0.0, 0.3, 0.5, 1.0] {
            let e = Self.eased(u), t = 1.0 + 0.3 * u
            // transformCell: width 342 + 48e, x 24 − 24e; the neighbours move out by 24e.
            Self.expectFrame(Self.frame(tl, "s1-card3", at: t), 24 - grow / 2 * e, 0, 342 + grow * e, 844)
            Self.expectFrame(Self.frame(tl, "s1-card2", at: t), -326 - grow / 2 * e, 0, 342, 844)
            Self.expectFrame(Self.frame(tl, "s1-card4", at: t), 374 + grow / 2 * e, 0, 342, 844)
            // The content scrolls up by 172e; the base view (and so the colour view) grows with the card.
            #expect(abs(try #require(Self.state(tl, "s1-card3", at: t)?.bounds.minY) - 172 * e) < 1e-9)
            Self.expectFrame(Self.frame(tl, "s1-cover3", at: t), 48 - 24 * e, 134.5 - 172 * e, 294 + grow * e, 294 + grow * e)
            Self.expectFrame(Self.frame(tl, "s1-card3-sheet", at: t), 24 - grow / 2 * e, 110.5 - 172 * e, 342 + grow * e, 844 + 172 + grow)
            Self.expectFrame(Self.frame(tl, "s1-card3-rows", at: t), 24 - grow / 2 * e, 110.5 + 342 + grow * e - 172 * e, 342, 76 + 44 * 5)
        }
        // At the end the card is the screen's width and the navigation bar is down.
        Self.expectFrame(Self.frame(tl, "s1-card3", at: 2), 0, 0, 390, 844)
        Self.expectFrame(Self.frame(tl, "s1-card2", at: 2), -350, 0, 342, 844)
        Self.expectFrame(Self.frame(tl, "s1-card4", at: 2), 398, 0, 342, 844)
        Self.expectFrame(Self.frame(tl, "s1-navigationBar", at: 1.3), 0, -100, 390, 100)
        Self.expectFrame(Self.frame(tl, "s1-navigationBar", at: 1.5), 0, 0, 390, 100)
        #expect(abs(tl.duration - 2.0) < 1e-9)
    }

    // scenes/preset-semiModal-dismiss.yaml: touch-down at 0.3 s, release at 0.7 s after 250 pt.

    @Test func dismissFollowsTheFingerThenFinishes() throws {
        let tl = try Self.timeline("preset-semiModal-dismiss.yaml")
        let track = try #require(tl.scene.touches.first.map(GestureTrack.init))
        #expect(track.start == 0.3 && track.release == 0.7)
        for t in [0.0, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.65, 0.69] {
            let dy = max(0, track.translation(at: t).y)
            Self.expectFrame(Self.frame(tl, "card3", at: t), 24, dy, 342, 844)
            Self.expectFrame(Self.frame(tl, "card2", at: t), -326, dy, 342, 844)
            Self.expectFrame(Self.frame(tl, "cover3", at: t), 48, 134.5 + dy, 294, 294)
            #expect(Self.state(tl, "overlay", at: t)?.opacity == 0.5)
        }
        #expect(track.translation(at: 0.5).y == 120 && track.translation(at: 0.45).y == 85)
        // 250 / 844 = 0.296 > 0.2: the dismissal animator runs 0.7 … 1.0 s from where the cards
        // are, to the tapped cell and beside it at ± (175 + 8) — the cards' spacing, as the seed
        // reads it when dismissing.
        for u in [0.0, 0.5, 1.0] {
            let e = Self.eased(u), t = 0.7 + 0.3 * u
            Self.expectFrame(Self.frame(tl, "cover3", at: t), 48 + (200 - 48) * e, 384.5 + (316 - 384.5) * e,
                             294 + (175 - 294) * e, 294 + (175 - 294) * e)
            Self.expectFrame(Self.frame(tl, "cover2", at: t), -302 + (17 + 302) * e, 384.5 + (316 - 384.5) * e,
                             294 + (175 - 294) * e, 294 + (175 - 294) * e)
            Self.expectFrame(Self.frame(tl, "card4", at: t), 374 + (383 - 374) * e, 250 + (316 - 250) * e,
                             342 + (175 - 342) * e, 844 + (175 - 844) * e)
            #expect(abs(try #require(Self.state(tl, "card3", at: t)?.opacity) - (1 - e)) < 1e-9)
            #expect(abs(try #require(Self.state(tl, "overlay", at: t)?.opacity) - 0.5 * (1 - e)) < 1e-9)
        }
        // Then the animation views are gone and the grid shows.
        #expect(Self.state(tl, "collection", at: 1.01)?.hidden == true)
        #expect(Self.state(tl, "collection", at: 0.99)?.hidden == false)
        #expect(tl.touchLocations(at: 0.5) == [Point(x: 198, y: 540)])
    }

    @Test func aShortSlowPanCancelsAndEasesBack() throws {
        // scenes/preset-semiModal-cancel.yaml: 120 pt (0.14 ≤ 0.2) at 100 pt/s (≤ 1200): reset.
        let tl = try Self.timeline("preset-semiModal-cancel.yaml")
        let track = try #require(tl.scene.touches.first.map(GestureTrack.init))
        #expect(abs(track.velocity(at: track.release).y - 100) < 1e-9)
        for t in [0.45, 0.6, 0.7] {
            Self.expectFrame(Self.frame(tl, "card3", at: t), 24, track.translation(at: t).y, 342, 844)
        }
        // The resetHandler: back to y = 0 in 0.3 s with easeInOut; the overlay stays at 0.5.
        for u in [0.0, 0.25, 0.5, 1.0] {
            let t = 0.8 + 0.3 * u
            Self.expectFrame(Self.frame(tl, "card3", at: t), 24, 120 * (1 - Self.eased(u)), 342, 844)
            #expect(Self.state(tl, "overlay", at: t)?.opacity == 0.5)
        }
        #expect(Self.state(tl, "collection", at: 2)?.hidden == false)
        #expect(abs(tl.duration - 1.1) < 1e-9)
    }
}

/// `touches:`: fingers that are drawn and drive nothing.
@Suite struct SceneTouchesTests {
    @Test func touchesAreDrawnWhileDownAndExtendTheScene() throws {
        let scene = try SceneLoader.parse("""
        canvas: {size: [390, 844]}
        layers: [{id: card, frame: [95, 372, 200, 100]}]
        animations: [{layer: card, keyPath: opacity, from: 1, to: 0.5, duration: 0.3}]
        touches:
          - points: [[0.2, 195, 422], [0.3, 195, 422]]
          - {type: pan, points: [[0.5, 100, 100], [0.9, 100, 300]]}

        """, file: "touches.yaml", baseDirectory: "/")
        let tl = Timeline(scene: scene)
        #expect(scene.touches.count == 2 && scene.interaction == nil)
        #expect(tl.touchLocations(at: 0.1).isEmpty)
        #expect(tl.touchLocations(at: 0.25) == [Point(x: 195, y: 422)])
        let mid = try #require(tl.touchLocations(at: 0.7).first)
        #expect(tl.touchLocations(at: 0.7).count == 1 && mid.x == 100 && abs(mid.y - 200) < 1e-9)
        // The animations keep the scene clock; the scene lasts until the last finger lifts.
        #expect(tl.animationTime(at: 0.7) == 0.7)
        #expect(abs(tl.duration - 0.9) < 1e-12)
    }

    @Test func aTouchNeedsItsPoints() {
        #expect(throws: SceneError.self) {
            _ = try SceneLoader.parse("canvas: {size: [390, 844]}\ntouches: [{type: pan}]\n", file: "t.yaml", baseDirectory: "/")
        }
        #expect(throws: SceneError.self) {
            _ = try SceneLoader.parse("canvas: {size: [390, 844]}\ntouches: {points: [[0, 1, 1], [1, 1, 1]]}\n", file: "t.yaml", baseDirectory: "/")
        }
    }
}

/// scenes/preset-semiModal-return.yaml: the present runs 0.2 … 0.5 s, the card scrolls up to full
/// screen 1.0 … 1.3 s and back down from 1.9 s (semiModalAfter 0.6) for 0.3 s. By hand from the
/// seed: cards 390 − 2 × 24 = 342 pt wide at x = 24, pageWidth 350; full screen is 390 pt at x = 0
/// with the table scrolled by targetHeight = 72 + 100 = 172; the colour view sits at
/// 24 + 24 = 48, 72 + 38.5 + 24 = 134.5 and is 342 − 48 = 294 pt square.
@Suite struct SemiModalReturnTimelineTests {
    @Test func scrollingDownFromFullScreenReturnsToTheSemiModalFrame() throws {
        let tl = try SemiModalTimelineTests.timeline("preset-semiModal-return.yaml")
        // Full screen, before the way back.
        SemiModalTimelineTests.expectFrame(SemiModalTimelineTests.frame(tl, "s1-card3", at: 1.5), 0, 0, 390, 844)
        #expect(SemiModalTimelineTests.state(tl, "s1-card3", at: 1.5)?.bounds.minY == 172)
        // Half way down in time is half way in offset (easeInEaseOut is symmetric): the card is
        // 342 + 48 / 2 = 366 wide at x = 24 − 24 / 2 = 12, the table scrolled by 86.
        SemiModalTimelineTests.expectFrame(SemiModalTimelineTests.frame(tl, "s1-card3", at: 2.05), 12, 0, 366, 844, tolerance: 1e-6)
        #expect(abs((SemiModalTimelineTests.state(tl, "s1-card3", at: 2.05)?.bounds.minY ?? -1) - 86) < 1e-6)
        // Back on the semi-modal frame, as before the way up.
        for t in [2.2, 2.6] {
            SemiModalTimelineTests.expectFrame(SemiModalTimelineTests.frame(tl, "s1-card3", at: t), 24, 0, 342, 844)
            #expect(SemiModalTimelineTests.state(tl, "s1-card3", at: t)?.bounds.minY == 0)
            SemiModalTimelineTests.expectFrame(SemiModalTimelineTests.frame(tl, "s1-cover3", at: t), 48, 134.5, 294, 294)
            // The neighbours back one pageWidth either side.
            SemiModalTimelineTests.expectFrame(SemiModalTimelineTests.frame(tl, "s1-card2", at: t), 24 - 350, 0, 342, 844)
            SemiModalTimelineTests.expectFrame(SemiModalTimelineTests.frame(tl, "s1-card4", at: t), 24 + 350, 0, 342, 844)
            // The navigation bar hidden again, above the screen.
            SemiModalTimelineTests.expectFrame(SemiModalTimelineTests.frame(tl, "s1-navigationBar", at: t), 0, -100, 390, 100)
        }
        // The whole way matches the semi-modal frame it started from, before the way up.
        SemiModalTimelineTests.expectFrame(SemiModalTimelineTests.frame(tl, "s1-card3", at: 0.9), 24, 0, 342, 844)
    }
}
