// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueScene
import Testing

/// Bad input to the carousel rules, the accordion's chevron and semiModal's swipes: each error at
/// its file:line:column with a suggestion.
struct CarouselPresetErrorTests {
    @Test func anUnknownRuleGetsADidYouMean() {
        expectError("canvas: {size: [390, 600]}\ntransition:\n  preset: cardSnap\n  rule: pagesnap\n", .invalidValue, line: 4, column: 9,
                    message: ["pagesnap"], suggestion: ["pageSnap"])
        expectError("canvas: {size: [390, 600]}\nlayers:\n  - {id: c, frame: [0, 0, 390, 300], scroll: {contentSize: [1000, 300], snap: {rule: cards}}}\n",
                    .invalidValue, line: 3, column: 86, message: ["cards"], suggestion: ["cardSnap"])
    }

    @Test func aParameterOfTheOtherRuleSaysWhichRuleItBelongsTo() {
        expectError("canvas: {size: [390, 600]}\ntransition:\n  preset: cardSnap\n  velocityThreshold: 0.4\n", .invalidValue, line: 4, column: 22,
                    message: ["pageSnap"], suggestion: ["rule: pageSnap"])
        expectError("canvas: {size: [390, 600]}\ntransition:\n  preset: cardSnap\n  rule: pageSnap\n  candidates: all\n", .invalidValue, line: 5, column: 15,
                    message: ["cardSnap"], suggestion: ["rule: cardSnap"])
    }

    @Test func snapKeysAreChecked() {
        expectError("canvas: {size: [390, 600]}\nlayers:\n  - {id: c, frame: [0, 0, 390, 300], scroll: {contentSize: [1000, 300], snap: {candidate: all}}}\n",
                    .unknownKey, line: 3, column: 80, suggestion: ["candidates"])
        expectError("canvas: {size: [390, 600]}\nlayers:\n  - {id: c, frame: [0, 0, 390, 300], scroll: {contentSize: [1000, 300], snap: {scrollDuration: 0}}}\n",
                    .invalidValue, line: 3, column: 96, message: ["scrollDuration"], suggestion: ["scrollDuration: 0.3"])
    }

    @Test func aSwipeBeforeTheCardsRestSaysWhenItMayStart() {
        let yaml = """
        canvas: {size: [390, 844]}
        screens:
          library: {content: [{grid: ["A", "B", "C"]}]}
        transition:
          preset: semiModal
          swipes:
            - [[0.1, 300, 500], [0.2, 200, 500]]
        """
        expectError(yaml, .invalidValue, line: 7, column: 7, message: ["0.1 s", "0.3 s"], suggestion: ["0.3 s or later"])
    }

    @Test func swipesAndTheFullScreenScrollDoNotMix() {
        let yaml = """
        canvas: {size: [390, 844]}
        screens:
          library: {content: [{grid: ["A", "B", "C"]}]}
        transition:
          preset: semiModal
          fullScreenAfter: 0.5
          swipes:
            - [[0.5, 300, 500], [0.6, 200, 500]]
        """
        expectError(yaml, .invalidValue, line: 6, column: 20, message: ["fullScreenAfter", "swipes"], suggestion: ["transition each"])
    }

    @Test func theChevronDirectionIsUpOrDown() {
        let yaml = """
        canvas: {size: [390, 844]}
        transition: {preset: accordion, sections: [{title: A, rows: [x]}], chevronDirection: left}
        """
        expectError(yaml, .invalidValue, line: 2, column: 86, message: ["left"], suggestion: ["up"])
    }

    @Test func calculationModeAndACalculationModeOptionClash() {
        let yaml = """
        canvas: {size: [390, 844]}
        screens: {a: {title: A}, b: {title: B}}
        transition: {preset: flip, options: [calculationModePaced], calculationMode: linear}
        """
        expectError(yaml, .invalidValue, line: 3, column: 78, message: ["calculationModePaced"], suggestion: ["keep one"])
    }
}

struct PageSnapPresetNameTests {
    @Test func pageSnapIsARuleNotAPreset() {
        expectError("canvas: {size: [390, 600]}\ntransition: {preset: pageSnap}\n", .invalidValue, line: 2, column: 22,
                    message: ["rule of the cardSnap preset"], suggestion: ["rule: pageSnap"])
    }
}
