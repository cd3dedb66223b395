// SPDX-License-Identifier: Apache-2.0
import SwiftSyntax

/// A sequence expression (`a + b * c`, `x = y`, `c ? a : b`, `v as? T`) folded by Swift's
/// standard precedence groups. swift-syntax's parser leaves sequences flat; the operator
/// folding library is not linked (SwiftParser and SwiftSyntax only), so the few groups animator
/// code uses are folded here.
indirect enum FoldedExpr {
    case leaf(ExprSyntax)
    case binary(op: String, ExprSyntax, FoldedExpr, FoldedExpr)
    case assign(op: String, ExprSyntax, FoldedExpr, FoldedExpr)
    case ternary(ExprSyntax, FoldedExpr, then: ExprSyntax, FoldedExpr)
    case cast(ExprSyntax, FoldedExpr, type: String, mark: String)
    case isType(ExprSyntax, FoldedExpr, type: String)

    var syntax: Syntax {
        switch self {
        case let .leaf(e): return Syntax(e)
        case let .binary(_, e, _, _), let .assign(_, e, _, _), let .ternary(e, _, _, _), let .cast(e, _, _, _), let .isType(e, _, _): return Syntax(e)
        }
    }

    static func precedence(of element: ExprSyntax) -> (Int, rightAssociative: Bool)? {
        if element.is(AssignmentExprSyntax.self) { return (1, true) }
        if element.is(UnresolvedTernaryExprSyntax.self) { return (2, true) }
        if element.is(UnresolvedAsExprSyntax.self) || element.is(UnresolvedIsExprSyntax.self) { return (8, false) }
        guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return nil }
        switch op {
        case "=", "+=", "-=", "*=", "/=": return (1, true)
        case "||": return (4, false)
        case "&&": return (5, false)
        case "==", "!=", "<", ">", "<=", ">=", "===", "!==": return (6, false)
        case "??": return (7, true)
        case "..<", "...": return (9, false)
        case "+", "-", "&+", "&-", "|", "^": return (10, false)
        case "*", "/", "%", "&*", "&": return (11, false)
        default: return (10, false)
        }
    }

    static func fold(_ seq: SequenceExprSyntax) -> FoldedExpr {
        let elements = Array(seq.elements)
        var i = 0
        func parse(_ minPrec: Int) -> FoldedExpr {
            var lhs = FoldedExpr.leaf(elements[i])
            i += 1
            while i < elements.count, let (prec, right) = precedence(of: elements[i]), prec >= minPrec {
                let op = elements[i]
                i += 1
                guard i < elements.count else { break }
                let rhs = parse(right ? prec : prec + 1)
                let whole = ExprSyntax(seq)
                if let t = op.as(UnresolvedTernaryExprSyntax.self) {
                    lhs = .ternary(whole, lhs, then: t.thenExpression, rhs)
                } else if let a = op.as(UnresolvedAsExprSyntax.self) {
                    lhs = .cast(whole, lhs, type: rhs.syntax.trimmedDescription, mark: a.questionOrExclamationMark?.text ?? "")
                } else if op.is(UnresolvedIsExprSyntax.self) {
                    lhs = .isType(whole, lhs, type: rhs.syntax.trimmedDescription)
                } else if op.is(AssignmentExprSyntax.self) {
                    lhs = .assign(op: "=", ExprSyntax(op), lhs, rhs)
                } else {
                    // Any other operator keeps its text: evaluating it names it as unsupported.
                    let name = op.as(BinaryOperatorExprSyntax.self)?.operator.text ?? op.trimmedDescription
                    lhs = name.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(name)
                        ? .assign(op: name, ExprSyntax(op), lhs, rhs) : .binary(op: name, ExprSyntax(op), lhs, rhs)
                }
            }
            return lhs
        }
        return parse(0)
    }
}
