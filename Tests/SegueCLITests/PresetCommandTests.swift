// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Presets as a user meets them: `segue dump --time` of the committed preset scenes, checked
/// against the seeds' numbers worked out here by hand.
@Suite struct PresetCommandTests {
    /// UIKit's easeInEaseOut, cubic-bezier(0.42, 0, 0.58, 1): the time fraction at which the
    /// eased progress reaches `y` (bisection on the curve's parameter; independent of Segue).
    static func easeInEaseOutInverse(_ y: Double) -> Double {
        func bez(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0 ..< 200 {
            let mid = (lo + hi) / 2
            if bez(mid, 0, 1) < y { lo = mid } else { hi = mid }
        }
        return bez((lo + hi) / 2, 0.42, 0.58)
    }

    struct Layer { var id: String; var quad: [[Double]?]; var values: [String: [Double]]; var opacity: Double }

    /// Layers of each instant of `segue dump SCENE --time …`.
    static func dump(_ scene: String, times: [Double], keyPaths: [String] = []) throws -> [[String: Layer]] {
        var args = ["dump", scene]
        for t in times { args += ["--time", String(t)] }
        for k in keyPaths { args += ["--keyPath", k] }
        let result = try run(segueBinary, args, cwd: packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let frames = try #require(json["frames"] as? [[String: Any]])
        return frames.map { frame in
            var out: [String: Layer] = [:]
            for l in frame["layers"] as? [[String: Any]] ?? [] {
                let id = l["id"] as? String ?? ""
                let quad = (l["quad"] as? [Any] ?? []).map { ($0 as? [NSNumber])?.map(\.doubleValue) }
                var values: [String: [Double]] = [:]
                for (k, v) in l["values"] as? [String: Any] ?? [:] { values[k] = (v as? [NSNumber])?.map(\.doubleValue) }
                out[id] = Layer(id: id, quad: quad, values: values, opacity: (l["opacity"] as? NSNumber)?.doubleValue ?? -1)
            }
            return out
        }
    }

    static func width(_ l: Layer?) -> Double {
        let xs = (l?.quad ?? []).compactMap { $0?[0] }
        return (xs.max() ?? 0) - (xs.min() ?? 0)
    }

    @Test func flipFollowsUIKitsEasingOverTheWholeGroup() throws {
        // Eased progress 1/3 and 2/3 of a 0.72 s group: t ≈ 0.289 s and t ≈ 0.431 s.
        let edgeOn = 0.72 * Self.easeInEaseOutInverse(1.0 / 3.0)
        let flat = 0.72 * Self.easeInEaseOutInverse(2.0 / 3.0)
        #expect(abs(edgeOn - 0.289) < 0.001 && abs(flat - 0.431) < 0.001)
        let frames = try Self.dump("scenes/preset-flip.yaml", times: [edgeOn - 0.03, edgeOn, flat - 0.03, flat, 0.72],
                                   keyPaths: ["transform.rotation.y"])
        let from = "s1-stories", to = "s1-trail"
        // Before eased 1/3 the presenting screen is still turning; at 1/3 it is edge-on (−90°).
        #expect(try #require(frames[0][from]?.values["transform.rotation.y"]?.first) > -Double.pi / 2 + 0.01)
        #expect(abs(try #require(frames[1][from]?.values["transform.rotation.y"]?.first) + Double.pi / 2) < 1e-9)
        #expect(Self.width(frames[1][from]) < 1e-6)
        // The snapshot turns in during the middle third and is flat at eased 2/3.
        #expect(abs(try #require(frames[1][to]?.values["transform.rotation.y"]?.first) - Double.pi / 2) < 1e-9)
        #expect(abs(try #require(frames[2][to]?.values["transform.rotation.y"]?.first)) > 0.01)
        #expect(abs(try #require(frames[3][to]?.values["transform.rotation.y"]?.first)) < 1e-9)
        #expect(abs(Self.width(frames[3][to]) - 390) < 1e-6)
        // At the end the new screen fills the canvas.
        let end = try #require(frames[4][to]?.quad)
        #expect(end.compactMap { $0 }.map { $0.map { ($0 * 1e6).rounded() / 1e6 } } == [[0, 0], [390, 0], [390, 844], [0, 844]])
    }

    /// scenes/flip.yaml writes the key times as 0.3333333333 and 0.6666666667; the preset uses
    /// the seed's 1/3 and 2/3, so positions agree to a millionth of a point, not to the last bit.
    @Test func flipPresetMovesExactlyLikeTheHandWrittenScene() throws {
        let times = stride(from: 0.0, through: 0.72, by: 0.06).map { $0 }
        let preset = try Self.dump("scenes/preset-flip.yaml", times: times)
        let reference = try Self.dump("scenes/flip.yaml", times: times)
        for (p, r) in zip(preset, reference) {
            for (a, b) in [("s1-stories", "fromView"), ("s1-trail", "toSnapshot")] {
                let qa = try #require(p[a]?.quad), qb = try #require(r[b]?.quad)
                for (ca, cb) in zip(qa, qb) {
                    #expect(ca == nil && cb == nil || zip(ca ?? [], cb ?? []).allSatisfy { abs($0 - $1) < 1e-6 }, "\(a) \(String(describing: ca)) vs \(String(describing: cb))")
                }
            }
        }
    }

    @Test func edgeSwipeBackFinishesOrCancelsOnTheSeedsRule() throws {
        // Finish: 160 pt → progress 0.8 > 0.5: the list ends flat, the detail turned away.
        let finish = try Self.dump("scenes/preset-edgeSwipeBack.yaml", times: [5], keyPaths: ["transform.rotation.y"])[0]
        #expect(abs(try #require(finish["stories"]?.values["transform.rotation.y"]?.first)) < 1e-9)
        #expect(abs(try #require(finish["trail"]?.values["transform.rotation.y"]?.first) - Double.pi / 2) < 1e-9)
        // Cancel: 70 pt → progress 0.35 ≤ 0.5: back where it started.
        let cancel = try Self.dump("scenes/preset-edgeSwipeBack-cancel.yaml", times: [5], keyPaths: ["transform.rotation.y"])[0]
        #expect(abs(try #require(cancel["stories"]?.values["transform.rotation.y"]?.first) + Double.pi / 2) < 1e-9)
        #expect(abs(try #require(cancel["trail"]?.values["transform.rotation.y"]?.first)) < 1e-9)
        #expect(abs(Self.width(cancel["trail"]) - 390) < 1e-6)
    }

    @Test func expandPrintsAnOrdinaryScene() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let out = sandbox.path("flip-expanded.yaml")
        let result = try run(segueBinary, ["expand", "scenes/preset-flip.yaml", "-o", out], cwd: packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("group:") && text.contains("calculationModeCubic") && !text.contains("preset:"))
        #expect(text.contains("Autumn in Kyoto 🍁"), "emoji are written as themselves")
        // The expansion is itself a valid scene.
        let check = try segue("check", out)
        #expect(check.status == 0, "\(check.stderr)")
    }
}

/// The other presets' end states, from `segue dump --time`.
@Suite struct PresetEndStateTests {
    typealias D = PresetCommandTests

    @Test func semiModalOverlayReachesHalfAlphaWhenPresented() throws {
        // Present begins after a 0.2 s hold and lasts 0.3 s (CollectionViewPresentAnimator).
        let f = try D.dump("scenes/preset-semiModal.yaml", times: [0.2, 0.35, 0.5], keyPaths: ["opacity"])
        #expect(abs(try #require(f[0]["s1-overlay"]?.opacity)) < 1e-9)
        let mid = try #require(f[1]["s1-overlay"]?.opacity)
        #expect(mid > 0.05 && mid < 0.45)
        #expect(abs(try #require(f[2]["s1-overlay"]?.opacity) - 0.5) < 1e-9)
        // The tapped cover starts on its grid cell ([200, 316, 175, 175]) and rests inset 24 pt in
        // the centred card (x = 24 + 24, y = 72 + 38.5 + 24); the card then scrolls to full screen.
        #expect(try #require(f[0]["s1-cover3"]?.quad.first??[0]) == 200)
        #expect(abs(try #require(f[2]["s1-cover3"]?.quad.first??[0]) - 48) < 1e-9)
        #expect(abs(try #require(f[2]["s1-cover3"]?.quad.first??[1]) - 134.5) < 1e-9)
        #expect(abs(D.width(f[2]["s1-card3"]) - 342) < 1e-9)
        let end = try D.dump("scenes/preset-semiModal.yaml", times: [2])[0]
        #expect(abs(D.width(end["s1-card3"]) - 390) < 1e-9)
    }

    @Test func semiModalInteractiveDismissFinishes() throws {
        // 250 pt of 844: progress 0.296 > percentThreshold 0.2; the cards shrink back to the grid.
        let f = try D.dump("scenes/preset-semiModal-dismiss.yaml", times: [0.5, 5])
        #expect(abs(try #require(f[0]["card3"]?.quad.first??[1]) - 120) < 1e-9)   // under the finger
        #expect(abs(try #require(f[1]["overlay"]?.opacity)) < 1e-9)
        // A 120 pt pan (0.14) is cancelled: back at y = 0 under the 0.5 overlay.
        let c = try D.dump("scenes/preset-semiModal-cancel.yaml", times: [5])[0]
        #expect(abs(try #require(c["card3"]?.quad.first??[1])) < 1e-9)
        #expect(abs(try #require(c["overlay"]?.opacity) - 0.5) < 1e-9)
    }

    @Test func pushEndsWithTheNewScreenInPlaceAndPopReturns() throws {
        // A 0.3 s hold, push 0.3 … 0.65 s, a 0.6 s hold, pop 1.25 … 1.6 s, a 0.3 s hold.
        let f = try D.dump("scenes/preset-push.yaml", times: [0, 0.75, 1.9])
        #expect(abs(try #require(f[0]["s1-notifications"]?.quad.first??[0]) - 390) < 1e-9)   // waiting off screen
        #expect(abs(try #require(f[1]["s1-notifications"]?.quad.first??[0])) < 1e-9)
        #expect(abs(try #require(f[1]["s1-settings"]?.quad.first??[0]) + 130) < 1e-9)        // a third of 390 to the left
        #expect(abs(try #require(f[1]["s1-dimming"]?.opacity) - 0.1) < 1e-9)
        #expect(abs(try #require(f[2]["s2-settings"]?.quad.first??[0])) < 1e-9)
        #expect(abs(try #require(f[2]["s2-notifications"]?.quad.first??[0]) - 390) < 1e-9)
    }

    @Test func accordionOpensTheSectionAndSlidesTheRest() throws {
        // Section 2 (4 rows of the seed's 60 pt) opens from 0.3 s for 0.3 s: section 3's 60 pt
        // header moves down 240 pt, the chevron turns 180° (to 0°: open, it points down).
        let f = try D.dump("scenes/preset-accordion.yaml", times: [0, 0.6], keyPaths: ["transform.rotation.z"])
        let before = try #require(f[0]["s1-section3"]?.quad.first??[1])
        let after = try #require(f[1]["s1-section3"]?.quad.first??[1])
        #expect(abs(before - (116 + 60 + 60)) < 1e-9)
        #expect(abs(after - before - 4 * 60) < 1e-9)
        #expect(abs(try #require(f[1]["s1-section2-chevron"]?.values["transform.rotation.z"]?.first)) < 1e-9)
        #expect(abs(try #require(f[1]["s1-section2-row4"]?.opacity) - 1) < 1e-9)
    }

    @Test func fullscreenEndsInLandscapeFillingTheScreen() throws {
        // 0.3 s hold, 0.5 s fade to black, 0.5 s rotation: landscape at 1.3 s.
        let f = try D.dump("scenes/preset-fullscreen.yaml", times: [1.3])[0]
        let quad = try #require(f["s1-target"]?.quad).compactMap { $0 }
        let xs = quad.map { $0[0] }, ys = quad.map { $0[1] }
        // The 844 × 390 landscape view, turned 90°, covers the 390 × 844 portrait canvas.
        #expect(abs((xs.max()! - xs.min()!) - 390) < 1e-6 && abs((ys.max()! - ys.min()!) - 844) < 1e-6)
        #expect(abs(xs.min()!) < 1e-6 && abs(ys.min()!) < 1e-6)
    }
}

/// "Your own screens from two screenshots", as docs/presets.md tells it.
@Suite struct PresetScreenshotTests {
    @Test func twoScreenshotsMakeAFlipAndAContactSheet() throws {
        let box = try Sandbox()
        defer { box.remove() }
        // Two "screenshots": stills of the preset gallery's screens.
        try FileManager.default.createDirectory(atPath: box.path("shots"), withIntermediateDirectories: true)
        for (name, t) in [("list", 0.0), ("detail", 0.72)] {
            let r = try segue("still", packageRoot.appendingPathComponent("scenes/preset-flip.yaml").path, "--time", "\(t)",
                              "--scale", "1", "-o", box.path("shots/\(name).png"))
            #expect(r.status == 0, "\(r.stderr)")
        }
        let scene = try box.write("mine.yaml", """
        canvas: {size: [390, 844], scale: 1, fps: 30, background: "#000000"}
        screens:
          before: {contents: shots/list.png}
          after:  {contents: shots/detail.png}
        timeline:
          - transition: {preset: flip, direction: present}
          - hold: 0.6
          - transition: {preset: flip, direction: dismiss}
          - hold: 0.6
        """)
        #expect(try segue("check", scene).status == 0)
        let sheet = try segue("sheet", scene, "--frames", "4", "--columns", "2", "--scale", "0.25", "-o", box.path("sheet.png"))
        #expect(sheet.status == 0, "\(sheet.stderr)")
        // 2 columns of 97.5 → 98 px frames with 12 px padding; a title row and two rows of frames.
        let probe = try tool("ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", box.path("sheet.png")])
        let size = probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        let frameW = Int((390 * 0.25).rounded()), frameH = Int((844 * 0.25).rounded())
        #expect(size == [12 + 2 * (frameW + 12), 12 + 34 + 2 * (frameH + 22 + 12)])
        // A missing screenshot is reported at its line in the scene.
        let bad = try box.write("bad.yaml", "canvas: {size: [390, 844]}\nscreens:\n  a: {contents: shots/nope.png}\n  b: {contents: shots/list.png}\ntransition: {preset: flip}\n")
        let r = try segue("check", bad)
        #expect(r.status == 1 && r.stderr.contains("bad.yaml:3:"), "\(r.stderr)")
    }
}
