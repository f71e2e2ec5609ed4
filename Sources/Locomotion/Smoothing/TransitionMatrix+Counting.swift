extension TransitionMatrix {
    /// The transitions counted in labelled sequences, with additive (Laplace) smoothing.
    ///
    /// Row *i* is (*nᵢⱼ* + `alpha`) / (Σₖ *nᵢₖ* + *K* · `alpha`), where *nᵢⱼ* counts the
    /// places where label *j* directly follows label *i* inside one sequence (a sequence's last
    /// label is not followed by the next sequence's first). `alpha` = 1 is Laplace's rule of
    /// succession, smaller values trust the counts more. A state never followed by anything
    /// with `alpha` = 0 has no counts to normalise: it is made to stay put (1 on its diagonal).
    ///
    /// The matrix is for the hop between consecutive labels; ``power(_:)`` rescales it (to
    /// another hop *h*′ from a hop *h*: `power(h′ / h)`).
    ///
    /// - Parameters:
    ///   - sequences: One array of state indices per recording, in time order.
    ///   - stateCount: The number of states *K*, at least 1; every label is in `0..<stateCount`.
    ///   - alpha: The pseudo-count added to every cell: finite, not negative; 1 by default.
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a bad `stateCount` or `alpha`;
    ///   ``LocomotionError/Code/invalidData`` for a label out of range, naming the sequence and
    ///   position.
    /// - Complexity: O(*n* + *K*²) for *n* labels in all.
    public init(counting sequences: [[Int]], stateCount: Int, alpha: Double = 1) throws(LocomotionError) {
        try LocomotionError.require(stateCount, atLeast: 1, name: "stateCount")
        try LocomotionError.requireNonNegative(alpha, name: "alpha")
        var counts = [Double](repeating: 0, count: stateCount * stateCount)
        for (sequenceIndex, sequence) in sequences.enumerated() {
            for (position, label) in sequence.enumerated() where !(0..<stateCount).contains(label) {
                throw LocomotionError(
                    .invalidData,
                    message:
                        "sequence \(sequenceIndex), position \(position): label \(label) is not a state in 0..<\(stateCount)"
                )
            }
            for (from, to) in zip(sequence, sequence.dropFirst()) { counts[from * stateCount + to] += 1 }
        }
        self.init(unchecked: Self.normalisedCounts(counts, stateCount: stateCount, alpha: alpha))
    }

    /// The transitions between ``ActivityType/decidable`` activities (state *i* is
    /// `ActivityType.decidable[i]`) counted in labelled sequences, as
    /// ``init(counting:stateCount:alpha:)`` does. A label ``ActivityType/unknown`` breaks its
    /// sequence: no transition into or out of it is counted.
    ///
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a bad `alpha`.
    /// - Complexity: O(*n*) for *n* labels in all.
    public init(counting sequences: [[ActivityType]], alpha: Double = 1) throws(LocomotionError) {
        let stateCount = ActivityType.decidable.count
        try LocomotionError.requireNonNegative(alpha, name: "alpha")
        var counts = [Double](repeating: 0, count: stateCount * stateCount)
        for sequence in sequences {
            for (from, to) in zip(sequence, sequence.dropFirst()) where from != .unknown && to != .unknown {
                counts[from.ordinal * stateCount + to.ordinal] += 1
            }
        }
        self.init(unchecked: Self.normalisedCounts(counts, stateCount: stateCount, alpha: alpha))
    }

    private static func normalisedCounts(_ counts: [Double], stateCount: Int, alpha: Double) -> SquareMatrix {
        var matrix = SquareMatrix(order: stateCount, values: counts.map { $0 + alpha })
        for state in 0..<stateCount {
            var total = 0.0
            for column in 0..<stateCount { total += matrix[state, column] }
            if total == 0 {
                matrix[state, state] = 1
            } else {
                for column in 0..<stateCount { matrix[state, column] /= total }
            }
        }
        return matrix
    }
}
