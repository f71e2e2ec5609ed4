/// The start or the end of an activity, as Android's Activity Transition API reports them
/// (`ACTIVITY_TRANSITION_ENTER` and `ACTIVITY_TRANSITION_EXIT`).
public struct ActivityTransition: Sendable, Hashable, Codable {
    /// Entering or leaving an activity.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// `ACTIVITY_TRANSITION_ENTER` (Android's constant 0).
        case enter
        /// `ACTIVITY_TRANSITION_EXIT` (Android's constant 1).
        case exit
    }

    /// The activity entered or left.
    public var activity: ActivityType
    /// Entering or leaving.
    public var kind: Kind
    /// Seconds, in the data's time base.
    public var time: Double

    /// Creates a transition.
    public init(activity: ActivityType, kind: Kind, time: Double) {
        self.activity = activity
        self.kind = kind
        self.time = time
    }

    /// The transitions of a sequence of committed activities (each the activity from its time on):
    /// entering the first, then at every change an exit of the old activity followed by an entry
    /// of the new one, at the time of the change. Repeats of the same activity make no event.
    /// ``ActivityType/unknown`` is never entered or left (Android's transition API has no unknown
    /// activity): a change to unknown only exits the old activity, and a change from unknown only
    /// enters the new one.
    ///
    /// - Parameter activities: `(time, activity)` pairs; times in seconds, finite, not decreasing.
    /// - Throws: ``LocomotionError/Code/timeGoesBackwards`` at the first time that decreases or is not finite.
    /// - Complexity: O(*n*).
    public static func transitions(
        of activities: some Sequence<(time: Double, activity: ActivityType)>
    ) throws(LocomotionError) -> [ActivityTransition] {
        var transitions: [ActivityTransition] = []
        var current: ActivityType?
        var previousTime = -Double.infinity
        for (index, entry) in activities.enumerated() {
            guard entry.time.isFinite, entry.time >= previousTime else {
                throw LocomotionError(
                    .timeGoesBackwards,
                    message:
                        "activity \(index + 1) is at \(entry.time) s, after one at \(previousTime) s; times must be finite and not decrease"
                )
            }
            previousTime = entry.time
            guard entry.activity != current else { continue }
            transitions += change(from: current ?? .unknown, to: entry.activity, at: entry.time)
            current = entry.activity
        }
        return transitions
    }

    /// The transitions of one change of the committed activity at `time`: an exit of `old` and an
    /// entry of `new`, unknown being neither left nor entered; none when they are equal.
    public static func change(from old: ActivityType, to new: ActivityType, at time: Double) -> [ActivityTransition] {
        guard old != new else { return [] }
        var transitions: [ActivityTransition] = []
        if old != .unknown { transitions.append(ActivityTransition(activity: old, kind: .exit, time: time)) }
        if new != .unknown { transitions.append(ActivityTransition(activity: new, kind: .enter, time: time)) }
        return transitions
    }
}
