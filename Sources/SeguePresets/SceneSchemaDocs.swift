// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueScene
import SegueSwiftImport

/// The descriptions and value shapes of every key of the scene format, next to the decoder's
/// key lists they describe (see SceneSchema.swift). Keys and names are never written here: they
/// are read from the decoder's tables, and `SceneSchema.undocumentedKeys()` reports a key that
/// has no entry. Details are in docs/scene-format/ and docs/presets.md.
enum SchemaMaps {
    // MARK: - Shared shapes

    static var timing: Shape { .ref("timing") }
    static var curve: Shape { .ref("curve") }
    static var points: Shape { .ref("points") }
    static let layerKeyPaths = AnimatableKeyPath.allCases.map(\.rawValue)

    /// Definitions used by several maps.
    static func shapes() -> [String: [String: Any]] {
        let number = #"[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?"#
        return [
            "seconds": [
                "description": "A time in seconds: a number, or a string like \"350ms\" or \"0.35s\".",
                "anyOf": [["type": "number"], ["type": "string", "pattern": "^\\s*\(number)\\s*(ms|s)\\s*$"]],
            ],
            "angle": [
                "description": "An angle: a bare number is radians (as in Core Animation); or a string like \"90deg\", \"90°\" or \"1.5708rad\".",
                "anyOf": [["type": "number"], ["type": "string", "pattern": "^\\s*\(number)\\s*(deg|°|rad)\\s*$"]],
            ],
            "color": [
                "description": "A colour: \"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\" (quote it: # starts a YAML comment) or a UIKit colour name.",
                "anyOf": [["type": "string", "pattern": "^\\s*#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})\\s*$"],
                          ["enum": NamedColors.names]],
            ],
            "path": [
                "description": "A path in the layer's points (UIBezierPath): a constructor map ({rect}, {roundedRect, cornerRadius}, {ovalIn}, {arcCenter, radius, startAngle, endAngle, clockwise}), a list of elements ({moveTo}, {lineTo}, {quadCurveTo, controlPoint}, {curveTo, controlPoint1, controlPoint2}, close), or null for none.",
                "anyOf": [
                    ["type": "null"],
                    // One constructor a map, with the keys that go with it (as the decoder checks).
                    ["type": "object", "additionalProperties": false, "required": ["rect"],
                     "properties": ["rect": Shape.numbers([4]).json()] as [String: Any]],
                    ["type": "object", "additionalProperties": false, "required": ["roundedRect"], "properties": [
                        "roundedRect": Shape.numbers([4]).json(), "cornerRadius": Shape.number(0 ... 1_000_000).json(),
                    ] as [String: Any]],
                    ["type": "object", "additionalProperties": false, "required": ["ovalIn"],
                     "properties": ["ovalIn": Shape.numbers([4]).json()] as [String: Any]],
                    ["type": "object", "additionalProperties": false, "required": ["arcCenter", "radius", "startAngle", "endAngle"], "properties": [
                        "arcCenter": Shape.numbers([2]).json(), "radius": Shape.number(0 ... 1_000_000).json(),
                        "startAngle": Shape.angle.json(), "endAngle": Shape.angle.json(), "clockwise": Shape.bool.json(),
                    ] as [String: Any]],
                    ["type": "array", "minItems": 1, "items": ["anyOf": [
                        ["const": "close"],
                        ["type": "object", "additionalProperties": false, "minProperties": 1, "properties": [
                            "moveTo": Shape.numbers([2]).json(), "lineTo": Shape.numbers([2]).json(),
                            "quadCurveTo": Shape.numbers([2]).json(), "controlPoint": Shape.numbers([2]).json(),
                            "curveTo": Shape.numbers([2]).json(), "controlPoint1": Shape.numbers([2]).json(),
                            "controlPoint2": Shape.numbers([2]).json(), "close": [:] as [String: Any],
                        ] as [String: Any]],
                    ] as [[String: Any]]] as [String: Any]],
                ] as [[String: Any]],
            ],
            "curve": [
                "description": "A timing curve: a named curve, or the control points [x1, y1, x2, y2] of a cubic Bézier (x within 0…1).",
                "anyOf": [Shape.names(SceneDecoder.timingNames).json(), Shape.numbers([4]).json()],
            ],
            "timing": [
                "description": "A timing curve: a named curve, control points [x1, y1, x2, y2], 'spring', or a map {steps: n} or {spring: {…}}.",
                "anyOf": [Shape.names(SceneDecoder.timingNames + ["spring"]).json(), Shape.numbers([4]).json(), Shape.ref("timingMap").json()],
            ],
            "points": [
                "description": "Touch samples [t, x, y]: seconds from the scene's start, then canvas points. At least touch-down and release.",
                "type": "array", "minItems": 2, "items": Shape.numbers([3]).json(),
            ],
            "transform": [
                "description": "A CATransform3D: a list of operations applied like successive CATransform3D calls (the last acts on the layer first), one operation, or 'identity'.",
                "anyOf": [["const": "identity"], Shape.list(.ref("transformOperation")).json(), Shape.ref("transformOperation").json()],
            ],
            "animationsItem": [
                "description": "An animation (CABasicAnimation / CAKeyframeAnimation / CASpringAnimation), or a keyframe group (- group: {…}).",
                "if": ["type": "object", "required": ["group"]],
                "then": ["$ref": "#/$defs/groupItem"],
                "else": ["$ref": "#/$defs/animation"],
            ],
            "groupOptions": [
                "description": "UIView.KeyframeAnimationOptions: a calculation mode and/or a curve, as a list or a single name.",
                "anyOf": [Shape.names(SceneDecoder.optionNames).json(), Shape.list(.names(SceneDecoder.optionNames)).json()],
            ],
            "decelerationRate": [
                "description": "UIScrollView.decelerationRate: normal (0.998), fast (0.99), or a number between 0 and 1.",
                "anyOf": [Shape.names(["normal", "fast"]).json(), Shape.number(0 ... 1, excludingLower: true).json()],
            ],
            "component": componentJSON(),
            "transition": transitionJSON(),
        ]
    }

    // MARK: - Core format

    static func all() -> [SchemaMap] {
        let layerText = Shape.anyOf([.text, .ref("text")])
        var maps: [SchemaMap] = [
            SchemaMap(name: "scene", text: "A Segue scene: a canvas, layers and their animations, or screens and a preset transition.",
                      keys: SceneDecoder.topSchema.keys + PresetExpander.topKeys, required: SceneDecoder.topSchema.required, docs: [
                "version": KeyDoc(.raw(["const": 1]), "The scene format version; only 1 exists."),
                "canvas": KeyDoc(.ref("canvas"), "The picture: size in points, pixel scale, frame rate and background."),
                "duration": KeyDoc(.seconds, "The scene's length. Default: when the last animation ends. 0 renders a still."),
                "layers": KeyDoc(.anyOf([.list(.ref("layer")), .raw(["type": "null"])]), "The layer tree (CALayer), back to front."),
                "animations": KeyDoc(.anyOf([.list(.ref("animationsItem")), .raw(["type": "null"])]),
                                     "Animations of layer properties and keyframe groups (UIView.animateKeyframes)."),
                "interaction": KeyDoc(.anyOf([.ref("interaction"), .raw(["type": "null"])]),
                                      "An interactive transition: a scripted gesture drives the animations' fraction complete."),
                "touches": KeyDoc(.anyOf([.list(.ref("touchItem")), .raw(["type": "null"])]),
                                  "Fingers drawn with --show-touches that drive nothing themselves: pans ({points}), pinches, two fingers, double taps."),
                "screens": KeyDoc(.raw(["type": "object", "additionalProperties": ["$ref": "#/$defs/screen"]]),
                                  "Screens by name for presets: each a screenshot (image:) or built from components (content:)."),
                "transition": KeyDoc(.ref("transition"), "A preset transition between screens (see docs/presets.md)."),
                "timeline": KeyDoc(.list(.ref("timelineStep"), minItems: 1), "A sequence of preset transitions and holds."),
            ]),
            SchemaMap(name: "canvas", text: "The canvas.", keys: SceneDecoder.canvasSchema.keys,
                      required: SceneDecoder.canvasSchema.required, docs: [
                "size": KeyDoc(.numbers([2]), "[width, height] in points."),
                "scale": KeyDoc(.number(0 ... 16, excludingLower: true), "Pixels per point (UIScreen.scale). Default 2; --scale overrides it."),
                "fps": KeyDoc(.number(0 ... 240, excludingLower: true), "Frames per second. Default 60."),
                "background": KeyDoc(.color, "The colour behind every layer. Default white."),
            ]),
            SchemaMap(name: "layer", text: "A layer (CALayer) and its sublayers.", keys: SceneDecoder.layerKeys, required: ["id"], docs: [
                "id": KeyDoc(.text, "A name unique in the scene; animations name the layer by it."),
                "frame": KeyDoc(.numbers([4]), "[x, y, width, height] in the superlayer's coordinates (sets bounds and position)."),
                "bounds": KeyDoc(.numbers([2, 4]), "[width, height] or [x, y, width, height]; the origin scrolls the sublayers."),
                "position": KeyDoc(.numbers([2]), "[x, y] of the anchor point in the superlayer."),
                "anchorPoint": KeyDoc(.numbers([2]), "[x, y] in unit coordinates of the bounds. Default [0.5, 0.5]."),
                "zPosition": KeyDoc(.number(), "Depth; sorts siblings and moves the layer along z under a perspective."),
                "transform": KeyDoc(.ref("transform"), "The layer's CATransform3D, about its anchor point."),
                "sublayerTransform": KeyDoc(.ref("transform"), "A CATransform3D applied to the sublayers (e.g. [{perspective: 500}])."),
                "opacity": KeyDoc(.number(0 ... 1), "0 (transparent) to 1. Default 1."),
                "hidden": KeyDoc(.bool, "Whether the layer and its sublayers are hidden. Default false."),
                "backgroundColor": KeyDoc(.color, "The fill of the bounds. Default clear."),
                "cornerRadius": KeyDoc(.number(0 ... 1_000_000), "Rounded corners, in points."),
                "masksToBounds": KeyDoc(.bool, "Clip the sublayers and contents to the (rounded) bounds."),
                "borderWidth": KeyDoc(.number(0 ... 1_000_000), "The border's width in points, drawn inside the bounds."),
                "borderColor": KeyDoc(.color, "The border's colour. Default black."),
                "doubleSided": KeyDoc(.bool, "Whether the layer shows when turned away from the viewer. Default true."),
                "allowsEdgeAntialiasing": KeyDoc(.bool, "Antialias the edges of a transformed layer. Default true."),
                "contents": KeyDoc(.text, "An image file (PNG/JPEG), relative to the scene file."),
                "contentsGravity": KeyDoc(.names(ContentsGravity.allCases.map(\.rawValue)), "How the image fits the bounds. Default resize."),
                "text": KeyDoc(layerText, "A text label: a string, or {string, font, size, weight, color, alignment}."),
                "snapshotSize": KeyDoc(.numbers([2]), "[width, height]: the layer is a snapshot of content laid out at this size; its sublayers scale with its bounds, as a snapshot view's image does, fitted by contentsGravity."),
                "scroll": KeyDoc(.ref("scroll"), "Makes the layer a scroll view (UIScrollView): content size, paging, a scripted drag."),
                "cornerCurve": KeyDoc(.names(CornerCurve.allCases.map(\.rawValue)), "CALayerCornerCurve: circular (quarter circles, the default) or continuous (the iOS \"squircle\"; Segue's construction, see docs/scene-format/corners.md)."),
                "maskedCorners": KeyDoc(.anyOf([.raw(["const": "all"]), .list(.names(CornerMask.names.map(\.scene) + CornerMask.names.map(\.coreAnimation)))]),
                                        "CACornerMask: the corners cornerRadius rounds, e.g. [topLeft, topRight]. Default all."),
                "mask": KeyDoc(.anyOf([.ref("layer"), .raw(["type": "null"])]), "CALayer.mask: a layer in this layer's coordinates whose alpha masks it and its sublayers."),
                "path": KeyDoc(.ref("path"), "CAShapeLayer.path: the shape drawn above the background, in the layer's points."),
                "fillColor": KeyDoc(.anyOf([.color, .raw(["type": "null"])]), "The path's fill (CAShapeLayer.fillColor). Default black; null for none."),
                "fillRule": KeyDoc(.names(FillRule.allCases.map(\.rawValue)), "nonZero (the default) or evenOdd."),
                "strokeColor": KeyDoc(.anyOf([.color, .raw(["type": "null"])]), "The path's stroke colour. Default none."),
                "lineWidth": KeyDoc(.number(0 ... 1_000_000), "The stroke's width in points. Default 1."),
                "lineCap": KeyDoc(.names(LineCap.allCases.map(\.rawValue)), "butt (the default), round or square."),
                "lineJoin": KeyDoc(.names(LineJoin.allCases.map(\.rawValue)), "miter (the default), round or bevel."),
                "miterLimit": KeyDoc(.number(1 ... 1000), "Longest miter join, in line widths. Default 10."),
                "lineDashPattern": KeyDoc(.anyOf([.list(.number(0 ... 1_000_000)), .raw(["type": "null"])]), "Dash and gap lengths in points, e.g. [6, 3]. Default solid."),
                "lineDashPhase": KeyDoc(.number(), "How far into the dash pattern the stroke starts, in points. Default 0."),
                "strokeStart": KeyDoc(.number(0 ... 1), "Where the stroke starts, as a fraction of the path's length. Default 0."),
                "strokeEnd": KeyDoc(.number(0 ... 1), "Where the stroke ends, as a fraction of the path's length. Default 1."),
                "shadowColor": KeyDoc(.color, "The shadow's colour (CALayer.shadowColor). Default black."),
                "shadowOpacity": KeyDoc(.number(0 ... 1), "The shadow's opacity, 0 to 1. Default 0 (no shadow)."),
                "shadowRadius": KeyDoc(.number(0 ... 1_000_000), "The shadow's blur in points: a Gaussian with this standard deviation. Default 3."),
                "shadowOffset": KeyDoc(.numbers([2]), "[width, height]: how far the shadow is moved, in the layer's points. Default [0, -3]."),
                "shadowPath": KeyDoc(.ref("path"), "The shadow's shape, instead of the layer's alpha. Default none."),
                "blur": KeyDoc(.anyOf([.names(["none"] + BlurStyle.allCases.map(\.rawValue)), .raw(["type": "null"])]), "UIVisualEffectView with UIBlurEffect(style:): blurs, saturates and tints what lies behind the layer, within its rounded bounds; none for an effect view without an effect (one that animates to a style)."),
                "beginTime": KeyDoc(.seconds, "CAMediaTiming.beginTime: the layer, its sublayers, their animations, scroll views and interactions run this many seconds behind the parent's time. Default 0."),
                "interaction": KeyDoc(.anyOf([.ref("interaction"), .raw(["type": "null"])]),
                                      "An interactive transition that drives only this layer's and its sublayers' animations, on the layer's time (as UIPercentDrivenInteractiveTransition drives the transition's container view)."),
                "contentsRect": KeyDoc(.numbers([4]), "CALayer.contentsRect: [x, y, width, height], the part of the contents (an image, or a snapshot's content) fitted to the bounds, in their unit space. Default [0, 0, 1, 1]."),
                "colors": KeyDoc(.anyOf([.list(.color), .raw(["type": "null"])]), "CAGradientLayer.colors: the gradient's stop colours, filling the layer's shape above its background."),
                "locations": KeyDoc(.anyOf([.list(.number(0 ... 1)), .raw(["type": "null"])]), "CAGradientLayer.locations: one location per colour, 0 to 1, not decreasing. Default: spread evenly."),
                "startPoint": KeyDoc(.numbers([2]), "CAGradientLayer.startPoint, in the unit space of the bounds. Default [0.5, 0]."),
                "endPoint": KeyDoc(.numbers([2]), "CAGradientLayer.endPoint, in the unit space of the bounds. Default [0.5, 1]."),
                "type": KeyDoc(.names(GradientType.allCases.map(\.rawValue)), "CAGradientLayerType: axial (the default), radial (an ellipse about startPoint reaching endPoint) or conic (a sweep about startPoint from the direction of endPoint)."),
                "sublayers": KeyDoc(.list(.ref("layer")), "The layer's sublayers, back to front."),
            ]),
            SchemaMap(name: "text", text: "A text label, drawn with Pango.", keys: SceneDecoder.textSchemaKeys, required: ["string"], docs: [
                "string": KeyDoc(.text, "The text."),
                "font": KeyDoc(.text, "A font family. Default the system UI font."),
                "size": KeyDoc(.number(0 ... 1000, excludingLower: true), "Point size. Default 17."),
                "weight": KeyDoc(.names(FontWeight.allCases.map(\.rawValue)), "UIFont.Weight. Default regular."),
                "color": KeyDoc(.color, "Text colour. Default black."),
                "alignment": KeyDoc(.names(TextAlignment.allCases.map(\.rawValue)), "NSTextAlignment. Default natural."),
            ]),
            SchemaMap(name: "transformOperation", text: "One transform operation: a map with exactly one key.",
                      keys: SceneDecoder.operationNames, docs: [
                "perspective": KeyDoc(.number(0 ... Double.greatestFiniteMagnitude, excludingLower: true),
                                      "The eye's distance d in points: m34 = -1/d."),
                "rotate": KeyDoc(.anyOf([.angle, .ref("rotate")]), "An angle about z, or {angle, axis: [x, y, z]}."),
                "rotateX": KeyDoc(.angle, "Rotation about the x axis."),
                "rotateY": KeyDoc(.angle, "Rotation about the y axis."),
                "rotateZ": KeyDoc(.angle, "Rotation about the z axis."),
                "translate": KeyDoc(.numbers([2, 3]), "[x, y] or [x, y, z] in points."),
                "scale": KeyDoc(.anyOf([.number(), .numbers([2, 3])]), "A factor for x and y, or [x, y] / [x, y, z]."),
                "matrix": KeyDoc(.numbers([16]), "The 16 numbers m11…m44, row by row, as CATransform3D."),
            ], extra: ["minProperties": 1, "maxProperties": 1]),
            SchemaMap(name: "rotate", text: "A rotation about an axis.", keys: SceneDecoder.rotateKeys, required: ["angle"], docs: [
                "angle": KeyDoc(.angle, "The angle."),
                "axis": KeyDoc(.numbers([3]), "[x, y, z]. Default [0, 0, 1]."),
            ]),
            SchemaMap(name: "animation", text: "An animation of one layer property (CABasicAnimation, CAKeyframeAnimation or CASpringAnimation).",
                      keys: SceneDecoder.animationSchemaKeys, required: ["layer", "keyPath"], docs: [
                "layer": KeyDoc(.text, "The id of the animated layer."),
                "keyPath": KeyDoc(.names(layerKeyPaths), "The animated property, as a Core Animation key path."),
                "from": KeyDoc(.any, "The start value, typed by the key path (a number, [x, y], a colour, a transform…). Default: the layer's own value."),
                "to": KeyDoc(.any, "The end value, typed like 'from'. Default: the layer's own value."),
                "begin": KeyDoc(.seconds, "When the animation starts, in scene seconds. Default 0."),
                "duration": KeyDoc(.seconds, "Seconds for one cycle. Required unless the timing is a spring, which gives its own."),
                "timing": KeyDoc(timing, "The timing curve. Default 'default' (linear for keyframes)."),
                "keyframes": KeyDoc(.ref("keyframes"), "A CAKeyframeAnimation's values instead of 'from' and 'to'."),
                "speed": KeyDoc(.number(0 ... 1000, excludingLower: true), "Playback rate. Default 1."),
                "timeOffset": KeyDoc(.seconds, "Starts this far into the cycle. Default 0."),
                "repeatCount": KeyDoc(.anyOf([.number(0 ... 1_000_000, excludingLower: true), .names(["inf", ".inf"])]),
                                      "Number of cycles, or inf to repeat until the scene ends. Default 1."),
                "autoreverses": KeyDoc(.bool, "Play each cycle forwards then backwards."),
                "fillMode": KeyDoc(.names(SceneDecoder.fillModeNames), "What shows outside the active time. Default hold (the end value stays, as with UIView.animate)."),
                "additive": KeyDoc(.bool, "Add the animated value to the layer's own value."),
            ], extra: ["allOf": [
                ["anyOf": [["required": ["from"]], ["required": ["to"]], ["required": ["keyframes"]]]],
                ["anyOf": [["required": ["duration"]],
                           ["required": ["timing"], "properties": ["timing": ["anyOf": [["const": "spring"], ["type": "object", "required": ["spring"]]]]]]]],
            ]]),
            SchemaMap(name: "keyframes", text: "A CAKeyframeAnimation's values and timing.", keys: SceneDecoder.keyframesKeys,
                      required: ["values"], docs: [
                "values": KeyDoc(.list(.any, minItems: 1), "The values, typed like 'from' and 'to'."),
                "keyTimes": KeyDoc(.list(.number(0 ... 1)), "One time per value, 0…1 of the duration, increasing. Default evenly spaced."),
                "calculationMode": KeyDoc(.names(SceneDecoder.calculationModeNames), "How values between keyframes are found. Default linear."),
                "timingFunctions": KeyDoc(.list(curve), "One curve per segment (one fewer than the values)."),
                "tensionValues": KeyDoc(.list(.number()), "Kochanek–Bartels tension per value (cubic modes)."),
                "continuityValues": KeyDoc(.list(.number()), "Kochanek–Bartels continuity per value (cubic modes)."),
                "biasValues": KeyDoc(.list(.number()), "Kochanek–Bartels bias per value (cubic modes)."),
            ]),
            SchemaMap(name: "timingMap", text: "Steps or a spring as a timing.", keys: SceneDecoder.timingMapKeys, docs: [
                "steps": KeyDoc(.integer(1 ... 10_000), "CSS-style steps: this many equal jumps."),
                "position": KeyDoc(.names(["end", "start"]), "Where each step jumps. Default end."),
                "spring": KeyDoc(.ref("spring"), "Spring parameters (CASpringAnimation, UIView spring or SwiftUI spring)."),
            ], extra: ["minProperties": 1, "dependentRequired": ["position": ["steps"]]]),
            SchemaMap(name: "spring", text: "A spring: {mass, stiffness, damping, initialVelocity} (CASpringAnimation), {duration, dampingRatio, initialSpringVelocity} (UIView), or {duration, bounce} (SwiftUI).",
                      keys: SceneDecoder.springKeys, docs: [
                "mass": KeyDoc(.number(0 ... 1_000_000, excludingLower: true), "CASpringAnimation.mass. Default 1."),
                "stiffness": KeyDoc(.number(0 ... 1_000_000, excludingLower: true), "CASpringAnimation.stiffness. Default 100."),
                "damping": KeyDoc(.number(0 ... 1_000_000), "CASpringAnimation.damping. Default 10."),
                "initialVelocity": KeyDoc(.number(), "Initial velocity in units of the distance per second."),
                "duration": KeyDoc(.seconds, "The UIView or SwiftUI spring's duration."),
                "dampingRatio": KeyDoc(.number(0 ... 1_000, excludingLower: true), "UIView usingSpringWithDamping: 1 settles without overshoot."),
                "initialSpringVelocity": KeyDoc(.number(), "UIView initialSpringVelocity."),
                "bounce": KeyDoc(.number(-1 ... 1), "SwiftUI bounce: 0 no bounce, up to 1."),
            ], extra: ["dependentRequired": ["initialSpringVelocity": ["dampingRatio", "duration"], "dampingRatio": ["duration"]]]),
            SchemaMap(name: "groupItem", text: "An item of 'animations:' holding a keyframe group.", keys: SceneDecoder.groupItemKeys,
                      required: ["group"], docs: [
                "group": KeyDoc(.ref("group"), "A keyframe group (UIView.animateKeyframes)."),
            ]),
            SchemaMap(name: "group", text: "UIView.animateKeyframes(withDuration:delay:options:animations:).", keys: SceneDecoder.groupKeys,
                      required: ["duration", "keyframes"], docs: [
                "duration": KeyDoc(.seconds, "The group's duration."),
                "delay": KeyDoc(.seconds, "Seconds from the scene's start."),
                "begin": KeyDoc(.seconds, "Seconds from the scene's start (the same as 'delay')."),
                "options": KeyDoc(.ref("groupOptions"), "Keyframe animation options: a calculation mode and a curve."),
                "keyframes": KeyDoc(.list(.ref("groupKeyframe")), "UIView.addKeyframe calls."),
            ]),
            SchemaMap(name: "groupKeyframe", text: "UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:).",
                      keys: SceneDecoder.groupKeyframeKeys, docs: [
                "start": KeyDoc(.number(0 ... 1), "Relative start time: a fraction 0…1 of the group's duration."),
                "relativeStartTime": KeyDoc(.number(0 ... 1), "The same as 'start'."),
                "duration": KeyDoc(.number(0 ... 1), "Relative duration: a fraction 0…1 of the group's duration."),
                "relativeDuration": KeyDoc(.number(0 ... 1), "The same as 'duration'."),
                "set": KeyDoc(.raw(["type": "object", "propertyNames": ["pattern": "^[^.]+\\..+$"]]),
                              "The property changes: {\"layer.keyPath\": value}."),
            ]),
            SchemaMap(name: "interaction", text: "UIPercentDrivenInteractiveTransition driven by a scripted gesture.",
                      keys: SceneDecoder.interactionKeys, required: ["gesture", "progress"], docs: [
                "gesture": KeyDoc(.ref("gesture"), "The scripted gesture."),
                "progress": KeyDoc(.text, "An expression of the gesture giving the fraction complete, e.g. \"translation.x / 390\"."),
                "finishWhen": KeyDoc(.ref("finishWhen"), "When the released transition finishes rather than cancels. Default progressAbove 0.5."),
                "completionCurve": KeyDoc(curve, "The curve of the finish or cancel (UIView.AnimationCurve). Default easeInEaseOut."),
                "completionSpeed": KeyDoc(.number(0 ... 1000, excludingLower: true), "The completion's speed factor. Default 1."),
            ]),
            SchemaMap(name: "gesture", text: "A scripted touch: a gesture recognizer's kind and its samples.",
                      keys: SceneDecoder.gestureKeys, required: ["points"], docs: [
                "type": KeyDoc(.names(GestureSpec.Kind.allCases.map(\.rawValue)), "The recognizer. Default pan."),
                "points": KeyDoc(points, "Samples [t, x, y]."),
            ]),
            SchemaMap(name: "drag", text: "A scroll view's scripted drag (always a pan).",
                      keys: SceneDecoder.gestureKeys.filter { $0 != "type" }, required: ["points"], docs: [
                "points": KeyDoc(points, "Samples [t, x, y]."),
            ]),
            SchemaMap(name: "finishWhen", text: "The release rule: the transition finishes when either condition holds.",
                      keys: SceneDecoder.finishWhenKeys, docs: [
                "progressAbove": KeyDoc(.number(), "Finish when the fraction complete is above this."),
                "velocityAbove": KeyDoc(.number(), "Finish when the release velocity (points/s, along 'axis') is above this."),
                "axis": KeyDoc(.names(FinishRule.Axis.allCases.map(\.rawValue)), "The velocity's axis. Default x."),
            ], extra: ["anyOf": [["required": ["progressAbove"]], ["required": ["velocityAbove"]]]]),
            SchemaMap(name: "scroll", text: "A scroll view (UIScrollView): its bounds origin is the content offset.",
                      keys: SceneDecoder.scrollKeys, required: ["contentSize"], docs: [
                "contentSize": KeyDoc(.numbers([2]), "[width, height] of the scrollable content."),
                "contentOffset": KeyDoc(.numbers([2]), "[x, y] offset at the start. Default [0, 0]."),
                "paging": KeyDoc(.bool, "isPagingEnabled: settle on whole pages."),
                "decelerationRate": KeyDoc(.ref("decelerationRate"), "How fast a flick slows down."),
                "bounces": KeyDoc(.bool, "Rubber-band past the edges. Default true."),
                "drag": KeyDoc(.ref("drag"), "A scripted drag of the content."),
                "snap": KeyDoc(.ref("snap"), "A custom target offset on release (scrollViewWillEndDragging), e.g. a card carousel."),
                "zoom": KeyDoc(.ref("zoom"), "Zooming (minimumZoomScale, maximumZoomScale, zoomScale, viewForZooming…)."),
                "gestures": KeyDoc(.list(.anyOf([.ref("gesture"), .ref("scrollGestureItem")]), minItems: 1),
                                   "Gestures and calls in time order: pans ({points}), pinches, two fingers, double taps, setZoomScale, zoom(to:)."),
            ]),
            SchemaMap(name: "zoom", text: "A scroll view's zooming (UIScrollView zoom properties).", keys: SceneDecoder.zoomKeys, docs: [
                "min": KeyDoc(.number(0 ... 1000, excludingLower: true), "minimumZoomScale. Default 1."),
                "max": KeyDoc(.number(0 ... 1000, excludingLower: true), "maximumZoomScale. Default 1."),
                "initial": KeyDoc(.number(0 ... 1000, excludingLower: true), "zoomScale at the start. Default 1, within min…max."),
                "bounces": KeyDoc(.bool, "bouncesZoom: a pinch past the limits rubber-bands back. Default true."),
                "view": KeyDoc(.text, "viewForZooming: the id of the sublayer that zooms."),
                "centers": KeyDoc(.bool, "Keep the zoomed view centred when it is smaller than the scroll view."),
                "doubleTapScale": KeyDoc(.number(0 ... 1000, excludingLower: true), "The zoom scale a double tap goes to (and back from)."),
            ]),
            SchemaMap(name: "scrollGestureItem", text: "One gesture or call of a scroll view's 'gestures:': a map with one key.",
                      keys: SceneDecoder.scrollGestureKinds, docs: gestureKindDocs, extra: ["minProperties": 1, "maxProperties": 1]),
            SchemaMap(name: "touchItem", text: "A finger to draw: a pan ({points}), or a map with one of pan, pinch, fingers, doubleTap.",
                      keys: SceneDecoder.touchGestureKinds, docs: gestureKindDocs.filter { SceneDecoder.touchGestureKinds.contains($0.key) },
                      extra: ["minProperties": 1, "maxProperties": 1]),
            SchemaMap(name: "pinch", text: "A two-finger pinch about a centre (UIPinchGestureRecognizer).", keys: SceneDecoder.pinchKeys,
                      required: ["center", "to", "duration"], docs: [
                "center": KeyDoc(.numbers([2]), "[x, y] between the fingers, in canvas points."),
                "from": KeyDoc(.number(0 ... 100, excludingLower: true), "The pinch's scale at touch-down. Default 1."),
                "to": KeyDoc(.number(0 ... 100, excludingLower: true), "The pinch's scale when the fingers stop."),
                "begin": KeyDoc(.seconds, "When the fingers touch down, in scene seconds."),
                "duration": KeyDoc(.seconds, "How long the fingers move."),
                "release": KeyDoc(.seconds, "When the fingers lift. Default when they stop."),
                "span": KeyDoc(.number(1 ... 10_000), "The distance between the fingers at scale 1, in points."),
                "angle": KeyDoc(.angle, "The direction of the line between the fingers."),
            ], extra: ["anyOf": [["required": ["begin"]], ["required": ["release"]]]]),
            SchemaMap(name: "doubleTap", text: "A double tap (zooms to doubleTapScale and back).", keys: SceneDecoder.doubleTapKeys,
                      required: ["at", "time"], docs: [
                "at": KeyDoc(.numbers([2]), "[x, y] in canvas points."),
                "time": KeyDoc(.seconds, "When, in scene seconds."),
            ]),
            SchemaMap(name: "setZoomScale", text: "A call of setZoomScale(_:animated:).", keys: SceneDecoder.setZoomScaleKeys,
                      required: ["scale", "time"], docs: [
                "scale": KeyDoc(.number(0 ... 1000, excludingLower: true), "The zoom scale."),
                "time": KeyDoc(.seconds, "When, in scene seconds."),
                "animated": KeyDoc(.bool, "Animate the change. Default true."),
            ]),
            SchemaMap(name: "zoomTo", text: "A call of zoom(to:animated:).", keys: SceneDecoder.zoomToKeys, required: ["rect", "time"], docs: [
                "rect": KeyDoc(.numbers([4]), "[x, y, width, height] in the zoomed view's points."),
                "time": KeyDoc(.seconds, "When, in scene seconds."),
                "animated": KeyDoc(.bool, "Animate the change. Default true."),
            ]),
            SchemaMap(name: "snap", text: "Where a released drag settles (scrollViewWillEndDragging).", keys: SceneDecoder.snapKeys, docs: [
                "rule": KeyDoc(.names(SnapRule.allCases.map(\.rawValue)), "The snapping rule."),
                "pageWidth": KeyDoc(.number(0 ... 1_000_000, excludingLower: true), "The distance between snap points."),
                "velocityThreshold": KeyDoc(.number(), "A release faster than this (points/s) moves one card."),
                "springDuration": KeyDoc(.seconds, "The settling spring's duration."),
                "dampingRatio": KeyDoc(.number(0 ... 1000), "The settling spring's damping ratio."),
                "scrollDuration": KeyDoc(.seconds, "The duration of a slow release's scroll to the nearest card."),
                "cardWidth": KeyDoc(.number(0 ... 1_000_000), "The card's width, for finding the centred card."),
                "leading": KeyDoc(.number(), "The inset before the first card."),
                "candidates": KeyDoc(.names(SnapCandidates.allCases.map(\.rawValue)), "Which cards a release may land on."),
            ]),
        ]
        maps += presetMaps()
        return maps
    }

    /// The kinds of gesture items (scroll view 'gestures:' and top-level 'touches:').
    static var gestureKindDocs: [String: KeyDoc] { [
        "pan": KeyDoc(.ref("drag"), "A one-finger pan: {points}."),
        "pinch": KeyDoc(.ref("pinch"), "A two-finger pinch."),
        "fingers": KeyDoc(.raw(["type": "array", "minItems": 2, "maxItems": 2, "items": ["$ref": "#/$defs/drag"]]),
                          "Two finger tracks [{points}, {points}] that touch down and lift together."),
        "doubleTap": KeyDoc(.ref("doubleTap"), "A double tap."),
        "setZoomScale": KeyDoc(.ref("setZoomScale"), "setZoomScale(_:animated:) at a time."),
        "zoomTo": KeyDoc(.ref("zoomTo"), "zoom(to:animated:) at a time."),
    ] }

    // MARK: - Presets

    static func presetMaps() -> [SchemaMap] {
        var maps = [
            SchemaMap(name: "timelineStep", text: "One step of a timeline: a transition or a hold.", keys: PresetReader.timelineStepKeys, docs: [
                "transition": KeyDoc(.ref("transition"), "A preset transition."),
                "hold": KeyDoc(.number(0 ... Limits.seconds), "Seconds to hold the last frame."),
                "duration": KeyDoc(.number(0 ... Limits.seconds), "How long the transition's step lasts, instead of until its motion settles."),
            ], extra: ["minProperties": 1, "maxProperties": 2, "dependentRequired": ["duration": ["transition"]],
                       "not": ["required": ["transition", "hold"]]]),
            SchemaMap(name: "screen", text: "A screen for presets: a screenshot (contents:) or built from components (content:), with layers of its own over them.",
                      keys: PresetReader.screenKeys, renamed: PresetReader.screenRenamed, docs: [
                "title": KeyDoc(.text, "A navigation bar with this large title."),
                "background": KeyDoc(.color, "The screen's background."),
                "content": KeyDoc(.list(.ref("component")), "Components stacked from the top."),
                "contents": KeyDoc(.text, "A screenshot file, relative to the scene."),
                "contentsGravity": KeyDoc(.names(ContentsGravity.allCases.map(\.rawValue)), "How the screenshot fits. Default resizeAspectFill."),
                "tabs": KeyDoc(.list(.text), "A tab bar with these titles."),
                "scroll": KeyDoc(.ref("screenScroll"), "A scripted scroll of the content, played when the screen is shown on its own."),
                "layers": KeyDoc(.list(.ref("layer")), "Layers of the screen's own over its components and bars, back to front (views the app's controller adds itself)."),
            ]),
            SchemaMap(name: "screenScroll", text: "A screen's scripted scroll: the content offset goes from 0 to 'to' with easeInEaseOut.",
                      keys: PresetReader.screenScrollKeys, required: ["to"], docs: [
                "to": KeyDoc(.number(0 ... 100_000), "The content offset it ends at, in points."),
                "begin": KeyDoc(.seconds, "When it starts, in scene seconds. Default 0.5."),
                "duration": KeyDoc(.seconds, "How long it takes. Default 1."),
            ]),
            SchemaMap(name: "grid", text: "A grid of square covers (UICollectionView flow layout).", keys: PresetReader.gridKeys,
                      required: ["items"], docs: [
                "items": KeyDoc(.list(.anyOf([.text, .ref("gridItem")]), minItems: 1), "Titles, or {title, subtitle, color}."),
                "columns": KeyDoc(.integer(1 ... 12), "Columns. Default 2."),
                "inset": KeyDoc(.number(0 ... 1000), "The section inset in points."),
                "spacing": KeyDoc(.number(0 ... 1000), "The spacing between covers in points."),
                "fadeIn": KeyDoc(.bool, "Each cover fades in (0.28 s, curveEaseOut) when dequeued."),
            ]),
            SchemaMap(name: "gridItem", text: "A cover of a grid.", keys: PresetReader.gridItemKeys, docs: [
                "title": KeyDoc(.text, "The title."), "subtitle": KeyDoc(.text, "The line under the title."),
                "color": KeyDoc(.color, "The cover's colour."),
            ]),
            SchemaMap(name: "card", text: "A card of the cardSnap carousel.", keys: PresetReader.cardKeys, docs: [
                "title": KeyDoc(.text, "The card's title."), "color": KeyDoc(.color, "The card's colour."),
            ]),
            SchemaMap(name: "section", text: "A section of the accordion.", keys: PresetReader.sectionKeys, docs: [
                "title": KeyDoc(.text, "The header's title."), "rows": KeyDoc(.list(.text), "The row titles."),
                "open": KeyDoc(.bool, "Whether the section starts open."),
            ]),
            SchemaMap(name: "swipe", text: "A swipe between semi-modal cards.", keys: PresetReader.swipeKeys, required: ["points"], docs: [
                "points": KeyDoc(points, "Samples [t, x, y]."),
            ]),
            SchemaMap(name: "fullscreenTarget", text: "The view that goes full screen.", keys: PresetReader.fullscreenTargetKeys,
                      renamed: ["image": PresetReader.screenRenamed["image"]!], docs: [
                "frame": KeyDoc(.numbers([4]), "[x, y, width, height] on its screen."), "title": KeyDoc(.text, "A title drawn on it."),
                "color": KeyDoc(.color, "Its colour."), "contents": KeyDoc(.text, "An image file for it."),
            ]),
        ]
        for (kind, keys) in PresetReader.componentKeys.sorted(by: { $0.key < $1.key }) {
            maps.append(SchemaMap(name: "component-\(kind)", text: componentDoc[kind]?.text ?? kind, keys: keys,
                                  docs: componentKeyDocs.filter { keys.contains($0.key) }))
        }
        return maps
    }

    /// The components of a screen's content: the shorthand each accepts and what it is.
    static var componentDoc: [String: KeyDoc] { [
        "row": KeyDoc(.text, "A table row with a chevron: a title, or {title, detail}."),
        "card": KeyDoc(.text, "A coloured card: a title, or {title, subtitle, color, height}."),
        "hero": KeyDoc(.text, "A large card at full width: a title, or {title, subtitle, color, height}."),
        "photoTiles": KeyDoc(.integer(0 ... 10_000), "MainContentsCell's photo tiles: a count, or {count, colors}."),
        "grid": KeyDoc(.list(.anyOf([.text, .ref("gridItem")]), minItems: 1), "Square covers in columns: a list of items, or {items, columns, inset, spacing}."),
        "button": KeyDoc(.text, "A button: a title, or {title, color}."),
        "label": KeyDoc(.text, "A line of text: the text, or {text, size, weight, color, height}."),
        "header": KeyDoc(.text, "A section header: the text, or {text, size, weight, color, height}."),
        "spacer": KeyDoc(.number(0 ... 10_000), "Empty space of this height in points."),
    ] }
    static var componentKeyDocs: [String: KeyDoc] { [
        "title": KeyDoc(.text, "The title."), "detail": KeyDoc(.text, "Text at the trailing side."),
        "subtitle": KeyDoc(.text, "A line under the title."), "color": KeyDoc(.color, "The colour."),
        "height": KeyDoc(.number(0 ... 10_000), "The height in points."), "text": KeyDoc(.text, "The text."),
        "size": KeyDoc(.number(0 ... 1000, excludingLower: true), "Point size."),
        "weight": KeyDoc(.names(FontWeight.allCases.map(\.rawValue)), "Font weight."),
        "count": KeyDoc(.integer(0 ... 10_000), "How many photos."), "colors": KeyDoc(.list(.color), "The tiles' colours."),
        "fadeIn": KeyDoc(.bool, "The photos fade in (0.28 s, curveEaseOut) when the cell is dequeued."),
    ] }

    static func componentJSON() -> [String: Any] {
        var properties: [String: Any] = [:]
        for kind in PresetReader.componentKinds {
            guard let doc = componentDoc[kind] else { continue }
            var shorthand = doc.shape.json()
            if kind == "grid" { shorthand = ["anyOf": [shorthand, Shape.ref("grid").json()]] }
            else if PresetReader.componentKeys[kind] != nil { shorthand = ["anyOf": [shorthand, Shape.ref("component-\(kind)").json()]] }
            shorthand["description"] = doc.text
            properties[kind] = shorthand
        }
        return ["type": "object", "description": "A component: a map with one key naming its kind.", "properties": properties,
                "additionalProperties": false, "minProperties": 1, "maxProperties": 1]
    }

    /// Every preset parameter, by name; `presetOverrides` gives a preset its own meaning of one.
    static var presetParameterDocs: [String: KeyDoc] { [
        "preset": KeyDoc(.names(PresetReader.presetNames), "The preset."),
        "direction": KeyDoc(.names(["present", "dismiss"]), "present (default) or dismiss."),
        "from": KeyDoc(.text, "The screen the transition starts on. Default: the first screen (or the previous step's 'to')."),
        "to": KeyDoc(.text, "The screen the transition ends on. Default: the second screen (or the previous step's 'from')."),
        "delay": KeyDoc(.seconds, "Seconds before the transition starts."),
        "duration": KeyDoc(.seconds, "The transition's duration."),
        "perspective": KeyDoc(.number(1 ... Limits.coordinate), "The eye's distance in points (m34 = -1/perspective). Default 500."),
        "angle": KeyDoc(.angle, "The flip's angle. Default 90deg."),
        "options": KeyDoc(.ref("groupOptions"), "The keyframe group's options. Default [calculationModeCubic]."),
        "calculationMode": KeyDoc(.names(CalculationMode.allCases.map(\.rawValue)), "The keyframe group's calculation mode. Default cubic."),
        "originFrame": KeyDoc(.numbers([4]), "[x, y, width, height] the presented screen flips out of. Default the full canvas."),
        "dragDistance": KeyDoc(.number(0 ... Limits.coordinate), "How far the finger moves, in points."),
        "dragDuration": KeyDoc(.seconds, "How long the finger moves."),
        "dragDelay": KeyDoc(.seconds, "When the finger touches down, in seconds after the transition's start."),
        "y": KeyDoc(.number(0 ... Limits.coordinate), "The finger's height on the screen. Default the middle."),
        "points": KeyDoc(points, "The finger's samples [t, x, y], instead of the generated swipe."),
        "progress": KeyDoc(.text, "The fraction-complete expression. Default \"translation.x / 200\"."),
        "finishAbove": KeyDoc(.number(), "Finish on release when progress is above this. Default 0.5."),
        "velocityAbove": KeyDoc(.number(), "Finish on release when the velocity (points/s) is above this."),
        "completionSpeed": KeyDoc(.number(0 ... 1000, excludingLower: true), "The completion's speed factor."),
        "completionCurve": KeyDoc(curve, "The completion's curve."),
        "transitionDuration": KeyDoc(.seconds, "The flip's duration (the finger's own is 'dragDuration'). Default 0.72."),
        "timing": KeyDoc(timing, "The timing curve."),
        "parallax": KeyDoc(.number(0 ... 1), "How far the covered screen moves, as a fraction of the width. Default 1/3."),
        "dimming": KeyDoc(.number(0 ... 1), "The dimming view's opacity over the covered screen. Default 0.1."),
        "animations": KeyDoc(.list(.raw(["type": "object"])), "Custom animations of the two screens: layer: from/to, keyPath, from, to…"),
        "rule": KeyDoc(.names(SnapRule.allCases.map(\.rawValue)), "The snapping rule. Default cardSnap."),
        "title": KeyDoc(.text, "The navigation title."),
        "cards": KeyDoc(.list(.anyOf([.text, .ref("card")]), minItems: 1), "Card titles, or {title, color}."),
        "cardWidth": KeyDoc(.number(1 ... Limits.coordinate), "Card width in points."),
        "cardHeight": KeyDoc(.number(1 ... Limits.coordinate), "Card height in points."),
        "spacing": KeyDoc(.number(0 ... Limits.coordinate), "Spacing between cards in points."),
        "leading": KeyDoc(.number(), "The inset before the first card in points."),
        "inset": KeyDoc(.number(0 ... Limits.coordinate), "The carousel's inset in points."),
        "top": KeyDoc(.number(0 ... Limits.coordinate), "The top of the cards in points."),
        "page": KeyDoc(.integer(0 ... 10_000), "The card shown first (0-based)."),
        "flick": KeyDoc(.names(["left", "right"]), "The direction of the generated flick. Default left."),
        "decelerationRate": KeyDoc(.ref("decelerationRate"), "The scroll view's deceleration rate."),
        "candidates": KeyDoc(.names(SnapCandidates.allCases.map(\.rawValue)), "Which cards a release may land on."),
        "velocityThreshold": KeyDoc(.number(), "A release faster than this (points/s) moves one card."),
        "springDuration": KeyDoc(.seconds, "The settling spring's duration."),
        "dampingRatio": KeyDoc(.number(0 ... 1000), "The settling spring's damping ratio."),
        "scrollDuration": KeyDoc(.seconds, "The slow release's scroll duration."),
        "rotationDuration": KeyDoc(.seconds, "The rotation to landscape's duration. Default 0.5."),
        "target": KeyDoc(.ref("fullscreenTarget"), "The view that goes full screen."),
        "sections": KeyDoc(.list(.ref("section"), minItems: 1), "The accordion's sections."),
        "section": KeyDoc(.integer(0 ... 10_000), "The section that opens or closes (0-based)."),
        "headerHeight": KeyDoc(.number(1 ... 1000), "Section header height. Default 60."),
        "rowHeight": KeyDoc(.number(1 ... 1000), "Row height. Default 60."),
        "chevronAngle": KeyDoc(.angle, "The chevron's turn. Default 180deg."),
        "chevronDirection": KeyDoc(.names(["up", "down"]), "Where a closed section's chevron points. Default up."),
        "chevronDuration": KeyDoc(.seconds, "The chevron's turn duration."),
        "selected": KeyDoc(.integer(0 ... 10_000), "The tapped grid item (0-based)."),
        "overlay": KeyDoc(.number(0 ... 1), "The dimming overlay's opacity. Default 0.5."),
        "margin": KeyDoc(.number(0 ... Limits.coordinate), "The card's side margin. Default 24."),
        "coverInset": KeyDoc(.number(0 ... Limits.coordinate), "The cover's inset in the card. Default 24."),
        "rows": KeyDoc(.list(.text), "The sheet's row titles."),
        "fullScreenAfter": KeyDoc(.seconds, "When the sheet scrolls up to full screen."),
        "fullScreenDuration": KeyDoc(.seconds, "The full-screen scroll's duration. Default 0.3."),
        "semiModalAfter": KeyDoc(.seconds, "Seconds after reaching full screen to scroll back down to the semi-modal (present only, with fullScreenAfter)."),
        "semiModalDuration": KeyDoc(.seconds, "The scroll back down's duration. Default fullScreenDuration."),
        "navigationBarOffset": KeyDoc(.number(0 ... Limits.coordinate), "The navigation bar's offset. Default 100."),
        "percentThreshold": KeyDoc(.number(0 ... 1), "The dismissal finishes above this fraction. Default 0.2."),
        "resetDuration": KeyDoc(.seconds, "The cancelled dismissal's reset duration. Default 0.3."),
        "swipes": KeyDoc(.list(.anyOf([points, .ref("swipe")])), "Swipes between cards: points, or {points}."),
        "contents": KeyDoc(.text, "The photo, relative to the scene file."),
        "imageSize": KeyDoc(.numbers([2]), "[width, height] of the photo in points. Default: read from the file."),
        "maxZoom": KeyDoc(.number(0 ... 1000), "maximumZoomScale. Default 1, or twice the aspect-fit scale if that is more."),
        "doubleTapScale": KeyDoc(.number(0 ... 1000), "The zoom scale a double tap goes to. Default maxZoom."),
        "bounces": KeyDoc(.bool, "bouncesZoom. Default true."),
        "gestures": KeyDoc(.list(.anyOf([.ref("gesture"), .ref("scrollGestureItem")]), minItems: 1),
                           "The scroll view's gestures and calls. Default: a double tap, a pan and pinches."),
        "closeButton": KeyDoc(.bool, "Draw the close button. Default true."),
        "background": KeyDoc(.color, "The background behind the photo. Default black."),
        "tile": KeyDoc(.integer(1 ... 6), "The tapped thumbnail's number (its tag, 1 … 6): the pager opens on that photo. Default 1."),
        "more": KeyDoc(.bool, "Tap the \"他N件\" button instead of a thumbnail: the photo list is pushed, starting at the sixth photo."),
        "close": KeyDoc(.seconds, "When the close button's tap lifts and the pager is dismissed. Default: 0.8 s after the last swipe's release."),
        "stories": KeyDoc(.list(.anyOf([.text, .raw(["type": "object"])]), minItems: 1), "The story pages: titles, or {title, subtitle, color}. Default: three stories."),
    ] }
    static var presetOverrides: [String: [String: KeyDoc]] { [
        "accordion": ["direction": KeyDoc(.names(["open", "close"]), "open (default) or close."),
                      "duration": KeyDoc(.seconds, "The rows' animation duration.")],
        "edgeSwipeBack": ["dragDuration": KeyDoc(.seconds, "How long the finger moves. Default 0.6."),
                          "dragDistance": KeyDoc(.number(0 ... Limits.coordinate), "How far the finger moves. Default 160."),
                          "dragDelay": KeyDoc(.seconds, "When the finger touches down, after the transition's start. Default 0.2.")],
        "cardSnap": ["dragDistance": KeyDoc(.number(1 ... Limits.coordinate), "How far the generated flick moves. Default 70."),
                     "dragDuration": KeyDoc(.seconds, "How long the generated flick lasts. Default 0.1."),
                     "dragDelay": KeyDoc(.seconds, "When the flick touches down, after the transition's start. Default 0.3."),
                     "title": KeyDoc(.text, "A title above the carousel."),
                     "points": KeyDoc(points, "The drag's samples [t, x, y], instead of the generated flick.")],
        "storyPager": ["spacing": KeyDoc(.number(0 ... Limits.coordinate), "interPageSpacing: points between pages. Default 0."),
                       "page": KeyDoc(.integer(0 ... 10_000), "The story shown first (0-based). Default 0."),
                       "gestures": KeyDoc(.list(.anyOf([.ref("gesture"), .ref("scrollGestureItem")]), minItems: 0),
                                          "The swipes (pans, as a scroll view's gestures); [] for none. Default: drags released at 40 % and 60 % of a page, and a flick."),
                       "background": KeyDoc(.color, "The colour standing in for the background photo (under a white view at 0.72). Default #3B7EA1.")],
        "photoPager": ["gestures": KeyDoc(.list(.anyOf([.ref("gesture"), .ref("scrollGestureItem")]), minItems: 0),
                                          "The swipes in the pager (pans, as a scroll view's gestures); [] for none. Default: a flick, then a slow drag of 30 % of a page."),
                       "delay": KeyDoc(.seconds, "When the tap on the thumbnail (or the button) lifts, at least 0.1 s (a tap's length). Default 0.4.")],
        "semiModal": ["velocityAbove": KeyDoc(.number(), "The dismissal finishes above this velocity (points/s). Default 1200."),
                      "spacing": KeyDoc(.number(0 ... Limits.coordinate), "Spacing between cards. Default 8."),
                      "top": KeyDoc(.number(0 ... Limits.coordinate), "The sheet's top in points. Default 72."),
                      "points": KeyDoc(points, "The dismissing drag's samples [t, x, y].")],
    ] }

    /// Parameters a preset cannot do without (in a timeline too).
    static let presetRequired = ["fullscreen": ["target"], "zoomGallery": ["contents"]]

    static func presetParameter(_ key: String, of preset: String) -> KeyDoc? {
        presetOverrides[preset]?[key] ?? presetParameterDocs[key]
    }

    static func transitionJSON() -> [String: Any] {
        var properties: [String: Any] = [:]
        var cases: [[String: Any]] = []
        for preset in PresetReader.presetNames {
            let keys = PresetReader.presetKeys[preset] ?? []
            var own: [String: Any] = [:]
            for key in keys {
                if properties[key] == nil, let doc = presetParameterDocs[key] {
                    // A key some preset reads its own way accepts any of the shapes here; the
                    // preset's own case below narrows it.
                    let shapes = [doc.shape] + presetOverrides.keys.sorted().compactMap { presetOverrides[$0]?[key]?.shape }
                    var p = shapes.count > 1 ? Shape.anyOf(shapes).json() : doc.shape.json()
                    p["description"] = doc.text; properties[key] = p
                }
                if let doc = presetOverrides[preset]?[key] {
                    var p = doc.shape.json(); p["description"] = doc.text; own[key] = p
                }
            }
            // Old spellings are still read (with a warning): accepted here, marked deprecated.
            let renamed = PresetReader.presetRenamed[preset] ?? [:]
            for (old, new) in renamed.sorted(by: { $0.key < $1.key }) {
                guard let doc = presetParameter(new.to, of: preset) else { continue }
                own[old] = deprecatedProperty(old, doc, renamed: new)
            }
            var then: [String: Any] = ["propertyNames": ["enum": keys + renamed.keys.sorted()]]
            if let required = presetRequired[preset] { then["required"] = required }
            if !own.isEmpty { then["properties"] = own }
            cases.append(["if": ["properties": ["preset": ["const": preset]], "required": ["preset"]], "then": then])
        }
        let presetForm: [String: Any] = ["type": "object", "description": "A preset transition: 'preset' and that preset's parameters (docs/presets.md).",
                                         "properties": properties, "required": ["preset"], "allOf": cases]
        return ["description": "A transition: a preset with its parameters, or a Swift animator (docs/swift-import.md).",
                "oneOf": [presetForm, swiftTransitionJSON()]]
    }

    /// A property for an old spelling of a key: the new key's shape, marked deprecated
    /// (`deprecationMessage` is what VS Code's YAML extension shows).
    static func deprecatedProperty(_ old: String, _ doc: KeyDoc, renamed: MapSchema.Renamed) -> [String: Any] {
        var p = doc.shape.json()
        let text = "The old name of '\(renamed.to)': \(renamed.why). Still read, with a warning."
        p["description"] = text
        p["deprecated"] = true
        p["deprecationMessage"] = "'\(old)' is now '\(renamed.to)'"
        return p
    }

    /// `{swift: File.swift, type, from, to, init, bind, delay}`: keys from `PresetReader.swiftTransitionKeys`.
    static func swiftTransitionJSON() -> [String: Any] {
        let texts: [String: [String: Any]] = [
            "swift": ["anyOf": [["type": "string"], ["type": "array", "items": ["type": "string"], "minItems": 1]],
                      "description": "The animator's Swift module, relative to the scene file: a .swift file, a folder (every .swift file under it) or a list of files and folders, read as one module."],
            "kind": ["enum": TransitionKind.Operation.allCases.map(\.rawValue),
                     "description": "What UIKit is doing (push, pop, present, dismiss): it decides which view UIKit removes on completeTransition. Default: what the animator's code says (an operation or isPresenting property), else present."],
            "presentationStyle": ["enum": TransitionKind.PresentationStyle.allCases.map(\.rawValue),
                                  "description": "The presentation's modalPresentationStyle: fullScreen removes the presenter's view on completion; overFullScreen, custom and pageSheet keep it. Default fullScreen."],
            "presentationController": ["type": ["string", "null"],
                                       "description": "The UIPresentationController subclass of a custom presentation or dismissal (default: the module's only one; null: none). Its presentationTransitionWillBegin, frameOfPresentedViewInContainerView, presentedView and alongside animations run with the animator."],
            "presentationInit": ["type": "object", "description": "Arguments of the presentation controller's initializer by label (presentedViewController and presenting are the transition's screens)."],
            "flags": ["type": "array", "items": ["type": "string"],
                      "description": "Compilation conditions that hold for #if (DEBUG is false unless listed)."],
            "type": ["type": "string", "description": "The animator's type name; may be left out when the file has one animator."],
            "from": ["type": "string", "description": "The screen the transition starts from (a key of 'screens')."],
            "to": ["type": "string", "description": "The screen the transition goes to (a key of 'screens')."],
            "init": ["type": "object", "description": "Initializer arguments by label, e.g. {operation: push} for init(operation:)."],
            "bind": ["type": "object", "description": "Values and layers for names the file cannot know, e.g. {playerVC.targetView: videoCard}."],
            "interactive": ["anyOf": [["type": ["string", "boolean"]],
                                      ["type": "object", "required": ["type"], "additionalProperties": false,
                                       "properties": ["type": ["type": "string"], "init": ["type": "object"]]]],
                            "description": "The interaction controller whose pan handler the finger drives (true: the module's only one); {type, init} when its initializer takes arguments. Needs 'gesture'."],
            "gesture": ["type": "object", "required": ["points"], "additionalProperties": false,
                        "properties": [
                            "type": ["enum": GestureSpec.Kind.allCases.map(\.rawValue), "description": "The recognizer. Default pan."],
                            "points": ["$ref": "#/$defs/points", "description": "Samples [t, x, y]."],
                            "handler": ["type": "string", "description": "The controller's method the finger drives, when the module does not say: one taking the recognizer (\"handle(recognizer:)\"), or one taking what another class computes from it (\"handle(state:)\", with 'progress' and 'finishWhen')."],
                            "progress": ["type": "string", "description": "For a handler taking what another class computes: that class's progress, an expression of the finger (\"translation.x / 292.5\")."],
                            "finishWhen": ["$ref": "#/$defs/finishWhen", "description": "For a handler taking what another class computes: when that class finishes on release."],
                        ],
                        "description": "The finger delivered to the interaction controller's pan handler: {type: screenEdgePan, points: [[t, x, y], …]}."],
        ]
        var properties: [String: Any] = [:]
        for key in PresetReader.swiftTransitionKeys {
            if let text = texts[key] {
                properties[key] = text
            } else if let doc = presetParameterDocs[key] {
                var p = doc.shape.json(); p["description"] = doc.text; properties[key] = p
            } else {
                properties[key] = ["description": "See docs/swift-import.md."]
            }
        }
        return ["type": "object", "description": "A transition written in Swift, evaluated from the animator's source (docs/swift-import.md).",
                "properties": properties, "required": ["swift"], "additionalProperties": false]
    }
}
