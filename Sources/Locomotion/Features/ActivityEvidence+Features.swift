extension ActivityEvidence {
    /// The feature columns the evidence is read from, in the order ``init(values:columns:)`` reads them.
    static let columnNames = BuiltinFeature.columnNames([
        .gpsSpeed, .gpsSpeedValid, .stepCadence, .stepCount, .pedometerCadence, .variance,
    ])

    /// The evidence in a feature vector, by column name:
    /// - speed: `gps_speed` when `gps_speed_valid` is 1;
    /// - cadence: `gait_step_cadence`, or 0 when `gait_step_count` is 0 (no steps is a
    ///   cadence of zero, not an unknown one), else `pedometer_cadence` when present;
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
        var cadence = value(2)
        if cadence == nil, value(3) == 0 { cadence = 0 }
        if cadence == nil { cadence = value(4) }
        self.init(speed: speed, cadence: cadence, accelerationVariance: value(5))
    }
}
