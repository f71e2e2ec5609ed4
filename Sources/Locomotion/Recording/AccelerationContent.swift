/// Whether a recording's acceleration includes gravity, excludes it, or comes as both.
///
/// A phone's raw accelerometer measures gravity plus the device's own acceleration (about 1 g at
/// rest). CoreMotion's `userAcceleration`, Android's linear-acceleration sensor and Sensor
/// Logger's `Accelerometer.csv` give the acceleration with gravity removed (about 0 g at rest).
/// What an analysis can compute depends on which it has: see ``AnalysisRequirement`` and
/// docs/RecordingFormat.md ("Gravity").
public enum AccelerationContent: String, Sendable, Hashable, Codable, CaseIterable {
    /// Acceleration including gravity only (``Recording/acceleration``): the raw accelerometer.
    case includingGravity = "including-gravity"
    /// Acceleration with gravity removed only (``Recording/linearAcceleration``, no
    /// ``Recording/gravity``): the orientation and |a| around 1 g are unknown.
    case excludingGravity = "excluding-gravity"
    /// Both: the acceleration including gravity, and the gravity-removed acceleration (given, or
    /// the difference of the two); or the user acceleration and the gravity vector, whose sum is
    /// the acceleration including gravity (as CoreMotion gives them).
    case both

    /// Whether the acceleration including gravity is known (for `.includingGravity` and `.both`).
    public var hasGravity: Bool { self != .excludingGravity }
}
