// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing

/// An interaction controller that implements `startInteractiveTransition(_:)` moves the views
/// itself: UIKit calls that method (not the animator's `animateTransition`) when the handler
/// pops, then the handler sets the views at each touch event, and the controller's own
/// `finish()` or `cancel()` animates to the end. Positions worked out by hand from the finger.
@Suite struct SelfDrivenInteractionTests {
    static let module = #"""
import UIKit
final class Pop: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
    func animateTransition(using c: UIViewControllerContextTransitioning) {}
}
final class DragDown: UIPercentDrivenInteractiveTransition {
    weak var context: UIViewControllerContextTransitioning?
    var card: UIView?
    let viewController: UIViewController
    init(viewController: UIViewController) {
        self.viewController = viewController
        super.init()
        viewController.view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(pan(_:))))
    }
    override func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        context = transitionContext
        let container = transitionContext.containerView
        let to = transitionContext.view(forKey: .to)!
        let from = transitionContext.view(forKey: .from)!
        container.insertSubview(to, belowSubview: from)
        from.alpha = 0
        let card = UIView(frame: CGRect(x: 95, y: 300, width: 200, height: 200))
        card.backgroundColor = .systemBlue
        container.addSubview(card)
        self.card = card
    }
    @objc func pan(_ g: UIPanGestureRecognizer) {
        switch g.state {
        case .began:
            viewController.navigationController?.popViewController(animated: true)
        case .changed:
            let t = g.translation(in: g.view)
            card?.center = CGPoint(x: 195 + t.x, y: 400 + t.y)
            update(t.y / 844)
        case .ended:
            if g.translation(in: g.view).y > 100 { finish() } else { cancel() }
        default: break
        }
    }
    override func finish() {
        super.finish()
        UIView.animate(withDuration: 0.3, delay: 0, options: .curveLinear, animations: {
            self.card?.alpha = 0
        }) { _ in
            self.context?.finishInteractiveTransition()
            self.context?.completeTransition(!(self.context?.transitionWasCancelled ?? true))
        }
    }
    override func cancel() {
        super.cancel()
        UIView.animate(withDuration: 0.25, delay: 0, options: .curveLinear, animations: {
            self.card?.center = CGPoint(x: 195, y: 400)
        }) { _ in
            self.context?.cancelInteractiveTransition()
            self.context?.completeTransition(false)
        }
    }
}
"""#

    static func scene(_ points: String) -> String {
        """
        transition:
          swift: D.swift
          type: Pop
          interactive: DragDown
          from: a
          to: b
          kind: pop
          gesture: {type: pan, points: \(points)}
        """
    }

    func cardTop(_ tl: Timeline, at t: Double) throws -> Double {
        try #require(node(tl, "card", at: t)?.quad[0]).y
    }

    @Test func theHandlerMovesTheCardAtEachTouchAndFinishFadesIt() throws {
        // Touch-down at 0.2 s at y 400, 150 pt down by 0.5 s, 200 pt by 0.6 s (release): the card
        // (200 pt high, centred at 400 + translation.y) has its top at 300 + translation.y. At
        // 0.4 s the finger is 100 pt down: top 400. Released 200 pt down (> 100): finish() fades
        // the card out linearly over 0.3 s, and its completion completes the pop at 0.9 s.
        let tl = try loadModule(Self.scene("[[0.2, 195, 400], [0.5, 195, 550], [0.6, 195, 600]]"), ["D.swift": Self.module])
        #expect(node(tl, "card", at: 0.1)?.isVisible != true, "no card before the transition begins")
        let top = try cardTop(tl, at: 0.4)
        #expect(close(top, 400, 1e-6), "\(top)")
        let alpha = try #require(node(tl, "card", at: 0.75)).opacity
        #expect(close(alpha, 0.5, 1e-6), "half way through the 0.3 s fade: \(alpha)")
        // The pop completed: UIKit takes the from view (a) away, and b is what is left.
        #expect(node(tl, "a", at: 0.95)?.isVisible != true)
        #expect(node(tl, "b", at: 0.95)?.isVisible == true)
    }

    @Test func aShortDragCancelsAndTheControllerAnimatesBack() throws {
        // Released 80 pt down (≤ 100): cancel() moves the card back to its start (top 300) over
        // 0.25 s, linearly: half way, at 0.6 + 0.125, the top is 300 + 80 / 2 = 340. The cancelled
        // pop removes b, the to view.
        let tl = try loadModule(Self.scene("[[0.2, 195, 400], [0.6, 195, 480]]"), ["D.swift": Self.module])
        // The last changed event before release is one 60 Hz tick earlier: 80 × (0.4 − 1/60) / 0.4.
        let lastMove = 80 * (0.4 - 1.0 / 60) / 0.4
        let top = try cardTop(tl, at: 0.6 + 0.125)
        #expect(close(top, 300 + lastMove / 2, 1e-6), "\(top)")
        #expect(node(tl, "b", at: 1.0)?.isVisible != true)
    }
}
