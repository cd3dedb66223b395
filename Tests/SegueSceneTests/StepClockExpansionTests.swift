// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
import Yams
@testable import SegueScene
@testable import SeguePresets

/// A step on its own time draws its `touches:` fingers at scene times: each is moved by the
/// step's start.
struct StepClockExpansionTests {
    /// Shifted by 1.5 s: the pan's points 0.1 and 0.3 → 1.6 and 1.8; the pinch's begin 0.2 →
    /// 1.7 and release 0.9 → 2.4, its duration (a length, not a time) still 0.5; the double
    /// tap's time 0.4 → 1.9. Places are unchanged.
    @Test func touchesMoveByTheStepsStart() throws {
        let text = """
        - {points: [[0.1, 10, 20], [0.3, 10, 40]]}
        - {pinch: {center: [195, 422], from: 1, to: 2, begin: 0.2, duration: 0.5, release: 0.9}}
        - {doubleTap: {at: [100, 100], time: 0.4}}
        """
        let node = try #require(try SceneLoader.compose(text, file: "t.yaml"))
        let reader = PresetReader(file: "t.yaml", source: text)
        guard case let .sequence(items) = node else { Issue.record("not a list"); return }
        let moved = items.map { reader.shiftGesture($0, by: 1.5) }
        func number(_ n: Node?) -> Double? { n?.scalar.flatMap { Double($0.string) } }
        func list(_ n: Node?) -> [Node] { if case let .sequence(s)? = n { return Array(s) }; return [] }
        let points = list(moved[0].value(forKey: "points")).map { list($0).compactMap(number) }
        #expect(points == [[1.6, 10, 20], [1.8, 10, 40]])
        let pinch = moved[1].value(forKey: "pinch")
        #expect(number(pinch?.value(forKey: "begin")) == 1.7)
        #expect(number(pinch?.value(forKey: "release")) == 2.4)
        #expect(number(pinch?.value(forKey: "duration")) == 0.5)
        #expect(list(pinch?.value(forKey: "center")).compactMap(number) == [195, 422])
        let tap = moved[2].value(forKey: "doubleTap")
        #expect(number(tap?.value(forKey: "time")) == 1.9)
        #expect(list(tap?.value(forKey: "at")).compactMap(number) == [100, 100])
    }
}
