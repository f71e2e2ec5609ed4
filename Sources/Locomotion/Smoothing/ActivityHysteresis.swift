/// Hysteresis on activities: a new activity is committed only after it has been observed without
/// interruption for a hold time, so a car stopping at a red light does not flicker to walking.
///
/// Semantics: the committed activity starts as ``ActivityType/unknown``. An observation equal to
/// the committed activity cancels any pending change. An observation of another activity starts a
/// pending change at its time (or continues one for the same activity); the change is committed at
/// the first observation of that activity whose time is at least the hold time after the pending
/// change began. The hold time is the one for leaving the committed activity
/// (``Configuration/leavingHoldTimes``), else ``Configuration/holdTime``.
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
    /// pending run (at most the hold time's worth) are held back.
    ///
    /// Feeding every result of a sequence through ``append(_:into:)`` and then calling
    /// ``finish(into:)`` gives exactly what `smooth(_:)` returns for it, in the same order.
    ///
    /// Thread safety: a value type; use each instance from one thread at a time.
    public struct OfflineSmoother: Sendable {
        private var filter: ActivityHysteresis
        /// The results from the start of the pending run: a commitment may still relabel them.
        private var held: [ActivityResult] = []

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
            // A different activity than the pending one starts a new run: the old run is final.
            let continuesRun = filter.pending?.activity == result.activity
            let committed = try filter.update(result.activity, at: result.end)
            if !continuesRun {
                finished.append(contentsOf: held)
                held.removeAll(keepingCapacity: true)
            }
            var smoothed = result
            smoothed.activity = committed
            if committed != before {
                for index in held.indices { held[index].activity = committed }
            }
            held.append(smoothed)
            if filter.pending == nil {
                finished.append(contentsOf: held)
                held.removeAll(keepingCapacity: true)
            }
        }

        /// Appends the results still held, at the end of the stream.
        ///
        /// - Complexity: O(*h*) for the *h* held results.
        public mutating func finish(into finished: inout [ActivityResult]) {
            finished.append(contentsOf: held)
            held.removeAll(keepingCapacity: true)
        }
    }
}
