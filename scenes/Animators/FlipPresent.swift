import UIKit

/// Presents the next screen by turning the current one away about the y axis and turning a
/// snapshot of the next one in, then letting the snapshot grow to the final frame.
/// Numbers as in the flip of seed article 000: 0.72 s, three equal keyframes, m34 = −0.002.
final class FlipPresentCustomTransition: NSObject {
    private let totalDuration: TimeInterval = 0.72
    private let startDelay: TimeInterval = 0
    /// The perspective every sublayer of the container is seen with (eye 500 pt away).
    private let eyeDistanceFactor: CGFloat = -0.002
}

extension FlipPresentCustomTransition: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        totalDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let source = transitionContext.viewController(forKey: .from),
              let destination = transitionContext.viewController(forKey: .to),
              let snapshot = destination.view.snapshotView(afterScreenUpdates: true) else {
            transitionContext.completeTransition(false)
            return
        }
        let container = transitionContext.containerView
        let screenBounds = UIScreen.main.bounds
        let startFrame = CGRect(x: 0, y: 0, width: screenBounds.width, height: screenBounds.height)
        let endFrame = transitionContext.finalFrame(for: destination)

        snapshot.frame = startFrame
        snapshot.layer.masksToBounds = true
        container.addSubview(destination.view)
        container.addSubview(snapshot)
        destination.view.isHidden = true

        var perspective = CATransform3DIdentity
        perspective.m34 = eyeDistanceFactor
        container.layer.sublayerTransform = perspective

        // The snapshot waits edge-on, a quarter turn away.
        snapshot.layer.transform = quarterTurn(.pi / 2)

        let duration = transitionDuration(using: transitionContext)
        UIView.animateKeyframes(withDuration: duration, delay: startDelay, options: .calculationModeCubic, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1 / 3) {
                source.view.layer.transform = self.quarterTurn(-.pi / 2)
            }
            UIView.addKeyframe(withRelativeStartTime: 1 / 3, relativeDuration: 1 / 3) {
                snapshot.layer.transform = self.quarterTurn(0)
            }
            UIView.addKeyframe(withRelativeStartTime: 2 / 3, relativeDuration: 1 / 3) {
                snapshot.frame = endFrame
            }
        }, completion: { _ in
            destination.view.isHidden = false
            snapshot.removeFromSuperview()
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }

    private func quarterTurn(_ angle: CGFloat) -> CATransform3D {
        CATransform3DMakeRotation(angle, 0, 1, 0)
    }
}
// SPDX-License-Identifier: Apache-2.0
