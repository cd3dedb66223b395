// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueTimeline
import SeguePresets
import SegueGeometry
import SegueScene

/// The photoPager (seed 002) and storyPager (seed 000) presets, against offsets worked out by
/// hand from the paging rule of docs/timeline.md: on release a paging scroll view settles on the
/// page nearest its offset, or one page on from the page the drag began on when the release is
/// faster than 0.5 pt/ms. A straight drag of d points in s seconds releases at d / s / 1000
/// pt/ms (the finger's speed over its last 50 ms).
@Suite struct PagerPresetTests {
    static func scene(_ text: String) throws -> Timeline {
        Timeline(scene: try SceneLoader.parse(text, file: "scene.yaml", baseDirectory: SemiModalTimelineTests.root.path))
    }

    static func offset(_ tl: Timeline, _ id: String, at t: Double) -> Double? {
        SemiModalTimelineTests.state(tl, id, at: t).map { $0.bounds.minX }
    }

    static func hidden(_ tl: Timeline, _ id: String, at t: Double) -> Bool? {
        SemiModalTimelineTests.state(tl, id, at: t).map(\.hidden)
    }

    // MARK: photoPager

    /// scenes/preset-photoPager.yaml: 320 pt wide, tile 3 of 8 tapped, lifting at 0.4 s.
    static func photoPager() throws -> Timeline { try SemiModalTimelineTests.timeline("preset-photoPager.yaml") }

    @Test func theTapIsACutToThePagerOnTheTappedPhoto() throws {
        let tl = try Self.photoPager()
        // present(animated: false) when the tap lifts at 0.4 s: the window's black, then the view
        // fading 0 → 1 in 0.16 s with UIView.animate's easeInEaseOut, which is symmetric: 0.5 at half time.
        #expect(Self.hidden(tl, "window", at: 0.39) == true)
        #expect(Self.hidden(tl, "window", at: 0.41) == false)
        let half = try #require(SemiModalTimelineTests.state(tl, "popup", at: 0.48))
        #expect(abs(Double(half.opacity) - 0.5) < 1e-6)
        #expect(SemiModalTimelineTests.state(tl, "popup", at: 0.6)?.opacity == 1)
        // Main.storyboard: the label 50 pt under the 20 pt status bar, 30 pt tall, the scroll view
        // 20 pt under it, full width and 0.75 as tall: (0, 20 + 50 + 30 + 20, 320, 240).
        SemiModalTimelineTests.expectFrame(SemiModalTimelineTests.frame(tl, "pager", at: 0.6), 0, 120, 320, 240)
        // Page k (0-based) rests at k × 320: tag 3 is page 2, offset 640, "Page 3 / 8".
        #expect(Self.offset(tl, "pager", at: 0.41) == 640)
        #expect(Self.hidden(tl, "pageLabel1", at: 0.6) == false)
        #expect(SemiModalTimelineTests.state(tl, "pageLabel1", at: 0.6)?.text?.string == "Page 3 / 8")
        // The finger is on tile 3. With 8 photos on a 320 pt screen the seed's default case makes
        // tile 3 a 145 pt square ((320 − 30) / 2) under tile 1 (140 pt): in the cell at (15, 7 + 140).
        // The cell starts at 116 (under the title) + 27 (the 15 pt label: ceil(22.5) + 4) + 12 = 155.
        // Its centre: (15 + 72.5, 155 + 147 + 72.5) = (87.5, 374.5).
        let touch = try #require(tl.touchLocations(at: 0.35).first)
        #expect(abs(touch.x - 87.5) < 1e-9 && abs(touch.y - 374.5) < 1e-9)
    }

    @Test(arguments: [1, 2, 4, 6])
    func thePagerOpensOnTheTappedTile(tile: Int) throws {
        let tl = try Self.scene("""
            canvas: {size: [320, 568]}
            screens: {feed: {title: "Feed", content: [{photoTiles: 8}]}}
            transition: {preset: photoPager, tile: \(tile), gestures: [{pan: {points: [[2, 200, 240], [2.1, 120, 240]]}}]}
            """)
        #expect(Self.offset(tl, "pager", at: 0.5) == Double(tile - 1) * 320)
        #expect(SemiModalTimelineTests.state(tl, "pageLabel1", at: 0.5)?.text?.string == "Page \(tile) / 8")
    }

    @Test func aFlickPagesOnAndASlowDragShortOfHalfAPageComesBack() throws {
        let tl = try Self.photoPager()
        // The flick: 80 pt in 0.1 s from 0.96 s, 0.8 pt/ms > 0.5: from page 3 (offset 640) one
        // page on, 960, whatever the 80 pt released at (720) is nearest to; settled 0.3 s later.
        #expect(abs((Self.offset(tl, "pager", at: 1.06) ?? 0) - 720) < 1e-9)
        #expect(abs((Self.offset(tl, "pager", at: 1.36) ?? 0) - 960) < 1e-9)
        // scrollViewDidEndDecelerating then sets "Page 4 / 8".
        #expect(Self.hidden(tl, "pageLabel1", at: 1.35) == false && Self.hidden(tl, "pageLabel2", at: 1.35) == true)
        #expect(Self.hidden(tl, "pageLabel1", at: 1.37) == true && Self.hidden(tl, "pageLabel2", at: 1.37) == false)
        #expect(SemiModalTimelineTests.state(tl, "pageLabel2", at: 1.4)?.text?.string == "Page 4 / 8")
        // The slow drag: 96 pt in 0.8 s from 1.86 s, 0.12 pt/ms < 0.5, released at 960 + 96 = 1056,
        // nearest page 3 (1056 / 320 = 3.3): back to 960; the label stays.
        #expect(abs((Self.offset(tl, "pager", at: 2.66) ?? 0) - 1056) < 1e-9)
        #expect(abs((Self.offset(tl, "pager", at: 3.2) ?? 0) - 960) < 1e-9)
        #expect(SemiModalTimelineTests.state(tl, "pageLabel3", at: 3.2) == nil)
        // "× Close" lifts at 2.66 + 0.3 + 0.5 = 3.46 s: 0.16 s fade out, then the cut to the feed.
        #expect(SemiModalTimelineTests.state(tl, "popup", at: 3.45)?.opacity == 1)
        #expect(Self.hidden(tl, "window", at: 3.61) == false)
        #expect(Self.hidden(tl, "window", at: 3.63) == true)
    }

    @Test func thePagerDoesNotBounce() throws {
        // ImageController sets bounces = false: on page 0 a drag to the right leaves the offset at 0.
        let tl = try Self.scene("""
            canvas: {size: [320, 568]}
            screens: {feed: {content: [{photoTiles: 8}]}}
            transition: {preset: photoPager, tile: 1, gestures: [{pan: {points: [[1, 100, 240], [1.5, 200, 240]]}}]}
            """)
        #expect(Self.offset(tl, "pager", at: 1.25) == 0)
        #expect(Self.offset(tl, "pager", at: 2) == 0)
    }

    @Test func theMoreButtonPushesTheListStartingAtTheSixthPhoto() throws {
        let tl = try SemiModalTimelineTests.timeline("preset-photoPager-more.yaml")
        // The push runs 0.4 … 0.75 s: the list from x = 320 to 0, the feed to −320 / 3.
        let list = try #require(SemiModalTimelineTests.frame(tl, "list", at: 0.3))
        #expect(abs(list.minX - 320) < 1e-9)
        SemiModalTimelineTests.expectFrame(SemiModalTimelineTests.frame(tl, "list", at: 0.8), 0, 0, 320, 568)
        let feed = try #require(SemiModalTimelineTests.frame(tl, "feed", at: 0.8))
        #expect(abs(feed.minX + 320.0 / 3) < 1e-9)
        // contentOffset.y = 280 × 5: row 6 (0-based 5) at the table's top, under the 20 + 44 pt
        // bars, row 7 at 64 + 280 = 344; row 8 would start at 624, below the 568 pt screen.
        SemiModalTimelineTests.expectFrame(SemiModalTimelineTests.frame(tl, "list-photo6", at: 0.8), 0, 64, 320, 280)
        SemiModalTimelineTests.expectFrame(SemiModalTimelineTests.frame(tl, "list-photo7", at: 0.8), 0, 344, 320, 280)
        #expect(SemiModalTimelineTests.state(tl, "list-photo5", at: 0.8) == nil)
        #expect(SemiModalTimelineTests.state(tl, "list-photo6-label", at: 0.8)?.text?.string == " 画像6：")
        // The finger taps the sixth tile: (165 + 70, 155 + 7 + 140 + 145 + 70) = (235, 517).
        let touch = try #require(tl.touchLocations(at: 0.35).first)
        #expect(abs(touch.x - 235) < 1e-9 && abs(touch.y - 517) < 1e-9)
    }

    @Test func theMoreButtonNeedsMoreThanSixPhotos() throws {
        #expect(throws: SceneError.self) {
            _ = try Self.scene("""
                canvas: {size: [320, 568]}
                screens: {feed: {content: [{photoTiles: 6}]}}
                transition: {preset: photoPager, more: true}
                """)
        }
    }

    // MARK: storyPager

    /// Four stories, `spacing` apart, and one slow drag from page 0 released `fraction` of a page
    /// on, or a flick: the finger moves `distance` points to the left in `seconds` from 0.2 s.
    static func story(spacing: Double, distance: Double, seconds: Double) throws -> Timeline {
        try scene("""
            canvas: {size: [390, 844]}
            transition:
              preset: storyPager
              spacing: \(spacing)
              gestures: [{pan: {points: [[0.2, 350, 400], [\(0.2 + seconds), \(350 - distance), 400]]}}]
            """)
    }

    /// The page controller's snap on both sides of half a page: released slowly (about 0.2 pt/ms,
    /// under 0.5) at 49 % it returns to page 0, at 51 % it settles on page 1. A page is the screen
    /// plus the inter-page spacing: 390 with none, 400 with 10 pt.
    @Test(arguments: [(0.0, 0.49, 0.0), (0.0, 0.51, 390.0), (10.0, 0.49, 0.0), (10.0, 0.51, 400.0)])
    func releasedPastHalfAPageItPagesElseItReturns(spacing: Double, fraction: Double, rest: Double) throws {
        let page = 390 + spacing
        let tl = try Self.story(spacing: spacing, distance: fraction * page, seconds: 1)
        #expect(abs((Self.offset(tl, "pages", at: 1.2) ?? 0) - fraction * page) < 1e-9)
        #expect(abs((Self.offset(tl, "pages", at: 2) ?? 0) - rest) < 1e-9)
    }

    @Test(arguments: [(0.49, 400.0), (0.51, 0.0)])
    func backwardsTheSameHalfPageDecides(fraction: Double, rest: Double) throws {
        // From story 2 (page 1, offset 400 with 10 pt spacing) the finger moves right, slowly:
        // released at 400 − 196 = 204 (nearest 400) it returns, at 400 − 204 = 196 (nearest 0) it pages back.
        let tl = try Self.scene("""
            canvas: {size: [390, 844]}
            transition:
              preset: storyPager
              spacing: 10
              page: 1
              gestures: [{pan: {points: [[0.2, 40, 400], [1.2, \(40 + fraction * 400), 400]]}}]
            """)
        #expect(Self.offset(tl, "pages", at: 0.1) == 400)
        #expect(abs((Self.offset(tl, "pages", at: 2) ?? -1) - rest) < 1e-9)
    }

    @Test func aShortFastFlickPages() throws {
        // 40 pt (10 % of a page) in 0.05 s: 0.8 pt/ms > 0.5, so page 1 (400); the same 40 pt in
        // 1 s (0.04 pt/ms) comes back to 0.
        let flick = try Self.story(spacing: 10, distance: 40, seconds: 0.05)
        #expect(abs((Self.offset(flick, "pages", at: 1) ?? 0) - 400) < 1e-9)
        let slow = try Self.story(spacing: 10, distance: 40, seconds: 1)
        #expect(abs((Self.offset(slow, "pages", at: 2) ?? 0) - 0) < 1e-9)
    }

    @Test func theNextPageShowsBesideTheCurrentOneWhileDragging() throws {
        // Halfway through a 200 pt drag in 1 s (0.7 s): offset 100. Story 1 spans 0 … 390 in the
        // content, story 2 starts at 400: on the canvas story 1 ends at 290, story 2 starts at 300.
        let tl = try Self.story(spacing: 10, distance: 200, seconds: 1)
        let one = try #require(SemiModalTimelineTests.frame(tl, "story1", at: 0.7))
        let two = try #require(SemiModalTimelineTests.frame(tl, "story2", at: 0.7))
        #expect(abs(one.maxX - 290) < 1e-9)
        #expect(abs(two.minX - 300) < 1e-9)
    }

    @Test func theDefaultSwipesReturnThenPageThenPage() throws {
        // scenes/preset-storyPager.yaml: 320 pt + 12 pt spacing, page 332. 128 pt (0.39 of a page)
        // returns; 192 pt (0.58) pages to 332; the 60 pt flick (0.75 pt/ms) pages to 664.
        let tl = try SemiModalTimelineTests.timeline("preset-storyPager.yaml")
        #expect(abs((Self.offset(tl, "pages", at: 1.6) ?? 1) - 0) < 1e-9)
        #expect(abs((Self.offset(tl, "pages", at: 3.0) ?? 0) - 332) < 1e-9)
        #expect(abs((Self.offset(tl, "pages", at: tl.duration) ?? 0) - 664) < 1e-9)
        // The header's current index follows didFinishAnimating: "2" once the second drag has
        // settled (released at 2.6 s, settled 0.3 s later), "3" after the flick (3.28 + 0.3 s).
        #expect(SemiModalTimelineTests.state(tl, "currentIndex1", at: 2.89)?.hidden == false)
        #expect(SemiModalTimelineTests.state(tl, "currentIndex2", at: 2.89)?.hidden == true)
        #expect(SemiModalTimelineTests.state(tl, "currentIndex2", at: 2.91)?.hidden == false)
        #expect(SemiModalTimelineTests.state(tl, "currentIndex2", at: 2.91)?.text?.string == "2")
        #expect(SemiModalTimelineTests.state(tl, "currentIndex3", at: 3.59)?.text?.string == "3")
        #expect(SemiModalTimelineTests.state(tl, "currentIndex3", at: 3.59)?.hidden == false)
        #expect(SemiModalTimelineTests.state(tl, "totalIndex", at: 0)?.text?.string == "4")
    }

    @Test func theCardSitsInTheContainerAsTheStoryboardSays() throws {
        // 320 × 568: a 20 pt status bar and a 44 pt bar, the 84 pt header, so the container is
        // 148 … 568 (420 pt); the card is 30 pt in (260 wide), 389 tall, centred: y = 148 + 15.5,
        // rounded to 16 in the container.
        let tl = try SemiModalTimelineTests.timeline("preset-storyPager.yaml")
        SemiModalTimelineTests.expectFrame(SemiModalTimelineTests.frame(tl, "story1-card", at: 0), 30, 164, 260, 389)
        SemiModalTimelineTests.expectFrame(SemiModalTimelineTests.frame(tl, "pages", at: 0), 0, 148, 332, 420)
    }
}
