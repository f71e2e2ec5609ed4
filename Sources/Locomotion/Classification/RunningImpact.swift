/// Running told from walking by how far the middle of the stride's acceleration strays from 1 g,
/// a measure that a phone clipping at ±2 g keeps.
///
/// Running alternates flight (the body in free fall, |a| near 0 g) with stance (2–3 g and more), so
/// the middle half of the window's acceleration magnitude spreads widely: its interquartile range
/// (`acc_mag_iqr`) exceeds ``spread``. Walking keeps a foot on the ground and stays below it. Clipping
/// at ±2 g per axis flattens the peaks, and with them the magnitude's maximum, range and standard
/// deviation, but moves the quartiles little, because fewer than a quarter of the samples are clipped.
/// A cadence of at least ``cadence`` (from the detected steps or the autocorrelation) keeps slow,
/// jolting motion out.
///
/// Measured per window on the shared recordings (`Benchmarks/activities`): the 99.5th percentile of
/// walking (trouser pockets, hands, bags, armbands and a waist phone, clipped or not) is 1.03 g;
/// pocket jogging clipped at ±2 g has a median of 1.28 g and 96 % of its windows above that percentile.
/// Slower jogging in flat shoes and walking on a foot-mounted sensor overlap it; a phone is not on a foot.
@_spi(Testing) public enum RunningImpact {
    /// The columns read (optional: a schema without them never sees this rule fire).
    static let columnNames = BuiltinFeature.columnNames([.interquartileRange])
    /// The interquartile range of the acceleration magnitude (g) above which gait is running.
    static let spread = 1.1
    /// The lowest cadence (steps/s) at which the spread counts as running.
    static let cadence = 2.0

    /// Whether a gait window with this spread and these cadences is running. NaN never is.
    ///
    /// - Parameters:
    ///   - interquartileRange: `acc_mag_iqr` (g).
    ///   - stepCadence: `gait_step_cadence` (steps/s), NaN without steps.
    ///   - autocorrelationCadence: `gait_autocorrelation_cadence` (steps/s).
    @_spi(Testing) public static func isRunning(
        interquartileRange: Double, stepCadence: Double, autocorrelationCadence: Double
    ) -> Bool {
        interquartileRange >= spread && (stepCadence >= cadence || autocorrelationCadence >= cadence)
    }
}
