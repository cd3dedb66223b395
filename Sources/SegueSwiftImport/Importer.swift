// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import Yams

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
    /// An existing layer of the scene (already prefixed for the step), with its frame when known.
    case layer(id: String, frame: Rect?)
    /// A new plain view with this frame and background colour (`#RRGGBBAA`).
    case view(frame: Rect, color: String?)
    /// One of the transition's screens, as a view controller (`{screen: stories}`).
    case screen(String)
    /// Nothing: a call of the app's that the transition does not need (`"to.setup()": null`).
    case nothing
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

/// One layer the animator's views became. `screen` layers get the screen's content from
/// SegueScene (`screens:`), with these properties on top.
public struct ImportedLayer {
    public var id: String
    public var screen: String?
    public var frame: Rect
    /// Scene-format keys other than `id`, `frame` and `sublayers`.
    public var properties: [(String, Node)]
    public var sublayers: [ImportedLayer]
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
}

/// Reads a UIKit animator (`UIViewControllerAnimatedTransitioning`) and evaluates its
/// `animateTransition(using:)` symbolically: no compiler, no UIKit. See docs/swift-import.md.
public enum SwiftAnimatorImporter {
    public static func importTransition(_ request: SwiftImportRequest) throws(SwiftImportError) -> ImportedTransition {
        let source: String
        do {
            source = try String(contentsOfFile: request.path, encoding: .utf8)
        } catch {
            throw SwiftImportError(.io, file: request.displayPath, line: 1, column: 1, "cannot read the Swift file",
                                   hint: "check the path; it is relative to the scene file")
        }
        return try importTransition(source: source, request)
    }

    public static func importTransition(source: String, _ request: SwiftImportRequest) throws(SwiftImportError) -> ImportedTransition {
        let program = try Program(file: request.displayPath, source: source)
        let animators = program.animators
        let type: TypeDecl
        if let name = request.typeName {
            guard let t = program.types[name] else {
                throw SwiftImportError(.noAnimator, file: request.displayPath, line: 1, column: 1, "the file has no type '\(name)'",
                                       hint: animators.isEmpty ? "the file has no animator (a type adopting UIViewControllerAnimatedTransitioning)"
                                           : "its animators are \(animators.map(\.name).joined(separator: ", "))")
            }
            guard t.functions["animateTransition"] != nil else {
                let loc = program.location(of: t.node)
                throw SwiftImportError(.noAnimator, file: request.displayPath, line: loc.line, column: loc.column,
                                       "\(name) has no animateTransition(using:)", hint: "name a type that adopts UIViewControllerAnimatedTransitioning")
            }
            type = t
        } else {
            guard let only = animators.first else {
                throw SwiftImportError(.noAnimator, file: request.displayPath, line: 1, column: 1,
                                       "the file has no animator: no type adopts UIViewControllerAnimatedTransitioning or defines animateTransition(using:)",
                                       hint: "write the animator class in this file, or name another file with swift:")
            }
            if animators.count > 1 {
                let loc = program.location(of: animators[1].node)
                throw SwiftImportError(.noAnimator, file: request.displayPath, line: loc.line, column: loc.column,
                                       "the file has \(animators.count) animators (\(animators.map(\.name).joined(separator: ", ")))",
                                       hint: "say which with type: \(animators[0].name)")
            }
            type = only
        }
        let evaluator = Evaluator(program: program, request: request)
        return try evaluator.runAnimator(type, request)
    }
}
