/// A confusion matrix of activities: how often each true activity was classified as each
/// activity, with the summary scores computed from it.
///
/// Rows and columns are in `ActivityType.allCases` order, ``ActivityType/unknown`` included (as
/// a prediction, unknown counts as wrong).
public struct ActivityConfusion: Sendable, Hashable, Codable {
    /// `counts[truth.ordinal][predicted.ordinal]`.
    public private(set) var counts: [[Int]]

    /// An empty matrix.
    public init() {
        counts = Array(
            repeating: Array(repeating: 0, count: ActivityType.allCases.count), count: ActivityType.allCases.count)
    }

    /// A matrix of `pairs` of (truth, prediction).
    ///
    /// - Complexity: O(*n*).
    public init(_ pairs: some Sequence<(truth: ActivityType, predicted: ActivityType)>) {
        self.init()
        for pair in pairs { add(truth: pair.truth, predicted: pair.predicted) }
    }

    /// Counts one decision.
    public mutating func add(truth: ActivityType, predicted: ActivityType, count: Int = 1) {
        counts[truth.ordinal][predicted.ordinal] += count
    }

    /// Adds another matrix's counts (for pooling recordings or folds).
    public mutating func merge(_ other: ActivityConfusion) {
        for row in counts.indices { for column in counts.indices { counts[row][column] += other.counts[row][column] } }
    }

    /// How often `truth` was classified as `predicted`.
    public subscript(truth: ActivityType, predicted: ActivityType) -> Int {
        counts[truth.ordinal][predicted.ordinal]
    }

    /// All decisions counted.
    public var total: Int { counts.joined().reduce(0, +) }

    /// The decisions whose truth is `activity`.
    public func support(of activity: ActivityType) -> Int { counts[activity.ordinal].reduce(0, +) }

    /// The share of decisions that are right; `nil` when there are none.
    public var accuracy: Double? {
        total > 0 ? Double(ActivityType.allCases.map { self[$0, $0] }.reduce(0, +)) / Double(total) : nil
    }

    /// Of the decisions whose truth is `activity`, the share classified as it; `nil` without any.
    public func recall(of activity: ActivityType) -> Double? {
        let support = support(of: activity)
        return support > 0 ? Double(self[activity, activity]) / Double(support) : nil
    }

    /// Of the decisions that predicted `activity`, the share that are right; `nil` without any.
    public func precision(of activity: ActivityType) -> Double? {
        let predicted = counts.map { $0[activity.ordinal] }.reduce(0, +)
        return predicted > 0 ? Double(self[activity, activity]) / Double(predicted) : nil
    }

    /// The mean recall over the true activities that occur: accuracy that does not reward the
    /// commonest class. `nil` when there are no decisions.
    public var balancedAccuracy: Double? {
        let recalls = ActivityType.allCases.compactMap { recall(of: $0) }
        return recalls.isEmpty ? nil : recalls.reduce(0, +) / Double(recalls.count)
    }

    /// The harmonic mean of precision and recall of `activity`; 0 when both are 0; `nil` when the
    /// activity neither occurs nor is predicted.
    public func f1(of activity: ActivityType) -> Double? {
        let precision = precision(of: activity)
        let recall = recall(of: activity)
        guard precision != nil || recall != nil else { return nil }
        let p = precision ?? 0
        let r = recall ?? 0
        return p + r > 0 ? 2 * p * r / (p + r) : 0
    }

    /// The mean F1 over the true activities that occur (``ActivityType/unknown`` excluded);
    /// `nil` when there are none.
    public var macroF1: Double? {
        let scores = ActivityType.decidable.filter { support(of: $0) > 0 }.compactMap { f1(of: $0) }
        return scores.isEmpty ? nil : scores.reduce(0, +) / Double(scores.count)
    }
}
