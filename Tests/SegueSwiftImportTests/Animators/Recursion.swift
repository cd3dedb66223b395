import UIKit

// Code that recurses without end, one shape per animator: the importer stops each at the call
// that went over its call-depth limit, with an error, instead of running out of stack.

/// The shared animation: b fades in over 1 s once `prepare(_:)` has run.
class Recurring: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
    func prepare(_ view: UIView) {}
    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let to = context.view(forKey: .to)!
        context.containerView.addSubview(to)
        to.alpha = 0
        prepare(to)
        UIView.animate(withDuration: 1, animations: { to.alpha = 1 }) { _ in context.completeTransition(true) }
    }
}

final class SelfCalling: Recurring {
    func depth(_ n: Int) -> Int { depth(n + 1) }
    override func prepare(_ view: UIView) { view.alpha = CGFloat(depth(0)) }
}

final class PingPong: Recurring {
    func ping(_ n: Int) -> Int { pong(n + 1) }
    func pong(_ n: Int) -> Int { ping(n + 1) }
    override func prepare(_ view: UIView) { view.alpha = CGFloat(ping(0)) }
}

final class SelfReading: Recurring {
    var level: CGFloat { level + 1 }
    override func prepare(_ view: UIView) { view.alpha = level }
}

final class ObserverLoop: Recurring {
    var level: CGFloat = 0 { didSet { bump() } }
    func bump() { level += 1 }
    override func prepare(_ view: UIView) { level = 1 }
}

final class ClosureLoop: Recurring {
    override func prepare(_ view: UIView) {
        var again: (() -> Void)?
        again = { again?() }
        again?()
    }
}

final class SetterLoop: Recurring {
    var level: CGFloat {
        get { 0 }
        set { level = newValue + 1 }
    }
    override func prepare(_ view: UIView) { level = 1 }
}

/// Not a recursion: Swift sets a property directly inside its own observer, so this didSet
/// runs once and `level` ends at 0.25 + 0.25 = 0.5, b's alpha before it fades in.
final class ObserverSetsItself: Recurring {
    var level: CGFloat = 0 { didSet { level += 0.25 } }
    override func prepare(_ view: UIView) {
        level = 0.25
        view.alpha = level
    }
}

/// A recursion that ends: 40 levels deep, each adding 0.01, so b starts at alpha 0.4.
final class BoundedRecursion: Recurring {
    func sum(_ n: Int) -> CGFloat { n == 0 ? 0 : 0.01 + sum(n - 1) }
    override func prepare(_ view: UIView) { view.alpha = sum(40) }
}
// SPDX-License-Identifier: Apache-2.0
