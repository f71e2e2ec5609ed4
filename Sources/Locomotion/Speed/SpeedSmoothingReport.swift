/// A summary of smoothed speeds against the raw ones: what a `locomotion speed` command prints
/// under its table, and the numbers docs/Accuracy.md reports for real tracks.
///
/// Compared fixes are those with both a raw speed and an estimate. An *isolated spike* in a series
/// of speeds is a value more than ``spikeThreshold`` above both its neighbours, or more than that
/// below both (the neighbours are the previous and next compared fixes, whatever the time between
/// them). The same definition is applied to the raw and to the smoothed series at the same fixes.
public struct SpeedSmoothingReport: Sendable, Equatable, Hashable {
    /// Fixes summarised.
    public var fixCount: Int
    /// Fixes with a valid raw speed.
    public var validFixCount: Int
    /// Fixes per filter status.
    public var counts: SpeedKalmanFilter.Counts
    /// The largest valid raw speed, m/s.
    public var largestRawSpeed: Double?
    /// The smallest and largest estimates over all fixes that have one, m/s.
    public var smallestSmoothedSpeed: Double?
    /// See ``smallestSmoothedSpeed``.
    public var largestSmoothedSpeed: Double?
    /// The mean raw speed over the compared fixes, m/s.
    public var meanRawSpeed: Double?
    /// The mean estimate over the compared fixes, m/s.
    public var meanSmoothedSpeed: Double?
    /// The root mean square of estimate − raw speed over the compared fixes, m/s: how much
    /// smoothing moved the speeds.
    public var rootMeanSquareAdjustment: Double?
    /// The threshold of the spike definition, m/s.
    public var spikeThreshold: Double
    /// Isolated spikes in the raw speeds of the compared fixes.
    public var rawSpikeCount: Int
    /// Isolated spikes in the estimates at the same fixes.
    public var smoothedSpikeCount: Int

    /// Summarises the results of ``SpeedSmoother`` or ``SpeedKalmanFilter``.
    ///
    /// - Parameters:
    ///   - results: One result per fix, in time order.
    ///   - spikeThreshold: m/s, > 0 and finite; 2 m/s by default (no walker, cyclist or car goes
    ///     up or down by 2 m/s and back within two fixes of 1 s).
    /// - Throws: `LocomotionError.invalidParameter` for a bad threshold.
    /// - Complexity: O(*n*).
    public init(results: [SmoothedSpeed], spikeThreshold: Double = 2) throws(LocomotionError) {
        guard spikeThreshold.isFinite, spikeThreshold > 0 else {
            throw .invalidParameter(
                name: "spikeThreshold", value: "\(spikeThreshold)", requirement: "it must be finite and positive (m/s)")
        }
        var counts = SpeedKalmanFilter.Counts()
        var raw: [Double] = []
        var smoothed: [Double] = []
        for result in results {
            counts.record(result.status)
            if let rawSpeed = result.rawSpeed, let speed = result.speed {
                raw.append(rawSpeed)
                smoothed.append(speed)
            }
        }
        let estimates = results.compactMap(\.speed)
        fixCount = results.count
        validFixCount = results.count { $0.rawSpeed != nil }
        self.counts = counts
        largestRawSpeed = results.compactMap(\.rawSpeed).max()
        smallestSmoothedSpeed = estimates.min()
        largestSmoothedSpeed = estimates.max()
        let compared = Double(raw.count)
        meanRawSpeed = raw.isEmpty ? nil : raw.reduce(0, +) / compared
        meanSmoothedSpeed = raw.isEmpty ? nil : smoothed.reduce(0, +) / compared
        rootMeanSquareAdjustment =
            raw.isEmpty
            ? nil : (zip(smoothed, raw).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) } / compared).squareRoot()
        self.spikeThreshold = spikeThreshold
        rawSpikeCount = Self.isolatedSpikeCount(in: raw, threshold: spikeThreshold)
        smoothedSpikeCount = Self.isolatedSpikeCount(in: smoothed, threshold: spikeThreshold)
    }

    /// The number of values more than `threshold` above both neighbours or below both.
    ///
    /// - Parameters:
    ///   - values: A series (m/s for speeds); the first and last values have one neighbour and
    ///     are never spikes.
    ///   - threshold: The margin, in the values' unit.
    /// - Complexity: O(*n*).
    public static func isolatedSpikeCount(in values: [Double], threshold: Double) -> Int {
        guard values.count >= 3 else { return 0 }
        return (1..<(values.count - 1)).count { index in
            let (before, value, after) = (values[index - 1], values[index], values[index + 1])
            return value - max(before, after) > threshold || min(before, after) - value > threshold
        }
    }
}
