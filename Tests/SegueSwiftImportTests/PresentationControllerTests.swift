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
