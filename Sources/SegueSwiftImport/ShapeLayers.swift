// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SwiftSyntax
import Yams

/// A CGPath or UIBezierPath, kept as the constructor or the elements that built it, so the scene
/// reads like the code (`ovalIn: [x, y, w, h]`).
final class PathValue {
    enum Element { case move(Point), line(Point), quad(Point, control: Point), curve(Point, Point, Point), close }
    enum Form { case rect(Rect), roundedRect(Rect, Double), oval(Rect), arc(Point, Double, Double, Double, Bool), elements }
    var form: Form
    var elements: [Element] = []
    init(_ form: Form) { self.form = form }

    /// Bounding box of the path's points (control points included, as CGPath's boundingBox is not).
    /// Where the next element starts: the last point, or the subpath's start after a close.
    var currentPoint: Point {
        var start = Point(x: 0, y: 0), current = start
        for e in elements {
            switch e {
            case let .move(p): start = p; current = p
            case let .line(p), let .quad(p, _), let .curve(p, _, _): current = p
            case .close: current = start
            }
        }
        return current
    }

    var box: Rect? {
        switch form {
        case let .rect(r), let .roundedRect(r, _), let .oval(r): return r
        case let .arc(c, r, _, _, _): return Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
        case .elements: return nil
        }
    }
}

/// CAShapeLayer, CGPath and UIBezierPath, and masks (`layer.mask`, `maskView`): the scene's shape
/// layers and `mask:` (docs/scene-format/shape-layers.md, masks.md).
extension Evaluator {
    /// The constructors of paths and shape layers; nil when `name` is not one of them.
    func shapeCall(_ name: String, _ args: Arguments, _ scope: Scope, _ node: FunctionCallExprSyntax) throws(SwiftImportError) -> Value? {
        let labels = args.labels.filter { $0 != "transform" }
        if args.labels.contains("transform"), case .none = try arg(args, "transform", scope, hint: nil) {} else if args.labels.contains("transform") {
            throw fail(.unsupported, node, "a path with a transform is not supported", hint: "pass transform: nil and give the path in the layer's coordinates")
        }
        switch (name, labels) {
        case ("CAShapeLayer", []), ("CALayer", []):
            let v = newView(frame: .zero, origin: "\(name)()")
            v.isShapeLayer = name == "CAShapeLayer"
            if v.isShapeLayer {
                // CAShapeLayer's defaults: an opaque black fill, no stroke, 1 pt lines.
                for (p, value) in [(LayerProperty.fillColor, Value.color(ColorValue(r: 0, g: 0, b: 0, a: 1, name: "black"))), (.lineWidth, .double(1)),
                                   (.strokeStart, .double(0)), (.strokeEnd, .double(1))] {
                    v.model[p] = value; v.initial[p] = value
                }
            }
            return .layer(v)
        case ("CGPath", ["ellipseIn"]), ("UIBezierPath", ["ovalIn"]):
            return .path(PathValue(.oval(try rect(try arg(args, labels[0], scope, hint: "CGRect"), node, labels[0]))))
        case ("CGPath", ["rect"]), ("UIBezierPath", ["rect"]):
            return .path(PathValue(.rect(try rect(try arg(args, "rect", scope, hint: "CGRect"), node, "rect"))))
        case ("UIBezierPath", ["roundedRect", "cornerRadius"]):
            return .path(PathValue(.roundedRect(try rect(try arg(args, "roundedRect", scope, hint: "CGRect"), node, "roundedRect"), try num(args, "cornerRadius", scope))))
        case ("CGPath", ["roundedRect", "cornerWidth", "cornerHeight"]):
            let w = try num(args, "cornerWidth", scope), h = try num(args, "cornerHeight", scope)
            guard w == h else { throw fail(.unsupported, node, "corners of different width and height are not supported", hint: "give cornerWidth and cornerHeight the same value") }
            return .path(PathValue(.roundedRect(try rect(try arg(args, "roundedRect", scope, hint: "CGRect"), node, "roundedRect"), w)))
        case ("UIBezierPath", ["arcCenter", "radius", "startAngle", "endAngle", "clockwise"]):
            return .path(PathValue(.arc(try point(try arg(args, "arcCenter", scope, hint: "CGPoint"), node, "arcCenter"), try num(args, "radius", scope),
                                        try num(args, "startAngle", scope), try num(args, "endAngle", scope),
                                        try bool(try arg(args, "clockwise", scope, hint: "Bool"), node, "clockwise"))))
        case ("UIBezierPath", ["roundedRect", "byRoundingCorners", "cornerRadii"]):
            let r = try rect(try arg(args, "roundedRect", scope, hint: "CGRect"), node, "roundedRect")
            let radii = try size(try arg(args, "cornerRadii", scope, hint: "CGSize"), node, "cornerRadii")
            var corners = Set<String>()
            switch try arg(args, "byRoundingCorners", scope, hint: "UIRectCorner") {
            case let .enumCase(c, _): corners = [c]
            case let .array(items): for case let .enumCase(c, _) in items { corners.insert(c) }
            default: throw fail(.invalidValue, node, "expected corners such as [.topLeft, .topRight]")
            }
            if corners.contains("allCorners") { corners = ["topLeft", "topRight", "bottomLeft", "bottomRight"] }
            let p = PathValue(.elements)
            p.elements = Self.roundedRectElements(r, radius: min(radii.width, r.width / 2, r.height / 2), corners: corners)
            return .path(p)
        case ("UIBezierPath", []), ("CGMutablePath", []):
            return .path(PathValue(.elements))
        default: return nil
        }
    }

    /// A rectangle with quarter-circle corners where `corners` says, clockwise from the top
    /// edge's start, closed (cubic quarter circles with the usual 4/3 (√2 − 1) handles).
    static func roundedRectElements(_ r: Rect, radius: Double, corners: Set<String>) -> [PathValue.Element] {
        let k = 4.0 / 3.0 * (2.0.squareRoot() - 1) * radius
        func rad(_ c: String) -> Double { corners.contains(c) ? radius : 0 }
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.minX + r.width, r.minY + r.height)
        let tl = rad("topLeft"), tr = rad("topRight"), br = rad("bottomRight"), bl = rad("bottomLeft")
        func kk(_ v: Double) -> Double { v == 0 ? 0 : k }
        var e: [PathValue.Element] = [.move(Point(x: x0 + tl, y: y0)), .line(Point(x: x1 - tr, y: y0))]
        if tr > 0 { e.append(.curve(Point(x: x1, y: y0 + tr), Point(x: x1 - tr + kk(tr), y: y0), Point(x: x1, y: y0 + tr - kk(tr)))) }
        e.append(.line(Point(x: x1, y: y1 - br)))
        if br > 0 { e.append(.curve(Point(x: x1 - br, y: y1), Point(x: x1, y: y1 - br + kk(br)), Point(x: x1 - br + kk(br), y: y1))) }
        e.append(.line(Point(x: x0 + bl, y: y1)))
        if bl > 0 { e.append(.curve(Point(x: x0, y: y1 - bl), Point(x: x0 + bl - kk(bl), y: y1), Point(x: x0, y: y1 - bl + kk(bl)))) }
        e.append(.line(Point(x: x0, y: y0 + tl)))
        if tl > 0 { e.append(.curve(Point(x: x0 + tl, y: y0), Point(x: x0, y: y0 + tl - kk(tl)), Point(x: x0 + tl - kk(tl), y: y0))) }
        e.append(.close)
        return e
    }

    /// An arc as UIBezierPath's `addArc(withCenter:…)` draws it: a line to its start, then one
    /// cubic for each quarter turn or less of its sweep (handles 4/3 tan(θ/4) of the radius).
    /// Angles grow clockwise on screen (y points down); a clockwise arc sweeps towards larger angles.
    static func arcElements(center c: Point, radius r: Double, from a0: Double, to a1: Double, clockwise: Bool) -> [PathValue.Element] {
        var end = a1
        if clockwise { while end < a0 { end += 2 * .pi } } else { while end > a0 { end -= 2 * .pi } }
        let sweep = end - a0
        let count = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4) * r
        func at(_ a: Double) -> Point { Point(x: c.x + r * cos(a), y: c.y + r * sin(a)) }
        var out: [PathValue.Element] = [.line(at(a0))]
        for i in 0 ..< count {
            let s = a0 + Double(i) * step, e = s + step
            let p0 = at(s), p1 = at(e)
            out.append(.curve(p1, Point(x: p0.x - k * sin(s), y: p0.y + k * cos(s)), Point(x: p1.x + k * sin(e), y: p1.y - k * cos(e))))
        }
        return out
    }

    /// UIBezierPath's and CGMutablePath's building methods.
    func pathMethod(_ p: PathValue, _ sig: String, _ args: Arguments, _ scope: Scope, _ node: FunctionCallExprSyntax) throws(SwiftImportError) -> Value? {
        func pt(_ label: String?) throws(SwiftImportError) -> Point { try point(try arg(args, label, scope, hint: "CGPoint"), node, label ?? "the point") }
        let element: PathValue.Element
        switch sig {
        case "move(to:)": element = .move(try pt("to"))
        case "addLine(to:)": element = .line(try pt("to"))
        case "addQuadCurve(to:controlPoint:)": element = .quad(try pt("to"), control: try pt("controlPoint"))
        case "addCurve(to:controlPoint1:controlPoint2:)": element = .curve(try pt("to"), try pt("controlPoint1"), try pt("controlPoint2"))
        case "close()", "closeSubpath()": element = .close
        case "addArc(withCenter:radius:startAngle:endAngle:clockwise:)":
            guard case .elements = p.form else {
                throw fail(.unsupported, node, "adding to a path made from a shape (\(sig)) is not supported", hint: "build the path with UIBezierPath() and move(to:)/addLine(to:)")
            }
            let elements = Self.arcElements(center: try pt("withCenter"), radius: try num(args, "radius", scope), from: try num(args, "startAngle", scope),
                                            to: try num(args, "endAngle", scope), clockwise: try bool(try arg(args, "clockwise", scope, hint: "Bool"), node, "clockwise"))
            // UIBezierPath draws a line from the current point to the arc's start (a move when
            // the path is empty).
            if p.elements.isEmpty, case let .line(start) = elements[0] { p.elements.append(.move(start)) } else { p.elements.append(elements[0]) }
            p.elements += elements.dropFirst()
            return .void
        default: return nil
        }
        guard case .elements = p.form else {
            throw fail(.unsupported, node, "adding to a path made from a shape (\(sig)) is not supported", hint: "build the path with UIBezierPath() and move(to:)/addLine(to:)")
        }
        p.elements.append(element)
        return .void
    }

}

extension Recorder {
    /// The scene's path syntax.
    func path(_ p: PathValue) -> Node {
        let r = self
        func rectNode(_ x: Rect) -> Node { r.numbers([x.minX, x.minY, x.width, x.height]) }
        switch p.form {
        case let .rect(x): return r.map([("rect", rectNode(x))], flow: true)
        case let .oval(x): return r.map([("ovalIn", rectNode(x))], flow: true)
        case let .roundedRect(x, c): return r.map([("roundedRect", rectNode(x)), ("cornerRadius", r.number(c))], flow: true)
        case let .arc(c, radius, a, b, cw):
            return r.map([("arcCenter", r.numbers([c.x, c.y])), ("radius", r.number(radius)), ("startAngle", r.angle(a)),
                          ("endAngle", r.angle(b)), ("clockwise", r.bool(cw))], flow: true)
        case .elements:
            return r.list(p.elements.map { e in
                switch e {
                case let .move(q): return r.map([("moveTo", r.numbers([q.x, q.y]))], flow: true)
                case let .line(q): return r.map([("lineTo", r.numbers([q.x, q.y]))], flow: true)
                case let .quad(q, c): return r.map([("quadCurveTo", r.numbers([q.x, q.y])), ("controlPoint", r.numbers([c.x, c.y]))], flow: true)
                case let .curve(q, c1, c2):
                    return r.map([("curveTo", r.numbers([q.x, q.y])), ("controlPoint1", r.numbers([c1.x, c1.y])), ("controlPoint2", r.numbers([c2.x, c2.y]))], flow: true)
                case .close: return r.plain("close")
                }
            }, flow: true)
        }
    }
}

extension Evaluator {
    /// A shape layer's properties: nil when `name` is not one.
    func readShape(_ v: ViewObject, _ name: String) -> Value? {
        guard v.isShapeLayer, let p = Self.shapeProperties[name] else { return nil }
        return v.model[p] ?? Value.none
    }

    static let shapeProperties: [String: LayerProperty] = [
        "path": .path, "fillColor": .fillColor, "strokeColor": .strokeColor, "lineWidth": .lineWidth, "strokeStart": .strokeStart, "strokeEnd": .strokeEnd,
    ]

    func writeShape(_ v: ViewObject, _ name: String, _ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Bool {
        guard v.isShapeLayer, let p = Self.shapeProperties[name] else { return false }
        let converted: Value
        switch p {
        case .path:
            guard case .path = value else { throw fail(.invalidValue, node, "expected a CGPath for path, found \(value.typeDescription)", hint: "write UIBezierPath(ovalIn: rect).cgPath") }
            converted = value
        case .fillColor, .strokeColor:
            if case .none = value { converted = .none } else { converted = .color(try color(value, node, name)) }
        default: converted = .double(try double(value, node, name))
        }
        try write(v, [p: converted], keyPath: name, value: converted, node)
        return true
    }

    /// `layer.mask = shape` (or `view.mask = maskView`): the mask draws by its alpha in the masked
    /// layer's coordinates. Taking it away later changes nothing only where it covered the layer.
    func setMask(_ v: ViewObject, _ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) {
        switch value {
        case let .layer(m), let .view(m):
            guard now == 0, currentAnimation == nil else {
                throw fail(.unsupported, node, "adding a mask after the animations started is not supported", hint: "set the mask before the animations start")
            }
            m.autoNamed = false
            v.maskLayer = m
            m.maskOwner = v
        case .none, .void:
            guard let m = v.maskLayer else { return }
            if now == 0, currentAnimation == nil { v.maskLayer = nil; return }
            guard coversBounds(m, of: v) else {
                throw fail(.unsupported, node, "removing a mask that does not cover the layer after the animations started is not supported",
                           hint: "leave the mask in place, or let its last path cover the layer")
            }
        default:
            throw fail(.invalidValue, node, "expected a layer (or nil) for mask, found \(value.typeDescription)")
        }
    }

    /// Whether the mask's last path covers the masked layer's bounds (an oval or rect containing
    /// its four corners), so taking the mask away shows the same picture.
    func coversBounds(_ m: ViewObject, of v: ViewObject) -> Bool {
        guard case let .path(p)? = m.model[.path] else { return false }
        let origin = Point(x: m.frame.minX, y: m.frame.minY)
        let corners = [Point(x: 0, y: 0), Point(x: v.size.width, y: 0), Point(x: 0, y: v.size.height), Point(x: v.size.width, y: v.size.height)]
            .map { Point(x: $0.x - origin.x, y: $0.y - origin.y) }
        switch p.form {
        case let .rect(r), let .roundedRect(r, 0):
            return corners.allSatisfy { $0.x >= r.minX && $0.x <= r.minX + r.width && $0.y >= r.minY && $0.y <= r.minY + r.height }
        case let .oval(r):
            let cx = r.minX + r.width / 2, cy = r.minY + r.height / 2, a = r.width / 2, b = r.height / 2
            return a > 0 && b > 0 && corners.allSatisfy { pow(($0.x - cx) / a, 2) + pow(($0.y - cy) / b, 2) <= 1 + 1e-9 }
        default: return false
        }
    }

    /// The shape and mask keys of a layer, for the scene.
    func shapeAndMaskKeys(_ v: ViewObject) -> [(String, Node)] {
        let r = recorder
        var props: [(String, Node)] = []
        if v.isShapeLayer {
            let i = v.initial
            if case let .path(p)? = i[.path] { props.append(("path", r.path(p))) }
            if let c = i[.fillColor] { props.append(("fillColor", c.isNone ? r.plain("null") : r.node(c, keyPath: "fillColor"))) }
            if let c = i[.strokeColor], !c.isNone { props.append(("strokeColor", r.node(c, keyPath: "strokeColor"))) }
            if case let .double(w)? = i[.lineWidth], w != 1 { props.append(("lineWidth", r.number(w))) }
            if case let .double(s)? = i[.strokeStart], s != 0 { props.append(("strokeStart", r.number(s))) }
            if case let .double(e)? = i[.strokeEnd], e != 1 { props.append(("strokeEnd", r.number(e))) }
        }
        if let m = v.maskLayer {
            let l = layer(m)
            var pairs: [(String, Node)] = [("id", r.string(l.id)), ("frame", r.numbers([l.frame.minX, l.frame.minY, l.frame.width, l.frame.height]))]
            pairs += l.properties.filter { $0.0 != "hidden" }
            props.append(("mask", r.map(pairs)))
        }
        return props
    }
}

extension Value {
    var isNone: Bool { if case .none = self { return true }; return false }
}
