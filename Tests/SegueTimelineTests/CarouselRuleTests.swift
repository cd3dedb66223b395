// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueScene
@testable import SegueTimeline
import Testing
import SegueGeometry

private let here = SourceLocation(file: "test.yaml", line: 1, column: 1)

/// The two carousel rules against numbers worked out by hand from UIKit's definitions.
struct CarouselRuleTests {
    /// A straight drag `distance` points to the left in `seconds`, from offset `offset`: it releases
    /// at offset + distance, at distance / seconds / 1000 points per millisecond.
    func carousel(_ snap: SnapSpec, content: Double, viewport: Double, offset: Double = 0,
                  distance: Double, seconds: Double) -> ScrollSimulation {
        let spec = ScrollSpec(contentSize: Size(width: content, height: 180), contentOffset: Point(x: offset, y: 0),
                              drag: GestureSpec(samples: [.init(time: 0, x: 300, y: 90), .init(time: seconds, x: 300 - distance, y: 90)], location: here),
                              snap: snap, location: here)
        return ScrollSimulation(spec: spec, viewport: Size(width: viewport, height: 180))
    }

    // MARK: cardSnap (seed 002)

    /// The author's layout on a 390 pt screen: a 374 pt collection view (8 pt margins), 250 pt
    /// cards 10 pt apart from x = 0 (centres 125 + 260k), eight cards: 2070 pt of content.
    static let seed002 = SnapSpec(rule: .cardSnap, pageWidth: 260, cardWidth: 250, leading: 0)

    /// A 40 pt drag, released at three speeds. UIScrollView (rate 0.998 per ms) proposes
    /// 40 + v·0.998/0.002 = 40 + 499v; the visible cards at release ([40, 414]) are cards 0
    /// (centre 125) and 1 (centre 385); the one nearest proposed + 187 is centred at
    /// floor(centre − 187), 0 at the least.
    @Test(arguments: [
        (0.05, 0.0),   // proposes 64.95, centre 251.95: card 0 (126.95 away; card 1 133.05) → −62 → 0
        (0.1, 198.0),  // proposes 89.9, centre 276.9: card 1 (108.1 away) → 385 − 187 = 198
        (2.0, 198.0),  // proposes 1038: still card 1, the nearest of the cards visible at release
    ])
    func cardSnapRestsOnTheCardTheDecelerationProposes(velocity: Double, rest: Double) {
        let s = carousel(Self.seed002, content: 2070, viewport: 374, distance: 40, seconds: 40 / velocity / 1000)
        #expect(abs(s.releaseVelocity.x - velocity) < 1e-9)
        #expect(abs(s.offset(at: s.end).x - rest) < 1e-9)
    }

    @Test func aHardFlickTravelsSeveralCardsWhenEveryCardIsACandidate() {
        // Proposed 1038, centre 1225: card 4 (centre 1165, 60 away; card 5 is 200 away) → 1165 − 187 = 978.
        var snap = Self.seed002
        snap.candidates = .all
        let s = carousel(snap, content: 2070, viewport: 374, distance: 40, seconds: 40 / 2.0 / 1000)
        #expect(abs(s.offset(at: s.end).x - 978) < 1e-9)
    }

    @Test func theRetargetedDecelerationKeepsTheReleaseVelocityAndSettlesOnTime() {
        // 2 pt/ms towards 198 from 40: the rate d' with 2·d'/(1 − d') = 158 is 158/160 = 0.9875;
        // what is left, 158·d'ᵐ, falls under half a point after ln(0.5/158)/ln(0.9875) ms.
        let s = carousel(Self.seed002, content: 2070, viewport: 374, distance: 40, seconds: 0.02)
        let d = 158.0 / 160
        let settle = log(0.5 / 158) / log(d) / 1000
        #expect(abs(s.end - 0.02 - settle) < 1e-9)
        #expect(abs(settle - 0.4576) < 1e-3)
        // Per millisecond: x(m) = 198 − 158·d'ᵐ; the first millisecond moves 158·(1 − d') = 1.975 pt.
        #expect(abs(s.offset(at: 0.02 + 0.05).x - (198 - 158 * pow(d, 50))) < 1e-9)
        #expect(abs(s.offset(at: 0.021).x - 40 - 1.975) < 1e-9)
    }

    @Test func theFastRateProposesLess() {
        // decelerationRate fast (0.99): 40 + 0.1·0.99/0.01 = 49.9, centre 236.9 → card 0 → 0.
        let spec = ScrollSpec(contentSize: Size(width: 2070, height: 180), decelerationRate: ScrollSpec.fastDecelerationRate,
                              drag: GestureSpec(samples: [.init(time: 0, x: 300, y: 90), .init(time: 0.4, x: 260, y: 90)], location: here),
                              snap: Self.seed002, location: here)
        let s = ScrollSimulation(spec: spec, viewport: Size(width: 374, height: 180))
        #expect(abs(s.offset(at: s.end).x) < 1e-9)
    }

    // MARK: pageSnap (seed 003)

    static let pages = SnapSpec(pageWidth: 300)

    @Test func aSlowDragThatStaysOnItsCardScrollsBackAtAConstantRate() {
        // 100 pt in 1 s (0.1 pt/ms): scrollToItem(0): 100 → 0 in 0.3 s, straight.
        let s = carousel(Self.pages, content: 1500, viewport: 300, distance: 100, seconds: 1)
        #expect(s.targetPage == 0)
        #expect(abs(s.offset(at: 1.15).x - 50) < 1e-9)
        #expect(abs(s.end - 1.3) < 1e-12)
        // Monotonically back: never past the start, never away from it.
        var last = 100.0
        for i in 1 ... 300 {
            let x = s.offset(at: 1 + Double(i) / 1000).x
            #expect(x <= last + 1e-12 && x >= 0)
            last = x
        }
    }

    @Test func aSlowDragPastHalfACardScrollsOnToTheNext() {
        // 170 pt of a 300 pt card in 2 s: the nearest card is 1; 170 → 300 in 0.3 s.
        let s = carousel(Self.pages, content: 1500, viewport: 300, distance: 170, seconds: 2)
        #expect(s.targetPage == 1)
        #expect(abs(s.offset(at: 2.15).x - 235) < 1e-9)
        #expect(s.offset(at: s.end).x == 300)
    }

    @Test(arguments: [(0.49, 0), (0.51, 1)])
    func theVelocityThresholdDecides(velocity: Double, page: Int) {
        // 49 pt / 51 pt in 0.1 s: just under and just over 0.5 pt/ms, both short of half a card.
        let s = carousel(Self.pages, content: 1500, viewport: 300, distance: velocity * 100, seconds: 0.1)
        #expect(s.targetPage == page)
    }

    @Test(arguments: [(0.0, 60.0, 300.0), (300.0, -60.0, 0.0)])
    func aFlickSpringsTowardsTheNextCardWithTheFlicksVelocity(start: Double, distance: Double, target: Double) {
        // 60 pt in 0.1 s: 0.6 pt/ms, passed as initialSpringVelocity — UIKit reads it as 0.6 of
        // the animation's distance per second, towards the target: 0.6 × 240 = 144 pt/s.
        let s = carousel(Self.pages, content: 1500, viewport: 300, offset: start, distance: distance, seconds: 0.1)
        let release = start + distance
        let dt = 1e-7
        let speed = (s.offset(at: 0.1 + dt).x - s.offset(at: 0.1).x) / dt
        #expect(abs(speed - 0.6 * (target - release)) < 0.5)
        #expect(s.offset(at: s.end).x == target)
        #expect(abs(s.end - 0.4) < 1e-12)
    }
}
