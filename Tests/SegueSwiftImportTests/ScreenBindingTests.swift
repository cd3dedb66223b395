// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing

/// Members of the app's own view controllers (a protocol the app's screens adopt), given under a
/// screen's name so that every path to them reads the same value. Values worked by hand.
@Suite struct ScreenBindingTests {
    static let files = [
        "Zoom/Zoom.swift": """
        import UIKit
        protocol ZoomSource: AnyObject {
            var originFrame: CGRect { get }
            func makeCopy() -> UIView?
        }
        final class Zoom: NSObject, UIViewControllerAnimatedTransitioning {
            weak var source: ZoomSource?
            weak var target: ZoomSource?
            init(from source: ZoomSource, to target: ZoomSource) { self.source = source; self.target = target }
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.viewController(forKey: .to)!
                to.modalPresentationCapturesStatusBarAppearance = true
                c.containerView.addSubview(to.view)
                to.view.alpha = 0
                let copy = source?.makeCopy() ?? UIView()
                c.containerView.addSubview(copy)
                copy.frame = source?.originFrame ?? .zero
                UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: {
                    copy.frame = self.target?.originFrame ?? .zero
                    to.view.alpha = 1
                }, completion: { _ in c.completeTransition(true) })
            }
        }
        """,
    ]

    @Test func membersOfAScreenAreGivenUnderItsName() throws {
        let tl = try loadModule("""
        transition:
          swift: Zoom
          from: a
          to: b
          kind: present
          init: {from: {screen: a}, to: {screen: b}}
          bind:
            a.originFrame: [0, 100, 200, 100]
            b.originFrame: [0, 300, 390, 195]
            a.makeCopy(): {view: {image: \(Self.picture), contentMode: scaleAspectFit}}
        """, Self.files)
        // Half way (0.2 s, linear): the copy's frame is half way from (0, 100, 200 × 100) to
        // (0, 300, 390 × 195): (0, 200, 295 × 147.5). It is an image view showing the picture.
        let q = try #require(node(tl, "copy", at: 0.2)).quad
        #expect(close(q[0]!.y, 200, 0.01) && close(q[2]!.x - q[0]!.x, 295, 0.01) && close(q[2]!.y - q[0]!.y, 147.5, 0.01), "\(q)")
        #expect(try #require(node(tl, "copy", at: 0.2)).content.image != nil)
    }

    @Test func everyMissingMemberGetsAPlaceholderOfItsDeclaredType() throws {
        do {
            _ = try loadModule("""
            transition: {swift: Zoom, from: a, to: b, kind: present, init: {from: {screen: a}, to: {screen: b}}}
            """, Self.files)
            Issue.record("expected an error")
        } catch {
            let text = "\(error)"
            // All three at once, each with a placeholder of the type the protocol declares, and
            // the screen's key that serves every path to it.
            #expect(text.contains("Zoom.swift:16:20: error: unsupported call 'makeCopy()'"), "\(text)")
            #expect(text.contains("\"source?.makeCopy()\": {view: {frame:"), "\(text)")
            #expect(text.contains("(the code expects a UIView?)"), "\(text)")
            #expect(text.contains("\"source?.originFrame\": [16, 116, 358, 200]"), "\(text)")
            #expect(text.contains("{\"a.originFrame\": [16, 116, 358, 200]}"), "\(text)")
            #expect(text.contains("{\"b.originFrame\": [16, 116, 358, 200]}"), "\(text)")
        }
    }

    @Test func aColourGivenAsTextAnimatesAsThatColour() throws {
        // The app's colour, bound as "#FF0000", is a CABasicAnimation's fromValue: the border
        // starts red and goes to the blue the code sets, half way at 0.2 s (linear).
        let tl = try loadModule("""
        transition: {swift: Ring.swift, bind: {"theme.accent.cgColor": "#FF0000"}}
        """, ["Ring.swift": """
        import UIKit
        final class Ring: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                c.containerView.addSubview(to)
                CATransaction.begin()
                CATransaction.setCompletionBlock { c.completeTransition(true) }
                let ring = CABasicAnimation(keyPath: "borderColor")
                ring.fromValue = theme.accent.cgColor
                ring.toValue = UIColor.blue.cgColor
                ring.duration = 0.4
                to.layer.borderColor = UIColor.blue.cgColor
                to.layer.add(ring, forKey: "ring")
                CATransaction.commit()
            }
        }
        """])
        let start = try #require(tl.sample(layer: "b", keyPath: .borderColor, at: 0))
        let half = try #require(tl.sample(layer: "b", keyPath: .borderColor, at: 0.2))
        #expect(start.prefix(3).map { ($0 * 1000).rounded() / 1000 } == [1, 0, 0], "\(start)")
        #expect(close(half[0], 0.5, 0.01) && close(half[2], 0.5, 0.01), "\(half)")
    }

    /// A 4 × 2 PNG written once for these tests.
    static let picture: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-screen-binding-picture.png").path
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAYAAAB/qH1jAAAAE0lEQVR4nGP8z8DwnwEJMDGgAQA/JwIC6pw8sQAAAABJRU5ErkJggg==")!
        FileManager.default.createFile(atPath: path, contents: png)
        return path
    }()
}
