import Foundation

extension Statistics {
    /// The arithmetic mean `(1/n)·Σxᵢ`, accumulated with Neumaier's compensated summation.
    ///
    /// - Parameter samples: At least one finite sample, in any unit.
    /// - Returns: The mean, in sample units.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*).
    @inlinable
    public static func mean(of samples: some Collection<Double>) throws(DSPError) -> Double {
        try withBuffer(samples) { (samples) throws(DSPError) in
            try requireValidWindow(samples)
            return compensatedMean(samples)
        }
    }

    /// The population variance `(1/n)·Σ(xᵢ − x̄)²` (`numpy.var(x)`); 0 for a single sample.
    ///
    /// Computed about the compensated mean with the corrected two-pass formula
    /// `Σd²/n − (Σd/n)²`, `d = x − x̄`, so a large offset (1 g of gravity) costs no precision.
    ///
    /// - Parameter samples: At least one finite sample.
    /// - Returns: The variance, in sample units squared (g² for accelerations in g).
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*), two passes.
    @inlinable
    public static func populationVariance(of samples: some Collection<Double>) throws(DSPError) -> Double {
        try withBuffer(samples) { (samples) throws(DSPError) in
            try requireValidWindow(samples)
            return secondCentralMoment(samples, about: compensatedMean(samples))
        }
    }

    /// The unbiased sample variance `(1/(n − 1))·Σ(xᵢ − x̄)²` (`numpy.var(x, ddof=1)`).
    ///
    /// - Parameter samples: At least one finite sample.
    /// - Returns: The variance in sample units squared, or `nil` for a single sample.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*), two passes.
    @inlinable
    public static func sampleVariance(of samples: some Collection<Double>) throws(DSPError) -> Double? {
        let variance = try populationVariance(of: samples)
        return samples.count > 1 ? variance * Double(samples.count) / Double(samples.count - 1) : nil
    }

    /// The population standard deviation `√(population variance)` (`numpy.std(x)`).
    ///
    /// - Parameter samples: At least one finite sample.
    /// - Returns: The standard deviation, in sample units.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*), two passes.
    @inlinable
    public static func standardDeviation(of samples: some Collection<Double>) throws(DSPError) -> Double {
        try populationVariance(of: samples).squareRoot()
    }

    /// The sample standard deviation `√(sample variance)` (`numpy.std(x, ddof=1)`).
    ///
    /// - Parameter samples: At least one finite sample.
    /// - Returns: The standard deviation in sample units, or `nil` for a single sample.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*), two passes.
    @inlinable
    public static func sampleStandardDeviation(of samples: some Collection<Double>) throws(DSPError) -> Double? {
        try sampleVariance(of: samples)?.squareRoot()
    }

    /// The buffer form of the public overload below, for the package's own hot loops (no copy, no
    /// allocation); clients pass any collection, a buffer included, to the public form.
    @usableFromInline
    package static func moments(of samples: UnsafeBufferPointer<Double>) throws(DSPError) -> Moments {
        try requireValidWindow(samples)
        return momentsKernel(samples)
    }

    /// The moments of a valid (non-empty, finite) window, without validation.
    static func momentsKernel(_ samples: UnsafeBufferPointer<Double>) -> Moments {
        let mean = compensatedMean(samples)
        let (sum1, sum2, sum3, sum4) = powerSums(samples, about: mean)
        // The sums are about the computed mean, which is off the true one by c = Σd/n (rounding);
        // shifting the raw moments by c removes that error from every order.
        let count = Double(samples.count)
        let c = sum1 / count
        let (raw2, raw3, raw4) = (sum2 / count, sum3 / count, sum4 / count)
        let m2 = max(raw2 - c * c, 0)
        let m3 = raw3 - 3 * c * raw2 + 2 * c * c * c
        let m4 = raw4 - 4 * c * raw3 + 6 * c * c * raw2 - 3 * c * c * c * c
        var moments = Moments(count: samples.count, mean: mean, variance: m2, skewness: nil, kurtosis: nil)
        if !isConstant(secondMoment: m2, mean: mean) {
            moments.skewness = m3 / (m2 * m2.squareRoot())
            moments.kurtosis = m4 / (m2 * m2) - 3
        }
        return moments
    }

    /// `Σd`, `Σd²`, `Σd³` and `Σd⁴` of the deviations `d = x − mean`, in sample order, one pass.
    @inline(__always)
    static func powerSums(_ samples: UnsafeBufferPointer<Double>, about mean: Double) -> (
        Double, Double, Double, Double
    ) {
        var (sum1, sum2, sum3, sum4) = (0.0, 0.0, 0.0, 0.0)
        for sample in samples {
            let deviation = sample - mean
            let squared = deviation * deviation
            sum1 += deviation
            sum2 += squared
            sum3 += squared * deviation
            sum4 += squared * squared
        }
        return (sum1, sum2, sum3, sum4)
    }

    /// The mean, population variance, skewness and excess kurtosis in one go: the compensated
    /// mean, then one pass over the deviations for the second, third and fourth central moments,
    /// each corrected for the rounding of the mean (as the corrected two-pass variance is).
    /// Cheaper than asking for each separately when a feature vector wants several.
    ///
    /// - Parameter samples: At least one finite sample.
    /// - Returns: The moments; skewness and kurtosis are `nil` for a constant window (see
    ///   ``Statistics``).
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*), two passes.
    @inlinable
    public static func moments(of samples: some Collection<Double>) throws(DSPError) -> Moments {
        try withBuffer(samples) { (buffer) throws(DSPError) in try moments(of: buffer) }
    }

    /// The biased skewness `m₃ / m₂^(3/2)`, as `scipy.stats.skew(x)` (dimensionless; 0 for a
    /// symmetric window, positive for a long right tail).
    ///
    /// - Parameter samples: At least one finite sample.
    /// - Returns: The skewness, or `nil` for a constant window (including one sample).
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*), two passes.
    @inlinable
    public static func skewness(of samples: some Collection<Double>) throws(DSPError) -> Double? {
        try moments(of: samples).skewness
    }

    /// The biased excess kurtosis `m₄ / m₂² − 3`, as `scipy.stats.kurtosis(x)` (Fisher's
    /// definition, dimensionless: 0 for a normal distribution, −1.5 for a sinusoid, −2 for two
    /// equally likely values).
    ///
    /// - Parameter samples: At least one finite sample.
    /// - Returns: The excess kurtosis, or `nil` for a constant window (including one sample).
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*), two passes.
    @inlinable
    public static func kurtosis(of samples: some Collection<Double>) throws(DSPError) -> Double? {
        try moments(of: samples).kurtosis
    }
}

// MARK: - Kernels (no validation)

extension Statistics {
    /// The mean of a non-empty buffer by Neumaier's compensated summation, in four interleaved
    /// lanes (so the additions do not wait on each other) whose sums and compensations are
    /// combined at the end by the same rule. Finite samples whose sum overflows are averaged as
    /// `Σ(xᵢ/n)` instead; NaN propagates.
    ///
    /// - Complexity: O(*n*).
    @usableFromInline
    static func compensatedMean(_ samples: UnsafeBufferPointer<Double>) -> Double {
        @inline(__always)
        func add(_ sum: inout Double, _ compensation: inout Double, _ sample: Double) {
            let total = sum + sample
            // Branch-free choice of which operand lost low-order bits.
            let larger = abs(sum) >= abs(sample) ? sum : sample
            let smaller = abs(sum) >= abs(sample) ? sample : sum
            compensation += (larger - total) + smaller
            sum = total
        }
        var sums = (0.0, 0.0, 0.0, 0.0)
        var compensations = (0.0, 0.0, 0.0, 0.0)
        let count = samples.count
        let base = samples.baseAddress!
        var index = 0
        while index + 4 <= count {
            add(&sums.0, &compensations.0, base[index])
            add(&sums.1, &compensations.1, base[index + 1])
            add(&sums.2, &compensations.2, base[index + 2])
            add(&sums.3, &compensations.3, base[index + 3])
            index += 4
        }
        while index < count {
            add(&sums.0, &compensations.0, base[index])
            index += 1
        }
        var sum = sums.0
        var compensation = compensations.0 + compensations.1 + compensations.2 + compensations.3
        add(&sum, &compensation, sums.1)
        add(&sum, &compensation, sums.2)
        add(&sum, &compensation, sums.3)
        let mean = (sum + compensation) / Double(count)
        if mean.isFinite { return mean }
        return samples.reduce(0) { $0 + $1 / Double(count) }
    }

    /// The population variance of a non-empty buffer about `mean`, by the corrected two-pass
    /// formula `Σd²/n − (Σd/n)²`, `d = x − mean`; never negative. Bit-identical to
    /// ``Moments/variance`` from ``Statistics/moments(of:)``.
    ///
    /// - Complexity: O(*n*).
    @usableFromInline
    static func secondCentralMoment(_ samples: UnsafeBufferPointer<Double>, about mean: Double) -> Double {
        var sum1 = 0.0
        var sum2 = 0.0
        for sample in samples {
            let deviation = sample - mean
            sum1 += deviation
            sum2 += deviation * deviation
        }
        let count = Double(samples.count)
        let shift = sum1 / count
        return max(sum2 / count - shift * shift, 0)
    }
}
