import Foundation
import Locomotion
@_spi(Testing) import LocomotionReport
import Testing

@Suite struct ActivityReportTests {
    static let plain = ReportFixtures.walkThenStill()
    static let rich = ReportFixtures.walkThenStill(speed: true, labels: true, source: "rich.csv")

    func report(_ recording: Recording, title: String? = nil) throws -> String {
        try ActivityReport.html(for: try recording.analyzeActivities(), recording: recording, title: title)
    }

    @Test func isOneCompleteDocument() throws {
        let page = try report(Self.plain)
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.hasSuffix("</html>\n"))
        #expect(page.occurrences(of: "<head>") == 1 && page.occurrences(of: "</head>") == 1)
        #expect(page.occurrences(of: "<body>") == 1 && page.occurrences(of: "</body>") == 1)
        #expect(page.contains("<style>"))
        #expect(page.contains("<meta charset=\"utf-8\">"))
        #expect(page.contains("<title>Activity report: walk-then-still.csv</title>"))
        #expect(page.occurrences(of: "<svg ") == page.occurrences(of: "</svg>"))
        #expect(page.occurrences(of: "<g ") == page.occurrences(of: "</g>"))
    }

    @Test func isSelfContained() throws {
        let page = try report(Self.rich)
        #expect(!page.contains("<script"))
        #expect(!page.contains("<link"))
        #expect(!page.contains("src="))
        #expect(!page.contains("@import"))
        #expect(!page.contains("url(http"))
        // The only URL is the SVG namespace, which is an identifier and is not fetched.
        #expect(page.occurrences(of: "http") == page.occurrences(of: "xmlns=\"http://www.w3.org/2000/svg\""))
    }

    @Test func hasOneSVGPerPanel() throws {
        for recording in [Self.plain, Self.rich] {
            let page = try report(recording)
            #expect(page.occurrences(of: "<svg ") == 5)
            #expect(page.contains("time (s)"))
        }
    }

    @Test func usesTheActivityColours() throws {
        let analysis = try Self.rich.analyzeActivities()
        let page = try ActivityReport.html(for: analysis, recording: Self.rich)
        let used = Set(analysis.timeline.segments.map(\.activity))
        #expect(!used.isEmpty)
        for activity in used { #expect(page.contains("fill=\"\(ActivityPalette.fill(activity))\"")) }
        for activity in ActivityType.allCases { #expect(page.contains("background:\(ActivityPalette.fill(activity))")) }
        // The ground truth of the walking half is blue, of the sitting half gray.
        #expect(page.contains("ground truth"))
        #expect(page.contains(ActivityPalette.fill(.walking)))
        #expect(page.contains(ActivityPalette.fill(.stationary)))
        #expect(page.contains("url(#\(ActivityPalette.unlabelledPattern))"))
    }

    @Test func coloursAreTheColourNames() {
        // Each hex value is the hue its colorName says.
        func hue(_ hex: String) -> Double {
            let value = Int(hex.dropFirst(), radix: 16)!
            let (r, g, b) = (Double(value >> 16) / 255, Double((value >> 8) & 0xFF) / 255, Double(value & 0xFF) / 255)
            let (high, low) = (max(r, g, b), min(r, g, b))
            guard high - low > 0.1 else { return -1 }  // gray: nearly no chroma
            var h: Double
            if high == r {
                h = (g - b) / (high - low)
            } else if high == g {
                h = 2 + (b - r) / (high - low)
            } else {
                h = 4 + (r - g) / (high - low)
            }
            h *= 60
            return h < 0 ? h + 360 : h
        }
        let expected: [String: ClosedRange<Double>] = [
            "blue": 200...250, "green": 90...150, "orange": 20...40, "red": 0...10, "yellow": 41...60,
        ]
        for activity in ActivityType.allCases {
            let h = hue(ActivityPalette.fill(activity))
            if activity.colorName == "gray" {
                #expect(h == -1)
            } else {
                #expect(expected[activity.colorName]!.contains(h))
            }
        }
    }

    @Test func escapesAHostileFileName() throws {
        let hostile = "<script>alert(\"x\")</script> & 'quotes'.csv"
        let recording = ReportFixtures.walkThenStill(source: hostile)
        let page = try report(recording)
        #expect(!page.contains("<script"))
        #expect(!page.contains("alert(\"x\")"))
        #expect(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;.csv"))
        let titled = try report(Self.plain, title: "A <b>bold</b> & \"quoted\" title")
        #expect(titled.contains("<title>A &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; title</title>"))
        #expect(!titled.contains("<b>"))
    }

    @Test func escapingCoversEveryMarkupCharacter() {
        #expect(HTMLEscaping.escape("a<b>&\"c'd") == "a&lt;b&gt;&amp;&quot;c&#39;d")
        #expect(HTMLEscaping.escape("tab\tnul\u{0}") == "tab\tnul\u{FFFD}")
        #expect(HTMLEscaping.escape("Zürich 東京") == "Zürich 東京")
    }

    @Test func spellsNoNonFiniteNumbers() throws {
        for recording in [Self.plain, Self.rich] {
            let page = try report(recording)
            #expect(!page.spellsNonFiniteNumber)
            #expect(!page.contains("NaN"))
        }
        #expect("x nan y".spellsNonFiniteNumber && "-inf".spellsNonFiniteNumber && !"information".spellsNonFiniteNumber)
    }

    @Test func numbersAreShort() throws {
        let page = try report(Self.rich)
        // No float with more than 4 decimals anywhere (coordinates have 1, table values at most 3).
        let scalars = Array(page.unicodeScalars)
        var index = 0
        var longest = 0
        while index < scalars.count {
            if scalars[index] == ".", index > 0, ("0"..."9").contains(scalars[index - 1]) {
                var run = 0
                while index + 1 + run < scalars.count, ("0"..."9").contains(scalars[index + 1 + run]) { run += 1 }
                longest = max(longest, run)
            }
            index += 1
        }
        #expect(longest <= 3)
    }

    @Test func isDeterministic() throws {
        let first = try report(Self.rich)
        let second = try report(Self.rich)
        #expect(first == second)
        let analysis = try Self.rich.analyzeActivities()
        #expect(try ActivityReport.html(for: analysis, recording: Self.rich) == first)
    }

    @Test func showsGPSWhenPresentAndSaysSoWhenAbsent() throws {
        let analysis = try Self.rich.analyzeActivities()
        let withGPS = try ActivityReport.html(for: analysis, recording: Self.rich)
        #expect(!withGPS.contains("no GPS speed in this recording"))
        #expect(withGPS.contains("raw GPS speed") && withGPS.contains("smoothed (Kalman)"))
        let rejected = analysis.speeds.count {
            if case .rejectedSpike = $0.status { return true }
            return false
        }
        // Every rejected spike is one cross: two strokes in the spike colour's path.
        if rejected > 0 {
            let crosses = withGPS.components(separatedBy: "stroke=\"\(ActivityPalette.rejectedSpike)\"").count - 1
            #expect(crosses >= 1)
        }
        let withoutGPS = try report(Self.plain)
        #expect(withoutGPS.contains("no GPS speed in this recording"))
        #expect(!withoutGPS.contains("raw GPS speed"))
    }

    @Test func marksTheRejectedSpike() throws {
        var analysis = try Self.rich.analyzeActivities()
        // Whatever the filter decided, a fix marked as a rejected spike becomes a red cross.
        let index = analysis.speeds.firstIndex { $0.rawSpeed == 15 }!
        analysis.speeds[index].status = .rejectedSpike(innovationSigmas: 9)
        let page = try ActivityReport.html(for: analysis, recording: Self.rich)
        #expect(page.contains("stroke=\"\(ActivityPalette.rejectedSpike)\""))
        #expect(page.contains("fix rejected as a spike"))
    }

    @Test func summarisesActivitiesStepsAndScores() throws {
        let analysis = try Self.rich.analyzeActivities()
        let page = try ActivityReport.html(for: analysis, recording: Self.rich)
        #expect(page.contains("Time per activity"))
        #expect(page.contains("steps while walking or running"))
        #expect(page.contains("fixes"))
        #expect(page.contains("rejected as spikes"))
        if analysis.confusion != nil {
            #expect(page.contains("accuracy") && page.contains("macro-F1"))
        }
        let unlabelled = try report(Self.plain)
        #expect(unlabelled.contains("no labels that name activities"))
        #expect(!unlabelled.contains("ground truth"))
    }

    @Test func showsProbabilitiesWhenTheModelGivesThem() throws {
        var analysis = try Self.plain.analyzeActivities()
        for index in analysis.windows.indices {
            analysis.windows[index].probabilities = ActivityProbabilities(weights: [0.7, 0.1, 0.05, 0.05, 0.1])
        }
        let page = try ActivityReport.html(for: analysis, recording: Self.plain)
        #expect(page.contains("most probable class&#39;s probability"))
        #expect(page.contains(">probability</text>"))
    }

    @Test func staysSmallForAnHourAt50Hz() throws {
        let hour = ReportFixtures.walkThenStill(seconds: 3600, rate: 50, speed: true, source: "hour.csv")
        let page = try report(hour)
        #expect(page.utf8.count < 1_500_000)
        #expect(page.occurrences(of: "<svg ") == 5)
        #expect(!page.spellsNonFiniteNumber)
    }

    @Test func handlesZeroWindows() throws {
        let analysis = try ReportFixtures.withoutWindows(Self.rich.analyzeActivities())
        let page = try ActivityReport.html(for: analysis, recording: Self.rich)
        #expect(page.occurrences(of: "<svg ") == 5)
        #expect(page.contains("no windows in this recording"))
        #expect(!page.spellsNonFiniteNumber)
    }

    @Test(arguments: [0, 1, 2, 5])
    func handlesAFewSamples(_ count: Int) throws {
        let analysis = try ReportFixtures.withoutWindows(Self.plain.analyzeActivities())
        let tiny = Self.plain[rows: 0..<count]
        let page = try ActivityReport.html(for: analysis, recording: tiny)
        #expect(page.occurrences(of: "<svg ") == 5)
        #expect(page.hasSuffix("</html>\n"))
        #expect(!page.spellsNonFiniteNumber)
        let labelled = Self.rich[rows: 0..<count]
        #expect(try ActivityReport.html(for: analysis, recording: labelled).occurrences(of: "<svg ") == 5)
    }

    @Test func handlesAConstantSignal() throws {
        let count = 3000
        let still = Recording(
            source: "still.csv", time: (0..<count).map { Double($0) / 50 },
            acceleration: ThreeAxisSeries(
                x: .init(repeating: 0, count: count), y: .init(repeating: 0, count: count),
                z: .init(repeating: 1, count: count)),
            speed: (0..<count).map { $0 % 50 == 0 ? 0 : .nan })
        let page = try report(still)
        #expect(page.occurrences(of: "<svg ") == 5)
        #expect(!page.spellsNonFiniteNumber)
        // The acceleration axis is padded around 1 g instead of collapsing.
        let (range, ticks) = PlotRange.values(1...1)
        #expect(range.lowerBound < 1 && range.upperBound > 1)
        #expect(ticks.values.count >= 2)
        let (zero, _) = PlotRange.values(0...0, includeZero: true)
        #expect(zero.lowerBound == 0 && zero.upperBound > 0)
    }

    @Test func breaksSeriesAtGaps() throws {
        var analysis = try Self.rich.analyzeActivities()
        // Windows without a cadence and fixes without a speed leave gaps.
        for index in analysis.windows.indices where index % 7 == 3 {
            analysis.windows[index].evidence.cadence = nil
        }
        for index in analysis.speeds.indices where index % 9 == 4 {
            analysis.speeds[index].rawSpeed = nil
            analysis.speeds[index].speed = nil
            analysis.speeds[index].status = .invalid
        }
        let page = try ActivityReport.html(for: analysis, recording: Self.rich)
        #expect(!page.spellsNonFiniteNumber)
        #expect(page.occurrences(of: "<polyline") > 3)
    }

    @Test func refusesNonFiniteAcceleration() throws {
        let analysis = try Self.plain.analyzeActivities()
        var broken = Self.plain
        broken.acceleration!.z[100] = .nan
        #expect(throws: LocomotionError.self) { try ActivityReport.html(for: analysis, recording: broken) }
    }
}

@Suite struct ActivityReportPlottingTests {
    @Test func numbersHaveFixedDecimals() {
        #expect(ReportNumberFormat.fixed(1.23456, decimals: 2) == "1.23")
        #expect(ReportNumberFormat.fixed(-0.004, decimals: 2) == "0.00")
        #expect(ReportNumberFormat.fixed(-1.5, decimals: 0) == "-2")
        #expect(ReportNumberFormat.fixed(0.05, decimals: 3) == "0.050")
        #expect(ReportNumberFormat.fixed(.nan, decimals: 1) == ReportNumberFormat.missing)
        #expect(ReportNumberFormat.fixed(-.infinity, decimals: 1) == ReportNumberFormat.missing)
        #expect(ReportNumberFormat.pixel(12.0) == "12")
        #expect(ReportNumberFormat.pixel(12.34) == "12.3")
        #expect(ReportNumberFormat.pixel(.nan) == "0")
        #expect(ReportNumberFormat.duration(12.34) == "12.3 s")
        #expect(ReportNumberFormat.duration(3725) == "1h 2m 5s")
        #expect(ReportNumberFormat.count(1234567) == "1\u{2009}234\u{2009}567")
        #expect(ReportNumberFormat.distance(850.4) == "850 m")
        #expect(ReportNumberFormat.distance(12_345) == "12.35 km")
    }

    @Test func ticksAreNiceAndReadable() {
        let ticks = AxisTicks.nice(covering: 0...408, count: 10)
        #expect(ticks.step == 50)
        #expect(ticks.labels.first == "0" && ticks.labels.last == "400")
        let fine = AxisTicks.nice(covering: 0.9...1.1, count: 5)
        #expect(fine.labels == ["0.90", "0.95", "1.00", "1.05", "1.10"])
        // Long labels (seconds since 1970) get fewer ticks, so that they do not touch.
        let epoch = AxisTicks.readable(covering: 1_700_000_000...1_700_003_600, length: 1080, fontSize: 11)
        let spacing = epoch.step / 3600 * 1080
        #expect(spacing >= Double(epoch.labels[0].count) * 11 * 0.62)
    }

    @Test func envelopeKeepsPeaksAndBreaksAtGaps() {
        var time = (0..<10_000).map { Double($0) / 100 }
        var values = [Double](repeating: 1, count: 10_000)
        values[1234] = 5
        values[5000] = .nan
        time.append(200)
        values.append(1)
        let runs = EnvelopeDownsampling.runs(
            time: time, values: values, domain: 0...200, columnCount: 500, maximumGap: 1)
        #expect(runs.count == 3)
        #expect(runs.joined().map(\.maximum).max() == 5)
        #expect(runs.allSatisfy { run in zip(run, run.dropFirst()).allSatisfy { $0.column < $1.column } })
        #expect(runs.joined().count <= 500)
    }

    @Test func linesBreakAtNaN() {
        let frame = PlotFrame(left: 0, top: 0, width: 100, height: 100, xDomain: 0...10, yDomain: 0...1)
        var canvas = SVGCanvas(width: 100, height: 100)
        let points = [(0.0, 0.5), (1, 0.6), (2, .nan), (3, 0.2), (4, 0.3), (5, .nan), (6, 0.9), (7, .nan)]
        frame.drawLine(points.map { (time: $0.0, value: $0.1) }, stroke: "#000", width: 1, in: &canvas)
        let svg = canvas.render(label: "test")
        #expect(svg.occurrences(of: "<polyline") == 2)
        #expect(svg.occurrences(of: "<circle") == 1)
        #expect(!svg.spellsNonFiniteNumber)
    }

    @Test func windowAndFixSeriesBreakAtGapsInTheData() {
        let evidence = ActivityEvidence(speed: nil, cadence: 1.8, accelerationVariance: 0.01)
        let windows = [(0.0, 2.54), (1.28, 3.82), (100, 102.54), (101.28, 103.82)].map {
            ActivityResult(activity: .walking, confidence: .high, evidence: evidence, start: $0.0, end: $0.1)
        }
        let series = ReportSeries.windowSeries(windows) { $0.evidence.cadence }
        #expect(series.count == 5)
        #expect(series[2].value.isNaN)
        #expect(series.filter { !$0.value.isNaN }.allSatisfy { $0.value == 1.8 })
        // Fixes every second, then a 10-minute outage.
        let fixes = (0..<20).map { (time: Double($0), value: 1.0) } + [(time: 620.0, value: 1.0)]
        let broken = ReportSeries.breakingLongGaps(fixes)
        #expect(broken.count == 22 && broken[20].value.isNaN)
        // A receiver logging every 20 s stays one line.
        let sparse = (0..<10).map { (time: Double($0) * 20, value: 1.0) }
        #expect(ReportSeries.breakingLongGaps(sparse).count == 10)
    }

    @Test func gaitFrequencyLeavesOutWindowsAcrossAGap() throws {
        // 20 s at 50 Hz, then 20 s more after a 100 s gap.
        let rows = 2000
        let time: [Double] = (0..<rows).map { (row: Int) -> Double in
            row < 1000 ? Double(row) / 50 : 120 + Double(row - 1000) / 50
        }
        let z: [Double] = time.map { (t: Double) -> Double in 1 + 0.3 * sin(2 * Double.pi * 1.8 * t) }
        let recording = Recording(
            source: "gap.csv", time: time,
            acceleration: ThreeAxisSeries(
                x: .init(repeating: 0, count: rows), y: .init(repeating: 0, count: rows), z: z))
        let gait = try ReportSeries.gaitFrequency(of: recording)
        #expect(gait.note == nil)
        #expect(gait.points.allSatisfy { $0.value.isNaN || ($0.time < 21 || $0.time > 119) })
        #expect(gait.points.contains { $0.value.isNaN })
        #expect(gait.points.filter { !$0.value.isNaN }.allSatisfy { abs($0.value - 1.8) < 0.1 })
    }
}
