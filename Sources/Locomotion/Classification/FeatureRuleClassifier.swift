/// A rule-based classifier over feature vectors that, unlike ``VoteFusion``, can say stationary
/// and cycling, and does not take a rough ride without steps for walking.
///
/// The rules, first match wins (*σ* is `acc_mag_std`, *v* the valid GPS speed when there is one):
///
/// 1. *v* > ``Configuration/drivingSpeedMinimum`` (6 m/s): no one travels that fast on foot — cycling
///    when the window shows pedalling (below), else driving.
/// 2. *σ* < ``Configuration/stillDeviation`` and no steps: stationary, or driving when
///    *v* > ``Configuration/movingSpeed`` (a smooth ride). A step count that is missing (below
///    10 Hz the gait features are not computed) counts as none here: a body moving less than
///    *σ* is not walking.
/// 3. At least ``Configuration/minimumSteps`` detected steps, and not a pedalling thigh (rule 4):
///    running when their cadence exceeds ``Configuration/runningCadence``, or when a periodic
///    window with *σ* ≥ ``Configuration/runningDeviation`` has a running autocorrelation cadence (a missed step
///    lowers the step cadence of a short window), or when the window has running's impact
///    (`RunningImpact`: the middle half of |a| spreads over 1.1 g, which clipping keeps), or a
///    running step rate under a rhythm locked onto the stride (`StrideRunning`: the dominant
///    frequency twice the autocorrelation's cadence); else walking.
/// 4. Pedalling: a periodic window (step regularity ≥ ``Configuration/periodicRegularity``)
///    with *σ* ≥ ``Configuration/pedallingDeviation``, without steps and with an autocorrelation
///    cadence in ``Configuration/pedallingCadence`` (one pedal turn per period, below any
///    walking cadence) without impacts (`acc_mag_skewness` below 0, when the schema has it and no
///    *v* is above walking speed: a stride of landing steps, or sitting down, peaks sharply), or
///    whose gravity turns as a pedalling thigh does (`ThighPedalling`: once per period of the
///    magnitude, where a walking thigh turns once per two; with or without detected steps, which a
///    pedal stroke can fake, so this is checked before rule 3), or without steps at a cadence in
///    ``Configuration/strokeCadence`` (a walking one) whose magnitude is skewed below
///    ``Configuration/strokeSkewness`` (troughs far sharper than peaks: a stroke, never a landing
///    step) on a phone that turns with the leg (``Configuration/strokeSway``): cycling.
/// 5. A periodic window with *σ* ≥ ``Configuration/gaitDeviation`` and no *v* above walking
///    speed: running when its autocorrelation cadence exceeds ``Configuration/runningCadence``
///    and *σ* ≥ ``Configuration/runningDeviation``; walking when the cadence is within walking
///    range (``Configuration/pedallingCadence``'s upper bound up to the running cadence). Running, too,
///    at a running step rate under a locked stride (`StrideRunning`),
///    and in a window that is neither periodic nor stepped, whenever it has running's impact
///    (`RunningImpact`; rule ``Rule/runningImpact``).
/// 5b. Slow gait: a window whose spectrum has a strong gait peak (``Configuration/slowGaitProminence``)
///    at a walking frequency (``Configuration/slowGaitFrequency``), with *σ* from
///    ``Configuration/slowGaitDeviation`` up to ``Configuration/roughDeviation`` and no *v* above
///    walking speed: walking, with low confidence. A step period of 0.75–1.5 s (40–80 steps/min)
///    leaves a 2.56 s window too few steps for the step detector and too little overlap for its
///    autocorrelation, but its spectrum still peaks at the step frequency. Needs the optional
///    ``slowGaitFeatures``; without them the rule does not fire.
/// 6. *v* > ``Configuration/walkingSpeedMaximum``: driving (moving, no gait, no pedalling).
/// 7. *σ* ≥ ``Configuration/roughDeviation``: unknown — too rough for a vehicle's ride, and with
///    neither steps nor periodicity it is not evidence of walking either. A car on cobblestones
///    lands here, or in rule 6 when GPS speed is known, never in walking.
/// 8. Otherwise (a moderate, aperiodic signal without steps): driving, with low confidence.
///
/// A missing value (NaN) never satisfies a condition. The defaults and where they come from are
/// in `docs/Algorithms.md` ("Activity rules").
public struct FeatureRuleClassifier: Sendable, Hashable, Codable {
    /// The thresholds, in the features' units.
    public struct Configuration: Sendable, Hashable, Codable {
        /// Below this standard deviation of the acceleration magnitude (g) a window without steps
        /// is still. Phones at rest measure 0.002–0.008 g (median); walking rarely falls below
        /// 0.05 g.
        public var stillDeviation = 0.02
        /// Windows with at least this many detected steps are gait.
        public var minimumSteps = 3.0
        /// Above this cadence (steps/s) gait is running (the vote fusion's running threshold).
        public var runningCadence = 2.5
        /// A window is periodic when its step regularity (the normalised autocorrelation at the
        /// step lag) reaches this.
        public var periodicRegularity = 0.5
        /// Autocorrelation cadences (per second) of pedalling without GPS: from 0.8 up to, but not
        /// including, 1.2 — below the slowest walking cadence (1.2 steps/s), so a slow walker is
        /// not taken for a cyclist.
        public var pedallingCadence = 0.8..<1.2
        /// Pedalling moves the body by at least this much (g); smooth vehicles, which can be
        /// periodic too, stay below it (the rougher 1–2 % of their windows excepted).
        public var pedallingDeviation = 0.08
        /// Pedal strokes at a walking cadence (per second): 1.2 up to 1.7 (72–102 rpm), where light
        /// pedalling reads as gait without steps (HuGaDB's thigh: 1.2–1.7 strokes per second).
        public var strokeCadence = 1.2...1.7
        /// Below this `acc_mag_skewness` a periodic window without steps at a ``strokeCadence`` is
        /// pedalling (rule 4): a foot landing gives every walking step a brief peak (positive
        /// skewness), a pedal stroke a broad push whose troughs are the sharp part. Measured on the
        /// windows the rules called walking by periodicity at 1.2–1.7 per second, every source and
        /// its clipped (±2 g) and 200 Hz copies: the lowest labelled walking window −0.69 (one TMD
        /// window; every other source above −0.58), HuGaDB's pedalling a median −0.49 and a third
        /// of it below −0.7. Left out in turn, each source's walkers lie above the least of the
        /// others but for that one TMD window.
        public var strokeSkewness = -0.7
        /// A stroke at a ``strokeCadence`` is read only from a phone that turns with the leg: its
        /// gravity direction sways (`acc_gravity_sway`) by at least this many degrees. A pedalling
        /// thigh sways 8–25° in a window (HuGaDB's windows this rule reads: 4–16°); a phone on a
        /// frame, in a bag or on the trunk, whose magnitude can take a stroke-like shape from the road
        /// or a vehicle, hardly turns.
        public var strokeSway = 3.0
        /// Periodic gait without detected steps moves the body by at least this much (g).
        public var gaitDeviation = 0.05
        /// Running without detected steps moves the body by at least this much (g).
        public var runningDeviation = 0.2
        /// Above this standard deviation (g) an aperiodic window without steps is unknown rather
        /// than a vehicle's ride (90–97 % of vehicle windows measured stay below it).
        public var roughDeviation = 0.15
        /// Slow gait (rule 5b) moves the body by at least this much (g): above the still
        /// threshold, below which a slow, weak step cannot be told from fidgeting.
        public var slowGaitDeviation = 0.025
        /// Slow gait (rule 5b): the spectrum's gait peak is at least this many times the mean power
        /// of its bins (`acc_mag_gait_prominence`). Measured on the default 2.56 s windows with
        /// 0.025 ≤ *σ* < 0.15 g: 2.4 % of 3,100 vehicle windows (driver-behavior, car-phone,
        /// metro-paris, bratislava, TMD car) reach 30, and their runs of walking windows grow at
        /// most from 4 to 5 (6.4 s, under the 10 s it takes to leave driving); UCI HAPT sitting,
        /// standing and lying at most 16; lower-back walks slowed to 40–50 steps/min (slow_gait.py
        /// veryslow) 40–75 where the autocorrelation finds no period. Those recordings run at 50–105 Hz;
        /// above ``slowGaitProminenceRate`` the value is read as at that rate.
        public var slowGaitProminence = 30.0
        /// The highest sample rate (Hz) at which ``slowGaitProminence`` is compared as it stands: 100.
        /// The prominence divides the gait peak by the mean power of every bin up to the Nyquist
        /// frequency, and a body or a vehicle puts next to nothing above 25 Hz, so the mean falls and
        /// the value grows in proportion to the rate (a 100 Hz walk resampled to 200 Hz reads twice
        /// as prominent). Above this rate the rules scale it by this rate over the schema's
        /// (`FeatureSchema.Parameters.sampleRate`), as at 100 Hz, where the threshold was measured;
        /// at and below it, or without a rate, the value is compared unscaled.
        public var slowGaitProminenceRate = 100.0
        /// Slow gait (rule 5b): the gait peak's frequency (Hz), from the slowest walking cadence
        /// measured (40 steps/min, 0.67 Hz, with the spectrum's resolution below it) up to the
        /// running cadence.
        public var slowGaitFrequency = 0.6...2.5
        /// Above this speed (m/s) a window is a vehicle or a bicycle.
        public var drivingSpeedMinimum = 6.0
        /// Above this speed (m/s) no one walks; below it a cyclist or a car cannot be told from
        /// a walker by speed.
        public var walkingSpeedMaximum = 2.2
        /// Above this speed (m/s) a still-looking window is a smooth ride.
        public var movingSpeed = 1.0

        /// The defaults above.
        public init() {}

        /// Checks every threshold.
        ///
        /// - Throws: ``LocomotionError/Code/invalidParameter`` naming the first that is negative or
        ///   not finite, a ``slowGaitProminenceRate`` that is not positive, a ``strokeSkewness`` that
        ///   is not finite, or a pedalling range that is empty.
        public func validate() throws(LocomotionError) {
            let values: [(String, Double)] = [
                ("stillDeviation", stillDeviation), ("minimumSteps", minimumSteps), ("runningCadence", runningCadence),
                ("periodicRegularity", periodicRegularity),
                ("pedallingCadence.lowerBound", pedallingCadence.lowerBound),
                ("pedallingCadence.upperBound", pedallingCadence.upperBound),
                ("pedallingDeviation", pedallingDeviation), ("gaitDeviation", gaitDeviation),
                ("runningDeviation", runningDeviation), ("roughDeviation", roughDeviation),
                ("slowGaitDeviation", slowGaitDeviation), ("slowGaitProminence", slowGaitProminence),
                ("strokeCadence.lowerBound", strokeCadence.lowerBound),
                ("strokeCadence.upperBound", strokeCadence.upperBound), ("strokeSway", strokeSway),
                ("slowGaitFrequency.lowerBound", slowGaitFrequency.lowerBound),
                ("slowGaitFrequency.upperBound", slowGaitFrequency.upperBound),
                ("drivingSpeedMinimum", drivingSpeedMinimum), ("walkingSpeedMaximum", walkingSpeedMaximum),
                ("movingSpeed", movingSpeed),
            ]
            for (name, value) in values { try LocomotionError.requireNonNegative(value, name: name) }
            try LocomotionError.requirePositive(slowGaitProminenceRate, name: "slowGaitProminenceRate", unit: "Hz")
            try LocomotionError.requireFinite(strokeSkewness, name: "strokeSkewness")
            try LocomotionError.require(
                "pedallingCadence", pedallingCadence, !pedallingCadence.isEmpty, "it must not be empty")
        }
    }

    /// Which rule decided a window.
    public enum Rule: String, Sendable, Hashable, Codable, CaseIterable {
        /// Rule 1: a valid GPS speed above ``Configuration/drivingSpeedMinimum`` (driving, or cycling when pedalling).
        case vehicleSpeed = "vehicle_speed"
        /// Rule 2: a still window without steps (stationary, or driving on a smooth ride).
        case still
        /// Rule 3: at least ``Configuration/minimumSteps`` detected steps (walking or running).
        case steps
        /// Rule 4, or rule 1 with pedalling: a periodic window without steps at a pedalling cadence.
        case pedalling
        /// Rule 5: a periodic window at a walking or running autocorrelation cadence.
        case periodicGait = "periodic_gait"
        /// Rule 5b: a strong spectral gait peak at a walking frequency, without steps or an
        /// autocorrelation period (slow gait: walking, low confidence).
        case slowGait = "slow_gait"
        /// Rule 5, for a window without steps or periodicity: running's impact (`RunningImpact`).
        case runningImpact = "running_impact"
        /// Rule 6: faster than walking, with neither gait nor pedalling (driving).
        case movingWithoutGait = "moving_without_gait"
        /// Rule 7: too rough for a ride, without steps or periodicity (unknown).
        case rough
        /// Rule 8: a moderate, aperiodic signal without steps (driving, low confidence).
        case moderateWithoutGait = "moderate_without_gait"
        /// The acceleration magnitude's standard deviation is missing (NaN): unknown.
        case missingData = "missing_data"
    }

    /// A decision with the rule that made it.
    public struct Decision: Sendable, Hashable, Codable {
        /// The window's activity, confidence, evidence and times.
        public var result: ActivityResult
        /// The rule that decided.
        public var rule: Rule
    }

    /// The columns the rules read; a vector without any of them is refused. (The rules read them
    /// by position in this list.)
    public static let requiredFeatures = BuiltinFeature.columnNames([
        .standardDeviation, .variance, .stepCount, .stepCadence, .autocorrelationCadence, .stepRegularity,
    ])

    /// The columns slow gait (rule 5b) reads when the schema has them: the gait band's spectral
    /// peak frequency and prominence. A schema without them is accepted; rule 5b then never fires.
    public static let slowGaitFeatures = BuiltinFeature.columnNames([.gaitFrequency, .gaitProminence])

    /// The thresholds in use.
    public let configuration: Configuration

    /// A classifier with `configuration` (the defaults unless given).
    ///
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a threshold out of range.
    public init(configuration: Configuration = Configuration()) throws(LocomotionError) {
        try configuration.validate()
        self.configuration = configuration
    }

    /// Decides one window and names the rule that did.
    ///
    /// - Throws: ``LocomotionError/Code/schemaMismatch`` when the vector's schema lacks one of
    ///   ``requiredFeatures``.
    /// - Complexity: O(*f*) in the schema size (column lookups by name).
    public func decide(_ features: FeatureVector) throws(LocomotionError) -> Decision {
        decide(features, columns: try Columns(features.schema))
    }

    /// Decides every window of `table`, looking its columns up once.
    ///
    /// - Throws: ``LocomotionError/Code/schemaMismatch`` when the table lacks one of
    ///   ``requiredFeatures``.
    /// - Complexity: O(*w*) for *w* windows, plus O(*f*) once.
    public func decisions(_ table: FeatureTable) throws(LocomotionError) -> [Decision] {
        let columns = try Columns(table.schema)
        return table.windows.indices.map { decide(table[$0], columns: columns) }
    }

    /// Where the rules' and the evidence's columns are in one schema.
    struct Columns {
        let rules: FeatureColumns
        let evidence: FeatureColumns
        /// ``FeatureRuleClassifier/slowGaitFeatures``, each possibly missing.
        let slowGait: FeatureColumns
        /// `RunningImpact.columnNames`, optional.
        let impact: FeatureColumns
        /// `ThighPedalling.columnNames`, optional.
        let thigh: FeatureColumns
        /// ``StrideRunning/columnNames``, optional.
        let stride: FeatureColumns
        /// The schema's sample rate (Hz), `nil` when it is not bound to one.
        let sampleRate: Double?

        init(_ schema: FeatureSchema) throws(LocomotionError) {
            sampleRate = schema.parameters?.sampleRate
            rules = FeatureColumns(FeatureRuleClassifier.requiredFeatures, in: schema)
            if let missing = rules.firstMissing(of: FeatureRuleClassifier.requiredFeatures) {
                throw LocomotionError(
                    .schemaMismatch,
                    message: "the feature vector has no '\(missing)' column, which the activity rules need")
            }
            evidence = FeatureColumns(ActivityEvidence.columnNames, in: schema)
            impact = FeatureColumns(RunningImpact.columnNames, in: schema)
            thigh = FeatureColumns(ThighPedalling.columnNames, in: schema)
            stride = FeatureColumns(StrideRunning.columnNames, in: schema)
            slowGait = FeatureColumns(FeatureRuleClassifier.slowGaitFeatures, in: schema)
        }
    }

    func decide(_ features: FeatureVector, columns: Columns) -> Decision {
        let c = configuration
        let evidence = ActivityEvidence(values: features.values, columns: columns.evidence)
        // In the order of requiredFeatures.
        func value(_ index: Int) -> Double { columns.rules.value(index, in: features.values) }
        let deviation = value(0)
        let steps = value(2)
        let stepCadence = value(3)
        let cadence = value(4)
        let periodic = value(5) >= c.periodicRegularity && cadence.isFinite
        let speed = evidence.speed ?? .nan  // NaN fails every comparison: no speed rule fires
        let fastForWalking = speed > c.walkingSpeedMaximum
        let thighPedalling = ThighPedalling.isPedalling(
            sway: columns.thigh.value(0, in: features.values),
            stepCorrelation: columns.thigh.value(1, in: features.values),
            skewness: columns.thigh.value(2, in: features.values), autocorrelationCadence: cadence)
        // A pedal stroke has no impact: a period at a pedalling cadence whose |a| peaks are sharper
        // than its troughs (positive skewness) is a stride of steps landing (a foot, a pocket, a
        // waist), or a body sitting down or standing up — unless the GPS speed is above walking's,
        // where neither is the question (a torso's phone on a bumpy road peaks too). A missing
        // skewness does not count against it.
        let skewness = columns.thigh.value(2, in: features.values)
        let impacts = skewness >= ThighPedalling.skewness && !fastForWalking
        // Pedal strokes at a walking cadence: troughs far sharper than peaks, which no landing step gives,
        // on a phone that turns with the leg.
        let strokes =
            c.strokeCadence.contains(cadence) && skewness < c.strokeSkewness
            && columns.thigh.value(0, in: features.values) >= c.strokeSway
        let runningImpact = RunningImpact.isRunning(
            interquartileRange: columns.impact.value(0, in: features.values), stepCadence: stepCadence,
            autocorrelationCadence: cadence)
        let strideRunning = StrideRunning.isRunning(
            autocorrelationCadence: cadence, dominantFrequency: columns.stride.value(0, in: features.values),
            deviation: deviation, interquartileRange: columns.stride.value(1, in: features.values),
            runningCadence: c.runningCadence)
        // A step the detector misses lowers the window's step cadence; a movement as vigorous as
        // running whose autocorrelation cadence is a running one is running all the same.
        let runningPace =
            stepCadence > c.runningCadence
            || (periodic && cadence > c.runningCadence && deviation >= c.runningDeviation) || runningImpact
            || strideRunning
        let stepped = steps >= c.minimumSteps && stepCadence.isFinite
        // A thigh turning once per period of |a| is pedalling even when the step detector counted
        // the strokes as steps (a walking thigh turns once per two) — but not at a running pace, which
        // no pedal stroke fakes (a clipped running thigh turns once per period too).
        let pedalling =
            periodic && deviation >= c.pedallingDeviation
            && ((!(steps >= c.minimumSteps) && ((c.pedallingCadence.contains(cadence) && !impacts) || strokes))
                || (thighPedalling && !(stepped && runningPace)))

        func decision(_ activity: ActivityType, _ confidence: Confidence, _ rule: Rule) -> Decision {
            Decision(
                result: ActivityResult(
                    activity: activity, confidence: confidence, evidence: evidence, start: features.start,
                    end: features.end),
                rule: rule)
        }
        guard deviation.isFinite else { return decision(.unknown, .low, .missingData) }
        if speed > c.drivingSpeedMinimum {
            return pedalling ? decision(.cycling, .medium, .pedalling) : decision(.driving, .high, .vehicleSpeed)
        }
        if deviation < c.stillDeviation && !(steps > 0) {
            if speed > c.movingSpeed { return decision(.driving, .medium, .still) }
            return decision(.stationary, deviation < c.stillDeviation / 2 ? .high : .medium, .still)
        }
        if stepped && !pedalling {
            let confidence: Confidence = periodic ? .high : .medium
            return decision(runningPace ? .running : .walking, confidence, .steps)
        }
        if pedalling { return decision(.cycling, fastForWalking ? .high : .medium, .pedalling) }
        if periodic && deviation >= c.gaitDeviation && !fastForWalking {
            if (cadence > c.runningCadence && deviation >= c.runningDeviation) || runningImpact || strideRunning {
                return decision(.running, .medium, .periodicGait)
            }
            if cadence >= c.pedallingCadence.upperBound && cadence <= c.runningCadence {
                return decision(.walking, .medium, .periodicGait)
            }
        }
        if runningImpact && !fastForWalking { return decision(.running, .low, .runningImpact) }
        if !fastForWalking && deviation >= c.slowGaitDeviation && deviation < c.roughDeviation {
            let gaitFrequency = columns.slowGait.value(0, in: features.values)
            var prominence = columns.slowGait.value(1, in: features.values)
            if let rate = columns.sampleRate, rate > c.slowGaitProminenceRate {
                prominence *= c.slowGaitProminenceRate / rate
            }
            if prominence >= c.slowGaitProminence && c.slowGaitFrequency.contains(gaitFrequency) {
                return decision(.walking, .low, .slowGait)
            }
        }
        if fastForWalking { return decision(.driving, .medium, .movingWithoutGait) }
        if deviation >= c.roughDeviation { return decision(.unknown, .low, .rough) }
        return decision(.driving, .low, .moderateWithoutGait)
    }
}

extension FeatureRuleClassifier {
    /// The rules bound to one feature schema: their columns looked up once, so classifying a
    /// vector of that schema allocates nothing. Make one with ``prepared(for:)``.
    public struct Prepared: Sendable {
        /// The rules.
        public let rules: FeatureRuleClassifier
        let columns: Columns

        /// The result for `vector`, equal to ``FeatureRuleClassifier/classify(_:)-(FeatureVector)``'s.
        ///
        /// - Precondition: `vector.schema` is the bound schema (its columns are read by position).
        /// - Complexity: O(1); no allocation.
        public func classify(_ vector: FeatureVector) -> ActivityResult {
            rules.decide(vector, columns: columns).result
        }
    }

    /// The rules bound to `schema` (``Prepared``): the per-window path that allocates nothing.
    ///
    /// - Throws: ``LocomotionError/Code/schemaMismatch`` when `schema` lacks a column the rules read.
    /// - Complexity: O(*f* · *s*) lookups, once.
    public func prepared(for schema: FeatureSchema) throws(LocomotionError) -> Prepared {
        Prepared(rules: self, columns: try Columns(schema))
    }
}

extension FeatureRuleClassifier: ActivityClassifier {
    /// The result of ``decide(_:)``.
    ///
    /// - Throws: ``LocomotionError/Code/schemaMismatch`` when the vector's schema lacks one of
    ///   ``requiredFeatures``.
    /// - Complexity: O(*f*) in the schema size.
    public func classify(_ features: FeatureVector) throws(LocomotionError) -> ActivityResult {
        try decide(features).result
    }

    /// The results of ``decisions(_:)``.
    ///
    /// - Throws: ``LocomotionError/Code/schemaMismatch`` when the table lacks one of
    ///   ``requiredFeatures``.
    /// - Complexity: O(*w*) for *w* windows, plus O(*f*) once.
    public func classify(_ table: FeatureTable) throws(LocomotionError) -> [ActivityResult] {
        try decisions(table).map(\.result)
    }

    /// The rules bound to `schema` (``prepared(for:)``).
    ///
    /// - Throws: As ``prepared(for:)``.
    public func bound(to schema: FeatureSchema) throws(LocomotionError) -> any BoundActivityClassifier {
        try prepared(for: schema)
    }
}

extension FeatureRuleClassifier.Prepared: BoundActivityClassifier {
    /// ``classify(_:)``; the rules read nothing from the context.
    public func classify(_ features: FeatureVector, context: ActivityClassificationContext) -> ActivityResult {
        classify(features)
    }
}
