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
    /// - Complexity: O(*n*), one pass.
    public static func correlation(
        of x: some Collection<Double>, with y: some Collection<Double>
    ) throws(DSPError) -> Double? {
        try withBuffer(x) { (x) throws(DSPError) in
            try withBuffer(y) { (y) throws(DSPError) in
                try requireValidWindow(x)
                try requireSameCount(y, named: "y", as: x.count)
                try DSPError.requireFinite(y)
                return correlationKernel(x, mean: compensatedMean(x), y, mean: compensatedMean(y))
            }
        }
    }
}

extension Statistics {
    /// The three pairwise Pearson correlations of a three-axis window, `(x, y)`, `(x, z)` and
    /// `(y, z)`, each as ``correlation(of:with:)`` computes it (to
    /// rounding: the deviations are taken from each axis's first sample, and the same formula
    /// corrects for it not being the mean), and the
    /// ``signalMagnitudeArea(x:y:z:)``: each axis validated,
    /// then two passes over all three (each axis's own sums, then the cross products).
    ///
    /// - Parameters:
    ///   - x: At least one finite sample.
    ///   - y: As many finite samples as `x`.
    ///   - z: As many finite samples as `x`.
    /// - Returns: The correlations (each `nil` where either axis is constant) and the area.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`, `.invalidParameter` for axes of
    ///   different lengths.
    /// - Complexity: O(*n*), five passes (three of them validation); arrays and other contiguous
    ///   collections are read in place, others copied once.
    public static func axisSummary(
        x: some Collection<Double>, y: some Collection<Double>, z: some Collection<Double>
    ) throws(DSPError) -> AxisSummary {
        try withBuffer(x) { (x) throws(DSPError) in
            try withBuffer(y) { (y) throws(DSPError) in
                try withBuffer(z) { (z) throws(DSPError) in try axisSummary(x: x, y: y, z: z) }
            }
        }
    }

    /// The buffer form of the public overload above, for the package's own hot loops (no copy, no
    /// allocation).
    package static func axisSummary(
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>
    ) throws(DSPError) -> AxisSummary {
        try requireValidAxes(x, y, z)
        return axisSummaryOfFiniteAxes(x: x, y: y, z: z)
    }

    /// ``axisSummary(x:y:z:)`` for axes already known to be finite, non-empty and of one length
    /// (for example because their magnitude is finite): the two passes without validation.
    ///
    /// - Precondition: The axes hold the same number of finite samples, at least one.
    /// - Complexity: O(*n*), two passes.
    package static func axisSummaryOfFiniteAxes(
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>
    ) -> AxisSummary {
        let sums = axisSums(x: x, y: y, z: z)
        let count = sums.count
        let shifts = sums.shifts
        let (meanX, meanY, meanZ) = (
            shifts.0 + sums.x / count, shifts.1 + sums.y / count, shifts.2 + sums.z / count
        )
        return AxisSummary(
            correlationXY: correlation(sums.x, meanX, sums.xx, sums.y, meanY, sums.yy, sums.xy, count: count),
            correlationXZ: correlation(sums.x, meanX, sums.xx, sums.z, meanZ, sums.zz, sums.xz, count: count),
            correlationYZ: correlation(sums.y, meanY, sums.yy, sums.z, meanZ, sums.zz, sums.yz, count: count),
            signalMagnitudeArea: sums.area / count)
    }

    /// The sums of ``axisSummaryOfFiniteAxes(x:y:z:)``'s passes: the deviations from each axis's
    /// first sample, their squares and cross products, and the absolute values.
    ///
    /// - Precondition: The axes hold the same number of finite samples, at least one.
    /// - Complexity: O(*n*), two passes.
    package static func axisSums(
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>
    ) -> AxisSums {
        precondition(!x.isEmpty && y.count == x.count && z.count == x.count, "axisSummary: axes of different lengths")
        // One pass over the deviations from each axis's first sample (close to the mean, so the
        // sums stay small): the correlation formula corrects any reference point exactly. Two
        // samples at a time in SIMD lanes (even and odd samples), the lanes added at the end.
        let pairs = x.count / 2
        let odd = x.count % 2 == 1
        let shifts = (x[0], y[0], z[0])
        @inline(__always) func pair(_ axis: UnsafeBufferPointer<Double>, _ index: Int) -> SIMD2<Double> {
            SIMD2(axis[2 &* index], axis[2 &* index &+ 1])
        }
        var lanes = AxisLanes(shifts: shifts)
        // Two passes, each axis's own sums then the cross products: one pass holds more sums than
        // there are SIMD registers and spills them to memory every step (callgrind on a copy of
        // this loop: 3,056 instructions against 3,437 for 128 samples); every sum still runs in
        // sample order.
        for index in 0..<pairs { lanes.addOwn(pair(x, index), pair(y, index), pair(z, index)) }
        for index in 0..<pairs { lanes.addProducts(pair(x, index), pair(y, index), pair(z, index)) }
        // The odd sample out in the first lane, the shifts (zero deviations) in the second.
        let last = x.count - 1
        if odd { lanes.add(SIMD2(x[last], shifts.0), SIMD2(y[last], shifts.1), SIMD2(z[last], shifts.2)) }
        let area =
            odd ? lanes.area[0] + (lanes.area[1] - (abs(shifts.0) + abs(shifts.1) + abs(shifts.2))) : lanes.area.sum()
        return AxisSums(
            count: Double(x.count), shifts: shifts, x: lanes.x.sum(), y: lanes.y.sum(), z: lanes.z.sum(),
            xx: lanes.xx.sum(), yy: lanes.yy.sum(), zz: lanes.zz.sum(), xy: lanes.xy.sum(), xz: lanes.xz.sum(),
            yz: lanes.yz.sum(), area: area)
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

    /// The correlation from the sums of the deviations `d` about any reference points (the
    /// means, or values near them), their squares and their products; the sums of `d` correct
    /// for the reference not being the mean. `nil` when either series is constant.
    static func correlation(
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

/// The sums of ``Statistics/axisSummaryOfFiniteAxes(x:y:z:)``'s pass, two samples per step in
/// SIMD lanes: deviations from the shifts, their squares and products, and absolute values.
private struct AxisLanes {
    let shifts: (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
    var (x, y, z) = (SIMD2<Double>(), SIMD2<Double>(), SIMD2<Double>())
    var (xx, yy, zz) = (SIMD2<Double>(), SIMD2<Double>(), SIMD2<Double>())
    var (xy, xz, yz) = (SIMD2<Double>(), SIMD2<Double>(), SIMD2<Double>())
    var area = SIMD2<Double>()

    init(shifts: (Double, Double, Double)) {
        self.shifts = (SIMD2(repeating: shifts.0), SIMD2(repeating: shifts.1), SIMD2(repeating: shifts.2))
    }

    @inline(__always)
    mutating func add(_ px: SIMD2<Double>, _ py: SIMD2<Double>, _ pz: SIMD2<Double>) {
        addOwn(px, py, pz)
        addProducts(px, py, pz)
    }

    /// The sums of each axis alone: deviations, their squares, and the absolute values.
    @inline(__always)
    mutating func addOwn(_ px: SIMD2<Double>, _ py: SIMD2<Double>, _ pz: SIMD2<Double>) {
        let (dx, dy, dz) = (px - shifts.0, py - shifts.1, pz - shifts.2)
        x += dx
        y += dy
        z += dz
        xx += dx * dx
        yy += dy * dy
        zz += dz * dz
        area += Self.magnitude(px) + Self.magnitude(py) + Self.magnitude(pz)
    }

    /// The sums of the deviations' products between axes.
    @inline(__always)
    mutating func addProducts(_ px: SIMD2<Double>, _ py: SIMD2<Double>, _ pz: SIMD2<Double>) {
        let (dx, dy, dz) = (px - shifts.0, py - shifts.1, pz - shifts.2)
        xy += dx * dy
        xz += dx * dz
        yz += dy * dz
    }

    /// `|value|` by clearing the sign bits: one AND, where a compare-and-select compiled to
    /// several instructions per lane. It differs from `value < 0 ? −value : value` only for −0,
    /// which becomes +0; the area's sum starts at +0, so the sum's bits are the same either way.
    @inline(__always)
    static func magnitude(_ value: SIMD2<Double>) -> SIMD2<Double> {
        let bits = unsafeBitCast(value, to: SIMD2<UInt64>.self) & SIMD2(repeating: 0x7FFF_FFFF_FFFF_FFFF)
        return unsafeBitCast(bits, to: SIMD2<Double>.self)
    }
}
