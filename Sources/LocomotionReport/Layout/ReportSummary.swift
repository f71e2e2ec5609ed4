import Locomotion

/// The report's summary tables: time per activity, steps, trips, GPS fixes and the scores
/// against the labels.
struct ReportSummary {
    let analysis: RecordingAnalysisSummary

    private typealias Number = ReportNumberFormat

    /// The summary as an HTML fragment.
    func html() -> String {
        var out = "<div class=\"summary\">\n"
        out += card("Time per activity", activities())
        out += card("Steps on foot", steps())
        out += card("GPS speed", gps())
        out += card("Against the labels", scores())
        out += "</div>\n"
        out += card("Trips", trips(), wide: true)
        return out
    }

    private func card(_ title: String, _ body: String, wide: Bool = false) -> String {
        "<div class=\"card\(wide ? " wide" : "")\"><h3>\(HTMLEscaping.escape(title))</h3>\n\(body)</div>\n"
    }

    private func row(_ name: String, _ value: String) -> String {
        "<tr><th scope=\"row\">\(HTMLEscaping.escape(name))</th><td class=\"num\">\(HTMLEscaping.escape(value))</td></tr>\n"
    }

    private func note(_ text: String) -> String { "<p class=\"none\">\(HTMLEscaping.escape(text))</p>\n" }

    private func activities() -> String {
        let totals = analysis.timeline.totals
        guard !totals.isEmpty else { return note("no windows in this recording") }
        let sum = totals.reduce(0) { $0 + $1.seconds }
        var out =
            "<table><thead><tr><th>activity</th><th class=\"num\">time</th><th class=\"num\">share</th></tr></thead><tbody>\n"
        for (activity, seconds) in totals {
            out += "<tr><td><span class=\"swatch\" style=\"background:\(ActivityPalette.fill(activity))\"></span>"
            out += HTMLEscaping.escape(activity.displayName) + "</td>"
            out += "<td class=\"num\">\(HTMLEscaping.escape(Number.duration(seconds)))</td>"
            out += "<td class=\"num\">\(HTMLEscaping.escape(Number.percent(sum > 0 ? seconds / sum : 0)))</td></tr>\n"
        }
        out += "<tr class=\"total\"><td>all</td><td class=\"num\">\(HTMLEscaping.escape(Number.duration(sum)))</td>"
        out += "<td class=\"num\">100.0 %</td></tr>\n"
        return out + "</tbody></table>\n"
    }

    private func steps() -> String {
        var out = "<table><tbody>\n"
        out += row("steps while walking or running", Number.count(analysis.stepCount))
        out += row("time on foot", Number.duration(analysis.timeline.secondsOnFoot))
        if let cadence = analysis.meanCadence {
            out += row(
                "mean cadence",
                Number.fixed(cadence, decimals: 2) + " steps/s (" + Number.fixed(cadence * 60, decimals: 0) + " /min)")
        } else {
            out += row("mean cadence", Number.missing)
        }
        out += row("steps detected anywhere", Number.count(analysis.detectedStepCount))
        return out + "</tbody></table>\n"
    }

    private func gps() -> String {
        guard let report = analysis.speedReport else { return note("no GPS speed in this recording") }
        let counts = report.counts
        var out = "<table><tbody>\n"
        out += row("fixes", Number.count(report.fixCount))
        out += row("with a valid speed", Number.count(report.validFixCount))
        out += row("rejected as spikes", Number.count(counts.rejectedSpikes))
        out += row("invalid (no speed)", Number.count(counts.invalid))
        if counts.reinitializations > 0 { out += row("restarted the filter", Number.count(counts.reinitializations)) }
        if counts.outOfOrder + counts.duplicateTimes > 0 {
            out += row("out of order or repeated", Number.count(counts.outOfOrder + counts.duplicateTimes))
        }
        out += row("largest raw speed", speed(report.largestRawSpeed))
        out += row("mean smoothed speed", speed(report.meanSmoothedSpeed))
        return out + "</tbody></table>\n"
    }

    private func speed(_ metersPerSecond: Double?) -> String {
        guard let value = metersPerSecond, value.isFinite else { return Number.missing }
        return Number.fixed(value, decimals: 2) + " m/s (" + Number.fixed(value * 3.6, decimals: 1) + " km/h)"
    }

    private func scores() -> String {
        guard let confusion = analysis.confusion else { return note("no labels that name activities") }
        var out = "<table><tbody>\n"
        out += row("windows scored", Number.count(confusion.total))
        out += row("accuracy", confusion.accuracy.map(Number.percent) ?? Number.missing)
        out += row("balanced accuracy", confusion.balancedAccuracy.map(Number.percent) ?? Number.missing)
        out += row("macro-F1", confusion.macroF1.map { Number.fixed($0, decimals: 3) } ?? Number.missing)
        for activity in ActivityType.decidable where confusion.support(of: activity) > 0 {
            let f1 = confusion.f1(of: activity).map { Number.fixed($0, decimals: 3) } ?? Number.missing
            out += row("F1 \(activity.displayName.lowercased()) (\(confusion.support(of: activity)) windows)", f1)
        }
        return out + "</tbody></table>\n"
    }

    private func trips() -> String {
        guard !analysis.trips.isEmpty else {
            return note("no trips (a trip is at least 60 s of driving until on foot again)")
        }
        var out = "<table><thead><tr><th>#</th><th class=\"num\">start (s)</th><th class=\"num\">end (s)</th>"
        out += "<th class=\"num\">duration</th><th class=\"num\">distance</th><th>ended</th></tr></thead><tbody>\n"
        for (index, trip) in analysis.trips.enumerated() {
            out += "<tr><td>\(index + 1)</td>"
            out += "<td class=\"num\">\(Number.fixed(trip.start, decimals: 1))</td>"
            out += "<td class=\"num\">\(Number.fixed(trip.end, decimals: 1))</td>"
            out += "<td class=\"num\">\(HTMLEscaping.escape(Number.duration(trip.duration)))</td>"
            out += "<td class=\"num\">\(HTMLEscaping.escape(trip.distance.map(Number.distance) ?? Number.missing))</td>"
            out += "<td>\(trip.isClosed ? "on foot again" : "data ends mid-trip")</td></tr>\n"
        }
        return out + "</tbody></table>\n"
    }
}
