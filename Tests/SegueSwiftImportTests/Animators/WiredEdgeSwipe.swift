import UIKit

/// Fades the presented screen out over 0.5 s, linearly, uncovering the one beneath.
final class FadeOutDismissAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to) else { return }
        transitionContext.containerView.insertSubview(toView, at: 0)
        UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: {
            fromView.alpha = 0
        }) { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

/// Wired to its view controller by the app after creation (no initializer of its own); the
/// handler clamps with the C functions and keeps its decision in a flag, as older code does.
class WiredSwipeController: UIPercentDrivenInteractiveTransition {
    var isInteracting = false
    private var passedHalfway = false
    private weak var hostController: UIViewController!

    func wire(to viewController: UIViewController!) {
        hostController = viewController
        let edge = UIScreenEdgePanGestureRecognizer(target: self, action: #selector(onEdgePan(_:)))
        edge.edges = .left
        viewController.view.addGestureRecognizer(edge)
    }

    @objc private func onEdgePan(_ recognizer: UIScreenEdgePanGestureRecognizer) {
        guard let host = recognizer.view, let container = host.superview else { return }
        var fraction = recognizer.translation(in: container).x / 200
        fraction = CGFloat(fminf(fmaxf(Float(fraction), 0.0), 1.0))
        switch recognizer.state {
        case .began:
            isInteracting = true
            hostController.dismiss(animated: true, completion: nil)
        case .changed:
            passedHalfway = fraction > 0.5
            update(fraction)
        case .cancelled:
            isInteracting = false
            cancel()
        case .ended:
            isInteracting = false
            if passedHalfway {
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
