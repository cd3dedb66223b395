// SPDX-License-Identifier: Apache-2.0
import Foundation

extension Scene {
    /// Every file this scene was read from or draws: the scene file itself, then each
    /// `contents` image, without repeats, in file order. Tools that must notice a change to a
    /// scene (the Studio's live preview) or must never write over one (the output rules) use
    /// this list, so a new kind of referenced file (includes, Swift animators) is added here once.
    public var inputFiles: [String] {
        var files: [String] = []
        var seen = Set<String>()
        func add(_ path: String) { if seen.insert(path).inserted { files.append(path) } }
        add(file)
        for layer in allLayers { if let image = layer.contents { add(image.path) } }
        return files
    }
}
