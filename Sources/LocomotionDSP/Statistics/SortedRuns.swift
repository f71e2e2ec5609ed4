/// Order statistics of values held as two ascending runs (the sorted halves of a window), read
/// without merging them: a value at a given rank of their union, and the median of the absolute
/// deviations from a level, each in O(log *n*).
///
/// Every value is an element (or, for the deviations, the same subtraction of an element) at a
/// rank of the multiset, so it is the value, bit for bit, that the merged run gives at that rank:
/// which of two equal values is taken does not change the value.
enum SortedRuns {
    /// One ascending run of values read from a run of samples, `sign·(sample − level)`: the
    /// samples themselves (sign 1, level 0: `x − 0` is `x`, −0 included), or their deviations from
    /// a level, `level − sample` read backwards from below it (sign −1: `−(x − m)` is `m − x`
    /// exactly, and no sample below the level gives a zero) and `sample − level` forwards from at
    /// or above it.
    struct Run {
        /// The run's next value's sample.
        var next: UnsafePointer<Double>
        /// +1 forwards, −1 backwards.
        var stride: Int
        /// The values left.
        var count: Int
        var sign: Double
        var level: Double

        @inline(__always)
        func value(_ index: Int) -> Double { sign * (next[index &* stride] - level) }

        @inline(__always)
        mutating func drop(_ taken: Int) {
            next += taken &* stride
            count &-= taken
        }
    }

    /// The values at ranks `rank` and `rank + 1` (ascending, from 0) of the union of the four runs
    /// at `runs` (`rank + 1` is `.infinity` when `rank` is the last).
    ///
    /// Each step takes from every run its next `want / 4` values (fewer when it holds fewer), and
    /// drops those of the run whose last taken value is the smallest (the first such run on a
    /// tie): at most `want − 1` values of the union precede that value in the order (value, run,
    /// position), so every dropped value is among the `want` smallest left. When fewer than four
    /// are wanted, the smallest head is dropped one at a time. What is left after
    /// the last drop are the values above the wanted rank, so the next rank is their smallest head.
    ///
    /// - Precondition: `rank` is below the runs' total count; each run is ascending.
    /// - Complexity: O(*r* log *n*) for *r* runs of *n* values in all.
    @inline(__always)
    static func select(rank: Int, in runs: UnsafeMutablePointer<Run>) -> (Double, Double) {
        @inline(__always) func smallestHead() -> (value: Double, run: Int) {
            var (best, bestRun) = (Double.infinity, -1)
            for index in 0..<4 where runs[index].count > 0 {
                let head = runs[index].value(0)
                if bestRun < 0 || head < best { (best, bestRun) = (head, index) }
            }
            return (best, bestRun)
        }
        var want = rank &+ 1
        while want >= 4 {
            let share = want >> 2
            var (best, bestRun, bestTaken) = (Double.infinity, -1, 0)
            for index in 0..<4 {
                let taken = min(share, runs[index].count)
                guard taken > 0 else { continue }
                let pivot = runs[index].value(taken &- 1)
                if bestRun < 0 || pivot < best { (best, bestRun, bestTaken) = (pivot, index, taken) }
            }
            runs[bestRun].drop(bestTaken)
            want &-= bestTaken
            if want == 0 { return (best, smallestHead().value) }
        }
        var last = 0.0
        while want > 0 {
            let (head, run) = smallestHead()
            runs[run].drop(1)
            want &-= 1
            last = head
        }
        return (last, smallestHead().value)
    }

    /// The values at ranks `rank` and `rank + 1` of the union of ascending `first` and `second`.
    ///
    /// The rank's value ends the `rank + 1` smallest, which take `i` values from `first` and the
    /// rest from `second`, in the order (value, `first` before `second`): a binary search for `i`
    /// over the two runs, as for the median deviation of one sorted run.
    static func values(
        atRank rank: Int, _ first: UnsafeBufferPointer<Double>, _ second: UnsafeBufferPointer<Double>
    ) -> (Double, Double) {
        let (a, b) = (first.baseAddress!, second.baseAddress!)
        let (countA, countB) = (first.count, second.count)
        let taken = rank &+ 1
        var (low, high) = (max(0, taken &- countB), min(taken, countA))
        while true {
            let i = (low &+ high) >> 1
            let j = taken &- i
            if i < countA, j > 0, b[j &- 1] >= a[i] {
                low = i &+ 1  // b[j − 1] would come after a[i]: take more from the first run
            } else if i > 0, j < countB, a[i &- 1] > b[j] {
                high = i &- 1  // a[i − 1] would come after b[j]: take fewer
            } else {
                // The last taken (the second run's on a tie, as the merge orders them) and the next.
                let value = i == 0 ? b[j &- 1] : (j == 0 ? a[i &- 1] : max(a[i &- 1], b[j &- 1]))
                let next = i == countA ? (j == countB ? .infinity : b[j]) : (j == countB ? a[i] : min(a[i], b[j]))
                return (value, next)
            }
        }
    }

    /// The linearly interpolated percentile of the union of ascending `first` and `second`: the
    /// value `Statistics.percentileOfSorted` gives for their merge.
    static func percentile(
        _ percentage: Double, _ first: UnsafeBufferPointer<Double>, _ second: UnsafeBufferPointer<Double>
    ) -> Double {
        let count = first.count + second.count
        if percentage == 50, count % 2 == 0 {
            let (lower, upper) = values(atRank: count / 2 - 1, first, second)
            let mean = (lower + upper) / 2
            return mean.isFinite ? mean : lower / 2 + upper / 2
        }
        let position = Double(count - 1) * (percentage / 100)
        let rank = Statistics.lowerRank(ofPercentile: percentage, count: count)
        let fraction = position - Double(rank)
        let (value, next) = values(atRank: rank, first, second)
        guard fraction > 0, rank + 1 < count else { return value }
        return Statistics.interpolate(value, next, fraction)
    }

    /// The median of |xᵢ − `median`| over the union of ascending `first` and `second`: the value
    /// `Statistics.medianDeviationOfSorted` gives for their merge. Each run splits at its first
    /// value at or above `median` into two ascending runs of deviations.
    static func medianDeviation(
        _ first: UnsafeBufferPointer<Double>, _ second: UnsafeBufferPointer<Double>, median: Double
    ) -> Double {
        let count = first.count + second.count
        @inline(__always) func split(_ run: UnsafeBufferPointer<Double>) -> Int {
            var (low, high) = (0, run.count)  // the first index whose value is at or above the median
            while low < high {
                let middle = (low &+ high) >> 1
                if run[middle] < median { low = middle &+ 1 } else { high = middle }
            }
            return low
        }
        let (a, b) = (split(first), split(second))
        let base = first.baseAddress ?? second.baseAddress!
        @inline(__always) func below(_ run: UnsafeBufferPointer<Double>, _ split: Int) -> Run {
            Run(
                next: split > 0 ? run.baseAddress! + (split - 1) : base, stride: -1, count: split, sign: -1,
                level: median)
        }
        @inline(__always) func above(_ run: UnsafeBufferPointer<Double>, _ split: Int) -> Run {
            Run(
                next: split < run.count ? run.baseAddress! + split : base, stride: 1, count: run.count - split,
                sign: 1, level: median)
        }
        var runs = (below(first, a), above(first, a), below(second, b), above(second, b))
        let (lower, upper) = withUnsafeMutableBytes(of: &runs) {
            select(rank: count % 2 == 0 ? count / 2 - 1 : count / 2, in: $0.bindMemory(to: Run.self).baseAddress!)
        }
        guard count % 2 == 0 else { return lower }
        let mean = (lower + upper) / 2
        return mean.isFinite ? mean : lower / 2 + upper / 2
    }
}
