// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing
import SeguePresets

/// scenes/swift-flip.yaml (the Swift animator, evaluated) against scenes/preset-flip.yaml's
/// present half (the preset, written from the seed's numbers by hand): two independent paths
/// to the same transition must draw the same layers at the same places.
@Suite struct FlipCrossCheckTests {
    @Test func swiftFlipDrawsWhatThePresetDrawsAtEveryFrame() throws {
        let swift = Timeline(scene: try SceneLoader.load(path: packageRoot + "/scenes/swift-flip.yaml"))
        let preset = Timeline(scene: try SceneLoader.load(path: packageRoot + "/scenes/preset-flip.yaml"))
        // The present half: 0 … 0.72 s (the preset then holds until 1.32 s and dismisses).
        #expect(close(swift.duration, 0.72, 1e-9))
        var times = (0 ..< 44).map { Double($0) / 60 }
        times += [0.12345, 0.24, 0.2400001, 0.48, 0.7199999, 0.72]
        var compared = 0
        for t in times {
            // The animator turns a snapshot of the trail screen in and shows the real screen at
            // the end; the preset turns the screen itself. Same pixels, other layer names.
            let a = seenLayers(swift, at: t).map { l -> SeenLayer in
                var l = l
                if l.id.hasPrefix("s1-snapshot") { l.id = "s1-trail" + l.id.dropFirst("s1-snapshot".count) }
                return l
            }
            // UIKit takes the from screen out of the window when the full-screen presentation
            // completes (0.72 s): the animator's scene hides it there, while the preset, which
            // goes on to dismiss, keeps it under the trail screen, where it shows nowhere.
            var b = seenLayers(preset, at: t)
            if t >= 0.72 {
                #expect(!a.contains { $0.id == "s1-stories" || $0.id.hasPrefix("s1-stories-") }, "the from screen is drawn after completion")
                b.removeAll { $0.id == "s1-stories" || $0.id.hasPrefix("s1-stories-") }
            }
            try #require(a.map(\.id) == b.map(\.id), "drawn layers differ at t = \(t)")
            for (x, y) in zip(a, b) {
                #expect(x.transform.maxDifference(to: y.transform) <= 1e-6, "\(x.id) at t = \(t)")
                #expect(close(x.opacity, y.opacity), "\(x.id) opacity at t = \(t)")
                for (p, q) in zip(x.quad, y.quad) {
                    #expect((p == nil) == (q == nil))
                    if let p, let q { #expect(close(p.x, q.x) && close(p.y, q.y), "\(x.id) corner at t = \(t)") }
                }
                compared += 1
            }
        }
        // Both screens' whole trees, at every instant.
        #expect(compared > 50 * 20)
    }
}
