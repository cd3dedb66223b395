// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// A file with several mistakes reports them all in one run (up to 20, in file order), as text and
/// as `segue check --format json` for editors.
@Suite struct MultipleErrorsTests {
    // Four independent mistakes; their places are counted by hand from the text below.
    static let scene = """
    canvas: {size: [390, 844]}
    layers:
      - id: a
        frame: [0, 0, 10, 10]
        opacty: 1
      - id: b
        frame: [0, 0, "x", 10]
    animations:
      - {layer: a, keyPath: opacity, from: 0, to: 1, duration: -1}
      - {layer: zz, keyPath: opacity, from: 0, to: 1, duration: 1}
    """

    @Test func everyMistakeIsReportedInFileOrder() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let path = try box.write("four.yaml", Self.scene)
        let r = try segue("check", path)
        #expect(r.status == 1)
        let places = r.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map { line in
            line.split(separator: ":").dropFirst().prefix(2).joined(separator: ":")
        }
        // opacty: line 5, column 5; "x": line 7, column 19; -1: line 9, column 60; zz: line 10, column 13.
        #expect(places == ["5:5", "7:19", "9:60", "10:13"])
        #expect(r.stderr.contains("did you mean 'opacity'?"))
    }

    @Test func jsonHasTheSameErrorsAsData() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let path = try box.write("four.yaml", Self.scene)
        let r = try segue("check", path, "--format", "json")
        #expect(r.status == 1)
        let json = try JSONSerialization.jsonObject(with: r.stdoutData) as! [String: Any]
        let file = (json["files"] as! [[String: Any]])[0]
        #expect(file["ok"] as? Bool == false)
        let errors = file["errors"] as! [[String: Any]]
        #expect(errors.map { "\($0["line"]!):\($0["column"]!)" } == ["5:5", "7:19", "9:60", "10:13"])
        #expect(errors[0]["kind"] as? String == "unknownKey" && errors[3]["kind"] as? String == "reference")
        #expect(errors[0]["hint"] as? String == "did you mean 'opacity'?")
        #expect(r.stderr.isEmpty)
    }

    @Test func atMostTwentyErrorsPerFile() throws {
        let box = try Sandbox()
        defer { box.remove() }
        // 25 layers, each with one unknown key: the first 20 (lines 4, 6, …, 42) are reported.
        var text = "canvas: {size: [390, 844]}\nlayers:\n"
        for i in 0 ..< 25 { text += "  - id: l\(i)\n    colour: 1\n" }
        let path = try box.write("many.yaml", text)
        let r = try segue("check", path, "--format", "json")
        let errors = ((try JSONSerialization.jsonObject(with: r.stdoutData) as! [String: Any])["files"] as! [[String: Any]])[0]["errors"] as! [[String: Any]]
        #expect(errors.count == 20)
        #expect(errors.map { $0["line"] as! Int } == Array(stride(from: 4, through: 42, by: 2)))
    }

    @Test func aGoodFileIsOkInJSON() throws {
        let r = try segue("check", "scenes/flip.yaml", "--format", "json", cwd: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())
        #expect(r.status == 0)
        let file = ((try JSONSerialization.jsonObject(with: r.stdoutData) as! [String: Any])["files"] as! [[String: Any]])[0]
        #expect(file["ok"] as? Bool == true && (file["errors"] as! [Any]).isEmpty)
    }
}
