// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueScene
@testable import SeguePresets
import SegueGeometry

// `interaction:` (gesture-driven transitions), `progress:` expressions and a layer's
// `scroll:`. Expected models are built by hand; every line:column is counted by hand.

private func at(_ line: Int, _ column: Int) -> SegueScene.SourceLocation {
    SegueScene.SourceLocation(file: sceneFile, line: line, column: column)
}

struct InteractionTests {
    @Test func interactionParsesToTheExpectedModel() throws {
        let scene = try parse("""
        canvas: {size: [390, 844]}
        layers: [{id: card}]
        animations: [{layer: card, keyPath: position.x, from: 195, to: 585, duration: 0.5}]
        interaction:
          gesture:
            type: screenEdgePan
            points: [[0, 0, 400], [0.25, 120, 410], [0.5, 300, 420]]
          progress: "max(0, min(translation.x / 390, 1)) * 2 - -1 + abs(velocity.y) / (1 + 2)"
          finishWhen: {progressAbove: 0.4, velocityAbove: 800, axis: y}
          completionCurve: [0.2, 0, 0, 1]
          completionSpeed: 1.5
        """)
        // The gesture map starts at `    type:` (line 6, column 5); the interaction at line 5, column 3.
        let gesture = GestureSpec(kind: .screenEdgePan, samples: [
            .init(time: 0, x: 0, y: 400), .init(time: 0.25, x: 120, y: 410), .init(time: 0.5, x: 300, y: 420),
        ], location: at(6, 5))
        // Precedence: * and / bind tighter than + and -, left to right; unary minus on -1.
        let scaled = ProgressExpression.binary("*", .call("max", [.number(0), .call("min", [.binary("/", .variable("translation.x"), .number(390)), .number(1)])]), .number(2))
        let progress = ProgressExpression.binary("+", .binary("-", scaled, .negate(.number(1))),
                                                 .binary("/", .call("abs", [.variable("velocity.y")]), .binary("+", .number(1), .number(2))))
        let expected = InteractionSpec(gesture: gesture, progress: progress,
                                       finishWhen: FinishRule(progressAbove: 0.4, velocityAbove: 800, velocityAxis: .y),
                                       completionCurve: .cubicBezier(x1: 0.2, y1: 0, x2: 0, y2: 1), completionSpeed: 1.5, location: at(5, 3))
        #expect(scene.interaction == expected)
        // translation.x 195, velocity.y −3: max(0, min(0.5, 1)) · 2 − (−1) + 3 / 3 = 3.
        #expect(scene.interaction?.progress.evaluate(["translation.x": 195, "velocity.y": -3]) == 3)
        // The interaction does not lengthen the scene's default duration (the timeline does).
        #expect(scene.duration == 0.5 && !scene.durationIsExplicit)
    }

    @Test func defaults() throws {
        let scene = try parse("""
        canvas: {size: [390, 844]}
        interaction: {gesture: {points: [[0, 10, 10], [1, 20, 10]]}, progress: translation.x / 200}
        """)
        let interaction = try #require(scene.interaction)
        #expect(interaction.gesture.kind == .pan)
        #expect(interaction.progress == .binary("/", .variable("translation.x"), .number(200)))
        #expect(interaction.finishWhen == FinishRule())
        #expect(interaction.finishWhen.progressAbove == 0.5)
        #expect(interaction.completionCurve == .easeInEaseOut && interaction.completionSpeed == 1)
        // Either condition may be given alone.
        let velocity = try parse("""
        canvas: {size: [390, 844]}
        interaction: {gesture: {points: [[0, 10, 10], [1, 20, 10]]}, progress: "-translation.y / 400", finishWhen: {velocityAbove: 500}, completionCurve: easeOut}
        """)
        #expect(velocity.interaction?.finishWhen == FinishRule(progressAbove: nil, velocityAbove: 500, velocityAxis: .x))
        #expect(velocity.interaction?.progress == .binary("/", .negate(.variable("translation.y")), .number(400)))
        #expect(velocity.interaction?.completionCurve == .easeOut)
    }

    @Test func expressionsOfEveryShape() throws {
        func progress(_ text: String) throws -> ProgressExpression? {
            try parse("canvas: {size: [10, 10]}\ninteraction: {gesture: {points: [[0, 0, 0], [1, 1, 1]]}, progress: \"\(text)\"}\n").interaction?.progress
        }
        #expect(try progress("0.5") == .number(0.5))
        #expect(try progress(" 1e2 ") == .number(100))
        #expect(try progress(".5 * location.x") == .binary("*", .number(0.5), .variable("location.x")))
        #expect(try progress("1 - 2 - 3") == .binary("-", .binary("-", .number(1), .number(2)), .number(3)))
        #expect(try progress("--velocity.x") == .negate(.negate(.variable("velocity.x"))))
        #expect(try progress("max( location.y , 2 )") == .call("max", [.variable("location.y"), .number(2)]))
        #expect(try progress("(translation.y)") == .variable("translation.y"))
    }
}

struct InteractionErrorTests {
    /// Lines 1–5; the `progress:` under test is line 6.
    static let head = "canvas: {size: [390, 844]}\nlayers: [{id: card}]\nanimations: []\ninteraction:\n  gesture: {points: [[0, 0, 0], [1, 100, 0]]}\n"

    @Test func expressionErrorsAreLocatedInsideTheString() {
        // `  progress: "translation.x / 2OO"`: the quote is column 13, the text starts at 14;
        // "translation.x / " is 16 characters, so "2" is at 30 and "OO" at 31.
        expectError(Self.head + "  progress: \"translation.x / 2OO\"\n", .invalidValue, line: 6, column: 31,
                    message: ["expected an operator", "\"OO\""])
        // Single quotes: "translation.x / 200 + " is 22 characters, so the variable is at 14 + 22 = 36.
        expectError(Self.head + "  progress: 'translation.x / 200 + velocty.y'\n", .invalidValue, line: 6, column: 36,
                    message: ["unknown variable \"velocty.y\""], suggestion: ["did you mean 'velocity.y'?"])
        // A plain scalar starts at column 13: the variable after '-' is at 14.
        expectError(Self.head + "  progress: -translaton.x / 200\n", .invalidValue, line: 6, column: 14,
                    message: ["\"translaton.x\""], suggestion: ["'translation.x'"])
        // An escape takes two columns for one character: in `"\t(translation.x / 200"` the '(' is
        // column 16 and the end of the text (21 characters) is column 15 + 21 = 36.
        expectError(Self.head + "  progress: \"\\t(translation.x / 200\"\n", .invalidValue, line: 6, column: 36,
                    message: ["expected ')'", "line 6, column 16"], suggestion: ["')'"])
        #expect(failure(Self.head + "  progress: \"\\t(translation.x / 200\"\n")?.relatedLocation == at(6, 16))
        // A doubled quote in single quotes is one character: `''' + x'` is the text `' + x`, whose
        // stray quote (offset 0) is written at columns 14–15.
        expectError(Self.head + "  progress: ''' + x'\n", .invalidValue, line: 6, column: 14, message: ["unexpected \"'\""])
    }

    @Test func expressionErrors() {
        let line = { (text: String) in Self.head + "  progress: \"\(text)\"\n" }
        expectError(line("clamp(translation.x, 0, 1)"), .invalidValue, line: 6, column: 14, message: ["unknown function \"clamp\""],
                    suggestion: ["min(a, b), max(a, b) and abs(a)"])
        expectError(line("maxx(translation.x, 1)"), .invalidValue, line: 6, column: 14, suggestion: ["did you mean 'max'?"])
        // `min(translation.x)`: reported at the function name.
        expectError(line("min(translation.x)"), .invalidValue, line: 6, column: 14, message: ["'min' takes 2 arguments, found 1"])
        expectError(line("abs"), .invalidValue, line: 6, column: 14, message: ["'abs' is a function"])
        expectError(line("translation.x(1)"), .invalidValue, line: 6, column: 14, message: ["variable, not a function"])
        // "translation.x / " is 16 characters: the end of the text is column 30.
        expectError(line("translation.x / "), .invalidValue, line: 6, column: 30, message: ["ends where a number"])
        expectError(line("translation.x)"), .invalidValue, line: 6, column: 27, message: ["no matching '('"])
        expectError(line("translation.x % 2"), .invalidValue, line: 6, column: 28, message: ["\"%\""])
        expectError(line("1.2.3"), .invalidValue, line: 6, column: 14, message: ["malformed number"])
        expectError(line("1e999"), .invalidValue, line: 6, column: 14, message: ["too large"])
        expectError(line("dx / 200"), .invalidValue, line: 6, column: 14, suggestion: ["did you mean 'translation.x'?"])
        expectError(line("speed"), .invalidValue, line: 6, column: 14, suggestion: ["the variables are 'translation.x'"])
        expectError(line("max(1, 2"), .invalidValue, line: 6, column: 22, message: ["expected ',' or ')'", "'max'"])
        // `  progress: ""`: offset 0 of the text is just inside the quotes (column 14).
        expectError(line(""), .invalidValue, line: 6, column: 14, message: ["'progress' is empty"])
        expectError(Self.head + "  progress: [translation.x]\n", .invalidValue, line: 6, column: 13, message: ["expression", "a list"])
        // Parentheses nested absurdly deep are refused, not recursed into.
        expectError(line(String(repeating: "(", count: 150) + "1" + String(repeating: ")", count: 150)), .invalidValue,
                    line: 6, column: 14 + ProgressExpressionParser.maximumDepth, message: ["levels deep"])
    }

    @Test func gesturePoints() {
        // Line 5 is replaced: `  gesture: {points: [[0, 0, 0], [0.5, 10, 0], [0.5, 20, 0]]}` — "  gesture: " 11,
        // '{' 12, "points: " 13–20, '[' 21, "[0, 0, 0]" 22–30, ", " 31–32, "[0.5, 10, 0]" 33–44, ", " 45–46, '[' 47.
        let head = Self.head.replacingOccurrences(of: "  gesture: {points: [[0, 0, 0], [1, 100, 0]]}\n", with: "")
        let progress = "  progress: translation.x\n"
        expectError(head + "  gesture: {points: [[0, 0, 0], [0.5, 10, 0], [0.5, 20, 0]]}\n" + progress, .invalidValue, line: 5, column: 47,
                    message: ["must increase", "point 3", "point 2"])
        // The second point's '[' is 33, its time 34.
        expectError(head + "  gesture: {points: [[0, 0, 0], [-1, 10, 0]]}\n" + progress, .invalidValue, line: 5, column: 34,
                    message: ["time of point 2", "between 0 and 3600"])
        expectError(head + "  gesture: {points: [[0, 0, 0]]}\n" + progress, .invalidValue, line: 5, column: 21,
                    message: ["at least 2 points", "1 item"])
        expectError(head + "  gesture: {points: [[0, 0], [1, 1, 1]]}\n" + progress, .invalidValue, line: 5, column: 22,
                    message: ["3 numbers", "[t, x, y]", "'point 1'"])
        // `[1, 1e7, 1]` starts at 33: the 1e7 is 37.
        expectError(head + "  gesture: {points: [[0, 0, 0], [1, 1e7, 1]]}\n" + progress, .invalidValue, line: 5, column: 37,
                    message: ["item 2 of point 2"])
        // `  gesture: {type: edge, points: …}`: the type's value at 19.
        expectError(head + "  gesture: {type: edge, points: [[0, 0, 0], [1, 1, 1]]}\n" + progress, .invalidValue, line: 5, column: 19,
                    message: ["gesture type", "\"edge\""], suggestion: ["did you mean 'screenEdgePan'?"])
        expectError(head + "  gesture: {type: pan}\n" + progress, .missingKey, line: 5, column: 12, message: ["'gesture'", "'points'"])
        expectError(head + "  gesture: {points: [[0, 0, 0], [1, 1, 1]], progress: x}\n" + "  progress: translation.x\n", .unknownKey,
                    line: 5, column: 45, message: ["'progress'", "'gesture'"], suggestion: ["next to 'gesture:'"])
    }

    @Test func interactionKeys() {
        let progress = "  progress: translation.x\n"
        // `  finishWhen: {progressAbove: 1.5}`: '{' 15, "progressAbove: " 16–30, the value 31.
        expectError(Self.head + progress + "  finishWhen: {progressAbove: 1.5}\n", .invalidValue, line: 7, column: 31,
                    message: ["'progressAbove'", "between 0 and 1"])
        expectError(Self.head + progress + "  finishWhen: {axis: y}\n", .missingKey, line: 7, column: 15,
                    message: ["'progressAbove' or 'velocityAbove'"])
        // `  finishWhen: {progressAbove: 0.5, axis: y}`: "progressAbove: 0.5, " 16–35, "axis" 36.
        expectError(Self.head + progress + "  finishWhen: {progressAbove: 0.5, axis: y}\n", .invalidValue, line: 7, column: 36,
                    message: ["'axis'", "'velocityAbove'"])
        expectError(Self.head + progress + "  finishWhen: {velocityAbove: 800, axis: z}\n", .invalidValue, line: 7, column: 42,
                    message: ["axis", "\"z\""])
        expectError(Self.head + progress + "  completionCurve: spring\n", .invalidValue, line: 7, column: 20,
                    message: ["spring", "'completionCurve'", "UIView.AnimationCurve"])
        expectError(Self.head + progress + "  completionCurve: {steps: 2}\n", .invalidValue, line: 7, column: 21, message: ["steps"])
        expectError(Self.head + progress + "  completionCurve: easeInOut\n", .invalidValue, line: 7, column: 20, suggestion: ["'easeInEaseOut'"])
        expectError(Self.head + progress + "  completionSpeed: 0\n", .invalidValue, line: 7, column: 20, message: ["'completionSpeed'", "greater than 0"])
        // The interaction map is reported at its first key (line 5, column 3).
        expectError(Self.head, .missingKey, line: 5, column: 3, message: ["'interaction'", "'progress'"], suggestion: ["translation.x"])
        expectError(Self.head + "  progres: translation.x\n", .unknownKey, line: 6, column: 3, suggestion: ["did you mean 'progress'?"])
        expectError(Self.head + progress + "  points: []\n", .unknownKey, line: 7, column: 3, suggestion: ["belongs under 'gesture:'"])
    }

    @Test func interactionKeysAtTheTopLevel() {
        expectError("canvas: {size: [10, 10]}\ngesture: {points: []}\n", .unknownKey, line: 2, column: 1,
                    message: ["'gesture'", "top level"], suggestion: ["belongs under 'interaction:'"])
        expectError("canvas: {size: [10, 10]}\nprogress: x\n", .unknownKey, line: 2, column: 1, suggestion: ["under 'interaction:'"])
        expectError("canvas: {size: [10, 10]}\ngroup: {}\n", .unknownKey, line: 2, column: 1, suggestion: ["item of 'animations:'"])
        // A still cannot run a gesture (`duration: 0`, column 11).
        expectError("canvas: {size: [10, 10]}\nduration: 0\ninteraction: {gesture: {points: [[0, 0, 0], [1, 1, 1]]}, progress: location.x}\n",
                    .invalidValue, line: 2, column: 11, message: ["'duration'", "an interaction"])
    }
}

struct ScrollTests {
    @Test func scrollViewsParseToTheExpectedModel() throws {
        let scene = try parse("""
        canvas: {size: [390, 844]}
        layers:
          - id: pager
            frame: [0, 100, 390, 300]
            scroll:
              contentSize: [1170, 300]
              contentOffset: [390, 0]
              paging: true
              decelerationRate: fast
              bounces: false
              drag: {points: [[0, 300, 250], [0.2, 100, 250]]}
            sublayers:
              - {id: page1, frame: [0, 0, 390, 300]}
          - id: carousel
            bounds: [10, 0, 300, 200]
            scroll: {contentSize: [2000, 200], decelerationRate: 0.95, snap: true}
          - id: cards
            scroll: {contentSize: [2000, 200], decelerationRate: normal, snap: {pageWidth: 280, velocityThreshold: 0.3, springDuration: 0.4, dampingRatio: 0.8}}
        """)
        let pager = scene.layers[0]
        // `      drag: {…}`: the map is column 13; the scroll map starts at line 6, column 7.
        let drag = GestureSpec(kind: .pan, samples: [.init(time: 0, x: 300, y: 250), .init(time: 0.2, x: 100, y: 250)], location: at(11, 13))
        #expect(pager.scroll == ScrollSpec(contentSize: Size(width: 1170, height: 300), contentOffset: Point(x: 390, y: 0), paging: true,
                                           decelerationRate: 0.99, bounces: false, drag: drag, location: at(6, 7)))
        // The still model shows the scrolled content: bounds.origin is the content offset.
        #expect(pager.bounds == Rect(x: 390, y: 0, width: 390, height: 300))
        #expect(pager.position == Point(x: 195, y: 250))
        #expect(pager.sublayers.map(\.id) == ["page1"])
        // Without contentOffset, the offset is the bounds origin; `snap: true` is SnapSpec().
        let carousel = scene.layers[1]
        #expect(carousel.scroll == ScrollSpec(contentSize: Size(width: 2000, height: 200), contentOffset: Point(x: 10, y: 0),
                                              decelerationRate: 0.95, snap: SnapSpec(), location: at(16, 13)))
        #expect(carousel.bounds == Rect(x: 10, y: 0, width: 300, height: 200))
        let cards = scene.layers[2]
        #expect(cards.scroll?.snap == SnapSpec(pageWidth: 280, velocityThreshold: 0.3, springDuration: 0.4, dampingRatio: 0.8))
        #expect(cards.scroll?.decelerationRate == ScrollSpec.normalDecelerationRate && cards.scroll?.contentOffset == .zero)
        #expect(cards.scroll?.bounces == true && cards.scroll?.paging == false && cards.scroll?.drag == nil)
        #expect(scene.duration == 0)
    }

    /// Lines 1–3; the scroll map is line 4.
    static let head = "canvas: {size: [390, 844]}\nlayers:\n  - id: list\n"

    @Test func scrollErrors() {
        // `    scroll: {contentSize: [100, 100], decelerationRate: 1}`: '{' 13, "contentSize: [100, 100], " 14–38,
        // "decelerationRate: " 39–56, the value 57.
        expectError(Self.head + "    scroll: {contentSize: [100, 100], decelerationRate: 1}\n", .invalidValue, line: 4, column: 57,
                    message: ["'decelerationRate'", "between 0 and 1"], suggestion: ["0.998", "0.99"])
        expectError(Self.head + "    scroll: {contentSize: [100, 100], decelerationRate: fsat}\n", .invalidValue, line: 4, column: 57,
                    message: ["deceleration rate"], suggestion: ["did you mean 'fast'?"])
        expectError(Self.head + "    scroll: {contentOffset: [3, 4]}\n", .missingKey, line: 4, column: 13,
                    message: ["'scroll' of layer 'list'", "'contentSize'"])
        // `    scroll: {contentSize: [100, -1]}`: '[' 27, the -1 at 33.
        expectError(Self.head + "    scroll: {contentSize: [100, -1]}\n", .invalidValue, line: 4, column: 33, message: ["height", "negative"])
        // "contentSize: [100, 100], " 14–38, "paging: true, " 39–52, "snap" 53.
        expectError(Self.head + "    scroll: {contentSize: [100, 100], paging: true, snap: true}\n", .invalidValue, line: 4, column: 53,
                    message: ["'snap' cannot be combined with 'paging'", "scene.yaml:4:39"])
        #expect(failure(Self.head + "    scroll: {contentSize: [100, 100], paging: false, snap: true}\n") == nil)
        // `drag: {points: …}`: "drag: " 39–44, '{' 45, "points: " 46–53, '[' 54, "[0, 1, 1], " 55–65, '[' 66.
        expectError(Self.head + "    scroll: {contentSize: [100, 100], drag: {points: [[0, 1, 1], [0, 2, 2]]}}\n", .invalidValue, line: 4, column: 66,
                    message: ["must increase", "point 2"])
        expectError(Self.head + "    scroll: {contentSize: [100, 100], drag: {type: pan, points: [[0, 1, 1], [1, 2, 2]]}}\n", .unknownKey,
                    line: 4, column: 46, message: ["'type'", "'drag'"], suggestion: ["always a pan"])
        expectError(Self.head + "    scroll: {contentSize: [100, 100], snap: {pageWidth: 0}}\n", .invalidValue, line: 4, column: 57,
                    message: ["'pageWidth'", "greater than 0"])
        expectError(Self.head + "    scroll: {contentSize: [100, 100], snap: {springDuration: 0}}\n", .invalidValue, line: 4, column: 62,
                    message: ["'springDuration'"])
        expectError(Self.head + "    scroll: {contentSize: [100, 100], snap: yes}\n", .invalidValue, line: 4, column: 45,
                    message: ["true or false"], suggestion: ["snap: true"])
        // The offset and the origin of bounds are one thing (`      contentOffset` on line 6, column 7).
        expectError(Self.head + "    bounds: [5, 6, 100, 100]\n    scroll:\n      contentOffset: [3, 4]\n      contentSize: [100, 100]\n",
                    .invalidValue, line: 6, column: 7, message: ["'contentOffset'", "'bounds'", "scene.yaml:4:5"])
        // A still cannot run a drag.
        expectError("canvas: {size: [390, 844]}\nduration: 0\nlayers:\n  - id: list\n    sublayers:\n      - {id: inner, scroll: {contentSize: [1, 1], drag: {points: [[0, 0, 0], [1, 1, 1]]}}}\n",
                    .invalidValue, line: 2, column: 11, message: ["'duration'", "drag"])
    }

    @Test func scrollKeysOnTheLayerBelongUnderScroll() {
        // `    paging: true` and friends on the layer (line 4, column 5).
        for key in ["paging: true", "contentSize: [1, 1]", "decelerationRate: fast", "drag: {}", "snap: true", "contentOffset: [0, 0]"] {
            expectError(Self.head + "    \(key)\n", .unknownKey, line: 4, column: 5, message: ["layer 'list'"], suggestion: ["under 'scroll:'"])
        }
        // 'bounces' is not a typo of 'bounds' here: it belongs under scroll.
        expectError(Self.head + "    bounces: false\n", .unknownKey, line: 4, column: 5, message: ["'bounces'"], suggestion: ["'bounces' belongs under 'scroll:'"])
        expectError(Self.head + "    scroll: {contentSize: [1, 1], points: []}\n", .unknownKey, line: 4, column: 35, suggestion: ["under 'drag:'"])
        expectError(Self.head + "    scroll: {contentSize: [1, 1], isPagingEnabled: true}\n", .unknownKey, line: 4, column: 35,
                    suggestion: ["did you mean 'paging'?"])
    }
}
