/// What a simulated phone records besides its accelerometer, and how.
public struct SimulationOptions: Sendable, Hashable {
    /// The accelerometer's (and gyroscope's) rate in Hz; 50 by default.
    public var sampleRate: Double
    /// Whether rows carry a rotation rate (rad/s).
    public var includesRotationRate: Bool
    /// Whether a pedometer reports its cadence (steps/s) while walking or running: from 3 s
    /// into a bout every 2.5 s, the true cadence within ±2 %, and 0 once 2.5 s after it ends.
    public var includesPedometer: Bool
    /// Seconds from the session's start to the first GPS fix (time to first fix: a few seconds
    /// warm, 30 s or more cold); after a delay, speed accuracy is inflated threefold at the
    /// first fix and recovers with a time constant of 8 s. 0 is a receiver already running.
    public var gpsTimeToFirstFix: Double
    /// Where the session starts (degrees; WGS 84).
    public var startLatitude: Double, startLongitude: Double

    /// - Parameters:
    ///   - sampleRate: Hz; 50 by default.
    ///   - includesRotationRate: `true` by default.
    ///   - includesPedometer: `false` by default.
    ///   - gpsTimeToFirstFix: Seconds; 0 by default (a receiver already running).
    ///   - startLatitude: Degrees; 51.5 by default.
    ///   - startLongitude: Degrees; −0.12 by default.
    public init(
        sampleRate: Double = 50, includesRotationRate: Bool = true, includesPedometer: Bool = false,
        gpsTimeToFirstFix: Double = 0, startLatitude: Double = 51.5, startLongitude: Double = -0.12
    ) {
        precondition((10...200).contains(sampleRate), "the sample rate must be 10–200 Hz")
        self.sampleRate = sampleRate
        self.includesRotationRate = includesRotationRate
        self.includesPedometer = includesPedometer
        self.gpsTimeToFirstFix = gpsTimeToFirstFix
        self.startLatitude = startLatitude
        self.startLongitude = startLongitude
    }
}
