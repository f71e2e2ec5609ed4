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
/// Direct summation costs O(*n*·*L*) for *L* lags, which beats an FFT for the few dozen to few
/// hundred lags of a gait window (a step lasts 0.25–1.25 s) and is exact (no circular wrap, no
/// zero padding). The deviations from the mean and the running sums of their squares from the
/// front (every lag's head energy) and from the back (every lag's tail energy) are made once per
/// window, in 3*n* + 2 values of working memory that is not allocated per call (one buffer per
/// thread); the cross sums are then taken eight lags at a time in SIMD lanes (one pass over the
/// samples feeds eight lags), each still accumulated in sample order. The head energies and cross
/// sums are bit-identical to summing each lag alone; the tail energies add the same squares in the
/// opposite order, so each coefficient is within rounding of summing its lag alone: within
/// `1e-13`, absolute (`AutocorrelationTests`; a bound of about `n·ε/2` relative on the tail energy).
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
        // One pass gives the mean and the finiteness check: a NaN or infinite sample makes the sum
        // non-finite (and nothing brings it back), so only a non-finite sum needs the search.
        var sum = 0.0
        for sample in samples { sum += sample }
        if !sum.isFinite { try DSPError.requireFinite(samples) }
        guard lags.lowerBound >= 0, lags.upperBound < samples.count else {
            throw .invalidParameter(
                name: "lags", value: "\(lags)",
                requirement: "it must be in 0...\(samples.count - 1) for \(samples.count) samples")
        }
        guard output.count >= lags.count else {
            throw .invalidParameter(
                name: "output.count", value: "\(output.count)", requirement: "it must hold lags.count (\(lags.count))")
        }
        let mean = sum / Double(samples.count)
        let count = samples.count
        // Deviations from the mean, the running sum of their squares from the front (each lag's
        // head energy) and from the back (each lag's tail energy), n + 1 values each, made once
        // for every lag, in memory that is not allocated per call.
        ThreadScratch.withDoubles(count: 3 * count + 2) { scratch in
            let deviations = UnsafeMutableBufferPointer(rebasing: scratch[0..<count])
            let heads = UnsafeMutableBufferPointer(rebasing: scratch[count..<(2 * count + 1)])
            let tails = UnsafeMutableBufferPointer(rebasing: scratch[(2 * count + 1)...])
            var head = 0.0
            heads[0] = 0
            for index in 0..<count {
                let deviation = samples[index] - mean
                let square = deviation * deviation
                deviations[index] = deviation
                tails[index] = square
                head += square
                heads[index + 1] = head
            }
            var tail = 0.0
            tails[count] = 0
            for index in stride(from: count - 1, through: 0, by: -1) {
                tail += tails[index]
                tails[index] = tail
            }
            let terms = Terms(
                deviations: UnsafeBufferPointer(deviations), heads: UnsafeBufferPointer(heads),
                tails: UnsafeBufferPointer(tails))
            var lag = lags.lowerBound
            while lag + 7 <= lags.upperBound {
                terms.coefficients8(lag: lag, into: output, at: lag - lags.lowerBound)
                lag += 8
            }
            if lag <= lags.upperBound, lags.count >= 8 {
                // The last block overlaps the one before: its lanes are independent, so the lags
                // written twice get the same bits.
                terms.coefficients8(lag: lags.upperBound - 7, into: output, at: lags.count - 8)
            } else {
                while lag <= lags.upperBound {
                    output[lag - lags.lowerBound] = terms.coefficient(lag: lag, from: 0, cross: 0)
                    lag += 1
                }
            }
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

    /// One coefficient summed alone from the samples, the window's mean already known: the
    /// definition the blocked kernel must reproduce within `1e-13` (the tests compare the two).
    /// Lag 0 of a non-constant window is 1.
    @_spi(Testing)
    public static func coefficient(_ samples: UnsafeBufferPointer<Double>, mean: Double, lag: Int) -> Double {
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

    /// The terms every lag shares, made once per window: the deviations from the mean `dᵢ`,
    /// `heads[m] = Σᵢ<ₘ dᵢ²` summed from the front (so `heads[n − k]` is lag *k*'s head energy
    /// with the same bits as summing it for that lag alone) and `tails[m] = Σᵢ≥ₘ dᵢ²` summed from
    /// the back (lag *k*'s tail energy is `tails[k]`: the same squares added in the opposite order,
    /// so within rounding of summing them for the lag alone, not bit for bit).
    struct Terms {
        let deviations: UnsafeBufferPointer<Double>
        let heads: UnsafeBufferPointer<Double>
        let tails: UnsafeBufferPointer<Double>

        /// `r(lag)`, …, `r(lag + 7)` into `output[position...]`: each SIMD lane holds one lag's
        /// cross sum, accumulated in sample order, so the eight lags' additions run side by side
        /// and each cross sum has the bits of summing it alone.
        @inline(__always)
        func coefficients8(lag: Int, into output: UnsafeMutableBufferPointer<Double>, at position: Int) {
            let count = deviations.count
            let common = max(0, count - lag - 7)
            var cross = SIMD8<Double>()
            let leading = deviations.baseAddress!
            let shifted = UnsafeRawPointer(leading + lag)
            let stride = MemoryLayout<Double>.stride
            for index in 0..<common {
                cross += leading[index] * shifted.loadUnaligned(fromByteOffset: index &* stride, as: SIMD8<Double>.self)
            }
            for lane in 0..<8 {
                output[position + lane] = coefficient(lag: lag + lane, from: common, cross: cross[lane])
            }
        }

        /// One coefficient whose cross sum already holds the overlap before index `start`: adds
        /// the rest in sample order and normalises by the held head and tail energies.
        @inline(__always)
        func coefficient(lag: Int, from start: Int, cross: Double) -> Double {
            var cross = cross
            let end = deviations.count - lag
            for index in start..<max(start, end) {
                cross += deviations[index] * deviations[index + lag]
            }
            let energy = (heads[end] * tails[lag]).squareRoot()
            return energy > 0 ? cross / energy : 0
        }
    }
}
