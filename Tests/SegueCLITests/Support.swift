// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Runs the built `segue` binary and other tools as a user would, in a scratch folder.
struct Sandbox {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: dir) }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let url = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Every file below the sandbox, relative paths, sorted.
    func listing() -> [String] {
        let e = FileManager.default.enumerator(atPath: dir.path)
        return (e?.allObjects as? [String] ?? []).sorted()
    }
}

struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutData: Data
}

/// The package root (two levels above this file's folder).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `segue` binary next to the test bundle (SwiftPM puts products and tests in one folder).
let segueBinary: URL = {
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0 ..< 4 {
        let candidate = dir.appendingPathComponent("segue")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        dir = dir.deletingLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/segue")
}()

func run(_ executable: URL, _ arguments: [String], cwd: URL? = nil, environment: [String: String]? = nil) throws -> RunResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let cwd { process.currentDirectoryURL = cwd }
    if let environment { process.environment = environment }
    // Files, not pipes: a chatty child can never block on a full pipe.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("segue-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try out.close(); try err.close()
    let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
    return RunResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                     stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData)
}

func segue(_ arguments: String..., cwd: URL? = nil) throws -> RunResult {
    try run(segueBinary, arguments, cwd: cwd)
}

func tool(_ name: String, _ arguments: [String]) throws -> RunResult {
    try run(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments)
}
