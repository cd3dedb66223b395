// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SegueScene
import Testing

/// Auto Layout as animators use it: constraints activated, a constant changed, and
/// `layoutIfNeeded()` inside the animation block. Frames worked out by hand.
@Suite struct AutoLayoutImportTests {
    static func animator(_ body: String) -> String {
        """
        import UIKit
        final class Slide: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let container = c.containerView
                container.addSubview(c.view(forKey: .to)!)
                let card = UIView()
                card.backgroundColor = .systemBlue
                card.translatesAutoresizingMaskIntoConstraints = false
                container.addSubview(card)
        \(body)
            }
        }
        """
    }

    @Test func aConstantAnimatedWithLayoutIfNeededMovesTheView() throws {
        let body = """
                let top = card.topAnchor.constraint(equalTo: container.topAnchor, constant: 100)
                NSLayoutConstraint.activate([
                    card.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 16),
                    card.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -16),
                    card.heightAnchor.constraint(equalToConstant: 200),
                    top,
                ])
                container.layoutIfNeeded()
                top.constant = 400
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                    container.layoutIfNeeded()
                }) { _ in c.completeTransition(true) }
        """
        let tl = try loadModule("transition: {swift: Slide.swift}\n", ["Slide.swift": Self.animator(body)])
        // 390 wide container: leading 16, trailing 390 − 16 = 374, so 358 wide; 200 high at
        // y = 100, then y = 400, linearly: y = 250 half way.
        for (t, y) in [(0.0, 100.0), (0.5, 250.0), (1.0, 400.0)] {
            let q = try #require(node(tl, "card", at: t)).quad
            #expect(close(q[0]!.x, 16) && close(q[0]!.y, y, 1e-6) && close(q[2]!.x, 374) && close(q[2]!.y, y + 200, 1e-6), "t = \(t): \(q)")
        }
    }

    @Test func aViewCentredWithAMultiplierFollowsAnotherView() throws {
        let body = """
                let badge = UIView()
                container.addSubview(badge)
                NSLayoutConstraint.activate([
                    card.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                    card.widthAnchor.constraint(equalTo: container.widthAnchor, multiplier: 0.5),
                    card.topAnchor.constraint(equalTo: container.topAnchor, constant: 40),
                    card.heightAnchor.constraint(equalToConstant: 100),
                    badge.centerXAnchor.constraint(equalTo: card.trailingAnchor),
                    badge.centerYAnchor.constraint(equalTo: card.topAnchor),
                    badge.widthAnchor.constraint(equalToConstant: 20),
                    badge.heightAnchor.constraint(equalToConstant: 20),
                ])
                container.layoutIfNeeded()
                c.completeTransition(true)
        """
        let tl = try loadModule("transition: {swift: Slide.swift}\n", ["Slide.swift": Self.animator(body)])
        // The card is half the container, 195 wide, at (0, 40); the badge is centred on its
        // top-right corner (195, 40): (185, 30) to (205, 50).
        let card = try #require(node(tl, "card", at: 0)).quad
        #expect(close(card[2]!.x, 195) && close(card[0]!.y, 40), "\(card)")
        let badge = try #require(node(tl, "badge", at: 0)).quad
        #expect(close(badge[0]!.x, 185) && close(badge[0]!.y, 30) && close(badge[2]!.x, 205), "\(badge)")
    }

    @Test func anInequalityIsRefusedAtItsLine() throws {
        let body = """
                card.widthAnchor.constraint(greaterThanOrEqualToConstant: 100).isActive = true
                c.completeTransition(true)
        """
        #expect {
            _ = try loadModule("transition: {swift: Slide.swift}\n", ["Slide.swift": Self.animator(body)])
        } throws: { error in
            let text = "\(error)"
            // Line 11 of the generated file: the first line of the body.
            return text.contains("Slide.swift:11:") && text.contains("greaterThanOrEqualToConstant")
        }
    }
}

/// `segue check` on an animator that reads several names of the app: every one is reported at
/// once, each with a bind: key that names it and a placeholder of its kind.
@Suite struct MissingBindingsTests {
    /// An animator made with the app's view controller as `source`; `body` is its animateTransition's.
    static func hero(_ body: String) -> String {
        """
        import UIKit
        final class Hero: NSObject, UIViewControllerAnimatedTransitioning {
            let source: UIViewController
            init(source: UIViewController) { self.source = source }
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
        \(body)
            }
        }
        """
    }

    @Test func everyMissingNameIsReportedAtOnce() throws {
        let source = Self.hero("""
                let header: UIView = source.headerView
                source.prepareForZoom()
                let isCompact: Bool = source.isCompact
                c.containerView.addSubview(c.view(forKey: .to)!)
                UIView.animate(withDuration: 0.3, animations: { header.alpha = isCompact ? 0 : 0.5 }) { _ in c.completeTransition(true) }
        """)
        do {
            _ = try loadModule("transition: {swift: Hero.swift, init: {source: {screen: a}}}\n", ["Hero.swift": source])
            Issue.record("the scene loaded although the app's names are missing")
        } catch let error as SceneError {
            let all = [error] + error.more
            // Three names, in the order the code reads them, at their lines (7, 8, 9).
            #expect(all.map { $0.location?.line } == [7, 8, 9], "\(all)")
            #expect(all.map(\.bindKey) == ["source.headerView", "source.prepareForZoom()", "source.isCompact"])
            // A view, nothing for a call whose result is unused, a Bool.
            #expect(all[0].bindValue?.hasPrefix("{view:") == true, "\(all[0])")
            #expect(all[1].bindValue == "null")
            #expect(all[2].bindValue == "true")
        }
    }

    @Test func placeholdersFollowHowTheCodeUsesAValue() throws {
        // Names that say nothing of their kind: `badge` has its alpha set (a view), `portrait`
        // is passed as an image (nil, which an image view takes); a member of a member binds
        // the member the code needs (`source.badge`), not the whole chain.
        let source = Self.hero("""
                source.badge.alpha = 0
                let copy = UIImageView(image: source.portrait)
                c.containerView.addSubview(copy)
                UIView.animate(withDuration: 0.3, animations: { copy.alpha = 0 }) { _ in c.completeTransition(true) }
        """)
        do {
            _ = try loadModule("transition: {swift: Hero.swift, init: {source: {screen: a}}}\n", ["Hero.swift": source])
            Issue.record("the scene loaded although the app's names are missing")
        } catch let error as SceneError {
            let all = [error] + error.more
            #expect(Array(all.map(\.bindKey).prefix(2)) == ["source.badge", "source.portrait"], "\(all)")
            #expect(all[0].bindValue?.hasPrefix("{view:") == true, "\(all[0])")
            #expect(all.count > 1 && all[1].bindValue == "null", "\(all)")
        }
    }
}
