extension Statistics {
    /// The `percentage`-th percentile with linear interpolation between order statistics, as
    /// `numpy.percentile(x, percentage)` (method `"linear"`, numpy's default): with the samples
    /// sorted as `s₀ ≤ … ≤ sₙ₋₁` and `h = (n − 1)·percentage/100`, the result is
    /// `s⌊h⌋ + (h − ⌊h⌋)·(s⌊h⌋₊₁ − s⌊h⌋)`.
    ///
    /// The samples are copied once and partially ordered by quickselect; the input is not
    /// modified.
    ///
    /// - Parameters:
    ///   - percentage: In `0...100`; 0 gives the minimum, 50 the median, 100 the maximum.
    ///   - samples: At least one finite sample.
    /// - Returns: The percentile, in sample units.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`, `.invalidParameter` for a
    ///   percentage outside `0...100`.
    /// - Complexity: O(*n*) on average, O(*n* log *n*) at worst; allocates one copy of the samples.
    @inlinable
    public static func percentile(_ percentage: Double, of samples: some Collection<Double>) throws(DSPError)
        -> Double
    {
        try withCopy(of: samples) { (buffer) throws(DSPError) in
            try percentile(percentage, of: UnsafeBufferPointer(buffer), scratch: buffer)
        }
    }

    /// The median (`numpy.median`): the middle order statistic, or the mean of the two middle
    /// ones for an even count.
    ///
    /// - Parameter samples: At least one finite sample.
    /// - Returns: The median, in sample units.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*) on average, O(*n* log *n*) at worst; allocates one copy of the samples.
    @inlinable
    public static func median(of samples: some Collection<Double>) throws(DSPError) -> Double {
        try withCopy(of: samples) { (buffer) throws(DSPError) in
            try median(of: UnsafeBufferPointer(buffer), scratch: buffer)
        }
    }

    /// The interquartile range: the 75th minus the 25th percentile, both linearly interpolated
    /// (`scipy.stats.iqr(x)`).
    ///
    /// - Parameter samples: At least one finite sample.
    /// - Returns: The IQR, in sample units.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*) on average, O(*n* log *n*) at worst; allocates one copy of the samples.
    @inlinable
    public static func interquartileRange(of samples: some Collection<Double>) throws(DSPError) -> Double {
        try withCopy(of: samples) { (buffer) throws(DSPError) in
            try interquartileRange(of: UnsafeBufferPointer(buffer), scratch: buffer)
        }
    }

    /// The median absolute deviation `median(|xᵢ − median(x)|)`, **unscaled**: it is
    /// `scipy.stats.median_abs_deviation(x)` with its default `scale=1.0`. Multiply by 1.4826 for
    /// a consistent estimate of a normal distribution's standard deviation.
    ///
    /// - Parameter samples: At least one finite sample.
    /// - Returns: The MAD, in sample units; 0 when more than half the samples are equal.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*) on average, O(*n* log *n*) at worst; allocates one copy of the samples.
    @inlinable
    public static func medianAbsoluteDeviation(of samples: some Collection<Double>) throws(DSPError) -> Double {
        try withCopy(of: samples) { (buffer) throws(DSPError) in
            try medianAbsoluteDeviation(of: UnsafeBufferPointer(buffer), scratch: buffer)
        }
    }
}

// MARK: - Scratch forms (the package's hot loops: no allocation)

extension Statistics {
    /// ``percentile(_:of:)`` with the samples copied into `scratch` (at least `samples.count`
    /// elements, overwritten with a permutation of the samples; it may be the samples' own memory
    /// but must not partially overlap it), so nothing is allocated.
    ///
    /// - Throws: As ``percentile(_:of:)``, and `.invalidParameter` for a scratch buffer that is too small.
    @usableFromInline
    package static func percentile(
        _ percentage: Double, of samples: UnsafeBufferPointer<Double>, scratch: UnsafeMutableBufferPointer<Double>
    ) throws(DSPError) -> Double {
        try requireValidPercentage(percentage)
        return percentileInPlace(percentage, of: try copy(samples, into: scratch))
    }

    /// ``median(of:)`` in `scratch`, as ``percentile(_:of:scratch:)``.
    @usableFromInline
    package static func median(
        of samples: UnsafeBufferPointer<Double>, scratch: UnsafeMutableBufferPointer<Double>
    ) throws(DSPError) -> Double {
        medianInPlace(try copy(samples, into: scratch))
    }

    /// ``interquartileRange(of:)`` in `scratch`, as ``percentile(_:of:scratch:)``.
    @usableFromInline
    package static func interquartileRange(
        of samples: UnsafeBufferPointer<Double>, scratch: UnsafeMutableBufferPointer<Double>
    ) throws(DSPError) -> Double {
        interquartileRangeInPlace(try copy(samples, into: scratch))
    }

    /// ``medianAbsoluteDeviation(of:)`` in `scratch`, as ``percentile(_:of:scratch:)``; the
    /// scratch ends holding the absolute deviations.
    @usableFromInline
    package static func medianAbsoluteDeviation(
        of samples: UnsafeBufferPointer<Double>, scratch: UnsafeMutableBufferPointer<Double>
    ) throws(DSPError) -> Double {
        let buffer = try copy(samples, into: scratch)
        let centre = medianInPlace(buffer)
        for index in buffer.indices { buffer[index] = abs(buffer[index] - centre) }
        return medianInPlace(buffer)
    }
}

extension Statistics {
    /// The most values above the rank for which ``adjacentOrderStatistics(at:in:)`` keeps the
    /// largest sorted in one pass rather than selecting (each entering value shifts up to this many).
    package static let largestTailForInsertion = 32

    /// The values at ranks `rank` and `rank + 1` (0-based, ascending) of `buffer`, found by
    /// selection and reordering it; both are the last value when `rank` is the last index.
    ///
    /// Within ``largestTailForInsertion`` of the top (a high quantile) the values come from one
    /// pass that keeps the largest few sorted instead of a selection's partitions: the same values
    /// (a tie between −0 and +0 may return either zero).
    ///
    /// - Precondition: `0 <= rank < buffer.count`; no NaN in the buffer.
    /// - Complexity: O(*n*) on average, O(*n* log *n*) at worst; no allocation.
    package static func adjacentOrderStatistics(
        at rank: Int, in buffer: UnsafeMutableBufferPointer<Double>
    ) -> (Double, Double) {
        let tail = buffer.count - rank
        if tail <= largestTailForInsertion { return Selection.topTwoOfLargest(tail, in: buffer) }
        Selection.select(rank, in: buffer)
        let value = buffer[rank]
        return (value, rank + 1 < buffer.count ? Selection.minimum(in: buffer, from: rank + 1) : value)
    }
}

// MARK: - Kernels

extension Statistics {
    /// Validates the window and the scratch size and copies the samples into the scratch.
    ///
    /// - Returns: The first `samples.count` elements of `scratch`.
    static func copy(
        _ samples: UnsafeBufferPointer<Double>, into scratch: UnsafeMutableBufferPointer<Double>
    ) throws(DSPError) -> UnsafeMutableBufferPointer<Double> {
        try requireValidWindow(samples)
        guard scratch.count >= samples.count else {
            throw .invalidParameter(
                name: "scratch.count", value: "\(scratch.count)",
                requirement: "it must be at least samples.count (\(samples.count))")
        }
        let buffer = UnsafeMutableBufferPointer(rebasing: scratch[0..<samples.count])
        if UnsafePointer(buffer.baseAddress!) != samples.baseAddress! {
            buffer.baseAddress!.update(from: samples.baseAddress!, count: samples.count)
        }
        return buffer
    }

    /// Runs `body` on a mutable copy of `samples`.
    @inlinable
    static func withCopy<R>(
        of samples: some Collection<Double>, _ body: (UnsafeMutableBufferPointer<Double>) throws(DSPError) -> R
    ) throws(DSPError) -> R {
        var copy = Array(samples)
        return try copy.withUnsafeMutableBufferPointer { (buffer) throws(DSPError) in try body(buffer) }
    }

    private static func requireValidPercentage(_ percentage: Double) throws(DSPError) {
        guard percentage >= 0, percentage <= 100 else {
            throw .invalidParameter(
                name: "percentage", value: "\(percentage)", requirement: "it must be in 0...100")
        }
    }

    /// `⌊(n − 1)·percentage/100⌋`, the lower order statistic a percentile interpolates from.
    static func lowerRank(ofPercentile percentage: Double, count: Int) -> Int {
        min(Int((Double(count - 1) * (percentage / 100)).rounded(.down)), count - 1)
    }

    /// The linearly interpolated percentile of `buffer`, reordering it; `buffer[..<lower]` must
    /// already hold values ≤ every value from `lower` on, with `lower` ≤ the percentile's rank.
    private static func percentileInPlace(
        _ percentage: Double, of buffer: UnsafeMutableBufferPointer<Double>, from lower: Int = 0
    ) -> Double {
        let position = Double(buffer.count - 1) * (percentage / 100)
        let rank = lowerRank(ofPercentile: percentage, count: buffer.count)
        Selection.select(rank, in: buffer, from: lower)
        let below = buffer[rank]
        let fraction = position - Double(rank)
        guard fraction > 0, rank + 1 < buffer.count else { return below }
        return interpolate(below, Selection.minimum(in: buffer, from: rank + 1), fraction)
    }

    /// `below + (above − below)·fraction`, exact at both ends and monotone in `fraction`.
    static func interpolate(_ below: Double, _ above: Double, _ fraction: Double) -> Double {
        let difference = above - below
        return fraction < 0.5 ? below + difference * fraction : above - difference * (1 - fraction)
    }

    /// The interquartile range of `buffer`, reordering it.
    static func interquartileRangeInPlace(_ buffer: UnsafeMutableBufferPointer<Double>) -> Double {
        let lower = percentileInPlace(25, of: buffer)
        // Selecting the 25th percentile left buffer[..<k₂₅] below everything from k₂₅ on, so the
        // 75th is selected within the upper part only.
        let upper = percentileInPlace(75, of: buffer, from: lowerRank(ofPercentile: 25, count: buffer.count))
        return upper - lower
    }

    /// The median of `buffer`, reordering it.
    static func medianInPlace(_ buffer: UnsafeMutableBufferPointer<Double>) -> Double {
        let middle = buffer.count / 2
        Selection.select(middle, in: buffer)
        return medianOfSelected(buffer)
    }

    /// The median of `buffer` once `buffer[count / 2]` holds its order statistic and everything
    /// before it is no larger.
    static func medianOfSelected(_ buffer: UnsafeMutableBufferPointer<Double>) -> Double {
        let middle = buffer.count / 2
        let upper = buffer[middle]
        guard buffer.count % 2 == 0 else { return upper }
        // buffer[..<middle] ≤ upper, so the other middle value is their maximum.
        var lower = buffer[0]
        for index in 1..<middle { lower = buffer[index] > lower ? buffer[index] : lower }  // no NaN here
        let mean = (lower + upper) / 2
        return mean.isFinite ? mean : lower / 2 + upper / 2
    }
}
