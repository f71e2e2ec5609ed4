/// The normalised autocorrelation of a window over a range of lags, summed directly or by FFT.
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
/// Direct summation costs O(*n*·*L*) for *L* lags. The deviations from the mean and the running
/// sums of their squares from the front (every lag's head energy) and from the back (every lag's
/// tail energy) are made once per window, in 3*n* + 2 values of working memory that is not
/// allocated per call (one buffer per thread). The cross sums are then either taken eight lags at
/// a time in SIMD lanes (one pass over the samples feeds eight lags), each still accumulated in
/// sample order, or, when the Σ(*n* − *k*) products to sum reach 3·*N*·⌈log₂*N*⌉, all at once by
/// a real FFT of the deviations zero-padded to *N* ≥ *n* + the largest lag (`2ᵃ` or `3·2ᵃ`; no
/// circular wrap in the lags read), held per thread with its aligned buffers, so nothing is
/// allocated per call either way (the step detector's ±2 s context at 50 Hz, 201 samples and
/// lags about 10–88, takes the FFT; a 128-sample feature window's 10–85 stays direct).
///
/// Tolerance. Direct: the head energies and cross sums are bit-identical to summing each lag
/// alone; the tail energies add the same squares in the opposite order, so each coefficient is
/// within `1e-13`, absolute, of summing its lag alone (a bound of about `n·ε/2` relative on the
/// tail energy). By FFT: each cross sum's rounding is a small multiple of ε times the whole
/// window's energy, not the lag's, so a lag whose overlap energy `√(head·tail)` is below 1/1024
/// of the window's is summed directly, and the rest are within `1e-11`, absolute (largest seen
/// 1.5e-13, `AutocorrelationTests`, with the energy bunched at one end, a near-silent stretch
/// after a loud one, a spike, a large offset). Non-finite samples are found before either.
public enum Autocorrelation {
    /// ``normalized(_:lags:)`` written into `output` (at least `lags.count` elements, `output[0]`
    /// for `lags.lowerBound`), so nothing is allocated: the package's gait and step analyses call
    /// it once per window.
    ///
    /// - Throws: As ``normalized(_:lags:)``, and `.invalidParameter` for a short output.
    package static func normalized(
        _ samples: UnsafeBufferPointer<Double>, lags: ClosedRange<Int>, into output: UnsafeMutableBufferPointer<Double>,
        method: Method = .automatic
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
        // The cross products summed directly, Σ (n − k) over the lags, against the FFT's cost.
        let products = lags.count * (count - lags.lowerBound) - lags.count * (lags.count - 1) / 2
        let length = CorrelationByFFT.paddedLength(count: count, upper: lags.upperBound)
        let byFFT =
            CorrelationByFFT.isAvailable && method != .direct
            && (method == .fft || CorrelationByFFT.pays(products: products, length: length))
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
            // Finite energy (no overflow in the squared spectrum): the cross sums by FFT.
            if byFFT, head <= 1e290 {
                let cross = CorrelationByFFT.crossSums(UnsafeBufferPointer(deviations), length: length)
                for lag in lags {
                    output[lag - lags.lowerBound] = terms.coefficient(lag: lag, cross: cross[lag], windowEnergy: head)
                }
                return
            }
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
    /// - Complexity: O(*n*·`lags.count`) directly, O(*N* log *N*) by FFT (whichever costs less,
    ///   `Autocorrelation`'s summary); allocates the result.
    public static func normalized(_ samples: [Double], lags: ClosedRange<Int>) throws(DSPError) -> [Double] {
        try normalized(samples, lags: lags, method: .automatic)
    }

    /// How the cross sums are made: `automatic` (the package's choice) takes the FFT when it
    /// costs less than summing directly; the tests force either.
    @_spi(Testing)
    public enum Method: Sendable {
        /// The FFT when it pays, else direct.
        case automatic
        /// Summed in sample order, eight lags at a time.
        case direct
        /// Through a zero-padded real FFT.
        case fft
    }

    /// ``normalized(_:lags:)`` by a chosen `method`, for the tests.
    @_spi(Testing)
    public static func normalized(_ samples: [Double], lags: ClosedRange<Int>, method: Method) throws(DSPError)
        -> [Double]
    {
        var output = [Double](repeating: 0, count: lags.count)
        try samples.withUnsafeBufferPointer { (input) throws(DSPError) in
            try output.withUnsafeMutableBufferPointer { (result) throws(DSPError) in
                try normalized(input, lags: lags, into: result, method: method)
            }
        }
        return output
    }

    /// One coefficient summed alone from the samples, the window's mean already known: the
    /// definition the blocked kernel must reproduce within `1e-13` and the FFT within `1e-11`
    /// (the tests compare them).
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

        /// One coefficient from a cross sum `cross` made by FFT, whose rounding error is a small
        /// multiple of ε·`windowEnergy` (the window's `Σ dᵢ²`): normalised by the held energies
        /// when the lag's overlap energy `√(head·tail)` is at least `windowEnergy / 1024`, so the
        /// error stays below about 1000·ε·log₂N relative; summed directly for the lags whose
        /// overlap is quieter (or silent). Clamped to `-1...1`, which the direct sum obeys by
        /// Cauchy–Schwarz.
        @inline(__always)
        func coefficient(lag: Int, cross: Double, windowEnergy: Double) -> Double {
            let energy = (heads[deviations.count - lag] * tails[lag]).squareRoot()
            guard energy > 0, energy * 1024 >= windowEnergy else { return coefficient(lag: lag, from: 0, cross: 0) }
            return min(max(cross / energy, -1), 1)
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
