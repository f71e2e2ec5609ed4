/// What each built-in feature needs of the recording beyond acceleration (docs/RecordingFormat.md,
/// "Gravity"), so that an extractor for gravity-removed or low-rate input leaves exactly the
/// features it cannot compute missing.
extension BuiltinFeature {
    /// What the feature needs as a column of the magnitude (or of the axes, or the context).
    ///
    /// - Every feature of the acceleration magnitude needs ``AnalysisRequirement/gravity``: |a|
    ///   of the acceleration including gravity is about 1 g plus the acceleration along gravity,
    ///   while the magnitude of a gravity-removed vector is a different, rectified quantity (a
    ///   vertical bounce at *f* shows at 2*f*), so no column of it may stand in for them.
    /// - The signal magnitude area (mean of |x| + |y| + |z|) needs gravity for the same reason.
    /// - The axis correlations do not: a correlation ignores a constant added to either axis, and
    ///   gravity is constant on the device's axes while the device does not turn.
    /// - Gravity's sway and step correlation read gravity's direction, so they need it; the step
    ///   correlation also needs the step lag (the gait band).
    /// - The gyroscope, GPS and pedometer features need neither.
    /// - The gait features (steps, cadences, regularities, the gait-band peak) also need the gait
    ///   band (``AnalysisRequirement/gaitBand``: 10 Hz or more).
    ///
    /// - Complexity: O(1).
    public var requirements: Set<AnalysisRequirement> {
        switch definition.input {
        case .rotationRate, .context: return []
        case .axes: return self == .signalMagnitudeArea ? [.gravity] : []
        case .steps: return [.gravity, .gaitBand]
        case .gravityRotation: return self == .gravitySway ? [.gravity] : [.gravity, .gaitBand]
        case .magnitude, .magnitudeSummary, .spectrum:
            return self == .gaitFrequency || self == .gaitProminence ? [.gravity, .gaitBand] : [.gravity]
        }
    }

    /// What the feature needs computed on one acceleration axis
    /// (``FeatureConfiguration/axisFeatures``): nothing for the statistics that a constant offset
    /// leaves unchanged (standard deviation, variance, range, interquartile range, median absolute
    /// deviation, skewness, kurtosis, mean-crossing rate, jerk), which are the same with gravity or
    /// without it while the device does not turn; ``AnalysisRequirement/gravity`` for those that
    /// carry the offset (mean, root mean square, minimum, maximum, median).
    ///
    /// - Complexity: O(1).
    public var perAxisRequirements: Set<AnalysisRequirement> {
        switch self {
        case .mean, .rootMeanSquare, .minimum, .maximum, .median: return [.gravity]
        default: return []
        }
    }
}
