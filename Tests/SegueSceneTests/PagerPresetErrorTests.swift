// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueScene
import Testing

/// Bad input to the photoPager and storyPager presets: each error at its file:line:column with a
/// suggestion. Columns are counted by hand in the YAML below.
struct PagerPresetErrorTests {
    static let feed4 = "canvas: {size: [320, 568]}\nscreens: {feed: {content: [{photoTiles: 4}]}}\n"

    @Test func aTileBeyondTheCellsPhotosIsOutOfRange() {
        // "transition: {preset: photoPager, tile: " is 39 characters: the 5 is column 40.
        expectError(Self.feed4 + "transition: {preset: photoPager, tile: 5}\n", .invalidValue, line: 3, column: 40,
                    message: ["'tile'", "1 and 4"], suggestion: ["tile:"])
        expectError(Self.feed4 + "transition: {preset: photoPager, tile: 1.5}\n", .invalidValue, line: 3, column: 40,
                    message: ["whole number"], suggestion: ["tile: 2"])
    }

    @Test func theMoreButtonNeedsMoreThanSixPhotos() {
        // "transition: {preset: photoPager, more: " is 39 characters: true starts at column 40.
        expectError(Self.feed4 + "transition: {preset: photoPager, more: true}\n", .invalidValue, line: 3, column: 40,
                    message: ["more than six photos", "has 4"], suggestion: ["photoTiles: 8", "tile: 1 … 4"])
    }

    @Test func theTwoTapsAndTheirParametersDoNotMix() {
        let feed8 = "canvas: {size: [320, 568]}\nscreens: {feed: {content: [{photoTiles: 8}]}}\n"
        // "transition: {preset: photoPager, more: true, tile: " is 51 characters: 2 is column 52.
        expectError(feed8 + "transition: {preset: photoPager, more: true, tile: 2}\n", .invalidValue, line: 3, column: 52,
                    message: ["'tile' and 'more'"], suggestion: ["keep one"])
        // "…, more: true, close: " is 52 characters: 2 is column 53.
        expectError(feed8 + "transition: {preset: photoPager, more: true, close: 2}\n", .invalidValue, line: 3, column: 53,
                    message: ["'close'", "他N件"], suggestion: ["remove 'close'"])
        // The pager fades in from 0.4 s for 0.16 s; a close at 0.5 s is before it has: column 41.
        expectError(feed8 + "transition: {preset: photoPager, close: 0.5}\n", .invalidValue, line: 3, column: 41,
                    message: ["0.5 s", "0.16 s"], suggestion: ["close:"])
    }

    @Test func aTileBelowTheScreenCannotBeTapped() {
        // 8 photos under a title on a 320 × 400 screen: the cell starts at 116, tile 5 (150 × 140)
        // at 116 + 292 = 408, its centre at 478, below 400. "…photoPager, tile: " ends at column 39.
        expectError("canvas: {size: [320, 400]}\nscreens: {feed: {title: \"Feed\", content: [{photoTiles: 8}]}}\ntransition: {preset: photoPager, tile: 5}\n",
                    .invalidValue, line: 3, column: 40, message: ["tile 5", "below", "478"], suggestion: ["higher up"])
    }

    @Test func theFeedNeedsPhotoTiles() {
        // The screen's name, `feed`, is at line 2, column 11.
        expectError("canvas: {size: [320, 568]}\nscreens: {feed: {content: [{row: x}]}}\ntransition: {preset: photoPager}\n",
                    .invalidValue, line: 2, column: 11, message: ["no photoTiles"], suggestion: ["photoTiles: 8"])
    }

    @Test func theTapNeedsTimeToLift() {
        // "…photoPager, tile: 2, delay: " ends at column 49.
        expectError("canvas: {size: [320, 568]}\nscreens: {feed: {content: [{photoTiles: 8}]}}\ntransition: {preset: photoPager, tile: 2, delay: 0}\n",
                    .invalidValue, line: 3, column: 50, message: ["tap", "0.1 s"], suggestion: ["delay: 0.1"])
    }

    @Test func aPagerStepsGesturesAreCheckedWhereTheUserWroteThem() {
        // In a timeline the step's swipes are still the user's: a pinch-free pan list with a
        // misspelt key is reported at its own line and column, not at a generated layer.
        expectError("canvas: {size: [320, 568]}\ntimeline:\n  - transition: {preset: storyPager, gestures: [{pna: {}}]}\n", .unknownKey, line: 3, column: 50,
                    suggestion: ["pan"])
    }

    @Test func storyPagerHasNoScreensAndItsKeysAreChecked() {
        expectError("canvas: {size: [320, 568]}\ntransition: {preset: storyPager, from: a}\n", .invalidValue, line: 2, column: 40,
                    message: ["'from'"], suggestion: ["stories:"])
        expectError("canvas: {size: [320, 568]}\ntransition: {preset: storyPager, pgae: 2}\n", .unknownKey, line: 2, column: 34,
                    suggestion: ["did you mean 'page'?"])
        expectError("canvas: {size: [320, 568]}\ntransition: {preset: storyPager, stories: [a, b], page: 2}\n", .invalidValue, line: 2, column: 57,
                    message: ["'page'", "0 and 1"])
    }
}
