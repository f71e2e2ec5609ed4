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
    private enum Decider: Sendable {
        case rules(FeatureRuleClassifier.Prepared)
        case model(ActivityModel.Prepared)
        case other(any ActivityClassifier)
    }

    private enum Smoother: Sendable {
        case none
        case hysteresis(ActivityHysteresis.OfflineSmoother)
        /// The windows' own results, decoded at the end.
        case hiddenMarkov(ActivitySmoothing, [ActivityResult])
    }

    /// The recording's name.
    public let source: String
    private let labelMap: [String: ActivityType]
    private var extractor: StreamingFeatureExtractor
    private var decider: Decider
    private var smoother: Smoother
    private var timeline = ActivityTimeline.Builder()
    /// `nil` when the step detector cannot run (``missingRequirements`` is not empty).
    private var stepDetector: StepDetector?
    /// What the analysis skips because the chunks lack it (``RecordingAnalysisSummary/skipped``).
    public let missingRequirements: [AnalysisRequirement]
    /// Whether the features were set up for acceleration with gravity; every chunk must agree.
    private let expectsGravity: Bool
    private var newSteps: [Step] = []
    /// Times of the steps no final segment has been found for yet, oldest first from `firstPendingStep`.
    private var pendingStepTimes: [Double] = []
    private var firstPendingStep = 0
    /// The first segment that may be the walking or running segment of the next pending step.
    private var stepSegmentCursor = 0
    private var fixes: [LocationFix] = []
    /// Each window's truth from the labels, oldest first from `firstPendingTruth`, until its
    /// smoothed result comes out of the smoother.
    private var pendingTruths: [ActivityType?] = []
    private var firstPendingTruth = 0
    private var smoothedBatch: [ActivityResult] = []
    private var confusion = ActivityConfusion()
    /// The label of the newest row and the index of the first row of its run.
    private var currentLabel: String?
    private var labelRunStart = 0
    private var rowCount = 0

    /// Whether each window's own result (before smoothing) is kept for ``takeWindowResults()``;
    /// off by default. Turn it on before the first ``append(_:)`` to see every window.
    public var keepsWindowResults = false
    private var windowResults: [ActivityResult] = []

    /// Windows decided so far.
    public private(set) var windowCount = 0
    /// Steps the step detector has found so far.
    public private(set) var detectedStepCount = 0
    /// Steps found so far to lie inside a walking or running segment.
    public private(set) var stepCount = 0

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
    ///   ``ActivityError`` for a hold time out of range or a model whose columns the features lack.
    /// - Complexity: O(*n*) in the window length, plus FFT planning.
    public init(
        source: String, options: RecordingAnalysis.Options = .init(), sampleRate: Double, featureGap: Double,
        stepGap: Double, hasGyroscope: Bool, accelerationContent: AccelerationContent = .includingGravity
    ) throws {
        self.source = source
        labelMap = options.labelMap
        extractor = try StreamingFeatureExtractor(
            configuration: options.features, sampleRate: sampleRate, maximumGap: featureGap, hasGyroscope: hasGyroscope,
            accelerationContent: accelerationContent)
        missingRequirements = Recording.missingAnalysisRequirements(
            accelerationContent: accelerationContent, sampleRate: sampleRate)
        expectsGravity = accelerationContent.hasGravity
        switch try options.classifier ?? .rules(FeatureRuleClassifier()) {
        case .rules(let rules): decider = .rules(try rules.prepared(for: extractor.schema))
        case .custom(let model as ActivityModel): decider = .model(try model.prepared(for: extractor.schema))
        case let other: decider = .other(other.classifier)
        }
        switch options.smoothing {
        case .none: smoother = .none
        case .hysteresis(let configuration):
            smoother = .hysteresis(.init(try ActivityHysteresis(configuration: configuration)))
        case .hiddenMarkov: smoother = .hiddenMarkov(options.smoothing, [])
        }
        var steps = options.steps
        steps.maximumGap = stepGap
        stepDetector =
            missingRequirements.isEmpty ? try StepDetector(sampleRate: sampleRate, configuration: steps) : nil
    }

    /// Analyses the next rows.
    ///
    /// - Parameter chunk: Rows after those of the previous chunk, with the same columns.
    /// - Throws: `LocomotionError.missingColumn` without acceleration; `.invalidData` for a chunk
    ///   whose acceleration has gravity removed when the analyzer was set up with it, or the
    ///   reverse (``Recording/accelerationContent``); `.timeGoesBackwards` for
    ///   rows out of order; `.invalidData` for a NaN sample in a window or a GPS coordinate
    ///   out of range; ``ActivityError`` from the classifier or the smoothing.
    /// - Complexity: O(*r*) for *r* rows, plus one feature extraction and classification per window.
    public mutating func append(_ chunk: Recording) throws {
        let (acceleration, content) = try chunk.requireMotionAcceleration()
        // Features of |a| computed on a gravity-removed vector would be silently wrong.
        guard content.hasGravity == expectsGravity else {
            throw LocomotionError.invalidData(
                source: .recording(chunk.source), row: rowCount + 1, column: "acceleration", value: content.rawValue,
                expected: "acceleration \(expectsGravity ? "including" : "excluding") gravity, as the analyzer was "
                    + "set up for (accelerationContent)")
        }
        // The columns once, not per row: each access of an optional column retains it.
        let (time, x, y, z) = (chunk.time, acceleration.x, acceleration.y, acceleration.z)
        let (rotation, speed, cadence, labels) = (chunk.rotationRate, chunk.speed, chunk.cadence, chunk.labels)
        for row in 0..<chunk.count {
            if let speed, !speed[row].isNaN {
                // The window context takes the fix as batch extraction does; the smoother keeps
                // it with its coordinate, as `locationFixes()` gives it.
                if let fix = chunk.locationFix(row: row) { extractor.append(fix: fix) }
                if let fix = try chunk.locationFixWithCoordinate(row: row, rowOffset: rowCount - row) {
                    fixes.append(fix)
                }
            }
            if let cadence, !cadence[row].isNaN { extractor.append(cadence: cadence[row], at: time[row]) }
            if let labels, labels[row] != currentLabel {
                currentLabel = labels[row]
                labelRunStart = rowCount
            }
            rowCount += 1
            let completed: Bool
            do {
                completed = try extractor.append(
                    time: time[row], x: x[row], y: y[row], z: z[row],
                    rotationRate: rotation.map { (x: $0.x[row], y: $0.y[row], z: $0.z[row]) })
            } catch {
                throw error.namingNonFiniteSample(
                    in: source, firstRowOfWindow: rowCount - extractor.extractor.windowLength + 1)
            }
            if completed, let vector = extractor.vector { try decide(vector) }
        }
        try stepDetector?.process(times: time, acceleration: acceleration, into: &newSteps)
        takeNewSteps()
        countSteps(final: false)
    }

    /// The windows' own results (the classifier's decisions, before smoothing) decided since the
    /// previous call, in time order, as ``RecordingAnalysis/windows`` holds them; empty unless
    /// ``keepsWindowResults`` is on.
    ///
    /// - Complexity: O(1); the caller takes the buffer over.
    public mutating func takeWindowResults() -> [ActivityResult] {
        defer { windowResults = [] }
        return windowResults
    }

    /// Ends the recording and returns the summary.
    ///
    /// - Throws: ``ActivityError`` from the hidden Markov smoothing; `LocomotionError` from the
    ///   GPS summary.
    /// - Complexity: O(*f*) for *f* GPS fixes, plus O(*w K²*) for *w* windows with hidden Markov
    ///   smoothing.
    public mutating func finish() throws -> RecordingAnalysisSummary {
        try finishWithSpeeds().summary
    }

    /// Ends the recording and returns the summary and every GPS fix's smoothed speed (as
    /// ``RecordingAnalysis/speeds``), which the analyzer holds until now anyway.
    ///
    /// - Throws: What ``finish()`` throws.
    /// - Complexity: As ``finish()``.
    public mutating func finishWithSpeeds() throws -> (summary: RecordingAnalysisSummary, speeds: [SmoothedSpeed]) {
        stepDetector?.finish(into: &newSteps)
        takeNewSteps()
        switch smoother {
        case .none: break
        case .hysteresis(var hysteresis):
            hysteresis.finish(into: &smoothedBatch)
            smoother = .hysteresis(hysteresis)
        case .hiddenMarkov(let smoothing, let results):
            smoothedBatch = try smoothing.apply(to: results)
            smoother = .hiddenMarkov(smoothing, [])
        }
        try takeSmoothed()
        countSteps(final: true)
        let segments = timeline.timeline
        let speeds = SpeedSmoother().smooth(fixes)
        let summary = RecordingAnalysisSummary(
            source: source, windowCount: windowCount, timeline: segments, detectedStepCount: detectedStepCount,
            stepCount: stepCount, trips: segments.trips(speeds: speeds),
            speedReport: speeds.isEmpty ? nil : try SpeedSmoothingReport(results: speeds),
            confusion: confusion.total == 0 ? nil : confusion, skipped: missingRequirements)
        return (summary, speeds)
    }

    /// Classifies a window, notes its truth and passes the result to the smoothing.
    private mutating func decide(_ vector: FeatureVector) throws {
        let result: ActivityResult
        switch decider {
        case .rules(let rules): result = rules.classify(vector)
        case .model(var model):
            result = model.classify(vector)
            decider = .model(model)
        case .other(let classifier): result = try classifier.classify(vector)
        }
        windowCount += 1
        if keepsWindowResults { windowResults.append(result) }
        pendingTruths.append(truthOfNewestWindow())
        switch smoother {
        case .none: smoothedBatch.append(result)
        case .hysteresis(var hysteresis):
            // Out of the enum while it changes, so the held results are not copied.
            smoother = .none
            defer { smoother = .hysteresis(hysteresis) }
            try hysteresis.append(result, into: &smoothedBatch)
        case .hiddenMarkov(let smoothing, var results):
            smoother = .none
            results.append(result)
            smoother = .hiddenMarkov(smoothing, results)
        }
        try takeSmoothed()
    }

    /// The truth of the window just completed, as ``ActivityTrainingSet/truths(of:recording:activity:labelMap:)``
    /// has it: the activity of its label when every row of it has that label; `nil` otherwise.
    private func truthOfNewestWindow() -> ActivityType? {
        guard let label = currentLabel, labelRunStart <= rowCount - extractor.extractor.windowLength,
            let activity = labelMap[label] ?? ActivityType(label: label), activity != .unknown
        else { return nil }
        return activity
    }

    /// Moves the smoothed results that are final into the timeline and the scores.
    private mutating func takeSmoothed() throws(ActivityError) {
        for result in smoothedBatch {
            try timeline.append(result)
            if let truth = pendingTruths[firstPendingTruth] {
                confusion.add(truth: truth, predicted: result.activity)
            }
            firstPendingTruth += 1
        }
        smoothedBatch.removeAll(keepingCapacity: true)
        if firstPendingTruth > 4096 {
            pendingTruths.removeFirst(firstPendingTruth)
            firstPendingTruth = 0
        }
    }

    private mutating func takeNewSteps() {
        detectedStepCount += newSteps.count
        pendingStepTimes.append(contentsOf: newSteps.lazy.map(\.time))
        newSteps.removeAll(keepingCapacity: true)
    }

    /// Counts the pending steps whose segment is known, as the batch analysis filters them: a step
    /// counts when the first walking or running segment ending at or after it starts at or before
    /// it. Before `final`, a step waits until it lies before the last segment (whose end may still
    /// move) or inside it no later than the newest result's start (which that end never goes below).
    private mutating func countSteps(final: Bool) {
        let segments = timeline.segments
        while firstPendingStep < pendingStepTimes.count {
            let time = pendingStepTimes[firstPendingStep]
            if !final {
                guard let last = segments.last, let latest = timeline.latest, time < last.start || time <= latest.start
                else { break }
            }
            while stepSegmentCursor < segments.count,
                !segments[stepSegmentCursor].activity.isPedestrian || segments[stepSegmentCursor].end < time
            {
                // The last segment's end may still move: leave it for a later pass unless it is done.
                if !final, stepSegmentCursor == segments.count - 1, segments[stepSegmentCursor].activity.isPedestrian {
                    break
                }
                stepSegmentCursor += 1
            }
            if stepSegmentCursor < segments.count, segments[stepSegmentCursor].activity.isPedestrian,
                segments[stepSegmentCursor].start <= time
            {
                stepCount += 1
            }
            firstPendingStep += 1
        }
        if firstPendingStep > 4096 {
            pendingStepTimes.removeFirst(firstPendingStep)
            firstPendingStep = 0
        }
    }
}
