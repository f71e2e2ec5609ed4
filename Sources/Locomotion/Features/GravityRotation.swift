import Foundation
import LocomotionDSP

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
@_spi(Testing) public struct GravityRotation: Sendable {
    /// The length (s) of the moving average over each axis (as ``PhonePlacementEstimate``).
    @_spi(Testing) public static let smoothing = 0.25
    /// The quantile of the angles from the mean direction reported as the sway.
    @_spi(Testing) public static let swayQuantile = 0.95
    /// The lags searched around the step lag, as a fraction of it (±).
    @_spi(Testing) public static let lagTolerance = 0.1

    /// One window's values.
    @_spi(Testing) public struct Result {
        /// The `swayQuantile` quantile of the angle (degrees) between the smoothed direction and the
        /// window's mean direction.
        public var sway: Double
        /// The largest normalised autocorrelation of the swing within ±`lagTolerance` of the step lag
        /// (−1…1, bias-corrected by n / (n − lag)); NaN without a step cadence or without swing.
        public var stepCorrelation: Double

        /// A result with the given values.
        @_spi(Testing) public init(sway: Double, stepCorrelation: Double) {
            self.sway = sway
            self.stepCorrelation = stepCorrelation
        }
    }

    let sampleRate: Double
    private let half: Int
    private var ux: [Double]
    private var uy: [Double]
    private var uz: [Double]
    private var scratch: [Double]

    /// Scratch for windows of up to `windowLength` samples at `sampleRate` Hz.
    @_spi(Testing) public init(sampleRate: Double, windowLength: Int) {
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
    ///   - axesAreFinite: Whether the caller has already checked every sample finite (the
    ///     extractor has: their magnitude is); `false` checks them here.
    /// - Complexity: O(*n*) on average for the sway's quantile (a selection), plus O(*n* · *k*) for
    ///   the *k* lags around the step lag; no allocation.
    @_spi(Testing) public mutating func measure(
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>,
        stepCadence: Double?, axesAreFinite: Bool = false
    ) -> Result? {
        guard x.count >= 4, x.count <= ux.count else { return nil }
        guard axesAreFinite || Self.isFinite(x, y, z) else { return nil }
        let (half, sampleRate) = (half, sampleRate)
        // The scratch is read through pointers taken once: indexing the arrays in the loops would
        // check their uniqueness and bounds at every sample.
        return ux.withUnsafeMutableBufferPointer { ux in
            uy.withUnsafeMutableBufferPointer { uy in
                uz.withUnsafeMutableBufferPointer { uz in
                    scratch.withUnsafeMutableBufferPointer { scratch in
                        Self.measure(
                            x: x, y: y, z: z, stepCadence: stepCadence, half: half, sampleRate: sampleRate,
                            directions: (ux, uy, uz), scratch: scratch)
                    }
                }
            }
        }
    }

    /// Whether every sample of the three axes is finite, without a branch per sample.
    private static func isFinite(
        _ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>, _ z: UnsafeBufferPointer<Double>
    ) -> Bool {
        var finite = true
        for index in 0..<x.count { finite = finite && x[index].isFinite && y[index].isFinite && z[index].isFinite }
        return finite
    }

    /// ``measure(x:y:z:stepCadence:axesAreFinite:)`` on the held scratch, for finite axes.
    private static func measure(
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, z: UnsafeBufferPointer<Double>,
        stepCadence: Double?, half: Int, sampleRate: Double,
        directions: (
            x: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>,
            z: UnsafeMutableBufferPointer<Double>
        ),
        scratch: UnsafeMutableBufferPointer<Double>
    ) -> Result? {
        let n = x.count
        let (ux, uy, uz) = (directions.x.baseAddress!, directions.y.baseAddress!, directions.z.baseAddress!)
        let (ax, ay, az) = (x.baseAddress!, y.baseAddress!, z.baseAddress!)
        // Centred moving averages by running sums, normalised to directions. Sample i's sums add
        // every sample up to i + half, then take off every sample before i − half, one at a time
        // in that order. The directions' sums for their mean are taken as they are made, in the
        // order of i.
        var (sx, sy, sz) = (0.0, 0.0, 0.0)
        var (mx, my, mz) = (0.0, 0.0, 0.0)
        for index in 0..<min(n, half + 1) {
            sx += ax[index]
            sy += ay[index]
            sz += az[index]
        }
        // One sample's step; `adds` and `removes` are constants in each loop below, so the
        // loops carry no branch for them.
        @inline(__always) func step(_ i: Int, adds: Bool, removes: Bool) -> Bool {
            // In range by the loops' bounds, so without the overflow checks of `+` and `-`.
            if adds {
                let ahead = i &+ half
                sx += ax[ahead]
                sy += ay[ahead]
                sz += az[ahead]
            }
            if removes {
                let behind = i &- half &- 1
                sx -= ax[behind]
                sy -= ay[behind]
                sz -= az[behind]
            }
            let norm = (sx * sx + sy * sy + sz * sz).squareRoot()
            guard norm > 0 else { return false }
            let (dx, dy, dz) = (sx / norm, sy / norm, sz / norm)
            ux[i] = dx
            uy[i] = dy
            uz[i] = dz
            mx += dx
            my += dy
            mz += dz
            return true
        }
        // Sample 0 neither adds nor removes; from 1, i adds below n − half and removes from
        // half + 1 on.
        guard step(0, adds: false, removes: false) else { return nil }
        let addsBelow = max(1, n - half)
        let removesFrom = min(n, half + 1)
        if addsBelow <= removesFrom {
            for i in 1..<addsBelow { guard step(i, adds: true, removes: false) else { return nil } }
            for i in addsBelow..<removesFrom { guard step(i, adds: false, removes: false) else { return nil } }
            for i in removesFrom..<n { guard step(i, adds: false, removes: true) else { return nil } }
        } else {
            for i in 1..<removesFrom { guard step(i, adds: true, removes: false) else { return nil } }
            for i in removesFrom..<addsBelow { guard step(i, adds: true, removes: true) else { return nil } }
            for i in addsBelow..<n { guard step(i, adds: false, removes: true) else { return nil } }
        }
        let count = Double(n)
        let mean = (mx / count, my / count, mz / count)
        let meanNorm = (mean.0 * mean.0 + mean.1 * mean.1 + mean.2 * mean.2).squareRoot()
        guard meanNorm > 0 else { return nil }
        let swings = stepCadence.map { $0.isFinite && $0 > 0 } ?? false
        // The negated cosines of the angles to the mean direction (for the sway), in a pass of
        // their own: it has no running sum, so it vectorises (sharing a pass with the covariance's
        // sums, which must run in the order of i, kept it scalar: 48 instructions a sample against
        // 35 for the two passes, callgrind).
        let base = scratch.baseAddress!
        // The covariance of the directions (for the step correlation) shares the cosines' pass
        // when the window swings.
        let covariance =
            swings
            ? Self.cosinesAndCovariance(ux: ux, uy: uy, uz: uz, count: n, mean: mean, meanNorm: meanNorm, into: base)
            : nil
        if !swings {
            for i in 0..<n {
                let cosine = (ux[i] * mean.0 + uy[i] * mean.1 + uz[i] * mean.2) / meanNorm
                base[i] = -min(1, max(-1, cosine))
            }
        }
        let sway = Self.sway(negatedCosines: UnsafeMutableBufferPointer(rebasing: scratch[0..<n]))
        guard let covariance, let stepCadence else { return Result(sway: sway, stepCorrelation: .nan) }
        // The covariance's main axis, and the swing along it. These feed only the step
        // correlation, a normalised autocorrelation, so their sums run in SIMD lanes and the axis
        // comes from squaring the matrix: the value is the one-lane, one-step definition's within
        // a stated tolerance (docs/Features.md), not bit for bit.
        guard let axis = Self.mainAxis(covariance) else { return Result(sway: sway, stepCorrelation: .nan) }
        let energy = Self.swing(ux: ux, uy: uy, uz: uz, count: n, mean: mean, axis: axis, into: base)
        guard energy > 0 else { return Result(sway: sway, stepCorrelation: .nan) }
        let lag = sampleRate / stepCadence
        let first = max(1, Int((lag * (1 - Self.lagTolerance)).rounded(.down)))
        let last = min(n - 1, Int((lag * (1 + Self.lagTolerance)).rounded(.up)))
        guard first <= last else { return Result(sway: sway, stepCorrelation: .nan) }
        var best = -Double.infinity
        var k = first
        while k <= last {
            let width = min(8, last - k + 1)
            let sums = Self.laggedProducts(scratch, count: n, firstLag: k, width: width)
            for j in 0..<width { best = max(best, sums[j] / energy * count / Double(n - k - j)) }
            k += width
        }
        return Result(sway: sway, stepCorrelation: best)
    }

    /// Writes the negated cosines of the directions to the mean direction,
    /// `−min(1, max(−1, (u·mean)/|mean|))`, into `output` (each the scalar expression's bits), and
    /// returns the six sums `Σ(uᵢ − mean)(uᵢ − mean)ᵀ` (xx, xy, xz, yy, yz, zz), in one pass of two
    /// samples a step in SIMD lanes.
    static func cosinesAndCovariance(
        ux: UnsafeMutablePointer<Double>, uy: UnsafeMutablePointer<Double>, uz: UnsafeMutablePointer<Double>,
        count n: Int, mean: (Double, Double, Double), meanNorm: Double, into output: UnsafeMutablePointer<Double>
    ) -> (xx: Double, xy: Double, xz: Double, yy: Double, yz: Double, zz: Double) {
        let (mx, my, mz) = (SIMD2(repeating: mean.0), SIMD2(repeating: mean.1), SIMD2(repeating: mean.2))
        let norm = SIMD2(repeating: meanNorm)
        let (one, minusOne) = (SIMD2<Double>(repeating: 1), SIMD2<Double>(repeating: -1))
        var (xx, xy, xz, yy, yz, zz) = (
            SIMD2<Double>(), SIMD2<Double>(), SIMD2<Double>(), SIMD2<Double>(), SIMD2<Double>(), SIMD2<Double>()
        )
        var i = 0
        while i &+ 2 <= n {
            let x = UnsafeRawPointer(ux + i).loadUnaligned(as: SIMD2<Double>.self)
            let y = UnsafeRawPointer(uy + i).loadUnaligned(as: SIMD2<Double>.self)
            let z = UnsafeRawPointer(uz + i).loadUnaligned(as: SIMD2<Double>.self)
            // max(−1, c) then min(1, ·), lane by lane as the scalar functions choose.
            var cosine = (x * mx + y * my + z * mz) / norm
            cosine.replace(with: minusOne, where: .!(cosine .>= minusOne))
            cosine.replace(with: one, where: .!(cosine .< one))
            UnsafeMutableRawPointer(output + i).storeBytes(of: -cosine, as: SIMD2<Double>.self)
            let (dx, dy, dz) = (x - mx, y - my, z - mz)
            xx += dx * dx
            xy += dx * dy
            xz += dx * dz
            yy += dy * dy
            yz += dy * dz
            zz += dz * dz
            i &+= 2
        }
        var sums = (xx: xx.sum(), xy: xy.sum(), xz: xz.sum(), yy: yy.sum(), yz: yz.sum(), zz: zz.sum())
        if i < n {
            let cosine = (ux[i] * mean.0 + uy[i] * mean.1 + uz[i] * mean.2) / meanNorm
            output[i] = -min(1, max(-1, cosine))
            let (dx, dy, dz) = (ux[i] - mean.0, uy[i] - mean.1, uz[i] - mean.2)
            sums.xx += dx * dx
            sums.xy += dx * dy
            sums.xz += dx * dz
            sums.yy += dy * dy
            sums.yz += dy * dz
            sums.zz += dz * dz
        }
        return sums
    }

    /// The unit vector of `C⁵⁰·r` for the symmetric 3 × 3 `C` and its row `r` with the largest
    /// diagonal: where fifty steps of power iteration from `r` end (deterministic, and never
    /// orthogonal to a dominant axis `r` contains), reached by squaring `C` five times (`C²` to
    /// `C³²`, each scaled by the power of two at its trace, exactly, so that nothing overflows or
    /// underflows) and applying `C³²·C¹⁶·C²·r`. `nil` when that vector vanishes (no spread, as a
    /// zero step of the iteration).
    ///
    /// - Parameter c: The six distinct entries of a symmetric positive semi-definite matrix.
    /// - Returns: The unit axis, or `nil`.
    /// - Complexity: O(1): five 3 × 3 products and three matrix–vector products, against fifty
    ///   matrix–vector products and normalisations for the iteration.
    @_spi(Testing) public static func mainAxis(
        _ c: (xx: Double, xy: Double, xz: Double, yy: Double, yz: Double, zz: Double)
    )
        -> (Double, Double, Double)?
    {
        typealias Matrix = (xx: Double, xy: Double, xz: Double, yy: Double, yz: Double, zz: Double)
        func apply(_ m: Matrix, _ v: (Double, Double, Double)) -> (Double, Double, Double) {
            (
                m.xx * v.0 + m.xy * v.1 + m.xz * v.2, m.xy * v.0 + m.yy * v.1 + m.yz * v.2,
                m.xz * v.0 + m.yz * v.1 + m.zz * v.2
            )
        }
        func squared(_ m: Matrix) -> Matrix? {
            let s: Matrix = (
                m.xx * m.xx + m.xy * m.xy + m.xz * m.xz, m.xx * m.xy + m.xy * m.yy + m.xz * m.yz,
                m.xx * m.xz + m.xy * m.yz + m.xz * m.zz, m.xy * m.xy + m.yy * m.yy + m.yz * m.yz,
                m.xy * m.xz + m.yy * m.yz + m.yz * m.zz, m.xz * m.xz + m.yz * m.yz + m.zz * m.zz
            )
            let trace = s.xx + s.yy + s.zz
            guard trace > 0, trace.isFinite else { return nil }
            let scale = Double(sign: .plus, exponent: -trace.exponent, significand: 1)
            return (s.xx * scale, s.xy * scale, s.xz * scale, s.yy * scale, s.yz * scale, s.zz * scale)
        }
        var axis: (Double, Double, Double) =
            c.xx >= c.yy && c.xx >= c.zz ? (c.xx, c.xy, c.xz) : (c.yy >= c.zz ? (c.xy, c.yy, c.yz) : (c.xz, c.yz, c.zz))
        guard let power2 = squared(c), let power4 = squared(power2), let power8 = squared(power4),
            let power16 = squared(power8), let power32 = squared(power16)
        else { return nil }
        // 2 + 16 + 32 = 50 steps.
        axis = apply(power32, apply(power16, apply(power2, axis)))
        let norm = (axis.0 * axis.0 + axis.1 * axis.1 + axis.2 * axis.2).squareRoot()
        guard norm > 0, norm.isFinite else { return nil }
        return (axis.0 / norm, axis.1 / norm, axis.2 / norm)
    }

    /// Writes the swing `(uᵢ − mean)·axis` into `output` and returns its energy `Σ swingᵢ²`, two
    /// samples a step in SIMD lanes.
    static func swing(
        ux: UnsafeMutablePointer<Double>, uy: UnsafeMutablePointer<Double>, uz: UnsafeMutablePointer<Double>,
        count n: Int, mean: (Double, Double, Double), axis: (Double, Double, Double),
        into output: UnsafeMutablePointer<Double>
    ) -> Double {
        let (mx, my, mz) = (SIMD2(repeating: mean.0), SIMD2(repeating: mean.1), SIMD2(repeating: mean.2))
        let (ax, ay, az) = (SIMD2(repeating: axis.0), SIMD2(repeating: axis.1), SIMD2(repeating: axis.2))
        var energy = SIMD2<Double>()
        var i = 0
        while i &+ 2 <= n {
            let dx = UnsafeRawPointer(ux + i).loadUnaligned(as: SIMD2<Double>.self) - mx
            let dy = UnsafeRawPointer(uy + i).loadUnaligned(as: SIMD2<Double>.self) - my
            let dz = UnsafeRawPointer(uz + i).loadUnaligned(as: SIMD2<Double>.self) - mz
            let p = dx * ax + dy * ay + dz * az
            UnsafeMutableRawPointer(output + i).storeBytes(of: p, as: SIMD2<Double>.self)
            energy += p * p
            i &+= 2
        }
        var total = energy.sum()
        if i < n {
            let p = (ux[i] - mean.0) * axis.0 + (uy[i] - mean.1) * axis.1 + (uz[i] - mean.2) * axis.2
            output[i] = p
            total += p * p
        }
        return total
    }

    /// `Σᵢ sᵢ·sᵢ₊ₖ` over `i < count − k` for the lags `k = firstLag ..< firstLag + width` (`width`
    /// ≤ 8; the other lanes are unspecified), each summed in the order of `i`. The eight lags share
    /// one pass over the samples, so each sample is read once for eight products; every lag keeps
    /// its own sum in its own order, so the values are those of one lag at a time, bit for bit.
    static func laggedProducts(
        _ samples: UnsafeMutableBufferPointer<Double>, count n: Int, firstLag k: Int, width: Int
    ) -> SIMD8<Double> {
        // Lag k + j runs to n − k − j: the eight share i < n − k − 7, then each finishes alone.
        let shared = max(0, n - k - 7)
        let base = samples.baseAddress!
        var lanes = SIMD8<Double>(repeating: 0)
        for i in 0..<shared {
            let ahead = UnsafeRawPointer(base + (i + k)).loadUnaligned(as: SIMD8<Double>.self)
            lanes += ahead * base[i]
        }
        for j in 0..<width {
            var sum = lanes[j]
            var index = shared
            while index < n - k - j {
                sum += base[index] * base[index + k + j]
                index += 1
            }
            lanes[j] = sum
        }
        return lanes
    }

    /// The ``swayQuantile`` quantile of the angles (degrees) between each direction and the mean
    /// direction, interpolated linearly between the two angles around it, from the directions'
    /// negated cosines to the mean direction (reordered).
    ///
    /// The angle `acos(c)·180/π` only falls as the cosine `c` rises, so the angles' order is the
    /// order of the negated cosines: the two ranks are selected among those (O(*n*), no sort), and
    /// only those two get an arc cosine. `GravityRotationTests` checks the value against every
    /// angle computed and sorted.
    static func sway(negatedCosines: UnsafeMutableBufferPointer<Double>) -> Double {
        let position = Self.swayQuantile * Double(negatedCosines.count - 1)
        let lower = Int(position.rounded(.down))
        let (below, above) = Statistics.adjacentOrderStatistics(at: lower, in: negatedCosines)
        func angle(_ negatedCosine: Double) -> Double { acos(-negatedCosine) * 180 / Double.pi }
        let (low, high) = (angle(below), angle(above))
        return low + (position - Double(lower)) * (high - low)
    }
}
