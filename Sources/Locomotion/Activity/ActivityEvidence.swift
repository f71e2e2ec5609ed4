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
        func value(_ name: String) -> Double? {
            features[name].flatMap { $0.isNaN ? nil : $0 }
        }
        let speed = value("gps_speed_valid") == 1 ? value("gps_speed") : nil
        var stepFrequency = value("gait_step_cadence")
        if stepFrequency == nil, value("gait_step_count") == 0 { stepFrequency = 0 }
        if stepFrequency == nil { stepFrequency = value("pedometer_cadence") }
        self.init(speed: speed, stepFrequency: stepFrequency, accelerationVariance: value("acc_mag_variance"))
    }
}
