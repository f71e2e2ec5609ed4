/// The one path from motion samples to an activity analysis, which every driver runs:
/// ``Recording/analyzeActivities(_:)`` (a whole recording), ``RecordingAnalyzer`` (chunks in bounded
/// memory) and ``ActivityDetector`` (live events). Drivers only translate their input into the calls
/// below, in time order, and read the results; no stage is written twice.
///
/// ```
/// sample ─▶ StreamingFeatureExtractor ─▶ bound classifier ─▶ temporal model ─▶ in-vehicle stage ─▶ timeline builder
///  (fix, cadence ─▶ window context;        (vector + context:    (ActivityTemporalModel:      ▲             │
///   OS report ─▶ classification context)    report, GPS, cadence)  none / hysteresis / HMM)   │             ├▶ steps on foot
/// sample ─▶ VehicleEvidence ─▶ InVehicleStateMachine (10 s windows, 1 s hop) ─────────────┘             │
/// sample ─▶ StepDetector ───────────────────────────────────────────────────────────────────┤  (StepsOnFootCounter)
/// label  ─▶ window truth (unanimous label) ─────────────────────────────────────────────────┼▶ confusion
/// fix    ─▶ kept fixes ─▶ SpeedSmoother at finish() ────────────────────────────────────────┴▶ trips, GPS report
/// ```
///
/// Per row (sample), the calls are: the row's GPS fix (``append(fix:keeping:)``), its pedometer
/// cadence (``append(cadence:at:)``), its label (``append(label:)``), then the motion sample
/// (``append(time:x:y:z:rotationRate:)``); operating-system reports arrive with
/// ``append(report:)`` or are scheduled from ``RecordingAnalysis/Options/activityReports`` (each
/// delivered before the first sample at or after its start). Because every stage sees the same
/// sequence whatever the driver, the results are equal bit for bit.
///
/// Between the classifier and the temporal model, a slow walker's rhythm confirmed by the step
/// detector (``WalkerRhythmEvidence``, when ``RecordingAnalysis/Options/walkerRhythmEvidence`` is
/// set) turns a window the classifier calls stationary or driving without gait into walking. Only
/// its slowest part, 50 steps/min and slower, is the in-vehicle stage's on-foot hint
/// (``RecordingAnalysis/Options/walkerRhythmInVehicleStage``): a bus's sway taught the detector
/// rhythms up to 1.1 s (docs/Accuracy.md, "Very slow walkers and the in-vehicle stage"). Then a
/// confirmed bicycle ride (`BicycleRideEvidence`, when ``RecordingAnalysis/Options/bicycleRideEvidence``
/// is set) turns the windows of its coasting that the classifier calls driving without gait or
/// rough into cycling, longer while the phone holds the riding posture (docs/Accuracy.md, "A ride's
/// coasting" and "A coast held in the riding posture").
///
/// The in-vehicle stage (``InVehicleStage``, when ``RecordingAnalysis/Options/inVehicle`` is set)
/// holds each smoothed result until the in-vehicle decision at its centre is final (about 70 s by
/// default), so the timeline trails the samples by that much more.
///
/// Allocation: none per sample or per window in steady state with a classifier whose bound form
/// allocates nothing and the hysteresis or no smoothing (buffers are reserved once and compacted
/// in place), unless detail is kept (``Retention``). The hidden Markov model holds every window's
/// result until ``finish()``.
struct ActivityPipeline: Sendable {
    /// What the pipeline keeps beyond the summary.
    struct Retention: Sendable {
        /// Every window's own result (``RecordingAnalysis/windows``).
        var windowResults = false
        /// Every smoothed result (``RecordingAnalysis/smoothed``).
        var smoothedResults = false
        /// Every step found and the steps on foot (``RecordingAnalysis/detectedSteps``, ``RecordingAnalysis/steps``).
        var steps = false
        /// The GPS fixes, smoothed at ``finish()`` for the trips' speeds and the GPS report.
        var locationFixes = true
    }

    private(set) var extractor: StreamingFeatureExtractor
    private var classifier: any BoundActivityClassifier
    private var temporalModel: any ActivityTemporalModel
    /// `nil` when the analysis has no in-vehicle stage.
    private var vehicleStage: InVehicleStage?
    private var releasedResults: [ActivityResult] = []
    private var releasedStops: [Bool] = []
    private(set) var timeline = ActivityTimeline.Builder()
    /// `nil` when the step detector cannot run (``missingRequirements`` is not empty).
    private var stepDetector: StepDetector?
    /// What the analysis skips because the samples lack it (``RecordingAnalysisSummary/skipped``).
    let missingRequirements: [AnalysisRequirement]
    private var newSteps: [Step] = []
    private var stepsOnFoot: StepsOnFootCounter
    /// `nil` when the analysis does not read the walker's rhythm (``RecordingAnalysis/Options/walkerRhythmEvidence``).
    private let walkerRhythm: WalkerRhythmEvidence?
    /// Where the window's gravity sway is in the features (the brisker rhythm's gate), `nil` when
    /// the schema lacks it.
    private let swayColumn: Int?
    /// `nil` unless the in-vehicle stage hears a very slow walker's rhythm
    /// (``RecordingAnalysis/Options/walkerRhythmInVehicleStage``).
    private let rideRhythm: WalkerRhythmEvidence?
    /// `nil` when the analysis does not carry a ride through its coasting (``RecordingAnalysis/Options/bicycleRideEvidence``).
    private var bicycleRide: BicycleRideEvidence?
    /// The first sample the step detector refused (not finite); the drivers decide when it counts.
    private(set) var stepFailure: LocomotionError?
    var retention: Retention

    private let labelMap: [String: ActivityType]
    /// The label of the newest row and the index of the first row of its run.
    private var currentLabel: String?
    private var labelRunStart = 0
    private(set) var rowCount = 0
    /// Each window's truth from the labels, oldest first from `firstPendingTruth`, until its
    /// smoothed result comes out of the temporal model.
    private var pendingTruths: [ActivityType?] = []
    private var firstPendingTruth = 0
    private var confusion = ActivityConfusion()
    private var smoothedBatch: [ActivityResult] = []
    private static let compactionThreshold = 4096

    /// Reports scheduled by time, and the next one to deliver.
    private let scheduledReports: [MotionActivityReport]
    private var nextScheduledReport = 0
    private(set) var latestReport: MotionActivityReport?
    private var fixes: [LocationFix] = []

    /// Windows decided so far.
    private(set) var windowCount = 0
    /// Steps the step detector has found so far.
    private(set) var detectedStepCount = 0
    /// The newest window's own result.
    private(set) var latestResult: ActivityResult?
    private(set) var windowResults: [ActivityResult] = []
    private(set) var smoothedResults: [ActivityResult] = []
    private(set) var detectedSteps: [Step] = []

    /// Prepares the stages.
    ///
    /// - Parameters:
    ///   - options: Features, classifier, smoothing, steps, labels and scheduled reports.
    ///   - sampleRate: The motion samples' rate in Hz.
    ///   - featureGap: The longest interval (s) inside a stretch of windows; `nil` for the
    ///     streaming extractor's default.
    ///   - stepGap: The step detector's longest interval (s); `nil` keeps `options.steps.maximumGap`.
    ///   - hasGyroscope: Whether samples carry a rotation rate.
    ///   - accelerationContent: What the samples' acceleration holds; without gravity, or below
    ///     10 Hz, the features that need it are missing and no steps are detected.
    ///   - retention: What to keep beyond the summary.
    /// - Throws: `LocomotionError` for a rate, feature or step configuration out of range;
    ///   ``LocomotionError`` for a hold time out of range, a classifier that cannot bind to the
    ///   features' schema, or scheduled reports out of order.
    init(
        options: RecordingAnalysis.Options, sampleRate: Double, featureGap: Double?, stepGap: Double?,
        hasGyroscope: Bool, accelerationContent: AccelerationContent = .includingGravity, retention: Retention
    ) throws(LocomotionError) {
        extractor = try StreamingFeatureExtractor(
            configuration: options.features, sampleRate: sampleRate, maximumGap: featureGap, hasGyroscope: hasGyroscope,
            accelerationContent: accelerationContent)
        missingRequirements = Recording.missingAnalysisRequirements(
            accelerationContent: accelerationContent, sampleRate: sampleRate)
        let chosen: ActivityDetector.Classifier
        if let given = options.classifier { chosen = given } else { chosen = .rules(try FeatureRuleClassifier()) }
        classifier = try chosen.classifier.bound(to: extractor.schema)
        temporalModel = try Self.smoothing(options).temporalModel()
        if let inVehicle = options.inVehicle {
            vehicleStage = try InVehicleStage(options: inVehicle, gravityIncluded: accelerationContent.hasGravity)
            timeline.minimumStopDuration = inVehicle.minimumStopDuration
        }
        var steps = options.steps
        if let stepGap { steps.maximumGap = stepGap }
        stepDetector =
            missingRequirements.isEmpty ? try StepDetector(sampleRate: sampleRate, configuration: steps) : nil
        walkerRhythm = options.walkerRhythmEvidence ? WalkerRhythmEvidence() : nil
        swayColumn = extractor.schema.index(of: BuiltinFeature.gravitySway.columnName())
        rideRhythm = options.walkerRhythmInVehicleStage && options.inVehicle != nil ? WalkerRhythmEvidence() : nil
        bicycleRide =
            options.bicycleRideEvidence ? BicycleRideEvidence(readsPosture: accelerationContent.hasGravity) : nil
        labelMap = options.labelMap
        self.retention = retention
        stepsOnFoot = StepsOnFootCounter(keepsSteps: retention.steps)
        var previous: Double?
        for report in options.activityReports { try Self.requireOrder(report, after: &previous) }
        scheduledReports = options.activityReports
        newSteps.reserveCapacity(8)
        pendingTruths.reserveCapacity(2 * Self.compactionThreshold)
        smoothedBatch.reserveCapacity(64)
        releasedResults.reserveCapacity(64)
        releasedStops.reserveCapacity(64)
    }

    /// The smoothing the temporal model runs: `options.smoothing`, except that with the in-vehicle
    /// stage the hysteresis leaves driving after its ordinary hold time. The longer hold for
    /// leaving driving keeps a car's ride through a stop at a red light; with the stage, a ride is
    /// held through its stops by the stage itself (every result inside it is driving), and outside
    /// a ride the driving the accelerometer alone suggested ("moderate without gait") is
    /// stationary — so the longer hold only kept a walker who paused between short bouts out of
    /// walking for 10 s after each pause (the slowed HA001 Test11 · slowweak: 58.5 → 79.4 % of
    /// its walking time on foot; docs/Accuracy.md, "Brisker walkers' rhythm and the hold to leave
    /// driving", measures every source).
    static func smoothing(_ options: RecordingAnalysis.Options) -> ActivitySmoothing {
        guard options.inVehicle != nil, case .hysteresis(var configuration) = options.smoothing else {
            return options.smoothing
        }
        configuration.leavingHoldTimes[.driving] = nil
        return .hysteresis(configuration)
    }

    /// The activity in effect after the newest window, for a live user: driving inside a vehicle
    /// (the in-vehicle stage's live state), else the temporal model's
    /// ``ActivityTemporalModel/current``, in which driving the accelerometer alone suggested is
    /// stationary.
    var current: ActivityType {
        guard let vehicleStage else { return temporalModel.current }
        if vehicleStage.inVehicle { return .driving }
        let activity = temporalModel.current
        return activity == .driving && !latestExternallyDriving ? .stationary : activity
    }
    /// Whether the newest window's driving rests on a GPS speed or an automotive report.
    private var latestExternallyDriving = false
    /// Steps judged to be on foot so far (``ActivityTimeline/stepsOnFoot(_:)``).
    var stepCount: Int { stepsOnFoot.count }
    /// Steps found whose segment is not final yet.
    var pendingStepCount: Int { stepsOnFoot.pendingCount }

    /// Feeds a GPS fix: `fix` to the windows' context and the in-vehicle stage, `keeping` (the same fix with its coordinate,
    /// when the driver has one) to the speeds smoothed at ``finish()``.
    mutating func append(fix: LocationFix?, keeping kept: LocationFix?) {
        if let fix {
            extractor.append(fix: fix)
            vehicleStage?.append(fix: fix)
        }
        if retention.locationFixes, let kept { fixes.append(kept) }
    }

    /// Records a pedometer cadence (steps/s) at `time` (s).
    mutating func append(cadence: Double, at time: Double) {
        extractor.append(cadence: cadence, at: time)
    }

    /// Notes the label of the row whose sample comes next.
    mutating func append(label: String) {
        if label != currentLabel {
            currentLabel = label
            labelRunStart = rowCount
        }
    }

    /// Takes an operating-system report: the windows that end after it hear it.
    ///
    /// - Throws: ``LocomotionError/Code/invalidData`` for a start that is not finite,
    ///   ``LocomotionError/Code/timeGoesBackwards`` for one before the previous report's.
    mutating func append(report: MotionActivityReport) throws(LocomotionError) {
        var previous = latestReport?.start
        try Self.requireOrder(report, after: &previous)
        latestReport = report
    }

    /// Takes one motion sample: windows it, detects steps in it, and when it completes a window,
    /// classifies, smooths and files that window.
    ///
    /// - Returns: Whether a window was decided (``latestResult``).
    /// - Throws: What ``StreamingFeatureExtractor/append(time:x:y:z:rotationRate:)`` throws (the
    ///   sample then reaches no other stage); what the classifier and the temporal model throw.
    ///   A sample the step detector refuses is noted in ``stepFailure`` instead.
    mutating func append(
        time: Double, x: Double, y: Double, z: Double, rotationRate: (x: Double, y: Double, z: Double)?
    ) throws(LocomotionError) -> Bool {
        while nextScheduledReport < scheduledReports.count, scheduledReports[nextScheduledReport].start <= time {
            latestReport = scheduledReports[nextScheduledReport]
            nextScheduledReport += 1
        }
        rowCount += 1
        let completed = try extractor.append(time: time, x: x, y: y, z: z, rotationRate: rotationRate)
        if let rideRhythm {
            vehicleStage?.walkerOnFoot = rideRhythm.isOnFootForVehicleStage(
                at: time, rhythm: stepDetector?.walkerRhythm)
        }
        try vehicleStage?.append(time: time, x: x, y: y, z: z)
        bicycleRide?.add(x: x, y: y, z: z)
        do {
            try stepDetector?.process(time: time, x: x, y: y, z: z, into: &newSteps)
        } catch {
            if stepFailure == nil { stepFailure = error }
        }
        if !newSteps.isEmpty { takeNewSteps() }
        guard completed else { return false }
        try decide()
        return true
    }

    /// Ends the input: the step detector judges its last samples, the temporal model releases what
    /// it holds, every step is judged, and the GPS fixes are smoothed.
    ///
    /// - Throws: ``LocomotionError`` from the temporal model; `LocomotionError` from the GPS summary.
    mutating func finish(source: String) throws(LocomotionError) -> (
        summary: RecordingAnalysisSummary, speeds: [SmoothedSpeed]
    ) {
        stepDetector?.finish(into: &newSteps)
        takeNewSteps()
        try temporalModel.finish(into: &smoothedBatch)
        vehicleStage?.finish()
        try takeSmoothed()
        stepsOnFoot.count(in: timeline.segments, latest: timeline.latest, final: true)
        let segments = timeline.timeline
        let speeds = SpeedSmoother().smooth(fixes)
        let summary = RecordingAnalysisSummary(
            source: source, windowCount: windowCount, timeline: segments, detectedStepCount: detectedStepCount,
            stepCount: stepsOnFoot.count, trips: segments.trips(speeds: speeds),
            speedReport: speeds.isEmpty ? nil : try SpeedSmoothingReport(results: speeds),
            confusion: confusion.total == 0 ? nil : confusion, skipped: missingRequirements)
        return (summary, speeds)
    }

    /// The steps on foot kept (``Retention/steps``).
    var keptStepsOnFoot: [Step] { stepsOnFoot.stepsOnFoot }

    /// Hands the kept window results over (``Retention/windowResults``).
    mutating func takeWindowResults() -> [ActivityResult] {
        defer { windowResults = [] }
        return windowResults
    }

    private mutating func decide() throws(LocomotionError) {
        guard let vector = extractor.vector else { return }
        var result = try classifier.classify(
            vector, context: ActivityClassificationContext(extractor.context, report: latestReport))
        if let walkerRhythm, let stepDetector {
            result = walkerRhythm.adjusted(
                result, rhythm: stepDetector.walkerRhythm, sway: swayColumn.map { vector.values[$0] } ?? .nan)
        }
        if let adjusted = bicycleRide?.adjusted(result) { result = adjusted }
        windowCount += 1
        latestResult = result
        if retention.windowResults { windowResults.append(result) }
        pendingTruths.append(truthOfNewestWindow())
        if let inVehicle = vehicleStage?.options {
            latestExternallyDriving =
                result.evidence.speed.map { $0 >= inVehicle.drivingSpeed } ?? false
                || latestReport?.flags.contains(.automotive) ?? false
            vehicleStage?.noteWindow(externallyDriving: latestExternallyDriving)
            // The window classifier's walking is not passed to the state machine as on-foot evidence:
            // measured, it kept loose phones in cars out of every ride (docs/Accuracy.md).
        }
        try temporalModel.append(result, features: vector, into: &smoothedBatch)
        try takeSmoothed()
        stepsOnFoot.count(in: timeline.segments, latest: timeline.latest, final: false)
    }

    /// The truth of the window just completed, as ``ActivityTrainingSet/truths(of:recording:activity:labelMap:)``
    /// has it: the activity of its label when every row of it has that label; `nil` otherwise.
    private func truthOfNewestWindow() -> ActivityType? {
        guard let label = currentLabel, labelRunStart <= rowCount - extractor.extractor.windowLength,
            let activity = labelMap[label] ?? ActivityType(label: label), activity != .unknown
        else { return nil }
        return activity
    }

    /// Moves the smoothed results that are final through the in-vehicle stage into the timeline
    /// and the scores.
    private mutating func takeSmoothed() throws(LocomotionError) {
        guard vehicleStage != nil else {
            for result in smoothedBatch { try file(result, isStop: false) }
            smoothedBatch.removeAll(keepingCapacity: true)
            compactTruths()
            return
        }
        // The stage is changed in place: a copy moved out and back (a large value with a dozen
        // arrays) cost more than the rest of this call.
        for index in smoothedBatch.indices { vehicleStage!.take(smoothedBatch[index]) }
        smoothedBatch.removeAll(keepingCapacity: true)
        vehicleStage!.release(into: &releasedResults, stopped: &releasedStops)
        for index in releasedResults.indices { try file(releasedResults[index], isStop: releasedStops[index]) }
        releasedResults.removeAll(keepingCapacity: true)
        releasedStops.removeAll(keepingCapacity: true)
        compactTruths()
    }

    private mutating func file(_ result: ActivityResult, isStop: Bool) throws(LocomotionError) {
        try timeline.append(result, isStop: isStop)
        if let truth = pendingTruths[firstPendingTruth] {
            confusion.add(truth: truth, predicted: result.activity)
        }
        firstPendingTruth += 1
        if retention.smoothedResults { smoothedResults.append(result) }
    }

    private mutating func compactTruths() {
        if firstPendingTruth >= Self.compactionThreshold {
            pendingTruths.removeFirst(firstPendingTruth)
            firstPendingTruth = 0
        }
    }

    private mutating func takeNewSteps() {
        detectedStepCount += newSteps.count
        for step in newSteps { stepsOnFoot.add(step) }
        if retention.steps { detectedSteps.append(contentsOf: newSteps) }
        newSteps.removeAll(keepingCapacity: true)
    }

    private static func requireOrder(_ report: MotionActivityReport, after previous: inout Double?)
        throws(LocomotionError)
    {
        guard report.start.isFinite else {
            throw LocomotionError.nonFiniteTime("activity report", at: report.start)
        }
        if let previous, !(report.start >= previous) {
            throw LocomotionError.outOfOrder("activity report", at: report.start, after: previous)
        }
        previous = report.start
    }
}
