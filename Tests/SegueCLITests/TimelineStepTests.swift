// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Presets with a scripted finger as steps of a timeline, as a user sees them: the rendered
/// frames of a step that follows a hold are the frames of the same preset alone, later by the
/// hold. Both scenes are rendered by the `segue` binary to raw BGRA and compared byte for byte.
@Suite struct TimelineStepTests {
    /// The committed preset scene's `transition:` as the second step of a timeline after
    /// `hold: 0.5`, and the transition alone; both without the file's own `duration:`.
    static func pair(_ name: String) throws -> (alone: String, timeline: String) {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("scenes/\(name).yaml"), encoding: .utf8)
        var head: [String] = [], body: [String] = []
        var inTransition = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("#") || line.hasPrefix("duration:") { continue }
            if line.hasPrefix("transition:") { inTransition = true; body.append(String(line.dropFirst("transition:".count))); continue }
            if inTransition, !line.isEmpty, !line.hasPrefix(" ") { inTransition = false }
            if inTransition { body.append(line) } else { head.append(line) }
        }
        let alone = head.joined(separator: "\n") + "\ntransition:" + body.joined(separator: "\n") + "\n"
        let indented = body.enumerated().map { $0.offset == 0 || $0.element.isEmpty ? $0.element : "    " + $0.element }
        let timeline = head.joined(separator: "\n") + "\ntimeline:\n  - hold: 0.5\n  - transition:" + indented.joined(separator: "\n") + "\n"
        return (alone, timeline)
    }

    /// The frames of a scene rendered at `scale`, each as raw BGRA bytes.
    static func frames(_ box: Sandbox, _ name: String, _ text: String, scale: String) throws -> [Data] {
        let path = try box.write("\(name).yaml", text)
        let out = box.path("\(name).raw")
        let r = try segue("render", path, "--format", "raw", "--scale", scale, "-o", out, "--quiet")
        #expect(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        // The frame count, from `segue check`'s "… s, N frames at …".
        let check = try segue("check", path).stdout
        let count = check.split(separator: ",").dropFirst().first?.split(separator: " ").first.flatMap { Int($0) } ?? 0
        guard count > 0, data.count % count == 0 else { Issue.record("\(data.count) bytes, \(check)"); return [] }
        let frameBytes = data.count / count
        return stride(from: 0, to: data.count, by: frameBytes).map { data[$0 ..< $0 + frameBytes] }
    }

    /// The timeline's frame i + hold × fps is the lone preset's frame i, for every frame of the
    /// lone preset; the frames of the hold show the step's first frame.
    static func expectShifted(_ name: String, fps: Double, scale: String = "0.5", minFrames: Int = 10) throws {
        let box = try Sandbox()
        defer { box.remove() }
        // The scenes' images are relative to scenes/.
        let (alone, timeline) = try pair(name)
        let images = packageRoot.appendingPathComponent("scenes").path + "/images/"
        let a = try frames(box, "alone", alone.replacingOccurrences(of: "images/", with: images), scale: scale)
        let b = try frames(box, "timeline", timeline.replacingOccurrences(of: "images/", with: images), scale: scale)
        let shift = Int((0.5 * fps).rounded())
        #expect(a.count > minFrames, "\(name): \(a.count) frames")
        // The timeline is as long as the hold and the step, which lasts until its motion settles.
        #expect(b.count == a.count + shift, "\(name): \(b.count) frames in the timeline, \(a.count) alone")
        let differing = a.indices.filter { $0 + shift >= b.count || a[$0] != b[$0 + shift] }
        #expect(differing.isEmpty, "\(name): frames \(differing) differ")
        #expect((0 ..< shift).allSatisfy { b[$0] == a[0] }, "\(name): the hold shows the step's first frame")
        // The motion is real: the lone preset's frames do not all look alike.
        #expect(Set(a).count > 3, "\(name): the preset does not move")
    }

    @Test func zoomGalleryStepIsTheLonePresetShifted() throws { try Self.expectShifted("preset-zoomGallery", fps: 8) }
    @Test func cardSnapStepIsTheLonePresetShifted() throws { try Self.expectShifted("preset-cardSnap", fps: 30) }
    @Test func pageSnapStepIsTheLonePresetShifted() throws { try Self.expectShifted("preset-pageSnap", fps: 30) }
    @Test func photoPagerStepIsTheLonePresetShifted() throws {
        // The thumbnail's tap, fade, swipes and close; and the "他N件" button's push.
        try Self.expectShifted("preset-photoPager", fps: 10)
        // The push is 0.35 s after a 0.4 s tap: 9 frames at the scene's 10 fps.
        try Self.expectShifted("preset-photoPager-more", fps: 10, minFrames: 6)
    }
    @Test func storyPagerStepIsTheLonePresetShifted() throws { try Self.expectShifted("preset-storyPager", fps: 8) }
    /// Two pager steps in one timeline: each step's layers carry its prefix, so the second
    /// step's pager is a layer of its own (a shared id would be rejected as a duplicate).
    @Test func twoPagerStepsDoNotShareLayers() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let step = "{transition: {preset: photoPager, tile: 2, gestures: [], close: 0.6}}"
        let story = "{transition: {preset: storyPager, gestures: []}, duration: 0.2}"
        let path = try box.write("two.yaml", """
            canvas: {size: [320, 568], scale: 1, fps: 10}
            screens: {feed: {content: [{photoTiles: 8}]}}
            timeline: [\(step), \(step), \(story), \(story)]

            """)
        let r = try segue("expand", path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("id: \"pager\""), "an unprefixed pager")
        for id in ["s1-pager", "s2-pager", "s1-feed", "s2-feed", "s2-window", "s3-pages", "s4-pages", "s3-story1", "s4-currentIndex1"] {
            #expect(r.stdout.contains("id: \"\(id)\""), "no layer \(id)")
        }
        // Steps: 0.6 + 0.16 = 0.76 s for each pager (the close's fade ends), then 0.2 s each.
        let check = try segue("check", path)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("1.92 s"), "\(check.stdout)")
    }
    /// A step cut short by its `duration:` does not show the fingers it would have used later:
    /// the pager's close button, tapped at 3 s, is beyond the step's 1.8 s.
    @Test func aStepCutShortShowsNoLaterFinger() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let path = try box.write("cut.yaml", """
            canvas: {size: [320, 568], scale: 1, fps: 10}
            screens: {feed: {content: [{photoTiles: 8}]}}
            timeline:
              - transition: {preset: photoPager, tile: 2, gestures: [], close: 3}
                duration: 1.8
              - hold: 2

            """)
        let r = try segue("expand", path)
        #expect(r.status == 0, "\(r.stderr)")
        // The close button is 70 × 30 pt, 10 pt from the right under the 20 pt status bar:
        // its centre is at (320 − 10 − 35, 20 + 15) = (275, 35). The thumbnail's tap (lift at
        // the default 0.4 s) stays.
        let touches = r.stdout.components(separatedBy: "touches:").dropFirst().first ?? ""
        #expect(touches.contains("[0.4, "), "\(touches)")
        #expect(!touches.contains("275, 35"), "\(touches)")
        // Alone, the preset shows that tap.
        let alone = try box.write("alone.yaml", """
            canvas: {size: [320, 568], scale: 1, fps: 10}
            screens: {feed: {content: [{photoTiles: 8}]}}
            transition: {preset: photoPager, tile: 2, gestures: [], close: 3}

            """)
        let a = try segue("expand", alone)
        #expect(a.stdout.contains("[3, 275, 35]"), "\(a.stdout.components(separatedBy: "touches:").last ?? "")")
    }
    @Test func edgeSwipeBackStepIsTheLonePresetShifted() throws {
        try Self.expectShifted("preset-edgeSwipeBack", fps: 60, scale: "0.25")
        try Self.expectShifted("preset-edgeSwipeBack-cancel", fps: 60, scale: "0.25")
    }
    @Test func interactiveSwiftAnimatorStepIsTheLoneAnimatorShifted() throws {
        // The animator's path is relative to scenes/ too.
        let box = try Sandbox()
        defer { box.remove() }
        let (alone, timeline) = try Self.pair("swift-swipe-dismiss")
        let dir = packageRoot.appendingPathComponent("scenes").path + "/Animators/"
        let a = try Self.frames(box, "alone", alone.replacingOccurrences(of: "Animators/", with: dir), scale: "0.25")
        let b = try Self.frames(box, "timeline", timeline.replacingOccurrences(of: "Animators/", with: dir), scale: "0.25")
        #expect(b.count == a.count + 15 && a.indices.allSatisfy { a[$0] == b[$0 + 15] })
    }
}
