/// The unit of acceleration columns whose header does not say it.
public enum AccelerationUnit: String, Sendable, Hashable {
    /// Standard gravity, 9.80665 m/s² (the package's unit).
    case g
    /// Metres per second squared; divided by 9.80665 on reading.
    case metersPerSecondSquared
}
