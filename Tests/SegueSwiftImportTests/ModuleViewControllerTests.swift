// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing

/// A library's own view controller as a screen: the animator casts the presented controller to
/// the module's UIViewController subclass and calls its methods, which run as code on the
/// screen, with the views its init and viewDidLoad made given by the scene. Expected values are
/// worked out by hand.
@Suite struct ModuleViewControllerTests {
    static let viewer = """
    import UIKit
    class Viewer: UIViewController {
        var dimView: UIView
        var thumb: UIView?
        var showsDim = true
        private(set) var grown = 0
        func grow() {
            if showsDim { dimView.alpha = 1 }
            grown += 1
            thumb?.isHidden = true
            setNeedsStatusBarAppearanceUpdate()
        }
        func fitted(_ aspect: CGSize) -> CGRect { AVMakeRect(aspectRatio: aspect, insideRect: view.bounds) }
    }
    """

    static let animator = """
    import UIKit
    final class Anim: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
        func animateTransition(using c: UIViewControllerContextTransitioning) {
            let to = c.viewController(forKey: .to)!
            c.containerView.addSubview(to.view)
            guard let viewer = to as? Viewer else { fatalError() }
            viewer.dimView.frame = viewer.fitted(CGSize(width: 3, height: 2))
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { viewer.grow() }) { _ in
                c.completeTransition(viewer.grown == 1)
            }
        }
    }
    """

    /// Screen a shows a red thumbnail of the app's; screen b is a clear view holding a black
    /// dimming view at alpha 0 (as the viewer's viewDidLoad leaves it).
    static let screens = """
    canvas: {size: [390, 844], fps: 60}
    screens:
      a: {title: A, layers: [{id: a-thumb, frame: [16, 116, 100, 100], backgroundColor: "#FF0000"}]}
      b: {background: "#00000000", layers: [{id: b-dim, frame: [0, 0, 390, 844], backgroundColor: "#000000", opacity: 0}]}

    """

    func load(_ yaml: String) throws -> Timeline {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-viewer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Self.viewer.write(to: dir.appendingPathComponent("Viewer.swift"), atomically: true, encoding: .utf8)
        try Self.animator.write(to: dir.appendingPathComponent("Anim.swift"), atomically: true, encoding: .utf8)
        let path = dir.appendingPathComponent("scene.yaml").path
        try (Self.screens + yaml).write(toFile: path, atomically: true, encoding: .utf8)
        return Timeline(scene: try SceneLoader.load(path: path))
    }

    static let transition = """
    transition: {swift: ., type: Anim, from: a, to: b, kind: present, presentationStyle: overFullScreen,
      bind: {b.dimView: {layer: b-dim}, b.thumb: {layer: a-thumb}}}
    """

    @Test func theModulesViewControllerMethodsRunOnTheScreen() throws {
        let tl = try load(Self.transition)
        // AVMakeRect: 3:2 inside 390 × 844 is 390 × 260 (the width limits), centred: y = (844 − 260) / 2.
        let q = try #require(node(tl, "b-dim", at: 0.5)).quad
        #expect(close(q[0]!.x, 0) && close(q[0]!.y, 292) && close(q[2]!.x, 390) && close(q[2]!.y, 552), "\(q)")
        // The scene's alpha 0 is where the block's change starts: linear to 1, 0.5 half way.
        #expect(close(try #require(node(tl, "b-dim", at: 0.5)).opacity, 0.5, 1e-9))
        // isHidden is not animatable: the thumbnail goes at once, though it is set inside the block.
        #expect(!seenLayers(tl, at: 0).contains { $0.id == "a-thumb" })
        // `grown` counted the one call, so the transition completed and the viewer stays.
        #expect(close(try #require(node(tl, "b-dim", at: 1)).opacity, 1, 1e-9))
    }

    @Test func aViewTheAppMadeAndTheSceneDoesNotGiveIsNamedWithItsBind() throws {
        do {
            _ = try load("transition: {swift: ., type: Anim, from: a, to: b, kind: present, presentationStyle: overFullScreen, bind: {b.thumb: {layer: a-thumb}}}\n")
            Issue.record("no error")
        } catch let e as SceneError {
            // Anim.swift line 8 reads viewer.dimView; the hint names the screen-qualified bind.
            #expect(e.description.contains("Anim.swift:8:"), "\(e)")
            #expect(e.description.contains("'dimView' of Viewer is read but never set"), "\(e)")
            #expect(e.description.contains("\"b.dimView\": {layer: b-1}"), "\(e)")
        }
    }

    @Test func aScreensOwnLayersTakeTheTimelineStepsPrefix() throws {
        let tl = try load("timeline:\n  - hold: 0.5\n  - " + Self.transition.replacingOccurrences(of: "\n", with: "\n    ") + "\n")
        // The transition's layers are s1-… (a hold makes none): the dimming view is half way
        // through its 1 s fade at 1.0 s, after the 0.5 s hold.
        #expect(close(try #require(node(tl, "s1-b-dim", at: 1.0)).opacity, 0.5, 1e-9))
        #expect(node(tl, "b-dim", at: 1.0) == nil)
    }
}
