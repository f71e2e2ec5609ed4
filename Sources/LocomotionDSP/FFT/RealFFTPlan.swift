import CFFTW

/// A reusable FFTW plan for the discrete Fourier transform of `count` real samples, forward
/// (real to complex, `count / 2 + 1` bins) and inverse (complex to real).
///
/// Create one per transform length and keep it for as long as you transform that length:
/// executing it with caller-provided buffers allocates nothing and takes no lock.
///
/// ```swift
/// let plan = try RealFFTPlan(count: 256)
/// var bins = [ComplexDouble](repeating: .zero, count: plan.binCount)
/// samples.withUnsafeBufferPointer { input in
///     bins.withUnsafeMutableBufferPointer { plan.forward(input, into: $0) }
/// }
/// ```
///
/// Conventions: the forward transform is unnormalised, `X[k] = Σ x[j]·e^(−2πi·jk/n)`; the
/// inverse divides by `count`, so `inverse(forward(x)) == x` up to rounding.
///
/// Alignment: FFTW may only run a plan on arrays with the SIMD alignment of the arrays it was
/// planned on. Every execution checks both buffers with `fftw_alignment_of`; aligned buffers use
/// the SIMD plan, others a second plan made with `FFTW_UNALIGNED`, so any buffer (for example one
/// that starts one element into an array) gives the right answer.
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

    private let forwardAligned: FFTWInterface.Plan
    private let forwardUnaligned: FFTWInterface.Plan
    private let inverseAligned: FFTWInterface.Plan
    private let inverseUnaligned: FFTWInterface.Plan
    private let destroyingAligned: FFTWInterface.Plan
    private let destroyingUnaligned: FFTWInterface.Plan
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
        guard count >= 1, count <= Int(Int32.max) else {
            throw .invalidParameter(
                name: "count", value: "\(count)", requirement: "an FFT length must be in 1...\(Int32.max)")
        }
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

        let unaligned = UInt32(FFTW_UNALIGNED)
        var made: [FFTWInterface.Plan] = []
        // Forward, inverse preserving its input, inverse destroying it; aligned and unaligned.
        let attempts: [(Int, UInt32)] = [(0, 0), (0, unaligned), (1, 0), (1, unaligned), (2, 0), (2, unaligned)]
        for (kind, extra) in attempts {
            let plan =
                kind == 0
                ? FFTWInterface.planRealToComplex(
                    count: count, input: real, output: complex, flags: rigor.flags | extra)
                : FFTWInterface.planComplexToReal(
                    count: count, input: complex, output: real, flags: rigor.flags | extra, preservingInput: kind == 1)
            guard let plan else {
                made.forEach(FFTWInterface.destroy)
                throw .planCreationFailed(count: count)
            }
            made.append(plan)
        }
        forwardAligned = made[0]
        forwardUnaligned = made[1]
        inverseAligned = made[2]
        inverseUnaligned = made[3]
        destroyingAligned = made[4]
        destroyingUnaligned = made[5]
    }

    deinit {
        for plan in [
            forwardAligned, forwardUnaligned, inverseAligned, inverseUnaligned, destroyingAligned, destroyingUnaligned,
        ] {
            FFTWInterface.destroy(plan)
        }
    }

    /// Transforms `count` real samples into `binCount` complex bins (unnormalised).
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

    /// Transforms `binCount` complex bins back into `count` real samples, divided by `count`.
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

    @usableFromInline
    func _executeForward(_ input: UnsafePointer<Double>, _ output: UnsafeMutablePointer<ComplexDouble>) {
        let aligned = FFTWInterface.alignment(of: input) == 0 && FFTWInterface.alignment(of: output) == 0
        FFTWInterface.executeRealToComplex(
            aligned ? forwardAligned : forwardUnaligned, input: input, output: output, count: count)
    }

    @usableFromInline
    func _executeInverse(
        _ input: UnsafePointer<ComplexDouble>, _ output: UnsafeMutablePointer<Double>, destroying: Bool = false
    ) {
        let aligned = FFTWInterface.alignment(of: input) == 0 && FFTWInterface.alignment(of: output) == 0
        let plan =
            destroying
            ? (aligned ? destroyingAligned : destroyingUnaligned) : (aligned ? inverseAligned : inverseUnaligned)
        FFTWInterface.executeComplexToReal(plan, input: input, output: output, count: count)
        for index in 0..<count { output[index] *= inverseScale }
    }
}

extension RealFFTPlan {
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
