import UIKit

/// The new screen slides up from the bottom edge over the old one, which a black dimming view
/// darkens; an ease-out curve, as a sheet settles.
final class SlideOverPresenter: NSObject, UIViewControllerAnimatedTransitioning {
    private let slideDuration = 0.4
    private let dimmedAlpha: CGFloat = 0.4

    func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval { slideDuration }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let container = context.containerView
        guard let presented = context.viewController(forKey: .to) else { return }
        let dimmingView = UIView(frame: container.bounds)
        dimmingView.backgroundColor = .black
        dimmingView.alpha = 0
        container.addSubview(dimmingView)

        let finalFrame = context.finalFrame(for: presented)
        presented.view.frame = finalFrame.offsetBy(dx: 0, dy: finalFrame.height)
        presented.view.layer.cornerRadius = 12
        container.addSubview(presented.view)

        UIView.animate(withDuration: slideDuration, delay: 0, options: .curveEaseOut) {
            presented.view.frame = finalFrame
            dimmingView.alpha = self.dimmedAlpha
        } completion: { _ in
            context.completeTransition(true)
        }
    }
}
// SPDX-License-Identifier: Apache-2.0
