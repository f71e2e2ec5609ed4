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

/// How the three axes of a window relate: their pairwise correlations and the signal magnitude
/// area, computed together by ``Statistics/axisSummary(x:y:z:)``.
public struct AxisSummary: Sendable, Hashable {
    /// The Pearson correlation of x and y, in `-1...1`, or `nil` when either is constant.
    public var correlationXY: Double?
    /// The Pearson correlation of x and z, or `nil` when either is constant.
    public var correlationXZ: Double?
    /// The Pearson correlation of y and z, or `nil` when either is constant.
    public var correlationYZ: Double?
    /// The signal magnitude area `(1/n)·Σ(|xᵢ| + |yᵢ| + |zᵢ|)`, in sample units.
    public var signalMagnitudeArea: Double

    /// Creates a summary from its values.
    public init(correlationXY: Double?, correlationXZ: Double?, correlationYZ: Double?, signalMagnitudeArea: Double) {
        self.correlationXY = correlationXY
        self.correlationXZ = correlationXZ
        self.correlationYZ = correlationYZ
        self.signalMagnitudeArea = signalMagnitudeArea
    }
}

extension Statistics {
    /// The three pairwise Pearson correlations of a three-axis window, `(x, y)`, `(x, z)` and
    /// `(y, z)`, each as ``correlation(of:with:)-(UnsafeBufferPointer<Double>,_)`` computes it (to
    /// rounding: the means are summed plainly, their error corrected by the same formula), and
    /// the ``signalMagnitudeArea(x:y:z:)-(UnsafeBufferPointer<Double>,_,_)``: each axis validated
    /// and averaged once in one pass, then one fused pass.
    ///
    /// - Parameters:
    ///   - x: At least one finite sample.
    ///   - y: As many finite samples as `x`.
    ///   - z: As many finite samples as `x`.
    /// - Returns: The correlations (each `nil` where either axis is constant) and the area.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`, `.invalidParameter` for axes of
    ///   different lengths.
    /// - Complexity: O(*n*), five passes (three of them validation).
    public static func axisSummary(
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>
    ) throws(DSPError) -> AxisSummary {
        try requireValidAxes(x, y, z)
        return axisSummaryOfFiniteAxes(x: x, y: y, z: z)
    }

    /// ``axisSummary(x:y:z:)`` for axes already known to be finite, non-empty and of one length
    /// (for example because their magnitude is finite): the two fused passes without validation.
    ///
    /// - Precondition: The axes hold the same number of finite samples, at least one.
    /// - Complexity: O(*n*), two passes.
    public static func axisSummaryOfFiniteAxes(
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>
    ) -> AxisSummary {
        precondition(!x.isEmpty && y.count == x.count && z.count == x.count, "axisSummary: axes of different lengths")
        // Plain means suffice here: the sums of the deviations below correct each mean's rounding.
        var (totalX, totalY, totalZ) = (0.0, 0.0, 0.0)
        for index in x.indices {
            totalX += x[index]
            totalY += y[index]
            totalZ += z[index]
        }
        let count = Double(x.count)
        let (meanX, meanY, meanZ) = (totalX / count, totalY / count, totalZ / count)
        var (sumX, sumY, sumZ) = (0.0, 0.0, 0.0)
        var (sumXX, sumYY, sumZZ) = (0.0, 0.0, 0.0)
        var (sumXY, sumXZ, sumYZ) = (0.0, 0.0, 0.0)
        var area = 0.0
        for index in x.indices {
            let (dx, dy, dz) = (x[index] - meanX, y[index] - meanY, z[index] - meanZ)
            sumX += dx
            sumY += dy
            sumZ += dz
            sumXX += dx * dx
            sumYY += dy * dy
            sumZZ += dz * dz
            sumXY += dx * dy
            sumXZ += dx * dz
            sumYZ += dy * dz
            area += abs(x[index]) + abs(y[index]) + abs(z[index])
        }
        return AxisSummary(
            correlationXY: correlation(sumX, meanX, sumXX, sumY, meanY, sumYY, sumXY, count: count),
            correlationXZ: correlation(sumX, meanX, sumXX, sumZ, meanZ, sumZZ, sumXZ, count: count),
            correlationYZ: correlation(sumY, meanY, sumYY, sumZ, meanZ, sumZZ, sumYZ, count: count),
            signalMagnitudeArea: area / count)
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
        return correlation(sumX, meanX, sumXX, sumY, meanY, sumYY, sumXY, count: Double(x.count))
    }

    /// The correlation from the sums of the deviations `d` about the means, their squares and
    /// their products, with the rounding of each mean corrected; `nil` when either is constant.
    private static func correlation(
        _ sumX: Double, _ meanX: Double, _ sumXX: Double, _ sumY: Double, _ meanY: Double, _ sumYY: Double,
        _ sumXY: Double, count: Double
    ) -> Double? {
        let sxx = max(sumXX - sumX * sumX / count, 0)
        let syy = max(sumYY - sumY * sumY / count, 0)
        let sxy = sumXY - sumX * sumY / count
        guard !isConstant(secondMoment: sxx / count, mean: meanX),
            !isConstant(secondMoment: syy / count, mean: meanY)
        else { return nil }
        return min(max(sxy / (sxx * syy).squareRoot(), -1), 1)
    }
}
