import Locomotion

/// The series the panels draw, taken from an analysis and its recording.
enum ReportSeries {
    /// The shared time axis: from the first to the last time of the samples, the windows and the
    /// GPS fixes (seconds, as in the data), never of zero width.
    static func timeDomain(analysis: RecordingAnalysis, recording: Recording) -> ClosedRange<Double> {
        var extent = PlotRange.extent([recording.time.first, recording.time.last].compactMap { $0 })
        extent = PlotRange.union(extent, PlotRange.extent(analysis.windows.flatMap { [$0.start, $0.end] }))
        extent = PlotRange.union(extent, PlotRange.extent(analysis.smoothed.flatMap { [$0.start, $0.end] }))
        extent = PlotRange.union(extent, PlotRange.extent(analysis.timeline.segments.flatMap { [$0.start, $0.end] }))
        extent = PlotRange.union(extent, PlotRange.extent(analysis.speeds.map(\.time)))
        return PlotRange.time(extent)
    }

    /// The stretch of time each result stands for, as ``ActivityTimeline`` draws boundaries:
    /// overlapping windows meet at the midpoint of their centres (kept inside both), and a gap in
    /// the data stays a gap.
    static func displaySpans(_ results: [ActivityResult]) -> [(start: Double, end: Double)] {
        var spans = results.map { (start: $0.start, end: $0.end) }
        for index in spans.indices.dropFirst() {
            let (last, result) = (results[index - 1], results[index])
            if result.start > last.end {
                continue
            }
            let boundary = min(max((last.start + last.end + result.start + result.end) / 4, result.start), last.end)
            spans[index - 1].end = min(spans[index - 1].end, boundary)
            spans[index].start = max(spans[index - 1].start, boundary)
        }
        return spans
    }

    /// The ground truth of each window: the most frequent label among the recording's rows
    /// inside the window (ties to the label seen first), mapped with ``ActivityType/init(label:)``;
    /// `nil` for a window whose label names no activity or that holds no row. `nil` when the
    /// recording has no labels.
    ///
    /// - Complexity: O(*w* · *m* + *w* log *n*) for *w* windows of *m* rows among *n*.
    static func groundTruth(of windows: [ActivityResult], recording: Recording) -> [ActivityType?]? {
        guard let labels = recording.labels else { return nil }
        let time = recording.time
        var cache: [String: ActivityType?] = [:]
        return windows.map { window -> ActivityType? in
            var low = 0
            var high = time.count
            while low < high {
                let middle = (low + high) / 2
                if time[middle] < window.start { low = middle + 1 } else { high = middle }
            }
            var counts: [String: Int] = [:]
            var best: String?
            var index = low
            while index < time.count, time[index] <= window.end {
                let label = labels[index]
                let count = counts[label, default: 0] + 1
                counts[label] = count
                if best == nil || count > counts[best!]! { best = label }
                index += 1
            }
            guard let best else { return nil }
            if let known = cache[best] { return known }
            let activity = ActivityType(label: best)
            cache[best] = activity
            return activity
        }
    }

    /// A value per window at the window's centre, with a break (NaN) wherever a window starts
    /// after the previous one ended (a gap in the data), so a line does not bridge it.
    static func windowSeries(_ windows: [ActivityResult], value: (ActivityResult) -> Double?) -> [(
        time: Double, value: Double
    )] {
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
    static func breakingLongGaps(_ points: [(time: Double, value: Double)]) -> [(time: Double, value: Double)] {
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
    /// - Throws: `LocomotionError` for acceleration that cannot be analysed (a non-finite magnitude).
    static func gaitFrequency(of recording: Recording) throws(LocomotionError) -> (
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
