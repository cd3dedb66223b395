import UIKit

/// Segue's navigation slide, made by the navigation controller's delegate with the operation.
/// The screen on top travels a full width, the one beneath a third of it in the same direction:
/// a push brings the new screen in from the right over the old one, a pop takes it back out.
class NavigationSlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let operation: UINavigationController.Operation

    init(operation: UINavigationController.Operation) {
        self.operation = operation
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.3
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let stage = transitionContext.containerView
        guard operation != .none,
              let leaving = transitionContext.view(forKey: .from),
              let arriving = transitionContext.view(forKey: .to) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        let pushing = operation == .push
        let top = pushing ? arriving : leaving
        let beneath = pushing ? leaving : arriving
        stage.addSubview(beneath)
        stage.addSubview(top)

        let offEdge = CGAffineTransform(translationX: stage.bounds.width, y: 0)
        let tuckedAway = CGAffineTransform(translationX: -stage.bounds.width / 3, y: 0)
        if pushing {
            top.transform = offEdge
        } else {
            beneath.transform = tuckedAway
        }
        UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            top.transform = pushing ? .identity : offEdge
            beneath.transform = pushing ? tuckedAway : .identity
        }, completion: { _ in
            beneath.transform = .identity
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
// SPDX-License-Identifier: Apache-2.0
