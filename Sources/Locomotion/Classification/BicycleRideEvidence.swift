/// A ride's pedalling as cycling evidence for the coasting between: the windows of a bicycle ride
/// that show no pedalling are still the ride.
///
/// A cyclist does not pedal all the time: they coast downhill, before a turn, up to a junction. A
/// coasting thigh does not turn (on HuGaDB's thigh sensors the windows the rules call "moderate
/// without gait" sway a median 3°, against 12° while pedalling, and 1 in 500 turns periodically),
/// and the bicycle's vibration through the saddle looks like a seat in a car: no window rule can
/// tell coasting from a ride in a vehicle, or from shifting on a chair. What tells it is the
/// pedalling around it. So a ride is confirmed by ``confirmingWindows`` windows called cycling that
/// end within ``reach`` seconds of each other; while the newest of them ended at most ``reach``
/// before a window, that window's weakest non-gait result — driving with low confidence (the rules'
/// "moderate without gait": no GPS speed above walking speed) or unknown with an acceleration
/// spread (the rules' "rough") — is cycling, with low confidence. Without the evidence, coasting
/// interrupts the ride every few seconds, the hysteresis never holds cycling for its 5 s, and the
/// in-vehicle stage turns the driving of a ride outside a vehicle into stationary.
///
/// It never overrides gait (walking or running), stationary, driving that rests on a GPS speed or
/// on a higher confidence, or a window whose data are missing; inside a vehicle the in-vehicle
/// stage still decides (every result there is driving). Looking back only, it gives the same
/// results for a whole recording, chunks and live events. docs/Accuracy.md ("A ride's coasting")
/// gives the measurements on every source.
///
/// Thread safety: a value type; use each instance from one thread at a time.
struct BicycleRideEvidence: Sendable, Hashable {
    /// The windows called cycling that confirm a ride: three 2.56 s windows (5 s of pedalling at the
    /// default hop). Two let the scattered false pedalling of walkers and passengers confirm rides
    /// (TMD, MotionSense, Bratislava; docs/Accuracy.md).
    static let confirmingWindows = 3
    /// How far (s) the confirming windows may lie apart, and how long after the newest of them a
    /// coasting window is still the ride. Measured on every source: at 17.5 s and more the false
    /// pedalling windows of TMD's walkers and Bratislava's buses start to confirm rides.
    static let reach = 15.0
    /// Above this GPS speed (m/s) a window is not turned: the rules' walking speed, above which
    /// their driving has a medium confidence anyway.
    static let walkingSpeed = 2.2

    /// The end times (s) of the newest ``confirmingWindows`` windows called cycling, oldest first.
    private var pedalling: [Double] = []

    /// No ride yet.
    init() { pedalling.reserveCapacity(Self.confirmingWindows) }

    /// Notes `result` (the classifier's result for the next window, in time order) and returns it,
    /// or cycling (low confidence) when it is a weak non-gait result inside a confirmed ride.
    ///
    /// - Complexity: O(1); no allocation.
    mutating func adjusted(_ result: ActivityResult) -> ActivityResult {
        if result.activity == .cycling {
            if pedalling.count == Self.confirmingWindows { pedalling.removeFirst() }
            pedalling.append(result.end)
            return result
        }
        guard isRiding(at: result.end) && Self.isCoasting(result) else { return result }
        return ActivityResult(
            activity: .cycling, confidence: .low, evidence: result.evidence, start: result.start, end: result.end)
    }

    /// Whether `result` is one the evidence may turn: driving with low confidence and no GPS speed
    /// above ``walkingSpeed``, or unknown with low confidence and an acceleration spread (rough, not
    /// missing data).
    static func isCoasting(_ result: ActivityResult) -> Bool {
        guard result.confidence == .low, !(result.evidence.speed.map { $0 > walkingSpeed } ?? false) else {
            return false
        }
        return result.activity == .driving
            || (result.activity == .unknown && result.evidence.accelerationVariance != nil)
    }

    /// Whether a ride is confirmed at `time` (s): ``confirmingWindows`` windows called cycling, the
    /// oldest of them ending at most ``reach`` before `time`.
    func isRiding(at time: Double) -> Bool {
        pedalling.count == Self.confirmingWindows && time - pedalling[0] <= Self.reach
    }
}
