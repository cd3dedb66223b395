import UIKit

/// A navigation controller's custom push and pop: the pushed screen slides in from the right
/// edge over the old one; pop slides it back out. The navigation controller's delegate creates
/// it with the operation.
class NavigationSlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let operation: UINavigationController.Operation

    init(operation: UINavigationController.Operation) {
        self.operation = operation
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let sourceView = transitionContext.view(forKey: .from),
              let destinationView = transitionContext.view(forKey: .to) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        let containerView = transitionContext.containerView
        let width = containerView.bounds.width
        switch operation {
        case .push:
            containerView.addSubview(sourceView)
            containerView.insertSubview(destinationView, aboveSubview: sourceView)
            destinationView.transform = CGAffineTransform(translationX: width, y: 0)
            UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
                destinationView.transform = .identity
                sourceView.transform = CGAffineTransform(translationX: -width / 3, y: 0)
            }, completion: { _ in
                sourceView.transform = .identity
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        case .pop:
            containerView.insertSubview(destinationView, belowSubview: sourceView)
            destinationView.transform = CGAffineTransform(translationX: -width / 3, y: 0)
            UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
                destinationView.transform = .identity
                sourceView.transform = CGAffineTransform(translationX: width, y: 0)
            }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        case .none:
            transitionContext.completeTransition(true)
        }
    }
}
// SPDX-License-Identifier: Apache-2.0
