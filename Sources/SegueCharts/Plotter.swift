// SPDX-License-Identifier: Apache-2.0
import CCairo
import Foundation
import SegueGeometry
import SegueRaster

/// Draws line charts of animated properties over time, e.g. `segue plot`'s picture of a spring's
/// `position.y` or a flip's `transform.rotation.y`, with Cairo and Pango.
///
/// What is drawn, on white:
/// - a title and an optional subtitle at the top left, and a legend (one entry per series, in
///   its colour) at the top right, or on its own rows when it does not fit beside the title;
/// - the plot area with a light grid at the ticks: time along x (seconds), value along y, ticks
///   at round steps (1, 2 or 5 × 10ⁿ); the value unit above the value axis; an optional second
///   value axis on the right (e.g. degrees for an angle in radians) with its own round ticks;
/// - dashed vertical marker lines (e.g. where animations begin and end, keyframe times), each
///   labelled with its time above the plot; labels that would overlap are moved to a row above;
/// - the series as 2-point lines, clipped to the plot area.
///
/// The time axis spans `timeRange` (default: the samples' times) exactly. The value axis spans
/// every finite sample in that time range plus 8 % of the span on each side, so overshooting
/// values (springs) stay inside the plot. Output is premultiplied BGRA, opaque, and depends only
/// on the plotter's properties (and the installed fonts): the same plot always gives the same
/// bytes.
public struct Plotter: Sendable {
    /// One value at one time.
    public struct Sample: Sendable, Equatable {
        public var time: Double
        public var value: Double
        public init(time: Double, value: Double) { self.time = time; self.value = value }
    }

    /// How a series joins its samples.
    public enum Interpolation: Sendable, Equatable {
        /// Straight lines between samples.
        case linear
        /// Each value holds until the next sample (for booleans such as `hidden`).
        case step
    }

    /// One line of the chart.
    public struct Series: Sendable {
        /// The legend text, e.g. `x` or `red`.
        public var name: String
        /// Samples in time order. Non-finite values break the line.
        public var samples: [Sample]
        /// Nil picks `Plotter.palette[index % palette.count]`.
        public var color: RGBAColor?
        public var interpolation: Interpolation

        public init(name: String, samples: [Sample], color: RGBAColor? = nil, interpolation: Interpolation = .linear) {
            self.name = name; self.samples = samples; self.color = color; self.interpolation = interpolation
        }
    }

    /// A dashed vertical line at a time, labelled with the time (or `label`).
    public struct Marker: Sendable, Equatable {
        public var time: Double
        public var label: String?
        public init(time: Double, label: String? = nil) { self.time = time; self.label = label }
    }

    /// A second value axis on the right showing `value × factor`, e.g. degrees for radians.
    public struct SecondaryAxis: Sendable, Equatable {
        /// Shown above the axis, e.g. `deg`.
        public var unit: String
        public var factor: Double
        /// Appended to each tick label, e.g. `°`.
        public var suffix: String
        /// Allowed tick steps, ascending; beyond the last, 1-2-5 steps are used.
        public var steps: [Double]

        public init(unit: String, factor: Double, suffix: String = "", steps: [Double] = []) {
            self.unit = unit; self.factor = factor; self.suffix = suffix; self.steps = steps
        }

        /// Degrees for a value in radians, ticked at 1, 2, 5, 10, 15, 30, 45, 90, 180 … degrees.
        public static let degrees = SecondaryAxis(unit: "deg", factor: 180 / .pi, suffix: "°",
                                                  steps: [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 45, 90, 180, 360, 720, 1440])
    }

    /// Where things are, in pixels of the rendered image (x to the right, y down; pixel (i, j)
    /// covers [i, i + 1) × [j, j + 1)).
    public struct Layout: Sendable, Equatable {
        /// Pixels per point.
        public var scale: Double
        public var pixelWidth: Int
        public var pixelHeight: Int
        /// The plot area (its edges are on pixel boundaries).
        public var plotRect: Rect
        /// The time at the left and right edges of the plot area.
        public var timeRange: ClosedRange<Double>
        /// The value at the bottom and top edges of the plot area.
        public var valueRange: ClosedRange<Double>
        /// Times with a grid line and a label.
        public var timeTicks: [Double]
        /// Values with a grid line and a label.
        public var valueTicks: [Double]
        /// Secondary-axis ticks, in the secondary unit (value × factor).
        public var secondaryTicks: [Double]

        /// The x of time `t` (not clamped to the plot area).
        public func x(forTime t: Double) -> Double {
            plotRect.minX + (t - timeRange.lowerBound) / (timeRange.upperBound - timeRange.lowerBound) * plotRect.width
        }

        /// The y of value `v` (not clamped to the plot area).
        public func y(forValue v: Double) -> Double {
            plotRect.maxY - (v - valueRange.lowerBound) / (valueRange.upperBound - valueRange.lowerBound) * plotRect.height
        }

        public func time(forX x: Double) -> Double {
            timeRange.lowerBound + (x - plotRect.minX) / plotRect.width * (timeRange.upperBound - timeRange.lowerBound)
        }

        public func value(forY y: Double) -> Double {
            valueRange.lowerBound + (plotRect.maxY - y) / plotRect.height * (valueRange.upperBound - valueRange.lowerBound)
        }
    }

    public var title: String
    public var subtitle: String?
    public var series: [Series]
    public var markers: [Marker]
    /// Shown above the value axis, e.g. `pt` or `rad`.
    public var valueUnit: String?
    public var secondaryAxis: SecondaryAxis?
    /// Nil: from the first to the last sample time.
    public var timeRange: ClosedRange<Double>?
    /// Whether the legend is drawn (off for one series the title already names).
    public var showsLegend: Bool
    /// Size in points.
    public var size: Size
    /// Pixels per point.
    public var scale: Double

    public init(title: String, subtitle: String? = nil, series: [Series], markers: [Marker] = [],
                valueUnit: String? = nil, secondaryAxis: SecondaryAxis? = nil, timeRange: ClosedRange<Double>? = nil,
                showsLegend: Bool = true, size: Size = Size(width: 960, height: 540), scale: Double = 2) {
        self.title = title; self.subtitle = subtitle; self.series = series; self.markers = markers
        self.valueUnit = valueUnit; self.secondaryAxis = secondaryAxis; self.timeRange = timeRange
        self.showsLegend = showsLegend
        self.size = size; self.scale = scale
    }

    /// iOS system colours (light appearance) that read well as thin lines on white.
    public static let palette: [RGBAColor] = [
        "#007AFF", "#FF9500", "#34C759", "#FF3B30", "#AF52DE", "#30B0C7",
        "#FF2D55", "#5856D6", "#A2845E", "#8E8E93", "#00C7BE", "#FFCC00",
    ].map { RGBAColor(hex: $0)! }

    /// The colour series `index` is drawn in.
    public func color(ofSeries index: Int) -> RGBAColor {
        series[index].color ?? Self.palette[index % Self.palette.count]
    }

    /// Where the plot area, axes and ticks are. Throws `RasterError.invalidCanvas` for a size
    /// that cannot be drawn and `RasterError.drawingFailed` when it is too small for a plot.
    public func layout() throws -> Layout {
        try PangoState.shared.lock.withLock { try compose(PlotTypesetter(scale: scale)).layout }
    }

    /// The chart as premultiplied BGRA pixels (opaque), `size × scale` pixels.
    public func render() throws -> RasterImage {
        try PangoState.shared.lock.withLock {
            let typesetter = PlotTypesetter(scale: scale)
            let c = try compose(typesetter)
            let w = c.layout.pixelWidth, h = c.layout.pixelHeight
            let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(w)))
            let pixels = try [UInt8](unsafeUninitializedCapacity: stride * h) { buffer, count in
                // Cairo paints every byte below before anything else, so no zeroing is needed.
                let surface = cairo_image_surface_create_for_data(buffer.baseAddress!, CAIRO_FORMAT_ARGB32,
                                                                  Int32(w), Int32(h), Int32(stride))
                defer { cairo_surface_destroy(surface) }
                guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
                    throw RasterError.drawingFailed(detail: "could not create a \(w)×\(h) surface for the plot")
                }
                let cr = cairo_create(surface)!
                defer { cairo_destroy(cr) }
                draw(c, typesetter: typesetter, into: cr)
                let status = cairo_status(cr)
                guard status == CAIRO_STATUS_SUCCESS else {
                    throw RasterError.drawingFailed(detail: String(cString: cairo_status_to_string(status)))
                }
                cairo_surface_flush(surface)
                count = stride * h
            }
            return RasterImage(width: w, height: h, bytesPerRow: stride, pixels: pixels)
        }
    }

    // MARK: - Nice numbers

    /// The smallest step of the form {1, 2, 5} × 10ⁿ (or from `candidates`, ascending) that gives
    /// at most about 1.4 × `target` ticks over `span`.
    static func niceStep(span: Double, target: Double, candidates: [Double] = []) -> Double {
        let raw = 0.7 * span / max(target, 1)
        guard raw.isFinite, raw > 0 else { return 1 }
        if let c = candidates.first(where: { $0 >= raw * (1 - 1e-9) }), raw >= (candidates.first ?? .infinity) / 10 {
            return c
        }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for m in [1.0, 2, 5, 10] where m * magnitude >= raw * (1 - 1e-9) { return m * magnitude }
        return 10 * magnitude
    }

    /// Multiples of `step` within `range` (computed from integers, so 0.1 × 3 prints as 0.3).
    static func ticks(in range: ClosedRange<Double>, step: Double) -> [Double] {
        guard step > 0, step.isFinite, range.lowerBound.isFinite, range.upperBound.isFinite else { return [] }
        let first = (range.lowerBound / step - 1e-9).rounded(.up), last = (range.upperBound / step + 1e-9).rounded(.down)
        guard first <= last, last - first < 1000 else { return [] }
        return stride(from: first, through: last, by: 1).map { k in
            let v = k * step
            // Round away binary noise: the step has at most a few significant digits.
            let digits = max(0, decimals(forStep: step) + 2)
            let p = pow(10, Double(digits))
            return (v * p).rounded() / p
        }
    }

    /// Decimal places that show multiples of `step` exactly (0.05 → 2, 10 → 0, 15 → 0, 2.5 → 1).
    static func decimals(forStep step: Double) -> Int {
        guard step.isFinite, step > 0 else { return 0 }
        for d in 0 ... 12 {
            let scaled = step * pow(10, Double(d))
            if abs(scaled - scaled.rounded()) < 1e-6 * max(1, scaled) { return d }
        }
        return 12
    }

    /// A tick label: fixed decimals, a real minus sign, never "−0".
    static func label(_ v: Double, decimals: Int, suffix: String = "") -> String {
        var s = String(format: "%.\(decimals)f", v)
        if s.hasPrefix("-") {
            s.removeFirst()
            if s.allSatisfy({ $0 == "0" || $0 == "." }) { return s + suffix }
            s = "\u{2212}" + s
        }
        return s + suffix
    }

    /// A marker's label: seconds with at most 3 decimals, e.g. `0.24 s`, `1 s`.
    public static func timeLabel(_ t: Double) -> String {
        var s = String(format: "%.3f", t)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        if s == "-0" { s = "0" }
        return s.replacingOccurrences(of: "-", with: "\u{2212}") + " s"
    }

    static func points(_ v: Double) -> String {
        v.isFinite && v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
    }

    // MARK: - Composition

    static let ink = RGBAColor(hex: "#1C1C1E")!
    static let secondaryInk = RGBAColor(hex: "#3C3C43")!
    static let tertiaryInk = RGBAColor(hex: "#6C6C70")!
    static let gridColor = RGBAColor(hex: "#E5E5EA")!
    static let zeroColor = RGBAColor(hex: "#C7C7CC")!
    static let frameColor = RGBAColor(hex: "#AEAEB2")!
    static let markerColor = RGBAColor(hex: "#8E8E93")!

    /// Text placed at a top-left point (in points).
    struct Placed {
        var text: PlotText
        var x: Double
        var y: Double
        var color: RGBAColor
    }

    struct LegendEntry {
        var swatchX: Double
        var swatchY: Double
        var color: RGBAColor
    }

    struct MarkerLine {
        var x: Double
        /// Where the dashed line starts (the label's bottom, or the plot's top).
        var top: Double
    }

    /// Everything `render` draws, in points, plus the public layout in pixels.
    struct Composition {
        var layout: Layout
        var plot: Rect            // points
        var texts: [Placed] = []
        var legend: [LegendEntry] = []
        var markerLines: [MarkerLine] = []
        var colors: [RGBAColor] = []
    }

    private func compose(_ ts: PlotTypesetter) throws -> Composition {
        let W = size.width, H = size.height
        let pw = W * scale, ph = H * scale
        guard scale.isFinite, scale > 0, pw.isFinite, ph.isFinite, pw.rounded() >= 1, ph.rounded() >= 1,
              pw.rounded() <= 32767, ph.rounded() <= 32767 else {
            func pixels(_ v: Double) -> Int { v.isFinite ? Int(max(min(v.rounded(), 1e9), -1e9)) : 0 }
            throw RasterError.invalidCanvas(width: pixels(pw), height: pixels(ph), scale: scale)
        }
        let pixelWidth = Int(pw.rounded()), pixelHeight = Int(ph.rounded())
        func snap(_ v: Double) -> Double { (v * scale).rounded() / scale }

        // Ranges.
        var t0: Double, t1: Double
        if let timeRange, timeRange.lowerBound.isFinite, timeRange.upperBound.isFinite {
            (t0, t1) = (timeRange.lowerBound, timeRange.upperBound)
        } else {
            let times = series.flatMap { $0.samples.map(\.time) }.filter(\.isFinite)
            (t0, t1) = (times.min() ?? 0, times.max() ?? 1)
        }
        if !(t1 > t0) { t1 = t0 + 1 }
        let values = series.flatMap { $0.samples.filter { $0.time >= t0 && $0.time <= t1 && $0.value.isFinite }.map(\.value) }
        var v0 = values.min() ?? 0, v1 = values.max() ?? 1
        let span = v1 - v0
        if span <= 1e-12 * max(1, abs(v0), abs(v1)) || !span.isFinite {
            let pad = max(abs(v0) * 0.1, 0.5)
            v0 -= pad; v1 += pad
        } else {
            v0 -= span * 0.08; v1 += span * 0.08
        }

        let pad = 20.0
        var texts: [Placed] = []

        // Header: title, subtitle, legend.
        let title = ts.line(self.title, size: 19, weight: 600)
        let subtitle = self.subtitle.map { ts.line($0, size: 12.5) }
        let colors = series.indices.map(color(ofSeries:))
        let swatch = 18.0, swatchGap = 6.0, entryGap = 18.0
        let names = showsLegend ? series.map { ts.line($0.name, size: 13) } : []
        let entryWidths = names.map { swatch + swatchGap + $0.width }
        let legendRowH = max(names.map(\.height).max() ?? 0, 12)
        var y = pad
        texts.append(Placed(text: title, x: pad, y: y, color: Self.ink))
        var legend: [LegendEntry] = []
        func placeLegend(row entries: [Int], x startX: Double, y: Double) {
            var x = startX
            for i in entries {
                legend.append(LegendEntry(swatchX: x, swatchY: y + legendRowH / 2, color: colors[i]))
                texts.append(Placed(text: names[i], x: x + swatch + swatchGap, y: y + (legendRowH - names[i].height) / 2,
                                    color: Self.secondaryInk))
                x += entryWidths[i] + entryGap
            }
        }
        let singleRowWidth = entryWidths.reduce(0, +) + entryGap * Double(max(0, names.count - 1))
        // Beside the title (centred on its line, so a long subtitle below does not matter).
        let legendBesideTitle = !names.isEmpty && pad + title.width + 32 + singleRowWidth <= W - pad
        if legendBesideTitle {
            placeLegend(row: Array(names.indices), x: W - pad - singleRowWidth, y: y + (title.height - legendRowH) / 2)
        }
        y += title.height
        if let subtitle {
            y += 2
            texts.append(Placed(text: subtitle, x: pad, y: y, color: Self.tertiaryInk))
            y += subtitle.height
        }
        if !legendBesideTitle && !names.isEmpty {
            // Flow the entries into rows as wide as the chart.
            y += 8
            var row: [Int] = [], rowWidth = 0.0
            for i in names.indices {
                let needed = (row.isEmpty ? 0 : rowWidth + entryGap) + entryWidths[i]
                if !row.isEmpty && pad + needed > W - pad {
                    placeLegend(row: row, x: pad, y: y)
                    y += legendRowH + 4
                    row = []; rowWidth = 0
                }
                rowWidth = (row.isEmpty ? 0 : rowWidth + entryGap) + entryWidths[i]
                row.append(i)
            }
            placeLegend(row: row, x: pad, y: y)
            y += legendRowH
        }
        let headerBottom = y + 12

        // Footer: time tick labels and the axis title.
        let tickSize = 12.0
        let axisTitle = ts.line("time (s)", size: 12)
        let tickLabelHeight = ts.line("0123456789", size: tickSize).height
        let plotBottomPoints = snap(H - pad - axisTitle.height - 2 - tickLabelHeight - 7)
        let markerSize = 11.0
        let markerRowH = ts.line("0123456789 s", size: markerSize).height + 2

        // Value ticks from a provisional plot height (one marker row).
        let provisionalHeight = plotBottomPoints - headerBottom - markerRowH - 4
        let valueStep = Self.niceStep(span: v1 - v0, target: max(2, (provisionalHeight / 46).rounded(.down)))
        let valueDecimals = Self.decimals(forStep: valueStep)
        var valueTicks = Self.ticks(in: v0 ... v1, step: valueStep)
        let valueLabels = valueTicks.map { ts.line(Self.label($0, decimals: valueDecimals), size: tickSize) }
        let unit = valueUnit.map { ts.line($0, size: 11.5, weight: 600) }

        var secondaryTicks: [Double] = []
        var secondaryLabels: [PlotText] = []
        var secondaryUnit: PlotText?
        if let axis = secondaryAxis, axis.factor.isFinite, axis.factor != 0 {
            let a = v0 * axis.factor, b = v1 * axis.factor
            let step = Self.niceStep(span: abs(b - a), target: max(2, (provisionalHeight / 46).rounded(.down)), candidates: axis.steps)
            let d = Self.decimals(forStep: step)
            secondaryTicks = Self.ticks(in: min(a, b) ... max(a, b), step: step)
            secondaryLabels = secondaryTicks.map { ts.line(Self.label($0, decimals: d, suffix: axis.suffix), size: tickSize) }
            secondaryUnit = ts.line(axis.unit, size: 11.5, weight: 600)
        }

        // Horizontal: room for the value labels on the left (and right).
        let tickLength = 4.0, labelGap = 3.0
        let leftLabelsWidth = max(valueLabels.map(\.width).max() ?? 0, unit?.width ?? 0)
        var plotLeft = snap(pad + leftLabelsWidth + tickLength + labelGap)
        var plotRight: Double
        if secondaryAxis != nil {
            let rightLabelsWidth = max(secondaryLabels.map(\.width).max() ?? 0, secondaryUnit?.width ?? 0)
            plotRight = snap(W - pad - rightLabelsWidth - tickLength - labelGap)
        } else {
            plotRight = snap(W - pad - 8)
        }
        let timeStep = Self.niceStep(span: t1 - t0, target: max(2, ((plotRight - plotLeft) / 85).rounded(.down)))
        let timeDecimals = Self.decimals(forStep: timeStep)
        let timeTicks = Self.ticks(in: t0 ... t1, step: timeStep)
        let timeLabels = timeTicks.map { ts.line(Self.label($0, decimals: timeDecimals), size: tickSize) }
        // Keep the first and last time labels inside the image.
        for _ in 0 ..< 3 {
            func x(_ t: Double) -> Double { plotLeft + (t - t0) / (t1 - t0) * (plotRight - plotLeft) }
            if let first = timeTicks.first, let text = timeLabels.first, x(first) - text.width / 2 < pad {
                plotLeft = snap(plotLeft + pad - (x(first) - text.width / 2) + 1)
            }
            if let last = timeTicks.last, let text = timeLabels.last, x(last) + text.width / 2 > W - pad {
                plotRight = snap(plotRight - (x(last) + text.width / 2 - (W - pad)) - 1)
            }
        }
        guard plotRight - plotLeft >= 40 else {
            throw RasterError.drawingFailed(detail: "a \(Self.points(W))×\(Self.points(H)) point plot is too narrow for its labels; make it wider")
        }
        func xPoints(_ t: Double) -> Double { plotLeft + (t - t0) / (t1 - t0) * (plotRight - plotLeft) }

        // Marker labels above the plot, moved up a row when they would overlap (at most 3 rows).
        struct PendingMarker { var x: Double; var label: PlotText?; var labelX: Double; var row: Int }
        var pending: [PendingMarker] = []
        var rowEnds: [Double] = []
        let eps = 1e-9 * max(1, abs(t1 - t0))
        for marker in markers.sorted(by: { $0.time < $1.time }) where marker.time.isFinite && marker.time >= t0 - eps && marker.time <= t1 + eps {
            let mx = xPoints(marker.time)
            let text = ts.line(marker.label ?? Self.timeLabel(marker.time), size: markerSize)
            let lx = min(max(mx - text.width / 2, plotLeft), plotRight - text.width)
            if let row = rowEnds.firstIndex(where: { lx >= $0 + 6 }) {
                rowEnds[row] = lx + text.width
                pending.append(PendingMarker(x: mx, label: text, labelX: lx, row: row))
            } else if rowEnds.count < 3 {
                rowEnds.append(lx + text.width)
                pending.append(PendingMarker(x: mx, label: text, labelX: lx, row: rowEnds.count - 1))
            } else {
                pending.append(PendingMarker(x: mx, label: nil, labelX: 0, row: 0))
            }
        }
        let rows = max(rowEnds.count, unit != nil || secondaryUnit != nil ? 1 : 0)
        let plotTop = snap(headerBottom + Double(rows) * markerRowH + 4)
        guard plotBottomPoints - plotTop >= 40 else {
            throw RasterError.drawingFailed(detail: "a \(Self.points(W))×\(Self.points(H)) point plot is too short for its labels; make it taller")
        }
        let plot = Rect(x: plotLeft, y: plotTop, width: plotRight - plotLeft, height: plotBottomPoints - plotTop)
        func yPoints(_ v: Double) -> Double { plot.maxY - (v - v0) / (v1 - v0) * plot.height }
        func rowTop(_ row: Int) -> Double { plotTop - 4 - Double(row + 1) * markerRowH }

        var markerLines: [MarkerLine] = []
        for m in pending {
            if let label = m.label {
                let top = rowTop(m.row)
                texts.append(Placed(text: label, x: m.labelX, y: top, color: Self.tertiaryInk))
                markerLines.append(MarkerLine(x: m.x, top: top + label.height + 1))
            } else {
                markerLines.append(MarkerLine(x: m.x, top: plot.minY))
            }
        }

        // Tick labels; value labels only where they fit beside the plot.
        var keptValueTicks: [Double] = []
        for (v, text) in zip(valueTicks, valueLabels) {
            let cy = yPoints(v)
            guard cy - text.height / 2 >= plot.minY - 1, cy + text.height / 2 <= plot.maxY + 1 else { continue }
            keptValueTicks.append(v)
            texts.append(Placed(text: text, x: plot.minX - tickLength - labelGap - text.width, y: cy - text.height / 2,
                                color: Self.secondaryInk))
        }
        valueTicks = keptValueTicks
        if let axis = secondaryAxis {
            var kept: [Double] = []
            for (v, text) in zip(secondaryTicks, secondaryLabels) {
                let cy = yPoints(v / axis.factor)
                guard cy - text.height / 2 >= plot.minY - 1, cy + text.height / 2 <= plot.maxY + 1 else { continue }
                kept.append(v)
                texts.append(Placed(text: text, x: plot.maxX + tickLength + labelGap, y: cy - text.height / 2, color: Self.secondaryInk))
            }
            secondaryTicks = kept
        }
        if let unit {
            texts.append(Placed(text: unit, x: plot.minX - tickLength - labelGap - unit.width, y: rowTop(0), color: Self.tertiaryInk))
        }
        if let secondaryUnit {
            texts.append(Placed(text: secondaryUnit, x: plot.maxX + tickLength + labelGap, y: rowTop(0), color: Self.tertiaryInk))
        }
        for (t, text) in zip(timeTicks, timeLabels) {
            texts.append(Placed(text: text, x: xPoints(t) - text.width / 2, y: plot.maxY + tickLength + labelGap, color: Self.secondaryInk))
        }
        texts.append(Placed(text: axisTitle, x: plot.midXValue - axisTitle.width / 2,
                            y: plot.maxY + tickLength + labelGap + tickLabelHeight + 2, color: Self.tertiaryInk))

        let layout = Layout(scale: scale, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                            plotRect: Rect(x: plot.minX * scale, y: plot.minY * scale, width: plot.width * scale, height: plot.height * scale),
                            timeRange: t0 ... t1, valueRange: v0 ... v1,
                            timeTicks: timeTicks, valueTicks: valueTicks, secondaryTicks: secondaryTicks)
        return Composition(layout: layout, plot: plot, texts: texts, legend: legend, markerLines: markerLines, colors: colors)
    }

    // MARK: - Drawing

    private func draw(_ c: Composition, typesetter: PlotTypesetter, into cr: OpaquePointer) {
        let plot = c.plot
        let layout = c.layout
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_scale(cr, scale, scale)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)

        func setColor(_ color: RGBAColor) {
            cairo_set_source_rgba(cr, clamp01(color.red), clamp01(color.green), clamp01(color.blue), clamp01(color.alpha))
        }
        // Thin lines one device pixel (at least half a point) wide, centred so they cover whole pixels.
        let hairlinePixels = max(1, (0.5 * scale).rounded())
        let hairline = hairlinePixels / scale
        func crisp(_ v: Double) -> Double {
            let px = (v * scale).rounded()
            return (hairlinePixels.truncatingRemainder(dividingBy: 2) == 1 ? px + 0.5 : px) / scale
        }
        func hline(_ y: Double, _ x0: Double, _ x1: Double) { cairo_move_to(cr, x0, crisp(y)); cairo_line_to(cr, x1, crisp(y)) }
        func vline(_ x: Double, _ y0: Double, _ y1: Double) { cairo_move_to(cr, crisp(x), y0); cairo_line_to(cr, crisp(x), y1) }

        // Grid.
        cairo_set_line_width(cr, hairline)
        setColor(Self.gridColor)
        for v in layout.valueTicks where abs(v) > 1e-12 { hline(yPoint(v, c), plot.minX, plot.maxX) }
        for t in layout.timeTicks { vline(xPoint(t, c), plot.minY, plot.maxY) }
        cairo_stroke(cr)
        if layout.valueRange.contains(0) {
            setColor(Self.zeroColor)
            hline(yPoint(0, c), plot.minX, plot.maxX)
            cairo_stroke(cr)
        }

        // Markers.
        setColor(Self.markerColor)
        cairo_set_line_width(cr, 1)
        var dashes: [Double] = [4, 3]
        cairo_set_dash(cr, &dashes, 2, 0)
        for m in c.markerLines {
            cairo_move_to(cr, m.x, plot.maxY)
            cairo_line_to(cr, m.x, m.top)
        }
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)

        // Series, clipped to the plot area.
        cairo_save(cr)
        cairo_rectangle(cr, plot.minX, plot.minY, plot.width, plot.height)
        cairo_clip(cr)
        cairo_set_line_width(cr, 2)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for (i, s) in series.enumerated() {
            var samples = s.samples
            if !zip(samples, samples.dropFirst()).allSatisfy({ $0.time <= $1.time }) {
                samples = samples.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
            }
            var previous: (x: Double, y: Double)?
            for sample in samples {
                guard sample.time.isFinite, sample.value.isFinite else { previous = nil; continue }
                let x = xPoint(sample.time, c), y = yPoint(sample.value, c)
                if let p = previous {
                    if s.interpolation == .step { cairo_line_to(cr, x, p.y) }
                    cairo_line_to(cr, x, y)
                } else {
                    cairo_move_to(cr, x, y)
                    if samples.count == 1 { cairo_line_to(cr, x, y) } // a dot
                }
                previous = (x, y)
            }
            setColor(c.colors[i])
            cairo_stroke(cr)
        }
        cairo_restore(cr)

        // Frame and ticks.
        setColor(Self.frameColor)
        cairo_set_line_width(cr, hairline)
        cairo_rectangle(cr, crisp(plot.minX), crisp(plot.minY), crisp(plot.maxX) - crisp(plot.minX), crisp(plot.maxY) - crisp(plot.minY))
        for v in layout.valueTicks { hline(yPoint(v, c), plot.minX - 4, plot.minX) }
        if let axis = secondaryAxis {
            for v in layout.secondaryTicks { hline(yPoint(v / axis.factor, c), plot.maxX, plot.maxX + 4) }
        }
        for t in layout.timeTicks { vline(xPoint(t, c), plot.maxY, plot.maxY + 4) }
        cairo_stroke(cr)

        // Legend swatches.
        cairo_set_line_width(cr, 2.5)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for entry in c.legend {
            setColor(entry.color)
            cairo_move_to(cr, entry.swatchX + 1.25, entry.swatchY)
            cairo_line_to(cr, entry.swatchX + 18 - 1.25, entry.swatchY)
            cairo_stroke(cr)
        }

        for placed in c.texts { placed.text.draw(in: cr, context: typesetter, x: placed.x, y: placed.y, color: placed.color) }
    }

    private func xPoint(_ t: Double, _ c: Composition) -> Double { c.layout.x(forTime: t) / scale }
    private func yPoint(_ v: Double, _ c: Composition) -> Double { c.layout.y(forValue: v) / scale }
}

private extension Rect {
    var midXValue: Double { minX + width / 2 }
}


// MARK: - Labels

/// A Pango context for one plot, measured at the scale it is drawn at, unhinted (as `TextLayout`),
/// so labels look the same at any scale. Use only while holding `PangoState.shared.lock`.
final class PlotTypesetter {
    static let fontFamily = "Noto Sans CJK JP, DejaVu Sans, sans-serif"
    let context: OpaquePointer

    init(scale: Double) {
        context = PangoState.shared.makeUnhintedContext(scale: scale)
    }

    deinit {
        PangoState.shared.lock.withLock { g_object_unref(UnsafeMutableRawPointer(context)) }
    }

    func line(_ text: String, size: Double, weight: Int = 400) -> PlotText {
        PlotText(text, size: size, weight: weight, context: context)
    }
}

/// One line of label text. Width and height are its logical extents in points.
final class PlotText {
    private let layout: OpaquePointer
    let width: Double
    let height: Double
    private let originX: Double
    private let originY: Double

    init(_ text: String, size: Double, weight: Int, context: OpaquePointer) {
        layout = pango_layout_new(context)
        let desc = pango_font_description_from_string(PlotTypesetter.fontFamily)
        pango_font_description_set_absolute_size(desc, size * Double(PANGO_SCALE))
        pango_font_description_set_weight(desc, PangoWeight(rawValue: UInt32(weight)))
        pango_layout_set_font_description(layout, desc)
        pango_font_description_free(desc)
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_text(layout, text, -1)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let unit = Double(PANGO_SCALE)
        width = Double(logical.width) / unit
        height = Double(logical.height) / unit
        originX = Double(logical.x) / unit
        originY = Double(logical.y) / unit
    }

    deinit {
        PangoState.shared.lock.withLock { g_object_unref(UnsafeMutableRawPointer(layout)) }
    }

    /// Draws the text with its logical top-left at (x, y) in the context's user space.
    func draw(in cr: OpaquePointer, context: PlotTypesetter, x: Double, y: Double, color: RGBAColor) {
        pango_cairo_update_context(cr, context.context)
        pango_layout_context_changed(layout)
        cairo_set_source_rgba(cr, clamp01(color.red), clamp01(color.green), clamp01(color.blue), clamp01(color.alpha))
        cairo_move_to(cr, x - originX, y - originY)
        pango_cairo_show_layout(cr, layout)
    }
}
