// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueScene
@testable import SeguePresets

/// A screen's `layers:`: layers of its own, in the scene's layer format, over its components.
@Suite struct ScreenLayersTests {
    static let screens = """
    canvas: {size: [390, 844]}
    screens:
      a:
        title: A
        content: [{row: "One"}]
        layers:
          - {id: a-badge, frame: [300, 20, 40, 40], backgroundColor: "#FF0000", opacity: 0.5,
             sublayers: [{id: a-dot, frame: [10, 10, 20, 20], backgroundColor: "#FFFFFF"}]}
      b: {title: B}

    """

    @Test func theScreensLayersSitOverItsComponents() throws {
        let scene = try parse(Self.screens + "transition: {preset: push, from: a, to: b}\n")
        let a = try #require(scene.allLayers.first { $0.id == "a" })
        // The navigation bar, the row, then the badge: drawn last, so on top.
        #expect(a.sublayers.map(\.id) == ["a-nav", "a-1", "a-badge"])
        let badge = try #require(a.sublayers.last)
        #expect(badge.opacity == 0.5 && badge.bounds.width == 40 && badge.position.x == 320)
        #expect(badge.sublayers.map(\.id) == ["a-dot"])
    }

    @Test func inATimelineTheyTakeTheStepsPrefix() throws {
        let scene = try parse(Self.screens + "timeline:\n  - transition: {preset: push, from: a, to: b}\n  - transition: {preset: push, from: b, to: a}\n")
        let ids = Set(scene.allLayers.map(\.id))
        #expect(ids.isSuperset(of: ["s1-a-badge", "s1-a-dot", "s2-a-badge", "s2-a-dot"]), "\(ids.sorted())")
        #expect(!ids.contains("a-badge"))
    }

    @Test func layersMustBeAList() {
        expectError("canvas: {size: [390, 844]}\nscreens:\n  a: {title: A, layers: 3}\n  b: {title: B}\ntransition: {preset: push, from: a, to: b}\n",
                    .invalidValue, line: 3, column: 25, message: ["a list of layers"])
    }

    @Test func aMisspeltKeyInAScreensLayerIsFoundWhereItIsWritten() {
        expectError("canvas: {size: [390, 844]}\nscreens:\n  a:\n    layers:\n      - {id: a-x, frame: [0, 0, 10, 10], opactiy: 0.5}\n  b: {title: B}\ntransition: {preset: push, from: a, to: b}\n",
                    .unknownKey, line: 5, column: 42, message: ["opactiy"], suggestion: ["opacity"])
    }
}
