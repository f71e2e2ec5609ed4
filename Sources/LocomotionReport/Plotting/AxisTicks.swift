import Foundation

/// Tick positions and their labels for one axis: multiples of 1, 2 or 5 × 10ⁿ.
@_spi(Testing) public struct AxisTicks: Equatable {
    /// Tick positions in data units, increasing.
    @_spi(Testing) public var values: [Double]
    /// One label per tick, all with the same number of decimals.
    @_spi(Testing) public var labels: [String]
    /// The distance between ticks, in data units.
    @_spi(Testing) public var step: Double

    /// The smallest step of the form 1, 2 or 5 × 10ⁿ that splits `span` into at most about
    /// `count` intervals.
    static func niceStep(span: Double, count: Int) -> Double {
        guard span.isFinite, span > 0 else { return 1 }
        let raw = span / Double(max(1, count))
        let power = pow(10, floor(log10(raw)))
        let fraction = raw / power
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        return nice * power
    }

    /// Decimals that show every multiple of `step` exactly (0 for steps of 1 and more).
    static func decimals(for step: Double) -> Int {
        guard step.isFinite, step > 0 else { return 0 }
        return min(9, max(0, -Int(floor(log10(step) + 1e-9))))
    }

    /// Ticks at the multiples of a nice step inside `range`, about `count` of them.
    @_spi(Testing) public static func nice(covering range: ClosedRange<Double>, count: Int) -> AxisTicks {
        let step = niceStep(span: range.upperBound - range.lowerBound, count: count)
        return multiples(of: step, in: range)
    }

    /// Ticks at the multiples of `step` inside `range`.
    static func multiples(of step: Double, in range: ClosedRange<Double>) -> AxisTicks {
        guard range.lowerBound.isFinite, range.upperBound.isFinite, step.isFinite, step > 0 else {
            return AxisTicks(values: [], labels: [], step: 1)
        }
        let first = (range.lowerBound / step - 1e-9).rounded(.up)
        let last = (range.upperBound / step + 1e-9).rounded(.down)
        guard first <= last, last - first <= 200 else { return AxisTicks(values: [], labels: [], step: step) }
        let values = stride(from: first, through: last, by: 1).map { $0 * step }
        let decimals = decimals(for: step)
        let labels = values.map { ReportNumberFormat.fixed($0 == 0 ? 0 : $0, decimals: decimals) }
        return AxisTicks(values: values, labels: labels, step: step)
    }

    /// Ticks whose labels do not crowd: the most ticks (up to one per `length / 10` pixels) for
    /// which neighbouring labels of `fontSize` keep at least `gap` pixels between them.
    ///
    /// - Parameters:
    ///   - range: The axis's domain.
    ///   - length: The axis's length in pixels.
    ///   - fontSize: The label font size in pixels (a character is taken as 0.62 of it wide).
    ///   - gap: Pixels of blank space wanted between two labels.
    @_spi(Testing) public static func readable(
        covering range: ClosedRange<Double>, length: Double, fontSize: Double, gap: Double = 18
    )
        -> AxisTicks
    {
        var count = max(2, Int(length / 70))
        while true {
            let ticks = nice(covering: range, count: count)
            let span = range.upperBound - range.lowerBound
            let spacing = span > 0 ? ticks.step / span * length : length
            let widest = Double(ticks.labels.map(\.count).max() ?? 0) * fontSize * 0.62
            if spacing >= widest + gap || count <= 2 { return ticks }
            count -= 1
        }
    }
}
