// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueScene
@testable import SeguePresets
import SegueGeometry

/// semiModal's expansion (seed article 003) and the grid component it presents from, against
/// the seed's numbers worked out by hand.
@Suite struct SemiModalPresetTests {
    static let library = """
    canvas: {size: [390, 844], scale: 1, fps: 60}
    screens:
      library:
        title: "Library"
        content:
          - grid: {items: [{title: "吾輩は猫である", subtitle: "夏目漱石", color: "#5E5CE6"}, "こころ", "羅生門", "雪国"]}

    """

    static func dismiss(_ points: String, extra: String = "") throws -> Scene {
        try parse(library + "transition: {preset: semiModal, direction: dismiss, selected: 1, points: \(points)\(extra)}\n")
    }

    /// Whether the interactive dismissal finished (the dismissal animator ran) or was reset.
    static func finishes(_ scene: Scene) -> Bool {
        let overlay = scene.animations.contains { $0.layerID == "overlay" && $0.keyPath == .opacity }
        let reset = scene.animations.contains { $0.layerID == "collection" && $0.keyPath == .positionY && $0.keyframes == nil }
        #expect(overlay != reset)
        return overlay
    }

    @Test(arguments: [375.0, 390.0, 428.0])
    func gridCellsAreTheSeedsHalfWidthMinusTwenty(width: Double) throws {
        // ViewController: sectionInset 15, cell = view width / 2 − 20, so the columns are 10 apart.
        let cell = width / 2 - 20
        #expect(CoverGridLayout.cellSize(width: width) == cell)
        #expect(CoverGridLayout.frame(index: 0, width: width) == Rect(x: 15, y: 15, width: cell, height: cell))
        #expect(CoverGridLayout.frame(index: 1, width: width) == Rect(x: 15 + cell + 10, y: 15, width: cell, height: cell))
        #expect(CoverGridLayout.frame(index: 3, width: width) == Rect(x: 15 + cell + 10, y: 15 + cell + 10, width: cell, height: cell))
        #expect(abs(CoverGridLayout.frame(index: 1, width: width).maxX - (width - 15)) < 1e-9)
        #expect(CoverGridLayout.height(count: 5, width: width) == 30 + 3 * cell + 20)
        // As a component: under the navigation title at y = 116, full width.
        let scene = try parse(Self.library.replacingOccurrences(of: "[390, 844]", with: "[\(width), 844]"))
        let grid = try #require(scene.allLayers.first { $0.id == "library-1" })
        #expect(grid.position.y - grid.bounds.height / 2 == 116 && grid.bounds.width == width)
        #expect(grid.sublayers.map(\.id) == ["library-1-item0", "library-1-item1", "library-1-item2", "library-1-item3"])
        #expect(grid.sublayers[3].position.x == 15 + cell + 10 + cell / 2)
    }

    @Test func presentExpandsIntoCardsCoversAndTheOverlay() throws {
        let scene = try parse(Self.library + "transition: {preset: semiModal, selected: 0}\n")
        // Item 0 has no item before it: only the tapped card and the next one.
        #expect(scene.layers.map(\.id) == ["library", "overlay", "collection"])
        #expect(scene.layers[2].sublayers.map(\.id) == ["card0", "card1", "cover0", "cover1"])
        // CollectionViewPresentAnimator: 0.3 s, easeInEaseOut, for every animation.
        for a in scene.animations {
            #expect(a.duration == 0.3 && a.timing == .easeInEaseOut && a.begin == 0)
        }
        let fade = try #require(scene.animations.first { $0.layerID == "overlay" })
        #expect(fade.from == .number(0) && fade.to == .number(0.5))
        // The next card's snapshot starts beside the tapped cell: [15 + 185, 131, 175, 175].
        let move = try #require(scene.animations.first { $0.layerID == "card1" && $0.keyPath == .position })
        #expect(move.from == .point(Point(x: 200 + 87.5, y: 131 + 87.5)) && move.to == .point(Point(x: 374 + 171, y: 422)))
        let sx = try #require(scene.animations.first { $0.layerID == "card1" && $0.keyPath == .scaleX })
        #expect(sx.from == .number(175.0 / 342) && sx.to == .number(1))
        let sy = try #require(scene.animations.first { $0.layerID == "card1" && $0.keyPath == .scaleY })
        #expect(sy.from == .number(175.0 / 844) && sy.to == .number(1))
        let cover = try #require(scene.animations.first { $0.layerID == "cover0" })
        #expect(cover.from == .rect(Rect(x: 15, y: 131, width: 175, height: 175)))
        #expect(cover.to == .rect(Rect(x: 48, y: 72 + 38.5 + 24, width: 294, height: 294)))
        // No tap is drawn when the transition starts at 0 (there is no time before it).
        #expect(scene.touches.isEmpty)
    }

    @Test(arguments: [
        // progress = translation / 844 against percentThreshold 0.2 (168.8 pt), slow fingers.
        ("[[0.1, 200, 300], [0.5, 200, 400], [0.9, 200, 470]]", true),     // 170 pt
        ("[[0.1, 200, 300], [0.5, 200, 400], [0.9, 200, 465]]", false),    // 165 pt
        // A flick: 60 pt, the last 50 ms at 1400 pt/s > shouldFinishVerocityY 1200.
        ("[[0.1, 200, 300], [0.3, 200, 290], [0.35, 200, 290], [0.4, 200, 360]]", true),
        // The same distance at 1000 pt/s.
        ("[[0.1, 200, 300], [0.3, 200, 310], [0.35, 200, 310], [0.4, 200, 360]]", false),
    ])
    func releaseFollowsPercentThresholdAndVelocity(points: String, finishes: Bool) throws {
        #expect(Self.finishes(try Self.dismiss(points)) == finishes)
    }

    @Test func thresholdsAreParameters() throws {
        let pan = "[[0.1, 200, 300], [0.5, 200, 400], [0.9, 200, 470]]"
        #expect(!Self.finishes(try Self.dismiss(pan, extra: ", percentThreshold: 0.3")))
        #expect(Self.finishes(try Self.dismiss("[[0.1, 200, 300], [0.4, 200, 330]]", extra: ", velocityAbove: 50")))
        let reset = try Self.dismiss("[[0.1, 200, 300], [0.4, 200, 330]]", extra: ", resetDuration: 0.5")
        let back = try #require(reset.animations.first { $0.layerID == "collection" && $0.keyframes == nil })
        #expect(back.duration == 0.5 && back.begin == 0.4 && back.from == .number(422 + 30) && back.to == .number(422))
    }

    @Test func theCollectionFollowsTheFingerAtItsSampleTimes() throws {
        // Down 40, up past the start (held at 0, with a keyframe where it crosses), down again.
        let scene = try Self.dismiss("[[0.2, 100, 400], [0.4, 100, 440], [0.6, 100, 380], [0.8, 100, 500]]")
        let follow = try #require(scene.animations.first { $0.layerID == "collection" && $0.keyframes != nil })
        #expect(follow.begin == 0.2 && abs(follow.duration - 0.6) < 1e-12 && follow.fillMode == .removed)
        let k = try #require(follow.keyframes)
        // Crossings at 0.4 + 0.2 × 40/60 = 0.5333… and 0.6 + 0.2 × 20/120 = 0.6333….
        #expect(k.values == [422, 462, 422, 422, 422, 522].map { AnimationValue.number($0) })
        let times = [0.2, 0.4, 0.4 + 0.2 * 40 / 60, 0.6, 0.6 + 0.2 * 20 / 120, 0.8].map { ($0 - 0.2) / 0.6 }
        #expect(zip(k.keyTimes ?? [], times).allSatisfy { abs($0 - $1) < 1e-9 })
        // The finger is drawn, and drives nothing else.
        #expect(scene.touches.count == 1 && scene.touches[0].samples.count == 4 && scene.interaction == nil)
    }

    @Test func cardGeometryParametersOverrideTheSeed() throws {
        let scene = try parse(Self.library + "transition: {preset: semiModal, selected: 1, margin: 16, spacing: 10, top: 60, coverInset: 20, overlay: 0.4}\n")
        // Card width 390 − 32 = 358, pageWidth 368.
        let ends = scene.animations.filter { $0.keyPath == .position }.map(\.to)
        #expect(ends == [.point(Point(x: 16 - 368 + 179, y: 422)), .point(Point(x: 16 + 179, y: 422)), .point(Point(x: 16 + 368 + 179, y: 422))])
        let cover = try #require(scene.animations.first { $0.layerID == "cover1" })
        #expect(cover.to == .rect(Rect(x: 36, y: 60 + 38.5 + 20, width: 318, height: 318)))
        #expect(scene.animations.first { $0.layerID == "overlay" }?.to == .number(0.4))
    }

    @Test func aDismissCanBeATimelineStepTimedFromItsStart() throws {
        let scene = try parse(Self.library + """
        timeline:
          - transition: {preset: semiModal, selected: 1}
          - hold: 0.5
          - transition: {preset: semiModal, direction: dismiss, points: [[0.2, 200, 300], [0.5, 200, 600]]}

        """)
        // The dismiss step begins at 0.8 s: the finger is down 1.0 … 1.3 s; 300 pt finishes.
        #expect(scene.touches.map(\.samples.first?.time) == [1.0])
        let follow = try #require(scene.animations.first { $0.layerID == "s2-collection" && $0.keyframes != nil })
        #expect(abs(follow.begin - 1.0) < 1e-12)
        #expect(scene.animations.contains { $0.layerID == "s2-overlay" && abs($0.begin - 1.3) < 1e-12 })
        #expect(abs(scene.duration - 1.6) < 1e-9)
    }

    @Test func aScreenWithoutAGridIsReported() {
        expectError("canvas: {size: [390, 844]}\nscreens:\n  list: {title: Stories}\ntransition: {preset: semiModal, from: list}\n",
                    .invalidValue, line: 4, column: 39, message: ["no grid"], suggestion: ["grid:"])
    }

    @Test func theCardsSideIsNotAScreen() {
        expectError(Self.library + "transition: {preset: semiModal, from: library, to: library}\n",
                    .invalidValue, line: 7, column: 52, message: ["only the screen with the grid"])
        expectError(Self.library + "transition: {preset: semiModal, selected: 4}\n",
                    .invalidValue, line: 7, column: 43, message: ["selected"])
    }

    @Test func gridItemsAreChecked() {
        expectError("canvas: {size: [390, 844]}\nscreens:\n  a: {content: [{grid: {items: [{title: x, color: red, size: 3}]}}]}\n",
                    .unknownKey, line: 3, column: 56, message: ["size"])
        expectError("canvas: {size: [390, 844]}\nscreens:\n  a: {content: [{grid: {columns: 2}}]}\n",
                    .missingKey, line: 3, column: 24, message: ["items"])
    }
}
