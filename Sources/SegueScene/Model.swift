@_exported import SegueGeometry
import Foundation

/// Where something was written in a scene file. Lines and columns are 1-based.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) {
        self.file = file; self.line = line; self.column = column
    }
    public var description: String { "\(file):\(line):\(column)" }
}

/// A validated scene: everything later stages need, with every value resolved
/// (defaults filled in, `frame` turned into bounds + position, transforms into matrices).
public struct Scene: Sendable {
    /// The file the scene came from (for messages and for resolving relative paths).
    public var file: String
    public var canvas: Canvas
    /// The scene's length in seconds: `duration:` if given, otherwise the end of the last animation.
    public var duration: Double
    /// Root layers, back to front.
    public var layers: [LayerSpec]
    public var animations: [AnimationSpec]

    public init(file: String, canvas: Canvas, duration: Double, layers: [LayerSpec], animations: [AnimationSpec]) {
        self.file = file; self.canvas = canvas; self.duration = duration
        self.layers = layers; self.animations = animations
    }

    /// Every layer in the tree, depth first, back to front.
    public var allLayers: [LayerSpec] {
        var out: [LayerSpec] = []
        func visit(_ l: LayerSpec) { out.append(l); l.sublayers.forEach(visit) }
        layers.forEach(visit)
        return out
    }
}

public struct Canvas: Hashable, Sendable {
    /// Size in points.
    public var size: Size
    /// Pixels per point (frames are `size × scale` pixels).
    public var scale: Double
    public var fps: Double
    public var background: RGBAColor
    public init(size: Size, scale: Double = 2, fps: Double = 60, background: RGBAColor = .white) {
        self.size = size; self.scale = scale; self.fps = fps; self.background = background
    }
    /// Frame size in pixels.
    public var pixelWidth: Int { Int((size.width * scale).rounded()) }
    public var pixelHeight: Int { Int((size.height * scale).rounded()) }

    /// Frames are 0 … N with N = ceil(duration × fps); frame i shows t = i / fps.
    public func frameCount(duration: Double) -> Int {
        // Subtract a hair so 0.5 s × 60 fps is 30, not 31, despite binary rounding.
        Int((duration * fps - 1e-9).rounded(.up)) + 1
    }
    public func time(ofFrame index: Int) -> Double { Double(index) / fps }
}

/// One layer of the tree, as written in the scene with defaults resolved (the model values).
public struct LayerSpec: Sendable {
    public var id: String
    public var location: SourceLocation
    public var bounds: Rect
    public var position: Point
    public var anchorPoint: Point
    public var zPosition: Double
    public var transform: Transform3D
    public var sublayerTransform: Transform3D
    public var opacity: Double
    public var hidden: Bool
    public var backgroundColor: RGBAColor
    public var cornerRadius: Double
    public var masksToBounds: Bool
    public var borderWidth: Double
    public var borderColor: RGBAColor
    public var doubleSided: Bool
    public var contents: ImageContents?
    public var text: TextSpec?
    public var sublayers: [LayerSpec]

    public init(id: String, location: SourceLocation,
                bounds: Rect = .zero, position: Point = .zero, anchorPoint: Point = Point(x: 0.5, y: 0.5),
                zPosition: Double = 0, transform: Transform3D = .identity, sublayerTransform: Transform3D = .identity,
                opacity: Double = 1, hidden: Bool = false, backgroundColor: RGBAColor = .clear,
                cornerRadius: Double = 0, masksToBounds: Bool = false, borderWidth: Double = 0,
                borderColor: RGBAColor = .black, doubleSided: Bool = true,
                contents: ImageContents? = nil, text: TextSpec? = nil, sublayers: [LayerSpec] = []) {
        self.id = id; self.location = location; self.bounds = bounds; self.position = position
        self.anchorPoint = anchorPoint; self.zPosition = zPosition; self.transform = transform
        self.sublayerTransform = sublayerTransform; self.opacity = opacity; self.hidden = hidden
        self.backgroundColor = backgroundColor; self.cornerRadius = cornerRadius
        self.masksToBounds = masksToBounds; self.borderWidth = borderWidth; self.borderColor = borderColor
        self.doubleSided = doubleSided; self.contents = contents; self.text = text; self.sublayers = sublayers
    }

    /// UIKit's `frame` for an untransformed layer: the rect whose anchor point sits at `position`.
    public var frame: Rect {
        Rect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
             width: bounds.width, height: bounds.height)
    }
}

/// `contents`: an image drawn into the layer's bounds.
public struct ImageContents: Hashable, Sendable {
    /// Absolute path of the image file (resolved relative to the scene file).
    public var path: String
    public var gravity: ContentsGravity
    /// Where `contents:` was written, so a missing or corrupt image is reported there.
    public var location: SourceLocation
    public init(path: String, gravity: ContentsGravity = .resize, location: SourceLocation) {
        self.path = path; self.gravity = gravity; self.location = location
    }
}

/// `contentsGravity`, as CALayer defines it.
public enum ContentsGravity: String, CaseIterable, Hashable, Sendable {
    case resize, resizeAspect, resizeAspectFill, center
}

/// `text`: a label drawn into the layer's bounds with Pango. Like UILabel, the text wraps to the
/// bounds width and is centred vertically.
public struct TextSpec: Hashable, Sendable {
    public var string: String
    /// A fontconfig family name; the default covers Latin, Japanese and emoji through fallback.
    public var fontFamily: String
    /// Size in points.
    public var fontSize: Double
    public var weight: FontWeight
    public var color: RGBAColor
    public var alignment: TextAlignment
    public init(string: String, fontFamily: String = TextSpec.defaultFontFamily, fontSize: Double = 17,
                weight: FontWeight = .regular, color: RGBAColor = .black, alignment: TextAlignment = .natural) {
        self.string = string; self.fontFamily = fontFamily; self.fontSize = fontSize
        self.weight = weight; self.color = color; self.alignment = alignment
    }
    public static let defaultFontFamily = "Noto Sans CJK JP"
}

/// UIFont.Weight names with their CSS/fontconfig numeric weights.
public enum FontWeight: String, CaseIterable, Hashable, Sendable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    public var numericValue: Int {
        switch self {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }
}

/// NSTextAlignment names. `natural` is left for left-to-right text.
public enum TextAlignment: String, CaseIterable, Hashable, Sendable {
    case left, center, right, natural, justified
}

/// A property an animation can drive, by its Core Animation key path.
public enum AnimatableKeyPath: String, CaseIterable, Hashable, Sendable {
    case opacity
    case position
    case positionX = "position.x"
    case positionY = "position.y"
    case boundsSize = "bounds.size"
    case frame
    case backgroundColor
    case cornerRadius
    case rotationX = "transform.rotation.x"
    case rotationY = "transform.rotation.y"
    case rotationZ = "transform.rotation.z"
    case scale = "transform.scale"
    case scaleX = "transform.scale.x"
    case scaleY = "transform.scale.y"
    case translationX = "transform.translation.x"
    case translationY = "transform.translation.y"
    case translationZ = "transform.translation.z"
    case hidden

    /// The kind of value `from`/`to` take for this key path.
    public var valueKind: AnimationValueKind {
        switch self {
        case .opacity, .positionX, .positionY, .cornerRadius, .scale, .scaleX, .scaleY,
             .translationX, .translationY, .translationZ: .number
        case .rotationX, .rotationY, .rotationZ: .angle
        case .position: .point
        case .boundsSize: .size
        case .frame: .rect
        case .backgroundColor: .color
        case .hidden: .bool
        }
    }
}

public enum AnimationValueKind: String, Sendable {
    case number, angle, point, size, rect, color, bool
}

/// A `from`/`to` value. Angles are stored as `.number` in radians.
public enum AnimationValue: Hashable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(RGBAColor)
    case bool(Bool)
}

/// How progress through an animation maps to progress of its value.
public enum TimingCurve: Hashable, Sendable {
    /// A cubic Bézier from (0,0) to (1,1) with control points (x1, y1) and (x2, y2), as
    /// `CAMediaTimingFunction(controlPoints:)`.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

    public static let linear = TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)
    public static let easeIn = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    public static let easeOut = TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    public static let easeInEaseOut = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// `kCAMediaTimingFunctionDefault`.
    public static let `default` = TimingCurve.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    /// Core Animation's named curves, plus UIKit's `UIView.AnimationCurve` spellings.
    public static let named: [String: TimingCurve] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInEaseOut": .easeInEaseOut,
        "default": .default,
        "curveLinear": .linear, "curveEaseIn": .easeIn, "curveEaseOut": .easeOut, "curveEaseInOut": .easeInEaseOut,
    ]
}

/// One `animations:` item: a basic animation of one key path on one layer.
public struct AnimationSpec: Hashable, Sendable {
    public var layerID: String
    public var keyPath: AnimatableKeyPath
    /// Nil means "the value the property has when the animation begins".
    public var from: AnimationValue?
    /// Nil means "the layer's model value" (an animation that returns to it).
    public var to: AnimationValue?
    public var begin: Double
    public var duration: Double
    public var timing: TimingCurve
    public var location: SourceLocation

    public init(layerID: String, keyPath: AnimatableKeyPath, from: AnimationValue?, to: AnimationValue?,
                begin: Double = 0, duration: Double, timing: TimingCurve = .default, location: SourceLocation) {
        self.layerID = layerID; self.keyPath = keyPath; self.from = from; self.to = to
        self.begin = begin; self.duration = duration; self.timing = timing; self.location = location
    }

    public var end: Double { begin + duration }
}
