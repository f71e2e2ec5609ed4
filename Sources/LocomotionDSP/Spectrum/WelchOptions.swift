/// Options for Welch's method; the defaults are scipy's.
public struct WelchOptions: Sendable, Hashable {
    /// Samples per segment; 256 by default. A longer value than the signal is shortened to the
    /// signal's length (as scipy does); the result reports the length used.
    public var segmentLength: Int
    /// Samples shared by consecutive segments, `0..<segmentLength`; `nil` means half a segment.
    public var overlap: Int?
    /// The taper applied to each segment (periodic form).
    public var window: WindowFunction
    /// Transform length per segment for zero padding; `nil` means the segment length.
    public var fftLength: Int?
    /// What is subtracted from each segment before windowing.
    public var detrend: Detrend
    /// Density (per Hz) or spectrum scaling.
    public var scaling: PowerSpectrumScaling

    /// Creates options; every default matches `scipy.signal.welch`.
    public init(
        segmentLength: Int = 256, overlap: Int? = nil, window: WindowFunction = .hann, fftLength: Int? = nil,
        detrend: Detrend = .mean, scaling: PowerSpectrumScaling = .density
    ) {
        self.segmentLength = segmentLength
        self.overlap = overlap
        self.window = window
        self.fftLength = fftLength
        self.detrend = detrend
        self.scaling = scaling
    }
}
