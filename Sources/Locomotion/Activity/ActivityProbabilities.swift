/// A probability for each decidable activity (every ``ActivityType`` but ``ActivityType/unknown``),
/// stored in ``ActivityType/decidable`` order, inline (a value of this type never allocates).
public struct ActivityProbabilities: Sendable, Hashable, Codable {
    /// The probabilities in the first ``ActivityType/decidable``-count lanes, zeros after.
    private var lanes: SIMD8<Double>

    /// One probability per ``ActivityType/decidable`` activity, in that order; they sum to 1.
    ///
    /// - Complexity: O(*k*); allocates the array.
    public var values: [Double] { (0..<Self.count).map { lanes[$0] } }

    private static let count = ActivityType.decidable.count

    /// Normalises non-negative `weights` (one per ``ActivityType/decidable`` activity, in that
    /// order) to probabilities. Returns `nil` when the count is wrong, a weight is negative or not
    /// finite, or all are zero.
    ///
    /// - Complexity: O(*k*) for *k* activities.
    public init?(weights: [Double]) {
        guard weights.count == Self.count else { return nil }
        self.init(weight: { weights[$0] })
    }

    /// Normalises `weight(i)` for the *i*-th ``ActivityType/decidable`` activity, without
    /// allocating; `nil` as ``init(weights:)``.
    init?(weight: (Int) -> Double) {
        var lanes = SIMD8<Double>()
        var total = 0.0  // summed in order, as the values are listed
        for index in 0..<Self.count {
            let value = weight(index)
            guard value.isFinite && value >= 0 else { return nil }
            lanes[index] = value
            total += value
        }
        guard total > 0, total.isFinite else { return nil }
        for index in 0..<Self.count { lanes[index] /= total }
        self.lanes = lanes
    }

    /// The probability of `activity`; 0 for ``ActivityType/unknown``.
    public subscript(activity: ActivityType) -> Double {
        ActivityType.decidable.firstIndex(of: activity).map { lanes[$0] } ?? 0
    }

    /// The most probable activity; on a tie, the first in ``ActivityType/decidable`` order.
    ///
    /// - Complexity: O(*k*).
    public var mostProbable: ActivityType {
        var best = 0
        for index in 1..<Self.count where lanes[index] > lanes[best] { best = index }
        return ActivityType.decidable[best]
    }

    private enum CodingKeys: String, CodingKey { case values }

    /// Decodes `{"values": [...]}`, one probability per decidable activity, as written.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the count is wrong or a value is not a
    ///   probability (finite, 0...1).
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self).decode([Double].self, forKey: .values)
        guard values.count == Self.count, values.allSatisfy({ (0...1).contains($0) }) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected \(Self.count) probabilities in 0...1, got \(values)"))
        }
        lanes = SIMD8<Double>()
        for (index, value) in values.enumerated() { lanes[index] = value }
    }

    /// Encodes `{"values": [...]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(values, forKey: .values)
    }
}
