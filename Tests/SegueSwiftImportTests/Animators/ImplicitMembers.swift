import UIKit

// Implicit members, initializer chains and tuple types, as the compiler resolves them. Each
// animator slides b in from a translation worked out by the rule under test, linearly over 1 s.

extension CGAffineTransform {
    static func make(shift: CGFloat) -> CGAffineTransform { CGAffineTransform(translationX: shift, y: 0) }
}

struct Motion {
    var offset: CGFloat
    static let far = Motion(offset: 300)
    static func scaled(_ k: CGFloat) -> Motion { Motion(offset: 100 * k) }
}

class Sliding: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
    func shift() -> CGFloat { 0 }
    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let to = context.view(forKey: .to)!
        context.containerView.addSubview(to)
        to.transform = CGAffineTransform(translationX: shift(), y: 0)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { to.transform = .identity }) { _ in
            context.completeTransition(true)
        }
    }
}

/// `.far` and `.scaled(_:)` in Motion (the property's declared type), `.make(shift:)` in the
/// module's extension of CGAffineTransform (view.transform's type); CGFloat is Strideable.
final class ImplicitSlide: NSObject, UIViewControllerAnimatedTransitioning {
    var motion: Motion = .far
    func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let to = context.view(forKey: .to)!
        context.containerView.addSubview(to)
        let far = motion.offset
        motion = .scaled(0.5)
        let start = motion.offset.distance(to: 80).advanced(by: far / 30)
        to.transform = .make(shift: start)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { to.transform = .identity }) { _ in
            context.completeTransition(true)
        }
    }
}

class Placement {
    let origin: CGPoint
    let lift: CGFloat
    init(origin: CGPoint, lift: CGFloat) {
        self.origin = origin
        self.lift = lift
    }
    convenience init(lift: CGFloat) { self.init(origin: .zero, lift: lift) }
}

final class Shifted: Placement {
    let extra: CGFloat
    init(extra: CGFloat) {
        self.extra = extra
        super.init(origin: CGPoint(x: 30, y: 0), lift: 0)
    }
}

final class Step {
    let run: () -> CGFloat
    init(closure: @escaping () -> CGFloat) { run = closure }
}

/// self.init passes `.zero` as the CGPoint it expects; super.init sets the base class's
/// properties; a trailing closure is the closure: argument.
final class ChainSlide: Sliding {
    override func shift() -> CGFloat {
        let a = Placement(lift: 5)
        let b = Shifted(extra: 15)
        let step = Step { 25 }
        return a.origin.x + b.origin.x + b.extra + a.lift + step.run()
    }
}

typealias Span = (from: CGFloat, to: CGFloat)

/// A labelled tuple type takes an unlabelled tuple: its elements get the labels, in order, for
/// a parameter, a return value, a local, and a stored property (optional or not).
final class TupleSlide: Sliding {
    var kept: Span = (1, 4)
    var later: Span?
    func span(_ s: Span) -> CGFloat { s.to - s.from }
    func made() -> Span { (10, 70) }
    override func shift() -> CGFloat {
        let local: Span = (20, 50)
        later = (5, 30)
        let laterSpan = (later?.to ?? 0) - (later?.from ?? 0)
        return span((100, 140)) + local.to - local.from + made().to - made().from + kept.to - kept.from + laterSpan
    }
}

extension CGPoint {
    init(polar radius: CGFloat, angle: CGFloat) { self.init(x: radius * cos(angle), y: radius * sin(angle)) }
}

/// `.init(polar:angle:)` where a CGPoint is expected is the module's extension initializer.
final class PolarSlide: Sliding {
    override func shift() -> CGFloat {
        let p: CGPoint = .init(polar: 60, angle: 0)
        // UIKit's own initializer: `.zero` is the CGPoint its origin: parameter takes.
        let r = CGRect(origin: .zero, size: CGSize(width: 10, height: 10))
        return p.x + r.maxX
    }
}
// SPDX-License-Identifier: Apache-2.0
