// SPDX-License-Identifier: Apache-2.0
import CCairo
import Foundation
@testable import SegueRaster
import SegueDisplayList
import SegueGeometry
import SegueScene

// Helpers shared by the rasterizer tests: building display lists by hand, reading pixels,
// writing PNG fixtures, and an analytic model of a layer rotated about y or x under perspective.

let testLocation = SourceLocation(file: "scene.yaml", line: 7, column: 5)

/// Straight 8-bit colour as the tests think about it.
struct RGB8: Equatable, CustomStringConvertible {
    var r, g, b: Int
    var description: String { "(\(r), \(g), \(b))" }
    var color: RGBAColor { RGBAColor(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255) }
}

/// A background every test uses: each channel an exact multiple of 1/255.
let testBackground = RGB8(r: 51, g: 102, b: 153)

func node(_ id: String = "n", transform: Transform3D, bounds: Rect, opacity: Double = 1,
          hidden: Bool = false, frontFacing: Bool = true, doubleSided: Bool = true,
          masksToBounds: Bool = false, background: RGBAColor = .clear, cornerRadius: Double = 0,
          borderWidth: Double = 0, borderColor: RGBAColor = .black, image: ImageContents? = nil,
          text: TextSpec? = nil, children: [DisplayNode] = []) -> DisplayNode {
    DisplayNode(id: id, transform: transform, bounds: bounds, opacity: opacity, isHidden: hidden,
                isFrontFacing: frontFacing, doubleSided: doubleSided, masksToBounds: masksToBounds,
                content: LayerContent(size: bounds.size, backgroundColor: background, cornerRadius: cornerRadius,
                                      borderWidth: borderWidth, borderColor: borderColor, image: image, text: text,
                                      clipsContentsToCorners: masksToBounds),
                children: children)
}

func displayList(_ roots: [DisplayNode], width: Double, height: Double, scale: Double,
                 background: RGBAColor = testBackground.color) -> DisplayList {
    DisplayList(frameIndex: 0, time: 0, canvasSize: Size(width: width, height: height), scale: scale,
                background: background, roots: roots)
}

extension RasterImage {
    /// Un-premultiplied colour and alpha at a pixel.
    func rgb(_ x: Int, _ y: Int) -> RGB8 {
        let p = pixel(x: x, y: y)
        guard p.a > 0 else { return RGB8(r: 0, g: 0, b: 0) }
        func un(_ c: UInt8) -> Int { Int((Double(c) * 255 / Double(p.a)).rounded()) }
        return RGB8(r: un(p.r), g: un(p.g), b: un(p.b))
    }

    func isBackground(_ x: Int, _ y: Int) -> Bool {
        let p = pixel(x: x, y: y)
        return p.a == 255 && Int(p.r) == testBackground.r && Int(p.g) == testBackground.g && Int(p.b) == testBackground.b
    }

    /// Writes the image as a PNG (for looking at renders; set SEGUE_RASTER_DUMP=/some/dir).
    func writePNG(_ path: String) {
        var copy = pixels
        copy.withUnsafeMutableBytes { buf in
            let s = cairo_image_surface_create_for_data(buf.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                                        CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(bytesPerRow))
            cairo_surface_write_to_png(s, path)
            cairo_surface_destroy(s)
        }
    }
}

func dump(_ image: RasterImage, _ name: String) {
    guard let dir = ProcessInfo.processInfo.environment["SEGUE_RASTER_DUMP"] else { return }
    image.writePNG(dir + "/" + name + ".png")
}

func close(_ a: RGB8, _ b: RGB8, _ tolerance: Int) -> Bool {
    abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance && abs(a.b - b.b) <= tolerance
}

/// A fresh temporary directory for fixture files.
func temporaryDirectory() -> String {
    let dir = NSTemporaryDirectory() + "segue-raster-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

/// Writes a PNG whose pixel (x, y) has the straight colour `color(x, y)`, fully opaque.
func writePNG(_ path: String, width: Int, height: Int, color: (Int, Int) -> RGB8) {
    let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    let stride = Int(cairo_image_surface_get_stride(s))
    let data = cairo_image_surface_get_data(s)!
    for y in 0 ..< height {
        for x in 0 ..< width {
            let c = color(x, y)
            let i = y * stride + x * 4
            data[i] = UInt8(c.b); data[i + 1] = UInt8(c.g); data[i + 2] = UInt8(c.r); data[i + 3] = 255
        }
    }
    cairo_surface_mark_dirty(s)
    cairo_surface_write_to_png(s, path)
    cairo_surface_destroy(s)
}

/// A square layer of side `side` points, centred at `centre` on the canvas, rotated by `angle`
/// about the y axis (or x axis) through its centre, with an eye `distance` points away, and
/// optionally pushed `towardViewer` points along +z after the rotation: the usual flip set-up
/// `T(−side/2) · R · T(0, 0, z) · perspective(d) · T(centre)`.
/// The forward and inverse maps below are worked out by hand, not with the matrix code.
struct PerspectiveCard {
    var side: Double
    var centre: Point
    var angle: Double
    var distance: Double
    var aboutX = false
    var towardViewer = 0.0

    var transform: Transform3D {
        Transform3D.translation(-side / 2, -side / 2)
            .then(.rotation(angle, aboutX ? 1 : 0, aboutX ? 0 : 1, 0))
            .then(.translation(0, 0, towardViewer))
            .then(.perspective(distance))
            .then(.translation(centre.x, centre.y))
    }

    /// Layer point (0…side) for a canvas point, and the W the layer point has. About y: a point
    /// (x, y) relative to the centre goes to (x cos θ, y, −x sin θ + z), so W = 1 + (x sin θ − z)/d,
    /// X = x cos θ / W, Y = y / W. Solving X(1 + (x s − z)/d) = x c for x gives the inverse.
    /// About x: (x, y) goes to (x, y cos θ, y sin θ + z), W = 1 − (y sin θ + z)/d.
    func layerPoint(canvas p: Point) -> (x: Double, y: Double, w: Double) {
        let c = cos(angle), s = sin(angle), d = distance, z = towardViewer
        let X = p.x - centre.x, Y = p.y - centre.y
        if aboutX {
            // Y W = y c with W = (1 − z/d) − y s/d  ⇒  y = Y (1 − z/d) / (c + Y s/d).
            let y = Y * (1 - z / d) / (c + Y * s / d)
            let w = 1 - (y * s + z) / d
            return (X * w + side / 2, y + side / 2, w)
        } else {
            // X W = x c with W = (1 − z/d) + x s/d  ⇒  x = X (1 − z/d) / (c − X s/d).
            let x = X * (1 - z / d) / (c - X * s / d)
            let w = 1 + (x * s - z) / d
            return (x + side / 2, Y * w + side / 2, w)
        }
    }
}

/// Canvas points sampled around a pixel: its centre and eight points `radius` pixels away.
func samplePoints(px: Int, py: Int, scale: Double, radius: Double = 1.5) -> [Point] {
    var out: [Point] = []
    for dy in [-radius, 0, radius] {
        for dx in [-radius, 0, radius] {
            out.append(Point(x: (Double(px) + 0.5 + dx) / scale, y: (Double(py) + 0.5 + dy) / scale))
        }
    }
    return out
}
