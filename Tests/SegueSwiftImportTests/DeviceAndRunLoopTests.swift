// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing

/// The device an animator asks about (the window, safe-area insets, accessibility), the layout
/// pass UIKit runs after each run-loop turn, casts to the module's own view classes, properties
/// of the app's controller bound per screen, and `for case let x as T`. Each expected value is
/// worked out by hand in the test.
@Suite struct DeviceAndRunLoopTests {
    static func animator(_ body: String, extra: String = "") -> String {
        """
        import UIKit
        \(extra)
        final class Anim: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let container = c.containerView
                let to = c.view(forKey: .to)!
                container.addSubview(to)
                let card = UIView()
                card.backgroundColor = .systemBlue
                container.addSubview(card)
        \(body)
            }
        }
        """
    }

    func cardTop(_ tl: Timeline, at t: Double) throws -> Double {
        try #require(node(tl, "card", at: t)?.quad[0]).y
    }

    @Test func theKeyWindowsRootViewAndItsSafeAreaPlaceAView() throws {
        // A 390 × 844 canvas is the iPhone 14's screen: 47 pt of status bar and sensor housing
        // above the safe area. The presenter (a) is the window's root; the card sits 21 pt
        // below the safe area's top, 47 + 21 = 68.
        let body = """
                let window = UIApplication.shared.keyWindow!
                let top = window.rootViewController!.view.safeAreaInsets.top
                card.frame = CGRect(x: 0, y: top + 21, width: 390, height: 100)
                UIView.animate(withDuration: 1, animations: { to.alpha = 1 }) { _ in c.completeTransition(true) }
        """
        let tl = try loadModule("transition: {swift: Anim.swift, kind: present, presentationStyle: custom}\n", ["Anim.swift": Self.animator(body)])
        let top = try cardTop(tl, at: 0)
        #expect(close(top, 68), "\(top)")
    }

    /// Inside an extension of UIViewController a bare name is `self.name`: the presented screen
    /// of a custom presentation reads its own style and presenter, the presenter reads that it
    /// is not presented. DeckTransition's `isPresentedWithDeck` is written this way.
    @Test func anExtensionOfUIViewControllerReadsTheScreensOwnMembers() throws {
        let extra = """
            final class Delegate: NSObject {}
            extension UIViewController {
                var isPresentedCustom: Bool {
                    return !(transitioningDelegate is Delegate) && modalPresentationStyle == .custom && presentingViewController != nil
                }
            }
            """
        // The presented screen (b) says yes, so the card goes to y = 300; the presenter (a) has
        // no presenter, so the second card stays at y = 100.
        let body = """
                let from = c.viewController(forKey: .from)!, toVC = c.viewController(forKey: .to)!
                card.frame = CGRect(x: 0, y: toVC.isPresentedCustom ? 300 : 100, width: 390, height: 100)
                let other = UIView()
                container.addSubview(other)
                other.frame = CGRect(x: 0, y: from.isPresentedCustom ? 300 : 100, width: 390, height: 100)
                UIView.animate(withDuration: 1, animations: { to.alpha = 1 }) { _ in c.completeTransition(true) }
        """
        let tl = try loadModule("transition: {swift: Anim.swift, kind: present, presentationStyle: custom}\n", ["Anim.swift": Self.animator(body, extra: extra)])
        #expect(close(try cardTop(tl, at: 0), 300))
        let other = try #require(node(tl, "other", at: 0)?.quad[0]).y
        #expect(close(other, 100), "\(other)")
        // Full screen: the presented screen's style is .fullScreen, so it says no.
        let full = try loadModule("transition: {swift: Anim.swift, kind: present, presentationStyle: fullScreen}\n", ["Anim.swift": Self.animator(body, extra: extra)])
        #expect(close(try cardTop(full, at: 0), 100))
    }

    @Test func accessibilitySettingsAreOff() throws {
        let body = """
                card.frame = CGRect(x: 0, y: UIAccessibility.isVoiceOverRunning || UIAccessibility.isReduceMotionEnabled ? 300 : 100, width: 390, height: 100)
                UIView.animate(withDuration: 1, animations: { to.alpha = 1 }) { _ in c.completeTransition(true) }
        """
        let tl = try loadModule("transition: {swift: Anim.swift}\n", ["Anim.swift": Self.animator(body)])
        let top = try cardTop(tl, at: 0)
        #expect(close(top, 100), "\(top)")
    }

    @Test func constraintsChangedWithoutLayoutIfNeededTakeEffectBeforeTheFirstFrame() throws {
        // No layoutIfNeeded(): UIKit's layout pass at the end of the run-loop turn puts the card
        // at top 120, unanimated; the alpha animation is the only motion.
        let body = """
                card.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.activate([
                    card.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                    card.trailingAnchor.constraint(equalTo: container.trailingAnchor),
                    card.topAnchor.constraint(equalTo: container.topAnchor, constant: 120),
                    card.heightAnchor.constraint(equalToConstant: 50),
                ])
                UIView.animate(withDuration: 1, animations: { to.alpha = 1 }) { _ in c.completeTransition(true) }
        """
        let tl = try loadModule("transition: {swift: Anim.swift}\n", ["Anim.swift": Self.animator(body)])
        for t in [0.0, 0.5, 1.0] {
            let q = try #require(node(tl, "card", at: t)?.quad)
            #expect(close(q[0]!.y, 120) && close(q[2]!.x, 390) && close(q[2]!.y, 170), "t = \(t): \(q)")
        }
    }

    @Test func aPlainViewIsNotTheModulesViewSubclass() throws {
        // `is Badge` holds only for the Badge the code made: the first subview that is one is
        // the badge (y 400), not the plain card (y 0) added before it.
        let extra = "final class Badge: UIView {}"
        let body = """
                let badge = Badge(frame: CGRect(x: 0, y: 400, width: 10, height: 10))
                container.addSubview(badge)
                let found = container.subviews.first(where: { $0 is Badge }) as? Badge
                card.frame = CGRect(x: 0, y: found?.frame.minY ?? -1, width: 390, height: 10)
                let missing = to as? Badge
                UIView.animate(withDuration: 1, animations: { to.alpha = missing == nil ? 1 : 0 }) { _ in c.completeTransition(true) }
        """
        let tl = try loadModule("transition: {swift: Anim.swift}\n", ["Anim.swift": Self.animator(body, extra: extra)])
        let top = try cardTop(tl, at: 0)
        #expect(close(top, 400), "\(top)")
    }

    @Test func aScreenPropertyBoundByScreenNameIsReadWhereverTheCodeReadsIt() throws {
        // `b.cardOffset: 250` is the app's property on the destination's controller: read
        // through the context and through an extension of UIViewController alike.
        let extra = """
        extension UIViewController { var doubledOffset: CGFloat { return cardOffset * 2 } }
        """
        let body = """
                let vc = c.viewController(forKey: .to)!
                card.frame = CGRect(x: 0, y: vc.cardOffset, width: 390, height: 10)
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                    card.frame.origin.y = vc.doubledOffset
                }) { _ in c.completeTransition(true) }
        """
        let tl = try loadModule("transition: {swift: Anim.swift, from: a, to: b, bind: {b.cardOffset: 250}}\n",
                                ["Anim.swift": Self.animator(body, extra: extra)])
        // 250 → 500, linearly: 375 half way.
        let tops = [try cardTop(tl, at: 0), try cardTop(tl, at: 0.5), try cardTop(tl, at: 1)]
        #expect(close(tops[0], 250) && close(tops[1], 375) && close(tops[2], 500), "\(tops)")
    }

    @Test func forCaseLetAsSkipsItemsOfOtherTypes() throws {
        // Only the second item is a Marker; its y (300) places the card.
        let extra = "final class Marker: UIView {}"
        let body = """
                let plain = UIView(frame: CGRect(x: 0, y: 100, width: 10, height: 10))
                let marker = Marker(frame: CGRect(x: 0, y: 300, width: 10, height: 10))
                var y: CGFloat = -1
                for case let m as Marker in [plain, marker] { y = m.frame.minY }
                card.frame = CGRect(x: 0, y: y, width: 390, height: 10)
                UIView.animate(withDuration: 1, animations: { to.alpha = 1 }) { _ in c.completeTransition(true) }
        """
        let tl = try loadModule("transition: {swift: Anim.swift}\n", ["Anim.swift": Self.animator(body, extra: extra)])
        let top = try cardTop(tl, at: 0)
        #expect(close(top, 300), "\(top)")
    }

    @Test func aTupleReturnedAsItsDeclaredTypeNamesItsElements() throws {
        // place() returns an unlabeled tuple as (frame:, scale:): the card gets the frame's top
        // (250) and the scale as its alpha (0.5); NaN checks pass a real number through.
        let extra = """
        func place() -> (frame: CGRect, scale: CGFloat) {
            let y: CGFloat = 250
            return (CGRect(x: 0, y: y.isNaN ? 0 : y, width: 390, height: 10), 0.5)
        }
        """
        let body = """
                let p = place()
                card.frame = p.frame
                card.alpha = p.scale
                UIView.animate(withDuration: 1, animations: { to.alpha = 1 }) { _ in c.completeTransition(true) }
        """
        let tl = try loadModule("transition: {swift: Anim.swift}\n", ["Anim.swift": Self.animator(body, extra: extra)])
        let card = try #require(node(tl, "card", at: 0))
        #expect(close(card.quad[0]!.y, 250) && close(card.opacity, 0.5), "\(card.quad) \(card.opacity)")
    }

    @Test func aViewMadeLaterIsSetUpBeforeItIsAdded() throws {
        // In the completion (at 1 s) a clipped image view is made, given its image and added:
        // it appears then, 100 × 100 at (10, 20), and not before.
        let body = """
                UIView.animate(withDuration: 1, animations: { to.alpha = 1 }) { _ in
                    let badge = UIImageView(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
                    badge.clipsToBounds = true
                    badge.contentMode = .scaleAspectFill
                    badge.image = photo
                    container.addSubview(badge)
                    c.completeTransition(true)
                }
        """
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-badge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: packageRoot + "/scenes/images/lake.png", toPath: dir.appendingPathComponent("lake.png").path)
        let tl = try loadModule("transition: {swift: Anim.swift, bind: {photo: {image: \(dir.path)/lake.png}}}\n", ["Anim.swift": Self.animator(body)])
        #expect(node(tl, "badge", at: 0.5)?.isVisible != true)
        let q = try #require(node(tl, "badge", at: 1.2)?.quad)
        #expect(close(q[0]!.x, 10) && close(q[0]!.y, 20) && close(q[2]!.x, 110) && close(q[2]!.y, 120), "\(q)")
    }
}
