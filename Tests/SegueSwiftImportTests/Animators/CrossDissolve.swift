import UIKit

/// Fades the new screen in over the old one while the old one fades out, linearly.
class CrossDissolveAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let fadeDuration: TimeInterval = 0.35

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return fadeDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromView = transitionContext.view(forKey: .from),
              let toView = transitionContext.view(forKey: .to) else { return }
        transitionContext.containerView.addSubview(toView)
        toView.frame = transitionContext.finalFrame(for: transitionContext.viewController(forKey: .to)!)
        toView.alpha = 0.0

        UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveLinear], animations: {
            toView.alpha = 1.0
            fromView.alpha = 0.0
        }, completion: { finished in
            fromView.alpha = 1.0
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
// SPDX-License-Identifier: Apache-2.0
