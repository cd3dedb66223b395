// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing

/// `bind: {"fullscreenVC.enterLandscape()": {rotate: landscape}}`: the call that turns the device
/// in FullscreenPlayer.swift's completion block (at 0.5 s) turns the full-screen controller's view
/// to landscapeRight, as the fullscreen preset draws it: +90° about the canvas centre while its
/// bounds go from 390 × 844 to 844 × 390, over 0.5 s with ease-in-out.
@Suite struct DeviceRotationBindingTests {
    func load(_ rotate: String) throws -> Timeline { try fullscreenPlayerScene(enterLandscape: rotate) }

    @Test func theBoundCallTurnsTheViewToLandscape() throws {
        let tl = try load("{rotate: landscape}")
        // The turn starts with the completion (0.5 s) and lasts 0.5 s: the transition is 1 s long.
        #expect(close(tl.duration, 1))
        let before = try #require(node(tl, "detail", at: 0.5)).quad[0]!
        #expect(close(before.x, 0) && close(before.y, 0))
        // Half-way (0.75 s), ease-in-out is at 0.5: 45°, bounds (390 + 844) / 2 = 617 square.
        let size = try #require(tl.sample(layer: "detail", keyPath: .boundsSize, at: 0.75))
        #expect(close(size[0], 617) && close(size[1], 617))
        // Top-left corner (−308.5, −308.5) from the centre, turned 45° clockwise: (0, −436.3…) → (195, −14.3…).
        let mid = try #require(node(tl, "detail", at: 0.75)).quad[0]!
        let r = 308.5 * 2.0.squareRoot()
        #expect(close(mid.x, 195) && close(mid.y, 422 - r), "\(mid)")
        // At 1 s: 844 × 390 turned +90°: its top-left corner (−422, −195) lands at (195 + 195, 422 − 422), the canvas's top-right.
        let end = try #require(node(tl, "detail", at: 1)).quad[0]!
        #expect(close(end.x, 390) && close(end.y, 0), "\(end)")
    }

    @Test func aDurationAndBadValuesAreChecked() throws {
        let slow = try load("{rotate: landscape, duration: 1}")
        #expect(close(slow.duration, 1.5))
        for (value, words) in [("{rotate: sideways}", "sideways"), ("{rotate: landscape, duration: 0}", "greater than 0")] {
            do {
                _ = try load(value)
                Issue.record("no error for \(value)")
            } catch let error as SceneError {
                #expect(error.description.contains(words), "\(error)")
                #expect(error.location?.line == 14, "\(error)")
            }
        }
    }
}
