import UIKit

/// Dismisses the presented screen by sliding it off to the right, uncovering the presenting
/// screen, which follows from a third of its width to the left. Linear, so that a scrubbed
/// transition moves the screens exactly with the finger.
final class SlideDismissAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.4
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromView = transitionContext.view(forKey: .from),
              let toView = transitionContext.view(forKey: .to) else { return }
        let container = transitionContext.containerView
        let width = container.bounds.width
        container.insertSubview(toView, belowSubview: fromView)
        toView.frame = container.bounds.offsetBy(dx: -width / 3, dy: 0)

        UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveLinear], animations: {
            fromView.frame = container.bounds.offsetBy(dx: width, dy: 0)
            toView.frame = container.bounds
        }, completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// Drives that dismissal from the left edge. The finger's travel across the screen is the
/// progress; letting go past the middle, or while flicking right faster than 800 pt/s, finishes
/// it, and anything else puts the screen back, twice as fast and linearly.
final class EdgeSwipeInteractionController: UIPercentDrivenInteractiveTransition {
    private let presented: UIViewController
    private(set) var isDragging = false

    init(viewController: UIViewController) {
        presented = viewController
        super.init()
        completionSpeed = 2
        completionCurve = .linear
        let edge = UIScreenEdgePanGestureRecognizer(target: self, action: #selector(followFinger(_:)))
        edge.edges = .left
        viewController.view.addGestureRecognizer(edge)
    }

    @objc private func followFinger(_ pan: UIScreenEdgePanGestureRecognizer) {
        guard let screen = pan.view else { return }
        let travelled = min(max(pan.translation(in: screen.superview).x / screen.bounds.width, 0), 1)
        let flicked = pan.velocity(in: screen.superview).x > 800

        if pan.state == .began {
            isDragging = true
            presented.dismiss(animated: true, completion: nil)
        } else if pan.state == .changed {
            update(travelled)
        } else if pan.state == .ended || pan.state == .cancelled {
            isDragging = false
            let keepsGoing = pan.state == .ended && (travelled > 0.5 || flicked)
            if keepsGoing {
                finish()
            } else {
                cancel()
            }
        }
    }
}
// SPDX-License-Identifier: Apache-2.0
