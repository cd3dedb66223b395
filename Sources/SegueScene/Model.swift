// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry

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
    /// The scene's length in seconds: `duration:` if given, otherwise the end of the last
    /// animation or keyframe group (an endlessly repeating animation counts one cycle). When it
    /// was not given, the timeline extends it to the end of a gesture-driven interaction or
    /// scroll (see `Timeline.duration`).
    public var duration: Double
    /// True when the file said `duration:`; the scene then ends there, whatever else runs on.
    public var durationIsExplicit: Bool
    /// Root layers, back to front.
    public var layers: [LayerSpec]
    public var animations: [AnimationSpec]
    /// `UIView.animateKeyframes` groups (`- group: {…}` items of `animations:`).
    public var groups: [KeyframeGroupSpec]
    /// A scripted gesture that drives every animation of the scene as an interactive transition.
    public var interaction: InteractionSpec?
    /// Scripted fingers that only show (`--show-touches`): taps and pans whose effect the scene's
    /// animations already spell out (a preset that turned a pan into timed animations, say).
    public var touches: [GestureSpec]
    /// Where `canvas:` was written (for messages about the frame size and the render's size).
    public var canvasLocation: SourceLocation?
    /// Valid but suspicious values, in file order, for front ends to print.
    public var warnings: [SceneWarning] = []
    /// Files other than the scene file and its images that loading it read (the Swift animator
    /// sources of `swift:` transitions), as absolute paths. Part of `inputFiles`.
    public var readFiles: [String] = []

    public init(file: String, canvas: Canvas, duration: Double, durationIsExplicit: Bool = false,
                layers: [LayerSpec], animations: [AnimationSpec], groups: [KeyframeGroupSpec] = [],
                interaction: InteractionSpec? = nil, touches: [GestureSpec] = []) {
        self.file = file; self.canvas = canvas; self.duration = duration
        self.durationIsExplicit = durationIsExplicit
        self.layers = layers; self.animations = animations; self.groups = groups; self.interaction = interaction
        self.touches = touches
    }

    /// Every layer in the tree, depth first, back to front.
    public var allLayers: [LayerSpec] {
        var out: [LayerSpec] = []
        func visit(_ l: LayerSpec) { out.append(l); l.maskLayers.forEach(visit); l.sublayers.forEach(visit) }
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
    /// Where this was made when that is not the scene file: the Swift line an imported
    /// animator created it at. See `source`.
    public var origin: SourceLocation? = nil
    /// Where an importer's code set the values the layer starts with, by scene key (`frame`,
    /// `transform`, …).
    public var valueOrigins: [String: SourceLocation] = [:]
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
    /// Anti-aliases the layer's outline where it is drawn in perspective. Segue's default is
    /// true (Core Animation's is false, which gives aliased 3D edges).
    public var allowsEdgeAntialiasing: Bool
    public var contents: ImageContents?
    public var text: TextSpec?
    /// Makes the layer a scroll view: its `bounds.origin` is the content offset.
    public var scroll: ScrollSpec?
    /// The layer is a snapshot (an image) of content laid out at this size: its sublayers are
    /// drawn scaled from this size to the layer's bounds, as a snapshot view's image is.
    public var snapshotSize: Size?
    /// How the snapshot's content fits the bounds (`contentsGravity`, as an image view's
    /// contentMode places its image).
    public var snapshotGravity: ContentsGravity = .resize
    /// CALayer's shadow. No shadow is drawn while `shadow.opacity` is 0 (the default).
    public var shadow: ShadowSpec = ShadowSpec()
    /// `mask`: a layer in this layer's bounds space whose alpha masks it (zero or one item).
    public var maskLayers: [LayerSpec] = []
    /// CAShapeLayer's path, fill and stroke; nil unless a shape key is written.
    public var shape: ShapeSpec?
    /// `cornerCurve` and `maskedCorners`.
    public var cornerStyle: CornerStyle = CornerStyle()
    /// CAGradientLayer's colours, locations, end points and type; nil unless a gradient key is written.
    public var gradient: GradientSpec?
    /// UIVisualEffectView's blur of what lies behind the layer; nil unless `blur:` is written.
    public var blur: BlurEffect?
    /// The part of the contents (an image, or a snapshot's content) the layer shows, in the
    /// unit space of the contents: [0, 0, 1, 1] is all of it.
    public var contentsRect: Rect = .unitContents
    /// CAMediaTiming's `beginTime` on a layer: the layer and everything in it (its animations,
    /// its scroll view's fingers, its interaction) run on the parent's time less this.
    public var beginTime: Double = 0
    /// A gesture that drives this layer's animations and those of its sublayers, as
    /// UIPercentDrivenInteractiveTransition drives the transition's container view.
    public var interaction: InteractionSpec?
    public var sublayers: [LayerSpec]

    public init(id: String, location: SourceLocation,
                bounds: Rect = .zero, position: Point = .zero, anchorPoint: Point = Point(x: 0.5, y: 0.5),
                zPosition: Double = 0, transform: Transform3D = .identity, sublayerTransform: Transform3D = .identity,
                opacity: Double = 1, hidden: Bool = false, backgroundColor: RGBAColor = .clear,
                cornerRadius: Double = 0, masksToBounds: Bool = false, borderWidth: Double = 0,
                borderColor: RGBAColor = .black, doubleSided: Bool = true, allowsEdgeAntialiasing: Bool = true,
                contents: ImageContents? = nil, text: TextSpec? = nil, scroll: ScrollSpec? = nil,
                sublayers: [LayerSpec] = []) {
        self.id = id; self.location = location; self.bounds = bounds; self.position = position
        self.anchorPoint = anchorPoint; self.zPosition = zPosition; self.transform = transform
        self.sublayerTransform = sublayerTransform; self.opacity = opacity; self.hidden = hidden
        self.backgroundColor = backgroundColor; self.cornerRadius = cornerRadius
        self.masksToBounds = masksToBounds; self.borderWidth = borderWidth; self.borderColor = borderColor
        self.doubleSided = doubleSided; self.allowsEdgeAntialiasing = allowsEdgeAntialiasing
        self.contents = contents; self.text = text; self.scroll = scroll
        self.sublayers = sublayers
    }

    /// UIKit's `frame` for an untransformed layer: the rect whose anchor point sits at `position`.
    public var frame: Rect {
        Rect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
             width: bounds.width, height: bounds.height)
    }
}

/// CALayer's shadow properties, with Core Animation's defaults (`shadowOpacity` 0, so none is
/// drawn until it is set).
public struct ShadowSpec: Hashable, Sendable {
    public var color: RGBAColor
    public var opacity: Double
    /// The blur, in points: Segue draws a Gaussian with this standard deviation (see
    /// docs/scene-format/shadows.md for why).
    public var radius: Double
    /// In the layer's own coordinates, so it turns with the layer. Core Animation's default is
    /// (0, −3): three points up.
    public var offset: Size
    /// When set, the shadow is this path's shape instead of the layer's alpha.
    public var path: ScenePath?
    public init(color: RGBAColor = .black, opacity: Double = 0, radius: Double = 3, offset: Size = Size(width: 0, height: -3),
                path: ScenePath? = nil) {
        self.color = color; self.opacity = opacity; self.radius = radius; self.offset = offset; self.path = path
    }
    /// Whether anything is drawn.
    public var isVisible: Bool { opacity > 0 && color.alpha > 0 && opacity.isFinite && radius.isFinite }
}

/// `contents`: an image drawn into the layer's bounds.
public struct ImageContents: Hashable, Sendable {
    /// Absolute path of the image file (resolved relative to the scene file).
    public var path: String
    public var gravity: ContentsGravity
    /// Where `contents:` was written, so a missing or corrupt image is reported there.
    public var location: SourceLocation
    /// The largest image (width × height pixels) the decoder may allocate for it: the raster
    /// stage checks the file's header against this again before decoding (`SceneLimits`).
    public var maximumPixels: Int
    public init(path: String, gravity: ContentsGravity = .resize, location: SourceLocation,
                maximumPixels: Int = SceneLimits.default.imagePixels) {
        self.path = path; self.gravity = gravity; self.location = location; self.maximumPixels = maximumPixels
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
    /// The whole matrix; interpolates by decomposition (translation, scale, skew, perspective,
    /// rotation as a quaternion), as Core Animation does.
    case transform
    case zPosition
    case borderWidth
    case borderColor
    /// The content offset of a scroll view (UIScrollView's contentOffset is its bounds.origin).
    case boundsOrigin = "bounds.origin"
    case shadowOpacity
    case shadowRadius
    case shadowOffset
    case shadowColor
    /// Interpolates the path's points pairwise, as Core Animation does.
    case shadowPath
    /// CAShapeLayer's `path`, interpolated like `shadowPath`.
    case path
    case fillColor
    case strokeColor
    case lineWidth
    case strokeStart
    case strokeEnd
    case lineDashPhase
    /// CAGradientLayer's `colors`, interpolated pairwise (the lists need the same length).
    case colors
    /// CAGradientLayer's `locations`, interpolated pairwise.
    case locations
    case startPoint
    case endPoint
    /// A `blur:` layer's effect (UIVisualEffectView's `effect`): a style name or none; between
    /// two effects the radius, saturation and tint interpolate.
    case blur
    /// The part of the contents shown, in their unit space.
    case contentsRect

    /// The kind of value `from`/`to` take for this key path.
    public var valueKind: AnimationValueKind {
        switch self {
        case .opacity, .positionX, .positionY, .cornerRadius, .scale, .scaleX, .scaleY,
             .translationX, .translationY, .translationZ, .zPosition, .borderWidth,
             .shadowOpacity, .shadowRadius, .lineWidth, .strokeStart, .strokeEnd, .lineDashPhase: .number
        case .rotationX, .rotationY, .rotationZ: .angle
        case .position, .boundsOrigin, .startPoint, .endPoint: .point
        case .boundsSize, .shadowOffset: .size
        case .frame, .contentsRect: .rect
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor: .color
        case .shadowPath, .path: .path
        case .colors: .colors
        case .locations: .numbers
        case .blur: .blur
        case .hidden: .bool
        case .transform: .transform
        }
    }
}

public enum AnimationValueKind: String, Sendable {
    case number, angle, point, size, rect, color, bool, transform, path
    /// A list of colours (a gradient's `colors`).
    case colors
    /// A list of numbers (a gradient's `locations`).
    case numbers
    /// A blur style or none.
    case blur
}

/// A `from`/`to` value. Angles are stored as `.number` in radians.
public enum AnimationValue: Hashable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(RGBAColor)
    case bool(Bool)
    /// A whole `transform` (written as an operation list or a matrix).
    case transform(Transform3D)
    /// A path (`shadowPath`); nil is "no path".
    case path(ScenePath?)
    /// A gradient's `colors`.
    case colors([RGBAColor])
    /// A gradient's `locations`; nil is "spread evenly".
    case numbers([Double]?)
    /// A `blur:` effect (none is `BlurEffect.none`).
    case blur(BlurEffect)
}

/// How progress through an animation maps to progress of its value.
public enum TimingCurve: Hashable, Sendable {
    /// A cubic Bézier from (0,0) to (1,1) with control points (x1, y1) and (x2, y2), as
    /// `CAMediaTimingFunction(controlPoints:)`.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// CSS `steps(n, jump-start | jump-end)`: n equal jumps, at the start or the end of each step.
    case steps(count: Int, jumpAtStart: Bool)
    /// A spring (CASpringAnimation): progress follows the spring in seconds, not the duration.
    case spring(SpringSpec)

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
    /// Where this was made when that is not the scene file: the Swift line an imported
    /// animator created it at. See `source`.
    public var origin: SourceLocation? = nil
    /// CAKeyframeAnimation: when set, `from`/`to` are not used.
    public var keyframes: KeyframesSpec?
    /// CAMediaTiming: local time = (t − begin) × speed + timeOffset.
    public var speed: Double
    public var timeOffset: Double
    /// 1 by default; fractional counts stop part way; `.infinity` repeats until the scene ends.
    public var repeatCount: Double
    public var autoreverses: Bool
    public var fillMode: FillMode
    /// The animated value is added to the underlying value (matrices are concatenated).
    public var additive: Bool

    public init(layerID: String, keyPath: AnimatableKeyPath, from: AnimationValue?, to: AnimationValue?,
                begin: Double = 0, duration: Double, timing: TimingCurve = .default, location: SourceLocation,
                keyframes: KeyframesSpec? = nil, speed: Double = 1, timeOffset: Double = 0, repeatCount: Double = 1,
                autoreverses: Bool = false, fillMode: FillMode = .hold, additive: Bool = false) {
        self.layerID = layerID; self.keyPath = keyPath; self.from = from; self.to = to
        self.begin = begin; self.duration = duration; self.timing = timing; self.location = location
        self.keyframes = keyframes; self.speed = speed; self.timeOffset = timeOffset; self.repeatCount = repeatCount
        self.autoreverses = autoreverses; self.fillMode = fillMode; self.additive = additive
    }

    /// One cycle in local time, with the reverse leg when `autoreverses`.
    public var cycleDuration: Double { duration * (autoreverses ? 2 : 1) }
    /// How long the animation runs in scene seconds (infinite for `repeatCount: inf`).
    public var activeDuration: Double {
        let count = repeatCount > 0 ? repeatCount : 1
        return max(0, count * cycleDuration - timeOffset) / abs(speed == 0 ? 1 : speed)
    }
    /// When the animation stops, in scene seconds (infinite for endless repeats).
    public var end: Double { begin + activeDuration }
    /// The end used for the scene's default duration: an endless animation counts one cycle.
    public var naturalEnd: Double {
        activeDuration.isFinite ? end : begin + cycleDuration / abs(speed == 0 ? 1 : speed)
    }
}

/// CAMediaTiming's fill modes, plus Segue's default.
public enum FillMode: String, CaseIterable, Hashable, Sendable {
    /// The default: after its end the final value stays, because (as with UIView.animate) the
    /// model value was set to it; before `begin` the model value shows.
    case hold
    /// Core Animation's default when an animation is removed on completion: the model value
    /// shows again afterwards.
    case removed
    case forwards, backwards, both
}

/// The three ways scene files write a spring.
public enum SpringSpec: Hashable, Sendable {
    /// CASpringAnimation: mass, stiffness, damping, initialVelocity (defaults 1, 100, 10, 0).
    case physical(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
    /// UIView.animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:).
    case uiView(duration: Double, dampingRatio: Double, initialVelocity: Double)
    /// SwiftUI's Spring(duration:bounce:).
    case swiftUI(duration: Double, bounce: Double, initialVelocity: Double)

    public var solver: SpringSolver {
        switch self {
        case let .physical(m, k, c, v): SpringSolver(mass: m, stiffness: k, damping: c, initialVelocity: v)
        case let .uiView(d, zeta, v): SpringSolver.uiView(duration: d, dampingRatio: zeta, initialVelocity: v)
        case let .swiftUI(d, bounce, v): SpringSolver.swiftUI(duration: d, bounce: bounce, initialVelocity: v)
        }
    }

    /// The duration an animation gets when it gives none: CASpringAnimation's settlingDuration;
    /// the UIKit form's own duration; for SwiftUI's form, its settling duration.
    public var naturalDuration: Double {
        switch self {
        case .physical, .swiftUI: solver.settlingDuration
        case let .uiView(d, _, _): d
        }
    }
}

/// CAKeyframeAnimation's calculation modes.
public enum CalculationMode: String, CaseIterable, Hashable, Sendable {
    case linear, discrete, paced, cubic, cubicPaced
}

/// `keyframes:` of an animation, as CAKeyframeAnimation defines them.
public struct KeyframesSpec: Hashable, Sendable {
    public var values: [AnimationValue]
    /// Nil: evenly spaced. For `discrete` there may be one more key time than values.
    public var keyTimes: [Double]?
    public var calculationMode: CalculationMode
    /// One per segment (values − 1), applied to each segment's own progress.
    public var timingFunctions: [TimingCurve]
    public var tensionValues: [Double]
    public var continuityValues: [Double]
    public var biasValues: [Double]

    public init(values: [AnimationValue], keyTimes: [Double]? = nil, calculationMode: CalculationMode = .linear,
                timingFunctions: [TimingCurve] = [], tensionValues: [Double] = [], continuityValues: [Double] = [],
                biasValues: [Double] = []) {
        self.values = values; self.keyTimes = keyTimes; self.calculationMode = calculationMode
        self.timingFunctions = timingFunctions; self.tensionValues = tensionValues
        self.continuityValues = continuityValues; self.biasValues = biasValues
    }
}

/// `UIView.animateKeyframes(withDuration:delay:options:animations:)` with its `addKeyframe` calls.
public struct KeyframeGroupSpec: Hashable, Sendable {
    /// The group's delay: when it starts, in scene seconds.
    public var begin: Double
    public var duration: Double
    /// From `calculationModeLinear|Discrete|Paced|Cubic|CubicPaced`; UIKit's default is linear.
    public var calculationMode: CalculationMode
    /// The curve over the whole group: easeInEaseOut unless an option says otherwise, as UIKit does.
    public var curve: TimingCurve
    public var keyframes: [GroupKeyframe]
    public var location: SourceLocation
    /// Where this was made when that is not the scene file: the Swift line an imported
    /// animator created it at. See `source`.
    public var origin: SourceLocation? = nil

    public init(begin: Double = 0, duration: Double, calculationMode: CalculationMode = .linear,
                curve: TimingCurve = .easeInEaseOut, keyframes: [GroupKeyframe], location: SourceLocation) {
        self.begin = begin; self.duration = duration; self.calculationMode = calculationMode
        self.curve = curve; self.keyframes = keyframes; self.location = location
    }
    public var end: Double { begin + duration }
}

/// `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)`.
public struct GroupKeyframe: Hashable, Sendable {
    /// Fractions of the group's duration, 0…1.
    public var relativeStart: Double
    public var relativeDuration: Double
    /// What the keyframe's animations block sets.
    public var changes: [PropertyChange]
    public var location: SourceLocation
    /// Where this was made when that is not the scene file: the Swift line an imported
    /// animator created it at. See `source`.
    public var origin: SourceLocation? = nil
    public init(relativeStart: Double, relativeDuration: Double, changes: [PropertyChange], location: SourceLocation) {
        self.relativeStart = relativeStart; self.relativeDuration = relativeDuration
        self.changes = changes; self.location = location
    }
}

/// One assignment in a keyframe block, e.g. `"card.transform.rotation.y": -90deg`.
public struct PropertyChange: Hashable, Sendable {
    public var layerID: String
    public var keyPath: AnimatableKeyPath
    public var value: AnimationValue
    public var location: SourceLocation
    /// Where this was made when that is not the scene file: the Swift line an imported
    /// animator created it at. See `source`.
    public var origin: SourceLocation? = nil
    public init(layerID: String, keyPath: AnimatableKeyPath, value: AnimationValue, location: SourceLocation) {
        self.layerID = layerID; self.keyPath = keyPath; self.value = value; self.location = location
    }
}

/// A finger on the screen over time: samples of (time in scene seconds, x, y in canvas points),
/// straight lines between them. Touch-down is the first sample, release the last.
public struct GestureSpec: Hashable, Sendable {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// UIPanGestureRecognizer.
        case pan
        /// UIScreenEdgePanGestureRecognizer (the same motion, starting at an edge).
        case screenEdgePan
    }
    public struct Sample: Hashable, Sendable {
        public var time: Double, x: Double, y: Double
        public init(time: Double, x: Double, y: Double) { self.time = time; self.x = x; self.y = y }
    }
    public var kind: Kind
    /// At least two, in increasing time.
    public var samples: [Sample]
    public var location: SourceLocation
    public init(kind: Kind = .pan, samples: [Sample], location: SourceLocation) {
        self.kind = kind; self.samples = samples; self.location = location
    }
}

/// An interactive transition (UIPercentDrivenInteractiveTransition): while the finger moves,
/// every animation of the scene is scrubbed to `progress`; on release the transition finishes
/// or cancels from where it stands.
public struct InteractionSpec: Hashable, Sendable {
    public var gesture: GestureSpec
    /// E.g. `translation.x / 200`; clamped to 0…1.
    public var progress: ProgressExpression
    public var finishWhen: FinishRule
    /// UIPercentDrivenInteractiveTransition's completionCurve (default easeInEaseOut).
    public var completionCurve: TimingCurve
    /// UIPercentDrivenInteractiveTransition's completionSpeed (default 1).
    public var completionSpeed: Double
    public var location: SourceLocation
    public init(gesture: GestureSpec, progress: ProgressExpression, finishWhen: FinishRule = FinishRule(),
                completionCurve: TimingCurve = .easeInEaseOut, completionSpeed: Double = 1, location: SourceLocation) {
        self.gesture = gesture; self.progress = progress; self.finishWhen = finishWhen
        self.completionCurve = completionCurve; self.completionSpeed = completionSpeed; self.location = location
    }
}

/// When an interactive transition finishes on release rather than cancelling: when either
/// condition given holds.
public struct FinishRule: Hashable, Sendable {
    /// Progress at release above this (default 0.5, the seed's rule).
    public var progressAbove: Double?
    /// Release velocity along `velocityAxis` above this, in points per second.
    public var velocityAbove: Double?
    public var velocityAxis: Axis
    public enum Axis: String, CaseIterable, Hashable, Sendable { case x, y }
    public init(progressAbove: Double? = 0.5, velocityAbove: Double? = nil, velocityAxis: Axis = .x) {
        self.progressAbove = progressAbove; self.velocityAbove = velocityAbove; self.velocityAxis = velocityAxis
    }

    /// Whether a transition released at `progress`, moving at `velocity`, finishes.
    public func finishes(progress: Double, velocity: Point) -> Bool {
        let v = velocityAxis == .x ? velocity.x : velocity.y
        return (progressAbove.map { progress > $0 } ?? false) || (velocityAbove.map { v > $0 } ?? false)
    }
}

/// A small arithmetic expression over gesture values, e.g. `translation.x / 200` or
/// `-translation.y / 400`. Variables: translation.x/y, location.x/y (canvas points), velocity.x/y
/// (points per second).
public indirect enum ProgressExpression: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case variable(String)
    case negate(ProgressExpression)
    case binary(Character, ProgressExpression, ProgressExpression)
    /// min(a, b), max(a, b), abs(a)
    case call(String, [ProgressExpression])

    public static let variables = ["translation.x", "translation.y", "location.x", "location.y", "velocity.x", "velocity.y"]

    public func evaluate(_ values: [String: Double]) -> Double {
        switch self {
        case let .number(v): return v
        case let .variable(name): return values[name] ?? 0
        case let .negate(e): return -e.evaluate(values)
        case let .binary(op, a, b):
            let x = a.evaluate(values), y = b.evaluate(values)
            switch op {
            case "+": return x + y
            case "-": return x - y
            case "*": return x * y
            case "/": return y == 0 ? 0 : x / y
            default: return 0
            }
        case let .call(name, args):
            let v = args.map { $0.evaluate(values) }
            switch (name, v.count) {
            case ("min", 2): return min(v[0], v[1])
            case ("max", 2): return max(v[0], v[1])
            case ("abs", 1): return abs(v[0])
            default: return 0
            }
        }
    }

    public var description: String {
        switch self {
        case let .number(v): return "\(v)"
        case let .variable(n): return n
        case let .negate(e): return "-(\(e))"
        case let .binary(op, a, b): return "(\(a) \(op) \(b))"
        case let .call(n, args): return "\(n)(" + args.map(\.description).joined(separator: ", ") + ")"
        }
    }
}

/// `scroll:` on a layer: a UIScrollView driven by a scripted drag. The layer's `bounds.origin`
/// is the content offset; its sublayers are the content.
public struct ScrollSpec: Hashable, Sendable {
    /// UIScrollView's rubber-band constant.
    public static let rubberBandCoefficient = 0.55
    /// UIScrollView's rubber band: an overscroll of `x` shows as (1 − 1/(x·c/d + 1))·d.
    public static func rubberBand(_ x: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        return (1 - 1 / (x * rubberBandCoefficient / d + 1)) * d
    }

    public var contentSize: Size
    /// The offset before the drag.
    public var contentOffset: Point
    /// `isPagingEnabled`: settle on multiples of the bounds size.
    public var paging: Bool
    /// Velocity multiplier per millisecond: normal 0.998, fast 0.99.
    public var decelerationRate: Double
    /// Rubber-band past the edges while dragging, and bounce back.
    public var bounces: Bool
    public var drag: GestureSpec?
    /// A carousel rule that settles a card in the centre with a spring.
    public var snap: SnapSpec?
    /// Zooming (minimumZoomScale, maximumZoomScale, zoomScale, bouncesZoom); with it the content
    /// size follows the zoomed view.
    public var zoom: ZoomSpec?
    /// What happens to the scroll view, in time order: pans, pinches, double taps and
    /// setZoomScale / zoom(to:) calls (`gestures:`; `drag:` is the one-pan shorthand).
    public var gestures: [ScrollGesture]
    public var location: SourceLocation
    public init(contentSize: Size, contentOffset: Point = .zero, paging: Bool = false,
                decelerationRate: Double = ScrollSpec.normalDecelerationRate, bounces: Bool = true,
                drag: GestureSpec? = nil, snap: SnapSpec? = nil, zoom: ZoomSpec? = nil, gestures: [ScrollGesture] = [],
                location: SourceLocation) {
        self.contentSize = contentSize; self.contentOffset = contentOffset; self.paging = paging
        self.decelerationRate = decelerationRate; self.bounces = bounces; self.drag = drag; self.snap = snap
        self.zoom = zoom; self.gestures = gestures
        self.location = location
    }
    public static let normalDecelerationRate = 0.998
    public static let fastDecelerationRate = 0.99
}

/// A carousel rule: how a released drag chooses the card to settle on, and how it gets there.
public enum SnapRule: String, Hashable, Sendable, CaseIterable {
    /// Seed 003 (scrollViewWillEndDragging in the semi-modal article): from the card centred when the
    /// drag began, a release faster than `velocityThreshold` moves one card with a damping spring
    /// seeded with the release velocity; otherwise the card nearest the centre scrolls there with
    /// `scrollToItem(at:at:animated: true)`.
    case pageSnap
    /// Seed 002 (CenterCellCollectionViewFlowLayout): the scroll view decelerates as usual, its
    /// proposed resting offset re-targeted so that the card nearest the centre stops centred.
    case cardSnap
}

/// Which cards `cardSnap` may settle on.
public enum SnapCandidates: String, Hashable, Sendable, CaseIterable {
    /// The author's layout: the cards visible when the finger lifts (layoutAttributesForElements(in: bounds)).
    case visible
    /// Any card, so a hard flick can travel several.
    case all
}

/// `snap:` under `scroll:`. `pageWidth` is the distance between neighbouring cards (the layout's
/// pageWidth: item width + line spacing); by default the bounds width.
public struct SnapSpec: Hashable, Sendable {
    public var rule: SnapRule
    public var pageWidth: Double?
    // pageSnap
    /// Points per millisecond, UIScrollView's velocity unit in scrollViewWillEndDragging.
    public var velocityThreshold: Double
    public var springDuration: Double
    public var dampingRatio: Double
    /// scrollToItem(animated: true): UIKit's scroll animation, linear ("at a constant rate") over this time.
    public var scrollDuration: Double
    // cardSnap
    /// The card's width (its centre is `leading` + k × pageWidth + cardWidth / 2); default pageWidth.
    public var cardWidth: Double?
    /// Where the first card's left edge sits in the content (the section inset).
    public var leading: Double
    public var candidates: SnapCandidates
    public init(rule: SnapRule = .pageSnap, pageWidth: Double? = nil, velocityThreshold: Double = 0.5, springDuration: Double = 0.3,
                dampingRatio: Double = 1, scrollDuration: Double = SnapSpec.scrollToItemDuration, cardWidth: Double? = nil,
                leading: Double = 0, candidates: SnapCandidates = .visible) {
        self.rule = rule
        self.pageWidth = pageWidth; self.velocityThreshold = velocityThreshold
        self.springDuration = springDuration; self.dampingRatio = dampingRatio; self.scrollDuration = scrollDuration
        self.cardWidth = cardWidth; self.leading = leading; self.candidates = candidates
    }
    /// How `pageSnap` settles (seed 003's scrollViewWillEndDragging).
    public enum PageSnapMove: Hashable, Sendable {
        /// A fast flick that stayed on the starting card: one card on, by the damping spring.
        case flick
        /// Everything else: scrollToItem(at: nearest card, at: .centeredHorizontally, animated: true).
        case scrollToItem
    }

    /// Seed 003's scrollViewWillEndDragging: the "major" card is the one nearest the offset at
    /// release. If it is the card the drag started on and the release is faster than the
    /// threshold, move one card that way (`flick`); otherwise scroll to the major card — which is
    /// the next card after a drag past half a card, and the starting card on a snap back.
    public static func pageSnapPlan(snap: SnapSpec, page: Double, maxOffset: Double, dragStart: Double, release: Double,
                                    velocity: Double) -> (start: Int, target: Int, move: PageSnapMove) {
        guard page > 0 else { return (0, 0, .scrollToItem) }
        let lastPage = Int((maxOffset / page).rounded())
        let start = min(max(Int((dragStart / page).rounded()), 0), lastPage)
        let major = min(max(Int((release / page).rounded()), 0), lastPage)
        if major == start {
            if velocity > snap.velocityThreshold && start + 1 <= lastPage { return (start, start + 1, .flick) }
            if velocity < -snap.velocityThreshold && start - 1 >= 0 { return (start, start - 1, .flick) }
        }
        return (start, major, .scrollToItem)
    }

    /// Apple documents the shape of setContentOffset(_:animated:) ("at a constant rate") but not its
    /// length; Segue's choice is 0.3 s, UIKit's usual animation length.
    public static let scrollToItemDuration = 0.3
}

/// `zoom:` under `scroll:`: UIScrollView's zooming. The zoomed view (`viewForZooming(in:)`) is a
/// sublayer of the scroll view; at zoom scale z it shows scaled by z, and the content size is its
/// scaled frame (plus the centring insets when `centers` is on).
public struct ZoomSpec: Hashable, Sendable {
    /// minimumZoomScale, maximumZoomScale and the zoomScale before any gesture (UIKit's defaults: 1).
    public var minimum: Double
    public var maximum: Double
    public var initial: Double
    /// bouncesZoom: past a limit a pinch rubber-bands, and springs back on release.
    public var bounces: Bool
    /// The id of the zoomed sublayer; nil for the scroll view's first sublayer.
    public var view: String?
    /// Seed 000's scrollViewDidZoom: the zoomed view's four constraints are set to
    /// max(0, (viewport − scaled frame) / 2), so a view smaller than the viewport sits centred.
    public var centers: Bool
    /// The zoom scale a double tap zooms in to; nil for `maximum`.
    public var doubleTapScale: Double?
    /// Where `zoom:` was written.
    public var location: SourceLocation?
    public init(minimum: Double = 1, maximum: Double = 1, initial: Double = 1, bounces: Bool = true, view: String? = nil,
                centers: Bool = false, doubleTapScale: Double? = nil, location: SourceLocation? = nil) {
        self.minimum = minimum; self.maximum = maximum; self.initial = initial; self.bounces = bounces
        self.view = view; self.centers = centers; self.doubleTapScale = doubleTapScale; self.location = location
    }

    /// Apple does not document how long setZoomScale(_:animated:), zoom(to:animated:) and the
    /// other animated zooms take; Segue's choice is 0.3 s, UIKit's usual animation length (the
    /// same as its scroll-to-item animation), eased in and out like UIView's default curve.
    public static let animationDuration = 0.3

    /// The seed's centring inset on one axis: max(0, (viewport − scaled length) / 2).
    public static func centringInset(viewport: Double, scaledLength: Double) -> Double {
        max(0, (viewport - scaledLength) / 2)
    }

    /// Seed 000's setStoryPictureImageViewScale: the aspect-fit scale,
    /// min(viewport width / image width, viewport height / image height).
    public static func aspectFitScale(image: Size, viewport: Size) -> Double {
        guard image.width > 0, image.height > 0 else { return 1 }
        return min(viewport.width / image.width, viewport.height / image.height)
    }
}

/// One item of a scroll view's `gestures:`.
public enum ScrollGesture: Hashable, Sendable {
    /// One finger dragging the content (UIScrollView's pan gesture).
    case pan(GestureSpec)
    /// Two fingers (UIScrollView's pinch gesture): the zoom follows the ratio of their distance
    /// to the distance at touch-down, about their centroid.
    case pinch(GestureSpec, GestureSpec)
    /// Two quick taps; the zoom starts when the second lifts (`zoomsAt`).
    case doubleTap(first: GestureSpec, second: GestureSpec, at: Point)
    /// setZoomScale(_:animated:) called at `time`: about the centre of the visible area.
    case setZoomScale(time: Double, scale: Double, animated: Bool, location: SourceLocation)
    /// zoom(to:animated:) called at `time`, with a rect in the zoomed view's own coordinates.
    case zoomTo(time: Double, rect: Rect, animated: Bool, location: SourceLocation)

    /// The fingers it shows (none for a call).
    public var fingers: [GestureSpec] {
        switch self {
        case let .pan(g): return [g]
        case let .pinch(a, b): return [a, b]
        case let .doubleTap(a, b, _): return [a, b]
        case .setZoomScale, .zoomTo: return []
        }
    }
    /// When it begins (touch-down, or the call) and when its fingers have all lifted.
    public var start: Double {
        switch self {
        case let .setZoomScale(t, _, _, _), let .zoomTo(t, _, _, _): return t
        default: return fingers.map { $0.samples.first?.time ?? 0 }.min() ?? 0
        }
    }
    public var end: Double {
        switch self {
        case let .setZoomScale(t, _, _, _), let .zoomTo(t, _, _, _): return t
        default: return fingers.map { $0.samples.last?.time ?? 0 }.max() ?? 0
        }
    }
    public var location: SourceLocation {
        switch self {
        case let .pan(g), let .pinch(g, _), let .doubleTap(g, _, _): return g.location
        case let .setZoomScale(_, _, _, l), let .zoomTo(_, _, _, l): return l
        }
    }

    /// A double tap as the two taps Segue scripts: each finger down for `tapLength`, the second
    /// touching down `tapInterval` after the first (well inside the recognizer's time limit).
    public static let tapLength = 0.05
    public static let tapInterval = 0.15
    public static func doubleTap(at p: Point, time t: Double, location: SourceLocation) -> ScrollGesture {
        func tap(_ t0: Double) -> GestureSpec {
            GestureSpec(samples: [.init(time: t0, x: p.x, y: p.y), .init(time: t0 + tapLength, x: p.x, y: p.y)], location: location)
        }
        return .doubleTap(first: tap(t), second: tap(t + tapInterval), at: p)
    }

    /// A pinch written as `{pinch: {center, from, to, duration, …}}`: two fingers on opposite
    /// sides of `center`, `span × scale` apart along `angle` (radians from the x axis, the first
    /// finger on the positive side), the scale going linearly from `from` to `to` in `duration`
    /// from `begin`; the fingers hold still until `release`.
    public static func pinchFingers(center c: Point, from: Double, to: Double, begin: Double, duration: Double, release: Double,
                                    span: Double, angle: Double, location: SourceLocation) -> (GestureSpec, GestureSpec) {
        var a: [GestureSpec.Sample] = [], b: [GestureSpec.Sample] = []
        let ux = cos(angle), uy = -sin(angle)
        func add(_ t: Double, _ s: Double) {
            let h = span * s / 2
            a.append(.init(time: t, x: c.x + ux * h, y: c.y + uy * h))
            b.append(.init(time: t, x: c.x - ux * h, y: c.y - uy * h))
        }
        // Straight lines between samples: the spread, and so the scale, changes at a constant rate.
        add(begin, from)
        add(begin + duration, to)
        if release > begin + duration + 1e-9 { add(release, to) }
        return (GestureSpec(samples: a, location: location), GestureSpec(samples: b, location: location))
    }
}

extension Rect {
    /// CALayer's default `contentsRect`: all of the contents.
    public static let unitContents = Rect(x: 0, y: 0, width: 1, height: 1)
}
