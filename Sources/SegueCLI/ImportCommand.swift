// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueEncode
import SegueScene
import SeguePresets
import SegueSwiftImport
import SegueTimeline

/// `segue import`: a starter scene that plays a Swift animator between two placeholder screens.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a starter scene that plays a UIKit animator from Swift source.",
        usage: "segue import <file> --from <from> --to <to> [-o <output>] [options]",
        discussion: """
        The animator is evaluated now, so unsupported code is reported at its Swift line. See \
        docs/swift-import.md.

        Examples:
          segue import Animators/Flip.swift --from stories --to trail -o my-flip.yaml
          segue import Zoom.swift --type ZoomAnimator --from list --to detail
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

    enum Kind: String, ExpressibleByArgument, CaseIterable { case push, pop, present, dismiss }
    enum PresentationStyle: String, ExpressibleByArgument, CaseIterable { case fullScreen, overFullScreen, custom, pageSheet }

    @Option(help: "What UIKit is doing; it decides which views stay at the end.")
    var kind: Kind?

    @Option(help: "For present and dismiss: overFullScreen keeps the presenter under a sheet.")
    var presentationStyle: PresentationStyle?

    /// The transition's kind: and presentationStyle: entries the flags ask for, in that order.
    var presentationKeys: [(key: String, value: String)] {
        (kind.map { [("kind", $0.rawValue)] } ?? []) + (presentationStyle.map { [("presentationStyle", $0.rawValue)] } ?? [])
    }

    func validate() throws {
        for (flag, name) in [("--from", from), ("--to", to)] where name.isEmpty || name.contains(where: { " :{}[],#\"'".contains($0) }) {
            throw ValidationError("\(flag) \(name): a screen name is a plain word, like stories or detail.")
        }
        if from == to { throw ValidationError("--from and --to name the same screen; a transition goes from one screen to another.") }
        if presentationStyle != nil, let kind, kind == .push || kind == .pop {
            throw ValidationError("--presentation-style is for --kind present or dismiss, not \(kind.rawValue).")
        }
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
            if !toStdout, FileManager.default.fileExists(atPath: scenePath) {
                throw CLIError("\(scenePath) already exists; segue import writes new scenes only",
                               hint: "choose another name, or delete the file first")
            }
            // The scene's folder must exist while the animator is evaluated (its Swift path is
            // relative to it); one created here is removed again if the import fails.
            let created = toStdout ? "" : try OutputFolders.prepare(scenePath)
            let text: String
            do {
                // The animator's module: its folder, when that is a module's worth of files (helpers,
                // base classes and interaction controllers live beside the animator); else the file.
                let module = Self.module(of: file, type: type)
                let swiftPath = Self.relativePath(of: module.path, fromDirectoryOf: scenePath)
                var starter = Starter(swiftPath: swiftPath, source: file, type: module.type, from: from, to: to)
                starter.presentation = presentationKeys
                starter.interactive = module.interactive
                starter.initArguments = try Self.initPlaceholders(files: module.files, type: module.type, from: from)
                // Loading it evaluates the animator. Each name the app must give becomes a bind:
                // entry with a placeholder of its kind, and the scene is tried again; what is left
                // (unsupported code) fails here, at its Swift line.
                var draft = starter.text
                var loaded: Scene?
                for _ in 0 ..< Self.maximumBindings {
                    do {
                        loaded = try SceneLoader.parse(draft, file: scenePath, baseDirectory: (scenePath as NSString).deletingLastPathComponent)
                        break
                    } catch let error as SceneError {
                        guard let key = error.bindKey, let value = error.bindValue, !starter.bindings.contains(where: { $0.key == key }) else { throw error }
                        // An initializer argument left null that the code needs: its placeholder becomes the value.
                        if let i = starter.initArguments.firstIndex(where: { $0.label == key && $0.value == "null" }) {
                            starter.initArguments[i].value = value
                            draft = starter.text
                            continue
                        }
                        starter.bindings.append((key, value.replacingOccurrences(of: "SCREEN", with: from), "\(error.location.map { "\($0)" } ?? "")"))
                        draft = starter.text
                    }
                }
                text = draft
                if presentationStyle == nil, kind == nil || kind == .present, let loaded,
                   let warning = Self.presenterWarning(files: [file], scene: loaded, output: scenePath) {
                    Console.err(warning + "\n")
                }
            } catch {
                if !created.isEmpty { rmdir((scenePath as NSString).deletingLastPathComponent) }
                throw error
            }
            if toStdout {
                Console.out(text)
            } else {
                try AtomicFileWriter.write(Array(text.utf8), to: URL(fileURLWithPath: scenePath))
                Console.err("wrote \(scenePath)\(created.isEmpty ? "" : " (" + created.dropFirst(2) + ")")\n")
            }
        }
    }

    /// UIKit removes the presenter when a full-screen presentation completes. An animator that
    /// dims what is behind its view, or never touches the from view, expects it to stay (a sheet,
    /// a card): the scene would end on black there. Says so, when, and the key that keeps it.
    /// Only the file the user named is read: the animator's siblings may be other transitions.
    static func presenterWarning(files: [String], scene: Scene, output: String) -> String? {
        var reason: String?
        for file in files {
            guard let source = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            let lines = source.components(separatedBy: "\n")
            if let index = lines.firstIndex(where: { $0.range(of: "dimm", options: .caseInsensitive) != nil || $0.contains("black.withAlphaComponent") }) {
                reason = "the animator dims the screen behind its view (\(file):\(index + 1))"
                break
            }
        }
        if reason == nil {
            let sources = files.compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }.joined()
            if !sources.contains(".from") && !sources.contains("fromView") && !sources.contains("fromVC") {
                reason = "the animator never moves the from view"
            }
        }
        guard let reason else { return nil }
        // The transition is the starter's first step; the hold after it is the rest.
        let end = max(0, Timeline(scene: scene).duration - 0.6)
        return "\(output): warning: \(reason), but the transition is a full-screen presentation (the default), "
            + "which removes the presenter when it completes: from \(String(format: "%g", (end * 1000).rounded() / 1000)) s the screen behind it is black\n"
            + "  hint: add presentationStyle: overFullScreen to the transition (segue import --presentation-style overFullScreen) to keep it, as a sheet does"
    }

    /// How many names the app must give before `segue import` stops adding bind: entries.
    static let maximumBindings = 40

    /// The starter scene being written: its transition's init: and bind: entries.
    struct Starter {
        var swiftPath: String, source: String, type: String?, from: String, to: String
        /// Label, YAML value, comment.
        var initArguments: [(label: String, value: String, comment: String)] = []
        var bindings: [(key: String, value: String, comment: String)] = []
        /// The interaction controller that drives the animator, when the file was one.
        var interactive: String?
        /// kind: and presentationStyle:, from --kind and --presentation-style.
        var presentation: [(key: String, value: String)] = []

        var text: String {
            var out = ImportCommand.starterScene(swiftPath: swiftPath, source: source, type: type, from: from, to: to, presentation: presentation)
            guard !initArguments.isEmpty || !bindings.isEmpty || interactive != nil else { return out }
            var lines = "      swift: \(swiftPath)\n" + (type.map { "      type: \($0)\n" } ?? "")
                + presentation.map { "      \($0.key): \($0.value)\n" }.joined() + "      from: \(from)\n      to: \(to)\n"
            if let interactive {
                // A swipe from the left edge across most of the screen: edit it to the app's gesture.
                lines += "      interactive: \(interactive)\n"
                lines += "      gesture: {type: screenEdgePan, points: [[0.2, 2, 422], [0.5, 200, 422], [0.6, 280, 422]]}   # the finger: seconds, then points\n"
            }
            if !initArguments.isEmpty {
                lines += "      init:   # placeholders of the initializer's types: put your app's values here\n"
                for a in initArguments { lines += "        \(a.label): \(a.value)" + (a.comment.isEmpty ? "" : "   # \(a.comment)") + "\n" }
            }
            if !bindings.isEmpty {
                lines += "      bind:   # names the animator reads from the app, with placeholders of their kind\n"
                for b in bindings { lines += "        \(ImportCommand.yamlKey(b.key)): \(b.value)" + (b.comment.isEmpty ? "" : "   # read at \(b.comment)") + "\n" }
            }
            let flow = "  - transition: {swift: \(swiftPath)\(ImportCommand.typePart(type, presentation)), from: \(from), to: \(to)}\n"
            if interactive != nil {
                // A finger drives the whole scene: the transition is the scene's only step.
                let unindented = lines.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }
                out = out.replacingOccurrences(of: "timeline:\n" + flow + "  - hold: 0.6\n", with: "transition:\n" + unindented.joined(separator: "\n"))
                return out
            }
            out = out.replacingOccurrences(of: flow, with: "  - transition:\n" + lines)
            return out
        }
    }

    /// A bind: key as YAML: quoted, since Swift expressions hold `.`, `(` and `:`.
    static func yamlKey(_ key: String) -> String {
        "\"" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Folders with more Swift files than this are an app, not a module: the file alone is read.
    static let maximumModuleFiles = 60

    /// The folder of `file` read as a module, with the animator declared in `file` as the type;
    /// the file alone when the folder is large, does not parse, or the type is unclear.
    static func module(of file: String, type: String?) -> (path: String, files: [String], type: String?, interactive: String?) {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        let siblings = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        guard siblings.count > 1, siblings.count <= maximumModuleFiles else { return (file, [file], type, nil) }
        let files = siblings.map { folder + "/" + $0 }
        guard let animators = try? SwiftAnimatorImporter.animators(in: files) else { return (file, [file], type, nil) }
        let standardized = URL(fileURLWithPath: file).standardizedFileURL.path
        func inFile(_ p: String) -> Bool { URL(fileURLWithPath: p).standardizedFileURL.path == standardized }
        let here = animators.filter { inFile($0.file) }
        if here.isEmpty, type == nil, animators.count == 1,
           let controllers = try? SwiftAnimatorImporter.interactionControllers(in: files).filter({ inFile($0.file) }), controllers.count == 1 {
            // An interaction controller's file: the module's one animator, driven by it.
            return (folder, files, animators[0].name, controllers[0].name)
        }
        guard let chosen = type ?? (here.count == 1 ? here[0].name : nil) else { return (file, [file], type, nil) }
        return (folder, files, chosen, nil)
    }

    /// init: entries for the animator's initializer: a value of each parameter's type.
    static func initPlaceholders(files: [String], type: String?, from: String) throws -> [(label: String, value: String, comment: String)] {
        let found: (type: String, parameters: [(label: String, type: String)], enumCases: [String: [String]])?
        do { found = try SwiftAnimatorImporter.initializerParameters(in: files, type: type) } catch { return [] }
        guard let found else { return [] }
        return found.parameters.map { p in
            if found.enumCases[p.type] == ["{screen: SCREEN}"] {
                return (p.label, "{screen: \(from)}", "\(p.type): a view controller that adopts it (a screen of the scene)")
            }
            if let adopter = found.enumCases[p.type]?.first, adopter.hasPrefix("{type: ") {
                return (p.label, adopter, "\(p.type): the module's type that adopts it; its properties may follow as keys")
            }
            if let cases = found.enumCases[p.type] {
                return (p.label, cases[0], "\(p.type): one of \(cases.joined(separator: ", "))")
            }
            let bare = p.type.trimmingCharacters(in: ["?", "!"])
            if bare.hasSuffix("Operation") { return (p.label, "push", "\(p.type): push or pop") }
            if p.type.hasSuffix("?") { return (p.label, "null", p.type) }
            let lower = p.label.lowercased()
            if ["CGFloat", "Double", "TimeInterval", "Float"].contains(bare) {
                return (p.label, lower.contains("duration") || lower.contains("time") ? "0.5" : "1", p.type)
            }
            if bare == "Int" { return (p.label, "1", p.type) }
            if bare == "Bool" { return (p.label, "true", p.type) }
            if bare == "String" { return (p.label, "\"text\"", p.type) }
            if bare == "CGRect" { return (p.label, "[16, 116, 358, 200]", p.type) }
            if bare == "CGPoint" { return (p.label, "[195, 422]", p.type) }
            if bare == "CGSize" { return (p.label, "[390, 844]", p.type) }
            if bare.hasPrefix("["), bare.hasSuffix("]") { return (p.label, "[]", p.type) }
            if bare.hasSuffix("Controller") { return (p.label, "{screen: \(from)}", p.type) }
            if bare.hasSuffix("View") { return (p.label, "{view: {frame: [16, 116, 358, 200], color: \"#007AFF\"}}", p.type) }
            return (p.label, "null", "\(p.type): give a value of this type")
        }
    }

    /// `, type: T, kind: present, presentationStyle: overFullScreen` for the transition's flow map.
    static func typePart(_ type: String?, _ presentation: [(key: String, value: String)]) -> String {
        (type.map { ", type: \($0)" } ?? "") + presentation.map { ", \($0.key): \($0.value)" }.joined()
    }

    static func starterScene(swiftPath: String, source: String, type: String?, from: String, to: String,
                             presentation: [(key: String, value: String)] = []) -> String {
        let typePart = typePart(type, presentation)
        return """
        # Starter scene for the animator in \(source), written by `segue import`.
        # The two screens are placeholders: give them your app's content components or a
        # screenshot each (contents: shots/\(to).png); see docs/presets.md (screens) and docs/swift-import.md.
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
        // The scene's own folder (the module beside it) is ".": an empty path is YAML's null.
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
