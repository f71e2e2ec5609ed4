/// How the three axes of a window relate: their pairwise correlations and the signal magnitude
/// area, computed together by ``Statistics/axisSummary(x:y:z:)``.
public struct AxisSummary: Sendable, Hashable {
    /// The Pearson correlation of x and y, in `-1...1`, or `nil` when either is constant.
    public var correlationXY: Double?
    /// The Pearson correlation of x and z, or `nil` when either is constant.
    public var correlationXZ: Double?
    /// The Pearson correlation of y and z, or `nil` when either is constant.
    public var correlationYZ: Double?
    /// The signal magnitude area `(1/n)·Σ(|xᵢ| + |yᵢ| + |zᵢ|)`, in sample units.
    public var signalMagnitudeArea: Double

    /// Creates a summary from its values.
    public init(correlationXY: Double?, correlationXZ: Double?, correlationYZ: Double?, signalMagnitudeArea: Double) {
        self.correlationXY = correlationXY
        self.correlationXZ = correlationXZ
        self.correlationYZ = correlationYZ
        self.signalMagnitudeArea = signalMagnitudeArea
    }
}
