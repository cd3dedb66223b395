// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SegueScene
@testable import SegueSwiftImport
import Testing
import SeguePresets

/// Code outside the supported surface never guesses: one error at the Swift file's
/// line:column of the construct, naming it, with a hint; never a crash.
@Suite struct UnsupportedCodeTests {
    /// An animator whose line 12 is the snippet under test.
    static func animator(_ snippet: String) -> String {
        """
        import UIKit

        final class Probe: NSObject, UIViewControllerAnimatedTransitioning {
            var neverSet: CGFloat
            func transitionDuration(using ctx: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
            func animateTransition(using ctx: UIViewControllerContextTransitioning) {
                let container = ctx.containerView
                let toView = ctx.view(forKey: .to)!
                let toVC = ctx.viewController(forKey: .to)!
                container.addSubview(toView)
                toView.alpha = 0
                \(snippet)
                UIView.animate(withDuration: 0.3, animations: { toView.alpha = 1 }) { _ in ctx.completeTransition(true) }
            }
        }
        """
    }

    static var request: SwiftImportRequest { SwiftImportRequest(path: "Probe.swift", displayPath: "Animators/Probe.swift", typeName: nil,
                                            from: "list", to: "detail", canvas: Size(width: 390, height: 844)) }

    /// (snippet, the text the error points at — its first occurrence in the snippet —, words the message must contain, kind)
    static let cases: [(String, String, String, SwiftImportError.Kind)] = [
        ("let v = playerVC.targetView", "playerVC", "playerVC", .unknownIdentifier),
        ("let v = toVC.targetView", "toVC.targetView", "targetView", .unknownIdentifier),
        ("let n = neverSet * 2", "neverSet", "neverSet", .unsetProperty),
        ("toView.tintColor = .red", "toView.tintColor", "tintColor", .unsupported),
        ("let r = toView.layer.shadowRadius", "toView.layer.shadowRadius", "shadowRadius", .unsupported),
        ("toView.layer.contentsScale = 2", "toView.layer.contentsScale", "contentsScale", .unsupported),
        ("let w = toView.layoutMargins", "toView.layoutMargins", "layoutMargins", .unsupported),
        ("UIView.transition(with: toView, duration: 0.3, options: .transitionCurlUp, animations: {})", ".transitionCurlUp", "page curl", .unsupported),
        ("UIView.transition(with: toView, duration: 0.3, options: [.transitionCurlDown, .curveEaseIn], animations: {})", "[.transitionCurlDown", "page curl", .unsupported),
        ("UIView.transition(with: toView, duration: 0.3, options: [.transitionFlipFromLeft, .transitionCrossDissolve], animations: {})", "[.transitionFlipFromLeft", "more than one transition option", .invalidValue),
        ("UIView.transition(with: container, duration: 0.3, options: .transitionCrossDissolve, animations: {})", "UIView.transition", "cannot fade between two renderings", .unsupported),
        ("UIView.transition(with: toView, duration: 0.3, options: [], animations: {})", "[]", "without a transition option", .invalidValue),
        ("UIView.transition(from: UIView(), to: toView, duration: 0.3, options: .transitionFlipFromLeft)", "UIView.transition", "not in a superview", .invalidValue),
        ("toView.transform = CGAffineTransform(scaleX: 0.5, y: 0.5); UIView.transition(with: toView, duration: 0.3, options: .transitionFlipFromTop, animations: {})", "UIView.transition", "not the identity", .unsupported),
        ("UIView.transition(with: toView, duration: 0.3, options: [.transitionFlipFromLeft, .repeat], animations: {})", "[.transitionFlipFromLeft", ".repeat", .unsupported),
        ("ctx.updateInteractiveTransition(0.5)", "ctx.updateInteractiveTransition", "updateInteractiveTransition", .unsupported),
        ("let pan = UIPanGestureRecognizer(target: self, action: nil)", "UIPanGestureRecognizer(", "#selector", .invalidValue),
        ("toView.layer.removeAllAnimations()", "toView.layer.removeAllAnimations", "removeAllAnimations", .unsupported),
        ("let label = UILabel()", "UILabel()", "UILabel", .unsupported),
        ("let image = UIImage(named: \"hero\")", "UIImage(named", "UIImage", .binding),
        ("let c = UIColor(named: \"Brand\")", "UIColor(named", "UIColor(named:)", .unsupported),
        ("let vibrancy = UIVibrancyEffect(blurEffect: UIBlurEffect(style: .dark))", "UIVibrancyEffect", "UIVibrancyEffect", .unsupported),
        ("let u = UIPasteboard.general.string", "UIPasteboard", "UIPasteboard", .unknownIdentifier),
        ("OperationQueue.main.addOperation {}", "OperationQueue", "OperationQueue", .unknownIdentifier),
        ("let s = \"frame \\(1)\"", "\\(1)", "interpolation", .unsupported),
        ("let d = undefinedHelper(3)", "undefinedHelper", "undefinedHelper", .unknownIdentifier),
        ("let t = CATransform3DInvert(CATransform3DIdentity)", "CATransform3DInvert(", "CATransform3DInvert", .unsupported),
        ("let t = CATransform3DMakeRotation(.pi, 0, 1)", "CATransform3DMakeRotation(", "CATransform3DMakeRotation(_:_:_:)", .unsupported),
        ("let g = CATransition()", "CATransition()", "CATransition", .unsupported),
        ("let a = CABasicAnimation(keyPath: \"shadowOpacity\"); a.toValue = 1; toView.layer.add(a, forKey: nil)", "toView.layer.add", "shadowOpacity", .unsupported),
        ("let a = CABasicAnimation(keyPath: \"opacity\"); toView.layer.add(a, forKey: nil)", "toView.layer.add", "fromValue, toValue or byValue", .invalidValue),
        ("let a = CABasicAnimation(keyPath: \"opacity\"); a.delegate = self", "a.delegate", "delegate", .unsupported),
        ("ctx.updateInteractiveTransition(0.5)", "ctx.updateInteractiveTransition", "updateInteractiveTransition", .unsupported),
        ("UIView.animate(withDuration: 0.3, delay: 0, options: [.transitionCrossDissolve], animations: {})", "[.transitionCrossDissolve]", "transitionCrossDissolve", .unsupported),
        ("UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {}", "UIView.addKeyframe", "outside UIView.animateKeyframes", .invalidValue),
        ("UIView.animate(withDuration: 0.2) { container.layer.anchorPoint = .zero }", "container.layer.anchorPoint", "anchorPoint", .unsupported),
        ("let p = UIViewPropertyAnimator(duration: 0.3, curve: .easeIn) {}; p.stopAnimation(true)", "p.stopAnimation", "stopAnimation", .unsupported),
        ("toView.transform = CGAffineTransform(scaleX: 2, y: 2); toView.frame = .zero", "toView.frame", "frame while the view's transform is not the identity", .invalidValue),
        ("toView.transform = CGAffineTransform(rotationAngle: 1); let f = toView.frame", "toView.frame", "undefined", .invalidValue),
        ("let r = toView.bounds.divided(atDistance: 10, from: .minXEdge)", "toView.bounds.divided", "divided", .unsupported),
        ("super.animationEnded(true)", "super", "super", .unsupported),
        ("class Local {}", "class Local", "a class declared inside a function", .unsupported),
        ("let d = [\"a\": 1]", "[\"a\": 1]", "a dictionary expression", .unsupported),
        ("Task { await Task.yield() }", "Task", "Task", .unknownIdentifier),
        ("let z = toView.layer.presentation()", "toView.layer.presentation", "presentation", .unsupported),
        // Where the app itself would trap, the import stops with the reason.
        ("let n = Int(Double.nan)", "Int(", "would crash", .invalidValue),
        ("let a = [1, 2][3]", "[1, 2][3]", "out of range", .invalidValue),
        ("let q = 1 / 0", "/", "division by zero", .invalidValue),
        ("let v = toVC.view!; let u: UIView? = nil; u!.alpha = 1", "u!", "nil", .invalidValue),
    ]

    @Test(arguments: 0 ..< cases.count)
    func unsupportedConstructGivesOneLocatedError(_ i: Int) throws {
        let (snippet, target, words, kind) = Self.cases[i]
        let source = Self.animator(snippet)
        do {
            _ = try SwiftAnimatorImporter.importTransition(source: source, Self.request)
            Issue.record("no error for \(snippet)")
        } catch {
            // Line 12 of the file; the column of the construct (the snippet starts at column 9).
            let offset = try #require(snippet.range(of: target)).lowerBound.utf16Offset(in: snippet)
            #expect(error.kind == kind, "\(snippet): \(error)")
            #expect(error.file == "Animators/Probe.swift")
            #expect(error.line == 12 && error.column == 9 + offset, "\(snippet): \(error)")
            #expect(error.message.contains(words), "\(snippet): \(error.message)")
            let hint = try #require(error.hint, "\(snippet) has no hint")
            #expect(!hint.isEmpty)
            #expect(error.description.hasPrefix("Animators/Probe.swift:12:\(9 + offset): error: "))
        }
    }

    @Test func unknownNamesSuggestBind() throws {
        for snippet in ["let v = playerVC.targetView", "let v = toVC.targetView", "let n = neverSet * 2"] {
            #expect(throws: SwiftImportError.self) { try SwiftAnimatorImporter.importTransition(source: Self.animator(snippet), Self.request) }
            do { _ = try SwiftAnimatorImporter.importTransition(source: Self.animator(snippet), Self.request) } catch {
                #expect(error.hint?.contains("bind:") == true, "\(error)")
            }
        }
    }

    @Test func brokenFilesAreLocatedNotCrashed() throws {
        let inputs: [(String, Int)] = [
            ("final class A: NSObject, UIViewControllerAnimatedTransitioning {\n  func animateTransition(using c: UIViewControllerContextTransitioning) {\n    let x = (\n  }\n}\n", 3),
            ("", 1),
            ("struct Nothing {}", 1),
        ]
        for (source, line) in inputs {
            do {
                _ = try SwiftAnimatorImporter.importTransition(source: source, Self.request)
                Issue.record("no error for \(source)")
            } catch {
                #expect(error.line == line, "\(error)")
                #expect(error.hint != nil)
            }
        }
        // Recursion that never ends stops with a message, not a stack overflow.
        let recursive = Self.animator("loop(1)").replacingOccurrences(of: "    var neverSet: CGFloat", with: "    func loop(_ n: Int) { loop(n + 1) }")
        #expect(throws: SwiftImportError.self) { try SwiftAnimatorImporter.importTransition(source: recursive, Self.request) }
    }

    /// Through the scene loader: the Swift file's place, the scene error's kind, no partial scene.
    @Test func sceneReportsTheSwiftFilesLocation() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Self.animator("toView.tintColor = .red").write(to: dir.appendingPathComponent("Probe.swift"), atomically: true, encoding: .utf8)
        let yaml = """
        canvas: {size: [390, 844]}
        screens: {list: {title: "List"}, detail: {title: "Detail"}}
        transition: {swift: Probe.swift, from: list, to: detail}
        """
        try yaml.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try SceneLoader.load(path: dir.appendingPathComponent("s.yaml").path)
            Issue.record("loaded")
        } catch {
            #expect(error.location?.file.hasSuffix("/Probe.swift") == true)
            #expect(error.location?.line == 12 && error.location?.column == 9)
            #expect(error.description.contains("error: setting 'tintColor' of UIView is not supported"))
        }
    }

    /// Hostile files: an expression of 100,000 terms, a 20,000-branch else-if chain (the parser
    /// recurses per branch): an error or a scene, never a crash.
    @Test func hostileFilesDoNotCrash() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        func load(_ body: String) throws -> Result<Void, SceneError> {
            let swift = "final class A: NSObject, UIViewControllerAnimatedTransitioning {\n  func animateTransition(using c: UIViewControllerContextTransitioning) {\n    \(body)\n  }\n}\n"
            try swift.write(to: dir.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
            let yaml = "canvas: {size: [390, 844]}\nscreens: {a: {title: A}, b: {title: B}}\ntransition: {swift: A.swift}\n"
            try yaml.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
            do { _ = try SceneLoader.load(path: dir.appendingPathComponent("s.yaml").path); return .success(()) } catch { return .failure(error) }
        }
        guard case let .failure(long) = try load("let x = " + Array(repeating: "1", count: 100_000).joined(separator: " + ")) else {
            Issue.record("no error for 99,999 operators"); return
        }
        #expect(long.description.contains("A.swift:3:13: error: this expression has 99999 operators"))
        let chain = "if false {} " + Array(repeating: "else if false {}", count: 20_000).joined(separator: " ")
        if case let .failure(e) = try load(chain) { Issue.record("\(e)") }
    }
}
