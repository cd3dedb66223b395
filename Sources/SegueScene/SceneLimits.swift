// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Limits that stop a hostile or mistaken scene before it makes Segue allocate or compute
/// without bound. Scene files come from pull requests and run unattended in CI, so every
/// dimension a scene controls has a ceiling well above any real transition:
///
/// | name | default | what it bounds |
/// | --- | --- | --- |
/// | `layers` | 10,000 | layers after presets expand |
/// | `depth` | 100 | layer nesting (sublayers of sublayers …) |
/// | `text` | 10,000 | characters in one text layer |
/// | `keyframes` | 10,000 | values in one keyframe animation |
/// | `imageSide` | 16,384 | width or height of a `contents` image, read from its header |
/// | `imagePixels` | 100,000,000 | width × height of a `contents` image (a decompression bomb is a few kB) |
/// | `pixels` | 50,000,000,000 | one render's frames × pixels per frame |
///
/// Each can be raised (or lowered) with `--limit NAME=VALUE`; docs/reliability.md says more.
public struct SceneLimits: Sendable, Equatable {
    public var layers = 10_000
    public var depth = 100
    public var text = 10_000
    public var keyframes = 10_000
    public var imageSide = 16_384
    public var imagePixels = 100_000_000
    public var pixels = 50_000_000_000

    public static let `default` = SceneLimits()

    public init() {}

    /// The limit names `set(_:)` accepts, with what each bounds.
    public static let names: [(name: String, bounds: String)] = [
        ("layers", "layers after presets expand"),
        ("depth", "layer nesting depth"),
        ("text", "characters in one text layer"),
        ("keyframes", "values in one keyframe animation"),
        ("imageSide", "width or height of a contents image"),
        ("imagePixels", "width × height of a contents image"),
        ("pixels", "frames × pixels per frame of one render"),
    ]

    /// Applies `NAME=VALUE` (VALUE a positive whole number; `1e11` and `_` separators allowed).
    /// Returns a message saying what is wrong, or nil.
    public mutating func set(_ assignment: String) -> String? {
        let parts = assignment.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        let known = Self.names.map(\.name)
        guard parts.count == 2 else { return "expected NAME=VALUE, e.g. layers=20000 (names: \(known.joined(separator: ", ")))" }
        guard let number = Double(parts[1].replacingOccurrences(of: "_", with: "")), number.isFinite, number >= 1,
              number <= 9e18, number == number.rounded() else {
            return "'\(parts[1])' is not a positive whole number"
        }
        let value = Int(number)
        switch parts[0] {
        case "layers": layers = value
        case "depth": depth = value
        case "text": text = value
        case "keyframes": keyframes = value
        case "imageSide": imageSide = value
        case "imagePixels": imagePixels = value
        case "pixels": pixels = value
        default:
            let hint = Suggestions.best(for: parts[0], among: known).map { " (did you mean '\($0)'?)" } ?? ""
            return "unknown limit '\(parts[0])'\(hint); the limits are \(known.joined(separator: ", "))"
        }
        return nil
    }

    // MARK: - Checks

    /// Checks a decoded scene: layer count and depth, text lengths, keyframe counts, and the
    /// headers of its images. Throws at the first item over a limit, where it was written.
    public func check(_ scene: Scene) throws(SceneError) {
        var count = 0
        func visit(_ layer: LayerSpec, depth: Int) throws(SceneError) {
            count += 1
            if count > layers {
                throw exceeded(at: layer.location, "the scene has more than \(layers) layers (after presets expand)", name: "layers", value: layers)
            }
            if depth > self.depth {
                throw exceeded(at: layer.location, "layers are nested more than \(self.depth) deep here", name: "depth", value: self.depth)
            }
            if let text = layer.text, text.string.count > self.text {
                throw exceeded(at: layer.location, "this layer's text has \(text.string.count) characters; the limit is \(self.text)", name: "text", value: self.text)
            }
            if let image = layer.contents { try checkImageHeader(image) }
            for sublayer in layer.sublayers { try visit(sublayer, depth: depth + 1) }
        }
        for layer in scene.layers { try visit(layer, depth: 1) }
        for animation in scene.animations {
            if let values = animation.keyframes?.values, values.count > keyframes {
                throw exceeded(at: animation.location, "this keyframe animation has \(values.count) values; the limit is \(keyframes)", name: "keyframes", value: keyframes)
            }
        }
    }

    /// Checks one render's size: `frames` frames of `width` × `height` pixels.
    public func checkRender(_ scene: Scene, frames: Int, width: Int, height: Int) throws(SceneError) {
        let work = Double(frames) * Double(width) * Double(height)
        guard work > Double(pixels) else { return }
        throw exceeded(at: scene.canvasLocation ?? SourceLocation(file: scene.file, line: 1, column: 1),
                       "this render is \(frames) frames of \(width)×\(height) px, \(Self.pixelCount(work)) in all; the limit is \(Self.pixelCount(Double(pixels)))",
                       name: "pixels", value: pixels, extra: "render fewer frames (--frames, a shorter duration, a lower --fps) or smaller ones (--scale)")
    }

    /// Reads a PNG's header (no pixels) and refuses an image over the size limits: a 30000 ×
    /// 30000 PNG is a few kB on disk and 3.6 GB once decoded. Other formats are left to the
    /// raster stage, which refuses them with its own message.
    public func checkImageHeader(_ image: ImageContents) throws(SceneError) {
        guard let (width, height) = Self.pngDimensions(atPath: image.path) else { return }
        if width > imageSide || height > imageSide {
            throw exceeded(at: image.location, "the image '\(image.path)' is \(width)×\(height) pixels; the limit is \(imageSide) a side",
                           name: "imageSide", value: imageSide, extra: "scale the image down")
        }
        // In Double: a header may claim up to 2³² − 1 a side, whose product overflows Int.
        if Double(width) * Double(height) > Double(imagePixels) {
            throw exceeded(at: image.location, "the image '\(image.path)' is \(width)×\(height) = \(Self.pixelCount(Double(width) * Double(height))); the limit is \(imagePixels)",
                           name: "imagePixels", value: imagePixels, extra: "scale the image down")
        }
    }

    /// Width and height from a PNG's IHDR chunk, or nil when the file is not a PNG.
    public static func pngDimensions(atPath path: String) -> (Int, Int)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 24), head.count == 24 else { return nil }
        let bytes = [UInt8](head)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes[12 ..< 16].elementsEqual("IHDR".utf8) else { return nil }
        func be32(_ i: Int) -> Int { bytes[i ..< i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    private func exceeded(at location: SourceLocation, _ message: String, name: String, value: Int, extra: String? = nil) -> SceneError {
        let doubled = value.multipliedReportingOverflow(by: 2)
        let raise = "raise the limit with --limit \(name)=\(doubled.overflow ? Int.max : doubled.partialValue) if this is intended"
        return SceneError(.invalidValue, at: location, message, suggestion: extra.map { "\($0), or \(raise)" } ?? raise)
    }

    /// "13,200 pixels" or "51.2 gigapixels": exact when small, so a tight limit reads clearly.
    private static func pixelCount(_ pixels: Double) -> String {
        if pixels >= 1e9 { return String(format: "%.1f gigapixels", pixels / 1e9) }
        let digits = String(Int(pixels))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped + " pixels"
    }
}
