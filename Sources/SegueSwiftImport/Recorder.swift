// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry
import Yams

/// Where property changes go while a block runs.
enum AnimationContext {
    /// UIView.animate, a property animator's block, a CATransaction: one animation per property.
    case basic(begin: Double, duration: Double?, timing: TimingValue, extra: [(String, Node)])
    /// Inside UIView.animateKeyframes, outside any addKeyframe: over the whole group.
    case group(GroupRecord)
    /// Inside UIView.addKeyframe.
    case keyframe(GroupRecord, start: Double, duration: Double)
    /// UIView.performWithoutAnimation.
    case none
}

/// One UIView.animateKeyframes call being recorded.
final class GroupRecord {
    var begin: Double
    var duration: Double
    var options: [String]
    var keyframes: [(start: Double, duration: Double, sets: [(String, Node)])] = []
    /// The `UIView.animateKeyframes` call, and the assignment behind each keyframe's set key.
    var source: Place?
    var sources: [String: Place] = [:]
    init(begin: Double, duration: Double, options: [String]) { self.begin = begin; self.duration = duration; self.options = options }

    func set(start: Double, duration: Double, key: String, value: Node, source: Place? = nil) {
        if let i = keyframes.firstIndex(where: { $0.start == start && $0.duration == duration }) {
            if let j = keyframes[i].sets.firstIndex(where: { $0.0 == key }) { keyframes[i].sets[j].1 = value }
            else { keyframes[i].sets.append((key, value)) }
        } else {
            keyframes.append((start, duration, [(key, value)]))
        }
        if let source { sources["\(start)/\(duration)/" + key] = source }
    }
}

/// A place in the animator's Swift source: where a layer, an animation or a keyframe came from.
typealias Place = (file: String, line: Int, column: Int)

extension Recorder {
    /// The scene's provenance key (SegueScene's `Provenance.key`): generated nodes carry the
    /// Swift place that made them, and `segue expand` prints it as a comment.
    static let sourceKey = "$source"
    func source(_ place: Place) -> (String, Node) { (Self.sourceKey, text(place)) }
    func text(_ place: Place) -> Node { string("\(place.file):\(place.line):\(place.column)") }

    /// A layer's places: `id` where the view was made, and each key it starts with where the
    /// code set it.
    func sources(_ v: ViewObject, keys: [String]) -> (String, Node)? {
        var pairs: [(String, Node)] = []
        if let place = v.place { pairs.append(("id", text(place))) }
        var frame: Place?
        for (p, place) in v.setPlaces.sorted(by: { ($0.value.line, $0.value.column) < ($1.value.line, $1.value.column) }) {
            switch p {
            case .boundsSize, .position, .boundsOrigin: if frame == nil { frame = place; pairs.append(("frame", text(place))) }
            default: if keys.contains(p.rawValue) { pairs.append((p.rawValue, text(place))) }
            }
        }
        return pairs.isEmpty ? nil : (Self.sourceKey, map(pairs, flow: true))
    }
}

/// Writes the scene nodes: layer ids with the step's prefix, times shifted to the step's start.
struct Recorder {
    let prefix: String
    let begin: Double
    let mark: Mark?
    var animations: [Node] = []
    /// Indices of `animations` that are steps (not animated changes): they do not make the
    /// transition longer.
    var stepIndices: Set<Int> = []

    init(prefix: String, begin: Double, mark: Mark?) { self.prefix = prefix; self.begin = begin; self.mark = mark }

    // MARK: Nodes

    func plain(_ text: String) -> Node { .scalar(.init(text, .implicit, .plain, mark)) }
    func string(_ text: String) -> Node { .scalar(.init(text, .implicit, .doubleQuoted, mark)) }
    func number(_ v: Double) -> Node { plain(Self.format(v)) }
    func bool(_ v: Bool) -> Node { plain(v ? "true" : "false") }
    func numbers(_ values: [Double]) -> Node { .sequence(.init(values.map(number), .implicit, .flow, mark)) }
    func list(_ items: [Node], flow: Bool = false) -> Node { .sequence(.init(items, .implicit, flow ? .flow : .block, mark)) }
    func map(_ pairs: [(String, Node)], flow: Bool = false) -> Node {
        .mapping(.init(pairs.map { (plain($0.0), $0.1) }, .implicit, flow ? .flow : .block, mark))
    }

    /// Shortest text that reads back as exactly `v`.
    static func format(_ v: Double) -> String {
        if v == 0 { return "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }

    func angle(_ radians: Double) -> Node {
        let degrees = radians * 180 / .pi
        let rounded = (degrees * 1e6).rounded() / 1e6
        if abs(degrees - rounded) < 1e-9 { return plain(Self.format(rounded) + "deg") }
        return plain(Self.format(radians) + "rad")
    }

    func transform(_ t: TransformValue) -> Node {
        if t.ops.isEmpty { return plain("identity") }
        return list(t.ops.map { op in
            switch op {
            case let .perspective(d): return map([("perspective", number(d))], flow: true)
            case let .rotate(a, x, y, z):
                if x == 0, y == 0, z != 0, z == 1 { return map([("rotate", angle(a))], flow: true) }
                return map([("rotate", map([("angle", angle(a)), ("axis", numbers([x, y, z]))], flow: true))], flow: true)
            case let .translate(x, y, z): return map([("translate", numbers(z == 0 ? [x, y] : [x, y, z]))], flow: true)
            case let .scale(x, y, z): return map([("scale", x == y && z == 1 ? number(x) : numbers(z == 1 ? [x, y] : [x, y, z]))], flow: true)
            case let .matrix(m): return map([("matrix", numbers(m.rowMajor))], flow: true)
            }
        }, flow: true)
    }

    func color(_ c: ColorValue) -> Node {
        if let name = c.name { return plain(name) }
        func hex(_ v: Double) -> String {
            let i = Int((min(max(v, 0), 1) * 255).rounded())
            return String(format: "%02X", i)
        }
        return string("#" + hex(c.r) + hex(c.g) + hex(c.b) + (c.a >= 1 ? "" : hex(c.a)))
    }

    /// A value as the scene writes it for this key path.
    func node(_ value: Value, keyPath: String) -> Node {
        switch value {
        case let .rect(r): return numbers([r.minX, r.minY, r.width, r.height])
        case let .point(p): return numbers([p.x, p.y])
        case let .size(s): return numbers([s.width, s.height])
        case let .transform(t), let .affine(t): return transform(t)
        case let .color(c): return color(c)
        case let .bool(b): return bool(b)
        case let .int(i): return number(Double(i))
        case let .double(d):
            if keyPath.hasPrefix("transform.rotation") { return angle(d) }
            return number(d)
        case let .array(items): return list(items.map { node($0, keyPath: keyPath) }, flow: true)
        case let .path(p): return path(p)
        case let .string(style) where keyPath == "blur": return plain(style)
        default: return plain("null")
        }
    }

    func timing(_ t: TimingValue, duration: Double?) -> Node {
        switch t {
        case let .named(n): return plain(n)
        case let .controlPoints(a, b, c, d): return numbers([a, b, c, d])
        case let .uikitSpring(ratio, velocity):
            var spring: [(String, Node)] = [("duration", number(duration ?? 0)), ("dampingRatio", number(ratio))]
            if velocity != 0 { spring.append(("initialSpringVelocity", number(velocity))) }
            return map([("spring", map(spring, flow: true))], flow: true)
        case let .caSpring(m, k, c, v):
            var spring: [(String, Node)] = [("mass", number(m)), ("stiffness", number(k)), ("damping", number(c))]
            if v != 0 { spring.append(("initialVelocity", number(v))) }
            return map([("spring", map(spring, flow: true))], flow: true)
        }
    }

    // MARK: Animations

    /// The scene id of a view's layer: a layer given with bind: has its own (already prefixed
    /// when it is a screen's), the importer's views get the step's prefix.
    func id(_ v: ViewObject) -> String { v.boundLayer ?? prefix + v.id }

    /// A basic animation from → to over [begin, begin + duration]; `layer` is the scene id.
    mutating func basic(layer: String, keyPath: String, from: Value?, to: Value?, begin start: Double, duration: Double?,
                        timing t: TimingValue?, extra: [(String, Node)] = [], source place: Place? = nil) {
        var pairs: [(String, Node)] = [("layer", string(layer)), ("keyPath", plain(keyPath))]
        if let from { pairs.append(("from", node(from, keyPath: keyPath))) }
        if let to { pairs.append(("to", node(to, keyPath: keyPath))) }
        if begin + start != 0 { pairs.append(("begin", number(begin + start))) }
        if let duration { pairs.append(("duration", number(duration))) }
        if let t { pairs.append(("timing", timing(t, duration: duration))) }
        pairs += extra
        if let place { pairs.append(source(place)) }
        animations.append(map(pairs, flow: true))
    }

    /// The animation at `index` with linear timing over `duration` (kept when it has one): how
    /// a paused property animator shows it at each fraction.
    mutating func scrubLinearly(_ index: Int, duration: Double) {
        guard case let .mapping(m) = animations[index] else { return }
        var pairs = m.map { ($0.key.scalar?.string ?? "", $0.value) }
        guard let t = pairs.firstIndex(where: { $0.0 == "timing" }) else { return }
        pairs[t].1 = plain("linear")
        if !pairs.contains(where: { $0.0 == "duration" }) { pairs.insert(("duration", number(duration)), at: t) }
        animations[index] = map(pairs, flow: true)
    }

    /// A change that is not animated, after the transition began: the value from `time` on.
    mutating func step(layer: String, keyPath: String, value: Value, at time: Double, source place: Place? = nil) {
        let v = node(value, keyPath: keyPath)
        var pairs: [(String, Node)] = [("layer", string(layer)), ("keyPath", plain(keyPath)), ("from", v), ("to", v)]
        if begin + time != 0 { pairs.append(("begin", number(begin + time))) }
        pairs.append(("duration", number(0.001)))
        if let place { pairs.append(source(place)) }
        stepIndices.insert(animations.count)
        animations.append(map(pairs, flow: true))
    }

    mutating func group(_ g: GroupRecord) {
        var pairs: [(String, Node)] = [("duration", number(g.duration))]
        if begin + g.begin > 0 { pairs.append(("delay", number(begin + g.begin))) }
        if !g.options.isEmpty { pairs.append(("options", list(g.options.map(plain), flow: true))) }
        pairs.append(("keyframes", list(g.keyframes.map { k in
            var keyframe: [(String, Node)] = [("start", number(k.start)), ("duration", number(k.duration)), ("set", map(k.sets))]
            let places = k.sets.compactMap { set in g.sources["\(k.start)/\(k.duration)/" + set.0].map { (set.0, text($0)) } }
            if !places.isEmpty { keyframe.append((Self.sourceKey, map([("set", map(places, flow: true))], flow: true))) }
            return map(keyframe)
        })))
        // On the item, so `segue expand` comments the `- group:` line.
        animations.append(map([("group", map(pairs))] + (g.source.map { [source($0)] } ?? [])))
    }
}
