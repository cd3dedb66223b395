// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Foundation
import Testing
@testable import SegueScene

/// Gradient keys: what they read as, the colours at locations, and where bad ones are reported.
struct GradientDecodingTests {
    static let head = "canvas: {size: [300, 300]}\nlayers:\n"

    @Test func keysAreReadWithCoreAnimationsDefaults() throws {
        let plain = try parse(Self.head + "  - {id: a, colors: [\"#FF0000\", blue]}\n").layers[0]
        let g = try #require(plain.gradient)
        #expect(g.colors == [RGBAColor(red: 1, green: 0, blue: 0), RGBAColor(red: 0, green: 0, blue: 1)])
        #expect(g.locations == nil && g.type == .axial)
        #expect(g.startPoint == Point(x: 0.5, y: 0) && g.endPoint == Point(x: 0.5, y: 1))
        let full = try #require(try parse(Self.head + """
          - {id: a, colors: [black, white, black], locations: [0, 0.25, 1], startPoint: [0, 0], endPoint: [1, 0.5], type: kCAGradientLayerRadial}
        """).layers[0].gradient)
        #expect(full.locations == [0, 0.25, 1] && full.type == .radial)
        #expect(full.startPoint == Point(x: 0, y: 0) && full.endPoint == Point(x: 1, y: 0.5))
        #expect(try parse(Self.head + "  - {id: a}\n").layers[0].gradient == nil)
    }

    @Test func colourAtALocationIsInterpolatedBetweenItsStops() {
        // Red at 0, green at 0.25, blue at 1: at 0.125 half red, half green; at 0.625 half green,
        // half blue; past the ends the end colours.
        let g = GradientSpec(colors: [RGBAColor(red: 1, green: 0, blue: 0), RGBAColor(red: 0, green: 1, blue: 0),
                                      RGBAColor(red: 0, green: 0, blue: 1)], locations: [0, 0.25, 1])
        #expect(g.color(at: 0.125) == RGBAColor(red: 0.5, green: 0.5, blue: 0))
        #expect(g.color(at: 0.625) == RGBAColor(red: 0, green: 0.5, blue: 0.5))
        #expect(g.color(at: -1) == RGBAColor(red: 1, green: 0, blue: 0))
        #expect(g.color(at: 2) == RGBAColor(red: 0, green: 0, blue: 1))
        // Without locations, n colours sit at i / (n − 1).
        var even = g
        even.locations = nil
        #expect(even.stops.map(\.location) == [0, 0.5, 1])
    }

    @Test func parameterFollowsTheTypesGeometry() {
        let size = Size(width: 200, height: 100)
        // Axial from the left edge's middle to the right edge's: x / width.
        let axial = GradientSpec(colors: [.black, .white], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))
        #expect(axial.parameter(at: Point(x: 50, y: 7), size: size) == 0.25)
        // Radial about the centre (100, 50) with radii 100 × 50: (150, 50) and (100, 75) are halfway.
        let radial = GradientSpec(colors: [.black, .white], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 1), type: .radial)
        #expect(radial.parameter(at: Point(x: 150, y: 50), size: size) == 0.5)
        #expect(radial.parameter(at: Point(x: 100, y: 75), size: size) == 0.5)
        // Conic about the centre starting straight up: right is a quarter turn (clockwise on
        // screen), down a half, left three quarters.
        let conic = GradientSpec(colors: [.black, .white], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0), type: .conic)
        #expect(abs(conic.parameter(at: Point(x: 190, y: 50), size: size) - 0.25) < 1e-12)
        #expect(abs(conic.parameter(at: Point(x: 100, y: 90), size: size) - 0.5) < 1e-12)
        #expect(abs(conic.parameter(at: Point(x: 10, y: 50), size: size) - 0.75) < 1e-12)
    }

    @Test func badValuesAreReportedWhereTheyAreWritten() {
        expectError(Self.head + "  - {id: a, colors: red}\n", .invalidValue, line: 3, column: 21, message: ["list of colours", "'colors'"])
        expectError(Self.head + "  - {id: a, colors: [red, \"#12\"]}\n", .invalidValue, line: 3, column: 27, message: ["'colors'"])
        expectError(Self.head + "  - {id: a, colors: [red, blue], locations: [0, 1.5]}\n", .invalidValue, line: 3, column: 49,
                    message: ["item 2 of 'locations'", "between 0 and 1"])
        expectError(Self.head + "  - {id: a, colors: [red, blue], locations: [0.6, 0.2]}\n", .invalidValue, line: 3, column: 51,
                    message: ["smaller than the item before it"])
        expectError(Self.head + "  - {id: a, colors: [red, blue], locations: [0, 0.5, 1]}\n", .invalidValue, line: 3, column: 45,
                    message: ["2 colours but 3 locations"], suggestion: ["one location per colour"])
        expectError(Self.head + "  - {id: a, colors: [red, blue], type: linaer}\n", .invalidValue, line: 3, column: 40, suggestion: ["'axial'"])
        expectError(Self.head + "  - {id: a, colors: [red, blue], startPoint: [0.5]}\n", .invalidValue, line: 3, column: 46, message: ["2 numbers"])
    }

    @Test func animatedListsOfDifferentLengthsAreAnErrorAtTheAnimation() {
        let yaml = Self.head + """
          - {id: a, colors: [red, blue]}
        animations:
          - {layer: a, keyPath: colors, to: [red, green, blue], duration: 1}
        """
        expectError(yaml, .invalidValue, line: 5, column: 5, message: ["animation 1", "colors", "(2 items)", "(3 items)"])
        #expect(failure(Self.head + """
          - {id: a, colors: [red, blue], locations: [0, 1]}
        animations:
          - {layer: a, keyPath: colors, to: [green, white], duration: 1}
          - {layer: a, keyPath: locations, to: [0.5, 0.75], duration: 1}
          - {layer: a, keyPath: startPoint, to: [0, 0], duration: 1}
        """) == nil)
    }

    @Test func blurStylesAndNone() throws {
        let layers = try parse(Self.head + """
          - {id: a, blur: dark}
          - {id: b, blur: none}
          - {id: c, blur: UIBlurEffectStyleExtraLight}
          - {id: d}
        """).layers
        #expect(layers[0].blur == BlurEffect(radius: 20, saturation: 1.8, tint: RGBAColor(red: 0.11, green: 0.11, blue: 0.11, alpha: 0.73)))
        #expect(layers[1].blur == BlurEffect.none && layers[2].blur?.radius == 20 && layers[3].blur == nil)
        expectError(Self.head + "  - {id: a, blur: drak}\n", .invalidValue, line: 3, column: 19, suggestion: ["'dark'"])
    }

    @Test func contentsRectIsReadAndChecked() throws {
        #expect(try parse(Self.head + "  - {id: a, contentsRect: [0.5, 0, 0.5, 1]}\n").layers[0].contentsRect == Rect(x: 0.5, y: 0, width: 0.5, height: 1))
        #expect(try parse(Self.head + "  - {id: a}\n").layers[0].contentsRect == Rect(x: 0, y: 0, width: 1, height: 1))
        expectError(Self.head + "  - {id: a, contentsRect: [0, 0, 0, 1]}\n", .invalidValue, line: 3, column: 27, message: ["greater than zero"])
        expectError(Self.head + "  - {id: a, contentsRect: [0, 0, 1]}\n", .invalidValue, line: 3, column: 27, message: ["4 numbers"])
    }
}
