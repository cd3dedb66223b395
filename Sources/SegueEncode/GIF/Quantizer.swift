// SPDX-License-Identifier: Apache-2.0
import CImageQuant
import Glibc

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
        /// Attributes for images that are only read, never quantized: a remapping's background,
        /// whose colours are then not cached whole (see `RowByRowBackground`).
        static func rowByRow() throws -> Attributes {
            guard let attr = liq_attr_create_with_allocator(RowByRowBackground.allocate, RowByRowBackground.free) else {
                throw Quantizer.error("liq_attr_create_with_allocator", LIQ_OUT_OF_MEMORY)
            }
            return Attributes(pointer: attr)
        }

        private init(pointer: OpaquePointer) {
            self.pointer = pointer
        }
        deinit { liq_attr_destroy(pointer) }
    }

    /// A liq_image over RGBA pixels that this object owns (libimagequant does not copy them).
    final class Image {
        let pointer: OpaquePointer
        let width: Int, height: Int
        private let pixels: UnsafeMutablePointer<UInt8>
        private var backgroundPixels: UnsafeMutablePointer<UInt8>?
        fileprivate private(set) var backgroundRowByRow = false
        /// The row buffer a row-by-row background holds (see `RowByRowBackground`).
        fileprivate var backgroundRowBuffer: RowByRowBackground.Buffer?

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

        /// Sets what the viewer sees under this image (see `hasBackground`), for remapping.
        /// - Parameter rowByRow: the background's colours are converted row by row as remapping
        ///   reads them, not cached whole (16 bytes a pixel); the
        ///   indices are the same (see `RowByRowBackground`).
        func setBackground(_ attributes: Attributes, rgba: [UInt8], rowByRow: Bool = false) throws {
            precondition(rgba.count == width * height * 4 && backgroundPixels == nil)
            let bg = UnsafeMutablePointer<UInt8>.allocate(capacity: rgba.count)
            bg.initialize(from: rgba, count: rgba.count)
            let made = rowByRow ? try Attributes.rowByRow() : attributes
            guard let image = liq_image_create_rgba(made.pointer, bg, Int32(width), Int32(height), 0) else {
                bg.deallocate()
                throw Quantizer.error("liq_image_create_rgba (background)", LIQ_OUT_OF_MEMORY)
            }
            backgroundPixels = bg
            backgroundRowByRow = rowByRow
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
            func write() -> liq_error {
                indices.withUnsafeMutableBytes { buffer in
                    liq_write_remapped_image(pointer, image.pointer, buffer.baseAddress!, buffer.count)
                }
            }
            let status = image.backgroundRowByRow
                ? RowByRowBackground.remapping(holding: &image.backgroundRowBuffer, write)
                : write()
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

        /// Adds `image`'s colours.
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

    /// Backgrounds read row by row: an allocator that refuses buffers of `limit` bytes or more
    /// (malloc for the rest). libimagequant 2.x caches an image's colours whole as floats, 16
    /// bytes a pixel, unless that allocation fails: then it converts each row as it reads it, to
    /// the same values. Its uncached path allocates a new row buffer at each pass of a remapping
    /// without freeing the one before, so during a remapping (`remapping`) each buffer made
    /// replaces, and frees, the one before; the background keeps the last, freed with it.
    enum RowByRowBackground {
        static let limit = 1 << 20
        /// A buffer that a background holds.
        struct Buffer {
            var address: UnsafeMutableRawPointer
            var size: Int
        }

        /// This thread's remapping: a pointer to the `Buffer?` its background holds.
        private static let held: pthread_key_t = {
            var key = pthread_key_t()
            let status = pthread_key_create(&key, nil)
            precondition(status == 0, "pthread_key_create: \(status)")
            return key
        }()

        static let allocate: @convention(c) (Int) -> UnsafeMutableRawPointer? = { size in
            guard size < limit else { return nil }
            let made = malloc(size)
            if let current = pthread_getspecific(held), let made {
                let buffer = current.assumingMemoryBound(to: Buffer?.self)
                // Only a buffer of the held one's size replaces it (the row buffers are all one
                // size); anything else is left alone, at worst unfreed, never freed while used.
                if let previous = buffer.pointee {
                    if previous.size == size {
                        Glibc.free(previous.address)
                        buffer.pointee = Buffer(address: made, size: size)
                    }
                } else {
                    buffer.pointee = Buffer(address: made, size: size)
                }
            }
            return made
        }

        static let free: @convention(c) (UnsafeMutableRawPointer?) -> Void = { Glibc.free($0) }

        /// Runs `body`, one remapping of an image whose background uses `allocate`; `buffer`: the
        /// row buffer that background holds (nil before its first remapping).
        static func remapping<T>(holding buffer: inout Buffer?, _ body: () -> T) -> T {
            withUnsafeMutablePointer(to: &buffer) { pointer in
                pthread_setspecific(held, pointer)
                defer { pthread_setspecific(held, nil) }
                return body()
            }
        }
    }

    static func check(_ status: liq_error, _ call: String) throws {
        if status != LIQ_OK { throw error(call, status) }
    }

    /// The errors Segue's calls can meet; others by number.
    static func error(_ call: String, _ status: liq_error) -> AnimatedImageError {
        let text = switch status {
        case LIQ_VALUE_OUT_OF_RANGE: "value out of range"
        case LIQ_OUT_OF_MEMORY: "out of memory"
        default: "libimagequant error \(status.rawValue)"
        }
        return AnimatedImageError.quantizer(call: call, message: text)
    }
}
