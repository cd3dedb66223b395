// SPDX-License-Identifier: Apache-2.0
import CFFmpeg
import Foundation
import SegueFFmpeg
import SegueRaster

/// Throws `EncodeError.ffmpeg` when an FFmpeg call returned a negative error code.
@discardableResult
func ffcheck(_ code: Int32, _ call: @autoclosure () -> String) throws -> Int32 {
    if code < 0 {
        throw EncodeError.ffmpeg(call: call(), code: code, message: ffmpegErrorMessage(code))
    }
    return code
}

/// Throws `EncodeError.ffmpeg` (out of memory) when an FFmpeg allocator returned nil.
func ffalloc<T>(_ value: T?, _ call: @autoclosure () -> String) throws -> T {
    guard let value else {
        let code = segue_averror(ENOMEM)
        throw EncodeError.ffmpeg(call: call(), code: code, message: ffmpegErrorMessage(code))
    }
    return value
}

/// The encoder called `name`, or `EncodeError.codecUnavailable`.
func findEncoder(_ name: String) throws -> UnsafePointer<AVCodec> {
    _ = ffmpegSetup
    guard let codec = avcodec_find_encoder_by_name(name) else {
        throw EncodeError.codecUnavailable(name: name)
    }
    return codec
}

func validateSize(width: Int, height: Int) throws {
    guard (1...EncodeError.maximumDimension).contains(width), (1...EncodeError.maximumDimension).contains(height) else {
        throw EncodeError.sizeOutOfRange(width: width, height: height)
    }
}

/// Throws `EncodeError.invalidSetting` ("WHAT VALUE must be between A and B") unless `value` is in
/// `range`. `lowerNote` names the lower bound's meaning, as in "0 (forever)".
func requireSetting<T: Comparable & CustomStringConvertible>(_ what: String, _ value: T, in range: ClosedRange<T>,
                                                              lowerNote: String = "") throws {
    guard range.contains(value) else {
        throw EncodeError.invalidSetting("\(what) \(value) must be between \(range.lowerBound)\(lowerNote) and \(range.upperBound)")
    }
}

/// Loop counts of GIF (the NETSCAPE2.0 extension), WebP and APNG are 16-bit; 0 plays forever.
func validateLoopCount(_ loop: Int) throws {
    try requireSetting("loop count", loop, in: 0 ... 65535, lowerNote: " (forever)")
}

/// Throws `EncodeError.frameSizeMismatch` unless `image` has the size the writer was opened with.
func requireFrameSize(_ image: RasterImage, width: Int, height: Int) throws {
    guard image.width == width, image.height == height else {
        throw EncodeError.frameSizeMismatch(expectedWidth: width, expectedHeight: height, width: image.width, height: image.height)
    }
}

/// An FFmpeg failure that is really the file system's (a full disk, an I/O error, a read-only
/// mount) becomes `EncodeError.unwritablePath` naming the output, which is what the user must
/// act on; any other error is returned unchanged.
func namingOutput(_ error: Error, path: String) -> Error {
    guard case let EncodeError.ffmpeg(call, code, message) = error else { return error }
    let fileSystemErrors: Set<Int32> = [ENOSPC, EIO, EDQUOT, EFBIG, EROFS, EACCES, EPERM]
    guard code < 0, fileSystemErrors.contains(-code) else { return error }
    return EncodeError.unwritablePath(path: path, reason: "\(message) (in \(call))")
}
