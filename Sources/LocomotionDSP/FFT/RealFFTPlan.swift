import CFFTW

/// A reusable FFTW plan for the discrete Fourier transform of `count` real samples, forward
/// (real to complex, `count / 2 + 1` bins) and inverse (complex to real).
///
/// Create one per transform length and keep it for as long as you transform that length:
/// executing it into an array the caller keeps allocates nothing and takes no lock.
///
/// ```swift
/// let plan = try RealFFTPlan(count: 256)
/// var bins: [ComplexDouble] = []
/// for window in windows { plan.forward(window, into: &bins) }   // 256 samples each
/// ```
///
/// Conventions: the forward transform is unnormalised, `X[k] = Σ x[j]·e^(−2πi·jk/n)`; the
/// inverse divides by `count`, so `inverse(forward(x)) == x` up to rounding.
///
/// Alignment: FFTW may only run a plan on arrays with the SIMD alignment of the arrays it was
/// planned on. Every execution checks both buffers with `fftw_alignment_of`; aligned buffers run
/// the plan directly, others go through an aligned temporary copy (on the stack when it fits), so
/// any buffer (for example one that starts one element into an array) gives the right answer,
/// and the same bits wherever it lies in memory (a second plan made for unaligned buffers, with
/// `FFTW_UNALIGNED`, rounds differently, so results depended on where the allocator put them).
///
/// Thread safety: a plan is immutable after creation; any number of threads may execute it at
/// once on different buffers. Creation and destruction take FFTW's planner lock.
public final class RealFFTPlan: @unchecked Sendable {
    /// The number of real samples per transform.
    public let count: Int
    /// The number of complex bins of the forward transform, `count / 2 + 1`.
    public let binCount: Int
    /// How hard the planner searched for this plan.
    public let rigor: FFTPlanningRigor

    private let forwardPlan: FFTWInterface.Plan
    private let inversePlan: FFTWInterface.Plan
    private let destroyingPlan: FFTWInterface.Plan
    private let inverseScale: Double

    /// Creates the forward and inverse plans for `count` real samples. Any length works; FFTW
    /// is fastest for lengths whose prime factors are small.
    ///
    /// - Parameters:
    ///   - count: Samples per transform, `1...Int32.max`.
    ///   - rigor: How hard the planner searches; `.estimate` (the default) plans in microseconds.
    /// - Throws: `DSPError.invalidParameter` when `count` is out of range;
    ///   `DSPError.planCreationFailed` when FFTW cannot plan (out of memory).
    /// - Complexity: Planning cost only; O(*n*) memory for scratch arrays freed before returning.
    public init(count: Int, rigor: FFTPlanningRigor = .estimate) throws(DSPError) {
        try DSPError.require(count, in: 1...Int(Int32.max), name: "count")
        self.count = count
        self.binCount = count / 2 + 1
        self.rigor = rigor
        self.inverseScale = 1 / Double(count)

        // Plan on FFTW-allocated (SIMD-aligned) scratch arrays, then run with new-array execute.
        guard let real = FFTWInterface.allocateReal(count) else { throw .planCreationFailed(count: count) }
        defer { FFTWInterface.free(real) }
        guard let complex = FFTWInterface.allocateComplex(count / 2 + 1) else {
            throw .planCreationFailed(count: count)
        }
        defer { FFTWInterface.free(complex) }

        var made: [FFTWInterface.Plan] = []
        // Forward, inverse preserving its input, inverse destroying it.
        for kind in 0..<3 {
            let plan =
                kind == 0
                ? FFTWInterface.planRealToComplex(count: count, input: real, output: complex, flags: rigor.flags)
                : FFTWInterface.planComplexToReal(
                    count: count, input: complex, output: real, flags: rigor.flags, preservingInput: kind == 1)
            guard let plan else {
                made.forEach(FFTWInterface.destroy)
                throw .planCreationFailed(count: count)
            }
            made.append(plan)
        }
        forwardPlan = made[0]
        inversePlan = made[1]
        destroyingPlan = made[2]
    }

    deinit {
        for plan in [forwardPlan, inversePlan, destroyingPlan] { FFTWInterface.destroy(plan) }
    }

    /// The buffer form of ``forward(_:into:)-([Double],_)``, for callers that already
    /// hold buffers: transforms `count` real samples into `binCount` complex bins (unnormalised).
    ///
    /// - Parameters:
    ///   - input: Exactly `count` samples; not modified.
    ///   - output: Exactly `binCount` bins; must not overlap `input`.
    /// - Precondition: The buffer sizes match the plan.
    /// - Complexity: O(*n* log *n*); no allocation, no lock.
    @inlinable
    public func forward(_ input: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<ComplexDouble>) {
        precondition(input.count == count, "RealFFTPlan(\(count)).forward: input has \(input.count) samples")
        precondition(output.count == binCount, "RealFFTPlan(\(count)).forward: output has \(output.count) bins")
        _executeForward(input.baseAddress!, output.baseAddress!)
    }

    /// The buffer form of ``inverse(_:into:)-([ComplexDouble],_)``, for callers that already hold
    /// buffers: transforms `binCount` complex bins back into `count` real samples, divided by
    /// `count`.
    ///
    /// The imaginary parts of bin 0 (and of bin `count / 2` when `count` is even) are ignored,
    /// as the spectrum of a real signal has none.
    ///
    /// - Parameters:
    ///   - input: Exactly `binCount` bins; not modified.
    ///   - output: Exactly `count` samples; must not overlap `input`.
    /// - Precondition: The buffer sizes match the plan.
    /// - Complexity: O(*n* log *n*); no allocation, no lock.
    @inlinable
    public func inverse(_ input: UnsafeBufferPointer<ComplexDouble>, into output: UnsafeMutableBufferPointer<Double>) {
        precondition(input.count == binCount, "RealFFTPlan(\(count)).inverse: input has \(input.count) bins")
        precondition(output.count == count, "RealFFTPlan(\(count)).inverse: output has \(output.count) samples")
        _executeInverse(input.baseAddress!, output.baseAddress!)
    }

    /// Transforms `binCount` complex bins back into `count` real samples, divided by `count`,
    /// overwriting the bins: FFTW's faster inverse algorithms reuse the input as scratch (about
    /// a third faster at 256 points).
    ///
    /// - Parameters:
    ///   - input: Exactly `binCount` bins; their contents afterwards are unspecified.
    ///   - output: Exactly `count` samples; must not overlap `input`.
    /// - Precondition: The buffer sizes match the plan.
    /// - Complexity: O(*n* log *n*); no allocation, no lock.
    @inlinable
    public func inverse(
        destroying input: UnsafeMutableBufferPointer<ComplexDouble>, into output: UnsafeMutableBufferPointer<Double>
    ) {
        precondition(input.count == binCount, "RealFFTPlan(\(count)).inverse: input has \(input.count) bins")
        precondition(output.count == count, "RealFFTPlan(\(count)).inverse: output has \(output.count) samples")
        _executeInverse(UnsafePointer(input.baseAddress!), output.baseAddress!, destroying: true)
    }

    /// ``inverse(destroying:into:)`` without the division by `count`: `Σₖ X[k]·e^(2πi·jk/n)`, for
    /// callers that fold the scale into a division of their own (a power-of-two `count` then
    /// gives the same bits as dividing the scaled output, without the pass over every sample).
    ///
    /// - Parameters: As ``inverse(destroying:into:)``.
    /// - Precondition: The buffer sizes match the plan.
    /// - Complexity: O(*n* log *n*); no allocation, no lock.
    package func inverseUnscaled(
        destroying input: UnsafeMutableBufferPointer<ComplexDouble>, into output: UnsafeMutableBufferPointer<Double>
    ) {
        precondition(input.count == binCount, "RealFFTPlan(\(count)).inverse: input has \(input.count) bins")
        precondition(output.count == count, "RealFFTPlan(\(count)).inverse: output has \(output.count) samples")
        _executeInverse(UnsafePointer(input.baseAddress!), output.baseAddress!, destroying: true, scaled: false)
    }

    @usableFromInline
    func _executeForward(_ input: UnsafePointer<Double>, _ output: UnsafeMutablePointer<ComplexDouble>) {
        if FFTWInterface.alignment(of: input) == 0 && FFTWInterface.alignment(of: output) == 0 {
            FFTWInterface.executeRealToComplex(forwardPlan, input: input, output: output, count: count)
            return
        }
        withAlignedScratch { real, bins in
            real.update(from: input, count: count)
            FFTWInterface.executeRealToComplex(forwardPlan, input: real, output: bins, count: count)
            output.update(from: bins, count: binCount)
        }
    }

    @usableFromInline
    func _executeInverse(
        _ input: UnsafePointer<ComplexDouble>, _ output: UnsafeMutablePointer<Double>, destroying: Bool = false,
        scaled: Bool = true
    ) {
        if FFTWInterface.alignment(of: input) == 0 && FFTWInterface.alignment(of: output) == 0 {
            FFTWInterface.executeComplexToReal(
                destroying ? destroyingPlan : inversePlan, input: input, output: output, count: count)
        } else {
            withAlignedScratch { real, bins in
                bins.update(from: input, count: binCount)
                // The plan an aligned buffer would run: the same bits.
                FFTWInterface.executeComplexToReal(
                    destroying ? destroyingPlan : inversePlan, input: bins, output: real, count: count)
                output.update(from: real, count: count)
            }
        }
        guard scaled else { return }
        for index in 0..<count { output[index] *= inverseScale }
    }

    /// Runs `body` with 64-byte aligned scratch for `count` samples and `binCount` bins, on the
    /// stack when it fits.
    private func withAlignedScratch(
        _ body: (UnsafeMutablePointer<Double>, UnsafeMutablePointer<ComplexDouble>) -> Void
    ) {
        let realBytes = (count * MemoryLayout<Double>.stride + 63) & ~63
        withUnsafeTemporaryAllocation(
            byteCount: realBytes + binCount * MemoryLayout<ComplexDouble>.stride, alignment: 64
        ) { raw in
            let base = raw.baseAddress!
            body(
                base.bindMemory(to: Double.self, capacity: count),
                (base + realBytes).bindMemory(to: ComplexDouble.self, capacity: binCount))
        }
    }
}

extension RealFFTPlan {
    /// Transforms `count` real samples into `binCount` complex bins (unnormalised), reusing
    /// `output`'s storage: the form for a hot loop, which allocates nothing once `output` holds
    /// `binCount` bins.
    ///
    /// ```swift
    /// let plan = try RealFFTPlan(count: 256)
    /// var bins: [ComplexDouble] = []
    /// for window in windows { plan.forward(window, into: &bins) }   // bins.count == plan.binCount
    /// ```
    ///
    /// - Parameters:
    ///   - input: Exactly `count` samples.
    ///   - output: Replaced by the `binCount` bins.
    /// - Precondition: `input.count == count`.
    /// - Complexity: O(*n* log *n*); no allocation when `output` already holds `binCount` bins.
    public func forward(_ input: [Double], into output: inout [ComplexDouble]) {
        if output.count != binCount { output = [ComplexDouble](repeating: .zero, count: binCount) }
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { forward(source, into: $0) }
        }
    }

    /// Transforms `binCount` complex bins back into `count` real samples, divided by `count`,
    /// reusing `output`'s storage (no allocation once it holds `count` samples). The imaginary
    /// parts of bin 0 (and of bin `count / 2` when `count` is even) are ignored.
    ///
    /// - Parameters:
    ///   - input: Exactly `binCount` bins.
    ///   - output: Replaced by the `count` samples.
    /// - Precondition: `input.count == binCount`.
    /// - Complexity: O(*n* log *n*); no allocation when `output` already holds `count` samples.
    public func inverse(_ input: [ComplexDouble], into output: inout [Double]) {
        if output.count != count { output = [Double](repeating: 0, count: count) }
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { inverse(source, into: $0) }
        }
    }

    /// Transforms `count` real samples into a new array of `binCount` bins.
    ///
    /// - Precondition: `input.count == count`.
    /// - Complexity: O(*n* log *n*); allocates the result.
    public func forward(_ input: [Double]) -> [ComplexDouble] {
        [ComplexDouble](unsafeUninitializedCapacity: binCount) { output, initialized in
            input.withUnsafeBufferPointer { forward($0, into: output) }
            initialized = binCount
        }
    }

    /// Transforms `binCount` bins back into a new array of `count` samples, divided by `count`.
    ///
    /// - Precondition: `input.count == binCount`.
    /// - Complexity: O(*n* log *n*); allocates the result.
    public func inverse(_ input: [ComplexDouble]) -> [Double] {
        [Double](unsafeUninitializedCapacity: count) { output, initialized in
            input.withUnsafeBufferPointer { inverse($0, into: output) }
            initialized = count
        }
    }
}
