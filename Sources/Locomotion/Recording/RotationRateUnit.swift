/// The unit of rotation-rate columns whose header does not say it.
public enum RotationRateUnit: String, Sendable, Hashable {
    /// Radians per second (the package's unit).
    case radiansPerSecond
    /// Degrees per second; multiplied by π/180 on reading.
    case degreesPerSecond
}
