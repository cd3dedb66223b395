// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueScene
import Testing

/// Implicit members, initializer chains and tuple types resolved as the compiler resolves them
/// (Animators/ImplicitMembers.swift): each animator slides b in linearly over 1 s from a
/// translation the rule works out, so b's left edge at time t is that translation × (1 − t).
@Suite struct ImplicitMemberTests {
    func leftEdge(_ type: String, at t: Double) throws -> Double {
        let tl = try scene(twoScreens + "transition: {swift: ImplicitMembers.swift, type: \(type), from: list, to: detail}", animators: ["ImplicitMembers.swift"])
        let n = try #require(node(tl, "detail", at: t))
        return try #require(n.quad[0]).x
    }

    static let expected: [(String, Double, String)] = [
        ("ImplicitSlide", 40, "far = Motion.far.offset = 300; .scaled(0.5) gives 50; 50.distance(to: 80) = 30, advanced(by: 300 / 30) = 40; .make(shift: 40)"),
        ("ChainSlide", 75, "Placement(lift: 5) has origin .zero (x 0); Shifted's super.init puts origin.x at 30 and extra is 15; Step { 25 }: 0 + 30 + 15 + 5 + 25 = 75"),
        ("PolarSlide", 70, ".init(polar: 60, angle: 0) in CGPoint: x = 60 × cos 0, plus CGRect(origin: .zero, size: 10 × 10).maxX = 10"),
        ("TupleSlide", 158, "span((100, 140)) = 40, local 50 − 20 = 30, made() 70 − 10 = 60, kept 4 − 1 = 3, later 30 − 5 = 25"),
    ]

    @Test(arguments: expected) func theTranslationIsTheRulesValue(_ type: String, _ shift: Double, _ why: String) throws {
        let start = try leftEdge(type, at: 0), mid = try leftEdge(type, at: 0.5)
        #expect(abs(start - shift) < 1e-6 && abs(mid - shift / 2) < 1e-6, "\(type): \(start), \(mid); expected \(shift): \(why)")
    }
}

/// Members a module adds to Core Animation's classes in extensions
/// (Animators/AnimationExtensions.swift) run as written, on the animation as `self`.
@Suite struct FrameworkExtensionTests {
    @Test func aComputedPropertyAndAMethodOfAnExtensionOfCAAnimation() throws {
        let tl = try scene(twoScreens + "transition: {swift: AnimationExtensions.swift, from: list, to: detail}", animators: ["AnimationExtensions.swift"])
        // fading(from: 0.2) sets 0.2 → 1; milliseconds = 800, then 800 / 2 = 400: a 0.4 s linear
        // fade, so 0.2 + 0.8 × (0.2 / 0.4) = 0.6 at 0.2 s, and the model value 1 from 0.4 s on.
        let mid = try #require(node(tl, "detail", at: 0.2)).opacity
        let after = try #require(node(tl, "detail", at: 0.6)).opacity
        #expect(abs(mid - 0.6) < 1e-6 && abs(after - 1) < 1e-6, "\(mid), \(after)")
    }
}
