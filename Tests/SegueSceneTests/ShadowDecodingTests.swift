// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Foundation
import Testing
@testable import SegueScene

/// Shadow keys and paths: what they read as, and where bad ones are reported.
struct ShadowDecodingTests {
    static let head = "canvas: {size: [300, 300]}\nlayers:\n"

    @Test func defaultsAreCoreAnimationsAndDrawNothing() throws {
        let layer = try parse(Self.head + "  - {id: a, frame: [0, 0, 10, 10]}\n").layers[0]
        #expect(layer.shadow == ShadowSpec(color: .black, opacity: 0, radius: 3, offset: Size(width: 0, height: -3), path: nil))
        #expect(!layer.shadow.isVisible)
    }

    @Test func everyKeyIsRead() throws {
        let layer = try parse(Self.head + """
          - id: a
            shadowColor: "#FF0000"
            shadowOpacity: 0.25
            shadowRadius: 12
            shadowOffset: [-4, 8]
            shadowPath: {roundedRect: [0, 0, 100, 50], cornerRadius: 10}
        """).layers[0]
        #expect(layer.shadow.color == RGBAColor(red: 1, green: 0, blue: 0))
        #expect(layer.shadow.opacity == 0.25 && layer.shadow.radius == 12)
        #expect(layer.shadow.offset == Size(width: -4, height: 8))
        #expect(layer.shadow.path?.elements.count == 10)
    }

    @Test func constructorsBuildUIBezierPathsElements() {
        // A rect is move + 3 lines + close, starting at the origin and running clockwise on screen.
        #expect(ScenePath.rect(Rect(x: 1, y: 2, width: 3, height: 4)).elements
            == [.move(Point(x: 1, y: 2)), .line(Point(x: 4, y: 2)), .line(Point(x: 4, y: 6)), .line(Point(x: 1, y: 6)), .close])
        // A half circle clockwise from 0 to π: two quarter cubics, ending at (cx − r, cy).
        let arc = ScenePath.arc(center: Point(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(arc.elements.count == 3)
        if case let .curve(_, _, end) = arc.elements[2] { #expect(abs(end.x - 40) < 1e-9 && abs(end.y - 50) < 1e-9) }
        if case let .curve(_, _, mid) = arc.elements[1] { #expect(abs(mid.x - 50) < 1e-9 && abs(mid.y - 60) < 1e-9) }
    }

    @Test func aQuadraticIsTheCubicThatTracesIt() throws {
        // From (0, 0) with control (30, 60) to (60, 0): the cubic's controls are 2/3 of the way
        // to the control point from each end: (20, 40) and (40, 40).
        let path = try #require(try parse(Self.head + "  - {id: a, shadowPath: [{moveTo: [0, 0]}, {quadCurveTo: [60, 0], controlPoint: [30, 60]}]}\n")
            .layers[0].shadow.path)
        #expect(path.elements[1] == .curve(c1: Point(x: 20, y: 40), c2: Point(x: 40, y: 40), to: Point(x: 60, y: 0)))
    }

    @Test func badValuesAreReportedWhereTheyAreWritten() {
        expectError(Self.head + "  - {id: a, shadowOpacity: 1.5}\n", .invalidValue, line: 3, column: 28,
                    message: ["'shadowOpacity'", "between 0 and 1"])
        expectError(Self.head + "  - {id: a, shadowRadius: -2}\n", .invalidValue, line: 3, column: 27, message: ["'shadowRadius'"])
        expectError(Self.head + "  - {id: a, shadowOffset: [3]}\n", .invalidValue, line: 3, column: 27, message: ["2 numbers"])
        expectError(Self.head + "  - {id: a, shadowPath: {ovalIn: [0, 0, 10, 10], cornerRadius: 3}}\n", .unknownKey, line: 3, column: 50,
                    message: ["'cornerRadius'", "'ovalIn'"])
        expectError(Self.head + "  - {id: a, shadowPath: [{lineTo: [1, 2]}]}\n", .invalidValue, line: 3, column: 26,
                    message: ["no current point"], suggestion: ["moveTo"])
        expectError(Self.head + "  - {id: a, shadowPath: {oval: [0, 0, 10, 10]}}\n", .unknownKey, line: 3, column: 26, suggestion: ["ovalIn"])
        expectError(Self.head + "  - {id: a, shadowPath: {arcCenter: [5, 5], radius: 3}}\n", .missingKey, line: 3, column: 25,
                    message: ["startAngle"])
    }

    @Test func morphsBetweenDifferentElementsAreAnErrorAtTheAnimation() {
        let yaml = Self.head + """
          - {id: a, shadowPath: {ovalIn: [0, 0, 10, 10]}}
        animations:
          - {layer: a, keyPath: shadowPath, to: {rect: [0, 0, 5, 5]}, duration: 1}
        """
        expectError(yaml, .invalidValue, line: 5, column: 5, message: ["animation 1", "6 and 5 elements"], suggestion: ["ovalIn to ovalIn"])
        // A rect into a list with a curve where the rect has a line: lines and curves morph.
        #expect(failure(Self.head + """
          - {id: a}
        animations:
          - {layer: a, keyPath: shadowPath, from: {rect: [0, 0, 5, 5]}, duration: 1,
             to: [{moveTo: [0, 0]}, {lineTo: [3, 3]}, {curveTo: [4, 4], controlPoint1: [1, 1], controlPoint2: [2, 2]}, {lineTo: [0, 1]}, close]}
        """) == nil)
    }
}

/// A keyframe group that changes a path must morph it element by element, as a basic animation must.
struct GroupPathMorphTests {
    @Test func aGroupKeyframeThatChangesAPathsElementsIsAnErrorAtItsLine() throws {
        let yaml = """
        canvas: {size: [300, 300]}
        layers:
          - {id: m, frame: [0, 0, 300, 300], path: {ovalIn: [100, 100, 10, 10]}}
        animations:
          - group:
              duration: 1
              keyframes:
                - {start: 0, duration: 0.5, set: {m.path: {ovalIn: [0, 0, 300, 300]}}}
                - {start: 0.5, duration: 0.5, set: {m.path: {rect: [0, 0, 300, 300]}}}
        """
        do {
            _ = try parse(yaml)
            Issue.record("an oval (a move, four curves, a close) morphing into a rect (a move, three lines, a close) was accepted")
        } catch let e as SceneError {
            // The second keyframe's `set` is on line 9; the oval to oval before it is fine.
            #expect(e.location?.line == 9 && e.message.contains("keyframe 2 cannot morph path"), "\(e)")
        }
    }
}
