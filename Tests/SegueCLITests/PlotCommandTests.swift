// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `segue plot` and `segue dump --keyPath`, run as a user would, on a scene written here:
/// a box whose opacity goes linearly from 1 to 0 in one second.
@Suite(.serialized) struct PlotCommandTests {
    static let fade = """
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
        duration: 1
        timing: linear
    """

    func pngSize(_ path: String) throws -> String {
        let probe = try tool("ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", path])
        #expect(probe.status == 0, "ffprobe: \(probe.stderr)")
        return probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func plotWritesA1920x1080PNGNamedAfterTheProperty() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("fade.yaml", Self.fade)
        // Without -o: out/NAME-LAYER-KEYPATH.png under the working directory.
        let r = try segue("plot", scene, "--layer", "box", "--keyPath", "opacity", cwd: box.dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let png = box.path("out/fade-box-opacity.png")
        #expect(FileManager.default.fileExists(atPath: png), "files: \(box.listing())")
        #expect(try pngSize(png) == "1920,1080")
        // Same bytes on every run, and -o, --samples, --from and --to are accepted.
        let again = box.path("again.png")
        #expect(try segue("plot", scene, "--layer", "box", "--keyPath", "opacity", "-o", again, "--quiet").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: png)))
        let part = box.path("part.png")
        let p = try segue("plot", scene, "--layer", "box", "--keyPath", "backgroundColor", "-o", part,
                          "--samples", "50", "--from", "0.25", "--to", "0.75", "--quiet")
        #expect(p.status == 0, "stderr: \(p.stderr)")
        #expect(try pngSize(part) == "1920,1080")
    }

    @Test func anUnknownLayerIsOneErrorWithASuggestion() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("fade.yaml", Self.fade)
        let out = box.path("plot.png")
        let r = try segue("plot", scene, "--layer", "bx", "--keyPath", "opacity", "-o", out)
        #expect(r.status == 1, "stderr: \(r.stderr)")
        #expect(r.stderr.hasPrefix("error: "), "stderr: \(r.stderr)")
        #expect(r.stderr.contains("'bx'") && r.stderr.contains("did you mean 'box'?"), "stderr: \(r.stderr)")
        #expect(r.stderr.components(separatedBy: "error:").count == 2, "one error: \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(box.listing() == ["fade.yaml"])
    }

    @Test func anUnknownKeyPathIsOneErrorWithASuggestion() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("fade.yaml", Self.fade)
        let typo = try segue("plot", scene, "--layer", "box", "--keyPath", "transform.rotaton.y", "-o", box.path("p.png"))
        #expect(typo.status == 1 && typo.stderr.contains("did you mean 'transform.rotation.y'?"), "stderr: \(typo.stderr)")
        let uikit = try segue("plot", scene, "--layer", "box", "--keyPath", "alpha", "-o", box.path("p.png"))
        #expect(uikit.status == 1 && uikit.stderr.contains("did you mean 'opacity'?"), "stderr: \(uikit.stderr)")
        let dump = try segue("dump", scene, "--keyPath", "opacty")
        #expect(dump.status == 1 && dump.stderr.contains("did you mean 'opacity'?") && dump.stdout.isEmpty, "stderr: \(dump.stderr)")
        #expect(box.listing() == ["fade.yaml"])
    }

    @Test func usageErrorsExitWith2AndHelpHasExamples() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("fade.yaml", Self.fade)
        #expect(try segue("plot", scene, "--layer", "box", "--keyPath", "opacity", "--samples", "1").status == 2)
        #expect(try segue("plot", scene, "--layer", "box", "--keyPath", "opacity", "--from", "0.5", "--to", "0.2").status == 2)
        #expect(try segue("plot", scene, "--keyPath", "opacity").status == 2)   // --layer is required
        let help = try segue("plot", "--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("Examples:") && help.stdout.contains("segue plot scenes/flip.yaml --layer"))
        #expect(try segue("dump", "--help").stdout.contains("--keyPath"))
    }

    @Test func dumpAddsTheSampledValuesToEachLayer() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("fade.yaml", Self.fade)
        let r = try segue("dump", scene, "--keyPath", "opacity", "--keyPath", "position")
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: r.stdoutData) as! [String: Any]
        let frames = json["frames"] as! [[String: Any]]
        #expect(frames.count == 11)   // 1 s at 10 fps: frames 0 … 10
        for (i, frame) in frames.enumerated() {
            let t = Double(i) / 10
            #expect(abs((frame["time"] as! Double) - t) < 1e-12)
            let layer = (frame["layers"] as! [[String: Any]]).first { $0["id"] as? String == "box" }!
            let values = layer["values"] as! [String: [Double]]
            let opacity = values["opacity"]!
            #expect(opacity.count == 1 && abs(opacity[0] - (1 - t)) < 1e-9, "frame \(i): \(opacity), expected \(1 - t)")
            // The frame [0, 0, 20, 20] with the default anchor point puts the position at the centre.
            #expect(values["position"] == [10, 10])
            // The existing fields are still there, and agree.
            #expect(abs((layer["opacity"] as! Double) - (1 - t)) < 1e-9)
        }
        // Fixed key order: the new object comes last, after the existing fields.
        let line = r.stdout.split(separator: "\n").first { $0.contains("\"id\": \"box\"") }!
        let keys = ["\"id\"", "\"opacity\": ", "\"hidden\"", "\"transform\"", "\"quad\"", "\"values\""]
        let offsets = keys.map { line.range(of: $0)!.lowerBound }
        #expect(offsets == offsets.sorted(), "key order in: \(line)")
        #expect(line.contains("\"values\": {\"opacity\": [") && line.contains("], \"position\": [10, 10]}}"), "line: \(line)")
        // Without --keyPath the output is as before: no "values".
        let plain = try segue("dump", scene, "--frames", "3")
        #expect(plain.status == 0 && !plain.stdout.contains("values"))
    }
}
