/// The streaming activity detector: sensor events in, in time order; per feature window an
/// activity decision, the activity committed after smoothing, and the ENTER/EXIT transitions of
/// the committed activity out; at ``finish(source:)``, the same summary as the analysis of a
/// recording.
///
/// It is the live driver of the pipeline every analysis shares (``Recording/analyzeActivities(_:)``
/// and ``RecordingAnalyzer`` drive the same one): it windows the accelerometer with
/// ``StreamingFeatureExtractor`` (GPS fixes and pedometer cadence become the windows' context as
/// they arrive), classifies each window with the classifier bound once to the features' schema,
/// handing it the window's ``ActivityClassificationContext`` (the operating system's latest activity
/// report, which ``VoteFusion`` lets vote when configured to), and passes the result to the
/// temporal model (``ActivitySmoothing``; hysteresis by default). A missing stream (no GPS
/// underground, no gyroscope, no pedometer) only leaves its features missing; each result's
/// ``ActivityResult/evidence`` says what the decision rested on.
///
/// Streaming equals batch: the events of ``Recording/events(activityReports:)`` give the windows,
/// decisions, timeline, steps on foot and trips of ``Recording/analyzeActivities(_:)`` run at the
/// same sample rate and gap thresholds.
///
/// **Committed activity and timeline.** ``Decision/committed`` is the temporal model's live
/// estimate (with hysteresis, the activity a change has held for the hold time). The smoothed
/// timeline (``timeline``) is the same as a whole recording's: with hysteresis a change is dated
/// back to when the new activity began, so a segment is final once the change after it is
/// committed (at most the hold time, 5 s or 10 s leaving driving by default, after the window that
/// began it); with the hidden Markov model, only at ``finish(source:)``.
///
/// **Steps.** A ``StepDetector`` (its own configuration, the defaults by default) runs on the
/// same motion samples. ``detectedStepCount`` counts every step it finds; ``stepCount`` only the
/// steps on foot (``ActivityTimeline/stepsOnFoot(_:)``: inside a walking or running segment of the
/// smoothed timeline, as every analysis counts them). A step is counted once its segment is final:
/// the step detector confirms a step about 2 s after it (its context), the window that covers it
/// ends up to a window's length later, and its segment is final when the hysteresis commits the
/// next change or the window after it continues the segment — so ``stepCount`` trails the steps by
/// a few seconds while walking steadily, by up to the hold time plus a window around a change, and
/// the last ones come at ``finish(source:)``.
///
/// Allocation: with the rules or a trained model and hysteresis, processing a motion sample
/// allocates nothing in steady state (the benchmark suite counts it). GPS fixes are kept for the
/// trips' speeds only when ``init(sampleRate:options:hasGyroscope:maximumGap:keepsLocationFixes:)``
/// asks for it.
///
/// A value type; use each instance from one thread at a time.
public struct ActivityDetector: Sendable {
    /// A classifier for the detector and ``RecordingAnalysis/Options``: any ``ActivityClassifier``,
    /// named by kind for convenience. Every case is bound and asked the same way
    /// (``ActivityClassifier/bound(to:)``, ``ActivityClassifier/classify(_:context:)``); the cases
    /// only spell the common ones.
    public enum Classifier: Sendable {
        /// ``FeatureRuleClassifier``.
        case rules(FeatureRuleClassifier)
        /// ``VoteFusion``; it hears the operating system's reports through the context.
        case voteFusion(VoteFusion)
        /// Any other classifier of feature vectors: a trained ``ActivityModel`` or your own.
        case custom(any ActivityClassifier)

        /// The classifier.
        public var classifier: any ActivityClassifier {
            switch self {
            case .rules(let rules): return rules
            case .voteFusion(let fusion): return fusion
            case .custom(let custom): return custom
            }
        }
    }

    /// What the detector says about one window.
    public struct Decision: Sendable {
        /// The window's own decision.
        public var result: ActivityResult
        /// The activity in effect after smoothing, at the window's end (the temporal model's live
        /// estimate).
        public var committed: ActivityType
        /// Transitions of the committed activity at this window (empty when it did not change).
        public var transitions: [ActivityTransition]
    }

    /// The classifier in use.
    public let classifier: Classifier
    private var pipeline: ActivityPipeline
    private var lastFixTime = -Double.infinity
    private var lastPedometerTime = -Double.infinity
    private var committed: ActivityType = .unknown

    /// The decisions made so far.
    public var windowCount: Int { pipeline.windowCount }
    /// Every step the step detector has found so far.
    public var detectedStepCount: Int { pipeline.detectedStepCount }
    /// The steps on foot so far (``ActivityTimeline/stepsOnFoot(_:)``), counted once the segment
    /// each falls in is final (see the latency above).
    public var stepCount: Int { pipeline.stepCount }
    /// The smoothed timeline so far: every segment but the last is final.
    ///
    /// - Complexity: O(*g*) for *g* segments; allocates the copy.
    public var timeline: ActivityTimeline { pipeline.timeline.timeline }
    /// Floors climbed and descended, from the pressure events.
    public private(set) var floors: FloorCounter

    /// Creates a detector with hysteresis.
    ///
    /// - Parameters:
    ///   - sampleRate: The accelerometer's rate in Hz (within ``Recording/supportedSampleRates``, 5–1000;
    ///     below ``Recording/gaitSampleRates``, 10 Hz, no steps are counted).
    ///   - features: The feature windows and columns (the classifier's, for a trained model).
    ///   - classifier: What decides each window; the activity rules by default.
    ///   - hysteresis: The hold times; see ``ActivityHysteresis``.
    ///   - hasGyroscope: Whether motion samples carry a rotation rate.
    ///   - steps: The step detector's parameters.
    /// - Throws: `LocomotionError` for a sample rate, feature or step configuration out of range;
    ///   ``LocomotionError`` for a hold time out of range, or a classifier that cannot bind to the
    ///   features' schema (a model whose columns the features lack).
    public init(
        sampleRate: Double, features: FeatureConfiguration = .init(), classifier: Classifier? = nil,
        hysteresis: ActivityHysteresis.Configuration = .init(), hasGyroscope: Bool = false,
        steps: StepDetectorConfiguration = .init()
    ) throws(LocomotionError) {
        try self.init(
            sampleRate: sampleRate,
            options: .init(
                features: features, classifier: classifier, smoothing: .hysteresis(hysteresis), steps: steps),
            hasGyroscope: hasGyroscope)
    }

    /// Creates a detector with the options of a recording's analysis.
    ///
    /// - Parameters:
    ///   - sampleRate: The accelerometer's rate in Hz (within ``Recording/supportedSampleRates``, 5–1000;
    ///     below ``Recording/gaitSampleRates``, 10 Hz, no steps are counted).
    ///   - options: Features, classifier, smoothing, steps, and activity reports scheduled by time
    ///     (``RecordingAnalysis/Options/activityReports``, as well as or instead of
    ///     ``SensorEvent/activityReport(_:)`` events); the label map is unused (events carry no labels).
    ///   - hasGyroscope: Whether motion samples carry a rotation rate.
    ///   - maximumGap: The longest interval (s) inside a stretch of windows and of step detection;
    ///     `nil` for the extractor's default (five sample intervals, at least 0.1 s) and
    ///     `options.steps.maximumGap`.
    ///   - keepsLocationFixes: Whether GPS fixes are kept for the trips' speeds and the GPS report
    ///     at ``finish(source:)`` (memory grows with the fixes: about 5 MB a day at 1 Hz).
    /// - Throws: As ``init(sampleRate:features:classifier:hysteresis:hasGyroscope:steps:)``, and
    ///   ``LocomotionError`` for scheduled reports out of order.
    public init(
        sampleRate: Double, options: RecordingAnalysis.Options, hasGyroscope: Bool = false,
        maximumGap: Double? = nil, keepsLocationFixes: Bool = false
    ) throws(LocomotionError) {
        pipeline = try ActivityPipeline(
            options: options, sampleRate: sampleRate, featureGap: maximumGap, stepGap: maximumGap,
            hasGyroscope: hasGyroscope, retention: .init(locationFixes: keepsLocationFixes))
        floors = try FloorCounter()
        if let chosen = options.classifier {
            classifier = chosen
        } else {
            classifier = .rules(try FeatureRuleClassifier())
        }
    }

    /// Processes one event; returns a decision when a motion sample completes a window.
    ///
    /// - Throws: `LocomotionError.invalidParameter` for a motion sample at a NaN or infinite time,
    ///   ``LocomotionError/Code/invalidData`` for another event at one;
    ///   `LocomotionError.timeGoesBackwards` for a motion sample older than the previous
    ///   one; ``LocomotionError/Code/timeGoesBackwards`` for a fix, pedometer update or report older than
    ///   the previous one of its stream (a pressure reading too, and ``LocomotionError/Code/invalidData``
    ///   for a pressure outside ``FloorCounter/plausiblePressure``); `LocomotionError.signalProcessing` for a NaN or infinite
    ///   sample in the completed window (that window is skipped); what the classifier throws.
    /// - Complexity: O(1) per event, plus one classification per window.
    public mutating func process(_ event: SensorEvent) throws(LocomotionError) -> Decision? {
        switch event {
        case .motion(let sample):
            let rotation = sample.rotationRate.map { (x: $0.x, y: $0.y, z: $0.z) }
            guard try pipeline.append(time: sample.time, x: sample.x, y: sample.y, z: sample.z, rotationRate: rotation),
                let result = pipeline.latestResult
            else { return nil }
            let previous = committed
            committed = pipeline.current
            return Decision(
                result: result, committed: committed,
                transitions: ActivityTransition.change(from: previous, to: committed, at: result.end))
        case .location(let fix):
            try requireOrder(fix.time, after: &lastFixTime, stream: "GPS fix")
            pipeline.append(fix: fix, keeping: fix)
        case .pedometer(let time, let cadence):
            try requireOrder(time, after: &lastPedometerTime, stream: "pedometer update")
            pipeline.append(cadence: cadence, at: time)
        case .activityReport(let report):
            try pipeline.append(report: report)
        case .pressure(let time, let pascals):
            try floors.update(pressure: pascals, at: time)
        }
        return nil
    }

    /// Processes every event in order and returns the decisions.
    ///
    /// - Throws: As ``process(_:)``, at the first event that fails.
    /// - Complexity: O(*e*) for *e* events, each as the one-event call. Inlinable, so that called
    ///   from another module the loop over `events` is specialised.
    @inlinable
    public mutating func process(_ events: some Sequence<SensorEvent>) throws(LocomotionError) -> [Decision] {
        var decisions: [Decision] = []
        for event in events { if let decision = try process(event) { decisions.append(decision) } }
        return decisions
    }

    /// Ends the streams: the step detector judges its last samples (the steps of the last 2 s),
    /// the temporal model settles the last segment, every step is judged on foot or not, and the
    /// summary of the whole stream is returned — equal to ``RecordingAnalysis/summary`` of the
    /// same data (without scores: events carry no labels). Call once, after the last event.
    ///
    /// - Parameter source: The name the summary gives the stream.
    /// - Returns: The summary; its trips have speeds and the GPS report is set only when the
    ///   detector keeps its fixes.
    /// - Throws: ``LocomotionError`` from the hidden Markov smoothing; `LocomotionError` from the GPS summary.
    /// - Complexity: O(*f*) for *f* kept GPS fixes, plus O(*w K²*) for *w* windows with hidden
    ///   Markov smoothing.
    @discardableResult
    public mutating func finish(source: String = "") throws(LocomotionError) -> RecordingAnalysisSummary {
        try pipeline.finish(source: source).summary
    }

    private func requireOrder(_ time: Double, after last: inout Double, stream: String) throws(LocomotionError) {
        guard time.isFinite else { throw LocomotionError.nonFiniteTime(stream, at: time) }
        guard time >= last else { throw LocomotionError.outOfOrder(stream, at: time, after: last) }
        last = time
    }
}
