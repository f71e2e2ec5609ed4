/// The feature vectors of a whole recording, stored as one row-major matrix.
public struct FeatureTable: Sendable {
    /// One extracted window.
    public struct Window: Sendable, Equatable {
        /// Time of the first sample, in seconds.
        public var start: Double
        /// Time of the last sample, in seconds.
        public var end: Double
        /// The recording rows the window covers.
        public var rows: Range<Int>
        /// The most frequent label among the rows (ties go to the label that occurs first), or
        /// `nil` when the recording has no labels.
        public var majorityLabel: String?
    }

    /// The columns.
    public var schema: FeatureSchema
    /// The windows, in time order; window *i* is row *i* of ``values``.
    public var windows: [Window]
    /// `windows.count × schema.count` values, row-major; NaN marks a missing value.
    public var values: [Double]
    /// The trailing part of each gap-free segment that does not fill a whole window (one per
    /// segment at most), in time order: reported, not silently dropped.
    public var incompleteWindows: [IncompleteWindow]
    /// The sample rate used, in Hz.
    public var sampleRate: Double
    /// Samples per window.
    public var windowLength: Int
    /// Samples between window starts.
    public var hopLength: Int

    /// The number of windows.
    public var count: Int { windows.count }

    /// The values of window `index`, in schema order.
    ///
    /// - Complexity: O(1); the slice shares the table's storage.
    public func row(_ index: Int) -> ArraySlice<Double> {
        values[(index * schema.count)..<((index + 1) * schema.count)]
    }

    /// Window `index` as a ``FeatureVector`` (copies its row).
    ///
    /// - Complexity: O(*f*) for *f* features; allocates.
    public subscript(index: Int) -> FeatureVector {
        FeatureVector(
            schema: schema, values: Array(row(index)), start: windows[index].start, end: windows[index].end)
    }

    /// Every window as a ``FeatureVector``.
    ///
    /// - Complexity: O(*w*·*f*); allocates one array per window.
    public var vectors: [FeatureVector] { windows.indices.map { self[$0] } }
}
