// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing

/// CAGradientLayer made in an animator: its keys reach the scene's layer, and its animations
/// the scene's animations.
struct GradientImportTests {
    static let shade = """
    import UIKit
    final class Shade: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }
        func animateTransition(using c: UIViewControllerContextTransitioning) {
            let to = c.view(forKey: .to)!
            c.containerView.addSubview(to)
            let shade = CAGradientLayer()
            shade.frame = CGRect(x: 0, y: 0, width: 390, height: 400)
            shade.colors = [UIColor.black.withAlphaComponent(0.6).cgColor, UIColor.clear.cgColor]
            shade.locations = [0, 0.5]
            shade.startPoint = CGPoint(x: 0, y: 0.5)
            shade.endPoint = CGPoint(x: 1, y: 0.5)
            shade.type = .radial
            to.layer.insertSublayer(shade, at: 0)
            let slide = CABasicAnimation(keyPath: "locations")
            slide.fromValue = [0, 0.5]
            slide.toValue = [0.5, 1]
            slide.duration = 0.5
            shade.add(slide, forKey: "slide")
            UIView.animate(withDuration: 0.5, animations: { shade.colors = [UIColor.red.cgColor, UIColor.blue.cgColor] }) { _ in
                c.completeTransition(true)
            }
        }
    }
    """

    @Test func aGradientLayerAndItsAnimationsArrive() throws {
        let tl = try loadModule("transition: {swift: Shade.swift}\n", ["Shade.swift": Self.shade])
        let start = try #require(DisplayListBuilder.build(tl, time: 0).allNodes.first { $0.gradient != nil })
        let g = try #require(start.gradient)
        #expect(g.colors == [RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.6), .clear])
        #expect(g.locations == [0, 0.5])
        #expect(g.startPoint == Point(x: 0, y: 0.5) && g.endPoint == Point(x: 1, y: 0.5) && g.type == .radial)
        #expect(start.bounds.size == Size(width: 390, height: 400))
        // Half way through the linear CABasicAnimation the locations are half way: [0.25, 0.75];
        // the UIView block's colours are half way (linear in premultiplied sRGB) too.
        let mid = try #require(DisplayListBuilder.build(tl, time: 0.25).allNodes.first { $0.id == start.id }?.gradient)
        #expect(mid.locations.map { $0.map { ($0 * 1e9).rounded() / 1e9 } } == [0.25, 0.75])
        let end = try #require(DisplayListBuilder.build(tl, time: 0.5).allNodes.first { $0.id == start.id }?.gradient)
        #expect(end.colors == [RGBAColor(red: 1, green: 0, blue: 0), RGBAColor(red: 0, green: 0, blue: 1)])
    }

    @Test func badGradientValuesAreReportedAtTheirLine() throws {
        let bad = Self.shade.replacingOccurrences(of: "shade.locations = [0, 0.5]", with: "shade.locations = [0, 1.5]")
        #expect(throws: (any Error).self) { try loadModule("transition: {swift: Shade.swift}\n", ["Shade.swift": bad]) }
        do {
            _ = try loadModule("transition: {swift: Shade.swift}\n", ["Shade.swift": bad])
        } catch {
            #expect("\(error)".contains("Shade.swift:10:"), "\(error)")
            #expect("\(error)".contains("locations go from 0 to 1"), "\(error)")
        }
    }
}
