/// Everything the activity layer says about one recording: per-window decisions, the smoothed
/// timeline, totals, steps counted only while on foot, trips, GPS quality and — when the recording
/// has labels — the scores against them. ``Recording/analyzeActivities(_:)`` makes one.
public struct RecordingAnalysis: Sendable {
    /// How to analyse.
    public struct Options: Sendable {
        /// The feature windows.
        public var features: FeatureConfiguration
        /// What decides each window.
        public var classifier: ActivityDetector.Classifier?
        /// How the decisions are smoothed over time.
        public var smoothing: ActivitySmoothing
        /// The step detector's settings.
        public var steps: StepDetectorConfiguration
        /// Translations of label values to activities (before the built-in names).
        public var labelMap: [String: ActivityType]

        /// The defaults: 2.56 s windows every 1.28 s, the activity rules, 5 s hysteresis (10 s to
        /// leave driving), the default step detector.
        public init(
            features: FeatureConfiguration = .init(), classifier: ActivityDetector.Classifier? = nil,
            smoothing: ActivitySmoothing = .hysteresis(.init()), steps: StepDetectorConfiguration = .init(),
            labelMap: [String: ActivityType] = [:]
        ) {
            self.features = features
            self.classifier = classifier
            self.smoothing = smoothing
            self.steps = steps
            self.labelMap = labelMap
        }
    }

    /// The recording's name.
    public var source: String
    /// The feature windows' own decisions, in time order.
    public var windows: [ActivityResult]
    /// The decisions after smoothing (equal to ``windows`` without it).
    public var smoothed: [ActivityResult]
    /// The timeline of the smoothed decisions.
    public var timeline: ActivityTimeline
    /// Steps the detector found anywhere in the recording.
    public var detectedSteps: [Step]
    /// The steps inside walking and running segments: a car's vibration or a phone handled while
    /// sitting does not count, as a pedometer would not count it.
    public var steps: [Step]
    /// The trips (driving until on foot again).
    public var trips: [Trip]
    /// The GPS speed estimates, when the recording has a speed column.
    public var speeds: [SmoothedSpeed]
    /// The GPS fix summary, when the recording has fixes.
    public var speedReport: SpeedSmoothingReport?
    /// The smoothed decisions against the recording's labels, when it has labels that name
    /// activities; windows whose samples carry more than one label are not scored.
    public var confusion: ActivityConfusion?
    /// What the analysis skipped because the recording lacks it (see
    /// ``RecordingAnalysisSummary/skipped``): the features that need it are missing (NaN) and,
    /// without gravity or below 10 Hz, no steps are detected.
    public var skipped: [AnalysisRequirement] = []

    /// The mean cadence (steps/s) of ``steps`` over the walking and running segments, or `nil`
    /// without steps.
    public var meanCadence: Double? { RecordingAnalysisSummary.meanCadence(steps: steps.count, timeline: timeline) }
}

extension Recording {
    /// Analyses the recording's activities in one call: features, a decision per window,
    /// hysteresis, the timeline, steps counted while on foot, trips, GPS quality and scores against
    /// the labels.
    ///
    /// A recording whose acceleration has gravity removed, or sampled below 10 Hz, is analysed
    /// without what needs that (``RecordingAnalysis/skipped``, ``missingAnalysisRequirements(sampleRate:)``).
    ///
    /// - Throws: `LocomotionError` for a recording that cannot be analysed (no acceleration, a
    ///   rate outside ``Recording/supportedSampleRates``, NaN samples); ``ActivityError`` from the classifier.
    /// - Complexity: O(*n* log *n*) in the samples, plus one classification per window.
    public func analyzeActivities(_ options: RecordingAnalysis.Options = .init()) throws -> RecordingAnalysis {
        let table = try features(options.features)
        let classifier = try options.classifier ?? .rules(FeatureRuleClassifier())
        let windows = try classifier.classifier.classify(table)
        let smoothed = try options.smoothing.apply(to: windows)
        let timeline = try ActivityTimeline(results: smoothed)
        let skipped = missingAnalysisRequirements(sampleRate: table.sampleRate)
        let detected = skipped.isEmpty ? try detectSteps(configuration: options.steps).steps : []
        let onFoot = timeline.segments.filter(\.activity.isPedestrian)
        var cursor = 0
        let steps = detected.filter { step in
            while cursor < onFoot.count, onFoot[cursor].end < step.time { cursor += 1 }
            return cursor < onFoot.count && onFoot[cursor].start <= step.time
        }
        let speeds = SpeedSmoother().smooth(try locationFixes())
        let truths = ActivityTrainingSet.truths(of: table, recording: self, labelMap: options.labelMap)
        let scored = zip(truths, smoothed).compactMap { truth, result in
            truth.activity.map { (truth: $0, predicted: result.activity) }
        }
        return RecordingAnalysis(
            source: source, windows: windows, smoothed: smoothed, timeline: timeline, detectedSteps: detected,
            steps: steps, trips: timeline.trips(speeds: speeds), speeds: speeds,
            speedReport: speeds.isEmpty ? nil : try SpeedSmoothingReport(results: speeds),
            confusion: scored.isEmpty ? nil : ActivityConfusion(scored), skipped: skipped)
    }
}
