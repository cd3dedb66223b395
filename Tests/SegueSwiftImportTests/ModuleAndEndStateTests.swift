// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing

/// Scenes whose animator is a module (several files), the Swift rules real animators use, and
/// the views UIKit takes away when the animator completes. Expected values are worked by hand.
@Suite struct ModuleAndEndStateTests {
    func load(_ yaml: String, _ files: [String: String]) throws -> Timeline { try loadModule(yaml, files) }

    func seen(_ tl: Timeline, _ id: String, at t: Double) -> Bool { seenLayers(tl, at: t).contains { $0.id == id } }

    /// A push whose animator sends the destination to the back, slides the source away and,
    /// in its completion, puts the source back: UIKit removes the source on completeTransition(true).
    static let slideAway = """
    import UIKit
    final class SlideAway: NSObject, UIViewControllerAnimatedTransitioning {
        var operation: UINavigationController.Operation = .push
        var completes = true
        func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }
        func animateTransition(using c: UIViewControllerContextTransitioning) {
            let from = c.view(forKey: .from)!, to = c.view(forKey: .to)!
            c.containerView.insertSubview(to, belowSubview: from)
            UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: {
                from.transform = CGAffineTransform(translationX: -390, y: 0)
            }, completion: { _ in
                from.transform = .identity
                c.completeTransition(self.completes)
            })
        }
    }
    """

    @Test func aCompletedPushTakesTheSourceViewAway() throws {
        let tl = try load("transition: {swift: SlideAway.swift}\n", ["SlideAway.swift": Self.slideAway])
        // Half way (linear): the source is 195 pt to the left, the destination under it.
        let mid = try #require(node(tl, "a", at: 0.25)).quad[0]!
        #expect(close(mid.x, -195) && close(mid.y, 0))
        #expect(seen(tl, "b", at: 0.25))
        // At the end the completion resets the source's transform, but UIKit has taken it out of
        // the window: only the destination shows.
        let end = tl.duration
        #expect(close(end, 0.501, 1e-6) || close(end, 0.5, 1e-6))
        #expect(!seen(tl, "a", at: end))
        #expect(seen(tl, "b", at: end))
    }

    @Test func aCancelledTransitionTakesTheDestinationAway() throws {
        let tl = try load("transition: {swift: SlideAway.swift, init: {completes: false}}\n", ["SlideAway.swift": Self.slideAway])
        #expect(seen(tl, "a", at: tl.duration))
        #expect(!seen(tl, "b", at: tl.duration))
        // Back where it started: the completion's reset of the transform shows.
        #expect(close(try #require(node(tl, "a", at: tl.duration)).quad[0]!.x, 0))
    }

    @Test func anOverFullScreenPresentationKeepsThePresenter() throws {
        let tl = try load("transition: {swift: SlideAway.swift, kind: present, presentationStyle: overFullScreen}\n",
                          ["SlideAway.swift": Self.slideAway])
        #expect(seen(tl, "a", at: tl.duration))
        let full = try load("transition: {swift: SlideAway.swift, kind: present, presentationStyle: fullScreen}\n",
                            ["SlideAway.swift": Self.slideAway])
        #expect(!seen(full, "a", at: full.duration))
    }

    @Test func aCustomDismissalUncoversThePresenter() throws {
        // A dismissal that only slides the presented view away: with a custom presentation the
        // presenter never left the window, so it shows beneath from the start and stays.
        let slide = """
        import UIKit
        final class Down: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let from = c.view(forKey: .from)!
                UIView.animate(withDuration: 0.3, animations: { from.frame.origin.y = 844 }) { _ in c.completeTransition(true) }
            }
        }
        """
        let tl = try load("transition: {swift: Down.swift, kind: dismiss, presentationStyle: custom}\n", ["Down.swift": slide])
        #expect(seen(tl, "b", at: 0) && seen(tl, "b", at: tl.duration))
        #expect(!seen(tl, "a", at: tl.duration))
        // Painted beneath the presented view: b comes before a in painting order at the start.
        let order = seenLayers(tl, at: 0).map(\.id)
        #expect((order.firstIndex(of: "b") ?? .max) < (order.firstIndex(of: "a") ?? -1), "\(order)")
    }

    @Test func aSnapshotScalesWithItsFrame() throws {
        let zoom = """
        import UIKit
        final class Zoom: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                let snap = to.snapshotView(afterScreenUpdates: true)!
                c.containerView.addSubview(snap)
                snap.frame = CGRect(x: 0, y: 0, width: 195, height: 422)
                UIView.animate(withDuration: 0.4, animations: { snap.frame = c.containerView.bounds }) { _ in
                    c.containerView.addSubview(to)
                    snap.removeFromSuperview()
                    c.completeTransition(true)
                }
            }
        }
        """
        let tl = try load("transition: {swift: Zoom.swift}\n", ["Zoom.swift": zoom])
        // The b screen's title sits at (20, 50), 350 × 44, laid out on the full screen. In a
        // snapshot at half size it is drawn at half size: (10, 25) to (185, 47).
        let title = try #require(node(tl, "snap-title", at: 0)).quad
        #expect(close(title[0]!.x, 10) && close(title[0]!.y, 25), "\(title)")
        #expect(close(title[2]!.x, 185) && close(title[2]!.y, 47), "\(title)")
        // Half way (ease-in-out at 0.5 is 0.5): 292.5 × 633 from the top-left, a scale of 0.75.
        let mid = try #require(node(tl, "snap-title", at: 0.2)).quad
        #expect(close(mid[0]!.x, 15) && close(mid[0]!.y, 37.5), "\(mid)")
    }

    @Test func aCardLiftsWithAShadowAndContinuousCorners() throws {
        let card = """
        import UIKit
        final class Lift: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                c.containerView.addSubview(to)
                to.layer.cornerRadius = 24
                to.layer.cornerCurve = .continuous
                to.layer.shadowColor = UIColor.black.cgColor
                to.layer.shadowOffset = CGSize(width: 0, height: 10)
                to.layer.shadowRadius = 20
                to.layer.shadowOpacity = 0
                UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: { to.layer.shadowOpacity = 0.3 }) { _ in
                    c.completeTransition(true)
                }
            }
        }
        """
        let tl = try load("transition: {swift: Lift.swift}\n", ["Lift.swift": card])
        // A UIView animation of a layer property animates it (linear: 0.15 half way).
        let mid = try #require(tl.sample(layer: "b", keyPath: .shadowOpacity, at: 0.2))
        #expect(close(mid[0], 0.15), "\(mid)")
        let layer = try #require(tl.scene.allLayers.first { $0.id == "b" })
        #expect(layer.shadow.radius == 20 && layer.shadow.offset == Size(width: 0, height: 10))
        #expect(layer.cornerStyle.curve == .continuous)
    }

    @Test func aResizableSnapshotShowsItsRegion() throws {
        let slice = """
        import UIKit
        final class Slice: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                let top = to.resizableSnapshotView(from: CGRect(x: 0, y: 50, width: 390, height: 100), afterScreenUpdates: true, withCapInsets: .zero)!
                c.containerView.addSubview(top)
                top.frame = CGRect(x: 0, y: 0, width: 195, height: 50)
                UIView.animate(withDuration: 0.3, animations: { top.alpha = 0.5 }) { _ in c.completeTransition(true) }
            }
        }
        """
        let tl = try load("transition: {swift: Slice.swift}\n", ["Slice.swift": slice])
        // The region starts at y = 50, where the title's top is: shifted up by 50 and drawn at
        // half size, the title's top-left corner (20, 50) lands at (10, 0), inside a 195 × 50 clip.
        let title = try #require(node(tl, "top-content-title", at: 0)).quad
        #expect(close(title[0]!.x, 10) && close(title[0]!.y, 0), "\(title)")
        let clip = try #require(node(tl, "top", at: 0)).quad
        #expect(close(clip[2]!.x, 195) && close(clip[2]!.y, 50), "\(clip)")
    }

    /// Animator, a helper extension and a base class with a protocol default, and the
    /// interaction controller, in three files of one folder.
    static let module: [String: String] = [
        "Transitions/FadeAnimator.swift": """
        import UIKit
        #if os(iOS)
        final class FadeAnimator: BaseAnimator, UIViewControllerAnimatedTransitioning {
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                c.containerView.addSubview(to)
                to.alpha = 0
                #if DEBUG
                to.alpha = 0.9
                #endif
                let (start, end) = alphas()
                to.alpha = start
                to.fade(to: end, duration: duration) { c.completeTransition(true) }
            }
        }
        #else
        final class FadeAnimator {}
        #endif
        """,
        "Transitions/Helpers.swift": """
        import UIKit
        protocol Timed {}
        extension Timed {
            var duration: TimeInterval { 0.3 }
        }
        class BaseAnimator: NSObject, Timed {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { duration }
            func alphas() -> (from: CGFloat, to: CGFloat) { (from: 0.2, to: 1) }
        }
        extension UIView {
            func fade(to alpha: CGFloat, duration: TimeInterval, then done: @escaping () -> Void) {
                UIView.animate(withDuration: duration, delay: 0, options: [.curveLinear], animations: { self.alpha = alpha }, completion: { _ in done() })
            }
        }
        """,
        "Transitions/Interaction.swift": """
        import UIKit
        final class PullInteraction: UIPercentDrivenInteractiveTransition {
            init(viewController: UIViewController) {
                super.init()
                viewController.view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(pan(_:))))
            }
            @objc func pan(_ g: UIPanGestureRecognizer) {
                let p = min(max(g.translation(in: g.view).y / 400, 0), 1)
                switch g.state {
                case .changed: update(p)
                case .ended: p > 0.5 ? finish() : cancel()
                default: break
                }
            }
        }
        """,
    ]

    @Test func aFolderIsReadAsOneModule() throws {
        let tl = try load("transition: {swift: Transitions, type: FadeAnimator}\n", Self.module)
        // The base class's transitionDuration reads the protocol default (0.3 s); the helper
        // extension's linear fade goes from the tuple's 0.2 to 1: 0.6 at half way.
        #expect(close(tl.duration, 0.3, 0.002))
        let mid = try #require(node(tl, "b", at: 0.15))
        #expect(close(mid.opacity, 0.6, 1e-9), "\(mid.opacity)")
        #expect(close(try #require(node(tl, "b", at: 0)).opacity, 0.2, 1e-9))
    }

    @Test func theInteractionControllerMayLiveInAnotherFile() throws {
        let tl = try load("""
        transition:
          swift: [Transitions/FadeAnimator.swift, Transitions/Helpers.swift, Transitions/Interaction.swift]
          interactive: PullInteraction
          gesture: {type: pan, points: [[0.1, 200, 100], [0.5, 200, 340]]}
        """, Self.module)
        // Released at 240 / 400 = 0.6, past half way: it finishes. Scrubbed at 0.3 s: 120 / 400 = 0.3
        // of the linear fade, 0.2 + 0.3 × 0.8.
        let scrubbed = try #require(node(tl, "b", at: 0.3))
        #expect(close(scrubbed.opacity, 0.44, 0.01), "\(scrubbed.opacity)")
    }

    @Test func aControllerDrivenFromAnotherClassNamesItsDriver() throws {
        // The controller has no handler of its own; a navigation controller's pan method drives
        // it, which the app wires: the error names that method and the call's place.
        var files = Self.module
        files["Transitions/Interaction.swift"] = """
        import UIKit
        final class Driven: UIPercentDrivenInteractiveTransition {
            func drive(progress: CGFloat) { update(progress) }
        }
        final class MenuNavigation: UINavigationController {
            var driven: Driven?
            func pan(_ g: UIPanGestureRecognizer) {
                driven?.drive(progress: g.translation(in: view).x / 300)
            }
        }
        """
        do {
            _ = try load("""
            transition:
              swift: Transitions
              type: FadeAnimator
              interactive: Driven
              gesture: {type: pan, points: [[0.1, 20, 100], [0.5, 200, 100]]}
            """, files)
            Issue.record("no error")
        } catch let e as SceneError {
            #expect(e.description.contains("Interaction.swift:2:1"), "\(e)")
            #expect(e.description.contains("MenuNavigation.pan(_:) takes the recognizer and calls its drive(progress:) at Interaction.swift:8:17"), "\(e)")
        }
    }

    @Test func aDelegateDrivesAPlainPercentDrivenController() throws {
        // Not a subclass: the delegate's handler makes no controller of its own class but drives
        // a plain UIPercentDrivenInteractiveTransition it holds; its init takes an enum the scene
        // gives. Progress = translation.y / 400 × the style's factor (1 for .full).
        var files = Self.module
        files["Transitions/Interaction.swift"] = """
        import UIKit
        enum Style { case full, half }
        final class SheetDelegate: NSObject {
            let interaction = UIPercentDrivenInteractiveTransition()
            let style: Style
            weak var presented: UIViewController?
            init(style: Style) { self.style = style; super.init() }
            @objc func didPan(gr: UIPanGestureRecognizer) {
                let p = gr.translation(in: gr.view).y / 400 * (style == .full ? 1 : 2)
                switch gr.state {
                case .began: presented?.dismiss(animated: true, completion: nil)
                case .changed: interaction.update(p)
                case .ended: p > 0.5 ? interaction.finish() : interaction.cancel()
                @unknown default: assertionFailure("unknown state")
                }
            }
        }
        """
        func scene(_ style: String, releasedAt y: Int) throws -> Timeline {
            try load("""
            transition:
              swift: Transitions
              type: FadeAnimator
              interactive: {type: SheetDelegate, init: {style: \(style)}}
              gesture: {type: pan, points: [[0.1, 200, 100], [0.5, 200, \(y)]]}
            """, files)
        }
        // As with a subclass: 120 / 400 = 0.3 of the linear fade at 0.3 s, 0.2 + 0.3 × 0.8.
        let scrubbed = try #require(node(try scene("full", releasedAt: 340), "b", at: 0.3))
        #expect(close(scrubbed.opacity, 0.44, 0.01), "\(scrubbed.opacity)")
        // With .half a finger is twice the progress: over 160 pt, 80 pt at 0.3 s is 80 / 400 × 2
        // = 0.4, 0.2 + 0.4 × 0.8 = 0.52 (released at 0.8: it finishes).
        let half = try scene("half", releasedAt: 260)
        #expect(close(try #require(node(half, "b", at: 0.3)).opacity, 0.52, 0.01))
    }

    @Test func aBlockTheHandlerQueuesRunsBeforeTheNextTouch() throws {
        // The main queue runs the block after the handler returns, before the next touch event
        // (1/60 s later): the first update already adds the 0.1 it sets. Had it not run, the
        // progress would not be one straight line of the finger's translation.
        var files = Self.module
        files["Transitions/Interaction.swift"] = """
        import UIKit
        final class PullInteraction: UIPercentDrivenInteractiveTransition {
            var offset: CGFloat = 0
            init(viewController: UIViewController) {
                super.init()
                viewController.view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(pan(_:))))
            }
            @objc func pan(_ g: UIPanGestureRecognizer) {
                let p = g.translation(in: g.view).y / 400 + offset
                switch g.state {
                case .began: DispatchQueue.main.asyncAfter(deadline: .now() + 0.001) { self.offset = 0.1 }
                case .changed: update(p)
                case .ended: p > 0.5 ? finish() : cancel()
                default: break
                }
            }
        }
        """
        let tl = try load("""
        transition: {swift: Transitions, type: FadeAnimator, interactive: PullInteraction,
          gesture: {type: pan, points: [[0.1, 200, 100], [0.5, 200, 340]]}}
        """, files)
        // At 0.3 s: 120 / 400 + 0.1 = 0.4 of the linear fade from 0.2 to 1, 0.2 + 0.4 × 0.8 = 0.52.
        let scrubbed = try #require(node(tl, "b", at: 0.3))
        #expect(close(scrubbed.opacity, 0.52, 0.01), "\(scrubbed.opacity)")
    }

    @Test func aHandlerTakingWhatAnotherClassComputesGetsTheScenesProgress() throws {
        // handle(state:) is called by the app's container with what it computed from the
        // recognizer; the scene states that: progress translation.y / 400 and its finish rule.
        var files = Self.module
        files["Transitions/Interaction.swift"] = """
        import UIKit
        final class PullInteraction: UIPercentDrivenInteractiveTransition {
            enum State { case update(progress: CGFloat), finish, cancel }
            func handle(state: State) {
                switch state {
                case .update(let progress): update(progress)
                case .finish: finish()
                case .cancel: cancel()
                }
            }
        }
        """
        func scene(_ extra: String) throws -> Timeline {
            try load("""
            transition:
              swift: Transitions
              type: FadeAnimator
              interactive: PullInteraction
              gesture: {points: [[0.1, 200, 100], [0.5, 200, 340]], handler: "handle(state:)"\(extra)}
            """, files)
        }
        // At 0.3 s the finger is 120 pt down: 0.3 of the linear fade from 0.2 to 1: 0.44.
        let tl = try scene(#", progress: "translation.y / 400", finishWhen: {progressAbove: 0.5}"#)
        let scrubbed = try #require(node(tl, "b", at: 0.3))
        #expect(close(scrubbed.opacity, 0.44, 0.01), "\(scrubbed.opacity)")
        // Released at 0.6 (> 0.5): .finish, the fade ends at 1.
        #expect(close(try #require(node(tl, "b", at: 1.5)).opacity, 1, 1e-9))
        // Without the progress the handler cannot be called: the error says what to state.
        do {
            _ = try scene("")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("Interaction.swift:4:10") && "\(error)".contains("progress:"), "\(error)")
        }
        // A progress without a handler to give it to is an error at its key.
        do {
            _ = try load("""
            transition:
              swift: Transitions
              type: FadeAnimator
              interactive: PullInteraction
              gesture: {points: [[0.1, 200, 100], [0.5, 200, 340]], progress: "translation.y / 400"}
            """, Self.module)
            Issue.record("expected an error")
        } catch let error as SceneError {
            #expect(error.location?.line == 7 && error.message.contains("'progress' under 'gesture'"), "\(error)")
        }
    }

    @Test func theAnimatorItselfMayDriveAPlainController() throws {
        // interactive: true finds the one class that drives a plain controller: the animator.
        let swipe = """
        import UIKit
        final class SwipeDismiss: NSObject, UIViewControllerAnimatedTransitioning {
            var interaction: UIPercentDrivenInteractiveTransition?
            weak var presented: UIViewController?
            init(presented: UIViewController) {
                super.init()
                self.presented = presented
                presented.view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(pan(_:))))
            }
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let from = c.view(forKey: .from)!
                UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: {
                    from.frame.origin.y = c.containerView.bounds.height
                }) { _ in c.completeTransition(!c.transitionWasCancelled) }
            }
            @objc func pan(_ g: UIPanGestureRecognizer) {
                let p = min(max(g.translation(in: g.view).y / 400, 0), 1)
                switch g.state {
                case .began:
                    interaction = UIPercentDrivenInteractiveTransition()
                    presented?.dismiss(animated: true)
                case .changed: interaction?.update(p)
                case .ended:
                    if p > 0.5 { interaction?.finish() } else { interaction?.cancel() }
                    interaction = nil
                default: break
                }
            }
        }
        """
        let tl = try load("""
        transition: {swift: Swipe.swift, init: {presented: {screen: b}}, interactive: true, kind: dismiss, from: b, to: a,
          gesture: {type: pan, points: [[0.1, 200, 100], [0.5, 200, 340]]}}
        """, ["Swipe.swift": swipe])
        // At 0.3 s the finger is 120 pt down: 120 / 400 = 0.3 of the linear slide, 0.3 × 844.
        let q = try #require(node(tl, "b", at: 0.3)).quad
        #expect(close(q[0]!.y, 253.2, 0.01), "\(q)")
    }

    @Test func addTargetNamesTheHandler() throws {
        // Two methods take a pan recognizer; the one addTarget(_:action:) names is the handler.
        var files = Self.module
        files["Transitions/Interaction.swift"] = """
        import UIKit
        final class PullInteraction: UIPercentDrivenInteractiveTransition {
            let pan = UIPanGestureRecognizer()
            init(viewController: UIViewController) {
                super.init()
                pan.addTarget(self, action: #selector(move(_:)))
                viewController.view.addGestureRecognizer(pan)
            }
            @objc func ignored(_ g: UIPanGestureRecognizer) { update(1) }
            @objc func move(_ g: UIPanGestureRecognizer) {
                let p = min(max(g.translation(in: g.view).y / 400, 0), 1)
                switch g.state {
                case .changed: update(p)
                case .ended: p > 0.5 ? finish() : cancel()
                default: break
                }
            }
        }
        """
        let tl = try load("""
        transition:
          swift: Transitions
          type: FadeAnimator
          interactive: PullInteraction
          gesture: {type: pan, points: [[0.1, 200, 100], [0.5, 200, 340]]}
        """, files)
        // As with #selector in the initializer: 120 / 400 = 0.3 at 0.3 s, 0.2 + 0.3 × 0.8.
        #expect(close(try #require(node(tl, "b", at: 0.3)).opacity, 0.44, 0.01))
    }

    @Test func aMisspeltKeyOfInteractiveIsFoundWhereItIsWritten() throws {
        do {
            _ = try load("""
            transition:
              swift: Transitions
              type: FadeAnimator
              interactive: {type: PullInteraction, initt: {style: full}}
              gesture: {type: pan, points: [[0.1, 200, 100], [0.5, 200, 340]]}
            """, Self.module)
            Issue.record("no error")
        } catch let e as SceneError {
            // Line 4 of the scene, after the two lines loadModule writes first; the key at column 40.
            #expect(e.location?.line == 6 && e.location?.column == 40, "\(e)")
            #expect(e.description.contains("initt") && e.description.contains("init"), "\(e)")
        }
    }

    @Test func aGlobalIsInitializedOnce() throws {
        // `let shade = UIView()` at file scope is one view: the animator adds it in one line and
        // fades it in another, so the fade drives the view that is in the tree.
        let files = ["Shade.swift": """
        import UIKit
        let shade = UIView()
        final class ShadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                shade.frame = c.containerView.bounds
                shade.backgroundColor = .black
                shade.alpha = 0
                c.containerView.addSubview(shade)
                c.containerView.addSubview(to)
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { shade.alpha = 0.5 }) { _ in c.completeTransition(true) }
            }
        }
        """]
        let tl = try load("transition: {swift: Shade.swift, kind: present, presentationStyle: custom}\n", files)
        let shade = try #require(seenLayers(tl, at: 0.5).first { $0.id.hasPrefix("shade") })
        #expect(close(shade.opacity, 0.25, 1e-9), "\(shade)")
    }

    @Test func debugIsSetOnlyWhenTheSceneSaysSo() throws {
        let tl = try load("transition: {swift: Transitions, type: FadeAnimator, flags: [DEBUG]}\n", Self.module)
        // Under DEBUG the file sets 0.9 first, but the tuple's start value follows: still 0.2.
        #expect(close(try #require(node(tl, "b", at: 0)).opacity, 0.2, 1e-9))
    }

    @Test func aFileForAnotherPlatformHasNoAnimator() throws {
        let mac = "import AppKit\n#if canImport(AppKit) && !os(iOS)\nfinal class MacFade: NSObject {}\n#endif\n"
        #expect(throws: SceneError.self) { try self.load("transition: {swift: Mac.swift}\n", ["Mac.swift": mac]) }
        do { _ = try load("transition: {swift: Mac.swift}\n", ["Mac.swift": mac]) } catch let e as SceneError {
            #expect(e.description.contains("has no animator"), "\(e)")
        }
    }

    @Test func missingFilesAreReportedTogether() throws {
        do {
            _ = try load("transition: {swift: [Nope.swift, Gone.swift]}\n", [:])
            Issue.record("no error")
        } catch let e as SceneError {
            #expect(e.description.contains("Nope.swift") && e.description.contains("Gone.swift"), "\(e)")
            #expect(e.location?.line == 3, "\(e)")
        }
    }

    @Test func swiftRulesRealAnimatorsUse() throws {
        let source = """
        import UIKit
        enum Step: Int { case first, second = 4, third }
        enum Mode { case slide(CGFloat), fade }
        struct Style { var width: CGFloat; var mode: Mode }
        final class Rules: NSObject, UIViewControllerAnimatedTransitioning {
            let style: Style
            var log: [CGFloat] = [] { didSet { lastAdded = log.last ?? 0 } }
            var lastAdded: CGFloat = 0
            init(style: Style) { self.style = style }
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }
            func offset(_ x: CGFloat) -> CGFloat { x }
            func offset(by x: CGFloat) -> CGFloat { x * 2 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                c.containerView.addSubview(to)
                var sum: CGFloat = 0
                for x in stride(from: 0, to: 10, by: 2) { sum += CGFloat(x) }        // 0 + 2 + 4 + 6 + 8 = 20
                let kept = [1, 2, 3].compactMap { $0 == 2 ? nil : $0 }                 // [1, 3]
                assert(kept.count == 2)
                log.append(CGFloat(Step.third.rawValue))                               // didSet: lastAdded = 5
                var shift: CGFloat = 0
                if case let .slide(d) = style.mode { shift = d }
                let options: UIViewAnimationOptions = [.curveLinear]
                to.frame = .init(x: sum + lastAdded + offset(by: shift) + CGFloat(kept.count), y: 0, width: style.width, height: 844)
                UIView.animate(withDuration: 0.5, delay: 0, options: options, animations: { to.frame.origin.x = 0 }) { _ in c.completeTransition(true) }
            }
        }
        """
        let tl = try load("transition: {swift: Rules.swift, init: {style: {width: 390, mode: {slide: 10}}}}\n", ["Rules.swift": source])
        // 20 + 5 + 2 × 10 + 2 = 47 at the start.
        _ = tl
        let start = try #require(node(tl, "b", at: 0)).quad[0]!
        #expect(close(start.x, 47), "\(start)")
    }
}
