import UIKit

/// A card flip with no perspective, so the turn reads as a squeeze: the old screen narrows to
/// an edge in the first half, the new one widens from its edge in the second. Two linear
/// keyframes over 0.8 s.
final class KeyframeCardFlip: NSObject, UIViewControllerAnimatedTransitioning {
    private static let seconds: TimeInterval = 0.8

    private static func edgeOn(_ side: CGFloat) -> CATransform3D {
        CATransform3DMakeRotation(side * .pi / 2, 0, 1, 0)
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        Self.seconds
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let leaving = transitionContext.view(forKey: .from),
              let arriving = transitionContext.view(forKey: .to) else { return }
        transitionContext.containerView.insertSubview(arriving, belowSubview: leaving)
        arriving.layer.transform = Self.edgeOn(1)

        UIView.animateKeyframes(withDuration: Self.seconds, delay: 0, options: .calculationModeLinear, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                leaving.layer.transform = Self.edgeOn(-1)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                arriving.layer.transform = CATransform3DIdentity
            }
        }, completion: { _ in
            leaving.layer.transform = CATransform3DIdentity
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
// SPDX-License-Identifier: Apache-2.0
