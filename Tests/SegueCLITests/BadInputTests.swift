// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Every kind of bad input gets one message that says where (file:line:column) and what was
/// expected, a non-zero exit status, and leaves existing outputs untouched.
@Suite(.serialized) struct BadInputTests {
    static let valid = """
    canvas:
      size: [40, 30]
      scale: 1
      fps: 10
    layers:
      - id: box
        frame: [0, 0, 20, 20]
        backgroundColor: "#FF0000"
    animations:
      - layer: box
        keyPath: opacity
        from: 1
        to: 0
        duration: 0.5
    """

    /// Renders `scene` over an existing output file and checks the failure contract.
    func expectFailure(_ scene: String, status: Int32 = 1, messageContains needles: [String],
                       location: String?, extraFiles: [String: [UInt8]] = [:]) throws {
        let box = try Sandbox()
        defer { box.remove() }
        for (name, bytes) in extraFiles { _ = try box.write(name, bytes: bytes) }
        let scenePath = try box.write("bad.yaml", scene)
        let existing = try box.write("out.mp4", "previous render")
        let before = box.listing()
        let result = try segue("render", scenePath, "-o", existing, "--quiet")
        #expect(result.status == status, "stderr: \(result.stderr)")
        if let location { #expect(result.stderr.hasPrefix("\(scenePath):\(location): error: "), "stderr: \(result.stderr)") }
        for needle in needles { #expect(result.stderr.contains(needle), "missing “\(needle)” in: \(result.stderr)") }
        #expect(!result.stderr.contains("Fatal error"), "crashed: \(result.stderr)")
        // No damage: the old output is intact and nothing new (no temp file) was left behind.
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "previous render")
        #expect(box.listing() == before)
    }

    @Test func malformedYAML() throws {
        try expectFailure("canvas:\n  size: [40, 30\nlayers: []\n", messageContains: ["error"], location: nil)
    }

    @Test func unknownKeySuggestsTheRightOne() throws {
        let scene = Self.valid.replacingOccurrences(of: "    backgroundColor:", with: "    backgroundColour:")
        // Line 8, column 5 is where `backgroundColour` starts.
        try expectFailure(scene, messageContains: ["backgroundColour", "backgroundColor"], location: "8:5")
    }

    @Test func wrongTypeSaysWhatWasExpected() throws {
        let scene = Self.valid.replacingOccurrences(of: "from: 1", with: "from: bright")
        try expectFailure(scene, messageContains: ["number", "bright"], location: "12:11")
    }

    @Test func unknownLayerInAnimation() throws {
        let scene = Self.valid.replacingOccurrences(of: "- layer: box", with: "- layer: bx")
        try expectFailure(scene, messageContains: ["bx", "box"], location: "10:12")
    }

    @Test func zeroAndNegativeDurations() throws {
        try expectFailure(Self.valid.replacingOccurrences(of: "duration: 0.5", with: "duration: 0"),
                          messageContains: ["duration"], location: "14:15")
        try expectFailure(Self.valid.replacingOccurrences(of: "duration: 0.5", with: "duration: -1"),
                          messageContains: ["duration"], location: "14:15")
    }

    @Test func fpsOutOfRange() throws {
        try expectFailure(Self.valid.replacingOccurrences(of: "fps: 10", with: "fps: 1000"),
                          messageContains: ["fps", "240"], location: "4:8")
    }

    @Test func framesLargerThan16384PixelsAreRefused() throws {
        let scene = Self.valid.replacingOccurrences(of: "size: [40, 30]", with: "size: [9000, 30]")
            .replacingOccurrences(of: "scale: 1", with: "scale: 2")
        try expectFailure(scene, messageContains: ["18000", "16384"], location: "2:9")
    }

    @Test func missingImage() throws {
        let scene = Self.valid.replacingOccurrences(of: "    backgroundColor: \"#FF0000\"", with: "    contents: nowhere.png")
        try expectFailure(scene, messageContains: ["nowhere.png"], location: "8:15")
    }

    @Test func corruptImage() throws {
        let scene = Self.valid.replacingOccurrences(of: "    backgroundColor: \"#FF0000\"", with: "    contents: broken.png")
        try expectFailure(scene, messageContains: ["broken.png"], location: "8:15",
                          extraFiles: ["broken.png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]])
    }

    @Test func unwritableOutputPath() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scenePath = try box.write("ok.yaml", Self.valid)
        // Missing folders are created; a folder that cannot be (a file is in the way) is an error.
        try box.write("blocker", "a file, not a folder")
        let result = try segue("render", scenePath, "-o", box.path("blocker/sub/out.mp4"), "--quiet")
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot create the folder") && result.stderr.contains("blocker/sub"), "stderr: \(result.stderr)")
        #expect(box.listing() == ["blocker", "ok.yaml"])
    }

    @Test func usageErrorsExitWithTwo() throws {
        let result = try segue("render", "--crf", "99", "x.yaml")
        #expect(result.status == 2)
        #expect(result.stderr.contains("--crf"))
        #expect(try segue("render").status == 2)
        #expect(try segue("frobnicate").status == 2)
    }

    @Test func missingSceneFile() throws {
        let result = try segue("check", "/nonexistent/scene.yaml")
        #expect(result.status == 1)
        #expect(result.stderr.contains("/nonexistent/scene.yaml"))
    }
}
