import UIKit

/// Dismisses a modally presented screen by sliding it off to the right. The presenting screen
/// waits underneath, shrunk to 94 % behind a 40 % black dimming view, and grows back to full
/// size as the dimming fades. Linear, so a scrubbed dismissal keeps the screen under the finger.
final class SwipeDismissAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    private let duration: TimeInterval = 0.5
    private let dimmedAlpha: CGFloat = 0.4
    private let recededScale: CGFloat = 0.94

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let presented = transitionContext.viewController(forKey: .from),
              let presenting = transitionContext.viewController(forKey: .to) else { return }
        let container = transitionContext.containerView
        let presentedView = presented.view!
        let presentingView = presenting.view!

        // The frame first: it is undefined once the transform is not the identity.
        presentingView.frame = transitionContext.finalFrame(for: presenting)
        presentingView.transform = CGAffineTransform(scaleX: recededScale, y: recededScale)
        container.insertSubview(presentingView, belowSubview: presentedView)

        let dimmingView = UIView(frame: container.bounds)
        dimmingView.backgroundColor = .black
        dimmingView.alpha = dimmedAlpha
        container.insertSubview(dimmingView, belowSubview: presentedView)

        let offscreen = presentedView.frame.offsetBy(dx: container.bounds.width, dy: 0)
        UIView.animate(withDuration: duration, delay: 0, options: [.curveLinear], animations: {
            presentedView.frame = offscreen
            presentingView.transform = .identity
            dimmingView.alpha = 0
        }, completion: { _ in
            dimmingView.removeFromSuperview()
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// Drives SwipeDismissAnimator from a pan off the left edge of the presented screen: progress is
/// the finger's horizontal travel over the screen's width. Lifting the finger past half way, or
/// while it still moves right faster than 800 pt/s (a flick), finishes the dismissal; anything
/// else puts the screen back. The rest runs with an ease-out, like a thrown card slowing down.
final class SwipeDismissInteraction: UIPercentDrivenInteractiveTransition {
    private(set) var isInteracting = false
    private weak var presentedController: UIViewController?
    private let flickSpeed: CGFloat = 800

    init(presentedController: UIViewController) {
        super.init()
        self.presentedController = presentedController
        completionCurve = .easeOut
        let edgePan = UIScreenEdgePanGestureRecognizer(target: self, action: #selector(edgePanned(_:)))
        edgePan.edges = .left
        presentedController.view.addGestureRecognizer(edgePan)
    }

    @objc private func edgePanned(_ pan: UIScreenEdgePanGestureRecognizer) {
        guard let view = pan.view, let reference = view.superview else { return }
        let progress = max(0, min(1, pan.translation(in: reference).x / view.bounds.width))

        switch pan.state {
        case .began:
            isInteracting = true
            presentedController?.dismiss(animated: true, completion: nil)
        case .changed:
            update(progress)
        case .ended:
            isInteracting = false
            let flicked = pan.velocity(in: reference).x > flickSpeed
            if progress > 0.5 || flicked {
                finish()
            } else {
                cancel()
            }
        default:
            isInteracting = false
            cancel()
        }
    }
}
// SPDX-License-Identifier: Apache-2.0
