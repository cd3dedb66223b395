// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import SwiftSyntax

extension Evaluator {
    func double(_ v: Value, _ node: some SyntaxProtocol, _ what: String) throws(SwiftImportError) -> Double {
        if let d = number(v) { return d }
        if case .enumCase("pi", _) = v { return .pi }
        if case .enumCase("zero", _) = v { return 0 }
        throw fail(.invalidValue, node, "expected a number for \(what), found \(v.typeDescription)")
    }

    func bool(_ v: Value, _ node: some SyntaxProtocol, _ what: String) throws(SwiftImportError) -> Bool {
        if case let .bool(b) = v { return b }
        throw fail(.invalidValue, node, "expected a Bool for \(what), found \(v.typeDescription)")
    }

    func rect(_ v: Value, _ node: some SyntaxProtocol, _ what: String) throws(SwiftImportError) -> Rect {
        if case let .rect(r) = v { return r }
        if case .enumCase("zero", _) = v { return .zero }
        throw fail(.invalidValue, node, "expected a CGRect for \(what), found \(v.typeDescription)")
    }

    func point(_ v: Value, _ node: some SyntaxProtocol, _ what: String) throws(SwiftImportError) -> Point {
        if case let .point(p) = v { return p }
        if case let .size(s) = v { return Point(x: s.width, y: s.height) }
        if case .enumCase("zero", _) = v { return .zero }
        throw fail(.invalidValue, node, "expected a CGPoint for \(what), found \(v.typeDescription)")
    }

    func size(_ v: Value, _ node: some SyntaxProtocol, _ what: String) throws(SwiftImportError) -> Size {
        if case let .size(s) = v { return s }
        if case let .point(p) = v { return Size(width: p.x, height: p.y) }
        if case .enumCase("zero", _) = v { return .zero }
        throw fail(.invalidValue, node, "expected a CGSize for \(what), found \(v.typeDescription)")
    }

    /// A CATransform3D (CGAffineTransforms are accepted where UIKit converts them).
    func transform3D(_ v: Value, _ node: some SyntaxProtocol, _ what: String) throws(SwiftImportError) -> TransformValue {
        switch v {
        case let .transform(t): return t
        case .enumCase("identity", _): return .identity
        default: throw fail(.invalidValue, node, "expected a CATransform3D for \(what), found \(v.typeDescription)")
        }
    }

    func affine(_ v: Value, _ node: some SyntaxProtocol, _ what: String) throws(SwiftImportError) -> TransformValue {
        switch v {
        case let .affine(t): return t
        case .enumCase("identity", _): return .identity
        default: throw fail(.invalidValue, node, "expected a CGAffineTransform for \(what), found \(v.typeDescription)")
        }
    }

    func color(_ v: Value, _ node: some SyntaxProtocol, _ what: String) throws(SwiftImportError) -> ColorValue {
        switch v {
        case let .color(c): return c
        case .none: return ColorValue(r: 0, g: 0, b: 0, a: 0, name: "clear")
        case let .string(s) where s.hasPrefix("#") && [7, 9].contains(s.count) && UInt64(s.dropFirst(), radix: 16) != nil:
            // A colour given in the scene (bind: {"theme.tint": "#007AFF"}).
            let v = UInt64(s.dropFirst(), radix: 16)!
            let hasAlpha = s.count == 9
            func byte(_ shift: UInt64) -> Double { Double((v >> shift) & 0xFF) / 255 }
            return hasAlpha ? ColorValue(r: byte(24), g: byte(16), b: byte(8), a: byte(0)) : ColorValue(r: byte(16), g: byte(8), b: byte(0), a: 1)
        case let .enumCase(name, _):
            if let c = Self.namedColor(name) { return c }
            throw fail(.unsupported, node, "the colour .\(name) is not supported",
                       hint: "use a UIColor class colour (.black, .white, .red, …), a system colour (.systemBlue, …) or UIColor(red:green:blue:alpha:)")
        default: throw fail(.invalidValue, node, "expected a UIColor for \(what), found \(v.typeDescription)")
        }
    }

    /// UIColor's class colours and the iOS light-appearance system colours (as the scene format has them).
    static func namedColor(_ name: String) -> ColorValue? {
        let table: [String: UInt32] = [
            "clear": 0x0000_0000, "black": 0x0000_00FF, "white": 0xFFFF_FFFF, "darkGray": 0x5555_55FF, "lightGray": 0xAAAA_AAFF,
            "gray": 0x8080_80FF, "red": 0xFF00_00FF, "green": 0x00FF_00FF, "blue": 0x0000_FFFF, "cyan": 0x00FF_FFFF,
            "yellow": 0xFFFF_00FF, "magenta": 0xFF00_FFFF, "orange": 0xFF80_00FF, "purple": 0x8000_80FF, "brown": 0x9966_33FF,
            "systemRed": 0xFF3B_30FF, "systemOrange": 0xFF95_00FF, "systemYellow": 0xFFCC_00FF, "systemGreen": 0x34C7_59FF,
            "systemMint": 0x00C7_BEFF, "systemTeal": 0x30B0_C7FF, "systemCyan": 0x32AD_E6FF, "systemBlue": 0x007A_FFFF,
            "systemIndigo": 0x5856_D6FF, "systemPurple": 0xAF52_DEFF, "systemPink": 0xFF2D_55FF, "systemBrown": 0xA284_5EFF,
            "systemGray": 0x8E8E_93FF, "systemGray2": 0xAEAE_B2FF, "systemGray3": 0xC7C7_CCFF, "systemGray4": 0xD1D1_D6FF,
            "systemGray5": 0xE5E5_EAFF, "systemGray6": 0xF2F2_F7FF, "systemBackground": 0xFFFF_FFFF,
            "secondarySystemBackground": 0xF2F2_F7FF, "tertiarySystemBackground": 0xFFFF_FFFF, "systemGroupedBackground": 0xF2F2_F7FF,
            "label": 0x0000_00FF, "link": 0x007A_FFFF,
        ]
        guard let v = table[name] else { return nil }
        return ColorValue(r: Double(v >> 24 & 0xFF) / 255, g: Double(v >> 16 & 0xFF) / 255, b: Double(v >> 8 & 0xFF) / 255,
                          a: Double(v & 0xFF) / 255, name: name)
    }

    func view(_ v: Value, _ node: some SyntaxProtocol, _ what: String) throws(SwiftImportError) -> ViewObject {
        switch v {
        case let .view(o), let .layer(o): return o
        case let .viewController(c): return c.view
        case .none:
            throw fail(.invalidValue, node, "\(what) is nil here", hint: "the importer models a transition where every view exists")
        default: throw fail(.invalidValue, node, "expected a UIView for \(what), found \(v.typeDescription)")
        }
    }

    /// A scene-given value as a Swift value.
    func value(of bound: BindValue, _ node: some SyntaxProtocol, scope: Scope? = nil) throws(SwiftImportError) -> Value {
        switch bound {
        case let .rotate(landscape, duration):
            try rotateDevice(toLandscape: landscape, duration: duration, node, scope: scope)
            return .void
        case let .number(d): return .double(d)
        case let .bool(b): return .bool(b)
        case let .string(s): return .string(s)
        case let .point(p): return .point(p)
        case let .size(s): return .size(s)
        case let .rect(r): return .rect(r)
        case let .layer(id, frame, opacity, hidden, cornerRadius):
            let key = "bound:" + id
            if let v = boundViews[key] { return .view(v) }
            let v = ViewObject(id: id, origin: "the layer '\(id)' given with bind:", frame: frame ?? .zero)
            v.boundLayer = id
            v.attached = true
            if let opacity { v.model[.opacity] = .double(opacity) }
            if let hidden { v.model[.hidden] = .bool(hidden) }
            if let cornerRadius { v.model[.cornerRadius] = .double(cornerRadius) }
            if frame == nil { v.unknown = [.boundsSize, .position] }
            boundViews[key] = v
            return .view(v)
        case let .screen(name):
            if name == fromScreen { return .viewController(fromController) }
            if name == toScreen { return .viewController(toController) }
            throw fail(.binding, node, "'\(name)' is not one of the transition's screens (\(fromScreen), \(toScreen))",
                       hint: "bind {screen: \(fromScreen)} or {screen: \(toScreen)}")
        case .nothing:
            return .void
        case let .image(path, size):
            return .image(ImageValue(path: path, copyOf: nil, size: size ?? .zero))
        case let .list(items):
            var out: [Value] = []
            for item in items { out.append(try value(of: item, node, scope: scope)) }
            return .array(out)
        case let .fields(map):
            var out: [(String, Value)] = []
            for key in map.keys.sorted() { out.append((key, try value(of: map[key]!, node, scope: scope))) }
            return .fields(out)
        case let .view(frame, color, image, imageSize, contentMode):
            let key = "view:" + Self.normalized(node.trimmedDescription)
            if let v = boundViews[key] { return .view(v) }
            let v = newView(frame: frame, origin: "bind:")
            if let color, let c = Self.hexColor(color) { v.model[.backgroundColor] = .color(c); v.initial[.backgroundColor] = .color(c) }
            if let image {
                v.isImageView = true
                v.image = ImageValue(path: image, copyOf: nil, size: imageSize ?? frame.size)
                if let contentMode { v.contentMode = contentMode }
            }
            boundViews[key] = v
            return .view(v)
        }
    }

    static func hexColor(_ text: String) -> ColorValue? {
        var hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if hex.count == 6 { hex += "FF" }
        guard hex.count == 8, let v = UInt32(hex, radix: 16) else { return namedColor(text) }
        return ColorValue(r: Double(v >> 24 & 0xFF) / 255, g: Double(v >> 16 & 0xFF) / 255, b: Double(v >> 8 & 0xFF) / 255, a: Double(v & 0xFF) / 255)
    }

    func newView(frame: Rect, origin: String) -> ViewObject {
        let v = ViewObject(id: freshID("view"), origin: origin, frame: frame)
        v.autoNamed = true
        v.initial[.hidden] = .bool(true)
        v.model[.hidden] = .bool(true)
        allViews.append(v)
        return v
    }

    /// `{rotate: landscape}` bound to a call on a view controller: its view turns about its centre
    /// to +90° (landscapeRight, as the device shows it on a portrait canvas) while its bounds
    /// swap width and height; `portrait` turns it back. Like the fullscreen preset, over
    /// `duration` with easeInEaseOut, from now (a completion block's time).
    func rotateDevice(toLandscape landscape: Bool, duration: Double, _ node: some SyntaxProtocol, scope: Scope?) throws(SwiftImportError) {
        guard let call = node.as(FunctionCallExprSyntax.self), let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base, let scope,
              case let .viewController(vc) = try eval(base, scope) else {
            throw fail(.binding, node, "{rotate: …} is bound to '\(node.trimmedDescription)', which is not a call on a view controller",
                       hint: "bind it to the call that turns the device, e.g. \"to.rotateToLandscape()\": {rotate: landscape}")
        }
        let v = vc.view
        let angle = landscape ? Double.pi / 2 : 0
        var current = 0.0
        if case let .transform(t)? = v.model[.transform] {
            if t.ops.isEmpty { current = 0 }
            else if t.ops.count == 1, case let .rotate(a, 0, 0, 1) = t.ops[0] { current = a }
            else {
                throw fail(.unsupported, node, "'\(v.id)' has a transform of its own, so the device's turn cannot be added to it",
                           hint: "leave the view controller's view untransformed")
            }
        }
        let size = v.size
        let portrait = Size(width: min(size.width, size.height), height: max(size.width, size.height))
        let target = landscape ? Size(width: portrait.height, height: portrait.width) : portrait
        v.autoNamed = false
        recorder.basic(layer: recorder.id(v), keyPath: "transform.rotation.z", from: .double(current), to: .double(angle),
                       begin: now, duration: duration, timing: .named("easeInEaseOut"), source: program.place(of: node))
        recorder.basic(layer: recorder.id(v), keyPath: "bounds.size", from: .size(size), to: .size(target),
                       begin: now, duration: duration, timing: .named("easeInEaseOut"), source: program.place(of: node))
        v.model[.transform] = .transform(angle == 0 ? .identity : TransformValue(ops: [.rotate(angle, 0, 0, 1)]))
        v.model[.boundsSize] = .size(target)
        v.changedLater.formUnion([.transform, .boundsSize])
    }
}
