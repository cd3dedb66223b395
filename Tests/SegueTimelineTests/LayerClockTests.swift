// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueTimeline
import SeguePresets
import SegueGeometry
import SegueScene

/// A layer's `beginTime` and `interaction:` (what a timeline step with a finger expands into),
/// against values worked out by hand.
@Suite struct LayerClockTests {
    static func timeline(_ yaml: String) throws -> Timeline {
        Timeline(scene: try SceneLoader.parse(yaml, file: "t.yaml", baseDirectory: "/"))
    }

    static func find(_ layers: [LayerState], _ id: String) -> LayerState? {
        for l in layers {
            if l.id == id { return l }
            if let found = find(l.sublayers, id) { return found }
        }
        return nil
    }

    /// outer starts at 1 s, inner 0.5 s after it: inner's 0 → 100 linear move over 1 s runs
    /// from scene time 1.5 to 2.5, so at 2.0 it is half way, x = 50; before 1.5 it is the model
    /// value 10. The scene lasts until 2.5.
    @Test func beginTimesAddUpAlongTheTree() throws {
        let tl = try Self.timeline("""
        canvas: {size: [200, 200]}
        layers:
          - id: outer
            frame: [0, 0, 200, 200]
            beginTime: 1
            sublayers:
              - {id: inner, frame: [0, 0, 20, 20], beginTime: 0.5}
        animations:
          - {layer: inner, keyPath: position.x, from: 0, to: 100, begin: 0, duration: 1, timing: linear}
        """)
        #expect(abs(Self.find(tl.layers(at: 2.0), "inner")!.position.x - 50) < 1e-9)
        #expect(Self.find(tl.layers(at: 1.4), "inner")!.position.x == 10)
        #expect(abs(tl.duration - 2.5) < 1e-9)
        #expect(tl.timeOffset(of: "inner") == 1.5)
    }

    /// A scroll view's drag on a layer that starts at 2 s: the finger, [0, 100, 100] →
    /// [0.5, 100, 200] in the layer's time, is at (100, 150) at scene time 2.25 and not down at 0.25.
    @Test func aFingerRunsOnItsLayersTime() throws {
        let tl = try Self.timeline("""
        canvas: {size: [200, 400]}
        layers:
          - id: step
            frame: [0, 0, 200, 400]
            beginTime: 2
            sublayers:
              - id: list
                frame: [0, 0, 200, 400]
                scroll: {contentSize: [200, 2000], drag: {points: [[0, 100, 100], [0.5, 100, 200]]}}
        """)
        #expect(tl.touchLocations(at: 2.25) == [Point(x: 100, y: 150)])
        #expect(tl.touchLocations(at: 0.25).isEmpty)
    }

    /// A layer's interaction drives only its subtree. The finger moves 100 pt from 0.1 s to
    /// 0.5 s, straight: at 0.3 s it has moved 50, progress 50 / 200 = 0.25, so the driven fade
    /// (0 → 1 over 1 s) stands at 0.25 while the undriven one, on the scene's clock, is at 0.3.
    /// Released at 0.5 with progress 0.5 ≤ 0.6 it cancels, back to 0 over 0.5 × 1 s / speed 1,
    /// linearly: at 0.75 it is at 0.25, from 1.0 on at 0.
    @Test func aLayersInteractionDrivesOnlyItsSublayers() throws {
        let tl = try Self.timeline("""
        canvas: {size: [400, 400]}
        layers:
          - id: container
            frame: [0, 0, 400, 400]
            interaction:
              gesture: {type: pan, points: [[0.1, 0, 200], [0.5, 100, 200]]}
              progress: "translation.x / 200"
              finishWhen: {progressAbove: 0.6}
              completionCurve: linear
            sublayers:
              - {id: driven, frame: [0, 0, 10, 10]}
          - {id: free, frame: [0, 0, 10, 10]}
        animations:
          - {layer: driven, keyPath: opacity, from: 0, to: 1, duration: 1, timing: linear}
          - {layer: free, keyPath: opacity, from: 0, to: 1, duration: 1, timing: linear}
        """)
        let at03 = tl.layers(at: 0.3)
        #expect(abs(Self.find(at03, "driven")!.opacity - 0.25) < 1e-9)
        #expect(abs(Self.find(at03, "free")!.opacity - 0.3) < 1e-9)
        #expect(abs(Self.find(tl.layers(at: 0.75), "driven")!.opacity - 0.25) < 1e-9)
        #expect(Self.find(tl.layers(at: 1.2), "driven")!.opacity == 0)
        #expect(tl.interaction == nil)
        let finger = tl.touchLocations(at: 0.3)
        #expect(finger.count == 1 && abs(finger[0].x - 50) < 1e-9 && finger[0].y == 200)
    }

    /// edgeSwipeBack after a 0.5 s hold: its layers are under a layer that begins at 0.5 and
    /// carries its interaction. The finger (dragDelay 0.2, dragDuration 0.6) lets go at 0.8 s of
    /// the step with 160 / 200 = 0.8 > 0.5, so the flip (0.72 s) finishes over 0.2 × 0.72 =
    /// 0.144 s: the step settles at 0.944 s, the scene at 0.5 + 0.944 = 1.444 s.
    @Test func anEdgeSwipeStepRunsOnItsOwnTime() throws {
        let tl = try Self.timeline("""
        canvas: {size: [390, 844]}
        screens: {a: {title: A}, b: {title: B}}
        timeline:
          - hold: 0.5
          - transition: {preset: edgeSwipeBack, from: b, to: a}
        """)
        let clock = try #require(tl.scene.allLayers.first { $0.id == "s1-clock" })
        #expect(clock.beginTime == 0.5 && clock.interaction != nil)
        #expect(tl.interaction == nil)
        #expect(abs(tl.duration - 1.444) < 1e-9)
        // The finger touches down 2 pt from the left edge at 0.5 + 0.2 s; its next sample is
        // 0.15 s later at 2 + 160 × (1 − 0.75²) = 72, so at 0.75 s it is a third of the way there.
        #expect(tl.touchLocations(at: 0.69).isEmpty)
        let finger = tl.touchLocations(at: 0.75)
        #expect(finger.count == 1 && abs((finger.first?.x ?? 0) - (2 + 70.0 / 3)) < 1e-6)
    }

    /// A step's `duration:` replaces the time it takes to settle: the cardSnap step lasts 2 s,
    /// then the flip's 0.72 s.
    @Test func aStepsDurationIsHowLongItLasts() throws {
        let tl = try Self.timeline("""
        canvas: {size: [390, 844]}
        screens: {a: {title: A}, b: {title: B}}
        timeline:
          - transition: {preset: cardSnap}
            duration: 2
          - transition: {preset: flip, from: a, to: b}
        """)
        #expect(abs(tl.duration - 2.72) < 1e-9)
        #expect(tl.scene.allLayers.first { $0.id == "s2" }.map { !$0.hidden } == false)
    }
}

@Suite struct LayerClockErrorTests {
    /// A still has no time for a layer's finger to move, as for the scene's own interaction.
    @Test func aStillCannotHaveALayersInteraction() {
        let yaml = """
        canvas: {size: [400, 400]}
        duration: 0
        layers:
          - id: container
            frame: [0, 0, 400, 400]
            interaction: {gesture: {type: pan, points: [[0.1, 0, 200], [0.5, 100, 200]]}, progress: "translation.x / 200"}
        """
        do {
            _ = try SceneLoader.parse(yaml, file: "t.yaml", baseDirectory: "/")
            Issue.record("a still with a layer's interaction parsed")
        } catch {
            #expect(error.location?.line == 2 && error.message.contains("an interaction"), "\(error)")
        }
    }
}
