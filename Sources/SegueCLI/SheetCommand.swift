// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueRender
import SegueDisplayList
import SegueEncode
import SegueRaster
import SegueTimeline
import SegueCharts

/// `segue sheet`: a contact sheet of a scene.
struct SheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Render a contact sheet: evenly spaced frames of a scene in a grid.",
        usage: "segue sheet <scene> [--frames <frames>] [-o <output>] [options]",
        discussion: """
        Without -o, scenes/NAME.yaml goes to out/NAME-sheet.png. More in docs/cli.md.

        Examples:
          segue sheet scenes/preset-flip.yaml
          segue sheet scenes/preset-flip.yaml --frames 8 --columns 4 -o flip.png
        """)

    @Argument(help: "The scene file.")
    var scene: String

    @OptionGroup var limits: LimitOptions

    @Option(name: .shortAndLong, help: "The PNG to write (default out/NAME-sheet.png).")
    var output: String?

    @Option(help: "Frames per row (default: all in one row up to 6).")
    var columns: Int?

    @Option(help: "How many frames, evenly spaced in time (2…100).")
    var frames: Int = 6

    @Option(help: "Pixels per point of each frame (0 < scale ≤ 8).")
    var scale: Double = 0.5

    @Flag(help: "Draw scripted fingers as translucent discs, like the Simulator's Show Touches.")
    var showTouches = false

    func validate() throws {
        if let output { try OutputNaming.checkPNG(output, what: "a PNG contact sheet") }
        if !(2 ... 100).contains(frames) { throw ValidationError("--frames must be between 2 and 100, got \(frames).") }
        if let columns, !(1 ... 100).contains(columns) { throw ValidationError("--columns must be between 1 and 100, got \(columns).") }
        if !(scale > 0 && scale <= 8) { throw ValidationError("--scale must be greater than 0 and at most 8, got \(scale).") }
    }

    func run() throws {
        try Diagnostics.failing {
            // Thumbnails are rendered larger and shrunk with a box filter, so text in them reads
            // like a shrunken screenshot rather than type drawn a few pixels high.
            let thumbnail = try SamplingOptions.load(scene, scale: scale, limits: limits.values).canvas
            let factor = ContactSheet.supersampling(forScale: scale)
            let loaded = try SamplingOptions.load(scene, scale: scale * Double(factor), limits: limits.values)
            let timeline = Timeline(scene: loaded)
            let rasterizer = Rasterizer()
            var cells: [ContactSheet.Cell] = []
            for t in ContactSheet.times(count: frames, duration: timeline.duration) {
                let list = DisplayListBuilder.build(timeline, time: t, showTouches: showTouches)
                try rasterizer.checkResources(list)
                let image = try rasterizer.render(list).downsampled(width: thumbnail.pixelWidth, height: thumbnail.pixelHeight)
                cells.append(ContactSheet.Cell(image: image, label: ContactSheet.label(forTime: t)))
            }
            let name = URL(fileURLWithPath: scene).deletingPathExtension().lastPathComponent
            let sheet = ContactSheet(cells: cells, columns: columns ?? min(frames, 6), title: URL(fileURLWithPath: scene).lastPathComponent)
            let target = output ?? "out/\(name)-sheet.png"
            let created = try OutputFolders.prepare(target)
            let image = try sheet.render()
            try PNGWriter.write(image, to: URL(fileURLWithPath: target))
            Diagnostics.note(String(format: "%@ → %@  (%d frames, %d×%d px%@)", scene, target == "-" ? "standard output" : target,
                                    frames, image.width, image.height, created), quiet: false)
        }
    }
}
