// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams

extension SceneDecoder {
    /// CAShapeLayer's keys, read on any layer.
    package static let shapeLayerKeys = ["path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin",
                                         "miterLimit", "lineDashPattern", "lineDashPhase", "strokeStart", "strokeEnd"]

    /// Reads one shape-layer key into `shape`.
    func decodeShapeKey(_ key: String, _ value: Node, into shape: inout ShapeSpec) throws(SceneError) {
        switch key {
        case "path":
            shape.path = try decodePath(value, key: "path")
        case "fillColor":
            shape.fillColor = isNull(value) ? .clear : try color(value, "fillColor")
        case "strokeColor":
            shape.strokeColor = isNull(value) ? .clear : try color(value, "strokeColor")
        case "fillRule":
            let name = try name(value, "fillRule", among: FillRule.allCases.map(\.rawValue),
                                synonyms: ["nonzero": "nonZero", "winding": "nonZero", "evenodd": "evenOdd", "even-odd": "evenOdd"],
                                prefixes: ["kCAFillRule", "CAShapeLayerFillRule."], what: "fill rule")
            shape.fillRule = FillRule(rawValue: name) ?? .nonZero
        case "lineWidth":
            shape.lineWidth = try length(value, "lineWidth", example: "lineWidth: 2")
        case "lineCap":
            let name = try name(value, "lineCap", among: LineCap.allCases.map(\.rawValue), prefixes: ["kCALineCap", "CAShapeLayerLineCap."],
                                what: "line cap")
            shape.lineCap = LineCap(rawValue: name) ?? .butt
        case "lineJoin":
            let name = try name(value, "lineJoin", among: LineJoin.allCases.map(\.rawValue), prefixes: ["kCALineJoin", "CAShapeLayerLineJoin."],
                                what: "line join")
            shape.lineJoin = LineJoin(rawValue: name) ?? .miter
        case "miterLimit":
            shape.miterLimit = try number(value, "miterLimit", in: 1 ... 1000, what: "between 1 and 1000", example: "miterLimit: 10")
        case "lineDashPattern":
            if isNull(value) { shape.lineDashPattern = []; return }
            guard case let .sequence(seq) = value else {
                throw typeError(value, expected: "a list of dash and gap lengths", for: "lineDashPattern", example: "lineDashPattern: [6, 3]")
            }
            var lengths: [Double] = []
            for (i, element) in seq.enumerated() {
                try tick(element)
                lengths.append(try number(element, "lineDashPattern", item: i + 1, in: 0 ... Limits.coordinate,
                                          what: "at least 0", example: "lineDashPattern: [6, 3]"))
            }
            if !lengths.isEmpty && lengths.allSatisfy({ $0 == 0 }) {
                throw rangeError(value, "every length in 'lineDashPattern' is 0, which draws nothing",
                                 "give dash and gap lengths in points, like lineDashPattern: [6, 3], or remove it for a solid line")
            }
            shape.lineDashPattern = lengths
        case "lineDashPhase":
            shape.lineDashPhase = try coordinate(value, "lineDashPhase", example: "lineDashPhase: 3")
        case "strokeStart":
            shape.strokeStart = try number(value, "strokeStart", in: 0 ... 1, what: "between 0 and 1", example: "strokeStart: 0")
        case "strokeEnd":
            shape.strokeEnd = try number(value, "strokeEnd", in: 0 ... 1, what: "between 0 and 1", example: "strokeEnd: 1")
        default:
            break
        }
    }
}
