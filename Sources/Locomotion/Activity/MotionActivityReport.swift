import Foundation

/// One activity report from an operating system: the flags that hold from `start` until the next
/// report, and the system's confidence in them.
public struct MotionActivityReport: Sendable, Hashable, Codable {
    /// The motion flags; any combination, including none.
    public var flags: MotionActivityFlags
    /// The system's confidence, an ordering without numbers.
    public var confidence: Confidence
    /// When the motion began, in seconds in the data's time base.
    public var start: Double

    /// Creates a report.
    public init(flags: MotionActivityFlags, confidence: Confidence, start: Double) {
        self.flags = flags
        self.confidence = confidence
        self.start = start
    }

    /// The one activity the report stands for under `precedence`.
    public func activity(by precedence: ActivityPrecedence = .detector) -> ActivityType {
        precedence.activity(for: flags)
    }
}
