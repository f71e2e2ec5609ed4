extension ActivityTimeline {
    /// The steps on foot among `steps`: those inside a walking or running segment of this
    /// timeline.
    ///
    /// **Steps on foot**, the one definition every analysis uses (``RecordingAnalysis/steps``,
    /// ``RecordingAnalysisSummary/stepCount``, ``RecordingAnalyzer/stepCount``,
    /// ``ActivityDetector/stepCount``): a step the step detector found whose time lies inside
    /// (bounds included) a ``ActivityType/walking`` or ``ActivityType/running`` segment of the
    /// *smoothed* timeline. A car's vibration or a phone handled while sitting makes steps that do
    /// not count, as a pedometer would not count them; a walk's first steps count although the
    /// hysteresis commits the walk seconds after it began, because the smoothed timeline dates the
    /// change back to its start.
    ///
    /// - Parameter steps: Steps in time order.
    /// - Returns: The steps on foot, in order.
    /// - Complexity: O(*s* + *g*) for *s* steps and *g* segments.
    public func stepsOnFoot(_ steps: [Step]) -> [Step] {
        var counter = StepsOnFootCounter(keepsSteps: true)
        for step in steps { counter.add(step) }
        counter.count(in: segments, latest: nil, final: true)
        return counter.stepsOnFoot
    }
}

/// Counts steps on foot (``ActivityTimeline/stepsOnFoot(_:)``) while the timeline grows: a step is
/// judged once the segment it falls in can no longer change. Before the end, a step waits until it
/// lies before the last segment (whose end may still move) or inside it no later than the newest
/// result's start (which that end never goes below).
struct StepsOnFootCounter: Sendable {
    /// Steps not judged yet, oldest first from `firstPending`.
    private var pending: [Step] = []
    private var firstPending = 0
    /// The first segment that may be the walking or running segment of the next pending step.
    private var cursor = 0
    /// Steps judged to be on foot so far.
    private(set) var count = 0
    /// Whether the steps on foot are kept in ``stepsOnFoot``.
    let keepsSteps: Bool
    private(set) var stepsOnFoot: [Step] = []
    /// Compacting `pending` keeps its capacity, so a steady stream allocates nothing.
    private static let compactionThreshold = 1024

    init(keepsSteps: Bool) {
        self.keepsSteps = keepsSteps
        pending.reserveCapacity(2 * Self.compactionThreshold)
    }

    /// Steps found but not yet judged.
    var pendingCount: Int { pending.count - firstPending }

    /// Adds the next step found (in time order).
    mutating func add(_ step: Step) {
        pending.append(step)
    }

    /// Judges the pending steps whose segment is final in `segments` (all of them when `final`).
    ///
    /// - Parameters:
    ///   - segments: The timeline so far, the last segment's end provisional unless `final`.
    ///   - latest: The newest result's start and end (``ActivityTimeline/Builder/latest``).
    ///   - final: Whether the timeline is complete.
    mutating func count(in segments: [ActivitySegment], latest: (start: Double, end: Double)?, final: Bool) {
        while firstPending < pending.count {
            let time = pending[firstPending].time
            if !final {
                guard let last = segments.last, let latest, time < last.start || time <= latest.start else { break }
            }
            while cursor < segments.count, !segments[cursor].activity.isPedestrian || segments[cursor].end < time {
                // The last segment's end may still move: leave it for a later pass unless it is done.
                if !final, cursor == segments.count - 1, segments[cursor].activity.isPedestrian { break }
                cursor += 1
            }
            if cursor < segments.count, segments[cursor].activity.isPedestrian, segments[cursor].start <= time {
                count += 1
                if keepsSteps { stepsOnFoot.append(pending[firstPending]) }
            }
            firstPending += 1
        }
        if firstPending >= Self.compactionThreshold {
            pending.removeFirst(firstPending)
            firstPending = 0
        }
    }
}
