import Locomotion

/// A self-contained HTML report of one analyzed recording.
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
    ///   - recording: The analyzed recording: its samples, GPS speed and labels.
    ///   - title: The page's title; `"Activity report: <file name>"` by default.
    /// - Returns: The page, with the analysis's panels even when parts are missing (no windows,
    ///   no GPS, no labels, a few samples): a panel without data says so.
    /// - Throws: `LocomotionError.invalidParameter` naming the first row whose acceleration
    ///   magnitude is not finite (NaN samples, or axes whose squares overflow), as the analysis
    ///   itself refuses them. Too few samples, no acceleration, no windows, no GPS and no labels
    ///   are not errors: the panels say what is missing.
    /// - Complexity: O(*n* log *n*) in the samples; the page holds at most one pair of values
    ///   per pixel column of the acceleration and bounded series in the other panels (see
    ///   ``Builder``, which this uses), so its size does not grow with the samples.
    public static func html(for analysis: RecordingAnalysis, recording: Recording, title: String? = nil)
        throws(LocomotionError)
        -> String
    {
        var builder = Builder(title: title)
        try builder.begin(
            source: recording.source.isEmpty ? analysis.source : recording.source,
            sampling: recording.samplingAnalysis(), options: .init())
        try builder.observe(recording, windows: analysis.windows)
        // The smoothed results span what the timeline's segments span; an edited analysis may differ.
        builder.extraExtent = PlotRange.extent(analysis.smoothed.flatMap { [$0.start, $0.end] })
        builder.end(summary: analysis.summary, speeds: analysis.speeds)
        return builder.html()
    }

    /// Analyzes the recording at `path` chunk by chunk and draws its report, in memory that does
    /// not grow with the recording's length (see ``Builder``).
    ///
    /// - Parameters:
    ///   - path: A file, an export folder or a zip archive.
    ///   - reading: How to read it.
    ///   - options: How to analyze.
    ///   - source: The name the summary and the page give the recording; the path by default.
    ///   - title: The page's title; `"Activity report: <file name>"` by default.
    /// - Returns: The analysis's summary (what
    ///   `RecordingImporter/analyzeActivities(path:reading:options:source:)` returns), the
    ///   page and the rows read.
    /// - Throws: What the analysis throws, and `LocomotionError.invalidData` naming the first row
    ///   whose acceleration magnitude is not finite.
    /// - Complexity: O(file size), plus one feature extraction and classification per window and
    ///   one FFT per gait-frequency window.
    public static func analyze(
        path: String, reading: RecordingReadOptions = .init(), options: RecordingAnalysis.Options = .init(),
        source: String? = nil, title: String? = nil
    ) throws(LocomotionError) -> (summary: RecordingAnalysisSummary, html: String, rows: Int) {
        var builder = Builder(title: title)
        let (summary, rows) = try RecordingImporter.analyzeActivities(
            path: path, reading: reading, options: options, source: source, observer: &builder)
        return (summary, builder.html(), rows)
    }

    static func render(_ report: Builder) -> String {
        let panels = ReportPanels(report)
        let name = fileName(of: report.source)
        let page = ReportPage(
            title: report.title ?? "Activity report: \(name)",
            subtitle: subtitle(report),
            showsUnlabelled: report.showsUnlabelled,
            panels: [
                .init(
                    heading: "Activities",
                    caption: !report.labelled
                        ? "The smoothed decisions as a timeline (a grey strip under driving: a stop inside the ride)."
                        : "The smoothed decisions (a grey strip under driving: a stop inside the ride), and under them the recording's labels per window.",
                    svg: panels.timeline()),
                .init(
                    heading: "Acceleration magnitude",
                    caption: "|a| including gravity, in g: the smallest and largest sample in each pixel column.",
                    svg: panels.acceleration()),
                .init(
                    heading: "Gait frequency and step cadence",
                    caption:
                        "The dominant frequency of |a| in the 0.6–2.5 Hz gait band per 2.56 s window (faint where its peak is weak: without gait it is noise), and the step cadence the classifier saw per window.",
                    svg: panels.gait()),
                .init(
                    heading: "GPS speed",
                    caption: "The speed of each fix as recorded and after Kalman smoothing, in m/s.",
                    svg: panels.speed()),
                .init(
                    heading: "Classifier confidence",
                    caption: "How sure each window's own decision was, before smoothing.",
                    svg: panels.confidence()),
            ],
            summary: ReportSummary(analysis: report.summary!).html())
        return page.render()
    }

    /// The last component of a path (`/a/b.csv` → `b.csv`); the whole string when it ends in a separator.
    static func fileName(of source: String) -> String {
        let last = source.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? source
        return last.isEmpty ? source : last
    }

    static func subtitle(_ report: Builder) -> [String] {
        var parts = [report.source]
        let duration = report.sampleCount < 2 ? 0 : (report.lastTime ?? 0) - (report.firstTime ?? 0)
        parts.append("duration " + ReportNumberFormat.duration(duration))
        var samples = "\(ReportNumberFormat.count(report.sampleCount)) samples"
        if let rate = report.sampling?.sampleRate, rate.isFinite {
            samples += " at " + ReportNumberFormat.fixed(rate, decimals: rate < 100 ? 1 : 0) + " Hz"
        }
        parts.append(samples)
        parts.append("\(ReportNumberFormat.count(report.windowCount)) windows")
        if report.summary?.speedReport != nil {
            parts.append("\(ReportNumberFormat.count(report.speeds.count)) GPS fixes")
        }
        if report.labelled { parts.append("labelled") }
        return parts
    }
}
