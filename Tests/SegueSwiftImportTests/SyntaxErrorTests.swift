// SPDX-License-Identifier: Apache-2.0
import Foundation
import SeguePresets
import Testing

/// A file that is not valid Swift is refused at the place the parser stopped, in the parser's own
/// words for what it expected there.
@Suite struct SyntaxErrorTests {
    @Test func aMissingParenthesisIsNamedWhereItIsMissing() throws {
        let animator = """
        import UIKit
        final class Broken: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                UIView.animate(withDuration: 0.3, animations: { c.view(forKey: .to)?.alpha = 1 }
            }
        }
        """
        do {
            _ = try loadModule("transition: {swift: Broken.swift, from: a, to: b}", ["Broken.swift": animator])
            Issue.record("a file that does not parse was imported")
        } catch {
            let text = "\(error)"
            #expect(text.contains("not valid Swift here: expected ')' to end function call"), "\(text)")
            // The call that is never closed: `UIView.animate(` on line 5; the parser expects the
            // `)` at the end of that line, after the closing brace of the closure (column 85).
            #expect(text.contains("Broken.swift:5:"), "\(text)")
        }
    }

    @Test func everyMissingFileIsNamedAtItsPlace() throws {
        do {
            _ = try loadModule("transition: {swift: [Gone.swift, AlsoGone.swift], from: a, to: b}", ["Here.swift": "import UIKit\n"])
            Issue.record("missing files were accepted")
        } catch {
            let text = "\(error)"
            // Both names, the second at its own place on line 3 of the scene, never "Optional(…)".
            #expect(text.contains("Gone.swift") && text.contains("AlsoGone.swift"), "\(text)")
            #expect(text.contains("; and at ") && text.contains("scene.yaml:3:"), "\(text)")
            #expect(!text.contains("Optional("), "\(text)")
        }
    }

    @Test func aFrameworkClassTheImporterDoesNotModelIsNamed() throws {
        // CATransition is Core Animation's: the message names the call, never a placeholder's type.
        let animator = """
        import UIKit
        final class Fade: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let t = CATransition()
                t.type = .fade
                c.completeTransition(true)
            }
        }
        """
        do {
            _ = try loadModule("transition: {swift: Fade.swift, from: a, to: b}", ["Fade.swift": animator])
            Issue.record("CATransition was accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains("Fade.swift:5:17") && text.contains("unsupported call 'CATransition()'"), "\(text)")
            #expect(!text.contains("CGFloat") && !text.contains("bind:"), "\(text)")
        }
    }
}
