/// How the frequency of a spectral peak is refined below the bin spacing.
public enum PeakInterpolation: String, Sendable, Hashable, CaseIterable {
    /// The centre of the strongest bin; error up to half a bin.
    case none
    /// A parabola through the magnitudes of the peak bin and its two neighbours.
    case parabolic
    /// A parabola through the logarithms of the three powers: exact for a Gaussian peak and
    /// within 2 % of a bin for a Hann-windowed sinusoid far from DC.
    case gaussian
    /// Starts from ``gaussian`` and then finds, within ±0.75 of a bin of the block's own
    /// resolution, the frequency of the sinusoid (plus offset) that best fits the samples in the
    /// least-squares sense: the maximum-likelihood estimate for one tone in white noise. Unlike
    /// spectral interpolation it is not biased by a tone's negative-frequency image, so it stays
    /// accurate when the block holds only one or two cycles. Costs O(*n*) per iteration, 35
    /// iterations.
    case sinusoidFit
}
