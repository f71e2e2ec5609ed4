/// The plotting area of a panel: its pixel box, the scales from data to pixels, and the axes.
@_spi(Testing) public struct PlotFrame {
    /// Pixels from the image's left edge to the plotting area.
    var left: Double
    /// Pixels from the image's top edge to the plotting area.
    var top: Double
    var width: Double
    var height: Double
    /// Data (seconds) to horizontal pixels.
    var x: LinearScale
    /// Data to vertical pixels (larger values higher up).
    var y: LinearScale

    public init(
        left: Double, top: Double, width: Double, height: Double, xDomain: ClosedRange<Double>,
        yDomain: ClosedRange<Double>
    ) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        x = LinearScale(domain: xDomain, lowPixel: left, highPixel: left + width)
        y = LinearScale(domain: yDomain, lowPixel: top + height, highPixel: top)
    }

    var right: Double { left + width }
    var bottom: Double { top + height }

    /// The point's pixel position.
    func pixel(_ time: Double, _ value: Double) -> (x: Double, y: Double) { (x(time), y(value)) }

    /// Defines a clip path `id` of the plotting area in `canvas`.
    func defineClip(_ id: String, in canvas: inout SVGCanvas) {
        canvas.define(
            "<clipPath id=\"\(id)\"><rect x=\"\(SVGCanvas.px(left))\" y=\"\(SVGCanvas.px(top - 1))\" "
                + "width=\"\(SVGCanvas.px(width))\" height=\"\(SVGCanvas.px(height + 2))\"/></clipPath>")
    }

    /// The time axis along the bottom: a line, ticks with labels and `label` under them, and
    /// light vertical grid lines when `grid` is set.
    func drawTimeAxis(_ ticks: AxisTicks, label: String, grid: Bool, in canvas: inout SVGCanvas) {
        for (value, text) in zip(ticks.values, ticks.labels) {
            let px = x(value)
            if grid { canvas.line(x1: px, y1: top, x2: px, y2: bottom, stroke: "#e6e9ed") }
            canvas.line(x1: px, y1: bottom, x2: px, y2: bottom + 5, stroke: "#5b6572")
            canvas.text(text, x: px, y: bottom + 18, anchor: .middle, size: 11, fill: "#3a434e")
        }
        canvas.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: "#5b6572")
        canvas.text(label, x: left + width / 2, y: bottom + 34, anchor: .middle, size: 11, fill: "#3a434e")
    }

    /// The value axis on the left: ticks with labels, horizontal grid lines and the unit label
    /// written upwards in the margin. `labels` replaces the ticks' own labels when given.
    func drawValueAxis(_ ticks: AxisTicks, unit: String, labels: [String]? = nil, in canvas: inout SVGCanvas) {
        for (index, value) in ticks.values.enumerated() {
            let py = y(value)
            canvas.line(x1: left, y1: py, x2: right, y2: py, stroke: "#e6e9ed")
            canvas.line(x1: left - 5, y1: py, x2: left, y2: py, stroke: "#5b6572")
            canvas.text(
                labels?[index] ?? ticks.labels[index], x: left - 8, y: py + 4, anchor: .end, size: 11, fill: "#3a434e")
        }
        canvas.line(x1: left, y1: top, x2: left, y2: bottom, stroke: "#5b6572")
        canvas.text(unit, x: 16, y: top + height / 2, anchor: .middle, size: 11, fill: "#3a434e", rotation: -90)
    }

    /// A message centred in the plotting area (for a panel without data).
    func drawMessage(_ message: String, in canvas: inout SVGCanvas) {
        canvas.rect(x: left, y: top, width: width, height: height, fill: "#f3f4f6", stroke: "#d5dae0")
        canvas.text(message, x: left + width / 2, y: top + height / 2 + 5, anchor: .middle, size: 14, fill: "#5b6572")
    }
}
