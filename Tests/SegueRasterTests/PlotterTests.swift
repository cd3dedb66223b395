// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueRaster
@testable import SegueCharts
import SegueGeometry

/// The plotter's geometry, checked on the pixels it draws: where the series line and the marker
/// lines land is worked out from the layout's end points, not from the plotter's own mapping.
struct PlotterTests {
    /// How strongly a pixel has the (saturated) series colour: 0 for white and greys, 1 for
    /// exactly `color`. Measured as the colour's distance from grey, projected on `color`'s.
    static func strength(_ image: RasterImage, _ x: Int, _ y: Int, of color: RGBAColor) -> Double {
        let p = image.rgb(x, y)
        let c = [color.red * 255, color.green * 255, color.blue * 255]
        let v = [Double(p.r), Double(p.g), Double(p.b)]
        let cm = c.reduce(0, +) / 3, vm = v.reduce(0, +) / 3
        let cd = c.map { $0 - cm }, vd = v.map { $0 - vm }
        let dot = zip(cd, vd).map(*).reduce(0, +), norm = cd.map { $0 * $0 }.reduce(0, +)
        return dot / norm
    }

    /// Darkness of a pixel, 0 (white) … 1 (black).
    static func darkness(_ image: RasterImage, _ x: Int, _ y: Int) -> Double {
        let p = image.rgb(x, y)
        return 1 - Double(p.r + p.g + p.b) / (3 * 255)
    }

    static func line(_ n: Int, from: (Double, Double), to: (Double, Double)) -> [Plotter.Sample] {
        (0 ... n).map { i in
            let f = Double(i) / Double(n)
            return Plotter.Sample(time: from.0 + f * (to.0 - from.0), value: from.1 + f * (to.1 - from.1))
        }
    }

    @Test func aStraightLineIsDrawnBetweenTheLayoutEndPoints() throws {
        let plotter = Plotter(title: "card · opacity", series: [.init(name: "value", samples: Self.line(100, from: (0, 0), to: (1, 1)))])
        let layout = try plotter.layout()
        let image = try plotter.render()
        dump(image, "plot-line")
        #expect(image.width == 1920 && image.height == 1080)
        #expect(layout.pixelWidth == 1920 && layout.pixelHeight == 1080)
        // The time axis spans the samples exactly; the value axis includes them with a margin.
        let r = layout.plotRect
        #expect(abs(layout.x(forTime: 0) - r.minX) < 1e-9 && abs(layout.x(forTime: 1) - r.maxX) < 1e-9)
        #expect(layout.valueRange.lowerBound < 0 && layout.valueRange.upperBound > 1)
        #expect(r.minX > 0 && r.minY > 0 && r.maxX < 1920 && r.maxY < 1080)

        // The straight line from (x(0), y(0)) to (x(1), y(1)), evaluated at each column's centre.
        let (x0, y0) = (layout.x(forTime: 0), layout.y(forValue: 0))
        let (x1, y1) = (layout.x(forTime: 1), layout.y(forValue: 1))
        let color = plotter.color(ofSeries: 0)
        for f in [0.1, 0.25, 0.43, 0.5, 0.66, 0.9] {
            let column = Int(x0 + f * (x1 - x0))
            let cx = Double(column) + 0.5
            let expected = y0 + (cx - x0) / (x1 - x0) * (y1 - y0)
            // The rows where the pixel is most series-coloured: the middle of that run.
            let rows = Int(r.minY) ..< Int(r.maxY)
            let strengths = rows.map { Self.strength(image, column, $0, of: color) }
            let best = strengths.max()!
            #expect(best > 0.9, "column \(column): no series pixel (best \(best))")
            let top = rows.lowerBound + strengths.firstIndex { $0 >= best - 0.02 }!
            let bottom = rows.lowerBound + strengths.lastIndex { $0 >= best - 0.02 }!
            let found = Double(top + bottom) / 2 + 0.5
            #expect(abs(found - expected) <= 1.5, "column \(column): line at y \(found), expected \(expected)")
        }
    }

    @Test func aMarkerIsADashedLineAtItsTime() throws {
        // A flat series at the bottom, and markers off the grid lines (ticks are at tenths).
        let series = Plotter.Series(name: "value", samples: Self.line(10, from: (0, 0), to: (1, 0)))
        let plotter = Plotter(title: "markers", series: [series],
                              markers: [.init(time: 0.37), .init(time: 0.815)], timeRange: 0 ... 1)
        let layout = try plotter.layout()
        let image = try plotter.render()
        dump(image, "plot-markers")
        let r = layout.plotRect
        // Rows in the upper half of the plot (the series is in the middle), columns inside the frame.
        let rows = Int(r.minY) + 4 ..< Int(r.minY + r.height / 2) - 10
        let columns = Array(Int(r.minX) + 4 ..< Int(r.maxX) - 4)
        let ink = columns.map { x in rows.map { Self.darkness(image, x, $0) }.reduce(0, +) }
        for t in [0.37, 0.815] {
            let expected = r.minX + t * r.width       // independent of the layout's x(forTime:)
            #expect(abs(layout.x(forTime: t) - expected) < 1e-9)
            // The darkest column within 12 px of the expected place is the marker, and it is dashed.
            let window = columns.indices.filter { abs(Double(columns[$0]) + 0.5 - expected) <= 12 }
            let darkest = window.max { ink[$0] < ink[$1] }!
            let x = columns[darkest]
            #expect(abs(Double(x) + 0.5 - expected) <= 1.0, "marker at t=\(t): darkest column \(x), expected \(expected)")
            let inked = rows.filter { Self.darkness(image, x, $0) > 0.15 }.count
            #expect(inked > rows.count / 3 && inked < rows.count * 9 / 10, "marker column \(x) is not dashed: \(inked)/\(rows.count) rows")
            // Nothing as dark a few pixels either side (a line, not a smear).
            #expect(ink[darkest] > 3 * ink[darkest - 4] && ink[darkest] > 3 * ink[darkest + 4])
        }
    }

    @Test func anOvershootingSpringStaysInsideThePlot() throws {
        // An underdamped spring from 0 to 1: overshoots to about 1.33 and dips below 1 again.
        let samples = (0 ... 400).map { i -> Plotter.Sample in
            let t = Double(i) / 400
            return Plotter.Sample(time: t, value: 1 - exp(-5 * t) * (cos(14 * t) + 5.0 / 14 * sin(14 * t)))
        }
        let peak = samples.map(\.value).max()!
        #expect(peak > 1.3)
        let plotter = Plotter(title: "card · position.y", series: [.init(name: "y", samples: samples)], valueUnit: "pt")
        let layout = try plotter.layout()
        let image = try plotter.render()
        dump(image, "plot-spring")
        let r = layout.plotRect
        let lineHalfWidth = 1.0 * layout.scale   // 2-point lines
        for s in samples {
            let y = layout.y(forValue: s.value)
            #expect(y - lineHalfWidth >= r.minY + 1 && y + lineHalfWidth <= r.maxY - 1, "value \(s.value) at y \(y) leaves \(r)")
        }
        // On the pixels: the peak is drawn inside, and no series colour lies just above or below the plot.
        let color = plotter.color(ofSeries: 0)
        let peakTime = samples.max { $0.value < $1.value }!.time
        let column = Int(layout.x(forTime: peakTime))
        let drawnPeak = (Int(r.minY) ..< Int(r.maxY)).first { Self.strength(image, column, $0, of: color) > 0.8 }
        #expect(drawnPeak.map { abs(Double($0) - layout.y(forValue: peak)) <= lineHalfWidth + 1.5 } == true)
        for x in Int(r.minX) ..< Int(r.maxX) {
            for y in Array(Int(r.minY) - 12 ..< Int(r.minY)) + Array(Int(r.maxY) + 1 ..< Int(r.maxY) + 12) {
                if Self.strength(image, x, y, of: color) > 0.3 { Issue.record("series colour outside the plot at (\(x), \(y))"); return }
            }
        }
    }

    @Test func rendersAreByteIdentical() throws {
        let plotter = Plotter(title: "fromView · transform.rotation.y", subtitle: "flip.yaml · 0 – 0.72 s",
                              series: [.init(name: "x", samples: Self.line(50, from: (0, 0), to: (0.72, -.pi / 2))),
                                       .init(name: "y", samples: Self.line(50, from: (0, 1), to: (0.72, 0)), interpolation: .step)],
                              markers: [.init(time: 0), .init(time: 0.24), .init(time: 0.72)],
                              valueUnit: "rad", secondaryAxis: .degrees)
        let a = try plotter.render()
        let b = try plotter.render()
        dump(a, "plot-angle")
        #expect(a == b)
        #expect(a.pixels.contains { $0 != 255 })
    }

    @Test func ticksAreRoundNumbers() {
        // The smallest round step giving at most about 1.4 × the target number of ticks.
        #expect(Plotter.niceStep(span: 0.72, target: 10) == 0.1)     // 7 ticks; 0.05 would give 14
        #expect(Plotter.niceStep(span: 1.16, target: 8) == 0.2)
        #expect(Plotter.niceStep(span: 430, target: 8) == 50)
        #expect(Plotter.niceStep(span: 0.405, target: 8) == 0.05)
        #expect(Plotter.niceStep(span: 0.03, target: 6) == 0.005)
        // Degrees: 15° or 45° steps rather than 20° or 50°.
        #expect(Plotter.niceStep(span: 150, target: 8, candidates: Plotter.SecondaryAxis.degrees.steps) == 15)
        #expect(Plotter.niceStep(span: 400, target: 8, candidates: Plotter.SecondaryAxis.degrees.steps) == 45)
        #expect(Plotter.ticks(in: -0.08 ... 1.08, step: 0.2) == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(Plotter.ticks(in: -97.2 ... 7.2, step: 15) == [-90, -75, -60, -45, -30, -15, 0])
        #expect(Plotter.label(-0.0001, decimals: 2) == "0.00")
        #expect(Plotter.label(-0.5, decimals: 1) == "\u{2212}0.5")
        #expect(Plotter.label(-90, decimals: 0, suffix: "°") == "\u{2212}90°")
        #expect(Plotter.timeLabel(0.24) == "0.24 s")
        #expect(Plotter.timeLabel(1.0 / 6) == "0.167 s")
        #expect(Plotter.timeLabel(1) == "1 s")
    }
}
