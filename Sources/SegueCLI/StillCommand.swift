// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueRender
import SegueDisplayList
import SegueEncode
import SegueRaster
import SegueTimeline

struct StillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "still",
        abstract: "Render one instant of a scene to a PNG.",
        usage: "segue still <scene> [--time <time>] [-o <output>] [options]",
        discussion: """
        Without -o, scenes/NAME.yaml at time T goes to out/NAME-T.png. More in docs/cli.md.

        Examples:
          segue still scenes/flip.yaml --time 0.36 -o out/flip-mid.png
          segue still scenes/flip.yaml --frame 20 -o out/frame20.png
        """)

    @Argument(help: "The scene file.")
    var scene: String

    @Option(help: "The time in seconds (may be past the end: the end state holds).")
    var time: Double?

    @Option(help: "A frame index instead of a time (time = frame / fps).")
    var frame: Int?

    @Option(name: .shortAndLong, help: "The PNG to write (default out/NAME-TIME.png).")
    var output: String?

    @OptionGroup var sampling: SamplingOptions

    @Flag(help: "Draw scripted fingers as translucent discs, like the Simulator's Show Touches.")
    var showTouches = false

    func validate() throws {
        if let output { try OutputNaming.checkPNG(output, what: "a PNG image") }
        if time != nil && frame != nil { throw ValidationError("Give --time or --frame, not both.") }
        if let time, !(time >= 0 && time.isFinite) { throw ValidationError("--time must be 0 or more, got \(time).") }
        if let frame, frame < 0 { throw ValidationError("--frame must be 0 or more, got \(frame).") }
    }

    func run() throws {
        try Diagnostics.failing {
            let loaded = try sampling.load(scene)
            let timeline = Timeline(scene: loaded)
            let t = time ?? frame.map { timeline.time(ofFrame: $0) } ?? 0
            let list = DisplayListBuilder.build(timeline, time: t, showTouches: showTouches)
            let rasterizer = Rasterizer()
            try rasterizer.checkResources(list)
            let image = try rasterizer.render(list)
            let name = URL(fileURLWithPath: scene).deletingPathExtension().lastPathComponent
            let target = output ?? "out/\(name)-\(String(format: "%.3f", t)).png"
            let created = try OutputFolders.prepare(target)
            try PNGWriter.write(image, to: URL(fileURLWithPath: target))
            Diagnostics.note(String(format: "%@ → %@  (t = %.3f s, %d×%d px%@)", scene, target == "-" ? "standard output" : target,
                                    t, image.width, image.height, created), quiet: false)
        }
    }
}
