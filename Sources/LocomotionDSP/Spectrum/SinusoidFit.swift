import Foundation

/// Least-squares fit of `offset + a·cos(ωt) + b·sin(ωt)` to a block of samples, searched over
/// frequency. The frequency maximising the fitted energy is the maximum-likelihood estimate of
/// a single tone in white Gaussian noise.
struct SinusoidFit {
    let samples: [Double]
    let sampleRate: Double

    /// Golden-section search for the best-fitting frequency in `range` (Hz), keeping `start` if
    /// the search ends on something worse (the energy need not be unimodal over the range).
    func bestFrequency(in range: ClosedRange<Double>, startingAt start: Double) -> (
        frequency: Double, amplitude: Double
    ) {
        let ratio = (5.0.squareRoot() - 1) / 2
        var (lower, upper) = (range.lowerBound, range.upperBound)
        var left = upper - ratio * (upper - lower)
        var right = lower + ratio * (upper - lower)
        var leftFit = fit(at: left)
        var rightFit = fit(at: right)
        // 32 steps shrink the range (1.5 bins) by 0.618^32 ≈ 2e-7: far below any useful resolution.
        for _ in 0..<32 {
            if leftFit.energy > rightFit.energy {
                (upper, right, rightFit) = (right, left, leftFit)
                left = upper - ratio * (upper - lower)
                leftFit = fit(at: left)
            } else {
                (lower, left, leftFit) = (left, right, rightFit)
                right = lower + ratio * (upper - lower)
                rightFit = fit(at: right)
            }
        }
        let middle = (lower + upper) / 2
        let best = fit(at: middle)
        let initial = fit(at: min(max(start, range.lowerBound), range.upperBound))
        return best.energy >= initial.energy
            ? (middle, best.amplitude) : (min(max(start, range.lowerBound), range.upperBound), initial.amplitude)
    }

    /// The energy of the least-squares projection onto {1, cos ωt, sin ωt}, and the amplitude
    /// `√(a² + b²)` of the fitted sinusoid.
    func fit(at frequency: Double) -> (energy: Double, amplitude: Double) {
        let omega = 2 * Double.pi * frequency / sampleRate
        let (stepCos, stepSin) = (cos(omega), sin(omega))
        var (sc, ss, scc, sss, scs, sx, sxc, sxs) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        var (c, s) = (1.0, 0.0)
        for (index, x) in samples.enumerated() {
            // Re-anchor the rotation every 64 samples so rounding cannot accumulate.
            if index & 63 == 0 { (c, s) = (cos(omega * Double(index)), sin(omega * Double(index))) }
            sc += c
            ss += s
            scc += c * c
            sss += s * s
            scs += c * s
            sx += x
            sxc += x * c
            sxs += x * s
            (c, s) = (c * stepCos - s * stepSin, s * stepCos + c * stepSin)
        }
        let n = Double(samples.count)
        // Solve the symmetric normal equations G·p = r, G = [[n, sc, ss], [sc, scc, scs], [ss, scs, sss]],
        // by cofactors (G is symmetric, so its adjugate is too).
        let c00 = scc * sss - scs * scs
        let c01 = ss * scs - sc * sss
        let c02 = sc * scs - ss * scc
        let c11 = n * sss - ss * ss
        let c12 = sc * ss - n * scs
        let c22 = n * scc - sc * sc
        let det = n * c00 + sc * c01 + ss * c02
        guard det > 1e-12 * n * scc * sss else { return (0, 0) }
        let p0 = (c00 * sx + c01 * sxc + c02 * sxs) / det
        let p1 = (c01 * sx + c11 * sxc + c12 * sxs) / det
        let p2 = (c02 * sx + c12 * sxc + c22 * sxs) / det
        return (p0 * sx + p1 * sxc + p2 * sxs, (p1 * p1 + p2 * p2).squareRoot())
    }
}
