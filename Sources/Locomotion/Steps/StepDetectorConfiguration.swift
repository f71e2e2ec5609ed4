import LocomotionDSP

/// The parameters of ``StepDetector``; the defaults are the tuned values documented, with the
/// reasons for each, in docs/Algorithms.md ("Step detection").
public struct StepDetectorConfiguration: Sendable, Hashable, Codable {
    /// The low-pass cutoff applied to the acceleration magnitude, in Hz (2nd-order Butterworth).
    /// 3 Hz keeps the step fundamental (≤ 2.5 Hz when walking) and removes engine and road
    /// vibration. Lowered to 0.4 × the sample rate for slow rates.
    public var lowPassCutoff: Double = 3
    /// The shortest time between two steps, in s: 0.25 s, at most 4 steps/s (seed §5.2).
    public var minimumStepInterval: Double = 0.25
    /// The candidate spacing of a periodic context, as a fraction of its step period: where the
    /// context's normalised autocorrelation has a clear step lag *P* (the step lag of
    /// ``GaitRegularity``'s rules among ``stepPeriods``, where the autocorrelation reaches
    /// ``minimumRegularity``), a candidate must also be the highest sample within
    /// `stepPeriodSpacing × P` on either side (never less than ``minimumStepInterval``), so a
    /// second hump inside one slow step is not a candidate. The bout rule keeps consecutive
    /// intervals within a factor ``maximumIntervalRatio`` (2), so inside a run the shorter step of
    /// a stride is at least 2/3 of *P*: 0.5 leaves a margin. It assumes that the sensor sees the
    /// left and right steps alike, as on the trunk; a foot sensor's clearest period is the stride,
    /// and half its steps would go. 0 (off) by default; 0.5 in ``trunk`` (docs/Accuracy.md,
    /// "Robustness to slower and weaker gait"). At least 0 and less than 1.
    public var stepPeriodSpacing: Double = 0
    /// Half the length of the context each candidate peak is judged in, in s: the peak must
    /// stand out against the ±`contextHalfWidth` around it. Also the detector's latency, plus
    /// the time a new bout needs to be confirmed (see ``minimumRunLength``).
    public var contextHalfWidth: Double = 2
    /// A peak's prominence (its height above the higher of the lowest points within
    /// ``prominenceWindow`` on either side) must reach this many of the context's standard
    /// deviations: an amplitude rule relative to the recent signal, so it adapts to where the
    /// phone is carried (a waist phone's steps are 0.2 g, a lower-back sensor's in a slow walk
    /// 0.05 g).
    public var relativeProminence: Double = 1
    /// How far either side of a peak its prominence looks for the lowest point, in s.
    public var prominenceWindow: Double = 0.6
    /// The stillness gate: no step while the context's standard deviation of the low-passed
    /// magnitude is below this, in g.
    public var minimumSpread: Double = 0.04
    /// The periodicity gate: no step unless the context's normalised autocorrelation reaches this
    /// at some lag within ``stepPeriods``.
    public var minimumRegularity: Double = 0.5
    /// The step periods the periodicity gate looks at, in s: 0.25–1.25 s (0.8–4 steps/s).
    public var stepPeriods: ClosedRange<Double> = 0.25...1.25
    /// The vibration gate: no step when the context's standard deviation of the magnitude above
    /// the low-pass cutoff exceeds this multiple of the low-passed magnitude's (a vehicle shakes
    /// at high frequencies; gait moves the body below 3 Hz). `.infinity` disables it (from the command
    /// line, whose `--set` takes finite numbers, a large value such as 1000 does).
    public var maximumRoughness: Double = 1.8
    /// The relaxed vibration gate of a weak candidate, as a multiple of the context's spread: a
    /// candidate whose context's roughness (see ``maximumRoughness``) lies between
    /// ``maximumRoughness`` and this multiple can only be weak, and only when its context passes
    /// the full periodicity gate (``minimumRegularity``), so it counts only inside a run that
    /// smoother full candidates confirm. Some sensors carry more high-frequency energy in each
    /// heel strike than the shared data's (a GENEActiv on the lower back: walking contexts at
    /// 1.6–2.0 × the spread, strongly periodic), and a weaker walker's impacts are rough against
    /// a smaller sway; a vehicle's rough contexts do not confirm runs of their own. 1.8 by
    /// default (= ``maximumRoughness``: any value at or below it disables the relaxation); 3 in
    /// ``trunk`` (docs/Accuracy.md, "Robustness to slower and weaker gait"); `.infinity` sets no
    /// ceiling (rough candidates are still weak).
    public var weakRoughness: Double = 1.8
    /// The posture gate (off by default): no step where the acceleration along the gravity
    /// estimate, averaged over the ±0.5 s around the candidate, falls more than this below 1 g,
    /// in g. While walking the average is 1 g (the body neither falls nor rises over a step),
    /// less the small lag of the gravity estimate behind the sway (at most 0.12 g in the shared
    /// walking data); a deficit of 0.25 g means the sensor has turned by about 40° within a few
    /// seconds — sitting down, bending, picking the phone up — and a peak there is that
    /// movement, not a step. 0.25 suits a trunk sensor in daily activities (docs/Accuracy.md);
    /// needs the three axes (``StepDetector/process(time:x:y:z:into:)``); `nil` disables it.
    public var maximumVerticalDeficit: Double? = nil
    /// The bout rule: a step only counts as part of a run of at least this many candidate steps,
    /// each at most ``maximumStepInterval`` after the previous, with consecutive intervals within
    /// a factor ``maximumIntervalRatio`` of each other. 1 disables it. Isolated bumps, a
    /// vehicle's bounce and fidgeting rarely make four regular steps.
    public var minimumRunLength: Int = 4
    /// The relaxed prominence (in context standard deviations) of a *weak* candidate: one that
    /// fails the prominence or periodicity gate but passes these relaxed ones. Weak candidates
    /// count as steps only inside a run that holds ``minimumRunLength`` full candidates, so the
    /// first and last steps of a bout and the irregular steps of a turn are kept without letting
    /// isolated bumps through.
    public var weakProminence: Double = 0.4
    /// The relaxed periodicity (normalised autocorrelation) of a weak candidate.
    public var weakRegularity: Double = 0.2
    /// The relaxed stillness gate of a weak candidate, in g: a candidate whose context's standard
    /// deviation lies between this and ``minimumSpread`` can only be weak, so it counts only
    /// inside a run that holds ``minimumRunLength`` full candidates, which pass the full gate.
    /// The first steps of a bout (and a slow, weak walker's steps between stronger ones) move the
    /// trunk less than the steady steps that confirm the run, and their context reaches into the
    /// stillness before the bout; the weak level relaxes the stillness gate as it relaxes the
    /// prominence and periodicity ones. A context that is weak throughout never confirms a run,
    /// so a vehicle or a fidgeting hand gains no run of its own. 0.04 g (``minimumSpread``, no
    /// relaxation) by default; 0.025 g in ``trunk`` (docs/Accuracy.md, "Robustness to slower and
    /// weaker gait").
    public var weakSpread: Double = 0.04
    /// The longest interval inside a run, in s (0.8 steps/s, the slowest stroll).
    public var maximumStepInterval: Double = 1.25
    /// The largest ratio between consecutive intervals inside a run.
    public var maximumIntervalRatio: Double = 2
    /// The closing step of a bout, in s: a candidate that follows a confirmed run (one that has
    /// produced steps) after a longer interval than ``maximumIntervalRatio`` allows, but within
    /// this many seconds (and within ``maximumStepInterval``), is the run's last step instead of
    /// the first candidate of a new run. A walker who stops slows the last step — the trailing
    /// foot is brought alongside — so the last interval of a bout is often more than twice the
    /// one before it. The run ends with that step. 1.25 s (the ``maximumStepInterval``, 0.8
    /// steps/s) by default; 0 disables it.
    public var closingStepInterval: Double = 1.25
    /// Where the step time is looked for, relative to the delay-corrected magnitude peak, in s:
    /// the step time becomes the initial contact (heel strike) of the gravity-aligned vertical
    /// acceleration within `peak + initialContactSearch`, the sample where it rises fastest (see
    /// ``initialContactSmoothing``). The impact that makes the magnitude peak follows the heel
    /// strike by 0–0.15 s, and turns and stops delay it more, so the search reaches 0.25 s
    /// (one ``minimumStepInterval``) back and 0.1 s forward. Only when the detector is fed
    /// three axes (``StepDetector/process(time:x:y:z:into:)``, as ``Recording/detectSteps(configuration:)``
    /// does); with magnitudes alone, `nil`, a range of zero width, or a sample rate below
    /// 1 / ``initialContactSmoothing`` (25 Hz), the step time is the peak time. Each bound must
    /// lie within ±``contextHalfWidth`` minus 4 × the smoothing.
    public var initialContactSearch: ClosedRange<Double>? = -0.25...0.1
    /// The standard deviation of the Gaussian whose derivative differentiates the vertical
    /// acceleration for the initial-contact search, in s: 0.04 s smooths the sensor noise and
    /// keeps the heel-strike transient (about 0.1 s long at the lower back).
    public var initialContactSmoothing: Double = 0.04
    /// Intervals longer than this (s) are gaps that end a segment; `nil` means 5 nominal sample
    /// intervals, at least 0.1 s (as ``Recording/samplingAnalysis(gapThreshold:)``).
    public var maximumGap: Double? = nil

    /// The defaults.
    public init() {}

    /// The defaults for a sensor worn on the trunk (lower back, belt, waist) through daily
    /// activities: the posture gate on at 0.25 g (``maximumVerticalDeficit``), so the trunk
    /// movements of sitting down and bending are not taken for steps, and the weak stillness gate
    /// at 0.025 g (``weakSpread``), so the weaker steps of a slow or weak walker, and the first
    /// steps of a bout, join the run that the steady steps confirm, and the candidate spacing at
    /// half the step period (``stepPeriodSpacing``), so the second hump of a slow step is not a
    /// candidate, and the weak vibration gate at 3 × the spread (``weakRoughness``), so the
    /// rougher steps of a periodic walk join the run that smoother steps confirm. Measured in
    /// docs/Accuracy.md ("Steps").
    public static var trunk: StepDetectorConfiguration {
        var configuration = StepDetectorConfiguration()
        configuration.maximumVerticalDeficit = 0.25
        configuration.weakSpread = 0.025
        configuration.stepPeriodSpacing = 0.5
        configuration.weakRoughness = 3
        return configuration
    }
}

extension StepDetectorConfiguration {
    /// The longest duration, in s, of the parameters that size the detector's buffers (the
    /// context, the step periods, the prominence window, the step interval, the smoothing): a
    /// minute, thirty times the default context.
    public static let longestDuration: Double = 60

    /// The largest ``minimumRunLength``: the detector holds up to four times as many candidates.
    public static let largestRunLength = 10_000

    /// Checks that the parameters can drive a ``StepDetector``; the first one out of range is
    /// named in the error.
    ///
    /// - Throws: `LocomotionError.invalidParameter` naming the parameter and its requirement.
    /// - Complexity: O(1).
    public func validate() throws(LocomotionError) {
        func require(_ name: String, _ value: Any?, _ valid: Bool, _ requirement: String) throws(LocomotionError) {
            guard valid else {
                throw .invalidParameter(name: name, value: value.map { "\($0)" } ?? "nil", requirement: requirement)
            }
        }
        func requireDuration(_ name: String, _ value: Double) throws(LocomotionError) {
            try require(
                name, value, value > 0 && value <= Self.longestDuration,
                "it must be positive, at most \(Self.longestDuration) s")
        }
        let c = self
        try require(
            "lowPassCutoff", c.lowPassCutoff, c.lowPassCutoff.isFinite && c.lowPassCutoff > 0,
            "it must be positive (Hz)")
        try requireDuration("contextHalfWidth", c.contextHalfWidth)
        try require(
            "minimumStepInterval", c.minimumStepInterval,
            c.minimumStepInterval > 0 && c.minimumStepInterval <= c.contextHalfWidth,
            "it must be positive and at most contextHalfWidth (\(c.contextHalfWidth) s)")
        try require(
            "stepPeriods", c.stepPeriods,
            c.stepPeriods.lowerBound > 0 && c.stepPeriods.upperBound <= c.contextHalfWidth,
            "it must be positive and end at most at contextHalfWidth (\(c.contextHalfWidth) s)")
        try require(
            "stepPeriodSpacing", c.stepPeriodSpacing, (0..<1).contains(c.stepPeriodSpacing), "it must be in 0..<1")
        try requireDuration("prominenceWindow", c.prominenceWindow)
        try require("relativeProminence", c.relativeProminence, c.relativeProminence.isFinite, "it must be finite")
        try require("minimumSpread", c.minimumSpread, c.minimumSpread >= 0, "it must be at least 0 (g)")
        try require("weakSpread", c.weakSpread, c.weakSpread >= 0, "it must be at least 0 (g)")
        try require("minimumRegularity", c.minimumRegularity, c.minimumRegularity.isFinite, "it must be finite")
        try require("weakProminence", c.weakProminence, c.weakProminence.isFinite, "it must be finite")
        try require("weakRegularity", c.weakRegularity, c.weakRegularity.isFinite, "it must be finite")
        try require("maximumGap", c.maximumGap, c.maximumGap.map { $0 > 0 } ?? true, "it must be positive (s) or nil")
        try require(
            "minimumRunLength", c.minimumRunLength, (1...Self.largestRunLength).contains(c.minimumRunLength),
            "it must be in 1...\(Self.largestRunLength)")
        try require("maximumStepInterval", c.maximumStepInterval, c.maximumStepInterval > 0, "it must be positive (s)")
        try require(
            "maximumIntervalRatio", c.maximumIntervalRatio, c.maximumIntervalRatio >= 1, "it must be at least 1")
        try require(
            "closingStepInterval", c.closingStepInterval, c.closingStepInterval >= 0, "it must be at least 0 (s)")
        try require("maximumRoughness", c.maximumRoughness, !c.maximumRoughness.isNaN, "it must be a number")
        try require("weakRoughness", c.weakRoughness, !c.weakRoughness.isNaN, "it must be a number")
        try require(
            "maximumVerticalDeficit", c.maximumVerticalDeficit, !(c.maximumVerticalDeficit?.isNaN ?? false),
            "it must be a number or nil")
        try requireDuration("initialContactSmoothing", c.initialContactSmoothing)
        try require(
            "initialContactSearch", c.initialContactSearch,
            c.initialContactSearch.map {
                $0.lowerBound.isFinite && $0.upperBound.isFinite
                    && max(-$0.lowerBound, $0.upperBound) + 4 * c.initialContactSmoothing <= c.contextHalfWidth
            } ?? true,
            "it must be finite and, widened by 4 × initialContactSmoothing, lie within ±contextHalfWidth (\(c.contextHalfWidth) s)"
        )
    }

    /// The detector's low-pass filter at `sampleRate` (2nd-order Butterworth at
    /// ``lowPassCutoff``, at most 0.4 × the rate), after checking that these parameters and the
    /// rate can drive a ``StepDetector`` (``validate()``).
    ///
    /// - Throws: `LocomotionError.invalidParameter` for a rate outside 10...1000 Hz or a
    ///   parameter out of range.
    func lowPassFilter(sampleRate: Double) throws(LocomotionError) -> SecondOrderSections {
        guard (10...1000).containsSampleRate(sampleRate) else {
            throw .invalidParameter(
                name: "sampleRate", value: "\(sampleRate)", requirement: "step detection needs 10...1000 Hz")
        }
        try validate()
        let c = self
        do {
            return try Butterworth.design(
                order: 2, band: .lowPass(cutoff: min(c.lowPassCutoff, 0.4 * sampleRate)), sampleRate: sampleRate)
        } catch {
            throw .signalProcessing(error)
        }
    }
}
