extension Recording {
    /// The sample rates (Hz) every analysis of the package accepts: feature extraction, batch and
    /// streaming (``FeatureExtractor``, ``StreamingFeatureExtractor``,
    /// ``features(_:sampleRate:maximumGap:threadCount:)``), step detection (``StepDetector``,
    /// ``WindowStepAnalyzer``, ``detectSteps(configuration:)``), the dominant-frequency timeline and
    /// the ``ActivityDetector``: one range, so a recording one analysis takes is taken by all. A
    /// rate estimated from timestamps is accepted to within 10⁻⁹ relative of either end (a 1000 Hz
    /// file may measure 1000.0000000000213 Hz). A recording outside the range can be brought into
    /// it with ``resampled(to:maximumGap:)``.
    public static let supportedSampleRates: ClosedRange<Double> = 10...1000

    /// Throws unless `rate` lies in ``supportedSampleRates``.
    ///
    /// - Parameter purpose: The analysis, for the message ("feature extraction").
    /// - Throws: `LocomotionError.invalidParameter` naming `sampleRate`.
    /// - Complexity: O(1).
    static func requireSupportedSampleRate(_ rate: Double, purpose: String) throws(LocomotionError) {
        guard supportedSampleRates.containsSampleRate(rate) else {
            throw .invalidParameter(
                name: "sampleRate", value: "\(rate)",
                requirement:
                    "\(purpose) supports 10–1000 Hz; resample the recording first (Recording.resampled(to:maximumGap:))"
            )
        }
    }
}

extension ClosedRange<Double> {
    /// Whether `rate` (Hz) lies in this range of sample rates, allowing for the rounding of a
    /// rate estimated from timestamps (10⁻⁹ relative): a recording at exactly the upper limit
    /// measures, for example, 1000.0000000000213 Hz.
    ///
    /// - Complexity: O(1).
    func containsSampleRate(_ rate: Double) -> Bool {
        rate.isFinite && rate >= lowerBound * (1 - 1e-9) && rate <= upperBound * (1 + 1e-9)
    }
}
