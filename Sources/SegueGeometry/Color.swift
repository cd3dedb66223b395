// SPDX-License-Identifier: Apache-2.0
/// A colour in sRGB with straight (non-premultiplied) alpha, each component 0…1.
public struct RGBAColor: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (case-insensitive). Nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = Array(hex.dropFirst())
        guard [3, 6, 8].contains(digits.count), digits.allSatisfy({ $0.isHexDigit }) else { return nil }
        let expanded = digits.count == 3 ? digits.flatMap { [$0, $0] } : digits
        var bytes: [Double] = []
        var i = 0
        while i < expanded.count {
            guard let b = UInt8(String(expanded[i ... i + 1]), radix: 16) else { return nil }
            bytes.append(Double(b) / 255)
            i += 2
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }

    /// `#RRGGBBAA`, rounded to 8 bits per channel.
    public var hexString: String {
        func byte(_ v: Double) -> String {
            let b = Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(b, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
    }

    public var description: String { hexString }

    /// Interpolates in premultiplied sRGB, as Core Animation does, so fading to `clear`
    /// does not pass through grey.
    public static func interpolate(_ a: RGBAColor, _ b: RGBAColor, _ t: Double) -> RGBAColor {
        let alpha = a.alpha + (b.alpha - a.alpha) * t
        guard alpha > 0 else { return .clear }
        func channel(_ ca: Double, _ cb: Double) -> Double {
            let premultiplied = ca * a.alpha + (cb * b.alpha - ca * a.alpha) * t
            return premultiplied / alpha
        }
        return RGBAColor(red: channel(a.red, b.red), green: channel(a.green, b.green),
                         blue: channel(a.blue, b.blue), alpha: alpha)
    }
}
