// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Foundation
import Yams

extension SceneDecoder {
    package static let pathConstructorKeys = ["rect", "roundedRect", "cornerRadius", "ovalIn", "arcCenter", "radius",
                                              "startAngle", "endAngle", "clockwise"]
    package static let pathElementNames = ["moveTo", "lineTo", "quadCurveTo", "curveTo", "close"]
    static let pathExample = "{ovalIn: [0, 0, 100, 100]}"

    /// `maskedCorners: [topLeft, topRight]`: a list of corner names (Core Animation's
    /// `layerMinXMinYCorner` spellings too), or `all`.
    func maskedCorners(_ node: Node) throws(SceneError) -> CornerMask {
        let names = CornerMask.names.map(\.scene)
        let synonyms = Dictionary(uniqueKeysWithValues: CornerMask.names.map { ($0.coreAnimation, $0.scene) })
            .merging(["minXMinY": "topLeft", "maxXMinY": "topRight", "minXMaxY": "bottomLeft", "maxXMaxY": "bottomRight",
                      "topLeading": "topLeft", "topTrailing": "topRight", "bottomLeading": "bottomLeft", "bottomTrailing": "bottomRight"]) { a, _ in a }
        if case let .scalar(s) = node, s.string == "all" { return .all }
        guard case let .sequence(seq) = node else {
            throw typeError(node, expected: "a list of corners (topLeft, topRight, bottomLeft, bottomRight) or all", for: "maskedCorners",
                            example: "maskedCorners: [topLeft, topRight]")
        }
        var mask: CornerMask = []
        for item in seq {
            try tick(item)
            if case let .scalar(s) = item, let corner = synonyms[s.string.hasPrefix(".") ? String(s.string.dropFirst()) : s.string] {
                mask.insert(CornerMask.names.first { $0.scene == corner }!.corner)
                continue
            }
            let name = try name(item, "maskedCorners", among: names, synonyms: synonyms, what: "corner")
            mask.insert(CornerMask.names.first { $0.scene == name }!.corner)
        }
        return mask
    }

    /// `shadowOffset: [width, height]`, in the layer's points; negative values move it up or left.
    func shadowOffset(_ node: Node, _ key: String) throws(SceneError) -> Size {
        let v = try numbers(node, key, counts: [2], shape: "[width, height]", example: "\(key): [0, 8]")
        try checkCoordinates(v, node, key, sizesFrom: 2)
        return Size(width: v[0], height: v[1])
    }

    /// A path: nothing (no path), one of UIBezierPath's constructors as a map, or a list of
    /// elements. Points are in the layer's bounds space.
    package func decodePath(_ node: Node, key: String) throws(SceneError) -> ScenePath? {
        if isNull(node) { return nil }
        switch node {
        case .mapping:
            return try pathConstructor(node, key: key)
        case let .sequence(seq):
            var elements: [ScenePath.Element] = []
            var current: Point?
            for (i, item) in seq.enumerated() {
                try tick(item)
                let element = try pathElement(item, key: key, index: i + 1, current: current)
                elements.append(element)
                switch element {
                case let .move(p), let .line(p), let .curve(_, _, p): current = p
                case .close: break
                }
            }
            guard !elements.isEmpty else {
                throw rangeError(node, "'\(key)' is an empty list of path elements",
                                 "start with a moveTo: \(key): [{moveTo: [0, 0]}, {lineTo: [100, 0]}, {lineTo: [50, 80]}, close]")
            }
            return ScenePath(elements)
        case .scalar:
            throw typeError(node, expected: "a path (a map such as \(Self.pathExample), or a list of moveTo/lineTo/curveTo/close items)",
                            for: key, example: "\(key): \(Self.pathExample)")
        }
    }

    private func pathConstructor(_ node: Node, key: String) throws(SceneError) -> ScenePath {
        let schema = MapSchema(what: "'\(key)'", keys: Self.pathConstructorKeys,
                               synonyms: ["oval": "ovalIn", "ellipse": "ovalIn", "ovalInRect": "ovalIn", "circle": "ovalIn",
                                          "arc": "arcCenter", "center": "arcCenter", "roundRect": "roundedRect",
                                          "roundedRectangle": "roundedRect", "rectangle": "rect", "start": "startAngle",
                                          "end": "endAngle"],
                               elsewhere: Dictionary(uniqueKeysWithValues: Self.pathElementNames.map {
                                   ($0, "'\($0)' is an item of a path written as a list: \(key): [{moveTo: [0, 0]}, {lineTo: [100, 0]}, close]")
                               }))
        let entries = try entries(of: node, schema, key: key, example: "\(key): \(Self.pathExample)")
        var tracker = KeyTracker()
        var values: [String: (Node, Entry)] = [:]
        for entry in entries {
            let name = try check(entry, schema, &tracker)
            values[name] = (entry.value, entry)
        }
        let shapes = ["rect", "roundedRect", "ovalIn", "arcCenter"]
        let given = entries.filter { shapes.contains($0.name ?? "") }
        guard let shape = given.first, let shapeName = shape.name else {
            throw SceneError(.missingKey, at: location(node), "'\(key)' names no shape: give one of rect, roundedRect, ovalIn or arcCenter",
                             suggestion: "write it like \(key): \(Self.pathExample)")
        }
        if given.count > 1 {
            var error = SceneError(.invalidValue, at: location(given[1].key),
                                   "'\(key)' gives two shapes, '\(shapeName)' (at \(location(shape.key))) and '\(given[1].name ?? "")'",
                                   suggestion: "give one shape, or write the path as a list of moveTo/lineTo/curveTo/close items")
            error.relatedLocation = location(shape.key)
            throw error
        }
        // Keys that belong to another constructor.
        let allowed: [String: [String]] = ["rect": [], "roundedRect": ["cornerRadius"], "ovalIn": [],
                                           "arcCenter": ["radius", "startAngle", "endAngle", "clockwise"]]
        for entry in entries where entry.name != shapeName && !(allowed[shapeName] ?? []).contains(entry.name ?? "") {
            throw SceneError(.unknownKey, at: location(entry.key), "'\(entry.name ?? "")' does not go with '\(shapeName)' in '\(key)'",
                             suggestion: (allowed[shapeName] ?? []).isEmpty ? "'\(shapeName)' takes no other key"
                                : "'\(shapeName)' takes " + Suggestions.list(allowed[shapeName] ?? [], conjunction: "and"))
        }
        func rect(_ node: Node, _ name: String) throws(SceneError) -> Rect {
            let v = try numbers(node, name, counts: [4], shape: "[x, y, width, height]", example: "\(name): [0, 0, 100, 100]")
            try checkCoordinates(v, node, name, sizesFrom: 2)
            return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        switch shapeName {
        case "rect":
            return .rect(try rect(shape.value, "rect"))
        case "roundedRect":
            let r = try rect(shape.value, "roundedRect")
            let radius = try values["cornerRadius"].map { v throws(SceneError) in try length(v.0, "cornerRadius", example: "cornerRadius: 16") } ?? 0
            return .roundedRect(r, radius: radius)
        case "ovalIn":
            return .oval(in: try rect(shape.value, "ovalIn"))
        default:
            let c = try numbers(shape.value, "arcCenter", counts: [2], shape: "[x, y]", example: "arcCenter: [50, 50]")
            try checkCoordinates(c, shape.value, "arcCenter", sizesFrom: 2)
            for required in ["radius", "startAngle", "endAngle"] where values[required] == nil {
                throw SceneError(.missingKey, at: location(node), "the arc in '\(key)' is missing '\(required)'",
                                 suggestion: "write it like \(key): {arcCenter: [50, 50], radius: 40, startAngle: 0deg, endAngle: 180deg, clockwise: true}")
            }
            let radius = try length(values["radius"]!.0, "radius", example: "radius: 40")
            let a0 = try angle(values["startAngle"]!.0, "startAngle"), a1 = try angle(values["endAngle"]!.0, "endAngle")
            let clockwise = try values["clockwise"].map { v throws(SceneError) in try bool(v.0, "clockwise") } ?? true
            return .arc(center: Point(x: c[0], y: c[1]), radius: radius, startAngle: a0, endAngle: a1, clockwise: clockwise)
        }
    }

    private func pathElement(_ node: Node, key: String, index: Int, current: Point?) throws(SceneError) -> ScenePath.Element {
        let what = "item \(index) of '\(key)'"
        if case let .scalar(s) = node, s.string.trimmingCharacters(in: .whitespaces) == "close" || s.string == "closePath" {
            return .close
        }
        guard case let .mapping(map) = node, let (k, _) = map.first, let first = k.scalar?.string else {
            throw typeError(node, expected: "a path element ({moveTo: [x, y]}, {lineTo: [x, y]}, {curveTo: [x, y], controlPoint1: …, controlPoint2: …} or close)",
                            for: key, example: "- {lineTo: [100, 0]}")
        }
        let kinds: [String: [String]] = ["moveTo": [], "lineTo": [], "quadCurveTo": ["controlPoint"],
                                         "curveTo": ["controlPoint1", "controlPoint2"], "close": []]
        let kind = try name(k, "a path element", among: Self.pathElementNames,
                            synonyms: ["move": "moveTo", "line": "lineTo", "addLine": "lineTo", "addCurve": "curveTo",
                                       "curve": "curveTo", "addQuadCurve": "quadCurveTo", "quadCurve": "quadCurveTo",
                                       "closePath": "close", "cubicTo": "curveTo", "quadTo": "quadCurveTo"],
                            what: "path element")
        _ = first
        let schema = MapSchema(what: what, keys: [kind] + (kinds[kind] ?? []), required: [kind] + (kinds[kind] ?? []))
        let entries = try entries(of: node, schema, key: key, example: "- {lineTo: [100, 0]}")
        var tracker = KeyTracker()
        var points: [String: Point] = [:]
        for entry in entries {
            let name = try check(entry, schema, &tracker)
            if name == "close" { continue }
            let v = try numbers(entry.value, name, counts: [2], shape: "[x, y]", example: "\(name): [100, 0]")
            try checkCoordinates(v, entry.value, name, sizesFrom: 2)
            points[name] = Point(x: v[0], y: v[1])
        }
        if kind == "moveTo" { return .move(points["moveTo"]!) }
        if kind == "close" { return .close }
        guard let start = current else {
            throw SceneError(.invalidValue, at: location(node), "\(what) is a \(kind) with no current point before it",
                             suggestion: "start the path with {moveTo: [x, y]}")
        }
        switch kind {
        case "lineTo": return .line(points["lineTo"]!)
        case "curveTo": return .curve(c1: points["controlPoint1"]!, c2: points["controlPoint2"]!, to: points["curveTo"]!)
        default:
            // A quadratic is stored as the cubic that traces it exactly.
            return .quadratic(from: start, control: points["controlPoint"]!, to: points["quadCurveTo"]!)
        }
    }

    /// Animations of a path must morph element by element: every value they name (and the
    /// layer's own path where a `from` or `to` is left out) has the same elements.
    func checkPathMorphs(_ animations: [AnimationSpec], layers: [LayerSpec]) throws(SceneError) {
        var model: [String: LayerSpec] = [:]
        func visit(_ l: LayerSpec) { model[l.id] = l; l.maskLayers.forEach(visit); l.sublayers.forEach(visit) }
        layers.forEach(visit)
        for (index, a) in animations.enumerated() where a.keyPath.valueKind == .path {
            var values: [(String, ScenePath?)] = []
            if let k = a.keyframes {
                for (i, v) in k.values.enumerated() { if case let .path(p) = v { values.append(("keyframe value \(i + 1)", p)) } }
            } else {
                let own = ("the layer's own \(a.keyPath.rawValue)", model[a.layerID]?.path(for: a.keyPath))
                if case let .path(p)? = a.from { values.append(("'from'", p)) } else { values.append(own) }
                if case let .path(p)? = a.to { values.append(("'to'", p)) } else { values.append(own) }
            }
            guard let (firstName, first) = values.first else { continue }
            for (name, p) in values.dropFirst() {
                let problem: String?
                switch (first, p) {
                case let (x?, y?): problem = x.morphProblem(to: y)
                case (nil, nil): problem = nil
                default: problem = "one of them is no path"
                }
                if let problem {
                    throw SceneError(.invalidValue, at: a.location,
                                     "animation \(index + 1) cannot morph \(a.keyPath.rawValue) from \(firstName) to \(name): \(problem); Core Animation interpolates paths point by point, so they need the same elements",
                                     suggestion: "build both paths the same way (for a circular reveal, ovalIn to ovalIn), or split the change into two animations")
                }
            }
        }
    }
}

extension SceneDecoder {
    /// A keyframe group's path changes morph element by element too: each layer's path, from
    /// its own through every keyframe that sets it, keeps the same elements.
    func checkGroupPathMorphs(_ groups: [KeyframeGroupSpec], layers: [LayerSpec]) throws(SceneError) {
        var model: [String: LayerSpec] = [:]
        func visit(_ l: LayerSpec) { model[l.id] = l; l.maskLayers.forEach(visit); l.sublayers.forEach(visit) }
        layers.forEach(visit)
        for g in groups {
            var last: [String: (String, ScenePath?)] = [:]
            for (i, k) in g.keyframes.enumerated() {
                for c in k.changes where c.keyPath.valueKind == .path {
                    let key = c.layerID + "." + c.keyPath.rawValue
                    let previous = last[key] ?? ("the layer's own \(c.keyPath.rawValue)", model[c.layerID]?.path(for: c.keyPath))
                    let value: ScenePath? = { if case let .path(p) = c.value { return p }; return nil }()
                    let problem: String?
                    switch (previous.1, value) {
                    case let (x?, y?): problem = x.morphProblem(to: y)
                    case (nil, nil): problem = nil
                    default: problem = "one of them is no path"
                    }
                    if let problem {
                        throw SceneError(.invalidValue, at: c.location,
                                         "keyframe \(i + 1) cannot morph \(c.keyPath.rawValue) of '\(c.layerID)' from \(previous.0) to this value: \(problem); Core Animation interpolates paths point by point, so they need the same elements",
                                         suggestion: "build every value of the path the same way (ovalIn to ovalIn), or change it in another group")
                    }
                    last[key] = ("keyframe \(i + 1)'s", value)
                }
            }
        }
    }
}

extension ScenePath.Element {
    /// A quadratic Bézier from `s`, as the cubic that traces it exactly (control points two
    /// thirds of the way from each end to the quadratic's control point).
    static func quadratic(from s: Point, control q: Point, to p: Point) -> ScenePath.Element {
        .curve(c1: Point(x: s.x + 2 * (q.x - s.x) / 3, y: s.y + 2 * (q.y - s.y) / 3),
               c2: Point(x: p.x + 2 * (q.x - p.x) / 3, y: p.y + 2 * (q.y - p.y) / 3), to: p)
    }
}

extension LayerSpec {
    /// The model value of a path key path.
    func path(for keyPath: AnimatableKeyPath) -> ScenePath? {
        switch keyPath {
        case .shadowPath: shadow.path
        case .path: shape?.path
        default: nil
        }
    }
}
