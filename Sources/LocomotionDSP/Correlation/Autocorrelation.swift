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
/// exact (no circular wrap, no zero padding). Lags are summed eight at a time in SIMD lanes (one
/// pass over the samples feeds eight lags' sums and shares their head energy), each sum still
/// accumulated in sample order, so every coefficient is bit-identical to summing its lag alone.
public enum Autocorrelation {
    /// ``normalized(_:lags:)`` written into `output` (at least `lags.count` elements, `output[0]`
    /// for `lags.lowerBound`), so nothing is allocated: the package's gait and step analyses call
    /// it once per window.
    ///
    /// - Throws: As ``normalized(_:lags:)``, and `.invalidParameter` for a short output.
    package static func normalized(
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
        var lag = lags.lowerBound
        while lag + 7 <= lags.upperBound {
            coefficients8(samples, mean: mean, lag: lag, into: output, at: lag - lags.lowerBound)
            lag += 8
        }
        while lag <= lags.upperBound {
            output[lag - lags.lowerBound] = coefficient(samples, mean: mean, lag: lag)
            lag += 1
        }
    }

    /// `r(lag)`, …, `r(lag + 7)` into `output[position...]`, bit-identical to
    /// ``coefficient(_:mean:lag:)`` per lag: each SIMD lane holds one lag's sums, accumulated in
    /// sample order, so the eight lags' additions run side by side.
    @inline(__always)
    static func coefficients8(
        _ samples: UnsafeBufferPointer<Double>, mean: Double, lag: Int, into output: UnsafeMutableBufferPointer<Double>,
        at position: Int
    ) {
        let count = samples.count
        let common = max(0, count - lag - 7)
        var head = 0.0
        var cross = SIMD8<Double>()
        var tail = SIMD8<Double>()
        let means = SIMD8<Double>(repeating: mean)
        if let base = samples.baseAddress {
            let raw = UnsafeRawPointer(base)
            let stride = MemoryLayout<Double>.stride
            for index in 0..<common {
                let a = base[index] - mean
                head += a * a
                let b = raw.loadUnaligned(fromByteOffset: (index &+ lag) &* stride, as: SIMD8<Double>.self) - means
                cross += a * b
                tail += b * b
            }
        }
        for offset in 0..<8 {
            output[position + offset] = coefficient(
                samples, mean: mean, lag: lag + offset, from: common, cross: cross[offset], head: head,
                tail: tail[offset])
        }
    }

    /// `r(k)` for every `k` in `lags`: element 0 is `r(lags.lowerBound)`.
    ///
    /// - Parameters:
    ///   - samples: The window; finite values in any unit (the result has none).
    ///   - lags: Lags in samples, `0 ≤ lower`, `upper < samples.count`.
    /// - Returns: `lags.count` coefficients, each in `-1...1`.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`, `.invalidParameter` for lags
    ///   out of range.
    /// - Complexity: O(*n*·`lags.count`); allocates the result.
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
        coefficient(samples, mean: mean, lag: lag, from: 0, cross: 0, head: 0, tail: 0)
    }

    /// One coefficient whose three sums already hold the samples before index `start`: adds the
    /// rest of the overlap in sample order.
    @inline(__always)
    static func coefficient(
        _ samples: UnsafeBufferPointer<Double>, mean: Double, lag: Int, from start: Int, cross: Double, head: Double,
        tail: Double
    ) -> Double {
        var (cross, head, tail) = (cross, head, tail)
        for index in start..<max(start, samples.count - lag) {
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
