/// An SVG image built element by element, rendered as inline markup for an HTML page.
///
/// Numbers go through ``ReportNumberFormat/pixel(_:)`` and text through ``HTMLEscaping``, so the
/// markup is short, deterministic and well formed whatever the data.
@_spi(Testing) public struct SVGCanvas {
    /// Pixels.
    let width: Double
    /// Pixels.
    let height: Double
    private(set) var definitions: [String] = []
    private(set) var elements: [String] = []

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Text anchoring, as SVG's `text-anchor`.
    enum Anchor: String {
        case start, middle, end
    }

    static func px(_ value: Double) -> String { ReportNumberFormat.pixel(value) }

    /// Adds markup to `<defs>` (patterns, clip paths).
    mutating func define(_ markup: String) { definitions.append(markup) }

    /// Adds a ready element (the caller escapes its text).
    mutating func add(_ markup: String) { elements.append(markup) }

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, opacity: Double? = nil,
        stroke: String? = nil, extra: String = ""
    ) {
        var markup = "<rect x=\"\(Self.px(x))\" y=\"\(Self.px(y))\" width=\"\(Self.px(max(0, width)))\" "
        markup += "height=\"\(Self.px(max(0, height)))\" fill=\"\(fill)\""
        if let opacity { markup += " fill-opacity=\"\(ReportNumberFormat.fixed(opacity, decimals: 2))\"" }
        if let stroke { markup += " stroke=\"\(stroke)\"" }
        elements.append(markup + extra + "/>")
    }

    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, dash: String? = nil
    ) {
        var markup = "<line x1=\"\(Self.px(x1))\" y1=\"\(Self.px(y1))\" x2=\"\(Self.px(x2))\" y2=\"\(Self.px(y2))\" "
        markup += "stroke=\"\(stroke)\" stroke-width=\"\(Self.px(width))\""
        if let dash { markup += " stroke-dasharray=\"\(dash)\"" }
        elements.append(markup + "/>")
    }

    /// Text at (`x`, `y`), the baseline at `y`; `rotation` in degrees about the anchor point.
    mutating func text(
        _ string: String, x: Double, y: Double, anchor: Anchor = .start, size: Double = 12, fill: String = "#1d232b",
        weight: String? = nil, rotation: Double? = nil
    ) {
        var markup = "<text x=\"\(Self.px(x))\" y=\"\(Self.px(y))\" font-size=\"\(Self.px(size))\" fill=\"\(fill)\""
        if anchor != .start { markup += " text-anchor=\"\(anchor.rawValue)\"" }
        if let weight { markup += " font-weight=\"\(weight)\"" }
        if let rotation {
            markup += " transform=\"rotate(\(Self.px(rotation)) \(Self.px(x)) \(Self.px(y)))\""
        }
        elements.append(markup + ">" + HTMLEscaping.escape(string) + "</text>")
    }

    /// An open line through pixel points.
    mutating func polyline(_ points: [(x: Double, y: Double)], stroke: String, width: Double, extra: String = "") {
        guard points.count >= 2 else { return }
        elements.append(
            "<polyline points=\"\(Self.pointList(points))\" fill=\"none\" stroke=\"\(stroke)\" "
                + "stroke-width=\"\(Self.px(width))\" stroke-linejoin=\"round\" stroke-linecap=\"round\"\(extra)/>")
    }

    /// A closed, filled shape through pixel points.
    mutating func polygon(
        _ points: [(x: Double, y: Double)], fill: String, stroke: String? = nil, strokeWidth: Double = 1
    ) {
        guard points.count >= 2 else { return }
        var markup = "<polygon points=\"\(Self.pointList(points))\" fill=\"\(fill)\""
        if let stroke {
            markup += " stroke=\"\(stroke)\" stroke-width=\"\(Self.px(strokeWidth))\" stroke-linejoin=\"round\""
        }
        elements.append(markup + "/>")
    }

    mutating func circle(x: Double, y: Double, radius: Double, fill: String) {
        elements.append("<circle cx=\"\(Self.px(x))\" cy=\"\(Self.px(y))\" r=\"\(Self.px(radius))\" fill=\"\(fill)\"/>")
    }

    /// A path from SVG path data (built with ``px(_:)``).
    mutating func path(_ data: String, stroke: String, width: Double, fill: String = "none", opacity: Double? = nil) {
        guard !data.isEmpty else { return }
        let alpha = opacity.map { " stroke-opacity=\"\(ReportNumberFormat.fixed($0, decimals: 2))\"" } ?? ""
        elements.append(
            "<path d=\"\(data)\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(Self.px(width))\"\(alpha) "
                + "stroke-linejoin=\"round\" stroke-linecap=\"round\"/>")
    }

    /// Opens a group clipped to the clip path `id` (defined with ``define(_:)``); close it with ``endGroup()``.
    mutating func beginGroup(clipPath id: String) { elements.append("<g clip-path=\"url(#\(id))\">") }

    mutating func endGroup() { elements.append("</g>") }

    static func pointList(_ points: [(x: Double, y: Double)]) -> String {
        var text = ""
        text.reserveCapacity(points.count * 12)
        for (index, point) in points.enumerated() {
            if index > 0 { text += " " }
            text += px(point.x) + "," + px(point.y)
        }
        return text
    }

    /// The image as an `<svg>` element; `label` (escaped) becomes its accessible name.
    public func render(label: String) -> String {
        var markup =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.px(width))\" height=\"\(Self.px(height))\" "
        markup +=
            "viewBox=\"0 0 \(Self.px(width)) \(Self.px(height))\" role=\"img\" aria-label=\"\(HTMLEscaping.escape(label))\" "
        markup += "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
        if !definitions.isEmpty { markup += "<defs>" + definitions.joined() + "</defs>\n" }
        for element in elements { markup += element + "\n" }
        return markup + "</svg>"
    }
}
