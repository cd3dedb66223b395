/// Evaluates a scene at any instant. A pure function of time: nothing is carried from one
/// frame to the next, so frames can be evaluated in any order, in parallel, with identical results.
public struct Timeline: Sendable {
    public let scene: Scene
    /// Animations per layer id, split into per-channel tracks sorted by begin time.
    private let tracksByLayer: [String: [Channel: [ChannelAnimation]]]

    public init(scene: Scene) {
        self.scene = scene
        var tracks: [String: [Channel: [ChannelAnimation]]] = [:]
        let models = Dictionary(scene.allLayers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for spec in scene.animations {
            guard let model = models[spec.layerID] else { continue }
            for animation in ChannelAnimation.split(spec, model: model) {
                tracks[spec.layerID, default: [:]][animation.channel, default: []].append(animation)
            }
        }
        for (id, channels) in tracks {
            for (channel, list) in channels {
                // Stable: equal begin times keep file order, so the later line wins.
                tracks[id]![channel] = list.enumerated()
                    .sorted { ($0.element.begin, $0.offset) < ($1.element.begin, $1.offset) }
                    .map(\.element)
            }
        }
        tracksByLayer = tracks
    }

    public var canvas: Canvas { scene.canvas }
    public var duration: Double { scene.duration }
    /// Frames 0 … N with N = ceil(duration × fps).
    public var frameCount: Int { scene.canvas.frameCount(duration: scene.duration) }
    public func time(ofFrame index: Int) -> Double { scene.canvas.time(ofFrame: index) }

    /// The presentation state of every layer at time `t` (seconds), as a tree.
    public func layers(at t: Double) -> [LayerState] {
        scene.layers.map { evaluate($0, at: t) }
    }

    private func evaluate(_ spec: LayerSpec, at t: Double) -> LayerState {
        var state = LayerState(model: spec)
        state.sublayers = spec.sublayers.map { evaluate($0, at: t) }
        guard let channels = tracksByLayer[spec.id] else { return state }
        var transformTouched = false
        var components = TransformComponents()
        for (channel, track) in channels {
            guard let first = track.first, t >= first.begin else { continue }
            let value = Self.value(of: track[...], at: t, model: channel.modelValue(of: spec))
            if channel.isTransformComponent { transformTouched = true }
            channel.apply(value, to: &state, components: &components)
        }
        if transformTouched {
            // A transform.* key path drives the whole transform while its animation is in effect,
            // as Core Animation's value functions do (see docs/timeline.md).
            state.transform = components.matrix
        }
        return state
    }

    /// One channel's value at `t`: the model value with each begun animation applied in begin order.
    static func value(of track: ArraySlice<ChannelAnimation>, at t: Double, model: ChannelValue) -> ChannelValue {
        var value = model
        for (offset, animation) in zip(track.indices, track) {
            guard t >= animation.begin else { break }
            // An omitted `from` is the value the channel had when this animation began.
            let from = animation.from ?? Self.value(of: track[track.startIndex ..< offset], at: animation.begin, model: model)
            let to = animation.to ?? model
            // A nanosecond of slack, so 0.2 + 0.4 counts as having reached 0.6.
            if t >= animation.end - 1e-9 {
                value = to
            } else {
                let linear = (t - animation.begin) / animation.duration
                value = ChannelValue.interpolate(from, to, animation.timing.progress(linear))
            }
        }
        return value
    }
}
