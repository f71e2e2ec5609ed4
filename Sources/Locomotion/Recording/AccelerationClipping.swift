/// Whether an accelerometer clipped, at which range, and how much of the recording it flattened.
///
/// A phone's accelerometer has a fixed range (±2 g, ±4 g, ±8 g, ...). Motion beyond it reads as the
/// range itself, so a clipped axis sits at one value, its largest magnitude, for many samples, while a
/// signal that stays inside the range touches its largest value once per peak. This reads the clipping
/// from the samples alone: the largest magnitude over the three axes is the range when at least
/// ``minimumRailSamples`` samples sit within ``tolerance`` of it (on any axis, either sign), two of them
/// in a row on one axis (a flat top: a smooth peak sampled exactly at its top has one such sample), and
/// it is at least ``minimumRange`` (gravity alone never comes near it). Running with a ±2 g phone in a trouser
/// pocket clips a third to half of its samples; walking only at heel strikes.
///
/// The acceleration magnitude's spread, range and maximum shrink under clipping; cadence, the
/// autocorrelation and the magnitude's interquartile range (`RunningImpact`) keep their meaning.
public struct AccelerationClipping: Sendable, Hashable, Codable {
    /// The smallest range (g) read as clipping; below it a flat top is not told from gravity.
    public static let minimumRange = 1.5
    /// How close to the largest magnitude (g) a sample counts as on the rail.
    public static let tolerance = 1e-4
    /// How many samples on the rail make a recording clipped.
    public static let minimumRailSamples = 3

    /// The range (g) the accelerometer clipped at, or `nil` when it did not clip.
    public var range: Double?
    /// The rows with at least one axis on the rail.
    public var clippedSampleCount: Int
    /// The rows read (every axis finite).
    public var sampleCount: Int
    /// The rows skipped because an axis was NaN or infinite.
    public var nonFiniteSampleCount: Int

    /// Whether the accelerometer clipped.
    public var isClipped: Bool { range != nil }
    /// The share (0…1) of the rows read with an axis on the rail; 0 when none was read.
    public var clippedShare: Double { sampleCount == 0 ? 0 : Double(clippedSampleCount) / Double(sampleCount) }

    /// Reads the clipping of three axes of acceleration in g (gravity included or not).
    ///
    /// Rows with a non-finite axis are skipped and counted (``nonFiniteSampleCount``); empty input is
    /// not clipped.
    ///
    /// - Precondition: `x`, `y` and `z` have the same count.
    /// - Complexity: O(*n*), one pass.
    public init(x: some Collection<Double>, y: some Collection<Double>, z: some Collection<Double>) {
        precondition(x.count == y.count && y.count == z.count, "the three axes need the same count")
        var accumulator = Accumulator()
        for ((a, b), c) in zip(zip(x, y), z) { accumulator.append(a, b, c) }
        self = accumulator.clipping
    }

    /// The clipping read one row at a time, in one pass, so a recording streamed in chunks gives the
    /// same answer as the whole recording.
    ///
    /// The two facts that need the final range are kept so that they can be judged against it at the
    /// end: the count of rows at each largest-axis value within ``tolerance`` of the largest so far
    /// (values further below can never be on the rail), and the largest value that two consecutive rows
    /// reach together on one axis (a flat top exists when it reaches the rail).
    @_spi(Testing) public struct Accumulator: Sendable {
        private var peak = 0.0
        /// Rows by their largest axis magnitude, for the values within ``tolerance`` of `peak`.
        private var nearPeak: [Double: Int] = [:]
        /// The largest `min(|previous|, |current|)` over axes and consecutive finite rows.
        private var pairPeak = 0.0
        private var previous: (Double, Double, Double)?
        private var rows = 0
        private var skipped = 0

        /// An accumulator that has seen no row.
        public init() {}

        /// Adds one row (g).
        ///
        /// - Complexity: Amortised O(1): the rows near the peak are few distinct values.
        @inline(__always)
        public mutating func append(_ x: Double, _ y: Double, _ z: Double) {
            rows += 1
            guard x.isFinite && y.isFinite && z.isFinite else {
                skipped += 1
                previous = nil
                return
            }
            let now = (abs(x), abs(y), abs(z))
            let largest = max(now.0, now.1, now.2)
            // A new peak is within the tolerance of the old one too, so one test sends both cases
            // (rare after the first rows) out of line.
            if largest >= peak - AccelerationClipping.tolerance { notePeak(largest) }
            if let last = previous {
                pairPeak = max(pairPeak, min(last.0, now.0), min(last.1, now.1), min(last.2, now.2))
            }
            previous = now
        }

        /// Counts a row whose largest axis magnitude `largest` (g) is within the tolerance of the
        /// peak, first raising the peak (and dropping the counts it leaves behind) when above it.
        @inline(never)
        private mutating func notePeak(_ largest: Double) {
            if largest > peak {
                peak = largest
                nearPeak = nearPeak.filter { $0.key >= peak - AccelerationClipping.tolerance }
            }
            nearPeak[largest, default: 0] += 1
        }

        /// The clipping of the rows appended so far.
        public var clipping: AccelerationClipping {
            let rail = peak - AccelerationClipping.tolerance
            let onRail = nearPeak.reduce(0) { $1.key >= rail ? $0 + $1.value : $0 }
            let clipped =
                peak >= AccelerationClipping.minimumRange && onRail >= AccelerationClipping.minimumRailSamples
                && pairPeak >= rail
            return AccelerationClipping(
                range: clipped ? peak : nil, clippedSampleCount: clipped ? onRail : 0, sampleCount: rows - skipped,
                nonFiniteSampleCount: skipped)
        }
    }

    private init(range: Double?, clippedSampleCount: Int, sampleCount: Int, nonFiniteSampleCount: Int) {
        self.range = range
        self.clippedSampleCount = clippedSampleCount
        self.sampleCount = sampleCount
        self.nonFiniteSampleCount = nonFiniteSampleCount
    }
}

extension Recording {
    /// The clipping of the acceleration with gravity (``accelerationIncludingGravity``), or `nil`
    /// when the recording has none.
    ///
    /// - Complexity: O(*n*).
    public var accelerationClipping: AccelerationClipping? {
        guard let acceleration = accelerationIncludingGravity else { return nil }
        return AccelerationClipping(x: acceleration.x, y: acceleration.y, z: acceleration.z)
    }
}
