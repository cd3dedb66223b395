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
        ("TupleSlide", 130, "span((100, 140)) = 40, local 50 − 20 = 30, made() 70 − 10 = 60"),
    ]

    @Test(arguments: expected) func theTranslationIsTheRulesValue(_ type: String, _ shift: Double, _ why: String) throws {
        let start = try leftEdge(type, at: 0), mid = try leftEdge(type, at: 0.5)
        #expect(abs(start - shift) < 1e-6 && abs(mid - shift / 2) < 1e-6, "\(type): \(start), \(mid); expected \(shift): \(why)")
    }
}
