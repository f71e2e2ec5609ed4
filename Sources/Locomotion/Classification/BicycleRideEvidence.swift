import Foundation

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
/// A longer coast is the ride while the rider keeps the riding posture: fed the acceleration
/// samples (``add(x:y:z:)``), the evidence knows the direction of gravity in the phone's frame over
/// each window's newest hop. Seated on a saddle, the thigh (and a phone in a trouser pocket) is
/// inclined and holds that inclination while coasting; standing astride or getting off, the thigh
/// turns upright, tens of degrees away. So once ``confirmingWindows`` consecutive windows were
/// called cycling (scattered false pedalling windows of walkers and passengers come one or two at a
/// time), up to ``postureReach`` after the newest pedalling window, a coasting window whose gravity
/// direction lies within ``postureTolerance`` of the direction of the newest pedalling windows is
/// the ride too, until a still window or one off
/// that posture ends the hold (a rough window off it does not: out of the saddle, the rider's thigh
/// stands more upright while the ride goes on). Without gravity in the samples (linear
/// acceleration) only ``reach`` applies.
///
/// A pedalling thigh can read as gait: its rhythm at 1.2–1.7 strokes per second lands in the
/// rules' walking cadence, without a step the detector counts. Such a window — walking without a
/// detected step — is the ride too when it keeps the riding posture inside a confirmed ride: a
/// walker's thigh hangs near the vertical, a seated rider's is inclined towards the handlebar, so a
/// walk after getting off leaves the posture and stays walking.
///
/// It never overrides steps, running, stationary, driving that rests on a GPS speed or
/// on a higher confidence, or a window whose data are missing; inside a vehicle the in-vehicle
/// stage still decides (every result there is driving). Looking back only, it gives the same
/// results for a whole recording, chunks and live events. docs/Accuracy.md ("A ride's coasting"
/// and "A coast held in the riding posture") gives the measurements on every source.
///
/// Thread safety: a value type; use each instance from one thread at a time.
@_spi(Testing) public struct BicycleRideEvidence: Sendable, Hashable {
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

    /// How long (s) after the newest window called cycling a coasting window held in the riding
    /// posture is still the ride: twice ``reach``. On HuGaDB's thigh sensors the coasting the 15 s
    /// reach misses ends within 30 s of the newest pedalling in 228 of its 233 windows.
    static let postureReach = 30.0
    /// How far (°) a coasting window's gravity direction may lie from the ride's posture: about
    /// the thigh's own swing while pedalling (a sway of 12°, docs/Accuracy.md), so a coast with the
    /// crank anywhere keeps it; getting off turns the thigh upright, 20° and more away (on HuGaDB
    /// every still window after a ride lies more than 20° from its posture).
    static let postureTolerance = 15.0
    /// The least mean acceleration (g) over a hop whose direction is read as gravity's; below it
    /// (linear acceleration, free fall) the window has no posture.
    static let minimumGravity = 0.5

    /// The end times (s) of the newest ``confirmingWindows`` windows called cycling, oldest first.
    private var pedalling: [Double] = []
    /// The gravity direction (unit vector) of each of the newest windows called cycling, `nil`
    /// where the window had none; parallel to `pedalling`.
    private var postures: [SIMD3<Double>?] = []
    /// Whether a run of ``confirmingWindows`` consecutive windows called cycling started a hold, and
    /// every window since kept the riding posture and none was still.
    private var holdsPosture = false
    /// How many windows in a row, up to the newest, the classifier called cycling.
    private var consecutiveCycling = 0
    /// Whether the samples carry gravity (the posture is read only then).
    private let readsPosture: Bool
    /// The acceleration summed since the previous window, and how many samples.
    private var sum = SIMD3<Double>(repeating: 0)
    private var sampleCount = 0

    /// No ride yet.
    ///
    /// - Parameter readsPosture: Whether the samples given to ``add(x:y:z:)`` include gravity, so
    ///   that their mean is gravity's direction; `false` keeps only ``reach``.
    @_spi(Testing) public init(readsPosture: Bool = true) {
        self.readsPosture = readsPosture
        pedalling.reserveCapacity(Self.confirmingWindows)
        postures.reserveCapacity(Self.confirmingWindows)
    }

    /// Adds one acceleration sample (g, the phone's axes, gravity included) to the newest hop.
    ///
    /// - Complexity: O(1); no allocation.
    @_spi(Testing) public mutating func add(x: Double, y: Double, z: Double) {
        sum += SIMD3(x, y, z)
        sampleCount += 1
    }

    /// The gravity direction over the samples added since the previous call (unit vector), or
    /// `nil` without gravity, samples or a finite mean; starts the next hop.
    private mutating func takePosture() -> SIMD3<Double>? {
        defer { (sum, sampleCount) = (SIMD3(repeating: 0), 0) }
        guard readsPosture, sampleCount > 0 else { return nil }
        let mean = sum / Double(sampleCount)
        let norm = (mean * mean).sum().squareRoot()
        guard norm.isFinite, norm >= Self.minimumGravity else { return nil }
        return mean / norm
    }

    /// The riding posture: the mean direction of the confirming windows, `nil` unless each had one.
    private var ridePosture: SIMD3<Double>? {
        guard postures.count == Self.confirmingWindows else { return nil }
        var total = SIMD3<Double>(repeating: 0)
        for posture in postures {
            guard let posture else { return nil }
            total += posture
        }
        let norm = (total * total).sum().squareRoot()
        return norm > 0 ? total / norm : nil
    }

    /// The angle (°) between two unit vectors.
    static func degrees(between a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        acos(min(1, max(-1, (a * b).sum()))) * 180 / .pi
    }

    /// Notes `result` (the classifier's result for the next window, in time order) and returns it,
    /// or cycling (low confidence) when it is a weak non-gait result inside a confirmed ride.
    ///
    /// - Complexity: O(1); no allocation.
    @_spi(Testing) public mutating func adjusted(_ result: ActivityResult) -> ActivityResult {
        let posture = takePosture()
        if result.activity == .cycling {
            if pedalling.count == Self.confirmingWindows {
                pedalling.removeFirst()
                postures.removeFirst()
            }
            pedalling.append(result.end)
            postures.append(posture)
            consecutiveCycling += 1
            if consecutiveCycling >= Self.confirmingWindows { holdsPosture = true }
            return result
        }
        consecutiveCycling = 0
        let keepsPosture: Bool
        if let posture, let ride = ridePosture {
            keepsPosture = Self.degrees(between: posture, ride) <= Self.postureTolerance
        } else {
            keepsPosture = false
        }
        // Rough windows (an acceleration spread without rhythm) off the posture are a rider out of
        // the saddle on the pedals, not one who got off: they do not end the hold (nor are they
        // turned by it).
        let rough = result.activity == .unknown && result.evidence.accelerationVariance != nil
        if (!keepsPosture && !rough) || result.activity == .stationary { holdsPosture = false }
        if Self.isStepless(result) {
            // A rhythm without steps in the riding posture: a pedalling thigh the rules read as gait.
            guard keepsPosture, isRiding(at: result.end) || isHoldingPosture(at: result.end) else { return result }
        } else {
            guard Self.isCoasting(result) else { return result }
            guard isRiding(at: result.end) || (keepsPosture && isHoldingPosture(at: result.end)) else { return result }
        }
        return ActivityResult(
            activity: .cycling, confidence: .low, evidence: result.evidence, start: result.start, end: result.end)
    }

    /// Whether a confirmed ride's coast in the riding posture still stands at `time` (s): every
    /// window since the newest pedalling one kept the posture, the newest at most ``postureReach``
    /// before `time`.
    private func isHoldingPosture(at time: Double) -> Bool {
        holdsPosture && pedalling.count == Self.confirmingWindows
            && time - pedalling[Self.confirmingWindows - 1] <= Self.postureReach
    }

    /// Whether `result` is walking without a detected step (cadence 0): a periodic window, a slow
    /// gait or a walker's rhythm, never a window the step detector counted.
    static func isStepless(_ result: ActivityResult) -> Bool {
        result.activity == .walking && result.confidence != .high && result.evidence.cadence == 0
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
    @_spi(Testing) public func isRiding(at time: Double) -> Bool {
        pedalling.count == Self.confirmingWindows && time - pedalling[0] <= Self.reach
    }
}
