import Foundation

/// Numerics shared by the trained models: moments that do not overflow, and a normalisation of
/// log-probabilities that never produces NaN.
enum ModelNumerics {
    /// The largest standardised deviation a model uses: a value more than 10¹⁰⁰ standard
    /// deviations from a mean (or infinite) is treated as 10¹⁰⁰ away, so squares and sums of
    /// squares stay finite (10²⁰⁰ per feature).
    static let deviationLimit = 1e100

    /// The mean and population standard deviation of some values, computed on values scaled by a
    /// power of two so that neither the sum nor the squares overflow (values near ±1.8·10³⁰⁸ are
    /// fine). Scaling by a power of two is exact, so for ordinary values the result is the same,
    /// bit for bit, as the unscaled two-pass formula.
    struct Moments: Hashable {
        /// The number of values.
        var count: Int
        /// The mean.
        var mean: Double
        /// The population standard deviation (divisor `count`).
        var standardDeviation: Double
        /// Whether the variance is within the rounding error of the two-pass algorithm (Chan,
        /// Golub & LeVeque 1983), the test scikit-learn's `StandardScaler` uses to give a column
        /// scale 1: `var <= n·ε·var + (n·mean·ε)²`.
        var isNearlyConstant: Bool
    }

    /// The moments of `values`, or `nil` when there are none.
    ///
    /// - Precondition: every value is finite.
    /// - Complexity: O(*n*).
    static func moments(_ values: [Double]) -> Moments? {
        guard !values.isEmpty else { return nil }
        var largest = 0.0
        for value in values { largest = max(largest, abs(value)) }
        guard largest > 0 else {
            return Moments(count: values.count, mean: 0, standardDeviation: 0, isNearlyConstant: true)
        }
        let scale = Double(sign: .plus, exponent: largest.exponent, significand: 1)
        let count = Double(values.count)
        var sum = 0.0
        for value in values { sum += value / scale }
        let mean = sum / count
        var squares = 0.0
        for value in values {
            let deviation = value / scale - mean
            squares += deviation * deviation
        }
        let variance = squares / count
        let epsilon = Double.ulpOfOne
        let bound = count * epsilon * variance + (count * mean * epsilon) * (count * mean * epsilon)
        return Moments(
            count: values.count, mean: mean * scale, standardDeviation: variance.squareRoot() * scale,
            isNearlyConstant: variance <= bound)
    }

    /// `value` limited to ±``deviationLimit`` (an infinity becomes the limit).
    @inline(__always)
    static func clampDeviation(_ value: Double) -> Double {
        min(max(value, -deviationLimit), deviationLimit)
    }

    /// Turns natural-log scores (a log-probability up to a constant) into probabilities that sum
    /// to 1, in place, by the log-sum-exp rule: `p[k] = exp(s[k] − m) / Σ exp(s[j] − m)` with `m`
    /// the largest score.
    ///
    /// Never produces NaN: a score of −∞ (or NaN) gets probability 0; if some scores are +∞ they
    /// share the probability equally; if no score is above −∞ every class gets `1 / count`.
    ///
    /// - Complexity: O(*k*), no allocation.
    static func normaliseLogScores(_ scores: inout [Double]) {
        guard !scores.isEmpty else { return }
        var largest = -Double.infinity
        for score in scores where score > largest { largest = score }
        if largest == -.infinity {
            let uniform = 1 / Double(scores.count)
            for index in scores.indices { scores[index] = uniform }
            return
        }
        if largest == .infinity {
            var tied = 0.0
            for score in scores where score == .infinity { tied += 1 }
            for index in scores.indices { scores[index] = scores[index] == .infinity ? 1 / tied : 0 }
            return
        }
        var total = 0.0
        for index in scores.indices {
            let score = scores[index]
            let weight = score.isNaN ? 0 : exp(score - largest)
            scores[index] = weight
            total += weight
        }
        // The largest score contributes exp(0) = 1, so total >= 1.
        for index in scores.indices { scores[index] /= total }
    }
}
