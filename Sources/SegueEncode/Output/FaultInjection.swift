// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Faults that the reliability tests inject into a real `segue` process, read once from the
/// `SEGUE_FAULT` environment variable (comma-separated). Unset, nothing here has any effect.
///
/// - `stop-before-commit`: the process stops itself (SIGSTOP) just before an output is renamed
///   into place, so a test can `kill -9` it at that point or resume it.
/// - `stop-after-frame=N`: stops itself after frame N was handed to the encoder.
/// - `fail-at-frame=N`: the encoder fails with an I/O error when given frame N.
///
/// docs/reliability.md lists the tests that use them.
public enum FaultInjection {
    public enum Point: Equatable, Sendable {
        case beforeCommit
        case afterFrame(Int)
    }

    struct Plan: Sendable {
        var stopBeforeCommit = false
        var stopAfterFrame: Int?
        var failAtFrame: Int?
    }

    static let plan: Plan = {
        var plan = Plan()
        for item in (ProcessInfo.processInfo.environment["SEGUE_FAULT"] ?? "").split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            switch parts[0] {
            case "stop-before-commit": plan.stopBeforeCommit = true
            case "stop-after-frame": plan.stopAfterFrame = parts.count > 1 ? Int(parts[1]) : nil
            case "fail-at-frame": plan.failAtFrame = parts.count > 1 ? Int(parts[1]) : nil
            default: break
            }
        }
        return plan
    }()

    /// Stops the process (SIGSTOP) when the plan asks for it at `point`.
    public static func pauseIfRequested(_ point: Point) {
        let stop = switch point {
        case .beforeCommit: plan.stopBeforeCommit
        case let .afterFrame(n): plan.stopAfterFrame == n
        }
        if stop { raise(SIGSTOP) }
    }

    /// Throws the injected encoder failure for frame `index`, if any.
    public static func failIfRequested(frame index: Int, path: String) throws {
        if plan.failAtFrame == index {
            throw EncodeError.unwritablePath(path: path, reason: "Input/output error (injected by SEGUE_FAULT at frame \(index))")
        }
    }
}
