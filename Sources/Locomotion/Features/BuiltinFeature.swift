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
    /// `acc_mag_dominant_frequency` (Hz): the strongest spectral peak above DC, refined by
    /// Gaussian interpolation of the spectrum (`PeakInterpolation.gaussian`). The functions
    /// `dominantFrequency(samples:sampleRate:)` and `findDominantFrequency(in:sampleRate:options:)`
    /// refine by a sinusoid fit by default, so they can differ from this column by a fraction
    /// of a bin; ask them for `.gaussian` to get this value.
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
    // Gravity's direction in the phone's frame (needs acceleration with gravity).
    /// `acc_gravity_sway` (°): how far gravity's direction (each axis averaged over 0.25 s) strays
    /// from the window's mean direction, the 95th percentile of the angle.
    case gravitySway
    /// `acc_gravity_step_correlation` (−1…1): the normalised autocorrelation of gravity's swing at
    /// the magnitude's step lag (the largest within ±10 %): near 1 when the phone turns once per
    /// period of the magnitude (a thigh pedalling), low or negative when once per two (a thigh
    /// walking); NaN without a step lag or without swing.
    case gravityStepCorrelation
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

    /// Whether the feature is read from the magnitude's spectrum.
    public var isSpectral: Bool { definition.input == .spectrum }

    /// Whether the feature is read from the window's ``WindowStepAnalyzer`` result.
    public var isGait: Bool { definition.input == .steps }

    /// The features that are statistics of one series, which ``FeatureConfiguration/axisFeatures``
    /// can also compute per acceleration axis (`acc_x_mean`, ...), in `allCases` order: those
    /// whose catalogue entry has a per-series statistic.
    public static let perAxisStatistics: [BuiltinFeature] = allCases.filter { $0.definition.statistic != nil }

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
        let definition = definition
        guard definition.columns == .powerBands else {
            // Only a summary with a "{" can hold the placeholder: the others skip Foundation's
            // bridged replace, most of the time `schema(sampleRate:)` took (made per batch extraction).
            guard definition.summary.utf8.contains(UInt8(ascii: "{")) else {
                return [FeatureDescriptor(name: definition.name, unit: definition.unit, summary: definition.summary)]
            }
            let gait =
                "\(Self.label(configuration.gaitBand.lowerBound))–\(Self.label(configuration.gaitBand.upperBound)) Hz"
            return [
                FeatureDescriptor(
                    name: definition.name, unit: definition.unit,
                    summary: definition.summary.replacingOccurrences(
                        of: BuiltinFeatureDefinition.gaitBandPlaceholder, with: gait))
            ]
        }
        return configuration.powerBands.map { band in
            let lower = band.lowerBound
            let upper = band.upperBound
            return FeatureDescriptor(
                name: columnName(band: band),
                unit: definition.unit,
                summary: "\(definition.summary) \(Self.label(lower))–\(Self.label(upper)) Hz "
                    + "(within Nyquist; NaN when the band is above it)")
        }
    }

    /// The name of this feature's column, from the catalogue; for ``bandPowerFractions``, the
    /// column of `band` (Hz, `acc_mag_power_0p3_3hz` for 0.3–3 Hz). The module names built-in
    /// columns through this rather than as strings, so a renamed column is renamed everywhere.
    func columnName(band: ClosedRange<Double>? = nil) -> String {
        guard let band else { return definition.name }
        let lower = Self.label(band.lowerBound, separator: "p")
        let upper = Self.label(band.upperBound, separator: "p")
        return "\(definition.name)_\(lower)_\(upper)hz"
    }

    /// The column names of `features`, in order (single-column features).
    static func columnNames(_ features: [BuiltinFeature]) -> [String] { features.map { $0.columnName() } }

    /// `2.5` → `2.5`, `3.0` → `3`; with a separator, `0.3` → `0p3` (for names).
    static func label(_ value: Double, separator: String = ".") -> String {
        let text = value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        guard text.utf8.contains(UInt8(ascii: ".")) else { return text }
        return text.replacingOccurrences(of: ".", with: separator)
    }
}
