// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueGeometry
import SegueScene

/// zoomGallery — seed 000's StoryPictureViewController (§6): a full-screen UIScrollView holding
/// an aspect-fit UIImageView that the scroll view zooms (`viewForZooming` returns the image view).
/// - setStoryPictureImageViewScale: minimumZoomScale = min(width / imageWidth, height /
///   imageHeight), and zoomScale starts there;
/// - scrollViewDidZoom: the image view's four constraints are set to
///   max(0, (size − imageFrame) / 2), so a photo smaller than the screen stays centred;
/// - a close button in the corner (the seed's storyPictureCloseButton).
/// The image view's bounds are the image's size in points (its intrinsic size, one point per
/// pixel for an image read from a file). The gestures are a scripted pinch out and back in, a
/// pan while zoomed, and a double tap in and out, or `gestures:` of your own.
extension PresetReader {
    func zoomGallery(_ p: PresetParams, _ ctx: PresetContext) throws(SceneError) -> StepOutput {
        let b = NodeBuilder(at: p.node)
        let prefix = ctx.prefix
        if let n = p.node("delay") {
            throw SceneError(.invalidValue, at: location(n), "the zoomGallery preset has no delay: its gestures give their own times",
                             suggestion: "remove 'delay', and give gestures: [...] with the times you want")
        }
        for key in ["from", "to", "direction"] {
            if let n = p.node(key) {
                throw SceneError(.invalidValue, at: location(n), "the zoomGallery preset has no screens or direction: it is one photo, zoomed",
                                 suggestion: "remove '\(key)'; the photo is given with contents: photo.png")
            }
        }
        guard let image = p.node("contents") else {
            throw SceneError(.missingKey, at: location(p.node), "the zoomGallery preset needs the photo, 'contents:'",
                             suggestion: "add contents: photo.png (relative to the scene file)")
        }
        let viewport = ctx.canvas
        let imageSize = try galleryImageSize(image, given: p.node("imageSize"))
        // setStoryPictureImageViewScale: the aspect-fit scale is both the minimum and the start.
        let minimum = ZoomSpec.aspectFitScale(image: imageSize, viewport: viewport)
        // The seed sets no maximum in code (its storyboard's value is not in the article); UIKit's
        // default is 1, one image pixel per point. Segue's default keeps that, but allows at
        // least twice the fit so a photo smaller than the screen still zooms.
        let maximum = try p.number("maxZoom", default: max(1, 2 * minimum), in: minimum ... 1000,
                                   example: "maxZoom: 2")
        // Written in full (the shortest form that reads back the same Double), so the fit is exact.
        var zoom: [(String, Node)] = [("min", b.number(minimum)), ("max", b.number(maximum)),
                                      ("initial", b.number(minimum)), ("centers", b.bool(true)), ("view", b.string(prefix + "photo"))]
        if let n = p.node("doubleTapScale") {
            let s = try number(n, "doubleTapScale", in: minimum ... maximum, what: "between the fit scale \(Quote.number(Self.round9(minimum))) and maxZoom \(Quote.number(Self.round9(maximum)))",
                               example: "doubleTapScale: \(Quote.number(Self.round9(maximum)))")
            zoom.append(("doubleTapScale", b.number(s)))
        }
        if let n = p.node("bounces") { zoom.append(("bounces", n)) }

        // The gestures: given, or the default script on this canvas.
        let gestures = p.node("gestures") ?? defaultGalleryGestures(viewport, b)
        let background = p.node("background") ?? b.string("#000000")
        let photo = b.map([("id", b.string(prefix + "photo")), ("frame", b.rect(Rect(x: 0, y: 0, width: imageSize.width, height: imageSize.height))),
                           ("contents", image)])
        var layers: [Node] = [
            b.map([("id", b.string(prefix + "gallery")), ("frame", b.rect(Rect(x: 0, y: 0, width: viewport.width, height: viewport.height))),
                   ("backgroundColor", background), ("masksToBounds", b.bool(true)),
                   ("scroll", b.map([("zoom", b.map(zoom, flow: true)), ("gestures", gestures)])),
                   ("sublayers", b.list([photo]))]),
        ]
        if try p.node("closeButton").map({ n throws(SceneError) in try bool(n, "closeButton") }) ?? true {
            // storyPictureCloseButton: a round button in the top-left corner, under the status bar.
            let size = 36.0
            layers.append(b.map([("id", b.string(prefix + "close")), ("frame", b.rect(Rect(x: 16, y: 54, width: size, height: size))),
                                 ("backgroundColor", b.string("#FFFFFF40")), ("cornerRadius", b.number(size / 2)),
                                 ("sublayers", b.list([b.map([("id", b.string(prefix + "close-mark")),
                                                              ("frame", b.rect(Rect(x: 0, y: 4, width: size, height: size - 8))),
                                                              ("text", textNode(b.string("×"), size: 26, weight: "bold", color: "#FFFFFF",
                                                                                alignment: "center", b))])]))]))
        }
        // The gestures' times are from the step's start, and the step lasts until the last
        // motion rests (a scene's `duration:`, or a timeline step's, can add a hold).
        var out = StepOutput(layers: layers, animations: [], duration: 0)
        out.ownClock = true
        return out
    }

    /// The photo's size in points: its PNG header (one point per pixel, as UIImage(contentsOfFile:)
    /// reads a file without a scale suffix), or `imageSize: [w, h]`.
    func galleryImageSize(_ image: Node, given: Node?) throws(SceneError) -> Size {
        if let given {
            let v = try numbers(given, "imageSize", counts: [2], shape: "[width, height]", example: "imageSize: [1200, 800]")
            guard v[0] > 0, v[1] > 0, v[0] <= Limits.coordinate, v[1] <= Limits.coordinate else {
                throw rangeError(given, "'imageSize' needs a width and a height greater than 0", "write it like imageSize: [1200, 800]")
            }
            return Size(width: v[0], height: v[1])
        }
        let written = try string(image, "contents", example: "contents: photo.png")
        let expanded = written.hasPrefix("~/") ? NSString(string: written).expandingTildeInPath : written
        let path = expanded.hasPrefix("/") ? expanded : URL(fileURLWithPath: baseDirectory).appendingPathComponent(expanded).path
        if let (w, h) = SceneLimits.pngDimensions(atPath: path), w > 0, h > 0 { return Size(width: Double(w), height: Double(h)) }
        // A missing file is reported by the layer's 'contents:' (with a did-you-mean).
        guard FileManager.default.fileExists(atPath: path) else { return Size(width: 1, height: 1) }
        throw SceneError(.invalidValue, at: location(image), "the zoomGallery preset reads the photo's size from its PNG header, and '\(Quote.name(written))' is not a PNG",
                         suggestion: "give its size in points with imageSize: [1200, 800]")
    }

    /// A double tap in, a pan while zoomed, a pinch out past the maximum (held, then released to
    /// spring back) and a pinch in past the minimum, released to spring back to the fit.
    func defaultGalleryGestures(_ v: Size, _ b: NodeBuilder) -> Node {
        let cx = v.width / 2, cy = v.height / 2
        func point(_ x: Double, _ y: Double) -> Node { b.numbers([Self.round9(x), Self.round9(y)]) }
        func pinch(_ x: Double, _ y: Double, _ from: Double, _ to: Double, _ begin: Double, _ duration: Double, _ release: Double) -> Node {
            b.map([("pinch", b.map([("center", point(x, y)), ("from", b.number(from)), ("to", b.number(to)), ("begin", b.number(begin)),
                                    ("duration", b.number(duration)), ("release", b.number(release))], flow: true))], flow: true)
        }
        func doubleTap(_ x: Double, _ y: Double, _ t: Double) -> Node {
            b.map([("doubleTap", b.map([("at", point(x, y)), ("time", b.number(t))], flow: true))], flow: true)
        }
        let pan = b.map([("pan", b.map([("points", b.list([b.numbers([1.0, Self.round9(cx + 75), Self.round9(cy + 100)]),
                                                           b.numbers([1.2, Self.round9(cx - 25), Self.round9(cy + 80)])], flow: true))], flow: true))],
                        flow: true)
        let items = [
            doubleTap(cx - 60, cy + 20, 0.3),                  // zoom(to:) the maximum around the tap
            pan,                                               // 100 pt in 0.2 s while zoomed
            pinch(cx + 20, cy - 20, 1, 1.6, 2.0, 0.5, 2.7),    // spread past the maximum, held, released
            pinch(cx, cy, 2, 0.5, 3.3, 0.5, 3.95),             // pinched together past the minimum, released
        ]
        return b.list(items)
    }
}
