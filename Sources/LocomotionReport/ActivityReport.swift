import Locomotion

/// A self-contained HTML report of one analysed recording.
///
/// The page needs nothing from outside (inline CSS and SVG, no scripts, no fonts or images to
/// fetch) and is about 1200 px wide. Its panels share one time axis, in seconds from the data:
///
/// 1. the smoothed activity timeline as a coloured band, and under it the ground truth per
///    window when the recording has labels (hatched where a label names no activity);
/// 2. the acceleration magnitude (g) as a min/max envelope per pixel column, so an hour at 50 Hz
///    stays small and no peak is lost;
/// 3. the dominant gait frequency (Hz) per window and the windows' step cadence (steps/s);
/// 4. the GPS speed, raw and smoothed (m/s), with the fixes rejected as spikes marked;
/// 5. the classifier's confidence per window (its weight, or the most probable class's
///    probability for a probabilistic model).
///
/// A summary follows: time and share per activity, steps on foot and cadence, trips, GPS fixes
/// and — for labelled recordings — accuracy and macro-F1. Every string from the data is escaped,
/// numbers have a fixed number of decimals, and the same input gives the same page, byte for byte.
///
/// ```swift
/// let recording = try RecordingReader.read(path: "walk.csv").recording
/// let analysis = try recording.analyzeActivities()
/// let page = try ActivityReport.html(for: analysis, recording: recording)
/// ```
public enum ActivityReport {
    /// The report of `analysis`, made from `recording`, as one HTML document.
    ///
    /// - Parameters:
    ///   - analysis: What `Recording.analyzeActivities(_:)` returned for `recording`.
    ///   - recording: The analysed recording: its samples, GPS speed and labels.
    ///   - title: The page's title; `"Activity report: <file name>"` by default.
    /// - Returns: The page, with the analysis's panels even when parts are missing (no windows,
    ///   no GPS, no labels, a few samples): a panel without data says so.
    /// - Throws: `LocomotionError.invalidParameter` naming the first row whose acceleration
    ///   magnitude is not finite (NaN samples, or axes whose squares overflow), as the analysis
    ///   itself refuses them. Too few samples, no acceleration, no windows, no GPS and no labels
    ///   are not errors: the panels say what is missing.
    /// - Complexity: O(*n* log *n*) in the samples; the page holds at most one pair of values
    ///   per pixel column of the acceleration, so its size grows with the windows, not the samples.
    public static func html(for analysis: RecordingAnalysis, recording: Recording, title: String? = nil) throws
        -> String
    {
        try requireFiniteAcceleration(recording)
        let panels = ReportPanels(analysis: analysis, recording: recording)
        let truth = ReportSeries.groundTruth(of: analysis.windows, recording: recording)
        let gait = try ReportSeries.gaitFrequency(of: recording)
        let name = fileName(of: recording.source.isEmpty ? analysis.source : recording.source)
        let page = ReportPage(
            title: title ?? "Activity report: \(name)",
            subtitle: subtitle(analysis: analysis, recording: recording),
            showsUnlabelled: truth?.contains { $0 == nil } ?? false,
            panels: [
                .init(
                    heading: "Activities",
                    caption: truth == nil
                        ? "The smoothed decisions as a timeline."
                        : "The smoothed decisions, and under them the recording's labels per window.",
                    svg: panels.timeline(groundTruth: truth)),
                .init(
                    heading: "Acceleration magnitude",
                    caption: "|a| including gravity, in g: the smallest and largest sample in each pixel column.",
                    svg: panels.acceleration()),
                .init(
                    heading: "Gait frequency and step cadence",
                    caption:
                        "The dominant frequency of |a| in the 0.6–2.5 Hz gait band per 2.56 s window (faint where its peak is weak: without gait it is noise), and the step cadence the classifier saw per window.",
                    svg: panels.gait(frequency: gait.points, note: gait.note)),
                .init(
                    heading: "GPS speed",
                    caption: "The speed of each fix as recorded and after Kalman smoothing, in m/s.",
                    svg: panels.speed()),
                .init(
                    heading: "Classifier confidence",
                    caption: "How sure each window's own decision was, before smoothing.",
                    svg: panels.confidence()),
            ],
            summary: ReportSummary(analysis: analysis).html())
        return page.render()
    }

    static func requireFiniteAcceleration(_ recording: Recording) throws(LocomotionError) {
        guard let magnitude = recording.accelerationMagnitude,
            let row = magnitude.firstIndex(where: { !$0.isFinite })
        else { return }
        throw .invalidData(
            source: .recording(recording.source), row: row + 1, column: "acceleration magnitude",
            value: "\(magnitude[row])", expected: "every acceleration sample must be finite (in g) for a report")
    }

    /// The last component of a path (`/a/b.csv` → `b.csv`); the whole string when it ends in a separator.
    static func fileName(of source: String) -> String {
        let last = source.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? source
        return last.isEmpty ? source : last
    }

    static func subtitle(analysis: RecordingAnalysis, recording: Recording) -> [String] {
        var parts = [recording.source.isEmpty ? analysis.source : recording.source]
        parts.append("duration " + ReportNumberFormat.duration(recording.duration))
        var samples = "\(ReportNumberFormat.count(recording.count)) samples"
        if let rate = recording.estimatedSampleRate, rate.isFinite {
            samples += " at " + ReportNumberFormat.fixed(rate, decimals: rate < 100 ? 1 : 0) + " Hz"
        }
        parts.append(samples)
        parts.append("\(ReportNumberFormat.count(analysis.windows.count)) windows")
        if analysis.speedReport != nil { parts.append("\(ReportNumberFormat.count(analysis.speeds.count)) GPS fixes") }
        if recording.labels != nil { parts.append("labelled") }
        return parts
    }
}
