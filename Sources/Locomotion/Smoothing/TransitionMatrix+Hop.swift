import Foundation

extension TransitionMatrix {
    /// The transitions over a hop of `hop` seconds, from per-second stay and switch probabilities.
    ///
    /// The per-second matrix *P* has `stay` on its diagonal and `switching` off it; the result is
    /// *P* raised to the power `hop` as described in ``power(_:)``: exact for a whole number of
    /// seconds, and through the chain's generator for a fraction of a second.
    ///
    /// - Parameters:
    ///   - stay: `stay[i]` is the probability of still being in state *i* one second later;
    ///     one per state, in [0, 1].
    ///   - switching: `switching[i][j]` (for *j* ≠ *i*) is the probability of being in state *j*
    ///     one second after state *i*; a square table with a row per state, entries finite and
    ///     not negative. Its diagonal is not read (`stay` takes its place). Each
    ///     `stay[i] + Σⱼ≠ᵢ switching[i][j]` must be 1 within ``rowSumTolerance``.
    ///   - hop: The step of the model in seconds, finite and not negative: 1 for one window a
    ///     second, 2.56 for windows 2.56 s apart. 0 gives the identity.
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a table of the wrong shape, an entry
    ///   out of range, a row that does not sum to 1, a bad `hop`, or (for a fractional `hop`) a
    ///   per-second matrix with no logarithm (see ``power(_:)``).
    /// - Complexity: O(*K*³ log `hop`) for *K* states.
    public init(stay: [Double], switching: [[Double]], hop: Double = 1) throws(LocomotionError) {
        let count = stay.count
        try LocomotionError.require(
            "switching.count", switching.count, switching.count == count,
            "it must equal the state count of stay (\(count))")
        var rows: [[Double]] = []
        rows.reserveCapacity(count)
        for state in 0..<count {
            try LocomotionError.require(
                "switching[\(state)].count", switching[state].count, switching[state].count == count,
                "it must equal the state count (\(count))")
            try LocomotionError.require(stay[state], in: 0...1, name: "stay[\(state)]")
            var row = switching[state]
            row[state] = stay[state]
            rows.append(row)
        }
        let perSecond = try TransitionMatrix(rows: rows)
        self = try perSecond.power(hop)
    }

    /// The transitions over `steps` steps of this matrix: *P*^`steps` for a matrix *P* of one
    /// step (one second for a per-second model, so `power(2.56)` is the matrix of a 2.56 s hop).
    ///
    /// The method, for *P*ˢ with *s* = *n* + *f*, *n* whole and 0 ≤ *f* < 1:
    /// - *Pⁿ* by repeated squaring, exact up to rounding for every *P*;
    /// - *P*ᶠ as exp(*f Q*), the continuous-time chain with generator *Q* = log *P* (the
    ///   principal logarithm, by inverse scaling and squaring); the exponential is evaluated by
    ///   uniformisation with scaling and squaring, a series of non-negative terms, so the result
    ///   is stochastic to rounding.
    ///
    /// When *P* is *embeddable* (log *P* has no negative off-diagonal entry: *P* is the
    /// one-second matrix of some continuous-time chain) this is exactly *P*ˢ: hops add
    /// (`power(a) · power(b)` equals `power(a + b)`, tested to 1e-12) and the result agrees with
    /// SciPy's `fractional_matrix_power` to 1e-12. A matrix with zeros where two steps can reach
    /// (such as ``activityPriors(hop:)``) is not embeddable: the fractional part then uses the
    /// nearest generator by diagonal adjustment (Israel, Rosenthal & Wei, *Mathematical
    /// Finance* 11, 2001): negative off-diagonal entries of log *P* set to 0 and each diagonal
    /// entry made minus the rest of its row. The whole part stays exact, and the fractional
    /// part differs from the (not stochastic) exact *P*ᶠ by about the clipped entries.
    ///
    /// - Parameter steps: Finite, not negative, below 2⁵²; 0 gives the identity.
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a bad `steps`, or for a fractional
    ///   `steps` when *P* has no real principal logarithm (an eigenvalue on the closed negative
    ///   real axis, as for a chain that alternates between two states every step). Every matrix
    ///   whose stay probabilities are all above 1/2 has one.
    /// - Complexity: O(*K*³ log `steps`).
    public func power(_ steps: Double) throws(LocomotionError) -> TransitionMatrix {
        try LocomotionError.require(
            "steps", steps, steps.isFinite && steps >= 0 && steps < 0x1p52,
            "it must be finite, at least 0 and below 2^52")
        let whole = steps.rounded(.down)
        let fraction = steps - whole
        var result = squareMatrix.power(Int(whole))
        if fraction > 0 {
            guard let generator = generator() else {
                throw .invalidParameter(
                    name: "steps", value: "\(steps)",
                    requirement: "it must be a whole number; this transition matrix has no real logarithm "
                        + "(an eigenvalue at or below 0), so it cannot be raised to a fractional power")
            }
            result = result * generator.matrix.generatorExponential(time: fraction)
        }
        result.normaliseRows()
        return TransitionMatrix(unchecked: result)
    }

    /// The generator *Q* of the continuous-time chain whose one-step matrix is this one: the
    /// principal logarithm, diagonally adjusted when it has negative off-diagonal entries
    /// (`adjusted` is then true); `nil` when there is no real principal logarithm.
    @_spi(Testing) public func generator() -> (matrix: SquareMatrix, adjusted: Bool)? {
        guard var logarithm = squareMatrix.principalLogarithm() else { return nil }
        let n = stateCount
        var adjusted = false
        for i in 0..<n {
            var offDiagonal = 0.0
            for j in 0..<n where j != i {
                if logarithm[i, j] < 0 {
                    // Rounding leaves structural zeros a hair below 0; only a real clip counts.
                    if logarithm[i, j] < -1e-14 { adjusted = true }
                    logarithm[i, j] = 0
                }
                offDiagonal += logarithm[i, j]
            }
            logarithm[i, i] = -offDiagonal
        }
        guard logarithm.values.allSatisfy(\.isFinite) else { return nil }
        return (logarithm, adjusted)
    }
}
