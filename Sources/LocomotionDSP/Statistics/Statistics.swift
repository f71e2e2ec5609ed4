/// Descriptive statistics of one window of samples: moments, order statistics, crossing rates,
/// energy and correlation.
///
/// Each statistic is one function taking the window as any `Collection` of `Double`: arrays,
/// array slices and buffers are read in place without a copy, other collections are copied once.
/// The order statistics (percentiles, median, IQR, MAD, ``summary(of:)``) allocate one working
/// copy, as they reorder it.
///
/// ```swift
/// let window: [Double] = magnitudes                          // in g
/// let roughness = try Statistics.populationVariance(of: window)  // g²
/// let shape = try Statistics.moments(of: window)             // mean, variance, skewness, kurtosis
/// ```
///
/// One policy for awkward input, shared by every function here:
///
/// - **Empty input** throws `DSPError.emptyInput`.
/// - **NaN or infinite samples** throw `DSPError.nonFiniteSample(index:)` naming the first one;
///   no statistic silently propagates or skips them.
/// - **Undefined results** of valid input are `nil`: skewness and kurtosis of a constant window,
///   the correlation of a constant series, the sample variance of one sample. A window counts as
///   constant when its population variance is zero or below the rounding level of its mean,
///   `m₂ ≤ (ε·mean)²` with ε = `Double.ulpOfOne`, so `[0.1, 0.1, 0.1]` is constant although
///   its computed mean is not exactly 0.1 (scipy returns NaN in the same cases).
///
/// Sums are accumulated with compensation (mean) or about an accurate mean (the central moments,
/// with the correction term of the corrected two-pass algorithm), so a window of 1 g ± 1 mg keeps
/// its variance to rounding level. The tests compare against numpy and scipy: 1e-12 relative for
/// the mean and the variances, 1e-9 for skewness and kurtosis.
public enum Statistics {}

extension Statistics {
    /// Runs `body` on the contiguous storage of `samples`, copying it into an array first only
    /// when the collection has no contiguous storage.
    @inlinable
    static func withBuffer<R>(
        _ samples: some Collection<Double>, _ body: (UnsafeBufferPointer<Double>) throws(DSPError) -> R
    ) throws(DSPError) -> R {
        let contiguous: Result<R, DSPError>? = samples.withContiguousStorageIfAvailable { buffer in
            Result { () throws(DSPError) -> R in try body(buffer) }
        }
        if let contiguous { return try contiguous.get() }
        return try Array(samples).withUnsafeBufferPointer { (buffer) throws(DSPError) in try body(buffer) }
    }

    /// Throws `.emptyInput` or `.nonFiniteSample(index:)` unless `samples` is a valid window.
    ///
    /// - Complexity: O(*n*).
    @usableFromInline
    static func requireValidWindow(_ samples: UnsafeBufferPointer<Double>) throws(DSPError) {
        guard !samples.isEmpty else { throw .emptyInput }
        try DSPError.requireFinite(samples)
    }

    /// Throws unless `x` is a valid window and `y` and `z` are finite and as long as it.
    ///
    /// - Complexity: O(*n*).
    static func requireValidAxes(
        _ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>, _ z: UnsafeBufferPointer<Double>
    ) throws(DSPError) {
        try requireValidWindow(x)
        try requireSameCount(y, named: "y", as: x.count)
        try requireSameCount(z, named: "z", as: x.count)
        try DSPError.requireFinite(y)
        try DSPError.requireFinite(z)
    }

    /// Throws `.invalidParameter` unless `other` has as many samples as the first series.
    static func requireSameCount(_ other: UnsafeBufferPointer<Double>, named name: String, as count: Int)
        throws(DSPError)
    {
        guard other.count == count else {
            throw .invalidParameter(
                name: "\(name).count", value: "\(other.count)",
                requirement: "it must equal x.count (\(count))")
        }
    }

    /// Whether a window with population variance `m2` about `mean` is constant to rounding level.
    static func isConstant(secondMoment m2: Double, mean: Double) -> Bool {
        let resolution = Double.ulpOfOne * mean
        return m2 <= resolution * resolution
    }
}
