// SPDX-License-Identifier: Apache-2.0
import FuzzSupport
import Foundation
import SegueScene
import SegueTimeline
import SegueDisplayList
import SeguePresets

/// Fuzzes what `segue check` and every render do with an untrusted scene file: parse (YAML and
/// JSON, which Segue reads through the same YAML parser), expand presets, validate, apply the
/// limits, build the timeline and evaluate the display list of the first, middle and last frame.
/// Errors are expected; crashes, hangs and runaway memory are findings.
@main enum SceneFuzzTarget {
    /// An empty folder: relative `contents` paths resolve into it, so inputs read no real files.
    static let base: String = {
        let path = NSTemporaryDirectory() + "segue-fuzz-scene-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Tighter than the defaults, so one input cannot spend seconds or gigabytes legitimately.
    static let limits: SceneLimits = {
        var limits = SceneLimits.default
        limits.layers = 500
        limits.keyframes = 2000
        limits.text = 2000
        return limits
    }()

    static func main() {
        FuzzDriver.main { bytes in
            guard let text = String(bytes: bytes, encoding: .utf8) else { return }
            guard let scene = try? SceneLoader.parse(text, file: "fuzz.yaml", baseDirectory: base, limits: limits) else { return }
            let timeline = Timeline(scene: scene)
            let frames = timeline.frameCount
            guard frames > 0, frames < 100_000 else { return }
            for frame in Set([0, frames / 2, frames - 1]) {
                _ = DisplayListBuilder.build(timeline, frame: frame)
            }
        }
    }
}
