// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import Yams
import SwiftSyntax

/// A value the scene gives the animator: through `init:` (initializer arguments) or `bind:`
/// (expressions the file cannot know, such as an app view controller's property).
public enum BindValue: Sendable, Equatable {
    case number(Double)
    case bool(Bool)
    /// A string; given to an enum-typed parameter it is the case's name (`push`).
    case string(String)
    case point(Point)
    case size(Size)
    case rect(Rect)
    /// An existing layer of the scene (already prefixed for the step), with its frame when known,
    /// and its opacity, hidden state and corner radius as the scene sets them (what the code
    /// reads before it changes them, and what a change inside an animation block animates from).
    case layer(id: String, frame: Rect?, opacity: Double? = nil, hidden: Bool? = nil, cornerRadius: Double? = nil)
    /// A new plain view with this frame and background colour (`#RRGGBBAA`); with an image, a
    /// new image view showing it by its content mode (a UIView.ContentMode case).
    case view(frame: Rect, color: String?, image: String? = nil, imageSize: Size? = nil, contentMode: String? = nil)
    /// One of the transition's screens, as a view controller (`{screen: stories}`).
    case screen(String)
    /// An image file of the scene (`{image: photos/hero.png}`), with its size in points when
    /// known.
    case image(path: String, size: Size?)
    /// Nothing: a call of the app's that the transition does not need (`"to.setup()": null`),
    /// or nil where the code expects an Optional.
    case nothing
    /// A list: an option set's names (`[curveEaseOut, allowUserInteraction]`) or an array.
    indirect case list([BindValue])
    /// A struct of the module, by its properties (`{x: 1, style: dark}`), made with its
    /// memberwise or matching initializer.
    indirect case fields([String: BindValue])
    /// The device turns (`{rotate: landscape}` for `"to.rotateToLandscape()"`): the view of the
    /// view controller the call is made on turns to landscapeRight (+90°, bounds swapped) or back
    /// to portrait, over `duration` seconds with UIView.animate's default curve.
    case rotate(landscape: Bool, duration: Double)
}

/// What SegueScene asks for: one transition of a scene played by a Swift animator.
public struct SwiftImportRequest {
    /// The file to read, and how messages name it.
    public var path: String
    public var displayPath: String
    /// Every file of the animator's module, `path` among them (read as one module). Empty: `path` alone.
    public var modulePaths: [String] = []
    /// Compilation conditions that hold (`#if DEBUG`): none unless the scene sets them.
    public var flags: Set<String> = []
    /// What kind of transition UIKit runs, which decides the views it removes on completion;
    /// nil: from the animator's code, else a full-screen presentation.
    public var kind: TransitionKind?
    /// The UIPresentationController subclass of a custom presentation (nil: the module's only
    /// one; empty: none) and its initializer's arguments.
    public var presentationController: String?
    public var presentationInit: [(String, BindValue)] = []
    public var typeName: String?
    public var from: String
    public var to: String
    public var canvas: Size
    public var initArguments: [(String, BindValue)]
    public var bindings: [String: BindValue]
    /// Prepended to every layer id (the timeline step's `s1-`).
    public var prefix: String
    /// When the transition starts, in scene seconds.
    public var begin: Double
    /// The source mark generated nodes carry (the `transition:` node).
    public var mark: Mark?
    /// `interactive:`: a UIPercentDrivenInteractiveTransition subclass driven by the scene's finger.
    public var interactive: InteractiveRequest?

    public init(path: String, displayPath: String, typeName: String?, from: String, to: String, canvas: Size,
                initArguments: [(String, BindValue)] = [], bindings: [String: BindValue] = [:], prefix: String = "", begin: Double = 0, mark: Mark? = nil,
                interactive: InteractiveRequest? = nil) {
        self.path = path; self.displayPath = displayPath; self.typeName = typeName; self.from = from; self.to = to
        self.canvas = canvas; self.initArguments = initArguments; self.bindings = bindings; self.prefix = prefix; self.begin = begin; self.mark = mark
        self.interactive = interactive
    }
}

/// What UIKit is doing when it runs the animator: it decides which view UIKit removes when the
/// animator calls `completeTransition(_:)`.
public struct TransitionKind: Sendable, Equatable {
    public enum Operation: String, Sendable, CaseIterable { case push, pop, present, dismiss }
    public enum PresentationStyle: String, Sendable, CaseIterable { case fullScreen, overFullScreen, custom, pageSheet }
    public var operation: Operation
    public var presentationStyle: PresentationStyle
    public init(_ operation: Operation, presentationStyle: PresentationStyle = .fullScreen) {
        self.operation = operation; self.presentationStyle = presentationStyle
    }

    /// Whether UIKit takes the from view out of the window after `completeTransition(true)`:
    /// navigation always does; a presentation only where the presented view covers the
    /// presenter (`fullScreen`); a dismissal always takes the presented view away.
    public var removesFromViewOnCompletion: Bool {
        switch operation {
        case .push, .pop, .dismiss: return true
        case .present: return presentationStyle == .fullScreen
        }
    }
}

/// One layer the animator's views became. `screen` layers get the screen's content from
/// SegueScene (`screens:`), with these properties on top.
public struct ImportedLayer {
    public var id: String
    public var screen: String?
    public var frame: Rect
    /// Scene-format keys other than `id`, `frame` and `sublayers`.
    public var properties: [(String, Node)]
    public var sublayers: [ImportedLayer]
    /// A snapshot of a screen: the size its content was laid out at (it scales to the frame).
    public var snapshotSize: Size?
    /// A snapshot of a region of the screen: the region, in the screen's coordinates, and the
    /// screen's size (its content is laid out at that size and shifted so the region shows).
    public var snapshotRegion: Rect?
    public var snapshotSourceSize: Size?
    /// A copy of a layer of the scene (a snapshot or the image of a bound view): that layer's
    /// content, laid out at `snapshotSize` and scaled to the frame.
    public var copyOf: String?
}

/// The transition as scene-file nodes.
public struct ImportedTransition {
    /// The animator's class.
    public var typeName: String
    /// The container view and everything the animator put in it.
    public var layers: [ImportedLayer]
    /// Items of the scene's `animations:` (basic animations and keyframe groups), ids prefixed.
    public var animations: [Node]
    /// How long the step lasts: until completeTransition, or the last animation's end.
    public var duration: Double
    /// What the interaction controller's pan handler did, when the request was interactive.
    public var interaction: ImportedInteraction?
    /// Keys the code set on layers of the scene (given with bind:) before the animations, by id.
    public var boundOverrides: [String: [(String, Node)]] = [:]
    /// Every Swift file that was read (the module), for watching and the output rules.
    public var sourceFiles: [String] = []
    /// Valid code whose picture UIKit would not show as the author likely meant (an animator that
    /// never calls completeTransition, say), at its Swift line.
    public var warnings: [SwiftImportError] = []
    /// The kind of transition the end state follows, and whether the code or the default said so.
    public var kind: TransitionKind = TransitionKind(.present)
}

/// Reads a UIKit animator (`UIViewControllerAnimatedTransitioning`) and evaluates its
/// `animateTransition(using:)` symbolically: no compiler, no UIKit. See docs/swift-import.md.
public enum SwiftAnimatorImporter {
    public static func importTransition(_ request: SwiftImportRequest) throws(SwiftImportError) -> ImportedTransition {
        let program = try readModule(request)
        return try importTransition(program: program, request)
    }

    public static func importTransition(source: String, _ request: SwiftImportRequest) throws(SwiftImportError) -> ImportedTransition {
        try importTransition(program: try Program(files: [(request.displayPath, source)], flags: request.flags), request)
    }

    /// The animators (types adopting UIViewControllerAnimatedTransitioning or defining
    /// `animateTransition(using:)`) of a module, in file order, with where each is declared.
    public static func animators(in paths: [String], flags: Set<String> = []) throws(SwiftImportError) -> [(name: String, file: String, line: Int)] {
        var request = SwiftImportRequest(path: paths[0], displayPath: paths[0], typeName: nil, from: "", to: "", canvas: .zero)
        request.modulePaths = paths
        request.flags = flags
        let program = try readModule(request)
        return program.animators.map { t in let p = program.place(of: t.node); return (t.name, p.file, p.line) }
    }

    /// The interaction controllers (UIPercentDrivenInteractiveTransition subclasses) of a module.
    public static func interactionControllers(in paths: [String]) throws(SwiftImportError) -> [(name: String, file: String, line: Int)] {
        var request = SwiftImportRequest(path: paths[0], displayPath: paths[0], typeName: nil, from: "", to: "", canvas: .zero)
        request.modulePaths = paths
        let program = try readModule(request)
        return program.typeOrder.compactMap { program.types[$0] }.filter { $0.inherited.contains("UIPercentDrivenInteractiveTransition") }
            .map { t in let p = program.place(of: t.node); return (t.name, p.file, p.line) }
    }

    /// The initializer a starter scene should call for the animator (the one with the fewest
    /// parameters without a default), with each parameter's label and type, and the cases of
    /// the module's enums those types name. nil: `init()` will do.
    public static func initializerParameters(in paths: [String], type name: String?) throws(SwiftImportError)
        -> (type: String, parameters: [(label: String, type: String)], enumCases: [String: [String]])? {
        var request = SwiftImportRequest(path: paths[0], displayPath: paths[0], typeName: name, from: "", to: "", canvas: .zero)
        request.modulePaths = paths
        let program = try readModule(request)
        guard let t = name.flatMap({ program.types[$0] }) ?? (program.animators.count == 1 ? program.animators[0] : nil) else { return nil }
        func required(_ i: InitializerDeclSyntax) -> [FunctionParameterSyntax] { i.signature.parameterClause.parameters.filter { $0.defaultValue == nil } }
        guard !t.initializers.isEmpty, !t.initializers.contains(where: { required($0).isEmpty }),
              let chosen = t.initializers.min(by: { required($0).count < required($1).count }) else { return nil }
        var cases: [String: [String]] = [:]
        let parameters = required(chosen).map { p -> (label: String, type: String) in
            let typeName = program.resolvedTypeName(p.type.trimmedDescription)
            let bare = String(typeName.trimmingCharacters(in: ["?", "!"]).split(separator: ".").last ?? "")
            if let e = program.types[bare], e.isEnum, !e.enumCases.isEmpty { cases[typeName] = e.enumCases }
            // A protocol of the module (or a composition of them) that one struct or class of the
            // module adopts: that type, made from a map.
            let wanted = program.protocolNames(in: typeName)
            let adopters = wanted.isEmpty ? [] : program.types.values
                .filter { !$0.isProtocolExtension && !$0.isEnum && !program.isUIKitSubclass($0) && wanted.isSubset(of: program.adoptedProtocols(of: $0)) }
            if adopters.count == 1 {
                cases[typeName] = ["{type: \(adopters[0].name)}"]
                return (p.firstName.text, typeName)
            }
            // A protocol of the module (or a composition with one): the scene's screens adopt it.
            let parts = typeName.trimmingCharacters(in: ["?", "!"]).split(separator: "&").map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.contains(where: { program.types[$0]?.isProtocolExtension == true && program.types[$0]?.initializers.isEmpty == true }) {
                cases[typeName] = ["{screen: SCREEN}"]
            }
            return (p.firstName.text, typeName)
        }
        return (t.name, parameters, cases)
    }

    static func readModule(_ request: SwiftImportRequest) throws(SwiftImportError) -> Program {
        var sources: [(String, String)] = []
        for path in request.modulePaths.isEmpty ? [request.path] : request.modulePaths {
            do {
                sources.append((path == request.path ? request.displayPath : path, try String(contentsOfFile: path, encoding: .utf8)))
            } catch {
                throw SwiftImportError(.io, file: path, line: 1, column: 1, "cannot read the Swift file",
                                       hint: "check the path; it is relative to the scene file")
            }
        }
        return try Program(files: sources, flags: request.flags)
    }

    static func importTransition(program: Program, _ request: SwiftImportRequest) throws(SwiftImportError) -> ImportedTransition {
        let animators = program.animators
        let where_ = program.files.count == 1 ? "the file" : "the module (\(program.files.count) files)"
        let type: TypeDecl
        if let name = request.typeName {
            guard let t = program.types[name] else {
                throw SwiftImportError(.noAnimator, file: request.displayPath, line: 1, column: 1, "\(where_) has no type '\(name)'",
                                       hint: animators.isEmpty ? "\(where_) has no animator (a type adopting UIViewControllerAnimatedTransitioning)"
                                           : "its animators are \(animators.map(\.name).joined(separator: ", "))")
            }
            guard t.functions["animateTransition"] != nil || program.inheritedFunction("animateTransition", of: t) != nil else {
                let loc = program.place(of: t.node)
                throw SwiftImportError(.noAnimator, file: loc.file, line: loc.line, column: loc.column,
                                       "\(name) has no animateTransition(using:)", hint: "name a type that adopts UIViewControllerAnimatedTransitioning")
            }
            type = t
        } else {
            guard let only = animators.first else {
                throw SwiftImportError(.noAnimator, file: request.displayPath, line: 1, column: 1,
                                       "\(where_) has no animator: no type adopts UIViewControllerAnimatedTransitioning or defines animateTransition(using:)",
                                       hint: program.files.count == 1 ? "write the animator class in this file, or give swift: the module's folder or a list of its files"
                                           : "give swift: the files that hold the animator")
            }
            if animators.count > 1 {
                let loc = program.place(of: animators[1].node)
                throw SwiftImportError(.noAnimator, file: loc.file, line: loc.line, column: loc.column,
                                       "\(where_) has \(animators.count) animators (\(animators.map(\.name).joined(separator: ", ")))",
                                       hint: "say which with type: \(animators[0].name)")
            }
            type = only
        }
        let evaluator = Evaluator(program: program, request: request)
        var imported = try evaluator.runAnimator(type, request)
        imported.sourceFiles = (request.modulePaths.isEmpty ? [request.path] : request.modulePaths).map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        return imported
    }
}
