/// A linear map from data units to pixels.
struct LinearScale {
    /// The data interval; never of zero width (see ``PlotRange``).
    var domain: ClosedRange<Double>
    /// The pixel of `domain.lowerBound`.
    var lowPixel: Double
    /// The pixel of `domain.upperBound` (smaller than ``lowPixel`` for a y axis, which grows upwards).
    var highPixel: Double

    /// The pixel of `value`.
    func callAsFunction(_ value: Double) -> Double {
        let span = domain.upperBound - domain.lowerBound
        guard span > 0 else { return (lowPixel + highPixel) / 2 }
        return lowPixel + (value - domain.lowerBound) / span * (highPixel - lowPixel)
    }
}
