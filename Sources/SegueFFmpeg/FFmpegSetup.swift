// SPDX-License-Identifier: Apache-2.0
import CFFmpeg

// What the encoder and the decoder both need from FFmpeg, so neither depends on the other.

/// One-time FFmpeg set-up: unless someone (e.g. a `--verbose` flag in the CLI) already changed
/// FFmpeg's log level, only errors are printed, so x264's statistics do not clutter the terminal.
package let ffmpegSetup: Void = {
    if av_log_get_level() == segue_log_info() {
        av_log_set_level(segue_log_error())
    }
}()

/// The `av_strerror` text for an FFmpeg error code.
package func ffmpegErrorMessage(_ code: Int32) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
        segue_av_strerror(code, buffer.baseAddress!, buffer.count)
        return String(cString: buffer.baseAddress!)
    }
}

/// Frame sizes Segue writes and reads.
package enum FFmpegLimits {
    /// The largest width or height any writer accepts, and any decoded frame may have.
    package static let maximumDimension = 16384
}

/// `frame.data` / `frame.linesize` as plain pointers for `sws_scale` and direct pixel access.
extension UnsafeMutablePointer where Pointee == AVFrame {
    package func plane(_ index: Int) -> UnsafeMutablePointer<UInt8> {
        withUnsafePointer(to: &pointee.data) {
            $0.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { $0[index]! }
        }
    }
    package func stride(_ index: Int) -> Int {
        withUnsafePointer(to: &pointee.linesize) {
            $0.withMemoryRebound(to: Int32.self, capacity: 8) { Int($0[index]) }
        }
    }
}
