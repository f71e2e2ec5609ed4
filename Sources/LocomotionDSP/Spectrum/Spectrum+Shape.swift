import Foundation

extension Spectrum {
    /// The entropy, centroid and flatness of the power in `bins`, with one logarithm per bin.
    ///
    /// With `T = Σ Pₖ` over the bins and `pₖ = Pₖ/T`, the entropy is `−Σ pₖ ln pₖ / ln K` (bins
    /// with no power contribute 0; 0 for a single bin), the centroid `Σ fₖ·Pₖ / T` with `fₖ` from
    /// ``frequency(ofBin:)``, and the flatness `exp((1/K)·Σ ln Pₖ) / (T/K)`.
    ///
    /// - Parameter bins: Bin indices, within `0..<binCount`; pass `1..<binCount` to leave out DC.
    /// - Returns: `nil` when `bins` is empty or holds no power (a constant block).
    /// - Complexity: O(*K*); no allocation.
    public func shape(bins: Range<Int>) -> SpectralShape? {
        precondition(bins.lowerBound >= 0 && bins.upperBound <= binCount, "shape(bins:): bins out of range")
        guard !bins.isEmpty else { return nil }
        var total = 0.0
        var weighted = 0.0
        var powerLogPower = 0.0
        var sumLog = 0.0
        power.withUnsafeBufferPointer { power in
            for index in bins {
                let value = power[index]
                let logarithm = log(value)
                total += value
                weighted += Double(index) * sampleRate / Double(fftLength) * value
                if value > 0 { powerLogPower += value * logarithm }
                sumLog += logarithm
            }
        }
        guard total > 0 else { return nil }
        let count = Double(bins.count)
        let entropy = bins.count > 1 ? (log(total) - powerLogPower / total) / log(count) : 0
        return SpectralShape(
            normalizedEntropy: min(max(entropy, 0), 1), centroid: weighted / total,
            flatness: exp(sumLog / count) / (total / count))
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
