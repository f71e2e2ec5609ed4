/// Data drawn into a ``PlotFrame``: lines that break at gaps, bands, step lines, markers, a
/// min/max envelope and a legend.
extension PlotFrame {
    /// A line through `points` (seconds, value). A non-finite value breaks the line; a point
    /// with no neighbour on either side is drawn as a dot so that it does not vanish.
    /// Consecutive points on the same pixel are drawn once.
    @_spi(Testing) public func drawLine(
        _ points: [(time: Double, value: Double)], stroke: String, width: Double, dotRadius: Double = 1.8,
        in canvas: inout SVGCanvas
    ) {
        var run: [(x: Double, y: Double)] = []
        func flush() {
            if run.count == 1 {
                canvas.circle(x: run[0].x, y: run[0].y, radius: dotRadius, fill: stroke)
            } else {
                canvas.polyline(run, stroke: stroke, width: width)
            }
            run.removeAll(keepingCapacity: true)
        }
        for point in points {
            guard point.time.isFinite, point.value.isFinite else {
                flush()
                continue
            }
            let p = pixel(point.time, point.value)
            if let last = run.last, (last.x - p.x).magnitude < 0.05, (last.y - p.y).magnitude < 0.05 { continue }
            run.append(p)
        }
        flush()
    }

    /// Dots at `points` (non-finite ones skipped), in one path of zero-length strokes with round caps.
    func drawDots(
        _ points: [(time: Double, value: Double)], fill: String, radius: Double, opacity: Double? = nil,
        in canvas: inout SVGCanvas
    ) {
        var data = ""
        for point in points where point.time.isFinite && point.value.isFinite {
            let p = pixel(point.time, point.value)
            data += "M\(SVGCanvas.px(p.x)) \(SVGCanvas.px(p.y))h0"
        }
        canvas.path(data, stroke: fill, width: 2 * radius, opacity: opacity)
    }

    /// A step line: `value` held from `start` to `end` of each span; a gap between spans breaks it.
    func drawSteps(
        _ spans: [(start: Double, end: Double, value: Double)], stroke: String, width: Double,
        in canvas: inout SVGCanvas
    ) {
        var data = ""
        var previousEnd: Double?
        for span in spans where span.start.isFinite && span.end.isFinite && span.value.isFinite {
            let (x0, x1, py) = (x(span.start), x(span.end), y(span.value))
            if let end = previousEnd, (end - x0).magnitude < 0.5 {
                data += "V\(SVGCanvas.px(py))H\(SVGCanvas.px(x1))"
            } else {
                data += "M\(SVGCanvas.px(x0)) \(SVGCanvas.px(py))H\(SVGCanvas.px(x1))"
            }
            previousEnd = x1
        }
        canvas.path(data, stroke: stroke, width: width)
    }

    /// Crosses (×) of half-width `size` pixels at `points`, in one path.
    func drawCrosses(
        _ points: [(time: Double, value: Double)], stroke: String, size: Double, width: Double,
        in canvas: inout SVGCanvas
    ) {
        var data = ""
        for point in points where point.time.isFinite && point.value.isFinite {
            let p = pixel(point.time, point.value)
            let (l, r, t, b) = (
                SVGCanvas.px(p.x - size), SVGCanvas.px(p.x + size), SVGCanvas.px(p.y - size), SVGCanvas.px(p.y + size)
            )
            data += "M\(l) \(t)L\(r) \(b)M\(l) \(b)L\(r) \(t)"
        }
        canvas.path(data, stroke: stroke, width: width)
    }

    /// A horizontal band from pixel `y` of `height` pixels: each span a rectangle filled with
    /// its paint (a colour or `url(#pattern)`); neighbouring spans of the same paint merge. A
    /// span's `label` is written inside it when it fits.
    func drawBand(_ spans: [BandSpan], y: Double, height: Double, in canvas: inout SVGCanvas) {
        var merged: [BandSpan] = []
        for span in spans where span.start.isFinite && span.end.isFinite && span.end >= span.start {
            if let last = merged.last, last.paint == span.paint, (span.start - last.end).magnitude <= 1e-9 {
                merged[merged.count - 1].end = span.end
            } else {
                merged.append(span)
            }
        }
        for span in merged {
            let (x0, x1) = (x(span.start), x(span.end))
            canvas.rect(x: x0, y: y, width: max(x1 - x0, 0.6), height: height, fill: span.paint)
            if let label = span.label, Double(label.count) * 11 * 0.62 + 10 < x1 - x0 {
                canvas.text(
                    label, x: (x0 + x1) / 2, y: y + height / 2 + 4, anchor: .middle, size: 11, fill: span.labelColor)
            }
        }
    }

    /// Filled rectangles from the bottom of the plot up to each span's value.
    func drawBars(
        _ spans: [(start: Double, end: Double, value: Double, fill: String)], opacity: Double,
        in canvas: inout SVGCanvas
    ) {
        var merged: [(start: Double, end: Double, value: Double, fill: String)] = []
        for span in spans where span.start.isFinite && span.end.isFinite && span.value.isFinite {
            if let last = merged.last, last.fill == span.fill, last.value == span.value,
                (span.start - last.end).magnitude <= 1e-9
            {
                merged[merged.count - 1].end = span.end
            } else {
                merged.append(span)
            }
        }
        let base = y(y.domain.lowerBound)
        for span in merged {
            let (x0, x1, top) = (x(span.start), x(span.end), y(span.value))
            canvas.rect(x: x0, y: top, width: max(x1 - x0, 0.6), height: base - top, fill: span.fill, opacity: opacity)
        }
    }

    /// The min/max envelope of runs of columns (``EnvelopeDownsampling``): a filled shape per run,
    /// outlined in the same colour so that a run of single samples still shows as a line.
    func drawEnvelope(_ runs: [[EnvelopeColumn]], columnCount: Int, fill: String, in canvas: inout SVGCanvas) {
        let columnWidth = width / Double(max(1, columnCount))
        func columnX(_ column: Int) -> Double { left + (Double(column) + 0.5) * columnWidth }
        for run in runs where !run.isEmpty {
            if run.count == 1 {
                let column = run[0]
                let (top, bottom) = (y(column.maximum), y(column.minimum))
                if bottom - top < 1 {
                    canvas.circle(x: columnX(column.column), y: (top + bottom) / 2, radius: 1.5, fill: fill)
                } else {
                    canvas.line(
                        x1: columnX(column.column), y1: top, x2: columnX(column.column), y2: bottom, stroke: fill)
                }
                continue
            }
            var points: [(x: Double, y: Double)] = run.map { (columnX($0.column), y($0.maximum)) }
            points += run.reversed().map { (columnX($0.column), y($0.minimum)) }
            canvas.polygon(points, fill: fill, stroke: fill, strokeWidth: 1)
        }
    }

    /// A legend in one row above the plotting area, ending at its right edge.
    func drawLegend(_ items: [LegendItem], in canvas: inout SVGCanvas) {
        let fontSize = 11.0
        let widths = items.map { 26 + Double($0.label.count) * fontSize * 0.62 + 16 }
        var x = right - widths.reduce(0, +)
        let y = top - 12
        for (item, itemWidth) in zip(items, widths) {
            switch item.mark {
            case .line(let color, let lineWidth, let dash):
                canvas.line(x1: x, y1: y, x2: x + 20, y2: y, stroke: color, width: lineWidth, dash: dash)
            case .dots(let color):
                canvas.circle(x: x + 4, y: y, radius: 2.2, fill: color)
                canvas.add(
                    "<circle cx=\"\(SVGCanvas.px(x + 10))\" cy=\"\(SVGCanvas.px(y))\" r=\"2.2\" fill=\"\(color)\" fill-opacity=\"0.55\"/>"
                )
                canvas.add(
                    "<circle cx=\"\(SVGCanvas.px(x + 16))\" cy=\"\(SVGCanvas.px(y))\" r=\"2.2\" fill=\"\(color)\" fill-opacity=\"0.2\"/>"
                )
            case .cross(let color):
                canvas.path(
                    "M\(SVGCanvas.px(x + 6)) \(SVGCanvas.px(y - 4))L\(SVGCanvas.px(x + 14)) \(SVGCanvas.px(y + 4))"
                        + "M\(SVGCanvas.px(x + 6)) \(SVGCanvas.px(y + 4))L\(SVGCanvas.px(x + 14)) \(SVGCanvas.px(y - 4))",
                    stroke: color, width: 2)
            case .fill(let color, let opacity):
                canvas.rect(x: x, y: y - 6, width: 20, height: 12, fill: color, opacity: opacity)
            case .fills(let colors, let opacity):
                let stripe = 20 / Double(max(1, colors.count))
                for (index, color) in colors.enumerated() {
                    canvas.rect(
                        x: x + Double(index) * stripe, y: y - 6, width: stripe, height: 12, fill: color,
                        opacity: opacity)
                }
            }
            canvas.text(item.label, x: x + 26, y: y + 4, size: fontSize, fill: "#3a434e")
            x += itemWidth
        }
    }
}

/// A stretch of a band: its time span, its paint (a colour or `url(#pattern)`) and an optional label.
struct BandSpan: Equatable {
    var start: Double
    var end: Double
    var paint: String
    var label: String?
    var labelColor: String = "#ffffff"
}

/// One entry of a plot's legend.
struct LegendItem {
    enum Mark {
        case line(color: String, width: Double, dash: String? = nil)
        case dots(color: String)
        case cross(color: String)
        case fill(color: String, opacity: Double)
        /// Side-by-side stripes of several colours (a series coloured by activity).
        case fills(colors: [String], opacity: Double)
    }

    var mark: Mark
    var label: String
}
