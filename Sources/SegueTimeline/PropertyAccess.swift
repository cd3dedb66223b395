// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import SegueScene

/// The numbers a `transform.*` key path addresses. Core Animation's value functions build a
/// whole matrix from them: scale, then rotation about x, y and z, then translation (row vectors,
/// so the layer's points are scaled first).
public struct TransformComponents: Hashable, Sendable {
    public var scale = [1.0, 1.0, 1.0]
    public var rotation = [0.0, 0.0, 0.0]
    public var translation = [0.0, 0.0, 0.0]

    public init() {}

    public var matrix: Transform3D {
        Transform3D.scale(scale[0], scale[1], scale[2])
            .then(.rotation(rotation[0], 1, 0, 0))
            .then(.rotation(rotation[1], 0, 1, 0))
            .then(.rotation(rotation[2], 0, 0, 1))
            .then(.translation(translation[0], translation[1], translation[2]))
    }

    /// What Core Animation reports for `valueForKeyPath:"transform.rotation.y"` and friends: the
    /// matrix split into scale, x-y-z Euler angles and translation.
    public init(reading m: Transform3D) {
        translation = [m.m41, m.m42, m.m43]
        let rows = [[m.m11, m.m12, m.m13], [m.m21, m.m22, m.m23], [m.m31, m.m32, m.m33]]
        scale = rows.map { ($0[0] * $0[0] + $0[1] * $0[1] + $0[2] * $0[2]).squareRoot() }
        let r = rows.enumerated().map { i, row in scale[i] > 0 ? row.map { $0 / scale[i] } : row }
        // R = Rx(a)·Ry(b)·Rz(c) for row vectors: r13 = −sin b, r23 = sin a·cos b, r33 = cos a·cos b,
        // r12 = cos b·sin c, r11 = cos b·cos c.
        let b = asin(min(max(-r[0][2], -1), 1))
        let a = atan2(r[1][2], r[2][2])
        let c = atan2(r[0][1], r[0][0])
        // Every rotation has a second x-y-z reading, (a + π, π − b, c + π). Prefer the one with the
        // smaller x and z turns, so a turn of 96° about y reads as 96°, not as 84° flipped twice.
        func wrap(_ v: Double) -> Double { v > .pi ? v - 2 * .pi : (v <= -.pi ? v + 2 * .pi : v) }
        let other = [wrap(a + .pi), wrap(.pi - b), wrap(c + .pi)]
        rotation = abs(other[0]) + abs(other[2]) < abs(a) + abs(c) - 1e-9 ? other : [a, b, c]
    }
}

extension LayerState {
    /// The current value of a key path, as an animation would read it as its `from`.
    public func value(of keyPath: AnimatableKeyPath) -> AnimationValue {
        let components = transformComponents ?? TransformComponents(reading: transform)
        switch keyPath {
        case .opacity: return .number(opacity)
        case .position: return .point(position)
        case .positionX: return .number(position.x)
        case .positionY: return .number(position.y)
        case .boundsSize: return .size(bounds.size)
        case .boundsOrigin: return .point(bounds.origin)
        case .frame:
            return .rect(Rect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                              width: bounds.width, height: bounds.height))
        case .backgroundColor: return .color(backgroundColor)
        case .borderColor: return .color(borderColor)
        case .cornerRadius: return .number(cornerRadius)
        case .borderWidth: return .number(borderWidth)
        case .zPosition: return .number(zPosition)
        case .hidden: return .bool(hidden)
        case .transform: return .transform(transform)
        case .shadowOpacity: return .number(shadow.opacity)
        case .shadowRadius: return .number(shadow.radius)
        case .shadowOffset: return .size(shadow.offset)
        case .shadowColor: return .color(shadow.color)
        case .shadowPath: return .path(shadow.path)
        case .path: return .path(shape?.path)
        case .fillColor: return .color(shape?.fillColor ?? ShapeSpec().fillColor)
        case .strokeColor: return .color(shape?.strokeColor ?? ShapeSpec().strokeColor)
        case .lineWidth: return .number(shape?.lineWidth ?? ShapeSpec().lineWidth)
        case .strokeStart: return .number(shape?.strokeStart ?? 0)
        case .strokeEnd: return .number(shape?.strokeEnd ?? 1)
        case .lineDashPhase: return .number(shape?.lineDashPhase ?? 0)
        case .blur: return .blur(blur ?? .none)
        case .contentsRect: return .rect(contentsRect)
        case .colors: return .colors(gradient?.colors ?? [])
        case .locations: return .numbers(gradient?.locations)
        case .startPoint: return .point(gradient?.startPoint ?? GradientSpec().startPoint)
        case .endPoint: return .point(gradient?.endPoint ?? GradientSpec().endPoint)
        case .rotationX: return .number(components.rotation[0])
        case .rotationY: return .number(components.rotation[1])
        case .rotationZ: return .number(components.rotation[2])
        case .scale, .scaleX: return .number(components.scale[0])
        case .scaleY: return .number(components.scale[1])
        case .translationX: return .number(components.translation[0])
        case .translationY: return .number(components.translation[1])
        case .translationZ: return .number(components.translation[2])
        }
    }

    /// Sets a key path to `value`, or adds it to the current value when `additive` (numbers,
    /// points, sizes, rects and colours add; matrices concatenate, the animated one first).
    public mutating func apply(_ keyPath: AnimatableKeyPath, _ value: AnimationValue, additive: Bool) {
        func number(_ current: Double) -> Double {
            guard case let .number(v) = value else { return current }
            return additive ? current + v : v
        }
        switch (keyPath, value) {
        case (.opacity, _): opacity = min(max(number(opacity), 0), 1)
        case (.positionX, _): position.x = number(position.x)
        case (.positionY, _): position.y = number(position.y)
        case (.cornerRadius, _): cornerRadius = max(0, number(cornerRadius))
        case (.borderWidth, _): borderWidth = max(0, number(borderWidth))
        case (.zPosition, _): zPosition = number(zPosition)
        case (.shadowOpacity, _): shadow.opacity = min(max(number(shadow.opacity), 0), 1)
        case (.shadowRadius, _): shadow.radius = max(0, number(shadow.radius))
        case let (.shadowOffset, .size(s)):
            shadow.offset = additive ? Size(width: shadow.offset.width + s.width, height: shadow.offset.height + s.height) : s
        case let (.shadowColor, .color(c)): shadow.color = additive ? Self.add(shadow.color, c) : c
        case let (.shadowPath, .path(p)): shadow.path = p
        case let (.path, .path(p)): editShape { $0.path = p }
        case let (.fillColor, .color(c)): editShape { $0.fillColor = additive ? Self.add($0.fillColor, c) : c }
        case let (.strokeColor, .color(c)): editShape { $0.strokeColor = additive ? Self.add($0.strokeColor, c) : c }
        case (.lineWidth, _): editShape { $0.lineWidth = max(0, number($0.lineWidth)) }
        case (.strokeStart, _): editShape { $0.strokeStart = min(max(number($0.strokeStart), 0), 1) }
        case (.strokeEnd, _): editShape { $0.strokeEnd = min(max(number($0.strokeEnd), 0), 1) }
        case (.lineDashPhase, _): editShape { $0.lineDashPhase = number($0.lineDashPhase) }
        case let (.blur, .blur(b)): blur = b
        case let (.contentsRect, .rect(r)):
            let rect = additive ? Rect(x: contentsRect.minX + r.minX, y: contentsRect.minY + r.minY,
                                       width: contentsRect.width + r.width, height: contentsRect.height + r.height) : r
            contentsRect = Rect(x: rect.minX, y: rect.minY, width: max(rect.width, 1e-6), height: max(rect.height, 1e-6))
        case let (.colors, .colors(c)):
            editGradient { g in g.colors = additive && c.count == g.colors.count ? zip(g.colors, c).map { Self.add($0, $1) } : c }
        case let (.locations, .numbers(n)):
            editGradient { g in
                if additive, let n, let old = g.locations, n.count == old.count { g.locations = zip(old, n).map(+) } else { g.locations = n }
            }
        case let (.startPoint, .point(p)):
            editGradient { $0.startPoint = additive ? Point(x: $0.startPoint.x + p.x, y: $0.startPoint.y + p.y) : p }
        case let (.endPoint, .point(p)):
            editGradient { $0.endPoint = additive ? Point(x: $0.endPoint.x + p.x, y: $0.endPoint.y + p.y) : p }
        case let (.position, .point(p)):
            position = additive ? Point(x: position.x + p.x, y: position.y + p.y) : p
        case let (.boundsOrigin, .point(p)):
            bounds.origin = additive ? Point(x: bounds.origin.x + p.x, y: bounds.origin.y + p.y) : p
        case let (.boundsSize, .size(s)):
            let size = additive ? Size(width: bounds.width + s.width, height: bounds.height + s.height) : s
            bounds.size = Size(width: max(0, size.width), height: max(0, size.height))
        case let (.frame, .rect(r)):
            // UIKit's frame setter: bounds size from the rect, position = origin + anchor × size.
            var rect = r
            if additive, case let .rect(current) = self.value(of: .frame) {
                rect = Rect(x: current.minX + r.minX, y: current.minY + r.minY,
                            width: current.width + r.width, height: current.height + r.height)
            }
            bounds.size = Size(width: max(0, rect.width), height: max(0, rect.height))
            position = Point(x: rect.minX + anchorPoint.x * rect.width, y: rect.minY + anchorPoint.y * rect.height)
        case let (.backgroundColor, .color(c)): backgroundColor = additive ? Self.add(backgroundColor, c) : c
        case let (.borderColor, .color(c)): borderColor = additive ? Self.add(borderColor, c) : c
        case let (.hidden, .bool(b)): hidden = b
        case let (.transform, .transform(m)):
            transform = additive ? m.then(transform) : m
            transformComponents = nil
        case let (_, .number(v)) where keyPath.isTransformComponent:
            if additive {
                var delta = TransformComponents()
                delta.set(keyPath, v)
                transform = delta.matrix.then(transform)
                transformComponents = nil
            } else {
                // A value function builds the whole matrix from the components animated so far.
                var c = transformComponents ?? TransformComponents()
                c.set(keyPath, v)
                transformComponents = c
                transform = c.matrix
            }
        default:
            break // the parser guarantees value kinds match key paths
        }
    }

    /// Animating a shape key path makes the layer a shape layer.
    private mutating func editShape(_ change: (inout ShapeSpec) -> Void) {
        var s = shape ?? ShapeSpec()
        change(&s)
        shape = s
    }

    /// Animating a gradient key path makes the layer a gradient layer.
    private mutating func editGradient(_ change: (inout GradientSpec) -> Void) {
        var g = gradient ?? GradientSpec()
        change(&g)
        gradient = g
    }

    static func add(_ a: RGBAColor, _ b: RGBAColor) -> RGBAColor {
        RGBAColor(red: min(max(a.red + b.red, 0), 1), green: min(max(a.green + b.green, 0), 1),
                  blue: min(max(a.blue + b.blue, 0), 1), alpha: min(max(a.alpha + b.alpha, 0), 1))
    }
}

extension TransformComponents {
    mutating func set(_ keyPath: AnimatableKeyPath, _ v: Double) {
        switch keyPath {
        case .rotationX: rotation[0] = v
        case .rotationY: rotation[1] = v
        case .rotationZ: rotation[2] = v
        case .scale: scale = [v, v, v]
        case .scaleX: scale[0] = v
        case .scaleY: scale[1] = v
        case .translationX: translation[0] = v
        case .translationY: translation[1] = v
        case .translationZ: translation[2] = v
        default: break
        }
    }
}

extension AnimatableKeyPath {
    public var isTransformComponent: Bool {
        switch self {
        case .rotationX, .rotationY, .rotationZ, .scale, .scaleX, .scaleY,
             .translationX, .translationY, .translationZ: true
        default: false
        }
    }
}
