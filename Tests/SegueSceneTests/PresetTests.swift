// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueScene
@testable import SeguePresets
import SegueGeometry

/// Presets expand into ordinary layers, groups and interactions; these check the expansions
/// against the seed articles' numbers, worked out by hand here.
@Suite struct PresetExpansionTests {
    static let screens = """
    canvas: {size: [390, 844], scale: 1, fps: 60}
    screens:
      list: {title: "Stories", content: [{row: "Ocean sunrise"}, {card: {title: "京都の紅葉 🍁", color: "#FF9500"}}]}
      detail: {content: [{hero: {title: "Mountain trail"}}, {button: "Start route"}]}

    """

    static func flipScene() throws -> Scene {
        try SceneLoader.load(path: packageRoot + "/scenes/flip.yaml")
    }

    @Test func flipPresentEqualsTheHandWrittenGroup() throws {
        let scene = try parse(Self.screens + "transition: {preset: flip, direction: present, from: list, to: detail}\n")
        let reference = try Self.flipScene()
        #expect(scene.groups.count == 1)
        let g = scene.groups[0], r = reference.groups[0]
        // FlipPresentCustomTransition: 0.72 s, .calculationModeCubic, UIKit's easeInEaseOut over the group.
        #expect(g.duration == 0.72 && g.duration == r.duration)
        #expect(g.begin == 0 && g.begin == r.begin)
        #expect(g.calculationMode == .cubic && g.calculationMode == r.calculationMode)
        #expect(g.curve == .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1) && g.curve == r.curve)
        #expect(g.keyframes.count == 3 && r.keyframes.count == 3)
        // Layer ids differ (screens are named by the scene); map them: fromView ↔ list, toSnapshot ↔ detail.
        let rename = ["list": "fromView", "detail": "toSnapshot"]
        for (a, b) in zip(g.keyframes, r.keyframes) {
            #expect(close(a.relativeStart, b.relativeStart) && close(a.relativeDuration, b.relativeDuration))
            #expect(close(a.relativeDuration, 1.0 / 3.0))
            #expect(a.changes.count == 1 && b.changes.count == 1)
            let ca = a.changes[0], cb = b.changes[0]
            #expect(rename[ca.layerID] == cb.layerID)
            #expect(ca.keyPath == cb.keyPath)
            #expect(ca.value == cb.value, "\(ca.value) vs \(cb.value)")
        }
        // The from-view turns to −π/2, the snapshot to 0, then settles on the full frame.
        guard case let .transform(turned) = g.keyframes[0].changes[0].value else { Issue.record("not a transform"); return }
        #expect(close(turned, Transform3D.rotation(-.pi / 2, 0, 1, 0)))
        #expect(g.keyframes[2].changes[0].value == .rect(Rect(x: 0, y: 0, width: 390, height: 844)))
        // m34 = −0.002 on the container; the snapshot starts at +π/2 about y and clips to bounds.
        let container = try #require(scene.layers.first { $0.id == "container" })
        #expect(close(container.sublayerTransform.m34, -0.002))
        let snapshot = try #require(scene.allLayers.first { $0.id == "detail" })
        #expect(close(snapshot.transform, Transform3D.rotation(.pi / 2, 0, 1, 0)))
        #expect(snapshot.masksToBounds)
        // The snapshot is above the from-view.
        #expect(container.sublayers.map(\.id) == ["list", "detail"])
    }

    @Test func flipDismissReversesAsInTheSeed() throws {
        let scene = try parse(Self.screens + "transition: {preset: flip, direction: dismiss, from: detail, to: list}\n")
        let g = try #require(scene.groups.first)
        let container = try #require(scene.layers.first)
        // toViewController.view is inserted beneath the snapshot, turned to −π/2.
        #expect(container.sublayers.map(\.id) == ["list", "detail"])
        #expect(close(container.sublayers[0].transform, Transform3D.rotation(-.pi / 2, 0, 1, 0)))
        #expect(g.keyframes.map(\.changes[0].layerID) == ["detail", "detail", "list"])
        #expect(g.keyframes.map(\.changes[0].keyPath) == [.frame, .transform, .transform])
        guard case let .transform(away) = g.keyframes[1].changes[0].value, case let .transform(back) = g.keyframes[2].changes[0].value else {
            Issue.record("not transforms"); return
        }
        #expect(close(away, Transform3D.rotation(.pi / 2, 0, 1, 0)))
        #expect(close(back, .identity))
        // The edge-swipe scenes encode FlipDismiss by hand: same timing.
        let reference = try SceneLoader.load(path: packageRoot + "/scenes/edge-swipe-finish.yaml").groups[0]
        #expect(g.duration == reference.duration && g.calculationMode == reference.calculationMode && g.curve == reference.curve)
        for (a, b) in zip(g.keyframes, reference.keyframes) {
            #expect(close(a.relativeStart, b.relativeStart) && a.changes[0].keyPath == b.changes[0].keyPath && a.changes[0].value == b.changes[0].value)
        }
    }

    @Test func parametersOverrideTheSeedNumbers() throws {
        let scene = try parse(Self.screens + "transition: {preset: flip, duration: 1.2, perspective: 1000, delay: 0.25}\n")
        let g = try #require(scene.groups.first)
        #expect(g.duration == 1.2 && g.begin == 0.25)
        #expect(close(scene.layers[0].sublayerTransform.m34, -0.001))
    }

    @Test func edgeSwipeBackDrivesTheDismissWithTheSeedsRule() throws {
        let scene = try parse(Self.screens + "transition: {preset: edgeSwipeBack, from: detail, to: list, dragDistance: 80, dragDuration: 0.5, dragDelay: 0.1}\n")
        let i = try #require(scene.interaction)
        #expect(i.gesture.kind == .screenEdgePan)
        // progress = translation.x / 200, finish above 0.5
        #expect(i.progress.evaluate(["translation.x": 100]) == 0.5)
        #expect(i.finishWhen.progressAbove == 0.5)
        let first = try #require(i.gesture.samples.first), last = try #require(i.gesture.samples.last)
        #expect(first.time == 0.1 && last.time == 0.6)
        #expect(close(last.x - first.x, 80))
        #expect(scene.groups.first?.duration == 0.72)
    }

    @Test func timelineLoopsPresentAndDismiss() throws {
        let scene = try parse(Self.screens + """
        timeline:
          - transition: {preset: flip, direction: present}
          - hold: 0.6
          - transition: {preset: flip, direction: dismiss}
          - hold: 0.6

        """)
        #expect(close(scene.duration, 0.72 + 0.6 + 0.72 + 0.6))
        #expect(scene.groups.count == 2 && scene.groups[0].begin == 0 && close(scene.groups[1].begin, 0.72 + 0.6))
        // The second step goes back: from detail to list.
        #expect(scene.groups[1].keyframes[0].changes[0].layerID == "s2-detail")
        #expect(scene.groups[1].keyframes[2].changes[0].layerID == "s2-list")
        #expect(scene.layers.map(\.id) == ["s1", "s2"])
        #expect(scene.layers.map(\.hidden) == [false, true])
    }

    @Test func pushSlidesInFromTheRightAndDimsTheOldScreen() throws {
        let scene = try parse(Self.screens + "transition: {preset: push, from: list, to: detail}\n")
        let top = try #require(scene.animations.first { $0.layerID == "detail" })
        #expect(top.from == .number(390 + 195) && top.to == .number(195))
        let under = try #require(scene.animations.first { $0.layerID == "list" })
        #expect(under.to == .number(195 - 130))
        let dim = try #require(scene.animations.first { $0.layerID == "dimming" })
        #expect(dim.to == .number(0.1))
        #expect(scene.layers.map(\.id) == ["list", "dimming", "detail"])
    }

    // MARK: - Errors

    @Test func unknownScreenIsReportedWithDidYouMean() {
        expectError(Self.screens + "transition: {preset: flip, from: lists, to: detail}\n", .reference, line: 5, column: 34,
                    message: ["no screen 'lists'"], suggestion: ["did you mean 'list'?"])
    }

    @Test func unknownPresetParameter() {
        expectError(Self.screens + "transition: {preset: flip, duraton: 1}\n", .unknownKey, line: 5, column: 28,
                    message: ["duraton"], suggestion: ["did you mean 'duration'?"])
    }

    @Test func unknownPresetName() {
        expectError(Self.screens + "transition: {preset: flop}\n", .invalidValue, line: 5, column: 22,
                    suggestion: ["flip"])
    }

    @Test func unknownComponent() {
        expectError("""
        canvas: {size: [390, 844]}
        screens:
          list: {content: [{rows: "x"}]}
        """, .unknownKey, line: 3, column: 21, message: ["rows"], suggestion: ["did you mean 'row'?"])
    }

    @Test func badValueInAScreenIsReportedWhereItIsWritten() {
        expectError("""
        canvas: {size: [390, 844]}
        screens:
          list: {content: [{card: {title: "x", color: "#GG0000"}}]}
          detail: {title: "y"}
        transition: {preset: flip}
        """, .invalidValue, line: 3, column: 47)
    }
}

/// MainContentsCell's tile sizes (seed article 002), computed by hand from the seed's formulas:
/// area = screenWidth − 30; 1 photo: area × 150; 2: area/2 squares; 3: 100 squares beside a
/// (w − 130) × 200 view; 4: (w − 170) × 140 and 140 squares crosswise; 5: 100 squares beside
/// (w − 130) × 150 views; 6+: 140, (w − 170) × 140, two area/2 squares, (w − 170) × 140, 140.
@Suite struct PhotoTilesTests {
    typealias R = (Double, Double, Double, Double)

    /// Expected frames for each count at screen width 320 (area 290).
    static let at320: [Int: [R]] = [
        0: [(15, 7, 290, 0), (305, 7, 0, 0), (15, 7, 290, 0), (305, 7, 0, 0), (15, 7, 290, 0), (305, 7, 0, 0)],
        1: [(15, 7, 290, 150), (305, 7, 0, 150), (15, 157, 290, 0), (305, 157, 0, 0), (15, 157, 290, 0), (305, 157, 0, 0)],
        2: [(15, 7, 145, 145), (160, 7, 145, 145), (15, 152, 145, 0), (160, 152, 145, 0), (15, 152, 145, 0), (160, 152, 145, 0)],
        3: [(15, 7, 100, 100), (115, 7, 190, 200), (15, 107, 100, 100), (115, 207, 190, 0), (15, 207, 100, 0), (115, 207, 190, 0)],
        4: [(15, 7, 150, 140), (165, 7, 140, 140), (15, 147, 140, 140), (155, 147, 150, 140), (15, 287, 140, 0), (155, 287, 150, 0)],
        5: [(15, 7, 100, 100), (115, 7, 190, 150), (15, 107, 100, 100), (115, 157, 190, 150), (15, 207, 100, 100), (115, 307, 190, 0)],
        6: [(15, 7, 140, 140), (155, 7, 150, 140), (15, 147, 145, 145), (160, 147, 145, 145), (15, 292, 150, 140), (165, 292, 140, 140)],
    ]
    /// The same at 390 (area 360).
    static let at390: [Int: [R]] = [
        0: [(15, 7, 360, 0), (375, 7, 0, 0), (15, 7, 360, 0), (375, 7, 0, 0), (15, 7, 360, 0), (375, 7, 0, 0)],
        1: [(15, 7, 360, 150), (375, 7, 0, 150), (15, 157, 360, 0), (375, 157, 0, 0), (15, 157, 360, 0), (375, 157, 0, 0)],
        2: [(15, 7, 180, 180), (195, 7, 180, 180), (15, 187, 180, 0), (195, 187, 180, 0), (15, 187, 180, 0), (195, 187, 180, 0)],
        3: [(15, 7, 100, 100), (115, 7, 260, 200), (15, 107, 100, 100), (115, 207, 260, 0), (15, 207, 100, 0), (115, 207, 260, 0)],
        4: [(15, 7, 220, 140), (235, 7, 140, 140), (15, 147, 140, 140), (155, 147, 220, 140), (15, 287, 140, 0), (155, 287, 220, 0)],
        5: [(15, 7, 100, 100), (115, 7, 260, 150), (15, 107, 100, 100), (115, 157, 260, 150), (15, 207, 100, 100), (115, 307, 260, 0)],
        6: [(15, 7, 140, 140), (155, 7, 220, 140), (15, 147, 180, 180), (195, 147, 180, 180), (15, 327, 220, 140), (235, 327, 140, 140)],
    ]

    @Test(arguments: 0 ... 8, [320.0, 390.0])
    func framesMatchTheSeed(count: Int, width: Double) {
        let table = width == 320 ? Self.at320 : Self.at390
        let expected = table[min(count, 6)]!
        let frames = PhotoTilesLayout.frames(count: count, screenWidth: width)
        #expect(frames.count == 6)
        for (i, (f, e)) in zip(frames, expected).enumerated() {
            #expect(f == Rect(x: e.0, y: e.1, width: e.2, height: e.3), "tile \(i + 1) for \(count) photos at \(width): \(f)")
        }
        // Every row fills the area exactly: widths add up to screenWidth − 30.
        for row in 0 ..< 3 { #expect(frames[2 * row].width + frames[2 * row + 1].width == width - 30) }
        #expect(PhotoTilesLayout.moreText(count: count) == (count > 6 ? "他\(count - 6)件" : nil))
    }

    @Test func componentEmitsVisibleTilesAndTheMoreButton() throws {
        let scene = try parse("""
        canvas: {size: [320, 568]}
        screens:
          feed: {content: [{photoTiles: 8}]}
        """)
        let tiles = try #require(scene.allLayers.first { $0.id == "feed-1" })
        #expect(tiles.bounds.height == 7 + 140 + 145 + 140 + 8)
        #expect(tiles.sublayers.map(\.id) == (1 ... 6).map { "feed-1-photo\($0)" })
        let sixth = tiles.sublayers[5]
        #expect(sixth.frame == Rect(x: 165, y: 292, width: 140, height: 140))
        let button = try #require(sixth.sublayers.first)
        #expect(button.opacity == 0.45)
        #expect(sixth.sublayers[1].text?.string == "他2件")
        // Three photos: only the three shown tiles are drawn.
        let three = try parse("canvas: {size: [320, 568]}\nscreens:\n  feed: {content: [{photoTiles: {count: 3}}]}\n")
        #expect(three.allLayers.first { $0.id == "feed-1" }?.sublayers.count == 3)
    }

    @Test func fadeInAndScrollMistakesAreReportedWhereWritten() {
        func scene(_ scroll: String, _ tiles: String = "{count: 3, fadeIn: true}") -> String {
            "canvas: {size: [320, 568]}\nscreens:\n  feed:\n    \(scroll)\n    content:\n      - photoTiles: \(tiles)\n"
        }
        expectError(scene("scroll: {too: 5}"), .unknownKey, line: 4, column: 14, suggestion: ["'to'"])
        expectError(scene("scroll: {to: -5}"), .invalidValue, line: 4, column: 18, message: ["'to'", "-5"])
        expectError(scene("scroll: {to: 5, duration: 0}"), .invalidValue, line: 4, column: 31, message: ["duration"])
        expectError(scene("scroll: {to: 5}", "{count: 3, fadeIn: yes}"), .invalidValue, line: 6, column: 40,
                    message: ["fadeIn"], suggestion: ["fadeIn: true"])
        expectError(scene("scroll: {to: 5}", "{count: 3, fadein: true}"), .unknownKey, line: 6, column: 32, suggestion: ["fadeIn"])
    }

    @Test func fadingCellsStartTransparentOnlyWhenTheyFade() throws {
        // Shown on its own, a fading cell's photos start at alpha 0 (their fade takes them to 1);
        // without fadeIn they are opaque.
        let faded = try parse("canvas: {size: [320, 568]}\nscreens:\n  feed: {content: [{photoTiles: {count: 2, fadeIn: true}}, {grid: {items: [a], fadeIn: true}}]}\n")
        #expect(faded.allLayers.first { $0.id == "feed-1-photo1" }?.opacity == 0)
        #expect(faded.allLayers.first { $0.id == "feed-2-item0" }?.opacity == 0)
        let plain = try parse("canvas: {size: [320, 568]}\nscreens:\n  feed: {content: [{photoTiles: {count: 2}}]}\n")
        #expect(plain.allLayers.first { $0.id == "feed-1-photo1" }?.opacity == 1)
    }

    @Test func aLoadThatATransitionDoesNotPlayIsAWarning() throws {
        // In a push the screens are shown loaded: the scroll and the fades are reported, once each,
        // where they are written, and the photos are opaque.
        let scene = try parse("""
        canvas: {size: [320, 568]}
        screens:
          feed:
            scroll: {to: 100}
            content: [{photoTiles: {count: 3, fadeIn: true}}]
          post: {content: [{row: "A"}]}
        transition: {preset: push}
        """)
        #expect(scene.warnings.map(\.location.line) == [4, 5])
        #expect(scene.allLayers.first { $0.id == "feed-1-photo1" }?.opacity == 1)
        // Alone, nothing to warn about.
        let alone = try parse("canvas: {size: [320, 568]}\nscreens:\n  feed:\n    scroll: {to: 100}\n    content: [{photoTiles: {count: 3, fadeIn: true}}]\n")
        #expect(alone.warnings.isEmpty)
    }
}

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

@Suite struct PresetDocumentationTests {
    @Test func everySceneExampleInPresetsMdParses() throws {
        let text = try String(contentsOfFile: packageRoot + "/docs/presets.md", encoding: .utf8)
        let blocks = DocumentationTests.sceneBlocks(in: text)
        #expect(blocks.count >= 2)
        for (i, block) in blocks.enumerated() {
            do { _ = try SceneLoader.parse(block, file: "presets.md#\(i + 1)", baseDirectory: packageRoot + "/docs") } catch {
                Issue.record("presets.md example \(i + 1): \(error)")
            }
        }
    }
}

@Suite struct PresetTopLevelErrorTests {
    @Test func misspeltPresetKeysGetADidYouMean() {
        expectError("canvas: {size: [390, 844]}\nscreen:\n  a: {title: x}\n", .unknownKey, line: 2, column: 1,
                    message: ["'screen'"], suggestion: ["did you mean 'screens'?"])
        expectError("canvas: {size: [390, 844]}\npreset: flip\n", .unknownKey, line: 2, column: 1,
                    suggestion: ["did you mean 'transition'?"])
    }

    @Test func transitionAndTimelineTogetherAreRefused() {
        expectError("canvas: {size: [390, 844]}\nscreens: {a: {title: x}, b: {title: y}}\ntransition: {preset: flip}\ntimeline: [{hold: 1}]\n",
                    .invalidValue, line: 4, column: 1, message: ["both"])
    }

    @Test func aTransitionWithoutScreensSaysHowToDefineThem() {
        expectError("canvas: {size: [390, 844]}\ntransition: {preset: flip}\n", .missingKey, line: 2, column: 13,
                    suggestion: ["screens:"])
    }

    @Test func aStepsDurationGoesWithATransition() {
        expectError("canvas: {size: [390, 844]}\nscreens: {a: {title: x}, b: {title: y}}\ntimeline: [{hold: 1, duration: 2}]\n",
                    .invalidValue, line: 3, column: 22, message: ["'duration'", "no 'transition:'"], suggestion: ["hold: 0.6"])
        expectError("canvas: {size: [390, 844]}\nscreens: {a: {title: x}, b: {title: y}}\ntimeline: [{transition: {preset: flip}, hold: 1}]\n",
                    .invalidValue, line: 3, column: 12, message: ["one 'transition:' or one 'hold:'"])
    }
}

@Suite struct PresetCustomAnimatorTests {
    @Test func customAnimatorSlotTakesAnyAnimations() throws {
        let scene = try parse(PresetExpansionTests.screens + """
        transition:
          preset: push
          from: list
          to: detail
          animations:
            - {layer: to, keyPath: opacity, from: 0, to: 1}
            - {layer: from, keyPath: transform.scale, from: 1, to: 0.9, timing: easeOut, duration: 0.5}

        """)
        // CustomAnimatedTransitioning: transitionDuration 0.3, UIView.animate's default curve;
        // push inserts the destination above the source.
        #expect(scene.layers.map(\.id) == ["list", "detail"])
        let fade = try #require(scene.animations.first { $0.keyPath == .opacity })
        #expect(fade.layerID == "detail" && fade.duration == 0.3 && fade.timing == .easeInEaseOut)
        let shrink = try #require(scene.animations.first { $0.keyPath == .scale })
        #expect(shrink.layerID == "list" && shrink.duration == 0.5 && shrink.timing == .easeOut)
        // Pop: the screen returned to is inserted above the one leaving, as in the seed.
        let pop = try parse(PresetExpansionTests.screens + "transition: {preset: pop, from: detail, to: list, animations: [{layer: from, keyPath: opacity, from: 1, to: 0}]}\n")
        #expect(pop.layers.map(\.id) == ["detail", "list"])
    }
}
