// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing

/// layer.contentsRect set and animated on a snapshot: the snapshot shows that part of the screen.
struct ContentsRectImportTests {
    @Test func aSnapshotHalfShowsItsSideOfTheScreen() throws {
        let half = """
        import UIKit
        final class Half: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                let snap = to.snapshotView(afterScreenUpdates: true)!
                snap.frame = CGRect(x: 0, y: 0, width: 195, height: 844)
                snap.layer.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1)
                c.containerView.addSubview(snap)
                UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: {
                    snap.layer.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1)
                }) { _ in
                    c.containerView.addSubview(to)
                    snap.removeFromSuperview()
                    c.completeTransition(true)
                }
            }
        }
        """
        let tl = try loadModule("transition: {swift: Half.swift}\n", ["Half.swift": half])
        // The b screen's title is laid out at (20, 50) on the 390-point screen. The left half of
        // the content in a 195-point frame is at scale 1: the title where it was.
        let start = try #require(node(tl, "snap-title", at: 0)).quad
        #expect(close(start[0]!.x, 20) && close(start[0]!.y, 50), "\(start)")
        // At the end the right half shows: the content moved left by 195 points.
        let end = try #require(node(tl, "snap-title", at: 0.399)).quad
        #expect(abs(end[0]!.x - (20 - 195 * 0.9975)) < 0.01, "\(end)")
        // The snapshot clips what lies outside its frame.
        #expect(try #require(DisplayListBuilder.build(tl, time: 0).allNodes.first { $0.id == "snap" }).masksToBounds)
    }
}
