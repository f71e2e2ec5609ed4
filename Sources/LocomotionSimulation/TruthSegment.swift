import Locomotion

/// A stretch of a session with one ground-truth activity.
public struct TruthSegment: Sendable, Hashable {
    /// The activity.
    public var activity: ActivityType
    /// Start and end, in seconds.
    public var start: Double, end: Double
    /// What the stretch stands for, in words.
    public var note: String
}
