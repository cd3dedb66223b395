// SPDX-License-Identifier: Apache-2.0
// Segue as a library: one import for the whole pipeline (scene → timeline → display list →
// raster → encode/diff), for packages that render or compare transitions themselves.
// docs/library.md shows the calls.
@_exported import SegueCharts
@_exported import SegueDecode
@_exported import SegueDiff
@_exported import SegueDisplayList
@_exported import SegueEncode
@_exported import SegueGeometry
@_exported import SeguePresets
@_exported import SegueRaster
@_exported import SegueRender
@_exported import SegueScene
@_exported import SegueTimeline

import Foundation

/// The shortest path from a scene file to pixels.
public enum Segue {
    /// Loads and validates a scene file (YAML or JSON; presets expanded).
    /// - Parameter scale: pixels per point, instead of the scene's `canvas.scale`.
    public static func loadScene(_ path: String, scale: Double? = nil) throws -> Scene {
        var scene = try SceneLoader.load(path: path)
        if let scale { scene.canvas.scale = scale }
        return scene
    }

    /// Renders frame `index` of `scene` (premultiplied BGRA, `canvas.pixelWidth` × `pixelHeight`).
    public static func renderFrame(_ scene: Scene, frame index: Int) throws -> RasterImage {
        let timeline = Timeline(scene: scene)
        let frame = min(max(0, index), timeline.frameCount - 1)
        return try Rasterizer().render(DisplayListBuilder.build(timeline, frame: frame))
    }

    /// Renders frame `index` of the scene file at `path` into a PNG file.
    public static func renderPNG(scene path: String, frame index: Int, to output: URL, scale: Double? = nil) throws {
        let image = try renderFrame(loadScene(path, scale: scale), frame: index)
        try PNGWriter.write(image, to: output)
    }
}
