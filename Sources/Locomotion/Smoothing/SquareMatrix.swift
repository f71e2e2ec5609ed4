import Foundation

/// A small dense square matrix, row-major, for the transition-matrix computations (a handful of
/// states, so plain loops; nothing here is on a per-window path).
@_spi(Testing) public struct SquareMatrix: Sendable, Hashable {
    /// The number of rows and columns.
    let order: Int
    /// Row *i*, column *j* is `values[i * order + j]`.
    var values: [Double]

    public init(order: Int, values: [Double]) {
        precondition(values.count == order * order, "a square matrix needs order² values")
        self.order = order
        self.values = values
    }

    static func identity(_ order: Int) -> SquareMatrix {
        var matrix = SquareMatrix(order: order, values: [Double](repeating: 0, count: order * order))
        for index in 0..<order { matrix[index, index] = 1 }
        return matrix
    }

    public subscript(row: Int, column: Int) -> Double {
        get { values[row * order + column] }
        set { values[row * order + column] = newValue }
    }

    public static func * (lhs: SquareMatrix, rhs: SquareMatrix) -> SquareMatrix {
        let n = lhs.order
        var product = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for k in 0..<n {
                let a = lhs.values[i * n + k]
                if a == 0 { continue }
                for j in 0..<n { product[i * n + j] += a * rhs.values[k * n + j] }
            }
        }
        return SquareMatrix(order: n, values: product)
    }

    static func + (lhs: SquareMatrix, rhs: SquareMatrix) -> SquareMatrix {
        SquareMatrix(order: lhs.order, values: zip(lhs.values, rhs.values).map { $0 + $1 })
    }

    static func - (lhs: SquareMatrix, rhs: SquareMatrix) -> SquareMatrix {
        SquareMatrix(order: lhs.order, values: zip(lhs.values, rhs.values).map { $0 - $1 })
    }

    static func * (scale: Double, matrix: SquareMatrix) -> SquareMatrix {
        SquareMatrix(order: matrix.order, values: matrix.values.map { scale * $0 })
    }

    /// The infinity norm: the largest absolute row sum.
    var infinityNorm: Double {
        var largest = 0.0
        for i in 0..<order {
            var sum = 0.0
            for j in 0..<order { sum += abs(self[i, j]) }
            largest = max(largest, sum)
        }
        return largest
    }

    /// `self` raised to a whole power by repeated squaring.
    ///
    /// - Complexity: O(*n*³ log `exponent`).
    func power(_ exponent: Int) -> SquareMatrix {
        precondition(exponent >= 0)
        var result = SquareMatrix.identity(order)
        var base = self
        var remaining = exponent
        while remaining > 0 {
            if remaining & 1 == 1 { result = result * base }
            remaining >>= 1
            if remaining > 0 { base = base * base }
        }
        return result
    }

    /// The inverse by Gauss–Jordan elimination with partial pivoting, or `nil` when the matrix is
    /// singular to working precision.
    func inverse() -> SquareMatrix? {
        let n = order
        var a = values
        var inverse = SquareMatrix.identity(n).values
        let scale = max(infinityNorm, .leastNormalMagnitude)
        for column in 0..<n {
            var pivot = column
            for row in column + 1..<n where abs(a[row * n + column]) > abs(a[pivot * n + column]) { pivot = row }
            let pivotValue = a[pivot * n + column]
            guard pivotValue.isFinite, abs(pivotValue) > 1e-14 * scale else { return nil }
            if pivot != column {
                for j in 0..<n {
                    a.swapAt(pivot * n + j, column * n + j)
                    inverse.swapAt(pivot * n + j, column * n + j)
                }
            }
            let reciprocal = 1 / pivotValue
            for j in 0..<n {
                a[column * n + j] *= reciprocal
                inverse[column * n + j] *= reciprocal
            }
            for row in 0..<n where row != column {
                let factor = a[row * n + column]
                if factor == 0 { continue }
                for j in 0..<n {
                    a[row * n + j] -= factor * a[column * n + j]
                    inverse[row * n + j] -= factor * inverse[column * n + j]
                }
            }
        }
        return SquareMatrix(order: n, values: inverse)
    }

    /// The principal square root by the Denman–Beavers iteration (Higham, *Functions of
    /// Matrices*, 2008, §6.3), or `nil` when it does not converge (an eigenvalue on the closed
    /// negative real axis, where no principal root exists).
    func principalSquareRoot() -> SquareMatrix? {
        var y = self
        var z = SquareMatrix.identity(order)
        for _ in 0..<100 {
            guard let yInverse = y.inverse(), let zInverse = z.inverse() else { return nil }
            let nextY = 0.5 * (y + zInverse)
            let nextZ = 0.5 * (z + yInverse)
            let change = (nextY - y).infinityNorm
            y = nextY
            z = nextZ
            if change <= 1e-15 * y.infinityNorm { return y }
        }
        return nil
    }

    /// The principal logarithm by inverse scaling and squaring (Kenney & Laub 1989; Higham 2008,
    /// §11.5): square roots until ‖A − I‖∞ ≤ 1/4, the Mercator series of log(I + X) to
    /// convergence, times 2^roots. `nil` when the matrix has no principal logarithm (an
    /// eigenvalue on the closed negative real axis).
    func principalLogarithm() -> SquareMatrix? {
        let identity = SquareMatrix.identity(order)
        var a = self
        var roots = 0
        while (a - identity).infinityNorm > 0.25 {
            guard roots < 64, let root = a.principalSquareRoot() else { return nil }
            a = root
            roots += 1
        }
        let x = a - identity
        var term = x
        var sum = x
        for k in 2...200 {
            term = term * x
            let scaled = ((k % 2 == 0) ? -1.0 : 1.0) / Double(k) * term
            sum = sum + scaled
            if scaled.infinityNorm <= 1e-18 * max(sum.infinityNorm, .leastNormalMagnitude) { break }
        }
        return Double(1 << roots) * sum
    }

    /// exp(`time` · `self`) for a generator (off-diagonal entries non-negative, rows summing to
    /// 0) by uniformisation (Jensen 1953) with scaling and squaring: with λ = max |qᵢᵢ| and the
    /// stochastic R = I + Q/λ, exp(τQ) = e^(−τλ) Σₖ (τλ)ᵏ/k! Rᵏ, a series of non-negative terms
    /// (no cancellation) evaluated at τλ ≤ 1/2 and squared back up. The result is stochastic to
    /// rounding; its rows are renormalised to sum to 1.
    public func generatorExponential(time: Double) -> SquareMatrix {
        let n = order
        var rate = 0.0
        for i in 0..<n { rate = max(rate, -self[i, i]) }
        if rate == 0 || time == 0 { return .identity(n) }
        var squarings = 0
        var tau = time * rate
        while tau > 0.5 {
            tau /= 2
            squarings += 1
        }
        var uniformised = (1 / rate) * self
        for i in 0..<n { uniformised[i, i] += 1 }
        for index in uniformised.values.indices where uniformised.values[index] < 0 { uniformised.values[index] = 0 }
        var power = SquareMatrix.identity(n)
        var coefficient = 1.0
        var sum = SquareMatrix.identity(n)
        for k in 1...60 {
            power = power * uniformised
            coefficient *= tau / Double(k)
            sum = sum + coefficient * power
            if coefficient < 1e-18 { break }
        }
        var result = exp(-tau) * sum
        for _ in 0..<squarings { result = result * result }
        result.normaliseRows()
        return result
    }

    /// Divides each row by its sum.
    mutating func normaliseRows() {
        for i in 0..<order {
            var sum = 0.0
            for j in 0..<order { sum += self[i, j] }
            if sum > 0 { for j in 0..<order { self[i, j] /= sum } }
        }
    }
}
