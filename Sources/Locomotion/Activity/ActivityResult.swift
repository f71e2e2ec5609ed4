/// One decision: the activity of a stretch of data, how sure it is, and what it rested on.
///
/// Times come from the data (seconds, in the recording's time base), never from the wall clock,
/// so a replayed recording gives the same results.
public struct ActivityResult: Sendable, Hashable, Codable {
    /// The decided activity.
    public var activity: ActivityType
    /// How sure the decision is.
    public var confidence: Confidence
    /// The class probabilities, when a probabilistic model made the decision.
    public var probabilities: ActivityProbabilities?
    /// The signals the decision rested on.
    public var evidence: ActivityEvidence
    /// The time of the first sample the decision covers, in seconds.
    public var start: Double
    /// The time of the last sample the decision covers, in seconds.
    public var end: Double

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - activity: The decided activity.
    ///   - confidence: How sure the decision is.
    ///   - probabilities: The class probabilities of a probabilistic model, or `nil`.
    ///   - evidence: The signals behind the decision.
    ///   - start: Seconds; the first sample covered.
    ///   - end: Seconds; the last sample covered (at least `start`).
    public init(
        activity: ActivityType, confidence: Confidence, probabilities: ActivityProbabilities? = nil,
        evidence: ActivityEvidence, start: Double, end: Double
    ) {
        self.activity = activity
        self.confidence = confidence
        self.probabilities = probabilities
        self.evidence = evidence
        self.start = start
        self.end = end
    }

    /// The speed in km/h, or `nil` when unavailable.
    public var speedKilometersPerHour: Double? { evidence.speed.map { $0 * 3.6 } }
}
