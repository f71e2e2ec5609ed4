/// The three signals the rule-based decision rests on, in the package's units. `nil` means the
/// signal is unavailable and casts no vote.
public struct ActivityEvidence: Sendable, Hashable, Codable {
    /// Ground speed in m/s; `nil` when no valid GPS estimate exists (an invalid fix reports a
    /// negative speed, which ``init(speed:stepFrequency:accelerationVariance:)`` turns into `nil`).
    public var speed: Double?
    /// Step frequency in steps/s (0 when no steps are detected); `nil` when unknown.
    public var stepFrequency: Double?
    /// Population variance of the acceleration magnitude over the window, in g².
    public var accelerationVariance: Double?

    /// Collects the signals. A negative or non-finite speed (an invalid fix, as Core Location
    /// reports it) and a negative or non-finite step frequency or variance become `nil`.
    ///
    /// - Parameters:
    ///   - speed: m/s; negative when invalid.
    ///   - stepFrequency: steps/s.
    ///   - accelerationVariance: g².
    public init(speed: Double?, stepFrequency: Double?, accelerationVariance: Double?) {
        self.speed = speed.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        self.stepFrequency = stepFrequency.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        self.accelerationVariance = accelerationVariance.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }
}

extension ActivityEvidence {
    /// The feature columns the evidence is read from, in the order ``init(values:columns:)`` reads them.
    static let columnNames = [
        "gps_speed", "gps_speed_valid", "gait_step_cadence", "gait_step_count", "pedometer_cadence",
        "acc_mag_variance",
    ]

    /// The evidence in a feature vector, by column name:
    /// - speed: `gps_speed` when `gps_speed_valid` is 1;
    /// - step frequency: `gait_step_cadence`, or 0 when `gait_step_count` is 0 (no steps is a
    ///   step frequency of zero, not an unknown one), else `pedometer_cadence` when present;
    /// - variance: `acc_mag_variance`.
    ///
    /// A column absent from the schema, or missing (NaN) in this window, gives `nil`.
    ///
    /// - Complexity: O(*f*) in the schema size.
    public init(features: FeatureVector) {
        self.init(values: features.values, columns: FeatureColumns(Self.columnNames, in: features.schema))
    }

    /// The evidence in a row of values, with the columns of ``columnNames`` looked up beforehand.
    init(values: some RandomAccessCollection<Double>, columns: FeatureColumns) {
        func value(_ index: Int) -> Double? {
            let value = columns.value(index, in: values)
            return value.isNaN ? nil : value
        }
        let speed = value(1) == 1 ? value(0) : nil
        var stepFrequency = value(2)
        if stepFrequency == nil, value(3) == 0 { stepFrequency = 0 }
        if stepFrequency == nil { stepFrequency = value(4) }
        self.init(speed: speed, stepFrequency: stepFrequency, accelerationVariance: value(5))
    }
}
