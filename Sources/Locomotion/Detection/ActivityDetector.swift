/// The streaming activity detector: sensor events in, in time order; per feature window an
/// activity decision, the activity committed after smoothing, and the ENTER/EXIT transitions of
/// the committed activity out.
///
/// It windows the accelerometer with ``StreamingFeatureExtractor`` (GPS fixes and pedometer
/// cadence become the windows' context as they arrive), classifies each window with the chosen
/// classifier, and smooths with ``ActivityHysteresis``. The operating system's latest activity
/// report votes when the classifier is a ``VoteFusion`` configured for it. A missing stream (no
/// GPS underground, no gyroscope, no pedometer) only leaves its features missing; each result's
/// ``ActivityResult/evidence`` says what the decision rested on.
///
/// Streaming equals batch: the events of ``Recording/events()`` give the windows and values of
/// ``Recording/features(_:sampleRate:maximumGap:threadCount:)``, hence the same results.
///
/// **Steps.** A ``StepDetector`` (its own configuration, the defaults by default) runs on the
/// same motion samples. ``detectedStepCount`` counts every step it finds; ``stepCount`` only those
/// on foot: a step counts when the window that ends first at or after it decided walking or
/// running (a car's vibration and a phone handled while sitting do not count, as a pedometer
/// would not count them). The window's own decision is used rather than the committed activity,
/// which the hysteresis commits seconds late. Steps are known about 2 s after they happen (the
/// detector's context), the last ones at ``finish()``.
///
/// A value type; use each instance from one thread at a time.
public struct ActivityDetector: Sendable {
    /// The classifier the detector applies to each window.
    public enum Classifier: Sendable {
        /// ``FeatureRuleClassifier``.
        case rules(FeatureRuleClassifier)
        /// ``VoteFusion``, with the latest operating-system report.
        case voteFusion(VoteFusion)
        /// Any other classifier of feature vectors.
        case custom(any ActivityClassifier)

        /// The classifier as a classifier of feature vectors (the vote fusion without reports).
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
        /// The activity in effect after smoothing, at the window's end.
        public var committed: ActivityType
        /// Transitions of the committed activity at this window (empty when it did not change).
        public var transitions: [ActivityTransition]
    }

    /// The classifier in use.
    public let classifier: Classifier
    private var extractor: StreamingFeatureExtractor
    /// The rules bound to the extractor's schema, when the classifier is the rules.
    private let preparedRules: FeatureRuleClassifier.Prepared?
    private var hysteresis: ActivityHysteresis
    /// The bundled or trained model bound to the extractor's schema, when the classifier is one.
    private var preparedModel: ActivityModel.Prepared?
    private var steps: StepDetector
    /// Steps the step detector has found and no window has yet decided on (bounded by the
    /// detector's latency), and a buffer for the steps of one sample.
    private var undecidedSteps: [Step] = []
    private var newSteps: [Step] = []
    /// The ends and on-foot decisions of the most recent windows, oldest first, for steps that
    /// the step detector confirms after their window was decided (the first steps of a bout).
    private var recentWindows: [(end: Double, onFoot: Bool)] = []
    private static let recentWindowLimit = 64
    private var latestReport: MotionActivityReport?
    private var lastFixTime = -Double.infinity
    private var lastPedometerTime = -Double.infinity
    private var committed: ActivityType = .unknown

    /// The decisions made so far.
    public private(set) var windowCount = 0
    /// Every step the step detector has found so far.
    public private(set) var detectedStepCount = 0
    /// The steps taken on foot: those whose window decided walking or running.
    public private(set) var stepCount = 0
    /// Floors climbed and descended, from the pressure events.
    public private(set) var floors: FloorCounter

    /// Creates a detector.
    ///
    /// - Parameters:
    ///   - sampleRate: The accelerometer's rate in Hz (within ``Recording/gaitSampleRates``, 10–1000: the detector counts steps).
    ///   - features: The feature windows and columns (the classifier's, for a trained model).
    ///   - classifier: What decides each window; the activity rules by default.
    ///   - hysteresis: The hold times; see ``ActivityHysteresis``.
    ///   - hasGyroscope: Whether motion samples carry a rotation rate.
    ///   - steps: The step detector's parameters.
    /// - Throws: `LocomotionError` for a sample rate, feature or step configuration out of range;
    ///   ``ActivityError`` for a hold time out of range, or a model whose columns the features lack.
    public init(
        sampleRate: Double, features: FeatureConfiguration = .init(), classifier: Classifier? = nil,
        hysteresis: ActivityHysteresis.Configuration = .init(), hasGyroscope: Bool = false,
        steps: StepDetectorConfiguration = .init()
    ) throws {
        extractor = try StreamingFeatureExtractor(
            configuration: features, sampleRate: sampleRate, hasGyroscope: hasGyroscope)
        self.steps = try StepDetector(sampleRate: sampleRate, configuration: steps)
        undecidedSteps.reserveCapacity(64)
        newSteps.reserveCapacity(8)
        recentWindows.reserveCapacity(Self.recentWindowLimit)
        self.hysteresis = try ActivityHysteresis(configuration: hysteresis)
        floors = try FloorCounter()
        let classifier = try classifier ?? .rules(FeatureRuleClassifier())
        self.classifier = classifier
        if case .rules(let rules) = classifier {
            preparedRules = try rules.prepared(for: extractor.schema)
        } else {
            preparedRules = nil
        }
        if case .custom(let custom) = classifier, let model = custom as? ActivityModel {
            preparedModel = try model.prepared(for: extractor.schema)
        }
    }

    /// Processes one event; returns a decision when a motion sample completes a window.
    ///
    /// - Throws: `LocomotionError.invalidParameter` for a motion sample at a NaN or infinite time,
    ///   ``ActivityError/Code/invalidData`` for another event at one;
    ///   `LocomotionError.timeGoesBackwards` for a motion sample older than the previous
    ///   one; ``ActivityError/Code/outOfOrder`` for a fix, pedometer update or report older than
    ///   the previous one of its stream (a pressure reading too, and ``ActivityError/Code/invalidData``
    ///   for a pressure that is not positive); `LocomotionError.signalProcessing` for a NaN or infinite
    ///   sample in the completed window (that window is skipped); what the classifier throws.
    /// - Complexity: O(1) per event, plus one classification per window.
    public mutating func process(_ event: SensorEvent) throws -> Decision? {
        switch event {
        case .motion(let sample):
            let rotation = sample.rotationRate.map { (x: $0.x, y: $0.y, z: $0.z) }
            let completed = try extractor.append(
                time: sample.time, x: sample.x, y: sample.y, z: sample.z, rotationRate: rotation)
            countSteps(of: sample)
            guard completed, let vector = extractor.vector else { return nil }
            return try decide(vector)
        case .location(let fix):
            try requireOrder(fix.time, after: &lastFixTime, stream: "GPS fix")
            extractor.append(fix: fix)
        case .pedometer(let time, let cadence):
            try requireOrder(time, after: &lastPedometerTime, stream: "pedometer update")
            extractor.append(cadence: cadence, at: time)
        case .activityReport(let report):
            guard report.start.isFinite else {
                throw ActivityError(.invalidData, "an activity report at \(report.start) s; its time must be finite")
            }
            if let previous = latestReport?.start, !(report.start >= previous) {
                throw ActivityError(
                    .outOfOrder, "an activity report at \(report.start) s comes after one at \(previous) s")
            }
            latestReport = report
        case .pressure(let time, let pascals):
            try floors.update(pressure: pascals, at: time)
        }
        return nil
    }

    /// Processes every event in order and returns the decisions.
    ///
    /// - Throws: As ``process(_:)``, at the first event that fails.
    /// - Complexity: O(*e*) for *e* events, each as the one-event call.
    public mutating func process(_ events: some Sequence<SensorEvent>) throws -> [Decision] {
        var decisions: [Decision] = []
        for event in events { if let decision = try process(event) { decisions.append(decision) } }
        return decisions
    }

    /// Ends the streams: the step detector judges its last samples (the steps of the last 2 s),
    /// and the steps no window decided on count by the last window's decision. Call once, after
    /// the last event.
    public mutating func finish() {
        steps.finish(into: &newSteps)
        detectedStepCount += newSteps.count
        undecidedSteps.append(contentsOf: newSteps)
        newSteps.removeAll(keepingCapacity: true)
        if recentWindows.last?.onFoot == true { stepCount += undecidedSteps.count }
        undecidedSteps.removeAll(keepingCapacity: true)
    }

    /// Feeds the step detector and files the steps it confirms: by the recent window that covers
    /// them, or as undecided until the next window ends.
    private mutating func countSteps(of sample: MotionSample) {
        // A sample the step detector refuses (not finite) is the extractor's to report: it
        // fails the window that holds it.
        try? steps.process(time: sample.time, x: sample.x, y: sample.y, z: sample.z, into: &newSteps)
        for step in newSteps {
            detectedStepCount += 1
            if let window = recentWindows.first(where: { $0.end >= step.time }) {
                if window.onFoot { stepCount += 1 }
            } else {
                undecidedSteps.append(step)
            }
        }
        newSteps.removeAll(keepingCapacity: true)
    }

    /// Counts the undecided steps up to `end` by a window's decision and remembers it.
    private mutating func fileSteps(until end: Double, onFoot: Bool) {
        var decided = 0
        while decided < undecidedSteps.count, undecidedSteps[decided].time <= end { decided += 1 }
        if onFoot { stepCount += decided }
        undecidedSteps.removeFirst(decided)
        if recentWindows.count == Self.recentWindowLimit { recentWindows.removeFirst() }
        recentWindows.append((end, onFoot))
    }

    private func requireOrder(_ time: Double, after last: inout Double, stream: String) throws(ActivityError) {
        guard time.isFinite else {
            throw ActivityError(.invalidData, "a \(stream) at \(time) s; its time must be finite")
        }
        guard time >= last else {
            throw ActivityError(.outOfOrder, "a \(stream) at \(time) s comes after one at \(last) s")
        }
        last = time
    }

    private mutating func decide(_ vector: FeatureVector) throws -> Decision {
        let result: ActivityResult
        switch classifier {
        case .rules:
            result = preparedRules!.classify(vector)  // set in init for the rules
        case .voteFusion(let fusion):
            let evidence = ActivityEvidence(features: vector)
            let decision = fusion.decide(evidence, report: latestReport)
            result = ActivityResult(
                activity: decision.activity, confidence: decision.confidence, evidence: evidence, start: vector.start,
                end: vector.end)
        case .custom(let classifier):
            if preparedModel != nil {
                result = preparedModel!.classify(vector)
            } else {
                result = try classifier.classify(vector)
            }
        }
        fileSteps(until: result.end, onFoot: result.activity.isPedestrian)
        let previous = committed
        committed = try hysteresis.update(result.activity, at: result.end)
        windowCount += 1
        return Decision(
            result: result, committed: committed,
            transitions: ActivityTransition.change(from: previous, to: committed, at: result.end))
    }
}
