// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueScene
import Testing

/// Swift's statements with Swift's meaning (Animators/Statements.swift): each animator starts
/// b's fade from a number its statement works out, so b's alpha at time 0 is that number,
/// worked out here by hand.
@Suite struct StatementTests {
    func startAlpha(_ type: String) throws -> Double {
        let tl = try scene(twoScreens + "transition: {swift: Statements.swift, type: \(type), from: list, to: detail}", animators: ["Statements.swift"])
        return try #require(node(tl, "detail", at: 0)).opacity
    }

    static let expected: [(String, Double, String)] = [
        ("DoScope", 0.3, "a = 0.1 from the do block's own x, plus the outer x = 0.2"),
        ("DoCatch", 0.25, "checked(2) throws .tooFar(2) before result = 0.9: the second catch gives 2 / 10; try? checked(3) is nil, so 0.05"),
        ("DeferLast", 0.4, "v = 0.1 + 0.1, then the deferred doubling: 0.4"),
        ("Loops", 0.7, "repeat runs once although n < 0 is false (n = 1); while adds 2 until m = 6: 7 / 10"),
        ("Labelled", 0.6, "j = 0, 1 for i = 0, 1, 2 (continue outer at j = 2); break outer at i = 3: 6 / 10"),
        ("NestedFunction", 0.6, "total = 0.25 + 0.25 through add, read with base 0.1 by lifted"),
        ("ClosureCapture", 0.375, "three calls of bump add 0.125 each to the captured count"),
        ("InoutParameter", 0.45, "v = 0.1, then bump adds 0.2 and 0.15 to the caller's v through inout"),
        ("SwitchExpression", 0.35, "7 is not below 0; let k where k > 5 matches: 7 / 20"),
        ("OptionalPattern", 0.75, "0.3 from case let x?, 0.05 from case nil, then 0.4 from if case let v?"),
        ("SwitchForms", 0.55, "0.02 (7 in 5...9) + 0.03 (3 / 100 where v > 1) + 0.2 (a Card, not a Badge, k = 2) + 0.3 (case 1 falls into case 2)"),
    ]

    @Test(arguments: expected) func aStatementRunsAsSwiftRunsIt(_ type: String, _ alpha: Double, _ why: String) throws {
        let seen = try startAlpha(type)
        #expect(abs(seen - alpha) < 1e-9, "\(type): \(seen), expected \(alpha): \(why)")
    }

    @Test func anUncaughtThrowIsAnErrorAtTheThrow() throws {
        let animator = """
        import UIKit
        enum Oops: Error { case no }
        final class Thrower: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
            func fail() throws -> CGFloat { throw Oops.no }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                c.containerView.addSubview(to)
                to.alpha = try! fail()
                c.completeTransition(true)
            }
        }
        """
        do {
            _ = try loadModule("transition: {swift: ., from: a, to: b}\n", ["Thrower.swift": animator])
            Issue.record("try! on a throwing call imported")
        } catch let e as SceneError {
            // The try! at line 9, column 20, naming the error thrown at line 5.
            #expect(e.message.contains("try!") && e.message.contains(".no") && e.message.contains("line 5"), "\(e)")
            #expect(e.location?.line == 9 && e.location?.column == 20, "\(e)")
        }
    }
}
