// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueScene
@testable import SeguePresets
import SegueGeometry

/// The file name used in locations by the tests.
let sceneFile = "scene.yaml"

/// A fresh directory for tests that need files; removed by `remove()`.
struct TempDirectory {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("segue-scene-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let full = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Parses `yaml` as `scene.yaml` in `base`.
func parse(_ yaml: String, base: String = "/nonexistent-base") throws(SceneError) -> Scene {
    try SceneLoader.parse(yaml, file: sceneFile, baseDirectory: base)
}

/// The error `yaml` produces, or nil when it parses.
func failure(_ yaml: String, base: String = "/nonexistent-base") -> SceneError? {
    do {
        _ = try parse(yaml, base: base)
        return nil
    } catch {
        return error
    }
}

/// Expects exactly this error: kind, `scene.yaml:line:column`, and words in the message and
/// in the suggestion (all compared case-sensitively).
func expectError(_ yaml: String, _ kind: SceneError.Kind, line: Int, column: Int,
                 message: [String] = [], suggestion: [String] = [], base: String = "/nonexistent-base",
                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    guard let error = failure(yaml, base: base) else {
        Issue.record("expected a \(kind) error at \(line):\(column), but the scene parsed", sourceLocation: sourceLocation)
        return
    }
    #expect(error.kind == kind, "kind: \(error)", sourceLocation: sourceLocation)
    #expect(error.location == SegueScene.SourceLocation(file: sceneFile, line: line, column: column),
            "location: \(error)", sourceLocation: sourceLocation)
    for word in message {
        #expect(error.message.contains(word), "message lacks “\(word)”: \(error)", sourceLocation: sourceLocation)
    }
    for word in suggestion {
        #expect(error.suggestion?.contains(word) == true, "suggestion lacks “\(word)”: \(error)", sourceLocation: sourceLocation)
    }
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
    a.maxDifference(to: b) <= tolerance
}
