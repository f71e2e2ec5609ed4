import Locomotion

/// A part of a session where a detector should have settled: the speed has reached its phase,
/// the GPS has converged, the smoothing has had its hold time. Assert on these.
public struct SteadySpan: Sendable, Hashable {
    /// The span's name within its scenario (`walk`, `jam`, `sprint`, `stop`, …).
    public var name: String
    /// The true activity.
    public var activity: ActivityType
    /// Start and end, in seconds.
    public var start: Double, end: Double
    /// The start of the phase the span belongs to, in seconds.
    public var phaseStart: Double

    /// Whether a window from `windowStart` to `windowEnd` (seconds) is judged in the span: it
    /// ends inside the span (where the committed activity is read) and starts inside the span's
    /// phase (so its own decision sees only the phase).
    public func contains(start windowStart: Double, end windowEnd: Double) -> Bool {
        windowEnd >= start && windowEnd <= end && windowStart >= phaseStart
    }
}
