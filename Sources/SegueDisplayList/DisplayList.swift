// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import SegueScene

/// One frame, ready to rasterize: the layer tree with every layer's full matrix to the canvas.
public struct DisplayList: Sendable {
    public var frameIndex: Int
    public var time: Double
    /// Canvas size in points.
    public var canvasSize: Size
    /// Pixels per point.
    public var scale: Double
    public var background: RGBAColor
    /// Root nodes, back to front (siblings already in Core Animation's order: zPosition, or
    /// depth order with layers cut into pieces where siblings are turned in 3D).
    public var roots: [DisplayNode]

    public init(frameIndex: Int, time: Double, canvasSize: Size, scale: Double, background: RGBAColor, roots: [DisplayNode]) {
        self.frameIndex = frameIndex; self.time = time; self.canvasSize = canvasSize
        self.scale = scale; self.background = background; self.roots = roots
    }

    public var pixelWidth: Int { Int((canvasSize.width * scale).rounded()) }
    public var pixelHeight: Int { Int((canvasSize.height * scale).rounded()) }

    /// Every node, depth first, in painting order.
    public var allNodes: [DisplayNode] {
        var out: [DisplayNode] = []
        // A layer cut into pieces by depth sorting is one layer: listed once, at its first piece.
        func visit(_ n: DisplayNode) { guard n.pieceIndex == 0 else { return }; out.append(n); n.children.forEach(visit) }
        roots.forEach(visit)
        return out
    }
}

/// One layer of one frame.
public struct DisplayNode: Sendable {
    public var id: String
    /// The full matrix from this layer's bounds space to canvas points, with each ancestor's
    /// plane flattened as CALayer does. Canvas point = (X/W, Y/W) of `(x, y, 0, 1) · transform`.
    public var transform: Transform3D
    /// The layer's bounds, in its own bounds space (origin is usually 0,0).
    public var bounds: Rect
    /// The layer's own opacity. Core Animation applies it to the layer and its sublayers as a group.
    public var opacity: Double
    public var isHidden: Bool
    /// False when the layer's front faces away from the viewer.
    public var isFrontFacing: Bool
    /// When false and the layer faces away, the layer and its subtree are not drawn.
    public var doubleSided: Bool
    /// Clip sublayers to the bounds, rounded by `content.cornerRadius`.
    public var masksToBounds: Bool
    /// Anti-alias the outline of the layer's plane when it is drawn in perspective.
    public var allowsEdgeAntialiasing: Bool
    /// What is drawn in the layer's bounds (below the sublayers, except the border).
    public var content: LayerContent
    /// Sublayers, back to front (a layer cut by depth sorting appears once per piece).
    public var children: [DisplayNode]
    /// The layer's shadow, drawn behind it in its own plane (none unless its opacity is set).
    public var shadow: ShadowSpec = ShadowSpec()
    /// `mask` (zero or one node): its alpha multiplies this node and its subtree.
    public var mask: [DisplayNode] = []
    /// CAShapeLayer's drawing, above the background and below the sublayers.
    public var shape: ShapeSpec?
    /// CAGradientLayer's drawing, above the background and below the contents and sublayers.
    public var gradient: GradientSpec?
    /// A `blur:` layer's effect on what lies behind it, within its rounded bounds.
    public var blur: BlurEffect?
    /// Where this node is one piece of a layer cut by a sibling's plane (depth sorting in a 3D
    /// context): the half-planes of its bounds space it is drawn in. Empty for a whole layer.
    public var depthCuts: [DepthCut] = []
    /// 0 for a whole layer or its first piece; 1, 2, … for the later pieces of the same layer.
    public var pieceIndex: Int = 0
    /// How many pieces the layer was cut into (1 for a whole layer).
    public var pieceCount: Int = 1

    public init(id: String, transform: Transform3D, bounds: Rect, opacity: Double, isHidden: Bool,
                isFrontFacing: Bool, doubleSided: Bool, masksToBounds: Bool, allowsEdgeAntialiasing: Bool = true,
                content: LayerContent, children: [DisplayNode]) {
        self.id = id; self.transform = transform; self.bounds = bounds; self.opacity = opacity
        self.isHidden = isHidden; self.isFrontFacing = isFrontFacing; self.doubleSided = doubleSided
        self.masksToBounds = masksToBounds; self.allowsEdgeAntialiasing = allowsEdgeAntialiasing
        self.content = content; self.children = children
    }

    /// Bounds corners (top-left, top-right, bottom-right, bottom-left) projected to canvas
    /// points; nil for a corner that is behind the eye (W ≤ 0).
    public var quad: [Point?] { bounds.corners.map { transform.project($0) } }

    /// Whether the rasterizer draws this node (and its subtree) at all.
    public var isVisible: Bool {
        !isHidden && opacity > 0 && (doubleSided || isFrontFacing)
    }
}

/// The drawable content of a layer, independent of where it is on screen. Hashable so the
/// rasterizer can render it once and reuse it in every frame where it does not change.
public struct LayerContent: Hashable, Sendable {
    /// The bounds size in points.
    public var size: Size
    public var backgroundColor: RGBAColor
    public var cornerRadius: Double
    public var borderWidth: Double
    public var borderColor: RGBAColor
    public var image: ImageContents?
    public var text: TextSpec?
    /// True when the contents image is clipped to the rounded bounds (masksToBounds).
    public var clipsContentsToCorners: Bool
    /// Which corners `cornerRadius` rounds, and with which curve.
    public var cornerStyle: CornerStyle = CornerStyle()
    /// The part of the image drawn into the bounds (`contentsRect`, unit space of the image).
    public var contentsRect: Rect = .unitContents

    public init(size: Size, backgroundColor: RGBAColor = .clear, cornerRadius: Double = 0,
                borderWidth: Double = 0, borderColor: RGBAColor = .black, image: ImageContents? = nil,
                text: TextSpec? = nil, clipsContentsToCorners: Bool = false) {
        self.size = size; self.backgroundColor = backgroundColor; self.cornerRadius = cornerRadius
        self.borderWidth = borderWidth; self.borderColor = borderColor; self.image = image
        self.text = text; self.clipsContentsToCorners = clipsContentsToCorners
    }

    /// Nothing below the sublayers is drawn (no background, image or text).
    public var hasBody: Bool { backgroundColor.alpha > 0 || image != nil || text != nil }
    /// The border, which Core Animation draws above the sublayers.
    public var hasBorder: Bool { borderWidth > 0 && borderColor.alpha > 0 }
}
