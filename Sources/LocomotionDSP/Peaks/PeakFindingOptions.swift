/// The criteria ``findPeaks(in:options:)`` applies, with the
/// meaning of the same-named arguments of `scipy.signal.find_peaks`. Every criterion is off by
/// default; setting one also reports the matching properties in ``Peaks``.
public struct PeakFindingOptions: Sendable, Hashable {
    /// Bounds on the peak's value `x[peak]`, in sample units (for step detection on the
    /// acceleration magnitude, about 1.2 g).
    public var height: PeakBounds?
    /// Bounds on the vertical distance from the peak to both of its direct neighbours,
    /// `x[peak] − x[peak ∓ 1]`, in sample units: the smaller of the two must reach the minimum
    /// and the larger stay within the maximum. For a plateau (whose reported sample's neighbours
    /// are equal to it) both are 0.
    public var threshold: PeakBounds?
    /// The smallest distance between reported peaks, in samples, at least 1; a fractional
    /// distance is rounded up. Where peaks are closer, the higher one is kept and the lower
    /// removed; among equal heights the later (rightmost) peak is kept. For a minimum time
    /// between steps, pass `seconds × sampleRate` (0.25 s at 50 Hz gives 12.5, used as 13).
    public var distance: Double?
    /// Bounds on the peak's prominence (see ``PeakProminences``), in sample units.
    public var prominence: PeakBounds?

    /// Creates options; every criterion is off by default.
    public init(
        height: PeakBounds? = nil, threshold: PeakBounds? = nil, distance: Double? = nil,
        prominence: PeakBounds? = nil
    ) {
        self.height = height
        self.threshold = threshold
        self.distance = distance
        self.prominence = prominence
    }

    /// Throws `.invalidParameter` for a NaN bound or a distance below 1 (or NaN).
    func validate() throws(DSPError) {
        try height?.validate(name: "height")
        try threshold?.validate(name: "threshold")
        try prominence?.validate(name: "prominence")
        if let distance, !(distance >= 1) {
            throw .invalidParameter(
                name: "distance", value: "\(distance)", requirement: "it must be at least 1 (samples)")
        }
    }
}
