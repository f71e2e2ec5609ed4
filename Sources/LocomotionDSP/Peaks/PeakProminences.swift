/// How much peaks stand out from the signal around them, as `scipy.signal.peak_prominences`
/// (without `wlen`) computes it; the arrays are parallel to the peaks asked about.
///
/// For a peak at *p*: walk left from *p* until the signal rises above `x[p]` (or the signal
/// starts); the lowest sample on the way is the left base (the one nearest *p* on a tie). Do the
/// same to the right. The prominence is `x[p]` minus the higher of the two base values: the
/// descent needed to reach a higher peak, or the edge.
public struct PeakProminences: Sendable, Hashable {
    /// `x[p] − max(x[leftBase], x[rightBase])`, in sample units; never negative.
    public var prominences: [Double]
    /// The index of the lowest sample between the peak and the nearest higher sample to its left.
    public var leftBases: [Int]
    /// The index of the lowest sample between the peak and the nearest higher sample to its right.
    public var rightBases: [Int]

    /// Creates prominences from their parts.
    public init(prominences: [Double], leftBases: [Int], rightBases: [Int]) {
        self.prominences = prominences
        self.leftBases = leftBases
        self.rightBases = rightBases
    }
}

/// The buffer form of the public array overload below, for the package's own hot loops (no copy).
package func peakProminences(in samples: UnsafeBufferPointer<Double>, peaks: [Int]) throws(DSPError)
    -> PeakProminences
{
    try DSPError.requireFinite(samples)
    for (position, peak) in peaks.enumerated() where !samples.indices.contains(peak) {
        throw .invalidParameter(
            name: "peaks[\(position)]", value: "\(peak)",
            requirement: "it must be an index into the samples (0..<\(samples.count))")
    }
    return unvalidatedProminences(in: samples, peaks: peaks)
}

/// The prominence of each of `peaks` in `samples`, as `scipy.signal.peak_prominences(x, peaks)`.
///
/// - Parameters:
///   - samples: Finite values.
///   - peaks: Indices into `samples`, usually local maxima from
///     ``findPeaks(in:options:)`` (any valid index is accepted;
///     a sample that is not a peak has prominence 0).
/// - Returns: One prominence and two bases per peak, in the order given.
/// - Throws: `DSPError.nonFiniteSample(index:)`, `.invalidParameter` for an index outside
///   `samples`.
/// - Complexity: O(*n*) per peak at worst (the walk to a higher sample), O(*n*·*k*) in all.
public func peakProminences(in samples: [Double], peaks: [Int]) throws(DSPError) -> PeakProminences {
    try samples.withUnsafeBufferPointer { (buffer) throws(DSPError) in try peakProminences(in: buffer, peaks: peaks) }
}

/// ``peakProminences(in:peaks:)`` for valid input.
func unvalidatedProminences(in samples: UnsafeBufferPointer<Double>, peaks: [Int]) -> PeakProminences {
    var result = PeakProminences(prominences: [], leftBases: [], rightBases: [])
    for peak in peaks {
        let height = samples[peak]
        func base(stepping step: Int) -> (index: Int, value: Double) {
            var (base, lowest) = (peak, height)
            var index = peak
            while samples.indices.contains(index), samples[index] <= height {
                if samples[index] < lowest { (base, lowest) = (index, samples[index]) }
                index += step
            }
            return (base, lowest)
        }
        let left = base(stepping: -1)
        let right = base(stepping: 1)
        result.prominences.append(height - max(left.value, right.value))
        result.leftBases.append(left.index)
        result.rightBases.append(right.index)
    }
    return result
}
