import LocomotionDSP

/// The slowly varying streams at a window's end, which the extractor does not window itself.
public struct WindowContext: Sendable, Hashable {
    /// The GPS speed state, or `nil` before the first fix (or without a GPS stream).
    public var gps: GPSState?
    /// The latest pedometer cadence reported within the window, in steps/s, or `nil`.
    public var pedometerCadence: Double?

    /// Creates a context; both streams absent by default.
    public init(gps: GPSState? = nil, pedometerCadence: Double? = nil) {
        self.gps = gps
        self.pedometerCadence = pedometerCadence
    }

    /// The smoothed GPS speed at a window's end.
    public struct GPSState: Sendable, Hashable {
        /// The smoothed speed in m/s, or `nil` when the filter has no estimate yet.
        public var speed: Double?
        /// Seconds since the last accepted fix, or `nil` when none was accepted.
        public var age: Double?
        /// Whether the speed rests on a fix no older than the configured limit.
        public var isValid: Bool

        /// Creates a state.
        public init(speed: Double?, age: Double?, isValid: Bool) {
            self.speed = speed
            self.age = age
            self.isValid = isValid
        }

        /// The state of `filter` at `time` (s), valid when the last accepted fix is at most
        /// `maximumAge` seconds old.
        public init(filter: SpeedKalmanFilter, at time: Double, maximumAge: Double) {
            let age = filter.age(at: time)
            self.init(speed: filter.speed, age: age, isValid: filter.speed != nil && (age ?? .infinity) <= maximumAge)
        }
    }
}
