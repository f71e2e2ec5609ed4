/// What sees a recording while ``RecordingImporter/analyzeActivities(path:reading:options:source:observer:)``
/// analyzes it: the rows chunk by chunk with the windows decided in them, then the results.
///
/// An HTML report (`ActivityReport.Builder` in LocomotionReport) is one: it keeps a bounded
/// summary of each chunk, so the memory of a report does not grow with the recording's length.
/// The calls come in order: ``begin(source:sampling:options:)`` once, ``observe(_:windows:)`` once
/// per chunk (once with the whole recording when the format is read whole), ``end(summary:speeds:)``
/// once unless something threw.
///
/// The calls throw ``LocomotionError`` so that the analysis can name its errors by type: an observer
/// whose own work fails (writing a file, say) throws a ``LocomotionError`` with that failure as its
/// ``LocomotionError/underlying`` cause.
public protocol RecordingAnalysisObserver {
    /// Called before the first chunk.
    ///
    /// - Parameters:
    ///   - source: The recording's name, as the summary gives it.
    ///   - sampling: The sampling the analysis uses (estimated from the first
    ///     ``RecordingImporter/rateEstimationRows`` rows of a streamed CSV, else from every row);
    ///   `nil` when it cannot be estimated.
    ///   - options: How the recording is analyzed.
    mutating func begin(source: String, sampling: SamplingAnalysis?, options: RecordingAnalysis.Options)
        throws(LocomotionError)

    /// Called with each chunk of rows, in order, after the analysis has taken it.
    ///
    /// - Parameters:
    ///   - chunk: The rows.
    ///   - windows: The windows' own results (before smoothing) decided while the chunk was
    ///     analyzed, in time order: over all calls, ``RecordingAnalysis/windows``. A window may
    ///     start in an earlier chunk.
    mutating func observe(_ chunk: Recording, windows: [ActivityResult]) throws(LocomotionError)

    /// Called once the recording is analyzed.
    ///
    /// - Parameters:
    ///   - summary: What the analysis returns.
    ///   - speeds: Every GPS fix's smoothed speed (``RecordingAnalysis/speeds``).
    mutating func end(summary: RecordingAnalysisSummary, speeds: [SmoothedSpeed]) throws(LocomotionError)
}
