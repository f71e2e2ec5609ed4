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
    /// One pass keeps the `k` largest values seen so far in a min-heap on the stack; a value
    /// enters (replacing the root and sinking, O(log *k*)) only when it exceeds the smallest of
    /// them, and the pass compares four values at once with that smallest, so most values cost a
    /// fraction of a comparison. For a rank near the
    /// top (a high quantile) this replaces a selection's partitions. The values equal those at the
    /// same ranks of the sorted buffer (a tie between −0 and +0 may return either).
    ///
    /// - Precondition: `1 <= k <= buffer.count`; no NaN in the buffer.
    /// - Complexity: O(*n* + *m*·log *k*) for the *m* values that enter (O(*k* log(*n*/*k*)) of them
    ///   on average for values in random order, *n* at worst); no heap allocation for `k` up to
    ///   128 (the kept values live on the stack). `buffer` is not changed.
    @_spi(Testing) public static func topTwoOfLargest(_ k: Int, in buffer: UnsafeMutableBufferPointer<Double>) -> (
        Double, Double
    ) {
        precondition(k >= 1 && k <= buffer.count, "topTwoOfLargest: k out of range")
        let base = buffer.baseAddress!
        let count = buffer.count
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: k) { kept in
            // A min-heap of the k largest values so far: its root is the smallest of them.
            let heap = kept.baseAddress!
            @inline(__always) func siftDown(_ value: Double, from start: Int) {
                var slot = start
                while true {
                    let left = 2 &* slot &+ 1
                    guard left < k else { break }
                    let right = left &+ 1
                    let child = right < k && heap[right] < heap[left] ? right : left
                    guard heap[child] < value else { break }
                    heap[slot] = heap[child]
                    slot = child
                }
                heap[slot] = value
            }
            heap.update(from: base, count: k)
            for slot in stride(from: k / 2 - 1, through: 0, by: -1) { siftDown(heap[slot], from: slot) }
            var smallest = heap[0]
            // A value above the smallest kept replaces it and sinks to its place.
            @inline(__always) func offer(_ value: Double) {
                guard value > smallest else { return }
                siftDown(value, from: 0)
                smallest = heap[0]
            }
            let raw = UnsafeRawPointer(base)
            var index = k
            while index &+ 4 <= count {
                let values = raw.loadUnaligned(fromByteOffset: index &* 8, as: SIMD4<Double>.self)
                if any(values .> SIMD4(repeating: smallest)) {
                    offer(values[0])
                    offer(values[1])
                    offer(values[2])
                    offer(values[3])
                }
                index &+= 4
            }
            while index < count {
                offer(base[index])
                index &+= 1
            }
            // The second smallest of a min-heap is the smaller of the root's children.
            let second = k > 2 ? min(heap[1], heap[2]) : (k > 1 ? heap[1] : heap[0])
            return (heap[0], second)
        }
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
