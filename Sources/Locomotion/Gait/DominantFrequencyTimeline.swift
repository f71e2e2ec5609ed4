import LocomotionDSP

/// The dominant frequency of the acceleration magnitude in consecutive windows of a recording.
public struct DominantFrequencyTimeline: Sendable, Equatable {
    /// One analyzed window.
    public struct Window: Sendable, Equatable {
        /// Time of the window's first sample, in seconds.
        public var start: Double
        /// Time of the window's last sample, in seconds.
        public var end: Double
        /// The strongest component in the band, or `nil` when the window has none (the phone
        /// lay perfectly still, or no bin falls inside the band).
        public var dominant: DominantFrequency?
        /// The most frequent label among the window's rows; ties go to the label that occurs
        /// first in the window. `nil` when the recording has no labels.
        public var majorityLabel: String?
    }

    /// The windows, in time order.
    public var windows: [Window]
    /// The sample rate used, in Hz.
    public var sampleRate: Double
    /// Samples per window.
    public var windowLength: Int
    /// Samples between window starts.
    public var hopLength: Int
    /// Rows after the last whole window, which no window covers (0 when the windows reach the end).
    public var uncoveredTrailingRows: Int
    /// The trailing part of each gap-free stretch that does not fill a whole window, in time
    /// order, as ``FeatureTable/incompleteWindows``.
    public var incompleteWindows: [IncompleteWindow]
}

extension Recording {
    /// Splits the acceleration magnitude into windows and finds each window's dominant
    /// frequency: with the default gait band, the step frequency while walking.
    ///
    /// The windows are those of ``features(_:sampleRate:maximumGap:threadCount:)`` for the same
    /// window, hop and rate: they start every hop within each stretch between gaps and never
    /// cross a gap; the part of a stretch too short for a window is listed in
    /// ``DominantFrequencyTimeline/incompleteWindows``, and the rows after the last whole window
    /// are counted in ``DominantFrequencyTimeline/uncoveredTrailingRows``. Each stretch is taken
    /// to be uniformly sampled at `sampleRate` (or at the rate estimated from the timestamps).
    ///
    /// - Parameters:
    ///   - windowDuration: Window length in seconds; 2.56 s by default (128 samples at 50 Hz, as UCI HAR).
    ///   - hop: Time between window starts in seconds; 1.28 s (50 % overlap) by default.
    ///   - band: Candidate band in Hz; ``GaitBand/default`` by default, `nil` for all frequencies.
    ///   - sampleRate: The sample rate in Hz, within ``gaitSampleRates`` (10–1000 Hz); `nil` estimates it
    ///     from the timestamps.
    ///   - maximumGap: The longest interval (s) inside a stretch; `nil` for the default of
    ///     ``features(_:sampleRate:maximumGap:threadCount:)``.
    /// - Throws: `LocomotionError.invalidParameter` for a rate outside ``gaitSampleRates`` or
    ///   a window or hop that ``FeatureConfiguration/lengths(sampleRate:)`` refuses (a window of
    ///   fewer than 4 samples, a hop that rounds to none),
    ///   `.tooShort` when not even one window fits or the rate cannot be estimated (fewer than two
    ///   distinct timestamps), `.missingColumn` without acceleration, `.signalProcessing` for a
    ///   band outside `0...sampleRate/2`, `.invalidData` naming the row of a magnitude that
    ///   overflows to infinity.
    /// - Complexity: O(*w* · *m* log *m*) for *w* windows of *m* samples.
    public func dominantFrequencyTimeline(
        windowDuration: Double = 2.56, hop: Double = 1.28, band: ClosedRange<Double>? = GaitBand.default,
        sampleRate: Double? = nil, maximumGap: Double? = nil
    ) throws(LocomotionError) -> DominantFrequencyTimeline {
        var analysis: SamplingAnalysis?
        let rate: Double
        if let sampleRate {
            rate = sampleRate
        } else {
            let estimated = try requireSamplingAnalysis(purpose: "a dominant-frequency timeline")
            (analysis, rate) = (estimated, estimated.sampleRate)
        }
        try Self.requireGaitSampleRate(rate, purpose: "a dominant-frequency timeline")
        // The feature windows' rules: at least 4 samples, a hop of at least one.
        let (windowLength, hopLength) = try WindowPlan(windowDuration: windowDuration, hop: hop)
            .lengths(sampleRate: rate)
        guard count >= windowLength else {
            throw .tooShort(
                in: .recording(source), rows: count, required: windowLength,
                purpose: "one \(windowDuration) s window")
        }
        let magnitude = try requireAcceleration().magnitude
        let options = DominantFrequencyOptions(band: band)
        let (rows, incomplete) = windowRows(
            length: windowLength, hop: hopLength,
            maximumGap: Self.windowGap(maximumGap, analysis: analysis, sampleRate: rate))
        var windows: [DominantFrequencyTimeline.Window] = []
        for range in rows {
            let dominant: DominantFrequency?
            do {
                dominant = try findDominantFrequency(in: Array(magnitude[range]), sampleRate: rate, options: options)
            } catch {
                guard error.code == .nonFiniteSample, let index = error.sampleIndex else {
                    throw .signalProcessing(error)
                }
                // Finite axes whose squares overflow (the reader refuses NaN and infinity).
                throw .invalidData(
                    at: .recording(source, row: range.lowerBound + index + 1),
                    value: "an infinite acceleration magnitude",
                    expected: "the axes' magnitude must be finite (below about 1e154 g)")
            }
            windows.append(
                .init(
                    start: time[range.lowerBound], end: time[range.upperBound - 1], dominant: dominant,
                    majorityLabel: labels.flatMap { majority(of: $0[range]) }))
        }
        return DominantFrequencyTimeline(
            windows: windows, sampleRate: rate, windowLength: windowLength, hopLength: hopLength,
            uncoveredTrailingRows: count - (rows.last?.upperBound ?? 0), incompleteWindows: incomplete)
    }
}

/// The most frequent element; ties go to the one that occurs first.
@_spi(Testing) public func majority(of labels: ArraySlice<String>) -> String? {
    var counts: [String: Int] = [:]
    for label in labels { counts[label, default: 0] += 1 }
    var best: String?
    for label in labels where best == nil || counts[label]! > counts[best!]! {
        best = label
    }
    return best
}
