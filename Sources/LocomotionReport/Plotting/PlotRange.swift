/// Axis ranges from data: finite extents, padded so that no range has zero width.
@_spi(Testing) public enum PlotRange {
    /// The smallest and largest finite value, or `nil` when there is none.
    static func extent(_ values: some Sequence<Double>) -> ClosedRange<Double>? {
        var low = Double.infinity
        var high = -Double.infinity
        for value in values where value.isFinite {
            low = min(low, value)
            high = max(high, value)
        }
        return low <= high ? low...high : nil
    }

    /// The union of two optional extents.
    static func union(_ a: ClosedRange<Double>?, _ b: ClosedRange<Double>?) -> ClosedRange<Double>? {
        switch (a, b) {
        case (nil, nil): nil
        case (let a?, nil): a
        case (nil, let b?): b
        case (let a?, let b?): min(a.lowerBound, b.lowerBound)...max(a.upperBound, b.upperBound)
        }
    }

    /// A time axis: the extent itself, or one second around a single instant, or 0...1 without data.
    static func time(_ extent: ClosedRange<Double>?) -> ClosedRange<Double> {
        guard let extent else { return 0...1 }
        let span = extent.upperBound - extent.lowerBound
        let tiny = max(1e-9, extent.lowerBound.magnitude * 1e-12)
        return span > tiny ? extent : (extent.lowerBound - 0.5)...(extent.lowerBound + 0.5)
    }

    /// A value axis for `extent` ending on ticks of a nice step (about `tickCount` of them):
    /// 5 % margins, `0` included when `includeZero` is set, and a range of zero width (a
    /// constant signal) widened by 10 % of the value (at least 0.1 units) each way, never below 0
    /// for data that are never negative. `fallback` without data.
    @_spi(Testing) public static func values(
        _ extent: ClosedRange<Double>?, includeZero: Bool = false, tickCount: Int = 5,
        fallback: ClosedRange<Double> = 0...1
    ) -> (range: ClosedRange<Double>, ticks: AxisTicks) {
        guard var extent else { return (fallback, AxisTicks.nice(covering: fallback, count: tickCount)) }
        let nonNegative = extent.lowerBound >= 0
        if includeZero { extent = min(extent.lowerBound, 0)...max(extent.upperBound, 0) }
        var low = extent.lowerBound
        var high = extent.upperBound
        let scale = max(low.magnitude, high.magnitude)
        if high - low <= max(1e-12, scale * 1e-9) {
            let pad = max(scale * 0.1, 0.1)
            low -= pad
            high += pad
        } else {
            let margin = (high - low) * 0.05
            low -= margin
            high += margin
        }
        if nonNegative { low = max(low, 0) }
        let step = AxisTicks.niceStep(span: high - low, count: tickCount)
        low = (low / step - 1e-9).rounded(.down) * step
        high = (high / step + 1e-9).rounded(.up) * step
        if nonNegative { low = max(low, 0) }
        let range = low...high
        return (range, AxisTicks.multiples(of: step, in: range))
    }
}
