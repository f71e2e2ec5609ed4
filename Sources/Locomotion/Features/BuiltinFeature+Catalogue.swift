import LocomotionDSP

/// One built-in feature's catalogue entry: its column, what it reads and how its value comes out
/// of the window's intermediate results. The extractor, the schema and the per-axis statistics
/// are all driven by these entries, so adding a built-in feature is one ``BuiltinFeature`` case
/// and one entry in ``BuiltinFeature/definition``.
struct BuiltinFeatureDefinition: Sendable {
    /// What of the window a feature needs computed; the extractor computes only what its
    /// features need.
    enum Input: Sendable, Hashable {
        /// The magnitude samples alone.
        case magnitude
        /// The magnitude's ``WindowSummary`` (moments and order statistics).
        case magnitudeSummary
        /// The three axes' summary (correlations, signal magnitude area).
        case axes
        /// The magnitude's spectrum (which also needs the summary, to tell a constant window).
        case spectrum
        /// The ``WindowStepAnalyzer`` result.
        case steps
        /// The turning of gravity's direction on the axes (``GravityRotation``), after the steps.
        case gravityRotation
        /// The rotation-rate magnitude's moments.
        case rotationRate
        /// The GPS and pedometer ``WindowContext``.
        case context
    }

    /// How many columns the feature has.
    enum Columns: Sendable, Hashable {
        /// One, named ``BuiltinFeatureDefinition/name``.
        case one
        /// One per ``FeatureConfiguration/powerBands`` band, named `name_<low>_<high>hz`.
        case powerBands
    }

    /// A statistic of one series from its summary, jerk RMS and sample rate (Hz).
    typealias Statistic = @Sendable (WindowSummary, _ jerk: Double, _ sampleRate: Double) -> Double

    /// A ``value`` closure in a concrete struct. A closure stored bare in an `Optional`, a tuple or
    /// an array element is kept at the generic representation, and each call then goes through
    /// reabstraction thunks (with the big `WindowSummary` copied for a statistic); the extractor
    /// calls these once per column per window, so they stay wrapped from catalogue to hot loop.
    struct ValueReader: Sendable {
        let read: @Sendable (inout WindowValues) -> Double?
    }

    /// A ``statistic`` closure in a concrete struct (see ``ValueReader``).
    struct StatisticReader: Sendable {
        let read: Statistic
    }

    /// Replaced by the configured gait band (`0.6–2.5 Hz`) in a ``summary``.
    static let gaitBandPlaceholder = "{gait band}"

    /// The column name (the prefix of the band columns' names).
    let name: String
    /// The unit.
    let unit: String
    /// One line saying what the value is; may hold ``gaitBandPlaceholder``.
    let summary: String
    let input: Input
    let columns: Columns
    /// The value of a single-column feature that is not a statistic of the magnitude's summary;
    /// `nil` (written as NaN) when it is missing. The values are passed `inout` only so that they
    /// are not copied per call: the closures only read.
    let value: ValueReader?
    /// For a statistic of one series, its value from that series' summary, jerk RMS and sample
    /// rate: how the extractor reads it for the magnitude (NaN without a summary) and what makes
    /// the feature available per axis (``BuiltinFeature/perAxisStatistics``).
    let statistic: StatisticReader?

    init(
        _ name: String, _ unit: String, _ summary: String, input: Input, columns: Columns = .one,
        value: @escaping @Sendable (inout WindowValues) -> Double?
    ) {
        self.name = name
        self.unit = unit
        self.summary = summary
        self.input = input
        self.columns = columns
        self.value = ValueReader(read: value)
        self.statistic = nil
    }

    /// A statistic of the magnitude that is also available per axis.
    init(
        statistic name: String, _ unit: String, _ summary: String,
        _ statistic: @escaping Statistic
    ) {
        self.name = name
        self.unit = unit
        self.summary = summary
        self.input = .magnitudeSummary
        self.columns = .one
        self.value = nil
        self.statistic = StatisticReader(read: statistic)
    }

    /// The jerk RMS: a per-series statistic that needs no summary.
    private init(jerk name: String, _ unit: String, _ summary: String) {
        self.name = name
        self.unit = unit
        self.summary = summary
        self.input = .magnitude
        self.columns = .one
        self.value = ValueReader { $0.jerk }
        self.statistic = StatisticReader { _, jerk, _ in jerk }
    }

    static func jerk(_ name: String, _ unit: String, _ summary: String) -> Self { Self(jerk: name, unit, summary) }
}

extension BuiltinFeature {
    /// The feature's catalogue entry: the one place that says what the feature is called, in
    /// which unit, what it needs and how its value is read.
    var definition: BuiltinFeatureDefinition {
        typealias Entry = BuiltinFeatureDefinition
        switch self {
        case .mean:
            return Entry(statistic: "acc_mag_mean", "g", "mean of the acceleration magnitude") { s, _, _ in
                s.moments.mean
            }
        case .variance:
            return Entry(
                "acc_mag_variance", "g²", "population variance of the acceleration magnitude",
                input: .magnitudeSummary
            ) { $0.summary?.moments.variance }
        case .standardDeviation:
            return Entry(statistic: "acc_mag_std", "g", "population standard deviation of the acceleration magnitude") {
                s, _, _ in s.moments.standardDeviation
            }
        case .rootMeanSquare:
            return Entry(statistic: "acc_mag_rms", "g", "root mean square of the acceleration magnitude") { s, _, _ in
                s.rootMeanSquare
            }
        case .minimum:
            return Entry(statistic: "acc_mag_min", "g", "smallest acceleration magnitude") { s, _, _ in s.minimum }
        case .maximum:
            return Entry(statistic: "acc_mag_max", "g", "largest acceleration magnitude") { s, _, _ in s.maximum }
        case .range:
            return Entry(statistic: "acc_mag_range", "g", "largest minus smallest acceleration magnitude") { s, _, _ in
                s.range
            }
        case .median:
            return Entry(statistic: "acc_mag_median", "g", "median of the acceleration magnitude") { s, _, _ in s.median
            }
        case .interquartileRange:
            return Entry(
                statistic: "acc_mag_iqr", "g", "75th minus 25th percentile (linear) of the acceleration magnitude"
            ) { s, _, _ in s.interquartileRange }
        case .medianAbsoluteDeviation:
            return Entry(
                statistic: "acc_mag_mad", "g", "median absolute deviation (unscaled) of the acceleration magnitude"
            ) { s, _, _ in s.medianAbsoluteDeviation }
        case .skewness:
            return Entry(
                statistic: "acc_mag_skewness", "1", "biased skewness of the acceleration magnitude; NaN when constant"
            ) { s, _, _ in s.moments.skewness ?? .nan }
        case .kurtosis:
            return Entry(
                statistic: "acc_mag_kurtosis", "1",
                "biased excess kurtosis of the acceleration magnitude; NaN when constant"
            ) { s, _, _ in s.moments.kurtosis ?? .nan }
        case .meanCrossingRate:
            return Entry(
                statistic: "acc_mag_mean_crossing_rate", "1/s",
                "crossings of its window mean per second by the acceleration magnitude"
            ) { s, _, rate in s.meanCrossingFraction * rate }
        case .signalMagnitudeArea:
            return Entry("acc_sma", "g", "signal magnitude area: mean of |x| + |y| + |z|", input: .axes) {
                $0.signalMagnitudeArea
            }
        case .correlationXY:
            return Entry(
                "acc_corr_xy", "1", "Pearson correlation of the x and y axes; NaN when one is constant", input: .axes
            ) { $0.correlations.0 }
        case .correlationXZ:
            return Entry(
                "acc_corr_xz", "1", "Pearson correlation of the x and z axes; NaN when one is constant", input: .axes
            ) { $0.correlations.1 }
        case .correlationYZ:
            return Entry(
                "acc_corr_yz", "1", "Pearson correlation of the y and z axes; NaN when one is constant", input: .axes
            ) { $0.correlations.2 }
        case .jerkRootMeanSquare:
            return .jerk(
                "acc_mag_jerk_rms", "g/s", "root mean square of the magnitude's first difference times the sample rate")
        case .dominantFrequency:
            return Entry(
                "acc_mag_dominant_frequency", "Hz",
                "strongest spectral peak above DC (Gaussian interpolation); NaN when constant", input: .spectrum
            ) { $0.dominant?.frequency }
        case .gaitFrequency:
            return Entry(
                "acc_mag_gait_frequency", "Hz",
                "strongest spectral peak within \(Entry.gaitBandPlaceholder); NaN when constant",
                input: .spectrum
            ) { $0.gait?.frequency }
        case .gaitProminence:
            return Entry(
                "acc_mag_gait_prominence", "1",
                "power of the gait peak bin over the mean power of all bins above DC; NaN when constant",
                input: .spectrum
            ) { $0.gaitProminence }
        case .spectralEntropy:
            return Entry(
                "acc_mag_spectral_entropy", "1", "Shannon entropy of the power above DC divided by ln(bins)",
                input: .spectrum
            ) { $0.shape?.normalizedEntropy }
        case .spectralCentroid:
            return Entry(
                "acc_mag_spectral_centroid", "Hz", "power-weighted mean frequency above DC", input: .spectrum
            ) { $0.shape?.centroid }
        case .spectralFlatness:
            return Entry(
                "acc_mag_spectral_flatness", "1", "geometric over arithmetic mean of the power above DC",
                input: .spectrum
            ) { $0.shape?.flatness }
        case .bandPowerFractions:
            // The extractor reads each band's share from the spectrum (WindowValues.fraction).
            return Entry(
                "acc_mag_power", "1", "fraction of the power above DC in", input: .spectrum, columns: .powerBands
            ) { _ in nil }
        case .stepCount:
            return Entry(
                "gait_step_count", "steps",
                "steps the step detector's rules find in the window taken as its own context",
                input: .steps
            ) { $0.steps.map { Double($0.stepCount) } }
        case .stepCadence:
            return Entry(
                "gait_step_cadence", "steps/s",
                "(k − 1) over the time from the first to the last of the k detected steps; NaN below 2 steps",
                input: .steps
            ) { $0.steps?.cadence }
        case .autocorrelationCadence:
            return Entry(
                "gait_autocorrelation_cadence", "steps/s",
                "sample rate over the step lag of the low-passed magnitude's autocorrelation; NaN without a step peak",
                input: .steps
            ) { $0.steps?.regularity?.cadence }
        case .stepRegularity:
            return Entry(
                "gait_step_regularity", "1",
                "normalised autocorrelation at the step lag (−1…1); NaN without a step peak",
                input: .steps
            ) { $0.steps?.regularity?.stepRegularity }
        case .strideRegularity:
            return Entry(
                "gait_stride_regularity", "1",
                "largest normalised autocorrelation within ±15 % of twice the step lag (−1…1); "
                    + "NaN without a step peak or when the window cannot hold two steps",
                input: .steps
            ) { $0.steps?.regularity?.strideRegularity }
        case .gravitySway:
            return Entry(
                "acc_gravity_sway", "deg",
                "95th percentile of the angle between gravity's direction (axes averaged over 0.25 s) and its "
                    + "window mean; NaN when an axis is not finite",
                input: .gravityRotation
            ) { $0.gravityRotation?.sway }
        case .gravityStepCorrelation:
            return Entry(
                "acc_gravity_step_correlation", "1",
                "normalised autocorrelation of gravity's swing along its main axis at the magnitude's step lag "
                    + "(largest within ±10 %, −1…1); NaN without a step lag or without swing",
                input: .gravityRotation
            ) { $0.gravityRotation?.stepCorrelation }
        case .gyroscopeMean:
            return Entry(
                "gyro_mag_mean", "rad/s", "mean rotation-rate magnitude; NaN without a gyroscope", input: .rotationRate
            ) { $0.gyroscope?.mean }
        case .gyroscopeStandardDeviation:
            return Entry(
                "gyro_mag_std", "rad/s", "standard deviation of the rotation-rate magnitude; NaN without a gyroscope",
                input: .rotationRate
            ) { $0.gyroscope?.standardDeviation }
        case .gpsSpeed:
            return Entry(
                "gps_speed", "m/s",
                "Kalman-smoothed GPS speed at the window end; NaN before the first fix or without an estimate",
                input: .context
            ) { $0.context.gps.flatMap(\.speed) }
        case .gpsSpeedValid:
            return Entry(
                "gps_speed_valid", "0/1",
                "1 when the smoothed speed rests on a fix no older than the age limit; NaN before the first fix",
                input: .context
            ) { $0.context.gps.map { $0.isValid ? 1 : 0 } }
        case .gpsFixAge:
            return Entry(
                "gps_fix_age", "s", "seconds from the last accepted GPS fix to the window end; NaN when there is none",
                input: .context
            ) { $0.context.gps.flatMap(\.age) }
        case .pedometerCadence:
            return Entry(
                "pedometer_cadence", "steps/s", "latest pedometer cadence reported within the window; NaN when none",
                input: .context
            ) { $0.context.pedometerCadence }
        }
    }
}

/// The intermediate results of one window, from which every built-in column is read (by the
/// catalogue's ``BuiltinFeatureDefinition/value``).
struct WindowValues {
    var summary: WindowSummary?
    var correlations = (Double.nan, Double.nan, Double.nan)
    var signalMagnitudeArea = Double.nan
    var jerk = Double.nan
    var isSpectrumDefined = false
    var dominant: DominantFrequency?
    var gait: DominantFrequency?
    var shape: SpectralShape?
    var totalPower = 0.0
    var gaitProminence = Double.nan
    var steps: WindowStepAnalyzer.Result?
    var gravityRotation: GravityRotation.Result?
    var gyroscope: Moments?
    var context = WindowContext()

    /// The share of the power above DC in `bins`; NaN for a constant window or no power.
    func fraction(of bins: Range<Int>, in spectrum: Spectrum) -> Double {
        guard isSpectrumDefined, totalPower > 0 else { return .nan }
        return spectrum.power(inBins: bins) / totalPower
    }
}
