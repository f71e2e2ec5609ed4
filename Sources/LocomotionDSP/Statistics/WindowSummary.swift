/// The descriptive statistics of one window, computed together by
/// ``Statistics/summary(of:scratch:)`` in a few fused passes: what a feature extractor wants
/// from each window, for the price of little more than the moments and three selections.
///
/// Every value has the meaning (and, to rounding, the value) of the separate function named
/// beside it.
public struct WindowSummary: Sendable, Hashable {
    /// The mean, shape and spread (``Statistics/moments(of:)-(UnsafeBufferPointer<Double>)``).
    public var moments: Moments
    /// The smallest sample, in sample units (``Statistics/minimum(of:)-(UnsafeBufferPointer<Double>)``).
    public var minimum: Double
    /// The largest sample, in sample units (``Statistics/maximum(of:)-(UnsafeBufferPointer<Double>)``).
    public var maximum: Double
    /// The root mean square `√((1/n)·Σxᵢ²)`, in sample units
    /// (``Statistics/rootMeanSquare(of:)-(UnsafeBufferPointer<Double>)``).
    public var rootMeanSquare: Double
    /// The median (``Statistics/median(of:scratch:)``).
    public var median: Double
    /// The 75th minus the 25th linearly interpolated percentile
    /// (``Statistics/interquartileRange(of:scratch:)``).
    public var interquartileRange: Double
    /// The unscaled median absolute deviation (``Statistics/medianAbsoluteDeviation(of:scratch:)``).
    public var medianAbsoluteDeviation: Double
    /// The fraction of consecutive sample pairs that cross the mean, in `0...1`
    /// (``Statistics/crossingRate(of:level:)-(UnsafeBufferPointer<Double>,_)`` with `.mean`).
    public var meanCrossingFraction: Double

    /// Creates a summary from its values.
    public init(
        moments: Moments, minimum: Double, maximum: Double, rootMeanSquare: Double, median: Double,
        interquartileRange: Double, medianAbsoluteDeviation: Double, meanCrossingFraction: Double
    ) {
        self.moments = moments
        self.minimum = minimum
        self.maximum = maximum
        self.rootMeanSquare = rootMeanSquare
        self.median = median
        self.interquartileRange = interquartileRange
        self.medianAbsoluteDeviation = medianAbsoluteDeviation
        self.meanCrossingFraction = meanCrossingFraction
    }

    /// `maximum − minimum`, in sample units.
    public var range: Double { maximum - minimum }
}

extension Statistics {
    /// Moments, extrema, RMS, mean-crossing fraction, median, IQR and MAD of one window, with one
    /// validation pass, one compensated mean, one fused pass over the deviations and four
    /// branch-free quickselects on `scratch` (the median over the whole window, each quartile
    /// within its half, the MAD over the whole window). Nothing is allocated.
    ///
    /// - Parameters:
    ///   - samples: At least one finite sample, in any unit.
    ///   - scratch: Working storage of at least `samples.count` elements, overwritten; it must not
    ///     overlap `samples`. With `2 × samples.count` elements the selections partition through
    ///     the second half, about three times faster than in place.
    /// - Returns: The summary; see ``WindowSummary`` for each value's definition.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`, `.invalidParameter` for a
    ///   scratch buffer that is too small.
    /// - Complexity: O(*n*) on average, O(*n* log *n*) at worst.
    public static func summary(
        of samples: UnsafeBufferPointer<Double>, scratch: UnsafeMutableBufferPointer<Double>
    ) throws(DSPError) -> WindowSummary {
        let buffer = try copy(samples, into: scratch)
        let count = samples.count
        let auxiliary =
            scratch.count >= 2 * count ? UnsafeMutableBufferPointer(rebasing: scratch[count..<(2 * count)]) : nil
        let moments = momentsKernel(samples)
        let mean = moments.mean
        var minimum = samples[0]
        var maximum = samples[0]
        var squares = 0.0
        var crossings = 0
        var side = 0  // the side of the mean of the last sample off it; 0 before the first
        for sample in samples {
            minimum = min(minimum, sample)
            maximum = max(maximum, sample)
            squares += sample * sample
            let current = sample > mean ? 1 : (sample < mean ? -1 : 0)
            crossings &+= current != 0 && current == -side ? 1 : 0
            side = current != 0 ? current : side
        }
        let median = medianInPlace(buffer, auxiliary: auxiliary)
        let lowerQuartile = percentileAfterMedian(25, of: buffer, auxiliary: auxiliary)
        let upperQuartile = percentileAfterMedian(75, of: buffer, auxiliary: auxiliary)
        for index in buffer.indices { buffer[index] = abs(buffer[index] - median) }
        let mad = medianInPlace(buffer, auxiliary: auxiliary)
        return WindowSummary(
            moments: moments, minimum: minimum, maximum: maximum,
            rootMeanSquare: (squares / Double(count)).squareRoot(), median: median,
            interquartileRange: upperQuartile - lowerQuartile, medianAbsoluteDeviation: mad,
            meanCrossingFraction: count > 1 ? Double(crossings) / Double(count - 1) : 0)
    }

    /// The summary of any collection of samples; allocates its scratch.
    ///
    /// - Throws: As the buffer overload.
    /// - Complexity: O(*n*) on average.
    public static func summary(of samples: some Collection<Double>) throws(DSPError) -> WindowSummary {
        try withBuffer(samples) { (buffer) throws(DSPError) in
            var scratch = [Double](repeating: 0, count: 2 * buffer.count)
            return try scratch.withUnsafeMutableBufferPointer { (scratch) throws(DSPError) in
                try summary(of: buffer, scratch: scratch)
            }
        }
    }
}
