import LocomotionDSP

/// The features the extractor computes itself, in their default column order.
///
/// Time-domain and spectral features describe the acceleration magnitude `√(x² + y² + z²)` (g),
/// which does not depend on how the phone is held; the correlations and the signal magnitude
/// area use the three axes. The spectrum is computed once per window (Hann window, mean removed,
/// no padding) and shared by every spectral feature. The gait features come from a
/// ``WindowStepAnalyzer`` held by the extractor (the step detector's rules applied to the window
/// alone, and the autocorrelation of the low-passed window); a cadence or regularity that cannot
/// be measured is NaN.
/// Optional-stream features are NaN when their stream is absent. See `docs/Features.md` for
/// every definition.
public enum BuiltinFeature: String, Sendable, Hashable, CaseIterable, Codable {
    // Time domain, acceleration magnitude.
    /// `acc_mag_mean` (g): the mean of the acceleration magnitude.
    case mean
    /// `acc_mag_variance` (g²): the population variance of the acceleration magnitude.
    case variance
    /// `acc_mag_std` (g): the population standard deviation of the acceleration magnitude.
    case standardDeviation
    /// `acc_mag_rms` (g): the root mean square of the acceleration magnitude.
    case rootMeanSquare
    /// `acc_mag_min` (g): the smallest acceleration magnitude.
    case minimum
    /// `acc_mag_max` (g): the largest acceleration magnitude.
    case maximum
    /// `acc_mag_range` (g): the largest minus the smallest acceleration magnitude.
    case range
    /// `acc_mag_median` (g): the median of the acceleration magnitude.
    case median
    /// `acc_mag_iqr` (g): the 75th minus the 25th percentile (linear interpolation).
    case interquartileRange
    /// `acc_mag_mad` (g): the median absolute deviation from the median, unscaled.
    case medianAbsoluteDeviation
    /// `acc_mag_skewness` (1): the biased skewness; NaN for a constant window.
    case skewness
    /// `acc_mag_kurtosis` (1): the biased excess kurtosis; NaN for a constant window.
    case kurtosis
    /// `acc_mag_mean_crossing_rate` (1/s): crossings of the window's mean per second.
    case meanCrossingRate
    /// `acc_sma` (g): the signal magnitude area, the mean of |x| + |y| + |z|.
    case signalMagnitudeArea
    /// `acc_corr_xy` (1): the Pearson correlation of the x and y axes; NaN when one is constant.
    case correlationXY
    /// `acc_corr_xz` (1): the Pearson correlation of the x and z axes; NaN when one is constant.
    case correlationXZ
    /// `acc_corr_yz` (1): the Pearson correlation of the y and z axes; NaN when one is constant.
    case correlationYZ
    /// `acc_mag_jerk_rms` (g/s): the root mean square of the magnitude's rate of change.
    case jerkRootMeanSquare
    // Frequency domain, acceleration magnitude, one spectrum per window.
    /// `acc_mag_dominant_frequency` (Hz): the strongest spectral peak above DC.
    case dominantFrequency
    /// `acc_mag_gait_frequency` (Hz): the strongest spectral peak in ``FeatureConfiguration/gaitBand``.
    case gaitFrequency
    /// `acc_mag_gait_prominence` (1): the gait peak's power over the mean power above DC.
    case gaitProminence
    /// `acc_mag_spectral_entropy` (1): the Shannon entropy of the power above DC over ln(bins).
    case spectralEntropy
    /// `acc_mag_spectral_centroid` (Hz): the power-weighted mean frequency above DC.
    case spectralCentroid
    /// `acc_mag_spectral_flatness` (1): the geometric over the arithmetic mean of the power.
    case spectralFlatness
    /// One column per band of ``FeatureConfiguration/powerBands``.
    case bandPowerFractions
    // Gait, acceleration magnitude: the step detector's rules applied to the window alone, and
    // the low-passed window's autocorrelation.
    /// `gait_step_count` (steps): the steps the step detector's rules find in the window alone.
    case stepCount
    /// `gait_step_cadence` (steps/s): (k − 1) over the time from the first to the last of k steps.
    case stepCadence
    /// `gait_autocorrelation_cadence` (steps/s): the rate over the autocorrelation's step lag.
    case autocorrelationCadence
    /// `gait_step_regularity` (−1…1): the normalised autocorrelation at the step lag.
    case stepRegularity
    /// `gait_stride_regularity` (−1…1): the normalised autocorrelation near twice the step lag.
    case strideRegularity
    // Optional streams.
    /// `gyro_mag_mean` (rad/s): the mean rotation-rate magnitude; NaN without a gyroscope.
    case gyroscopeMean
    /// `gyro_mag_std` (rad/s): the rotation-rate magnitude's standard deviation.
    case gyroscopeStandardDeviation
    /// `gps_speed` (m/s): the Kalman-smoothed GPS speed at the window's end.
    case gpsSpeed
    /// `gps_speed_valid` (0/1): 1 when the smoothed speed rests on a recent enough fix.
    case gpsSpeedValid
    /// `gps_fix_age` (s): the time from the last accepted GPS fix to the window's end.
    case gpsFixAge
    /// `pedometer_cadence` (steps/s): the latest pedometer cadence reported within the window.
    case pedometerCadence

    /// The feature's position in `allCases` (a constant where the case is known).
    @inline(__always)
    var ordinal: Int {
        switch self {
        case .mean: return 0
        case .variance: return 1
        case .standardDeviation: return 2
        case .rootMeanSquare: return 3
        case .minimum: return 4
        case .maximum: return 5
        case .range: return 6
        case .median: return 7
        case .interquartileRange: return 8
        case .medianAbsoluteDeviation: return 9
        case .skewness: return 10
        case .kurtosis: return 11
        case .meanCrossingRate: return 12
        case .signalMagnitudeArea: return 13
        case .correlationXY: return 14
        case .correlationXZ: return 15
        case .correlationYZ: return 16
        case .jerkRootMeanSquare: return 17
        case .dominantFrequency: return 18
        case .gaitFrequency: return 19
        case .gaitProminence: return 20
        case .spectralEntropy: return 21
        case .spectralCentroid: return 22
        case .spectralFlatness: return 23
        case .bandPowerFractions: return 24
        case .stepCount: return 25
        case .stepCadence: return 26
        case .autocorrelationCadence: return 27
        case .stepRegularity: return 28
        case .strideRegularity: return 29
        case .gyroscopeMean: return 30
        case .gyroscopeStandardDeviation: return 31
        case .gpsSpeed: return 32
        case .gpsSpeedValid: return 33
        case .gpsFixAge: return 34
        case .pedometerCadence: return 35
        }
    }

    /// Whether the feature is read from the magnitude's spectrum.
    public var isSpectral: Bool {
        switch self {
        case .dominantFrequency, .gaitFrequency, .gaitProminence, .spectralEntropy, .spectralCentroid,
            .spectralFlatness, .bandPowerFractions:
            return true
        default:
            return false
        }
    }

    /// Whether the feature is read from the window's ``WindowStepAnalyzer`` result.
    public var isGait: Bool {
        switch self {
        case .stepCount, .stepCadence, .autocorrelationCadence, .stepRegularity, .strideRegularity:
            return true
        default:
            return false
        }
    }

    /// The features that are statistics of one series, which ``FeatureConfiguration/axisFeatures``
    /// can also compute per acceleration axis (`acc_x_mean`, ...).
    public static let perAxisStatistics: [BuiltinFeature] = [
        .mean, .standardDeviation, .rootMeanSquare, .minimum, .maximum, .range, .median, .interquartileRange,
        .medianAbsoluteDeviation, .skewness, .kurtosis, .meanCrossingRate, .jerkRootMeanSquare,
    ]

    /// This statistic's value for a series with `summary` and jerk RMS `jerk`, sampled at
    /// `sampleRate` Hz; `nil` for a feature that is not one of ``perAxisStatistics``.
    @inline(__always)
    func statisticValue(from summary: WindowSummary, jerk: Double, sampleRate: Double) -> Double? {
        switch self {
        case .mean: return summary.moments.mean
        case .standardDeviation: return summary.moments.standardDeviation
        case .rootMeanSquare: return summary.rootMeanSquare
        case .minimum: return summary.minimum
        case .maximum: return summary.maximum
        case .range: return summary.range
        case .median: return summary.median
        case .interquartileRange: return summary.interquartileRange
        case .medianAbsoluteDeviation: return summary.medianAbsoluteDeviation
        case .skewness: return summary.moments.skewness ?? .nan
        case .kurtosis: return summary.moments.kurtosis ?? .nan
        case .meanCrossingRate: return summary.meanCrossingFraction * sampleRate
        case .jerkRootMeanSquare: return jerk
        default: return nil
        }
    }

    /// The column of this statistic computed on one acceleration axis (`x`, `y` or `z`): the
    /// magnitude's name with `mag` replaced by the axis, the same unit.
    func axisDescriptor(axis: String, _ configuration: FeatureConfiguration) -> FeatureDescriptor {
        let magnitude = descriptors(configuration)[0]
        return FeatureDescriptor(
            name: magnitude.name.replacingOccurrences(of: "acc_mag_", with: "acc_\(axis)_"), unit: magnitude.unit,
            summary: magnitude.summary.replacingOccurrences(of: "the acceleration magnitude", with: "the \(axis) axis")
                .replacingOccurrences(of: "the magnitude's", with: "the \(axis) axis's"))
    }

    /// The feature's columns (one, except ``bandPowerFractions``) under `configuration`.
    func descriptors(_ configuration: FeatureConfiguration) -> [FeatureDescriptor] {
        func one(_ name: String, _ unit: String, _ summary: String) -> [FeatureDescriptor] {
            [FeatureDescriptor(name: name, unit: unit, summary: summary)]
        }
        let gait =
            "\(Self.label(configuration.gaitBand.lowerBound))–\(Self.label(configuration.gaitBand.upperBound)) Hz"
        switch self {
        case .mean: return one("acc_mag_mean", "g", "mean of the acceleration magnitude")
        case .variance:
            return one("acc_mag_variance", "g²", "population variance of the acceleration magnitude")
        case .standardDeviation:
            return one("acc_mag_std", "g", "population standard deviation of the acceleration magnitude")
        case .rootMeanSquare: return one("acc_mag_rms", "g", "root mean square of the acceleration magnitude")
        case .minimum: return one("acc_mag_min", "g", "smallest acceleration magnitude")
        case .maximum: return one("acc_mag_max", "g", "largest acceleration magnitude")
        case .range: return one("acc_mag_range", "g", "largest minus smallest acceleration magnitude")
        case .median: return one("acc_mag_median", "g", "median of the acceleration magnitude")
        case .interquartileRange:
            return one("acc_mag_iqr", "g", "75th minus 25th percentile (linear) of the acceleration magnitude")
        case .medianAbsoluteDeviation:
            return one("acc_mag_mad", "g", "median absolute deviation (unscaled) of the acceleration magnitude")
        case .skewness:
            return one("acc_mag_skewness", "1", "biased skewness of the acceleration magnitude; NaN when constant")
        case .kurtosis:
            return one(
                "acc_mag_kurtosis", "1", "biased excess kurtosis of the acceleration magnitude; NaN when constant")
        case .meanCrossingRate:
            return one(
                "acc_mag_mean_crossing_rate", "1/s",
                "crossings of its window mean per second by the acceleration magnitude")
        case .signalMagnitudeArea:
            return one("acc_sma", "g", "signal magnitude area: mean of |x| + |y| + |z|")
        case .correlationXY:
            return one("acc_corr_xy", "1", "Pearson correlation of the x and y axes; NaN when one is constant")
        case .correlationXZ:
            return one("acc_corr_xz", "1", "Pearson correlation of the x and z axes; NaN when one is constant")
        case .correlationYZ:
            return one("acc_corr_yz", "1", "Pearson correlation of the y and z axes; NaN when one is constant")
        case .jerkRootMeanSquare:
            return one(
                "acc_mag_jerk_rms", "g/s", "root mean square of the magnitude's first difference times the sample rate")
        case .dominantFrequency:
            return one(
                "acc_mag_dominant_frequency", "Hz",
                "strongest spectral peak above DC (Gaussian interpolation); NaN when constant")
        case .gaitFrequency:
            return one("acc_mag_gait_frequency", "Hz", "strongest spectral peak within \(gait); NaN when constant")
        case .gaitProminence:
            return one(
                "acc_mag_gait_prominence", "1",
                "power of the gait peak bin over the mean power of all bins above DC; NaN when constant")
        case .spectralEntropy:
            return one("acc_mag_spectral_entropy", "1", "Shannon entropy of the power above DC divided by ln(bins)")
        case .spectralCentroid:
            return one("acc_mag_spectral_centroid", "Hz", "power-weighted mean frequency above DC")
        case .spectralFlatness:
            return one("acc_mag_spectral_flatness", "1", "geometric over arithmetic mean of the power above DC")
        case .bandPowerFractions:
            return configuration.powerBands.map { band in
                FeatureDescriptor(
                    name:
                        "acc_mag_power_\(Self.label(band.lowerBound, separator: "p"))_\(Self.label(band.upperBound, separator: "p"))hz",
                    unit: "1",
                    summary:
                        "fraction of the power above DC in \(Self.label(band.lowerBound))–\(Self.label(band.upperBound)) Hz "
                        + "(within Nyquist; NaN when the band is above it)")
            }
        case .stepCount:
            return one(
                "gait_step_count", "steps",
                "steps the step detector's rules find in the window taken as its own context")
        case .stepCadence:
            return one(
                "gait_step_cadence", "steps/s",
                "(k − 1) over the time from the first to the last of the k detected steps; NaN below 2 steps")
        case .autocorrelationCadence:
            return one(
                "gait_autocorrelation_cadence", "steps/s",
                "sample rate over the step lag of the low-passed magnitude's autocorrelation; NaN without a step peak")
        case .stepRegularity:
            return one(
                "gait_step_regularity", "1",
                "normalised autocorrelation at the step lag (−1…1); NaN without a step peak")
        case .strideRegularity:
            return one(
                "gait_stride_regularity", "1",
                "largest normalised autocorrelation within ±15 % of twice the step lag (−1…1); "
                    + "NaN without a step peak or when the window cannot hold two steps")
        case .gyroscopeMean:
            return one("gyro_mag_mean", "rad/s", "mean rotation-rate magnitude; NaN without a gyroscope")
        case .gyroscopeStandardDeviation:
            return one(
                "gyro_mag_std", "rad/s", "standard deviation of the rotation-rate magnitude; NaN without a gyroscope")
        case .gpsSpeed:
            return one(
                "gps_speed", "m/s",
                "Kalman-smoothed GPS speed at the window end; NaN before the first fix or without an estimate")
        case .gpsSpeedValid:
            return one(
                "gps_speed_valid", "0/1",
                "1 when the smoothed speed rests on a fix no older than the age limit; NaN before the first fix")
        case .gpsFixAge:
            return one(
                "gps_fix_age", "s", "seconds from the last accepted GPS fix to the window end; NaN when there is none")
        case .pedometerCadence:
            return one(
                "pedometer_cadence", "steps/s", "latest pedometer cadence reported within the window; NaN when none")
        }
    }

    /// `2.5` → `2.5`, `3.0` → `3`; with a separator, `0.3` → `0p3` (for names).
    static func label(_ value: Double, separator: String = ".") -> String {
        let text = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        return text.replacingOccurrences(of: ".", with: separator)
    }
}
