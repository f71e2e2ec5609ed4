/// Min/max downsampling of a long series to pixel columns: an hour at 50 Hz (180 000 samples)
/// becomes at most one pair of values per column, and no peak is lost because each column keeps
/// its extremes.
@_spi(Testing) public enum EnvelopeDownsampling {
    /// The columns of `values` sampled at `time`, in runs: a run ends at a non-finite value or
    /// time, or where consecutive samples are more than `maximumGap` seconds apart (a gap in the
    /// data, which the plot must not bridge).
    ///
    /// - Parameters:
    ///   - time: Seconds, non-decreasing, one per value.
    ///   - values: The series.
    ///   - domain: The time axis; samples outside it are left out.
    ///   - columnCount: Pixel columns across `domain`, at least 1.
    ///   - maximumGap: Seconds.
    /// - Complexity: O(*n*) in the samples; the result holds at most `columnCount` columns per run.
    @_spi(Testing) public static func runs(
        time: [Double], values: [Double], domain: ClosedRange<Double>, columnCount: Int, maximumGap: Double
    ) -> [[EnvelopeColumn]] {
        precondition(time.count == values.count, "one time per value")
        let columns = max(1, columnCount)
        let span = domain.upperBound - domain.lowerBound
        guard span > 0 else { return [] }
        var runs: [[EnvelopeColumn]] = []
        var run: [EnvelopeColumn] = []
        var previousTime: Double?
        func flush() {
            if !run.isEmpty { runs.append(run) }
            run = []
        }
        for (t, value) in zip(time, values) {
            guard t.isFinite, value.isFinite, domain.contains(t) else {
                flush()
                previousTime = nil
                continue
            }
            if let previous = previousTime, t - previous > maximumGap { flush() }
            previousTime = t
            let column = min(columns - 1, max(0, Int((t - domain.lowerBound) / span * Double(columns))))
            if let last = run.last, last.column == column {
                run[run.count - 1].minimum = min(last.minimum, value)
                run[run.count - 1].maximum = max(last.maximum, value)
            } else {
                run.append(EnvelopeColumn(column: column, minimum: value, maximum: value))
            }
        }
        flush()
        return runs
    }
}
