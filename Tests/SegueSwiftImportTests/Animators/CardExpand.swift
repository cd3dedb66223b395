import UIKit

/// A card grows from its place in the list to the full screen with a property animator; its
/// caption fades in during the second half. The timing style is chosen by the app.
final class CardExpandAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    enum Timing { case curve, controlPoints, spring, springParameters }

    let timing: Timing
    let cardStart = CGRect(x: 20, y: 300, width: 350, height: 200)
    private var animator: UIViewPropertyAnimator?

    init(timing: Timing) {
        self.timing = timing
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.6 }

    func makeAnimator(_ duration: TimeInterval) -> UIViewPropertyAnimator {
        switch timing {
        case .curve:
            return UIViewPropertyAnimator(duration: duration, curve: .easeInOut)
        case .controlPoints:
            return UIViewPropertyAnimator(duration: duration, controlPoint1: CGPoint(x: 0.2, y: 0), controlPoint2: CGPoint(x: 0, y: 1))
        case .spring:
            return UIViewPropertyAnimator(duration: duration, dampingRatio: 0.7)
        case .springParameters:
            let parameters = UISpringTimingParameters(mass: 1, stiffness: 200, damping: 20, initialVelocity: CGVector(dx: 0, dy: 0))
            return UIViewPropertyAnimator(duration: duration, timingParameters: parameters)
        }
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let card = UIView(frame: cardStart)
        card.backgroundColor = UIColor(red: 1, green: 0.5843, blue: 0, alpha: 1)
        card.layer.cornerRadius = 16
        container.addSubview(card)
        let caption = UIView(frame: CGRect(x: 20, y: 60, width: 200, height: 30))
        caption.backgroundColor = .white
        caption.alpha = 0
        card.addSubview(caption)

        let propertyAnimator = makeAnimator(transitionDuration(using: transitionContext))
        propertyAnimator.addAnimations {
            card.frame = container.bounds
            card.layer.cornerRadius = 0
        }
        propertyAnimator.addAnimations({
            caption.alpha = 1
        }, delayFactor: 0.5)
        propertyAnimator.addCompletion { position in
            if position == .end {
                transitionContext.completeTransition(true)
            }
        }
        animator = propertyAnimator
        propertyAnimator.startAnimation(afterDelay: 0.1)
    }
}
// SPDX-License-Identifier: Apache-2.0
