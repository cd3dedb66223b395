// SPDX-License-Identifier: Apache-2.0
import SwiftSyntax
import Yams

/// UIVisualEffectView and UIBlurEffect: `UIVisualEffectView(effect: UIBlurEffect(style: .dark))`
/// (or `effect: nil`), `effect` set and animated in UIView blocks (nil → a style animates the
/// blur in), `contentView` (the effect view itself: its subviews are drawn above the effect).
/// The scene's layer gets `blur:` (docs/scene-format/blur.md).
extension Evaluator {
    /// A UIBlurEffect is carried as this enum case with the style's name.
    static let blurEffectCase = "UIBlurEffect"
    /// UIBlurEffect.Style's cases, as the scene format names them (SegueScene's BlurStyle; a
    /// test keeps the two lists equal).
    static let blurStyles: [String] = {
        let materials = ["systemUltraThinMaterial", "systemThinMaterial", "systemMaterial", "systemThickMaterial", "systemChromeMaterial"]
        return ["extraLight", "light", "dark", "regular", "prominent"] + materials + materials.map { $0 + "Light" } + materials.map { $0 + "Dark" }
    }()

    /// `UIBlurEffect(style:)`, `UIVisualEffectView(effect:)`, `UIVisualEffectView()`; nil for
    /// any other call.
    func blurTypeCall(_ name: String, _ labels: [String], _ args: Arguments, _ scope: Scope,
                      _ node: some SyntaxProtocol) throws(SwiftImportError) -> Value? {
        switch (name, labels) {
        case ("UIBlurEffect", ["style"]):
            let style = try blurStyle(try arg(args, "style", scope, hint: nil), node)
            return .enumCase(Self.blurEffectCase, [.string(style)])
        case ("UIVisualEffectView", ["effect"]), ("UIVisualEffectView", []):
            let effect = labels.isEmpty ? Value.none : try arg(args, "effect", scope, hint: nil)
            let v = newView(frame: .zero, origin: "UIVisualEffectView(\(labels.isEmpty ? "" : "effect:"))")
            let style = try blurEffectName(effect, node)
            v.model[.blurEffect] = .string(style); v.initial[.blurEffect] = .string(style)
            return .view(v)
        case ("UIVibrancyEffect", _):
            throw unsupportedCall(args.signature(name), node, hint: "vibrancy is not drawn; a blur effect view's contentView shows its subviews as they are")
        default:
            return nil
        }
    }

    /// `.dark`, `.systemMaterial`, … as the scene's style name.
    func blurStyle(_ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> String {
        var name: String?
        switch value {
        case let .enumCase(n, _): name = n
        case let .int(i):
            // UIBlurEffectStyle's raw values: extraLight 0, light 1, dark 2, then regular, prominent.
            name = ["extraLight", "light", "dark", "extraDark", "regular", "prominent"][safe: i]
        default: break
        }
        guard let n = name, Self.blurStyles.contains(n) else {
            throw fail(.invalidValue, node, "expected a UIBlurEffect.Style (.light, .extraLight, .dark, .regular, .prominent or a .system…Material), found \(name.map { ".\($0)" } ?? value.typeDescription)")
        }
        return n
    }

    /// A UIBlurEffect or nil, as the scene's `blur:` value.
    func blurEffectName(_ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> String {
        switch value {
        case .none: return "none"
        case let .enumCase(Self.blurEffectCase, args):
            if case let .string(s)? = args.first { return s }
        default: break
        }
        throw fail(.invalidValue, node, "expected a UIBlurEffect or nil for the effect, found \(value.typeDescription)",
                   hint: "write UIBlurEffect(style: .dark)")
    }

    /// `effect` and `contentView` of an effect view; nil when `name` is not one of them.
    func readBlurMember(_ v: ViewObject, _ name: String) -> Value? {
        guard case let .string(style)? = v.model[.blurEffect] else { return nil }
        switch name {
        case "effect": return style == "none" ? Value.none : .enumCase(Self.blurEffectCase, [.string(style)])
        case "contentView": return .view(v)
        default: return nil
        }
    }

    /// Sets `effect`; false when `name` is not it or the view is no effect view.
    func writeBlurMember(_ v: ViewObject, _ name: String, _ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Bool {
        guard name == "effect", v.model[.blurEffect] != nil else { return false }
        let style = try blurEffectName(value, node)
        try write(v, [.blurEffect: .string(style)], keyPath: "blur", value: .string(style), node)
        return true
    }

    /// The scene key of an effect view, from its effect before the animations.
    func blurProperties(_ v: ViewObject) -> [(String, Node)] {
        guard case let .string(style)? = v.initial[.blurEffect] else { return [] }
        return [("blur", recorder.plain(style))]
    }
}

private extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}
