/// The normalised autocorrelation of a window over a range of lags, computed directly.
///
/// For a window `x` of *n* samples with mean x̄ removed (`d = x − x̄`), lag *k* gives
///
///     r(k) = Σᵢ dᵢ·dᵢ₊ₖ / √(Σᵢ dᵢ² · Σᵢ dᵢ₊ₖ²),   i = 0 … n−1−k,
///
/// the correlation coefficient between the window and itself shifted by *k* samples, each sum
/// taken over the *n − k* overlapping samples only. This is the "unbiased" form gait analysis
/// uses for step and stride regularity (Moe-Nilssen & Helbostad, J Biomech 37:121, 2004): a
/// perfectly periodic signal of period *k* gives exactly 1 at lag *k* however short the overlap,
/// and |r| ≤ 1 always (Cauchy–Schwarz). A lag whose overlap has no energy gives 0.
///
/// Direct summation costs O(*n*·*L*) for *L* lags and needs no scratch memory, which beats an
/// FFT for the few dozen to few hundred lags of a gait window (a step lasts 0.25–1.25 s) and is
/// exact (no circular wrap, no zero padding).
public enum Autocorrelation {
    /// Writes `r(k)` for every `k` in `lags` into `output` (`output[0]` is `lags.lowerBound`).
    ///
    /// - Parameters:
    ///   - samples: The window; finite values in any unit (the result has none).
    ///   - lags: Lags in samples, `0 ≤ lower`, `upper < samples.count`.
    ///   - output: At least `lags.count` elements.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`, `.invalidParameter` for lags
    ///   out of range or a short output.
    /// - Complexity: O(*n*·`lags.count`); no allocation.
    public static func normalized(
        _ samples: UnsafeBufferPointer<Double>, lags: ClosedRange<Int>, into output: UnsafeMutableBufferPointer<Double>
    ) throws(DSPError) {
        guard !samples.isEmpty else { throw .emptyInput }
        try DSPError.requireFinite(samples)
        guard lags.lowerBound >= 0, lags.upperBound < samples.count else {
            throw .invalidParameter(
                name: "lags", value: "\(lags)",
                requirement: "lags must lie in 0...\(samples.count - 1) for \(samples.count) samples")
        }
        guard output.count >= lags.count else {
            throw .invalidParameter(
                name: "output.count", value: "\(output.count)", requirement: "it must hold lags.count (\(lags.count))")
        }
        var mean = 0.0
        for sample in samples { mean += sample }
        mean /= Double(samples.count)
        for (position, lag) in lags.enumerated() {
            output[position] = coefficient(samples, mean: mean, lag: lag)
        }
    }

    /// Returns `r(k)` for every `k` in `lags` (see the buffer overload).
    ///
    /// - Complexity: O(*n*·`lags.count`).
    public static func normalized(_ samples: [Double], lags: ClosedRange<Int>) throws(DSPError) -> [Double] {
        var output = [Double](repeating: 0, count: lags.count)
        try samples.withUnsafeBufferPointer { (input) throws(DSPError) in
            try output.withUnsafeMutableBufferPointer { (result) throws(DSPError) in
                try normalized(input, lags: lags, into: result)
            }
        }
        return output
    }

    /// One coefficient, the window's mean already known. Lag 0 of a non-constant window is 1.
    @inline(__always)
    static func coefficient(_ samples: UnsafeBufferPointer<Double>, mean: Double, lag: Int) -> Double {
        var (cross, head, tail) = (0.0, 0.0, 0.0)
        for index in 0..<(samples.count - lag) {
            let a = samples[index] - mean
            let b = samples[index + lag] - mean
            cross += a * b
            head += a * a
            tail += b * b
        }
        let energy = (head * tail).squareRoot()
        return energy > 0 ? cross / energy : 0
    }
}
