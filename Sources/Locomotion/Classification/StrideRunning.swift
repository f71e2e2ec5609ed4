/// Running read from the stride when the magnitude's rhythm has locked onto it: a cadence that a
/// phone clipping at ±2 g keeps.
///
/// In a trouser pocket the two legs' steps differ (the phone rides on one thigh), so the acceleration
/// magnitude can repeat once per stride, two steps, rather than once per step. Its autocorrelation
/// cadence (`gait_autocorrelation_cadence`) is then half the step rate, and the step detector, fed the
/// same rhythm, counts strides: a 3.1 steps/s jog reads 1.5 /s, a walking cadence. The spectrum still
/// peaks at every step: the magnitude's dominant frequency (`acc_mag_dominant_frequency`) is twice the
/// stride's. When it is (within ``harmonicTolerance``) and that step rate, twice the stride's, is a
/// running one (at least the rules' running cadence), the window is running, given the vigour of
/// running: a magnitude whose standard deviation and interquartile range reach ``deviation`` and
/// ``spread``. A walking stride of 0.8–1.15 /s doubles to 1.6–2.3 steps/s, under the running cadence;
/// cadence and the dominant frequency are timings, which clipping at ±2 g does not move.
///
/// Measured per window on the shared recordings (`docs/Accuracy.md`, "Clipped running"): MotionSense
/// jogging clipped at ±2 g 22 windows more running, one window of all the walking, standing, sitting,
/// cycling and vehicle windows of every other source turned running (a TMD walk).
@_spi(Testing) public enum StrideRunning {
    /// The columns read (optional: a schema without them never sees this rule fire).
    static let columnNames = BuiltinFeature.columnNames([.dominantFrequency, .interquartileRange])
    /// The stride cadences (per second) read as a locked stride: a running stride of 1.1–1.7 /s
    /// (2.2–3.4 steps/s).
    static let strideCadence = 1.1...1.7
    /// How far (as a fraction) the dominant frequency may stray from twice the stride cadence.
    static let harmonicTolerance = 0.1
    /// The least standard deviation of the magnitude (g): MotionSense's pocket walking reaches 0.65 g
    /// at its 95th percentile when clipped at ±2 g, its jogging 0.64 g at its 5th.
    static let deviation = 0.5
    /// The least interquartile range of the magnitude (g).
    static let spread = 0.8

    /// Whether a gait window is running by its locked stride. NaN never is.
    ///
    /// - Parameters:
    ///   - autocorrelationCadence: `gait_autocorrelation_cadence` (per second).
    ///   - dominantFrequency: `acc_mag_dominant_frequency` (Hz).
    ///   - deviation: `acc_mag_std` (g).
    ///   - interquartileRange: `acc_mag_iqr` (g).
    ///   - runningCadence: The step rate (steps/s) above which gait is running.
    @_spi(Testing) public static func isRunning(
        autocorrelationCadence: Double, dominantFrequency: Double, deviation: Double, interquartileRange: Double,
        runningCadence: Double
    ) -> Bool {
        let steps = 2 * autocorrelationCadence
        return strideCadence.contains(autocorrelationCadence) && steps >= runningCadence
            && abs(dominantFrequency - steps) <= harmonicTolerance * steps && deviation >= Self.deviation
            && interquartileRange >= spread
    }
}
