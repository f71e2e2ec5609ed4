/// A one-sided power spectral density estimate.
public struct PowerSpectralDensity: Sendable, Hashable {
    /// Bin centre frequencies, in Hz.
    public var frequencies: [Double]
    /// The estimate per bin, in input units² per Hz (``PowerSpectrumScaling/density``) or
    /// input units² (``PowerSpectrumScaling/spectrum``).
    public var values: [Double]
    /// How many segments were averaged.
    public var segmentCount: Int
    /// The segment length actually used, in samples.
    public var segmentLength: Int
    /// The scaling of ``values``.
    public var scaling: PowerSpectrumScaling
}
