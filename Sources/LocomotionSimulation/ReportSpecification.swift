import Locomotion

/// An operating-system activity report that a phase triggers: the flags the phone's own
/// classifier (Core Motion's `CMMotionActivity`) reports once it has recognised the phase.
public struct ReportSpecification: Sendable, Hashable {
    /// The flags.
    public var flags: MotionActivityFlags
    /// The system's confidence.
    public var confidence: Confidence
    /// Seconds from the phase's start to the report (a coprocessor needs a few seconds, more
    /// to be sure of a vehicle). The simulated report's `MotionActivityReport.start` is this
    /// delivery time, the earliest an app would have heard of it.
    public var latency: Double

    /// - Parameters:
    ///   - flags: The motion flags.
    ///   - confidence: High by default.
    ///   - latency: Seconds after the phase starts; 5 by default.
    public init(_ flags: MotionActivityFlags, confidence: Confidence = .high, latency: Double = 5) {
        self.flags = flags
        self.confidence = confidence
        self.latency = latency
    }
}
