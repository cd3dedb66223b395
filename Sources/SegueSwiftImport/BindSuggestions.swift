// SPDX-License-Identifier: Apache-2.0
import SwiftSyntax

/// What to write in `bind:` for a name the module cannot know: the key (the expression as
/// written, or a call's callee with `()`) and a placeholder of the kind the code needs.
public struct BindSuggestion: Sendable, Equatable {
    /// The `bind:` key: `fromVC.headerView`, or `source.zoomAnimation()` for any call of it.
    public var key: String
    /// A YAML flow value of the expected kind: `null` for a call whose result is unused.
    public var value: String
    /// The Swift type the code expects, when it is written down.
    public var swiftType: String?
}

extension Evaluator {
    /// The expression to bind for a failure at `node`, and a placeholder of the kind its use needs.
    func bindSuggestion(_ node: Syntax) -> BindSuggestion? {
        guard let expr = node.as(ExprSyntax.self) else { return nil }
        // A name inside a callee binds the call: `vc.setup(…)` → "vc.setup()". Any other
        // member chain binds the name itself: `to?.header.isHidden` → "to?.header".
        var callee = expr
        while let parent = callee.parent?.as(MemberAccessExprSyntax.self), parent.base?.id == callee.id { callee = ExprSyntax(parent) }
        if let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id {
            let key = Self.normalized(callee.trimmedDescription) + "()"
            return BindSuggestion(key: key, value: Self.isStatement(Syntax(call)) ? "null" : Self.placeholder(forName: key), swiftType: nil)
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            // A framework class the importer does not model (`CATransition()`) is UIKit's, not the
            // app's: no value the scene could bind stands in for it, so the error stays as it is.
            if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
               Self.frameworkPrefixes.contains(where: { name.hasPrefix($0) }), name.first?.isUppercase == true,
               program.types[name] == nil {
                return nil
            }
            let key = Self.normalized(call.calledExpression.trimmedDescription) + "()"
            return BindSuggestion(key: key, value: Self.isStatement(Syntax(call)) ? "null" : Self.placeholder(forName: key), swiftType: nil)
        }
        let key = Self.normalized(expr.trimmedDescription)
        guard !key.contains("\n"), key.count <= 80 else { return nil }
        let annotation = Self.declaredType(of: Syntax(expr))
        // A value compared with an enum case (`root.state == .expanded`), or switched over: that case.
        if annotation == nil, let name = Self.comparedCase(of: expr) { return BindSuggestion(key: key, value: name, swiftType: nil) }
        // A value whose view properties the code reads or sets (`x.alpha = 0`): a view.
        if annotation == nil, Self.isUsedAsView(expr) { return BindSuggestion(key: key, value: Self.viewPlaceholder, swiftType: nil) }
        // A value passed as an image (`UIImageView(image: x)`): none, which an image view takes.
        if annotation == nil, Self.unwrapped(expr).parent?.as(LabeledExprSyntax.self)?.label?.text == "image" {
            return BindSuggestion(key: key, value: "null", swiftType: nil)
        }
        return BindSuggestion(key: key, value: annotation.map(Self.placeholder(forType:)) ?? Self.placeholder(forName: key), swiftType: annotation)
    }

    /// Type-name prefixes of Apple's frameworks an animator calls into (Core Animation, Core
    /// Graphics, Foundation, AVFoundation, Core Image). Not UI: libraries name their own views so.
    static let frameworkPrefixes = ["CA", "CG", "NS", "AV", "CI"]

    static let viewPlaceholder = "{view: {frame: [16, 116, 358, 200], color: \"#007AFF\"}}"
    /// Members only a view has, among those animators touch.
    static let viewOnlyMembers: Set<String> = ["alpha", "isHidden", "transform", "layer", "superview", "subviews", "addSubview",
                                               "removeFromSuperview", "snapshotView", "layoutIfNeeded", "clipsToBounds", "backgroundColor"]

    /// The expression with the `?` or `!` written after it.
    static func unwrapped(_ expr: ExprSyntax) -> Syntax {
        var n = Syntax(expr)
        while let p = n.parent, p.is(OptionalChainingExprSyntax.self) || p.is(ForceUnwrapExprSyntax.self) { n = p }
        return n
    }

    static func isUsedAsView(_ expr: ExprSyntax) -> Bool {
        let n = unwrapped(expr)
        guard let m = n.parent?.as(MemberAccessExprSyntax.self), m.base.map(Syntax.init)?.id == n.id else { return false }
        return viewOnlyMembers.contains(m.declName.baseName.text)
    }

    /// The enum case an expression is compared with (`x == .expanded`, `x != .collapsed`) or that
    /// the first case of a switch over it matches.
    static func comparedCase(of expr: ExprSyntax) -> String? {
        func implicitCase(_ e: ExprSyntax?) -> String? {
            guard let m = e?.as(MemberAccessExprSyntax.self), m.base == nil else { return nil }
            return m.declName.baseName.text
        }
        func isEquality(_ e: ExprSyntax?) -> Bool {
            guard let op = e?.as(BinaryOperatorExprSyntax.self) else { return false }
            return op.operator.text == "==" || op.operator.text == "!="
        }
        var n = Syntax(expr)
        while let p = n.parent, p.is(OptionalChainingExprSyntax.self) || p.is(ForceUnwrapExprSyntax.self) { n = p }
        if let seq = n.parent?.as(ExprListSyntax.self) {
            let items = Array(seq)
            if let i = items.firstIndex(where: { $0.id == n.id }) {
                if i + 2 < items.count, isEquality(items[i + 1]), let c = implicitCase(items[i + 2]) { return c }
                if i >= 2, isEquality(items[i - 1]), let c = implicitCase(items[i - 2]) { return c }
            }
        }
        if let infix = n.parent?.as(InfixOperatorExprSyntax.self), isEquality(infix.operator) {
            return implicitCase(infix.leftOperand.id == n.id ? infix.rightOperand : infix.leftOperand)
        }
        if let sw = n.parent?.as(SwitchExprSyntax.self), sw.subject.id == n.id {
            for c in sw.cases {
                guard case let .switchCase(sc) = c, case let .case(label) = sc.label,
                      let pattern = label.caseItems.first?.pattern.as(ExpressionPatternSyntax.self) else { continue }
                if let name = implicitCase(pattern.expression) { return name }
            }
        }
        return nil
    }

    /// A call whose value nobody reads: a statement of its own.
    static func isStatement(_ call: Syntax) -> Bool {
        var n = call
        while let p = n.parent {
            if p.is(CodeBlockItemSyntax.self) || p.is(ExpressionStmtSyntax.self) { return true }
            if p.is(OptionalChainingExprSyntax.self) || p.is(ForceUnwrapExprSyntax.self) || p.is(TryExprSyntax.self) { n = p; continue }
            return false
        }
        return false
    }

    /// The type written where the expression's value goes: `let v: UIView = …`.
    static func declaredType(of expr: Syntax) -> String? {
        var n = expr
        while let p = n.parent {
            if let b = p.as(PatternBindingSyntax.self) { return b.typeAnnotation?.type.trimmedDescription }
            if p.is(InitializerClauseSyntax.self) || p.is(OptionalChainingExprSyntax.self) || p.is(ForceUnwrapExprSyntax.self)
                || p.is(AsExprSyntax.self) || p.is(TryExprSyntax.self) { n = p; continue }
            return nil
        }
        return nil
    }

    /// A placeholder for a written Swift type.
    static func placeholder(forType type: String) -> String {
        let t = type.trimmingCharacters(in: ["?", "!", " "])
        switch t {
        case "CGFloat", "Double", "Float", "TimeInterval", "Int": return "0.3"
        case "Bool": return "true"
        case "String": return "\"text\""
        case "CGRect": return "[16, 116, 358, 200]"
        case "CGPoint": return "[195, 422]"
        case "CGSize": return "[390, 844]"
        case "UIColor", "CGColor": return "\"#007AFF\""
        case "UIView.AnimationOptions", "UIViewAnimationOptions": return "[]"
        case "UIImage", "CGImage": return "{image: images/photo.png}"
        case _ where t.hasPrefix("[") && t.hasSuffix("]"):
            // An array: one element of the element type's kind.
            let element = placeholder(forType: String(t.dropFirst().dropLast()))
            return element == "null" ? "[]" : "[\(element)]"
        default:
            if t.hasSuffix("ViewController") || t.hasSuffix("Controller") { return "{screen: SCREEN}" }
            if t.hasSuffix("View") || t.hasSuffix("Cell") || t.hasSuffix("Button") || t.hasSuffix("Label") { return "{view: {frame: [16, 116, 358, 200], color: \"#007AFF\"}}" }
            return "null"
        }
    }

    /// A name that holds several views or controllers (`visibleCells`, `menuItems`, `tiles`).
    static func isCollectionName(_ name: String) -> Bool {
        let n = name.lowercased()
        return ["cells", "views", "items", "controllers", "subviews", "layers", "tiles", "photos", "images", "cards", "buttons", "rows"]
            .contains { n.hasSuffix($0) }
    }

    /// A placeholder guessed from the name the code reads, when no type is written.
    static func placeholder(forName key: String) -> String {
        let last = (key.split(separator: ".").last.map(String.init) ?? key).replacingOccurrences(of: "()", with: "").lowercased()
        if last.hasPrefix("is") || last.hasPrefix("should") || last.hasPrefix("has") { return "true" }
        if last.hasSuffix("options") { return "[]" }
        if last.hasSuffix("color") || last.hasSuffix("colour") || last.hasSuffix("tint") { return "\"#007AFF\"" }
        if last.hasSuffix("frame") || last.hasSuffix("rect") || last.hasSuffix("bounds") { return "[16, 116, 358, 200]" }
        if last.hasSuffix("center") || last.hasSuffix("point") || last.hasSuffix("origin") || last.hasSuffix("offset") { return "[195, 422]" }
        if last.hasSuffix("size") { return "[390, 844]" }
        // A plural collection name (`visibleCells`, `menuItems`, `viewControllers`): a list.
        if Self.isCollectionName(last) {
            return last.hasSuffix("controllers") ? "[{screen: SCREEN}]" : "[]"
        }
        if last.contains("controller") || last.hasSuffix("vc") { return "{screen: SCREEN}" }
        // An image (`cell.avatar.image`, `photo.thumbnailImage`): none, which an image view accepts.
        if last.hasSuffix("image") { return "null" }
        let viewNouns = ["view", "cell", "image", "button", "label", "card", "header", "footer", "bar", "snapshot", "collection", "table", "overlay", "thumbnail", "icon"]
        if viewNouns.contains(where: last.contains) {
            return viewPlaceholder
        }
        return "0.3"
    }
}
