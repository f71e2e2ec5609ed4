/// Windows of a duration that start every hop, in seconds: the one rule that turns them into whole
/// samples at a rate, shared by the feature windows (``FeatureConfiguration/lengths(sampleRate:)``)
/// and the dominant-frequency timeline, so both cut a recording the same way.
struct WindowPlan: Sendable, Hashable {
    /// Seconds of each window.
    var windowDuration: Double
    /// Seconds between window starts.
    var hop: Double

    /// Samples per window and between window starts at `sampleRate` (Hz), each rounded to the
    /// nearest whole sample.
    ///
    /// - Throws: `LocomotionError.invalidParameter` for a rate outside
    ///   ``Recording/supportedSampleRates``, a non-positive duration or hop, a window shorter than
    ///   4 samples, or a hop shorter than half a sample (it would round to none).
    /// - Complexity: O(1).
    func lengths(sampleRate: Double) throws(LocomotionError) -> (window: Int, hop: Int) {
        try Recording.requireSupportedSampleRate(sampleRate, purpose: "feature extraction")
        try LocomotionError.requirePositive(windowDuration, name: "windowDuration", unit: "s")
        try LocomotionError.requirePositive(hop, name: "hop", unit: "s")
        let rate = sampleRate.compactDescription
        let window = wholeSamples(windowDuration, at: sampleRate)
        guard window >= 4 else {
            throw .invalidParameter(
                name: "windowDuration", value: "\(windowDuration)",
                requirement: "it must hold at least 4 samples at \(rate) Hz")
        }
        let hopLength = wholeSamples(hop, at: sampleRate)
        guard hopLength >= 1 else {
            let half = (0.5 / sampleRate).compactDescription
            throw .invalidParameter(
                name: "hop", value: "\(hop)",
                requirement: "it must be at least half a sample (\(half) s at \(rate) Hz)")
        }
        return (window, hopLength)
    }
}
