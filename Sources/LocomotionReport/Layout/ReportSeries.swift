import Locomotion

/// The series the panels draw, taken from an analysis and its recording.
@_spi(Testing) public enum ReportSeries {
    /// The shared time axis: from the first to the last time of the samples, the windows, the
    /// timeline's segments and the GPS fixes (seconds, as in the data), never of zero width.
    static func timeDomain(_ report: ActivityReport.Builder) -> ClosedRange<Double> {
        var extent = PlotRange.extent([report.firstTime, report.lastTime].compactMap { $0 })
        extent = PlotRange.union(extent, report.windowExtent)
        extent = PlotRange.union(extent, report.extraExtent)
        let segments = report.summary?.timeline.segments ?? []
        extent = PlotRange.union(extent, PlotRange.extent(segments.flatMap { [$0.start, $0.end] }))
        extent = PlotRange.union(extent, PlotRange.extent(report.speeds.map(\.time)))
        return PlotRange.time(extent)
    }

    /// `points` through a ``DecimatedSeries``: themselves when there are at most 8,192, else
    /// each bucket's extremes.
    static func decimated(_ points: [(time: Double, value: Double)]) -> [(time: Double, value: Double)] {
        var series = DecimatedSeries()
        for point in points { series.append(time: point.time, value: point.value) }
        return series.points
    }

    /// A value per window at the window's centre, with a break (NaN) wherever a window starts
    /// after the previous one ended (a gap in the data), so a line does not bridge it.
    @_spi(Testing) public static func windowSeries(_ windows: [ActivityResult], value: (ActivityResult) -> Double?)
        -> [(
            time: Double, value: Double
        )]
    {
        var points: [(time: Double, value: Double)] = []
        points.reserveCapacity(windows.count)
        for (index, window) in windows.enumerated() {
            if index > 0, window.start > windows[index - 1].end {
                points.append((time: (windows[index - 1].end + window.start) / 2, value: .nan))
            }
            points.append((time: (window.start + window.end) / 2, value: value(window) ?? .nan))
        }
        return points
    }

    /// `points` with a break (NaN) inserted wherever consecutive times are more than 30 s and
    /// more than ten median intervals apart: a GPS outage, which a line must not bridge. A
    /// receiver that logs rarely while little changes (every 10–30 s) stays one line.
    @_spi(Testing) public static func breakingLongGaps(_ points: [(time: Double, value: Double)]) -> [(
        time: Double, value: Double
    )] {
        let intervals = zip(points, points.dropFirst()).map { $1.time - $0.time }.filter { $0.isFinite && $0 > 0 }
            .sorted()
        guard !intervals.isEmpty else { return points }
        let limit = max(30, 10 * intervals[intervals.count / 2])
        var out: [(time: Double, value: Double)] = []
        out.reserveCapacity(points.count)
        for point in points {
            if let last = out.last, point.time - last.time > limit {
                out.append((time: (last.time + point.time) / 2, value: .nan))
            }
            out.append(point)
        }
        return out
    }

    /// What the confidence panel shows for a window: its most probable class's probability when a
    /// probabilistic model decided it, else its confidence's weight (0.3, 0.6 or 1.0).
    static func confidence(of result: ActivityResult) -> Double {
        result.probabilities?.values.max() ?? result.confidence.weight
    }

    /// The dominant gait frequency per 2.56 s window (every 1.28 s), at the windows' centres in Hz
    /// (NaN for a window without one) with the component's amplitude in g, or a note saying why
    /// there is none.
    ///
    /// - Throws: `LocomotionError` for acceleration that cannot be analyzed (a non-finite magnitude).
    @_spi(Testing) public static func gaitFrequency(of recording: Recording) throws(LocomotionError) -> (
        points: [(time: Double, value: Double, amplitude: Double)], note: String?
    ) {
        guard recording.acceleration != nil else { return ([], "no acceleration in this recording") }
        do {
            let timeline = try recording.dominantFrequencyTimeline()
            // No window crosses a gap in the data; a break (NaN) between the windows on either
            // side keeps the line from bridging it.
            let hop = Double(timeline.hopLength) / timeline.sampleRate
            var points: [(time: Double, value: Double, amplitude: Double)] = []
            for window in timeline.windows {
                let time = (window.start + window.end) / 2
                if let last = points.last, time - last.time > 1.5 * hop {
                    points.append((time: (last.time + time) / 2, value: .nan, amplitude: 0))
                }
                points.append(
                    (time: time, value: window.dominant?.frequency ?? .nan, amplitude: window.dominant?.magnitude ?? 0))
            }
            return (points, nil)
        } catch {
            switch error.code {
            case .tooShort: return ([], "too few samples for a gait-frequency window")
            case .missingColumn: return ([], "no acceleration in this recording")
            case .signalProcessing: return ([], "the sample rate is too low for the gait band")
            default: throw error
            }
        }
    }
}
