import Foundation

/// How the direction of gravity turns in the phone's frame within one window: how far it sways, and
/// whether it turns once per period of the acceleration magnitude or once per two.
///
/// A phone on the thigh (a trouser pocket, a strap) turns with the thigh. Pedalling turns the thigh
/// up and down once per crank revolution, and each revolution is one period of the magnitude (the
/// push on the pedal), so gravity's swing repeats at the magnitude's period: its autocorrelation at
/// that lag is near 1. Walking swings the thigh once per stride, which is two steps and two periods of
/// the magnitude (one heel strike per step), so at the step lag the swing is half a stride out of
/// phase and its autocorrelation is low or negative. This is the thigh's inclination that Acti4 reads
/// (Skotte et al. 2014, "Detection of physical activity types using triaxial accelerometers"), read
/// without knowing how the phone sits in the pocket: only the direction's own swing is used.
///
/// Each axis is averaged over ``smoothing`` seconds (centred, within the window) to take off the
/// jolts, the averaged vector is normalised, and the swing is its projection on the main axis of the
/// directions' spread (the largest eigenvector of their 3 × 3 covariance).
struct GravityRotation: Sendable {
    /// The length (s) of the moving average over each axis (as ``PhonePlacementEstimate``).
    static let smoothing = 0.25
    /// The quantile of the angles from the mean direction reported as the sway.
    static let swayQuantile = 0.95
    /// The lags searched around the step lag, as a fraction of it (±).
    static let lagTolerance = 0.1

    /// One window's values.
    struct Result {
        /// The `swayQuantile` quantile of the angle (degrees) between the smoothed direction and the
        /// window's mean direction.
        var sway: Double
        /// The largest normalised autocorrelation of the swing within ±`lagTolerance` of the step lag
        /// (−1…1, bias-corrected by n / (n − lag)); NaN without a step cadence or without swing.
        var stepCorrelation: Double
    }

    let sampleRate: Double
    private let half: Int
    private var ux: [Double]
    private var uy: [Double]
    private var uz: [Double]
    private var scratch: [Double]

    /// Scratch for windows of up to `windowLength` samples at `sampleRate` Hz.
    init(sampleRate: Double, windowLength: Int) {
        self.sampleRate = sampleRate
        half = max(0, Int(Self.smoothing * sampleRate) / 2)
        ux = [Double](repeating: 0, count: windowLength)
        uy = ux
        uz = ux
        scratch = ux
    }

    /// The window's sway and step correlation; `nil` when an axis is not finite or the smoothed
    /// vector vanishes.
    ///
    /// - Parameters:
    ///   - x, y, z: The window's acceleration with gravity (g), at most the scratch's length.
    ///   - stepCadence: The magnitude's autocorrelation cadence (per second), or `nil`.
    /// - Complexity: O(*n* log *n*) for the sway's quantile, plus O(*n* · *k*) for the *k* lags
    ///   around the step lag; no allocation.
    mutating func measure(
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>,
        stepCadence: Double?
    ) -> Result? {
        let n = x.count
        guard n >= 4, n <= ux.count else { return nil }
        // Centred moving averages by running sums, normalised to directions.
        var sums = (0.0, 0.0, 0.0)
        var lo = 0
        var hi = 0
        for i in 0..<n {
            while hi < min(n, i + half + 1) {
                guard x[hi].isFinite && y[hi].isFinite && z[hi].isFinite else { return nil }
                sums = (sums.0 + x[hi], sums.1 + y[hi], sums.2 + z[hi])
                hi += 1
            }
            while lo < i - half {
                sums = (sums.0 - x[lo], sums.1 - y[lo], sums.2 - z[lo])
                lo += 1
            }
            let norm = (sums.0 * sums.0 + sums.1 * sums.1 + sums.2 * sums.2).squareRoot()
            guard norm > 0 else { return nil }
            ux[i] = sums.0 / norm
            uy[i] = sums.1 / norm
            uz[i] = sums.2 / norm
        }
        var mean = (0.0, 0.0, 0.0)
        for i in 0..<n { mean = (mean.0 + ux[i], mean.1 + uy[i], mean.2 + uz[i]) }
        let count = Double(n)
        mean = (mean.0 / count, mean.1 / count, mean.2 / count)
        let meanNorm = (mean.0 * mean.0 + mean.1 * mean.1 + mean.2 * mean.2).squareRoot()
        guard meanNorm > 0 else { return nil }
        for i in 0..<n {
            let cosine = (ux[i] * mean.0 + uy[i] * mean.1 + uz[i] * mean.2) / meanNorm
            scratch[i] = acos(min(1, max(-1, cosine))) * 180 / Double.pi
        }
        let sway = scratch.withUnsafeMutableBufferPointer { angles -> Double in
            var part = UnsafeMutableBufferPointer(rebasing: angles[0..<n])
            part.sort()
            let position = Self.swayQuantile * Double(n - 1)
            let lower = Int(position.rounded(.down))
            let upper = min(lower + 1, n - 1)
            return part[lower] + (position - Double(lower)) * (part[upper] - part[lower])
        }
        guard let stepCadence, stepCadence.isFinite, stepCadence > 0 else {
            return Result(sway: sway, stepCorrelation: .nan)
        }
        // The covariance of the directions and its main axis (power iteration from the row with the
        // largest diagonal: deterministic, and never orthogonal to a dominant axis it contains).
        var (cxx, cxy, cxz, cyy, cyz, czz) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        for i in 0..<n {
            let (dx, dy, dz) = (ux[i] - mean.0, uy[i] - mean.1, uz[i] - mean.2)
            cxx += dx * dx
            cxy += dx * dy
            cxz += dx * dz
            cyy += dy * dy
            cyz += dy * dz
            czz += dz * dz
        }
        var axis =
            cxx >= cyy && cxx >= czz ? (cxx, cxy, cxz) : (cyy >= czz ? (cxy, cyy, cyz) : (cxz, cyz, czz))
        for _ in 0..<50 {
            let next = (
                cxx * axis.0 + cxy * axis.1 + cxz * axis.2, cxy * axis.0 + cyy * axis.1 + cyz * axis.2,
                cxz * axis.0 + cyz * axis.1 + czz * axis.2
            )
            let norm = (next.0 * next.0 + next.1 * next.1 + next.2 * next.2).squareRoot()
            guard norm > 0 else { return Result(sway: sway, stepCorrelation: .nan) }
            axis = (next.0 / norm, next.1 / norm, next.2 / norm)
        }
        var energy = 0.0
        for i in 0..<n {
            let p = (ux[i] - mean.0) * axis.0 + (uy[i] - mean.1) * axis.1 + (uz[i] - mean.2) * axis.2
            scratch[i] = p
            energy += p * p
        }
        guard energy > 0 else { return Result(sway: sway, stepCorrelation: .nan) }
        let lag = sampleRate / stepCadence
        let first = max(1, Int((lag * (1 - Self.lagTolerance)).rounded(.down)))
        let last = min(n - 1, Int((lag * (1 + Self.lagTolerance)).rounded(.up)))
        guard first <= last else { return Result(sway: sway, stepCorrelation: .nan) }
        var best = -Double.infinity
        for k in first...last {
            var sum = 0.0
            for i in 0..<(n - k) { sum += scratch[i] * scratch[i + k] }
            best = max(best, sum / energy * count / Double(n - k))
        }
        return Result(sway: sway, stepCorrelation: best)
    }
}
