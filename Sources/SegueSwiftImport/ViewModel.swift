// SPDX-License-Identifier: Apache-2.0
import SegueGeometry

/// The layer properties the importer tracks, with the scene key path each one animates.
enum LayerProperty: String, CaseIterable {
    case boundsSize, boundsOrigin, position, anchorPoint, transform, sublayerTransform, opacity, hidden
    case backgroundColor, cornerRadius, masksToBounds, zPosition, doubleSided, borderWidth, borderColor
    case shadowOpacity, shadowRadius, shadowOffset, shadowColor, cornerCurve
    case path, fillColor, strokeColor, lineWidth, strokeStart, strokeEnd, shadowPath
    /// CAGradientLayer's (GradientImport.swift).
    case colors, locations, startPoint, endPoint, gradientType
    /// A UIVisualEffectView's blur style, or "none" (BlurImport.swift).
    case blurEffect
    /// CALayer.contentsRect (GradientImport.swift).
    case contentsRect

    /// The key path an animation of this property uses in the scene format; nil when the scene
    /// format cannot animate it.
    var keyPath: String? {
        switch self {
        case .boundsSize: return "bounds.size"
        case .boundsOrigin: return "bounds.origin"
        case .position: return "position"
        case .transform: return "transform"
        case .opacity: return "opacity"
        case .hidden: return "hidden"
        case .backgroundColor: return "backgroundColor"
        case .cornerRadius: return "cornerRadius"
        case .zPosition: return "zPosition"
        case .borderWidth: return "borderWidth"
        case .borderColor: return "borderColor"
        case .shadowOpacity: return "shadowOpacity"
        case .shadowRadius: return "shadowRadius"
        case .shadowOffset: return "shadowOffset"
        case .shadowColor: return "shadowColor"
        case .path: return "path"
        case .fillColor: return "fillColor"
        case .strokeColor: return "strokeColor"
        case .lineWidth: return "lineWidth"
        case .strokeStart: return "strokeStart"
        case .strokeEnd: return "strokeEnd"
        case .shadowPath: return "shadowPath"
        case .colors, .locations, .startPoint, .endPoint: return rawValue
        case .blurEffect: return "blur"
        case .contentsRect: return "contentsRect"
        case .anchorPoint, .sublayerTransform, .masksToBounds, .doubleSided, .cornerCurve, .gradientType: return nil
        }
    }
}

/// A UIView and its CALayer (one object: UIKit's view properties are its layer's).
final class ViewObject {
    /// The layer id in the scene (without the step prefix).
    var id: String
    /// The screen whose content this view shows (a screen's view or a snapshot of it).
    var screen: String?
    /// A snapshot view is an image of its view at this size: a new frame scales it.
    var snapshotSize: Size?
    /// A snapshot of a region of its view (`resizableSnapshotView(from:…)`), and that view's size.
    var snapshotRegion: Rect?
    var snapshotSourceSize: Size?
    /// The stored properties and methods of the module's UIView subclass this view is.
    var instance: Instance?
    /// The module's CALayer subclass this view's layer is (its view's `layerClass`).
    var layerInstance: Instance?
    /// The layer's `display()` runs at the end of the run-loop turn.
    var needsDisplay = false
    /// UIView.translatesAutoresizingMaskIntoConstraints, as the code set it.
    var translatesMask = true
    /// A module view's bounds size when its `layoutSubviews()` last ran.
    var laidOutSize: Size?
    /// `observe(\.frame)` and `observe(\.transform)` closures, run when the property is set.
    var keyValueObservers: [(key: String, closure: Value)] = []
    /// A CAShapeLayer (path, fill and stroke), and the layer that masks this one.
    var isShapeLayer = false
    var maskLayer: ViewObject?
    /// The layer this one masks: a mask is on screen when that layer is.
    weak var maskOwner: ViewObject?
    /// A UIImageView: its image and contentMode (UIView.ContentMode's case name).
    var isImageView = false
    var image: ImageValue?
    var contentMode = "scaleToFill"
    /// An existing layer of the scene this view stands for (`bind:`); it is not emitted.
    var boundLayer: String?
    /// Where the view was created in the Swift file, for messages.
    var origin: String
    /// Its provenance: the `let` that names it, else the `addSubview` that puts it in the tree.
    var place: Place?
    /// Where each value the layer starts with was set (`snapshot.frame = …` before the animations).
    var setPlaces: [LayerProperty: Place] = [:]
    var model: [LayerProperty: Value] = [:]
    /// The values before the first animation or later change: what the scene's layer gets.
    var initial: [LayerProperty: Value] = [:]
    /// Properties that animated or changed after the start: later plain sets become steps.
    var changedLater: Set<LayerProperty> = []
    /// Properties whose value the importer does not know (a bound layer's geometry).
    var unknown: Set<LayerProperty> = []
    var subviews: [ViewObject] = []
    weak var superview: ViewObject?
    /// In its superview's tree now (removeFromSuperview keeps it in `subviews`, hidden).
    var attached = false
    /// When the view is in a window's tree at the start (the container and the from screen).
    var attachedInitially = false
    /// Added to a superview at some point: until then nothing of it has been on screen.
    var everAttached = false
    /// Hidden by the code (`isHidden`), apart from being attached.
    var userHidden = false
    /// Named by the importer (view1, …) and not yet used in an animation: the variable it is
    /// first stored in may rename it.
    var autoNamed = false

    init(id: String, origin: String, frame: Rect) {
        self.id = id; self.origin = origin
        let defaults: [LayerProperty: Value] = [
            .boundsSize: .size(frame.size), .boundsOrigin: .point(.zero),
            .position: .point(Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)),
            .anchorPoint: .point(Point(x: 0.5, y: 0.5)), .transform: .transform(.identity), .sublayerTransform: .transform(.identity),
            .opacity: .double(1), .hidden: .bool(false), .cornerRadius: .double(0), .masksToBounds: .bool(false),
            .zPosition: .double(0), .doubleSided: .bool(true), .borderWidth: .double(0),
            // Core Animation's shadow defaults: none drawn until shadowOpacity is raised.
            .shadowOpacity: .double(0), .shadowRadius: .double(3), .shadowOffset: .size(Size(width: 0, height: -3)),
            .shadowColor: .color(ColorValue(r: 0, g: 0, b: 0, a: 1, name: "black")), .cornerCurve: .string("circular"),
        ]
        model = defaults
        initial = defaults
    }

    var size: Size { if case let .size(s)? = model[.boundsSize] { return s }; return .zero }
    var position: Point { if case let .point(p)? = model[.position] { return p }; return .zero }
    var anchor: Point { if case let .point(p)? = model[.anchorPoint] { return p }; return Point(x: 0.5, y: 0.5) }
    var transform: TransformValue { if case let .transform(t)? = model[.transform] { return t }; return .identity }

    /// `frame` from the model, for an untransformed view.
    var frame: Rect {
        let s = size, p = position, a = anchor
        return Rect(x: p.x - a.x * s.width, y: p.y - a.y * s.height, width: s.width, height: s.height)
    }
    /// The position a frame puts the anchor point at.
    func position(for frame: Rect) -> Point {
        Point(x: frame.minX + anchor.x * frame.width, y: frame.minY + anchor.y * frame.height)
    }
    /// The frame the scene layer starts with.
    var initialFrame: Rect {
        guard case let .size(s)? = initial[.boundsSize], case let .point(p)? = initial[.position],
              case let .point(a)? = initial[.anchorPoint] else { return .zero }
        return Rect(x: p.x - a.x * s.width, y: p.y - a.y * s.height, width: s.width, height: s.height)
    }

    func isDescendant(of other: ViewObject) -> Bool {
        var v: ViewObject? = self
        while let c = v { if c === other { return true }; v = c.superview ?? c.maskOwner }
        return false
    }
}
