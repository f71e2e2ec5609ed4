/// A decision of ``VoteFusion`` with the votes behind it.
public struct VoteFusionDecision: Sendable, Hashable, Codable {
    /// Where a vote came from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// The GPS speed (m/s).
        case speed
        /// The cadence (steps/s).
        case cadence
        /// The variance of the acceleration magnitude (g²).
        case accelerationVariance = "acceleration_variance"
        /// The operating system's activity report.
        case operatingSystem = "operating_system"
    }

    /// One signal's vote.
    public struct Vote: Sendable, Hashable, Codable {
        /// The signal that voted.
        public var source: Source
        /// The activity it voted for.
        public var activity: ActivityType
        /// How many votes it cast.
        public var weight: Int
    }

    /// Every vote cast, in signal order: speed, cadence, variance, operating system.
    public let votes: [Vote]
    /// An activity's total score.
    public struct Score: Sendable, Hashable, Codable {
        /// The activity.
        public var activity: ActivityType
        /// The sum of the weights of its votes.
        public var score: Int

        /// A score with the given fields (the memberwise initialiser; tests build tallies by hand).
        @_spi(Testing)
        public init(activity: ActivityType, score: Int) {
            self.activity = activity
            self.score = score
        }
    }

    /// The total score of each activity that received votes, in `ActivityType.allCases` order.
    public let tally: [Score]
    /// The winner, or unknown on a tie or without votes.
    public let activity: ActivityType
    /// The winner's score (the tied score on a tie, 0 without votes).
    public let score: Int
    /// The confidence: from the score for a winner, low for unknown.
    public let confidence: Confidence

    init(votes: [Vote], configuration: VoteFusion.Configuration) {
        self.votes = votes
        tally = ActivityType.allCases.compactMap { activity in
            let score = votes.filter { $0.activity == activity }.reduce(0) { $0 + $1.weight }
            return score > 0 ? Score(activity: activity, score: score) : nil
        }
        let best = tally.map(\.score).max() ?? 0
        let leaders = tally.filter { $0.score == best }
        score = best
        if leaders.count == 1 {
            activity = leaders[0].activity
            confidence =
                best >= configuration.highConfidenceScore
                ? .high : best >= configuration.mediumConfidenceScore ? .medium : .low
        } else {
            activity = .unknown
            confidence = .low
        }
    }

    /// Whether the highest score is shared by two or more activities.
    public var isTie: Bool { tally.filter { $0.score == score }.count > 1 }
}
