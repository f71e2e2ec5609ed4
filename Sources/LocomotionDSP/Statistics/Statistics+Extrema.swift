extension Statistics {
    /// The smallest and the largest sample.
    ///
    /// - Parameter samples: At least one finite sample.
    /// - Returns: `(minimum, maximum)`, in sample units.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*).
    @inlinable
    public static func extrema(of samples: some Collection<Double>) throws(DSPError) -> (
        minimum: Double, maximum: Double
    ) {
        try withBuffer(samples) { (samples) throws(DSPError) in
            try requireValidWindow(samples)
            var (minimum, maximum) = (samples[0], samples[0])
            for sample in samples {
                minimum = min(minimum, sample)
                maximum = max(maximum, sample)
            }
            return (minimum, maximum)
        }
    }

    /// The smallest sample (`numpy.min`).
    ///
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*).
    @inlinable
    public static func minimum(of samples: some Collection<Double>) throws(DSPError) -> Double {
        try extrema(of: samples).minimum
    }

    /// The largest sample (`numpy.max`).
    ///
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*).
    @inlinable
    public static func maximum(of samples: some Collection<Double>) throws(DSPError) -> Double {
        try extrema(of: samples).maximum
    }

    /// The range `max − min` (`numpy.ptp`), in sample units; 0 for a constant window.
    ///
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*).
    @inlinable
    public static func range(of samples: some Collection<Double>) throws(DSPError) -> Double {
        let (minimum, maximum) = try extrema(of: samples)
        return maximum - minimum
    }
}
