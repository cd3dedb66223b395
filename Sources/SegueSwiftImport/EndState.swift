// SPDX-License-Identifier: Apache-2.0
import SwiftSyntax

/// What UIKit does to the views when the animator calls `completeTransition(_:)`: the picture
/// the transition ends on.
extension Evaluator {
    /// The kind the scene gives, else what the animator's own properties say (a navigation
    /// `operation`, an `isPresenting` flag, a mode enum), else a full-screen presentation.
    func transitionKind(_ animator: Value, _ type: TypeDecl, _ request: SwiftImportRequest) -> TransitionKind {
        if let kind = request.kind { return kind }
        guard case let .object(instance) = animator else { return TransitionKind(.present) }
        for name in type.propertyOrder {
            guard let p = type.properties[name], !p.isStatic, p.binding.accessorBlock == nil || !Self.observers(of: p.binding).isEmpty,
                  let value = try? readProperty(instance, name, p.binding) else { continue }
            if let op = Self.operation(named: name, value) { return TransitionKind(op) }
        }
        return TransitionKind(.present)
    }

    /// A property that says which way the transition goes: an enum case named like UIKit's
    /// operations (`.push`, `.pop`, `.present`, `.dismiss`, `.presenting`, …), or a Bool whose
    /// name says what `true` means (`isPresenting`, `isDismissing`, `pushing`, …).
    static func operation(named name: String, _ value: Value) -> TransitionKind.Operation? {
        func word(_ text: String) -> TransitionKind.Operation? {
            let t = text.lowercased()
            if t.hasPrefix("push") { return .push }
            if t.hasPrefix("pop") { return .pop }
            if t.hasPrefix("present") { return .present }
            if t.hasPrefix("dismiss") { return .dismiss }
            return nil
        }
        switch value {
        case let .enumCase(c, _):
            return word(c)
        case let .bool(b):
            var n = name
            for prefix in ["is", "should", "for"] where n.hasPrefix(prefix) && n.count > prefix.count {
                let rest = n.dropFirst(prefix.count)
                if rest.first?.isUppercase == true { n = String(rest) }
            }
            guard let op = word(n) else { return nil }
            if b { return op }
            switch op {
            case .push: return .pop
            case .pop: return .push
            case .present: return .dismiss
            case .dismiss: return .present
            }
        default:
            return nil
        }
    }

    /// `completeTransition(didComplete)`: UIKit takes the from view out of the window after a
    /// completed push, pop, dismissal or full-screen presentation, and the to view after a
    /// cancelled one; other presentations keep the presenter's view.
    func completeTransition(_ didComplete: Bool, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        guard completedAt == nil else { return }   // UIKit ignores later calls
        completedAt = now
        completedNode = Syntax(node)
        try endPresentation(didComplete)
        // A finger scrubs the transition's animations and may cancel them: the views UIKit
        // removes depend on how it ends, which the scene's interaction decides later.
        // A controller that moves the views itself has decided already.
        guard !isInteractiveTransition || interactive?.driven == true else { return }
        let removed: ViewObject?
        if didComplete { removed = kind.removesFromViewOnCompletion ? fromController.view : nil } else { removed = toController.view }
        guard let view = removed, view.attached else { return }
        view.attached = false
        try updateVisibility(view, node)
    }
}
