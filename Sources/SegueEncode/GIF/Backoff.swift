// SPDX-License-Identifier: Apache-2.0

/// Skips a try that keeps failing: after each failure in a row it rests for 1, 2, 4, … frames,
/// up to `2^maxDoublings`; a success resets it.
struct Backoff: Sendable {
    let maxDoublings: Int
    private var failures = 0
    private var rest = 0

    init(maxDoublings: Int) { self.maxDoublings = maxDoublings }

    /// Whether the try is made on this frame.
    var allows: Bool { rest == 0 }

    /// The try was made: record how it went.
    mutating func record(success: Bool) {
        if success {
            failures = 0
        } else {
            rest = 1 << min(failures, maxDoublings)
            failures += 1
        }
    }

    /// A frame passed without the try.
    mutating func skipped() { rest = max(0, rest - 1) }
}
