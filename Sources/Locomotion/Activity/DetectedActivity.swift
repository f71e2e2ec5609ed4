/// An activity as Android's Activity Recognition API reports it (`DetectedActivity`): a type and a
/// confidence of 0–100, the likelihood that the user is doing it.
public struct DetectedActivity: Sendable, Hashable, Codable {
    /// Android's activity types, with the integer constants of `DetectedActivity`.
    public enum Kind: Int, CaseIterable, Sendable, Hashable, Codable {
        /// `IN_VEHICLE`: in a vehicle, such as a car.
        case inVehicle = 0
        /// `ON_BICYCLE`: on a bicycle.
        case onBicycle = 1
        /// `ON_FOOT`: walking or running, undecided which.
        case onFoot = 2
        /// `STILL`: not moving.
        case still = 3
        /// `UNKNOWN`: unable to detect the activity.
        case unknown = 4
        /// `TILTING`: the device's angle to gravity changed markedly (picked up, or the user sat
        /// up); a change of posture, not a way of travelling.
        case tilting = 5
        /// `WALKING`: a sub-activity of `ON_FOOT`.
        case walking = 7
        /// `RUNNING`: a sub-activity of `ON_FOOT`.
        case running = 8

        /// Android's constant name (`IN_VEHICLE`, `ON_BICYCLE`, …).
        public var constantName: String {
            switch self {
            case .inVehicle: return "IN_VEHICLE"
            case .onBicycle: return "ON_BICYCLE"
            case .onFoot: return "ON_FOOT"
            case .still: return "STILL"
            case .unknown: return "UNKNOWN"
            case .tilting: return "TILTING"
            case .walking: return "WALKING"
            case .running: return "RUNNING"
            }
        }

        /// The kind for `activity`: walking → `WALKING`, running → `RUNNING`, cycling →
        /// `ON_BICYCLE`, driving → `IN_VEHICLE`, stationary → `STILL`, unknown → `UNKNOWN`.
        public init(_ activity: ActivityType) {
            switch activity {
            case .walking: self = .walking
            case .running: self = .running
            case .cycling: self = .onBicycle
            case .driving: self = .inVehicle
            case .stationary: self = .still
            case .unknown: self = .unknown
            }
        }

        /// Our activity for this kind. `ON_FOOT` becomes walking: it says only "walking or
        /// running", and walking is by far the commoner (Android reports `RUNNING` separately when
        /// it can tell). `TILTING` becomes unknown: a posture change says nothing about how the
        /// user travels, so it must not count as stationary or as motion.
        public var activity: ActivityType {
            switch self {
            case .inVehicle: return .driving
            case .onBicycle: return .cycling
            case .onFoot, .walking: return .walking
            case .running: return .running
            case .still: return .stationary
            case .unknown, .tilting: return .unknown
            }
        }
    }

    /// The activity type.
    public let kind: Kind
    /// The likelihood that the user is doing it, 0–100.
    public let confidence: Int

    /// Creates a detected activity.
    ///
    /// - Throws: ``LocomotionError/Code/invalidData`` when `confidence` is outside 0–100.
    public init(kind: Kind, confidence: Int) throws(LocomotionError) {
        guard (0...100).contains(confidence) else {
            throw LocomotionError(.invalidData, message: "a DetectedActivity confidence is 0–100, not \(confidence)")
        }
        self.kind = kind
        self.confidence = confidence
    }

    /// Our result for `activity` as Android would report it; the confidence becomes 30, 60 or 100
    /// (``Confidence/weight`` × 100).
    public init(_ activity: ActivityType, confidence: Confidence) {
        kind = Kind(activity)
        self.confidence = Int((confidence.weight * 100).rounded())
    }

    /// The confidence level: high from 75, medium from 50, low below. (Android documents 0–100
    /// as a likelihood; 75 and 50 are our cut points, chosen so that our own 30, 60 and 100 map
    /// back to low, medium and high.)
    public var level: Confidence {
        confidence >= 75 ? .high : confidence >= 50 ? .medium : .low
    }

    /// The most likely activity among `detections` (an `ActivityRecognitionResult`'s list),
    /// mapped to ours: the highest confidence wins; on a tie, the more specific kind (`WALKING`
    /// or `RUNNING` over `ON_FOOT`), then the lower constant. `nil` for an empty list.
    ///
    /// - Complexity: O(*n*).
    public static func mostProbable(in detections: [DetectedActivity]) -> (
        activity: ActivityType, confidence: Confidence
    )? {
        func rank(_ detection: DetectedActivity) -> (Int, Int, Int) {
            (detection.confidence, detection.kind == .onFoot ? 0 : 1, -detection.kind.rawValue)
        }
        guard let best = detections.max(by: { rank($0) < rank($1) }) else { return nil }
        return (best.kind.activity, best.level)
    }
}
