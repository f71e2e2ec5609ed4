/// What an analysis says about a recording, without its per-window and per-step detail: what
/// `locomotion analyze` prints. ``RecordingAnalysis/summary`` makes one from a whole-recording
/// analysis; ``RecordingAnalyzer`` makes the same one from a stream of chunks in bounded memory.
public struct RecordingAnalysisSummary: Sendable, Hashable {
    /// The recording's name.
    public var source: String
    /// The feature windows decided.
    public var windowCount: Int
    /// The timeline of the smoothed decisions.
    public var timeline: ActivityTimeline
    /// Steps the detector found anywhere in the recording.
    public var detectedStepCount: Int
    /// Steps inside walking and running segments (see ``RecordingAnalysis/steps``).
    public var stepCount: Int
    /// The trips (driving until on foot again), with their speed estimates.
    public var trips: [Trip]
    /// The GPS fix summary, when the recording has fixes.
    public var speedReport: SpeedSmoothingReport?
    /// The smoothed decisions against the recording's labels, when it has labels that name
    /// activities.
    public var confusion: ActivityConfusion?
    /// What resampling did before the analysis, when ``RecordingImporter`` resampled the recording
    /// (``RecordingReadOptions/resampling``); `nil` otherwise.
    public var resampling: RecordingResamplingReport?
    /// What the analysis skipped because the recording lacks it (gravity in the acceleration, a
    /// rate of 10 Hz for the gait band), in ``AnalysisRequirement`` order; each one's
    /// ``AnalysisRequirement/explanation`` is the note to show. Empty when everything ran.
    public var skipped: [AnalysisRequirement] = []
    /// Notes on implausible values in the recording as written (``PlausibilityChecker``), when
    /// ``RecordingImporter`` read it; empty otherwise, and for a plausible recording.
    public var plausibilityNotes: [String] = []

    /// Creates a summary.
    public init(
        source: String, windowCount: Int, timeline: ActivityTimeline, detectedStepCount: Int, stepCount: Int,
        trips: [Trip], speedReport: SpeedSmoothingReport?, confusion: ActivityConfusion?,
        skipped: [AnalysisRequirement] = []
    ) {
        self.skipped = skipped
        self.source = source
        self.windowCount = windowCount
        self.timeline = timeline
        self.detectedStepCount = detectedStepCount
        self.stepCount = stepCount
        self.trips = trips
        self.speedReport = speedReport
        self.confusion = confusion
    }

    /// The mean cadence (steps/s) of the steps on foot over the walking and running segments, or
    /// `nil` without such steps.
    public var meanCadence: Double? { Self.meanCadence(steps: stepCount, timeline: timeline) }

    static func meanCadence(steps: Int, timeline: ActivityTimeline) -> Double? {
        let seconds = timeline.secondsOnFoot
        return seconds > 0 && steps > 0 ? Double(steps) / seconds : nil
    }
}

extension RecordingAnalysis {
    /// The analysis without its per-window and per-step detail.
    public var summary: RecordingAnalysisSummary {
        RecordingAnalysisSummary(
            source: source, windowCount: windows.count, timeline: timeline, detectedStepCount: detectedSteps.count,
            stepCount: steps.count, trips: trips, speedReport: speedReport, confusion: confusion, skipped: skipped)
    }
}
