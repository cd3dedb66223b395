// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry

extension SceneDecoder {
    /// CAGradientLayer's keys, read on any layer.
    package static let gradientLayerKeys = ["colors", "locations", "startPoint", "endPoint", "type"]

    /// Reads one gradient key into `gradient`.
    func decodeGradientKey(_ key: String, _ value: Node, into gradient: inout GradientSpec) throws(SceneError) {
        switch key {
        case "colors":
            gradient.colors = try gradientColors(value, key)
        case "locations":
            gradient.locations = try gradientLocations(value, key)
        case "startPoint", "endPoint":
            let v = try numbers(value, key, counts: [2], shape: "[x, y] in the unit space of the bounds",
                                example: key == "startPoint" ? "startPoint: [0.5, 0]" : "endPoint: [0.5, 1]")
            try checkCoordinates(v, value, key, sizesFrom: 2)
            let p = Point(x: v[0], y: v[1])
            if key == "startPoint" { gradient.startPoint = p } else { gradient.endPoint = p }
        case "type":
            let name = try name(value, "type", among: GradientType.allCases.map(\.rawValue),
                                synonyms: ["linear": "axial", "angular": "conic", "sweep": "conic", "elliptical": "radial"],
                                prefixes: ["kCAGradientLayer", "CAGradientLayerType."], what: "gradient type")
            gradient.type = GradientType(rawValue: name) ?? .axial
        default:
            break
        }
    }

    /// `colors`: a list of colours.
    func gradientColors(_ value: Node, _ key: String) throws(SceneError) -> [RGBAColor] {
        if isNull(value) { return [] }
        guard case let .sequence(seq) = value else {
            throw typeError(value, expected: "a list of colours", for: key, example: "\(key): [\"#000000\", \"#00000000\"]")
        }
        var out: [RGBAColor] = []
        for element in seq {
            try tick(element)
            out.append(try color(element, key))
        }
        return out
    }

    /// `locations`: numbers from 0 to 1 that do not decrease.
    func gradientLocations(_ value: Node, _ key: String) throws(SceneError) -> [Double]? {
        if isNull(value) { return nil }
        guard case let .sequence(seq) = value else {
            throw typeError(value, expected: "a list of numbers between 0 and 1", for: key, example: "\(key): [0, 0.5, 1]")
        }
        var out: [Double] = []
        for (i, element) in seq.enumerated() {
            try tick(element)
            let v = try number(element, key, item: i + 1, in: 0 ... 1, what: "between 0 and 1", example: "\(key): [0, 0.5, 1]")
            if let last = out.last, v < last {
                throw rangeError(element, "item \(i + 1) of '\(key)' (\(numberText(element))) is smaller than the item before it (\(Quote.number(last)))",
                                 "locations go from the start point to the end point and may not decrease")
            }
            out.append(v)
        }
        return out
    }

    /// A gradient's `locations` need one number per colour; Core Animation's result otherwise
    /// is undocumented.
    func checkGradient(_ gradient: GradientSpec, colorsNode: Node?, locationsNode: Node?, layer what: String) throws(SceneError) {
        guard let locations = gradient.locations, let node = locationsNode ?? colorsNode, locations.count != gradient.colors.count else { return }
        throw rangeError(node, "\(what) has \(gradient.colors.count) \(gradient.colors.count == 1 ? "colour" : "colours") but \(locations.count) \(locations.count == 1 ? "location" : "locations"); each colour needs one location",
                         "give one location per colour, or leave 'locations' out to spread the colours evenly")
    }

    /// Animations of `colors` and `locations` interpolate item by item: every value they name
    /// (and the layer's own list where a `from` or `to` is left out) has the same length.
    func checkGradientMorphs(_ animations: [AnimationSpec], layers: [LayerSpec]) throws(SceneError) {
        var model: [String: LayerSpec] = [:]
        func visit(_ l: LayerSpec) { model[l.id] = l; l.maskLayers.forEach(visit); l.sublayers.forEach(visit) }
        layers.forEach(visit)
        func count(_ v: AnimationValue?) -> Int? {
            switch v {
            case let .colors(c)?: c.count
            case let .numbers(n)?: n?.count
            default: nil
            }
        }
        for (index, a) in animations.enumerated() where a.keyPath == .colors || a.keyPath == .locations {
            let own: Int? = a.keyPath == .colors ? model[a.layerID]?.gradient?.colors.count ?? 0 : model[a.layerID]?.gradient?.locations?.count
            var values: [(String, Int?)] = []
            if let k = a.keyframes {
                for (i, v) in k.values.enumerated() { values.append(("keyframe value \(i + 1)", count(v))) }
            } else {
                values.append(a.from.map { ("'from'", count($0)) } ?? ("the layer's own \(a.keyPath.rawValue)", own))
                values.append(a.to.map { ("'to'", count($0)) } ?? ("the layer's own \(a.keyPath.rawValue)", own))
            }
            guard let (firstName, first) = values.first else { continue }
            for (name, n) in values.dropFirst() where n != first {
                func said(_ n: Int?) -> String { n.map { "\($0)" } ?? "no" }
                throw SceneError(.invalidValue, at: a.location,
                                 "animation \(index + 1) cannot interpolate \(a.keyPath.rawValue) from \(firstName) (\(said(first)) items) to \(name) (\(said(n)) items); Core Animation interpolates them item by item, so they need the same length",
                                 suggestion: "give both lists the same number of items (repeat a colour to keep a stop where it is)")
            }
        }
    }
}

extension SceneDecoder {
    /// `blur:`: a UIBlurEffect.Style name, or `none` (null) for an effect view without an
    /// effect yet (one that animates to a style).
    func blurEffect(_ value: Node, _ key: String) throws(SceneError) -> BlurEffect {
        if isNull(value) { return .none }
        let name = try name(value, key, among: ["none"] + BlurStyle.allCases.map(\.rawValue),
                            synonyms: ["nil": "none", "ultraThin": "systemUltraThinMaterial", "thin": "systemThinMaterial",
                                       "material": "systemMaterial", "thick": "systemThickMaterial", "chrome": "systemChromeMaterial"],
                            prefixes: ["UIBlurEffectStyle", "UIBlurEffect.Style."], what: "blur style")
        return BlurStyle(rawValue: name)?.effect ?? .none
    }
}
