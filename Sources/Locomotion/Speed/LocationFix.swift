/// One location update from a GNSS receiver, as CoreLocation's `CLLocation` or Android's
/// `Location` report it: a time, a speed and how far to trust it.
///
/// Invalid readings are data, not errors: on iOS a negative `speed` means the receiver measured no
/// speed and a negative `speedAccuracy` means the speed must not be used (Apple's documentation of
/// `CLLocation.speed` and `speedAccuracy`). ``speedValidity(noisyAccuracyLimit:)`` classifies a
/// fix as valid, noisy or invalid, and ``validSpeed`` is the speed to use, or `nil`.
///
/// Every stored number is finite: the initializer throws for NaN or infinity, so the filters
/// never see one.
public struct LocationFix: Sendable, Equatable, Hashable {
    /// A position on the WGS-84 ellipsoid.
    public struct Coordinate: Sendable, Equatable, Hashable {
        /// Latitude in degrees, −90...90.
        public let latitude: Double
        /// Longitude in degrees, −180...180.
        public let longitude: Double

        /// Creates a coordinate.
        ///
        /// - Parameters:
        ///   - latitude: Degrees north, −90...90.
        ///   - longitude: Degrees east, −180...180.
        /// - Throws: `LocomotionError.invalidParameter` naming the coordinate that is not finite or
        ///   is out of range.
        /// - Complexity: O(1).
        public init(latitude: Double, longitude: Double) throws(LocomotionError) {
            guard latitude.isFinite, (-90...90).contains(latitude) else {
                throw .invalidParameter(
                    name: "latitude", value: "\(latitude)", requirement: "it must be in -90...90 (degrees)")
            }
            guard longitude.isFinite, (-180...180).contains(longitude) else {
                throw .invalidParameter(
                    name: "longitude", value: "\(longitude)", requirement: "it must be in -180...180 (degrees)")
            }
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// How usable a fix's speed is.
    public enum SpeedValidity: String, Sendable, Equatable, Hashable, CaseIterable {
        /// A speed with an accuracy below the noise limit, or with no accuracy reported.
        case valid
        /// A speed whose `speedAccuracy` is at or above the noise limit (a simple location handler
        /// drops these). Still a measurement; the Kalman filters weight it by its variance.
        case noisy
        /// No speed: `speed < 0` or `speedAccuracy < 0`.
        case invalid
    }

    /// The noise limit: a fix with `speedAccuracy` of 2 m/s or more is noisy.
    public static let defaultNoisyAccuracyLimit = 2.0

    /// When the fix was taken, in seconds (from any origin; the data's clock, never the wall clock).
    public let time: Double
    /// Speed over ground in m/s; negative when the receiver has no valid speed (iOS reports −1).
    public let speed: Double
    /// The speed's 1-sigma uncertainty in m/s; negative when the speed is invalid (iOS), `nil` when
    /// the source does not report one (GPX files, phyphox, many Android devices).
    public let speedAccuracy: Double?
    /// The radius of 68 % confidence of the position in metres; negative when the position is
    /// invalid (iOS); `nil` when not reported.
    public let horizontalAccuracy: Double?
    /// Where the fix was taken, when known.
    public let coordinate: Coordinate?

    /// Creates a fix, checking that every number is finite.
    ///
    /// - Parameters:
    ///   - time: Seconds from any origin.
    ///   - speed: m/s; negative for "no valid speed".
    ///   - speedAccuracy: m/s (1 sigma); negative for "invalid", `nil` for "not reported".
    ///   - horizontalAccuracy: Metres; negative for "invalid", `nil` for "not reported".
    ///   - coordinate: The position, if known.
    /// - Throws: `LocomotionError.invalidParameter` naming the first field that is NaN or infinite.
    /// - Complexity: O(1).
    public init(
        time: Double, speed: Double, speedAccuracy: Double?, horizontalAccuracy: Double? = nil,
        coordinate: Coordinate? = nil
    ) throws(LocomotionError) {
        for (name, value) in [
            ("time", time), ("speed", speed), ("speedAccuracy", speedAccuracy ?? 0),
            ("horizontalAccuracy", horizontalAccuracy ?? 0),
        ] where !value.isFinite {
            throw .invalidParameter(
                name: name, value: "\(value)",
                requirement: "it must be finite; a negative value marks an invalid reading")
        }
        self.time = time
        self.speed = speed
        self.speedAccuracy = speedAccuracy
        self.horizontalAccuracy = horizontalAccuracy
        self.coordinate = coordinate
    }

    /// Classifies the fix's speed: invalid when `speed < 0` or `speedAccuracy < 0`; noisy when
    /// `speedAccuracy >= noisyAccuracyLimit`; valid otherwise, including when no accuracy is
    /// reported.
    ///
    /// - Parameter noisyAccuracyLimit: m/s; ``defaultNoisyAccuracyLimit`` (2 m/s) by default.
    /// - Complexity: O(1).
    public func speedValidity(noisyAccuracyLimit: Double = LocationFix.defaultNoisyAccuracyLimit) -> SpeedValidity {
        if speed < 0 || (speedAccuracy ?? 0) < 0 { return .invalid }
        if let speedAccuracy, speedAccuracy >= noisyAccuracyLimit { return .noisy }
        return .valid
    }

    /// The speed to use in m/s, clamped at 0 (so `-0.0` reads as `0`), or `nil` when the fix has
    /// no valid speed. Noisy fixes keep their speed; see ``speedValidity(noisyAccuracyLimit:)``.
    public var validSpeed: Double? {
        speed < 0 || (speedAccuracy ?? 0) < 0 ? nil : (speed > 0 ? speed : 0)
    }

    /// The speed in km/h for display, `speed × 3.6`, or −1 when the fix has no valid speed.
    ///
    /// Both signs are honoured: a negative `speed`, and a negative `speedAccuracy`, which on iOS
    /// marks the speed itself as unusable.
    public var speedKMH: Double { validSpeed.map { $0 * 3.6 } ?? -1 }
}
