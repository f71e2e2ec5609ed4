/// The bout rule of ``StepDetectorConfiguration``: a candidate step counts only inside a run of
/// regular intervals that holds ``StepDetectorConfiguration/Bout/minimumRunLength`` candidates, of
/// which ``StepDetectorConfiguration/Bout/minimumStrongSteps`` are strong. It keeps the run's state; the caller keeps the candidates and acts on each
/// decision, so the streaming detector (steps in seconds) and the window analyzer (sample
/// indices) share one rule.
///
/// A confirmed run may end with one *closing* candidate whose interval is longer than
/// ``StepDetectorConfiguration/Bout/maximumIntervalRatio`` times the previous one, up to
/// ``StepDetectorConfiguration/Bout/closingStepInterval``: a walker who stops slows the last step
/// (the trailing foot is brought alongside), so the last interval of a bout is often the longest.
/// That candidate is a step and the run ends with it; the next candidate starts a new run.
@_spi(Testing) public struct BoutRule: Sendable {
    /// What to do with a candidate.
    @_spi(Testing) public enum Decision: Equatable {
        /// Keep it: it may still become a step.
        case hold
        /// It is a step, and so are the `held` most recent candidates held before it.
        case emit(held: Int)
    }

    /// The caller's time units per second (1 for seconds, the sample rate for sample indices).
    let unitsPerSecond: Double
    let minimumRunLength: Int
    let minimumStrongSteps: Int
    /// The longest interval inside a run, in the caller's time unit.
    let maximumInterval: Double
    let maximumIntervalRatio: Double
    /// The longest interval after a confirmed run at which a slower candidate closes the run, in
    /// the caller's time unit (only intervals within ``maximumInterval`` reach it); 0 when closing
    /// steps are off.
    let closingInterval: Double
    /// The most candidates held: a long run of weak candidates keeps only the latest.
    let heldLimit: Int
    /// A run that keeps the walker's remembered step period (``StepDetectorConfiguration/Rhythm``)
    /// needs this many candidates, of which ``matchedStrongSteps`` strong.
    let matchedRunLength: Int
    let matchedStrongSteps: Int
    let periodTolerance: Double

    /// How many of the most recent candidates (the last one included) are held.
    private(set) var held = 0
    /// The strong candidates and all candidates of the current run.
    private var strength = 0
    private var total = 0
    private var confirmed = false
    private var lastTime: Double?
    private var lastInterval: Double?
    /// The interval before ``lastInterval`` in the same run, or `nil`.
    private var previousInterval: Double?
    private var lastWasStrong = false
    /// Whether every interval of the current run kept the remembered period passed to ``add(time:strong:period:)``.
    private var keepsPeriod = true

    /// The rule of `configuration`, with times in a unit of which there are `unitsPerSecond` in
    /// a second (1 for seconds, the sample rate for sample indices).
    @_spi(Testing) public init(_ configuration: StepDetectorConfiguration, unitsPerSecond: Double = 1) {
        let bout = configuration.bout
        self.unitsPerSecond = unitsPerSecond
        minimumRunLength = bout.minimumRunLength
        minimumStrongSteps = min(bout.minimumStrongSteps, bout.minimumRunLength)
        // A relative 1e-9 of slack: an interval of exactly the limit, measured as a difference
        // of timestamps (1.1500000000000004 s) or samples at a measured rate, is within it.
        let slack = 1 + 1e-9
        maximumInterval = bout.maximumStepInterval * unitsPerSecond * slack
        maximumIntervalRatio = bout.maximumIntervalRatio
        // Only intervals within maximumInterval reach the closing rule.
        closingInterval = bout.closingStepInterval * unitsPerSecond * slack
        heldLimit = 4 * max(bout.minimumRunLength, configuration.rhythm.matchedRunLength) + 16
        matchedRunLength = configuration.rhythm.matchedRunLength
        matchedStrongSteps = min(configuration.rhythm.matchedStrongSteps, matchedRunLength)
        periodTolerance = configuration.rhythm.periodTolerance
    }

    /// While the current run is confirmed: its last candidate's time and its step period, the
    /// mean of its last two intervals (a limp's alternating intervals give their mean), or its
    /// last interval when it has one; `nil` otherwise (no run, an unconfirmed one, or after a
    /// closing step).
    var confirmedRhythm: (last: Double, period: Double)? {
        guard confirmed, let lastTime, let lastInterval else { return nil }
        return (lastTime, previousInterval.map { ($0 + lastInterval) / 2 } ?? lastInterval)
    }

    /// Extends or restarts the current run with a candidate at `time` (not before the previous
    /// one's).
    ///
    /// - Parameter period: The walker's remembered step period, in the caller's time unit, or
    ///   `nil` (none remembered): a run whose every interval lies within ``periodTolerance`` of it
    ///   is confirmed by ``matchedRunLength`` candidates, ``matchedStrongSteps`` of them strong.
    /// - Complexity: O(1).
    @_spi(Testing) public mutating func add(time: Double, strong: Bool, period: Double? = nil) -> Decision {
        func keeps(_ interval: Double) -> Bool {
            guard let period else { return false }
            return abs(interval - period) <= periodTolerance * period
        }
        if let last = lastTime, time - last <= maximumInterval {
            let interval = time - last
            if let previous = lastInterval,
                interval > maximumIntervalRatio * previous || previous > maximumIntervalRatio * interval
            {
                if confirmed, interval > maximumIntervalRatio * previous, interval <= closingInterval {
                    // The slower last step of a confirmed run: a step, and the run ends here.
                    (held, strength, total, confirmed, lastInterval, previousInterval) = (0, 0, 0, false, nil, nil)
                    (lastTime, lastWasStrong, keepsPeriod) = (time, strong, true)
                    return .emit(held: 0)
                }
                // An irregular interval: a new run starts with the previous candidate, which is
                // held unless its run was confirmed.
                (held, strength, total) = confirmed ? (0, 0, 0) : (1, lastWasStrong ? 1 : 0, 1)
                // A run restarted with the previous candidate has this one interval.
                keepsPeriod = confirmed || keeps(interval)
                confirmed = false
                previousInterval = nil
            } else {
                keepsPeriod = keepsPeriod && keeps(interval)
                previousInterval = lastInterval
            }
            lastInterval = interval
        } else {
            (held, strength, total, confirmed, lastInterval, previousInterval) = (0, 0, 0, false, nil, nil)
            keepsPeriod = true
        }
        (lastTime, lastWasStrong) = (time, strong)
        if strong { strength += 1 }
        total += 1
        if confirmed { return .emit(held: 0) }
        // A run of the walker's own rhythm (at least one interval, all keeping the period) needs
        // fewer candidates: a slow walker's bouts between pauses are short.
        let matched = period != nil && keepsPeriod && total >= 2
        if (strength >= minimumStrongSteps && total >= minimumRunLength)
            || (matched && strength >= matchedStrongSteps && total >= matchedRunLength)
        {
            defer { (held, confirmed) = (0, true) }
            return .emit(held: held)
        }
        held = min(held + 1, heldLimit)
        return .hold
    }

    /// Forgets the run, as at the start of a segment.
    mutating func reset() {
        (held, strength, total, confirmed, lastTime, lastInterval, lastWasStrong) = (0, 0, 0, false, nil, nil, false)
        (keepsPeriod, previousInterval) = (true, nil)
    }
}
