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
/// exact (no circular wrap, no zero padding). Lags are summed four at a time (one pass over the
/// samples feeds four lags' sums and shares their head energy), each sum still accumulated in
/// sample order, so every coefficient is bit-identical to summing its lag alone.
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
        var lag = lags.lowerBound
        while lag + 7 <= lags.upperBound {
            coefficients8(samples, mean: mean, lag: lag, into: output, at: lag - lags.lowerBound)
            lag += 8
        }
        while lag + 3 <= lags.upperBound {
            coefficients4(samples, mean: mean, lag: lag, into: output, at: lag - lags.lowerBound)
            lag += 4
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
            var (c, h, t) = (cross[offset], head, tail[offset])
            let shifted = lag + offset
            for index in common..<max(common, count - shifted) {
                let a = samples[index] - mean
                let b = samples[index + shifted] - mean
                c += a * b
                h += a * a
                t += b * b
            }
            let energy = (h * t).squareRoot()
            output[position + offset] = energy > 0 ? c / energy : 0
        }
    }

    /// `r(lag)`, …, `r(lag + 3)` into `output[position...]`, with the same additions in the same
    /// order as four calls of ``coefficient(_:mean:lag:)`` (so the same bits), in one pass: the
    /// samples all four lags overlap are read once, their head energy summed once.
    @inline(__always)
    static func coefficients4(
        _ samples: UnsafeBufferPointer<Double>, mean: Double, lag: Int, into output: UnsafeMutableBufferPointer<Double>,
        at position: Int
    ) {
        let count = samples.count
        let common = max(0, count - lag - 3)
        var head = 0.0
        var (c0, c1, c2, c3) = (0.0, 0.0, 0.0, 0.0)
        var (t0, t1, t2, t3) = (0.0, 0.0, 0.0, 0.0)
        if let base = samples.baseAddress {
            for index in 0..<common {
                let a = base[index] - mean
                head += a * a
                let b0 = base[index + lag] - mean
                let b1 = base[index + lag + 1] - mean
                let b2 = base[index + lag + 2] - mean
                let b3 = base[index + lag + 3] - mean
                c0 += a * b0
                t0 += b0 * b0
                c1 += a * b1
                t1 += b1 * b1
                c2 += a * b2
                t2 += b2 * b2
                c3 += a * b3
                t3 += b3 * b3
            }
        }
        // Each lag's last few overlapping samples, in order.
        func finish(_ cross: Double, _ tail: Double, offset: Int) -> Double {
            var (cross, head, tail) = (cross, head, tail)
            let shifted = lag + offset
            for index in common..<max(common, count - shifted) {
                let a = samples[index] - mean
                let b = samples[index + shifted] - mean
                cross += a * b
                head += a * a
                tail += b * b
            }
            let energy = (head * tail).squareRoot()
            return energy > 0 ? cross / energy : 0
        }
        output[position] = finish(c0, t0, offset: 0)
        output[position + 1] = finish(c1, t1, offset: 1)
        output[position + 2] = finish(c2, t2, offset: 2)
        output[position + 3] = finish(c3, t3, offset: 3)
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
