// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueEncode

/// Standard output and standard error without Foundation's `FileHandle.write`, which traps on
/// a write error. SIGPIPE is ignored (so outputs can be cleaned up), which turns a closed pipe
/// into EPIPE: that ends the command quietly with status 141, what a shell shows for a program
/// stopped by SIGPIPE, like any Unix tool whose reader stopped reading (`segue schema | head`).
enum Console {
    /// 128 + SIGPIPE.
    static let closedPipeStatus: Int32 = 141

    /// Writes `text` to standard output; a closed pipe ends the command (status 141, no message).
    static func out(_ text: String) { out(Data(text.utf8)) }

    /// `out` with a newline, for `print`'s place.
    static func line(_ text: String) { out(Data((text + "\n").utf8)) }

    static func out(_ data: Data) {
        fflush(nil) // anything `print` buffered goes first
        if write(1, data) == EPIPE { exitForClosedPipe() }
    }

    /// Writes `text` to standard error; a failure is ignored (there is nowhere left to say so).
    static func err(_ text: String) {
        _ = write(2, Data(text.utf8))
    }

    /// Ends the process the way a closed pipe conventionally does: no message, status 141.
    static func exitForClosedPipe() -> Never {
        exit(closedPipeStatus)
    }

    /// True for an output error caused by the reader of a pipe going away (standard output,
    /// or a FIFO given to -o).
    static func isClosedPipe(_ error: Error) -> Bool {
        guard case let EncodeError.unwritablePath(_, reason) = error else { return false }
        return reason == String(cString: strerror(EPIPE)) || reason == "the program reading the pipe closed it"
    }

    /// Writes all of `data` to `fd`; returns 0 or an errno value.
    private static func write(_ fd: Int32, _ data: Data) -> Int32 {
        data.withUnsafeBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, base + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return 0
        }
    }
}
