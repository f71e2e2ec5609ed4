/// Spans of time (start, end) with a value and a category, kept in bounded memory for a band or
/// bars: every span while there are at most `rawLimit`, then per bucket of a ``BucketGrid`` (by
/// the span's start) the first start, the last end, the smallest and largest value and the
/// category that most spans in the bucket have (ties to the lower category).
@_spi(Testing) public struct DecimatedSpans: Sendable {
    @_spi(Testing) public struct Span: Equatable, Sendable {
        public var start: Double
        public var end: Double
        public var minimum: Double
        public var maximum: Double
        public var category: Int

        /// A span with the given fields.
        public init(start: Double, end: Double, minimum: Double, maximum: Double, category: Int) {
            self.start = start
            self.end = end
            self.minimum = minimum
            self.maximum = maximum
            self.category = category
        }
    }

    let categories: Int
    let capacity: Int
    let rawLimit: Int
    private(set) var raw: [Span] = []
    public private(set) var isDecimated = false
    private var grid: BucketGrid?
    private var buckets: [Bucket] = []

    struct Bucket {
        var start = Double.nan
        var end = -Double.infinity
        var minimum = Double.infinity
        var maximum = -Double.infinity
        var counts: [Int]
        var isEmpty: Bool { start.isNaN }

        func merged(with later: Bucket) -> Bucket {
            if later.isEmpty { return self }
            if isEmpty { return later }
            var out = self
            out.end = max(end, later.end)
            out.minimum = min(minimum, later.minimum)
            out.maximum = max(maximum, later.maximum)
            for index in counts.indices { out.counts[index] += later.counts[index] }
            return out
        }
    }

    public init(categories: Int, capacity: Int = 4096, rawLimit: Int = 8192) {
        self.categories = categories
        self.capacity = capacity
        self.rawLimit = rawLimit
    }

    /// Takes a span; `category` in `0..<categories`; spans come in order of their start.
    public mutating func append(start: Double, end: Double, value: Double, category: Int) {
        precondition((0..<categories).contains(category), "a category in range")
        guard isDecimated else {
            raw.append(Span(start: start, end: end, minimum: value, maximum: value, category: category))
            if raw.count > rawLimit { decimate() }
            return
        }
        guard start.isFinite, end.isFinite else { return }
        if grid == nil {
            grid = BucketGrid(capacity: capacity, origin: start, span: 0)
            buckets = [Bucket](repeating: Bucket(counts: .init(repeating: 0, count: categories)), count: capacity)
        }
        var index = grid!.bucket(of: start)
        while index == nil {
            grid!.double()
            let empty = Bucket(counts: .init(repeating: 0, count: categories))
            for k in 0..<(capacity / 2) { buckets[k] = buckets[2 * k].merged(with: buckets[2 * k + 1]) }
            for k in (capacity / 2)..<capacity { buckets[k] = empty }
            index = grid!.bucket(of: start)
        }
        var bucket = buckets[index!]
        if bucket.isEmpty { bucket.start = start }
        bucket.end = max(bucket.end, end)
        if value.isFinite {
            bucket.minimum = min(bucket.minimum, value)
            bucket.maximum = max(bucket.maximum, value)
        }
        bucket.counts[category] += 1
        buckets[index!] = bucket
    }

    private mutating func decimate() {
        let spans = raw
        raw = []
        isDecimated = true
        let starts = spans.map(\.start).filter(\.isFinite)
        if let first = starts.first {
            grid = BucketGrid(capacity: capacity, origin: first, span: (starts.last ?? first) - first)
            buckets = [Bucket](repeating: Bucket(counts: .init(repeating: 0, count: categories)), count: capacity)
        }
        for span in spans { append(start: span.start, end: span.end, value: span.minimum, category: span.category) }
    }

    /// Every span while not decimated, else one per filled bucket (minimum and maximum NaN when no
    /// span of the bucket had a finite value).
    @_spi(Testing) public var spans: [Span] {
        guard isDecimated else { return raw }
        return buckets.filter { !$0.isEmpty }.map { bucket in
            var category = 0
            for index in bucket.counts.indices where bucket.counts[index] > bucket.counts[category] {
                category = index
            }
            let finite = bucket.minimum <= bucket.maximum
            return Span(
                start: bucket.start, end: bucket.end, minimum: finite ? bucket.minimum : .nan,
                maximum: finite ? bucket.maximum : .nan, category: category)
        }
    }
}
