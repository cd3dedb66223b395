// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene
import SegueTimeline
import Testing

/// Reference timing: the cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1),
/// (x2, y2), as CAMediaTimingFunction defines it; y at time x, by bisection on the curve
/// parameter (independent of Segue's solver).
func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func cubic(_ a: Double, _ b: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s }
    var lo = 0.0, hi = 1.0
    for _ in 0 ..< 200 { let mid = (lo + hi) / 2; if cubic(x1, x2, mid) < x { lo = mid } else { hi = mid } }
    return cubic(y1, y2, (lo + hi) / 2)
}
/// The time x at which the curve reaches progress y.
func bezierTime(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, reaching y: Double) -> Double {
    var lo = 0.0, hi = 1.0
    for _ in 0 ..< 200 { let mid = (lo + hi) / 2; if bezier(x1, y1, x2, y2, at: mid) < y { lo = mid } else { hi = mid } }
    return (lo + hi) / 2
}

let twoScreens = """
canvas: {size: [390, 844], fps: 60}
screens:
  list: {title: "List", content: [{row: "One"}, {row: "Two"}]}
  detail: {title: "Detail", background: "#FFFFFF", content: [{label: "Hello"}]}

"""

/// Each fixture animator (Tests/SegueSwiftImportTests/Animators), imported and evaluated by the
/// real pipeline, against values worked out by hand from Apple's documented semantics.
@Suite struct FixtureAnimatorTests {
    func value(_ timeline: Timeline, _ layer: String, _ key: AnimatableKeyPath, _ t: Double) throws -> [Double] {
        try #require(timeline.sample(layer: layer, keyPath: key, at: t), "\(layer).\(key.rawValue)")
    }

    @Test func crossDissolveIsLinear() throws {
        let tl = try scene(twoScreens + "transition: {swift: CrossDissolve.swift, from: list, to: detail}", animators: ["CrossDissolve.swift"])
        // UIView.animate(withDuration: 0.35, options: .curveLinear): alpha 0 → 1 and 1 → 0 linearly.
        #expect(close(tl.duration, 0.35))
        #expect(close(try value(tl, "detail", .opacity, 0)[0], 0))
        #expect(close(try value(tl, "detail", .opacity, 0.1)[0], 0.1 / 0.35))     // 0.285714…
        #expect(close(try value(tl, "detail", .opacity, 0.175)[0], 0.5))
        #expect(close(try value(tl, "list", .opacity, 0.175)[0], 0.5))
        #expect(close(try value(tl, "detail", .opacity, 0.35)[0], 1))
        // The completion block (at 0.35 s) puts the old screen's alpha back to 1.
        #expect(close(try value(tl, "list", .opacity, 0.3)[0], 1 - 0.3 / 0.35))
        let after = Timeline(scene: tl.scene)
        #expect(close(try value(after, "list", .opacity, 0.35 + 0.002)[0], 1))
    }

    @Test func slideOverEasesOutUnderADimmingView() throws {
        let tl = try scene(twoScreens + "transition: {swift: SlideOver.swift, from: list, to: detail}", animators: ["SlideOver.swift"])
        // The detail screen starts one screen height down: frame (0, 844, 390, 844), centre y = 844 + 422 = 1266,
        // and ends at centre y = 422. .curveEaseOut is the Bézier (0, 0, 0.58, 1).
        #expect(close(try value(tl, "detail", .positionY, 0)[0], 1266))
        for t in [0.1, 0.2, 0.3] {
            let p = bezier(0, 0, 0.58, 1, at: t / 0.4)
            #expect(close(try value(tl, "detail", .positionY, t)[0], 1266 - 844 * p, 1e-5), "t = \(t)")
            // The dimming view: alpha 0 → 0.4 on the same curve.
            #expect(close(try value(tl, "dimmingView", .opacity, t)[0], 0.4 * p, 1e-6), "t = \(t)")
        }
        #expect(close(try value(tl, "detail", .positionY, 0.4)[0], 422))
        // The dimming view covers the container, black; the sheet's corners are rounded.
        let dim = try #require(node(tl, "dimmingView", at: 0.2))
        #expect(dim.bounds.width == 390 && dim.bounds.height == 844)
        #expect(dim.content.backgroundColor.red == 0 && dim.content.backgroundColor.alpha == 1)
        #expect(try value(tl, "detail", .cornerRadius, 0)[0] == 12)
        // Paint order: list, dimming view, then the sheet on top.
        let order = DisplayListBuilder.build(tl, time: 0.2).roots[0].children.map(\.id)
        #expect(order == ["list", "dimmingView", "detail"])
    }

    @Test func zoomToDetailSpringsFromTheTappedCell() throws {
        let tl = try scene(twoScreens + "transition: {swift: ZoomToDetail.swift, from: list, to: detail, init: {originFrame: [16, 116, 358, 200]}}",
                           animators: ["ZoomToDetail.swift"])
        // At 0: centre at the cell's centre (195, 216), scaled by (358/390, 200/844): the
        // screen covers exactly the cell, (16, 116) to (374, 316).
        let start = try #require(node(tl, "detail", at: 0))
        let q0 = start.quad.compactMap { $0 }
        #expect(close(q0[0].x, 16) && close(q0[0].y, 116) && close(q0[2].x, 374) && close(q0[2].y, 316), "\(q0)")
        // The spring (0.6 s, damping ratio 0.8) ends on the full screen.
        let end = try #require(node(tl, "detail", at: 0.6))
        let q1 = end.quad.compactMap { $0 }
        #expect(close(q1[0].x, 0, 1e-4) && close(q1[0].y, 0, 1e-4) && close(q1[2].x, 390, 1e-4) && close(q1[2].y, 844, 1e-4), "\(q1)")
        // The corner radius: 20 until 0.1 s, then .curveEaseIn (0.42, 0, 1, 1) to 0 over 0.2 s.
        #expect(try value(tl, "detail", .cornerRadius, 0.05)[0] == 20)
        #expect(close(try value(tl, "detail", .cornerRadius, 0.2)[0], 20 * (1 - bezier(0.42, 0, 1, 1, at: 0.5))))
        #expect(close(try value(tl, "detail", .cornerRadius, 0.3)[0], 0))
        #expect(close(tl.duration, 0.6))
    }

    func cardScene(_ timing: String) throws -> Timeline {
        try scene(twoScreens + "transition: {swift: CardExpand.swift, from: list, to: detail, init: {timing: \(timing)}}", animators: ["CardExpand.swift"])
    }

    @Test func cardExpandPropertyAnimatorWithCurveAndDelayFactor() throws {
        let tl = try cardScene("curve")
        // startAnimation(afterDelay: 0.1), 0.6 s, .easeInOut: the card from (20, 300, 350, 200)
        // to the container (0, 0, 390, 844) over 0.1 … 0.7 s. At 0.4 s (half the time) the
        // symmetric ease-in-out curve is at exactly half: centre (195, 411), size 370 × 522.
        #expect(close(try value(tl, "card", .position, 0.1)[1], 400))
        let mid = try value(tl, "card", .position, 0.4)
        #expect(close(mid[0], 195) && close(mid[1], 411), "\(mid)")
        let size = try value(tl, "card", .boundsSize, 0.4)
        #expect(close(size[0], 370) && close(size[1], 522), "\(size)")
        #expect(close(try value(tl, "card", .cornerRadius, 0.4)[0], 8))
        // addAnimations(_:delayFactor: 0.5): the caption starts 0.5 × 0.6 = 0.3 s after the
        // animator's start (0.4 s) and ends with it (0.7 s); half-way at 0.55 s.
        #expect(try value(tl, "caption", .opacity, 0.39)[0] == 0)
        #expect(close(try value(tl, "caption", .opacity, 0.55)[0], 0.5))
        #expect(close(try value(tl, "caption", .opacity, 0.7)[0], 1))
        // The completion (position == .end) ends the transition at 0.7 s.
        #expect(close(tl.duration, 0.7))
    }

    @Test func cardExpandControlPoints() throws {
        let tl = try cardScene("controlPoints")
        // controlPoint1 (0.2, 0), controlPoint2 (0, 1): y = 400 + 22 × bezier(0.2, 0, 0, 1) at (t − 0.1) / 0.6.
        for t in [0.2, 0.4, 0.6] {
            let p = bezier(0.2, 0, 0, 1, at: (t - 0.1) / 0.6)
            #expect(close(try value(tl, "card", .positionY, t)[0], 400 + 22 * p, 1e-5), "t = \(t)")
        }
    }

    @Test func cardExpandSprings() throws {
        // dampingRatio 0.7 over 0.6 s: starts at the card, ends on the container at 0.7 s.
        let spring = try cardScene("spring")
        #expect(close(try value(spring, "card", .positionY, 0.1)[0], 400))
        #expect(close(try value(spring, "card", .positionY, 0.7)[0], 422, 1e-3))
        // An underdamped spring passes its end value before it settles.
        let ys = stride(from: 0.1, through: 0.7, by: 0.01).map { (try? value(spring, "card", .positionY, $0)[0]) ?? 0 }
        #expect(ys.contains { $0 > 422 + 0.01 })
        // UISpringTimingParameters(mass: 1, stiffness: 200, damping: 20): ζ = 20 / (2√200) = 0.707,
        // ω₀ = √200 = 14.14; the animator's duration is ignored (Apple). By the time the spring has
        // settled the card is at its end; at 0.1 s it has not moved.
        let physical = try cardScene("springParameters")
        #expect(close(try value(physical, "card", .positionY, 0.1)[0], 400))
        #expect(close(try value(physical, "card", .positionY, physical.duration)[0], 422, 0.05))
    }

    @Test func keyframeFlipTurnsInTwoHalves() throws {
        let tl = try scene(twoScreens + "transition: {swift: KeyframeCardFlip.swift, from: list, to: detail}", animators: ["KeyframeCardFlip.swift"])
        // animateKeyframes over 0.8 s with the group's default ease-in-out (0.42, 0, 0.58, 1),
        // .calculationModeLinear: the front turns 0 → −90° in the first half of the eased
        // progress, the back +90° → 0 in the second. No perspective: a y rotation by θ has m11 = cos θ.
        let quarter = 0.8 * bezierTime(0.42, 0, 0.58, 1, reaching: 0.25)
        let front = try #require(node(tl, "list", at: quarter))
        #expect(close(front.transform.m11, cos(Double.pi / 4), 1e-5), "\(front.transform.m11)")
        let threeQuarters = 0.8 * bezierTime(0.42, 0, 0.58, 1, reaching: 0.75)
        let back = try #require(node(tl, "detail", at: threeQuarters))
        #expect(close(back.transform.m11, cos(Double.pi / 4), 1e-5))
        #expect(close(try #require(node(tl, "list", at: threeQuarters)).transform.m11, 0, 1e-9))
        // The back screen is beneath the front one (insertSubview(_:belowSubview:)): drawn first
        // once both are flat again at the end (while either is turned, depth decides the order).
        #expect(DisplayListBuilder.build(tl, time: 0.8).roots[0].children.map(\.id) == ["detail", "list"])
        // The completion block resets the front's transform at 0.8 s.
        #expect(close(tl.duration, 0.8))
        #expect(close(try #require(node(tl, "list", at: 0.8)).transform.m11, 1, 1e-9))
    }

    @Test func pulseCombinesFromToAndByAsCoreAnimationDocuments() throws {
        let tl = try scene(twoScreens + "transition: {swift: Pulse.swift, from: list, to: detail}", animators: ["Pulse.swift"])
        // Each badge: duration 0.5 s, linear (CABasicAnimation's default timing). At 0.25 s, half-way.
        #expect(close(try value(tl, "fromTo", .scale, 0.25)[0], 1.25))   // from 1 to 1.5
        #expect(close(try value(tl, "fromBy", .scale, 0.25)[0], 1.25))   // from 1 to 1 + 0.5
        #expect(close(try value(tl, "byTo", .scale, 0.25)[0], 1.25))     // from 1.5 − 0.5 to 1.5
        #expect(close(try value(tl, "fromOnly", .opacity, 0.25)[0], 0.6)) // from 0.2 to the current value 1
        #expect(close(try value(tl, "toOnly", .opacity, 0.25)[0], 0.65))  // from the current value 1 to 0.3
        // byValue alone: from the current x (centre 20 + 5 × 60 + 20 = 340) to 340 + 40.
        #expect(close(try value(tl, "byOnly", .positionX, 0.25)[0], 360))
        // Removed on completion (the default): the model values show again afterwards.
        #expect(close(try value(tl, "fromTo", .scale, 0.55)[0], 1))
        #expect(close(try value(tl, "fromOnly", .opacity, 0.55)[0], 1))
        #expect(close(try value(tl, "byOnly", .positionX, 0.55)[0], 340))
        // The keyframe shake begins at CACurrentMediaTime() + 0.5: values 420, 400, 440, 420 at
        // key times 0, 0.25, 0.75, 1 of 0.4 s, linear between them.
        #expect(close(try value(tl, "fromTo", .positionY, 0.6)[0], 400))
        #expect(close(try value(tl, "fromTo", .positionY, 0.7)[0], 420))
        #expect(close(try value(tl, "fromTo", .positionY, 0.8)[0], 440))
        #expect(close(try value(tl, "fromTo", .positionY, 0.65)[0], 410))
        // The spring starts at 0.5 and, kept with fillMode .forwards, ends at 1.
        #expect(close(try value(tl, "toOnly", .scale, 0)[0], 0.5))
        #expect(close(try value(tl, "toOnly", .scale, tl.duration)[0], 1, 1e-3))
        // The transaction's completion block ends the transition when its last animation ends (the shake, 0.9 s).
        #expect(close(tl.duration, 0.9))
    }
}

/// Animators that depend on the app: `init:` and `bind:` supply what the file cannot know.
@Suite struct BindingTests {
    @Test func navigationAnimatorGetsItsOperationFromInit() throws {
        // push: the destination slides from x + 390 to x (centre 585 → 195), the source to −130
        // (centre 195 → 65), UIView.animate's default ease-in-out over 0.3 s: half-way at 0.15 s.
        let push = try scene(twoScreens + "transition: {swift: NavigationSlide.swift, from: list, to: detail, init: {operation: push}}",
                             animators: ["NavigationSlide.swift"])
        let d0 = try #require(node(push, "detail", at: 0)).quad[0]!
        #expect(close(d0.x, 390))
        let dMid = try #require(node(push, "detail", at: 0.15)).quad[0]!
        #expect(close(dMid.x, 195), "\(dMid)")
        let sMid = try #require(node(push, "list", at: 0.15)).quad[0]!
        #expect(close(sMid.x, -65), "\(sMid)")
        // The completion puts the source back (transform identity) at 0.3 s.
        #expect(close(try #require(node(push, "list", at: 0.3)).quad[0]!.x, 0))
        // pop: the destination goes under the source and comes back from −130.
        let pop = try scene(twoScreens + "transition: {swift: NavigationSlide.swift, from: detail, to: list, init: {operation: pop}}",
                            animators: ["NavigationSlide.swift"])
        #expect(DisplayListBuilder.build(pop, time: 0).roots[0].children.map(\.id) == ["list", "detail"])
        #expect(close(try #require(node(pop, "list", at: 0)).quad[0]!.x, -130))
        #expect(close(try #require(node(pop, "detail", at: 0.3)).quad[0]!.x, 390))
    }

    @Test func appClassesAreBound() throws {
        let tl = try fullscreenPlayerScene(enterLandscape: "null")
        // The player keeps its place (16, 116) inside the full-screen controller's view; the view's
        // background goes from clear to black with the default ease-in-out over 0.5 s.
        let player = try #require(node(tl, "player", at: 0))
        #expect(close(player.quad[0]!.x, 16) && close(player.quad[0]!.y, 116))
        let color = try #require(tl.sample(layer: "detail", keyPath: .backgroundColor, at: 0.25))
        #expect(close(color[3], 0.5, 1e-6), "\(color)")   // alpha half-way (ease-in-out is symmetric)
        #expect(close(tl.duration, 0.5))
        // Without the bindings, the first unknown is reported with the bind to add.
        do {
            _ = try scene(twoScreens + "transition: {swift: FullscreenPlayer.swift, from: list, to: detail}", animators: ["FullscreenPlayer.swift"])
            Issue.record("loaded without bindings")
        } catch let error as SceneError {
            #expect(error.location?.line == 13, "\(error)")
            #expect(error.suggestion?.contains("bind: {\"navigation.topViewController\":") == true, "\(error)")
        }
    }
}

/// The language and UIKit's rules, through Semantics.swift.
@Suite struct SemanticsTests {
    @Test func languageAndModelValueRules() throws {
        let tl = try scene(twoScreens + "transition: {swift: Semantics.swift, from: list, to: detail}", animators: ["Semantics.swift"])
        let root = DisplayListBuilder.build(tl, time: 0).roots[0]
        // insertSubview(_:at: 0) puts the detail screen under the list; the loop skipped index 1,
        // so two stripes follow, named by the helper's local variable, then by the caller's.
        #expect(root.children.map(\.id) == ["detail", "list", "first", "second"], "\(root.children.map(\.id))")
        // m34 = −1/1000 on the container.
        #expect(close(try #require(tl.scene.allLayers.first { $0.id == "container" }).sublayerTransform.m34, -0.001, 1e-12))
        // Layout.stripeFrame(2, width: 390 / 2): (0, 200, 195, 100); cornerRadius min(195, 100) / 10 = 10.
        let second = try #require(node(tl, "second", at: 0))
        #expect(close(second.quad[0]!.x, 0) && close(second.quad[0]!.y, 200) && close(second.quad[2]!.x, 195) && close(second.quad[2]!.y, 300))
        #expect(try #require(tl.sample(layer: "second", keyPath: .cornerRadius, at: 0))[0] == 10)
        // alpha 0.2 then 0.5 before the block: the animation runs 0.5 → 1, linear over
        // stepDuration (mood .lively: 0.2 s); centre x 97.5 → 97.5 + 40 (the switch's where case).
        #expect(close(try #require(tl.sample(layer: "first", keyPath: .opacity, at: 0))[0], 0.5))
        #expect(close(try #require(tl.sample(layer: "first", keyPath: .opacity, at: 0.1))[0], 0.75))
        #expect(close(try #require(tl.sample(layer: "first", keyPath: .positionX, at: 0.1))[0], 97.5 + 20))
        // The completion starts the next animation at 0.2 s: centre y 50 → converted.minY
        // (second's (5, 5) in the container: 200 + 5 = 205) over 0.3 s, linear.
        #expect(close(try #require(tl.sample(layer: "first", keyPath: .positionY, at: 0.2))[0], 50))
        #expect(close(try #require(tl.sample(layer: "first", keyPath: .positionY, at: 0.35))[0], 50 + (205 - 50) / 2))
        // The last completion (0.5 s) sets the tilt: scale 2, then translate 10 — x' = 2x + 10
        // about the anchor point; the transition ends there.
        #expect(close(tl.duration, 0.5))
        let tilted = try #require(node(tl, "second", at: 0.5))
        #expect(close(tilted.transform.m11, 2) && close(tilted.quad[0]!.x, 97.5 - 2 * 97.5 + 10), "\(tilted.quad)")
    }
}

/// FullscreenPlayer.swift on two screens (the presented one clear), its app classes bound;
/// `enterLandscape` is what the device-turning call is bound to (`null`: nothing).
func fullscreenPlayerScene(enterLandscape: String) throws -> Timeline {
    let yaml = twoScreens + """
    transition:
      swift: FullscreenPlayer.swift
      from: list
      to: detail
      bind:
        navigation.topViewController: {screen: list}
        listVC.playerView: {view: {frame: [16, 116, 358, 200], color: "#000000"}}
        player.superview: {layer: list, frame: [0, 0, 390, 844]}
        fullscreenVC.keep(): null
        fullscreenVC.enterLandscape(): \(enterLandscape)
    """
    return try scene(yaml.replacingOccurrences(of: "background: \"#FFFFFF\"", with: "background: \"#00000000\""), animators: ["FullscreenPlayer.swift"])
}
