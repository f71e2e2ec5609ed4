import LocomotionDSP

/// A recorded session held in memory as columns: time and three-axis acceleration, with an
/// optional ground-truth label per row.
///
/// Units: time in seconds (from any origin), acceleration in g (1 g = 9.80665 m/s²), gravity
/// included, in the device's axes.
public struct Recording: Sendable, Equatable {
    /// Where the recording came from (a file path, or a name for generated data).
    public var source: String
    /// Timestamps in seconds, non-decreasing.
    public var time: [Double]
    /// Acceleration along the device's x axis, in g.
    public var accelerationX: [Double]
    /// Acceleration along the device's y axis, in g.
    public var accelerationY: [Double]
    /// Acceleration along the device's z axis, in g.
    public var accelerationZ: [Double]
    /// The ground-truth label of each row, as written in the file, when the file has one.
    public var labels: [String]?

    /// Creates a recording from columns of equal length.
    ///
    /// - Precondition: All columns have `time.count` elements.
    public init(
        source: String, time: [Double], accelerationX: [Double], accelerationY: [Double], accelerationZ: [Double],
        labels: [String]? = nil
    ) {
        precondition(
            [accelerationX.count, accelerationY.count, accelerationZ.count, labels?.count ?? time.count]
                .allSatisfy { $0 == time.count },
            "every column of a recording has one value per timestamp")
        self.source = source
        self.time = time
        self.accelerationX = accelerationX
        self.accelerationY = accelerationY
        self.accelerationZ = accelerationZ
        self.labels = labels
    }

    /// The number of rows.
    public var count: Int { time.count }

    /// The time from the first to the last row, in seconds.
    public var duration: Double { (time.last ?? 0) - (time.first ?? 0) }

    /// The acceleration magnitude `√(x² + y² + z²)` of each row, in g: independent of how the
    /// phone is held, about 1 g at rest.
    ///
    /// - Complexity: O(*n*); allocates.
    public var accelerationMagnitude: [Double] {
        (0..<count).map { index in
            let (x, y, z) = (accelerationX[index], accelerationY[index], accelerationZ[index])
            return (x * x + y * y + z * z).squareRoot()
        }
    }

    /// The sample rate in Hz estimated from the timestamps: the reciprocal of the median
    /// interval between consecutive rows, so jitter and occasional gaps do not move it.
    ///
    /// - Returns: `nil` with fewer than two rows or when the median interval is not positive.
    /// - Complexity: O(*n* log *n*).
    public var estimatedSampleRate: Double? {
        guard count >= 2 else { return nil }
        let intervals = zip(time.dropFirst(), time).map { $0 - $1 }.sorted()
        let middle = intervals.count / 2
        let median = intervals.count % 2 == 1 ? intervals[middle] : (intervals[middle - 1] + intervals[middle]) / 2
        return median > 0 ? 1 / median : nil
    }
}
