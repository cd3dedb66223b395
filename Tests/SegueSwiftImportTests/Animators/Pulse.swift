import UIKit

/// Shows the new screen and pulses six badges on it with Core Animation, one badge per way
/// CABasicAnimation combines fromValue, toValue and byValue; then a keyframe shake, a spring,
/// all inside one transaction whose completion block ends the transition.
final class PulseAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    private func badge(_ index: Int, in container: UIView) -> UIView {
        let dot = UIView(frame: CGRect(x: 20 + CGFloat(index) * 60, y: 400, width: 40, height: 40))
        dot.backgroundColor = .systemRed
        dot.layer.cornerRadius = 20
        container.addSubview(dot)
        return dot
    }

    private func basic(_ keyPath: String) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.duration = 0.5
        return animation
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let toView = transitionContext.view(forKey: .to)!
        container.addSubview(toView)
        let fromTo = badge(0, in: container)
        let fromBy = badge(1, in: container)
        let byTo = badge(2, in: container)
        let fromOnly = badge(3, in: container)
        let toOnly = badge(4, in: container)
        let byOnly = badge(5, in: container)

        CATransaction.begin()
        CATransaction.setCompletionBlock {
            transitionContext.completeTransition(true)
        }

        let grow = basic("transform.scale")
        grow.fromValue = 1
        grow.toValue = 1.5
        fromTo.layer.add(grow, forKey: "grow")

        let growBy = basic("transform.scale")
        growBy.fromValue = 1
        growBy.byValue = 0.5
        fromBy.layer.add(growBy, forKey: "grow")

        let growTo = basic("transform.scale")
        growTo.byValue = 0.5
        growTo.toValue = 1.5
        byTo.layer.add(growTo, forKey: "grow")

        let fadeFrom = basic("opacity")
        fadeFrom.fromValue = 0.2
        fromOnly.layer.add(fadeFrom, forKey: "fade")

        let fadeTo = basic("opacity")
        fadeTo.toValue = 0.3
        toOnly.layer.add(fadeTo, forKey: "fade")

        let nudge = basic("position.x")
        nudge.byValue = 40
        byOnly.layer.add(nudge, forKey: "nudge")

        let shake = CAKeyframeAnimation(keyPath: "position.y")
        shake.values = [420, 400, 440, 420]
        shake.keyTimes = [0, 0.25, 0.75, 1]
        shake.duration = 0.4
        shake.beginTime = CACurrentMediaTime() + 0.5
        fromTo.layer.add(shake, forKey: "shake")

        let spring = CASpringAnimation(keyPath: "transform.scale")
        spring.fromValue = 0.5
        spring.toValue = 1
        spring.mass = 1
        spring.stiffness = 300
        spring.damping = 30
        spring.duration = spring.settlingDuration
        spring.isRemovedOnCompletion = false
        spring.fillMode = .forwards
        toOnly.layer.add(spring, forKey: "spring")

        CATransaction.commit()
    }
}
// SPDX-License-Identifier: Apache-2.0
