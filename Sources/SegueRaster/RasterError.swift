// SPDX-License-Identifier: Apache-2.0
import SegueScene

/// Why a frame could not be rasterized. Image problems carry the `contents:` location from the
/// scene file so the CLI can print `file:line:column: error: …` followed by a hint.
///
/// Degenerate geometry (zero-size bounds, singular or non-finite matrices, layers behind the
/// eye) is never an error: such layers are simply not drawn.
public enum RasterError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The `contents` image file does not exist.
    case imageNotFound(path: String, location: SourceLocation)
    /// The path exists but cannot be read as a file (a directory, or no permission).
    case imageUnreadable(path: String, location: SourceLocation, reason: String)
    /// The file is readable but is not a PNG. `detectedFormat` names what it looks like
    /// ("JPEG", "GIF", …) when that can be told from its first bytes.
    case imageNotPNG(path: String, location: SourceLocation, detectedFormat: String?)
    /// The file starts like a PNG but cannot be decoded (truncated or damaged).
    case imageCorrupt(path: String, location: SourceLocation, detail: String)
    /// The canvas size in pixels is zero, negative, not finite or larger than 32767 on a side.
    case invalidCanvas(width: Int, height: Int, scale: Double)
    /// Cairo or pixman could not do their work (almost always memory exhaustion).
    case drawingFailed(detail: String)

    /// Where in the scene the problem was written, when it comes from one place.
    public var location: SourceLocation? {
        switch self {
        case .imageNotFound(_, let l), .imageUnreadable(_, let l, _), .imageNotPNG(_, let l, _),
             .imageCorrupt(_, let l, _): l
        case .invalidCanvas, .drawingFailed: nil
        }
    }

    /// What was wrong and what was expected.
    public var message: String {
        switch self {
        case .imageNotFound(let path, _):
            "contents image '\(path)' does not exist"
        case .imageUnreadable(let path, _, let reason):
            "contents image '\(path)' cannot be read: \(reason)"
        case .imageNotPNG(let path, _, let format):
            if let format {
                "contents '\(Self.fileName(path))' is a \(format) file, not a PNG file (Segue reads PNG images only)"
            } else {
                "contents '\(Self.fileName(path))' is not a PNG file (expected the PNG signature at the start of '\(path)')"
            }
        case .imageCorrupt(let path, _, let detail):
            "contents '\(Self.fileName(path))' is a damaged PNG file: \(detail)"
        case .invalidCanvas(let w, let h, let scale):
            "the canvas is \(w)×\(h) pixels (scale \(scale)); expected 1…32767 pixels on each side"
        case .drawingFailed(let detail):
            "drawing failed: \(detail)"
        }
    }

    /// A concrete next step.
    public var suggestion: String? {
        switch self {
        case .imageNotFound(let path, _):
            "check the spelling; relative paths are resolved against the scene file's folder (looked for '\(path)')"
        case .imageUnreadable:
            "point 'contents' at a readable PNG file"
        case .imageNotPNG(let path, _, _):
            "convert it with `ffmpeg -i '\(Self.fileName(path))' '\(Self.pngName(path))'` (or `magick … png`) and use the .png file"
        case .imageCorrupt(let path, _, _):
            "re-export the image, or check it opens in an image viewer; `ffmpeg -i '\(Self.fileName(path))' fixed.png` can often rewrite it"
        case .invalidCanvas:
            "set 'canvas.size' and 'canvas.scale' so width × scale and height × scale are between 1 and 32767"
        case .drawingFailed:
            "try a smaller canvas, or render fewer frames at the same time"
        }
    }

    /// `file:line:column: error: message`, then `  hint: suggestion` on its own line.
    public var description: String {
        var s = (location.map { "\($0): " } ?? "") + "error: " + message
        if let suggestion { s += "\n  hint: " + suggestion }
        return s
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    private static func pngName(_ path: String) -> String {
        let name = fileName(path)
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return String(name[..<dot]) + ".png"
        }
        return name + ".png"
    }
}
