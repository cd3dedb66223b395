// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing

/// Interruptible transitions: the animator returns a UIViewPropertyAnimator from
/// `interruptibleAnimator(using:)`, and a UIPercentDrivenInteractiveTransition scrubs it. Values are
/// worked by hand from Apple's documentation: a paused animator that scrubs linearly (the default)
/// shows its views fractionComplete of the way; the finish takes (1 − p) × duration / completionSpeed.
@Suite struct InterruptibleTransitionTests {
    /// A dismissal sliding the sheet down by the container's height with an ease-in property
    /// animator of 0.4 s, and a pull whose progress is translation.y / 400. `extra` is inserted
    /// into the animator's factory (after the animator is made), `handler` into the pan handler's
    /// `.ended` case before finish().
    static func files(interruptible: Bool = true, extra: String = "", ended: String = "", completion: String = "") -> [String: String] {
        [
            "Slide/SlideDown.swift": """
            import UIKit
            final class SlideDown: NSObject, UIViewControllerAnimatedTransitioning {
                private var animator: UIViewPropertyAnimator?
                func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
                func animateTransition(using c: UIViewControllerContextTransitioning) {
                    makeAnimator(c).startAnimation()
                }
            \(interruptible ? """
                func interruptibleAnimator(using c: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
                    makeAnimator(c)
                }
            """ : "")
                private func makeAnimator(_ c: UIViewControllerContextTransitioning) -> UIViewPropertyAnimator {
                    if let animator = animator { return animator }
                    let from = c.view(forKey: .from)!
                    let height = c.containerView.bounds.height
                    let a = UIViewPropertyAnimator(duration: 0.4, curve: .easeIn) {
                        from.frame.origin.y = height
                    }
                    \(extra)
                    a.addCompletion { position in
                        \(completion)
                        c.completeTransition(position == .end)
                    }
                    animator = a
                    return a
                }
                func animationEnded(_ transitionCompleted: Bool) { animator = nil }
            }
            """,
            "Slide/Pull.swift": """
            import UIKit
            final class Pull: UIPercentDrivenInteractiveTransition {
                weak var presented: UIViewController?
                init(viewController: UIViewController) {
                    super.init()
                    presented = viewController
                    viewController.view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(pan(_:))))
                }
                @objc func pan(_ g: UIPanGestureRecognizer) {
                    let p = min(max(g.translation(in: g.view).y / 400, 0), 1)
                    switch g.state {
                    case .began: presented?.dismiss(animated: true)
                    case .changed: update(p)
                    case .ended:
                        \(ended)
                        p > 0.5 ? finish() : cancel()
                    default: break
                    }
                }
            }
            """,
        ]
    }

    func load(_ files: [String: String], releasedAt y: Int = 340) throws -> Timeline {
        try loadModule("""
        transition: {swift: Slide, type: SlideDown, interactive: Pull, kind: dismiss, from: b, to: a,
          gesture: {type: pan, points: [[0.1, 200, 100], [0.5, 200, \(y)]]}}
        """, files)
    }

    func top(_ tl: Timeline, at t: Double) throws -> Double {
        try #require(node(tl, "b", at: t)).quad[0]!.y
    }

    @Test func aPausedPropertyAnimatorScrubsLinearly() throws {
        // At 0.3 s the finger is 120 pt down: 0.3 of the slide, 0.3 × 844, whatever the curve.
        let scrubbed = try top(try load(Self.files()), at: 0.3)
        #expect(close(scrubbed, 253.2, 0.01), "\(scrubbed)")
        // Without interruptibleAnimator(using:) UIKit scrubs the animation's time instead: the
        // ease-in curve (0.42, 0, 1, 1) at 0.3 of its duration.
        let timed = try top(try load(Self.files(interruptible: false)), at: 0.3)
        let eased = bezier(0.42, 0, 1, 1, at: 0.3) * 844
        #expect(close(timed, eased, 0.05), "\(timed) vs \(eased)")
        #expect(abs(eased - 253.2) > 100)
    }

    @Test func scrubsLinearlyFalseKeepsTheCurve() throws {
        let y = try top(try load(Self.files(extra: "a.scrubsLinearly = false")), at: 0.3)
        let eased = bezier(0.42, 0, 1, 1, at: 0.3) * 844
        #expect(close(y, eased, 0.05), "\(y) vs \(eased)")
    }

    @Test func theFinishFollowsTheTimingCurve() throws {
        // Released at 0.5 s 240 pt down: p = 0.6 > 0.5, it finishes. The rest, 0.4 × 0.4 s =
        // 0.16 s, runs by the linear timingCurve: half way through (0.58 s) p = 0.8, y = 675.2.
        let linear = try top(try load(Self.files(ended: "timingCurve = UICubicTimingParameters(animationCurve: .linear)")), at: 0.58)
        #expect(close(linear, 675.2, 0.05), "\(linear)")
        // With no timingCurve the finish eases in and out (completionCurve's default): at a
        // quarter of the rest (0.54 s) p = 0.6 + 0.4 × easeInEaseOut(0.25).
        let eased = try load(Self.files())
        let expected = (0.6 + 0.4 * bezier(0.42, 0, 0.58, 1, at: 0.25)) * 844
        let quarter = try top(eased, at: 0.54)
        #expect(close(quarter, expected, 0.05), "\(quarter) vs \(expected)")
        // Completed: UIKit takes the dismissed view away.
        #expect(!seenLayers(eased, at: 0.7).contains { $0.id == "b" })
    }

    @Test func theCompletionMayTellTheContextHowTheInteractionEnded() throws {
        // The interaction controller decided already: the animator's own finishInteractiveTransition()
        // changes nothing, and UIKit takes the dismissed view away on completeTransition(true).
        let tl = try load(Self.files(completion: "if position == .end { c.finishInteractiveTransition() } else { c.cancelInteractiveTransition() }"))
        #expect(close(try top(tl, at: 0.3), 253.2, 0.01))
        #expect(!seenLayers(tl, at: 0.7).contains { $0.id == "b" })
    }

    /// The error loading these files gives, as the user reads it.
    func failure(_ files: [String: String]) -> String? {
        do { _ = try load(files); return nil } catch { return "\(error)" }
    }

    @Test func aSpringTimingCurveIsRefusedWhereItIsSet() throws {
        let text = try #require(failure(Self.files(ended: "timingCurve = UISpringTimingParameters(dampingRatio: 0.8)")))
        #expect(text.contains("Pull.swift:15:") && text.contains("timingCurve"), "\(text)")
    }

    @Test func anAnimatorThatIsNotInterruptibleIsAnError() throws {
        let text = try #require(failure(Self.files(extra: "a.isInterruptible = false")))
        #expect(text.contains("SlideDown.swift:8:") && text.contains("isInterruptible"), "\(text)")
    }
}
