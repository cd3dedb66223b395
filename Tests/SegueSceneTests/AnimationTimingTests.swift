// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueScene
@testable import SeguePresets
import SegueGeometry

// The CAMediaTiming keys, steps, springs, keyframes and the new key paths of `animations:` items.
// Expected models are built by hand; every line:column is counted by hand in the comments.

private func at(_ line: Int, _ column: Int) -> SegueScene.SourceLocation {
    SegueScene.SourceLocation(file: sceneFile, line: line, column: column)
}

struct AnimationTimingTests {
    /// Lines 1–3; the first animation item is line 4.
    static let head = "canvas: {size: [390, 844]}\nlayers: [{id: card}]\nanimations:\n"

    @Test func mediaTimingKeys() throws {
        let scene = try parse(Self.head + """
          - layer: card
            keyPath: opacity
            to: 0
            duration: 0.5
            speed: 2
            timeOffset: 0.1
            repeatCount: 3
            autoreverses: true
            fillMode: both
            additive: true
          - {layer: card, keyPath: opacity, to: 1, duration: 1, repeatCount: inf, fillMode: kCAFillModeBackwards}
          - {layer: card, keyPath: opacity, to: 1, duration: 1, repeatCount: .infinity, fillMode: .removed}
          - {layer: card, keyPath: opacity, to: 1, duration: 1, repeatCount: 2.5, fillMode: forwards}
          - {layer: card, keyPath: opacity, to: 1, duration: 1, repeatCount: infinity, fillMode: hold, autoreverses: false}
        """)
        let a = scene.animations
        #expect(a.count == 5)
        #expect(a[0] == AnimationSpec(layerID: "card", keyPath: .opacity, from: nil, to: .number(0), duration: 0.5, location: at(4, 5),
                                      speed: 2, timeOffset: 0.1, repeatCount: 3, autoreverses: true, fillMode: .both, additive: true))
        #expect(a[1] == AnimationSpec(layerID: "card", keyPath: .opacity, from: nil, to: .number(1), duration: 1, location: at(14, 5),
                                      repeatCount: .infinity, fillMode: .backwards))
        #expect(a[2].repeatCount == .infinity && a[2].fillMode == .removed && a[2].speed == 1 && a[2].timeOffset == 0)
        #expect(a[3].repeatCount == 2.5 && a[3].fillMode == .forwards && !a[3].additive && !a[3].autoreverses)
        #expect(a[4].repeatCount == .infinity && a[4].fillMode == .hold)
        // (3 × 2 × 0.5 − 0.1) / 2 = 1.45 s; the endless ones count one cycle (1 s); 2.5 × 1 = 2.5 s.
        #expect(close(a[0].end, 1.45))
        #expect(scene.duration == 2.5 && !scene.durationIsExplicit)
    }

    @Test func springsInThreeForms() throws {
        let scene = try parse(Self.head + """
          - {layer: card, keyPath: opacity, to: 0, timing: spring}
          - {layer: card, keyPath: opacity, to: 0, timing: {spring: {}}}
          - {layer: card, keyPath: opacity, to: 0, timing: {spring: {mass: 2, stiffness: 300, damping: 20, initialVelocity: -1}}}
          - {layer: card, keyPath: opacity, to: 0, timing: {spring: {duration: 0.6, dampingRatio: 0.7, initialSpringVelocity: 2}}}
          - {layer: card, keyPath: opacity, to: 0, timing: {spring: {duration: 0.6, dampingRatio: 0.7, initialVelocity: 2}}}
          - {layer: card, keyPath: opacity, to: 0, timing: {spring: {duration: 0.5, bounce: 0.3}}}
          - {layer: card, keyPath: opacity, to: 0, timing: {spring: {duration: 0.4}}}
          - {layer: card, keyPath: opacity, to: 0, timing: {spring: {bounce: -0.5, initialVelocity: 1}}}
          - {layer: card, keyPath: opacity, to: 0, duration: 2, timing: .spring}
          - {layer: card, keyPath: opacity, to: 0, timing: {spring: {stiffness: 200}}}
        """)
        let a = scene.animations
        let defaults = SpringSpec.physical(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        // `timing: spring` is CASpringAnimation with its defaults, and the duration it gives
        // itself is its settlingDuration.
        #expect(a[0].timing == .spring(defaults))
        #expect(a[0].duration == SpringSolver().settlingDuration)
        #expect(a[0].duration > 1 && a[0].duration < 2)
        #expect(a[1].timing == .spring(defaults) && a[1].duration == SpringSolver().settlingDuration)
        #expect(a[2].timing == .spring(.physical(mass: 2, stiffness: 300, damping: 20, initialVelocity: -1)))
        #expect(a[2].duration == SpringSolver(mass: 2, stiffness: 300, damping: 20, initialVelocity: -1).settlingDuration)
        // UIView's form: its own duration; initialVelocity is accepted for initialSpringVelocity.
        #expect(a[3].timing == .spring(.uiView(duration: 0.6, dampingRatio: 0.7, initialVelocity: 2)) && a[3].duration == 0.6)
        #expect(a[4].timing == a[3].timing && a[4].duration == 0.6)
        // SwiftUI's form: its settling duration; duration alone is Spring(duration:) with no bounce.
        #expect(a[5].timing == .spring(.swiftUI(duration: 0.5, bounce: 0.3, initialVelocity: 0)))
        #expect(a[5].duration == SpringSolver.swiftUI(duration: 0.5, bounce: 0.3).settlingDuration)
        #expect(a[6].timing == .spring(.swiftUI(duration: 0.4, bounce: 0, initialVelocity: 0)))
        #expect(a[7].timing == .spring(.swiftUI(duration: 0.5, bounce: -0.5, initialVelocity: 1)))
        // An explicit duration wins.
        #expect(a[8].timing == .spring(defaults) && a[8].duration == 2)
        #expect(a[9].timing == .spring(.physical(mass: 1, stiffness: 200, damping: 10, initialVelocity: 0)))
        #expect(scene.duration == a.map(\.end).max())
    }

    @Test func steps() throws {
        let scene = try parse(Self.head + """
          - {layer: card, keyPath: opacity, to: 0, duration: 1, timing: {steps: 4}}
          - {layer: card, keyPath: opacity, to: 0, duration: 1, timing: {steps: 4, position: start}}
          - {layer: card, keyPath: opacity, to: 0, duration: 1, timing: {steps: [3, end]}}
          - {layer: card, keyPath: opacity, to: 0, duration: 1, timing: {position: start, steps: [2]}}
        """)
        #expect(scene.animations.map(\.timing) == [.steps(count: 4, jumpAtStart: false), .steps(count: 4, jumpAtStart: true),
                                                   .steps(count: 3, jumpAtStart: false), .steps(count: 2, jumpAtStart: true)])
    }

    @Test func newKeyPaths() throws {
        let scene = try parse(Self.head + """
          - {layer: card, keyPath: transform, from: [{perspective: 500}, {rotate: {angle: -90deg, axis: [0, 1, 0]}}], to: identity, duration: 1}
          - {layer: card, keyPath: transform, to: [{matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1]}], duration: 1}
          - {layer: card, keyPath: zPosition, from: -5, to: 10, duration: 1}
          - {layer: card, keyPath: borderWidth, to: 2.5, duration: 1}
          - {layer: card, keyPath: borderColor, from: "#FF0000", to: clear, duration: 1}
          - {layer: card, keyPath: bounds.origin, from: [0, 0], to: [390, 0], duration: 1}
        """)
        let a = scene.animations
        guard case let .transform(flip)? = a[0].from else { Issue.record("from: \(String(describing: a[0].from))"); return }
        #expect(close(flip, Transform3D.perspective(500).rotated(-.pi / 2, 0, 1, 0)))
        #expect(a[0].to == .transform(.identity))
        #expect(a[1].to == .transform(Transform3D(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1])))
        #expect(a[2].keyPath == .zPosition && a[2].from == .number(-5) && a[2].to == .number(10))
        #expect(a[3].keyPath == .borderWidth && a[3].to == .number(2.5))
        #expect(a[4].keyPath == .borderColor && a[4].from == .color(RGBAColor(red: 1, green: 0, blue: 0)) && a[4].to == .color(.clear))
        #expect(a[5].keyPath == .boundsOrigin && a[5].from == .point(.zero) && a[5].to == .point(Point(x: 390, y: 0)))
    }

    @Test func keyframes() throws {
        let scene = try parse(Self.head + """
          - layer: card
            keyPath: position
            duration: 2
            keyframes:
              values: [[0, 0], [100, 0], [100, 100]]
              keyTimes: [0, 0.25, 1]
              calculationMode: cubic
              timingFunctions: [easeIn, [0.1, 0.2, 0.3, 1]]
              tensionValues: [0, 0.5, -1]
              continuityValues: [1, 0, 0]
              biasValues: [0, 0, 0.25]
          - {layer: card, keyPath: hidden, duration: 1, keyframes: {values: [false, true, false], keyTimes: [0, 0.5, 0.75, 1], calculationMode: discrete}}
          - {layer: card, keyPath: transform.rotation.z, duration: 1, timing: easeOut, keyframes: {values: [0, 90deg, 180deg], calculationMode: kCAAnimationPaced}}
          - {layer: card, keyPath: opacity, duration: 1, keyframes: {values: [1, 0], timingFunctions: [{steps: 2}], calculationMode: .linear}}
          - {layer: card, keyPath: transform, duration: 1, keyframes: {values: [identity, [{scale: 2}]], calculationMode: cubicPaced}}
        """)
        let a = scene.animations
        let path = KeyframesSpec(values: [.point(.zero), .point(Point(x: 100, y: 0)), .point(Point(x: 100, y: 100))],
                                 keyTimes: [0, 0.25, 1], calculationMode: .cubic,
                                 timingFunctions: [.easeIn, .cubicBezier(x1: 0.1, y1: 0.2, x2: 0.3, y2: 1)],
                                 tensionValues: [0, 0.5, -1], continuityValues: [1, 0, 0], biasValues: [0, 0, 0.25])
        #expect(a[0] == AnimationSpec(layerID: "card", keyPath: .position, from: nil, to: nil, duration: 2, timing: .linear,
                                      location: at(4, 5), keyframes: path))
        // CAKeyframeAnimation's default curve is linear; discrete may have one more key time.
        #expect(a[1].timing == .linear)
        #expect(a[1].keyframes == KeyframesSpec(values: [.bool(false), .bool(true), .bool(false)], keyTimes: [0, 0.5, 0.75, 1],
                                                calculationMode: .discrete))
        #expect(a[2].timing == .easeOut && a[2].keyframes?.calculationMode == .paced && a[2].keyframes?.keyTimes == nil)
        #expect(a[2].keyframes?.values == [.number(0), .number(90 * (Double.pi / 180)), .number(180 * (Double.pi / 180))])
        #expect(a[3].keyframes?.timingFunctions == [.steps(count: 2, jumpAtStart: false)] && a[3].keyframes?.calculationMode == .linear)
        #expect(a[4].keyframes?.values == [.transform(.identity), .transform(.scale(2, 2, 1))])
        #expect(a[4].keyframes?.calculationMode == .cubicPaced)
    }
}

struct AnimationTimingErrorTests {
    static let head = AnimationTimingTests.head + "  - layer: card\n    keyPath: opacity\n"
    /// Lines 1–6; line 7 is the next key of animation 1.
    static let withTo = head + "    to: 0\n"

    @Test func mixedSpringFormsNameBothForms() {
        // `    timing: {spring: {duration: 0.5, dampingRatio: 0.8, bounce: 0.2}}`: the outer '{' is
        // column 13, "spring: " columns 14–21, the inner '{' 22, "duration: 0.5, " 23–37,
        // "dampingRatio" 38, "dampingRatio: 0.8, " 38–56, "bounce" 57.
        let yaml = Self.withTo + "    timing: {spring: {duration: 0.5, dampingRatio: 0.8, bounce: 0.2}}\n"
        expectError(yaml, .invalidValue, line: 7, column: 57,
                    message: ["'bounce'", "SwiftUI's form", "'dampingRatio'", "UIView's form", "scene.yaml:7:38", "one form"],
                    suggestion: ["{duration: 0.5, bounce: 0.2}"])
        #expect(failure(yaml)?.relatedLocation == at(7, 38))
        // `    timing: {spring: {mass: 1, duration: 1}}`: "mass" 23, "mass: 1, " 23–31, "duration" 32.
        expectError(Self.withTo + "    timing: {spring: {mass: 1, duration: 1}}\n", .invalidValue, line: 7, column: 32,
                    message: ["'duration'", "UIView's form", "SwiftUI's form", "'mass'", "CASpringAnimation's form"])
    }

    @Test func springValues() {
        // The UIView form needs its damping ratio: reported at the inner map (column 22).
        expectError(Self.withTo + "    timing: {spring: {duration: 0.5, initialSpringVelocity: 1}}\n", .missingKey, line: 7, column: 22,
                    message: ["UIView's form", "'dampingRatio'"], suggestion: ["dampingRatio: 0.8"])
        // `    timing: {spring: {mass: 0}}`: "mass: " 23–28, the 0 column 29.
        expectError(Self.withTo + "    timing: {spring: {mass: 0}}\n", .invalidValue, line: 7, column: 29,
                    message: ["'mass'", "greater than 0"])
        expectError(Self.withTo + "    timing: {spring: {damping: -1}}\n", .invalidValue, line: 7, column: 32,
                    message: ["'damping'", "at least 0"])
        // `    timing: {spring: {bounce: 1}}`: "bounce: " 23–30, the 1 column 31.
        expectError(Self.withTo + "    timing: {spring: {bounce: 1}}\n", .invalidValue, line: 7, column: 31,
                    message: ["'bounce'", "between -1 and 1"])
        expectError(Self.withTo + "    timing: {spring: {duration: 0.5, dampingRatio: 0}}\n", .invalidValue, line: 7, column: 52,
                    message: ["'dampingRatio'", "greater than 0"])
        // `    timing: {spring: {stiffnes: 300}}`: the typo is column 23.
        expectError(Self.withTo + "    timing: {spring: {stiffnes: 300}}\n", .unknownKey, line: 7, column: 23,
                    message: ["'stiffnes'", "'spring'"], suggestion: ["did you mean 'stiffness'?"])
        // "duration: 1, " 23–35, "initialVelocity: 1, " 36–55, "initialSpringVelocity" 56.
        expectError(Self.withTo + "    timing: {spring: {duration: 1, initialVelocity: 1, initialSpringVelocity: 1}}\n", .invalidValue,
                    line: 7, column: 56, message: ["'initialSpringVelocity'", "'initialVelocity'"])
    }

    @Test func durationIsOptionalOnlyForSprings() {
        // Any other timing still needs it: reported at the animation (line 4, column 5).
        expectError(Self.withTo + "    timing: easeIn\n", .missingKey, line: 4, column: 5, message: ["animation 1", "'duration'"])
        expectError(Self.withTo + "    timing: {steps: 3}\n", .missingKey, line: 4, column: 5, message: ["'duration'"])
        expectError(Self.withTo, .missingKey, line: 4, column: 5, message: ["'duration'"])
        // A misspelt spring is reported as such rather than as a missing duration (`    timing: sprng`, column 13).
        expectError(Self.withTo + "    timing: sprng\n", .invalidValue, line: 7, column: 13,
                    message: ["timing curve", "\"sprng\""], suggestion: ["did you mean 'spring'?"])
        // A spring that never settles cannot give the duration (at the timing value, column 13).
        expectError(Self.withTo + "    timing: {spring: {damping: 0}}\n", .invalidValue, line: 7, column: 13,
                    message: ["to settle", "no 'duration'"], suggestion: ["'duration:'"])
        // With a duration it is fine.
        #expect(failure(Self.withTo + "    duration: 3\n    timing: {spring: {damping: 0}}\n") == nil)
    }

    @Test func stepsErrors() {
        let head = Self.withTo + "    duration: 1\n"
        // Line 8: `    timing: {steps: 0}`: "steps: " 14–20, the value column 21.
        expectError(head + "    timing: {steps: 0}\n", .invalidValue, line: 8, column: 21, message: ["'steps'", "1 to 10000"])
        expectError(head + "    timing: {steps: 2.5}\n", .invalidValue, line: 8, column: 21, message: ["whole number", "2.5"])
        // `    timing: {steps: 3, position: middle}`: "steps: 3, " 14–23, "position: " 24–33, "middle" 34.
        expectError(head + "    timing: {steps: 3, position: middle}\n", .invalidValue, line: 8, column: 34,
                    message: ["step position", "\"middle\""], suggestion: ["'end' or 'start'"])
        // A position without steps: reported at the map (column 13).
        expectError(head + "    timing: {position: start}\n", .missingKey, line: 8, column: 13, message: ["'position'", "'steps'"])
        // `    timing: {steps: [3, end], position: start}`: "steps: [3, end], " 14–30, "position" 31.
        expectError(head + "    timing: {steps: [3, end], position: start}\n", .invalidValue, line: 8, column: 31,
                    message: ["'position'", "'steps'", "already gives the position"])
        expectError(head + "    timing: {steps: 3, spring: {}}\n", .invalidValue, line: 8, column: 24,
                    message: ["'spring'", "'steps'"])
        // CSS spellings get a suggestion: `    timing: {steps: 3, position: jump-start}` (value column 34).
        expectError(head + "    timing: {steps: 3, position: jump-start}\n", .invalidValue, line: 8, column: 34,
                    message: ["\"jump-start\""], suggestion: ["did you mean 'start'?"])
        expectError(head + "    timing: {step: 3}\n", .unknownKey, line: 8, column: 14, message: ["'step'"], suggestion: ["'steps'"])
        expectError(head + "    timing: steps\n", .invalidValue, line: 8, column: 13, message: ["number of steps"],
                    suggestion: ["{steps: 4}"])
    }

    @Test func mediaTimingErrors() {
        let head = Self.withTo + "    duration: 1\n"
        // Line 8, values after `    key: ` at column 5 + key length + 2.
        expectError(head + "    repeatCount: 0\n", .invalidValue, line: 8, column: 18,
                    message: ["'repeatCount'", "greater than 0"], suggestion: ["repeatCount: 2"])
        expectError(head + "    repeatCount: many\n", .invalidValue, line: 8, column: 18, message: ["'repeatCount'", "\"many\""])
        expectError(head + "    speed: 0\n", .invalidValue, line: 8, column: 12, message: ["'speed'", "greater than 0"])
        expectError(head + "    timeOffset: -1\n", .invalidValue, line: 8, column: 17, message: ["'timeOffset'", "negative"])
        expectError(head + "    autoreverses: yes\n", .invalidValue, line: 8, column: 19, message: ["true or false"],
                    suggestion: ["autoreverses: true"])
        expectError(head + "    additive: 1\n", .invalidValue, line: 8, column: 15, message: ["true or false", "'additive'"])
        expectError(head + "    fillMode: forward\n", .invalidValue, line: 8, column: 15,
                    message: ["fill mode", "\"forward\""], suggestion: ["did you mean 'forwards'?"])
        expectError(head + "    fillMode: kCAFillModeBackwardz\n", .invalidValue, line: 8, column: 15,
                    message: ["\"kCAFillModeBackwardz\""], suggestion: ["did you mean 'backwards'?"])
        // Too long in total: blamed on the key that made it so (`    repeatCount: 5000`, column 18).
        expectError(head + "    repeatCount: 5000\n", .invalidValue, line: 8, column: 18,
                    message: ["5000 seconds", "repeatCount 5000", "3600"], suggestion: ["repeatCount"])
        expectError(head + "    speed: 0.0001\n", .invalidValue, line: 8, column: 12, message: ["10000 seconds", "speed"])
        // Misspelt timing keys get a suggestion.
        expectError(head + "    autoreverse: true\n", .unknownKey, line: 8, column: 5, message: ["'autoreverse'"],
                    suggestion: ["'autoreverses'"])
        expectError(head + "    repeat: 2\n", .unknownKey, line: 8, column: 5, message: ["'repeat'"], suggestion: ["'repeatCount'"])
    }

    @Test func keyframeCountsAndRanges() {
        let head = Self.head + "    duration: 1\n    keyframes:\n"
        // Line 6 is the duration, line 7 `    keyframes:`, line 8 `      values: [1, 0.5, 0]`.
        let values = head + "      values: [1, 0.5, 0]\n"
        // `      keyTimes: [0, 1]` (line 9): "      keyTimes: " is 16 columns, so '[' is 17.
        expectError(values + "      keyTimes: [0, 1]\n", .invalidValue, line: 9, column: 17,
                    message: ["'keyTimes'", "2 times for 3 values"], suggestion: ["[0, 0.5, 1]"])
        // Items of `[0, 0.7, 0.5]`: 0 at 18, 0.7 at 21, 0.5 at 26.
        expectError(values + "      keyTimes: [0, 0.7, 0.5]\n", .invalidValue, line: 9, column: 26,
                    message: ["must not decrease", "0.5", "0.7"])
        expectError(values + "      keyTimes: [0.2, 0.5, 1]\n", .invalidValue, line: 9, column: 18, message: ["first key time must be 0"])
        expectError(values + "      keyTimes: [0, 0.5, 0.9]\n", .invalidValue, line: 9, column: 26, message: ["last key time must be 1"])
        expectError(values + "      keyTimes: [0, 1.5, 1]\n", .invalidValue, line: 9, column: 21,
                    message: ["item 2 of 'keyTimes'", "between 0 and 1"])
        // Discrete may have one more, but not two more (the list starts at column 17).
        #expect(failure(values + "      keyTimes: [0, 0.2, 0.6, 1]\n      calculationMode: discrete\n") == nil)
        expectError(values + "      keyTimes: [0, 0.2, 0.4, 0.6, 1]\n      calculationMode: discrete\n", .invalidValue, line: 9, column: 17,
                    message: ["5 times for 3 values", "one more, for discrete"])
        // `      timingFunctions: [easeIn]`: "      timingFunctions: " is 23 columns, '[' 24.
        expectError(values + "      timingFunctions: [easeIn]\n", .invalidValue, line: 9, column: 24,
                    message: ["1 curve for 3 values", "(2)"])
        // Tension and friends only shape the cubic modes: reported at the key (column 7).
        expectError(values + "      tensionValues: [0, 0, 0]\n", .invalidValue, line: 9, column: 7,
                    message: ["'tensionValues'", "cubic", "linear"], suggestion: ["calculationMode: cubic"])
        // `      biasValues: [0, 2, 0]` (line 10): "      biasValues: " 18 columns, '[' 19, the 2 at 23.
        expectError(values + "      calculationMode: cubic\n      biasValues: [0, 2, 0]\n", .invalidValue, line: 10, column: 23,
                    message: ["item 2 of 'biasValues'", "between -1 and 1"])
        // `      continuityValues: [0, 0]`: 24 columns, '[' 25.
        expectError(values + "      calculationMode: cubic\n      continuityValues: [0, 0]\n", .invalidValue, line: 10, column: 25,
                    message: ["2 numbers for 3 values"])
        // Paced modes space the values themselves.
        expectError(values + "      calculationMode: paced\n      keyTimes: [0, 0.5, 1]\n", .invalidValue, line: 10, column: 7,
                    message: ["'keyTimes'", "paced"])
        // `      values: [1]`: '[' is column 15; `      values: [1, 0.5, 2]`: the 2 is column 24.
        expectError(head + "      values: [1]\n", .invalidValue, line: 8, column: 15, message: ["at least 2 values"])
        expectError(head + "      values: [1, 0.5, 2]\n", .invalidValue, line: 8, column: 24, message: ["between 0 and 1"])
        expectError(head + "      keyTimes: [0, 1]\n", .missingKey, line: 8, column: 7, message: ["keyframes of animation 1", "'values'"])
        // `      calculationMode: cubc` (line 9): value column 24.
        expectError(values + "      calculationMode: cubc\n", .invalidValue, line: 9, column: 24,
                    message: ["calculation mode"], suggestion: ["did you mean 'cubic'?"])
        // A spring cannot time one segment: `      timingFunctions: [easeIn, spring]`, spring at 33.
        expectError(values + "      timingFunctions: [easeIn, spring]\n", .invalidValue, line: 9, column: 33,
                    message: ["item 2 of 'timingFunctions'", "spring"])
    }

    @Test func keyframesDoNotMixWithFromTo() {
        // Line 7 `    from: 1`, line 8 `    keyframes: {values: [1, 0]}`: reported at the second.
        let yaml = Self.head + "    duration: 1\n    from: 1\n    keyframes: {values: [1, 0]}\n"
        expectError(yaml, .invalidValue, line: 8, column: 5,
                    message: ["'keyframes' cannot be combined with 'from'", "scene.yaml:7:5", "values"])
        // And the other way round (`    to: 0` on line 8).
        expectError(Self.head + "    duration: 1\n    keyframes: {values: [1, 0]}\n    to: 0\n", .invalidValue, line: 8, column: 5,
                    message: ["'to' cannot be combined with 'keyframes'"])
        // A spring is a CABasicAnimation: it has no keyframes (the timing, written second, is blamed).
        expectError(Self.head + "    keyframes: {values: [1, 0]}\n    timing: spring\n", .invalidValue, line: 7, column: 5,
                    message: ["'timing'", "'keyframes'", "spring"])
    }

    @Test func keysInTheWrongPlace() {
        let head = Self.head + "    duration: 1\n"
        // `      repeatCount: 2` inside keyframes (line 9, column 7).
        expectError(head + "    keyframes:\n      values: [1, 0]\n      repeatCount: 2\n", .unknownKey, line: 9, column: 7,
                    message: ["'repeatCount'", "keyframes of animation 1"], suggestion: ["belongs to the animation, next to 'keyframes:'"])
        // `    values: [1, 0]` next to the animation's keys (line 7).
        expectError(head + "    values: [1, 0]\n", .unknownKey, line: 7, column: 5, message: ["'values'"],
                    suggestion: ["belongs under 'keyframes:'"])
        expectError(head + "    to: 0\n    keyTimes: [0, 1]\n", .unknownKey, line: 8, column: 5, message: ["'keyTimes'"], suggestion: ["belongs under 'keyframes:'"])
        expectError(head + "    to: 0\n    stiffness: 300\n", .unknownKey, line: 8, column: 5, message: ["'stiffness'"], suggestion: ["timing: {spring: {stiffness: …}}"])
        expectError(head + "    to: 0\n    options: [curveLinear]\n", .unknownKey, line: 8, column: 5, message: ["'options'"], suggestion: ["group"])
        // A list where the keyframes map belongs points at groups (`    keyframes: [{start: 0}]`, '[' column 16).
        expectError(head + "    keyframes: [{start: 0}]\n", .invalidValue, line: 7, column: 16,
                    message: ["a map {values, keyTimes, …}"], suggestion: ["- group:"])
        // Core Animation's names for the new key paths.
        // Without line 5's key path: `    keyPath: contentOffset` is line 7, its value column 14.
        expectError((head + "    to: [0, 0]\n    keyPath: contentOffset\n").replacingOccurrences(of: "    keyPath: opacity\n", with: ""),
                    .invalidValue, line: 7, column: 14, message: ["key path"], suggestion: ["'bounds.origin'"])
    }

    @Test func newKeyPathValues() {
        let head = Self.head.replacingOccurrences(of: "    keyPath: opacity\n", with: "") + "    duration: 1\n"
        // Line 5 holds the duration, line 6 the key path, line 7 the value (`    to: ` is 8 columns).
        expectError(head + "    keyPath: borderWidth\n    to: -1\n", .invalidValue, line: 7, column: 9, message: ["'to'", "at least 0"])
        expectError(head + "    keyPath: bounds.origin\n    to: 5\n", .invalidValue, line: 7, column: 9, message: ["[x, y]", "bounds.origin"])
        expectError(head + "    keyPath: borderColor\n    to: sytemRed\n", .invalidValue, line: 7, column: 9, message: ["colour"], suggestion: ["'systemRed'"])
        // `    to: [{rotat: 30deg}]`: '[' column 9, '{' 10, the key 11.
        expectError(head + "    keyPath: transform\n    to: [{rotat: 30deg}]\n", .unknownKey, line: 7, column: 11, message: ["'rotat'"], suggestion: ["'rotate'"])
        expectError(head + "    keyPath: zPosition\n    to: big\n", .invalidValue, line: 7, column: 9, message: ["number", "\"big\""])
    }
}

private extension AnimationTimingErrorTests {
    func at(_ line: Int, _ column: Int) -> SegueScene.SourceLocation {
        SegueScene.SourceLocation(file: sceneFile, line: line, column: column)
    }
}
