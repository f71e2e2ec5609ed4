/// Whether and how ``RecordingImporter`` resamples a recording after reading it
/// (``RecordingReadOptions/resampling``), with ``RecordingResampler``'s rules.
public enum SampleRatePolicy: Sendable, Hashable {
    /// The rows as written (the default).
    case asRecorded
    /// Resample where it is safe and needed:
    /// - a recording sampled above ``Recording/supportedSampleRates`` is downsampled to its upper
    ///   end (1000 Hz) through the anti-alias low-pass, which removes only what lies far above any
    ///   gait or vehicle vibration;
    /// - a recording sampled below ``Recording/gaitSampleRates`` (10 Hz) but at
    ///   ``minimumAutomaticRate`` (1 Hz) or more is put on a uniform grid at its own rate, or at
    ///   the lower end of ``Recording/supportedSampleRates`` (5 Hz) when it is slower. Phone loggers
    ///   that slow throttle their sensors irregularly (intervals from 50 ms to seconds), while
    ///   the feature windows count samples; on the grid each window spans its nominal time.
    ///   Interpolation cannot restore what the rate never captured, so the grid stays below
    ///   10 Hz and the analyses skip what needs the gait band; what they keep (the movement
    ///   below 0.4 × the recorded rate: a vehicle's surges and braking, stillness) the recorded
    ///   rate did capture.
    ///
    /// A recording below 1 Hz is left as it is, and the analyses refuse it.
    case automatic
    /// Resample to this rate in Hz, whatever the recording's rate.
    case rate(Double)

    /// The slowest recording (Hz) ``automatic`` brings onto a uniform grid: at 1 Hz a recording
    /// still shows a vehicle's surges and stops (seconds long); below, the analyses refuse it.
    public static let minimumAutomaticRate = 1.0

    /// The rate to resample `recording` to, or `nil` to leave it as it is: always `nil` for a
    /// recording without motion columns (GPS only) or with fewer than two distinct timestamps.
    ///
    /// - Complexity: O(*n* log *n*) the first time the recording's sampling is analyzed.
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
            let supported = Recording.supportedSampleRates
            if rate > supported.upperBound && !supported.containsSampleRate(rate) { return supported.upperBound }
            guard rate >= Self.minimumAutomaticRate, rate < Recording.gaitSampleRates.lowerBound,
                !Recording.gaitSampleRates.containsSampleRate(rate)
            else { return nil }
            return max(rate, supported.lowerBound)
        case .rate(let target): return target
        }
    }
}
