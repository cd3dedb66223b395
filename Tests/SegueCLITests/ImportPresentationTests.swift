// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `segue import` of a bottom-sheet animator: with the default full-screen presentation UIKit
/// removes the presenter at completion, so the import warns and names the key that keeps it;
/// `--presentation-style overFullScreen` gives a scene that ends with the presenter under the sheet.
@Suite struct ImportPresentationTests {
    /// A typical sheet: a dimming view fades in and the sheet springs up 400 pt in 0.5 s; the
    /// from view is never touched.
    static let sheet = """
    import UIKit

    final class SheetPresentAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let container = transitionContext.containerView
            guard let toView = transitionContext.view(forKey: .to) else { return }
            let dimmingView = UIView(frame: container.bounds)
            dimmingView.backgroundColor = UIColor.black.withAlphaComponent(0.4)
            dimmingView.alpha = 0
            container.addSubview(dimmingView)
            let height: CGFloat = 400
            toView.frame = CGRect(x: 0, y: container.bounds.height, width: container.bounds.width, height: height)
            container.addSubview(toView)
            UIView.animate(withDuration: 0.5, animations: {
                dimmingView.alpha = 1
                toView.frame.origin.y = container.bounds.height - height
            }, completion: { finished in
                transitionContext.completeTransition(finished)
            })
        }
    }
    """

    /// The red, green and blue of one pixel of a PNG, read with Pillow.
    static func pixel(_ png: String, _ x: Int, _ y: Int) throws -> [Int] {
        let r = try tool("python3", ["-c", "from PIL import Image; print(*Image.open('\(png)').convert('RGB').getpixel((\(x), \(y))))"])
        return r.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test func aSheetWarnsAndOverFullScreenKeepsThePresenter() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let animator = try box.write("Sheet.swift", Self.sheet)
        let plain = try segue("import", animator, "--from", "list", "--to", "sheet", "-o", box.path("plain.yaml"))
        #expect(plain.status == 0, "\(plain.stderr)")
        // Line 9 creates the dimming view; the transition ends at 0.5 s.
        #expect(plain.stderr.contains("warning: the animator dims the screen behind its view (\(animator):9)"), "\(plain.stderr)")
        #expect(plain.stderr.contains("from 0.5 s the screen behind it is black"), "\(plain.stderr)")
        #expect(plain.stderr.contains("presentationStyle: overFullScreen"), "\(plain.stderr)")

        let kept = try segue("import", animator, "--from", "list", "--to", "sheet", "--presentation-style", "overFullScreen",
                             "-o", box.path("kept.yaml"))
        #expect(kept.status == 0 && !kept.stderr.contains("warning"), "\(kept.stderr)")
        let yaml = try String(contentsOfFile: box.path("kept.yaml"), encoding: .utf8)
        #expect(yaml.contains("presentationStyle: overFullScreen"), "\(yaml)")

        // At the end (1.1 s: the transition plus the hold), 100 pt from the top, above the sheet:
        // black with the default style; the list screen (light) under 40 % black with overFullScreen.
        for (scene, expectBlack) in [("plain", true), ("kept", false)] {
            let png = box.path("\(scene).png")
            let still = try segue("still", box.path("\(scene).yaml"), "--time", "1.1", "--scale", "1", "-o", png)
            #expect(still.status == 0, "\(still.stderr)")
            let rgb = try Self.pixel(png, 195, 100)
            #expect(rgb.count == 3, "\(rgb)")
            if expectBlack {
                #expect(rgb == [0, 0, 0], "\(scene): \(rgb)")
            } else {
                // A light screen under black at 0.4: each channel at least 0.6 × a light grey.
                #expect(rgb.allSatisfy { $0 >= 100 }, "\(scene): \(rgb)")
            }
        }
    }

    @Test func presentationStyleIsRefusedForANavigationKind() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let animator = try box.write("Sheet.swift", Self.sheet)
        let r = try segue("import", animator, "--from", "a", "--to", "b", "--kind", "push", "--presentation-style", "overFullScreen")
        #expect(r.status == 2 && r.stderr.contains("--presentation-style is for --kind present or dismiss"), "\(r.stderr)")
    }
}
