import ArgumentParser
import Foundation
import SegueEncode
import SegueScene
import SeguePresets

/// `segue import`: a starter scene that plays a Swift animator between two placeholder screens.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a starter scene that plays a UIKit animator (Swift source) between two placeholder screens.",
        discussion: """
        The animator (a UIViewControllerAnimatedTransitioning class) is evaluated as the scene \
        loads — no compiler, no UIKit — so unsupported code is reported now, at its line in the \
        Swift file. The scene names the file relative to where the scene is written; replace the \
        placeholder screens with your app's (content components or screenshots). See docs/swift-import.md.

        Examples:
          segue import Animators/FlipPresent.swift --from stories --to trail -o scenes/my-flip.yaml
          segue import Animators/Transitions.swift --type ZoomAnimator --from list --to detail > zoom.yaml
          segue render scenes/my-flip.yaml -o out/my-flip.gif
        """)

    @Argument(help: "The Swift file with the animator.")
    var file: String

    @Option(help: "The animator's type, when the file has more than one.")
    var type: String?

    @Option(help: "The name of the screen the transition starts from.")
    var from: String

    @Option(help: "The name of the screen the transition goes to.")
    var to: String

    @Option(name: .shortAndLong, help: "Write the scene here (a new .yaml file) instead of standard output.")
    var output: String?

    func validate() throws {
        for (flag, name) in [("--from", from), ("--to", to)] where name.isEmpty || name.contains(where: { " :{}[],#\"'".contains($0) }) {
            throw ValidationError("\(flag) \(name): a screen name is a plain word, like stories or detail.")
        }
        if from == to { throw ValidationError("--from and --to name the same screen; a transition goes from one screen to another.") }
        if let output, output != "-", !["yaml", "yml"].contains(URL(fileURLWithPath: output).pathExtension.lowercased()) {
            throw ValidationError("-o \(output): the scene is YAML; name the file .yaml (e.g. -o scenes/my-flip.yaml).")
        }
    }

    func run() throws {
        try Diagnostics.failing {
            guard FileManager.default.fileExists(atPath: file) else {
                throw CLIError("\(file): no such file", hint: "give the path of the animator's .swift file")
            }
            let toStdout = output == nil || output == "-"
            let scenePath = toStdout ? "scene.yaml" : output!
            let folder = (scenePath as NSString).deletingLastPathComponent
            var isDirectory: ObjCBool = false
            if !toStdout, !folder.isEmpty, !(FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue) {
                throw CLIError("\(folder): no such folder to write \(scenePath) in", hint: "create it first: mkdir -p \(folder)")
            }
            if !toStdout, FileManager.default.fileExists(atPath: scenePath) {
                throw CLIError("\(scenePath) already exists; segue import writes new scenes only",
                               hint: "choose another name, or delete the file first")
            }
            let text = Self.starterScene(swiftPath: Self.relativePath(of: file, fromDirectoryOf: scenePath), source: file,
                                         type: type, from: from, to: to)
            // Loading it evaluates the animator: unsupported code fails here, at its Swift line.
            _ = try SceneLoader.parse(text, file: scenePath, baseDirectory: (scenePath as NSString).deletingLastPathComponent)
            if toStdout {
                FileHandle.standardOutput.write(Data(text.utf8))
            } else {
                try AtomicFileWriter.write(Array(text.utf8), to: URL(fileURLWithPath: scenePath))
                FileHandle.standardError.write(Data("wrote \(scenePath)\n".utf8))
            }
        }
    }

    static func starterScene(swiftPath: String, source: String, type: String?, from: String, to: String) -> String {
        let typePart = type.map { ", type: \($0)" } ?? ""
        return """
        # Starter scene for the animator in \(source), written by `segue import`.
        # The two screens are placeholders: give them your app's content components or a
        # screenshot each (image: shots/\(to).png); see docs/presets.md (screens) and docs/swift-import.md.
        # `segue expand` on this file shows the layers and animations the animator became.
        canvas: {size: [390, 844], scale: 2, fps: 60, background: "#000000"}

        screens:
          \(from):
            title: "\(from.prefix(1).uppercased() + from.dropFirst())"
            content:
              - card: {title: "Placeholder card", subtitle: "Replace with your screen", color: "#007AFF", height: 200}
              - row: "First row"
              - row: "Second row"
          \(to):
            title: "\(to.prefix(1).uppercased() + to.dropFirst())"
            background: "#FFFFFF"
            content:
              - hero: {title: "Placeholder", subtitle: "The screen the transition goes to", color: "#34C759", height: 300}
              - label: "Replace these components with your screen's."

        timeline:
          - transition: {swift: \(swiftPath)\(typePart), from: \(from), to: \(to)}
          - hold: 0.6

        """
    }

    /// `file` relative to the folder the scene is written in (the scene names it that way).
    static func relativePath(of file: String, fromDirectoryOf scene: String) -> String {
        let target = URL(fileURLWithPath: file).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: scene).deletingLastPathComponent().standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        // Nothing in common but the root: the absolute path reads better than a chain of "..".
        if common <= 1 { return URL(fileURLWithPath: file).standardizedFileURL.path }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.joined(separator: "/")
    }
}
