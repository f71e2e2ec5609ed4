/// Everything the activity layer says about one recording: per-window decisions, the smoothed
/// timeline, totals, steps counted only while on foot, trips, GPS quality and — when the recording
/// has labels — the scores against them. ``Recording/analyzeActivities(_:)`` makes one.
public struct RecordingAnalysis: Sendable {
    /// How to analyze.
    public struct Options: Sendable {
        /// The feature windows.
        public var features: FeatureConfiguration
        /// What decides each window: any ``ActivityClassifier`` (`.custom(yours)`), bound once to the
        /// features' schema; the activity rules when `nil`.
        public var classifier: ActivityDetector.Classifier?
        /// How the decisions are smoothed over time.
        public var smoothing: ActivitySmoothing
        /// The step detector's settings.
        public var steps: StepDetectorConfiguration
        /// Translations of label values to activities (before the built-in names).
        public var labelMap: [String: ActivityType]
        /// The operating system's activity reports over the recording, in time order: each is the
        /// classifier's ``ActivityClassificationContext/activityReport`` for the windows whose last
        /// sample is at or after its start, until the next (``VoteFusion`` with
        /// ``VoteFusion/Configuration/operatingSystemVotes`` lets it vote). Empty by default.
        public var activityReports: [MotionActivityReport]
        /// The in-vehicle stage after the smoothing (``InVehicleOptions``): inside a vehicle every
        /// result is driving, stops included; outside, driving that rests on the accelerometer
        /// alone is not. With it, a hysteresis smoothing leaves driving after its ordinary
        /// ``ActivityHysteresis/Configuration/holdTime`` (its longer hold for leaving driving, which
        /// keeps a ride through its stops, is the stage's work here). `nil` leaves the smoothed
        /// results as they are.
        public var inVehicle: InVehicleOptions?
        /// Whether a walker's rhythm, confirmed by the step detector, turns the windows of their
        /// walk that the classifier calls stationary or driving without gait into walking (low
        /// confidence), so that their steps count as on foot: at 40–70 steps/min, and in short bouts
        /// between pauses at brisker cadences, a window holds too few steps for the classifier
        /// alone. On by default; docs/Accuracy.md measures it.
        public var walkerRhythmEvidence: Bool
        /// Whether a very slow walker's rhythm confirmed by the step detector (a remembered step
        /// period of 1.2 s or longer, 50 steps/min and slower, its last step at most 5.5 s old)
        /// is on-foot evidence for the in-vehicle stage, so that a walk at 40–50 steps/min is not
        /// taken for a ride (its trunk moves too little and too slowly for the stage's own gait
        /// evidence). No effect without ``inVehicle``. On by default; docs/Accuracy.md measures it
        /// on every vehicle source.
        public var walkerRhythmInVehicleStage: Bool = true
        /// Whether a confirmed bicycle ride (three windows called cycling within 15 s) turns the
        /// windows of its coasting that the classifier calls driving without gait or rough into
        /// cycling (low confidence), up to 15 s after the ride's last pedalling window, and up to
        /// 30 s after it while gravity's direction in the phone's frame stays within 15° of the
        /// riding posture (after three consecutive pedalling windows; acceleration with gravity
        /// only): a coasting thigh does not turn, and without it the hysteresis never holds a ride
        /// with pauses in pedalling. On by default; docs/Accuracy.md measures it.
        public var bicycleRideEvidence: Bool

        /// The defaults: 2.56 s windows every 1.28 s, the activity rules, 5 s hysteresis (10 s to
        /// leave driving), the default step detector, the in-vehicle stage, the walker's rhythm as walking evidence,
        /// a bicycle ride's pedalling as cycling evidence for its coasting.
        public init(
            features: FeatureConfiguration = .init(), classifier: ActivityDetector.Classifier? = nil,
            smoothing: ActivitySmoothing = .hysteresis(.init()), steps: StepDetectorConfiguration = .init(),
            labelMap: [String: ActivityType] = [:], activityReports: [MotionActivityReport] = [],
            inVehicle: InVehicleOptions? = .init(), walkerRhythmEvidence: Bool = true,
            bicycleRideEvidence: Bool = true
        ) {
            self.features = features
            self.classifier = classifier
            self.smoothing = smoothing
            self.steps = steps
            self.labelMap = labelMap
            self.activityReports = activityReports
            self.inVehicle = inVehicle
            self.walkerRhythmEvidence = walkerRhythmEvidence
            self.bicycleRideEvidence = bicycleRideEvidence
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
    /// The steps on foot (``ActivityTimeline/stepsOnFoot(_:)``): those inside walking and running
    /// segments of ``timeline``; a car's vibration or a phone handled while sitting does not count,
    /// as a pedometer would not count it.
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
    /// Analyzes the recording's activities in one call: features, a decision per window,
    /// hysteresis, the timeline, steps counted while on foot, trips, GPS quality and scores against
    /// the labels.
    ///
    /// The recording goes through the same pipeline as ``RecordingAnalyzer`` and ``ActivityDetector``
    /// (it is one chunk of a ``RecordingAnalyzer`` that keeps every detail), at the sample rate and
    /// gap threshold of its ``samplingAnalysis(maximumGap:)``; the step detector's gap is
    /// `options.steps.maximumGap` when set.
    /// A recording whose acceleration has gravity removed, or sampled below 10 Hz, is analyzed
    /// without what needs that (``RecordingAnalysis/skipped``, ``missingAnalysisRequirements(sampleRate:)``).
    ///
    /// - Throws: `LocomotionError` for a recording that cannot be analyzed (no acceleration, a
    ///   rate outside ``Recording/supportedSampleRates``, NaN samples); ``LocomotionError`` from the
    ///   classifier, or for ``RecordingAnalysis/Options/activityReports`` out of order.
    /// - Complexity: O(*n*) in the samples, plus one feature extraction and classification per window.
    public func analyzeActivities(_ options: RecordingAnalysis.Options = .init()) throws(LocomotionError)
        -> RecordingAnalysis
    {
        let content = try requireMotionAcceleration().content
        let sampling = try requireSamplingAnalysis(purpose: "feature extraction")
        var analyzer = try RecordingAnalyzer(
            source: source, options: options, sampleRate: sampling.sampleRate, featureGap: sampling.maximumGap,
            stepGap: options.steps.maximumGap ?? sampling.maximumGap, hasGyroscope: rotationRate != nil,
            accelerationContent: content,
            retention: .init(windowResults: true, smoothedResults: true, steps: true))
        try analyzer.append(self)
        let (summary, speeds) = try analyzer.finishWithSpeeds()
        let pipeline = analyzer.pipeline
        return RecordingAnalysis(
            source: source, windows: pipeline.windowResults, smoothed: pipeline.smoothedResults,
            timeline: summary.timeline, detectedSteps: pipeline.detectedSteps, steps: pipeline.keptStepsOnFoot,
            trips: summary.trips, speeds: speeds, speedReport: summary.speedReport, confusion: summary.confusion,
            skipped: summary.skipped)
    }
}
