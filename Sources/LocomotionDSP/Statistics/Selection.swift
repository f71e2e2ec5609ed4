/// In-place selection of order statistics (the *k*-th smallest value) without allocation, for
/// the median and percentiles.
///
/// Hoare-partition quickselect (Wirth's scheme) with a median-of-three pivot, which copes with
/// sorted input and with many equal values. A good run needs about log₂ *n* partitions; after
/// twice that many it heap-sorts what is left, so the worst case is O(*n* log *n*).
enum Selection {
    /// Rearranges `buffer[lower...]` so that `buffer[k]` holds the value it would hold if that
    /// range were sorted, every value before it (from `lower`) is ≤ it and every value after it
    /// is ≥ it.
    ///
    /// - Parameter partitionBudget: Partitions allowed before the heapsort fallback; `nil` for
    ///   2·log₂ *m*. The tests lower it to exercise the fallback.
    /// - Precondition: `lower <= k < buffer.count`; no NaN in the buffer.
    /// - Complexity: O(*m*) on average, O(*m* log *m*) at worst, for *m* = `buffer.count − lower`.
    static func select(
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
            var i = low
            var j = high
            repeat {
                while buffer[i] < pivot { i += 1 }
                while pivot < buffer[j] { j -= 1 }
                if i <= j {
                    buffer.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            } while i <= j
            // Now buffer[low...j] ≤ pivot ≤ buffer[i...high], and anything between equals pivot.
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                return
            }
        }
    }

    /// The smallest value of `buffer[lower...]`.
    ///
    /// - Precondition: `lower < buffer.count`.
    static func minimum(in buffer: UnsafeMutableBufferPointer<Double>, from lower: Int) -> Double {
        var smallest = buffer[lower]
        for index in (lower + 1)..<buffer.count { smallest = min(smallest, buffer[index]) }
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
