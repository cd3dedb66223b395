import UIKit

/// Segue's example of a UIKit animator: a 3D flip to the next screen. The current screen turns
/// away about its vertical axis, a snapshot of the next one turns in from edge-on, and then the
/// snapshot settles into the next screen's frame, all in one cubic keyframe animation. The
/// numbers are the seed articles' flip: 0.72 s in three equal thirds, seen with m34 = −0.002
/// (an eye 500 pt in front of the screen).
final class FlipPresentCustomTransition: NSObject, UIViewControllerAnimatedTransitioning {
    private let seconds: TimeInterval = 0.72
    private let m34: CGFloat = -0.002

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        seconds
    }

    /// A turn about the vertical axis through the layer's centre.
    private func turned(_ radians: CGFloat) -> CATransform3D {
        CATransform3DMakeRotation(radians, 0, 1, 0)
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        guard let outgoing = transitionContext.view(forKey: .from),
              let incoming = transitionContext.viewController(forKey: .to),
              let snapshot = incoming.view.snapshotView(afterScreenUpdates: true) else {
            transitionContext.completeTransition(false)
            return
        }

        var eye = CATransform3DIdentity
        eye.m34 = m34
        container.layer.sublayerTransform = eye

        // The real screen goes in first, hidden; its snapshot does the turning on top of it.
        incoming.view.isHidden = true
        container.addSubview(incoming.view)
        container.addSubview(snapshot)
        snapshot.frame = container.bounds
        snapshot.layer.masksToBounds = true
        snapshot.layer.transform = turned(.pi / 2)

        let third = 1.0 / 3.0
        UIView.animateKeyframes(withDuration: seconds, delay: 0, options: [.calculationModeCubic], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: third) {
                outgoing.layer.transform = self.turned(-.pi / 2)
            }
            UIView.addKeyframe(withRelativeStartTime: third, relativeDuration: third) {
                snapshot.layer.transform = CATransform3DIdentity
            }
            UIView.addKeyframe(withRelativeStartTime: 2 * third, relativeDuration: third) {
                snapshot.frame = transitionContext.finalFrame(for: incoming)
            }
        }, completion: { _ in
            incoming.view.isHidden = false
            snapshot.removeFromSuperview()
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
// SPDX-License-Identifier: Apache-2.0
