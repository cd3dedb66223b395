// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueScene
@testable import SeguePresets
import SegueGeometry

// `- group:` items of `animations:` (UIView.animateKeyframes). Expected models are built by
// hand; every line:column is counted by hand in the comments.

private func at(_ line: Int, _ column: Int) -> SegueScene.SourceLocation {
    SegueScene.SourceLocation(file: sceneFile, line: line, column: column)
}

struct KeyframeGroupTests {
    static let flip = """
    canvas: {size: [390, 844]}
    layers:
      - id: fromView
      - id: card.front
      - id: card
    animations:
      - group:
          duration: 0.72
          delay: 0.1
          options: [calculationModeCubic, .curveLinear]
          keyframes:
            - start: 0
              duration: 0.3333
              set:
                "fromView.transform.rotation.y": -90deg
                card.opacity: 0
            - {relativeStartTime: 0.3333, relativeDuration: 0.6667, set: {"card.front.transform.rotation.y": 0deg, card.front.opacity: 1}}
      - group: {duration: 1, begin: 2, keyframes: [{start: 0, duration: 1, set: {"card.backgroundColor": systemBlue}}]}
      - {layer: card, keyPath: opacity, to: 0, duration: 0.5}
    """

    @Test func groupsParseToTheExpectedModel() throws {
        let scene = try parse(Self.flip)
        #expect(scene.animations.count == 1 && scene.groups.count == 2)
        // Keyframe 1 starts at `        - start: 0` (line 12): the map is column 11. Its set keys
        // are lines 15 and 16, column 13 (a quoted key is located at its quote).
        let first = GroupKeyframe(relativeStart: 0, relativeDuration: 0.3333, changes: [
            PropertyChange(layerID: "fromView", keyPath: .rotationY, value: .number(-90 * (Double.pi / 180)), location: at(15, 13)),
            PropertyChange(layerID: "card", keyPath: .opacity, value: .number(0), location: at(16, 13)),
        ], location: at(12, 11))
        // Line 17: `        - {relativeStartTime: 0.3333, relativeDuration: 0.6667, set: {"card.front…`: '{' 11,
        // "relativeStartTime: 0.3333, " 12–38, "relativeDuration: 0.6667, " 39–64, "set: " 65–69, '{' 70, the
        // quote 71; the quoted key is 33 columns (71–103), ": 0deg, " 104–111, the next key 112.
        // "card.front" is a layer and so is "card": the longest id wins.
        let second = GroupKeyframe(relativeStart: 0.3333, relativeDuration: 0.6667, changes: [
            PropertyChange(layerID: "card.front", keyPath: .rotationY, value: .number(0), location: at(17, 71)),
            PropertyChange(layerID: "card.front", keyPath: .opacity, value: .number(1), location: at(17, 112)),
        ], location: at(17, 11))
        #expect(scene.groups[0] == KeyframeGroupSpec(begin: 0.1, duration: 0.72, calculationMode: .cubic, curve: .linear,
                                                     keyframes: [first, second], location: at(7, 5)))
        // Line 18: `  - group: {duration: 1, begin: 2, keyframes: [{start: 0, duration: 1, set: {"card…`:
        // '{' 12, "duration: 1, " 13–25, "begin: 2, " 26–35, "keyframes: " 36–46, '[' 47, '{' 48,
        // "start: 0, " 49–58, "duration: 1, " 59–71, "set: " 72–76, '{' 77, the quote 78.
        let blue = PropertyChange(layerID: "card", keyPath: .backgroundColor, value: .color(RGBAColor(hex: "#007AFF")!), location: at(18, 78))
        #expect(scene.groups[1] == KeyframeGroupSpec(begin: 2, duration: 1, calculationMode: .linear, curve: .easeInEaseOut,
                                                     keyframes: [GroupKeyframe(relativeStart: 0, relativeDuration: 1, changes: [blue], location: at(18, 48))],
                                                     location: at(18, 5)))
        // The scene ends with the last group (2 + 1), after the basic animation (0.5).
        #expect(scene.duration == 3 && !scene.durationIsExplicit)
    }

    @Test func everyOptionAndValueKind() throws {
        let scene = try parse("""
        canvas: {size: [390, 844]}
        layers: [{id: a}]
        animations:
          - group: {duration: 1, options: .calculationModeDiscrete, keyframes: [{start: 0, duration: 0.5, set: {a.hidden: true}}]}
          - group: {duration: 1, options: [calculationModePaced, curveEaseIn], keyframes: [{start: 0.5, duration: 0.5, set: {a.position: [1, 2], a.frame: [0, 0, 10, 10]}}]}
          - group: {duration: 1, options: [calculationModeCubicPaced, curveEaseOut], keyframes: [{start: 0, duration: 1, set: {a.transform: [{scale: 2}], a.bounds.origin: [0, 40]}}]}
          - group: {duration: 1, options: [calculationModeLinear, curveEaseInOut], keyframes: [{start: 0.25, duration: 0.75, set: {}}]}
          - group: {duration: 1, options: [], keyframes: [{start: 0.7, duration: 0.3000000005, set: {a.borderWidth: 2}}]}
        """)
        let g = scene.groups
        #expect(g.map(\.calculationMode) == [.discrete, .paced, .cubicPaced, .linear, .linear])
        #expect(g.map(\.curve) == [.easeInEaseOut, .easeIn, .easeOut, .easeInEaseOut, .easeInEaseOut])
        #expect(g[0].keyframes[0].changes.map(\.value) == [.bool(true)])
        #expect(g[1].keyframes[0].changes.map(\.value) == [.point(Point(x: 1, y: 2)), .rect(Rect(x: 0, y: 0, width: 10, height: 10))])
        #expect(g[2].keyframes[0].changes.map(\.keyPath) == [.transform, .boundsOrigin])
        #expect(g[2].keyframes[0].changes[0].value == .transform(.scale(2, 2)))
        #expect(g[3].keyframes[0].changes.isEmpty)
        // start + duration may exceed 1 by rounding (1e-9 slack).
        #expect(g[4].keyframes[0].relativeStart + g[4].keyframes[0].relativeDuration > 1)
    }
}

struct KeyframeGroupErrorTests {
    /// Lines 1–4; the group's keys start on line 5, its first keyframe on line 7.
    static let head = """
    canvas: {size: [390, 844]}
    layers: [{id: card}, {id: card.front}, {id: title}]
    animations:
      - group:

    """
    static func group(options: String = "[calculationModeCubic]", keyframe: String) -> String {
        head + "      duration: 0.72\n      options: \(options)\n      keyframes:\n        - \(keyframe)\n"
    }

    @Test func setKeysAreLayerIDsAndKeyPaths() {
        // Line 8 is `        - {start: 0, duration: 1, set: {…}}`: '{' 11, "start: 0, " 12–21,
        // "duration: 1, " 22–34, "set: " 35–39, '{' 40; a quoted key's text starts at 42.
        expectError(Self.group(keyframe: "{start: 0, duration: 1, set: {\"crad.opacity\": 0}}"), .reference, line: 8, column: 42,
                    message: ["keyframe 1 of group 1", "'crad'", "no layer"], suggestion: ["did you mean 'card'?"])
        // A layer id with a dot: "card.front." is 11 characters, so the key path starts at 42 + 11 = 53.
        expectError(Self.group(keyframe: "{start: 0, duration: 1, set: {\"card.front.opactiy\": 0}}"), .invalidValue, line: 8, column: 53,
                    message: ["unknown key path \"opactiy\"", "\"card.front.opactiy\""], suggestion: ["did you mean 'card.front.opacity'?"])
        // Unquoted, the text starts at the key itself (column 41), so the key path is at 52.
        expectError(Self.group(keyframe: "{start: 0, duration: 1, set: {card.front.transform.rotation: 0}}"), .invalidValue, line: 8, column: 52,
                    message: ["\"transform.rotation\""], suggestion: ["'card.front.transform.rotation.z'"])
        expectError(Self.group(keyframe: "{start: 0, duration: 1, set: {opacity: 0}}"), .invalidValue, line: 8, column: 41,
                    message: ["\"<layer id>.<key path>\"", "\"opacity\""], suggestion: ["\"card.opacity\""])
        expectError(Self.group(keyframe: "{start: 0, duration: 1, set: {title: 0}}"), .invalidValue, line: 8, column: 41,
                    message: ["\"title\""], suggestion: ["\"title.opacity\""])
        // The value is typed by the key path: `"card.opacity": 2` — the 2 is at 41 + 14 + 2 = 57.
        expectError(Self.group(keyframe: "{start: 0, duration: 1, set: {\"card.opacity\": 2}}"), .invalidValue, line: 8, column: 57,
                    message: ["'card.opacity'", "between 0 and 1"])
        // The same property twice: the second key (41 + 14 + 5 = 60).
        expectError(Self.group(keyframe: "{start: 0, duration: 1, set: {\"card.opacity\": 0, \"card.opacity\": 1}}"), .syntax, line: 8, column: 60,
                    message: ["set twice", "scene.yaml:8:41"])
        // An unknown layer whose rest is not a key path either is blamed up to the first dot.
        expectError(Self.group(keyframe: "{start: 0, duration: 1, set: {zz.yy: 0}}"), .reference, line: 8, column: 41,
                    message: ["'zz'"], suggestion: ["the layer ids are 'card', 'card.front' and 'title'"])
    }

    @Test func relativeTimes() {
        // `{start: 0.5, duration: 0.6, …}`: "start: 0.5, " 12–23, "duration: " 24–33, the 0.6 at 34.
        expectError(Self.group(keyframe: "{start: 0.5, duration: 0.6, set: {}}"), .invalidValue, line: 8, column: 34,
                    message: ["keyframe 1 of group 1", "from 0.5 to 1.1", "at most 1"])
        // Reported at whichever comes second: here the start ("duration: 0.6, " 12–26, "start: " 27–33, 0.5 at 34).
        expectError(Self.group(keyframe: "{duration: 0.6, start: 0.5, set: {}}"), .invalidValue, line: 8, column: 34,
                    message: ["from 0.5 to 1.1"])
        // Seconds are not fractions: `{start: 0.24s, …}`, the value at 19, converted in the hint.
        expectError(Self.group(keyframe: "{start: 0.24s, duration: 0.5, set: {}}"), .invalidValue, line: 8, column: 19,
                    message: ["fraction of the group's duration", "\"0.24s\""], suggestion: ["start: 0.3333"])
        expectError(Self.group(keyframe: "{start: -0.1, duration: 0.5, set: {}}"), .invalidValue, line: 8, column: 19,
                    message: ["'start'", "between 0 and 1"])
        // The aliases are the same keys: both together is an error at the second (column 22).
        expectError(Self.group(keyframe: "{start: 0, relativeStartTime: 0, duration: 1, set: {}}"), .invalidValue, line: 8, column: 22,
                    message: ["'relativeStartTime' cannot be combined with 'start'"])
        // Missing keys are reported at the keyframe's '{' (column 11); a typo as the typo.
        expectError(Self.group(keyframe: "{duration: 0.5, set: {}}"), .missingKey, line: 8, column: 11, message: ["'start'"])
        expectError(Self.group(keyframe: "{start: 0, duration: 0.5}"), .missingKey, line: 8, column: 11, message: ["'set'"])
        expectError(Self.group(keyframe: "{strt: 0, duration: 0.5, set: {}}"), .unknownKey, line: 8, column: 12,
                    message: ["'strt'"], suggestion: ["did you mean 'start'?"])
    }

    @Test func options() {
        // Line 6 is `      options: […]`: '[' at 16, the first option at 17.
        // `[calculationModeCubic, .calculationModeLinear]`: the second option at 17 + 22 = 39.
        expectError(Self.group(options: "[calculationModeCubic, .calculationModeLinear]", keyframe: "{start: 0, duration: 1, set: {}}"),
                    .invalidValue, line: 6, column: 39, message: ["both choose a calculation mode", "scene.yaml:6:17"])
        expectError(Self.group(options: "[curveLinear, curveEaseIn]", keyframe: "{start: 0, duration: 1, set: {}}"),
                    .invalidValue, line: 6, column: 30, message: ["both choose a curve"])
        expectError(Self.group(options: "[calculationModeCubc]", keyframe: "{start: 0, duration: 1, set: {}}"),
                    .invalidValue, line: 6, column: 17, message: ["unknown keyframe animation option", "\"calculationModeCubc\""],
                    suggestion: ["did you mean 'calculationModeCubic'?"])
        expectError(Self.group(options: "[easeIn]", keyframe: "{start: 0, duration: 1, set: {}}"),
                    .invalidValue, line: 6, column: 17, message: ["\"easeIn\""], suggestion: ["did you mean 'curveEaseIn'?"])
        expectError(Self.group(options: "[.repeat]", keyframe: "{start: 0, duration: 1, set: {}}"),
                    .invalidValue, line: 6, column: 17, message: ["\".repeat\"", "not supported"])
        expectError(Self.group(options: "{cubic: true}", keyframe: "{start: 0, duration: 1, set: {}}"),
                    .invalidValue, line: 6, column: 16, message: ["a list of options"])
    }

    @Test func groupKeys() {
        // (Without 'keyframes:' the group would be reported as missing them first.)
        let keyframes = "      keyframes: [{start: 0, duration: 1, set: {}}]\n"
        // `      duration: 0` (line 5): value column 17.
        expectError(Self.head + "      duration: 0\n      keyframes: [{start: 0, duration: 1, set: {}}]\n", .invalidValue, line: 5, column: 17,
                    message: ["'duration' of group 1", "greater than 0"])
        expectError(Self.head + "      keyframes: [{start: 0, duration: 1, set: {}}]\n", .missingKey, line: 5, column: 7,
                    message: ["group 1", "'duration'"])
        expectError(Self.head + "      duration: 1\n      keyframes: []\n", .invalidValue, line: 6, column: 18, message: ["no keyframes"])
        expectError(Self.head + "      duration: 1\n      delay: -1\n      keyframes: []\n", .invalidValue, line: 6, column: 14,
                    message: ["'delay'", "negative"])
        expectError(Self.head + "      duration: 1\n      delay: 0.1\n      begin: 0.2\n" + keyframes, .invalidValue, line: 7, column: 7,
                    message: ["'begin' cannot be combined with 'delay'", "scene.yaml:6:7"])
        // Keys of a basic animation or of a keyframe, written on the group.
        expectError(Self.head + "      duration: 1\n      calculationMode: cubic\n" + keyframes, .unknownKey, line: 6, column: 7,
                    message: ["'calculationMode'", "group 1"], suggestion: ["options: [calculationModeCubic]"])
        expectError(Self.head + "      duration: 1\n      layer: card\n" + keyframes, .unknownKey, line: 6, column: 7, message: ["'layer'"], suggestion: ["set: {\"card.opacity\": 0}"])
        expectError(Self.head + "      duration: 1\n      set: {}\n" + keyframes, .unknownKey, line: 6, column: 7, message: ["'set'"], suggestion: ["each item of 'keyframes:'"])
    }

    @Test func groupItemHoldsOnlyTheGroup() {
        // The group's keys not indented under it: `    duration: 0.72` on line 5 belongs to the item.
        let yaml = "canvas: {size: [390, 844]}\nlayers: [{id: card}]\nanimations:\n  - group:\n    duration: 0.72\n"
        expectError(yaml, .unknownKey, line: 5, column: 5, message: ["'duration'", "keyframe group"],
                    suggestion: ["belongs inside 'group:'", "indent it"])
        // A basic animation's keys next to 'group:' (`  - {group: {duration: 1}, layer: card}`: '{' 5,
        // "group: " 6–12, the inner map 13–25, ", " 26–27, "layer" 28).
        expectError("canvas: {size: [390, 844]}\nlayers: [{id: card}]\nanimations:\n  - {group: {duration: 1}, layer: card}\n",
                    .unknownKey, line: 4, column: 28, message: ["'layer'"], suggestion: ["its own '- ' item"])
    }
}
