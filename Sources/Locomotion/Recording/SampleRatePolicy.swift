/// Whether and how ``RecordingImporter`` resamples a recording after reading it
/// (``RecordingReadOptions/resampling``), with ``RecordingResampler``'s rules.
public enum SampleRatePolicy: Sendable, Hashable {
    /// The rows as written (the default).
    case asRecorded
    /// Resample where it is safe and needed: a recording sampled above
    /// ``Recording/supportedSampleRates`` is downsampled to its upper end (1000 Hz) through the
    /// anti-alias low-pass, which removes only what lies far above any gait or vehicle vibration.
    /// A recording below the range is left as it is: interpolation cannot restore what its rate
    /// never captured, so the analyses refuse it and the caller decides (``rate(_:)``).
    case automatic
    /// Resample to this rate in Hz, whatever the recording's rate.
    case rate(Double)

    /// The rate to resample `recording` to, or `nil` to leave it as it is: always `nil` for a
    /// recording without motion columns (GPS only) or with fewer than two distinct timestamps.
    ///
    /// - Complexity: O(*n* log *n*) the first time the recording's sampling is analysed.
    public func targetRate(for recording: Recording) -> Double? {
        guard recording.acceleration != nil || recording.linearAcceleration != nil || recording.rotationRate != nil
        else { return nil }
        return targetRate(forRate: recording.estimatedSampleRate)
    }

    /// The rate to resample a recording at `rate` Hz to, or `nil` to leave it as it is.
    ///
    /// - Complexity: O(1).
    public func targetRate(forRate rate: Double?) -> Double? {
        guard let rate else { return nil }
        switch self {
        case .asRecorded: return nil
        case .automatic:
            let limit = Recording.supportedSampleRates.upperBound
            return rate > limit && !Recording.supportedSampleRates.containsSampleRate(rate) ? limit : nil
        case .rate(let target): return target
        }
    }
}
