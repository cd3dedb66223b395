import UIKit

/// A tapped cell's rectangle grows into the detail screen on a spring; the detail screen's
/// content fades in once the growth is under way.
final class ZoomToDetailAnimator: NSObject {
    /// Where the tapped cell is, in the list screen (the app passes it in).
    var originFrame: CGRect = .zero
    var springDuration: TimeInterval = 0.6

    init(originFrame: CGRect) {
        self.originFrame = originFrame
        super.init()
    }
}

extension ZoomToDetailAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        springDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        let detailView = transitionContext.view(forKey: .to)!
        let endFrame = transitionContext.finalFrame(for: transitionContext.viewController(forKey: .to)!)

        let scaleX = originFrame.width / endFrame.width
        let scaleY = originFrame.height / endFrame.height
        detailView.center = CGPoint(x: originFrame.midX, y: originFrame.midY)
        detailView.transform = CGAffineTransform(scaleX: scaleX, y: scaleY)
        detailView.clipsToBounds = true
        detailView.layer.cornerRadius = 20
        containerView.addSubview(detailView)
        containerView.bringSubviewToFront(detailView)

        UIView.animate(withDuration: springDuration, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [], animations: {
            detailView.transform = .identity
            detailView.center = CGPoint(x: endFrame.midX, y: endFrame.midY)
        }) { _ in
            transitionContext.completeTransition(true)
        }
        UIView.animate(withDuration: 0.2, delay: 0.1, options: .curveEaseIn, animations: {
            detailView.layer.cornerRadius = 0
        })
    }
}
// SPDX-License-Identifier: Apache-2.0
