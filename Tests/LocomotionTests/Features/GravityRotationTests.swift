import Foundation
@_spi(Testing) import Locomotion
import LocomotionTestSupport
import Testing

/// ``GravityRotation/measure(x:y:z:stepCadence:)`` selects the sway's two angles instead of
/// computing and sorting every angle: its sway must equal the definition's bit for bit. Its step
/// correlation sums the directions' covariance and the swing's energy in SIMD lanes and finds the
/// main axis by squaring the covariance, so it equals the definition within the stated tolerance
/// (docs/Features.md): `stepCorrelationTolerance`, absolute.
@Suite struct GravityRotationTests {
    /// The step correlation's stated tolerance (docs/Features.md), absolute (it is dimensionless).
    static let stepCorrelationTolerance = 1e-12

    /// The definition, written out: every angle computed, sorted, and the quantile interpolated;
    /// the swing's autocorrelation one lag at a time.
    static func defined(x: [Double], y: [Double], z: [Double], sampleRate: Double, cadence: Double?)
        -> GravityRotation.Result?
    {
        let n = x.count
        let half = max(0, Int(GravityRotation.smoothing * sampleRate) / 2)
        // Centred running sums, added ahead and subtracted behind in the kernel's order.
        var directions: [(Double, Double, Double)] = []
        var sums = (0.0, 0.0, 0.0)
        var (lo, hi) = (0, 0)
        for i in 0..<n {
            while hi < min(n, i + half + 1) {
                sums = (sums.0 + x[hi], sums.1 + y[hi], sums.2 + z[hi])
                hi += 1
            }
            while lo < i - half {
                sums = (sums.0 - x[lo], sums.1 - y[lo], sums.2 - z[lo])
                lo += 1
            }
            let norm = (sums.0 * sums.0 + sums.1 * sums.1 + sums.2 * sums.2).squareRoot()
            guard norm > 0 else { return nil }
            directions.append((sums.0 / norm, sums.1 / norm, sums.2 / norm))
        }
        var mean = (0.0, 0.0, 0.0)
        for d in directions { mean = (mean.0 + d.0, mean.1 + d.1, mean.2 + d.2) }
        mean = (mean.0 / Double(n), mean.1 / Double(n), mean.2 / Double(n))
        let meanNorm = (mean.0 * mean.0 + mean.1 * mean.1 + mean.2 * mean.2).squareRoot()
        guard meanNorm > 0 else { return nil }
        let angles = directions.map { d in
            acos(min(1, max(-1, (d.0 * mean.0 + d.1 * mean.1 + d.2 * mean.2) / meanNorm))) * 180 / Double.pi
        }.sorted()
        let position = GravityRotation.swayQuantile * Double(n - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, n - 1)
        let sway = angles[lower] + (position - Double(lower)) * (angles[upper] - angles[lower])
        guard let cadence else { return .init(sway: sway, stepCorrelation: .nan) }
        var (cxx, cxy, cxz, cyy, cyz, czz) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        for d in directions {
            let (dx, dy, dz) = (d.0 - mean.0, d.1 - mean.1, d.2 - mean.2)
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
            guard norm > 0 else { return .init(sway: sway, stepCorrelation: .nan) }
            axis = (next.0 / norm, next.1 / norm, next.2 / norm)
        }
        let swing = directions.map { d in
            (d.0 - mean.0) * axis.0 + (d.1 - mean.1) * axis.1 + (d.2 - mean.2) * axis.2
        }
        var energy = 0.0
        for p in swing { energy += p * p }
        guard energy > 0 else { return .init(sway: sway, stepCorrelation: .nan) }
        let lag = sampleRate / cadence
        let first = max(1, Int((lag * (1 - GravityRotation.lagTolerance)).rounded(.down)))
        let last = min(n - 1, Int((lag * (1 + GravityRotation.lagTolerance)).rounded(.up)))
        guard first <= last else { return .init(sway: sway, stepCorrelation: .nan) }
        var best = -Double.infinity
        for k in first...last {
            var sum = 0.0
            for i in 0..<(n - k) { sum += swing[i] * swing[i + k] }
            best = max(best, sum / energy * Double(n) / Double(n - k))
        }
        return .init(sway: sway, stepCorrelation: best)
    }

    static func measure(
        _ x: [Double], _ y: [Double], _ z: [Double], rate: Double, cadence: Double?, axesAreFinite: Bool = false
    ) -> GravityRotation.Result? {
        var rotation = GravityRotation(sampleRate: rate, windowLength: x.count)
        return x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                z.withUnsafeBufferPointer { z in
                    rotation.measure(x: x, y: y, z: z, stepCadence: cadence, axesAreFinite: axesAreFinite)
                }
            }
        }
    }

    /// Windows of a swinging, jolted direction; `quantum` > 0 rounds every sample to it, which
    /// makes many equal angles (ties at the quantile's ranks).
    static func window(count: Int, rate: Double, seed: UInt64, quantum: Double) -> ([Double], [Double], [Double]) {
        var random = SplitMix64(seed: seed)
        func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) * 2 - 1 }
        let swing = 0.1 + 0.6 * abs(uniform())
        let frequency = 0.5 + 1.5 * abs(uniform())
        var (x, y, z) = ([Double](), [Double](), [Double]())
        for i in 0..<count {
            let t = Double(i) / rate
            let theta = swing * sin(2 * .pi * frequency * t)
            var values = [sin(theta) + 0.2 * uniform(), cos(theta) + 0.2 * uniform(), 0.3 * uniform()]
            if quantum > 0 { values = values.map { ($0 / quantum).rounded() * quantum } }
            x.append(values[0])
            y.append(values[1])
            z.append(values[2])
        }
        return (x, y, z)
    }

    /// Whether two step correlations agree within the stated tolerance (NaN only with NaN).
    static func agree(_ measured: Double, _ expected: Double) -> Bool {
        measured.isNaN ? expected.isNaN : abs(measured - expected) <= stepCorrelationTolerance
    }

    @Test(arguments: [(50.0, 128), (50.0, 256), (100.0, 256), (50.0, 512), (25.0, 64), (10.0, 5)])
    func swayEqualsSortedAnglesBitForBit(rate: Double, count: Int) throws {
        var compared = 0
        var largest = 0.0
        for seed in 0..<60 as Range<UInt64> {
            for quantum in [0.0, 0.05, 0.25] {
                let (x, y, z) = Self.window(count: count, rate: rate, seed: seed, quantum: quantum)
                // Cadences whose step lag spans 1 to 40 lags (blocks of four and their remainders),
                // reaching the window's end at the shortest windows.
                for cadence in [nil, 0.37, 1.1, 1.9, 2.3, 4.7] as [Double?] {
                    let expected = Self.defined(x: x, y: y, z: z, sampleRate: rate, cadence: cadence)
                    let measured = Self.measure(x, y, z, rate: rate, cadence: cadence)
                    #expect(expected == nil ? measured == nil : measured != nil)
                    guard let expected, let measured else { continue }
                    #expect(measured.sway.bitPattern == expected.sway.bitPattern, "seed \(seed), quantum \(quantum)")
                    #expect(
                        Self.agree(measured.stepCorrelation, expected.stepCorrelation),
                        "seed \(seed), quantum \(quantum), cadence \(String(describing: cadence)): \(measured.stepCorrelation) against \(expected.stepCorrelation)"
                    )
                    if expected.stepCorrelation.isFinite {
                        largest = max(largest, abs(measured.stepCorrelation - expected.stepCorrelation))
                    }
                    // The extractor's path, which skips the finiteness check its magnitude made.
                    let trusted = try #require(Self.measure(x, y, z, rate: rate, cadence: cadence, axesAreFinite: true))
                    #expect(trusted.sway.bitPattern == expected.sway.bitPattern)
                    #expect(trusted.stepCorrelation.bitPattern == measured.stepCorrelation.bitPattern)
                    compared += 1
                }
            }
        }
        #expect(compared > 600)
        print("GravityRotationTests \(rate) Hz × \(count): largest step-correlation difference \(largest)")
    }

    /// A still phone: every direction equals the mean, so every angle is 0 or rounding of it. The
    /// swing is rounding too, so its correlation is whatever that rounding gives: rounding noise,
    /// in the definition as in the kernel, outside the step correlation's tolerance (which is
    /// relative to the swing's spread); only its range is checked.
    @Test func constantWindowSwayMatchesDefinition() throws {
        let x = [Double](repeating: 0.1, count: 128)
        let y = [Double](repeating: 0.98, count: 128)
        let z = [Double](repeating: -0.05, count: 128)
        let measured = try #require(Self.measure(x, y, z, rate: 50, cadence: 2))
        let expected = try #require(Self.defined(x: x, y: y, z: z, sampleRate: 50, cadence: 2))
        #expect(measured.sway.bitPattern == expected.sway.bitPattern)
        #expect(measured.sway < 1e-5)
        #expect(measured.stepCorrelation.isNaN || abs(measured.stepCorrelation) <= 2)
    }

    /// The main axis by squaring equals fifty normalised power-iteration steps within the stated
    /// tolerance, per component: well-separated, close and equal largest eigenvalues, a rank-one
    /// matrix, and scales from 1e-24 to 1e3.
    @Test func mainAxisEqualsFiftyPowerSteps() throws {
        var random = SplitMix64(seed: 5_034)
        var largest = 0.0
        for trial in 0..<3_000 {
            // A random rotation (Gram–Schmidt of three random vectors) and eigenvalues λ₁ ≥ λ₂ ≥ λ₃.
            var q = (0..<3).map { _ in (0..<3).map { _ in random.nextSignedUnit() } }
            for i in 0..<3 {
                for j in 0..<i {
                    let dot = (0..<3).reduce(0.0) { $0 + q[i][$1] * q[j][$1] }
                    for k in 0..<3 { q[i][k] -= dot * q[j][k] }
                }
                let norm = (0..<3).reduce(0.0) { $0 + q[i][$1] * q[i][$1] }.squareRoot()
                for k in 0..<3 { q[i][k] /= norm }
            }
            let gap = [0.5, 1e-2, 1e-4, 1e-8, 0][trial % 5]
            let scale = pow(10, -24 + 27 * random.nextUnit())
            let lambda = [1, 1 - gap, trial % 7 == 0 ? 0 : 0.3 * random.nextUnit()].map { $0 * scale }
            func entry(_ a: Int, _ b: Int) -> Double { (0..<3).reduce(0.0) { $0 + lambda[$1] * q[$1][a] * q[$1][b] } }
            let c = (
                xx: entry(0, 0), xy: entry(0, 1), xz: entry(0, 2), yy: entry(1, 1), yz: entry(1, 2), zz: entry(2, 2)
            )
            var axis =
                c.xx >= c.yy && c.xx >= c.zz
                ? (c.xx, c.xy, c.xz) : (c.yy >= c.zz ? (c.xy, c.yy, c.yz) : (c.xz, c.yz, c.zz))
            for _ in 0..<50 {
                let next = (
                    c.xx * axis.0 + c.xy * axis.1 + c.xz * axis.2, c.xy * axis.0 + c.yy * axis.1 + c.yz * axis.2,
                    c.xz * axis.0 + c.yz * axis.1 + c.zz * axis.2
                )
                let norm = (next.0 * next.0 + next.1 * next.1 + next.2 * next.2).squareRoot()
                axis = (next.0 / norm, next.1 / norm, next.2 / norm)
            }
            let squared = try #require(GravityRotation.mainAxis(c))
            let difference = max(abs(squared.0 - axis.0), abs(squared.1 - axis.1), abs(squared.2 - axis.2))
            #expect(difference <= Self.stepCorrelationTolerance, "trial \(trial), gap \(gap), scale \(scale)")
            largest = max(largest, difference)
        }
        print("GravityRotationTests: main axis, largest component difference \(largest)")
        let zero = (xx: 0.0, xy: 0.0, xz: 0.0, yy: 0.0, yz: 0.0, zz: 0.0)
        #expect(GravityRotation.mainAxis(zero) == nil)
    }

    @Test func nonFiniteOrVanishingWindowHasNoValue() {
        var x = [Double](repeating: 0.5, count: 64)
        let y = [Double](repeating: 0.5, count: 64)
        let z = [Double](repeating: 0.5, count: 64)
        x[10] = .nan
        #expect(Self.measure(x, y, z, rate: 50, cadence: 2) == nil)
        // The last sample too (the moving average reaches it last).
        x[10] = 0.5
        x[63] = .infinity
        #expect(Self.measure(x, y, z, rate: 50, cadence: 2) == nil)
        let zeros = [Double](repeating: 0, count: 64)
        #expect(Self.measure(zeros, zeros, zeros, rate: 50, cadence: 2) == nil)
    }
}
