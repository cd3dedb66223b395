// SPDX-License-Identifier: Apache-2.0
import SegueScene

/// `UIView.animateKeyframes` as Core Animation sees it: every property a group touches becomes
/// one keyframe animation over the whole group. Its key times come from each keyframe's relative
/// start and duration; between its own keyframes, and before the first and after the last, the
/// property holds its value; the group's curve (easeInEaseOut unless `curveLinear` etc.) applies
/// to the whole group, and the group's calculation mode to the keyframes.
public enum KeyframeGroupExpansion {
    /// The keyframe animations a group stands for, in the order its properties first appear.
    /// `modelValue` gives a property's value before the group (the layer's model value).
    public static func expand(_ group: KeyframeGroupSpec,
                              modelValue: (String, AnimatableKeyPath) -> AnimationValue?) -> [AnimationSpec] {
        struct Property: Hashable { var layerID: String; var keyPath: AnimatableKeyPath }
        var order: [Property] = []
        var points: [Property: [(time: Double, value: AnimationValue)]] = [:]
        var firstLocation: [Property: SourceLocation] = [:]
        let keyframes = group.keyframes.enumerated()
            .sorted { ($0.element.relativeStart, $0.offset) < ($1.element.relativeStart, $1.offset) }
            .map(\.element)
        for keyframe in keyframes {
            let start = min(max(keyframe.relativeStart, 0), 1)
            let end = min(start + max(keyframe.relativeDuration, 0), 1)
            for change in keyframe.changes {
                let property = Property(layerID: change.layerID, keyPath: change.keyPath)
                if points[property] == nil {
                    guard let initial = modelValue(change.layerID, change.keyPath) else { continue }
                    order.append(property)
                    points[property] = [(0, initial)]
                    firstLocation[property] = change.location
                }
                var list = points[property]!
                let last = list[list.count - 1]
                // Hold the previous value until this keyframe starts.
                if start > last.time { list.append((start, last.value)) }
                if end == list[list.count - 1].time && end > 0 {
                    list[list.count - 1].value = change.value
                } else {
                    list.append((end, change.value))
                }
                points[property] = list
            }
        }
        return order.map { property in
            var list = points[property]!
            if list[list.count - 1].time < 1 { list.append((1, list[list.count - 1].value)) }
            let keyframes = KeyframesSpec(values: list.map(\.value), keyTimes: list.map(\.time),
                                          calculationMode: group.calculationMode)
            return AnimationSpec(layerID: property.layerID, keyPath: property.keyPath, from: nil, to: nil,
                                 begin: group.begin, duration: group.duration, timing: group.curve,
                                 location: firstLocation[property] ?? group.location, keyframes: keyframes)
        }
    }
}
