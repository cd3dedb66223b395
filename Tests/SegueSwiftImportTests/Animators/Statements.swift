import UIKit

// Swift's statements, one rule per animator: each works out a number with the statement under
// test and starts b's fade from it (`start(_:)`), so b's alpha at time 0 is that number.

class Starting: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
    func start(_ view: UIView) -> CGFloat { 1 }
    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let to = context.view(forKey: .to)!
        context.containerView.addSubview(to)
        to.alpha = start(to)
        UIView.animate(withDuration: 1, animations: { to.alpha = 1 }) { _ in context.completeTransition(true) }
    }
}

enum Failure: Error {
    case tooFar(CGFloat)
    case missing
}

/// `do { }` is a scope: its `x` is gone after it, so the outer `x` can be declared.
final class DoScope: Starting {
    override func start(_ view: UIView) -> CGFloat {
        var a: CGFloat = 0
        do {
            let x: CGFloat = 0.1
            a = x
        }
        let x: CGFloat = 0.2
        return a + x
    }
}

/// A throw leaves the do block at once for the first catch clause whose pattern matches.
final class DoCatch: Starting {
    func checked(_ d: CGFloat) throws -> CGFloat {
        if d > 1 { throw Failure.tooFar(d) }
        return d
    }
    override func start(_ view: UIView) -> CGFloat {
        var result: CGFloat = 0
        do {
            result = try checked(2)
            result = 0.9
        } catch Failure.missing {
            result = 0.8
        } catch Failure.tooFar(let d) {
            result = d / 10
        } catch {
            result = 0.7
        }
        // try? makes the thrown error nil.
        let fallback = (try? checked(3)) ?? 0.05
        return result + fallback
    }
}

/// defer runs when its scope ends, after the statements below it.
final class DeferLast: Starting {
    override func start(_ view: UIView) -> CGFloat {
        var v: CGFloat = 0.1
        func step() {
            defer { v = v * 2 }
            v += 0.1
        }
        step()
        return v
    }
}

/// repeat runs its body before testing; while tests first.
final class Loops: Starting {
    override func start(_ view: UIView) -> CGFloat {
        var n = 0
        repeat { n += 1 } while n < 0
        var m = 0
        while m < 5 { m += 2 }
        return CGFloat(n + m) / 10
    }
}

/// `continue outer` goes on with the outer loop; `break outer` leaves both.
final class Labelled: Starting {
    override func start(_ view: UIView) -> CGFloat {
        var count = 0
        outer: for i in 0 ..< 5 {
            for j in 0 ..< 5 {
                if j == 2 { continue outer }
                if i == 3 { break outer }
                count += 1
            }
        }
        return CGFloat(count) / 10
    }
}

/// A nested function reads and changes its enclosing method's locals.
final class NestedFunction: Starting {
    override func start(_ view: UIView) -> CGFloat {
        let base: CGFloat = 0.1
        var total: CGFloat = 0
        func add(_ x: CGFloat) { total += x }
        func lifted() -> CGFloat { base + total }
        add(0.25)
        add(0.25)
        return lifted()
    }
}

/// A closure captures a local by reference: its changes are the method's.
final class ClosureCapture: Starting {
    override func start(_ view: UIView) -> CGFloat {
        var count: CGFloat = 0
        let bump = { count += 0.125 }
        bump()
        bump()
        bump()
        return count
    }
}

class Card: UIView {}
final class Badge: Card {}

/// switch: where clauses, tuples with cast patterns, ranges and fallthrough.
final class SwitchForms: Starting {
    func bucket(_ n: Int) -> CGFloat {
        switch n {
        case ..<0: return 0.9
        case 0 ..< 5: return 0.01
        case 5 ... 9: return 0.02
        default: return 0.8
        }
    }
    func scaled(_ d: CGFloat) -> CGFloat {
        switch d {
        case let v where v > 10: return 0.7
        case let v where v > 1: return v / 100
        default: return 0.6
        }
    }
    func shape(_ view: UIView, _ n: Int) -> CGFloat {
        switch (view, n) {
        case (let b as Badge, _): return 0.5 * b.alpha
        case (_ as Card, 0): return 0.4
        case (let c as Card, let k): return CGFloat(k) / 10 * c.alpha
        default: return 0.3
        }
    }
    func fallen(_ n: Int) -> CGFloat {
        var r: CGFloat = 0
        switch n {
        case 1:
            r += 0.1
            fallthrough
        case 2:
            r += 0.2
        case 3:
            r += 0.4
        default:
            break
        }
        return r
    }
    override func start(_ view: UIView) -> CGFloat {
        // 0.02 (7 is in 5...9) + 0.03 (3 > 1) + 0.2 (a Card, not a Badge, with k = 2) + 0.3 (1 falls into 2)
        bucket(7) + scaled(3) + shape(Card(), 2) + fallen(1)
    }
}

/// inout: the function changes the caller's variable (its value in, the parameter's value out).
final class InoutParameter: Starting {
    func bump(_ x: inout CGFloat, by step: CGFloat) { x += step }
    override func start(_ view: UIView) -> CGFloat {
        var v: CGFloat = 0.1
        bump(&v, by: 0.2)
        bump(&v, by: 0.15)
        return v
    }
}

/// A switch expression matches as a switch statement does: ranges, bindings with where.
final class SwitchExpression: Starting {
    override func start(_ view: UIView) -> CGFloat {
        let n = 7
        let a: CGFloat = switch n {
        case ..<0: 0.9
        case let k where k > 5: CGFloat(k) / 20
        default: 0.8
        }
        return a
    }
}

/// `case let x?` matches a value that is not nil, and binds it.
final class OptionalPattern: Starting {
    func value(_ o: CGFloat?) -> CGFloat {
        switch o {
        case let x?: return x
        case nil: return 0.05
        }
    }
    override func start(_ view: UIView) -> CGFloat {
        var total = value(0.3) + value(nil)
        let maybe: CGFloat? = 0.4
        if case let v? = maybe { total += v }
        return total
    }
}
// SPDX-License-Identifier: Apache-2.0
