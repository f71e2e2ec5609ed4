/// ``Recording/analyzeActivities(_:)`` over a recording that arrives in chunks (as
/// ``RecordingStream`` reads them), in memory that does not grow with its length.
///
/// ```swift
/// var analyzer = try RecordingAnalyzer(source: "week.csv", sampleRate: 50, featureGap: 0.1, stepGap: 0.1,
///                                      hasGyroscope: false)
/// while let chunk = try stream.nextChunk() { try analyzer.append(chunk) }
/// let summary = try analyzer.finish()   // equal to the batch analysis's `summary`
/// ```
///
/// The chunks are one recording's rows in order, with the same columns. Each stage runs as the
/// rows arrive: windows and features (``StreamingFeatureExtractor``; GPS fixes and pedometer
/// cadence become the windows' context as in batch extraction), the classifier, the smoothing,
/// the timeline (``ActivityTimeline/Builder``), the step detector, and the scores against the
/// labels. Given the sample rate and gap thresholds the batch analysis estimates for the whole
/// recording, the summary equals ``RecordingAnalysis/summary`` of that analysis.
///
/// Memory: the per-window and per-step state is bounded by the window, the hysteresis hold time
/// and the step detector's context, except for what the analysis needs whole:
/// - the GPS fixes, smoothed forwards and backwards at ``finish()`` as ``SpeedSmoother`` does:
///   the speeds of a trip depend on the fixes after it;
/// - with ``ActivitySmoothing/hiddenMarkov(_:)`` smoothing, every window's result and the time of
///   every step until ``finish()``: forward–backward decoding needs the whole sequence (67,500
///   windows a day at the default 1.28 s hop);
/// - the timeline's segments and the trips, which are the output.
///
/// Thread safety: a value type; use each instance from one thread at a time.
public struct RecordingAnalyzer: Sendable {
    /// The recording's name.
    public let source: String
    private(set) var pipeline: ActivityPipeline
    /// What the analysis skips because the chunks lack it (``RecordingAnalysisSummary/skipped``).
    public var missingRequirements: [AnalysisRequirement] { pipeline.missingRequirements }
    /// Whether the features were set up for acceleration with gravity; every chunk must agree.
    private let expectsGravity: Bool

    /// Whether each window's own result (before smoothing) is kept for ``takeWindowResults()``;
    /// off by default. Turn it on before the first ``append(_:)`` to see every window.
    public var keepsWindowResults: Bool {
        get { pipeline.retention.windowResults }
        set { pipeline.retention.windowResults = newValue }
    }

    /// Windows decided so far.
    public var windowCount: Int { pipeline.windowCount }
    /// Steps the step detector has found so far.
    public var detectedStepCount: Int { pipeline.detectedStepCount }
    /// Steps found so far to be on foot (``ActivityTimeline/stepsOnFoot(_:)``), counted once the
    /// segment they fall in is final.
    public var stepCount: Int { pipeline.stepCount }

    /// Prepares the stages.
    ///
    /// - Parameters:
    ///   - source: The recording's name, for the summary.
    ///   - options: As for ``Recording/analyzeActivities(_:)``.
    ///   - sampleRate: The recording's rate in Hz (``SamplingAnalysis/sampleRate``).
    ///   - featureGap: The longest interval (s) inside a stretch of windows
    ///     (``SamplingAnalysis/maximumGap``).
    ///   - stepGap: The step detector's longest interval (s): `options.steps.maximumGap`, or the
    ///     sampling analysis's threshold when that is `nil`.
    ///   - hasGyroscope: Whether the chunks carry a rotation rate.
    ///   - accelerationContent: What the chunks' acceleration holds
    ///     (``Recording/accelerationContent``); without gravity, or below 10 Hz, the features that
    ///     need it are missing and no steps are detected (``missingRequirements``).
    /// - Throws: `LocomotionError` for a rate, feature or step configuration out of range;
    ///   ``LocomotionError`` for a hold time out of range, a classifier that cannot bind to the
    ///   features' schema (a model whose columns the features lack), or activity reports out of order.
    /// - Complexity: O(*n*) in the window length, plus FFT planning.
    public init(
        source: String, options: RecordingAnalysis.Options = .init(), sampleRate: Double, featureGap: Double,
        stepGap: Double, hasGyroscope: Bool, accelerationContent: AccelerationContent = .includingGravity
    ) throws(LocomotionError) {
        try self.init(
            source: source, options: options, sampleRate: sampleRate, featureGap: featureGap, stepGap: stepGap,
            hasGyroscope: hasGyroscope, accelerationContent: accelerationContent, retention: .init())
    }

    init(
        source: String, options: RecordingAnalysis.Options, sampleRate: Double, featureGap: Double, stepGap: Double,
        hasGyroscope: Bool, accelerationContent: AccelerationContent = .includingGravity,
        retention: ActivityPipeline.Retention
    ) throws(LocomotionError) {
        self.source = source
        pipeline = try ActivityPipeline(
            options: options, sampleRate: sampleRate, featureGap: featureGap, stepGap: stepGap,
            hasGyroscope: hasGyroscope, accelerationContent: accelerationContent, retention: retention)
        expectsGravity = accelerationContent.hasGravity
    }

    /// Analyzes the next rows.
    ///
    /// - Parameter chunk: Rows after those of the previous chunk, with the same columns.
    /// - Throws: `LocomotionError.missingColumn` without acceleration; `.invalidData` for a chunk
    ///   whose acceleration has gravity removed when the analyzer was set up with it, or the
    ///   reverse (``Recording/accelerationContent``); `.timeGoesBackwards` for
    ///   rows out of order; `.invalidData` for a NaN sample in a window or a GPS coordinate
    ///   out of range; ``LocomotionError`` from the classifier or the smoothing.
    /// - Complexity: O(*r*) for *r* rows, plus one feature extraction and classification per window.
    public mutating func append(_ chunk: Recording) throws(LocomotionError) {
        let (acceleration, content) = try chunk.requireMotionAcceleration()
        // Features of |a| computed on a gravity-removed vector would be silently wrong.
        guard content.hasGravity == expectsGravity else {
            throw LocomotionError.invalidData(
                at: .recording(chunk.source, row: pipeline.rowCount + 1, column: "acceleration"),
                value: content.rawValue,
                expected: "acceleration \(expectsGravity ? "including" : "excluding") gravity, as the analyzer was "
                    + "set up for (accelerationContent)")
        }
        // The columns once, not per row: each access of an optional column retains it.
        let (time, x, y, z) = (chunk.time, acceleration.x, acceleration.y, acceleration.z)
        let (rotation, speed, cadence, labels) = (chunk.rotationRate, chunk.speed, chunk.cadence, chunk.labels)
        let firstRow = pipeline.rowCount
        for row in 0..<chunk.count {
            if let speed, !speed[row].isNaN {
                // The window context takes the fix as batch extraction does; the smoother keeps
                // it with its coordinate, as `locationFixes()` gives it.
                pipeline.append(
                    fix: chunk.locationFix(row: row),
                    keeping: try chunk.locationFixWithCoordinate(row: row, rowOffset: firstRow))
            }
            if let cadence, !cadence[row].isNaN { pipeline.append(cadence: cadence[row], at: time[row]) }
            if let labels { pipeline.append(label: labels[row]) }
            do {
                _ = try pipeline.append(
                    time: time[row], x: x[row], y: y[row], z: z[row],
                    rotationRate: rotation.map { (x: $0.x[row], y: $0.y[row], z: $0.z[row]) })
            } catch {
                throw error.namingNonFiniteSample(
                    in: source, firstRowOfWindow: pipeline.rowCount - pipeline.extractor.extractor.windowLength + 1)
            }
        }
        // A sample the step detector refused outside every whole window fails the chunk.
        if let failure = pipeline.stepFailure { throw failure }
    }

    /// The windows' own results (the classifier's decisions, before smoothing) decided since the
    /// previous call, in time order, as ``RecordingAnalysis/windows`` holds them; empty unless
    /// ``keepsWindowResults`` is on.
    ///
    /// - Complexity: O(1); the caller takes the buffer over.
    public mutating func takeWindowResults() -> [ActivityResult] {
        pipeline.takeWindowResults()
    }

    /// Ends the recording and returns the summary.
    ///
    /// - Throws: ``LocomotionError`` from the hidden Markov smoothing; `LocomotionError` from the
    ///   GPS summary.
    /// - Complexity: O(*f*) for *f* GPS fixes, plus O(*w K²*) for *w* windows with hidden Markov
    ///   smoothing.
    public mutating func finish() throws(LocomotionError) -> RecordingAnalysisSummary {
        try finishWithSpeeds().summary
    }

    /// Ends the recording and returns the summary and every GPS fix's smoothed speed (as
    /// ``RecordingAnalysis/speeds``), which the analyzer holds until now anyway.
    ///
    /// - Throws: What ``finish()`` throws.
    /// - Complexity: As ``finish()``.
    public mutating func finishWithSpeeds() throws(LocomotionError) -> (
        summary: RecordingAnalysisSummary, speeds: [SmoothedSpeed]
    ) {
        try pipeline.finish(source: source)
    }
}
