// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import SegueScene
@testable import SeguePresets
import Testing

/// `scroll: {zoom, gestures}`, pinches in `touches:` and the zoomGallery preset: what they decode
/// to, and bad input reported at its file:line:column with a suggestion.
struct ZoomDecodingTests {
    static let layer = """
    canvas: {size: [390, 844]}
    layers:
      - id: sv
        frame: [0, 0, 390, 844]
        scroll:

    """

    @Test func zoomKeysDecodeWithUIKitsDefaults() throws {
        let scene = try parse(Self.layer + """
              zoom: {min: 0.5, max: 3, bounces: false, centers: true}
              gestures:
                - pinch: {center: [195, 422], from: 1, to: 2, begin: 0.2, duration: 0.5, release: 0.9}
                - {pan: {points: [[1, 300, 400], [1.2, 200, 400]]}}
                - doubleTap: {at: [100, 120], time: 1.5}
                - setZoomScale: {scale: 2, time: 2.5, animated: false}
                - zoomTo: {rect: [10, 20, 100, 200], time: 3}
            sublayers:
              - {id: photo, frame: [0, 0, 600, 400]}
        """)
        let scroll = try #require(scene.layers.first?.scroll)
        // zoomScale defaults to 1, which lies within [0.5, 3]; bouncesZoom was turned off.
        #expect(scroll.zoom == ZoomSpec(minimum: 0.5, maximum: 3, initial: 1, bounces: false, centers: true, location: scroll.zoom?.location))
        #expect(scroll.gestures.count == 5)
        guard case let .pinch(a, b) = scroll.gestures[0] else { Issue.record("not a pinch"); return }
        // 120 pt apart at 45°: ±60·(cos 45°, −sin 45°) about the centre; lifting at 0.9 s after a 0.5 s spread.
        let d = 60 * (0.5).squareRoot()
        #expect(abs(a.samples[0].x - (195 + d)) < 1e-9 && abs(a.samples[0].y - (422 - d)) < 1e-9)
        #expect(abs(b.samples[0].x - (195 - d)) < 1e-9 && abs(b.samples[0].y - (422 + d)) < 1e-9)
        #expect(a.samples.map(\.time) == [0.2, 0.7, 0.9])
        #expect(scroll.gestures[3] == .setZoomScale(time: 2.5, scale: 2, animated: false, location: scroll.gestures[3].location))
        #expect(scroll.gestures[4].start == 3)
    }

    @Test func aPinchWithOnlyAReleaseEndsItsMotionAsTheFingersLift() throws {
        let scene = try parse("canvas: {size: [390, 844]}\ntouches:\n  - pinch: {center: [195, 422], from: 2, to: 1, duration: 0.4, release: 1}\n")
        // Two fingers, each from 0.6 s (1 − 0.4) to 1 s.
        #expect(scene.touches.count == 2)
        #expect(scene.touches[0].samples.map(\.time) == [0.6, 1])
    }

    @Test func badZoomsAreReportedWhereTheyAre() {
        expectError(Self.layer + "      zoom: {min: 2, max: 1}\n    sublayers: [{id: p, frame: [0, 0, 10, 10]}]\n", .invalidValue, line: 6, column: 27,
                    message: ["'max' (1) is below 'min' (2)"], suggestion: ["maximumZoomScale"])
        expectError(Self.layer + "      zoom: {min: 0.5, max: 2, initial: 3}\n    sublayers: [{id: p, frame: [0, 0, 10, 10]}]\n", .invalidValue, line: 6, column: 41,
                    message: ["'initial' (3)"])
        expectError(Self.layer + "      contentSize: [600, 400]\n      zoom: {min: 0.5, max: 2}\n    sublayers: [{id: p, frame: [0, 0, 10, 10]}]\n",
                    .invalidValue, line: 7, column: 7, message: ["contentSize", "zoomed view's frame"], suggestion: ["remove one"])
        expectError(Self.layer + "      zoom: {min: 0.5, max: 2, view: phot}\n    sublayers: [{id: photo, frame: [0, 0, 10, 10]}]\n", .reference, line: 6, column: 13,
                    message: ["'phot'"], suggestion: ["did you mean 'photo'?"])
        expectError(Self.layer + "      zoom: {minimumZoomScale: 0.5}\n    sublayers: [{id: p, frame: [0, 0, 10, 10]}]\n", .unknownKey, line: 6, column: 14,
                    suggestion: ["did you mean 'min'?"])
        expectError(Self.layer + "      zoom: {min: 0.5, max: 2}\n", .missingKey, line: 6, column: 13, message: ["viewForZooming"])
    }

    @Test func badGesturesAreReportedWhereTheyAre() {
        expectError(Self.layer + """
              zoom: {min: 0.5, max: 2}
              gestures:
                - pinch: {center: [195, 422], to: 2, begin: 0.2, duration: 0.5}
                - doubleTap: {at: [100, 100], time: 0.5}
            sublayers: [{id: p, frame: [0, 0, 10, 10]}]
        """, .invalidValue, line: 9, column: 11, message: ["begins at 0.5 s", "(0.7 s)"], suggestion: ["time order"])
        expectError(Self.layer + """
              contentSize: [600, 900]
              gestures:
                - doubleTap: {at: [100, 100], time: 0.5}
        """, .invalidValue, line: 8, column: 22, message: ["no 'zoom:'"], suggestion: ["zoom: {min"])
        expectError(Self.layer + """
              contentSize: [600, 900]
              drag: {points: [[0, 10, 10], [0.1, 20, 10]]}
              gestures: [{pan: {points: [[0, 10, 10], [0.1, 20, 10]]}}]
        """, .invalidValue, line: 8, column: 7, message: ["'gestures' cannot be combined with 'drag'"])
        expectError("canvas: {size: [390, 844]}\ntouches:\n  - pinch: {center: [195, 422], to: 2, duration: 0.5}\n", .missingKey, line: 3, column: 12,
                    message: ["'begin'", "'release'"], suggestion: ["begin: 0.2"])
        expectError("canvas: {size: [390, 844]}\ntouches:\n  - setZoomScale: {scale: 2, time: 1}\n", .unknownKey, line: 3, column: 5,
                    suggestion: ["a call, not a touch"])
        expectError("canvas: {size: [390, 844]}\ntouches:\n  - fingers: [{points: [[0, 1, 1], [1, 2, 2]]}, {points: [[0.5, 1, 1], [1, 2, 2]]}]\n",
                    .invalidValue, line: 3, column: 49, message: ["touch down together"])
    }

    @Test func theGalleryPresetsErrors() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        try dir.write("notes.txt", "not a picture")
        expectError("canvas: {size: [390, 844]}\ntransition: {preset: zoomGallery, contents: notes.txt}\n", .invalidValue, line: 2, column: 45,
                    message: ["PNG header"], suggestion: ["imageSize: [1200, 800]"], base: dir.path)
        expectError("canvas: {size: [390, 844]}\ntransition: {preset: zoomGallery}\n", .missingKey, line: 2, column: 13,
                    message: ["'contents:'"], suggestion: ["contents: photo.png"], base: dir.path)
        expectError("canvas: {size: [390, 844]}\ntransition: {preset: zoomGallery, contents: phot.png}\n", .io, line: 2, column: 45,
                    message: ["phot.png"], base: dir.path)
        // imageSize stands in for a header: 1200 × 800 on 390 × 844 fits at 390 / 1200 = 0.325.
        let scene = try parse("canvas: {size: [390, 844]}\ntransition: {preset: zoomGallery, contents: notes.txt, imageSize: [1200, 800]}\n", base: dir.path)
        #expect(scene.layers.first?.scroll?.zoom?.minimum == 0.325)
    }
}
