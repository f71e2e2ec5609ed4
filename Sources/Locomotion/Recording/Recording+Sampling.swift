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

    /// Analyzes the intervals between rows.
    ///
    /// - Parameter maximumGap: Intervals longer than this (s) are gaps; `nil` means
    ///   ``defaultGapFactor`` typical intervals, at least ``minimumDefaultGap``.
    /// - Returns: `nil` when fewer than two rows have different timestamps.
    /// - Complexity: O(*n* log *n*); with the default threshold, only the first time (the analysis
    ///   is kept with the recording until its timestamps change).
    public func samplingAnalysis(maximumGap: Double? = nil) -> SamplingAnalysis? {
        guard let maximumGap else { return samplingCache.value { analyzeSampling(maximumGap: nil) } }
        return analyzeSampling(maximumGap: maximumGap)
    }

    private func analyzeSampling(maximumGap: Double?) -> SamplingAnalysis? {
        var intervals: [Double] = []
        intervals.reserveCapacity(max(count - 1, 0))
        var duplicates = 0
        for index in 1..<max(count, 1) {
            let interval = time[index] - time[index - 1]
            if interval > 0 { intervals.append(interval) } else { duplicates += 1 }
        }
        guard !intervals.isEmpty else { return nil }
        // Spans run over distinct timestamps: a row written twice would otherwise halve the span's
        // interval (every row twice read as twice the rate). Short recordings use single
        // intervals: a span must be small next to the recording.
        let distinct =
            duplicates == 0 ? time : time.indices.filter { $0 == 0 || time[$0] != time[$0 - 1] }.map { time[$0] }
        let span = max(1, min(Self.rateEstimationSpan, (distinct.count - 1) / 10))
        let spanIntervals = (0..<max(distinct.count - span, 0)).map {
            (distinct[$0 + span] - distinct[$0]) / Double(span)
        }
        .filter { $0 > 0 }
        // Medians by selection (the same values as from a sort, in linear time on average).
        let (shortest, longest) = (intervals.min()!, intervals.max()!)
        var selected = intervals
        let singleMedian = Self.median(selecting: &selected)
        var spans = spanIntervals
        let typical = spanIntervals.isEmpty ? singleMedian : Self.median(selecting: &spans)
        let threshold = maximumGap ?? max(Self.defaultGapFactor * typical, Self.minimumDefaultGap)
        var deviations = intervals.filter { $0 <= threshold }.map { abs($0 - singleMedian) }
        var gaps: [RecordingGap] = []
        for index in 1..<count where time[index] - time[index - 1] > threshold {
            gaps.append(RecordingGap(start: time[index - 1], end: time[index], rowIndex: index))
        }
        return SamplingAnalysis(
            medianInterval: typical, jitter: 1.4826 * Self.median(selecting: &deviations),
            intervalRange: shortest...longest, duplicateTimestamps: duplicates, gaps: gaps,
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

    /// The median of `values` (none NaN; 0 when empty): the middle value, or the mean of the two
    /// middle ones, found by selection; `values` is left partly reordered.
    ///
    /// - Complexity: O(*n*) on average (Hoare's selection with a median-of-three pivot), falling
    ///   back to a sort after 64 rounds.
    @_spi(Testing) public static func median(selecting values: inout [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let middle = values.count / 2
        return values.withUnsafeMutableBufferPointer { buffer in
            let upper = select(middle, in: buffer)
            guard buffer.count % 2 == 0 else { return upper }
            // Everything before `middle` is at most the middle value: its largest is the other one.
            let lower = buffer[..<middle].max()!
            return (lower + upper) / 2
        }
    }

    /// The `rank`-th smallest value (from 0), leaving smaller or equal values before `rank` and
    /// larger or equal ones after it.
    private static func select(_ rank: Int, in values: UnsafeMutableBufferPointer<Double>) -> Double {
        var (low, high) = (0, values.count - 1)
        var rounds = 0
        while low < high {
            rounds += 1
            if rounds > 64 {
                var rest = UnsafeMutableBufferPointer(rebasing: values[low...high])
                rest.sort()
                return values[rank]
            }
            let mid = low + (high - low) / 2
            // The median of three as pivot, moved so that values[low] <= pivot <= values[high].
            if values[mid] < values[low] { values.swapAt(mid, low) }
            if values[high] < values[low] { values.swapAt(high, low) }
            if values[high] < values[mid] { values.swapAt(high, mid) }
            let pivot = values[mid]
            var (i, j) = (low, high)
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if rank <= j {
                high = j
            } else if rank >= i {
                low = i
            } else {
                return values[rank]
            }
        }
        return values[rank]
    }

}
