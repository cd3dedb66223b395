// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import SwiftSyntax
import Yams

/// CAGradientLayer: `CAGradientLayer()` (and a plain `CALayer()`) made in the animator and
/// added with addSublayer / insertSublayer, with `colors`, `locations`, `startPoint`,
/// `endPoint` and `type` set, and the first four animated (in UIView blocks or by
/// CABasicAnimation). The scene's layer gets the gradient keys of docs/scene-format/gradients.md.
extension Evaluator {
    /// The key paths of this file's properties (contentsRect with them: any layer's).
    static let gradientKeyPaths: Set<String> = ["colors", "locations", "startPoint", "endPoint", "contentsRect"]
    static let gradientTypes = ["axial", "radial", "conic"]

    /// `CAGradientLayer()`, `CALayer()`: a new layer, hidden until it is added to a layer in
    /// the tree. Nil for any other call.
    func layerTypeCall(_ name: String, _ labels: [String], _ args: Arguments, _ scope: Scope,
                       _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value? {
        switch (name, labels) {
        case ("CAGradientLayer", []), ("CALayer", []):
            let v = newView(frame: .zero, origin: "\(name)()")
            if name == "CAGradientLayer" {
                // Core Animation's defaults; the layer draws nothing until it has colours.
                v.model[.startPoint] = .point(Point(x: 0.5, y: 0)); v.initial[.startPoint] = v.model[.startPoint]
                v.model[.endPoint] = .point(Point(x: 0.5, y: 1)); v.initial[.endPoint] = v.model[.endPoint]
                v.model[.gradientType] = .string("axial"); v.initial[.gradientType] = v.model[.gradientType]
            }
            return .layer(v)
        case ("CAGradientLayerType", ["rawValue"]):
            return try gradientType(try arg(args, "rawValue", scope, hint: nil), node)
        default:
            return try blurTypeCall(name, labels, args, scope, node)
        }
    }

    /// Sets a gradient property of a layer; false when `name` is not one.
    func writeGradientMember(_ v: ViewObject, _ name: String, _ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Bool {
        switch name {
        case "colors":
            let colors = try gradientColors(value, node)
            try write(v, [.colors: colors], keyPath: "colors", value: colors, node)
        case "locations":
            let locations = try gradientLocations(value, node)
            try write(v, [.locations: locations], keyPath: "locations", value: locations, node)
        case "startPoint", "endPoint":
            let p = try point(value, node, name)
            try write(v, [name == "startPoint" ? .startPoint : .endPoint: .point(p)], keyPath: name, value: .point(p), node)
        case "type":
            try writeStatic(v, .gradientType, try gradientType(value, node), node)
        case "contentsRect":
            let r = try rect(value, node, "contentsRect")
            guard r.width > 0, r.height > 0 else {
                throw fail(.invalidValue, node, "contentsRect needs a width and a height greater than zero", hint: "the left half is CGRect(x: 0, y: 0, width: 0.5, height: 1)")
            }
            try write(v, [.contentsRect: .rect(r)], keyPath: "contentsRect", value: .rect(r), node)
            return true
        default:
            return false
        }
        if v.model[.startPoint] == nil {
            // A plain CALayer that gets gradient keys: a gradient layer in the scene.
            v.model[.startPoint] = .point(Point(x: 0.5, y: 0)); v.initial[.startPoint] = v.model[.startPoint]
            v.model[.endPoint] = .point(Point(x: 0.5, y: 1)); v.initial[.endPoint] = v.model[.endPoint]
        }
        return true
    }

    /// The model value of a gradient key path, for an animation without fromValue.
    func gradientValue(_ v: ViewObject, _ keyPath: String) -> Value? {
        switch keyPath {
        case "colors": return v.model[.colors] ?? .array([])
        case "locations": return v.model[.locations]
        case "startPoint": return v.model[.startPoint] ?? .point(Point(x: 0.5, y: 0))
        case "endPoint": return v.model[.endPoint] ?? .point(Point(x: 0.5, y: 1))
        case "contentsRect": return v.model[.contentsRect] ?? .rect(Rect(x: 0, y: 0, width: 1, height: 1))
        default: return nil
        }
    }

    /// `[UIColor.black.cgColor, …]`: a list of colours (nil is an empty list).
    func gradientColors(_ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        switch value {
        case .none: return .array([])
        case let .array(items):
            var colors: [Value] = []
            for item in items { colors.append(.color(try color(item, node, "an item of colors"))) }
            return .array(colors)
        default:
            throw fail(.invalidValue, node, "expected an array of CGColors for colors, found \(value.typeDescription)",
                       hint: "write colors = [UIColor.black.cgColor, UIColor.clear.cgColor]")
        }
    }

    /// `[0, 0.5, 1]` (NSNumbers): numbers from 0 to 1; nil spreads the colours evenly.
    func gradientLocations(_ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        switch value {
        case .none: return .none
        case let .array(items):
            var out: [Value] = []
            for item in items {
                let d = try double(item, node, "an item of locations")
                guard (0 ... 1).contains(d) else {
                    throw fail(.invalidValue, node, "a gradient location is \(Recorder.format(d)); locations go from 0 to 1")
                }
                out.append(.double(d))
            }
            return .array(out)
        default:
            throw fail(.invalidValue, node, "expected an array of numbers for locations, found \(value.typeDescription)",
                       hint: "write locations = [0, 0.5, 1]")
        }
    }

    /// `.axial`, `.radial`, `.conic`, `kCAGradientLayerRadial` or the raw strings.
    func gradientType(_ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value {
        var name: String?
        switch value {
        case let .enumCase(n, _): name = n
        case let .string(s): name = s
        default: break
        }
        if let n = name, n.hasPrefix("kCAGradientLayer") { name = n.dropFirst("kCAGradientLayer".count).lowercased() }
        guard let n = name, Self.gradientTypes.contains(n) else {
            throw fail(.invalidValue, node, "expected a CAGradientLayerType (.axial, .radial or .conic), found \(value.typeDescription)")
        }
        return .string(n)
    }

    /// The scene keys of a gradient layer, from its values before the animations.
    func gradientProperties(_ v: ViewObject) -> [(String, Node)] {
        let r = recorder
        let i = v.initial
        var slice: [(String, Node)] = []
        if case let .rect(c)? = i[.contentsRect], c != Rect(x: 0, y: 0, width: 1, height: 1) || v.changedLater.contains(.contentsRect) {
            slice.append(("contentsRect", r.numbers([c.minX, c.minY, c.width, c.height])))
        } else if v.changedLater.contains(.contentsRect) {
            slice.append(("contentsRect", r.numbers([0, 0, 1, 1])))
        }
        return slice + gradientKeys(v, r, i)
    }

    private func gradientKeys(_ v: ViewObject, _ r: Recorder, _ i: [LayerProperty: Value]) -> [(String, Node)] {
        let animates = !v.changedLater.isDisjoint(with: [.colors, .locations, .startPoint, .endPoint])
        guard case let .array(colors)? = i[.colors] ?? (animates ? .array([]) : nil) else { return [] }
        var props: [(String, Node)] = [("colors", r.node(.array(colors), keyPath: "colors"))]
        if case let .array(l)? = i[.locations] { props.append(("locations", r.node(.array(l), keyPath: "locations"))) }
        if case let .point(p)? = i[.startPoint], p != Point(x: 0.5, y: 0) || v.changedLater.contains(.startPoint) {
            props.append(("startPoint", r.numbers([p.x, p.y])))
        }
        if case let .point(p)? = i[.endPoint], p != Point(x: 0.5, y: 1) || v.changedLater.contains(.endPoint) {
            props.append(("endPoint", r.numbers([p.x, p.y])))
        }
        if case let .string(t)? = i[.gradientType], t != "axial" { props.append(("type", r.plain(t))) }
        return props
    }
}
