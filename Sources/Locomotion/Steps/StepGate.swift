/// The step detector's judgement of one candidate peak in its context: the single implementation
/// of the rules that ``StepDetector`` (a context of ±``StepDetectorConfiguration/contextHalfWidth``
/// around each peak) and ``WindowStepAnalyzer`` (the window is the context) both apply.
///
/// Each rule returns a ``Verdict``; a candidate's verdict is the lowest of them. Only strong
/// candidates confirm a run of the bout rule (``BoutRule``); weak ones join a confirmed run.
/// docs/Algorithms.md ("Step detection") gives the reasons and measurements behind each rule.
struct StepGate: Sendable {
    /// How a rule judges a candidate.
    enum Verdict: Int, Comparable {
        /// Not a step.
        case reject
        /// A step only inside a run that strong candidates confirm.
        case weak
        /// A step that may confirm a run.
        case strong

        static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    let amplitude: StepDetectorConfiguration.Amplitude
    let context: StepDetectorConfiguration.Context

    init(_ configuration: StepDetectorConfiguration) {
        amplitude = configuration.amplitude
        context = configuration.context
    }

    /// The weakest prominence, in g, that any context of standard deviation `spread` (g) admits:
    /// the cheap first test on a peak.
    @inline(__always)
    func weakestProminence(spread: Double) -> Double {
        max(amplitude.weakMinimumProminence, min(amplitude.relativeProminence, amplitude.weakProminence) * spread)
    }

    /// The amplitude rule: the peak's prominence (g) above an absolute floor and relative to the
    /// context's standard deviation (the spread, g), each at a strong and a weak level, and, for a
    /// strong candidate, a context that moves. The floors keep sensor noise, a phone at rest and a
    /// vehicle's small bumps from confirming bouts;
    /// the relative level keeps the second hump of one step, small against the step itself, from
    /// being a second step.
    @inline(__always)
    func judge(prominence: Double, spread: Double) -> Verdict {
        guard spread > 0 else { return .reject }
        if prominence >= amplitude.minimumProminence && prominence >= amplitude.relativeProminence * spread
            && spread >= amplitude.minimumSpread
        {
            return .strong
        }
        return prominence >= amplitude.weakMinimumProminence && prominence >= amplitude.weakProminence * spread
            ? .weak : .reject
    }

    /// The vibration rule: the standard deviation of the magnitude above the low-pass cutoff (the
    /// roughness, g) against the low-passed magnitude's (the spread, g). A vehicle shakes the phone
    /// at high frequencies and moves it little below 3 Hz; gait moves the body below 3 Hz. A
    /// context that moves vigorously below 3 Hz (``StepDetectorConfiguration/Context/vigorousSpread``)
    /// may be rougher: heel strikes carry high frequencies, and some sensors and walkers show them
    /// strongly.
    @inline(__always)
    func passesVibration(roughness: Double, spread: Double) -> Bool {
        roughness <= context.maximumRoughness * spread
            || (spread >= context.vigorousSpread && roughness <= context.vigorousRoughness * spread)
    }

    /// Whether the roughness matters at all (the vibration rule can reject: with an infinite
    /// ``StepDetectorConfiguration/Context/maximumRoughness`` every context passes), so callers
    /// may skip computing it.
    var checksVibration: Bool { context.maximumRoughness.isFinite }

    /// The periodicity rule: the context's highest normalised autocorrelation at a step period.
    @inline(__always)
    func judge(periodicity: Double) -> Verdict {
        if periodicity >= context.minimumRegularity { return .strong }
        return periodicity >= context.weakRegularity ? .weak : .reject
    }

    /// The lowest periodicity that can pass (the weak level).
    var weakestPeriodicity: Double { min(context.minimumRegularity, context.weakRegularity) }
}
