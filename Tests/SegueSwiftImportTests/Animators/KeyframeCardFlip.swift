import UIKit

/// Turns the old screen away about the vertical axis in the first half and the new one in
/// during the second half, as two keyframes; no perspective, so the turn reads as a squeeze.
class KeyframeCardFlip: NSObject, UIViewControllerAnimatedTransitioning {
    var duration: TimeInterval { return 0.8 }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let front = transitionContext.viewController(forKey: .from)!.view!
        let back = transitionContext.viewController(forKey: .to)!.view!
        transitionContext.containerView.insertSubview(back, belowSubview: front)
        back.layer.transform = CATransform3DMakeRotation(CGFloat.pi / 2, 0, 1, 0)

        UIView.animateKeyframes(withDuration: duration, delay: 0, options: [.calculationModeLinear]) {
            UIView.addKeyframe(withRelativeStartTime: 0.0, relativeDuration: 0.5) {
                front.layer.transform = CATransform3DRotate(CATransform3DIdentity, -CGFloat.pi / 2, 0, 1, 0)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                back.layer.transform = CATransform3DIdentity
            }
        } completion: { _ in
            front.layer.transform = CATransform3DIdentity
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}
// SPDX-License-Identifier: Apache-2.0
