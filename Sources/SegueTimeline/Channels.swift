/// A single animatable quantity of a layer. Key paths that carry several numbers (`position`,
/// `frame`, `bounds.size`, `transform.scale`) split into one channel per number, so
/// `position.x` and `position` animations combine naturally.
enum Channel: Hashable, Sendable {
    case positionX, positionY, width, height
    case opacity, cornerRadius, backgroundColor, hidden
    case rotationX, rotationY, rotationZ
    case scaleX, scaleY, scaleZ
    case translationX, translationY, translationZ

    var isTransformComponent: Bool {
        switch self {
        case .rotationX, .rotationY, .rotationZ, .scaleX, .scaleY, .scaleZ,
             .translationX, .translationY, .translationZ: true
        default: false
        }
    }

    /// The value before any animation. Transform components start from the identity's
    /// components (rotation 0, scale 1, translation 0).
    func modelValue(of layer: LayerSpec) -> ChannelValue {
        switch self {
        case .positionX: .scalar(layer.position.x)
        case .positionY: .scalar(layer.position.y)
        case .width: .scalar(layer.bounds.width)
        case .height: .scalar(layer.bounds.height)
        case .opacity: .scalar(layer.opacity)
        case .cornerRadius: .scalar(layer.cornerRadius)
        case .backgroundColor: .color(layer.backgroundColor)
        case .hidden: .bool(layer.hidden)
        case .rotationX, .rotationY, .rotationZ, .translationX, .translationY, .translationZ: .scalar(0)
        case .scaleX, .scaleY, .scaleZ: .scalar(1)
        }
    }

    func apply(_ value: ChannelValue, to state: inout LayerState, components: inout TransformComponents) {
        switch (self, value) {
        case let (.positionX, .scalar(v)): state.position.x = v
        case let (.positionY, .scalar(v)): state.position.y = v
        case let (.width, .scalar(v)): state.bounds.size.width = max(0, v)
        case let (.height, .scalar(v)): state.bounds.size.height = max(0, v)
        case let (.opacity, .scalar(v)): state.opacity = min(max(v, 0), 1)
        case let (.cornerRadius, .scalar(v)): state.cornerRadius = max(0, v)
        case let (.backgroundColor, .color(c)): state.backgroundColor = c
        case let (.hidden, .bool(b)): state.hidden = b
        case let (.rotationX, .scalar(v)): components.rotation.x = v
        case let (.rotationY, .scalar(v)): components.rotation.y = v
        case let (.rotationZ, .scalar(v)): components.rotation.z = v
        case let (.scaleX, .scalar(v)): components.scale.x = v
        case let (.scaleY, .scalar(v)): components.scale.y = v
        case let (.scaleZ, .scalar(v)): components.scale.z = v
        case let (.translationX, .scalar(v)): components.translation.x = v
        case let (.translationY, .scalar(v)): components.translation.y = v
        case let (.translationZ, .scalar(v)): components.translation.z = v
        default: break // the parser guarantees value kinds match their key paths
        }
    }
}

/// The value of one channel.
enum ChannelValue: Hashable, Sendable {
    case scalar(Double)
    case color(RGBAColor)
    case bool(Bool)

    static func interpolate(_ a: ChannelValue, _ b: ChannelValue, _ t: Double) -> ChannelValue {
        switch (a, b) {
        case let (.scalar(x), .scalar(y)): .scalar(x + (y - x) * t)
        case let (.color(x), .color(y)): .color(.interpolate(x, y, t))
        // Booleans are discrete: the start value holds until the animation ends.
        case (.bool, _): a
        default: b
        }
    }
}

/// The parts a `transform.*` key path addresses, recombined as
/// scale, then rotation about x, y and z, then translation (the layer's points are scaled first).
struct TransformComponents: Sendable {
    var scale = (x: 1.0, y: 1.0, z: 1.0)
    var rotation = (x: 0.0, y: 0.0, z: 0.0)
    var translation = (x: 0.0, y: 0.0, z: 0.0)

    var matrix: Transform3D {
        Transform3D.scale(scale.x, scale.y, scale.z)
            .then(.rotation(rotation.x, 1, 0, 0))
            .then(.rotation(rotation.y, 0, 1, 0))
            .then(.rotation(rotation.z, 0, 0, 1))
            .then(.translation(translation.x, translation.y, translation.z))
    }
}

/// One animation of one channel.
struct ChannelAnimation: Sendable {
    var channel: Channel
    var from: ChannelValue?
    var to: ChannelValue?
    var begin: Double
    var duration: Double
    var timing: TimingCurve
    var end: Double { begin + duration }

    /// Splits an `animations:` item into its channels.
    static func split(_ spec: AnimationSpec, model: LayerSpec) -> [ChannelAnimation] {
        func make(_ channel: Channel, _ from: ChannelValue?, _ to: ChannelValue?) -> ChannelAnimation {
            ChannelAnimation(channel: channel, from: from, to: to, begin: spec.begin, duration: spec.duration, timing: spec.timing)
        }
        func scalars(_ channels: [Channel], _ pick: (AnimationValue) -> [Double]?) -> [ChannelAnimation] {
            let from = spec.from.flatMap(pick), to = spec.to.flatMap(pick)
            return channels.enumerated().map { i, c in
                make(c, from.map { .scalar($0[i]) }, to.map { .scalar($0[i]) })
            }
        }
        func number(_ v: AnimationValue) -> [Double]? { if case let .number(n) = v { [n] } else { nil } }
        switch spec.keyPath {
        case .opacity: return scalars([.opacity], number)
        case .cornerRadius: return scalars([.cornerRadius], number)
        case .positionX: return scalars([.positionX], number)
        case .positionY: return scalars([.positionY], number)
        case .rotationX: return scalars([.rotationX], number)
        case .rotationY: return scalars([.rotationY], number)
        case .rotationZ: return scalars([.rotationZ], number)
        case .scaleX: return scalars([.scaleX], number)
        case .scaleY: return scalars([.scaleY], number)
        case .translationX: return scalars([.translationX], number)
        case .translationY: return scalars([.translationY], number)
        case .translationZ: return scalars([.translationZ], number)
        case .scale: return scalars([.scaleX, .scaleY, .scaleZ]) { number($0).map { [$0[0], $0[0], $0[0]] } }
        case .position:
            return scalars([.positionX, .positionY]) { if case let .point(p) = $0 { [p.x, p.y] } else { nil } }
        case .boundsSize:
            return scalars([.width, .height]) { if case let .size(s) = $0 { [s.width, s.height] } else { nil } }
        case .frame:
            // A frame places the anchor point: position = origin + anchorPoint × size.
            let anchor = model.anchorPoint
            return scalars([.positionX, .positionY, .width, .height]) {
                guard case let .rect(r) = $0 else { return nil }
                return [r.minX + anchor.x * r.width, r.minY + anchor.y * r.height, r.width, r.height]
            }
        case .backgroundColor:
            func color(_ v: AnimationValue) -> ChannelValue? { if case let .color(c) = v { .color(c) } else { nil } }
            return [make(.backgroundColor, spec.from.flatMap(color), spec.to.flatMap(color))]
        case .hidden:
            func flag(_ v: AnimationValue) -> ChannelValue? { if case let .bool(b) = v { .bool(b) } else { nil } }
            return [make(.hidden, spec.from.flatMap(flag), spec.to.flatMap(flag))]
        }
    }
}
