// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SwiftSyntax

/// `UIView.transition(with:duration:options:animations:completion:)` and
/// `UIView.transition(from:to:duration:options:completion:)` with UIKit's built-in transitions.
///
/// Apple documents the flips' direction (`.transitionFlipFromLeft`: "flips a view around its
/// vertical axis from left to right (the left side of the view moves toward the front and right
/// side toward the back)"; `.transitionFlipFromTop`: around its horizontal axis, the top side
/// toward the front) and that the transition runs on the container view, whose old content shows
/// until it is edge-on and whose new content shows after. The curve is the options' (default
/// ease-in-ease-out, as for every UIView animation). Apple does not document the perspective or
/// the slight zoom-out and dimming of the stock flip: Segue rotates the container in a perspective
/// of `flipPerspective` points, without zoom or dimming (docs/swift-import.md).
extension Evaluator {
    /// The camera distance of a flip, in points (m34 = −1/1000). Not Apple's number: Apple does not
    /// publish one; see the docs' limits.
    static let flipPerspective = 1000.0
    /// Axis and the sign of the first half's angle, in CATransform3DMakeRotation's convention
    /// (a positive angle about y brings the left edge toward the viewer).
    static let flips: [String: (axis: (Double, Double, Double), sign: Double)] = [
        "transitionFlipFromLeft": ((0, 1, 0), 1), "transitionFlipFromRight": ((0, 1, 0), -1),
        "transitionFlipFromTop": ((1, 0, 0), -1), "transitionFlipFromBottom": ((1, 0, 0), 1),
    ]
    static let transitionKinds = Set(flips.keys).union(["transitionCrossDissolve", "transitionCurlUp", "transitionCurlDown"])
    /// Options that change nothing for a scripted render.
    static let neutralTransitionOptions: Set<String> = ["allowAnimatedContent", "allowUserInteraction", "beginFromCurrentState",
                                                        "layoutSubviews", "overrideInheritedDuration", "overrideInheritedCurve", "showHideTransitionViews"]

    func viewTransition(_ args: Arguments, _ scope: Scope, _ node: FunctionCallExprSyntax) throws(SwiftImportError) -> Value {
        let sig = args.signature("transition")
        let withForm = args.has("with")
        // transition(from:to:…) { _ in … }: its one closure, written trailing, is the completion.
        let completionLabel = !withForm && !args.has("completion") && args.has("animations") ? "animations" : "completion"
        let allowed: Set<String> = withForm ? ["with", "duration", "options", "animations", "completion"] : ["from", "to", "duration", "options", completionLabel]
        guard args.labels.allSatisfy(allowed.contains), args.has("duration"), withForm || (args.has("from") && args.has("to")) else {
            throw unsupportedCall("UIView.\(sig)", node, hint: "UIView.transition(with:duration:options:animations:completion:) and UIView.transition(from:to:duration:options:completion:) are supported")
        }
        let duration = try num(args, "duration", scope)
        let options = try optionNames(args, scope)
        let optionsNode = Syntax(args.expr("options") ?? ExprSyntax(node))
        let kinds = options.filter(Self.transitionKinds.contains)
        for o in options where !Self.transitionKinds.contains(o) && Self.curveOptions[o] == nil && !Self.neutralTransitionOptions.contains(o) {
            throw fail(.unsupported, optionsNode, "the transition option .\(o) is not supported",
                       hint: "supported: .transitionFlipFromLeft/Right/Top/Bottom, .transitionCrossDissolve, the curve options and .showHideTransitionViews")
        }
        if kinds.count > 1 { throw fail(.invalidValue, optionsNode, "more than one transition option: \(kinds.map { "." + $0 }.joined(separator: ", "))", hint: "keep one") }
        if let curl = kinds.first, curl.hasPrefix("transitionCurl") {
            throw fail(.unsupported, optionsNode, "the page curl (.\(curl)) is not supported: Segue cannot draw a page curling over",
                       hint: "use .transitionFlipFromBottom (or another flip) or .transitionCrossDissolve, or animate the views with UIView.animate")
        }
        let timing = try curveOption(options, node)
        let showHide = options.contains("showHideTransitionViews")

        // The view the transition runs on, and what changes in it.
        let target: ViewObject
        var fromView: ViewObject?, toView: ViewObject?
        if withForm {
            target = try view(try arg(args, "with", scope, hint: nil), node, "the view of UIView.transition(with:)")
        } else {
            let from = try view(try arg(args, "from", scope, hint: nil), node, "fromView")
            let to = try view(try arg(args, "to", scope, hint: nil), node, "toView")
            guard let parent = from.superview, from.attached else {
                throw fail(.invalidValue, node, "fromView ('\(from.id)') is not in a superview, so UIView.transition(from:to:) has nothing to run on",
                           hint: "add it to the container first: transitionContext.containerView.addSubview(…)")
            }
            if showHide, to.superview !== parent {
                throw fail(.invalidValue, node, "with .showHideTransitionViews, toView ('\(to.id)') must already be a subview of fromView's superview ('\(parent.id)')",
                           hint: "add it (hidden) before the transition, or leave out .showHideTransitionViews")
            }
            target = parent; fromView = from; toView = to
        }
        let changes = { [unowned self] () throws(SwiftImportError) in
            if withForm {
                if let block = args.expr("animations") { try self.runBlock(try self.eval(block, scope), context: .none, node) }
            } else if let from = fromView, let to = toView {
                if showHide {
                    from.userHidden = true; try self.updateVisibility(from, node)
                    to.userHidden = false; try self.updateVisibility(to, node)
                } else {
                    // UIKit: toView is added to fromView's superview, fromView is removed from it.
                    try self.insert(to, into: target, at: nil, node)
                    from.attached = false; try self.updateVisibility(from, node)
                }
            }
        }
        let begin = now
        if duration <= 0 {
            // Apple: a duration of 0 or less makes the change without animation.
            try changes()
        } else if let kind = kinds.first, let flip = Self.flips[kind] {
            try flipTransition(target, duration: duration, timing: timing, axis: flip.axis, sign: flip.sign, node, changes)
        } else if kinds.first == "transitionCrossDissolve" {
            try crossDissolve(target, from: fromView, to: toView, showHide: showHide, duration: duration, timing: timing, node)
        } else {
            throw fail(.invalidValue, optionsNode, "UIView.transition without a transition option has nothing to show",
                       hint: "add .transitionFlipFromLeft, .transitionCrossDissolve, …, or use UIView.animate")
        }
        if let completion = args.expr(completionLabel) {
            schedule(at: begin + max(duration, 0), try eval(completion, scope), [.bool(true)], node)
        }
        return .void
    }

    /// The container turns edge-on over the first half of the rotation with its old content, and
    /// on from the other side with the new. The curve spans the whole 180°, so each half gets its
    /// piece of the Bézier (de Casteljau's split where the curve reaches 0.5).
    func flipTransition(_ target: ViewObject, duration: Double, timing: TimingValue, axis: (Double, Double, Double), sign: Double,
                        _ node: some SyntaxProtocol, _ changes: () throws(SwiftImportError) -> Void) throws(SwiftImportError) {
        guard target.transform.isIdentity, target.boundLayer == nil else {
            throw fail(.unsupported, node, "UIView.transition flips '\(target.id)', whose transform is not the identity (or which is a bound layer): not supported",
                       hint: "flip an untransformed view, such as a container added for the transition")
        }
        guard case let .named(curveName) = timing, let p = Self.namedCurvePoints[curveName] else {
            throw fail(.unsupported, node, "this curve for UIView.transition is not supported", hint: "use .curveEaseInOut, .curveEaseIn, .curveEaseOut or .curveLinear")
        }
        let (first, second, edgeOn) = Self.splitAtHalfProgress(p)
        let begin = now, switchTime = now + edgeOn * duration
        func turned(_ degrees: Double) -> Value {
            .transform(TransformValue(ops: [.perspective(Self.flipPerspective), .rotate(degrees * .pi / 180, axis.0, axis.1, axis.2)]))
        }
        target.autoNamed = false
        recorder.basic(layer: recorder.id(target), keyPath: "transform", from: turned(0), to: turned(sign * 90), begin: begin,
                       duration: edgeOn * duration, timing: .controlPoints(first.0, first.1, first.2, first.3))
        recorder.basic(layer: recorder.id(target), keyPath: "transform", from: turned(-sign * 90), to: turned(0), begin: switchTime,
                       duration: (1 - edgeOn) * duration, timing: .controlPoints(second.0, second.1, second.2, second.3))
        target.changedLater.insert(.transform)
        // The new content appears when the container is edge-on.
        let saved = now
        now = switchTime
        defer { now = saved }
        try changes()
    }

    /// The old content stays while the new fades in over it (opacity 0 → 1), then the old leaves:
    /// over opaque views that is the dissolve's (1 − t)·old + t·new.
    func crossDissolve(_ target: ViewObject, from: ViewObject?, to: ViewObject?, showHide: Bool, duration: Double, timing: TimingValue,
                       _ node: some SyntaxProtocol) throws(SwiftImportError) {
        guard let from, let to else {
            throw fail(.unsupported, node, "UIView.transition(with:…, options: .transitionCrossDissolve) is not supported: the importer cannot fade between two renderings of one view",
                       hint: "use UIView.transition(from:to:duration:options:completion:) with the two views, or fade alpha with UIView.animate")
        }
        let begin = now
        // toView joins (or shows) at the start, transparent, above fromView.
        if showHide { to.userHidden = false; try updateVisibility(to, node) } else { try insert(to, into: target, at: nil, node) }
        if let i = target.subviews.firstIndex(where: { $0 === from }), let j = target.subviews.firstIndex(where: { $0 === to }), j < i {
            throw fail(.unsupported, node, "toView ('\(to.id)') is below fromView ('\(from.id)'), so it cannot fade in over it",
                       hint: "order toView above fromView before the transition, or leave out .showHideTransitionViews")
        }
        to.autoNamed = false
        let finalOpacity = to.model[.opacity] ?? .double(1)
        recorder.basic(layer: recorder.id(to), keyPath: "opacity", from: .double(0), to: finalOpacity, begin: begin, duration: duration, timing: timing)
        to.changedLater.insert(.opacity)
        // At the end fromView leaves (or hides, with .showHideTransitionViews).
        let saved = now
        now = begin + duration
        defer { now = saved }
        if showHide { from.userHidden = true } else { from.attached = false }
        try updateVisibility(from, node)
    }

    static let namedCurvePoints: [String: (Double, Double, Double, Double)] = [
        "easeInEaseOut": (0.42, 0, 0.58, 1), "easeIn": (0.42, 0, 1, 1), "easeOut": (0, 0, 0.58, 1), "linear": (0, 0, 1, 1),
    ]

    /// The two halves of a timing curve, split where its progress reaches 0.5, each normalized to
    /// the unit square; and the time (0…1) of the split.
    static func splitAtHalfProgress(_ c: (Double, Double, Double, Double))
        -> ((Double, Double, Double, Double), (Double, Double, Double, Double), Double) {
        let p0 = (0.0, 0.0), p1 = (c.0, c.1), p2 = (c.2, c.3), p3 = (1.0, 1.0)
        func lerp(_ a: (Double, Double), _ b: (Double, Double), _ s: Double) -> (Double, Double) { (a.0 + (b.0 - a.0) * s, a.1 + (b.1 - a.1) * s) }
        func point(_ s: Double) -> (Double, Double) {
            let a = lerp(p0, p1, s), b = lerp(p1, p2, s), c = lerp(p2, p3, s)
            return lerp(lerp(a, b, s), lerp(b, c, s), s)
        }
        var lo = 0.0, hi = 1.0
        for _ in 0 ..< 200 { let mid = (lo + hi) / 2; if point(mid).1 < 0.5 { lo = mid } else { hi = mid } }
        let s = (lo + hi) / 2
        let a = lerp(p0, p1, s), b = lerp(p1, p2, s), cc = lerp(p2, p3, s)
        let ab = lerp(a, b, s), bc = lerp(b, cc, s), m = lerp(ab, bc, s)
        let left = (a.0 / m.0, a.1 / m.1, ab.0 / m.0, ab.1 / m.1)
        let right = ((bc.0 - m.0) / (1 - m.0), (bc.1 - m.1) / (1 - m.1), (cc.0 - m.0) / (1 - m.0), (cc.1 - m.1) / (1 - m.1))
        return (left, right, m.0)
    }
}
