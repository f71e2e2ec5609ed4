/// A stretch of time during which one operating-system report held.
public struct MotionActivitySegment: Sendable, Hashable, Codable {
    /// The report in effect.
    public var report: MotionActivityReport
    /// Seconds; where the segment starts within the queried range.
    public var start: Double
    /// Seconds; where it ends: the next report's start, or the end of the queried range.
    public var end: Double

    /// `end − start`, in seconds.
    public var duration: Double { end - start }
}
