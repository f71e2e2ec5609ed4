extension Recording {
    /// The sample rates (Hz) every analysis of the package accepts: feature extraction, batch and
    /// streaming (``FeatureExtractor``, ``StreamingFeatureExtractor``,
    /// ``features(_:sampleRate:maximumGap:threadCount:)``), the activity analysis and the
    /// ``ActivityDetector``: one range, so a recording one analysis takes is taken by all. Below
    /// ``gaitSampleRates`` what needs the gait band (step detection, cadence, the gait features)
    /// is skipped with a note and the rest still runs. A rate estimated from timestamps is
    /// accepted to within 10⁻⁹ relative of either end (a 1000 Hz file may measure
    /// 1000.0000000000213 Hz). A recording outside the range can be brought into it with
    /// ``resampled(to:maximumGap:)``.
    public static let supportedSampleRates: ClosedRange<Double> = 5...1000

    /// The sample rates (Hz) of the analyses that need the gait band (steps and cadence up to
    /// 2.5 steps/s and their harmonics): step detection (``StepDetector``, ``WindowStepAnalyzer``,
    /// ``detectSteps(configuration:)``), the dominant-frequency timeline and the gait features.
    /// A recording below 10 Hz is analyzed without them (``AnalysisRequirement/gaitBand``).
    public static let gaitSampleRates: ClosedRange<Double> = 10...1000

    /// Throws unless `rate` lies in ``supportedSampleRates``.
    ///
    /// - Parameter purpose: The analysis, for the message ("feature extraction").
    /// - Throws: `LocomotionError.invalidParameter` naming `sampleRate`.
    /// - Complexity: O(1).
    static func requireSupportedSampleRate(_ rate: Double, purpose: String) throws(LocomotionError) {
        try requireSampleRate(rate, in: supportedSampleRates, purpose: purpose)
    }

    /// Throws unless `rate` lies in ``gaitSampleRates``.
    ///
    /// - Parameter purpose: The analysis, for the message ("step detection").
    /// - Throws: `LocomotionError.invalidParameter` naming `sampleRate`.
    /// - Complexity: O(1).
    static func requireGaitSampleRate(_ rate: Double, purpose: String) throws(LocomotionError) {
        try requireSampleRate(rate, in: gaitSampleRates, purpose: purpose)
    }

    private static func requireSampleRate(_ rate: Double, in range: ClosedRange<Double>, purpose: String)
        throws(LocomotionError)
    {
        guard range.containsSampleRate(rate) else {
            let limits = "\(range.lowerBound.compactDescription)...\(range.upperBound.compactDescription) (Hz)"
            throw .invalidParameter(
                name: "sampleRate", value: "\(rate)",
                requirement:
                    "it must be in \(limits) for \(purpose); resample the recording first (Recording.resampled(to:maximumGap:))"
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
