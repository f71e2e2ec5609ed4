/// The descriptive statistics of one window, computed together by
/// ``Statistics/summary(of:)`` in a few fused passes: what a feature extractor wants
/// from each window, for the price of little more than the moments and three selections.
///
/// Every value has the meaning (and, to rounding, the value) of the separate function named
/// beside it.
public struct WindowSummary: Sendable, Hashable {
    /// The mean, shape and spread (``Statistics/moments(of:)``).
    public var moments: Moments
    /// The smallest sample, in sample units (``Statistics/minimum(of:)``).
    public var minimum: Double
    /// The largest sample, in sample units (``Statistics/maximum(of:)``).
    public var maximum: Double
    /// The root mean square `√((1/n)·Σxᵢ²)`, in sample units
    /// (``Statistics/rootMeanSquare(of:)``).
    public var rootMeanSquare: Double
    /// The median (``Statistics/median(of:scratch:)``).
    public var median: Double
    /// The 75th minus the 25th linearly interpolated percentile
    /// (``Statistics/interquartileRange(of:scratch:)``).
    public var interquartileRange: Double
    /// The unscaled median absolute deviation (``Statistics/medianAbsoluteDeviation(of:scratch:)``).
    public var medianAbsoluteDeviation: Double
    /// The fraction of consecutive sample pairs that cross the mean, in `0...1`
    /// (``Statistics/crossingRate(of:level:)`` with `.mean`).
    public var meanCrossingFraction: Double

    /// Creates a summary from its values.
    public init(
        moments: Moments, minimum: Double, maximum: Double, rootMeanSquare: Double, median: Double,
        interquartileRange: Double, medianAbsoluteDeviation: Double, meanCrossingFraction: Double
    ) {
        self.moments = moments
        self.minimum = minimum
        self.maximum = maximum
        self.rootMeanSquare = rootMeanSquare
        self.median = median
        self.interquartileRange = interquartileRange
        self.medianAbsoluteDeviation = medianAbsoluteDeviation
        self.meanCrossingFraction = meanCrossingFraction
    }

    /// `maximum − minimum`, in sample units.
    public var range: Double { maximum - minimum }
}

extension Statistics {
    /// ``summary(of:)`` into caller-held `scratch`, so nothing is allocated: the package's feature
    /// extractor calls it once per window. `scratch` holds at least `samples.count` elements and
    /// must not overlap `samples`; with `2 × samples.count` the bucket counts live in its second
    /// half, with fewer the standard library's sort is used.
    ///
    /// - Throws: As ``summary(of:)``, and `.invalidParameter` for a scratch buffer that is too small.
    @usableFromInline
    package static func summary(
        of samples: UnsafeBufferPointer<Double>, scratch: UnsafeMutableBufferPointer<Double>
    ) throws(DSPError) -> WindowSummary {
        try requireValidWindow(samples)
        let count = samples.count
        guard scratch.count >= count else {
            throw .invalidParameter(
                name: "scratch.count", value: "\(scratch.count)",
                requirement: "it must be at least samples.count (\(count))")
        }
        let moments = momentsKernel(samples)
        let mean = moments.mean
        var (minimum, maximum) = (samples[0], samples[0])
        var (otherMinimum, otherMaximum) = (samples[0], samples[0])
        var crossings = 0
        var touchesMean = samples[0] == mean
        // Two running extrema each; a crossing is a sign change of the deviation between
        // consecutive samples, counted without a branch.
        var index = 1
        while index < count {
            let (previous, sample) = (samples[index &- 1], samples[index])
            if index & 1 == 0 {
                (minimum, maximum) = (min(minimum, sample), max(maximum, sample))
            } else {
                (otherMinimum, otherMaximum) = (min(otherMinimum, sample), max(otherMaximum, sample))
            }
            let changes = unsafeBitCast(previous < mean, to: UInt8.self) ^ unsafeBitCast(sample < mean, to: UInt8.self)
            crossings &+= Int(changes)
            touchesMean = touchesMean || sample == mean
            index &+= 1
        }
        (minimum, maximum) = (min(minimum, otherMinimum), max(maximum, otherMaximum))
        if touchesMean { crossings = crossingsTouchingMean(samples, mean: mean) }
        var sorted = UnsafeMutableBufferPointer(rebasing: scratch[0..<count])
        if scratch.count >= 2 * count {
            UnsafeMutableBufferPointer(rebasing: scratch[count..<(2 * count)]).withMemoryRebound(to: Int.self) {
                BucketSort.sort(samples, minimum: minimum, maximum: maximum, into: sorted, counts: $0)
            }
        } else {
            sorted.baseAddress!.update(from: samples.baseAddress!, count: count)
            sorted.sort()
        }
        return summary(
            of: samples, moments: moments, minimum: minimum, maximum: maximum, crossings: crossings,
            sorted: UnsafeBufferPointer(sorted))
    }

    /// ``summary(of:scratch:)`` of finite samples whose ascending order the caller already holds
    /// in `sorted` (for example merged from the sorted halves of overlapping windows): the same
    /// values, bit for bit, without the sort. The extrema are the ends of `sorted`.
    ///
    /// - Precondition: `samples` is non-empty and finite, and `sorted` holds exactly its values
    ///   in ascending order.
    /// - Complexity: O(*n*), no allocation.
    package static func summaryOfFinite(
        _ samples: UnsafeBufferPointer<Double>, sorted: UnsafeBufferPointer<Double>
    ) -> WindowSummary {
        let count = samples.count
        let moments = momentsKernel(samples)
        return summary(
            of: samples, moments: moments, minimum: sorted[0], maximum: sorted[count - 1],
            crossings: meanCrossings(samples, mean: moments.mean), sorted: sorted)
    }

    /// ``summaryOfFinite(_:sorted:)`` with the moments and the root mean square already known (for
    /// example merged from the sums of a window's halves, `PartialMoments`): only the mean
    /// crossings and the order statistics are computed here.
    ///
    /// - Precondition: As ``summaryOfFinite(_:sorted:)``; `moments` and `rootMeanSquare` are
    ///   `samples`' own.
    /// - Complexity: O(*n*), one pass, no allocation.
    package static func summaryOfFinite(
        _ samples: UnsafeBufferPointer<Double>, sorted: UnsafeBufferPointer<Double>, moments: Moments,
        rootMeanSquare: Double
    ) -> WindowSummary {
        let count = samples.count
        let median = percentileOfSorted(50, sorted)
        return WindowSummary(
            moments: moments, minimum: sorted[0], maximum: sorted[count - 1], rootMeanSquare: rootMeanSquare,
            median: median, interquartileRange: percentileOfSorted(75, sorted) - percentileOfSorted(25, sorted),
            medianAbsoluteDeviation: medianDeviationOfSorted(sorted, median: median),
            meanCrossingFraction: count > 1
                ? Double(meanCrossings(samples, mean: moments.mean)) / Double(count - 1) : 0)
    }

    /// ``summaryOfFinite(_:sorted:moments:rootMeanSquare:)`` with the samples' ascending order held
    /// as two runs (the sorted halves of a window) instead of one: the extrema, percentiles and
    /// median absolute deviation are read from the two runs by selection (`SortedRuns`), in
    /// O(log *n*) instead of the O(*n*) merge, and are the same values bit for bit.
    ///
    /// - Precondition: As ``summaryOfFinite(_:sorted:moments:rootMeanSquare:)``; `first` and
    ///   `second` are ascending, non-empty, and together hold exactly `samples`' values.
    /// - Complexity: O(*n*) for the mean crossings, O(log *n*) for the order statistics.
    package static func summaryOfFinite(
        _ samples: UnsafeBufferPointer<Double>, sortedRuns first: UnsafeBufferPointer<Double>,
        _ second: UnsafeBufferPointer<Double>, moments: Moments, rootMeanSquare: Double
    ) -> WindowSummary {
        let count = samples.count
        let median = SortedRuns.percentile(50, first, second)
        return WindowSummary(
            moments: moments, minimum: min(first[0], second[0]),
            maximum: max(first[first.count - 1], second[second.count - 1]), rootMeanSquare: rootMeanSquare,
            median: median,
            interquartileRange: SortedRuns.percentile(75, first, second) - SortedRuns.percentile(25, first, second),
            medianAbsoluteDeviation: SortedRuns.medianDeviation(first, second, median: median),
            meanCrossingFraction: count > 1
                ? Double(meanCrossings(samples, mean: moments.mean)) / Double(count - 1) : 0)
    }

    /// The sign changes of the deviation from `mean` between consecutive samples, counted
    /// without a branch; a sample exactly at the mean takes the side of the last one off it.
    ///
    /// Four pairs per step: each lane compares a sample and its predecessor with the mean and
    /// subtracts the lanes' differing masks (−1 where the sides differ), so the count is the same
    /// integer as pair by pair.
    package static func meanCrossings(_ samples: UnsafeBufferPointer<Double>, mean: Double) -> Int {
        let count = samples.count
        let base = UnsafeRawPointer(samples.baseAddress!)
        let level = SIMD4<Double>(repeating: mean)
        var laneCrossings = SIMD4<Int64>(repeating: 0)
        var laneTouches = SIMDMask<SIMD4<Int64>>(repeating: false)
        var index = 1
        while index &+ 4 <= count {
            let previous = base.loadUnaligned(fromByteOffset: (index &- 1) &* 8, as: SIMD4<Double>.self)
            let current = base.loadUnaligned(fromByteOffset: index &* 8, as: SIMD4<Double>.self)
            let changes = (previous .< level) .^ (current .< level)
            laneCrossings &-= unsafeBitCast(changes, to: SIMD4<Int64>.self)
            laneTouches = laneTouches .| (current .== level)
            index &+= 4
        }
        var crossings = Int(laneCrossings.wrappedSum())
        var touchesMean = samples[0] == mean || any(laneTouches)
        while index < count {
            let (previous, sample) = (samples[index &- 1], samples[index])
            let changes = unsafeBitCast(previous < mean, to: UInt8.self) ^ unsafeBitCast(sample < mean, to: UInt8.self)
            crossings &+= Int(changes)
            touchesMean = touchesMean || sample == mean
            index &+= 1
        }
        return touchesMean ? crossingsTouchingMean(samples, mean: mean) : crossings
    }

    /// The mean crossings when a sample sits exactly at the mean: such a sample takes the side of
    /// the last one off it.
    private static func crossingsTouchingMean(_ samples: UnsafeBufferPointer<Double>, mean: Double) -> Int {
        var crossings = 0
        var side = 0  // 0 before the first sample off the mean
        for sample in samples {
            let current = sample > mean ? 1 : (sample < mean ? -1 : 0)
            crossings &+= current != 0 && current == -side ? 1 : 0
            side = current != 0 ? current : side
        }
        return crossings
    }

    /// The summary from the passes both forms share: the RMS and the order statistics.
    private static func summary(
        of samples: UnsafeBufferPointer<Double>, moments: Moments, minimum: Double, maximum: Double, crossings: Int,
        sorted sortedSamples: UnsafeBufferPointer<Double>
    ) -> WindowSummary {
        let count = samples.count
        let squares = sumOfSquares(samples)
        let median = percentileOfSorted(50, sortedSamples)
        return WindowSummary(
            moments: moments, minimum: minimum, maximum: maximum,
            rootMeanSquare: (squares / Double(count)).squareRoot(), median: median,
            interquartileRange: percentileOfSorted(75, sortedSamples) - percentileOfSorted(25, sortedSamples),
            medianAbsoluteDeviation: medianDeviationOfSorted(sortedSamples, median: median),
            meanCrossingFraction: count > 1 ? Double(crossings) / Double(count - 1) : 0)
    }

    /// Writes finite `samples` in ascending order into `sorted` (the summary's bucket sort), with
    /// `counts` (at least `samples.count` values) as working storage.
    ///
    /// - Precondition: `samples` is non-empty and finite; `sorted` holds `samples.count` values
    ///   and overlaps neither `samples` nor `counts`.
    /// - Complexity: O(*n*) on average, O(*n* log *n*) at worst.
    package static func sortFinite(
        _ samples: UnsafeBufferPointer<Double>, into sorted: UnsafeMutableBufferPointer<Double>,
        counts: UnsafeMutableBufferPointer<Double>
    ) {
        // The extrema in two lanes each (the sort reads them only to place values in buckets,
        // so which of two zeros a lane keeps does not change the order it writes).
        let count = samples.count
        let base = UnsafeRawPointer(samples.baseAddress!)
        var (low, high) = (SIMD2(repeating: samples[0]), SIMD2(repeating: samples[0]))
        var index = 0
        while index &+ 2 <= count {
            let pair = base.loadUnaligned(fromByteOffset: index &* 8, as: SIMD2<Double>.self)
            // A compare and a blend per lane (`pointwiseMin` also orders NaN, with branches).
            low.replace(with: pair, where: pair .< low)
            high.replace(with: pair, where: pair .> high)
            index &+= 2
        }
        var (minimum, maximum) = (low.min(), high.max())
        if index < count { (minimum, maximum) = (min(minimum, samples[index]), max(maximum, samples[index])) }
        counts.withMemoryRebound(to: Int.self) {
            BucketSort.sort(samples, minimum: minimum, maximum: maximum, into: sorted, counts: $0)
        }
    }

    /// Merges two ascending runs into `merged` (`first.count + second.count` values), without
    /// branching on the comparison.
    ///
    /// - Complexity: O(*n*).
    package static func mergeSorted(
        _ first: UnsafeBufferPointer<Double>, _ second: UnsafeBufferPointer<Double>,
        into merged: UnsafeMutableBufferPointer<Double>
    ) {
        let (a, b, output) = (first.baseAddress!, second.baseAddress!, merged.baseAddress!)
        let (countA, countB) = (first.count, second.count)
        var (i, j, k) = (0, 0, 0)
        while i < countA, j < countB {
            let (left, right) = (a[i], b[j])
            let takesLeft = left <= right
            output[k] = takesLeft ? left : right
            i &+= takesLeft ? 1 : 0
            j &+= takesLeft ? 0 : 1
            k &+= 1
        }
        while i < countA {
            output[k] = a[i]
            (i, k) = (i &+ 1, k &+ 1)
        }
        while j < countB {
            output[k] = b[j]
            (j, k) = (j &+ 1, k &+ 1)
        }
    }

    /// The linearly interpolated percentile of ascending `sorted` samples (numpy's default):
    /// the median of an even count is the mean of the middle two.
    static func percentileOfSorted(_ percentage: Double, _ sorted: UnsafeBufferPointer<Double>) -> Double {
        let count = sorted.count
        if percentage == 50, count % 2 == 0 {
            let (lower, upper) = (sorted[count / 2 - 1], sorted[count / 2])
            let mean = (lower + upper) / 2
            return mean.isFinite ? mean : lower / 2 + upper / 2
        }
        let position = Double(count - 1) * (percentage / 100)
        let rank = lowerRank(ofPercentile: percentage, count: count)
        let fraction = position - Double(rank)
        guard fraction > 0, rank + 1 < count else { return sorted[rank] }
        return interpolate(sorted[rank], sorted[rank + 1], fraction)
    }

    /// The median of |xᵢ − `median`| over ascending `sorted` samples. The deviations of the
    /// samples below the median grow leftwards from it and those of the rest rightwards: two
    /// ascending runs, whose middle values a binary search over how many come from each run
    /// finds in O(log *n*).
    static func medianDeviationOfSorted(_ sorted: UnsafeBufferPointer<Double>, median: Double) -> Double {
        let count = sorted.count
        var split = count / 2  // the first sample at or above the median
        while split > 0, sorted[split - 1] >= median { split -= 1 }
        while split < count, sorted[split] < median { split += 1 }
        let (belowCount, aboveCount) = (split, count - split)
        @inline(__always) func below(_ i: Int) -> Double { median - sorted[split - 1 - i] }
        @inline(__always) func above(_ j: Int) -> Double { sorted[split + j] - median }
        // The rank-th smallest deviation (from 0): the largest of the rank + 1 smallest, which
        // take i from below and the rest from above.
        func deviation(rank: Int) -> Double {
            let taken = rank + 1
            var (low, high) = (max(0, taken - aboveCount), min(taken, belowCount))
            while true {
                let i = (low + high) / 2
                let j = taken - i
                if i < belowCount, j > 0, above(j - 1) > below(i) {
                    low = i + 1
                } else if i > 0, j < aboveCount, below(i - 1) > above(j) {
                    high = i - 1
                } else {
                    return max(i > 0 ? below(i - 1) : -.infinity, j > 0 ? above(j - 1) : -.infinity)
                }
            }
        }
        let upper = deviation(rank: count / 2)
        guard count % 2 == 0 else { return upper }
        let lower = deviation(rank: count / 2 - 1)
        let mean = (lower + upper) / 2
        return mean.isFinite ? mean : lower / 2 + upper / 2
    }

    /// Moments, extrema, RMS, mean-crossing fraction, median, IQR and MAD of one window, with one
    /// validation pass, one compensated mean, one fused pass over the deviations and one sort
    /// into a working copy, from which the order statistics are read (the MAD by merging the
    /// deviations below and above the median, which the sort leaves in order). The working copy
    /// (2 × `samples.count` values) is the only allocation.
    ///
    /// The sort distributes the samples over *n* − 1 equal buckets between the minimum and the
    /// maximum and finishes with an insertion sort, which moves values only within their
    /// bucket: O(*n*) for any distribution without a crowded bucket. A bucket holding more than
    /// 32 values (a window of near-equal values with one outlier) is sorted by the standard
    /// library's sort instead.
    ///
    /// - Parameter samples: At least one finite sample, in any unit.
    /// - Returns: The summary; see ``WindowSummary`` for each value's definition.
    /// - Throws: `DSPError.emptyInput`, `.nonFiniteSample(index:)`.
    /// - Complexity: O(*n*) on average, O(*n* log *n*) at worst.
    @inlinable
    public static func summary(of samples: some Collection<Double>) throws(DSPError) -> WindowSummary {
        try withBuffer(samples) { (buffer) throws(DSPError) in
            var scratch = [Double](repeating: 0, count: 2 * buffer.count)
            return try scratch.withUnsafeMutableBufferPointer { (scratch) throws(DSPError) in
                try summary(of: buffer, scratch: scratch)
            }
        }
    }
}
