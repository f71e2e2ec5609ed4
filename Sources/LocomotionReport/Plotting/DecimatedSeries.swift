/// A time grid of at most `capacity` buckets that doubles its bucket width when a time falls
/// beyond its end, merging neighbouring buckets pairwise: the bucket width need not be known up
/// front (a streamed recording's duration is not), and the buckets always cover the data with
/// between `capacity / 2` and `capacity` of them once the data fill the grid.
///
/// The grid starts at the first time it sees; bucket *k* holds the times in
/// `[origin + k·width, origin + (k+1)·width)`.
struct BucketGrid {
    let capacity: Int
    private(set) var origin: Double
    private(set) var width: Double

    /// A grid from `origin` whose first `capacity / 2` buckets cover `span` seconds.
    init(capacity: Int, origin: Double, span: Double) {
        precondition(capacity >= 2 && capacity % 2 == 0, "an even capacity of at least 2")
        self.capacity = capacity
        self.origin = origin
        // A positive width even for a span of 0 (or a single instant): it doubles as needed.
        width = max(span / Double(capacity / 2), max(origin.magnitude, 1) * 1e-12)
    }

    /// The bucket of `time` (at or after `origin`), or `nil` when it lies beyond the last bucket
    /// and the grid must ``double()`` first.
    func bucket(of time: Double) -> Int? {
        let index = ((time - origin) / width).rounded(.down)
        guard index < Double(capacity) else { return nil }
        return max(0, Int(index))
    }

    /// Doubles the width: bucket *k* of the new grid is buckets *2k* and *2k+1* of the old one.
    mutating func double() { width *= 2 }
}

/// A series of points (seconds, value) kept in bounded memory for a plot: every point while there
/// are at most `rawLimit`, then the smallest and the largest value of each bucket of a
/// ``BucketGrid`` (with their times), so a spike survives however long the series grows.
///
/// A non-finite value breaks the series (a line is not drawn across it), and so does a step in
/// time longer than `maximumGap`; once decimated, a bucket that follows a break starts a new run
/// (a break inside a bucket, shorter than one bucket's width, is not kept).
@_spi(Testing) public struct DecimatedSeries: Sendable {
    let capacity: Int
    let rawLimit: Int
    let maximumGap: Double
    /// Every point so far, while not decimated.
    private(set) var raw: [(time: Double, value: Double)] = []
    public private(set) var isDecimated = false
    private var grid: BucketGrid?
    private var buckets: [Bucket] = []
    /// Whether a break came after the last finite point.
    private var pendingBreak = false
    private var previousTime: Double?
    /// Points taken, finite or not.
    @_spi(Testing) public private(set) var count = 0

    @_spi(Testing) public struct Bucket: Equatable, Sendable {
        public var minimumTime = 0.0
        public var minimum = Double.nan
        public var maximumTime = 0.0
        public var maximum = Double.nan
        /// A break comes before the bucket's first point.
        public var opensRun = false
        var isEmpty: Bool { minimum.isNaN }

        /// An empty bucket; `opensRun` says whether a break comes before its first point.
        public init(opensRun: Bool = false) { self.opensRun = opensRun }

        mutating func take(_ time: Double, _ value: Double) {
            let first = isEmpty
            if first || value < minimum { (minimumTime, minimum) = (time, value) }
            if first || value > maximum { (maximumTime, maximum) = (time, value) }
        }

        /// `self` then `later`: ties keep the earlier point.
        func merged(with later: Bucket) -> Bucket {
            if later.isEmpty { return self }
            if isEmpty { return later }
            var out = self
            if later.minimum < minimum { (out.minimumTime, out.minimum) = (later.minimumTime, later.minimum) }
            if later.maximum > maximum { (out.maximumTime, out.maximum) = (later.maximumTime, later.maximum) }
            return out
        }
    }

    /// - Parameters:
    ///   - capacity: Buckets once decimated (even, at least 2).
    ///   - rawLimit: Points kept as they are before decimating.
    ///   - maximumGap: Seconds between points beyond which the series breaks.
    public init(capacity: Int = 4096, rawLimit: Int = 8192, maximumGap: Double = .infinity) {
        self.capacity = capacity
        self.rawLimit = rawLimit
        self.maximumGap = maximumGap
    }

    public mutating func append(time: Double, value: Double) {
        count += 1
        guard isDecimated else {
            raw.append((time, value))
            if raw.count > rawLimit { decimate() }
            return
        }
        take(time, value)
    }

    private mutating func decimate() {
        let times = raw.map(\.time).filter(\.isFinite)
        isDecimated = true
        let points = raw
        raw = []
        count -= points.count
        guard let first = times.first else { return }
        grid = BucketGrid(capacity: capacity, origin: first, span: (times.last ?? first) - first)
        buckets = [Bucket](repeating: Bucket(), count: capacity)
        for point in points { append(time: point.time, value: point.value) }
    }

    private mutating func take(_ time: Double, _ value: Double) {
        guard time.isFinite, value.isFinite else {
            pendingBreak = true
            previousTime = nil
            return
        }
        if let previous = previousTime, time - previous > maximumGap { pendingBreak = true }
        previousTime = time
        if grid == nil {
            grid = BucketGrid(capacity: capacity, origin: time, span: 0)
            buckets = [Bucket](repeating: Bucket(), count: capacity)
        }
        var index = grid!.bucket(of: time)
        while index == nil {
            grid!.double()
            for k in 0..<(capacity / 2) { buckets[k] = buckets[2 * k].merged(with: buckets[2 * k + 1]) }
            for k in (capacity / 2)..<capacity { buckets[k] = Bucket() }
            index = grid!.bucket(of: time)
        }
        if buckets[index!].isEmpty { buckets[index!].opensRun = pendingBreak }
        pendingBreak = false
        buckets[index!].take(time, value)
    }

    /// The filled buckets in time order (empty while not decimated).
    public var filledBuckets: [Bucket] { buckets.filter { !$0.isEmpty } }

    /// The bucket width in seconds once decimated.
    public var bucketWidth: Double? { isDecimated ? grid?.width : nil }

    /// What to draw: the points themselves while not decimated; else each bucket's extremes in
    /// time order, with a NaN point before each bucket that opens a run.
    @_spi(Testing) public var points: [(time: Double, value: Double)] {
        guard isDecimated else { return raw }
        var out: [(time: Double, value: Double)] = []
        for bucket in filledBuckets {
            if bucket.opensRun, let last = out.last {
                out.append(((last.time + min(bucket.minimumTime, bucket.maximumTime)) / 2, .nan))
            }
            let low = (time: bucket.minimumTime, value: bucket.minimum)
            let high = (time: bucket.maximumTime, value: bucket.maximum)
            if low.time == high.time && low.value == high.value {
                out.append(low)
            } else if low.time <= high.time {
                out += [low, high]
            } else {
                out += [high, low]
            }
        }
        return out
    }
}
