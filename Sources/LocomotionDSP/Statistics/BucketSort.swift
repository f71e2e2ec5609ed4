/// Sorts the few hundred samples of a window in about linear time: a distribution over equal
/// buckets between the known minimum and maximum, then an insertion sort, which only moves
/// values within their bucket.
@_spi(Testing) public enum BucketSort {
    /// The most values a bucket may hold before the standard library's sort takes over: the
    /// insertion sort costs the square of a bucket's size.
    static let crowdedBucket = 32

    /// Writes `samples` in ascending order into `sorted`.
    ///
    /// - Parameters:
    ///   - samples: Finite values.
    ///   - minimum: The smallest of `samples`; `maximum` the largest.
    ///   - sorted: At least `samples.count` elements; must not overlap `samples`.
    ///   - counts: At least `samples.count` elements of working storage.
    /// - Complexity: O(*n*) when no bucket is crowded, else O(*n* log *n*).
    @_spi(Testing) public static func sort(
        _ samples: UnsafeBufferPointer<Double>, minimum: Double, maximum: Double,
        into sorted: UnsafeMutableBufferPointer<Double>, counts: UnsafeMutableBufferPointer<Int>
    ) {
        let count = samples.count
        let input = samples.baseAddress!
        let output = sorted.baseAddress!
        let buckets = count - 1
        let width = maximum - minimum
        let scale = Double(buckets - 1) / width
        guard count > 2, width > 0, width.isFinite, scale.isFinite else {
            output.update(from: input, count: count)
            var all = UnsafeMutableBufferPointer(start: output, count: count)
            all.sort()
            return
        }
        let starts = counts.baseAddress!
        // The bucket is (value − minimum)·scale rounded to the nearest integer, 0...buckets − 1:
        // adding 1.5·2⁵² leaves that integer in the low bits of the sum, which is cheaper than a
        // checked conversion (rounding, like truncation, never puts a larger value in an
        // earlier bucket).
        @inline(__always) func bucket(_ value: Double) -> Int {
            Int(truncatingIfNeeded: ((value - minimum) * scale + 6_755_399_441_055_744).bitPattern & 0xFFFF_FFFF)
        }
        starts.update(repeating: 0, count: buckets + 1)
        for index in 0..<count { starts[bucket(input[index]) &+ 1] &+= 1 }
        var (largest, running) = (0, 0)
        var index = 1
        while index <= buckets {  // a plain loop: no overflow check on the index
            largest = max(largest, starts[index])
            running &+= starts[index]
            starts[index] = running
            index &+= 1
        }
        for index in 0..<count {
            let value = input[index]
            let target = bucket(value)
            output[starts[target]] = value
            starts[target] &+= 1
        }
        guard largest <= crowdedBucket else {
            var all = UnsafeMutableBufferPointer(start: output, count: count)
            all.sort()
            return
        }
        // Only values within a bucket can be out of order now, and most buckets hold 0, 1 or 2
        // values: one insertion sort over the whole run moves each value only past the larger
        // values of its own bucket (about one comparison a value). It is stable, as the counting
        // pass is, and equal values share a bucket, so the order is the same as sorting each
        // bucket on its own (ties included).
        insertionSort(output, count: count)
    }

    /// Sorts `count` values in place by insertion.
    private static func insertionSort(_ values: UnsafeMutablePointer<Double>, count: Int) {
        for index in 1..<count {
            let value = values[index]
            var position = index
            while position > 0, values[position &- 1] > value {
                values[position] = values[position &- 1]
                position &-= 1
            }
            values[position] = value
        }
    }
}
