// SPDX-License-Identifier: Apache-2.0
/// Errors specific to animated GIF, WebP and APNG output (the others are `EncodeError`).
/// Every message is a single line meant for the person running `segue`.
public enum AnimatedImageError: Error, CustomStringConvertible, Equatable, Sendable {
    /// libimagequant failed in `call`.
    case quantizer(call: String, message: String)
    /// No setting tried made the GIF fit `limit` bytes; `smallest` is the smallest file reached,
    /// with the quality and palette size that gave it. Nothing was written.
    case sizeLimitUnreachable(path: String, limit: Int, smallest: Int, quality: Int, colors: Int)

    public var description: String {
        switch self {
        case let .quantizer(call, message):
            return "libimagequant failed in \(call): \(message)"
        case let .sizeLimitUnreachable(path, limit, smallest, quality, colors):
            return "cannot make '\(path)' fit in \(limit) bytes: the smallest GIF reached was \(smallest) bytes (quality \(quality), \(colors) colours); nothing was written"
        }
    }
}
