/// A walker's confirmed rhythm as walking evidence for the windows the classifier could not
/// call gait.
///
/// At 40–70 steps/min a 2.56 s window holds one or two steps: too few for the window's own step
/// count and autocorrelation, and a very slow walker's trunk moves so little (a low-passed |a|
/// spread of 0.01–0.03 g) that the spectral rule (rule 5b of ``FeatureRuleClassifier``) misses
/// many windows too. The windows of such a walk alternate between walking, stationary and "moderate
/// without gait" (driving, low), so the hysteresis never holds walking for its 5 s and the steps the
/// detector counts are not on foot. The step detector sees the whole stream: once it has confirmed a
/// bout (``StepDetector``'s remembered rhythm, ``StepDetectorConfiguration/Rhythm``), the windows that
/// end soon after its last confirmed step are that walk, with its pauses of a few seconds.
///
/// Two tiers (since 2026-12-04). **Slow** rhythms (a remembered step period of at least
/// `slowPeriod`, 70 steps/min and slower) reach `reach` (5.5 s) past their last confirmed step.
/// **Brisker** rhythms reach `latency` plus two periods, and never turn a window whose gravity
/// direction swings by more than `maximumSway`: short bouts at 80–105 steps/min between pauses (a
/// daily-activity trial on the lower back) also alternate walking and "moderate without gait", a
/// 2.56 s window catching too few of their steps, so without this tier Mobilise-D HA001 Test11's
/// bouts of 4–12 s were stationary (36.5 % of its walking time on foot, now 99.8 %).
///
/// The in-vehicle stage hears only the slowest part of it (``isOnFootForVehicleStage(at:rhythm:)``,
/// 50 steps/min and slower): at the evidence's own 70 steps/min a bus's sway in Bratislava's
/// MercedesBenz recording taught the detector a slow rhythm for minutes, and that bus lost its
/// ride (99.3 % → 69 % driving, 2.8 gated steps/min). Inside a ride every window is driving, so
/// the evidence never brings steps on foot there.
///
/// The evidence turns only the classifier's weakest non-gait results into walking (low
/// confidence): stationary, and driving with low confidence and no GPS speed above walking speed
/// (the rules' "moderate without gait"). It never overrides driving resting on a GPS speed or an
/// operating-system report, cycling, running, or unknown. docs/Accuracy.md ("Slow walkers' rhythm
/// as walking evidence", "Brisker walkers' rhythm and the hold to leave driving") gives the
/// measurements on every source.
@_spi(Testing) public struct WalkerRhythmEvidence: Sendable, Hashable {
    /// The shortest remembered step period (s) of the slow tier: 60/70 s (70 steps/min and
    /// slower). Below it the brisker tier's shorter reach and its sway gate apply.
    var slowPeriod = 60.0 / 70.0
    /// Remembered periods shorter than this (s), 200 steps/min, are no walk's: the evidence ignores
    /// them (the measurements below were taken with this floor).
    var shortestPeriod = 0.3
    /// A window is walking when the last confirmed step of a slow rhythm is at most this long
    /// before the window's end (s): the detector's latency (its ±2 s context) plus two of the
    /// slowest step periods (2 × 1.7 s: one missed step, or a pause of one step). Longer, and a
    /// walker who stops and stands keeps walking windows after the walk. It also caps the brisker
    /// tier's reach.
    var reach = 5.5
    /// The brisker tier's reach is this (s) plus two remembered step periods: the delay from a
    /// step to the detector's report of it (2.1–2.3 s measured on HA001 Test11, its ±2 s context
    /// and the low-pass) and a step or two the bout path admitted, which do not teach the rhythm.
    /// Measured on HA001 Test11: at 2.2 s plus 1.5 periods (3.1 s at 100 steps/min) the rhythm
    /// lapses inside its bouts and 53.5 % of its walking time is on foot, at 2.5 s plus two
    /// periods 99.8 %. What a longer reach costs: the windows after a walk ends (a walker who
    /// sits down) stay walking.
    var latency = 2.5
    /// The brisker tier never turns a window whose gravity direction (`acc_gravity_sway`, the 95th
    /// percentile angle from the window's mean, °) swings by more than this. What it protects
    /// against: a postural transition right after a walk, which the reach would carry into the
    /// walk. Measured on the windows the brisker tier turned (2026-12-04, every source of
    /// `walking_recognition.py`): GeoTec's pocket phones sitting down at the end of a
    /// timed-up-and-go (the thigh turns by up to 90°) sway a median 43° (10th percentile 16°), so
    /// without this gate GeoTec's seated time on foot rose 11 → 25 % and its gated steps while
    /// seated 1.00 → 2.00 per minute; walking windows of the lower back (Mobilise-D, Voisard),
    /// the Oxford phones and UCI HAPT sway a median 8–9° (90th percentile 11–15°). At 12°
    /// HA001 Test11 keeps only half of its gain (walking F1 by time 0.70 against 0.999 at 15°).
    /// Pockets swing more while walking (MotionSense 16–20°): there the brisker tier gives way.
    /// A window without gravity (NaN) is not gated.
    var maximumSway = 15.0
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

    /// `result`, or walking (low) when the detector's remembered rhythm is recent and `result` is
    /// one the evidence may turn (see the type's summary).
    ///
    /// - Parameters:
    ///   - result: The classifier's result for one window.
    ///   - rhythm: The step detector's remembered step period (s) and last confirmed step time (s),
    ///     `nil` before the first confirmed bout of a segment.
    ///   - sway: The window's `acc_gravity_sway` (°); NaN (the default) when unknown, which the
    ///     brisker tier's gate lets through.
    /// - Complexity: O(1).
    @_spi(Testing) public func adjusted(
        _ result: ActivityResult, rhythm: (period: Double, lastStep: Double)?, sway: Double = .nan
    ) -> ActivityResult {
        guard isWalking(at: result.end, rhythm: rhythm), let rhythm else { return result }
        if rhythm.period < slowPeriod && sway > maximumSway { return result }
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

    /// Whether the detector's last confirmed step is at most the rhythm's reach before `time` (s):
    /// `reach` for a slow rhythm (at least `slowPeriod`), `latency` plus two periods (at most
    /// `reach`) for a brisker one.
    ///
    /// - Complexity: O(1).
    func isWalking(at time: Double, rhythm: (period: Double, lastStep: Double)?) -> Bool {
        guard let rhythm, rhythm.period >= shortestPeriod else { return false }
        let reach = rhythm.period >= slowPeriod ? reach : min(reach, latency + 2 * rhythm.period)
        return time - rhythm.lastStep <= reach
    }
}
