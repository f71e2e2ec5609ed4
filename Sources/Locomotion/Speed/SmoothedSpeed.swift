/// What a speed filter made of one ``LocationFix``: the raw speed, the estimate after the fix and
/// what was done with the fix.
public struct SmoothedSpeed: Sendable, Equatable, Hashable {
    /// What a filter did with a fix.
    ///
    /// The innovation in sigmas is `(z − ẑ)/√S`: the measured speed minus the predicted one, over
    /// the standard deviation of that difference (prediction and measurement noise together).
    /// Positive when the fix is faster than predicted.
    public enum Status: Sendable, Equatable, Hashable {
        /// The first valid fix: the filter started from it.
        case initialized
        /// A valid fix passed the gate and updated the estimate.
        case accepted(innovationSigmas: Double)
        /// As ``accepted(innovationSigmas:)``, for a fix whose `speedAccuracy` is at or above the
        /// noise limit: it moved the estimate in proportion to its (small) weight.
        case acceptedNoisy(innovationSigmas: Double)
        /// The fix was further from the prediction than the gate allows and was ignored as a
        /// multipath spike; the estimate is the prediction.
        case rejectedSpike(innovationSigmas: Double)
        /// The fix failed the gate after a run of rejections and restarted the filter at its speed:
        /// the speed really changed.
        case reinitialized(innovationSigmas: Double)
        /// The fix had no valid speed (`speed < 0` or `speedAccuracy < 0`); the estimate is the
        /// prediction to its time, with a larger standard deviation, or `nil` before the first valid fix.
        case invalid
        /// The fix is older than the previous one (`previousTime`, seconds); it was ignored and no
        /// estimate is given for it.
        case outOfOrder(previousTime: Double)
        /// The fix has the same time as the previous one; it was ignored (a repeated fix would count
        /// twice) and the estimate is the previous one.
        case duplicateTime

        /// The innovation in standard deviations, for the statuses that measured one.
        public var innovationSigmas: Double? {
            switch self {
            case .accepted(let sigmas), .acceptedNoisy(let sigmas), .rejectedSpike(let sigmas),
                .reinitialized(let sigmas):
                sigmas
            case .initialized, .invalid, .outOfOrder, .duplicateTime: nil
            }
        }

        /// Whether the fix's speed entered the estimate (started, updated or restarted it).
        public var usedMeasurement: Bool {
            switch self {
            case .initialized, .accepted, .acceptedNoisy, .reinitialized: true
            case .rejectedSpike, .invalid, .outOfOrder, .duplicateTime: false
            }
        }

        /// A stable lower-camel-case name (`"rejectedSpike"`), for tables and files.
        public var name: String {
            switch self {
            case .initialized: "initialized"
            case .accepted: "accepted"
            case .acceptedNoisy: "acceptedNoisy"
            case .rejectedSpike: "rejectedSpike"
            case .reinitialized: "reinitialized"
            case .invalid: "invalid"
            case .outOfOrder: "outOfOrder"
            case .duplicateTime: "duplicateTime"
            }
        }
    }

    /// The fix's time, seconds.
    public var time: Double
    /// The fix's speed in m/s (``LocationFix/validSpeed``), `nil` when the fix had no valid speed.
    public var rawSpeed: Double?
    /// The estimated speed in m/s at ``time``, never negative (the Gaussian estimate is clamped
    /// at 0; ``standardDeviation`` is the unclamped one's). `nil` before the first valid fix and
    /// for out-of-order fixes.
    public var speed: Double?
    /// The estimate's standard deviation in m/s: small right after accepted fixes, growing while
    /// fixes are invalid, missing or rejected. `nil` when ``speed`` is.
    public var standardDeviation: Double?
    /// The estimated acceleration in m/s² (constant-velocity model only; `nil` otherwise).
    public var acceleration: Double?
    /// What the filter did with the fix.
    public var status: Status

    /// Creates a result.
    public init(
        time: Double, rawSpeed: Double?, speed: Double?, standardDeviation: Double?, acceleration: Double?,
        status: Status
    ) {
        self.time = time
        self.rawSpeed = rawSpeed
        self.speed = speed
        self.standardDeviation = standardDeviation
        self.acceleration = acceleration
        self.status = status
    }
}
