/// A scalar Kalman filter for GPS speed with a random-walk model (R. E. Kalman, "A New Approach to
/// Linear Filtering and Prediction Problems", J. Basic Engineering 82 (1960) 35–45; G. Welch and
/// G. Bishop, "An Introduction to the Kalman Filter", UNC-Chapel Hill TR 95-041), the form common in
/// mobile apps: one update per fix, with fixed noises.
///
/// Each ``update(measurement:)`` predicts `P⁻ = P + q`, computes the gain `K = P⁻ / (P⁻ + r)`, moves
/// the estimate by `K·(z − x)` and sets `P = (1 − K)·P⁻`; the error covariance starts at 1.0.
/// The filter does not know how much time passed between measurements, cannot tell a fix's
/// accuracy, and follows every spike in part (a 10 m/s multipath spike moves the driving preset's
/// steady-state estimate by about 6 m/s). ``SpeedKalmanFilter`` is the recommended smoother;
/// this type exists for code that expects the simple filter and as the baseline in the accuracy
/// tests.
///
/// It is a value type: a filter that is updated is a `var`.
///
/// ```swift
/// var speedFilter = KalmanFilter(initial: 0, processNoise: 0.05, measurementNoise: 0.5)
/// let filteredSpeed = speedFilter.update(measurement: max(0, fix.speed))
/// ```
public struct KalmanFilter: Sendable, Equatable {
    /// The current estimate, in the unit of the measurements (m/s for speeds).
    public private(set) var estimate: Double
    /// The estimate's error variance (unit²); 1.0 before the first update.
    public private(set) var errorCovariance: Double
    /// Variance added at each update, `q`: higher values follow changes faster.
    public let processNoise: Double
    /// The measurements' variance, `r`: higher values smooth more.
    public let measurementNoise: Double

    /// Creates a filter.
    ///
    /// - Parameters:
    ///   - initial: The starting estimate.
    ///   - processNoise: `q` ≥ 0 (unit²); 0.1 by default.
    ///   - measurementNoise: `r` ≥ 0 (unit²); 1.0 by default.
    /// - Precondition: All three are finite, both noises are non-negative and `q + r > 0` (with
    ///   both zero the gain becomes 0/0). For values that come from users, call
    ///   ``init(validatingInitial:processNoise:measurementNoise:)`` instead.
    /// - Complexity: O(1).
    public init(initial: Double, processNoise: Double = 0.1, measurementNoise: Double = 1.0) {
        precondition(
            Self.requirementViolated(initial: initial, processNoise: processNoise, measurementNoise: measurementNoise)
                == nil, "KalmanFilter needs finite parameters, non-negative noises and q + r > 0")
        estimate = initial
        errorCovariance = 1.0
        self.processNoise = processNoise
        self.measurementNoise = measurementNoise
    }

    /// Creates a filter from parameters that may be invalid.
    ///
    /// - Parameters: As ``init(initial:processNoise:measurementNoise:)``.
    /// - Throws: `LocomotionError.invalidParameter` naming the parameter that breaks the precondition.
    /// - Complexity: O(1).
    public init(validatingInitial initial: Double, processNoise: Double = 0.1, measurementNoise: Double = 1.0)
        throws(LocomotionError)
    {
        if let (name, value, requirement) = Self.requirementViolated(
            initial: initial, processNoise: processNoise, measurementNoise: measurementNoise)
        {
            throw .invalidParameter(name: name, value: "\(value)", requirement: requirement)
        }
        self.init(initial: initial, processNoise: processNoise, measurementNoise: measurementNoise)
    }

    /// The walking preset: `q = 0.05`, `r = 0.3` (walking speed changes slowly).
    ///
    /// - Parameter initial: The starting estimate in m/s; 0 by default.
    public static func walking(initial: Double = 0) -> KalmanFilter {
        KalmanFilter(initial: initial, processNoise: 0.05, measurementNoise: 0.3)
    }

    /// The driving preset: `q = 0.5`, `r = 0.5` (a vehicle's speed changes faster).
    ///
    /// - Parameter initial: The starting estimate in m/s; 0 by default.
    public static func driving(initial: Double = 0) -> KalmanFilter {
        KalmanFilter(initial: initial, processNoise: 0.5, measurementNoise: 0.5)
    }

    /// Folds in one measurement and returns the new estimate.
    ///
    /// - Parameter measurement: The measured value. A NaN or infinite measurement is ignored and
    ///   the current estimate returned, because the update would otherwise turn the estimate into
    ///   NaN for good; finite measurements follow the update above exactly.
    /// - Returns: The updated estimate.
    /// - Complexity: O(1).
    @discardableResult
    public mutating func update(measurement: Double) -> Double {
        guard measurement.isFinite else { return estimate }
        // Predict
        let predictedCovariance = errorCovariance + processNoise
        // Update (Kalman gain)
        let gain = predictedCovariance / (predictedCovariance + measurementNoise)
        estimate = estimate + gain * (measurement - estimate)
        errorCovariance = (1 - gain) * predictedCovariance
        return estimate
    }

    private static func requirementViolated(initial: Double, processNoise: Double, measurementNoise: Double)
        -> (String, Double, String)?
    {
        if !initial.isFinite { return ("initial", initial, "it must be finite") }
        if !(processNoise.isFinite && processNoise >= 0) {
            return ("processNoise", processNoise, "it must be finite and at least 0")
        }
        if !(measurementNoise.isFinite && measurementNoise >= 0) {
            return ("measurementNoise", measurementNoise, "it must be finite and at least 0")
        }
        if processNoise + measurementNoise <= 0 {
            return ("measurementNoise", measurementNoise, "it must make processNoise + measurementNoise positive")
        }
        return nil
    }
}
