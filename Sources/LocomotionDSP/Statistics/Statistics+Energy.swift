extension Statistics {
    /// The energy `Σxᵢ²`: the plain sum of squares, **not** normalised by the sample count
    /// (UCI HAR's `energy()` feature is this divided by *n*, the mean square, which is
    /// ``rootMeanSquare(of:)`` squared).
    ///
    /// - Parameter samples: At least one finite sample.
    /// - Returns: The energy, in sample units squared (g² for accelerations in g).
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*).
    @inlinable
    public static func energy(of samples: some Collection<Double>) throws(DSPError) -> Double {
        try withBuffer(samples) { (samples) throws(DSPError) in
            try requireValidWindow(samples)
            return sumOfSquares(samples)
        }
    }

    /// The root mean square `√((1/n)·Σxᵢ²)`: the mean is not removed, so a 1 g offset counts.
    /// A sinusoid of amplitude *A* over whole periods has RMS *A*/√2.
    ///
    /// - Parameter samples: At least one finite sample.
    /// - Returns: The RMS, in sample units.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*).
    @inlinable
    public static func rootMeanSquare(of samples: some Collection<Double>) throws(DSPError) -> Double {
        try withBuffer(samples) { (samples) throws(DSPError) in
            try requireValidWindow(samples)
            return (sumOfSquares(samples) / Double(samples.count)).squareRoot()
        }
    }

    /// The signal magnitude area of three axes as UCI HAR defines it:
    /// `(1/n)·Σ(|xᵢ| + |yᵢ| + |zᵢ|)`, the mean of the per-sample sums of absolute values.
    ///
    /// - Parameters:
    ///   - x: The first axis, at least one finite sample (for example in g).
    ///   - y: The second axis, as many samples as `x`.
    ///   - z: The third axis, as many samples as `x`.
    /// - Returns: The SMA, in sample units.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)` (the index is the same in
    ///   every axis), `.invalidParameter` when the axes differ in length.
    /// - Complexity: O(*n*).
    public static func signalMagnitudeArea(
        x: some Collection<Double>, y: some Collection<Double>, z: some Collection<Double>
    ) throws(DSPError) -> Double {
        try withBuffer(x) { (x) throws(DSPError) in
            try withBuffer(y) { (y) throws(DSPError) in
                try withBuffer(z) { (z) throws(DSPError) in
                    try requireValidAxes(x, y, z)
                    var sum = 0.0
                    for index in x.indices { sum += abs(x[index]) + abs(y[index]) + abs(z[index]) }
                    return sum / Double(x.count)
                }
            }
        }
    }

    /// `Σxᵢ²` without validation.
    @usableFromInline
    static func sumOfSquares(_ samples: UnsafeBufferPointer<Double>) -> Double {
        // Four running sums: a quarter of the dependent additions, and no less accurate.
        var (a, b, c, d) = (0.0, 0.0, 0.0, 0.0)
        var index = 0
        while index &+ 4 <= samples.count {
            let (w, x, y, z) = (samples[index], samples[index &+ 1], samples[index &+ 2], samples[index &+ 3])
            (a, b, c, d) = (a + w * w, b + x * x, c + y * y, d + z * z)
            index &+= 4
        }
        while index < samples.count {
            a += samples[index] * samples[index]
            index &+= 1
        }
        return (a + b) + (c + d)
    }
}
