/// Options for ``findDominantFrequency(in:sampleRate:options:)``.
public struct DominantFrequencyOptions: Sendable, Hashable {
    /// Only bins whose centre lies in this band (Hz) are candidates, for example the gait band
    /// `0.6...2.5`; `nil` means every bin above DC. Must lie inside `0...sampleRate/2`.
    public var band: ClosedRange<Double>?
    /// The taper applied before the transform.
    public var window: WindowFunction
    /// Transform length for zero padding; `nil` means the sample count.
    public var fftLength: Int?
    /// How the peak is refined below the bin spacing.
    public var interpolation: PeakInterpolation

    /// Creates options; the defaults are a Hann window, no padding, and ``PeakInterpolation/sinusoidFit``.
    public init(
        band: ClosedRange<Double>? = nil, window: WindowFunction = .hann, fftLength: Int? = nil,
        interpolation: PeakInterpolation = .sinusoidFit
    ) {
        self.band = band
        self.window = window
        self.fftLength = fftLength
        self.interpolation = interpolation
    }
}
