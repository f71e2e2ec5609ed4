/// The vote-fusion classifier: each signal votes for an activity with a weight, the activity with
/// the most votes wins, and its score sets the confidence.
///
/// The votes, with the default ``Configuration``:
///
/// | signal | condition | vote |
/// |---|---|---|
/// | GPS speed (when valid) | > 6 m/s | driving +3 |
/// | | < 2.2 m/s | walking +2 |
/// | | otherwise (2.2–6 m/s) | running +2 |
/// | cadence | > 2.5 steps/s | running +2 |
/// | | > 1.2 steps/s | walking +2 |
/// | | < 0.2 steps/s | driving +1 |
/// | acceleration variance | < 0.02 g² | driving +1 |
/// | | > 0.02 g² | walking +1 |
/// | OS report (optional) | see ``OperatingSystemVotes`` | |
///
/// A score of 5 or more is high confidence, 3–4 medium, less low. A signal that is unavailable
/// casts no vote. When two or more activities share the highest score, the result is
/// ``ActivityType/unknown`` with low confidence: the evidence conflicts, and no order among
/// activities would be a principled tie-break. With no votes at all the result is also unknown
/// and low.
///
/// The fusion has no stationary vote: near-zero cadence and a smooth signal vote for driving.
/// ``FeatureRuleClassifier`` adds stationary.
public struct VoteFusion: Sendable, Hashable, Codable {
    /// Thresholds (m/s, steps/s, g²), weights and the score-to-confidence mapping.
    public struct Configuration: Sendable, Hashable, Codable {
        /// Above this speed (m/s) the speed votes driving.
        public var drivingSpeedMinimum = 6.0
        /// Below this speed (m/s) the speed votes walking; between the two it votes running.
        public var walkingSpeedMaximum = 2.2
        /// Above this cadence (steps/s) the cadence votes running.
        public var runningCadenceMinimum = 2.5
        /// Above this cadence (steps/s) the cadence votes walking.
        public var walkingCadenceMinimum = 1.2
        /// Below this cadence (steps/s) there are no steps, and the cadence votes driving.
        public var noStepCadenceMaximum = 0.2
        /// Below this variance (g²) the signal is smooth, and it votes driving.
        public var drivingVarianceMaximum = 0.02
        /// Above this variance (g²) the signal is bouncy, and it votes walking.
        public var walkingVarianceMinimum = 0.02

        /// The speed's vote for driving.
        public var drivingSpeedWeight = 3
        /// The speed's vote for walking or running.
        public var pedestrianSpeedWeight = 2
        /// The cadence's vote for walking or running.
        public var cadenceWeight = 2
        /// The cadence's vote for driving when there are no steps.
        public var noStepWeight = 1
        /// The variance's vote.
        public var varianceWeight = 1

        /// The lowest score that is high confidence.
        public var highConfidenceScore = 5
        /// The lowest score that is medium confidence.
        public var mediumConfidenceScore = 3

        /// The optional votes of an operating system's activity report; none by default.
        public var operatingSystemVotes: OperatingSystemVotes? = nil

        /// The defaults above.
        public init() {}

        /// Checks every parameter: thresholds finite and non-negative, each lower bound at most its
        /// upper bound, weights non-negative, `1 <= mediumConfidenceScore <= highConfidenceScore`.
        ///
        /// - Throws: ``LocomotionError/Code/invalidParameter`` naming the first parameter out of range
        ///   and its value.
        public func validate() throws(LocomotionError) {
            let thresholds: [(String, Double)] = [
                ("drivingSpeedMinimum", drivingSpeedMinimum), ("walkingSpeedMaximum", walkingSpeedMaximum),
                ("runningCadenceMinimum", runningCadenceMinimum),
                ("walkingCadenceMinimum", walkingCadenceMinimum),
                ("noStepCadenceMaximum", noStepCadenceMaximum),
                ("drivingVarianceMaximum", drivingVarianceMaximum), ("walkingVarianceMinimum", walkingVarianceMinimum),
            ]
            for (name, value) in thresholds { try LocomotionError.requireNonNegative(value, name: name) }
            let weights: [(String, Int)] = [
                ("drivingSpeedWeight", drivingSpeedWeight), ("pedestrianSpeedWeight", pedestrianSpeedWeight),
                ("cadenceWeight", cadenceWeight), ("noStepWeight", noStepWeight), ("varianceWeight", varianceWeight),
            ]
            for (name, value) in weights { try LocomotionError.require(value, atLeast: 0, name: name) }
            try requireOrdered("walkingSpeedMaximum", walkingSpeedMaximum, "drivingSpeedMinimum", drivingSpeedMinimum)
            try requireOrdered(
                "walkingCadenceMinimum", walkingCadenceMinimum,
                "runningCadenceMinimum", runningCadenceMinimum)
            try requireOrdered(
                "drivingVarianceMaximum", drivingVarianceMaximum, "walkingVarianceMinimum", walkingVarianceMinimum)
            try LocomotionError.require(
                "mediumConfidenceScore", mediumConfidenceScore,
                mediumConfidenceScore >= 1 && mediumConfidenceScore <= highConfidenceScore,
                "it must be in 1...highConfidenceScore (\(highConfidenceScore))")
            try operatingSystemVotes?.validate()
        }

        private func requireOrdered(_ lowName: String, _ low: Double, _ highName: String, _ high: Double)
            throws(LocomotionError)
        {
            try LocomotionError.require(lowName, low, low <= high, "it must not exceed \(highName) = \(high)")
        }
    }

    /// The thresholds, weights and mapping in use.
    public let configuration: Configuration

    /// A vote fusion with `configuration` (the defaults unless given).
    ///
    /// - Throws: ``LocomotionError/Code/invalidParameter`` naming the first parameter out of range.
    public init(configuration: Configuration = Configuration()) throws(LocomotionError) {
        try configuration.validate()
        self.configuration = configuration
    }

    /// Fuses the signals into a decision.
    ///
    /// - Parameters:
    ///   - evidence: Speed (m/s), cadence (steps/s) and acceleration variance (g²); a
    ///     missing signal casts no vote.
    ///   - report: The operating system's current activity report, voting only when
    ///     ``Configuration/operatingSystemVotes`` is set.
    /// - Returns: The activity, its confidence, and every vote behind it.
    /// - Complexity: O(1).
    public func decide(_ evidence: ActivityEvidence, report: MotionActivityReport? = nil) -> VoteFusionDecision {
        let c = configuration
        var votes: [VoteFusionDecision.Vote] = []
        if let speed = evidence.speed {
            if speed > c.drivingSpeedMinimum {
                votes.append(.init(source: .speed, activity: .driving, weight: c.drivingSpeedWeight))
            } else if speed < c.walkingSpeedMaximum {
                votes.append(.init(source: .speed, activity: .walking, weight: c.pedestrianSpeedWeight))
            } else {
                votes.append(.init(source: .speed, activity: .running, weight: c.pedestrianSpeedWeight))
            }
        }
        if let frequency = evidence.cadence {
            if frequency > c.runningCadenceMinimum {
                votes.append(.init(source: .cadence, activity: .running, weight: c.cadenceWeight))
            } else if frequency > c.walkingCadenceMinimum {
                votes.append(.init(source: .cadence, activity: .walking, weight: c.cadenceWeight))
            } else if frequency < c.noStepCadenceMaximum {
                votes.append(.init(source: .cadence, activity: .driving, weight: c.noStepWeight))
            }
        }
        if let variance = evidence.accelerationVariance {
            if variance < c.drivingVarianceMaximum {
                votes.append(.init(source: .accelerationVariance, activity: .driving, weight: c.varianceWeight))
            } else if variance > c.walkingVarianceMinimum {
                votes.append(.init(source: .accelerationVariance, activity: .walking, weight: c.varianceWeight))
            }
        }
        if let rule = c.operatingSystemVotes, let report, let vote = rule.vote(for: report) {
            votes.append(vote)
        }
        votes.removeAll { $0.weight == 0 }
        return VoteFusionDecision(votes: votes, configuration: c)
    }
}

extension VoteFusion: ActivityClassifier {
    /// Fuses the evidence of a feature vector (``ActivityEvidence/init(features:)``).
    public func classify(_ features: FeatureVector) -> ActivityResult {
        result(ActivityEvidence(features: features), report: nil, start: features.start, end: features.end)
    }

    /// Fuses the evidence of a feature vector with the context's operating-system report, which
    /// votes when ``Configuration/operatingSystemVotes`` is set.
    public func classify(_ features: FeatureVector, context: ActivityClassificationContext) -> ActivityResult {
        result(
            ActivityEvidence(features: features), report: context.activityReport, start: features.start,
            end: features.end)
    }

    /// Fuses the evidence of every window of `table`, its columns looked up once.
    public func classify(_ table: FeatureTable) -> [ActivityResult] {
        let columns = FeatureColumns(ActivityEvidence.columnNames, in: table.schema)
        return table.windows.indices.map { index in
            result(
                ActivityEvidence(values: table.row(index), columns: columns), report: nil,
                start: table.windows[index].start,
                end: table.windows[index].end)
        }
    }

    /// The fusion bound to `schema`: the evidence columns looked up once, each window's evidence
    /// read by position, the context's report voting as in ``classify(_:context:)``.
    public func bound(to schema: FeatureSchema) -> any BoundActivityClassifier {
        Bound(fusion: self, columns: FeatureColumns(ActivityEvidence.columnNames, in: schema))
    }

    private struct Bound: BoundActivityClassifier {
        let fusion: VoteFusion
        let columns: FeatureColumns

        func classify(_ features: FeatureVector, context: ActivityClassificationContext) -> ActivityResult {
            fusion.result(
                ActivityEvidence(values: features.values, columns: columns), report: context.activityReport,
                start: features.start, end: features.end)
        }
    }

    private func result(_ evidence: ActivityEvidence, report: MotionActivityReport?, start: Double, end: Double)
        -> ActivityResult
    {
        let decision = decide(evidence, report: report)
        return ActivityResult(
            activity: decision.activity, confidence: decision.confidence, evidence: evidence, start: start, end: end)
    }
}
