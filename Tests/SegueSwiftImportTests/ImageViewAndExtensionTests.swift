// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing

/// UIImageView and the extension forms real animators use (a convenience initializer of a UIKit
/// type, protocol defaults on the app's view controllers, variadic helpers), and UIKit's additive
/// animations. Expected values are worked out by hand in the comments.
@Suite struct ImageViewAndExtensionTests {
    /// The a screen's navigation bar (0, 0, 390, 100) holds its title at (20, 50), 350 × 44.
    static let copyHeader = """
    import UIKit
    final class CopyHeader: NSObject, UIViewControllerAnimatedTransitioning {
        var header: UIImageView!
        func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
        func animateTransition(using c: UIViewControllerContextTransitioning) {
            c.containerView.addSubview(c.view(forKey: .to)!)
            let copy = UIImageView(image: header.image)
            copy.contentMode = .scaleAspectFill
            copy.clipsToBounds = true
            copy.frame = CGRect(x: 0, y: 200, width: 100, height: 100)
            c.containerView.addSubview(copy)
            UIView.animate(withDuration: 0.4, animations: { copy.frame = CGRect(x: 0, y: 200, width: 390, height: 100) }) { _ in
                c.completeTransition(true)
            }
        }
    }
    """

    @Test func anImageViewShowsABoundLayersContentByItsContentMode() throws {
        let tl = try loadModule("transition: {swift: CopyHeader.swift, bind: {header: {layer: a-nav, frame: [0, 0, 390, 100]}}}\n",
                                ["CopyHeader.swift": Self.copyHeader])
        // Aspect fill of 390 × 100 into 100 × 100: scale max(100/390, 100/100) = 1, centred:
        // the content starts (100 − 390) / 2 = −145 from the view's left edge. The title is at
        // x = −145 + 20 = −125, y = 200 + 50 = 250.
        let start = try #require(node(tl, "copy-content-a-title", at: 0)).quad
        #expect(close(start[0]!.x, -125) && close(start[0]!.y, 250), "\(start)")
        // Half way (ease-in-out at 0.5 is 0.5) the view is 245 wide: the content starts at
        // (245 − 390) / 2 = −72.5, the title at −52.5.
        let mid = try #require(node(tl, "copy-content-a-title", at: 0.2)).quad
        #expect(close(mid[0]!.x, -52.5, 1e-4), "\(mid)")
        // At the end it fits exactly: the title where the screen has it, 350 wide.
        let end = try #require(node(tl, "copy-content-a-title", at: 0.4)).quad
        #expect(close(end[0]!.x, 20) && close(end[1]!.x, 370) && close(end[0]!.y, 250), "\(end)")
    }

    @Test func anImageFromTheSceneSizesItsImageView() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("images"), withIntermediateDirectories: true)
        // A 4 × 2 pixel PNG named @2x is 2 × 1 points, as UIImage measures it.
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAYAAAB/qH1jAAAAE0lEQVR4nGP8z8DwnwEJMDGgAQA/JwIC6pw8sQAAAABJRU5ErkJggg==")!
        try png.write(to: dir.appendingPathComponent("images/dot@2x.png"))
        let source = """
        import UIKit
        final class Show: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let photo = UIImageView(image: UIImage(named: "dot"))
                c.containerView.addSubview(c.view(forKey: .to)!)
                c.containerView.addSubview(photo)
                UIView.animate(withDuration: 0.3, animations: { photo.center = CGPoint(x: 100, y: 100) }) { _ in c.completeTransition(true) }
            }
        }
        """
        try source.write(to: dir.appendingPathComponent("Show.swift"), atomically: true, encoding: .utf8)
        let path = dir.appendingPathComponent("scene.yaml").path
        try """
        canvas: {size: [390, 844], fps: 60}
        screens: {a: {title: A}, b: {title: B}}
        transition: {swift: Show.swift, bind: {"UIImage()": {image: images/dot@2x.png}}}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let scene = try SceneLoader.load(path: path)
        let photo = try #require(scene.allLayers.first { $0.id == "photo" })
        #expect(photo.bounds.size == Size(width: 2, height: 1))
        #expect(photo.contents?.path.hasSuffix("images/dot@2x.png") == true)
        // UIImageView(image:) puts the view at the origin: its centre starts at (1, 0.5).
        let tl = Timeline(scene: scene)
        let q = try #require(node(tl, "photo", at: 0)).quad
        #expect(close(q[0]!.x, 0) && close(q[2]!.x, 2) && close(q[2]!.y, 1), "\(q)")
    }

    @Test func aPropertySetTwiceInOneBlockMovesFromItsValueBeforeTheBlock() throws {
        let source = """
        import UIKit
        final class Twice: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                c.containerView.addSubview(c.view(forKey: .to)!)
                let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                c.containerView.addSubview(card)
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                    card.frame.size = CGSize(width: 200, height: 200)
                    card.center = CGPoint(x: 300, y: 300)
                }) { _ in c.completeTransition(true) }
            }
        }
        """
        let tl = try loadModule("transition: {swift: Twice.swift}\n", ["Twice.swift": source])
        // UIKit's animations add up: the centre goes from (50, 50), its value before the block,
        // to (300, 300), linearly: (175, 175) half way; the size from 100 to 200: 150.
        let mid = try #require(node(tl, "card", at: 0.5)).quad
        #expect(close(mid[0]!.x, 175 - 75) && close(mid[0]!.y, 175 - 75), "\(mid)")
        #expect(close(mid[2]!.x, 175 + 75) && close(mid[2]!.y, 175 + 75), "\(mid)")
    }

    @Test func extensionsOfUIKitTypesAndProtocolDefaultsRun() throws {
        let helpers = """
        import UIKit
        extension UIImageView {
            convenience init(copying base: UIView, frame: CGRect) {
                self.init(frame: .zero)
                backgroundColor = base.backgroundColor
                clipsToBounds = true
                self.frame = frame
            }
        }
        extension UIView {
            func addSubviews(_ views: UIView...) { views.forEach { addSubview($0) } }
        }
        protocol Zoomable {
            var zoomDuration: TimeInterval { get }
            func zoomWillBegin()
        }
        extension Zoomable {
            var zoomDuration: TimeInterval { 0.25 }
            func zoomWillBegin() {}
        }
        """
        let animator = """
        import UIKit
        final class Grow: NSObject, UIViewControllerAnimatedTransitioning {
            let source: Zoomable & UIViewController
            init(source: Zoomable & UIViewController) { self.source = source }
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { source.zoomDuration }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                let tile = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                tile.backgroundColor = .red
                let zoom = UIImageView(copying: tile, frame: CGRect(x: 20, y: 20, width: 40, height: 40))
                source.zoomWillBegin()
                c.containerView.addSubviews(to, zoom)
                UIView.animate(withDuration: source.zoomDuration, animations: { zoom.frame = CGRect(x: 0, y: 0, width: 390, height: 844) }) { _ in
                    zoom.removeFromSuperview()
                    c.completeTransition(true)
                }
            }
        }
        """
        let tl = try loadModule("transition: {swift: ., type: Grow, init: {source: {screen: a}}}\n",
                                ["Grow.swift": animator, "Helpers.swift": helpers])
        // The protocol's default duration, 0.25 s; the view the convenience initializer made, red,
        // at its frame, over the destination (both added by the variadic helper).
        #expect(close(tl.duration, 0.25))
        let zoom = try #require(node(tl, "zoom", at: 0))
        #expect(close(zoom.quad[0]!.x, 20) && close(zoom.quad[2]!.x, 60), "\(zoom.quad)")
        #expect(seenLayers(tl, at: 0).map(\.id).firstIndex(of: "zoom")! > seenLayers(tl, at: 0).map(\.id).firstIndex(of: "b")!)
    }
}

/// CAShapeLayer masks animated with CABasicAnimation(keyPath: "path"), a CAAnimationDelegate
/// completion and a computed property's setter, as circular reveals are written.
@Suite struct ShapeMaskImportTests {
    static let reveal = """
    import UIKit
    class Done: NSObject, CAAnimationDelegate {
        let completion: () -> Void
        init(completion: @escaping () -> Void) { self.completion = completion }
        func animationDidStop(_ anim: CAAnimation, finished: Bool) { completion() }
    }
    final class Reveal: NSObject, UIViewControllerAnimatedTransitioning {
        let animation = CABasicAnimation(keyPath: "path")
        var duration: TimeInterval {
            get { return animation.duration }
            set { animation.duration = newValue }
        }
        func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
        func animateTransition(using c: UIViewControllerContextTransitioning) {
            let to = c.view(forKey: .to)!
            c.containerView.addSubview(to)
            let mask = CAShapeLayer()
            mask.path = CGPath(ellipseIn: CGRect(x: -400, y: -400, width: 1600, height: 1600), transform: nil)
            duration = 0.8
            animation.fromValue = UIBezierPath(ovalIn: CGRect(x: 100, y: 100, width: 0, height: 0)).cgPath
            animation.toValue = mask.path
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            animation.delegate = Done {
                to.layer.mask = nil
                c.completeTransition(true)
            }
            to.layer.mask = mask
            mask.frame = to.bounds
            mask.add(animation, forKey: "reveal")
        }
    }
    """

    /// The mask's path at time t, as the timeline evaluates it.
    func maskPath(_ tl: Timeline, at t: Double) -> ScenePath? {
        func find(_ ls: [LayerState]) -> LayerState? {
            for l in ls { if l.id == "b" { return l }; if let hit = find(l.sublayers) { return hit } }
            return nil
        }
        return find(tl.layers(at: t))?.mask.first?.shape?.path
    }

    @Test func aShapeMaskGrowsAndTheDelegateCompletes() throws {
        let tl = try loadModule("transition: {swift: Reveal.swift}\n", ["Reveal.swift": Self.reveal])
        // The delegate's completion runs when the 0.8 s animation (the setter's duration) ends.
        #expect(close(tl.duration, 0.8))
        // Linear, half way: the oval in (100, 100, 0, 0) → (−400, −400, 1600, 1600) is at
        // (−150, −150, 800, 800); an oval path starts at the right end of its horizontal axis,
        // (650, 250).
        let mid = try #require(maskPath(tl, at: 0.4))
        guard case let .move(start) = mid.elements.first else { Issue.record("\(mid)"); return }
        #expect(close(start.x, 650, 1e-6) && close(start.y, 250, 1e-6), "\(start)")
        // At the start the circle is a point at (100, 100).
        let first = try #require(maskPath(tl, at: 0))
        guard case let .move(p0) = first.elements.first else { Issue.record("\(first)"); return }
        #expect(close(p0.x, 100) && close(p0.y, 100), "\(p0)")
    }
}

/// CAAnimationGroup: its animations run in the group's time.
@Suite struct AnimationGroupImportTests {
    @Test func aGroupGivesItsDurationAndTimingToItsAnimations() throws {
        let source = """
        import UIKit
        final class Pulse: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                c.containerView.addSubview(to)
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0
                fade.toValue = 1
                let grow = CABasicAnimation(keyPath: "transform.scale")
                grow.fromValue = 0.5
                grow.toValue = 1
                grow.beginTime = 0.2
                grow.duration = 0.4
                let group = CAAnimationGroup()
                group.animations = [fade, grow]
                group.duration = 1
                group.timingFunction = CAMediaTimingFunction(name: .linear)
                to.layer.add(group, forKey: nil)
                c.completeTransition(true)
            }
        }
        """
        let tl = try loadModule("transition: {swift: Pulse.swift}\n", ["Pulse.swift": source])
        // The fade takes the group's 1 s: 0.25 at 0.25 s. The scale starts 0.2 s into the group
        // and lasts 0.4 s: at 0.4 s it is half way, 0.75.
        #expect(close(try #require(node(tl, "b", at: 0.25)).opacity, 0.25, 1e-9))
        let q = try #require(node(tl, "b", at: 0.4)).quad
        #expect(close(q[1]!.x - q[0]!.x, 390 * 0.75, 1e-6), "\(q)")
    }
}

/// `shadowPath`, set before the animations and animated with CABasicAnimation.
@Suite struct ShadowPathImportTests {
    @Test func aShadowPathIsSetAndAnimated() throws {
        let source = """
        import UIKit
        final class Lift: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let card = UIView(frame: CGRect(x: 20, y: 100, width: 200, height: 100))
                card.backgroundColor = .white
                card.layer.shadowOpacity = 0.5
                card.layer.shadowPath = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 200, height: 100)).cgPath
                c.containerView.addSubview(c.view(forKey: .to)!)
                c.containerView.addSubview(card)
                let grow = CABasicAnimation(keyPath: "shadowPath")
                grow.toValue = UIBezierPath(rect: CGRect(x: -20, y: -20, width: 240, height: 140)).cgPath
                grow.duration = 1
                card.layer.add(grow, forKey: nil)
                c.completeTransition(true)
            }
        }
        """
        let tl = try loadModule("transition: {swift: Lift.swift}\n", ["Lift.swift": source])
        func path(at t: Double) -> ScenePath? {
            func find(_ ls: [LayerState]) -> LayerState? {
                for l in ls { if l.id == "card" { return l }; if let hit = find(l.sublayers) { return hit } }
                return nil
            }
            return find(tl.layers(at: t))?.shadow.path
        }
        // The rect path starts at its top-left corner: (0, 0), then (−20, −20); linear (Core
        // Animation's default), half way at (−10, −10).
        guard case let .move(p0)? = path(at: 0)?.elements.first, case let .move(p1)? = path(at: 0.5)?.elements.first else {
            Issue.record("no shadow path"); return
        }
        #expect(close(p0.x, 0) && close(p0.y, 0), "\(p0)")
        #expect(close(p1.x, -10) && close(p1.y, -10), "\(p1)")
    }
}
