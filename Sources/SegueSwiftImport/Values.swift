// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import SwiftSyntax

/// One operation of a transform, kept so the expansion reads like the code
/// (`rotate: {angle: 90deg, axis: [0, 1, 0]}` rather than sixteen numbers).
enum TransformOp: Equatable {
    case perspective(Double)
    case rotate(Double, Double, Double, Double)
    case translate(Double, Double, Double)
    case scale(Double, Double, Double)
    case matrix(Transform3D)

    var matrix: Transform3D {
        switch self {
        case let .perspective(d): return .perspective(d)
        case let .rotate(a, x, y, z): return .rotation(a, x, y, z)
        case let .translate(x, y, z): return .translation(x, y, z)
        case let .scale(x, y, z): return .scale(x, y, z)
        case let .matrix(m): return m
        }
    }
}

/// A CATransform3D (or a CGAffineTransform seen as one): the matrix, and the operations that
/// built it in scene order (the last acts first), as long as the code built it from operations.
struct TransformValue: Equatable {
    var ops: [TransformOp]

    static let identity = TransformValue(ops: [])

    var matrix: Transform3D {
        var m = Transform3D.identity
        for op in ops { m = Transform3D.concat(op.matrix, m) }
        return m
    }
    var isIdentity: Bool { matrix.maxDifference(to: .identity) < 1e-12 }

    /// CATransform3DTranslate/Scale/Rotate(t, …): the new operation acts on the points first.
    func appending(_ op: TransformOp) -> TransformValue { TransformValue(ops: ops + [op]) }
    /// CATransform3DConcat(a, b): a acts first, then b.
    static func concat(_ a: TransformValue, _ b: TransformValue) -> TransformValue { TransformValue(ops: b.ops + a.ops) }
    /// One matrix, when the code wrote a component (m34 = …): a pure perspective reads as one.
    init(matrix: Transform3D) {
        var perspective = Transform3D.identity
        perspective.m34 = matrix.m34
        if matrix == .identity { ops = [] }
        else if perspective == matrix, matrix.m34 < 0 {
            let d = -1 / matrix.m34
            ops = [.perspective(abs(d - d.rounded()) < 1e-9 ? d.rounded() : d)]
        } else { ops = [.matrix(matrix)] }
    }
    init(ops: [TransformOp]) { self.ops = ops }
}

/// An sRGB colour with straight alpha, components 0 … 1.
struct ColorValue: Equatable {
    var r, g, b, a: Double
    /// The scene name when the code used a named UIColor (`.systemBlue`).
    var name: String?
}

/// A value of the evaluated Swift code.
indirect enum Value {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case transform(TransformValue)
    case affine(TransformValue)
    case color(ColorValue)
    case view(ViewObject)
    case layer(ViewObject)
    case viewController(ScreenController)
    case context
    case screen
    case object(Instance)
    case enumCase(String, [Value])
    /// A struct's properties as the scene gave them, made into the type the code expects.
    case fields([(String, Value)])
    case options([String])
    case closure(ClosureExprSyntax, Scope)
    case function(FunctionRef)
    case typeName(String)
    case array([Value])
    case propertyAnimator(PropertyAnimator)
    case caAnimation(CAAnimationObject)
    case timing(TimingValue)
    case gesture(GestureRecognizerObject)
    case image(ImageValue)
    case path(PathValue)
    case anchor(ViewObject, String)
    case constraint(ConstraintObject)
    case none
    case void

    var typeDescription: String {
        switch self {
        case .int: return "Int"
        case .double: return "CGFloat"
        case .bool: return "Bool"
        case .string: return "String"
        case .point: return "CGPoint"
        case .size: return "CGSize"
        case .rect: return "CGRect"
        case .transform: return "CATransform3D"
        case .affine: return "CGAffineTransform"
        case .color: return "UIColor"
        case .view: return "UIView"
        case .layer: return "CALayer"
        case .viewController: return "UIViewController"
        case .context: return "UIViewControllerContextTransitioning"
        case .screen: return "UIScreen"
        case let .object(i): return i.type.name
        case .enumCase: return "an enum case"
        case .fields: return "a map of properties"
        case .options: return "options"
        case .closure, .function: return "a function"
        case let .typeName(n): return "the type \(n)"
        case .array: return "an array"
        case .propertyAnimator: return "UIViewPropertyAnimator"
        case .caAnimation(let a): return a.className
        case .timing: return "a timing curve"
        case let .gesture(g): return g.className
        case .image: return "UIImage"
        case .path: return "CGPath"
        case .anchor: return "NSLayoutAnchor"
        case .constraint: return "NSLayoutConstraint"
        case .none: return "nil"
        case .void: return "Void"
        }
    }
}

/// A UIImage: an image file of the scene's, or what a layer of the scene shows (the image of an
/// image view given with `bind:`), at its size in points.
struct ImageValue {
    var path: String?
    /// The scene layer whose content the image is.
    var copyOf: String?
    var size: Size
}

/// Timing of an animation: a named curve, control points, or a spring.
enum TimingValue: Equatable {
    case named(String)
    case controlPoints(Double, Double, Double, Double)
    /// UIKit's spring: the animation's duration, damping ratio, initial velocity.
    case uikitSpring(dampingRatio: Double, velocity: Double)
    /// Core Animation's spring (mass, stiffness, damping, initial velocity).
    case caSpring(mass: Double, stiffness: Double, damping: Double, velocity: Double)
}

/// A view controller of the scene: one of the transition's two screens.
final class ScreenController {
    let screen: String
    let view: ViewObject
    /// The module's UIViewController subclass the code casts this screen's controller to: its
    /// methods run on the screen, and its properties are the scene's binds or their initial values.
    var instance: Instance?
    init(screen: String, view: ViewObject) { self.screen = screen; self.view = view }
}

/// An instance of a class or struct defined in the file (the animator, a helper).
final class Instance {
    let type: TypeDecl
    var stored: [String: Value] = [:]
    /// The view, when the type is a UIView subclass of the module: `self` in its methods.
    weak var view: ViewObject?
    /// The instance is the view's layer (a CALayer subclass of the module named by the view's
    /// `layerClass`): `self` in its methods is the layer.
    var isLayer = false
    /// The screen whose controller this instance is (a view-controller subclass of the module).
    weak var controller: ScreenController?
    init(type: TypeDecl) { self.type = type }
}

/// A function defined in the file, bound to its receiver.
struct FunctionRef {
    var decl: FunctionDeclSyntax
    var receiver: Value?
    var type: TypeDecl?
    /// A nested function's enclosing scope: it reads and changes the locals declared there.
    var captured: Scope? = nil
}

/// A type declared in the file (class, struct, enum, with its extensions merged).
final class TypeDecl {
    let name: String
    var inherited: [String] = []
    var functions: [String: [FunctionDeclSyntax]] = [:]
    var properties: [String: (binding: PatternBindingSyntax, isStatic: Bool, isLet: Bool)] = [:]
    var propertyOrder: [String] = []
    var initializers: [InitializerDeclSyntax] = []
    /// Initializers that extensions of the protocols it adopts give it (`init(_ configure:)`).
    var protocolInitializers: [InitializerDeclSyntax] = []
    var enumCases: [String] = []
    /// Each case with the raw value written for it, if any.
    var rawValues: [(name: String, value: ExprSyntax?)] = []
    var isEnum = false
    /// A protocol of the module: its extensions hold default implementations.
    var isProtocolExtension = false
    /// The superclass, when it is a class of the module.
    weak var superclass: TypeDecl?
    /// Members that come from an ancestor (a superclass or a protocol extension).
    var inheritedFunctions: Set<String> = []
    var node: Syntax
    init(name: String, node: Syntax) { self.name = name; self.node = node }
}

/// A lexical scope of local names.
final class Scope {
    var names: [String: Value] = [:]
    let parent: Scope?
    /// `self` in this scope, when inside a method.
    var selfValue: Value?
    init(parent: Scope?, selfValue: Value? = nil) { self.parent = parent; self.selfValue = selfValue ?? parent?.selfValue }

    func lookup(_ name: String) -> Value? { names[name] ?? parent?.lookup(name) }
    func owner(of name: String) -> Scope? { names[name] != nil ? self : parent?.owner(of: name) }
}

/// A UIViewPropertyAnimator: its timing, the animations added to it, its completions.
final class PropertyAnimator {
    var duration: Double
    var timing: TimingValue
    var blocks: [(Value, Double)] = []   // (closure, delayFactor)
    var completions: [Value] = []
    var started = false
    /// Indices of the recorder's animations its blocks made, so that an interactive transition
    /// can scrub them.
    var recorded: [Int] = []
    /// A paused animator shows its animations at fractionComplete of their change (true, UIKit's
    /// default) rather than at the timing curve's value there.
    var scrubsLinearly = true
    var isInterruptible = true
    init(duration: Double, timing: TimingValue) { self.duration = duration; self.timing = timing }
}

/// A CABasicAnimation, CAKeyframeAnimation or CASpringAnimation being configured.
final class CAAnimationObject {
    let className: String
    var keyPath: String?
    var properties: [String: Value] = [:]
    init(className: String, keyPath: String?) { self.className = className; self.keyPath = keyPath }
}
