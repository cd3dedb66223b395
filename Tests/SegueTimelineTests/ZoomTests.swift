// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueScene
@testable import SegueTimeline
import Testing
import SeguePresets
import SegueGeometry

private let here = SourceLocation(file: "test.yaml", line: 1, column: 1)

private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
private func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool { near(a.x, b.x, tolerance) && near(a.y, b.y, tolerance) }

/// A finger moving in a straight line from `p0` at `t0` to `p1` at `t1`.
private func finger(_ t0: Double, _ p0: Point, _ t1: Double, _ p1: Point) -> GestureSpec {
    GestureSpec(samples: [.init(time: t0, x: p0.x, y: p0.y), .init(time: t1, x: p1.x, y: p1.y)], location: here)
}

/// UIScrollView zooming, against values worked out by hand from UIKit's definitions and the
/// seed's rules (docs/timeline.md, "Zooming").
struct ZoomTests {
    /// A 1000 × 1000 zoomed view in a 390 × 844 scroll view at the canvas origin, no centring.
    func scrollView(_ zoom: ZoomSpec, offset: Point = Point(x: 300, y: 100), gestures: [ScrollGesture],
                    viewport: Size = Size(width: 390, height: 844), bounces: Bool = true) -> ZoomingScrollSimulation {
        let spec = ScrollSpec(contentSize: .zero, contentOffset: offset, bounces: bounces, zoom: zoom, gestures: gestures, location: here)
        return ZoomingScrollSimulation(spec: spec, viewport: viewport, zoomViewSize: Size(width: 1000, height: 1000), viewOrigin: .zero)
    }

    /// The zoomed view's point under `c` in state `s` (no centring inset): (offset + c) / scale.
    func pointUnder(_ c: Point, _ s: ZoomState) -> Point {
        Point(x: (s.offset.x + c.x) / s.scale, y: (s.offset.y + c.y) / s.scale)
    }

    // MARK: The content point under the centroid

    /// Zoom 1, offset (300, 100); two fingers 100 pt apart about (200, 400) spread to 200 pt in
    /// 1 s. Under the centroid at touch-down: ((300 + 200) / 1, (100 + 400) / 1) = (500, 500).
    /// At 0.5 s the fingers are 150 pt apart: scale 1 × 150/100 = 1.5, and the offset that keeps
    /// (500, 500) under (200, 400) is (500 × 1.5 − 200, 500 × 1.5 − 400) = (550, 350); at 1 s
    /// scale 2, offset (800, 600). The content is 1000·z square, so those offsets are inside it.
    @Test func theContentPointUnderTheCentroidStaysUnderItWhileZooming() {
        let pinch = ScrollGesture.pinch(finger(0, Point(x: 150, y: 400), 1, Point(x: 100, y: 400)),
                                        finger(0, Point(x: 250, y: 400), 1, Point(x: 300, y: 400)))
        let s = scrollView(ZoomSpec(minimum: 0.5, maximum: 4, initial: 1), gestures: [pinch])
        #expect(near(s.state(at: 0.5).scale, 1.5))
        #expect(near(s.state(at: 0.5).offset, Point(x: 550, y: 350)))
        #expect(near(s.state(at: 1).scale, 2))
        #expect(near(s.state(at: 1).offset, Point(x: 800, y: 600)))
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(near(pointUnder(Point(x: 200, y: 400), s.state(at: t)), Point(x: 500, y: 500), 1e-9), "t = \(t)")
        }
        // Within the limits and the content, nothing moves after the fingers lift.
        #expect(s.state(at: 3) == s.state(at: 1))
    }

    /// The centroid moves as well: finger A (150, 400) → (100, 300), B (250, 400) → (400, 300).
    /// The centroid goes (200, 400) → (250, 300) and the distance 100 → 300 pt: scale 3, and
    /// (500, 500) sits under (250, 300) at offset (500 × 3 − 250, 500 × 3 − 300) = (1250, 1200).
    @Test func theContentFollowsAMovingCentroid() {
        let pinch = ScrollGesture.pinch(finger(0, Point(x: 150, y: 400), 1, Point(x: 100, y: 300)),
                                        finger(0, Point(x: 250, y: 400), 1, Point(x: 400, y: 300)))
        let s = scrollView(ZoomSpec(minimum: 0.5, maximum: 4, initial: 1), gestures: [pinch])
        #expect(near(s.state(at: 1).scale, 3))
        #expect(near(s.state(at: 1).offset, Point(x: 1250, y: 1200)))
        for t in stride(from: 0.0, through: 1.0, by: 0.1) {
            let a = Point(x: 150 - 50 * t, y: 400 - 100 * t), b = Point(x: 250 + 150 * t, y: 400 - 100 * t)
            let c = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            #expect(near(pointUnder(c, s.state(at: t)), Point(x: 500, y: 500), 1e-9), "t = \(t)")
        }
    }

    // MARK: Rubber band and spring back

    /// At the maximum 2, fingers spread 1 → 1.5 (pinch form, span 100): the pinch asks for
    /// 2 × 1.5 = 3, which is 50 % past the maximum. Segue's band: 2 × (1 + (1 − 1/(0.5 × 0.55 + 1)))
    /// = 2 × (1 + 0.215686…) = 2.431373. Half way (1.25, asking 2.5, 25 % past):
    /// 2 × (1 + 1 − 1/(0.25 × 0.55 + 1)) = 2 × 1.120879 = 2.241758.
    @Test func pastTheMaximumAPinchRubberBandsAndSpringsBack() {
        let (a, b) = ScrollGesture.pinchFingers(center: Point(x: 195, y: 422), from: 1, to: 1.5, begin: 0, duration: 1, release: 1.2,
                                                span: 100, angle: 0, location: here)
        let s = scrollView(ZoomSpec(minimum: 0.5, maximum: 2, initial: 2), offset: Point(x: 800, y: 600), gestures: [.pinch(a, b)])
        #expect(near(s.state(at: 0.5).scale, 2.241758, 1e-6))
        #expect(near(s.state(at: 1).scale, 2.431373, 1e-6))
        #expect(near(s.state(at: 1.2).scale, 2.431373, 1e-6)) // held until the fingers lift
        // Released at 1.2 s: a critically damped return that never passes the limit and is
        // there after its 0.5 s.
        var previous = s.state(at: 1.2).scale
        for t in stride(from: 1.22, through: 1.7, by: 0.02) {
            let z = s.state(at: t).scale
            #expect(z <= previous + 1e-12 && z >= 2 - 1e-12, "t = \(t): \(z)")
            previous = z
        }
        #expect(s.state(at: 1.2 + ZoomBounce.springBackDuration).scale == 2)
        #expect(s.end == 1.2 + ZoomBounce.springBackDuration)
        // The offset stays within the content here, so the point under the fingers' centroid
        // (195, 422) stays under it on the way back too: ((800 + 195) / 2, (600 + 422) / 2).
        for t in stride(from: 1.2, through: 1.7, by: 0.05) {
            #expect(near(pointUnder(Point(x: 195, y: 422), s.state(at: t)), Point(x: 497.5, y: 511), 1e-9), "t = \(t)")
        }
    }

    /// At the minimum 0.5, the fingers close to half their distance: the pinch asks for 0.25,
    /// 50 % under the minimum; the band shows 0.5 × (1 − (1 − 1/(0.5 × 0.55 + 1))) = 0.5 × 0.784314 = 0.392157.
    /// With no further limit, it never goes below 0.5 / 1.55 = 0.322581 however far the fingers close.
    @Test func belowTheMinimumAPinchRubberBandsAndSpringsBack() {
        let (a, b) = ScrollGesture.pinchFingers(center: Point(x: 195, y: 422), from: 1, to: 0.5, begin: 0, duration: 1, release: 1,
                                                span: 200, angle: .pi / 2, location: here)
        let s = scrollView(ZoomSpec(minimum: 0.5, maximum: 2, initial: 0.5), offset: .zero, gestures: [.pinch(a, b)])
        #expect(near(s.state(at: 1).scale, 0.392157, 1e-6))
        #expect(s.state(at: 1 + ZoomBounce.springBackDuration).scale == 0.5)
        #expect(ZoomBounce.band(1e-9, minimum: 0.5, maximum: 2) > 0.322580)
        #expect(ZoomBounce.band(1e-9, minimum: 0.5, maximum: 2) < 0.322581)
        // The view's 500 pt at the minimum fits the 390-pt-wide viewport's height but not its
        // width; the offset returns inside the content: (0…110, 0).
        let rest = s.state(at: 2)
        #expect(rest.offset.x >= 0 && rest.offset.x <= 110 + 1e-9 && rest.offset.y == 0)
    }

    /// Without bouncesZoom the zoom stops at the limit: a pinch asking for 3 shows 2.
    @Test func withoutBouncesZoomThePinchStopsAtTheLimit() {
        let (a, b) = ScrollGesture.pinchFingers(center: Point(x: 195, y: 422), from: 1, to: 1.5, begin: 0, duration: 1, release: 1,
                                                span: 100, angle: 0, location: here)
        let s = scrollView(ZoomSpec(minimum: 0.5, maximum: 2, initial: 2, bounces: false), offset: Point(x: 800, y: 600), gestures: [.pinch(a, b)])
        #expect(s.state(at: 0.5).scale == 2)
        #expect(s.state(at: 1).scale == 2)
        #expect(s.end == 1)
    }

    // MARK: Calls and the double tap

    /// setZoomScale(2, animated: true) at 1 s from scale 1, offset (300, 100), in a 390 × 844
    /// view: the point at the centre, (300 + 195, 100 + 422) = (495, 522), stays there, so the
    /// target offset is (495 × 2 − 195, 522 × 2 − 422) = (795, 622). It takes 0.3 s, eased in
    /// and out: half way in time is half way in value (the curve is symmetric).
    @Test func setZoomScaleAnimatesAboutTheCentreInAThirdOfASecond() {
        let s = scrollView(ZoomSpec(minimum: 0.5, maximum: 4, initial: 1),
                           gestures: [.setZoomScale(time: 1, scale: 2, animated: true, location: here)])
        #expect(s.state(at: 1) == ZoomState(scale: 1, offset: Point(x: 300, y: 100)))
        #expect(near(s.state(at: 1.15).scale, 1.5, 1e-6))
        #expect(near(s.state(at: 1.15).offset, Point(x: 547.5, y: 361), 1e-4))
        #expect(s.state(at: 1.3) == ZoomState(scale: 2, offset: Point(x: 795, y: 622)))
        #expect(ZoomSpec.animationDuration == 0.3)
        let now = scrollView(ZoomSpec(minimum: 0.5, maximum: 4, initial: 1),
                             gestures: [.setZoomScale(time: 1, scale: 9, animated: false, location: here)])
        // Not animated, and clamped to the maximum 4: (495 × 4 − 195, 522 × 4 − 422) = (1785, 1666).
        #expect(now.state(at: 1) == ZoomState(scale: 4, offset: Point(x: 1785, y: 1666)))
    }

    /// zoom(to: [400, 300, 195, 211]) at scale 1: min(390 / 195, 844 / 211) = min(2, 4) = 2;
    /// the rect's centre (497.5, 405.5) goes to the view's centre (195, 422):
    /// offset (497.5 × 2 − 195, 405.5 × 2 − 422) = (800, 389).
    @Test func zoomToShowsTheRectCentred() {
        let s = scrollView(ZoomSpec(minimum: 0.5, maximum: 4, initial: 1),
                           gestures: [.zoomTo(time: 0.5, rect: Rect(x: 400, y: 300, width: 195, height: 211), animated: true, location: here)])
        #expect(s.state(at: 0.8) == ZoomState(scale: 2, offset: Point(x: 800, y: 389)))
    }

    /// A 400 × 400 view at scale 1 (minimum 1, maximum 3), offset (0, 0): a double tap at
    /// (100, 100) zooms to 3 with the tapped point (100, 100) in the middle: offset
    /// (100 × 3 − 200, 100 × 3 − 200) = (100, 100). It starts when the second tap lifts,
    /// 0.15 + 0.05 s after the first touches down, and takes 0.3 s. A second double tap,
    /// zoomed in, goes back to 1 about the centre: the centre shows (300 / 3, 300 / 3) =
    /// (100, 100), whose offset at 1 would be −100, clamped to 0.
    @Test func aDoubleTapZoomsInToThePointThenBackOut() {
        let s = scrollView(ZoomSpec(minimum: 1, maximum: 3, initial: 1), offset: .zero,
                           gestures: [ScrollGesture.doubleTap(at: Point(x: 100, y: 100), time: 1, location: here),
                                      ScrollGesture.doubleTap(at: Point(x: 300, y: 300), time: 2, location: here)],
                           viewport: Size(width: 400, height: 400))
        // (Times such as 1 + 0.15 + 0.05 are not exact in binary: compare within 1e-9.)
        #expect(s.state(at: 1.2 - 1e-9) == ZoomState(scale: 1, offset: .zero))
        #expect(s.state(at: 1.3).scale > 1)
        let zoomedIn = s.state(at: 1.5 + 1e-9)
        #expect(zoomedIn.scale == 3 && near(zoomedIn.offset, Point(x: 100, y: 100)))
        #expect(s.state(at: 2.5 + 1e-9) == ZoomState(scale: 1, offset: .zero))
        #expect(near(s.end, 2.5))
    }

    // MARK: The gallery (seed 000)

    /// A PNG header of the given size: all the preset and the decoder read before rendering.
    func pngHeader(_ w: UInt32, _ h: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be(w) + be(h) + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    }

    func gallery(_ w: UInt32, _ h: UInt32, gestures: String? = nil) throws -> Timeline {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-zoom-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(pngHeader(w, h)).write(to: URL(fileURLWithPath: dir + "/photo.png"))
        let yaml = """
        canvas: {size: [390, 844]}
        transition: {preset: zoomGallery, contents: photo.png\(gestures.map { ", gestures: \($0)" } ?? "")}
        """
        return Timeline(scene: try SceneLoader.parse(yaml, file: "gallery.yaml", baseDirectory: dir))
    }

    /// The photo layer's frame on screen at `t`: position − scale × size / 2 (anchor 0.5).
    func photoFrame(_ timeline: Timeline, at t: Double) -> (scale: Double, frame: Rect, offset: Point) {
        let gallery = timeline.layers(at: t).first { $0.id == "gallery" }!
        let photo = gallery.sublayers.first { $0.id == "photo" }!
        let z = photo.transform.m11
        #expect(photo.transform.m22 == z)
        let w = z * photo.bounds.width, h = z * photo.bounds.height
        return (z, Rect(x: photo.position.x - w / 2, y: photo.position.y - h / 2, width: w, height: h), gallery.bounds.origin)
    }

    /// A landscape 1600 × 1200 photo on 390 × 844: min(390 / 1600, 844 / 1200) = min(0.24375,
    /// 0.703333) = 0.24375, a 390 × 292.5 frame; the constraints are max(0, (390 − 390) / 2) = 0
    /// and max(0, (844 − 292.5) / 2) = 275.75. The maximum is max(1, 2 × 0.24375) = 1.
    @Test func aLandscapePhotoStartsAspectFitAndCentred() throws {
        let timeline = try gallery(1600, 1200)
        let scroll = timeline.scene.layers.first { $0.id == "gallery" }!.scroll!
        #expect(scroll.zoom?.minimum == 0.24375)
        #expect(scroll.zoom?.initial == 0.24375)
        #expect(scroll.zoom?.maximum == 1)
        let start = photoFrame(timeline, at: 0)
        #expect(start.scale == 0.24375)
        #expect(near(start.frame.minX, 0) && near(start.frame.minY, 275.75))
        #expect(near(start.frame.width, 390) && near(start.frame.height, 292.5))
        #expect(start.offset == .zero)
        let sim = timeline.zoomingScroll(of: "gallery")!
        // At 0.5 the frame is 800 × 600: x inset max(0, (390 − 800) / 2) = 0, y (844 − 600) / 2 = 122.
        #expect(sim.inset(at: 0.5) == Point(x: 0, y: 122))
        #expect(sim.contentSize(at: 0.5) == Size(width: 800, height: 844))
        // At 1: 1600 × 1200, larger than the screen both ways: no inset.
        #expect(sim.inset(at: 1) == .zero)
    }

    /// A portrait 900 × 2400 photo: min(390 / 900, 844 / 2400) = min(0.433333, 0.351667) =
    /// 0.351667, a 316.5 × 844 frame; the constraints are (390 − 316.5) / 2 = 36.75 and 0.
    @Test func aPortraitPhotoStartsAspectFitAndCentred() throws {
        let timeline = try gallery(900, 2400)
        let start = photoFrame(timeline, at: 0)
        #expect(near(start.scale, 844.0 / 2400))
        #expect(near(start.frame.minX, 36.75) && near(start.frame.minY, 0))
        #expect(near(start.frame.width, 316.5) && near(start.frame.height, 844))
        #expect(start.offset == .zero)
    }

    /// The gallery's own double tap on the landscape photo: from 0.24375 to the maximum 1 about
    /// the tapped point (195, 422), the photo's centre (800, 600): offset (800 − 195, 600 − 422) =
    /// (605, 178), inside the 1600 × 1200 content. While the photo is narrower than the screen
    /// it stays centred by the constraints.
    @Test func theGallerysDoubleTapZoomsToTheMaximumAboutThePoint() throws {
        let timeline = try gallery(1600, 1200, gestures: "[{doubleTap: {at: [195, 422], time: 0.5}}]")
        let end = photoFrame(timeline, at: 1)
        #expect(end.scale == 1)
        #expect(end.offset == Point(x: 605, y: 178))
        #expect(near(end.frame.minX, 0) && near(end.frame.minY, 0))
        // Half way in time the scale is half way: 0.621875, the frame 995 × 746.25, wider than the
        // screen (no x inset) but shorter: y inset (844 − 746.25) / 2 = 48.875.
        let mid = photoFrame(timeline, at: 0.7 + 0.15)
        #expect(near(mid.scale, 0.621875, 1e-6))
        #expect(near(mid.frame.minY, (844 - mid.scale * 1200) / 2, 1e-9))
    }

    // MARK: Fingers

    /// `touches: [{pinch: …}]` draws both fingers: centre (195, 422), span 120, from 1 to 2 over
    /// 1 s at 45°; half way the spread is 120 × 1.5 = 180, 90 either side: ±(90 cos 45°,
    /// −90 sin 45°) = ±(63.6396, −63.6396).
    @Test func aPinchInTouchesShowsTwoFingers() throws {
        let yaml = """
        canvas: {size: [390, 844]}
        touches:
          - pinch: {center: [195, 422], from: 1, to: 2, begin: 0, duration: 1}
        """
        let timeline = Timeline(scene: try SceneLoader.parse(yaml, file: "t.yaml", baseDirectory: "/"))
        let fingers = timeline.touchLocations(at: 0.5)
        #expect(fingers.count == 2)
        let d = 90 * (0.5).squareRoot()
        #expect(near(fingers[0], Point(x: 195 + d, y: 422 - d), 1e-9))
        #expect(near(fingers[1], Point(x: 195 - d, y: 422 + d), 1e-9))
        #expect(timeline.duration == 1)
    }
}
