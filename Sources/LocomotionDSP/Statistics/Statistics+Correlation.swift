extension Statistics {
    /// The Pearson correlation coefficient
    /// `r = Σ(xᵢ − x̄)(yᵢ − ȳ) / √(Σ(xᵢ − x̄)²·Σ(yᵢ − ȳ)²)` (`scipy.stats.pearsonr(x, y)[0]`,
    /// `numpy.corrcoef(x, y)[0, 1]`), computed about compensated means and clamped to `-1...1`.
    ///
    /// - Parameters:
    ///   - x: At least one finite sample.
    ///   - y: As many finite samples as `x`.
    /// - Returns: `r` in `-1...1`, or `nil` when either series is constant (see ``Statistics``),
    ///   which includes a single pair.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`, `.invalidParameter` when the
    ///   series differ in length.
    /// - Complexity: O(*n*), two passes.
    public static func correlation(
        of x: UnsafeBufferPointer<Double>, with y: UnsafeBufferPointer<Double>
    ) throws(DSPError) -> Double? {
        try requireValidWindow(x)
        try requireSameCount(y, named: "y", as: x.count)
        try DSPError.requireFinite(y)
        return correlationKernel(x, mean: compensatedMean(x), y, mean: compensatedMean(y))
    }

    /// The Pearson correlation of two collections of samples (see the buffer overload).
    public static func correlation(
        of x: some Collection<Double>, with y: some Collection<Double>
    ) throws(DSPError) -> Double? {
        try withBuffer(x) { (x) throws(DSPError) in
            try withBuffer(y) { (y) throws(DSPError) in try correlation(of: x, with: y) }
        }
    }
}

extension Statistics {
    /// The three pairwise Pearson correlations of a three-axis window, `(x, y)`, `(x, z)` and
    /// `(y, z)`, each as ``correlation(of:with:)-(UnsafeBufferPointer<Double>,_)`` computes it but
    /// with each axis validated and averaged once.
    ///
    /// - Parameters:
    ///   - x: At least one finite sample.
    ///   - y: As many finite samples as `x`.
    ///   - z: As many finite samples as `x`.
    /// - Returns: Each coefficient in `-1...1`, or `nil` where either axis is constant.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`, `.invalidParameter` for axes of
    ///   different lengths.
    /// - Complexity: O(*n*), six passes.
    public static func axisCorrelations(
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>
    ) throws(DSPError) -> (xy: Double?, xz: Double?, yz: Double?) {
        try requireValidWindow(x)
        try requireSameCount(y, named: "y", as: x.count)
        try requireSameCount(z, named: "z", as: x.count)
        try DSPError.requireFinite(y)
        try DSPError.requireFinite(z)
        let (meanX, meanY, meanZ) = (compensatedMean(x), compensatedMean(y), compensatedMean(z))
        return (
            correlationKernel(x, mean: meanX, y, mean: meanY), correlationKernel(x, mean: meanX, z, mean: meanZ),
            correlationKernel(y, mean: meanY, z, mean: meanZ)
        )
    }

    /// The Pearson correlation of two valid windows of equal length about their given means.
    static func correlationKernel(
        _ x: UnsafeBufferPointer<Double>, mean meanX: Double, _ y: UnsafeBufferPointer<Double>, mean meanY: Double
    ) -> Double? {
        var (sumX, sumY, sumXX, sumYY, sumXY) = (0.0, 0.0, 0.0, 0.0, 0.0)
        for index in x.indices {
            let dx = x[index] - meanX
            let dy = y[index] - meanY
            sumX += dx
            sumY += dy
            sumXX += dx * dx
            sumYY += dy * dy
            sumXY += dx * dy
        }
        let count = Double(x.count)
        let sxx = max(sumXX - sumX * sumX / count, 0)
        let syy = max(sumYY - sumY * sumY / count, 0)
        let sxy = sumXY - sumX * sumY / count
        guard !isConstant(secondMoment: sxx / count, mean: meanX),
            !isConstant(secondMoment: syy / count, mean: meanY)
        else { return nil }
        return min(max(sxy / (sxx * syy).squareRoot(), -1), 1)
    }
}
