import UIKit

// Members the module adds to Core Animation's classes in extensions: a computed property with a
// setter on CAAnimation, a method on CABasicAnimation, both on an implicit self.

extension CAAnimation {
    /// The duration in milliseconds.
    var milliseconds: Double {
        get { duration * 1000 }
        set { duration = newValue / 1000 }
    }
}

extension CABasicAnimation {
    func fading(from start: CGFloat) -> CABasicAnimation {
        fromValue = start
        toValue = 1
        return self
    }
}

/// b fades from 0.2 to 1, linearly, over 800 ms halved to 400 ms through the extension.
final class MillisecondFade: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval { 0.8 }
    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let to = context.view(forKey: .to)!
        context.containerView.addSubview(to)
        let fade = CABasicAnimation(keyPath: "opacity").fading(from: 0.2)
        fade.milliseconds = 800
        fade.milliseconds = fade.milliseconds / 2
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        to.layer.add(fade, forKey: "fade")
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.8) { context.completeTransition(true) }
    }
}
// SPDX-License-Identifier: Apache-2.0
