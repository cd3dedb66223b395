// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing
@testable import SegueSwiftImport

/// UIVisualEffectView with UIBlurEffect made in an animator: the effect reaches the scene's
/// layer, and setting it in an animation block animates the blur.
struct BlurImportTests {
    static let sheet = """
    import UIKit
    final class Frost: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
        func animateTransition(using c: UIViewControllerContextTransitioning) {
            let to = c.view(forKey: .to)!
            let frost = UIVisualEffectView(effect: nil)
            frost.frame = c.containerView.bounds
            c.containerView.addSubview(frost)
            let bar = UIVisualEffectView(effect: UIBlurEffect(style: .dark))
            bar.frame = CGRect(x: 0, y: 744, width: 390, height: 100)
            let label = UIView(frame: CGRect(x: 20, y: 20, width: 100, height: 20))
            label.backgroundColor = .white
            bar.contentView.addSubview(label)
            c.containerView.addSubview(bar)
            UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: {
                frost.effect = UIBlurEffect(style: .systemMaterial)
            }) { _ in
                c.containerView.addSubview(to)
                c.completeTransition(true)
            }
        }
    }
    """

    @Test func effectViewsAndAnAnimatedEffectArrive() throws {
        let tl = try loadModule("transition: {swift: Frost.swift}\n", ["Frost.swift": Self.sheet])
        let nodes = DisplayListBuilder.build(tl, time: 0).allNodes.filter { $0.blur != nil }
        let dark = BlurStyle.dark.effect, material = BlurStyle.systemMaterial.effect
        let bar = try #require(nodes.first { $0.blur == dark })
        let frost = try #require(nodes.first { $0.blur == BlurEffect.none })
        // The contentView's subview is the effect view's sublayer, drawn above the effect.
        #expect(bar.children.count == 1 && bar.children[0].content.backgroundColor == RGBAColor(red: 1, green: 1, blue: 1))
        // Linear over 0.4 s: half way the radius and saturation are half way from none.
        let mid = try #require(DisplayListBuilder.build(tl, time: 0.2).allNodes.first { $0.id == frost.id }?.blur)
        #expect(abs(mid.radius - material.radius / 2) < 1e-9 && abs(mid.saturation - (1 + material.saturation) / 2) < 1e-9)
        let end = try #require(DisplayListBuilder.build(tl, time: 0.4).allNodes.first { $0.id == frost.id }?.blur)
        #expect(end == material)
    }

    @Test func theImportersStylesAreTheScenes() {
        #expect(Set(Evaluator.blurStyles) == Set(BlurStyle.allCases.map(\.rawValue)))
    }

    @Test func aBadStyleIsReportedAtItsLine() {
        let bad = Self.sheet.replacingOccurrences(of: "style: .dark", with: "style: .sepia")
        do {
            _ = try loadModule("transition: {swift: Frost.swift}\n", ["Frost.swift": bad])
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("Frost.swift:9:"), "\(error)")
            #expect("\(error)".contains(".sepia"), "\(error)")
        }
    }
}
