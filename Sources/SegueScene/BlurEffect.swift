// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Foundation

/// What a `blur:` layer (UIVisualEffectView with a UIBlurEffect) does to what lies behind it:
/// a Gaussian blur, a saturation change, then a tint composited over. Interpolating two effects
/// interpolates these numbers, which is how an animation from no effect to a style runs.
public struct BlurEffect: Hashable, Sendable {
    /// The Gaussian's standard deviation, in points.
    public var radius: Double
    /// 1 leaves the colours; 1.8 is the saturation UIKit's blur styles are said to add.
    public var saturation: Double
    /// Composited over the blurred backdrop.
    public var tint: RGBAColor
    public init(radius: Double, saturation: Double, tint: RGBAColor) {
        self.radius = radius; self.saturation = saturation; self.tint = tint
    }
    /// `effect = nil`: the backdrop as it is.
    public static let none = BlurEffect(radius: 0, saturation: 1, tint: .clear)
    public var isVisible: Bool { radius > 0 || saturation != 1 || tint.alpha > 0 }

    public static func interpolate(_ a: BlurEffect, _ b: BlurEffect, _ t: Double) -> BlurEffect {
        BlurEffect(radius: max(0, a.radius + (b.radius - a.radius) * t), saturation: max(0, a.saturation + (b.saturation - a.saturation) * t),
                   tint: RGBAColor.interpolate(a.tint, b.tint, min(max(t, 0), 1)))
    }
}

/// UIBlurEffect.Style. UIKit does not publish what each style does; the numbers are Segue's
/// choice, with their sources in docs/scene-format/blur.md.
public enum BlurStyle: String, CaseIterable, Hashable, Sendable {
    case extraLight, light, dark, regular, prominent
    case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
    case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight
    case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark

    /// The classic styles are Apple's WWDC 2013 UIImageEffects sample's light, extra-light and
    /// dark effects (blur radius in points, tint white level and alpha, saturation 1.8).
    static let classicLight = BlurEffect(radius: 30, saturation: 1.8, tint: RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.3))
    static let classicExtraLight = BlurEffect(radius: 20, saturation: 1.8, tint: RGBAColor(red: 0.97, green: 0.97, blue: 0.97, alpha: 0.82))
    static let classicDark = BlurEffect(radius: 20, saturation: 1.8, tint: RGBAColor(red: 0.11, green: 0.11, blue: 0.11, alpha: 0.73))

    public var effect: BlurEffect {
        switch self {
        case .extraLight, .prominent: return Self.classicExtraLight
        case .light, .regular: return Self.classicLight
        case .dark: return Self.classicDark
        default:
            // Materials: the light sample's radius and saturation; the tint's alpha steps evenly
            // from the light sample's (0.3) to the extra-light one's (0.82) in the Human
            // Interface Guidelines' order of thickness; white in the light appearance (the
            // default, as Segue draws screens), the dark sample's grey in the dark one.
            let order: [String] = ["systemUltraThinMaterial", "systemThinMaterial", "systemMaterial", "systemThickMaterial", "systemChromeMaterial"]
            let name = rawValue.hasSuffix("Light") ? String(rawValue.dropLast(5)) : rawValue.hasSuffix("Dark") ? String(rawValue.dropLast(4)) : rawValue
            let step = Double(order.firstIndex(of: name) ?? 2)
            let alpha = 0.3 + (0.82 - 0.3) * step / 4
            let level = rawValue.hasSuffix("Dark") ? 0.11 : 1
            return BlurEffect(radius: 30, saturation: 1.8, tint: RGBAColor(red: level, green: level, blue: level, alpha: alpha))
        }
    }
}
