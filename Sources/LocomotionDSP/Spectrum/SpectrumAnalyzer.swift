/// Computes power spectra of fixed-length blocks, reusing one FFT plan and its buffers: after
/// the first call, ``analyze(_:into:)-([Double],_)`` allocates nothing.
///
/// ```swift
/// var analyzer = try SpectrumAnalyzer(sampleCount: 128, sampleRate: 50)
/// var spectrum = analyzer.makeSpectrum()
/// for window in windows {               // each window holds 128 samples
///     try analyzer.analyze(window, into: &spectrum)
///     // read spectrum.power, spectrum.frequency(ofBin:)...
/// }
/// ```
///
/// Each block is detrended, multiplied by the window, zero-padded to ``fftLength`` and
/// transformed; see ``Spectrum`` for the scaling of the result.
///
/// Thread safety: a value type; give each thread its own copy (copies share the plan, and each
/// gets its own buffers on first use).
public struct SpectrumAnalyzer: Sendable {
    /// Samples per block.
    public let sampleCount: Int
    /// Transform length, at least ``sampleCount``; the difference is zero padding.
    public let fftLength: Int
    /// Sample rate of the blocks, in Hz.
    public let sampleRate: Double
    /// The window applied to each block.
    public let window: WindowFunction
    /// What is subtracted from each block before windowing.
    public let detrend: Detrend

    private let plan: RealFFTPlan
    private let windowCoefficients: [Double]
    private let powerScale: Double
    private var padded: [Double]
    private var bins: [ComplexDouble]

    /// Prepares the plan, window and buffers for blocks of `sampleCount` samples.
    ///
    /// - Parameters:
    ///   - sampleCount: Samples per block, at least 1.
    ///   - sampleRate: Sample rate in Hz; finite and positive.
    ///   - window: The taper; ``WindowFunction/hann`` by default (periodic form).
    ///   - fftLength: Transform length for zero padding (finer bin spacing, same resolution);
    ///     `nil` means `sampleCount`. Must be at least `sampleCount`.
    ///   - detrend: ``Detrend/mean`` by default.
    ///   - rigor: The FFT planning rigor (``FFT/plan(count:rigor:)``); `.measure` pays tens of
    ///     milliseconds once per length and process for faster transforms.
    /// - Throws: `DSPError.invalidParameter` or `.invalidSampleRate` for out-of-range arguments.
    /// - Complexity: O(*n*) plus FFT planning (cached by length).
    public init(
        sampleCount: Int, sampleRate: Double, window: WindowFunction = .hann, fftLength: Int? = nil,
        detrend: Detrend = .mean, rigor: FFTPlanningRigor = .estimate
    ) throws(DSPError) {
        try DSPError.require(sampleCount, atLeast: 1, name: "sampleCount")
        try DSPError.requireValidSampleRate(sampleRate)
        let length = fftLength ?? sampleCount
        try DSPError.require(
            "fftLength", length, length >= sampleCount, "it must be at least sampleCount (\(sampleCount))")
        self.sampleCount = sampleCount
        self.fftLength = length
        self.sampleRate = sampleRate
        self.window = window
        self.detrend = detrend
        self.plan = try FFT.plan(count: length, rigor: rigor)
        self.windowCoefficients = window.coefficients(count: sampleCount)
        let gain = windowCoefficients.reduce(0, +)
        self.powerScale = 1 / (gain * gain)
        self.padded = [Double](repeating: 0, count: length)
        self.bins = [ComplexDouble](repeating: .zero, count: length / 2 + 1)
    }

    /// A spectrum of the right shape to pass to ``analyze(_:into:)-([Double],_)``.
    public func makeSpectrum() -> Spectrum {
        Spectrum(sampleRate: sampleRate, fftLength: fftLength, power: [Double](repeating: 0, count: fftLength / 2 + 1))
    }

    /// The buffer form of ``analyze(_:into:)-([Double],_)``, for callers that already hold
    /// buffers (a window inside a larger signal): analyzes one block into `spectrum`, reusing its
    /// storage.
    ///
    /// - Parameters:
    ///   - samples: Exactly ``sampleCount`` finite samples.
    ///   - spectrum: Overwritten; one from ``makeSpectrum()`` avoids any allocation.
    /// - Precondition: `samples.count == sampleCount`. The analyzer holds a plan and buffers for
    ///   that length, so another length is a programmer error, as for ``RealFFTPlan``; the
    ///   samples' values are data and are checked.
    /// - Throws: `DSPError.nonFiniteSample` for NaN or infinity (`spectrum` is then unchanged).
    /// - Complexity: O(*n* log *n*).
    public mutating func analyze(_ samples: UnsafeBufferPointer<Double>, into spectrum: inout Spectrum) throws(DSPError)
    {
        precondition(
            samples.count == sampleCount,
            "SpectrumAnalyzer(\(sampleCount)).analyze: the block has \(samples.count) samples")
        try DSPError.requireFinite(samples)
        analyze(finite: samples, into: &spectrum)
    }

    /// `analyze(_:into:)` for samples the caller has already
    /// checked finite (the feature extractor has, through the window's summary).
    ///
    /// - Precondition: `samples.count == sampleCount`; every sample finite.
    /// - Complexity: O(*n* log *n*); no allocation.
    package mutating func analyze(finite samples: UnsafeBufferPointer<Double>, into spectrum: inout Spectrum) {
        precondition(
            samples.count == sampleCount,
            "SpectrumAnalyzer(\(sampleCount)).analyze: the block has \(samples.count) samples")
        if spectrum.fftLength != fftLength || spectrum.sampleRate != sampleRate {
            spectrum = makeSpectrum()
        }
        var offset = 0.0
        if detrend == .mean, sampleCount > 0 {
            offset = samples.reduce(0, +) / Double(sampleCount)
        }
        let count = sampleCount
        let scale = powerScale
        let evenLength = fftLength % 2 == 0
        let plan = self.plan
        windowCoefficients.withUnsafeBufferPointer { window in
            padded.withUnsafeMutableBufferPointer { padded in
                for index in 0..<count { padded[index] = (samples[index] - offset) * window[index] }
                bins.withUnsafeMutableBufferPointer { bins in
                    plan.forward(UnsafeBufferPointer(padded), into: bins)
                    spectrum.power.withUnsafeMutableBufferPointer { power in
                        let last = power.count - 1
                        for index in 0...last {
                            power[index] = 2 * scale * bins[index].squaredMagnitude
                        }
                        power[0] *= 0.5
                        if evenLength, last > 0 { power[last] *= 0.5 }
                    }
                }
            }
        }
    }

    /// Analyzes one block into `spectrum`, reusing its storage: the form for a hot loop, which
    /// reads the array in place and allocates nothing.
    ///
    /// ```swift
    /// var analyzer = try SpectrumAnalyzer(sampleCount: 128, sampleRate: 50)
    /// var spectrum = analyzer.makeSpectrum()
    /// for window in windows { try analyzer.analyze(window, into: &spectrum) }
    /// ```
    ///
    /// - Parameters:
    ///   - samples: Exactly ``sampleCount`` finite samples.
    ///   - spectrum: Overwritten; one from ``makeSpectrum()`` avoids any allocation.
    /// - Precondition: `samples.count == sampleCount`.
    /// - Throws: `DSPError.nonFiniteSample` for NaN or infinity (`spectrum` is then unchanged).
    /// - Complexity: O(*n* log *n*); no allocation.
    public mutating func analyze(_ samples: [Double], into spectrum: inout Spectrum) throws(DSPError) {
        try samples.withUnsafeBufferPointer { (buffer) throws(DSPError) in try analyze(buffer, into: &spectrum) }
    }

    /// Analyzes one block into a new ``Spectrum``.
    ///
    /// - Precondition: `samples.count == sampleCount`.
    /// - Throws: As ``analyze(_:into:)-([Double],_)``.
    /// - Complexity: O(*n* log *n*); allocates the result.
    public mutating func analyze(_ samples: [Double]) throws(DSPError) -> Spectrum {
        var spectrum = makeSpectrum()
        try analyze(samples, into: &spectrum)
        return spectrum
    }
}
