// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueGeometry

/// Values here are worked out by hand from the definitions in Apple's CATransform3D header
/// (row vectors, p′ = p·M), not taken from the code under test.
struct Transform3DTests {
    @Test func rotationAboutZByNinetyDegreesMatchesAppleHeader() {
        let r = Transform3D.rotation(.pi / 2, 0, 0, 1)
        // cos 90° = 0, sin 90° = 1: m11 = 0, m12 = +1, m21 = −1, m22 = 0.
        #expect(abs(r.m11) < 1e-12)
        #expect(abs(r.m12 - 1) < 1e-12)
        #expect(abs(r.m21 + 1) < 1e-12)
        #expect(abs(r.m22) < 1e-12)
        #expect(r.m33 == 1 && r.m44 == 1)
        // So +x turns to +y: clockwise on a y-down screen.
        let p = r.project(Point(x: 10, y: 0))!
        #expect(abs(p.x) < 1e-12 && abs(p.y - 10) < 1e-12)
    }

    @Test func rotationAboutYSendsPositiveXAwayFromTheViewer() {
        // Rotating (1, 0, 0) by +90° about y with p′ = p·M gives (cos, 0, −sin) = (0, 0, −1).
        let v = Transform3D.rotation(.pi / 2, 0, 1, 0).apply(x: 1, y: 0)
        #expect(abs(v.x) < 1e-12 && abs(v.z + 1) < 1e-12 && v.w == 1)
    }

    @Test func perspectiveCornerOfARotatedSquare() {
        // A 200×200 layer centred on the origin, rotated −90°/3 = −30° about y, then perspective 500.
        let m = Transform3D.perspective(500).rotated(-.pi / 6, 0, 1, 0)
        // Corner (100, −100): x′ = 100·cos30° = 86.6025, z′ = −100·sin(−30°)… worked out:
        // M row 1 for −30° about y: (cos, 0, −sin(−30°)) = (0.866025, 0, 0.5), so z′ = +50.
        // w = 1 − z′/500 = 0.9, screen = (86.6025 / 0.9, −100 / 0.9) = (96.2250, −111.1111).
        let p = m.project(Point(x: 100, y: -100))!
        #expect(abs(p.x - 96.22504486) < 1e-6)
        #expect(abs(p.y + 111.11111111) < 1e-6)
        // The opposite edge recedes: x = −100 gives z′ = −50, w = 1.1, screen x = −78.7296.
        let q = m.project(Point(x: -100, y: -100))!
        #expect(abs(q.x + 78.72958216) < 1e-6)
        #expect(abs(q.y + 90.90909091) < 1e-6)
    }

    @Test func perspectiveSetsM34() {
        #expect(Transform3D.perspective(500).m34 == -0.002)
    }

    @Test func concatAppliesFirstArgumentFirst() {
        // Translate by (10, 0) then scale by 2: (1, 1) → (11, 1) → (22, 2).
        let m = Transform3D.concat(.translation(10, 0), .scale(2, 2))
        let p = m.project(Point(x: 1, y: 1))!
        #expect(p == Point(x: 22, y: 2))
        // CATransform3DTranslate(S, …) puts the translation first too.
        #expect(Transform3D.scale(2, 2).translated(10, 0) == m)
    }

    @Test func pointsBehindTheEyeDoNotProject() {
        // z = 600 in front of an eye at 500: w = 1 − 600/500 < 0.
        let m = Transform3D.translation(0, 0, 600).then(.perspective(500))
        #expect(m.project(.zero) == nil)
    }

    @Test func homographyInverseRoundTrips() {
        let h = Transform3D.perspective(500).rotated(0.7, 0, 1, 0).translated(-50, -80).planeHomography
        let inv = h.inverted!
        let v = h.apply(x: 12, y: 34)
        let back = inv.apply(x: v.x / v.w, y: v.y / v.w)
        #expect(abs(back.x / back.w - 12) < 1e-9 && abs(back.y / back.w - 34) < 1e-9)
    }

    @Test func colorsParseAndInterpolatePremultiplied() {
        #expect(RGBAColor(hex: "#FF000080") == RGBAColor(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(RGBAColor(hex: "#abc") == RGBAColor(hex: "#AABBCC"))
        #expect(RGBAColor(hex: "red") == nil)
        // Half way from opaque red to clear stays pure red at half alpha (no darkening).
        let mid = RGBAColor.interpolate(RGBAColor(red: 1, green: 0, blue: 0), .clear, 0.5)
        #expect(mid.red == 1 && mid.alpha == 0.5)
    }
}
