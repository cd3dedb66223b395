// SPDX-License-Identifier: Apache-2.0
import SegueGeometry

/// Colour names a scene may use instead of hex. The `UIColor` class colours have their
/// documented component values; the system colours are the iOS light-appearance sRGB values.
/// docs/scene-format/layers.md lists them; keep the two in step.
package enum NamedColors {
    package static let table: [(name: String, hex: String)] = [
        ("clear", "#00000000"),
        ("black", "#000000"),
        ("white", "#FFFFFF"),
        ("darkGray", "#555555"),
        ("lightGray", "#AAAAAA"),
        ("gray", "#808080"),
        ("red", "#FF0000"),
        ("green", "#00FF00"),
        ("blue", "#0000FF"),
        ("cyan", "#00FFFF"),
        ("yellow", "#FFFF00"),
        ("magenta", "#FF00FF"),
        ("orange", "#FF8000"),
        ("purple", "#800080"),
        ("brown", "#996633"),
        ("systemRed", "#FF3B30"),
        ("systemOrange", "#FF9500"),
        ("systemYellow", "#FFCC00"),
        ("systemGreen", "#34C759"),
        ("systemMint", "#00C7BE"),
        ("systemTeal", "#30B0C7"),
        ("systemCyan", "#32ADE6"),
        ("systemBlue", "#007AFF"),
        ("systemIndigo", "#5856D6"),
        ("systemPurple", "#AF52DE"),
        ("systemPink", "#FF2D55"),
        ("systemBrown", "#A2845E"),
        ("systemGray", "#8E8E93"),
        ("systemGray2", "#AEAEB2"),
        ("systemGray3", "#C7C7CC"),
        ("systemGray4", "#D1D1D6"),
        ("systemGray5", "#E5E5EA"),
        ("systemGray6", "#F2F2F7"),
        ("systemBackground", "#FFFFFF"),
        ("secondarySystemBackground", "#F2F2F7"),
        ("tertiarySystemBackground", "#FFFFFF"),
        ("systemGroupedBackground", "#F2F2F7"),
        ("label", "#000000"),
        ("secondaryLabel", "#3C3C4399"),
        ("tertiaryLabel", "#3C3C434D"),
        ("separator", "#3C3C434A"),
        ("link", "#007AFF"),
    ]

    package static let names: [String] = table.map(\.name)

    package static func color(named name: String) -> RGBAColor? {
        table.first(where: { $0.name == name }).flatMap { RGBAColor(hex: $0.hex) }
    }
}
