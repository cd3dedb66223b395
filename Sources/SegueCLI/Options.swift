// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueRender
import SegueEncode
import SegueScene
import SeguePresets

/// Options that change how a scene is sampled, shared by render, still and dump.
struct SamplingOptions: ParsableArguments {
    @Option(help: "Frames per second instead of the scene's (1…240).")
    var fps: Double?

    @Option(help: "Pixels per point instead of the scene's (up to 8).")
    var scale: Double?

    @Option(help: ArgumentHelp("Frame width; the height follows the aspect ratio.", valueName: "pixels"))
    var width: Int?

    @Option(help: ArgumentHelp("Frame height; the width follows the aspect ratio.", valueName: "pixels"))
    var height: Int?

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if let fps, !(fps >= 1 && fps <= 240) { throw ValidationError("--fps must be between 1 and 240, got \(fps).") }
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale must be greater than 0 and at most 8, got \(scale).") }
        let sizing = [("--scale", scale != nil), ("--width", width != nil), ("--height", height != nil)].filter(\.1).map(\.0)
        if sizing.count > 1 { throw ValidationError("\(sizing.joined(separator: " and ")) each set the frame size: give one of them.") }
        for (flag, value) in [("--width", width), ("--height", height)] {
            if let value, !(1 ... 16384).contains(value) { throw ValidationError("\(flag) must be between 1 and 16384 pixels, got \(value).") }
        }
    }

    /// Loads a scene and applies the overrides, re-checking the frame size limit.
    func load(_ path: String) throws -> Scene {
        try Self.load(path, fps: fps, scale: scale, width: width, height: height, limits: limits.values)
    }

    /// `width` or `height` (pixels) picks the scale that gives that side exactly; the other side
    /// is the canvas's aspect ratio, rounded to whole pixels.
    static func load(_ path: String, fps: Double? = nil, scale: Double? = nil, width: Int? = nil, height: Int? = nil,
                     limits: SceneLimits) throws -> Scene {
        var scene = try SceneLoader.load(path: path, limits: limits)
        for warning in scene.warnings { Diagnostics.printWarning(warning) }
        CommandInputs.register(scene: scene, path: path)
        if let fps { scene.canvas.fps = fps }
        if let scale { scene.canvas.scale = scale }
        if let width { scene.canvas.scale = Double(width) / scene.canvas.size.width }
        if let height { scene.canvas.scale = Double(height) / scene.canvas.size.height }
        let limit = 16384
        if scene.canvas.pixelWidth > limit || scene.canvas.pixelHeight > limit {
            throw CLIError("\(path): frames would be \(scene.canvas.pixelWidth)×\(scene.canvas.pixelHeight) px; the limit is \(limit) px a side.",
                           hint: "use a smaller --scale")
        }
        if scene.canvas.pixelWidth < 1 || scene.canvas.pixelHeight < 1 {
            throw CLIError("\(path): frames would be empty at scale \(scene.canvas.scale).", hint: "use a larger --scale")
        }
        return scene
    }
}

/// `--limit NAME=VALUE`: raises (or lowers) one of the resource limits of `SceneLimits`.
struct LimitOptions: ParsableArguments {
    // The limits and their defaults are listed in docs/reliability.md.
    @Option(name: .customLong("limit"), help: ArgumentHelp(
        "Change a limit, e.g. layers=20000 (repeatable).",
        valueName: "name=value"))
    var assignments: [String] = []

    func validate() throws {
        var limits = SceneLimits.default
        for a in assignments { if let problem = limits.set(a) { throw ValidationError("--limit \(a): \(problem).") } }
    }

    var values: SceneLimits {
        var limits = SceneLimits.default
        for a in assignments { _ = limits.set(a) }
        return limits
    }
}

/// `--frames`: a comma list of frames (`12`), inclusive ranges (`0-10`) and open ranges (`30-`, to
/// the end), 0-based, e.g. `0-10,12,30-`. Frames are taken in increasing order, each once.
struct FrameRange: ExpressibleByArgument, CustomStringConvertible {
    struct Item: Equatable {
        var lower: Int
        var upper: Int?
        var text: String
    }
    var items: [Item]

    init?(argument: String) {
        var items: [Item] = []
        for piece in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let text = piece.trimmingCharacters(in: .whitespaces)
            let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            switch parts.count {
            case 1:
                guard let n = Int(parts[0]), n >= 0 else { return nil }
                items.append(Item(lower: n, upper: n, text: text))
            case 2:
                guard let a = Int(parts[0]), a >= 0 else { return nil }
                if parts[1].isEmpty { items.append(Item(lower: a, upper: nil, text: text)); continue }
                guard let b = Int(parts[1]), b >= a else { return nil }
                items.append(Item(lower: a, upper: b, text: text))
            default: return nil
            }
        }
        guard !items.isEmpty else { return nil }
        self.items = items
    }

    var description: String { items.map(\.text).joined(separator: ",") }
    static var defaultCompletionKind: CompletionKind { .default }

    /// The frame numbers selected in a scene of `count` frames, ascending, each once.
    func resolve(frameCount count: Int, scene: String) throws -> [Int] {
        var selected = Set<Int>()
        for item in items {
            guard item.lower < count else {
                throw CLIError("--frames \(item.text): \(scene) has frames 0-\(count - 1).", hint: "choose frames within 0-\(count - 1)")
            }
            selected.formUnion(item.lower ... min(item.upper ?? count - 1, count - 1))
        }
        return selected.sorted()
    }
}

extension OutputFormat: ExpressibleByArgument {}

/// `--max-size`: a byte count, optionally with a k or M suffix (1000 and 1,000,000 bytes).
struct ByteCount: ExpressibleByArgument, CustomStringConvertible {
    var bytes: Int

    init?(argument: String) {
        var text = argument.trimmingCharacters(in: .whitespaces)
        var scale = 1
        if text.hasSuffix("k") || text.hasSuffix("K") { scale = 1000; text.removeLast() }
        else if text.hasSuffix("M") || text.hasSuffix("m") { scale = 1_000_000; text.removeLast() }
        guard let value = Double(text), value.isFinite, value >= 1, value * Double(scale) <= Double(Int32.max) else { return nil }
        bytes = Int((value * Double(scale)).rounded())
    }

    var description: String { String(bytes) }
    static var defaultCompletionKind: CompletionKind { .default }
}

extension GIFWriter.PaletteStrategy: ExpressibleByArgument {}
