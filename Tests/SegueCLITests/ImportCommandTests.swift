// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `segue import`: a starter scene around a Swift animator.
@Suite struct ImportCommandTests {
    @Test func writesASceneThatPlaysTheAnimator() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let animator = packageRoot.appendingPathComponent("scenes/Animators/FlipPresent.swift").path
        let scene = box.path("scenes/flip.yaml")
        try FileManager.default.createDirectory(atPath: box.path("scenes"), withIntermediateDirectories: true)
        let r = try segue("import", animator, "--from", "feed", "--to", "post", "-o", scene)
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: scene, encoding: .utf8)
        // The Swift file is named relative to the scene's folder, and the screens are the ones asked for.
        #expect(text.contains("transition: {swift: "))
        #expect(text.contains("feed:") && text.contains("post:"))
        // It renders as it is: the flip lasts 0.72 s, then the hold of 0.6 s.
        let dump = try segue("dump", scene, "--frames", "0")
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(dump.stdout.contains("\"duration\": 1.3199999999999998") || dump.stdout.contains("\"duration\": 1.32,"))  // 0.72 + 0.6
        // A second import never replaces the first.
        let again = try segue("import", animator, "--from", "feed", "--to", "post", "-o", scene)
        #expect(again.status == 1 && again.stderr.contains("already exists"))
    }

    @Test func initAndBindPlaceholdersLetItRenderWithNoEdit() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let swift = try box.write("Slide.swift", """
        import UIKit
        enum Edge { case left, right }
        final class Slide: NSObject, UIViewControllerAnimatedTransitioning {
            let duration: TimeInterval
            let edge: Edge
            init(duration: TimeInterval, edge: Edge) { self.duration = duration; self.edge = edge }
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { duration }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                c.containerView.addSubview(to)
                AppTheme.prepare(to)
                to.frame.origin.x = edge == .left ? -to.bounds.width : to.bounds.width
                to.alpha = AppTheme.startAlpha
                UIView.animate(withDuration: duration, animations: { to.frame.origin.x = 0; to.alpha = 1 }) { _ in c.completeTransition(true) }
            }
        }
        """)
        let scene = box.path("slide.yaml")
        let r = try segue("import", swift, "--from", "list", "--to", "detail", "-o", scene)
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: scene, encoding: .utf8)
        // The initializer's parameters, each with a value of its type; the enum's cases listed.
        #expect(text.contains("duration: 0.5"), "\(text)")
        #expect(text.contains("edge: left") && text.contains("one of left, right"), "\(text)")
        // Every name from the app, at once: a Void call as null, a value with a placeholder.
        #expect(text.contains("\"AppTheme.prepare()\": null"), "\(text)")
        #expect(text.contains("\"AppTheme.startAlpha\": 0.3"), "\(text)")
        // And it renders as written: 0.5 s of slide, then the hold.
        let dump = try segue("dump", scene, "--frames", "0")
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(dump.stdout.contains("\"duration\": 1.1"), "\(dump.stdout.prefix(300))")
    }

    @Test func aParameterOfTheAppsTypeTakesTheCaseItsSwitchMatchesAndAProtocolItsModulesAdopter() throws {
        // Style is the app's (not in the file): its placeholder is null until the switch names its
        // cases, and the first (.fade) fills it. Settings is the one struct that adopts Config.
        let box = try Sandbox()
        defer { box.remove() }
        let swift = try box.write("Alert.swift", """
        import UIKit
        protocol Config { var duration: TimeInterval { get } }
        struct Settings: Config { var duration: TimeInterval = 0.4 }
        final class Alert: NSObject, UIViewControllerAnimatedTransitioning {
            let style: Style
            let config: Config
            init(style: Style, config: Config) { self.style = style; self.config = config }
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { config.duration }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                c.containerView.addSubview(to)
                switch style {
                case .fade: to.alpha = 0
                case .slide: to.frame.origin.y = to.bounds.height
                }
                UIView.animate(withDuration: config.duration, animations: { to.alpha = 1; to.frame.origin.y = 0 }) { _ in c.completeTransition(true) }
            }
        }
        """)
        let scene = box.path("alert.yaml")
        let r = try segue("import", swift, "--from", "list", "--to", "detail", "-o", scene)
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: scene, encoding: .utf8)
        #expect(text.contains("style: fade"), "\(text)")
        #expect(text.contains("config: {type: Settings}"), "\(text)")
        // Settings' 0.4 s, then the starter's 0.6 s hold.
        let dump = try segue("dump", scene, "--frames", "0")
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(dump.stdout.contains("\"duration\": 1"), "\(dump.stdout.prefix(300))")
    }

    @Test func anAppValueComparedWithACaseIsGivenThatCase() throws {
        // `root.state == .expanded` and `switch root.mode { case .light … }`: the app's values are
        // enums the file does not declare; their placeholders are the cases the code names, so the
        // starter scene checks as written (0.3 would not compare with a case).
        let box = try Sandbox()
        defer { box.remove() }
        let swift = try box.write("Fold.swift", """
        import UIKit
        final class Fold: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                c.containerView.addSubview(to)
                let root = c.viewController(forKey: .from)!
                to.alpha = root.state == .expanded ? 0 : 0.5
                switch root.mode {
                case .light: to.alpha = 0
                case .dark: to.alpha = 0.2
                }
                UIView.animate(withDuration: 0.5, animations: { to.alpha = 1 }) { _ in c.completeTransition(true) }
            }
        }
        """)
        let scene = box.path("fold.yaml")
        let r = try segue("import", swift, "--from", "list", "--to", "detail", "-o", scene)
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: scene, encoding: .utf8)
        #expect(text.contains("\"root.state\": expanded"), "\(text)")
        #expect(text.contains("\"root.mode\": light"), "\(text)")
        let check = try segue("check", scene)
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func anInteractionControllersFileDrivesTheModulesAnimator() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try FileManager.default.createDirectory(atPath: box.path("Zoom"), withIntermediateDirectories: true)
        _ = try box.write("Zoom/Types.swift", """
        import UIKit
        typealias Seconds = TimeInterval
        protocol ZoomSource {}
        extension ZoomSource {
            func zoom(_ animations: @escaping () -> Void, done: @escaping () -> Void) {
                UIView.animate(withDuration: 0.4, animations: animations) { _ in done() }
            }
        }
        """)
        _ = try box.write("Zoom/ZoomPop.swift", """
        import UIKit
        final class ZoomPop: NSObject, UIViewControllerAnimatedTransitioning {
            let source: ZoomSource & UIViewController
            let pause: Seconds
            var tiles: [UIView] = []
            init(source: ZoomSource & UIViewController, pause: Seconds) { self.source = source; self.pause = pause }
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let from = c.view(forKey: .from)!, to = c.view(forKey: .to)!
                c.containerView.insertSubview(to, belowSubview: from)
                for tile in source.visibleTiles { tile.alpha = 0 }
                source.zoom({ from.alpha = 0 }) { c.completeTransition(!c.transitionWasCancelled) }
            }
        }
        """)
        let controller = try box.write("Zoom/EdgePop.swift", """
        import UIKit
        final class EdgePop: UIPercentDrivenInteractiveTransition {
            @objc func pan(_ g: UIScreenEdgePanGestureRecognizer) {
                let p = g.translation(in: g.view).x / 390
                switch g.state {
                case .changed: update(p)
                case .ended: p > 0.3 ? finish() : cancel()
                default: break
                }
            }
        }
        """)
        let scene = box.path("pop.yaml")
        let r = try segue("import", controller, "--from", "detail", "--to", "list", "-o", scene)
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: scene, encoding: .utf8)
        // The module's one animator, driven by the file's controller with a finger to edit.
        #expect(text.contains("type: ZoomPop") && text.contains("interactive: EdgePop") && text.contains("gesture: {type: screenEdgePan"), "\(text)")
        // A protocol of the module is a screen that adopts it; an alias of TimeInterval a number;
        // a plural collection a list.
        #expect(text.contains("source: {screen: detail}") && text.contains("pause: 1   # TimeInterval"), "\(text)")
        #expect(text.contains("\"source.visibleTiles\": []"), "\(text)")
        // It renders with no edit: the default swipe (278 of 390 pt) finishes the pop.
        let check = try segue("check", scene)
        #expect(check.status == 0 && !check.stderr.contains("warning"), "\(check.stderr)")
    }

    @Test func unsupportedCodeFailsAtItsSwiftLine() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let swift = try box.write("Bad.swift", """
        import UIKit
        class Bad: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let v = c.view(forKey: .to)!
                v.layer.contentsScale = 2
            }
        }
        """)
        let r = try segue("import", swift, "--from", "a", "--to", "b", "-o", box.path("s.yaml"))
        #expect(r.status == 1)
        #expect(r.stderr.contains("Bad.swift:6:9: error: setting 'contentsScale' of CALayer is not supported"), "\(r.stderr)")
        #expect(r.stderr.contains("hint: "))
        #expect(!FileManager.default.fileExists(atPath: box.path("s.yaml")))
    }
    /// An animator beside other Swift files (where nearly every real one lives): the folder is
    /// read as its module, whether the scene goes beside it, to standard output from inside the
    /// folder, or elsewhere, and the scene renders.
    @Test func importsAnAnimatorBesideOtherSwiftFiles() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let swift = try box.write("Fade.swift", """
        import UIKit
        final class Fade: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                c.containerView.addSubview(to)
                to.alpha = 0
                UIView.animate(withDuration: 0.4, animations: { to.alpha = 1 }) { _ in c.completeTransition(true) }
            }
        }
        """)
        _ = try box.write("Foo.swift", "struct Foo {}\n")
        // The scene beside the animator: the module is the scene's own folder.
        let beside = box.path("fade.yaml")
        let r = try segue("import", swift, "--from", "list", "--to", "detail", "-o", beside)
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: beside, encoding: .utf8)
        #expect(text.contains("swift: ."), "\(text)")
        // It renders: 0.4 s of fade, then the hold of 0.6 s.
        let dump = try segue("dump", beside, "--frames", "0")
        #expect(dump.status == 0, "\(dump.stderr)")
        #expect(dump.stdout.contains("\"duration\": 1,") || dump.stdout.contains("\"duration\": 1.0"), "\(dump.stdout.prefix(400))")
        // To standard output, run from inside the folder.
        let here = try segue("import", "Fade.swift", "--from", "list", "--to", "detail", cwd: URL(fileURLWithPath: box.path("")))
        #expect(here.status == 0, "\(here.stderr)")
        #expect(here.stdout.contains("swift: ."), "\(here.stdout)")
        // And into another folder: the module's folder, relative to the scene.
        try FileManager.default.createDirectory(atPath: box.path("scenes"), withIntermediateDirectories: true)
        let elsewhere = box.path("scenes/fade.yaml")
        let e = try segue("import", swift, "--from", "list", "--to", "detail", "-o", elsewhere)
        #expect(e.status == 0, "\(e.stderr)")
        #expect(try String(contentsOfFile: elsewhere, encoding: .utf8).contains("swift: .."))
        #expect(try segue("dump", elsewhere, "--frames", "0").status == 0)
    }
}
