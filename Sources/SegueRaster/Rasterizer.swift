// SPDX-License-Identifier: Apache-2.0
import CCairo
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene

/// Turns a `DisplayList` into premultiplied BGRA pixels with Core Animation's drawing rules.
///
/// One rasterizer may be shared by any number of threads rendering different frames at once;
/// the only shared state is the content-texture cache, which is locked. Output depends only on
/// the display list, never on the cache's state, the thread or the order frames are rendered
/// in, so the same list always gives the same bytes.
///
/// Drawing rules:
/// - The canvas is filled with `background`, then nodes are drawn depth first: a node's
///   background (rounded by `cornerRadius`), its `contents` image and text, then its children,
///   then its border (inside the bounds, above the sublayers, following the corner radius).
/// - Hidden, fully transparent and back-facing single-sided nodes are skipped with their subtree.
/// - A node with opacity < 1 and visible children is drawn as a group (offscreen, then
///   composited once with its opacity); otherwise the opacity multiplies the node's own drawing.
/// - `masksToBounds` clips the whole subtree to the rounded bounds, projected through the
///   node's matrix; clips accumulate down the tree.
/// - Geometry is cut at the near plane (W ≥ 10⁻³ × the largest W) before projection, so layers
///   crossing behind the eye are drawn only where they are in front of it.
/// - Images and text are rendered once per content and texture scale (`canvas scale` ×
///   2^(k/2), chosen from the largest on-screen magnification, at most 2×; see
///   `FrameRenderer.textureScale`) and cached. Affine
///   layers draw their texture with Cairo; perspective layers go through pixman with per-tile
///   affine approximations of the exact projective map (within 0.06 texel, 0.12 texel in all
///   with pixman's bilinear rounding; see `PerspectiveMode`) through an anti-aliased A8 mask of
///   the projected quad and the ancestor clips, so nothing outside the quad is touched.
/// - A node whose matrix has perspective starts a flattened plane: its subtree (minus nested
///   3D contexts, which are planes of their own) is drawn once offscreen in the plane's own
///   coordinates and projected once through one anti-aliased outline mask, so abutting and
///   flush sublayers leave no seams or fringes (Planes.swift, PlaneCompositor.swift).
/// - A layer cut into pieces by depth sorting (`depthCuts`) is drawn as a plane, rendered once
///   for all its pieces; each piece is projected through the outline mask with every pixel on
///   the other side of its cut lines cleared, so the pieces share each cut pixel exactly once.
/// - Compositing is premultiplied sRGB, as Core Animation does (no linear-light blending).
public final class Rasterizer: @unchecked Sendable {
    let cache: TextureCache
    /// Offscreen buffers for flattened 3D planes, reused from frame to frame.
    let planeBuffers = PlaneBufferPool()
    /// How perspective textures are resampled; only tests change it (set before rendering).
    var perspectiveMode: PerspectiveMode = .tiledAffine

    /// - Parameter textureCacheBytes: memory the decoded images and content textures may keep.
    public init(textureCacheBytes: Int = 512 << 20) {
        cache = TextureCache(byteLimit: textureCacheBytes)
    }

    /// Renders one frame. Throws `RasterError` for a missing or undecodable image, or for a
    /// canvas Cairo cannot allocate.
    public func render(_ list: DisplayList) throws -> RasterImage {
        // Check before `pixelWidth`, which traps on values that do not fit an Int.
        let pw = list.canvasSize.width * list.scale, ph = list.canvasSize.height * list.scale
        guard list.scale.isFinite, list.scale > 0, pw.isFinite, ph.isFinite,
              pw.rounded() >= 1, ph.rounded() >= 1, pw.rounded() <= 32767, ph.rounded() <= 32767 else {
            func pixels(_ v: Double) -> Int { v.isFinite ? Int(max(min(v.rounded(), 1e9), -1e9)) : 0 }
            throw RasterError.invalidCanvas(width: pixels(pw), height: pixels(ph), scale: list.scale)
        }
        let w = list.pixelWidth, h = list.pixelHeight
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(w)))
        // Cairo fills every byte with the background first (stride is exactly width × 4 for
        // ARGB32), so the buffer need not be zeroed.
        let pixels = try [UInt8](unsafeUninitializedCapacity: stride * h) { buffer, count in
            let frame = FrameRenderer(list: list, cache: cache, planeBuffers: planeBuffers, width: w, height: h)
            frame.perspectiveMode = perspectiveMode
            try frame.run(into: buffer.baseAddress!, stride: stride)
            count = stride * h
        }
        return RasterImage(width: w, height: h, bytesPerRow: stride, pixels: pixels)
    }

    /// Loads every `contents` image the list uses (visible or not) and throws the first problem,
    /// in painting order, as a `RasterError` carrying the `contents:` location.
    public func checkResources(_ list: DisplayList) throws {
        var seen = Set<String>()
        for node in list.allNodes {
            guard let image = node.content.image, seen.insert(image.path).inserted else { continue }
            _ = try cache.image(image)
        }
    }

    /// Checks one image without a rasterizer: throws the `RasterError` that says why it
    /// cannot be used as `contents`.
    public static func checkImage(_ image: ImageContents) throws {
        _ = try ImageLoader.load(image)
    }
}

/// A surface being drawn into: the canvas or an opacity group. Pixel (0, 0) of the surface is
/// canvas pixel (originX, originY).
struct RenderTarget {
    let surface: OpaquePointer
    let pixman: OpaquePointer
    let originX: Int
    let originY: Int
    let width: Int
    let height: Int

    /// The target's area in canvas pixels.
    var canvasRect: PixelRect { PixelRect(x0: originX, y0: originY, x1: originX + width, y1: originY + height) }

    /// A target over existing ARGB32 memory (or a new zeroed surface when `data` is nil).
    static func make(data: UnsafeMutableRawPointer?, stride: Int, rect: PixelRect) throws -> RenderTarget {
        let surface: OpaquePointer
        if let data {
            surface = cairo_image_surface_create_for_data(data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                          Int32(rect.width), Int32(rect.height), Int32(stride))
        } else {
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(rect.width), Int32(rect.height))
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let bits = cairo_image_surface_get_data(surface),
              let pix = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(rect.width), Int32(rect.height),
                                                 UnsafeMutableRawPointer(bits).assumingMemoryBound(to: UInt32.self),
                                                 cairo_image_surface_get_stride(surface)) else {
            let detail = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            cairo_surface_destroy(surface)
            throw RasterError.drawingFailed(detail: "could not create a \(rect.width)×\(rect.height) surface (\(detail))")
        }
        return RenderTarget(surface: surface, pixman: pix, originX: rect.x0, originY: rect.y0,
                            width: rect.width, height: rect.height)
    }

    func destroy() {
        pixman_image_unref(pixman)
        cairo_surface_destroy(surface)
    }
}

/// Renders one display list (or one flattened plane of it) into one target. Lives for one
/// `render` call on one thread.
final class FrameRenderer {
    let list: DisplayList
    let cache: TextureCache
    let planeBuffers: PlaneBufferPool
    let scale: Double
    /// Canvas points → this renderer's pixels: the canvas scale, or for a plane's offscreen
    /// renderer the inverse of the plane's matrix followed by the offscreen's scale.
    let toPixels: Homography
    /// Size of the pixel space drawn into (the canvas or the plane's offscreen).
    let width: Int
    let height: Int
    /// Ancestor clips (masksToBounds), projected, in canvas pixels.
    var clips: [[Point]] = []
    /// Intersection of the clips' bounding boxes and the canvas.
    var clipBox: PixelRect
    var target: RenderTarget!
    /// How perspective textures are resampled (tests compare the two).
    var perspectiveMode: PerspectiveMode = .tiledAffine
    /// The id of a blur layer drawn as a group whose blur was applied to the target beneath
    /// the group (an empty group has no backdrop to blur).
    var blurDrawnBeforeGroup: String?
    /// Flattened images of layers cut into pieces by depth sorting, by layer id, kept from the
    /// first piece drawn to the last so every piece comes from the one image.
    var pieceImages: [String: PlaneImage] = [:]

    init(list: DisplayList, cache: TextureCache, planeBuffers: PlaneBufferPool, width: Int, height: Int,
         toPixels: Homography? = nil) {
        self.list = list; self.cache = cache; self.planeBuffers = planeBuffers; self.scale = list.scale
        self.toPixels = toPixels ?? .scale(list.scale, list.scale)
        self.width = width; self.height = height
        clipBox = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
    }

    func run(into data: UnsafeMutableRawPointer, stride: Int) throws {
        target = try RenderTarget.make(data: data, stride: stride, rect: PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        defer { target.destroy() }
        let bg = list.background
        let cr = cairo_create(target.surface)!
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, clamp01(bg.red), clamp01(bg.green), clamp01(bg.blue), clamp01(bg.alpha))
        cairo_paint(cr)
        cairo_destroy(cr)
        for node in list.roots { try draw(node) }
        cairo_surface_flush(target.surface)
    }

    // MARK: Tree walk

    /// The node's plane homography to this renderer's pixels, or nil when the node cannot be
    /// drawn. Inside a plane's offscreen, the layers of that plane come out affine up to
    /// rounding; they are made exactly affine so they take Cairo's direct path.
    func pixelHomography(_ node: DisplayNode) -> Homography? {
        guard PlaneGeometry.isFinite(node.transform) else { return nil }
        let h = node.transform.planeHomography.then(toPixels)
        return PlaneGeometry.snappedToAffine(h, over: node.bounds)
    }

    static func drawable(_ node: DisplayNode) -> Bool {
        node.isVisible && node.opacity.isFinite && PlaneGeometry.isFinite(node.transform)
            && node.bounds.minX.isFinite && node.bounds.minY.isFinite
            && node.bounds.width.isFinite && node.bounds.height.isFinite
    }

    static func hasArea(_ r: Rect) -> Bool { r.width > 0 && r.height > 0 }

    func draw(_ node: DisplayNode) throws {
        guard Self.drawable(node), let h = pixelHomography(node) else { return }
        // A layer seen in perspective starts a plane: its flattened subtree is drawn once
        // offscreen and projected once (see Planes.swift).
        // A piece of a layer cut by depth sorting is drawn the same way, through its cuts, so
        // its pieces come from the same flattened image and share the cut pixel for pixel.
        if !h.isAffine || !node.depthCuts.isEmpty {
            try drawPlane(node, h)
            return
        }
        let opacity = min(node.opacity, 1)
        let grouped = opacity < 1 && node.children.contains { Self.drawable($0) } || !node.mask.isEmpty
        guard grouped else {
            try drawSubtree(node, h, alpha: opacity)
            return
        }
        let extent = try self.extent(of: node).intersection(clipBox).intersection(target.canvasRect)
        guard !extent.isEmpty else { return }
        if node.blur?.isVisible == true {
            // The group starts empty: blur the backdrop here, faded by the group's opacity.
            try drawBlur(node, h, alpha: opacity)
            blurDrawnBeforeGroup = node.id
        }
        defer { if blurDrawnBeforeGroup == node.id { blurDrawnBeforeGroup = nil } }
        let parent = target!
        let group = try RenderTarget.make(data: nil, stride: 0, rect: extent)
        target = group
        defer { target = parent; group.destroy() }
        try drawSubtree(node, h, alpha: 1)
        cairo_surface_flush(group.surface)
        cairo_surface_mark_dirty(group.surface)
        if let mask = node.mask.first { try applyMask(mask) }
        // Composite the group once with the node's opacity. Its content is already clipped.
        let cr = cairo_create(parent.surface)!
        cairo_set_source_surface(cr, group.surface, Double(group.originX - parent.originX), Double(group.originY - parent.originY))
        cairo_paint_with_alpha(cr, opacity)
        cairo_destroy(cr)
    }

    /// Body, children (clipped when masksToBounds), border. `outlineMasked` is set for the root
    /// of a plane with masksToBounds drawn offscreen: the plane's outline mask rounds its
    /// corners once, so here the bounds are square (two anti-aliased edges would erode them).
    func drawSubtree(_ node: DisplayNode, _ h: Homography, alpha: Double, outlineMasked: Bool = false,
                     drawsShadow: Bool = true) throws {
        if drawsShadow { try drawShadow(node, h, alpha: alpha) }
        let content = node.content
        let bounds = node.bounds
        let hasArea = Self.hasArea(bounds)
        let mag = hasArea ? PlaneGeometry.maxMagnification(h, at: PlaneGeometry.nearClipped(bounds.corners, h)) : 0
        let outerRadius = outlineMasked ? 0 : content.cornerRadius

        if hasArea {
            let bg = content.backgroundColor
            if bg.alpha > 0 {
                let poly = projectedRoundedRect(bounds, radius: outerRadius, h: h, magnification: mag, style: content.cornerStyle)
                fill([poly], color: bg, alpha: alpha, evenOdd: false)
            }
            if node.blur != nil, blurDrawnBeforeGroup != node.id {
                try drawBlur(node, h, alpha: alpha)
            }
            if node.gradient != nil {
                try drawGradient(node, h, alpha: alpha, magnification: mag, outerRadius: outerRadius)
            }
            if content.image != nil || content.text != nil {
                try drawTexture(node, h, magnification: mag, alpha: alpha)
            }
        }
        // A shape layer's path may reach outside its bounds (and need none).
        if node.shape != nil {
            let m = PlaneGeometry.maxMagnification(h, at: PlaneGeometry.nearClipped((Self.shapeRect(of: node) ?? bounds).corners, h))
            drawShape(node, h, alpha: alpha, magnification: m)
        }

        if !node.children.isEmpty {
            if !node.masksToBounds {
                for child in node.children { try draw(child) }
            } else if hasArea {
                // Children see the rounded bounds, projected, as one more clip. A mask that is
                // entirely behind the eye or off the canvas hides the whole subtree.
                let poly = projectedRoundedRect(bounds, radius: outerRadius, h: h, magnification: mag, style: content.cornerStyle)
                if let box = PixelRect(enclosing: poly), !clipBox.intersection(box).isEmpty {
                    let saved = clipBox
                    clips.append(poly)
                    clipBox = clipBox.intersection(box)
                    defer { clips.removeLast(); clipBox = saved }
                    for child in node.children { try draw(child) }
                }
            }
        }
        drawBorder(node, h, magnification: mag, alpha: alpha, outerRadius: outerRadius)
    }

    private func drawBorder(_ node: DisplayNode, _ h: Homography, magnification: Double, alpha: Double, outerRadius: Double) {
        let content = node.content
        let bounds = node.bounds
        guard content.hasBorder, Self.hasArea(bounds), content.borderWidth.isFinite else { return }
        let bw = content.borderWidth
        let outer = projectedRoundedRect(bounds, radius: outerRadius, h: h, magnification: magnification, style: content.cornerStyle)
        let inner = Rect(x: bounds.minX + bw, y: bounds.minY + bw, width: bounds.width - 2 * bw, height: bounds.height - 2 * bw)
        if Self.hasArea(inner) {
            let innerRadius = max(min(content.cornerRadius, min(bounds.width, bounds.height) / 2) - bw, 0)
            let innerPoly = projectedRoundedRect(inner, radius: innerRadius, h: h, magnification: magnification, style: content.cornerStyle)
            fill([outer, innerPoly], color: content.borderColor, alpha: alpha, evenOdd: true)
        } else {
            fill([outer], color: content.borderColor, alpha: alpha, evenOdd: false)
        }
    }

    /// The rounded rect, polygonized finely enough for its on-screen size, cut at the near
    /// plane and projected to canvas pixels (empty when nothing is in front of the eye).
    func projectedRoundedRect(_ r: Rect, radius: Double, h: Homography, magnification: Double,
                              style: CornerStyle = .default) -> [Point] {
        let rad = radius.isFinite ? min(max(radius, 0), min(r.width, r.height) / 2) : 0
        let segments = PlaneGeometry.segments(forRadiusPixels: rad * min(magnification, 16 * scale))
        let poly = style.isDefault || rad <= 0 || segments <= 0
            ? PlaneGeometry.roundedRect(r, radius: rad, segmentsPerCorner: segments)
            : PlaneGeometry.polygon(ScenePath.roundedRect(r, radius: rad, style: style), segmentsPerCurve: segments)
        return PlaneGeometry.project(PlaneGeometry.nearClipped(poly, h), canvasWidth: width, canvasHeight: height)
    }

    // MARK: Extents

    /// Canvas pixels a node and its subtree may touch (before clipping by ancestors).
    func extent(of node: DisplayNode) throws -> PixelRect {
        guard Self.drawable(node), let h = pixelHomography(node) else { return .empty }
        let b = node.bounds
        var r = PixelRect.empty
        var own = PixelRect.empty
        if Self.hasArea(b) {
            own = PixelRect(enclosing: PlaneGeometry.project(PlaneGeometry.nearClipped(b.corners, h),
                                                             canvasWidth: width, canvasHeight: height)) ?? .empty
            r = own
            if let image = node.content.image, !node.content.clipsContentsToCorners,
               let key = TextureKey(content: node.content, canvasScale: scale, textureScale: scale) {
                let pixels = try cache.image(image)
                let ir = ContentRenderer.imageExtent(key, image: pixels)
                let rect = Rect(x: b.minX + ir.minX, y: b.minY + ir.minY, width: ir.width, height: ir.height)
                if Self.hasArea(rect) {
                    r = r.union(PixelRect(enclosing: PlaneGeometry.project(PlaneGeometry.nearClipped(rect.corners, h),
                                                                           canvasWidth: width, canvasHeight: height)) ?? .empty)
                }
            }
        }
        if let shape = Self.shapeRect(of: node) {
            r = r.union(PixelRect(enclosing: PlaneGeometry.project(PlaneGeometry.nearClipped(shape.corners, h),
                                                                   canvasWidth: width, canvasHeight: height)) ?? .empty)
        }
        if let (shadow, _) = try shadowGeometry(of: node) {
            r = r.union(PixelRect(enclosing: PlaneGeometry.project(PlaneGeometry.nearClipped(shadow.corners, h),
                                                                   canvasWidth: width, canvasHeight: height)) ?? .empty)
        }
        var children = PixelRect.empty
        for child in node.children { children = children.union(try extent(of: child)) }
        if node.masksToBounds { children = children.intersection(own) }
        return r.union(children)
    }

    // MARK: Drawing primitives

    /// A Cairo context on the current target in canvas-pixel user space, clipped by the ancestors.
    func makeContext() -> OpaquePointer {
        let cr = cairo_create(target.surface)!
        cairo_translate(cr, Double(-target.originX), Double(-target.originY))
        for clip in clips {
            addPath(cr, clip)
            cairo_clip(cr)
        }
        return cr
    }

    func addPath(_ cr: OpaquePointer, _ poly: [Point]) {
        guard let first = poly.first else { return }
        cairo_move_to(cr, first.x, first.y)
        for p in poly.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_close_path(cr)
    }

    func fill(_ polys: [[Point]], color: RGBAColor, alpha: Double, evenOdd: Bool) {
        guard polys.contains(where: { $0.count >= 3 }) else { return }
        let cr = makeContext()
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        for p in polys where p.count >= 3 { addPath(cr, p) }
        cairo_set_source_rgba(cr, clamp01(color.red), clamp01(color.green), clamp01(color.blue),
                              clamp01(color.alpha) * clamp01(alpha))
        cairo_fill(cr)
        cairo_destroy(cr)
    }

    /// Texture scale for a node: the canvas scale times 2^(k/2) for the smallest half octave k
    /// that leaves the texture magnified at most 2^(1/4) ≈ 1.19× where the layer is largest on
    /// screen (k from −6 to 2: 1/8× to 2× the canvas scale). Core Animation itself never
    /// re-rasterizes for a 3D transform; this keeps text crisp on the near half of a flip while
    /// a layer seen nearly flat (the common case) stays at the canvas scale, where sampling is
    /// cheapest. Half octaves keep the number of distinct textures per animation small.
    func textureScale(magnification: Double) -> Double {
        let m = magnification / scale
        if m.isNaN { return scale }
        guard m.isFinite, m > 0 else { return m > 0 ? scale * 2 : scale / 8 }
        let k = min(max((2 * log2(min(m, 2)) - 0.5).rounded(.up), -6), 2)
        return scale * pow(2, k / 2)
    }

    private func drawTexture(_ node: DisplayNode, _ h: Homography, magnification: Double, alpha: Double) throws {
        let content = node.content
        guard let key = TextureKey(content: content, canvasScale: scale,
                                   textureScale: textureScale(magnification: magnification)) else { return }
        let image = try content.image.map { try cache.image($0) }
        guard let texture = try cache.texture(key, make: { try ContentRenderer.render(key, image: image) }) else { return }
        let b = node.bounds
        let r = texture.rect
        let layerRect = Rect(x: b.minX + r.minX, y: b.minY + r.minY, width: r.width, height: r.height)
        let poly = PlaneGeometry.project(PlaneGeometry.nearClipped(layerRect.corners, h), canvasWidth: width, canvasHeight: height)
        guard poly.count >= 3 else { return }
        // Texture pixels → layer points → canvas pixels.
        let map = Homography.scale(1 / texture.scaleX, 1 / texture.scaleY)
            .then(.translation(layerRect.minX, layerRect.minY))
            .then(h)
        if h.isAffine {
            drawAffine(texture, map: map, polygon: poly, alpha: alpha)
        } else {
            drawProjective(texture, map: map, polygon: poly, alpha: alpha)
        }
    }

    /// An affinely mapped texture: Cairo with a bilinear, edge-padded surface pattern, filled
    /// through the texture's quad.
    private func drawAffine(_ texture: Texture, map: Homography, polygon: [Point], alpha: Double) {
        let w = map.h33
        var m = cairo_matrix_t(xx: map.h11 / w, yx: map.h12 / w, xy: map.h21 / w, yy: map.h22 / w,
                               x0: map.h31 / w, y0: map.h32 / w)
        guard [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0].allSatisfy({ $0.isFinite }),
              cairo_matrix_invert(&m) == CAIRO_STATUS_SUCCESS else { return }
        let cr = makeContext()
        let surface = texture.pixels.makeSurface()
        let pattern = cairo_pattern_create_for_surface(surface)
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        addPath(cr, polygon)
        if alpha < 1 {
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, alpha)
        } else {
            cairo_fill(cr)
        }
        cairo_destroy(cr)
        cairo_pattern_destroy(pattern)
        cairo_surface_destroy(surface)
    }
}

@inline(__always) package func clamp01(_ v: Double) -> Double {
    v.isNaN ? 0 : min(max(v, 0), 1)
}
