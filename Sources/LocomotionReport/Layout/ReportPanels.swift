import Locomotion

/// The five panels of the report, each one `<svg>` on the shared time axis.
@_spi(Testing) public struct ReportPanels {
    /// Image width in pixels.
    static let width = 1200.0
    /// Left margin: tick labels and the unit label written upwards.
    static let left = 96.0
    /// Right margin.
    static let right = 24.0
    static var plotWidth: Double { width - left - right }
    /// Height of a value plot's area.
    static let plotHeight = 180.0
    /// Space above a plot for its legend.
    static let legendSpace = 30.0
    /// Space under a plot for the time axis.
    static let axisSpace = 44.0

    let report: ActivityReport.Builder
    let summary: RecordingAnalysisSummary
    let domain: ClosedRange<Double>
    let timeTicks: AxisTicks

    init(_ report: ActivityReport.Builder) {
        self.report = report
        summary = report.summary!
        domain = ReportSeries.timeDomain(report)
        timeTicks = AxisTicks.readable(covering: domain, length: Self.plotWidth, fontSize: 11)
    }

    private func valueFrame(yDomain: ClosedRange<Double>) -> PlotFrame {
        PlotFrame(
            left: Self.left, top: Self.legendSpace, width: Self.plotWidth, height: Self.plotHeight, xDomain: domain,
            yDomain: yDomain)
    }

    private static var valueHeight: Double { legendSpace + plotHeight + axisSpace }

    // MARK: 1. Timeline

    /// The smoothed timeline as a band, and under it the ground truth per window when the
    /// recording has labels (hatched where the label names no activity).
    func timeline() -> String {
        let bandHeight = 30.0
        let gap = 10.0
        let groundTruth = report.labelled ? report.truth.spans : nil
        let bands = groundTruth == nil ? 1.0 : 2.0
        let top = 12.0
        let frame = PlotFrame(
            left: Self.left, top: top, width: Self.plotWidth, height: bands * bandHeight + (bands - 1) * gap,
            xDomain: domain, yDomain: 0...1)
        var canvas = SVGCanvas(width: Self.width, height: frame.bottom + Self.axisSpace)
        canvas.define(ActivityPalette.unlabelledPatternDefinition)
        frame.defineClip("clip-timeline", in: &canvas)
        canvas.text("detected", x: Self.left - 8, y: top + bandHeight / 2 + 4, anchor: .end, size: 12, fill: "#3a434e")
        if groundTruth != nil {
            canvas.text(
                "ground truth", x: Self.left - 8, y: top + bandHeight + gap + bandHeight / 2 + 4, anchor: .end,
                size: 12,
                fill: "#3a434e")
        }
        if summary.timeline.segments.isEmpty {
            frame.drawMessage("no windows in this recording", in: &canvas)
        } else {
            canvas.rect(x: frame.left, y: top, width: frame.width, height: frame.height, fill: "#f7f8fa")
            canvas.beginGroup(clipPath: "clip-timeline")
            let detected = summary.timeline.segments.map {
                BandSpan(
                    start: $0.start, end: $0.end, paint: ActivityPalette.fill($0.activity),
                    label: $0.activity.displayName,
                    labelColor: ActivityPalette.text(on: $0.activity))
            }
            frame.drawBand(detected, y: top, height: bandHeight, in: &canvas)
            // A ride's stops stay inside its driving segment: a strip along the band's foot.
            let stops = summary.timeline.segments.flatMap { $0.stops ?? [] }.map {
                BandSpan(
                    start: $0.start, end: $0.end, paint: ActivityPalette.fill(.stationary), label: nil,
                    labelColor: ActivityPalette.text(on: .stationary))
            }
            if !stops.isEmpty {
                frame.drawBand(stops, y: top + bandHeight * 2 / 3, height: bandHeight / 3, in: &canvas)
            }
            if let groundTruth {
                let truth = groundTruth.map { span in
                    let activity =
                        ActivityType.allCases.indices.contains(span.category)
                        ? ActivityType.allCases[span.category] : nil
                    return BandSpan(
                        start: span.start, end: span.end,
                        paint: activity.map(ActivityPalette.fill) ?? "url(#\(ActivityPalette.unlabelledPattern))",
                        label: activity?.displayName, labelColor: activity.map(ActivityPalette.text) ?? "#1d232b")
                }
                frame.drawBand(truth, y: top + bandHeight + gap, height: bandHeight, in: &canvas)
            }
            canvas.endGroup()
        }
        frame.drawTimeAxis(timeTicks, label: "time (s)", grid: false, in: &canvas)
        return canvas.render(label: "activity timeline")
    }

    // MARK: 2. Acceleration

    /// The acceleration magnitude's min/max envelope per pixel column.
    func acceleration() -> String {
        let series = report.acceleration
        guard report.hasAcceleration, series.count > 0 else {
            return message("no acceleration in this recording", label: "acceleration magnitude")
        }
        let columns = Int(Self.plotWidth)
        let points = series.points
        // Decimated points carry their breaks as NaN; raw samples break at the gap threshold.
        let runs = EnvelopeDownsampling.runs(
            time: points.map(\.time), values: points.map(\.value), domain: domain, columnCount: columns,
            maximumGap: series.isDecimated ? .infinity : series.maximumGap)
        let extent = PlotRange.extent(runs.joined().flatMap { [$0.minimum, $0.maximum] })
        let (range, ticks) = PlotRange.values(extent, tickCount: 5)
        let frame = valueFrame(yDomain: range)
        var canvas = SVGCanvas(width: Self.width, height: Self.valueHeight)
        frame.defineClip("clip-acceleration", in: &canvas)
        frame.drawValueAxis(ticks, unit: "|acceleration| (g)", in: &canvas)
        frame.drawTimeAxis(timeTicks, label: "time (s)", grid: true, in: &canvas)
        canvas.beginGroup(clipPath: "clip-acceleration")
        if range.contains(1), range.lowerBound < 1, range.upperBound > 1 {
            canvas.line(
                x1: frame.left, y1: frame.y(1), x2: frame.right, y2: frame.y(1), stroke: ActivityPalette.referenceLine,
                width: 1, dash: "5 4")
        }
        frame.drawEnvelope(runs, columnCount: columns, fill: ActivityPalette.acceleration, in: &canvas)
        canvas.endGroup()
        frame.drawLegend(
            [
                .init(mark: .fill(color: ActivityPalette.acceleration, opacity: 1), label: "min–max per pixel column"),
                .init(mark: .line(color: ActivityPalette.referenceLine, width: 1, dash: "5 4"), label: "1 g"),
            ], in: &canvas)
        return canvas.render(label: "acceleration magnitude")
    }

    // MARK: 3. Gait frequency and cadence

    /// The dominant gait frequency per window and the windows' step cadence.
    ///
    /// The frequency's dots are fainter the weaker its component: full colour from 0.1 g (a walk's
    /// bounce is 0.15–0.45 g), faint below 0.01 g (a phone lying still, where the strongest bin is noise).
    func gait() -> String {
        let cadence = report.cadence.points
        let levels = report.gaitLevels.map(\.points)
        let note = report.gaitNote
        if report.gaitPointCount == 0 && report.windowCount == 0 {
            return message(note ?? "no windows in this recording", label: "gait frequency and cadence")
        }
        let extent = PlotRange.union(
            PlotRange.extent(levels.joined().map(\.value)), PlotRange.extent(cadence.map(\.value)))
        let (range, ticks) = PlotRange.values(extent, includeZero: true, tickCount: 5, fallback: 0...3)
        let frame = valueFrame(yDomain: range)
        var canvas = SVGCanvas(width: Self.width, height: Self.valueHeight)
        frame.defineClip("clip-gait", in: &canvas)
        frame.drawValueAxis(ticks, unit: "Hz  ·  steps/s", in: &canvas)
        frame.drawTimeAxis(timeTicks, label: "time (s)", grid: true, in: &canvas)
        canvas.beginGroup(clipPath: "clip-gait")
        frame.drawLine(cadence, stroke: ActivityPalette.cadence, width: 2, in: &canvas)
        for ((_, opacity), level) in zip(Self.amplitudeOpacity, levels) {  // faint first, strong on top
            frame.drawDots(
                level, fill: ActivityPalette.gaitFrequency, radius: 2.2, opacity: opacity < 1 ? opacity : nil,
                in: &canvas)
        }
        canvas.endGroup()
        frame.drawLegend(
            [
                .init(
                    mark: .dots(color: ActivityPalette.gaitFrequency),
                    label: "dominant gait frequency (Hz), fainter when weaker"),
                .init(mark: .line(color: ActivityPalette.cadence, width: 2), label: "step cadence (steps/s)"),
            ], in: &canvas)
        if let note { canvas.text(note, x: frame.left, y: frame.top - 8, size: 11, fill: "#5b6572") }
        return canvas.render(label: "gait frequency and cadence")
    }

    /// Dot opacity by the dominant component's amplitude (g, lower bounds), strongest last.
    @_spi(Testing) public static let amplitudeOpacity: [(floor: Double, opacity: Double)] = [
        (-Double.infinity, 0.15), (0.01, 0.35), (0.03, 0.6), (0.1, 1),
    ]

    // MARK: 4. GPS speed

    /// Raw and smoothed GPS speed, with the fixes rejected as spikes marked.
    func speed() -> String {
        let speeds = report.speeds
        guard !speeds.isEmpty else { return message("no GPS speed in this recording", label: "GPS speed") }
        let ordered = speeds.filter {
            if case .outOfOrder = $0.status { return false }
            return true
        }
        let allRaw = ReportSeries.breakingLongGaps(ordered.map { (time: $0.time, value: $0.rawSpeed ?? .nan) })
        let raw = ReportSeries.decimated(allRaw)
        let smoothed = ReportSeries.decimated(
            ReportSeries.breakingLongGaps(ordered.map { (time: $0.time, value: $0.speed ?? .nan) }))
        let rejected = ReportSeries.decimated(
            speeds.compactMap { fix -> (time: Double, value: Double)? in
                guard case .rejectedSpike = fix.status, let raw = fix.rawSpeed else { return nil }
                return (fix.time, raw)
            })
        let extent = PlotRange.union(PlotRange.extent(raw.map(\.value)), PlotRange.extent(smoothed.map(\.value)))
        let (range, ticks) = PlotRange.values(extent, includeZero: true, tickCount: 5)
        let frame = valueFrame(yDomain: range)
        var canvas = SVGCanvas(width: Self.width, height: Self.valueHeight)
        frame.defineClip("clip-speed", in: &canvas)
        frame.drawValueAxis(ticks, unit: "speed (m/s)", in: &canvas)
        frame.drawTimeAxis(timeTicks, label: "time (s)", grid: true, in: &canvas)
        canvas.beginGroup(clipPath: "clip-speed")
        frame.drawLine(raw, stroke: ActivityPalette.rawSpeed, width: 1.2, in: &canvas)
        if Double(allRaw.count) <= Self.plotWidth / 4 {
            frame.drawDots(raw, fill: ActivityPalette.rawSpeed, radius: 2, in: &canvas)
        }
        frame.drawLine(smoothed, stroke: ActivityPalette.smoothedSpeed, width: 2, in: &canvas)
        frame.drawCrosses(rejected, stroke: ActivityPalette.rejectedSpike, size: 4.5, width: 2, in: &canvas)
        canvas.endGroup()
        frame.drawLegend(
            [
                .init(mark: .line(color: ActivityPalette.rawSpeed, width: 1.5), label: "raw GPS speed"),
                .init(mark: .line(color: ActivityPalette.smoothedSpeed, width: 2), label: "smoothed (Kalman)"),
                .init(mark: .cross(color: ActivityPalette.rejectedSpike), label: "fix rejected as a spike"),
            ], in: &canvas)
        return canvas.render(label: "GPS speed")
    }

    // MARK: 5. Confidence

    /// The classifier's confidence per window as a step line over bars in the window's own activity colour.
    func confidence() -> String {
        guard report.windowCount > 0 else { return message("no windows in this recording", label: "confidence") }
        let probabilistic = report.probabilistic
        let spans = report.confidence.spans
        // Not decimated, minimum and maximum are the window's value; decimated, the bars reach
        // each bucket's highest confidence and the line its lowest.
        let steps = spans.map { (start: $0.start, end: $0.end, value: $0.minimum) }
        let frame = valueFrame(yDomain: 0...1.05)
        var canvas = SVGCanvas(width: Self.width, height: Self.valueHeight)
        frame.defineClip("clip-confidence", in: &canvas)
        let ticks: AxisTicks
        let labels: [String]?
        if probabilistic {
            ticks = AxisTicks.multiples(of: 0.2, in: 0...1)
            labels = nil
        } else {
            ticks = AxisTicks(values: [0, 0.3, 0.6, 1], labels: ["0", "0.3", "0.6", "1.0"], step: 0.3)
            labels = ["0", "low 0.3", "medium 0.6", "high 1.0"]
        }
        frame.drawValueAxis(ticks, unit: probabilistic ? "probability" : "confidence", labels: labels, in: &canvas)
        frame.drawTimeAxis(timeTicks, label: "time (s)", grid: true, in: &canvas)
        canvas.beginGroup(clipPath: "clip-confidence")
        let bars = spans.map { span in
            (
                start: span.start, end: span.end, value: span.maximum,
                fill: ActivityPalette.fill(ActivityType.allCases[span.category])
            )
        }
        frame.drawBars(bars, opacity: 0.4, in: &canvas)
        frame.drawSteps(steps, stroke: ActivityPalette.confidenceLine, width: 1.5, in: &canvas)
        canvas.endGroup()
        frame.drawLegend(
            [
                .init(
                    mark: .fills(colors: [.walking, .driving, .stationary].map(ActivityPalette.fill), opacity: 0.4),
                    label: "bar colour: the window's own decision"),
                .init(
                    mark: .line(color: ActivityPalette.confidenceLine, width: 1.5),
                    label: probabilistic ? "most probable class's probability" : "confidence weight"),
            ], in: &canvas)
        return canvas.render(label: "classifier confidence")
    }

    // MARK: Messages

    /// A short image holding only `text`, for a panel without data.
    private func message(_ text: String, label: String) -> String {
        let frame = PlotFrame(
            left: Self.left, top: 10, width: Self.plotWidth, height: 56, xDomain: domain, yDomain: 0...1)
        var canvas = SVGCanvas(width: Self.width, height: 76)
        frame.drawMessage(text, in: &canvas)
        return canvas.render(label: label)
    }
}
