/// How regularly a recording was sampled.
public struct SamplingAnalysis: Sendable, Equatable {
    /// The typical interval between rows, in seconds: the median over the recording of the mean
    /// interval across ``Recording/rateEstimationSpan`` consecutive distinct timestamps (a row that
    /// repeats its predecessor's time does not count, so duplicated rows leave the rate as it
    /// was). Averaging over a short
    /// span removes the quantisation of rounded timestamps (64 Hz written to the millisecond
    /// alternates 15 and 16 ms) and the bursts of delivery-time stamps, and the median then
    /// ignores gaps.
    public var medianInterval: Double
    /// `1 / medianInterval`, in Hz.
    public var sampleRate: Double { 1 / medianInterval }
    /// A robust spread of the single intervals around their median (1.4826 × their median
    /// absolute deviation, which equals the standard deviation for normally distributed jitter),
    /// in seconds; gaps excluded.
    public var jitter: Double
    /// The smallest and largest positive interval, in seconds.
    public var intervalRange: ClosedRange<Double>
    /// Consecutive rows with the same timestamp.
    public var duplicateTimestamps: Int
    /// Intervals longer than ``maximumGap``, in time order.
    public var gaps: [RecordingGap]
    /// The interval (s) above which a pause between rows counts as a gap.
    public var maximumGap: Double
}
