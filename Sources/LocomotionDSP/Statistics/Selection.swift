/// In-place selection of order statistics (the *k*-th smallest value) without allocation, for
/// the median and percentiles.
///
/// Quickselect with a median-of-three pivot and a branchless partition: each pass moves the
/// values below the pivot to the front with conditional moves instead of branches, so random
/// data costs no branch mispredictions. When the wanted rank is not below the pivot, a second
/// branchless pass gathers the values equal to it, which makes runs of equal values (a still
/// phone, quantised sensors) cost one pass instead of many. A good run needs about log₂ *n*
/// partitions; after twice that many it heap-sorts what is left, so the worst case is
/// O(*n* log *n*).
@_spi(Testing) public enum Selection {
    /// Rearranges `buffer[lower...]` so that `buffer[k]` holds the value it would hold if that
    /// range were sorted, every value before it (from `lower`) is ≤ it and every value after it
    /// is ≥ it.
    ///
    /// - Parameter partitionBudget: Partitions allowed before the heapsort fallback; `nil` for
    ///   2·log₂ *m*. The tests lower it to exercise the fallback.
    /// - Precondition: `lower <= k < buffer.count`; no NaN in the buffer.
    /// - Complexity: O(*m*) on average, O(*m* log *m*) at worst, for *m* = `buffer.count − lower`.
    @_spi(Testing) public static func select(
        _ k: Int, in buffer: UnsafeMutableBufferPointer<Double>, from lower: Int = 0, partitionBudget: Int? = nil
    ) {
        precondition(lower <= k && k < buffer.count, "select: k out of range")
        var low = lower
        var high = buffer.count - 1
        var budget = partitionBudget ?? 2 * (Int.bitWidth - (high - low + 1).leadingZeroBitCount)
        while low < high {
            if budget == 0 {
                heapSort(buffer, low, high)
                return
            }
            budget -= 1
            let middle = low + (high - low) / 2
            // Median of three: afterwards buffer[low] ≤ buffer[middle] ≤ buffer[high].
            if buffer[middle] < buffer[low] { buffer.swapAt(middle, low) }
            if buffer[high] < buffer[low] { buffer.swapAt(high, low) }
            if buffer[high] < buffer[middle] { buffer.swapAt(high, middle) }
            let pivot = buffer[middle]
            // buffer[low..<below] < pivot ≤ buffer[below...high]; the pivot itself is never
            // below it, so below ≤ high.
            let below = partition(buffer, low, high, strictly: true, pivot)
            if k < below {
                high = below - 1
                continue
            }
            if below > low {
                low = below
                continue
            }
            // Nothing is below the pivot, which is therefore the smallest value: gather the
            // values equal to it, so a run of equal values takes one more pass, not one per value.
            let equal = partition(buffer, low, high, strictly: false, pivot)
            if k < equal { return }
            low = equal
        }
    }

    /// Moves the values of `buffer[low...high]` that are below `pivot` (or, when not `strictly`,
    /// at or below it) to the front of that range, branch-free, and returns where they end.
    @inline(__always)
    private static func partition(
        _ buffer: UnsafeMutableBufferPointer<Double>, _ low: Int, _ high: Int, strictly: Bool, _ pivot: Double
    ) -> Int {
        let base = buffer.baseAddress!
        // Bool to 0 or 1 without a branch (a conditional expression would compile to a jump).
        @inline(__always) func step(_ moves: Bool) -> Int { Int(unsafeBitCast(moves, to: UInt8.self)) }
        // Lomuto's scheme with an unconditional swap: base[low..<store] moves, and
        // base[store..<index] stays, so swapping a staying value with itself or with another
        // staying value keeps both parts intact.
        var store = low
        for index in low...high {
            let value = base[index]
            base[index] = base[store]
            base[store] = value
            store &+= step(strictly ? value < pivot : value <= pivot)
        }
        return store
    }

    /// The values at ranks `count − k` and `count − k + 1` (ascending, 0-based) of `buffer`: the
    /// smallest and second smallest of its `k` largest values (both the largest when `k` is 1).
    ///
    /// One pass keeps the `k` largest values seen so far sorted in `buffer[0..<k]`; a value enters
    /// only when it exceeds the smallest of them, so most values cost one comparison. For a rank
    /// near the top (a high quantile) this replaces a selection's partitions. The values equal
    /// those at the same ranks of the sorted buffer (a tie between −0 and +0 may return either).
    ///
    /// - Precondition: `1 <= k <= buffer.count`; no NaN in the buffer.
    /// - Complexity: O(*n* + *m*·*k*) for the *m* values that enter (O(*k* log(*n*/*k*)) of them
    ///   on average for values in random order, *n* at worst); no allocation. Reorders `buffer`.
    @_spi(Testing) public static func topTwoOfLargest(_ k: Int, in buffer: UnsafeMutableBufferPointer<Double>) -> (
        Double, Double
    ) {
        precondition(k >= 1 && k <= buffer.count, "topTwoOfLargest: k out of range")
        let base = buffer.baseAddress!
        // Insertion sort of the first k values, ascending.
        for index in 1..<k {
            let value = base[index]
            var slot = index
            while slot > 0, base[slot - 1] > value {
                base[slot] = base[slot - 1]
                slot -= 1
            }
            base[slot] = value
        }
        var smallest = base[0]
        for index in k..<buffer.count {
            let value = base[index]
            guard value > smallest else { continue }
            // The smallest leaves (to the value's place, so the buffer stays a permutation); the
            // value goes after every kept value below it.
            base[index] = smallest
            var slot = 0
            while slot + 1 < k, base[slot + 1] < value {
                base[slot] = base[slot + 1]
                slot += 1
            }
            base[slot] = value
            smallest = base[0]
        }
        return (base[0], k > 1 ? base[1] : base[0])
    }

    /// The smallest value of `buffer[lower...]`.
    ///
    /// - Precondition: `lower < buffer.count`.
    static func minimum(in buffer: UnsafeMutableBufferPointer<Double>, from lower: Int) -> Double {
        var smallest = buffer[lower]
        for index in (lower + 1)..<buffer.count { smallest = buffer[index] < smallest ? buffer[index] : smallest }
        return smallest
    }

    /// Sorts `buffer[low...high]` in place by heapsort.
    private static func heapSort(_ buffer: UnsafeMutableBufferPointer<Double>, _ low: Int, _ high: Int) {
        let count = high - low + 1
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while 2 * root + 1 < end {
                var child = 2 * root + 1
                if child + 1 < end, buffer[low + child] < buffer[low + child + 1] { child += 1 }
                guard buffer[low + root] < buffer[low + child] else { return }
                buffer.swapAt(low + root, low + child)
                root = child
            }
        }
        for start in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(start, count) }
        for end in stride(from: count - 1, to: 0, by: -1) {
            buffer.swapAt(low, low + end)
            siftDown(0, end)
        }
    }
}
