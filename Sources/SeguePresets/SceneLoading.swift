// SPDX-License-Identifier: Apache-2.0
import Foundation
import Yams
import SegueScene

/// Stage 1b: presets and Swift animators expand into the scene's own layers and animations,
/// at the level of the YAML tree, before SegueScene decodes it. These are the entry points
/// the front ends call: a scene file as its author wrote it, presets and all.
extension SceneLoader {
    /// Reads, expands and decodes the scene file at `path` (see `SceneLoader`'s documentation
    /// for what `path` and `limits` mean).
    public static func load(path: String, limits: SceneLimits = .default) throws(SceneError) -> Scene {
        try load(path: path, limits: limits, expander: PresetExpander.expand)
    }

    /// Expands and decodes scene text; `baseDirectory` is where relative paths start.
    public static func parse(_ text: String, file: String, baseDirectory: String, limits: SceneLimits = .default) throws(SceneError) -> Scene {
        try parse(text, file: file, baseDirectory: baseDirectory, limits: limits, expander: PresetExpander.expand)
    }
}
