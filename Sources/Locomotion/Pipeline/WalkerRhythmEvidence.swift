/// A slow walker's confirmed rhythm as walking evidence for the windows the classifier could not
/// call gait.
///
/// At 40–70 steps/min a 2.56 s window holds one or two steps: too few for the window's own step
/// count and autocorrelation, and a very slow walker's trunk moves so little (a low-passed |a|
/// spread of 0.01–0.03 g) that the spectral rule (rule 5b of ``FeatureRuleClassifier``) misses
/// many windows too. The windows of such a walk alternate between walking, stationary and "moderate
/// without gait" (driving, low), so the hysteresis never holds walking for its 5 s and the steps the
/// detector counts are not on foot. The step detector sees the whole stream: once it has confirmed a
/// bout at a slow step period (``StepDetector``'s remembered rhythm,
/// ``StepDetectorConfiguration/Rhythm``), the windows that end soon after its last confirmed step are
/// that walk, with its pauses of a few seconds.
///
/// The in-vehicle stage hears only the slowest part of it (``isOnFootForVehicleStage(at:rhythm:)``,
/// 50 steps/min and slower): at the evidence's own 70 steps/min a bus's sway in Bratislava's
/// MercedesBenz recording taught the detector a slow rhythm for minutes, and that bus lost its
/// ride (99.3 % → 69 % driving, 2.8 gated steps/min).
///
/// The evidence turns only the classifier's weakest non-gait results into walking (low
/// confidence): stationary, and driving with low confidence and no GPS speed above walking speed
/// (the rules' "moderate without gait"). It never overrides driving resting on a GPS speed or an
/// operating-system report, cycling, running, or unknown. docs/Accuracy.md ("Slow walkers' rhythm
/// as walking evidence") gives the measurements on every source.
@_spi(Testing) public struct WalkerRhythmEvidence: Sendable, Hashable {
    /// The slowest cadence the evidence serves is the detector's own (its longest step period);
    /// this is the fastest: a remembered step period of at least 60/70 s (70 steps/min and slower).
    /// Brisker walkers keep enough steps in a window for the classifier's own rules (walking
    /// windows of UCI HAPT, MotionSense, Voisard and the Oxford phones are 94–99 % on foot
    /// without it), so the evidence stays out of their way.
    var minimumPeriod = 60.0 / 70.0
    /// A window is walking when the last confirmed step of the slow rhythm is at most this long
    /// before the window's end (s): the detector's latency (its ±2 s context) plus two of the
    /// slowest step periods (2 × 1.7 s: one missed step, or a pause of one step). Longer, and a
    /// walker who stops and stands keeps walking windows after the walk.
    var reach = 5.5
    /// Above this GPS speed (m/s) no one is on foot: the rules' walking speed.
    var walkingSpeed = 2.2
    /// The shortest remembered step period (s) at which the rhythm counts as on foot for the
    /// in-vehicle stage (``isOnFootForVehicleStage(at:rhythm:)``): 1.2 s, 50 steps/min and slower.
    /// What it protects against: a vehicle's body bouncing on its suspension, which the detector
    /// can confirm as regular "steps". Bodies are tuned to about 1–1.5 Hz (periods of 0.67–1 s;
    /// below 1 Hz passengers get motion sickness), buses on air springs to about 1 Hz; on
    /// Bratislava's MercedesBenz bus the remembered period reaches 1.1 s at times (runs of 20–48
    /// "steps" at 0.7–1.1 s), and at 1.1 s the hint kept that bus out of its ride for 2.3 min.
    /// A walker at 40–50 steps/min steps every 1.2–1.5 s. docs/Accuracy.md ("Very slow walkers
    /// and the in-vehicle stage") measures it on every vehicle source.
    var vehicleStagePeriod = 1.2

    /// The evidence with the measured defaults above.
    @_spi(Testing) public init() {}

    /// `result`, or walking (low) when the detector's remembered rhythm is slow and recent and
    /// `result` is one the evidence may turn (see the type's summary).
    ///
    /// - Parameters:
    ///   - result: The classifier's result for one window.
    ///   - rhythm: The step detector's remembered step period (s) and last confirmed step time (s),
    ///     `nil` before the first confirmed bout of a segment.
    /// - Complexity: O(1).
    @_spi(Testing) public func adjusted(_ result: ActivityResult, rhythm: (period: Double, lastStep: Double)?)
        -> ActivityResult
    {
        guard isWalking(at: result.end, rhythm: rhythm) else { return result }
        if let speed = result.evidence.speed, speed > walkingSpeed { return result }
        switch (result.activity, result.confidence) {
        case (.stationary, _), (.driving, .low): break
        default: return result
        }
        var walking = result
        walking.activity = .walking
        walking.confidence = .low
        walking.probabilities = nil
        return walking
    }

    /// Whether the in-vehicle stage counts the evidence window ending at `time` (s) as on foot (its
    /// on-foot hint, `InVehicleStage.walkerOnFoot`): the detector's remembered rhythm is at least
    /// ``vehicleStagePeriod`` and its last confirmed step at most ``reach`` before `time`. A very
    /// slow walk has neither the vehicle evidence's gait periodicity (0.3–1.4 s lags) nor its
    /// vertical vibration (0.15 g), so without the hint 30 s of it read as a ride.
    ///
    /// - Complexity: O(1).
    @_spi(Testing) public func isOnFootForVehicleStage(at time: Double, rhythm: (period: Double, lastStep: Double)?)
        -> Bool
    {
        guard let rhythm else { return false }
        return rhythm.period >= vehicleStagePeriod && time - rhythm.lastStep <= reach
    }

    /// Whether the detector's remembered rhythm is slow (at least ``minimumPeriod``) and its last
    /// confirmed step at most ``reach`` before `time` (s).
    ///
    /// - Complexity: O(1).
    func isWalking(at time: Double, rhythm: (period: Double, lastStep: Double)?) -> Bool {
        guard let rhythm else { return false }
        return rhythm.period >= minimumPeriod && time - rhythm.lastStep <= reach
    }
}
