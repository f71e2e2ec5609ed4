import Foundation

extension Spectrum {
    /// The entropy, centroid and flatness of the power in `bins`, with one logarithm per bin.
    ///
    /// With `T = Σ Pₖ` over the bins and `pₖ = Pₖ/T`, the entropy is `−Σ pₖ ln pₖ / ln K` (bins
    /// with no power contribute 0; 0 for a single bin), the centroid `Σ fₖ·Pₖ / T` with `fₖ` from
    /// ``frequency(ofBin:)``, and the flatness `exp((1/K)·Σ ln Pₖ) / (T/K)`.
    ///
    /// Four bins at a time: their logarithms in SIMD lanes (within 1 ulp of the C library's `log`;
    /// a group with a bin of zero or subnormal power takes the C library's), each sum in four
    /// lanes added at the end. The values therefore round differently from a bin-by-bin loop, by
    /// at most `1e-12` (absolute for the entropy and flatness, relative for the centroid;
    /// `docs/Features.md`).
    ///
    /// - Parameter bins: Bin indices, within `0..<binCount`; pass `1..<binCount` to leave out DC.
    /// - Returns: `nil` when `bins` is empty or holds no power (a constant block).
    /// - Complexity: O(*K*); no allocation.
    public func shape(bins: Range<Int>) -> SpectralShape? {
        precondition(bins.lowerBound >= 0 && bins.upperBound <= binCount, "shape(bins:): bins out of range")
        guard !bins.isEmpty else { return nil }
        let binWidth = sampleRate / Double(fftLength)
        let sums = power.withUnsafeBufferPointer { power in
            Self.shapeSums(UnsafeBufferPointer(rebasing: power[bins]), firstBin: bins.lowerBound, binWidth: binWidth)
        }
        let (total, weighted, powerLogPower, sumLog) = (sums[0], sums[1], sums[2], sums[3])
        guard total > 0 else { return nil }
        let count = Double(bins.count)
        let entropy = bins.count > 1 ? (log(total) - powerLogPower / total) / log(count) : 0
        return SpectralShape(
            normalizedEntropy: min(max(entropy, 0), 1), centroid: weighted / total,
            flatness: exp(sumLog / count) / (total / count))
    }

    /// `(Σ Pₖ, Σ fₖ·Pₖ, Σ Pₖ·ln Pₖ over Pₖ > 0, Σ ln Pₖ)` over `power`, whose first value is bin
    /// `firstBin`, with `fₖ = k·binWidth`: four bins a step, each sum in four lanes.
    private static func shapeSums(_ power: UnsafeBufferPointer<Double>, firstBin: Int, binWidth: Double)
        -> SIMD4<Double>
    {
        let count = power.count
        let base = power.baseAddress!
        var (total, weighted, powerLog, sumLog) = (SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>(), SIMD4<Double>())
        var bin = SIMD4<Double>(0, 1, 2, 3) + Double(firstBin)
        var index = 0
        while index &+ 4 <= count {
            let value = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD4<Double>.self)
            let logarithm: SIMD4<Double>
            if Logarithm.isInDomain(value) {
                logarithm = Logarithm.natural(value)
            } else {
                logarithm = SIMD4(log(value[0]), log(value[1]), log(value[2]), log(value[3]))
            }
            total += value
            weighted += bin * binWidth * value
            // A bin without power adds nothing to Σ P·ln P (0·(−∞) would be NaN).
            powerLog += (value * logarithm).replacing(with: 0, where: .!(value .> 0))
            sumLog += logarithm
            bin += 4
            index &+= 4
        }
        var tail = SIMD4<Double>()
        while index < count {
            let value = base[index]
            let logarithm = log(value)
            tail += SIMD4(
                value, Double(firstBin + index) * binWidth * value, value > 0 ? value * logarithm : 0, logarithm)
            index &+= 1
        }
        return SIMD4(total.sum(), weighted.sum(), powerLog.sum(), sumLog.sum()) + tail
    }

    /// Total power in the bins `bins`, in input units².
    ///
    /// - Precondition: `bins` lies within `0..<binCount`.
    /// - Complexity: O(*K*).
    public func power(inBins bins: Range<Int>) -> Double {
        power.withUnsafeBufferPointer { power in
            var sum = 0.0
            for index in bins { sum += power[index] }
            return sum
        }
    }
}
