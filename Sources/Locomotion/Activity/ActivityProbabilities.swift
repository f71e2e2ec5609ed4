/// A probability for each decidable activity (every ``ActivityType`` but ``ActivityType/unknown``),
/// stored in ``ActivityType/decidable`` order.
public struct ActivityProbabilities: Sendable, Hashable, Codable {
    /// One probability per ``ActivityType/decidable`` activity, in that order; they sum to 1.
    public private(set) var values: [Double]

    /// Normalises non-negative `weights` (one per ``ActivityType/decidable`` activity, in that
    /// order) to probabilities. Returns `nil` when the count is wrong, a weight is negative or not
    /// finite, or all are zero.
    ///
    /// - Complexity: O(*k*) for *k* activities.
    public init?(weights: [Double]) {
        guard weights.count == ActivityType.decidable.count,
            weights.allSatisfy({ $0.isFinite && $0 >= 0 })
        else { return nil }
        let total = weights.reduce(0, +)
        guard total > 0, total.isFinite else { return nil }
        values = weights.map { $0 / total }
    }

    /// The probability of `activity`; 0 for ``ActivityType/unknown``.
    public subscript(activity: ActivityType) -> Double {
        ActivityType.decidable.firstIndex(of: activity).map { values[$0] } ?? 0
    }

    /// The most probable activity; on a tie, the first in ``ActivityType/decidable`` order.
    ///
    /// - Complexity: O(*k*).
    public var mostProbable: ActivityType {
        var best = 0
        for index in values.indices where values[index] > values[best] { best = index }
        return ActivityType.decidable[best]
    }
}
