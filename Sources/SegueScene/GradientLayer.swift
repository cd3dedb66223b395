// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Foundation

/// CAGradientLayer's properties. A layer is a gradient layer when any of its keys is written
/// (or animated); the gradient fills the layer's shape (its bounds, rounded by cornerRadius)
/// above the background and below the sublayers.
public struct GradientSpec: Hashable, Sendable {
    /// The stops' colours. Core Animation draws nothing for fewer than one colour; one colour
    /// fills the shape.
    public var colors: [RGBAColor] = []
    /// One location (0…1) per colour; nil spreads the colours evenly, as Core Animation does.
    public var locations: [Double]?
    /// In the unit coordinate space of the bounds (Core Animation's defaults: top centre to
    /// bottom centre).
    public var startPoint = Point(x: 0.5, y: 0)
    public var endPoint = Point(x: 0.5, y: 1)
    public var type: GradientType = .axial
    public init(colors: [RGBAColor] = [], locations: [Double]? = nil, startPoint: Point = Point(x: 0.5, y: 0),
                endPoint: Point = Point(x: 0.5, y: 1), type: GradientType = .axial) {
        self.colors = colors; self.locations = locations; self.startPoint = startPoint; self.endPoint = endPoint; self.type = type
    }

    /// The stops as drawn: locations given or spread evenly (`i / (n − 1)`). When fewer
    /// locations than colours are given, the colours without one are dropped (Segue's choice;
    /// Core Animation's result there is undocumented, and the scene decoder refuses it).
    public var stops: [(location: Double, color: RGBAColor)] {
        guard !colors.isEmpty else { return [] }
        if let locations, locations.count >= colors.count {
            return zip(locations, colors).map { ($0, $1) }
        }
        if colors.count == 1 { return [(0, colors[0])] }
        return colors.enumerated().map { (Double($0.offset) / Double(colors.count - 1), $0.element) }
    }

    /// The colour at parameter `t` of the gradient (0 at the first stop, 1 at the last;
    /// outside, the end colours extend), interpolated between neighbouring stops component by
    /// component on unpremultiplied sRGB, as Core Graphics' gradients do.
    public func color(at t: Double) -> RGBAColor {
        let s = stops
        guard let first = s.first, let last = s.last else { return .clear }
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        for i in 1 ..< s.count where t <= s[i].location {
            let a = s[i - 1], b = s[i]
            let span = b.location - a.location
            let f = span > 0 ? (t - a.location) / span : 1
            func lerp(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
            return RGBAColor(red: lerp(a.color.red, b.color.red), green: lerp(a.color.green, b.color.green),
                             blue: lerp(a.color.blue, b.color.blue), alpha: lerp(a.color.alpha, b.color.alpha))
        }
        return last.color
    }

    /// The gradient's parameter at a point of the bounds (`size` is the bounds size, `p`
    /// relative to the bounds origin):
    /// - axial: the projection of p onto start → end, 0 at start and 1 at end;
    /// - radial: the ellipse centred at start whose radii are |end − start| along x and y
    ///   (in points), 0 at the centre and 1 on that ellipse;
    /// - conic: the angle from start, clockwise on screen from the direction of end, as a
    ///   fraction of a full turn (0…1).
    public func parameter(at p: Point, size: Size) -> Double {
        let sx = startPoint.x * size.width, sy = startPoint.y * size.height
        let ex = endPoint.x * size.width, ey = endPoint.y * size.height
        let dx = ex - sx, dy = ey - sy
        switch type {
        case .axial:
            let len2 = dx * dx + dy * dy
            guard len2 > 0 else { return 0 }
            return ((p.x - sx) * dx + (p.y - sy) * dy) / len2
        case .radial:
            let rx = abs(dx), ry = abs(dy)
            let u = rx > 0 ? (p.x - sx) / rx : (p.x == sx ? 0 : .infinity)
            let v = ry > 0 ? (p.y - sy) / ry : (p.y == sy ? 0 : .infinity)
            let d = (u * u + v * v).squareRoot()
            return d.isNaN ? 1 : d
        case .conic:
            let a0 = atan2(dy, dx)
            var a = atan2(p.y - sy, p.x - sx) - a0
            while a < 0 { a += 2 * .pi }
            while a >= 2 * .pi { a -= 2 * .pi }
            return a / (2 * .pi)
        }
    }

    /// Whether anything is drawn.
    public var isVisible: Bool { colors.contains { $0.alpha > 0 } }
}

/// `type`: CAGradientLayerType.
public enum GradientType: String, CaseIterable, Hashable, Sendable {
    /// A linear gradient along start → end (kCAGradientLayerAxial, the default).
    case axial
    /// An elliptical gradient centred at startPoint (kCAGradientLayerRadial).
    case radial
    /// A sweep about startPoint (kCAGradientLayerConic).
    case conic
}
