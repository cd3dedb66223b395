// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Foundation

/// A value computed on another thread, waited for when needed.
final class Pending<Value>: @unchecked Sendable {   // `result` is written before `done` is signalled
    private var result: Result<Value, Error>?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping () throws -> Value) {
        let box = UncheckedBox(work)
        DispatchQueue.global().async {
            self.result = Result(catching: box.value)
            self.done.signal()
        }
    }

    func get() throws -> Value {
        done.wait()
        done.signal()
        return try result!.get()
    }
}

/// Carries a non-Sendable value to the one thread that uses it next.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// A memo of values that the search will probably ask for next, filled on the other core.
///
/// Every value is a pure function of its key (the frame's source pixels, the plan and the
/// settings, never how earlier frames were drawn), so whether it was prefetched, or prefetched
/// for another key, changes only when it is ready, never what it is: the file does not depend on
/// the prefetcher. A key asked for and not prefetched is computed on the spot.
final class Prefetcher: @unchecked Sendable {   // used by one segment's thread
    /// Off: nothing runs ahead (the same file, more slowly).
    let enabled: Bool
    private var scorer: (frame: Int, value: Pending<FrameScorer>)?
    private var palette: (frame: Int, quality: Int, value: Pending<OwnPalette>)?

    init(enabled: Bool) { self.enabled = enabled }

    /// Starts making frame `frame`'s scorer on another thread.
    func prefetchScorer(frame: Int, _ make: @escaping () throws -> FrameScorer) {
        guard enabled else { return }
        scorer = (frame, Pending(make))
    }

    func scorer(frame: Int, _ make: () throws -> FrameScorer) throws -> FrameScorer {
        defer { scorer = nil }
        if let scorer, scorer.frame == frame { return try scorer.value.get() }
        return try make()
    }

    /// Starts quantizing frame `frame`'s own palette at `quality` on another thread.
    func prefetchPalette(frame: Int, quality: Int, _ make: @escaping () throws -> OwnPalette) {
        guard enabled else { return }
        palette = (frame, quality, Pending(make))
    }

    func palette(frame: Int, quality: Int, _ make: () throws -> OwnPalette) throws -> OwnPalette {
        if let palette, palette.frame == frame, palette.quality == quality {
            self.palette = nil
            return try palette.value.get()
        }
        return try make()
    }

    /// Frame `frame`'s search is over: what was made for it and not asked for is dropped.
    func finished(frame: Int) {
        if let p = palette, p.frame <= frame { _ = try? p.value.get(); palette = nil }
    }
}
