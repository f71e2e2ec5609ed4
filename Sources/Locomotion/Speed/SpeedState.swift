/// The Gaussian state of the speed filters: the mean of (speed, acceleration) and its symmetric
/// 2×2 covariance. The random-walk model keeps acceleration and its (co)variances at exactly 0,
/// which reduces every formula below to its scalar form bit for bit.
///
/// Units: speed m/s, acceleration m/s², variances their squares.
@_spi(Testing)
public struct SpeedState: Sendable, Equatable {
    /// The speed, in m/s.
    public var speed: Double
    var acceleration: Double
    /// Var(speed), Cov(speed, acceleration), Var(acceleration).
    var speedVariance: Double
    var covariance: Double
    var accelerationVariance: Double

    /// The state a filter starts from at a measurement `z` (m/s) of variance `variance`.
    ///
    /// - Complexity: O(1).
    static func initial(speed: Double, variance: Double, configuration: SpeedKalmanFilter.Configuration) -> SpeedState {
        let sigma = configuration.initialAccelerationStandardDeviation
        let accelerationVariance = configuration.model == .constantVelocity ? sigma * sigma : 0
        return SpeedState(
            speed: speed, acceleration: 0, speedVariance: variance, covariance: 0,
            accelerationVariance: accelerationVariance)
    }

    /// The state `dt` seconds later: `F·x` and `F·P·Fᵀ + Q`, with `F = [[1, dt], [0, 1]]` and the
    /// intensity evaluated at this state's speed. `Q` accumulates over at most
    /// ``SpeedKalmanFilter/Configuration/maximumNoiseInterval`` seconds.
    ///
    /// - Complexity: O(1).
    func predicted(after dt: Double, configuration: SpeedKalmanFilter.Configuration) -> SpeedState {
        let intensity = configuration.intensity(atSpeed: speed)
        // F·P·Fᵀ, written out for the symmetric P.
        var next = SpeedState(
            speed: speed + acceleration * dt, acceleration: acceleration,
            speedVariance: speedVariance + dt * (covariance + covariance) + dt * dt * accelerationVariance,
            covariance: covariance + dt * accelerationVariance, accelerationVariance: accelerationVariance)
        let noiseInterval = min(dt, configuration.maximumNoiseInterval)
        switch configuration.model {
        case .randomWalk:
            next.speedVariance += intensity * noiseInterval
        case .constantVelocity:
            next.speedVariance += intensity * (noiseInterval * noiseInterval * noiseInterval / 3)
            next.covariance += intensity * (noiseInterval * noiseInterval / 2)
            next.accelerationVariance += intensity * noiseInterval
        }
        return next
    }

    /// The speed to report, m/s: the estimate clamped at 0 (and `-0.0` read as `0`).
    var reportedSpeed: Double { speed > 0 ? speed : 0 }

    /// Whether every number is finite (a gap of astronomically many seconds can overflow).
    var isFinite: Bool {
        speed.isFinite && acceleration.isFinite && speedVariance.isFinite && covariance.isFinite
            && accelerationVariance.isFinite
    }

    /// The innovation variance `S = P[0,0] + R` of a speed measurement with variance `variance`.
    func innovationVariance(measurementVariance variance: Double) -> Double { speedVariance + variance }

    /// The Kalman update with a speed measurement: `K = P[:,0]/S`, `x += K·y`, `P −= K·Kᵀ·S`.
    ///
    /// - Parameters:
    ///   - innovation: `y = z − speed`, m/s.
    ///   - innovationVariance: `S`, m²/s².
    /// - Complexity: O(1).
    func updated(innovation: Double, innovationVariance: Double) -> SpeedState {
        let speedGain = speedVariance / innovationVariance
        let accelerationGain = covariance / innovationVariance
        return SpeedState(
            speed: speed + speedGain * innovation, acceleration: acceleration + accelerationGain * innovation,
            speedVariance: speedVariance - speedGain * speedGain * innovationVariance,
            covariance: covariance - speedGain * accelerationGain * innovationVariance,
            accelerationVariance: accelerationVariance - accelerationGain * accelerationGain * innovationVariance)
    }

    /// One Rauch–Tung–Striebel step backwards: this filtered state, corrected by the smoothed
    /// state of the next step, given the next step's prediction (made from this state over `dt`).
    ///
    /// `C = P·Fᵀ·(P⁻)⁻¹`, `xˢ = x + C·(xˢ₊₁ − x⁻₊₁)`, `Pˢ = P + C·(Pˢ₊₁ − P⁻₊₁)·Cᵀ`. For the random
    /// walk, `C = P/P⁻` on speed alone (the acceleration block is zero and not inverted).
    ///
    /// - Complexity: O(1).
    func smoothed(next smoothedNext: SpeedState, predictedNext: SpeedState, dt: Double) -> SpeedState {
        let speedDifference = smoothedNext.speed - predictedNext.speed
        let accelerationDifference = smoothedNext.acceleration - predictedNext.acceleration
        let dVar = smoothedNext.speedVariance - predictedNext.speedVariance
        let dCov = smoothedNext.covariance - predictedNext.covariance
        let dAcc = smoothedNext.accelerationVariance - predictedNext.accelerationVariance
        // C = [[c00, c01], [c10, c11]]
        let c00: Double
        let c01: Double
        let c10: Double
        let c11: Double
        if predictedNext.accelerationVariance == 0 {
            (c00, c01, c10, c11) = (speedVariance / predictedNext.speedVariance, 0, 0, 0)
        } else {
            // P·Fᵀ
            let a = speedVariance + dt * covariance
            let b = covariance
            let c = covariance + dt * accelerationVariance
            let d = accelerationVariance
            // (P⁻)⁻¹ = [[p11, −p01], [−p01, p00]] / det
            let p00 = predictedNext.speedVariance
            let p01 = predictedNext.covariance
            let p11 = predictedNext.accelerationVariance
            let determinant = p00 * p11 - p01 * p01
            c00 = (a * p11 - b * p01) / determinant
            c01 = (b * p00 - a * p01) / determinant
            c10 = (c * p11 - d * p01) / determinant
            c11 = (d * p00 - c * p01) / determinant
        }
        // C·ΔP·Cᵀ for the symmetric ΔP = [[dVar, dCov], [dCov, dAcc]].
        let m00 = c00 * dVar + c01 * dCov
        let m01 = c00 * dCov + c01 * dAcc
        let m10 = c10 * dVar + c11 * dCov
        let m11 = c10 * dCov + c11 * dAcc
        return SpeedState(
            speed: speed + c00 * speedDifference + c01 * accelerationDifference,
            acceleration: acceleration + c10 * speedDifference + c11 * accelerationDifference,
            speedVariance: speedVariance + m00 * c00 + m01 * c01,
            covariance: covariance + m00 * c10 + m01 * c11,
            accelerationVariance: accelerationVariance + m10 * c10 + m11 * c11)
    }
}
