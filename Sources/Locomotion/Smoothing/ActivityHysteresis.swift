/// Hysteresis on activities: a new activity is committed only after it has been observed without
/// interruption for a hold time, so a car stopping at a red light does not flicker to walking.
///
/// Semantics: the committed activity starts as ``ActivityType/unknown``. An observation equal to
/// the committed activity cancels any pending change. An observation of another decided activity
/// starts a pending change at its time (or continues one for the same activity); the change is
/// committed at the first observation of that activity whose time is at least the hold time after
/// the pending change began. The hold time is the one for leaving the committed activity
/// (``Configuration/leavingHoldTimes``), else ``Configuration/holdTime``.
///
/// An ``ActivityType/unknown`` observation (a window the classifier could not decide, such as a
/// rough one) inside a pending walk, run or ride neither confirms nor cancels it
/// (``continuesThroughUndecided``): an irregular window (a turn, gait starting, a throttled phone)
/// belongs to such movement, so a walk whose windows alternate with undecided ones is still
/// committed. A pending stationary or driving, which the accelerometer reads from the absence of
/// gait, is cancelled by it as by any other activity: movement too rough for a vehicle's ride
/// contradicts both. Undecided observations without interruption for the hold time of leaving the
/// committed activity commit ``ActivityType/unknown`` and cancel the pending change.
///
/// Offline (``smooth(_:)``, ``OfflineSmoother``), a recording that ends within
/// ``shortRecordingSpan`` with nothing committed, too short for the hold time to commit what it
/// shows, keeps its windows' own activities at its end, with undecided windows inside a movement
/// and single-window flickers smoothed over (``shortRecordingActivities(_:)``).
///
/// Time comes from the observations (seconds in the data's time base), never from the clock, so
/// replaying the same observations gives the same output. A value type: copy it to branch, or
/// ``reset()`` to replay.
public struct ActivityHysteresis: Sendable, Hashable {
    /// Hold times in seconds.
    public struct Configuration: Sendable, Hashable, Codable {
        /// How long (s) a new activity must persist before it is committed: 5 s by default.
        public var holdTime: Double
        /// Longer (or shorter) hold times for leaving particular activities, in seconds. By
        /// default leaving driving takes 10 s: switching driving off during a stop at a red light
        /// is the costliest flicker, and stops at lights commonly last longer than 5 s.
        public var leavingHoldTimes: [ActivityType: Double]

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - holdTime: Seconds, finite and not negative.
        ///   - leavingHoldTimes: Seconds per activity left, finite and not negative.
        public init(holdTime: Double = 5, leavingHoldTimes: [ActivityType: Double] = [.driving: 10]) {
            self.holdTime = holdTime
            self.leavingHoldTimes = leavingHoldTimes
        }

        /// The hold time for leaving `activity`, in seconds.
        public func holdTime(leaving activity: ActivityType) -> Double {
            leavingHoldTimes[activity] ?? holdTime
        }

        /// Checks every hold time.
        ///
        /// - Throws: ``LocomotionError/Code/invalidParameter`` naming the first that is negative or
        ///   not finite.
        public func validate() throws(LocomotionError) {
            try LocomotionError.requireNonNegative(holdTime, name: "holdTime", unit: "s")
            for activity in ActivityType.allCases {
                if let time = leavingHoldTimes[activity] {
                    try LocomotionError.requireNonNegative(time, name: "leavingHoldTimes[\(activity)]", unit: "s")
                }
            }
        }
    }

    /// The hold times.
    public let configuration: Configuration
    /// The activity in effect.
    public private(set) var committed: ActivityType = .unknown
    /// The time (s) the committed activity took effect: the time of the observation that
    /// committed it; `nil` before any commitment.
    public private(set) var committedAt: Double?
    /// An activity waiting to be committed.
    public struct Pending: Sendable, Hashable {
        /// The activity observed.
        public var activity: ActivityType
        /// The time (s) its uninterrupted run began.
        public var since: Double
    }

    /// The activity waiting to be committed, if any.
    public private(set) var pending: Pending?
    /// The time (s) the current uninterrupted run of undecided observations began, while another
    /// activity is committed; `nil` otherwise.
    public private(set) var undecidedSince: Double?
    private var lastTime: Double?

    /// A filter with nothing observed yet.
    ///
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a hold time out of range.
    public init(configuration: Configuration = Configuration()) throws(LocomotionError) {
        try configuration.validate()
        self.configuration = configuration
    }

    /// Observes `activity` at `time` and returns the committed activity.
    ///
    /// - Parameters:
    ///   - activity: The raw decision for this moment.
    ///   - time: Seconds; finite and not before the previous observation (equal is allowed).
    /// - Throws: ``LocomotionError/Code/timeGoesBackwards`` when `time` goes backwards;
    ///   ``LocomotionError/Code/invalidData`` when it is not finite. The state is then unchanged.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func update(_ activity: ActivityType, at time: Double) throws(LocomotionError) -> ActivityType {
        guard time.isFinite else {
            throw LocomotionError.nonFiniteTime("observation", at: time)
        }
        if let lastTime, time < lastTime {
            throw LocomotionError(
                .timeGoesBackwards,
                message: "an observation at \(time) s comes after one at \(lastTime) s; times must not go backwards")
        }
        lastTime = time
        if activity == .unknown {
            // Undecided: the pending change waits; only an undecided run as long as the hold time
            // cancels it (and leaves the committed activity), which also bounds what is held.
            if let pending, !Self.continuesThroughUndecided.contains(pending.activity) { self.pending = nil }
            let since = undecidedSince ?? time
            undecidedSince = since
            if time - since >= configuration.holdTime(leaving: committed) {
                if committed != .unknown {
                    committed = .unknown
                    committedAt = time
                }
                pending = nil
                undecidedSince = nil
            }
            return committed
        }
        undecidedSince = nil
        if activity == committed {
            pending = nil
            return committed
        }
        if let pending, pending.activity == activity {
            if time - pending.since >= configuration.holdTime(leaving: committed) {
                committed = activity
                committedAt = time
                self.pending = nil
            }
        } else {
            pending = Pending(activity: activity, since: time)
            // A zero hold time commits at once.
            if configuration.holdTime(leaving: committed) == 0 {
                committed = activity
                committedAt = time
                pending = nil
            }
        }
        return committed
    }

    /// Forgets every observation: the filter is as new.
    public mutating func reset() {
        committed = .unknown
        committedAt = nil
        pending = nil
        undecidedSince = nil
        lastTime = nil
    }

    /// Applies the filter to `results` in order, from a fresh state, and returns them with each
    /// activity replaced by the committed one. Offline, a change is dated back to when the new
    /// activity began: the results from the start of the pending run up to its commitment take the
    /// new activity too (a live filter cannot know that yet). Confidence and evidence are kept.
    ///
    /// - Throws: ``LocomotionError/Code/timeGoesBackwards`` at the first end time that goes backwards.
    /// - Complexity: O(*n*).
    public func smooth(_ results: [ActivityResult]) throws(LocomotionError) -> [ActivityResult] {
        var smoother = OfflineSmoother(self)
        var smoothed: [ActivityResult] = []
        smoothed.reserveCapacity(results.count)
        for result in results { try smoother.append(result, into: &smoothed) }
        smoother.finish(into: &smoothed)
        return smoothed
    }
}

extension ActivityHysteresis {
    /// ``ActivityHysteresis/smooth(_:)`` one result at a time, for streams too long to hold: each
    /// result comes out once no later commitment can date back over it, so the results of the
    /// pending run (at most about twice the hold time, with the undecided windows inside it) are held
    /// back, and until something is committed those of the first ``ActivityHysteresis/shortRecordingSpan``.
    ///
    /// Feeding every result of a sequence through ``append(_:into:)`` and then calling
    /// ``finish(into:)`` gives exactly what `smooth(_:)` returns for it, in the same order.
    ///
    /// Thread safety: a value type; use each instance from one thread at a time.
    public struct OfflineSmoother: Sendable {
        private var filter: ActivityHysteresis
        /// The results from the start of the pending run (or of the undecided run): a commitment may
        /// still relabel them.
        private var held: [ActivityResult] = []
        /// The index in `held` of the first result of the current undecided run, while there is one.
        private var undecidedStart: Int?
        /// The results final but for the decision at the end of a short recording
        /// (``ActivityHysteresis/shortRecordingSpan``), while nothing has been committed.
        private var opening: [ActivityResult] = []
        /// The start (s) of the first result.
        private var firstStart: Double?
        /// Whether the recording may still end short and undecided.
        private var mayEndShort = true
        /// The classifier's own activity of every result so far, while the recording may end short.
        private var observed: [ActivityResult] = []

        /// The activity a live filter has committed after the results appended so far: what
        /// ``ActivityHysteresis/update(_:at:)`` returned for the newest one.
        public var committed: ActivityType { filter.committed }

        /// A smoother with the hold times of `hysteresis`, from a fresh state.
        public init(_ hysteresis: ActivityHysteresis) {
            filter = hysteresis
            filter.reset()
        }

        /// Smooths the next result and appends to `finished` those that are now final.
        ///
        /// - Throws: ``LocomotionError/Code/timeGoesBackwards`` when the result's end time goes backwards
        ///   or is not finite; the results held so far stay held.
        /// - Complexity: O(1) amortised; O(*h*) when a commitment relabels the *h* held results.
        public mutating func append(_ result: ActivityResult, into finished: inout [ActivityResult])
            throws(LocomotionError)
        {
            let before = filter.committed
            // A different activity than the pending one starts a new run: the old run is final. An
            // undecided result continues the pending run, or the undecided run already held.
            let undecided = result.activity == .unknown
            let undecidedRunBefore = filter.undecidedSince != nil
            let movements = ActivityHysteresis.continuesThroughUndecided
            let pendingMovement = filter.pending.map { movements.contains($0.activity) }
            let continuesRun =
                filter.pending?.activity == result.activity
                || (undecided && (pendingMovement == true || undecidedRunBefore))
            let committed = try filter.update(result.activity, at: result.end)
            let start = firstStart ?? result.start
            firstStart = start
            if mayEndShort, filter.committedAt != nil || result.end - start > shortRecordingSpan {
                mayEndShort = false
                finished.append(contentsOf: opening)
                opening.removeAll()
                observed.removeAll()
            }
            if mayEndShort { observed.append(result) }
            if !continuesRun { releaseHeld(into: &finished) }
            if !undecided {
                undecidedStart = nil
            } else if !undecidedRunBefore {
                undecidedStart = held.count
            }
            var smoothed = result
            smoothed.activity = committed
            if committed != before {
                // Unknown is dated back to its undecided run only; a decided activity to its pending run.
                let first = undecided ? (undecidedStart ?? held.count) : 0
                for index in first..<held.count { held[index].activity = committed }
            }
            held.append(smoothed)
            if filter.pending == nil && filter.undecidedSince == nil {
                releaseHeld(into: &finished)
                undecidedStart = nil
            }
        }

        /// Appends the results still held, at the end of the stream. A recording that ended before
        /// anything was committed, within ``ActivityHysteresis/shortRecordingSpan``, is decided here,
        /// window by window (``ActivityHysteresis/shortRecordingActivities(_:)``).
        ///
        /// - Complexity: O(*h*) for the *h* held results.
        public mutating func finish(into finished: inout [ActivityResult]) {
            if mayEndShort {
                opening.append(contentsOf: held)
                held.removeAll()
                let activities = ActivityHysteresis.shortRecordingActivities(observed.map(\.activity))
                for index in opening.indices where index < activities.count {
                    opening[index].activity = activities[index]
                }
                mayEndShort = false
            }
            finished.append(contentsOf: opening)
            opening.removeAll()
            finished.append(contentsOf: held)
            held.removeAll(keepingCapacity: true)
            undecidedStart = nil
        }

        /// Moves the held results on: to the opening while the recording may end short, else out.
        private mutating func releaseHeld(into finished: inout [ActivityResult]) {
            if mayEndShort { opening.append(contentsOf: held) } else { finished.append(contentsOf: held) }
            held.removeAll(keepingCapacity: true)
        }

        private var shortRecordingSpan: Double { ActivityHysteresis.shortRecordingSpan }
    }

    /// The activities whose pending change an undecided observation does not cancel: the
    /// movements (walking, running, cycling) an irregular window can belong to.
    public static let continuesThroughUndecided: Set<ActivityType> = [.walking, .running, .cycling]

    /// The longest recording (s, from its first window's start to its last window's end) that is
    /// decided at its end, window by window (``shortRecordingActivities(_:)``), when nothing was
    /// committed in it: 30 s, as long as the in-vehicle stage's entering evidence
    /// (`InVehicleStateMachine.finishRecording()` does the same for rides). A short recording (a
    /// clinical walk test of ~12 s, a logger writing short files) can show an activity in most of its
    /// windows without ever holding it uninterrupted for the hold time. The offline smoother holds at
    /// most this span of results back at the start of a recording.
    public static let shortRecordingSpan = 30.0

    /// The activities of a short recording's windows (``shortRecordingSpan``, nothing committed),
    /// decided at its end from `activities`, the classifier's own in time order.
    ///
    /// Hysteresis cannot commit anything in such a recording, and deciding it whole for its most
    /// frequent activity would give, say, a 12 s walk test that starts and ends seated the walk for
    /// its whole length. So each window keeps its own activity, except that (1) a run of undecided
    /// windows between two windows of the same movement (walking, running, cycling,
    /// ``continuesThroughUndecided``) takes that movement, as a live pending movement continues
    /// through them, and (2) then a single window between two windows of one decided activity takes
    /// theirs (a one-window flicker). A recording of a single window is left undecided: nothing
    /// corroborates it.
    ///
    /// - Parameter activities: The window activities in time order.
    /// - Returns: One activity per window.
    /// - Complexity: O(*n*).
    public static func shortRecordingActivities(_ activities: [ActivityType]) -> [ActivityType] {
        guard activities.count >= 2 else { return activities.map { _ in .unknown } }
        var filled = activities
        var lastDecided: Int?
        for index in activities.indices where activities[index] != .unknown {
            if let previous = lastDecided, index - previous > 1, activities[previous] == activities[index],
                continuesThroughUndecided.contains(activities[index])
            {
                for gap in (previous + 1)..<index { filled[gap] = activities[index] }
            }
            lastDecided = index
        }
        var smoothed = filled
        for index in filled.indices.dropFirst().dropLast() {
            let before = filled[index - 1]
            if before != .unknown, before == filled[index + 1], filled[index] != before { smoothed[index] = before }
        }
        return smoothed
    }
}
