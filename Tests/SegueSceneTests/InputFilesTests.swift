// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueScene
@testable import SeguePresets

/// `Scene.inputFiles`: what `segue preview` watches and the output rules protect.
@Suite struct InputFilesTests {
    @Test func theSceneFileComesFirstThenEachImageOnceInFileOrder() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let back = try dir.write("images/back.png", [1, 2, 3])
        let front = try dir.write("front.png", [1, 2, 3])
        let scene = try dir.write("scene.yaml", """
            canvas: {size: [10, 10]}
            layers:
              - id: a
                contents: images/back.png
                sublayers:
                  - {id: b, contents: front.png}
              - {id: c, contents: images/back.png}
              - {id: d, backgroundColor: "#FF0000"}
            """)
        let loaded = try SceneLoader.load(path: scene)
        // Images are resolved against the scene's folder; the scene keeps the path it was given.
        #expect(loaded.inputFiles == [scene, URL(fileURLWithPath: back).standardizedFileURL.path,
                                      URL(fileURLWithPath: front).standardizedFileURL.path])
    }

    @Test func aSceneWithoutImagesIsOnlyItsOwnFile() throws {
        let scene = try parse("canvas: {size: [10, 10]}\nlayers:\n  - {id: a}\n")
        #expect(scene.inputFiles == [sceneFile])
    }
}
