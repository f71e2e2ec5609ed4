/// One detected step: the moment of a heel strike as the step detector sees it.
public struct Step: Sendable, Hashable, Codable {
    /// When the step happened, in seconds on the recording's clock: the initial contact (heel
    /// strike) found in the vertical acceleration near the peak of the low-passed acceleration
    /// magnitude (``StepDetectorConfiguration/Timing/initialContactSearch``), or, without the three axes,
    /// the time of that peak corrected for the low-pass filter's delay.
    public var time: Double
    /// How far the peak rises above the mean of its ±2 s context, in g.
    public var amplitude: Double
    /// The gait regularity of the peak's context: the highest normalised autocorrelation at a
    /// step period, −1…1 (see ``StepDetectorConfiguration/Context/minimumRegularity``).
    public var regularity: Double

    /// Creates a step.
    public init(time: Double, amplitude: Double, regularity: Double) {
        self.time = time
        self.amplitude = amplitude
        self.regularity = regularity
    }
}
