// SPDX-License-Identifier: Apache-2.0
import SwiftSyntax

extension Evaluator {
    /// An interactive transition whose animator implements `interruptibleAnimator(using:)`: once
    /// `animateTransition(using:)` returns, UIKit asks for that animator (the same one for the
    /// whole transition), starts it if the code did not, and pauses it to scrub it with the
    /// finger. A paused UIViewPropertyAnimator with `scrubsLinearly` (UIKit's default) shows its
    /// views `fractionComplete` of the way whatever its curve, so its animations are written
    /// linear; the interaction's finishing part then eases the rest by its timingCurve (or
    /// completionCurve), as the scene's `interaction:` does for every animation.
    func scrubInterruptibleAnimator(_ animator: Value, _ type: TypeDecl) throws(SwiftImportError) {
        guard let f = type.functions["interruptibleAnimator"]?.first else { return }
        let result = try invokeClosure(.function(FunctionRef(decl: f, receiver: animator, type: type)), [.context], f)
        guard case let .propertyAnimator(p) = result else {
            throw fail(.unsupported, f.name, "\(type.name).interruptibleAnimator(using:) returns \(result.typeDescription), not a UIViewPropertyAnimator",
                       hint: "return the UIViewPropertyAnimator that animateTransition(using:) starts")
        }
        guard p.isInterruptible else {
            throw fail(.invalidValue, f.name, "\(type.name).interruptibleAnimator(using:) returns an animator whose isInterruptible is false",
                       hint: "UIKit requires an interruptible animator for an interruptible transition: leave isInterruptible true")
        }
        try start(p, at: now, f)
        guard p.scrubsLinearly else { return }
        var span = p.duration
        if case let .caSpring(m, k, c, _) = p.timing { span = Self.settlingDuration(mass: m, stiffness: k, damping: c) }
        for i in p.recorded { recorder.scrubLinearly(i, duration: span) }
    }
}
