/// How the power of a spectrum is spread over frequency: the inputs to spectral features.
public struct SpectralShape: Sendable, Hashable {
    /// The Shannon entropy of the power distribution, divided by its largest possible value
    /// `ln K` for *K* bins: 0 when all power sits in one bin, 1 when it is spread evenly
    /// (dimensionless, `0...1`).
    public var normalizedEntropy: Double
    /// The power-weighted mean frequency `Σ fₖ·Pₖ / Σ Pₖ`, in Hz.
    public var centroid: Double
    /// Wiener entropy: the geometric mean of the bin powers divided by their arithmetic mean
    /// (dimensionless, `0...1`): near 1 for white noise, near 0 for a tone; exactly 0 when any bin
    /// has no power.
    public var flatness: Double

    /// Creates a shape from its values.
    public init(normalizedEntropy: Double, centroid: Double, flatness: Double) {
        self.normalizedEntropy = normalizedEntropy
        self.centroid = centroid
        self.flatness = flatness
    }
}
