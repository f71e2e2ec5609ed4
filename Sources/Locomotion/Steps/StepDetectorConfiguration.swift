import LocomotionDSP

/// The parameters of ``StepDetector`` and ``WindowStepAnalyzer``, in six groups: how candidate
/// peaks are found, how large they must be, what their context must look like, the bout rule, the
/// step time, and the walker's remembered rhythm. docs/Algorithms.md ("Step detection") gives the reasons for each default and
/// where it was measured.
public struct StepDetectorConfiguration: Sendable, Hashable, Codable {
    /// Where candidate peaks are.
    public struct Candidates: Sendable, Hashable, Codable {
        /// The low-pass cutoff applied to the acceleration magnitude, in Hz (2nd-order
        /// Butterworth); lowered to 0.4 × the sample rate for slow rates. Positive.
        public var lowPassCutoff: Double = 3
        /// The shortest time between two steps, in s (at most 4 steps/s): a candidate is the
        /// highest sample within this distance on either side. Positive, at most the context's
        /// half-width.
        public var minimumStepInterval: Double = 0.25
        /// Where the context has a clear step period *P*, a candidate must also be the highest
        /// sample within `stepPeriodSpacing × P` on either side, so the second hump of a slow step
        /// is not a candidate. Assumes the sensor sees left and right steps alike (the trunk); 0
        /// (off) by default, 0.5 in ``StepDetectorConfiguration/trunk``. In `0..<1`.
        public var stepPeriodSpacing: Double = 0

        /// The defaults.
        public init() {}
    }

    /// How large a candidate must be. The prominence of a peak is its height above the higher of
    /// the lowest points within ``prominenceWindow`` on either side.
    public struct Amplitude: Sendable, Hashable, Codable {
        /// The smallest prominence of a strong candidate, in g: a step that confirms a bout moves
        /// the body by at least this much (a walker at 0.2 m/s barely more: 0.05 g lost a third
        /// of the simulated slow-weak steps of Mobilise-D HA001). At least
        /// ``weakMinimumProminence``.
        public var minimumProminence: Double = 0.03
        /// The smallest prominence of any candidate, in g: sensor noise and a phone at rest stay
        /// below it. At least 0.
        public var weakMinimumProminence: Double = 0.02
        /// The prominence of a strong candidate, in standard deviations of its context's
        /// low-passed magnitude: relative to the recent signal, so it adapts to where the phone is
        /// carried. Finite.
        public var relativeProminence: Double = 1
        /// The prominence of a weak candidate, in the same standard deviations. Finite.
        public var weakProminence: Double = 0.4
        /// The standard deviation of a strong candidate's context (its low-passed magnitude), in
        /// g: the body moves, which a phone at rest (0.002–0.008 g) never makes it do. At 0.04 g it
        /// also kept most vehicle bumps out of the raw count (car candidates lie at 0.02–0.05 g),
        /// and half of a slow walker's steps (Mobilise-D HA001's simulated impaired and very slow
        /// variants); with the other slow-gait defaults (periodicity 0.3 then), 0.01 g gave 7.6 raw false steps per
        /// minute in the shared vehicles against 5.3 at 0.02 g (two strong candidates then), for
        /// the same F1 on every slow variant but one (impaired-s1: 0.861 against 0.835). At least 0.
        public var minimumSpread: Double = 0.02
        /// How far either side of a peak its prominence looks for the lowest point, in s.
        public var prominenceWindow: Double = 0.6

        /// The defaults.
        public init() {}
    }

    /// What a candidate's context (the ±``halfWidth`` around it) must look like.
    public struct Context: Sendable, Hashable, Codable {
        /// Half the context's length, in s; also the detector's latency. Positive, at most
        /// ``StepDetectorConfiguration/longestDuration``.
        public var halfWidth: Double = 2
        /// The step periods the periodicity rule looks at, in s (0.6–4 steps/s: down to a walker
        /// at 0.2 m/s and 40 steps/min, with room for step-to-step variability). Positive, ending
        /// at most at ``halfWidth``.
        public var stepPeriods: ClosedRange<Double> = 0.25...1.7
        /// The normalised autocorrelation a strong candidate's context reaches at some step period:
        /// gait repeats every step, fidgeting and road shocks do not. 0.3 would find more of the
        /// simulated impaired walkers' irregular steps (pauses, turns, ±15 % step times: F1 0.80 →
        /// 0.84 and 0.81 → 0.91) but made ten steps of a real pause between two bouts of
        /// Mobilise-D HA001 Test11 (110–115 s; 0.45 and above make none) and tripled UCI HAPT's
        /// raw still-row steps.
        public var minimumRegularity: Double = 0.5
        /// The autocorrelation a weak candidate's context reaches.
        public var weakRegularity: Double = 0.2
        /// The vibration rule: the standard deviation of the magnitude above the low-pass cutoff
        /// may be at most this multiple of the low-passed magnitude's. `.infinity` disables it.
        public var maximumRoughness: Double = 1.8
        /// A context whose low-passed magnitude varies by at least this standard deviation, in g,
        /// moves the body, not a vehicle: it may be rougher, up to ``vigorousRoughness``.
        public var vigorousSpread: Double = 0.08
        /// The vibration limit of a vigorous context (see ``vigorousSpread``).
        public var vigorousRoughness: Double = 3
        /// The posture rule (off by default): no step where the acceleration along gravity,
        /// averaged over the ±0.5 s around the candidate, falls more than this below 1 g, in g —
        /// the sensor turning by about 40° as the wearer sits down or bends. Needs the three
        /// axes; 0.25 in ``StepDetectorConfiguration/trunk``; `nil` disables it.
        public var maximumVerticalDeficit: Double? = nil

        /// The defaults.
        public init() {}
    }

    /// The bout rule: candidates count as steps only inside a run of regular intervals.
    public struct Bout: Sendable, Hashable, Codable {
        /// The candidates a run needs before its steps count. 1 disables the rule.
        public var minimumRunLength: Int = 4
        /// How many of them must be strong. At least 1; a value above ``minimumRunLength`` counts
        /// as ``minimumRunLength``.
        public var minimumStrongSteps: Int = 3
        /// The longest interval inside a run, in s (30 steps/min).
        public var maximumStepInterval: Double = 2
        /// The largest ratio between consecutive intervals inside a run. At least 1. Above 2 so
        /// that an asymmetric gait (a phone in a front trouser pocket, a limp: left and right
        /// steps alternating about 0.45 and 0.8 s) stays one run.
        public var maximumIntervalRatio: Double = 2.5
        /// A candidate after a confirmed run whose interval is longer than the ratio allows but at
        /// most this, in s, is the run's slower last step (the trailing foot brought alongside).
        /// 0 disables it. 1.5 s keeps the last step it was made for (Mobilise-D HA001 Test11,
        /// 50.85 s: 1.15 s after a 0.46 s interval). What the bound protects against (it was 2 s
        /// until 2026-12-04): the first step of a slow walker's next short bout, 1.5–2 s after a
        /// pause, taken as the last bout's closing step, which leaves the new bout's run to start
        /// after it and its remaining two or three steps unconfirmed (slowed HA001 Test11 with
        /// `slow_gait.py --regular-steps`: impaired-s2 107.6–109.8 s, impaired-s1 50.4–52.7 s).
        /// Measured in docs/Accuracy.md ("A short bout at the walker's rhythm"): those proxies'
        /// pooled counts −13 → −9 % and −9 → −5 %, one fewer raw step in two vehicle recordings,
        /// HA001, Voisard and Oxford unchanged inside their bouts.
        public var closingStepInterval: Double = 1.5

        /// The defaults.
        public init() {}
    }

    /// Where in a step its time is put.
    public struct Timing: Sendable, Hashable, Codable {
        /// Where the initial contact (heel strike) is looked for, relative to the delay-corrected
        /// magnitude peak, in s: the sample where the vertical acceleration rises fastest. Only
        /// with three axes; `nil` or an empty range keeps the peak time. Each bound, widened by 4 ×
        /// ``initialContactSmoothing``, lies within ±``Context/halfWidth``.
        public var initialContactSearch: ClosedRange<Double>? = -0.25...0.1
        /// The standard deviation of the Gaussian whose derivative differentiates the vertical
        /// acceleration, in s. Below 1 / this rate (25 Hz) the peak time is kept.
        public var initialContactSmoothing: Double = 0.04
        /// Where the context has a clear step period *P* (its autocorrelation at *P* reaches
        /// ``Context/minimumRegularity``), the search also reaches `initialContactStepFraction × P`
        /// before the peak when that is earlier than ``initialContactSearch``'s lower bound: a slow
        /// walker's loading response, and with it the magnitude peak, lasts longer after the heel
        /// strike. 0 disables it. In `0..<1`; `initialContactStepFraction` ×
        /// ``Context/stepPeriods``'s upper bound, widened by 4 × ``initialContactSmoothing``, lies
        /// within ``Context/halfWidth``.
        public var initialContactStepFraction: Double = 0.3

        /// The defaults.
        public init() {}

        /// Decodes the timing; a missing ``initialContactStepFraction`` (a configuration encoded
        /// before it existed) takes its default.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            initialContactSearch = try container.decodeIfPresent(
                ClosedRange<Double>.self, forKey: .initialContactSearch)
            initialContactSmoothing = try container.decode(Double.self, forKey: .initialContactSmoothing)
            initialContactStepFraction =
                try container.decodeIfPresent(Double.self, forKey: .initialContactStepFraction) ?? 0.3
        }
    }

    /// The walker's rhythm: what the detector remembers of the walker's own recent steps, and how
    /// it relaxes the periodicity and bout rules for candidates that keep that rhythm.
    ///
    /// Gait bouts are found by periodicity first (the context rule, the bout rule); once a bout is
    /// confirmed, its step period is remembered for ``memory`` seconds after its last step. A
    /// candidate whose context repeats *at the remembered step period* (within
    /// ``periodTolerance``) by ``matchedRegularity`` is as periodic as a strong candidate needs;
    /// a run whose every interval keeps the remembered period needs only ``matchedRunLength``
    /// candidates of which ``matchedStrongSteps`` strong (three, one strong). A slow walker's short bouts between
    /// pauses (3–6 steps at 40–50 steps/min, 2.5–8 s) hold too few strong candidates in contexts
    /// periodic enough at *some* lag for the fixed rules; the same walker's rhythm, measured on
    /// their own last bout, identifies them. Nothing is relaxed before the detector has seen the
    /// walker walk (a ride, a phone at rest), and the amplitude rule (relative to the context's
    /// spread) is unchanged. docs/Accuracy.md ("The walker's rhythm") gives the measurements.
    public struct Rhythm: Sendable, Hashable, Codable {
        /// How long the step period of the last confirmed bout is remembered after its last step,
        /// in s; 0 disables the rhythm rules. At least 0, at most
        /// ``StepDetectorConfiguration/longestDuration``. 30 s spans the pauses between the bouts of
        /// a walker's daily activities (Mobilise-D HA001 Test11: 3–26 s) and is shorter than
        /// getting into a vehicle and starting to ride.
        public var memory: Double = 30
        /// The rhythm rules serve walkers whose remembered step period is at least this, in s (60
        /// steps/min and slower): there the ±2 s context holds four steps or fewer, too few for the
        /// context's periodicity, and a short bout of three or four steps lasts 3–5 s. At brisker
        /// periods the fixed rules see enough steps; relaxing them there made ten steps of a real
        /// pause of Mobilise-D HA001 Test11 (110–115 s, step-like movements at 0.4–0.9 s after a
        /// bout at 0.68 s). Positive.
        public var minimumPeriod: Double = 1
        /// An interval (or an autocorrelation lag) keeps the remembered step period *P* when it lies
        /// within `P × (1 ± periodTolerance)`. In `0..<1`. Step-to-step variability of impaired gait
        /// is ±15 % (a limp, a front pocket: alternating intervals around their mean by up to ±30 %).
        public var periodTolerance: Double = 0.3
        /// The normalised autocorrelation at the remembered step period (within the tolerance) that
        /// makes a context periodic enough for a strong candidate. Finite; above the context rule's
        /// ``Context/minimumRegularity`` it has no effect.
        public var matchedRegularity: Double = 0.3
        /// The candidates a run keeping the remembered period needs before its steps count. At least
        /// 2 (one interval to compare).
        public var matchedRunLength: Int = 3
        /// How many of them must be strong. At least 1. One: the run's own rhythm (every interval
        /// within ``periodTolerance`` of the walker's remembered slow period) is the evidence, and
        /// a very slow walker's short bout often has one candidate clearly above the fixed
        /// amplitude or periodicity levels and two just under them. What the one strong candidate
        /// still protects against: a run of small wobbles at the walker's rhythm (a shuffle while
        /// standing) with nothing a step's size among them. Measured (docs/Accuracy.md, "A short
        /// bout at the walker's rhythm"): the slowed Mobilise-D veryslow walker's pooled count
        /// −15 → −12 %, the harder veryslow-irregular −17 → −10 %; every other row of the
        /// side-by-side table (healthy HA001, the other slowed variants, Voisard, Oxford, gaitmap,
        /// GaitPy, UCI HAPT still rows, every vehicle recording, Daphnet) and every gated count the
        /// same as with 2.
        public var matchedStrongSteps: Int = 1

        /// The defaults.
        public init() {}
    }

    /// Where candidate peaks are.
    public var candidates = Candidates()
    /// How large candidates must be.
    public var amplitude = Amplitude()
    /// What a candidate's context must look like.
    public var context = Context()
    /// The bout rule.
    public var bout = Bout()
    /// Where a step's time is put.
    public var timing = Timing()
    /// The walker's rhythm (only ``StepDetector`` remembers it; ``WindowStepAnalyzer`` judges each
    /// window alone).
    public var rhythm = Rhythm()
    /// The gait bout found by periodicity, inside which steps are judged relative to the bout
    /// (only ``StepDetector`` tracks it).
    public var gaitBout = GaitBout()
    /// Intervals longer than this (s) are gaps that end a segment; `nil` means 5 nominal sample
    /// intervals, at least 0.1 s (as ``Recording/samplingAnalysis(maximumGap:)``).
    public var maximumGap: Double? = nil

    /// The defaults.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case candidates, amplitude, context, bout, timing, rhythm, gaitBout, maximumGap
    }

    /// Decodes a configuration; a missing ``rhythm`` or ``gaitBout`` (a configuration encoded
    /// before it existed) takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        candidates = try container.decode(Candidates.self, forKey: .candidates)
        amplitude = try container.decode(Amplitude.self, forKey: .amplitude)
        context = try container.decode(Context.self, forKey: .context)
        bout = try container.decode(Bout.self, forKey: .bout)
        timing = try container.decode(Timing.self, forKey: .timing)
        rhythm = try container.decodeIfPresent(Rhythm.self, forKey: .rhythm) ?? Rhythm()
        gaitBout = try container.decodeIfPresent(GaitBout.self, forKey: .gaitBout) ?? GaitBout()
        maximumGap = try container.decodeIfPresent(Double.self, forKey: .maximumGap)
    }

    /// The step rules the activity evidence reads in each feature window
    /// (``WindowStepAnalyzer``'s default): the defaults before slow gait was admitted (strong
    /// prominence 0.05 g, spread 0.04 g, periodicity 0.5 over step periods of 0.25–1.25 s, four
    /// strong candidates within 1.6 s of each other at a ratio of at most 2, no period-scaled
    /// initial-contact search). A window's steps decide whether it is walking; these stricter rules
    /// keep a vehicle's bumps from making walking windows (docs/Algorithms.md, "Step detection").
    public static var activityWindow: StepDetectorConfiguration {
        var configuration = StepDetectorConfiguration()
        configuration.amplitude.minimumProminence = 0.05
        configuration.amplitude.weakMinimumProminence = 0.03
        configuration.amplitude.minimumSpread = 0.04
        configuration.context.stepPeriods = 0.25...1.25
        configuration.context.minimumRegularity = 0.5
        configuration.bout.minimumStrongSteps = 4
        configuration.bout.maximumStepInterval = 1.6
        configuration.bout.maximumIntervalRatio = 2
        configuration.bout.closingStepInterval = 1.6
        configuration.timing.initialContactStepFraction = 0
        configuration.rhythm.memory = 0
        configuration.gaitBout.window = 0
        return configuration
    }

    /// The defaults for a sensor worn on the trunk (lower back, belt, waist) through daily
    /// activities: the posture rule at 0.25 g (``Context/maximumVerticalDeficit``), so sitting
    /// down and bending are not steps, and candidates spaced by half the step period
    /// (``Candidates/stepPeriodSpacing``).
    public static var trunk: StepDetectorConfiguration {
        var configuration = StepDetectorConfiguration()
        configuration.context.maximumVerticalDeficit = 0.25
        configuration.candidates.stepPeriodSpacing = 0.5
        return configuration
    }
}

extension StepDetectorConfiguration {
    /// The longest duration, in s, of the parameters that size the detector's buffers (the
    /// context, the step periods, the prominence window, the step interval, the smoothing): a
    /// minute, thirty times the default context.
    public static let longestDuration: Double = 60

    /// The largest ``Bout/minimumRunLength``: the detector holds up to four times as many
    /// candidates.
    public static let largestRunLength = 10_000

    /// Checks that the parameters can drive a ``StepDetector``; the first one out of range is
    /// named in the error.
    ///
    /// - Throws: `LocomotionError.invalidParameter` naming the parameter and its requirement.
    /// - Complexity: O(1).
    public func validate() throws(LocomotionError) {
        func requireDuration(_ name: String, _ value: Double) throws(LocomotionError) {
            try LocomotionError.require(
                name, value, value > 0 && value <= Self.longestDuration,
                "it must be positive and at most \(Self.longestDuration) (s)")
        }
        let (k, a, c, b, t) = (candidates, amplitude, context, bout, timing)
        try LocomotionError.requirePositive(k.lowPassCutoff, name: "candidates.lowPassCutoff", unit: "Hz")
        try requireDuration("context.halfWidth", c.halfWidth)
        try LocomotionError.require(
            "candidates.minimumStepInterval", k.minimumStepInterval,
            k.minimumStepInterval > 0 && k.minimumStepInterval <= c.halfWidth,
            "it must be positive and at most context.halfWidth (\(c.halfWidth) s)")
        try LocomotionError.require(
            "candidates.stepPeriodSpacing", k.stepPeriodSpacing, (0..<1).contains(k.stepPeriodSpacing),
            "it must be in 0..<1")
        try LocomotionError.requireNonNegative(
            a.weakMinimumProminence, name: "amplitude.weakMinimumProminence", unit: "g")
        try LocomotionError.require(
            "amplitude.minimumProminence", a.minimumProminence,
            a.minimumProminence >= a.weakMinimumProminence && a.minimumProminence.isFinite,
            "it must be finite and at least amplitude.weakMinimumProminence (\(a.weakMinimumProminence) g)")
        try LocomotionError.requireNonNegative(a.minimumSpread, name: "amplitude.minimumSpread", unit: "g")
        try LocomotionError.requireFinite(a.relativeProminence, name: "amplitude.relativeProminence")
        try LocomotionError.requireFinite(a.weakProminence, name: "amplitude.weakProminence")
        try requireDuration("amplitude.prominenceWindow", a.prominenceWindow)
        try LocomotionError.require(
            "context.stepPeriods", c.stepPeriods,
            c.stepPeriods.lowerBound > 0 && c.stepPeriods.upperBound <= c.halfWidth,
            "it must be positive and end at most at context.halfWidth (\(c.halfWidth) s)")
        try LocomotionError.requireFinite(c.minimumRegularity, name: "context.minimumRegularity")
        try LocomotionError.requireFinite(c.weakRegularity, name: "context.weakRegularity")
        try LocomotionError.require(
            "context.maximumRoughness", c.maximumRoughness, !c.maximumRoughness.isNaN, "it must be a number")
        try LocomotionError.require(
            "context.vigorousSpread", c.vigorousSpread, !c.vigorousSpread.isNaN, "it must be a number (g)")
        try LocomotionError.require(
            "context.vigorousRoughness", c.vigorousRoughness, !c.vigorousRoughness.isNaN, "it must be a number")
        try LocomotionError.require(
            "context.maximumVerticalDeficit", c.maximumVerticalDeficit, !(c.maximumVerticalDeficit?.isNaN ?? false),
            "it must be a number or nil")
        try LocomotionError.require(
            "bout.minimumRunLength", b.minimumRunLength, (1...Self.largestRunLength).contains(b.minimumRunLength),
            "it must be in 1...\(Self.largestRunLength)")
        try LocomotionError.require(b.minimumStrongSteps, atLeast: 1, name: "bout.minimumStrongSteps")
        try LocomotionError.require(
            "bout.maximumStepInterval", b.maximumStepInterval, b.maximumStepInterval > 0, "it must be positive (s)")
        try LocomotionError.require(
            "bout.maximumIntervalRatio", b.maximumIntervalRatio, b.maximumIntervalRatio >= 1, "it must be at least 1")
        try LocomotionError.require(
            "bout.closingStepInterval", b.closingStepInterval, b.closingStepInterval >= 0, "it must be at least 0 (s)")
        try requireDuration("timing.initialContactSmoothing", t.initialContactSmoothing)
        try LocomotionError.require(
            "timing.initialContactSearch", t.initialContactSearch,
            t.initialContactSearch.map {
                $0.lowerBound.isFinite && $0.upperBound.isFinite
                    && max(-$0.lowerBound, $0.upperBound) + 4 * t.initialContactSmoothing <= c.halfWidth
            } ?? true,
            "it must be finite and, widened by 4 × timing.initialContactSmoothing, lie within ±context.halfWidth (\(c.halfWidth) s)"
        )
        try LocomotionError.require(
            "timing.initialContactStepFraction", t.initialContactStepFraction,
            (0..<1).contains(t.initialContactStepFraction)
                && t.initialContactStepFraction * c.stepPeriods.upperBound + 4 * t.initialContactSmoothing
                    <= c.halfWidth,
            "it must be in 0..<1 and, times context.stepPeriods' upper bound and widened by 4 × timing.initialContactSmoothing, at most context.halfWidth (\(c.halfWidth) s)"
        )
        let r = rhythm
        try LocomotionError.require(
            "rhythm.memory", r.memory, r.memory >= 0 && r.memory <= Self.longestDuration,
            "it must be in 0...\(Self.longestDuration) (s)")
        try LocomotionError.require(
            "rhythm.minimumPeriod", r.minimumPeriod, r.minimumPeriod > 0 && r.minimumPeriod.isFinite,
            "it must be positive (s)")
        try LocomotionError.require(
            "rhythm.periodTolerance", r.periodTolerance, (0..<1).contains(r.periodTolerance), "it must be in 0..<1")
        try LocomotionError.requireFinite(r.matchedRegularity, name: "rhythm.matchedRegularity")
        try LocomotionError.require(
            "rhythm.matchedRunLength", r.matchedRunLength,
            (2...Self.largestRunLength).contains(r.matchedRunLength), "it must be in 2...\(Self.largestRunLength)")
        try LocomotionError.require(r.matchedStrongSteps, atLeast: 1, name: "rhythm.matchedStrongSteps")
        let g = gaitBout
        try LocomotionError.require(
            "gaitBout.periods", g.periods,
            g.periods.lowerBound > 0 && g.periods.upperBound.isFinite,
            "it must be finite and positive (s)")
        try LocomotionError.require(
            "gaitBout.window", g.window,
            g.window == 0 || (g.window >= 2 * g.periods.upperBound && g.window <= Self.longestDuration),
            "it must be 0 (off) or at least twice gaitBout.periods' upper bound and at most \(Self.longestDuration) (s)"
        )
        try LocomotionError.requireFinite(g.regularity, name: "gaitBout.regularity")
        try LocomotionError.requireNonNegative(g.shortestPeriod, name: "gaitBout.shortestPeriod", unit: "s")
        try LocomotionError.require(
            "gaitBout.energyFraction", g.energyFraction,
            g.energyFraction >= 0 && g.energyFraction.isFinite, "it must be finite and at least 0")
        try LocomotionError.require(
            "gaitBout.prominenceFloor", g.prominenceFloor,
            g.prominenceFloor > 0 && g.prominenceFloor.isFinite, "it must be finite and positive (g)")
        try LocomotionError.require(
            "gaitBout.horizontalMotion", g.horizontalMotion,
            g.horizontalMotion >= 0 && g.horizontalMotion.isFinite, "it must be finite and at least 0")
        try LocomotionError.require(g.fillSteps, in: 0...8, name: "gaitBout.fillSteps")
        try LocomotionError.require(
            "gaitBout.fillFraction", g.fillFraction,
            g.fillFraction >= 0 && g.fillFraction.isFinite, "it must be finite and at least 0")
        try LocomotionError.require(
            "gaitBout.echoSteps", g.echoSteps, g.echoSteps == 0 || (2...8).contains(g.echoSteps),
            "it must be 0 (off) or in 2...8")
        try LocomotionError.require(
            "gaitBout.echoFraction", g.echoFraction,
            g.echoFraction >= 0 && g.echoFraction.isFinite, "it must be finite and at least 0")
        try LocomotionError.require(
            "gaitBout.echoMemory", g.echoMemory, g.echoMemory >= 0 && g.echoMemory <= Self.longestDuration,
            "it must be in 0...\(Self.longestDuration) (s)")
        try LocomotionError.require(
            "maximumGap", maximumGap, maximumGap.map { $0 > 0 } ?? true, "it must be positive (s) or nil")
    }

    /// The detector's low-pass filter at `sampleRate` (2nd-order Butterworth at
    /// ``lowPassCutoff``, at most 0.4 × the rate), after checking that these parameters and the
    /// rate can drive a ``StepDetector`` (``validate()``).
    ///
    /// - Throws: `LocomotionError.invalidParameter` for a rate outside
    ///   ``Recording/gaitSampleRates`` (10–1000 Hz) or a parameter out of range.
    func lowPassFilter(sampleRate: Double) throws(LocomotionError) -> SecondOrderSections {
        try Recording.requireGaitSampleRate(sampleRate, purpose: "step detection")
        try validate()
        do {
            return try Butterworth.design(
                order: 2, band: .lowPass(cutoff: min(candidates.lowPassCutoff, 0.4 * sampleRate)),
                sampleRate: sampleRate)
        } catch {
            throw .signalProcessing(error)
        }
    }
}
