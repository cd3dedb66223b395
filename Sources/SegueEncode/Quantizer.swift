import CImageQuant

/// A thin, owning wrapper over libimagequant for the GIF encoder.
///
/// Every call first makes libimagequant's OpenMP loops single-threaded on the calling thread
/// (see `segue_liq_single_thread` in `Sources/CImageQuant/shim.h`): with several OpenMP threads
/// its floating-point sums, and so the palettes, depend on the thread count.
enum Quantizer {
    /// Colours: straight RGBA bytes.
    struct Color: Equatable, Hashable, Sendable {
        var r: UInt8, g: UInt8, b: UInt8, a: UInt8
        static let transparent = Color(r: 0, g: 0, b: 0, a: 0)
    }

    struct Settings: Equatable, Sendable {
        /// libimagequant's target quality 0…100 (its `liq_set_quality` maximum; the minimum is 0,
        /// so quantization never fails, it only uses fewer colours when the target allows).
        var quality: Int
        /// Palette entries, 2…256, including the transparent entry.
        var maxColors: Int
        /// Floyd–Steinberg dithering level 0…1 (libimagequant's edge-aware dithering).
        var dithering: Float
        /// libimagequant speed 1…10; 4 is its default.
        var speed: Int = 4
    }

    /// The result of remapping one image: palette indices (row by row) and the palette.
    struct Remapped {
        var indices: [UInt8]
        var palette: [Color]
        /// Index of the fully transparent palette entry.
        var transparentIndex: Int
    }

    final class Attributes {
        let pointer: OpaquePointer
        init(_ settings: Settings) throws {
            segue_liq_single_thread()
            guard let attr = liq_attr_create() else { throw Quantizer.error("liq_attr_create", LIQ_OUT_OF_MEMORY) }
            pointer = attr
            try Quantizer.check(liq_set_max_colors(attr, Int32(settings.maxColors)), "liq_set_max_colors(\(settings.maxColors))")
            try Quantizer.check(liq_set_quality(attr, 0, Int32(settings.quality)), "liq_set_quality(0, \(settings.quality))")
            try Quantizer.check(liq_set_speed(attr, Int32(settings.speed)), "liq_set_speed(\(settings.speed))")
        }
        deinit { liq_attr_destroy(pointer) }
    }

    /// A liq_image over RGBA pixels that this object owns (libimagequant does not copy them).
    final class Image {
        let pointer: OpaquePointer
        let width: Int, height: Int
        private let pixels: UnsafeMutablePointer<UInt8>
        private var backgroundPixels: UnsafeMutablePointer<UInt8>?

        init(_ attributes: Attributes, rgba: [UInt8], width: Int, height: Int) throws {
            precondition(rgba.count == width * height * 4)
            segue_liq_single_thread()
            self.width = width
            self.height = height
            pixels = .allocate(capacity: rgba.count)
            pixels.initialize(from: rgba, count: rgba.count)
            guard let image = liq_image_create_rgba(attributes.pointer, pixels, Int32(width), Int32(height), 0) else {
                pixels.deallocate()
                throw Quantizer.error("liq_image_create_rgba(\(width)×\(height))", LIQ_OUT_OF_MEMORY)
            }
            pointer = image
        }

        deinit {
            liq_image_destroy(pointer)   // also destroys the background image
            pixels.deallocate()
            backgroundPixels?.deallocate()
        }

        func addFixedColor(_ c: Color) throws {
            try Quantizer.check(liq_image_add_fixed_color(pointer, liq_color(r: c.r, g: c.g, b: c.b, a: c.a)), "liq_image_add_fixed_color")
        }

        /// What the viewer sees under this image when it is drawn. Pixels that the background
        /// already shows well enough (as judged by libimagequant, dithering included) are
        /// mapped to the transparent entry, which the palette must have.
        var hasBackground: Bool { backgroundPixels != nil }

        func setBackground(_ attributes: Attributes, rgba: [UInt8]) throws {
            precondition(rgba.count == width * height * 4 && backgroundPixels == nil)
            let bg = UnsafeMutablePointer<UInt8>.allocate(capacity: rgba.count)
            bg.initialize(from: rgba, count: rgba.count)
            guard let image = liq_image_create_rgba(attributes.pointer, bg, Int32(width), Int32(height), 0) else {
                bg.deallocate()
                throw Quantizer.error("liq_image_create_rgba (background)", LIQ_OUT_OF_MEMORY)
            }
            backgroundPixels = bg
            // Takes ownership of `image` (destroyed with `pointer`).
            try Quantizer.check(liq_image_set_background(pointer, image), "liq_image_set_background")
        }
    }

    /// A palette, either for one image (`quantize(image:)`) or for many (`Histogram.quantize`).
    final class Result {
        let pointer: OpaquePointer
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
        deinit { liq_result_destroy(pointer) }

        /// Remaps `image` with Floyd–Steinberg dithering at `dithering` (0…1).
        /// The palette is read after remapping: for a single-image result libimagequant refines
        /// it while remapping; a histogram result's palette stays fixed.
        func remap(_ image: Image, dithering: Float) throws -> Remapped {
            segue_liq_single_thread()
            try Quantizer.check(liq_set_dithering_level(pointer, dithering), "liq_set_dithering_level(\(dithering))")
            var indices = [UInt8](repeating: 0, count: image.width * image.height)
            let status = indices.withUnsafeMutableBytes { buffer in
                liq_write_remapped_image(pointer, image.pointer, buffer.baseAddress!, buffer.count)
            }
            try Quantizer.check(status, "liq_write_remapped_image(\(image.width)×\(image.height))")
            let palette = self.palette
            guard let transparent = palette.firstIndex(where: { $0.a == 0 }) else {
                throw AnimatedImageError.quantizer(call: "liq_write_remapped_image", message: "the palette has no transparent entry")
            }
            return Remapped(indices: indices, palette: palette, transparentIndex: transparent)
        }

        var palette: [Color] {
            guard let p = liq_get_palette(pointer) else { return [] }
            let count = Int(p.pointee.count)
            return withUnsafeBytes(of: p.pointee.entries) { raw in
                let colors = raw.bindMemory(to: liq_color.self)
                return (0 ..< count).map { Color(r: colors[$0].r, g: colors[$0].g, b: colors[$0].b, a: colors[$0].a) }
            }
        }
    }

    /// A palette for `image` alone.
    static func quantize(_ image: Image, _ attributes: Attributes) throws -> Result {
        segue_liq_single_thread()
        var result: OpaquePointer?
        try check(liq_image_quantize(image.pointer, attributes.pointer, &result), "liq_image_quantize")
        guard let result else { throw error("liq_image_quantize", LIQ_OUT_OF_MEMORY) }
        return Result(result)
    }

    /// Colours gathered from many images, for one palette shared by all of them.
    final class Histogram {
        let pointer: OpaquePointer
        init(_ attributes: Attributes) throws {
            segue_liq_single_thread()
            guard let h = liq_histogram_create(attributes.pointer) else { throw Quantizer.error("liq_histogram_create", LIQ_OUT_OF_MEMORY) }
            pointer = h
        }
        deinit { liq_histogram_destroy(pointer) }

        func add(_ image: Image, _ attributes: Attributes) throws {
            segue_liq_single_thread()
            try Quantizer.check(liq_histogram_add_image(pointer, attributes.pointer, image.pointer), "liq_histogram_add_image")
        }

        func addFixedColor(_ c: Color) throws {
            try Quantizer.check(liq_histogram_add_fixed_color(pointer, liq_color(r: c.r, g: c.g, b: c.b, a: c.a), 0), "liq_histogram_add_fixed_color")
        }

        func quantize(_ attributes: Attributes) throws -> Result {
            segue_liq_single_thread()
            var result: OpaquePointer?
            try Quantizer.check(liq_histogram_quantize(pointer, attributes.pointer, &result), "liq_histogram_quantize")
            guard let result else { throw Quantizer.error("liq_histogram_quantize", LIQ_OUT_OF_MEMORY) }
            return Result(result)
        }
    }

    static func check(_ status: liq_error, _ call: String) throws {
        if status != LIQ_OK { throw error(call, status) }
    }

    static func error(_ call: String, _ status: liq_error) -> AnimatedImageError {
        let text = switch status {
        case LIQ_QUALITY_TOO_LOW: "quality too low"
        case LIQ_VALUE_OUT_OF_RANGE: "value out of range"
        case LIQ_OUT_OF_MEMORY: "out of memory"
        case LIQ_ABORTED: "aborted"
        case LIQ_BITMAP_NOT_AVAILABLE: "bitmap not available"
        case LIQ_BUFFER_TOO_SMALL: "buffer too small"
        case LIQ_INVALID_POINTER: "invalid pointer"
        case LIQ_UNSUPPORTED: "unsupported"
        default: "error \(status.rawValue)"
        }
        return AnimatedImageError.quantizer(call: call, message: text)
    }
}
