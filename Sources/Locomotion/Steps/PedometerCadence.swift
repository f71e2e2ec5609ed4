/// Cadence from pedometer readings (`CMPedometerData`'s `currentCadence` and `currentPace`).
///
/// A fallback of `1 / currentPace` is wrong: pace is seconds per **metre**, so
/// `1 / pace` is a speed in m/s, not steps/s. With a stride length *L* (metres per step):
///
///     cadence (steps/s) = speed / L = 1 / (pace · L)
///
/// A pace of 0.8 s/m (1.25 m/s) with 0.75 m steps is 1.67 steps/s, where `1 / pace` claims 1.25.
public enum PedometerCadence {
    /// The default step length, 0.75 m: a typical adult step (the distance from one heel strike
    /// to the other foot's heel strike; the 0.75 m often quoted as an average adult "stride").
    public static let defaultStepLength = 0.75

    /// Converts a pace to a cadence.
    ///
    /// - Parameters:
    ///   - pace: Seconds per metre; finite and positive.
    ///   - stepLength: Metres per step; finite and positive; 0.75 by default.
    /// - Returns: Steps per second.
    /// - Throws: `LocomotionError.invalidParameter` for a pace or step length that is not finite
    ///   and positive.
    /// - Complexity: O(1).
    public static func cadence(fromPace pace: Double, stepLength: Double = defaultStepLength) throws(LocomotionError)
        -> Double
    {
        guard pace.isFinite, pace > 0 else {
            throw .invalidParameter(name: "pace", value: "\(pace)", requirement: "it must be finite and positive (s/m)")
        }
        guard stepLength.isFinite, stepLength > 0 else {
            throw .invalidParameter(
                name: "stepLength", value: "\(stepLength)", requirement: "it must be finite and positive (m)")
        }
        return 1 / (pace * stepLength)
    }

    /// The cadence of one pedometer reading: `currentCadence` when present (it is steps/s
    /// already), else the pace converted with `stepLength`, else `nil`.
    ///
    /// - Parameters:
    ///   - currentCadence: Steps per second, or `nil`; must be finite and not negative.
    ///   - currentPace: Seconds per metre, or `nil`.
    ///   - stepLength: Metres per step; 0.75 by default.
    /// - Throws: `LocomotionError.invalidParameter` for a negative or non-finite cadence, or as
    ///   ``cadence(fromPace:stepLength:)`` when the pace is used.
    /// - Complexity: O(1).
    public static func cadence(
        currentCadence: Double?, currentPace: Double?, stepLength: Double = defaultStepLength
    ) throws(LocomotionError) -> Double? {
        if let currentCadence {
            guard currentCadence.isFinite, currentCadence >= 0 else {
                throw .invalidParameter(
                    name: "currentCadence", value: "\(currentCadence)",
                    requirement: "it must be finite and at least 0 (steps/s)")
            }
            return currentCadence
        }
        guard let currentPace else { return nil }
        return try cadence(fromPace: currentPace, stepLength: stepLength)
    }
}
