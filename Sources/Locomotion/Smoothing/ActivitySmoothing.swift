/// How a sequence of per-window decisions is smoothed over time.
public enum ActivitySmoothing: Sendable {
    /// No smoothing.
    case none
    /// ``ActivityHysteresis``: a change must hold for a while.
    case hysteresis(ActivityHysteresis.Configuration)
    /// A hidden Markov model over the five decidable activities, decoded offline by
    /// forward–backward: each window takes its most probable activity given the whole sequence.
    case hiddenMarkov(HiddenMarkovSmoother)

    /// The hidden Markov model with the activity priors scaled to `hop` seconds.
    ///
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a hop that is negative or not finite.
    public static func hiddenMarkov(hop: Double) throws(LocomotionError) -> ActivitySmoothing {
        .hiddenMarkov(try HiddenMarkovSmoother.activities(hop: hop))
    }

    /// The emission of a result for the hidden Markov model, in ``ActivityType/decidable`` order:
    /// its class probabilities when a model made it; otherwise its confidence's weight for the
    /// decided activity and the rest shared by the others; uniform for unknown.
    @_spi(Testing)
    public static func emission(of result: ActivityResult) -> [Double] {
        let activities = ActivityType.decidable
        if let probabilities = result.probabilities { return activities.map { probabilities[$0] } }
        guard let decided = activities.firstIndex(of: result.activity) else {
            return [Double](repeating: 1 / Double(activities.count), count: activities.count)
        }
        let weight = result.confidence.weight
        var emission = [Double](repeating: (1 - weight) / Double(activities.count - 1), count: activities.count)
        emission[decided] = max(weight, emission[decided])
        return emission
    }

    /// Smooths `results` (one recording's windows, in time order).
    ///
    /// With the hidden Markov model each result takes the most probable activity of its
    /// posterior, that posterior as its probabilities, and a confidence from its largest
    /// probability (high from 0.8, medium from 0.5).
    ///
    /// - Throws: ``LocomotionError/Code/timeGoesBackwards`` for results out of time order (hysteresis).
    /// - Complexity: O(*n*) (hysteresis) or O(*n K²*) (hidden Markov).
    public func apply(to results: [ActivityResult]) throws(LocomotionError) -> [ActivityResult] {
        switch self {
        case .none:
            return results
        case .hysteresis(let configuration):
            return try ActivityHysteresis(configuration: configuration).smooth(results)
        case .hiddenMarkov(let smoother):
            guard !results.isEmpty else { return results }
            let posteriors = try smoother.posteriors(results.map(Self.emission(of:)))
            let states = posteriors.mostProbableStates
            var smoothed = results
            for (index, posterior) in posteriors.probabilities.enumerated() {
                let best = states[index]
                smoothed[index].activity = ActivityType.decidable[best]
                smoothed[index].probabilities = ActivityProbabilities(weights: posterior)
                smoothed[index].confidence = Confidence(probability: posterior[best])
            }
            return smoothed
        }
    }
}
