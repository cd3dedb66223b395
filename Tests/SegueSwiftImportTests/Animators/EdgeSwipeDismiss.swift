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

/// A left-edge pan that drives the dismissal: progress is the finger's horizontal travel over
/// the screen's width; on release it finishes past half way or on a flick faster than 800 pt/s.
final class EdgeSwipeInteractionController: UIPercentDrivenInteractiveTransition {
    private(set) var interactionInProgress = false
    private var shouldCompleteTransition = false
    private weak var viewController: UIViewController!
    private let finishThreshold: CGFloat = 0.5
    private let flickVelocity: CGFloat = 800

    init(viewController: UIViewController) {
        super.init()
        self.viewController = viewController
        completionSpeed = 2
        completionCurve = .linear
        let pan = UIScreenEdgePanGestureRecognizer(target: self, action: #selector(handleEdgePan(_:)))
        pan.edges = .left
        viewController.view.addGestureRecognizer(pan)
    }

    @objc private func handleEdgePan(_ gesture: UIScreenEdgePanGestureRecognizer) {
        guard let view = gesture.view else { return }
        let translation = gesture.translation(in: view.superview)
        let velocity = gesture.velocity(in: view.superview)
        let progress = min(max(translation.x / view.bounds.width, 0), 1)

        switch gesture.state {
        case .began:
            interactionInProgress = true
            viewController.dismiss(animated: true, completion: nil)
        case .changed:
            shouldCompleteTransition = progress > finishThreshold || velocity.x > flickVelocity
            update(progress)
        case .cancelled:
            interactionInProgress = false
            cancel()
        case .ended:
            interactionInProgress = false
            shouldCompleteTransition = progress > finishThreshold || velocity.x > flickVelocity
            if shouldCompleteTransition {
                finish()
            } else {
                cancel()
            }
        default:
            break
        }
    }
}
// SPDX-License-Identifier: Apache-2.0
