/// How an operating system's activity report votes in ``VoteFusion``: the report is reduced to
/// one activity by a precedence, and that activity receives its weight.
///
/// Two presets:
/// - ``trafficJam``: automotive votes driving +2, else walking votes walking +2. Breaks the tie of
///   a slow car (0.8 m/s, no steps, smooth), whose speed alone says walking, in favour of driving.
/// - ``withCycling``: the report reduced by ``ActivityPrecedence/detector``; cycling +3,
///   driving +2, walking +2. At 6 m/s on a bicycle the speed votes running (+2), the missing steps
///   driving (+1) and the smooth ride driving (+1): cycling's 3 wins only against a driving total
///   below 3. Above 6 m/s the speed votes driving +3, and with no steps the default weights give
///   driving at least 4 against cycling's 3: the fusion still says driving there.
public struct OperatingSystemVotes: Sendable, Hashable, Codable {
    /// Reduces the report's flags to one activity.
    public var precedence: ActivityPrecedence
    /// The vote each activity receives when the report stands for it, in ``ActivityType/decidable``
    /// order; 0 casts no vote.
    public var weights: [Int]
    /// Reports below this confidence cast no vote.
    public var minimumConfidence: Confidence

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - precedence: How several flags become one activity.
    ///   - weights: The vote per activity; activities not listed get 0.
    ///   - minimumConfidence: Reports less confident than this cast no vote.
    public init(
        precedence: ActivityPrecedence, weights: [ActivityType: Int], minimumConfidence: Confidence = .low
    ) {
        self.precedence = precedence
        self.weights = ActivityType.decidable.map { weights[$0] ?? 0 }
        self.minimumConfidence = minimumConfidence
    }

    /// Automotive → driving +2, else walking → walking +2.
    public static let trafficJam = OperatingSystemVotes(
        precedence: ActivityPrecedence(checked: [.driving, .walking]), weights: [.driving: 2, .walking: 2])

    /// By ``ActivityPrecedence/detector``: cycling +3, driving +2, walking +2.
    public static let withCycling = OperatingSystemVotes(
        precedence: .detector, weights: [.cycling: 3, .driving: 2, .walking: 2])

    /// The weight for `activity`.
    public func weight(for activity: ActivityType) -> Int {
        ActivityType.decidable.firstIndex(of: activity).map { weights[$0] } ?? 0
    }

    /// The vote of `report`, or `nil` when it casts none.
    func vote(for report: MotionActivityReport) -> VoteFusionDecision.Vote? {
        guard report.confidence >= minimumConfidence else { return nil }
        let activity = precedence.activity(for: report.flags)
        let weight = weight(for: activity)
        return weight > 0 ? .init(source: .operatingSystem, activity: activity, weight: weight) : nil
    }

    func validate() throws(LocomotionError) {
        try LocomotionError.require(
            "operatingSystemVotes.weights.count", weights.count, weights.count == ActivityType.decidable.count,
            "it must be one per decidable activity (\(ActivityType.decidable.count))")
        if let index = weights.firstIndex(where: { $0 < 0 }) {
            throw .invalidParameter(
                name: "operatingSystemVotes.weights[\(index)]", value: "\(weights[index])",
                requirement: "it must be at least 0")
        }
    }
}
