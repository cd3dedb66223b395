// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueScene
@testable import SeguePresets

/// Mutated, truncated and random inputs either parse or throw a well-formed SceneError; they
/// never trap. (With typed throws nothing but SceneError can come out; a trap would crash the
/// test process.) Parsed scenes must be safe for later stages to use.
struct RobustnessTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
    }

    static let interesting: [Character] = ["[", "]", "{", "}", ":", "-", "#", "\"", "'", ",", "\t", "\n", " ", "&", "*", "!",
                                           "|", ">", "?", "%", "@", "`", "\u{0}", "\u{1}", "\u{FEFF}", "é", "京", "😀", "9",
                                           "e", ".", "\\", "\r", "\u{85}", "\u{2028}"]

    /// Parses and checks the outcome; returns true when the scene parsed.
    @discardableResult
    static func check(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
        let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
        do {
            let scene = try SceneLoader.parse(text, file: sceneFile, baseDirectory: "/nonexistent-base")
            // Everything later stages compute from the model is finite and in range.
            #expect(scene.canvas.pixelWidth >= 1 && scene.canvas.pixelWidth <= 16384, sourceLocation: sourceLocation)
            #expect(scene.canvas.pixelHeight >= 1 && scene.canvas.pixelHeight <= 16384, sourceLocation: sourceLocation)
            #expect(scene.duration.isFinite && scene.duration >= 0, sourceLocation: sourceLocation)
            _ = scene.canvas.frameCount(duration: scene.duration)
            for layer in scene.allLayers {
                let numbers = [layer.bounds.minX, layer.bounds.minY, layer.bounds.width, layer.bounds.height,
                               layer.position.x, layer.position.y, layer.anchorPoint.x, layer.anchorPoint.y,
                               layer.zPosition, layer.opacity, layer.cornerRadius, layer.borderWidth]
                    + layer.transform.rowMajor + layer.sublayerTransform.rowMajor
                let finite = numbers.allSatisfy { $0.isFinite }
                #expect(finite, "layer \(layer.id)", sourceLocation: sourceLocation)
                if let scroll = layer.scroll {
                    let values = [scroll.contentSize.width, scroll.contentSize.height, scroll.contentOffset.x, scroll.contentOffset.y]
                    #expect(values.allSatisfy(\.isFinite) && scroll.decelerationRate > 0 && scroll.decelerationRate < 1,
                            sourceLocation: sourceLocation)
                }
            }
            // Every time the timeline computes from the model is finite and in order.
            for animation in scene.animations {
                #expect(animation.duration.isFinite && animation.duration > 0, "\(animation)", sourceLocation: sourceLocation)
                #expect(animation.naturalEnd.isFinite && animation.speed > 0 && animation.repeatCount > 0, sourceLocation: sourceLocation)
                if case let .spring(spring) = animation.timing {
                    #expect(spring.solver.omega0.isFinite && spring.solver.zeta.isFinite, sourceLocation: sourceLocation)
                }
            }
            for group in scene.groups {
                #expect(group.end.isFinite && group.duration > 0, sourceLocation: sourceLocation)
                for keyframe in group.keyframes {
                    #expect(keyframe.relativeStart >= 0 && keyframe.relativeStart + keyframe.relativeDuration <= 1 + 1e-9,
                            sourceLocation: sourceLocation)
                }
            }
            let gestures = (scene.interaction.map { [$0.gesture] } ?? []) + scene.allLayers.compactMap(\.scroll?.drag)
            for gesture in gestures {
                #expect(gesture.samples.count >= 2, sourceLocation: sourceLocation)
                #expect(zip(gesture.samples, gesture.samples.dropFirst()).allSatisfy { $0.time < $1.time }, sourceLocation: sourceLocation)
            }
            return true
        } catch {
            #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
            if let location = error.location {
                #expect(location.file == sceneFile, sourceLocation: sourceLocation)
                #expect(location.line >= 1 && location.line <= lineCount + 1, "\(error)", sourceLocation: sourceLocation)
                #expect(location.column >= 1, "\(error)", sourceLocation: sourceLocation)
            }
            return false
        }
    }

    static var json: String {
        """
        {"canvas": {"size": [390, 844], "scale": 2, "fps": 60, "background": "#000000"},
         "layers": [{"id": "card", "frame": [10, 20, 100, 50], "anchorPoint": [0, 1],
                     "transform": [{"perspective": 500}, {"rotate": {"angle": "-90deg", "axis": [0, 1, 0]}}],
                     "text": {"string": "Hi", "size": 12, "weight": "bold"},
                     "sublayers": [{"id": "inner", "bounds": [5, 5], "position": [1, 2], "opacity": 0.5}]}],
         "animations": [{"layer": "card", "keyPath": "opacity", "from": 1, "to": 0, "begin": 0.1, "duration": 0.3,
                         "timing": [0.25, 0.1, 0.25, 1]}]}
        """
    }

    /// Every construct added after format v1's first release: timing keys, steps, springs,
    /// keyframes, the new key paths, keyframe groups, an interaction and scroll views.
    static let everyNewConstruct = """
    canvas: {size: [390, 844]}
    layers:
      - id: card.front
        frame: [20, 100, 350, 200]
      - id: pager
        frame: [0, 400, 390, 300]
        scroll:
          contentSize: [1170, 300]
          contentOffset: [390, 0]
          paging: true
          decelerationRate: fast
          bounces: false
          drag: {points: [[0.1, 300, 550], [0.3, 100, 550]]}
      - id: cards
        scroll: {contentSize: [2000, 200], decelerationRate: 0.99, snap: {pageWidth: 280, velocityThreshold: 0.3, springDuration: 0.4, dampingRatio: 0.8}}
    animations:
      - {layer: card.front, keyPath: opacity, to: 0, duration: 0.5, speed: 2, timeOffset: 0.1, repeatCount: 3, autoreverses: true, fillMode: kCAFillModeBoth, additive: true}
      - {layer: card.front, keyPath: zPosition, to: 10, duration: 1, repeatCount: inf, timing: {steps: [4, start]}}
      - {layer: card.front, keyPath: borderWidth, to: 2, timing: spring}
      - {layer: card.front, keyPath: borderColor, to: systemRed, timing: {spring: {mass: 1, stiffness: 170, damping: 15, initialVelocity: 0}}}
      - {layer: card.front, keyPath: bounds.origin, to: [0, 40], timing: {spring: {duration: 0.5, dampingRatio: 0.8, initialSpringVelocity: 1}}}
      - {layer: card.front, keyPath: transform, to: [{perspective: 500}, {rotateY: -90deg}], timing: {spring: {duration: 0.5, bounce: 0.2}}}
      - layer: card.front
        keyPath: position
        duration: 1
        timing: easeInEaseOut
        keyframes:
          values: [[195, 200], [195, 100], [300, 100]]
          keyTimes: [0, 0.4, 1]
          calculationMode: cubic
          timingFunctions: [easeIn, [0.2, 0, 0.2, 1]]
          tensionValues: [0, 0.5, 0]
          continuityValues: [0, 0, 0]
          biasValues: [0, -0.5, 0]
      - group:
          duration: 0.72
          delay: 0.1
          options: [.calculationModeCubic, curveLinear]
          keyframes:
            - {start: 0, duration: 0.3333, set: {"card.front.transform.rotation.y": -90deg, pager.opacity: 0.5}}
            - {relativeStartTime: 0.3333, relativeDuration: 0.6667, set: {card.front.hidden: false}}
    interaction:
      gesture: {type: screenEdgePan, points: [[0, 0, 400], [0.25, 120, 400], [0.5, 300, 400]]}
      progress: "max(0, min(translation.x / 390, 1)) - -abs(velocity.y) * 0"
      finishWhen: {progressAbove: 0.4, velocityAbove: 800, axis: x}
      completionCurve: [0.2, 0, 0, 1]
      completionSpeed: 1.5
    """

    static var seeds: [String] { [ValidSceneTests.full, json, everyNewConstruct] }

    @Test func theSeedScenesParse() {
        for seed in Self.seeds { #expect(Self.check(seed)) }
        let scene = try? SceneLoader.parse(Self.everyNewConstruct, file: sceneFile, baseDirectory: "/")
        #expect(scene?.animations.count == 7 && scene?.groups.count == 1 && scene?.interaction != nil)
        #expect(scene?.allLayers.filter { $0.scroll != nil }.count == 2)
    }

    @Test func deletingAnyCharacter() {
        for seed in Self.seeds {
            let chars = Array(seed)
            for i in chars.indices {
                var copy = chars
                copy.remove(at: i)
                Self.check(String(copy))
            }
        }
    }

    @Test func truncatingAnywhere() {
        for seed in Self.seeds {
            let chars = Array(seed)
            for i in 0 ... chars.count { Self.check(String(chars[..<i])) }
        }
    }

    @Test func randomEdits() {
        var random = Random(state: 0x5E6E_0001)
        for seed in Self.seeds {
            let chars = Array(seed)
            for _ in 0 ..< 2500 {
                var copy = chars
                for _ in 0 ... random.below(3) {
                    let i = random.below(copy.count)
                    let c = Self.interesting[random.below(Self.interesting.count)]
                    switch random.below(3) {
                    case 0: copy[i] = c
                    case 1: copy.insert(c, at: i)
                    default: if !copy.isEmpty { copy.remove(at: i) }
                    }
                }
                Self.check(String(copy))
            }
        }
    }

    @Test func lineShuffles() {
        var random = Random(state: 0x5E6E_0002)
        for seed in [ValidSceneTests.full, Self.everyNewConstruct] {
        let lines = seed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for _ in 0 ..< 1500 {
            var copy = lines
            let i = random.below(copy.count), j = random.below(copy.count)
            switch random.below(5) {
            case 0: copy.swapAt(i, j)
            case 1: copy.insert(copy[i], at: j)
            case 2: copy.remove(at: i)
            case 3: copy[i] = " " + copy[i]
            default: copy[i] = String(copy[i].drop(while: { $0 == " " }).prefix(copy[i].count))
            }
            Self.check(copy.joined(separator: "\n"))
        }
        }
    }

    @Test func swappingValueTypes() {
        let replacements = ["[]", "{}", "~", "\"x\"", "-1", "0", "1e999", "true", "[1, 2, 3, 4, 5]", "{a: 1}", ".inf",
                            "99999999999999999999999", "-0", "[[1]]", "\"\"", "|\n  text", "!!str 5", "*nope", "[1, [2]]",
                            "\"#FFFFFFFFF\"", "1e-320", "-1e308", "0x10", "+.5"]
        for seed in [ValidSceneTests.full, Self.everyNewConstruct] {
            let lines = seed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var parsed = 0
            for (index, line) in lines.enumerated() {
                guard let colon = line.range(of: ": ") else { continue }
                for replacement in replacements {
                    var copy = lines
                    copy[index] = String(line[..<colon.upperBound]) + replacement
                    if Self.check(copy.joined(separator: "\n")) { parsed += 1 }
                }
            }
            #expect(parsed > 0)
        }
    }

    @Test func randomBytes() {
        var random = Random(state: 0x5E6E_0003)
        for length in [0, 1, 2, 3, 10, 100, 1000] {
            for _ in 0 ..< 200 {
                let bytes = (0 ..< length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                do {
                    let text = try SceneLoader.decodeText(Data(bytes), file: sceneFile)
                    Self.check(text)
                } catch {
                    #expect(error.kind == .syntax && error.location != nil)
                }
                // And the same bytes, repaired into a String, straight into the parser.
                Self.check(String(decoding: bytes, as: UTF8.self))
            }
        }
    }

    @Test func hugeNumbersNeverOverflow() {
        for value in ["1e308", "-1e308", "1e309", "123456789012345678901234567890", "4.9e-324", "-0", "16384", "8192.00001",
                      "9223372036854775807", "9223372036854775808", "-9223372036854775809", String(repeating: "9", count: 5000)] {
            Self.check("canvas: {size: [\(value), \(value)], scale: \(value), fps: \(value)}\nduration: \(value)\n")
            Self.check("canvas: {size: [10, 10]}\nlayers: [{id: a, frame: [\(value), \(value), \(value), \(value)], anchorPoint: [\(value), 1]}]\n")
            Self.check("canvas: {size: [10, 10]}\nlayers: [{id: a, transform: [{perspective: \(value)}, {scale: \(value)}, {translate: [\(value), \(value), \(value)]}, {rotate: \(value)}]}]\n")
            Self.check("canvas: {size: [10, 10]}\nlayers: [{id: a}]\nanimations: [{layer: a, keyPath: position, to: [\(value), 0], begin: \(value), duration: \(value)}]\n")
            let a = "canvas: {size: [10, 10]}\nlayers: [{id: a}]\nanimations: [{layer: a, keyPath: opacity, to: 0, "
            Self.check(a + "duration: 1, speed: \(value), repeatCount: \(value), timeOffset: \(value)}]\n")
            Self.check(a + "timing: {spring: {mass: \(value), stiffness: \(value), damping: \(value), initialVelocity: \(value)}}}]\n")
            Self.check(a + "timing: {spring: {mass: 1e-6, stiffness: \(value), damping: 1e6}}}]\n")
            Self.check(a + "timing: {spring: {duration: \(value), dampingRatio: \(value), initialSpringVelocity: \(value)}}}]\n")
            Self.check(a + "timing: {spring: {duration: \(value), bounce: 0.99}}}]\n")
            Self.check(a + "duration: 1, timing: {steps: \(value)}}]\n")
            Self.check("canvas: {size: [10, 10]}\nlayers: [{id: a}]\nanimations: [{group: {delay: \(value), duration: \(value), keyframes: [{start: \(value), duration: \(value), set: {a.position: [\(value), 0]}}]}}]\n")
            Self.check("canvas: {size: [10, 10]}\ninteraction: {gesture: {points: [[0, \(value), 0], [\(value), 0, \(value)]]}, progress: \"\(value) * translation.x / \(value)\", completionSpeed: \(value)}\n")
            Self.check("canvas: {size: [10, 10]}\nlayers: [{id: s, scroll: {contentSize: [\(value), \(value)], contentOffset: [\(value), 0], decelerationRate: \(value), snap: {pageWidth: \(value), springDuration: \(value)}}}]\n")
        }
    }

    @Test func aliasBombsAreNotExpanded() {
        // Each level refers to the previous one ten times: 10^9 layers if expanded.
        var yaml = "canvas: {size: [10, 10]}\nlayers:\n  - &l0 {id: leaf}\n"
        for level in 1 ... 9 {
            yaml += "  - &l\(level) {id: n\(level), sublayers: [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]}\n"
        }
        let start = Date()
        let error = failure(yaml)
        #expect(error?.kind == .reference)  // the second use of 'leaf' is a duplicate id
        #expect(Date().timeIntervalSince(start) < 10)
        // Aliases of big lists where a string is expected are refused without walking them.
        var bomb = "canvas: {size: [10, 10]}\na: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1 ... 9 {
            bomb += "a\(level): &a\(level) [" + Array(repeating: level == 1 ? "*a" : "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect(failure(bomb)?.kind == .unknownKey)
        #expect(failure("canvas: {size: [10, 10]}\nx: &x [1, 2]\nlayers: [{id: a, text: *x}]\n")?.kind == .unknownKey)
    }

    @Test func nestingHiddenBehindScalarTricksIsStillCaught() {
        // Inputs crafted against the lexical check: a continuation line that starts with a
        // quote, a Unicode line break ending a comment, a list item continued past its key.
        let deep = String(repeating: "[", count: 300_000) + String(repeating: "]", count: 300_000)
        for text in ["text: a\n  'b\nx: \(deep)\n", "x: [a\n'b, \(deep)]\n", "- a\n 'b\n- \(deep)\n",
                     "a: don 't\nb: \(deep)\n", "# c\u{2028}x: \(deep)\n", "- key:\n    value\n  \(deep): 1\n",
                     "- key:\n    value\n   'q\n  x: \(deep)\n", "a: [x\n'y, \(deep)]\n"] {
            #expect(failure(text)?.message.contains("levels deep") == true)
        }
    }

    @Test func theParseStackIsSizedForTheDeepestPossibleNesting() {
        // Without the lexical check, 20,000 real levels (about 26 MB of Yams recursion in a
        // debug build, more than a default thread stack) still parse: the thread's stack is
        // sized from the count of characters that can open a collection. (Deeper flow
        // nesting works too, but libyaml is quadratic in flow depth, so it gets slow.)
        for text in [String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000),
                     String(repeating: "{a: ", count: 20_000) + "1" + String(repeating: "}", count: 20_000),
                     String(repeating: "- ", count: 50_000) + "x"] {
            let bound = NestingCheck.structuralBound(of: text)
            let bytes = min(SceneLoader.maximumStackSize, SceneLoader.baseStackSize + bound * SceneLoader.stackPerLevel)
            // The node tree is built and freed on the large stack; only a Bool comes back.
            let composed = SceneLoader.onLargeStack(bytes: bytes) { (try? SceneLoader.compose(text, file: sceneFile)) != nil }
            #expect(composed)
        }
    }

    @Test func hugeKeysAndStrings() {
        // libyaml allows implicit keys up to 1024 characters; a longer one is a syntax error.
        let tooLong = String(repeating: "anchorPoint", count: 20_000)
        #expect(failure("canvas: {size: [10, 10]}\nlayers: [{id: a, \(tooLong): 1}]\n")?.kind == .syntax)
        let long = String(repeating: "anchorPoint", count: 90)
        expectError("canvas: {size: [10, 10]}\nlayers: [{id: a, \(long): 1}]\n", .unknownKey, line: 2, column: 18,
                    message: ["unknown key 'anchorPointanchorPoint", "…'"], suggestion: ["valid keys here are"])
        // Text up to the limit (10,000 characters) is kept whole; longer text is refused at the
        // string, with the option that raises the limit.
        let longest = String(repeating: "anchorPoint", count: 909) + "x"   // 10,000 characters
        let scene = try? parse("canvas: {size: [10, 10]}\nlayers: [{id: a, text: \"\(longest)\"}]\n")
        #expect(scene?.layers[0].text?.string == longest)
        let refused = failure("canvas: {size: [10, 10]}\nlayers: [{id: a, text: \"\(tooLong)\"}]\n")
        #expect(refused?.location?.line == 2)
        #expect(refused?.suggestion?.contains("--limit text=") == true)
    }

    @Test func manyLayersParseQuickly() throws {
        var yaml = "canvas: {size: [390, 844]}\nlayers:\n"
        for i in 0 ..< 5_000 {
            yaml += "  - {id: layer\(i), frame: [\(i % 390), \(i % 844), 10, 10], backgroundColor: systemBlue, transform: [{rotate: \(i)deg}]}\n"
        }
        yaml += "animations:\n  - {layer: layer4999, keyPath: opacity, to: 0, duration: 1}\n"
        let start = Date()
        let scene = try parse(yaml)
        #expect(scene.layers.count == 5_000)
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test func parsingFromManyThreadsAtOnce() {
        let outcomes = ConcurrentResults()
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            let yaml = i % 2 == 0 ? ValidSceneTests.full : "canvas: {size: [10, 10]}\nlayers: [{id: a, opacity: \(i)}]\n"
            let ok = (try? SceneLoader.parse(yaml, file: sceneFile, baseDirectory: "/")) != nil
            outcomes.record(i, ok)
        }
        for i in 0 ..< 16 { #expect(outcomes.value(i) == (i % 2 == 0 || i == 1)) }
    }
}

final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: Bool] = [:]
    func record(_ i: Int, _ ok: Bool) { lock.lock(); results[i] = ok; lock.unlock() }
    func value(_ i: Int) -> Bool? { lock.lock(); defer { lock.unlock() }; return results[i] }
}
