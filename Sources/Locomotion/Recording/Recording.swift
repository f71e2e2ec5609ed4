/// A recorded session held in memory as columns, one row per timestamp.
///
/// Every column has ``count`` values. Units: time in seconds (from any origin: seconds since the
/// start of the recording, or since 1970 for ISO-8601 timestamps), acceleration in g (1 g =
/// 9.80665 m/s²), rotation rate in rad/s, speed and speed accuracy in m/s, horizontal accuracy in
/// metres, coordinates in degrees, cadence in steps/s.
///
/// Sparse columns (GPS, pedometer) hold NaN in rows where the file's cell was empty: that row
/// carries no fix or event. A GPS speed that is *negative* is the device saying "invalid" (as
/// iOS does) and is kept as written.
public struct Recording: Sendable, Equatable {
    /// Where the recording came from (a file path, or a name for generated data).
    public var source: String
    /// Timestamps in seconds, non-decreasing.
    public var time: [Double] { didSet { samplingCache.reset() } }
    /// Acceleration including gravity, in g, device axes.
    public var acceleration: ThreeAxisSeries? { didSet { magnitudeCache.reset() } }
    /// Acceleration with gravity removed ("user" or "linear" acceleration), in g, device axes.
    public var linearAcceleration: ThreeAxisSeries? { didSet { magnitudeCache.reset() } }
    /// The gravity vector, in g, device axes, as CoreMotion gives it beside the user acceleration.
    /// ``accelerationIncludingGravity`` adds it to ``linearAcceleration`` when the recording has
    /// no ``acceleration``; see ``accelerationContent``.
    public var gravity: ThreeAxisSeries? { didSet { magnitudeCache.reset() } }
    /// Rotation rate, in rad/s, device axes.
    public var rotationRate: ThreeAxisSeries?
    /// GPS speed in m/s; NaN where the row has no fix, negative where the device marked it invalid.
    public var speed: [Double]?
    /// GPS speed accuracy in m/s; NaN where absent, negative where invalid.
    public var speedAccuracy: [Double]?
    /// Horizontal position accuracy in metres; NaN where absent.
    public var horizontalAccuracy: [Double]?
    /// Latitude in degrees (WGS 84); NaN where absent.
    public var latitude: [Double]?
    /// Longitude in degrees (WGS 84); NaN where absent.
    public var longitude: [Double]?
    /// Pedometer cadence in steps/s; NaN where absent.
    public var cadence: [Double]?
    /// Pedometer cumulative step count; NaN where absent.
    public var steps: [Double]?
    /// The ground-truth label of each row (after any label map); empty where the cell was empty.
    public var labels: [String]?
    /// Columns the reader does not interpret, in file order.
    public var extraColumns: [ExtraColumn]
    /// ``samplingAnalysis(maximumGap:)`` with the default threshold, once asked for.
    var samplingCache = DerivedValue<SamplingAnalysis?>()
    /// ``accelerationMagnitude``, once asked for.
    private var magnitudeCache = DerivedValue<[Double]?>()

    /// Creates a recording.
    ///
    /// - Precondition: Every column given has `time.count` values.
    public init(
        source: String, time: [Double], acceleration: ThreeAxisSeries? = nil,
        linearAcceleration: ThreeAxisSeries? = nil, gravity: ThreeAxisSeries? = nil,
        rotationRate: ThreeAxisSeries? = nil, speed: [Double]? = nil,
        speedAccuracy: [Double]? = nil, horizontalAccuracy: [Double]? = nil, latitude: [Double]? = nil,
        longitude: [Double]? = nil, cadence: [Double]? = nil, steps: [Double]? = nil, labels: [String]? = nil,
        extraColumns: [ExtraColumn] = []
    ) {
        self.source = source
        self.time = time
        self.acceleration = acceleration
        self.linearAcceleration = linearAcceleration
        self.gravity = gravity
        self.rotationRate = rotationRate
        self.speed = speed
        self.speedAccuracy = speedAccuracy
        self.horizontalAccuracy = horizontalAccuracy
        self.latitude = latitude
        self.longitude = longitude
        self.cadence = cadence
        self.steps = steps
        self.labels = labels
        self.extraColumns = extraColumns
        precondition(
            columnCounts.allSatisfy { $0 == time.count }, "every column needs one value per timestamp")
    }

    /// The number of rows.
    public var count: Int { time.count }

    /// The time from the first to the last row, in seconds; 0 for fewer than two rows.
    public var duration: Double { count < 2 ? 0 : time[count - 1] - time[0] }

    /// The acceleration magnitude of each row, in g (about 1 g at rest), or `nil` when the
    /// recording has no acceleration with gravity (``accelerationIncludingGravity``: the
    /// acceleration, or the user acceleration plus gravity).
    ///
    /// Computed on first use and kept with the recording until its acceleration changes, so
    /// asking again neither recomputes nor allocates.
    ///
    /// - Complexity: O(*n*) the first time, O(1) after.
    public var accelerationMagnitude: [Double]? { magnitudeCache.value { accelerationIncludingGravity?.magnitude } }

    /// The rows in `range` as a recording of their own.
    ///
    /// - Precondition: `range` lies within `0..<count`.
    /// - Complexity: O(`range.count` × columns); copies the rows.
    public subscript(rows range: Range<Int>) -> Recording {
        var rows = Recording(
            source: source, time: Array(time[range]), labels: labels.map { Array($0[range]) },
            extraColumns: extraColumns.map { ExtraColumn(name: $0.name, values: Array($0.values[range])) })
        for column in Self.axisColumns { rows[keyPath: column.series] = self[keyPath: column.series]?[range] }
        for column in Self.scalarColumns {
            rows[keyPath: column.values] = self[keyPath: column.values].map { Array($0[range]) }
        }
        return rows
    }

    /// Appends the rows of `other`, which must have the same columns (as chunks of one stream do).
    ///
    /// - Precondition: Both recordings have the same columns.
    /// - Complexity: O(`other.count` × columns), amortised.
    public mutating func append(contentsOf other: Recording) {
        precondition(hasSameColumns(as: other), "appending a recording with different columns")
        time.append(contentsOf: other.time)
        for column in Self.axisColumns { column.append(&self, other) }
        for column in Self.scalarColumns {
            self[keyPath: column.values]?.append(contentsOf: other[keyPath: column.values]!)
        }
        labels?.append(contentsOf: other.labels!)
        for index in extraColumns.indices {
            extraColumns[index].values.append(contentsOf: other.extraColumns[index].values)
        }
    }
}
