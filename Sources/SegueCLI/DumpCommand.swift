// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueRender
import SegueDisplayList
import SegueScene
import SegueTimeline

struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print the evaluated layer geometry of each frame as JSON.",
        usage: "segue dump <scene> [--frames <frames>] [--keyPath <key-path>] ... [options]",
        discussion: """
        For each frame and layer: opacity, hidden, the 4×4 matrix to the canvas and the projected \
        corners. The output's shape is in docs/cli.md.

        Examples:
          segue dump scenes/flip.yaml --frames 17 | jq '.frames[0].layers[0]'
          segue dump scenes/flip.yaml --keyPath transform.rotation.y --keyPath opacity
          segue dump scenes/flip.yaml --time 0.289 --time 0.431     # exact instants
        """)

    @Argument(help: "The scene file.")
    var scene: String

    @Option(help: "Only these frames (from 0), e.g. 0-10,12,30-.")
    var frames: FrameRange?

    @Option(name: [.customLong("keyPath"), .customLong("key-path")],
            help: "Add each layer's value of this key path (e.g. opacity, position, transform.rotation.y); repeatable.")
    var keyPaths: [String] = []

    @Option(name: .customLong("time"), help: "Only this instant, in seconds (repeatable; instead of --frames).")
    var times: [Double] = []

    @Flag(help: "Add each layer's \"source\": the file:line:column that made it (its line in the scene file, or the Swift line an imported animator created it at).")
    var sources = false

    @Flag(help: "Print the scene with its presets expanded (as 'segue expand' does) instead of geometry.")
    var expand = false

    @OptionGroup var sampling: SamplingOptions

    func validate() throws {
        if !times.isEmpty && frames != nil { throw ValidationError("Give --frames or --time, not both.") }
        for t in times where !(t >= 0 && t.isFinite) { throw ValidationError("--time must be 0 or more, got \(t).") }
    }

    func run() throws {
        if expand { return try ExpandCommand.parse([scene]).run() }
        try Diagnostics.failing {
            let loaded = try sampling.load(scene)
            let timeline = Timeline(scene: loaded)
            var keys: [AnimatableKeyPath] = []
            for text in keyPaths {
                let key = try PropertyArguments.keyPath(text)
                if !keys.contains(key) { keys.append(key) }
            }
            let range = try (frames ?? FrameRange(argument: "0-")!).resolve(frameCount: timeline.frameCount, scene: scene)
            // Each instant to dump: (frame index, time).
            let instants: [(Int, Double)] = times.isEmpty
                ? range.map { ($0, timeline.time(ofFrame: $0)) }
                : times.map { t in (Int((t * loaded.canvas.fps + 1e-9).rounded(.down)), t) }
            let text = GeometryDumpWriter.document(timeline, instants: instants.map { GeometryDumpWriter.Instant(index: $0.0, time: $0.1) },
                                             keyPaths: keys, sources: sources)
            Console.out(text)
        }
    }
}
