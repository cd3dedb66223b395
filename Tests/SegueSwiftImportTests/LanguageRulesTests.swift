// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing

/// Rules of Swift and UIKit the importer follows as the compiler and UIKit would, each on a small
/// module with screens a and b (390 × 844): the destination b is added and moved or faded so that
/// only the right rule draws the expected numbers.
@Suite struct LanguageRulesTests {
    /// An animator over 1 s, linear: b starts translated by `dx` with alpha `alpha`, and ends at rest,
    /// opaque. `prelude` runs first in animateTransition, with `c` the context and `to` b's view.
    static func slide(_ members: String, _ prelude: String, dx: String, alpha: String = "1", top: String = "") -> String {
        """
        import UIKit
        \(top)
        final class Slide: NSObject, UIViewControllerAnimatedTransitioning {
        \(members)
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                c.containerView.addSubview(to)
        \(prelude)
                to.transform = CGAffineTransform(translationX: \(dx), y: 0)
                to.alpha = \(alpha)
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                    to.transform = .identity
                    to.alpha = 1
                }) { _ in c.completeTransition(true) }
            }
        }
        """
    }

    /// b's left edge and opacity at time t.
    func seen(_ tl: Timeline, at t: Double) throws -> (x: Double, alpha: Double) {
        let n = try #require(node(tl, "b", at: t))
        return (try #require(n.quad[0]).x, n.opacity)
    }

    // MARK: 1. A map where the code expects a protocol (composition) of the module

    static let motionTypes = """
    import UIKit
    protocol Sliding { var distance: CGFloat { get } }
    protocol Fading { var startAlpha: CGFloat { get } }
    typealias Motion = Sliding & Fading
    struct AppMotion: Motion { var distance: CGFloat; var startAlpha: CGFloat }
    // Adopts only one of the two: never a candidate.
    struct HalfMotion: Sliding { var distance: CGFloat }
    // A view controller adopting both is a screen of the app, not a value made from a map.
    final class MotionViewController: UIViewController, Sliding, Fading {
        var distance: CGFloat { 0 }
        var startAlpha: CGFloat { 0 }
    }
    """

    @Test func aMapForAProtocolCompositionIsItsOneAdopter() throws {
        for param in ["Motion", "Sliding & Fading"] {
            let files = ["Types.swift": Self.motionTypes,
                         "Slide.swift": Self.slide("    let motion: \(param)\n    init(motion: \(param)) { self.motion = motion }",
                                                   "", dx: "motion.distance", alpha: "motion.startAlpha")]
            let tl = try loadModule("transition: {swift: ., type: Slide, init: {motion: {distance: 200, startAlpha: 0.2}}}\n", files)
            // AppMotion(distance: 200, startAlpha: 0.2): half way through the linear second,
            // x = 200 × 0.5 = 100 and alpha = 0.2 + 0.8 × 0.5 = 0.6.
            let mid = try seen(tl, at: 0.5)
            #expect(close(mid.x, 100) && close(mid.alpha, 0.6), "\(param): \(mid)")
        }
    }

    @Test func severalAdoptersAreListedAndTypePicksOne() throws {
        let types = Self.motionTypes + "\nfinal class OtherMotion: Motion { var distance: CGFloat = 300; var startAlpha: CGFloat = 0.5; init() {} }\n"
        let slide = Self.slide("    let motion: Motion\n    init(motion: Motion) { self.motion = motion }", "", dx: "motion.distance", alpha: "motion.startAlpha")
        do {
            _ = try loadModule("transition: {swift: ., type: Slide, init: {motion: {distance: 200, startAlpha: 0.2}}}\n",
                               ["Types.swift": types, "Slide.swift": slide])
            Issue.record("two adopters were not reported")
        } catch let e as SceneError {
            #expect(e.message.contains("AppMotion") && e.message.contains("OtherMotion"), "\(e)")
            #expect(!e.message.contains("MotionViewController") && !e.message.contains("HalfMotion"), "\(e)")
            #expect(e.suggestion?.contains("{type: ") == true, "\(e)")
        }
        // type: OtherMotion, with its init() and the two properties set: x = 40 × 0.5 = 20 and
        // alpha = 0.4 + 0.6 × 0.5 = 0.7 half way.
        let tl = try loadModule("transition: {swift: ., type: Slide, init: {motion: {type: OtherMotion, distance: 40, startAlpha: 0.4}}}\n",
                                ["Types.swift": types, "Slide.swift": slide])
        let mid = try seen(tl, at: 0.5)
        #expect(close(mid.x, 20) && close(mid.alpha, 0.7), "\(mid)")
        // type: naming a type that adopts only one of the two is refused.
        do {
            _ = try loadModule("transition: {swift: ., type: Slide, init: {motion: {type: HalfMotion, distance: 40}}}\n",
                               ["Types.swift": types, "Slide.swift": slide])
            Issue.record("a type that does not adopt Motion was accepted")
        } catch let e as SceneError {
            #expect(e.message.contains("HalfMotion does not adopt"), "\(e)")
        }
    }

    @Test func aMapForAProtocolNoTypeAdoptsIsAnError() throws {
        let types = "import UIKit\nprotocol Sliding { var distance: CGFloat { get } }\nprotocol Fading { var startAlpha: CGFloat { get } }\nstruct OnlySliding: Sliding { var distance: CGFloat }\n"
        let slide = Self.slide("    let motion: Sliding & Fading\n    init(motion: Sliding & Fading) { self.motion = motion }", "", dx: "motion.distance")
        do {
            _ = try loadModule("transition: {swift: ., type: Slide, init: {motion: {distance: 200, startAlpha: 0.2}}}\n",
                               ["Types.swift": types, "Slide.swift": slide])
            Issue.record("a map with no adopter was accepted")
        } catch let e as SceneError {
            #expect(e.message.contains("no struct or class of the module adopts"), "\(e)")
            #expect(e.location != nil, "\(e)")
        }
    }

    // MARK: 2. init() and then the properties

    @Test func aMapForATypeWithOtherInitializersUsesInitAndSetsProperties() throws {
        let top = """
        struct Settings {
            var width: CGFloat = 10
            var dim: CGFloat = 1
            let kind = 0
            init() { dim = 0.4 }
            init(compact: Bool) { width = compact ? 20 : 30 }
        }
        """
        let members = """
            let settings: Settings
            init(settings: Settings) { self.settings = settings }
        """
        let tl = try loadModule("transition: {swift: ., type: Slide, init: {settings: {width: 290}}}\n",
                                ["Slide.swift": Self.slide(members, "", dx: "settings.width", alpha: "settings.dim", top: top)])
        // Settings() sets dim to 0.4, then width = 290: b starts at x = 290 with alpha 0.4, and is
        // half way at x = 145, alpha 0.4 + 0.6 × 0.5 = 0.7.
        let start = try seen(tl, at: 0), mid = try seen(tl, at: 0.5)
        #expect(close(start.x, 290) && close(start.alpha, 0.4), "\(start)")
        #expect(close(mid.x, 145) && close(mid.alpha, 0.7), "\(mid)")
        // A `let` cannot be set after init(): no initializer takes `kind:`, an error.
        #expect(throws: SceneError.self) {
            _ = try loadModule("transition: {swift: ., type: Slide, init: {settings: {width: 290, kind: 1}}}\n",
                               ["Slide.swift": Self.slide(members, "", dx: "settings.width", alpha: "settings.dim", top: top)])
        }
    }

    // MARK: 3. A name where the code expects a type with that static property

    @Test func aStringIsAnImplicitStaticMember() throws {
        let top = """
        struct Style {
            let offset: CGFloat
            static let slide = Style(offset: 390)
            static let nudge = Style(offset: 50)
        }
        """
        let members = """
            let style: Style
            init(style: Style) { self.style = style }
        """
        for (name, offset) in [("slide", 390.0), ("nudge", 50.0)] {
            let tl = try loadModule("transition: {swift: ., type: Slide, init: {style: \(name)}}\n",
                                    ["Slide.swift": Self.slide(members, "", dx: "style.offset", top: top)])
            // Style.\(name).offset at the start, half of it half way.
            let start = try seen(tl, at: 0).x, mid = try seen(tl, at: 0.5).x
            #expect(close(start, offset) && close(mid, offset / 2), "\(name): \(start), \(mid)")
        }
    }

    // MARK: 4. Initializers of protocol extensions

    @Test func aProtocolExtensionInitializerMakesTheAdopter() throws {
        let types = """
        import UIKit
        protocol Configurable { init() }
        extension Configurable {
            init(_ block: (Self) -> Void) { self.init(); block(self) }
        }
        final class Style: Configurable {
            var factor: CGFloat = 0
            required init() {}
        }
        """
        let tl = try loadModule("transition: {swift: ., type: Slide}\n",
                                ["Types.swift": types,
                                 "Slide.swift": Self.slide("", "        let style = Style { $0.factor = 0.5 }", dx: "120 * style.factor")])
        // The block sets factor to 0.5: b starts 120 × 0.5 = 60 to the right (0 if the block never ran).
        #expect(close(try seen(tl, at: 0).x, 60))
        #expect(close(try seen(tl, at: 0.5).x, 30))
    }

    // MARK: 5. Overloads: fewer parameters left to their defaults

    @Test func theOverloadLeavingFewerDefaultsIsChosen() throws {
        // The defaulted overload comes first, so taking the first that fits would pick it.
        let members = """
            func shift(presenting: Bool, animated: Bool = true) -> CGFloat { 200 }
            func shift(presenting: Bool) -> CGFloat { 100 }
        """
        let tl = try loadModule("transition: {swift: ., type: Slide}\n",
                                ["Slide.swift": Self.slide(members, "", dx: "shift(presenting: true)")])
        #expect(close(try seen(tl, at: 0).x, 100))
        // With both arguments, only the second overload fits.
        let both = try loadModule("transition: {swift: ., type: Slide}\n",
                                  ["Slide.swift": Self.slide(members, "", dx: "shift(presenting: true, animated: false)")])
        #expect(close(try seen(both, at: 0).x, 200))
    }

    // MARK: 6. Optional chains

    @Test func aNilLinkMakesTheWholeChainNil() throws {
        let top = """
        final class Inner {
            var value: CGFloat = 0
            func size() -> CGFloat { 10 }
        }
        final class Box { let inner = Inner() }
        """
        let members = """
            var missing: Box? = nil
            var present: Box? = Box()
        """
        let prelude = """
                missing?.inner.value = 5
                present?.inner.value = 8
                let small = missing?.inner.size() ?? 3
                let big = present?.inner.size() ?? 3
        """
        let tl = try loadModule("transition: {swift: ., type: Slide}\n",
                                ["Slide.swift": Self.slide(members, prelude, dx: "present!.inner.value * big", alpha: "small * 0.1", top: top)])
        // missing is nil: nothing is set and the call's chain is nil, so small = 3 and alpha 0.3;
        // present is set: 8 × 10 = 80 to the right.
        let start = try seen(tl, at: 0)
        #expect(close(start.x, 80) && close(start.alpha, 0.3), "\(start)")
    }

    // MARK: 7. Extensions of the transition context

    @Test func contextExtensionsWorkOnTheContext() throws {
        let types = """
        import UIKit
        extension UIViewControllerContextTransitioning {
            var destination: UIView { viewController(forKey: .to)!.view }
            var halfWidth: CGFloat { containerView.bounds.width / 2 }
            func bringIn(_ v: UIView) { containerView.addSubview(v) }
        }
        """
        let tl = try loadModule("transition: {swift: ., type: Slide}\n",
                                ["Context.swift": types,
                                 "Slide.swift": Self.slide("", "        c.bringIn(c.destination)", dx: "c.halfWidth")])
        // The container is the 390-wide canvas: b starts at 195, and is at 97.5 half way.
        #expect(close(try seen(tl, at: 0).x, 195))
        #expect(close(try seen(tl, at: 0.5).x, 97.5))
    }

    // MARK: 8. Floating-point constants

    @Test func implicitFloatingConstantsBesideNumbers() throws {
        let prelude = """
                let gap: CGFloat = 0.3, flat: CGFloat = 0
                var shift: CGFloat = 0
                if gap > .leastNonzeroMagnitude { shift += 100 }
                if flat > .leastNonzeroMagnitude { shift += 1000 }
                // ulpOfOne is 2⁻⁵²: 1 + it is above 1, 1 + half of it rounds back to 1.
                if 1 + CGFloat.ulpOfOne > 1 { shift += 20 }
                if 1 + CGFloat.ulpOfOne / 2 == 1 { shift += 3 }
                if Double.leastNormalMagnitude > 0 { shift += 4 }
        """
        let tl = try loadModule("transition: {swift: ., type: Slide}\n",
                                ["Slide.swift": Self.slide("", prelude, dx: "shift")])
        // 100 + 20 + 3 + 4: every test but `0 > .leastNonzeroMagnitude` holds.
        #expect(close(try seen(tl, at: 0).x, 127))
    }

    // MARK: 9. Keyframe options without effect

    @Test func keyframeOptionsWithoutEffectChangeNothing() throws {
        func keyframes(_ options: String) -> String {
            """
            import UIKit
            final class Steps: NSObject, UIViewControllerAnimatedTransitioning {
                func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
                func animateTransition(using c: UIViewControllerContextTransitioning) {
                    let to = c.view(forKey: .to)!
                    c.containerView.addSubview(to)
                    to.alpha = 0
                    UIView.animateKeyframes(withDuration: 1, delay: 0, options: [\(options)], animations: {
                        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { to.alpha = 0.8 }
                        UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { to.alpha = 1 }
                    }) { _ in c.completeTransition(true) }
                }
            }
            """
        }
        let plain = try loadModule("transition: {swift: ., type: Steps}\n", ["Steps.swift": keyframes(".calculationModeLinear")])
        let marked = try loadModule("transition: {swift: ., type: Steps}\n", ["Steps.swift": keyframes(
            ".calculationModeLinear, .layoutSubviews, .allowUserInteraction, .beginFromCurrentState, .overrideInheritedDuration, .overrideInheritedOptions")])
        // The keyframes' values are reached at their ends: 0.8 at 0.5 s, 1 at 1 s.
        #expect(close(try seen(plain, at: 0).alpha, 0))
        #expect(close(try seen(plain, at: 0.5).alpha, 0.8, 1e-6))
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(close(try seen(plain, at: t).alpha, try seen(marked, at: t).alpha, 1e-12), "t = \(t)")
        }
        #expect(plain.duration == marked.duration)
    }

    // MARK: 10. The back-swipe recognizer

    @Test func turningOffTheBackSwipeChangesNothing() throws {
        let prelude = "        let fromVC = c.viewController(forKey: .from)!\n"
        let off = prelude + "        fromVC.navigationController?.interactivePopGestureRecognizer?.isEnabled = false\n"
        let plain = try loadModule("transition: {swift: ., type: Slide}\n", ["Slide.swift": Self.slide("", prelude, dx: "200", alpha: "0.2")])
        // The navigation controller lives in the app: the scene names it.
        let turnedOff = try loadModule("transition: {swift: ., type: Slide, bind: {\"fromVC.navigationController\": {screen: a}}}\n", ["Slide.swift": Self.slide("", off, dx: "200", alpha: "0.2")])
        // Half way: x = 100, alpha 0.6, with or without the line.
        let mid = try seen(turnedOff, at: 0.5)
        #expect(close(mid.x, 100) && close(mid.alpha, 0.6), "\(mid)")
        for t in stride(from: 0.0, through: 1.0, by: 0.25) {
            let a = try seen(plain, at: t), b = try seen(turnedOff, at: t)
            #expect(a.x == b.x && a.alpha == b.alpha, "t = \(t)")
        }
    }
}
