/// The mean and the central moments of a window, computed together in two passes by
/// ``Statistics/moments(of:)``.
///
/// All moments are the biased (population) estimates, as `numpy.var`, `scipy.stats.skew` and
/// `scipy.stats.kurtosis` compute them by default.
public struct Moments: Sendable, Hashable {
    /// The number of samples, at least 1.
    public var count: Int
    /// The arithmetic mean, in sample units.
    public var mean: Double
    /// The population variance `m₂ = (1/n)·Σ(xᵢ − x̄)²`, in sample units squared; 0 for one sample.
    public var variance: Double
    /// The biased sample skewness `m₃ / m₂^(3/2)` (dimensionless; `scipy.stats.skew(x)`), or `nil`
    /// for a constant window.
    public var skewness: Double?
    /// The biased excess kurtosis `m₄ / m₂² − 3` (Fisher's definition: 0 for a normal
    /// distribution; `scipy.stats.kurtosis(x)`), or `nil` for a constant window.
    public var kurtosis: Double?

    /// Creates moments from their values.
    public init(count: Int, mean: Double, variance: Double, skewness: Double?, kurtosis: Double?) {
        self.count = count
        self.mean = mean
        self.variance = variance
        self.skewness = skewness
        self.kurtosis = kurtosis
    }

    /// The population standard deviation `√m₂`, in sample units.
    public var standardDeviation: Double { variance.squareRoot() }

    /// The unbiased sample variance `n·m₂/(n − 1)` (`numpy.var(x, ddof=1)`), or `nil` for one sample.
    public var sampleVariance: Double? {
        count > 1 ? variance * Double(count) / Double(count - 1) : nil
    }
}
