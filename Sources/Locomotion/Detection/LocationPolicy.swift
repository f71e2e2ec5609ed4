/// How precisely to ask the GPS for fixes in each activity, as data a caller applies to its
/// location service: full-precision fixes cost 20–30 mA continuously, so a phone that knows it is
/// walking or still can ask for less.
public struct LocationPolicy: Sendable, Hashable, Codable {
    /// The accuracy class to request, as Core Location's `desiredAccuracy` constants name them.
    public enum Accuracy: String, Sendable, Hashable, Codable, CaseIterable {
        /// Full GNSS: needed for Doppler speed and navigation (`kCLLocationAccuracyBest`).
        case best
        /// About 10 m (`kCLLocationAccuracyNearestTenMeters`).
        case nearestTenMeters
        /// About 100 m (`kCLLocationAccuracyHundredMeters`).
        case hundredMeters
    }

    /// The accuracy to request.
    public var accuracy: Accuracy
    /// Metres the device must move before the next update (Core Location's `distanceFilter`).
    public var distanceFilter: Double

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - accuracy: The accuracy class.
    ///   - distanceFilter: Metres, finite and not negative.
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a bad distance.
    public init(accuracy: Accuracy, distanceFilter: Double) throws(LocomotionError) {
        try LocomotionError.requireNonNegative(distanceFilter, name: "distanceFilter", unit: "m")
        self.accuracy = accuracy
        self.distanceFilter = distanceFilter
    }

    private init(checked accuracy: Accuracy, _ distanceFilter: Double) {
        self.accuracy = accuracy
        self.distanceFilter = distanceFilter
    }

    /// The recommended policy for `activity`: driving best and 5 m (navigation needs it);
    /// cycling and running best and 5 m (speed from Doppler needs a full fix); walking 10 m and
    /// 10 m; stationary 100 m and 50 m (nothing moves: save the battery); unknown best and 2 m,
    /// the setting for detecting the activity in the first place (slow pedestrian movement still
    /// triggers updates).
    public static func recommended(for activity: ActivityType) -> LocationPolicy {
        switch activity {
        case .driving, .cycling, .running: return LocationPolicy(checked: .best, 5)
        case .walking: return LocationPolicy(checked: .nearestTenMeters, 10)
        case .stationary: return LocationPolicy(checked: .hundredMeters, 50)
        case .unknown: return LocationPolicy(checked: .best, 2)
        }
    }
}
