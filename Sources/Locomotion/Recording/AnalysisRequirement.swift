/// What an analysis needs of a recording beyond acceleration, so that a recording without it
/// skips that analysis with a note instead of being refused (docs/RecordingFormat.md).
public enum AnalysisRequirement: String, Sendable, Hashable, CaseIterable {
    /// Gravity in the acceleration: the device's orientation, |a| around 1 g, the features of the
    /// acceleration magnitude, step detection on the magnitude.
    case gravity
    /// The gait band (steps and cadence up to 2.5 steps/s and their harmonics): a rate of at
    /// least ``Recording/gaitSampleRates``' lower bound (10 Hz).
    case gaitBand = "gait-band"

    /// Why a recording that lacks this is skipped for it, for notes.
    public var explanation: String {
        switch self {
        case .gravity:
            return "the acceleration has gravity removed: the features of |a| (around 1 g), orientation "
                + "and step detection need gravity and are skipped (missing, NaN)"
        case .gaitBand:
            return "the sample rate is below 10 Hz: step detection, cadence and the gait-frequency features "
                + "need the gait band and are skipped (missing, NaN)"
        }
    }
}
