// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SegueScene
import SegueSwiftImport
import SegueTimeline
import Testing
import SeguePresets

/// EdgeSwipeDismiss.swift: a UIPercentDrivenInteractiveTransition subclass whose pan handler is
/// run for the scene's finger. Expected values are worked out by hand from UIKit's documented
/// behaviour: update(p) scrubs the animations to p × duration; finish() runs the rest, (1 − p) ×
/// duration / completionSpeed, with completionCurve; cancel() runs back over p × duration / completionSpeed.
@Suite struct InteractiveTransitionTests {
    static let width = 390.0
    /// The animator's transitionDuration and UIView.animate duration.
    static let duration = 0.4

    func swipe(_ points: String) throws -> Timeline {
        try scene(twoScreens + """
        transition:
          swift: EdgeSwipeDismiss.swift
          type: SlideDismissAnimator
          interactive: EdgeSwipeInteractionController
          from: detail
          to: list
          gesture: {type: screenEdgePan, points: \(points)}
        """, animators: ["EdgeSwipeDismiss.swift"])
    }

    func x(_ tl: Timeline, _ layer: String, _ t: Double) throws -> Double {
        try #require(tl.sample(layer: layer, keyPath: .positionX, at: t), "\(layer).position.x")[0]
    }

    @Test func progressFollowsTheFingerAndGeometryScrubs() throws {
        // Finger: x 2 → 202 over 0.2 … 0.4 s, then → 302 by 0.6 s (straight lines between points).
        let tl = try swipe("[[0.2, 2, 422], [0.4, 202, 422], [0.6, 302, 422]]")
        let interaction = try #require(tl.interaction)
        // At 0.3 s the finger is at x = 102: translation 100, progress 100 / 390.
        #expect(close(interaction.percentComplete(at: 0.3), 100 / Self.width))
        // At 0.5 s: x = 252, translation 250.
        #expect(close(interaction.percentComplete(at: 0.5), 250 / Self.width))
        // Before touch-down the transition stands at its start.
        #expect(close(interaction.percentComplete(at: 0.1), 0))
        // Linear animations scrubbed to p: the presented screen has moved 390 × p = 100 pt to the
        // right (centre 195 + 100); the presenting screen started a third of a width to the left
        // (centre 195 − 130) and has come 130 × p of the way (centre 65 + 130 × 100/390 = 98.333…).
        #expect(close(try x(tl, "detail", 0.3), 295))
        #expect(close(try x(tl, "list", 0.3), 65 + 130 * 100 / Self.width))
    }

    @Test func releasePastHalfWayFinishesAtTheControllersSpeedAndCurve() throws {
        let tl = try swipe("[[0.2, 2, 422], [0.4, 202, 422], [0.6, 302, 422]]")
        let interaction = try #require(tl.interaction)
        // Released at 300 / 390 = 0.769 > 0.5 (velocity 100 pt / 0.2 s = 500 pt/s, under 800): finish().
        #expect(interaction.finishes)
        #expect(interaction.spec.completionSpeed == 2)
        #expect(interaction.spec.completionCurve == .linear)
        // The rest, 90 / 390 of 0.4 s, at completionSpeed 2: 0.046153… s, linearly.
        let rest = (90 / Self.width) * Self.duration / 2
        #expect(close(interaction.completionDuration, rest))
        #expect(close(interaction.percentComplete(at: 0.6 + rest / 2), 345 / Self.width))
        #expect(close(try x(tl, "detail", 0.6 + rest / 2), 195 + 345))
        // At rest: the presented screen is off to the right, the presenting one in place.
        #expect(close(tl.duration, 0.6 + rest))
        #expect(close(try x(tl, "detail", tl.duration), 195 + 390))
        #expect(close(try x(tl, "list", tl.duration), 195))
    }

    @Test func releaseBelowTheThresholdCancelsBackToTheStart() throws {
        // Finger travels 160 pt, ending slowly (10 pt in the last 0.3 s: 33 pt/s): 160 / 390 = 0.41 < 0.5.
        let tl = try swipe("[[0.2, 2, 422], [0.5, 152, 422], [0.8, 162, 422]]")
        let interaction = try #require(tl.interaction)
        #expect(!interaction.finishes)
        // cancel() runs back over 160 / 390 of 0.4 s at speed 2.
        let back = (160 / Self.width) * Self.duration / 2
        #expect(close(interaction.completionDuration, back))
        #expect(close(try x(tl, "detail", 0.8), 195 + 160))
        // Final state = start state: the presented screen in place, the presenting one a third to the left.
        #expect(close(tl.duration, 0.8 + back))
        #expect(close(try x(tl, "detail", tl.duration), 195))
        #expect(close(try x(tl, "list", tl.duration), 65))
        #expect(close(try x(tl, "detail", tl.duration + 0.5), 195))
    }

    @Test func aFlickFinishesBelowHalfWay() throws {
        // 100 pt in all (0.256 < 0.5), but the last 50 ms cover 50 pt: 1000 pt/s > 800.
        let tl = try swipe("[[0.2, 2, 422], [0.3, 52, 422], [0.35, 102, 422]]")
        let interaction = try #require(tl.interaction)
        #expect(interaction.finishes)
        #expect(close(try x(tl, "detail", tl.duration), 195 + 390))
    }

    @Test func theHandlerSeesTheFingersEvents() throws {
        // The importer on its own, with hand-made events: update(_:) receives translation.x / 390, clamped.
        let source = try String(contentsOfFile: fixtures + "/EdgeSwipeDismiss.swift", encoding: .utf8)
        func event(_ t: Double, _ state: GestureEvent.State, _ dx: Double, _ vx: Double) -> GestureEvent {
            GestureEvent(time: t, state: state, location: Point(x: 2 + dx, y: 422), translation: Point(x: dx, y: 0), velocity: Point(x: vx, y: 0))
        }
        let events = [event(0, .began, 0, 0), event(0.1, .changed, 39, 390), event(0.2, .changed, 195, 1560),
                      event(0.3, .changed, 500, 3050), event(0.4, .ended, 500, 0)]
        let request = SwiftImportRequest(path: "EdgeSwipeDismiss.swift", displayPath: "EdgeSwipeDismiss.swift", typeName: "SlideDismissAnimator",
                                         from: "detail", to: "list", canvas: Size(width: 390, height: 844),
                                         interactive: InteractiveRequest(typeName: nil, events: events))
        let imported = try SwiftAnimatorImporter.importTransition(source: source, request)
        let interaction = try #require(imported.interaction)
        #expect(interaction.typeName == "EdgeSwipeInteractionController")
        #expect(interaction.updates.map(\.percent) == [0.1, 0.5, 1])
        #expect(interaction.progress == "translation.x / 390")
        #expect(interaction.finishes)
        #expect(interaction.completionSpeed == 2)
        #expect(interaction.completionCurve == "linear")
    }

    /// A controller whose handler body is `body` (line 9 of the file), with the fixture's animator.
    static func controller(_ body: String) -> String {
        """
        import UIKit

        final class Slide: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
            func animateTransition(using c: UIViewControllerContextTransitioning) { UIView.animate(withDuration: 0.4, animations: { c.view(forKey: .from)!.alpha = 0 }) }
        }
        final class Pan: UIPercentDrivenInteractiveTransition {
            @objc func handle(_ g: UIPanGestureRecognizer) { let p = g.translation(in: g.view).x / 390
                \(body)
            }
        }
        """
    }

    /// Handlers outside what the scene can play: one located error each, never a guess.
    @Test func handlersTheSceneCannotPlayAreLocatedErrors() throws {
        let events = [GestureEvent(time: 0, state: .began, location: Point(x: 2, y: 422), translation: .zero, velocity: .zero),
                      GestureEvent(time: 0.1, state: .changed, location: Point(x: 80, y: 422), translation: Point(x: 78, y: 0), velocity: Point(x: 780, y: 0)),
                      GestureEvent(time: 0.15, state: .changed, location: Point(x: 122, y: 422), translation: Point(x: 120, y: 0), velocity: Point(x: 840, y: 0)),
                      GestureEvent(time: 0.2, state: .changed, location: Point(x: 197, y: 422), translation: Point(x: 195, y: 0), velocity: Point(x: 1170, y: 0)),
                      GestureEvent(time: 0.3, state: .ended, location: Point(x: 197, y: 422), translation: Point(x: 195, y: 0), velocity: .zero)]
        // (handler body, the text the error points at on line 10, words of the message)
        let cases: [(String, String, String)] = [
            ("if g.state == .changed { update(p) }", "handle", "never calls finish() or cancel()"),
            ("if g.state == .changed { update(p * p) } else if g.state == .ended { finish() }", "update(p * p)", "not a straight-line function"),
            ("if g.state == .ended { finish() }", "handle", "never calls update(_:)"),
            ("if g.state == .changed { pause() }", "pause()", "pause()"),
            ("if g.state == .changed { timingCurve = UISpringTimingParameters(dampingRatio: 1) }", "timingCurve", "timingCurve"),
            ("if g.state == .changed { completionSpeed = 0 }", "completionSpeed", "completionSpeed must be greater than 0"),
            ("if g.state == .changed { update(p); let n = g.numberOfTapsRequired }", "g.numberOfTapsRequired", "numberOfTapsRequired"),
        ]
        for (body, target, words) in cases {
            let source = Self.controller(body)
            let request = SwiftImportRequest(path: "Pan.swift", displayPath: "Pan.swift", typeName: "Slide", from: "detail", to: "list",
                                             canvas: Size(width: 390, height: 844), interactive: InteractiveRequest(typeName: nil, events: events))
            do {
                _ = try SwiftAnimatorImporter.importTransition(source: source, request)
                Issue.record("no error for \(body)")
            } catch {
                let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
                let line = try #require(lines.firstIndex { $0.contains(target) }) + 1
                let column = try #require(lines[line - 1].range(of: target)).lowerBound.utf16Offset(in: lines[line - 1]) + 1
                #expect(error.line == line && error.column == column, "\(body): \(error)")
                #expect(error.message.contains(words), "\(body): \(error.message)")
                #expect(error.hint?.isEmpty == false)
            }
        }
    }

    /// The scene's side: each key missing or misplaced is one error at its line of the scene.
    @Test func sceneKeysAreChecked() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixtures + "/EdgeSwipeDismiss.swift", toPath: dir.appendingPathComponent("EdgeSwipeDismiss.swift").path)
        // (the transition's extra lines, the line the error is on (the scene's, or the Swift file's), words of the message)
        let cases: [(String, Int, String)] = [
            ("  gesture: {points: [[0.2, 2, 422], [0.6, 302, 422]]}", 10, "'gesture' drives an interaction controller, which 'interactive' names"),
            ("  interactive: EdgeSwipeInteractionController", 10, "'gesture' is missing"),
            ("  interactive: true\n  delay: 0.3\n  gesture: {points: [[0.2, 2, 422], [0.6, 302, 422]]}", 11, "'delay' does not apply"),
            ("  interactive: NoSuchController\n  gesture: {points: [[0.2, 2, 422], [0.6, 302, 422]]}", 1, "no type 'NoSuchController'"),
            ("  interactive: SlideDismissAnimator\n  gesture: {points: [[0.2, 2, 422], [0.6, 302, 422]]}", 6, "not a subclass of UIPercentDrivenInteractiveTransition"),
            ("  interactive: true\n  gesture: {points: [[0.2, 2, 422]]}", 11, "at least 2 points"),
        ]
        for (extra, line, words) in cases {
            let yaml = twoScreens + "transition:\n  swift: EdgeSwipeDismiss.swift\n  type: SlideDismissAnimator\n  from: detail\n  to: list\n" + extra + "\n"
            let path = dir.appendingPathComponent("s.yaml").path
            try yaml.write(toFile: path, atomically: true, encoding: .utf8)
            do {
                _ = try SceneLoader.load(path: path)
                Issue.record("no error for \(extra)")
            } catch {
                #expect(error.location?.line == line, "\(extra): \(error)")
                #expect(error.description.contains(words), "\(extra): \(error)")
            }
        }
    }

    /// A controller the app wires after creating it (no initializer, a nil view-controller
    /// property, the recognizer made in the wiring method the importer does not call): the handler
    /// is the one method taking a pan recognizer, and progress is translation.x / 200, clamped.
    @Test func aWiredControllerWithCClampsIsDriven() throws {
        let tl = try scene(twoScreens + """
        transition:
          swift: WiredEdgeSwipe.swift
          type: FadeOutDismissAnimator
          interactive: true
          from: detail
          to: list
          gesture: {type: screenEdgePan, points: [[0.1, 2, 400], [0.5, 162, 400]]}
        """, animators: ["WiredEdgeSwipe.swift"])
        let interaction = try #require(tl.interaction)
        // At 0.3 s the finger has moved 80 pt: 80 / 200 = 0.4; the linear fade is at alpha 1 − 0.4.
        #expect(close(interaction.percentComplete(at: 0.3), 0.4))
        let alpha = try #require(tl.sample(layer: "detail", keyPath: .opacity, at: 0.3))[0]
        #expect(close(alpha, 0.6))
        // Released at 160 / 200 = 0.8 > 0.5: finishes, over (1 − 0.8) × 0.5 s at UIKit's default speed 1 and ease-in-out.
        #expect(interaction.finishes)
        #expect(interaction.spec.completionSpeed == 1 && interaction.spec.completionCurve == .easeInEaseOut)
        #expect(close(interaction.completionDuration, 0.2 * 0.5))
        #expect(close(tl.duration, 0.5 + 0.1))
    }

    /// A handler that calls finish() while the finger still moves ends the interaction at that
    /// touch event: the scene's finger is released there.
    @Test func finishingBeforeTheFingerLiftsEndsTheInteractionThere() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Self.controller("if g.state == .changed { update(p); if p > 0.55 { finish() } } else if g.state == .ended { cancel() }")
            .write(to: dir.appendingPathComponent("Pan.swift"), atomically: true, encoding: .utf8)
        let path = dir.appendingPathComponent("s.yaml").path
        try (twoScreens + "transition: {swift: Pan.swift, interactive: true, from: detail, to: list, gesture: {points: [[0.1, 2, 400], [0.5, 392, 400]]}}\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let tl = Timeline(scene: try SceneLoader.load(path: path))
        let interaction = try #require(tl.interaction)
        // Touch events every 1/60 s from 0.1 s; progress (t − 0.1) / 0.4 first passes 0.55 at the
        // 14th (0.1 + 14/60 = 0.3333… s, progress 0.5833…), where finish() is called.
        #expect(close(interaction.track.release, 0.1 + 14.0 / 60))
        #expect(close(interaction.releaseProgress, (14.0 / 60) / 0.4))
        #expect(interaction.finishes)
    }
}
