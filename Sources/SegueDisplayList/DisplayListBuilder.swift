// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import SegueScene
import SegueTimeline

/// Turns a timeline's layer states into a display list, with Core Animation's geometry:
///
/// - a layer's transform applies about its anchor point, and `position` places the anchor
///   point in the superlayer's bounds space (`zPosition` moves it along z);
/// - a superlayer's `sublayerTransform` applies to its sublayers about the superlayer's own
///   anchor point;
/// - every layer renders its subtree into its own plane (z is dropped after the sublayer
///   transform, "flattening"); its sublayers share one 3D context there. Flat siblings are
///   painted in zPosition order, then in tree order. Where a sibling is turned in 3D, they are
///   drawn in depth order and cut where their planes cross (`DepthSort`), as Core Animation does.
public enum DisplayListBuilder {
    /// The display list of frame `index` of a timeline. With `showTouches`, scripted fingers are
    /// drawn on top, as the iOS Simulator's "Show touches" does.
    public static func build(_ timeline: Timeline, frame index: Int, showTouches: Bool = false) -> DisplayList {
        build(timeline, time: timeline.time(ofFrame: index), frameIndex: index, showTouches: showTouches)
    }

    /// The display list for a given instant (`segue still --time`).
    public static func build(_ timeline: Timeline, time t: Double, frameIndex: Int = 0, showTouches: Bool = false) -> DisplayList {
        var list = build(layers: timeline.layers(at: t), canvas: timeline.canvas, frameIndex: frameIndex, time: t)
        if showTouches {
            list.roots += timeline.touchLocations(at: t).enumerated().map { touchIndicator(at: $1, index: $0) }
        }
        return list
    }

    /// A 44 pt translucent disc, the size of a fingertip target in Apple's guidelines.
    static func touchIndicator(at p: Point, index: Int) -> DisplayNode {
        let size = 44.0
        let content = LayerContent(size: Size(width: size, height: size),
                                   backgroundColor: RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.55),
                                   cornerRadius: size / 2, borderWidth: 1.5,
                                   borderColor: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.35))
        return DisplayNode(id: "touch-\(index)", transform: .translation(p.x - size / 2, p.y - size / 2),
                           bounds: Rect(x: 0, y: 0, width: size, height: size), opacity: 1, isHidden: false,
                           isFrontFacing: true, doubleSided: true, masksToBounds: false, content: content, children: [])
    }

    public static func build(layers: [LayerState], canvas: Canvas, frameIndex: Int, time: Double) -> DisplayList {
        // The canvas is the root plane: root layers are positioned in canvas points.
        let roots = depthOrdered(orderedForPainting(layers), sublayerSpace: .identity, parentPlane: .identity)
        return DisplayList(frameIndex: frameIndex, time: time, canvasSize: canvas.size, scale: canvas.scale,
                           background: canvas.background, roots: roots)
    }

    /// The matrix from a layer's bounds space into its superlayer's bounds space (3D, before flattening).
    public static func localMatrix(of layer: LayerState) -> Transform3D {
        let anchor = layer.anchorInBounds
        return Transform3D.translation(-anchor.x, -anchor.y, 0)
            .then(layer.transform)
            .then(.translation(layer.position.x, layer.position.y, layer.zPosition))
    }

    /// The superlayer's `sublayerTransform`, applied about its anchor point; for a snapshot,
    /// after its content is scaled from the size it was laid out at to the bounds.
    public static func sublayerMatrix(of layer: LayerState) -> Transform3D {
        guard let full = layer.snapshotSize else { return sublayerTransformMatrix(of: layer) }
        // contentsRect picks the part of the snapshot's content that is fitted to the bounds.
        let c = layer.contentsRect
        guard c.width > 0, c.height > 0 else { return .scale(0, 0, 1) }
        let laidOut = Size(width: full.width * c.width, height: full.height * c.height)
        let o = layer.bounds.origin, b = layer.bounds.size
        var sx = b.width / laidOut.width, sy = b.height / laidOut.height
        switch layer.snapshotGravity {
        case .resize: break
        case .resizeAspect: sx = min(sx, sy); sy = sx
        case .resizeAspectFill: sx = max(sx, sy); sy = sx
        case .center: sx = 1; sy = 1
        }
        // Centred in the bounds, as contentsGravity places an image.
        let dx = (b.width - laidOut.width * sx) / 2, dy = (b.height - laidOut.height * sy) / 2
        let scale = Transform3D.translation(-o.x - c.minX * full.width, -o.y - c.minY * full.height, 0)
            .then(.scale(sx, sy, 1))
            .then(.translation(o.x + dx, o.y + dy, 0))
        return scale.then(sublayerTransformMatrix(of: layer))
    }

    static func sublayerTransformMatrix(of layer: LayerState) -> Transform3D {
        if layer.sublayerTransform.isIdentity { return .identity }
        let anchor = layer.anchorInBounds
        return Transform3D.translation(-anchor.x, -anchor.y, 0)
            .then(layer.sublayerTransform)
            .then(.translation(anchor.x, anchor.y, 0))
    }

    /// `parentPlane` maps the superlayer's sublayer space (3D) to the canvas.
    private static func node(for layer: LayerState, parentPlane: Transform3D) -> DisplayNode {
        // Flatten: whatever depth the layer has in its superlayer is dropped there.
        let full = localMatrix(of: layer).then(parentPlane).flattened
        let childPlane = sublayerMatrix(of: layer).flattened.then(full)
        let children = depthOrdered(orderedForPainting(layer.sublayers), sublayerSpace: sublayerMatrix(of: layer),
                                    parentPlane: childPlane)
        let content = LayerContent(size: layer.bounds.size, backgroundColor: layer.backgroundColor,
                                   cornerRadius: layer.cornerRadius, borderWidth: layer.borderWidth,
                                   borderColor: layer.borderColor, image: layer.contents, text: layer.text,
                                   clipsContentsToCorners: layer.masksToBounds)
        var result = DisplayNode(id: layer.id, transform: full, bounds: layer.bounds, opacity: layer.opacity,
                               isHidden: layer.hidden, isFrontFacing: isFrontFacing(full), doubleSided: layer.doubleSided,
                               masksToBounds: layer.masksToBounds || showsPartOfSnapshot(layer), allowsEdgeAntialiasing: layer.allowsEdgeAntialiasing,
                               content: content, children: children)
        result.shadow = layer.shadow
        result.content.cornerStyle = layer.cornerStyle
        result.shape = layer.shape
        result.gradient = layer.gradient
        result.blur = layer.blur
        result.content.contentsRect = layer.contentsRect
        // The mask lives in the masked layer's bounds space (no sublayerTransform).
        result.mask = layer.mask.map { node(for: $0, parentPlane: full) }
        return result
    }

    /// A snapshot showing part of its content (`contentsRect`) shows nothing outside its
    /// bounds, as an image's contents would not.
    static func showsPartOfSnapshot(_ layer: LayerState) -> Bool {
        layer.snapshotSize != nil && layer.contentsRect != .unitContents
    }

    /// The nodes of siblings (in painting order) back to front. Flat siblings (no 3D in their
    /// own matrices) keep painting order; otherwise their planes in `sublayerSpace` (the
    /// superlayer's sublayer transform, not flattened) are depth sorted and cut.
    static func depthOrdered(_ layers: [LayerState], sublayerSpace: Transform3D, parentPlane: Transform3D) -> [DisplayNode] {
        let nodes = layers.map { node(for: $0, parentPlane: parentPlane) }
        let locals = layers.map(localMatrix(of:))
        guard nodes.count > 1, locals.contains(where: { !isFlat($0) }) || needsDepthForZ(locals, sublayerSpace) else {
            return nodes
        }
        // A layer that is not drawn (hidden, transparent, a single-sided back face) takes no
        // part: with no area it is placed first and cuts nothing.
        let planes = zip(zip(layers, locals), nodes).map { pair, node in
            DepthSort.Plane(matrix: pair.1.then(sublayerSpace), bounds: node.isVisible ? pair.0.bounds : .zero)
        }
        let pieces = DepthSort.order(planes)
        var seen = [Int](repeating: 0, count: nodes.count), counts = seen
        for piece in pieces { counts[piece.index] += 1 }
        return pieces.map { piece in
            var n = nodes[piece.index]
            n.depthCuts = piece.cuts
            n.pieceIndex = seen[piece.index]
            n.pieceCount = counts[piece.index]
            seen[piece.index] += 1
            return n
        }
    }

    /// A layer lies in a plane of constant z in its superlayer, undistorted: z and W do not
    /// depend on the bounds point.
    static func isFlat(_ m: Transform3D) -> Bool {
        m.m13 == 0 && m.m23 == 0 && m.m14 == 0 && m.m24 == 0
    }

    /// Flat siblings at different zPositions under a sublayer transform with 3D in it may be
    /// seen from behind or in perspective; otherwise zPosition order is depth order already.
    static func needsDepthForZ(_ locals: [Transform3D], _ space: Transform3D) -> Bool {
        guard let z = locals.first?.m43, locals.contains(where: { $0.m43 != z }) else { return false }
        return !(space.m13 == 0 && space.m23 == 0 && space.m14 == 0 && space.m24 == 0 && space.m34 == 0 && space.m33 > 0)
    }

    /// Siblings are painted by zPosition, then in tree order (a stable sort).
    static func orderedForPainting(_ layers: [LayerState]) -> [LayerState] {
        layers.enumerated()
            .sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
            .map(\.element)
    }

    /// A plane faces the viewer when its projective map preserves orientation. Wherever W > 0
    /// the Jacobian determinant of (X/W, Y/W) is det(H)/W³, so the sign of det(H) decides.
    /// (Scaling x by −1 therefore shows the back face, as in Core Animation.)
    static func isFrontFacing(_ m: Transform3D) -> Bool {
        m.planeHomography.determinant > 0
    }
}
