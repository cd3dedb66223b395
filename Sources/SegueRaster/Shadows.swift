// SPDX-License-Identifier: Apache-2.0
import SegueDisplayList
import SegueGeometry
import SegueScene
import CCairo
import Foundation

// CALayer shadows. The shadow is part of the layer's drawing: it is made in the layer's own
// bounds space (so it turns, scales and goes into perspective with the layer, and a card
// turning in 3D casts its shadow in its plane), composited behind the layer's background, and
// multiplied by the layer's opacity with the rest of it.
//
// Its shape is the alpha of everything the layer draws (background, contents, sublayers and
// their own shadows), or `shadowPath` when one is set; it is blurred with a Gaussian, tinted
// with shadowColor × shadowOpacity and moved by shadowOffset (in the layer's points). A layer
// that masks to its bounds clips its shadow too, as Core Animation does.

/// How Segue turns `shadowRadius` into a blur. Apple documents shadowRadius only as "the blur
/// radius (in points) used to render the layer's shadow"; it does not publish the kernel.
/// Segue draws a Gaussian whose standard deviation is `shadowRadius` points. This is the
/// conversion design tools use between CSS and Core Animation (a CSS blur radius of
/// 2 × shadowRadius), and CSS defines its blur radius as twice the Gaussian's standard deviation.
/// All unit conversions for shadows are here; the docs and the browser test use these.
public enum ShadowBlur {
    /// The Gaussian's standard deviation, in points, for a `shadowRadius`.
    public static func sigma(shadowRadius: Double) -> Double { max(0, shadowRadius) }
    /// The CSS `box-shadow`/`drop-shadow()` blur radius that draws the same Gaussian.
    public static func cssBlurRadius(shadowRadius: Double) -> Double { 2 * sigma(shadowRadius: shadowRadius) }
    /// How far the blur reaches beyond the shape, in standard deviations (the rest of the
    /// Gaussian weighs less than 0.3 %, under half of one 8-bit step).
    static let reachInSigmas = 3.0
    /// The shadow image is made at the layer's on-screen resolution, or coarser where the blur
    /// is wide: no finer than this many pixels per standard deviation, which a Gaussian needs
    /// to come back smooth from bilinear sampling.
    static let pixelsPerSigma = 4.0
}

extension FrameRenderer {
    /// The bounds-space rectangle the node's shadow may touch, or nil when it draws none.
    /// `sourceRect` is what the shadow is made from, before the offset and blur.
    func shadowGeometry(of node: DisplayNode) throws -> (shadow: Rect, source: Rect)? {
        let shadow = node.shadow
        guard shadow.isVisible, Self.drawable(node) else { return nil }
        let source: Rect?
        if let path = shadow.path {
            source = path.controlBounds
        } else if let inverse = node.transform.planeHomography.inverted {
            source = try planeRect(of: node, .identity, toPlanePoints: inverse, ownShadow: false)
        } else {
            source = nil
        }
        guard let source, source.width.isFinite, source.height.isFinite else { return nil }
        let reach = ShadowBlur.reachInSigmas * ShadowBlur.sigma(shadowRadius: shadow.radius) + 1
        var r = Rect(x: source.minX + shadow.offset.width - reach, y: source.minY + shadow.offset.height - reach,
                     width: source.width + 2 * reach, height: source.height + 2 * reach)
        if node.masksToBounds {
            guard let clipped = Self.intersect(r, node.bounds) else { return nil }
            r = clipped
        }
        return (r, source)
    }

    /// Draws the node's shadow into the current target through the affine map `h` (bounds
    /// space → target pixels), multiplied by `alpha`.
    func drawShadow(_ node: DisplayNode, _ h: Homography, alpha: Double) throws {
        guard h.isAffine, alpha > 0, let (shadowRect, sourceRect) = try shadowGeometry(of: node) else { return }
        let shadow = node.shadow
        let sigma = ShadowBlur.sigma(shadowRadius: shadow.radius)
        let magnification = PlaneGeometry.maxMagnification(h, at: PlaneGeometry.nearClipped(sourceRect.corners, h))
        guard magnification.isFinite, magnification > 0 else { return }
        var s = magnification
        if sigma * s > ShadowBlur.pixelsPerSigma { s = max(ShadowBlur.pixelsPerSigma / sigma, s / 64) }
        // The region of the source image: the source grown by the blur's reach (in the
        // layer's space, before the offset moves it).
        let reach = ShadowBlur.reachInSigmas * sigma + 1 / s
        let region = Rect(x: sourceRect.minX - reach, y: sourceRect.minY - reach,
                          width: sourceRect.width + 2 * reach, height: sourceRect.height + 2 * reach)
        let area = region.width * region.height * s * s
        if area > Double(PlaneLayout.maxPixels) { s *= (Double(PlaneLayout.maxPixels) / area).squareRoot() }
        let w = Int((region.width * s).rounded(.up)), hgt = Int((region.height * s).rounded(.up))
        guard w >= 1, hgt >= 1, w <= PlaneLayout.maxSide, hgt <= PlaneLayout.maxSide else { return }
        let layout = PlaneLayout(originX: region.minX, originY: region.minY, pixelsPerPoint: s, width: w, height: hgt)

        // The source's alpha, in an ARGB image from the pool.
        let stride = w * 4
        let buffer = planeBuffers.take(byteCount: stride * hgt)
        defer { planeBuffers.give(buffer) }
        memset(buffer.baseAddress!, 0, stride * hgt)
        let image = try RenderTarget.make(data: buffer.baseAddress!, stride: stride, rect: PixelRect(x0: 0, y0: 0, x1: w, y1: hgt))
        defer { image.destroy() }
        if let path = shadow.path {
            let cr = cairo_create(image.surface)!
            let m = layout.fromPlane
            var matrix = cairo_matrix_t(xx: m.h11, yx: m.h12, xy: m.h21, yy: m.h22, x0: m.h31, y0: m.h32)
            cairo_set_matrix(cr, &matrix)
            PathDrawing.add(path, to: cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            cairo_fill(cr)
            cairo_destroy(cr)
        } else {
            guard let inverse = node.transform.planeHomography.inverted else { return }
            let renderer = FrameRenderer(list: list, cache: cache, planeBuffers: planeBuffers, width: w, height: hgt,
                                         toPixels: inverse.then(layout.fromPlane))
            renderer.perspectiveMode = perspectiveMode
            renderer.target = image
            try renderer.drawSubtree(node, layout.fromPlane, alpha: 1, drawsShadow: false)
        }
        cairo_surface_flush(image.surface)

        // Blur the alpha and tint it, in place.
        let scratch = planeBuffers.take(byteCount: w * hgt * MemoryLayout<Float>.size)
        defer { planeBuffers.give(scratch) }
        ShadowBlur.blurAlpha(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), width: w, height: hgt, stride: stride,
                             sigma: sigma * s, scratch: scratch.baseAddress!.assumingMemoryBound(to: Float.self),
                             color: shadow.color, opacity: shadow.opacity)
        cairo_surface_mark_dirty(image.surface)

        // Shadow pixels → layer points (moved by the offset) → target pixels.
        let map = layout.toPlane.then(.translation(shadow.offset.width, shadow.offset.height)).then(h)
        var m = cairo_matrix_t(xx: map.h11 / map.h33, yx: map.h12 / map.h33, xy: map.h21 / map.h33, yy: map.h22 / map.h33,
                               x0: map.h31 / map.h33, y0: map.h32 / map.h33)
        guard [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0].allSatisfy({ $0.isFinite }),
              cairo_matrix_invert(&m) == CAIRO_STATUS_SUCCESS else { return }
        let cr = makeContext()
        defer { cairo_destroy(cr) }
        if node.masksToBounds {
            let mag = PlaneGeometry.maxMagnification(h, at: PlaneGeometry.nearClipped(node.bounds.corners, h))
            addPath(cr, projectedRoundedRect(node.bounds, radius: node.content.cornerRadius, h: h, magnification: mag,
                                             style: node.content.cornerStyle))
            cairo_clip(cr)
        }
        let quad = PlaneGeometry.project(PlaneGeometry.nearClipped(shadowRect.corners, h), canvasWidth: width, canvasHeight: height)
        guard quad.count >= 3 else { return }
        addPath(cr, quad)
        cairo_clip(cr)
        let pattern = cairo_pattern_create_for_surface(image.surface)
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_matrix(pattern, &m)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
        cairo_set_source(cr, pattern)
        cairo_paint_with_alpha(cr, clamp01(alpha))
    }
}

extension ShadowBlur {
    /// The normalized Gaussian kernel for `sigma` pixels, from −r to r (r = ⌈3σ⌉).
    static func kernel(sigma: Double) -> [Float] {
        guard sigma > 0.05 else { return [1] }
        let r = Int((reachInSigmas * sigma).rounded(.up))
        var k = (-r ... r).map { i in exp(-Double(i * i) / (2 * sigma * sigma)) }
        let sum = k.reduce(0, +)
        k = k.map { $0 / sum }
        return k.map(Float.init)
    }

    /// Blurs the alpha of a premultiplied ARGB32 image with a separable Gaussian and writes the
    /// image back as `color` × `opacity` × the blurred alpha, premultiplied. Outside the image
    /// counts as transparent. `scratch` holds width × height floats.
    static func blurAlpha(_ pixels: UnsafeMutablePointer<UInt8>, width w: Int, height h: Int, stride: Int, sigma: Double,
                          scratch: UnsafeMutablePointer<Float>, color: RGBAColor, opacity: Double) {
        let k = kernel(sigma: sigma)
        let r = k.count / 2
        // Alpha is the fourth byte of each little-endian ARGB32 pixel.
        let alphaByte = 3
        k.withUnsafeBufferPointer { kp in
            // Horizontal: bytes → floats.
            for y in 0 ..< h {
                let row = pixels + y * stride
                let out = scratch + y * w
                for x in 0 ..< w {
                    var acc: Float = 0
                    let lo = max(0, x - r), hi = min(w - 1, x + r)
                    var i = lo
                    while i <= hi {
                        acc += kp[i - x + r] * Float(row[i * 4 + alphaByte])
                        i += 1
                    }
                    out[x] = acc
                }
            }
        }
        // Vertical, a row at a time (rows of the scratch are contiguous), back into the pixels.
        let a = clamp01(color.alpha) * clamp01(opacity)
        let cr = Float(clamp01(color.red) * a), cg = Float(clamp01(color.green) * a), cb = Float(clamp01(color.blue) * a)
        let ca = Float(a)
        var row = [Float](repeating: 0, count: w)
        k.withUnsafeBufferPointer { kp in
            row.withUnsafeMutableBufferPointer { acc in
                for y in 0 ..< h {
                    for x in 0 ..< w { acc[x] = 0 }
                    let lo = max(0, y - r), hi = min(h - 1, y + r)
                    var i = lo
                    while i <= hi {
                        let weight = kp[i - y + r]
                        let src = scratch + i * w
                        for x in 0 ..< w { acc[x] += weight * src[x] }
                        i += 1
                    }
                    let out = pixels + y * stride
                    for x in 0 ..< w {
                        let v = min(max(acc[x] / 255, 0), 1)
                        let p = out + x * 4
                        p[0] = UInt8((cb * v * 255).rounded())
                        p[1] = UInt8((cg * v * 255).rounded())
                        p[2] = UInt8((cr * v * 255).rounded())
                        p[3] = UInt8((ca * v * 255).rounded())
                    }
                }
            }
        }
    }
}

extension PlaneGeometry {
    /// The points of a path with each cubic cut into `segmentsPerCurve` straight pieces (moves
    /// and closes dropped: for single closed outlines such as rounded rects).
    static func polygon(_ path: ScenePath, segmentsPerCurve n: Int) -> [Point] {
        var pts: [Point] = []
        var current = Point.zero
        for e in path.elements {
            switch e {
            case let .move(p), let .line(p):
                pts.append(p); current = p
            case let .curve(c1, c2, to):
                let s = max(n, 1)
                for i in 1 ... s {
                    let t = Double(i) / Double(s), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    pts.append(Point(x: a * current.x + b * c1.x + c * c2.x + d * to.x,
                                     y: a * current.y + b * c1.y + c * c2.y + d * to.y))
                }
                current = to
            case .close:
                break
            }
        }
        return pts
    }
}

/// Paths into Cairo.
enum PathDrawing {
    /// Adds `path` to the context's current path, in the context's user space.
    static func add(_ path: ScenePath, to cr: OpaquePointer) {
        var started = false
        for e in path.elements {
            switch e {
            case let .move(p):
                cairo_move_to(cr, p.x, p.y); started = true
            case let .line(p):
                if started { cairo_line_to(cr, p.x, p.y) } else { cairo_move_to(cr, p.x, p.y); started = true }
            case let .curve(c1, c2, to):
                if !started { cairo_move_to(cr, c1.x, c1.y); started = true }
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, to.x, to.y)
            case .close:
                cairo_close_path(cr)
            }
        }
    }
}
