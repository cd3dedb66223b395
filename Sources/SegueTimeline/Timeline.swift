// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import SegueScene

/// Evaluates a scene at any instant. A pure function of time: nothing is carried from one
/// frame to the next, so frames can be evaluated in any order, in parallel, with identical results.
///
/// Per layer, the model values (the scene's) are the starting point; a scroll view's content
/// offset is set from its scroll simulation; then every animation on the layer that is in effect
/// applies its value in begin order (a later one overrides an earlier one on the same property,
/// or adds to it when additive), as Core Animation applies a layer's animations.
public struct Timeline: Sendable {
    public let scene: Scene
    /// Every animation, keyframe groups expanded, with omitted from/to resolved.
    private let evaluatorsByLayer: [String: [AnimationEvaluator]]
    /// Drives the animations' clock when the scene has an interactive transition.
    public let interaction: InteractionDriver?
    private let scrolls: [String: ScrollSimulation]
    private let zoomingScrolls: [String: ZoomingScrollSimulation]
    /// The interactions of layers (`interaction:` on a layer), by layer id: each drives the
    /// animations of its layer and sublayers, on the layer's own time.
    private let layerInteractions: [String: InteractionDriver]
    /// How far each layer's time runs behind the scene's: the sum of its and its ancestors'
    /// `beginTime`. Only layers with a non-zero offset are listed.
    private let timeOffsets: [String: Double]
    /// The scene's length: `duration:` if the file gave one, else the end of the last animation,
    /// interaction or scroll.
    public let duration: Double

    public init(scene: Scene) {
        self.scene = scene
        let models = Dictionary(scene.allLayers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })

        var specs = scene.animations
        for group in scene.groups {
            specs += KeyframeGroupExpansion.expand(group) { id, keyPath in
                models[id].map { LayerState(model: $0).value(of: keyPath) }
            }
        }
        // Begin order, stable: equal begin times keep file order, so the later one wins.
        let ordered = specs.enumerated()
            .sorted { ($0.element.begin, $0.offset) < ($1.element.begin, $1.offset) }
            .map(\.element)
        var byLayer: [String: [AnimationEvaluator]] = [:]
        for spec in ordered {
            guard let model = models[spec.layerID] else { continue }
            let earlier = byLayer[spec.layerID] ?? []
            // An omitted `from` is the value the property has when the animation begins, given the
            // animations before it; an omitted `to` is the model value.
            var atBegin = LayerState(model: model)
            Self.applyAnimations(earlier, at: spec.begin, to: &atBegin)
            let from = spec.from ?? atBegin.value(of: spec.keyPath)
            let to = spec.to ?? LayerState(model: model).value(of: spec.keyPath)
            byLayer[spec.layerID, default: []].append(AnimationEvaluator(spec: spec, from: from, to: to))
        }
        evaluatorsByLayer = byLayer

        var scrolls: [String: ScrollSimulation] = [:]
        var zoomingScrolls: [String: ZoomingScrollSimulation] = [:]
        for layer in scene.allLayers {
            guard let scroll = layer.scroll else { continue }
            if scroll.zoom != nil || !scroll.gestures.isEmpty {
                // Zooming, or a list of gestures (ZoomSimulation.swift).
                let view = Self.zoomView(of: layer)
                let origin = Point(x: layer.position.x - layer.anchorPoint.x * layer.bounds.width,
                                   y: layer.position.y - layer.anchorPoint.y * layer.bounds.height)
                zoomingScrolls[layer.id] = ZoomingScrollSimulation(spec: scroll, viewport: layer.bounds.size,
                                                                   zoomViewSize: view?.bounds.size ?? .zero, viewOrigin: origin)
            } else {
                scrolls[layer.id] = ScrollSimulation(spec: scroll, viewport: layer.bounds.size)
            }
        }
        self.scrolls = scrolls
        self.zoomingScrolls = zoomingScrolls

        var offsets: [String: Double] = [:]
        var layerInteractions: [String: InteractionDriver] = [:]
        // When a layer's subtree comes to rest, in the layer's own time: the end of its last
        // animation, or for a layer with an interaction, when that interaction has finished or
        // cancelled (its transition lasts until the last animation it drives ends).
        func walk(_ layer: LayerSpec, offset: Double) -> Double {
            let local = offset + layer.beginTime
            if local != 0 { offsets[layer.id] = local }
            var end = (byLayer[layer.id] ?? []).map(\.spec.naturalEnd).max() ?? 0
            for sub in layer.sublayers + layer.maskLayers { end = max(end, sub.beginTime + walk(sub, offset: local)) }
            guard let spec = layer.interaction else { return end }
            let driver = InteractionDriver(spec: spec, transitionDuration: end)
            layerInteractions[layer.id] = driver
            return driver.end
        }
        let subtreeEnds = scene.layers.map { $0.beginTime + walk($0, offset: 0) }
        self.layerInteractions = layerInteractions
        timeOffsets = offsets

        let animationsEnd = ordered.map(\.naturalEnd).max() ?? 0
        if let spec = scene.interaction {
            interaction = InteractionDriver(spec: spec, transitionDuration: animationsEnd)
        } else {
            interaction = nil
        }
        if scene.durationIsExplicit {
            duration = scene.duration
        } else {
            let scrollEnds = scrolls.map { $0.value.end + (offsets[$0.key] ?? 0) } + zoomingScrolls.map { $0.value.end + (offsets[$0.key] ?? 0) }
            let ends = [scene.duration, interaction?.end ?? 0] + scrollEnds + subtreeEnds + scene.touches.map { GestureTrack($0).release }
            duration = ends.max() ?? 0
        }
    }

    public var canvas: Canvas { scene.canvas }
    /// Frames 0 … N with N = ceil(duration × fps).
    public var frameCount: Int { scene.canvas.frameCount(duration: duration) }
    public func time(ofFrame index: Int) -> Double { scene.canvas.time(ofFrame: index) }

    /// The animations on a layer (keyframe groups expanded), in the order they apply.
    public func animations(of layerID: String) -> [AnimationSpec] {
        (evaluatorsByLayer[layerID] ?? []).map(\.spec)
    }

    /// The time the animations see at scene time `t`: `t` itself, or the interactive
    /// transition's time when a gesture drives the scene.
    public func animationTime(at t: Double) -> Double {
        interaction?.transitionTime(at: t) ?? t
    }

    /// The presentation state of every layer at time `t` (seconds), as a tree.
    public func layers(at t: Double) -> [LayerState] {
        let animationTime = animationTime(at: t)
        return scene.layers.map { evaluate($0, sceneTime: t, animationTime: animationTime) }
    }

    /// `sceneTime` and `animationTime` are the parent's; a layer's `beginTime` moves both back,
    /// and its interaction, if it has one, sets the animation time from its own time.
    private func evaluate(_ spec: LayerSpec, sceneTime parentTime: Double, animationTime parentAnimationTime: Double) -> LayerState {
        var sceneTime = parentTime, animationTime = parentAnimationTime
        if spec.beginTime != 0 { sceneTime -= spec.beginTime; animationTime -= spec.beginTime }
        if let driver = layerInteractions[spec.id] { animationTime = driver.transitionTime(at: sceneTime) }
        var state = LayerState(model: spec)
        state.sublayers = spec.sublayers.map { evaluate($0, sceneTime: sceneTime, animationTime: animationTime) }
        state.mask = spec.maskLayers.map { evaluate($0, sceneTime: sceneTime, animationTime: animationTime) }
        if let scroll = scrolls[spec.id] { state.bounds.origin = scroll.offset(at: sceneTime) }
        if let zooming = zoomingScrolls[spec.id] { Self.apply(zooming, of: spec, at: sceneTime, to: &state) }
        if let evaluators = evaluatorsByLayer[spec.id] { Self.applyAnimations(evaluators, at: animationTime, to: &state) }
        return state
    }

    private static func applyAnimations(_ evaluators: [AnimationEvaluator], at t: Double, to state: inout LayerState) {
        for evaluator in evaluators {
            guard let value = evaluator.value(at: t) else { continue }
            state.apply(evaluator.spec.keyPath, value, additive: evaluator.spec.additive)
        }
    }

    /// The scroll simulation of a scroll-view layer, if it has one.
    public func scroll(of layerID: String) -> ScrollSimulation? { scrolls[layerID] }

    /// The simulation of a scroll view that zooms or has a list of gestures, if it is one.
    public func zoomingScroll(of layerID: String) -> ZoomingScrollSimulation? { zoomingScrolls[layerID] }

    /// viewForZooming: the sublayer `zoom.view` names, or the first.
    static func zoomView(of layer: LayerSpec) -> LayerSpec? {
        guard let zoom = layer.scroll?.zoom else { return nil }
        if let id = zoom.view { return layer.sublayers.first { $0.id == id } }
        return layer.sublayers.first
    }

    /// The content offset, and with zoom the zoomed view's frame: scaled by the zoom scale
    /// about its anchor point, its frame's origin at the centring inset (0 without `centers`).
    private static func apply(_ zooming: ZoomingScrollSimulation, of spec: LayerSpec, at t: Double, to state: inout LayerState) {
        let z = zooming.state(at: t)
        state.bounds.origin = z.offset
        guard let view = zoomView(of: spec), let index = state.sublayers.firstIndex(where: { $0.id == view.id }) else { return }
        let inset = zooming.inset(at: z.scale)
        var sub = state.sublayers[index]
        sub.transform = .scale(z.scale, z.scale)
        sub.transformComponents = nil
        sub.position = Point(x: inset.x + sub.anchorPoint.x * z.scale * sub.bounds.width,
                             y: inset.y + sub.anchorPoint.y * z.scale * sub.bounds.height)
        state.sublayers[index] = sub
    }
}

extension Timeline {
    /// Where a scripted finger touches the canvas at `t` (an interaction's gesture, a scroll
    /// view's drag or one of the scene's `touches:`), in canvas points; nil when no finger is
    /// down. Scroll drags are given in the scroll view's superlayer space, which for the usual
    /// full-screen layouts is the canvas.
    public func touchLocations(at t: Double) -> [Point] {
        // Each finger with the time offset of the layer it belongs to.
        var gestures: [(GestureSpec, Double)] = []
        if let g = scene.interaction?.gesture { gestures.append((g, 0)) }
        gestures += scene.touches.map { ($0, 0) }
        for layer in scene.allLayers {
            let offset = timeOffsets[layer.id] ?? 0
            if let g = layer.interaction?.gesture { gestures.append((g, offset)) }
            if let g = layer.scroll?.drag { gestures.append((g, offset)) }
            gestures += (layer.scroll?.gestures.flatMap(\.fingers) ?? []).map { ($0, offset) }
        }
        return gestures.compactMap { g, offset in
            let track = GestureTrack(g)
            let local = t - offset
            guard local >= track.start, local <= track.release else { return nil }
            return track.location(at: local)
        }
    }

    /// How far a layer's time runs behind the scene's (its and its ancestors' `beginTime`).
    public func timeOffset(of layerID: String) -> Double { timeOffsets[layerID] ?? 0 }

    /// The interaction of a layer that has one (`interaction:` on the layer).
    public func interaction(of layerID: String) -> InteractionDriver? { layerInteractions[layerID] }
}
