// SPDX-License-Identifier: Apache-2.0
import CCairo
import Foundation
import SegueDisplayList
import SegueGeometry
import SegueScene

// Content textures: decoded PNG files and each distinct layer content (image with its gravity
// and corner clip, plus text) rendered once into premultiplied ARGB32 pixels, cached with a
// byte budget. Pixel buffers are immutable once published, so any thread may read them; every
// use wraps them in a fresh Cairo surface or pixman image so no Cairo object is shared.

/// An owned, immutable-after-construction block of Cairo ARGB32 pixels.
final class PixelBuffer: @unchecked Sendable {
    let width: Int
    let height: Int
    let stride: Int
    let data: UnsafeMutableRawPointer

    /// A zeroed (transparent) buffer. Nil when the size is not drawable by Cairo.
    init?(width: Int, height: Int) {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else { return nil }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard stride > 0, let p = calloc(stride * height, 1) else { return nil }
        self.width = width; self.height = height; self.stride = stride; self.data = p
    }

    deinit { free(data) }

    var byteCount: Int { stride * height }

    /// A new Cairo surface over these pixels; the caller destroys it. Only draw into it while
    /// the buffer is still private to one thread.
    func makeSurface() -> OpaquePointer {
        cairo_image_surface_create_for_data(data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                            Int32(width), Int32(height), Int32(stride))
    }

    /// A new pixman image over these pixels, for reading; the caller unrefs it.
    func makePixmanImage() -> OpaquePointer? {
        pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                 data.assumingMemoryBound(to: UInt32.self), Int32(stride))
    }
}

/// A layer content rendered to pixels. Texture pixel (u, v) covers the content-space point
/// `rect.origin + (u / scaleX, v / scaleY)`; content space has its origin at the bounds origin.
final class Texture: Sendable {
    let pixels: PixelBuffer
    let rect: Rect
    init(pixels: PixelBuffer, rect: Rect) { self.pixels = pixels; self.rect = rect }
    var scaleX: Double { Double(pixels.width) / rect.width }
    var scaleY: Double { Double(pixels.height) / rect.height }
}

/// Everything about a `LayerContent` that changes its texture (the background colour and the
/// border are drawn as vector paths, so they are not part of it).
struct TextureKey: Hashable, Sendable {
    var size: Size
    var imagePath: String?
    var gravity: ContentsGravity?
    var text: TextSpec?
    /// Corner radius the image is clipped to, or nil when the image is not clipped.
    var imageClipRadius: Double?
    var imageClipStyle: CornerStyle = .default
    /// `contentsRect`: the part of the image drawn, in its unit space.
    var contentsRect: Rect = .unitContents
    /// Points per image pixel for `center` gravity (the canvas scale, as for an @Nx image).
    var canvasScale: Double
    /// Texture pixels per content point before capping.
    var textureScale: Double

    init?(content: LayerContent, canvasScale: Double, textureScale: Double) {
        guard content.image != nil || content.text.map({ !$0.string.isEmpty }) == true else { return nil }
        size = content.size
        imagePath = content.image?.path
        gravity = content.image?.gravity
        text = content.text.flatMap { $0.string.isEmpty ? nil : $0 }
        imageClipRadius = content.image != nil && content.clipsContentsToCorners ? max(content.cornerRadius, 0) : nil
        if imageClipRadius != nil { imageClipStyle = content.cornerStyle }
        if content.image != nil { contentsRect = content.contentsRect }
        self.canvasScale = canvasScale
        self.textureScale = textureScale
    }
}

/// Thread-safe cache of decoded images and content textures, least recently used first out.
final class TextureCache: @unchecked Sendable {
    private let lock = NSLock()
    private var textures: [TextureKey: (texture: Texture?, tick: UInt64)] = [:]
    private var images: [String: (pixels: PixelBuffer, tick: UInt64)] = [:]
    private var bytes = 0
    private var tick: UInt64 = 0
    let byteLimit: Int

    init(byteLimit: Int) { self.byteLimit = max(byteLimit, 0) }

    var cachedBytes: Int { lock.withLock { bytes } }
    var textureCount: Int { lock.withLock { textures.count } }

    /// The decoded image, loading it on first use. Throws a `RasterError` for missing or bad files.
    func image(_ contents: ImageContents) throws -> PixelBuffer {
        if let hit: PixelBuffer = lock.withLock({
            tick += 1
            guard let e = images[contents.path] else { return nil }
            images[contents.path] = (e.pixels, tick)
            return e.pixels
        }) { return hit }
        let loaded = try ImageLoader.load(contents)
        return lock.withLock {
            tick += 1
            if let e = images[contents.path] { return e.pixels } // another thread won the race
            images[contents.path] = (loaded, tick)
            bytes += loaded.byteCount
            evict(keepingTexture: nil)
            return loaded
        }
    }

    /// The texture for a key, rendering it with `make` on first use. A nil texture (nothing to
    /// draw) is cached too.
    func texture(_ key: TextureKey, make: () throws -> Texture?) rethrows -> Texture? {
        let cached: Texture?? = lock.withLock({
            tick += 1
            guard let e = textures[key] else { return nil }
            textures[key] = (e.texture, tick)
            return .some(e.texture)
        })
        if let hit = cached { return hit }
        let made = try make()
        return lock.withLock {
            tick += 1
            if let e = textures[key] { return e.texture }
            textures[key] = (made, tick)
            bytes += made?.pixels.byteCount ?? 0
            evict(keepingTexture: key)
            return made
        }
    }

    /// Drops least recently used entries until the cache fits its budget. Entries still in use
    /// by a frame stay alive through their references; only the cache forgets them.
    /// Evicts least recently used textures until the cache fits. Decoded images are never
    /// evicted: each is read from disk once, before the first frame (`checkResources`), so a
    /// file changed or deleted during a render cannot change or break the frames after it.
    private func evict(keepingTexture: TextureKey?) {
        while bytes > byteLimit {
            var oldestTexture: (TextureKey, UInt64)?
            for (k, e) in textures where k != keepingTexture {
                if oldestTexture == nil || e.tick < oldestTexture!.1 { oldestTexture = (k, e.tick) }
            }
            guard let t = oldestTexture else { return }
            bytes -= textures.removeValue(forKey: t.0)?.texture?.pixels.byteCount ?? 0
        }
    }
}

// MARK: - PNG loading

enum ImageLoader {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Loads a PNG into premultiplied ARGB32, or throws the `RasterError` that says why not.
    static func load(_ contents: ImageContents) throws -> PixelBuffer {
        let path = contents.path, location = contents.location
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw RasterError.imageNotFound(path: path, location: location)
        }
        if isDirectory.boolValue {
            throw RasterError.imageUnreadable(path: path, location: location, reason: "it is a directory")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw RasterError.imageUnreadable(path: path, location: location, reason: "permission denied or not a regular file")
        }
        let head = [UInt8]((try? handle.read(upToCount: 32)) ?? Data())
        try? handle.close()
        guard head.starts(with: pngSignature) else {
            throw RasterError.imageNotPNG(path: path, location: location, detectedFormat: detectFormat(head))
        }
        // Refuse a decompression bomb from its header, before the decoder allocates anything.
        if let (w, h) = SceneLimits.pngDimensions(atPath: path), Double(w) * Double(h) > Double(contents.maximumPixels) {
            throw RasterError.imageUnreadable(path: path, location: location,
                                              reason: "it is \(w)×\(h) pixels, over the limit of \(contents.maximumPixels) (raise it with --limit imagePixels=N)")
        }
        let surface = cairo_image_surface_create_from_png(path)
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            if status == CAIRO_STATUS_NO_MEMORY {
                throw RasterError.imageCorrupt(path: path, location: location,
                                               detail: "it could not be decoded (out of memory, or its header claims an impossible size)")
            }
            let reason = String(cString: cairo_status_to_string(status))
            throw RasterError.imageCorrupt(path: path, location: location,
                                           detail: "its data could not be decoded (\(reason)); the file is probably truncated")
        }
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        guard let out = PixelBuffer(width: w, height: h) else {
            throw RasterError.imageCorrupt(path: path, location: location, detail: "it is \(w)×\(h) pixels, which cannot be drawn")
        }
        // Convert whatever Cairo decoded (ARGB32, RGB24, A8…) to premultiplied ARGB32.
        let dst = out.makeSurface()
        let cr = cairo_create(dst)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(dst)
        cairo_surface_destroy(dst)
        return out
    }

    /// Names common non-PNG formats from their first bytes.
    static func detectFormat(_ b: [UInt8]) -> String? {
        func has(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset ..< offset + prefix.count]) == prefix
        }
        if b.isEmpty { return "empty" }
        if has([0xFF, 0xD8, 0xFF]) { return "JPEG" }
        if has(Array("GIF8".utf8)) { return "GIF" }
        if has(Array("RIFF".utf8)) && has(Array("WEBP".utf8), at: 8) { return "WebP" }
        if has(Array("ftyp".utf8), at: 4) {
            if has(Array("avif".utf8), at: 8) { return "AVIF" }
            return "HEIC"
        }
        if has(Array("BM".utf8)) { return "BMP" }
        if has([0x49, 0x49, 0x2A, 0x00]) || has([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if has(Array("%PDF".utf8)) { return "PDF" }
        let text = String(decoding: b, as: UTF8.self).lowercased()
        if text.contains("<svg") || text.hasPrefix("<?xml") { return "SVG" }
        return nil
    }
}

// MARK: - Content rendering

enum ContentRenderer {
    /// Largest texture side and area; larger requests are rendered at a lower scale.
    static let maxSide = 8192.0
    static let maxArea = 24.0 * 1024 * 1024

    /// Where `contents` is drawn in content space (origin at the bounds origin), per
    /// contentsGravity. One image pixel is 1/`pointScale` points for `center`.
    /// With `part` (contentsRect), that part of the image is what is fitted.
    static func imageRect(gravity: ContentsGravity, bounds: Size, imageWidth: Int, imageHeight: Int, pointScale: Double,
                          part: Rect = .unitContents) -> Rect {
        let w = bounds.width, h = bounds.height
        let iw = Double(imageWidth) * part.width, ih = Double(imageHeight) * part.height
        switch gravity {
        case .resize:
            return Rect(x: 0, y: 0, width: w, height: h)
        case .resizeAspect, .resizeAspectFill:
            let k = gravity == .resizeAspect ? min(w / iw, h / ih) : max(w / iw, h / ih)
            let rw = iw * k, rh = ih * k
            return Rect(x: (w - rw) / 2, y: (h - rh) / 2, width: rw, height: rh)
        case .center:
            let s = pointScale > 0 && pointScale.isFinite ? pointScale : 1
            let rw = iw / s, rh = ih / s
            return Rect(x: (w - rw) / 2, y: (h - rh) / 2, width: rw, height: rh)
        }
    }

    /// The part of content space an image draws into (before rendering), used for extents.
    static func imageExtent(_ key: TextureKey, image: PixelBuffer) -> Rect {
        let r = imageRect(gravity: key.gravity ?? .resize, bounds: key.size, imageWidth: image.width, imageHeight: image.height,
                          pointScale: key.canvasScale, part: key.contentsRect)
        if key.imageClipRadius != nil { return intersect(r, Rect(origin: .zero, size: key.size)) ?? .zero }
        return r
    }

    static func intersect(_ a: Rect, _ b: Rect) -> Rect? {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        let x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    static func union(_ a: Rect?, _ b: Rect?) -> Rect? {
        guard let a else { return b }
        guard let b else { return a }
        let x0 = min(a.minX, b.minX), y0 = min(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }

    /// Renders the image and/or text of a content into a texture. Nil when nothing would show.
    static func render(_ key: TextureKey, image: PixelBuffer?) throws -> Texture? {
        let bounds = Rect(origin: .zero, size: key.size)
        guard key.size.width > 0, key.size.height > 0,
              key.size.width.isFinite, key.size.height.isFinite else { return nil }
        var imageDest: Rect?
        var region: Rect?
        if let image {
            let r = imageRect(gravity: key.gravity ?? .resize, bounds: key.size, imageWidth: image.width, imageHeight: image.height,
                              pointScale: key.canvasScale, part: key.contentsRect)
            imageDest = r
            region = key.imageClipRadius != nil ? intersect(r, bounds) : r
        }
        // Text never leaves the bounds, so the bounds cap the texture size before the text is
        // measured; the layout must be measured at the scale it is drawn at.
        guard let extent = union(region, key.text != nil ? bounds : nil), extent.width.isFinite, extent.height.isFinite else {
            return nil
        }
        let scale = min(key.textureScale, maxSide / extent.width, maxSide / extent.height,
                        (maxArea / (extent.width * extent.height)).squareRoot())
        var layout: TextLayout?
        if let text = key.text {
            layout = TextLayout(text, bounds: key.size, scale: scale)
            if let ink = layout?.inkRect { region = union(region, ink) }
        }
        guard let covered = region, covered.width > 0, covered.height > 0, scale > 0, scale.isFinite else {
            return nil
        }
        // Whole texels at exactly `scale`, so text is drawn with the CTM it was measured with.
        let pw = max(1, Int((covered.width * scale).rounded(.up)))
        let ph = max(1, Int((covered.height * scale).rounded(.up)))
        let rect = Rect(x: covered.minX, y: covered.minY, width: Double(pw) / scale, height: Double(ph) / scale)
        guard let pixels = PixelBuffer(width: pw, height: ph) else {
            throw RasterError.drawingFailed(detail: "could not allocate a \(pw)×\(ph) texture")
        }
        let surface = pixels.makeSurface()
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr); cairo_surface_flush(surface); cairo_surface_destroy(surface) }
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -rect.minX, -rect.minY)

        if let image, let dest = imageDest, dest.width > 0, dest.height > 0 {
            cairo_save(cr)
            if let radius = key.imageClipRadius {
                roundedRectPath(cr, bounds, radius: radius, style: key.imageClipStyle)
                cairo_clip(cr)
            }
            cairo_rectangle(cr, dest.minX, dest.minY, dest.width, dest.height)
            cairo_clip(cr)
            let src = image.makeSurface()
            let pattern = cairo_pattern_create_for_surface(src)
            var m = cairo_matrix_t()
            // Pattern space (image pixels) from user space (content points).
            cairo_matrix_init_translate(&m, -dest.minX, -dest.minY)
            var s = cairo_matrix_t()
            let part = key.contentsRect
            cairo_matrix_init_scale(&s, Double(image.width) * part.width / dest.width, Double(image.height) * part.height / dest.height)
            var scaled = cairo_matrix_t()
            cairo_matrix_multiply(&scaled, &m, &s)
            // Then to the part's corner in the image.
            var shift = cairo_matrix_t()
            cairo_matrix_init_translate(&shift, Double(image.width) * part.minX, Double(image.height) * part.minY)
            var combined = cairo_matrix_t()
            cairo_matrix_multiply(&combined, &scaled, &shift)
            cairo_pattern_set_matrix(pattern, &combined)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
            cairo_surface_destroy(src)
            cairo_restore(cr)
        }
        if let layout, let text = key.text {
            cairo_save(cr)
            cairo_rectangle(cr, 0, 0, key.size.width, key.size.height)
            cairo_clip(cr)
            layout.draw(in: cr, color: text.color)
            cairo_restore(cr)
        }
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else {
            throw RasterError.drawingFailed(detail: String(cString: cairo_status_to_string(cairo_status(cr))))
        }
        return Texture(pixels: pixels, rect: rect)
    }

    static func roundedRectPath(_ cr: OpaquePointer, _ r: Rect, radius: Double, style: CornerStyle = .default) {
        let rad = min(max(radius, 0), min(r.width, r.height) / 2)
        cairo_new_path(cr)
        if !style.isDefault && rad > 0 {
            PathDrawing.add(ScenePath.roundedRect(r, radius: rad, style: style), to: cr)
            return
        }
        if rad <= 0 {
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            return
        }
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, .pi, 1.5 * .pi)
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, 1.5 * .pi, 2 * .pi)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, 0.5 * .pi)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, 0.5 * .pi, .pi)
        cairo_close_path(cr)
    }
}

// MARK: - Text

/// The one Pango font map, used by one thread at a time. Pango objects are not thread-safe, so
/// all text layout and drawing is serialised; finished textures are cached, so this is rare.
package final class PangoState: @unchecked Sendable {
    package static let shared = PangoState()
    package let lock = NSRecursiveLock()
    let fontMap: UnsafeMutablePointer<PangoFontMap>

    private init() {
        fontMap = pango_cairo_font_map_new()
    }

    /// A Pango context that lays text out unhinted, with unrounded glyph positions, as measured at
    /// `scale` device pixels per point — so text looks the same at any scale and a layout measured
    /// here fits where it is drawn. Call with `lock` held; the caller releases it with g_object_unref.
    package func makeUnhintedContext(scale: Double) -> OpaquePointer {
        let context = pango_font_map_create_context(fontMap)!
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        let safeScale = scale > 0 && scale.isFinite ? scale : 1
        let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let cr = cairo_create(scratch)
        cairo_scale(cr, safeScale, safeScale)
        pango_cairo_update_context(cr, context)
        cairo_destroy(cr)
        cairo_surface_destroy(scratch)
        return context
    }
}

/// A UILabel-like Pango layout: wrapped to the bounds width, truncated with an ellipsis when it
/// is taller than the bounds, centred vertically. Unhinted, so it looks the same at any scale.
/// It is measured with the scale it will be drawn at: Pango's glyph extents depend on the
/// device transform, so a layout measured at another scale can ink outside its measured rect.
final class TextLayout {
    private let context: OpaquePointer
    private let layout: OpaquePointer
    /// Top of the layout in content space (vertical centring).
    let top: Double
    /// Where the text may put ink, in content space: ink and logical extents, grown by a fifth
    /// of the font size (at least a point) for anti-aliasing and overhangs, cut to the bounds.
    let inkRect: Rect?

    /// - Parameter scale: device pixels per point the layout will be drawn at.
    init(_ spec: TextSpec, bounds: Size, scale: Double = 1) {
        let state = PangoState.shared
        state.lock.lock()
        defer { state.lock.unlock() }
        context = state.makeUnhintedContext(scale: scale)
        layout = pango_layout_new(context)

        let desc = pango_font_description_new()
        pango_font_description_set_family(desc, spec.fontFamily)
        let size = spec.fontSize.isFinite ? min(max(spec.fontSize, 0.1), 2000) : 17
        pango_font_description_set_absolute_size(desc, size * Double(PANGO_SCALE))
        pango_font_description_set_weight(desc, PangoWeight(rawValue: UInt32(spec.weight.numericValue)))
        pango_layout_set_font_description(layout, desc)
        pango_font_description_free(desc)

        func pangoUnits(_ v: Double) -> Int32 { Int32(max(1, min(v * Double(PANGO_SCALE), 1e9))) }
        pango_layout_set_width(layout, pangoUnits(bounds.width))
        pango_layout_set_height(layout, pangoUnits(bounds.height))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        switch spec.alignment {
        case .left, .natural: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified:
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            pango_layout_set_justify(layout, 1)
        }
        pango_layout_set_text(layout, spec.string, -1)

        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let unit = Double(PANGO_SCALE)
        top = (bounds.height - Double(logical.height) / unit) / 2 - Double(logical.y) / unit
        if ink.width > 0, ink.height > 0 {
            let margin = max(1, size / 5)
            let x0 = Double(min(ink.x, logical.x)) / unit - margin
            let x1 = Double(max(ink.x + ink.width, logical.x + logical.width)) / unit + margin
            let y0 = top + Double(min(ink.y, logical.y)) / unit - margin
            let y1 = top + Double(max(ink.y + ink.height, logical.y + logical.height)) / unit + margin
            inkRect = ContentRenderer.intersect(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0),
                                                Rect(origin: .zero, size: bounds))
        } else {
            inkRect = nil
        }
    }

    deinit {
        PangoState.shared.lock.withLock {
            g_object_unref(UnsafeMutableRawPointer(layout))
            g_object_unref(UnsafeMutableRawPointer(context))
        }
    }

    /// Characters the fonts could not show (drawn as boxes).
    var unknownGlyphCount: Int {
        PangoState.shared.lock.withLock { Int(pango_layout_get_unknown_glyphs_count(layout)) }
    }

    func draw(in cr: OpaquePointer, color: RGBAColor) {
        PangoState.shared.lock.withLock {
            pango_cairo_update_context(cr, context)
            pango_layout_context_changed(layout)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_move_to(cr, 0, top)
            pango_cairo_show_layout(cr, layout)
        }
    }
}
