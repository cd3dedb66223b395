// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueDecode
import Testing

/// Issue 15: the presets against their seeds, checked with numbers worked out here by hand —
/// pixels of rendered stills for the accordion's layering, `segue dump` for the motions.
@Suite struct PresetSeedFidelityTests {
    typealias D = PresetCommandTests

    // MARK: accordion

    /// scenes/preset-accordion.yaml: section 2 (SF, four rows) opens at 0.3–0.6 s and closes at
    /// 1.2–1.5 s. On the 390 × 844 canvas the navigation bar is y 0–100 (#F9F9F9), the table
    /// starts under it with the "ホラー" header at y 116–176 and the SF header at 176–236
    /// (#F2F2F7). While the SF rows slide, neither band may show anything but its own colour
    /// right of the titles and left of the chevrons (x 200–330), nor the bar above its title.
    @Test(arguments: [0.32, 0.36, 0.4, 0.45, 0.5, 0.55, 1.25, 1.3, 1.35, 1.4, 1.45])
    func accordionRowsStayUnderTheHeadersAndTheBar(time: Double) throws {
        let box = try Sandbox()
        defer { box.remove() }
        let png = box.path("still.png")
        let r = try segue("still", packageRoot.appendingPathComponent("scenes/preset-accordion.yaml").path, "--time", "\(time)", "--scale", "1", "-o", png)
        #expect(r.status == 0, "\(r.stderr)")
        let image = try FrameDecoder.decodeImage(path: png)
        #expect(image.width == 390 && image.height == 844)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * image.width + x) * 4 ..< (y * image.width + x) * 4 + 3]) }
        func band(_ ys: Range<Int>, _ xs: Range<Int>, is colour: [UInt8], _ what: String) {
            var wrong = 0
            for y in ys { for x in xs where pixel(x, y) != colour { wrong += 1 } }
            #expect(wrong == 0, "\(wrong) pixels of \(what) are not \(colour) at t = \(time)")
        }
        band(0 ..< 48, 0 ..< 390, is: [249, 249, 249], "the navigation bar")
        band(96 ..< 100, 0 ..< 390, is: [249, 249, 249], "the navigation bar's bottom")
        band(117 ..< 175, 200 ..< 330, is: [242, 242, 247], "the ホラー header")
        band(177 ..< 235, 200 ..< 330, is: [242, 242, 247], "the SF header")
    }

    @Test func accordionRowsComeOutFromUnderTheirHeader() throws {
        // Half way through the open (eased progress ½ at 0.45 s) the four 60 pt rows have slid
        // 120 of their 240 pt: the white rows show from y = 236 down to 236 + 120 = 356, and
        // the sections below have moved down 120 pt: the ミステリー header is at 236 + 120.
        let f = try D.dump("scenes/preset-accordion.yaml", times: [0.3, 0.45, 0.6], keyPaths: ["transform.rotation.z", "opacity"])
        #expect(abs(try #require(f[0]["s1-section3"]?.quad.first??[1]) - 236) < 1e-9)
        #expect(abs(try #require(f[1]["s1-section3"]?.quad.first??[1]) - 356) < 1e-9)
        #expect(abs(try #require(f[2]["s1-section3"]?.quad.first??[1]) - 476) < 1e-9)
        // Row 4's bottom edge meets the ミステリー header; row 1 is still under the SF header.
        let row4 = try #require(f[1]["s1-section2-row4"]?.quad.compactMap { $0 })
        #expect(abs((row4.map { $0[1] }.max() ?? 0) - 356) < 1e-9)
        let row1 = try #require(f[1]["s1-section2-row1"]?.quad.compactMap { $0 })
        #expect(abs((row1.map { $0[1] }.min() ?? 0) - (236 - 120)) < 1e-9)
        // The author's chevron: turned 180° (pointing up) while closed, 0° open, in 0.16 s.
        #expect(abs(abs(try #require(f[0]["s1-section2-chevron"]?.values["transform.rotation.z"]?.first)) - Double.pi) < 1e-9)
        let turned = try D.dump("scenes/preset-accordion.yaml", times: [0.46], keyPaths: ["transform.rotation.z"])[0]
        #expect(abs(try #require(turned["s1-section2-chevron"]?.values["transform.rotation.z"]?.first)) < 1e-9)
    }

    // MARK: carousels

    @Test func cardSnapPresetRestsOnTheCardTheDecelerationProposes() throws {
        // A 70 pt flick in 0.1 s from offset 0: 0.7 pt/ms; proposed 70 + 0.7·499 = 419.3, centre
        // 606.3; visible at release: cards 0 (centre 125) and 1 (385): card 1, at 385 − 187 = 198.
        // It settles ln(0.5/128)/ln(128/128.7) ≈ 1.016 s after the release at 0.4 s.
        let settle = 0.4 + log(0.5 / 128) / log(128 / 128.7) / 1000
        #expect(abs(settle - 1.416) < 1e-3)
        let f = try D.dump("scenes/preset-cardSnap.yaml", times: [0.4, settle - 0.3, 1.6], keyPaths: ["bounds.origin"])
        #expect(abs(try #require(f[0]["carousel"]?.values["bounds.origin"]?.first) - 70) < 1e-9)
        let late = try #require(f[1]["carousel"]?.values["bounds.origin"]?.first)
        #expect(late > 190 && late < 198)
        #expect(abs(try #require(f[2]["carousel"]?.values["bounds.origin"]?.first) - 198) < 1e-9)
    }

    @Test func pageSnapPresetScrollsBackMonotonically() throws {
        // A slow 100 pt drag released at 0.8 s: scrollToItem back, 100 → 0 at a constant rate in 0.3 s.
        let times = stride(from: 0.8, through: 1.15, by: 0.025).map { $0 }
        let f = try D.dump("scenes/preset-pageSnap.yaml", times: times, keyPaths: ["bounds.origin"])
        let xs = try f.map { try #require($0["carousel"]?.values["bounds.origin"]?.first) }
        for (t, x) in zip(times, xs) { #expect(abs(x - max(0, 100 * (1 - (t - 0.8) / 0.3))) < 1e-6, "at \(t)") }
    }

    @Test func semiModalSwipesFollowSeed003() throws {
        // Cards 342 + 8 = 350 pt apart; offsets relative to the tapped card. The step starts at
        // 0.2 s. Swipe 1 releases at 1.3 s, 100 pt on, slowly: back to 0 by 1.6 s, at a constant
        // rate. Swipe 2 releases at 2.3 s 200 pt on (past 175): on to 350 by 2.6 s. Swipe 3, a
        // 0.6 pt/ms flick released at 2.9 s 60 pt on: the spring to 700, leaving at 0.6 × 290 pt/s.
        let f = try D.dump("scenes/preset-semiModal-swipe.yaml", times: [1.3, 1.45, 1.6, 2.3, 2.45, 2.6, 2.9, 2.900001, 3.2],
                           keyPaths: ["bounds.origin"])
        let x = try f.map { try #require($0["s1-collection"]?.values["bounds.origin"]?.first) }
        #expect(abs(x[0] - 100) < 1e-6 && abs(x[1] - 50) < 1e-6 && abs(x[2]) < 1e-6)
        #expect(abs(x[3] - 200) < 1e-6 && abs(x[4] - 275) < 1e-6 && abs(x[5] - 350) < 1e-6)
        #expect(abs(x[6] - 410) < 1e-6)
        #expect(abs((x[7] - x[6]) / 0.000001 - 0.6 * 290) < 1)
        #expect(abs(x[8] - 700) < 1e-6)
        // The swipes ended on item 3 (羅生門): the dismiss step (3.6 s) starts from that card, centred.
        let dismiss = try D.dump("scenes/preset-semiModal-swipe.yaml", times: [3.6])[0]
        #expect(abs(try #require(dismiss["s2-card3"]?.quad.first??[0]) - 24) < 1e-9)
        #expect(dismiss["s2-card1"] == nil)
    }

    // MARK: flip's cubic overshoot

    /// UIKit's easeInEaseOut, cubic-bezier(0.42, 0, 0.58, 1): progress at time fraction `x`.
    static func easeInEaseOut(_ x: Double) -> Double {
        func bez(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0 ..< 200 {
            let mid = (lo + hi) / 2
            if bez(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid }
        }
        return bez((lo + hi) / 2, 0, 1)
    }

    /// A rotation about y keyed at 0, ⅓, ⅔, 1 with `degrees`, through calculationModeCubic as
    /// docs/timeline.md defines it: the rotation's quaternion (sin θ/2, cos θ/2) splined by
    /// Catmull-Rom, the missing end neighbours being the end values.
    static func cubicRotation(_ degrees: [Double], progress p: Double) -> Double {
        let segment = min(2, Int(p * 3)), u = p * 3 - Double(segment)
        func spline(_ v: [Double]) -> Double {
            let x = [v[0]] + v + [v[3]]   // x[k + 1] is key k
            let p0 = x[segment + 1], p1 = x[segment + 2]
            let m0 = (x[segment + 2] - x[segment]) / 2, m1 = (x[segment + 3] - x[segment + 1]) / 2
            let u2 = u * u, u3 = u2 * u
            return (2 * u3 - 3 * u2 + 1) * p0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * p1 + (u3 - u2) * m1
        }
        let half = degrees.map { $0 * .pi / 360 }
        return 2 * atan2(spline(half.map(sin)), spline(half.map(cos))) * 180 / .pi
    }

    @Test func flipPresentOvershootsAsTheCubicSplineSays() throws {
        // The new screen is keyed 90, 90, 0, 0: before it turns in, the spline carries it past 90°.
        func trail(_ t: Double) -> Double { Self.cubicRotation([90, 90, 0, 0], progress: Self.easeInEaseOut(t / 0.72)) }
        let fine = stride(from: 0.0, through: 0.72, by: 0.0005).map { $0 }
        let peak = fine.max { trail($0) < trail($1) }!, dip = fine.min { trail($0) < trail($1) }!
        #expect(trail(peak) > 95.8 && trail(peak) < 95.9)         // ≈ 95.8° at ≈ 0.24 s
        #expect(abs(peak - 0.24) < 0.01)
        #expect(trail(dip) < -5.8 && trail(dip) > -5.9)            // ≈ −5.8° at ≈ 0.48 s
        #expect(abs(dip - 0.48) < 0.01)
        // Past 90° the screen shows its back, mirrored, from about 0.1 s (past 90.5°) to 0.29 s.
        let mirrored = fine.filter { trail($0) > 90.5 }
        #expect(abs(mirrored.first! - 0.1) < 0.01 && abs(mirrored.last! - 0.29) < 0.01)
        let times = [0.1, 0.2, peak, 0.29, dip, 0.6]
        let f = try D.dump("scenes/preset-flip.yaml", times: times, keyPaths: ["transform.rotation.y"])
        for (t, frame) in zip(times, f) {
            let dumped = try #require(frame["s1-trail"]?.values["transform.rotation.y"]?.first) * 180 / .pi
            #expect(abs(dumped - trail(t)) < 0.01, "at \(t): \(dumped) vs \(trail(t))")
        }
        // The mirrored strip at the peak: a 390 pt screen turned θ about its centre under
        // m34 = −1/500 spans X·cos θ / (1 ± X·sin θ / 500) for X = ±195.
        let theta = trail(peak) * .pi / 180
        let edges = [195.0, -195].map { X in X * cos(theta) / (1 + X * sin(theta) / 500) }
        let strip = abs(edges[0] - edges[1])
        #expect(strip > 46 && strip < 47.5)
        #expect(abs(D.width(f[2]["s1-trail"]) - strip) < 0.01)
    }

    @Test func flipDismissTiltsTheWrongWayFirst() throws {
        // The presented screen is keyed 0, 0, 90, 90 (its first third only re-sets the frame):
        // the spline first turns it to about −5.9°. The dismiss starts at 0.72 + 0.6 = 1.32 s.
        func from(_ t: Double) -> Double { Self.cubicRotation([0, 0, 90, 90], progress: Self.easeInEaseOut(t / 0.72)) }
        let fine = stride(from: 0.0, through: 0.72, by: 0.0005).map { $0 }
        let dip = fine.min { from($0) < from($1) }!
        #expect(from(dip) < -5 && from(dip) > -6)
        let f = try D.dump("scenes/preset-flip.yaml", times: [1.32 + dip], keyPaths: ["transform.rotation.y"])[0]
        let dumped = try #require(f["s2-trail"]?.values["transform.rotation.y"]?.first) * 180 / .pi
        #expect(abs(dumped - from(dip)) < 0.01)
    }

    @Test func flipCalculationModeLinearDoesNotOvershoot() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let scene = try box.write("linear.yaml", """
        canvas: {size: [390, 844], scale: 1, fps: 30}
        screens: {a: {title: "A"}, b: {title: "B"}}
        transition: {preset: flip, direction: present, calculationMode: linear}
        """)
        // Linear keyframes hold 90° exactly until eased progress ⅓ (t ≈ 0.289 s).
        let f = try D.dump(scene, times: [0.24, 0.48], keyPaths: ["transform.rotation.y"])
        #expect(abs(try #require(f[0]["b"]?.values["transform.rotation.y"]?.first) - .pi / 2) < 1e-9)
        #expect(abs(try #require(f[1]["b"]?.values["transform.rotation.y"]?.first)) < 1e-9)
        let both = try box.write("both.yaml", """
        canvas: {size: [390, 844], scale: 1, fps: 30}
        screens: {a: {title: "A"}, b: {title: "B"}}
        transition: {preset: flip, options: [calculationModePaced], calculationMode: linear}
        """)
        let r = try segue("check", both)
        #expect(r.status == 1)
        #expect(r.stderr.contains("both.yaml:3:") && r.stderr.contains("hint:"))
    }
}
