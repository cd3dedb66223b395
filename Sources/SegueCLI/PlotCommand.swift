// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueRender
import SegueCharts
import SegueEncode
import SegueGeometry
import SegueScene
import SegueTimeline

struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw how one property of one layer changes over time, as a PNG chart.",
        usage: "segue plot <scene> --layer <layer> --keyPath <key-path> [-o <output>] [options]",
        discussion: """
        Without -o, scenes/NAME.yaml goes to out/NAME-LAYER-KEYPATH.png. More in docs/cli.md.

        Examples:
          segue plot scenes/flip.yaml --layer fromView --keyPath transform.rotation.y
          segue plot scenes/flip.yaml --layer toSnapshot --keyPath frame -o frame.png
          segue plot scenes/spring-bounce.yaml --layer ballCA --keyPath position.x
        """)

    @Argument(help: "The scene file.")
    var scene: String

    @OptionGroup var limits: LimitOptions

    @Option(help: "The id of the layer to plot.")
    var layer: String

    @Option(name: [.customLong("keyPath"), .customLong("key-path")],
            help: "The property to plot, e.g. opacity, position.y, transform.rotation.y, backgroundColor.")
    var keyPath: String

    @Option(name: .shortAndLong, help: "The PNG to write (default out/NAME-LAYER-KEYPATH.png).")
    var output: String?

    @Option(help: "Evenly spaced sample times (2…100000).")
    var samples: Int = 600

    @Option(help: "Start of the plotted time span in seconds (default 0).")
    var from: Double?

    @Option(help: "End of the plotted time span in seconds (default: the end of the scene).")
    var to: Double?

    @Flag(name: .shortAndLong, help: "Do not print where the plot was written.")
    var quiet = false

    func validate() throws {
        if let output { try OutputNaming.checkPNG(output, what: "a PNG plot") }
        if !(2 ... 100_000).contains(samples) { throw ValidationError("--samples must be between 2 and 100000, got \(samples).") }
        if let from, !(from >= 0 && from.isFinite) { throw ValidationError("--from must be 0 or more, got \(from).") }
        if let to, !(to > 0 && to.isFinite) { throw ValidationError("--to must be greater than 0, got \(to).") }
        if let from, let to, !(to > from) { throw ValidationError("--to (\(to)) must be later than --from (\(from)).") }
    }

    func run() throws {
        try Diagnostics.failing {
            let loaded = try SamplingOptions.load(scene, limits: limits.values)
            let timeline = Timeline(scene: loaded)
            let layerID = try PropertyArguments.layer(layer, in: loaded, scenePath: scene)
            let key = try PropertyArguments.keyPath(keyPath)
            let start = from ?? 0
            let end: Double
            if let to {
                end = to
            } else if timeline.duration > start {
                end = timeline.duration
            } else if timeline.duration == 0 {
                end = start + 1                      // a still scene: show a second of it
            } else {
                throw CLIError("--from \(Quote.seconds(start)) is at or after the end of \(scene) (\(Quote.seconds(timeline.duration)) s).",
                               hint: "give a --from before \(Quote.seconds(timeline.duration)), or a --to after it")
            }

            let markerTimes = timeline.markers(layer: layerID, keyPath: key).filter { $0 >= start && $0 <= end }
            var times = (0 ..< samples).map { start + (end - start) * Double($0) / Double(samples - 1) }
            times[samples - 1] = end
            times = Array(Set(times + markerTimes)).sorted()
            var rows: [(Double, [Double])] = []
            for t in times {
                guard let values = timeline.sample(layer: layerID, keyPath: key, at: t) else { continue }
                rows.append((t, values))
            }

            let style = PlotStyle(key)
            let count = rows.first?.1.count ?? 0
            var shown = Array(0 ..< count)
            if key.valueKind == .transform {
                // Only the entries that change, or the diagonal when none does.
                let changing = shown.filter { i in rows.contains { abs($0.1[i] - rows[0].1[i]) > 1e-9 } }
                shown = changing.isEmpty ? [0, 5, 10, 15].filter { $0 < count } : changing
            }
            let series = shown.map { i in
                Plotter.Series(name: style.name(ofComponent: i, count: count),
                               samples: rows.map { Plotter.Sample(time: $0.0, value: i < $0.1.count ? $0.1[i] : .nan) },
                               color: style.color(ofComponent: i),
                               interpolation: key.valueKind == .bool ? .step : .linear)
            }

            let sceneName = URL(fileURLWithPath: scene).lastPathComponent
            var subtitle = "\(sceneName) · \(Quote.seconds(start))–\(Quote.seconds(end)) s · \(samples) samples"
            if let note = style.note { subtitle += " · " + note }
            subtitle += markerTimes.isEmpty ? " · not animated in this span"
                                            : " · dashed: animation begin, end and keyframe times"
            let plotter = Plotter(title: "\(layerID) · \(key.rawValue)", subtitle: subtitle, series: series,
                                  markers: markerTimes.map { Plotter.Marker(time: $0) },
                                  valueUnit: style.unit, secondaryAxis: style.secondaryAxis, timeRange: start ... end,
                                  showsLegend: series.count > 1)   // one line: the title names it
            let image = try plotter.render()

            let name = URL(fileURLWithPath: scene).deletingPathExtension().lastPathComponent
            let target = output ?? "out/\(name)-\(Self.fileSafe(layerID))-\(Self.fileSafe(key.rawValue)).png"
            let created = try OutputFolders.prepare(target)
            try PNGWriter.write(image, to: URL(fileURLWithPath: target))
            Diagnostics.note("\(scene) → \(target)  (\(layerID) \(key.rawValue), \(Quote.seconds(start))–\(Quote.seconds(end)) s, "
                             + "\(samples) samples, \(image.width)×\(image.height) px\(created))", quiet: quiet)
        }
    }

    /// A name part for a file: path separators, spaces and control characters become `_`.
    static func fileSafe(_ s: String) -> String {
        String(s.unicodeScalars.map { c -> Character in
            c == "/" || c == "\\" || c == ":" || c.properties.isWhitespace || c.value < 0x20 ? "_" : Character(c)
        })
    }
}

/// How one key path is labelled on a plot.
struct PlotStyle {
    var key: AnimatableKeyPath
    init(_ key: AnimatableKeyPath) { self.key = key }

    var unit: String? {
        switch key {
        case .rotationX, .rotationY, .rotationZ: "rad"
        case .scale, .scaleX, .scaleY: "×"
        case .position, .positionX, .positionY, .boundsSize, .frame, .cornerRadius, .translationX, .translationY,
             .translationZ, .zPosition, .borderWidth, .boundsOrigin, .shadowRadius, .shadowOffset, .lineWidth, .lineDashPhase: "pt"
        case .opacity, .backgroundColor, .borderColor, .hidden, .transform, .shadowOpacity, .shadowColor, .shadowPath,
             .path, .fillColor, .strokeColor, .strokeStart, .strokeEnd, .colors, .locations, .startPoint, .endPoint, .blur, .contentsRect: nil
        }
    }

    var secondaryAxis: Plotter.SecondaryAxis? { key.valueKind == .angle ? .degrees : nil }

    /// A line for the subtitle saying how to read the values.
    var note: String? {
        switch key.valueKind {
        case .angle: "radians (degrees on the right)"
        case .color: "sRGB components, 0…1"
        case .bool: "1 = \(key.rawValue), 0 = not"
        default: key == .opacity ? "0 = transparent, 1 = opaque" : nil
        }
    }

    func name(ofComponent i: Int, count: Int) -> String {
        let names: [String] = switch key.valueKind {
        case .number, .angle, .bool: [key.rawValue]
        case .point: ["x", "y"]
        case .size: ["width", "height"]
        case .rect: ["origin.x", "origin.y", "width", "height"]
        case .color: ["red", "green", "blue", "alpha"]
        case .transform: (1 ... 4).flatMap { r in (1 ... 4).map { c in "m\(r)\(c)" } }
        case .path: (0 ..< max(count, 1)).map { "\($0 % 2 == 0 ? "x" : "y")\($0 / 2 + 1)" }
        case .colors: (0 ..< max(count, 1)).map { "\(["red", "green", "blue", "alpha"][$0 % 4])\($0 / 4 + 1)" }
        case .numbers: (0 ..< max(count, 1)).map { "location\($0 + 1)" }
        case .blur: ["radius", "saturation", "tint red", "tint green", "tint blue", "tint alpha"]
        }
        return i < names.count ? names[i] : "#\(i + 1)"
    }

    func color(ofComponent i: Int) -> RGBAColor? {
        guard key.valueKind == .color else { return nil }   // the palette
        return [RGBAColor(hex: "#FF3B30")!, RGBAColor(hex: "#34C759")!, RGBAColor(hex: "#007AFF")!, RGBAColor(hex: "#8E8E93")!][i % 4]
    }
}

/// Checking the layer ids and key paths given on the command line, with "did you mean".
enum PropertyArguments {
    /// UIKit names people type for Core Animation key paths.
    static let synonyms: [String: AnimatableKeyPath] = [
        "alpha": .opacity, "isHidden": .hidden, "center": .position, "center.x": .positionX, "center.y": .positionY,
        "size": .boundsSize, "bounds": .boundsSize, "contentOffset": .boundsOrigin, "transform.rotation": .rotationZ,
        "rotation": .rotationZ, "layer.cornerRadius": .cornerRadius,
    ]

    static func keyPath(_ text: String) throws -> AnimatableKeyPath {
        if let key = AnimatableKeyPath(rawValue: text) { return key }
        let all = AnimatableKeyPath.allCases.map(\.rawValue)
        if let synonym = synonyms.first(where: { $0.key.lowercased() == text.lowercased() }) {
            throw CLIError("'\(text)' is not an animatable key path.",
                           hint: "did you mean '\(synonym.value.rawValue)'? (UIKit's '\(synonym.key)' is Core Animation's '\(synonym.value.rawValue)')")
        }
        throw CLIError("'\(text)' is not an animatable key path.",
                       hint: closest(to: text, among: all).map { "did you mean '\($0)'?" } ?? "use one of: " + all.joined(separator: ", "))
    }

    static func layer(_ id: String, in scene: Scene, scenePath: String) throws -> String {
        let ids = scene.allLayers.map(\.id)
        if ids.contains(id) { return id }
        let available = ids.count <= 12 ? ids.joined(separator: ", ") : ids.prefix(12).joined(separator: ", ") + ", … (\(ids.count) layers)"
        if let best = closest(to: id, among: ids) {
            throw CLIError("\(scenePath) has no layer '\(id)'.", hint: "did you mean '\(best)'?")
        }
        throw CLIError("\(scenePath) has no layer '\(id)'.",
                       hint: ids.isEmpty ? "the scene has no layers" : "the layers are: \(available)")
    }

    /// The scene stage's "did you mean": a synonym, a case-insensitive match, or a close spelling.
    static func closest(to word: String, among candidates: [String]) -> String? {
        Suggestions.best(for: word, among: candidates)
    }
}

private enum Quote {
    /// Seconds for a message: at most 3 decimals, no trailing zeros.
    static func seconds(_ t: Double) -> String {
        var s = String(format: "%.3f", t)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
