/// Pedalling told from walking by how a phone on the thigh turns: once per period of the
/// acceleration magnitude when pedalling, once per two when walking.
///
/// A thigh on a bicycle rises and falls once per crank revolution, and each revolution is one period
/// of the magnitude, so gravity's swing in the phone's frame repeats at the magnitude's step lag
/// (`acc_gravity_step_correlation` near 1). A walking thigh swings once per stride of two steps, half
/// a stride out of phase at the step lag (low or negative). A pedal stroke is a broad push without an
/// impact, so the magnitude's peaks are no sharper than its troughs (`acc_mag_skewness` below
/// ``skewness``), where every step of walking or climbing stairs lands with a brief peak (positive
/// skewness): a waist phone climbing stairs pitches once per step and would otherwise pass. The swing
/// must also be visible
/// (`acc_gravity_sway` of at least ``sway`` degrees) and the period a pedalling one (``cadence``); the
/// rules apply it only to a periodic, vigorous window without detected steps (rule 4 of
/// ``FeatureRuleClassifier``). It reads the phone's own turning, not its orientation, so it needs
/// neither the thigh's axis in the phone's frame (which Acti4, Skotte et al. 2014, takes from a
/// strapped sensor) nor a placement read from the whole recording.
///
/// Measured per window on the shared recordings (`docs/Accuracy.md`, "Cycling on the thigh").
@_spi(Testing) public enum ThighPedalling {
    /// The columns read (optional: a schema without them never sees this rule fire).
    static let columnNames = BuiltinFeature.columnNames([.gravitySway, .gravityStepCorrelation, .skewness])
    /// The least sway (degrees) of a turning thigh at any pedalling ``cadence``: above the 12° up to
    /// which a phone sways when it is not on the thigh (``PhonePlacementEstimate/elsewhereSway``), so
    /// that a waist or a hand, whose turning can also repeat at the step lag, is left out.
    static let sway = PhonePlacementEstimate.elsewhereSway
    /// The least autocorrelation of the swing at the step lag.
    @_spi(Testing) public static let stepCorrelation = 0.7
    /// A weaker turning (at least ``gentleSway`` degrees, correlation at least
    /// ``gentleStepCorrelation``) counts below ``gentleCadence``'s upper bound: a pedalling thigh
    /// sways 8–25° in a 2.56 s window (a quarter of HuGaDB's periodic windows 8–12°), and a waist phone
    /// turning as much once per step walks at 1.5–1.6 steps/s (UCI HAPT, TMD), above that bound.
    @_spi(Testing) public static let gentleSway = 8.0
    /// The least step correlation of a weaker turning.
    static let gentleStepCorrelation = 0.6
    /// The revolutions per second (48–87 rpm) at which a weaker turning counts.
    static let gentleCadence = 0.8...1.45
    /// The magnitude's skewness below which a window has no impacts.
    static let skewness = 0.0
    /// Crank revolutions per second (48–96 rpm): recreational pedalling, below the cadence of most
    /// walking (at 1.6–1.8 steps/s a waist phone walking on stairs can repeat its turning at the
    /// step lag).
    static let cadence = 0.8...1.6

    /// Whether a window with this sway, step correlation, skewness and autocorrelation cadence is
    /// pedalling on a thigh. NaN never is.
    ///
    /// - Parameters:
    ///   - sway: `acc_gravity_sway` (degrees).
    ///   - stepCorrelation: `acc_gravity_step_correlation` (−1…1).
    ///   - skewness: `acc_mag_skewness` (1).
    ///   - autocorrelationCadence: `gait_autocorrelation_cadence` (per second).
    @_spi(Testing) public static func isPedalling(
        sway: Double, stepCorrelation: Double, skewness: Double, autocorrelationCadence: Double
    ) -> Bool {
        guard skewness < Self.skewness else { return false }
        let clear =
            sway >= Self.sway && stepCorrelation >= Self.stepCorrelation && cadence.contains(autocorrelationCadence)
        let gentle =
            sway >= gentleSway && stepCorrelation >= gentleStepCorrelation
            && gentleCadence.contains(autocorrelationCadence)
        return clear || gentle
    }
}
