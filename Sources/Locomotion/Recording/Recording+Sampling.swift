extension Recording {
    /// The default gap threshold is this many typical intervals...
    public static let defaultGapFactor = 5.0
    /// ...and never less than this many seconds, so the bursty delivery of phone sensor logs
    /// (intervals of 2–25 ms at 200 Hz) is jitter, not a gap.
    public static let minimumDefaultGap = 0.1
    /// Rows per span in the sample-rate estimate (see ``SamplingAnalysis/medianInterval``); fewer
    /// for recordings of under 100 rows.
    public static let rateEstimationSpan = 10

    /// The sample rate in Hz estimated from the timestamps (see
    /// ``SamplingAnalysis/medianInterval``): robust to jitter, rounding, duplicates and gaps.
    ///
    /// Computed on first use and kept with the recording until its timestamps change.
    ///
    /// - Returns: `nil` when fewer than two rows have different timestamps.
    /// - Complexity: O(*n* log *n*) the first time, O(1) after.
    public var estimatedSampleRate: Double? { samplingAnalysis()?.sampleRate }

    /// Analyses the intervals between rows.
    ///
    /// - Parameter maximumGap: Intervals longer than this (s) are gaps; `nil` means
    ///   ``defaultGapFactor`` typical intervals, at least ``minimumDefaultGap``.
    /// - Returns: `nil` when fewer than two rows have different timestamps.
    /// - Complexity: O(*n* log *n*); with the default threshold, only the first time (the analysis
    ///   is kept with the recording until its timestamps change).
    public func samplingAnalysis(maximumGap: Double? = nil) -> SamplingAnalysis? {
        guard let maximumGap else { return samplingCache.value { analyseSampling(maximumGap: nil) } }
        return analyseSampling(maximumGap: maximumGap)
    }

    private func analyseSampling(maximumGap: Double?) -> SamplingAnalysis? {
        var intervals: [Double] = []
        intervals.reserveCapacity(max(count - 1, 0))
        var duplicates = 0
        for index in 1..<max(count, 1) {
            let interval = time[index] - time[index - 1]
            if interval > 0 { intervals.append(interval) } else { duplicates += 1 }
        }
        guard !intervals.isEmpty else { return nil }
        // Short recordings use single intervals: a span must be small next to the recording.
        let span = max(1, min(Self.rateEstimationSpan, (count - 1) / 10))
        let spanIntervals = (0..<(count - span)).map { (time[$0 + span] - time[$0]) / Double(span) }.filter { $0 > 0 }
        let sorted = intervals.sorted()
        let singleMedian = Self.median(ofSorted: sorted)
        let typical = spanIntervals.isEmpty ? singleMedian : Self.median(ofSorted: spanIntervals.sorted())
        let threshold = maximumGap ?? max(Self.defaultGapFactor * typical, Self.minimumDefaultGap)
        let deviations = sorted.filter { $0 <= threshold }.map { abs($0 - singleMedian) }.sorted()
        var gaps: [RecordingGap] = []
        for index in 1..<count where time[index] - time[index - 1] > threshold {
            gaps.append(RecordingGap(start: time[index - 1], end: time[index], rowIndex: index))
        }
        return SamplingAnalysis(
            medianInterval: typical, jitter: 1.4826 * Self.median(ofSorted: deviations),
            intervalRange: sorted[0]...sorted[sorted.count - 1], duplicateTimestamps: duplicates, gaps: gaps,
            maximumGap: threshold)
    }

    /// The row ranges between gaps: consecutive rows whose intervals never exceed `maximumGap`.
    ///
    /// - Parameter maximumGap: The longest interval (s) inside a segment; `nil` means the default gap
    ///   threshold of ``samplingAnalysis(maximumGap:)``.
    /// - Returns: One range per segment, covering every row; empty for an empty recording.
    /// - Complexity: O(*n* log *n*) when the threshold is estimated, O(*n*) otherwise.
    public func segments(maximumGap: Double? = nil) -> [Range<Int>] {
        guard count > 0 else { return [] }
        guard let threshold = maximumGap ?? samplingAnalysis()?.maximumGap else { return [0..<count] }
        var result: [Range<Int>] = []
        var segmentStart = 0
        for index in 1..<count where time[index] - time[index - 1] > threshold {
            result.append(segmentStart..<index)
            segmentStart = index
        }
        result.append(segmentStart..<count)
        return result
    }

    /// The most rows resampling puts on one segment's grid (``RecordingResampler``; 2³¹ − 1, 16 GiB
    /// a column): a larger grid comes from a rate or timestamps in the wrong unit, not from data.
    public static let largestResampledSegment = Int(Int32.max)

    static func median(ofSorted values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }
}
