import UIKit

/// Exercises the language and UIKit's rules in one animator: helpers in a struct and in a UIView
/// extension, control flow, model values set before a block, completions that chain.
struct Layout {
    static let stripeHeight: CGFloat = 100
    static func stripeFrame(_ index: Int, width: CGFloat) -> CGRect {
        CGRect(x: 0, y: CGFloat(index) * stripeHeight, width: width, height: stripeHeight)
    }
}

extension UIView {
    func pinned(to frame: CGRect) {
        self.frame = frame
        layer.cornerRadius = min(frame.width, frame.height) / 10
    }
    var halfWidth: CGFloat { bounds.width / 2 }
}

enum Mood { case calm, lively }

final class SemanticsAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var mood: Mood = .lively
    private var stepDuration: TimeInterval { mood == .lively ? 0.2 : 0.4 }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        guard let toView = transitionContext.view(forKey: .to) else { return }
        container.insertSubview(toView, at: 0)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 1000
        container.layer.sublayerTransform = perspective

        var stripes: [UIView] = []
        for index in 0..<3 where index != 1 {
            let stripe = UIView()
            stripe.pinned(to: Layout.stripeFrame(index, width: container.halfWidth))
            stripe.backgroundColor = UIColor(white: 0.5, alpha: 1)
            container.addSubview(stripe)
            stripes.append(stripe)
        }
        let first = stripes[0], second = stripes[1]

        // Two model values before the block: the animation starts from the last one.
        first.alpha = 0.2
        first.alpha = 0.5
        let tilt = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 0))

        let offset: CGFloat
        switch mood {
        case .calm: offset = 10
        case .lively where stripes.count == 2: offset = 40
        default: offset = 0
        }
        let converted = second.convert(CGRect(x: 5, y: 5, width: 10, height: 10), to: container)

        UIView.animate(withDuration: stepDuration, delay: 0, options: .curveLinear, animations: {
            first.alpha = 1
            first.center.x += offset
        }, completion: { _ in
            UIView.animate(withDuration: 0.3, delay: 0, options: .curveLinear, animations: {
                first.center.y = converted.minY
            }, completion: { _ in
                second.transform = tilt
                transitionContext.completeTransition(true)
            })
        })
    }
}
// SPDX-License-Identifier: Apache-2.0
