// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import SwiftSyntax

/// An NSLayoutConstraint of the forms animators use: `first = multiplier × second + constant`
/// between anchors of the same axis, or a width or height equal to a constant.
final class ConstraintObject {
    let first: ViewObject
    let firstAttribute: String
    let second: ViewObject?
    let secondAttribute: String?
    var multiplier: Double
    var constant: Double
    var isActive = false
    /// Where the code made it, for errors that name the constraint.
    let origin: Syntax
    init(first: ViewObject, _ a: String, second: ViewObject?, _ b: String?, multiplier: Double, constant: Double, origin: Syntax) {
        self.first = first; firstAttribute = a; self.second = second; secondAttribute = b
        self.multiplier = multiplier; self.constant = constant; self.origin = origin
    }

    static let horizontal: Set<String> = ["leading", "trailing", "left", "right", "centerX", "width"]
    static let vertical: Set<String> = ["top", "bottom", "centerY", "height"]
}

/// Auto Layout, for the views an animator constrains: anchors, `constraint(equalTo:…)`,
/// `NSLayoutConstraint.activate`, `isActive`, `constant`, and `layoutIfNeeded()`, which solves
/// the active constraints and sets the frames (animated inside an animation block, as UIKit's
/// layout pass is). See docs/swift-import.md.
extension Evaluator {
    static let anchorNames: [String: String] = [
        "leadingAnchor": "leading", "trailingAnchor": "trailing", "leftAnchor": "left", "rightAnchor": "right",
        "topAnchor": "top", "bottomAnchor": "bottom", "centerXAnchor": "centerX", "centerYAnchor": "centerY",
        "widthAnchor": "width", "heightAnchor": "height",
    ]

    func anchorMember(_ v: ViewObject, _ name: String, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value? {
        if let a = Self.anchorNames[name] { return .anchor(v, a) }
        if ["firstBaselineAnchor", "lastBaselineAnchor", "safeAreaLayoutGuide", "layoutMarginsGuide", "readableContentGuide"].contains(name) {
            throw fail(.unsupported, node, "'\(name)' is not supported: the importer lays views out by their frames and edges",
                       hint: "constrain to the view's own anchors (topAnchor, leadingAnchor, …)")
        }
        return nil
    }

    /// `anchor.constraint(equalTo:…)` and `constraint(equalToConstant:)`.
    func anchorMethod(_ v: ViewObject, _ attribute: String, _ sig: String, _ args: Arguments, _ scope: Scope, _ node: FunctionCallExprSyntax) throws(SwiftImportError) -> Value {
        switch sig {
        case "constraint(equalToConstant:)":
            guard ["width", "height"].contains(attribute) else {
                throw fail(.invalidValue, node, "only a width or height anchor equals a constant")
            }
            return .constraint(ConstraintObject(first: v, attribute, second: nil, nil, multiplier: 1, constant: try num(args, "equalToConstant", scope), origin: Syntax(node)))
        case "constraint(equalTo:)", "constraint(equalTo:constant:)", "constraint(equalTo:multiplier:)", "constraint(equalTo:multiplier:constant:)":
            guard case let .anchor(other, b) = try arg(args, "equalTo", scope, hint: nil) else {
                throw fail(.invalidValue, node, "expected an anchor for equalTo:", hint: "write view.topAnchor.constraint(equalTo: other.topAnchor)")
            }
            let sameAxis = ConstraintObject.horizontal.contains(attribute) == ConstraintObject.horizontal.contains(b)
                // A width may equal a height (NSLayoutDimension): an aspect ratio.
                || (["width", "height"].contains(attribute) && ["width", "height"].contains(b))
            guard sameAxis else { throw fail(.invalidValue, node, "\(attribute) and \(b) are anchors of different axes") }
            let multiplier = args.has("multiplier") ? try num(args, "multiplier", scope) : 1
            let constant = args.has("constant") ? try num(args, "constant", scope) : 0
            return .constraint(ConstraintObject(first: v, attribute, second: other, b, multiplier: multiplier, constant: constant, origin: Syntax(node)))
        default:
            throw fail(.unsupported, node, "the constraint '\(sig)' is not supported: the importer solves equalities only",
                       hint: "use constraint(equalTo:constant:), constraint(equalTo:multiplier:) or constraint(equalToConstant:)")
        }
    }

    func activate(_ list: Value, _ active: Bool, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        guard case let .array(items) = list else { throw fail(.invalidValue, node, "expected an array of constraints") }
        for item in items {
            guard case let .constraint(c) = item else { throw fail(.invalidValue, node, "expected constraints, found \(item.typeDescription)") }
            setActive(c, active)
        }
    }

    func setActive(_ c: ConstraintObject, _ active: Bool) {
        c.isActive = active
        layoutPending = true
        if active, !constraints.contains(where: { $0 === c }) { constraints.append(c) }
    }

    func constraintMember(_ c: ConstraintObject, _ name: String) -> Value? {
        switch name {
        case "constant": return .double(c.constant)
        case "multiplier": return .double(c.multiplier)
        case "isActive": return .bool(c.isActive)
        default: return nil
        }
    }

    func setConstraintMember(_ c: ConstraintObject, _ name: String, _ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        switch name {
        case "constant":
            c.constant = try double(value, node, "constant")
            layoutPending = true
        case "isActive": setActive(c, try bool(value, node, "isActive"))
        case "priority", "identifier": return   // every constraint here is required and equal
        default: throw fail(.unsupported, node, "setting '\(name)' of NSLayoutConstraint is not supported", hint: "change constant or isActive")
        }
    }

    /// UIKit's layout pass: every view with active constraints gets the frame they give. Inside
    /// an animation block the frames animate, as `layoutIfNeeded()` there makes them.
    func layoutPass(_ node: some SyntaxProtocol) throws(SwiftImportError) {
        layoutPending = false
        let active = constraints.filter(\.isActive)
        guard !active.isEmpty else { return }
        var views: [ViewObject] = []
        for c in active where !views.contains(where: { $0 === c.first }) { views.append(c.first) }
        // Frames in window coordinates, solved until they settle (a view's constraints may refer
        // to another constrained view).
        var solved: [ObjectIdentifier: Rect] = [:]
        for _ in 0 ..< 4 {
            for v in views {
                // An aspect ratio (the view's width from its own height, or the other way) is
                // applied after both axes, to whichever length nothing else gives.
                let isRatio = { (c: ConstraintObject) in c.second === v && c.secondAttribute != c.firstAttribute && ["width", "height"].contains(c.firstAttribute)
                    && ["width", "height"].contains(c.secondAttribute ?? "") }
                let mine = active.filter { $0.first === v && !isRatio($0) }
                let current: Rect
                if let r = solved[ObjectIdentifier(v)] { current = r } else { current = try windowFrame(v, node) }
                let horizontal = mine.filter { ConstraintObject.horizontal.contains($0.firstAttribute) }
                let vertical = mine.filter { ConstraintObject.vertical.contains($0.firstAttribute) }
                var x = try solveAxis(horizontal, current: (current.minX, current.width), horizontal: true, solved, node)
                var y = try solveAxis(vertical, current: (current.minY, current.height), horizontal: false, solved, node)
                for c in active where c.first === v && isRatio(c) && c.multiplier != 0 {
                    // Whether the other constraints fix an axis's length (a length, or two edges).
                    func fixes(_ list: [ConstraintObject], _ length: String) -> Bool {
                        list.contains { $0.firstAttribute == length } || list.count >= 2
                    }
                    let widthFromHeight = c.firstAttribute == "width"
                    let (fixed, free) = widthFromHeight ? (horizontal, vertical) : (vertical, horizontal)
                    let fixedLength = widthFromHeight ? x.1 : y.1, freeLength = widthFromHeight ? y.1 : x.1
                    // first = m × second + c, solved for whichever side is not fixed otherwise.
                    if fixes(fixed, c.firstAttribute), !fixes(free, c.secondAttribute ?? "") {
                        let length = (fixedLength - c.constant) / c.multiplier
                        if widthFromHeight { y = try solveAxis(vertical, current: (y.0, length), horizontal: false, solved, node) }
                        else { x = try solveAxis(horizontal, current: (x.0, length), horizontal: true, solved, node) }
                    } else {
                        let length = c.multiplier * freeLength + c.constant
                        if widthFromHeight { x = try solveAxis(horizontal, current: (x.0, length), horizontal: true, solved, node) }
                        else { y = try solveAxis(vertical, current: (y.0, length), horizontal: false, solved, node) }
                    }
                }
                solved[ObjectIdentifier(v)] = Rect(x: x.0, y: y.0, width: x.1, height: y.1)
            }
        }
        for v in views {
            guard let r = solved[ObjectIdentifier(v)] else { continue }
            // The superview's place as this pass lays it out, if it lays it out too.
            let parent = try v.superview.map { s throws(SwiftImportError) -> Point in
                if let r = solved[ObjectIdentifier(s)] {
                    var origin = Point.zero
                    if case let .point(o)? = s.model[.boundsOrigin] { origin = o }
                    return Point(x: r.minX - origin.x, y: r.minY - origin.y)
                }
                return try windowOffset(s, node, layout: true)
            } ?? .zero
            let frame = Rect(x: r.minX - parent.x, y: r.minY - parent.y, width: r.width, height: r.height)
            guard frame != v.frame else { continue }
            if v.transform.isIdentity {
                try writeView(v, "frame", layer: false, .rect(frame), node)
            } else {
                // Auto Layout sets bounds and center, which a transform leaves as they are.
                try writeView(v, "bounds", layer: false, .rect(Rect(x: 0, y: 0, width: frame.width, height: frame.height)), node)
                try writeView(v, "center", layer: false, .point(Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)), node)
            }
        }
    }

    func windowFrame(_ v: ViewObject, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Rect {
        let o = try windowOffset(v, node, layout: true)
        return Rect(x: o.x, y: o.y, width: v.size.width, height: v.size.height)
    }

    /// One axis of one view: its start and length from the constraints on it (two fix both; one
    /// keeps the current length or start, as Auto Layout keeps what nothing constrains).
    func solveAxis(_ list: [ConstraintObject], current: (Double, Double), horizontal: Bool, _ solved: [ObjectIdentifier: Rect],
                   _ node: some SyntaxProtocol) throws(SwiftImportError) -> (Double, Double) {
        var start: Double?, end: Double?, center: Double?, length: Double?
        for c in list {
            let target: Double
            if let other = c.second, let b = c.secondAttribute {
                let r: Rect
                if let known = solved[ObjectIdentifier(other)] { r = known } else { r = try windowFrame(other, node) }
                target = c.multiplier * Self.edge(r, b) + c.constant
            } else {
                target = c.constant
            }
            switch c.firstAttribute {
            case "leading", "left", "top": start = target
            case "trailing", "right", "bottom": end = target
            case "centerX", "centerY": center = target
            default: length = target
            }
        }
        if [start, end, center, length].compactMap({ $0 }).count > 2, let c = list.last {
            throw fail(.invalidValue, c.origin, "this constraint over-determines the view's \(horizontal ? "horizontal" : "vertical") layout",
                       hint: "constrain two of \(horizontal ? "leading, trailing, centerX and width" : "top, bottom, centerY and height")")
        }
        var len = current.1
        if let length { len = length }
        else if let start, let end { len = end - start }
        else if let center, let start { len = 2 * (center - start) }
        else if let center, let end { len = 2 * (end - center) }
        var s = current.0
        if let start { s = start } else if let end { s = end - len } else if let center { s = center - len / 2 }
        return (s, len)
    }

    static func edge(_ r: Rect, _ attribute: String) -> Double {
        switch attribute {
        case "leading", "left": return r.minX
        case "trailing", "right": return r.minX + r.width
        case "centerX": return r.minX + r.width / 2
        case "width": return r.width
        case "top": return r.minY
        case "bottom": return r.minY + r.height
        case "centerY": return r.minY + r.height / 2
        default: return r.height
        }
    }
}
