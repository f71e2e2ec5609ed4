/// Three columns of samples, one per device axis.
public struct ThreeAxisSeries: Sendable, Equatable {
    /// Samples along the device's x axis.
    public var x: [Double]
    /// Samples along the device's y axis.
    public var y: [Double]
    /// Samples along the device's z axis.
    public var z: [Double]

    /// Creates a series from three columns of equal length.
    ///
    /// - Precondition: `x`, `y` and `z` have the same count.
    /// - Complexity: O(1).
    public init(x: [Double], y: [Double], z: [Double]) {
        precondition(x.count == y.count && y.count == z.count, "the three axes need the same number of samples")
        self.x = x
        self.y = y
        self.z = z
    }

    /// An empty series with room for `capacity` samples per axis.
    init(reservingCapacity capacity: Int) {
        (x, y, z) = ([], [], [])
        x.reserveCapacity(capacity)
        y.reserveCapacity(capacity)
        z.reserveCapacity(capacity)
    }

    /// The number of samples per axis.
    public var count: Int { x.count }

    /// `√(x² + y² + z²)` per sample: independent of the device's orientation.
    ///
    /// - Complexity: O(*n*); allocates.
    public var magnitude: [Double] {
        (0..<count).map { index -> Double in
            let (ax, ay, az) = (x[index], y[index], z[index])
            return (ax * ax + ay * ay + az * az).squareRoot()
        }
    }

    mutating func append(contentsOf other: ThreeAxisSeries) {
        x.append(contentsOf: other.x)
        y.append(contentsOf: other.y)
        z.append(contentsOf: other.z)
    }

    @_spi(Testing)
    public subscript(rows: Range<Int>) -> ThreeAxisSeries {
        ThreeAxisSeries(x: Array(x[rows]), y: Array(y[rows]), z: Array(z[rows]))
    }
}
