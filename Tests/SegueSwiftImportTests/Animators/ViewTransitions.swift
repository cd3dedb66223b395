import UIKit

/// Presents with one of UIKit's built-in view transitions, run on the container by
/// UIView.transition(from:to:duration:options:completion:).
final class BuiltInTransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    enum Style {
        case flipFromLeft
        case flipFromTopLinear
        case flipFromRightEaseIn
        case crossDissolve
    }

    let style: Style

    init(style: Style) {
        self.style = style
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.6
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromView = transitionContext.view(forKey: .from),
              let toView = transitionContext.view(forKey: .to),
              let toVC = transitionContext.viewController(forKey: .to) else { return }
        toView.frame = transitionContext.finalFrame(for: toVC)

        let options: UIView.AnimationOptions
        switch style {
        case .flipFromLeft: options = [.transitionFlipFromLeft]
        case .flipFromTopLinear: options = [.transitionFlipFromTop, .curveLinear]
        case .flipFromRightEaseIn: options = [.transitionFlipFromRight, .curveEaseIn]
        case .crossDissolve: options = [.transitionCrossDissolve]
        }
        UIView.transition(from: fromView, to: toView, duration: transitionDuration(using: transitionContext), options: options) { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

/// Flips a card view in place: its face is swapped for its back inside UIView.transition(with:).
final class CardFlipAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.5
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let card = UIView(frame: CGRect(x: 45, y: 272, width: 300, height: 300))
        card.backgroundColor = .white
        let face = UIView(frame: card.bounds)
        face.backgroundColor = .systemBlue
        let back = UIView(frame: card.bounds)
        back.backgroundColor = .systemOrange
        back.isHidden = true
        card.addSubview(face)
        card.addSubview(back)
        container.addSubview(card)

        UIView.transition(with: card, duration: transitionDuration(using: transitionContext), options: [.transitionFlipFromBottom, .curveLinear], animations: {
            face.isHidden = true
            back.isHidden = false
        }, completion: { _ in
            transitionContext.completeTransition(true)
        })
    }
}
// SPDX-License-Identifier: Apache-2.0
