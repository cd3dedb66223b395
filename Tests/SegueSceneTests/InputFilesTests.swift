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

    /// A tiny animator: one view fading out, so the scene is quick to load.
    static let animator = """
        import UIKit
        final class Fade: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
            func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                guard let toView = transitionContext.view(forKey: .to) else { return }
                transitionContext.containerView.addSubview(toView)
                toView.alpha = 0
                UIView.animate(withDuration: 0.3, animations: { toView.alpha = 1 }) { _ in
                    transitionContext.completeTransition(true)
                }
            }
        }
        """

    static let swiftScene = """
        canvas: {size: [40, 80], scale: 1, fps: 10}
        screens:
          a: {background: "#FF0000"}
          b: {background: "#0000FF"}
        timeline:
          - transition: {swift: Animators/Fade.swift, from: a, to: b}
        """

    @Test func theSwiftAnimatorASceneReadsIsAnInput() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let animator = try dir.write("Animators/Fade.swift", Self.animator)
        let scene = try dir.write("scene.yaml", Self.swiftScene)
        let loaded = try SceneLoader.load(path: scene)
        // The animator's absolute path, right after the scene file.
        #expect(loaded.inputFiles == [scene, URL(fileURLWithPath: animator).standardizedFileURL.path])
        #expect(loaded.role(ofInput: loaded.inputFiles[1]) == "Swift file read by \(scene)")
    }

    @Test func aSwiftAnimatorThatFailsIsStillNamedAsRead() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let animator = try dir.write("Animators/Fade.swift", Self.animator.replacingOccurrences(of: "toView.alpha = 1", with: "toView.alpha = mystery"))
        let scene = try dir.write("scene.yaml", Self.swiftScene)
        do {
            _ = try SceneLoader.load(path: scene)
            Issue.record("an unknown name in the animator should not load")
        } catch {
            #expect(error.location?.file == animator)
            #expect(error.readFiles == [URL(fileURLWithPath: animator).standardizedFileURL.path])
        }
    }

    @Test func aMissingAnimatorIsNamedAsRead() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let scene = try dir.write("scene.yaml", Self.swiftScene)
        do {
            _ = try SceneLoader.load(path: scene)
            Issue.record("a missing animator should not load")
        } catch {
            // Watched while missing, so that creating it loads the scene.
            #expect(error.readFiles == [(dir.path as NSString).appendingPathComponent("Animators/Fade.swift")])
        }
    }
}
