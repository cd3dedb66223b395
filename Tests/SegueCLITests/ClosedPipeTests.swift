// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// A reader that stops reading (`segue schema | head -1`) must end a command the way it ends any
/// Unix tool: quietly, with status 141 (128 + SIGPIPE), not with a crash and a backtrace.
@Suite struct ClosedPipeTests {
    /// Runs segue with standard output a pipe whose read end is already closed, so the first
    /// write fails with EPIPE on every run (no race with a reader that has not exited yet).
    static func runIntoClosedPipe(_ arguments: [String], cwd: URL) throws -> (status: Int32, stderr: String) {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        close(fds[0])
        let process = Process()
        process.executableURL = segueBinary
        process.arguments = arguments
        process.currentDirectoryURL = cwd
        let errURL = cwd.appendingPathComponent("stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try err.close()
        let stderr = try String(contentsOf: errURL, encoding: .utf8)
        try? FileManager.default.removeItem(at: errURL)
        return (process.terminationStatus, stderr)
    }

    /// Every subcommand that writes to standard output, in a form that writes to it.
    static let commands: [[String]] = [
        ["schema"],
        ["schema", "-o", "-"],
        ["dump", "scenes/preset-flip.yaml"],
        ["dump", "scenes/flip.yaml", "--expand"],
        ["expand", "scenes/preset-flip.yaml"],
        ["expand", "scenes/preset-flip.yaml", "-o", "-"],
        ["render", "scenes/flip.yaml", "--scale", "0.25", "--format", "gif", "-o", "-", "--quiet"],
        ["render", "scenes/flip.yaml", "--scale", "0.25", "--format", "raw", "-o", "-", "--quiet"],
        ["render", "scenes/flip.yaml", "--scale", "0.25", "--format", "webp", "-o", "-", "--quiet"],
        ["render", "scenes/flip.yaml", "--scale", "0.25", "--format", "apng", "-o", "-", "--quiet"],
        ["check", "scenes/flip.yaml"],
        ["check", "scenes/flip.yaml", "--format", "json"],
        ["import", "scenes/Animators/FlipPresent.swift", "--from", "a", "--to", "b"],
        ["--version"],
        ["--version", "--verbose"],
        ["render", "--help"],
    ]

    @Test(arguments: commands)
    func aClosedPipeEndsTheCommandQuietlyWithStatus141(_ arguments: [String]) throws {
        let result = try Self.runIntoClosedPipe(arguments, cwd: packageRoot)
        #expect(result.status == 141, "segue \(arguments.joined(separator: " ")): status \(result.status)\n\(result.stderr)")
        // Quietly: no error message and no crash report (a scene's own warnings may still be printed).
        for word in ["error", "Fatal", "Stack dump", "backtrace", "pipe"] {
            #expect(!result.stderr.contains(word), "segue \(arguments.joined(separator: " ")) said:\n\(result.stderr)")
        }
    }

    /// The same through a shell pipeline, as a user types it: whatever reaches the pipe before
    /// `head` exits, the command ends without a crash (0 if it finished first, else 141).
    @Test(arguments: [
        "schema | head -1",
        "dump scenes/preset-flip.yaml | head -1",
        "expand scenes/preset-flip.yaml | head -1",
        "render scenes/flip.yaml --scale 0.5 --format raw -o - | head -c 10",
    ])
    func aPipelineIntoHeadEndsWithoutABacktrace(_ pipeline: String) throws {
        let script = "\"$0\" \(pipeline) >/dev/null; exit ${PIPESTATUS[0]}"
        let result = try run(URL(fileURLWithPath: "/bin/bash"), ["-c", script, segueBinary.path], cwd: packageRoot)
        #expect([0, 141].contains(result.status), "segue \(pipeline): status \(result.status)\n\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump") && !result.stderr.contains("backtrace"),
                "segue \(pipeline) said:\n\(result.stderr)")
    }
}
