// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing

/// A custom presentation with a UIPresentationController subclass in another file of the
/// module: its frame for the presented view, and a dimming view animated alongside.
@Suite struct PresentationControllerTests {
    static let controller = """
    import UIKit
    final class HalfSheetPresentationController: UIPresentationController {
        private let dimming = UIView()
        override var frameOfPresentedViewInContainerView: CGRect {
            guard let containerView = containerView else { return .zero }
            return CGRect(x: 0, y: containerView.bounds.height / 2, width: containerView.bounds.width, height: containerView.bounds.height / 2)
        }
        override func presentationTransitionWillBegin() {
            super.presentationTransitionWillBegin()
            guard let containerView = containerView else { return }
            dimming.backgroundColor = UIColor.black
            dimming.frame = containerView.bounds
            dimming.alpha = 0
            containerView.insertSubview(dimming, at: 0)
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
                self.dimming.alpha = 0.5
            }, completion: nil)
        }
    }
    """
    static let animator = """
    import UIKit
    final class SlideUp: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
        func animateTransition(using c: UIViewControllerContextTransitioning) {
            let toVC = c.viewController(forKey: .to)!
            let sheet = c.view(forKey: .to)!
            let final = c.finalFrame(for: toVC)
            sheet.frame = final.offsetBy(dx: 0, dy: final.height)
            c.containerView.addSubview(sheet)
            UIView.animate(withDuration: 0.3, animations: { sheet.frame = final }) { _ in c.completeTransition(true) }
        }
    }
    """

    @Test func thePresentationControllerPlacesAndDimsAlongside() throws {
        let tl = try loadModule("transition: {swift: ., type: SlideUp, kind: present, presentationStyle: custom}\n",
                                ["SlideUp.swift": Self.animator, "Sheet/HalfSheetPresentationController.swift": Self.controller])
        // frameOfPresentedViewInContainerView: the lower half, (0, 422, 390, 422). The sheet starts
        // one height lower (y = 844) and is half way (ease-in-out at 0.5 is 0.5) at y = 633.
        let mid = try #require(node(tl, "b", at: 0.15)).quad
        #expect(close(mid[0]!.y, 633, 1e-6) && close(mid[2]!.y, 633 + 422, 1e-6), "\(mid)")
        let end = try #require(node(tl, "b", at: 0.3)).quad
        #expect(close(end[0]!.y, 422, 1e-6), "\(end)")
        // The dimming view goes from 0 to 0.5 with the transition's duration: 0.25 half way.
        let dim = try #require(seenLayers(tl, at: 0.15).first { $0.id == "dimming" })
        #expect(close(dim.opacity, 0.25, 1e-6), "\(dim.opacity)")
        // A custom presentation keeps the presenter's view under the sheet at the end.
        #expect(seenLayers(tl, at: 0.3).contains { $0.id == "a" })
    }
}

/// An interaction controller whose recognizer the app makes elsewhere: the scene names the
/// handler, and a push that the finger finishes ends with the source view gone, as UIKit leaves it.
@Suite struct NamedHandlerTests {
    static let files = [
        "Slide.swift": """
        import UIKit
        final class Slide: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let from = c.view(forKey: .from)!, to = c.view(forKey: .to)!
                c.containerView.addSubview(to)
                to.transform = CGAffineTransform(translationX: 390, y: 0)
                UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: {
                    to.transform = .identity
                    from.transform = CGAffineTransform(translationX: -100, y: 0)
                }) { _ in c.completeTransition(!c.transitionWasCancelled) }
            }
        }
        """,
        "Drive.swift": """
        import UIKit
        final class Drive: UIPercentDrivenInteractiveTransition, UIGestureRecognizerDelegate {
            func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { true }
            @objc func handle(recognizer: UIPanGestureRecognizer) {
                let p = -recognizer.translation(in: recognizer.view).x / 390
                switch recognizer.state {
                case .changed: update(p)
                case .ended: p > 0.3 ? finish() : cancel()
                default: break
                }
            }
            @objc func other(_ g: UIPanGestureRecognizer) {}
        }
        """,
    ]

    @Test func theSceneNamesTheHandlerAndAFinishedPushRemovesTheSource() throws {
        let tl = try loadModule("""
        transition:
          swift: .
          type: Slide
          kind: push
          interactive: Drive
          gesture: {type: pan, handler: "handle(recognizer:)", points: [[0.1, 300, 400], [0.5, 105, 400]]}
        """, Self.files)
        // Scrubbed at 0.3 s, half the finger's time, it is 97.5 pt left of where it began:
        // progress 0.25, so the destination is 390 × (1 − 0.25) = 292.5 from its place.
        let scrubbed = try #require(node(tl, "b", at: 0.3)).quad
        #expect(close(scrubbed[0]!.x, 292.5, 0.5), "\(scrubbed)")
        // Released at 195 / 390 = 0.5 > 0.3: it finishes, and UIKit takes the source view away.
        #expect(!seenLayers(tl, at: tl.duration).contains { $0.id == "a" })
        #expect(seenLayers(tl, at: tl.duration).contains { $0.id == "b" })
    }

    @Test func withoutTheHandlerTwoPanMethodsAreAmbiguous() throws {
        #expect(throws: SceneError.self) {
            _ = try loadModule("""
            transition: {swift: ., type: Slide, kind: push, interactive: Drive, gesture: {type: pan, points: [[0.1, 300, 400], [0.5, 105, 400]]}}
            """, Self.files)
        }
    }
}

/// A UIView subclass of the module: its initializer, stored properties with observers that set
/// the view's own properties, and methods, on a view that is added and animated like any other.
@Suite struct ModuleViewSubclassTests {
    static let files = [
        "DimView.swift": """
        import UIKit
        final class DimView: UIView {
            var level: CGFloat = 0 {
                didSet { alpha = level }
            }
            init(tint: UIColor) {
                super.init(frame: .zero)
                backgroundColor = tint
                alpha = 0
            }
            required init?(coder: NSCoder) { fatalError() }
            func cover(_ other: UIView) { frame = other.bounds }
        }
        """,
        "Fade.swift": """
        import UIKit
        final class Fade: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let dim = DimView(tint: .black)
                dim.cover(c.containerView)
                c.containerView.addSubview(dim)
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { dim.level = 0.6 }) { _ in
                    c.containerView.addSubview(c.view(forKey: .to)!)
                    c.completeTransition(true)
                }
            }
        }
        """,
    ]

    @Test func aViewSubclassAnimatesThroughItsObserver() throws {
        let tl = try loadModule("transition: {swift: ., type: Fade}\n", Self.files)
        // level's didSet sets alpha inside the block: 0 → 0.6, linear, 0.3 half way; the view
        // covers the container (390 × 844) from the method that set its frame.
        let mid = try #require(node(tl, "dim", at: 0.5))
        #expect(close(mid.opacity, 0.3, 1e-9), "\(mid.opacity)")
        #expect(close(mid.quad[2]!.x, 390) && close(mid.quad[2]!.y, 844), "\(mid.quad)")
    }

    @Test func aViewThatDrawsItselfIsRefusedAtItsDrawMethod() throws {
        var files = Self.files
        files["DimView.swift"] = files["DimView.swift"]!.replacingOccurrences(of: "    func cover", with: "    override func draw(_ rect: CGRect) {}\n    func cover")
        do {
            _ = try loadModule("transition: {swift: ., type: Fade}\n", files)
            Issue.record("a view with draw(_:) was accepted")
        } catch let e as SceneError {
            #expect(e.location?.file.hasSuffix("DimView.swift") == true && e.message.contains("draw(_:)"), "\(e)")
        }
    }
}

/// The presenting and presented view controllers follow the scene's `kind:`.
@Suite struct PresentingControllerTests {
    static let fade = """
    import UIKit
    final class Fade: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
        func animateTransition(using c: UIViewControllerContextTransitioning) {
            let fromVC = c.viewController(forKey: .from)!, toVC = c.viewController(forKey: .to)!
            let isPresenting = toVC.presentingViewController == fromVC
            let moving = isPresenting ? toVC.view! : fromVC.view!
            if isPresenting { c.containerView.addSubview(moving); moving.alpha = 0 }
            else { c.containerView.insertSubview(toVC.view, belowSubview: moving) }
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { moving.alpha = isPresenting ? 1 : 0 }) { _ in
                c.completeTransition(true)
            }
        }
    }
    """

    @Test func aPresentationAndADismissalTellThemselvesApart() throws {
        // Presenting: b is presented by a, and fades in (0.25 at a quarter).
        let present = try loadModule("transition: {swift: Fade.swift, kind: present}\n", ["Fade.swift": Self.fade])
        #expect(close(try #require(node(present, "b", at: 0.25)).opacity, 0.25, 1e-9))
        // Dismissing: a (the source) was presented by b, and fades out (0.75 at a quarter).
        let dismiss = try loadModule("transition: {swift: Fade.swift, kind: dismiss}\n", ["Fade.swift": Self.fade])
        #expect(close(try #require(node(dismiss, "a", at: 0.25)).opacity, 0.75, 1e-9))
    }
}
