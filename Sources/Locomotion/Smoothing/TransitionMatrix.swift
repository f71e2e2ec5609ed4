/// The transition model of a hidden Markov model over `stateCount` states (class indices): a
/// row-stochastic matrix whose row *i*, column *j* is the probability of being in state *j* one
/// step (one hop) after being in state *i*.
///
/// Every entry is finite and in [0, 1], and every row sums to 1 within ``rowSumTolerance``; the
/// initialisers check it and throw otherwise, so a value of this type is always a valid model.
///
/// Three ways to make one:
/// - ``init(rows:)`` from the probabilities themselves, for the hop they describe;
/// - ``init(stay:switching:hop:)`` from per-second stay and switch probabilities, scaled to a
///   hop of any length (``power(_:)`` says how);
/// - ``init(counting:stateCount:alpha:)`` from labelled sequences, with additive smoothing.
///
/// ``activityPriors(hop:)`` is a ready-made model for the five ``ActivityType/decidable``
/// activities.
public struct TransitionMatrix: Sendable, Hashable {
    /// How far a row's sum may be from 1: 1e-9.
    public static let rowSumTolerance = 1e-9

    /// The number of states.
    public let stateCount: Int
    /// The probabilities, row after row: row *i*, column *j* is `probabilities[i * stateCount + j]`.
    public let probabilities: [Double]

    /// The matrix with the given rows.
    ///
    /// - Parameter rows: `rows[i][j]` is the probability of moving from state *i* to state *j* in
    ///   one step; at least one row, each with as many entries as there are rows, each entry
    ///   finite and not negative, each row summing to 1 within ``rowSumTolerance``.
    /// - Throws: ``LocomotionError/Code/invalidParameter`` naming the first row that breaks a rule.
    /// - Complexity: O(*K*²) for *K* states.
    public init(rows: [[Double]]) throws(LocomotionError) {
        let count = rows.count
        try LocomotionError.require("rows.count", count, count > 0, "a transition matrix needs at least one state")
        for (index, row) in rows.enumerated() where row.count != count {
            throw .invalidParameter(
                name: "rows[\(index)].count", value: "\(row.count)",
                requirement: "it must be \(count); a matrix over \(count) states has \(count) entries in each row")
        }
        try self.init(stateCount: count, probabilities: rows.flatMap { $0 })
    }

    /// The matrix over `stateCount` states with `probabilities` laid out row after row.
    ///
    /// - Parameters:
    ///   - stateCount: At least 1.
    ///   - probabilities: `stateCount`² values, row-major, under the rules of ``init(rows:)``.
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a wrong count, an entry that is
    ///   negative or not finite, or a row whose sum is not 1.
    /// - Complexity: O(*K*²).
    public init(stateCount: Int, probabilities: [Double]) throws(LocomotionError) {
        try LocomotionError.require(stateCount, atLeast: 1, name: "stateCount")
        try LocomotionError.require(
            "probabilities.count", probabilities.count, probabilities.count == stateCount * stateCount,
            "it must be \(stateCount * stateCount) for \(stateCount) states")
        for row in 0..<stateCount {
            var sum = 0.0
            for column in 0..<stateCount {
                let value = probabilities[row * stateCount + column]
                try LocomotionError.require(
                    "probabilities[\(row * stateCount + column)]", value, value.isFinite && value >= 0,
                    "it must be finite and at least 0")
                sum += value
            }
            try LocomotionError.require(
                "probabilities of row \(row)", sum, abs(sum - 1) <= Self.rowSumTolerance,
                "it must sum to 1 (within \(Self.rowSumTolerance))")
        }
        self.stateCount = stateCount
        self.probabilities = probabilities
    }

    /// A matrix already known to be valid (computed inside the package).
    @_spi(Testing) public init(unchecked matrix: SquareMatrix) {
        stateCount = matrix.order
        probabilities = matrix.values
    }

    /// The identity over `stateCount` states: every state stays put.
    ///
    /// - Precondition: `stateCount > 0`.
    public static func identity(stateCount: Int) -> TransitionMatrix {
        precondition(stateCount > 0, "a transition matrix needs at least one state")
        return TransitionMatrix(unchecked: .identity(stateCount))
    }

    /// The probability of moving from state `from` to state `to` in one step.
    ///
    /// - Precondition: both are in `0..<stateCount`.
    /// - Complexity: O(1).
    public subscript(from: Int, to: Int) -> Double {
        precondition((0..<stateCount).contains(from) && (0..<stateCount).contains(to), "state out of range")
        return probabilities[from * stateCount + to]
    }

    /// The probabilities out of state `state`, in state order.
    ///
    /// - Precondition: `state` is in `0..<stateCount`.
    /// - Complexity: O(1).
    public func row(_ state: Int) -> ArraySlice<Double> {
        precondition((0..<stateCount).contains(state), "state out of range")
        return probabilities[state * stateCount..<(state + 1) * stateCount]
    }

    /// Every row, in state order.
    ///
    /// - Complexity: O(*K*²).
    public var rows: [[Double]] { (0..<stateCount).map { Array(row($0)) } }

    @_spi(Testing) public var squareMatrix: SquareMatrix { SquareMatrix(order: stateCount, values: probabilities) }
}

extension TransitionMatrix: Codable {
    private enum CodingKeys: String, CodingKey { case rows }

    /// Decodes `{"rows": [[...], ...]}` and validates it as ``init(rows:)`` does.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` with the validation's message for rows that are not
    ///   a row-stochastic square matrix; the decoder's own errors.
    /// - Complexity: O(*K*²) for *K* states.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let rows = try container.decode([[Double]].self, forKey: .rows)
        do {
            try self.init(rows: rows)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .rows, in: container, debugDescription: error.message)
        }
    }

    /// Encodes `{"rows": [[...], ...]}`.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's errors.
    /// - Complexity: O(*K*²) for *K* states.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rows, forKey: .rows)
    }
}
