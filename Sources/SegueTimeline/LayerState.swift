// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import SegueScene

/// The presentation state of one layer at one instant: its model values with every running
/// or finished animation applied.
public struct LayerState: Sendable {
    public var id: String
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
    public var allowsEdgeAntialiasing: Bool
    public var contents: ImageContents?
    public var text: TextSpec?
    public var shadow: ShadowSpec
    public var cornerStyle: CornerStyle
    public var shape: ShapeSpec?
    public var gradient: GradientSpec?
    public var blur: BlurEffect?
    public var contentsRect: Rect
    /// `mask` (zero or one layer), in this layer's bounds space.
    public var mask: [LayerState]
    /// Set while `transform.*` key-path animations drive the transform (their value functions
    /// build the matrix from these numbers); nil when `transform` is a plain matrix.
    public var transformComponents: TransformComponents?
    /// `snapshotSize`: the size the sublayers were laid out at (they scale to the bounds).
    public var snapshotSize: Size?
    public var snapshotGravity: ContentsGravity = .resize
    public var sublayers: [LayerState]

    /// The model values of a layer (and its subtree) before any animation.
    public init(model l: LayerSpec) {
        id = l.id; bounds = l.bounds; position = l.position; anchorPoint = l.anchorPoint
        zPosition = l.zPosition; transform = l.transform; sublayerTransform = l.sublayerTransform
        opacity = l.opacity; hidden = l.hidden; backgroundColor = l.backgroundColor
        cornerRadius = l.cornerRadius; masksToBounds = l.masksToBounds; borderWidth = l.borderWidth
        borderColor = l.borderColor; doubleSided = l.doubleSided; allowsEdgeAntialiasing = l.allowsEdgeAntialiasing
        contents = l.contents; text = l.text; shadow = l.shadow; cornerStyle = l.cornerStyle; shape = l.shape; gradient = l.gradient; blur = l.blur; contentsRect = l.contentsRect
        snapshotSize = l.snapshotSize; snapshotGravity = l.snapshotGravity
        mask = l.maskLayers.map(LayerState.init(model:))
        sublayers = l.sublayers.map(LayerState.init(model:))
    }

    /// The anchor point in the layer's own bounds space.
    public var anchorInBounds: Point {
        Point(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }
}
