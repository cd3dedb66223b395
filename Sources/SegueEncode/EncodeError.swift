// SPDX-License-Identifier: Apache-2.0
import SegueFFmpeg

/// Everything that can go wrong while writing frames to disk.
///
/// Every message is a single line meant for the person running `segue`.
public enum EncodeError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The output cannot be created at `path`; `reason` says why
    /// (missing directory, permissions, not a directory, …). Raised before any frame is encoded.
    case unwritablePath(path: String, reason: String)
    /// The output `output` is the same file as (or a folder holding) `input`, which this command
    /// reads as its `role`; nothing is written.
    case wouldOverwriteInput(output: String, input: String, role: String)
    /// The output is a stream (a pipe, a device, standard output) and `format` must seek.
    case needsSeekableOutput(path: String, format: String, reason: String)
    /// This FFmpeg build has no encoder named `name` (`libx264`, `png`).
    case codecUnavailable(name: String)
    /// An FFmpeg call failed: `call` is the function (and its subject), `message` the `av_strerror` text.
    case ffmpeg(call: String, code: Int32, message: String)
    /// Frame size outside what the encoder accepts: 1…16384 pixels per side
    /// (MP4 pads odd sizes to the next even one, so the encoded size is at most 16384).
    case sizeOutOfRange(width: Int, height: Int)
    /// A frame whose size differs from the size the writer was created with.
    case frameSizeMismatch(expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
    /// A setting outside its allowed range (fps, crf, start index, …).
    case invalidSetting(String)
    /// `finish()` was called before any frame was appended; nothing is written.
    case noFrames(path: String)
    /// `append` or `finish` was called after `finish()`/`cancel()` or after an earlier error.
    case writerClosed
    /// A buffer for `what` could not be allocated.
    case outOfMemory(String)

    /// The largest width or height any writer accepts.
    public static let maximumDimension = FFmpegLimits.maximumDimension

    public var description: String {
        switch self {
        case let .unwritablePath(path, reason):
            return "cannot write output '\(path)': \(reason)"
        case let .codecUnavailable(name):
            return "the FFmpeg libraries on this machine have no '\(name)' encoder; run scripts/bootstrap to install the required FFmpeg packages"
        case let .ffmpeg(call, code, message):
            return "FFmpeg failed in \(call): \(message) (error \(code))"
        case let .sizeOutOfRange(width, height):
            return "frame size \(width)×\(height) is out of range: width and height must be between 1 and \(Self.maximumDimension) pixels"
        case let .frameSizeMismatch(ew, eh, w, h):
            return "frame size \(w)×\(h) does not match the output size \(ew)×\(eh)"
        case let .invalidSetting(text):
            return "invalid encoder setting: \(text)"
        case let .noFrames(path):
            return "no frames were rendered, so '\(path)' was not written"
        case let .wouldOverwriteInput(output, input, role):
            return output == input
                ? "refusing to write output '\(output)': it is the \(role) this command reads"
                : "refusing to write output '\(output)': it would replace the \(role) '\(input)' that this command reads"
        case let .needsSeekableOutput(path, format, reason):
            return "cannot write \(format) to '\(path)': it is a pipe or device, and \(reason)"
        case .writerClosed:
            return "the output writer was already finished, cancelled or failed; no more frames can be written"
        case let .outOfMemory(what):
            return "ran out of memory in \(what); try a smaller --scale or fewer parallel renders"
        }
    }
}
