// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing

/// UIKit's machinery around views and layers a module subclasses: `layerClass`, a layer's own
/// animatable property drawn by `display()`, `layoutSubviews()`, overridden properties and
/// key-value observation, aspect-ratio constraints, arcs, and a dismissal that starts from what
/// its presentation controller's presentation left. Each expected value is worked out by hand.
@Suite struct LayerClassAndLayoutTests {
    static func animator(_ body: String) -> String {
        """
        import UIKit
        final class Anim: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let container = c.containerView
                let to = c.view(forKey: .to)!
                container.addSubview(to)
        \(body)
            }
        }
        """
    }

    func find(_ tl: Timeline, _ id: String, at t: Double) -> LayerState? {
        func search(_ ls: [LayerState]) -> LayerState? {
            for l in ls { if l.id == id { return l }; if let hit = search(l.sublayers) { return hit } }
            return nil
        }
        return search(tl.layers(at: t))
    }

    /// The largest x of a shape layer's path points.
    func pathWidth(_ tl: Timeline, _ id: String, at t: Double) throws -> Double {
        let path = try #require(find(tl, id, at: t)?.shape?.path, "no path on \(id) at \(t)")
        var xs: [Double] = []
        for e in path.elements {
            switch e {
            case let .move(p), let .line(p): xs.append(p.x)
            case let .curve(c1, c2, to): xs += [c1.x, c2.x, to.x]
            default: break
            }
        }
        return xs.max() ?? 0
    }

    static let growLayer = """
    import UIKit
    final class GrowLayer: CAShapeLayer {
        @NSManaged var side: CGFloat
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "side" ? true : super.needsDisplay(forKey: key)
        }
        override func action(forKey event: String) -> CAAction? {
            guard event == "side", let action = super.action(forKey: "backgroundColor") as? CAAnimation else {
                return super.action(forKey: event)
            }
            let animation = CABasicAnimation(keyPath: "side")
            animation.fromValue = presentation()?.value(forKey: event) ?? side
            animation.duration = action.duration
            animation.timingFunction = action.timingFunction
            return animation
        }
        override func display() {
            let s = presentation()?.side ?? side
            path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: s, height: s)).cgPath
        }
    }
    final class Box: UIView {
        override class var layerClass: AnyClass { GrowLayer.self }
        var side: CGFloat {
            get { (layer as! GrowLayer).side }
            set { (layer as! GrowLayer).side = newValue }
        }
    }
    """

    @Test func aLayersOwnAnimatablePropertyIsRedrawnAsItAnimates() throws {
        // side = 10 outside a block: drawn at the turn's end (a 10 pt square). In a 1 s linear
        // block it goes to 40: Core Animation redraws the square at every frame, 25 pt half way.
        let body = """
                let box = Box(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                container.addSubview(box)
                box.side = 10
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { box.side = 40 }) { _ in c.completeTransition(true) }
        """
        let tl = try loadModule("transition: {swift: ., type: Anim}\n", ["Anim.swift": Self.animator(body), "Box.swift": Self.growLayer])
        #expect(close(try pathWidth(tl, "box", at: 0), 10, 1e-6))
        #expect(close(try pathWidth(tl, "box", at: 0.5), 25, 1e-6))
        #expect(close(try pathWidth(tl, "box", at: 1), 40, 1e-6))
        // A CAShapeLayer's fill: opaque black unless set.
        let fill = try #require(find(tl, "box", at: 0)?.shape?.fillColor)
        #expect(fill == RGBAColor(red: 0, green: 0, blue: 0), "\(fill)")
    }

    @Test func layoutSubviewsRunsOnceTheViewHasItsSize() throws {
        let stripe = """
        import UIKit
        final class Stripe: UIView {
            let bar = UIView()
            override init(frame: CGRect) {
                super.init(frame: frame)
                addSubview(bar)
            }
            required init?(coder: NSCoder) { fatalError() }
            override func layoutSubviews() {
                super.layoutSubviews()
                bar.frame = CGRect(x: 0, y: 0, width: bounds.width / 2, height: 10)
            }
        }
        """
        let body = """
                let stripe = Stripe(frame: CGRect(x: 0, y: 100, width: 200, height: 50))
                container.addSubview(stripe)
                UIView.animate(withDuration: 1, animations: { to.alpha = 1 }) { _ in c.completeTransition(true) }
        """
        let tl = try loadModule("transition: {swift: ., type: Anim}\n", ["Anim.swift": Self.animator(body), "Stripe.swift": stripe])
        // Half of 200: the bar is 100 pt wide, at the stripe's top left (0, 100).
        let q = try #require(node(tl, "bar", at: 0)).quad
        #expect(close(q[0]!.x, 0) && close(q[0]!.y, 100) && close(q[1]!.x, 100), "\(q)")
    }

    @Test func anOverriddenFrameAndAFrameObserverHearOfEachChange() throws {
        let tracker = """
        import UIKit
        final class Tracker: UIView {
            let dot = UIView()
            override var frame: CGRect {
                didSet { dot.frame = CGRect(x: frame.width - 5, y: 0, width: 5, height: 5) }
            }
        }
        """
        // The tracker's dot follows its width (120 − 5 = 115); a follower observes the to view's
        // frame, set inside a 1 s linear block from y = 0 to y = 100: it moves with it, 50 half way.
        let body = """
                let tracker = Tracker()
                container.addSubview(tracker)
                tracker.addSubview(tracker.dot)
                tracker.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
                let follower = UIView()
                container.addSubview(follower)
                let observation = to.observe(\\.frame, options: [.initial]) { view, _ in
                    follower.frame = CGRect(x: 300, y: view.frame.minY, width: 10, height: 10)
                }
                _ = observation
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                    to.frame = CGRect(x: 0, y: 100, width: 390, height: 844)
                }) { _ in c.completeTransition(true) }
        """
        let tl = try loadModule("transition: {swift: ., type: Anim}\n", ["Anim.swift": Self.animator(body), "Tracker.swift": tracker])
        let dot = try #require(node(tl, "dot", at: 0)).quad
        #expect(close(dot[0]!.x, 115), "\(dot)")
        #expect(close(try #require(node(tl, "follower", at: 0)).quad[0]!.y, 0))
        #expect(close(try #require(node(tl, "follower", at: 0.5)).quad[0]!.y, 50))
        #expect(close(try #require(node(tl, "follower", at: 1)).quad[0]!.y, 100))
    }

    @Test func anAspectRatioGivesTheLengthNothingElseFixes() throws {
        // top 10, leading 20, width = 0.5 × 390 = 195, width = 0.75 × height: height 260.
        let body = """
                let card = UIView()
                card.translatesAutoresizingMaskIntoConstraints = false
                container.addSubview(card)
                NSLayoutConstraint.activate([
                    card.topAnchor.constraint(equalTo: container.topAnchor, constant: 10),
                    card.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
                    card.widthAnchor.constraint(equalTo: container.widthAnchor, multiplier: 0.5),
                    card.widthAnchor.constraint(equalTo: card.heightAnchor, multiplier: 0.75),
                ])
                UIView.animate(withDuration: 1, animations: { to.alpha = 1 }) { _ in c.completeTransition(true) }
        """
        let tl = try loadModule("transition: {swift: Anim.swift}\n", ["Anim.swift": Self.animator(body)])
        let q = try #require(node(tl, "card", at: 0)).quad
        #expect(close(q[0]!.x, 20) && close(q[0]!.y, 10) && close(q[2]!.x, 215) && close(q[2]!.y, 270), "\(q)")
    }

    @Test func anArcIsAQuarterCubicWithTheCircleHandles() throws {
        // A quarter turn clockwise (y down) about (50, 50), radius 50, from angle 0: from (100, 50)
        // to (50, 100), handles 4/3 tan(π/8) × 50 = 27.614 along the tangents.
        let body = """
                let arc = CAShapeLayer()
                let path = UIBezierPath()
                path.addArc(withCenter: CGPoint(x: 50, y: 50), radius: 50, startAngle: 0, endAngle: .pi / 2, clockwise: true)
                arc.path = path.cgPath
                container.layer.addSublayer(arc)
                UIView.animate(withDuration: 1, animations: { to.alpha = 1 }) { _ in c.completeTransition(true) }
        """
        let tl = try loadModule("transition: {swift: Anim.swift}\n", ["Anim.swift": Self.animator(body)])
        // The only shape layer of the scene (layers made with CAShapeLayer() are not named after variables).
        func shapes(_ ls: [LayerState]) -> [LayerState] { ls.flatMap { ($0.shape != nil ? [$0] : []) + shapes($0.sublayers) } }
        let path = try #require(shapes(tl.layers(at: 0)).first?.shape?.path)
        let k = 4.0 / 3.0 * tan(Double.pi / 8) * 50
        guard path.elements.count == 2, case let .move(start) = path.elements[0], case let .curve(c1, c2, end) = path.elements[1] else {
            Issue.record("\(path.elements)"); return
        }
        #expect(close(start.x, 100) && close(start.y, 50))
        #expect(close(c1.x, 100, 1e-9) && close(c1.y, 50 + k, 1e-9), "\(c1)")
        #expect(close(c2.x, 50 + k, 1e-9) && close(c2.y, 100, 1e-9), "\(c2)")
        #expect(close(end.x, 50, 1e-9) && close(end.y, 100, 1e-9), "\(end)")
    }

    @Test func settingTheSameFrameAgainInAnotherBlockLeavesTheMotionAlone() throws {
        // A 1 s linear slide from y = 0 to 400; a 0.1 s block sets the same 400 (UIKit's
        // additive animation of no change): half way the view is at 200.
        let body = """
                to.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                    to.frame = CGRect(x: 0, y: 400, width: 390, height: 844)
                }) { _ in c.completeTransition(true) }
                UIView.animate(withDuration: 0.1) { to.frame = CGRect(x: 0, y: 400, width: 390, height: 844) }
        """
        let tl = try loadModule("transition: {swift: Anim.swift}\n", ["Anim.swift": Self.animator(body)])
        #expect(close(try #require(node(tl, "b", at: 0.5)).quad[0]!.y, 200))
    }

    @Test func aDismissalStartsFromWhatItsPresentationLeft() throws {
        // The controller's presentation dims to 0.5 alongside; its dismissal undims alongside.
        // Dismissing, the dimming view is already there at 0.5 (the presentation, replayed), and
        // half way through the 0.3 s dismissal (ease-in-out: 0.5) it is at 0.25.
        let controller = """
        import UIKit
        final class DimmingController: UIPresentationController {
            private let dimming = UIView()
            override func presentationTransitionWillBegin() {
                dimming.backgroundColor = .black
                dimming.frame = containerView!.bounds
                dimming.alpha = 0
                containerView!.insertSubview(dimming, at: 0)
                presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0.5 }, completion: nil)
            }
            override func dismissalTransitionWillBegin() {
                presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0 }, completion: nil)
            }
        }
        """
        let animator = """
        import UIKit
        final class SlideDown: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let sheet = c.view(forKey: .from)!
                UIView.animate(withDuration: 0.3, animations: { sheet.frame.origin.y = 844 }) { _ in c.completeTransition(true) }
            }
        }
        """
        let tl = try loadModule("transition: {swift: ., type: SlideDown, from: b, to: a, kind: dismiss, presentationStyle: custom}\n",
                                ["SlideDown.swift": animator, "DimmingController.swift": controller])
        let start = try #require(seenLayers(tl, at: 0).first { $0.id == "dimming" })
        #expect(close(start.opacity, 0.5, 1e-6), "\(start.opacity)")
        let mid = try #require(seenLayers(tl, at: 0.15).first { $0.id == "dimming" })
        #expect(close(mid.opacity, 0.25, 1e-6), "\(mid.opacity)")
    }
}
