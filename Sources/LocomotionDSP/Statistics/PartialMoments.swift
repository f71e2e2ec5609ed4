/// The sums over one run of samples from which the moments, root mean square and jerk of a window
/// made of two adjacent runs follow by merging (Chan, Golub and LeVeque 1979 for the second
/// moment; Pébay 2008, "Formulas for robust, one-pass parallel computation of covariances and
/// arbitrary-order statistical moments", for the third and fourth): each half of a window at a
/// hop of half the window is summed once and serves the two windows that hold it.
///
/// The merged values equal the whole window's two-pass values to rounding, not bit for bit (the
/// sums are grouped differently); `docs/Features.md` states the tolerance and
/// `PartialMomentsTests` checks it.
package struct PartialMoments: Sendable, Hashable {
    /// The samples in the run.
    package var count: Double
    /// Their mean (compensated, then corrected by the mean deviation from it).
    package var mean: Double
    /// `Σ(xᵢ − mean)²`, `Σ(xᵢ − mean)³` and `Σ(xᵢ − mean)⁴`.
    package var m2: Double
    package var m3: Double
    package var m4: Double
    /// `Σxᵢ²`, for the root mean square.
    package var squares: Double
    /// `Σ(xᵢ − xᵢ₋₁)²` over consecutive samples within the run, for the jerk.
    package var differenceSquares: Double
    /// The run's first and last samples, for the difference across the join of two runs.
    package var first: Double
    package var last: Double

    /// The sums of a non-empty run of finite samples.
    ///
    /// - Precondition: `samples` is non-empty and finite.
    /// - Complexity: O(*n*), three passes (the compensated mean, the central sums, the squares
    ///   and differences).
    package init(of samples: UnsafeBufferPointer<Double>) {
        let n = samples.count
        let mean = Statistics.compensatedMean(samples)
        let (sum1, sum2, sum3, sum4) = Statistics.powerSums(samples, about: mean)
        // The sums are about the computed mean, off the run's true mean by c = Σd/n; shifting
        // them by c gives the central sums about mean + c (as `Statistics.moments` does).
        let count = Double(n)
        let c = sum1 / count
        self.count = count
        self.mean = mean + c
        m2 = max(sum2 - c * sum1, 0)
        m3 = sum3 - 3 * c * sum2 + 2 * c * c * sum1
        m4 = sum4 - 4 * c * sum3 + 6 * c * c * sum2 - 3 * c * c * c * sum1
        squares = Statistics.sumOfSquares(samples)
        var differences = (0.0, 0.0)
        var index = 1
        // Two running sums, so the additions do not wait on each other.
        while index &+ 1 < n {
            let (a, b) = (samples[index] - samples[index &- 1], samples[index &+ 1] - samples[index])
            differences = (differences.0 + a * a, differences.1 + b * b)
            index &+= 2
        }
        if index < n {
            let a = samples[index] - samples[index &- 1]
            differences.0 += a * a
        }
        differenceSquares = differences.0 + differences.1
        first = samples[0]
        last = samples[n - 1]
    }

    /// The sums of `first` followed by `second`, as if summed over the joined run.
    ///
    /// - Complexity: O(1).
    package static func merged(_ first: PartialMoments, _ second: PartialMoments) -> PartialMoments {
        let (na, nb) = (first.count, second.count)
        let n = na + nb
        let delta = second.mean - first.mean
        let share = delta / n
        let nanb = na * nb
        let m2 = first.m2 + second.m2 + delta * share * nanb
        let m3 =
            first.m3 + second.m3 + delta * share * share * nanb * (na - nb)
            + 3 * share * (na * second.m2 - nb * first.m2)
        let m4 =
            first.m4 + second.m4 + delta * share * share * share * nanb * (na * na - nanb + nb * nb)
            + 6 * share * share * (na * na * second.m2 + nb * nb * first.m2)
            + 4 * share * (na * second.m3 - nb * first.m3)
        let join = second.first - first.last
        var merged = first
        merged.count = n
        merged.mean = first.mean + share * nb
        merged.m2 = max(m2, 0)
        merged.m3 = m3
        merged.m4 = m4
        merged.squares = first.squares + second.squares
        merged.differenceSquares = first.differenceSquares + join * join + second.differenceSquares
        merged.last = second.last
        return merged
    }

    /// The population moments of the run (``Statistics/moments(of:)``'s meaning); skewness and
    /// kurtosis are `nil` when it is constant to rounding.
    package var moments: Moments {
        let variance = m2 / count
        var moments = Moments(count: Int(count), mean: mean, variance: variance, skewness: nil, kurtosis: nil)
        if !Statistics.isConstant(secondMoment: variance, mean: mean) {
            moments.skewness = (m3 / count) / (variance * variance.squareRoot())
            moments.kurtosis = (m4 / count) / (variance * variance) - 3
        }
        return moments
    }

    /// `√(Σxᵢ²/n)`.
    package var rootMeanSquare: Double { (squares / count).squareRoot() }

    /// `fs·√(Σ(xᵢ − xᵢ₋₁)²/(n − 1))`, in sample units per second; NaN for a single sample.
    package func jerkRootMeanSquare(sampleRate: Double) -> Double {
        sampleRate * (differenceSquares / (count - 1)).squareRoot()
    }
}
