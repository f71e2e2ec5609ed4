@_spi(LocomotionInternals) import LocomotionDSP

/// Extracts features from a live stream of samples: one vector per hop, from a ring buffer,
/// with no allocation in steady state.
///
/// ```swift
/// var stream = try StreamingFeatureExtractor(sampleRate: 50)
/// for sample in samples {                      // time-ordered
///     if try stream.append(time: sample.t, x: sample.ax, y: sample.ay, z: sample.az) {
///         classify(stream.values)              // the newest window's features, schema order
///     }
/// }
/// let tail = stream.finish()                   // the incomplete last window, if any
/// ```
///
/// The first window is produced when ``FeatureExtractor/windowLength`` samples have arrived,
/// then one every ``FeatureExtractor/hopLength`` samples: the same windows, with the same
/// values, as ``Recording/features(_:sampleRate:maximumGap:threadCount:)`` on the same data. A gap
/// (an interval longer than `maximumGap`) ends the current stretch: the samples after its last
/// whole window are reported in ``incompleteWindows`` and the buffer starts afresh, so no window
/// crosses a gap. GPS fixes and pedometer cadence, appended as they arrive in time order, give
/// the context of the windows that end after them.
///
/// Allocation: the ring buffers, the extractor's scratch and ``values`` are allocated in `init`.
/// ``append(time:x:y:z:rotationRate:)`` writes ``values`` in place and allocates nothing, as
/// long as the caller keeps no copy of ``values`` alive across calls (a copy makes the next
/// write copy the array). ``vector`` is the explicit, allocating copy. Only reporting an
/// incomplete window at a gap appends to ``incompleteWindows``.
///
/// Thread safety: a value type; use each instance from one thread at a time.
public struct StreamingFeatureExtractor: Sendable {
    /// The per-window engine; its ``FeatureExtractor/schema`` describes ``values``.
    public private(set) var extractor: FeatureExtractor
    /// The longest interval (s) between samples of one stretch.
    public let maximumGap: Double
    /// The features of the newest window, in schema order (NaN before the first window).
    public private(set) var values: [Double]
    /// Time of the newest window's first sample, in seconds (NaN before the first window).
    public private(set) var windowStart = Double.nan
    /// Time of the newest window's last sample, in seconds (NaN before the first window).
    public private(set) var windowEnd = Double.nan
    /// The GPS and pedometer context of the newest window, as its features saw it.
    public private(set) var context = WindowContext()
    /// The windows produced so far.
    public private(set) var windowCount = 0
    /// Stretches cut short by gaps (and, after ``finish()``, by the end of the stream).
    public private(set) var incompleteWindows: [IncompleteWindow] = []

    private let hasGyroscope: Bool
    /// The newest window's samples, contiguous in place: channel 0 holds the times, 1–3 the
    /// acceleration axes, 4–6 the rotation rate (with a gyroscope). Its ``MirroredRingBuffer/appendedCount``
    /// counts the samples of the current stretch.
    private var ring: MirroredRingBuffer
    private var previousTime = -Double.infinity
    /// Samples appended since `init`, for error messages.
    private var sampleCount = 0
    private var nextStart = 0
    private var contexts: WindowContextBuilder

    /// Prepares the buffers.
    ///
    /// - Parameters:
    ///   - configuration: Features and windowing.
    ///   - sampleRate: The stream's rate in Hz (within ``Recording/supportedSampleRates``, 5–1000).
    ///   - maximumGap: The longest interval (s) inside a stretch; `nil` means 5 sample intervals, at
    ///     least 0.1 s (the recording reader's default).
    ///   - hasGyroscope: Whether samples will carry a rotation rate; when they do not, the
    ///     gyroscope features are missing.
    ///   - accelerationContent: What the samples' acceleration holds; for gravity-removed
    ///     acceleration the features that need gravity are missing (see
    ///     ``FeatureExtractor/init(configuration:sampleRate:accelerationContent:)``).
    /// - Throws: As ``FeatureExtractor/init(configuration:sampleRate:accelerationContent:)``, or
    ///   `LocomotionError.invalidParameter` for a non-positive `maximumGap` or a window longer
    ///   than ``maximumWindowSampleCount``.
    /// - Complexity: O(*n*) in the window length, plus FFT planning.
    public init(
        configuration: FeatureConfiguration = .init(), sampleRate: Double, maximumGap: Double? = nil,
        hasGyroscope: Bool = false, accelerationContent: AccelerationContent = .includingGravity
    ) throws(LocomotionError) {
        // Before any buffer or plan is made for the window: a stream cannot know that its window
        // will never fill, as a batch extraction does when the recording is shorter than it.
        let window = try configuration.lengths(sampleRate: sampleRate).window
        guard window <= Self.maximumWindowSampleCount else {
            let longest = (Double(Self.maximumWindowSampleCount) / sampleRate).compactDescription
            throw .invalidParameter(
                name: "windowDuration", value: "\(configuration.windowDuration)",
                requirement: "it must span at most \(Self.maximumWindowSampleCount) samples when streamed "
                    + "(\(longest) s at \(sampleRate.compactDescription) Hz)")
        }
        extractor = try FeatureExtractor(
            configuration: configuration, sampleRate: sampleRate, accelerationContent: accelerationContent)
        let gap = maximumGap ?? max(Recording.defaultGapFactor / sampleRate, Recording.minimumDefaultGap)
        try LocomotionError.requirePositive(gap, name: "maximumGap", unit: "s")
        self.maximumGap = gap
        self.hasGyroscope = hasGyroscope
        let length = extractor.windowLength
        ring = MirroredRingBuffer(capacity: length, channels: hasGyroscope ? 7 : 4)
        values = [Double](repeating: .nan, count: extractor.schema.count)
        contexts = WindowContextBuilder(configuration: configuration)
        incompleteWindows.reserveCapacity(16)
    }

    /// The most samples a streamed window may hold: 2²⁰, 5.8 h at 50 Hz and 17 min at 1000 Hz. The
    /// window's samples are kept twice per channel, so this bounds the buffers to 117 MB with a
    /// gyroscope (and the window's FFT plan to 2²¹ points), whatever duration is asked for.
    public static let maximumWindowSampleCount = 1 << 20

    /// The schema of ``values``.
    public var schema: FeatureSchema { extractor.schema }

    /// The newest window as a ``FeatureVector``: an explicit copy that allocates.
    public var vector: FeatureVector? {
        windowCount > 0 ? FeatureVector(schema: schema, values: values, start: windowStart, end: windowEnd) : nil
    }

    /// Feeds a GPS fix to the speed filter; windows ending at or after it see its effect.
    ///
    /// - Complexity: O(1).
    public mutating func append(fix: LocationFix) {
        contexts.append(fix: fix)
    }

    /// Records a pedometer cadence (steps/s) reported at `time` (s); non-finite values are ignored.
    ///
    /// - Complexity: O(1).
    public mutating func append(cadence: Double, at time: Double) {
        contexts.append(cadence: cadence, at: time)
    }

    /// Appends one sample and, when it completes a window, computes that window's features into
    /// ``values``.
    ///
    /// - Parameters:
    ///   - time: Seconds; must not decrease.
    ///   - x: Acceleration along x, in g.
    ///   - y: Acceleration along y, in g.
    ///   - z: Acceleration along z, in g.
    ///   - rotationRate: Rad/s, when the extractor was made with `hasGyroscope` (ignored otherwise).
    /// - Returns: Whether a new window's features are in ``values``.
    /// - Throws: `LocomotionError.invalidParameter` for a NaN or infinite time (nothing is
    ///   appended), `.timeGoesBackwards` for a decreasing time, `.signalProcessing`
    ///   for a NaN or infinite sample in the completed window (the window is skipped and
    ///   ``values`` is unspecified until the next window).
    /// - Complexity: O(1), or O(*n* log *n*) when a window completes; no allocation.
    public mutating func append(
        time: Double, x: Double, y: Double, z: Double, rotationRate: (x: Double, y: Double, z: Double)? = nil
    ) throws(LocomotionError) -> Bool {
        // A NaN time would pass every later order check; an infinite one would refuse every later sample.
        guard time.isFinite else {
            throw .invalidParameter(
                name: "time", value: "\(time)", requirement: "it must be finite (s)")
        }
        if time < previousTime {  // also across gaps and after finish()
            throw .timeGoesBackwards(
                stream: "StreamingFeatureExtractor input", sample: sampleCount + 1, previous: previousTime,
                current: time)
        }
        if ring.appendedCount > 0, time - previousTime > maximumGap { endStretch() }
        let hasGyroscope = hasGyroscope
        ring.appendSample { sample in
            sample.set(time, channel: 0)
            sample.set(x, channel: 1)
            sample.set(y, channel: 2)
            sample.set(z, channel: 3)
            if hasGyroscope {
                sample.set(rotationRate?.x ?? .nan, channel: 4)
                sample.set(rotationRate?.y ?? .nan, channel: 5)
                sample.set(rotationRate?.z ?? .nan, channel: 6)
            }
        }
        previousTime = time
        sampleCount += 1
        guard ring.appendedCount == nextStart + extractor.windowLength else { return false }
        nextStart += extractor.hopLength
        try computeWindow()
        return true
    }

    /// Ends the stream: reports the incomplete last window, if any, and resets the buffer.
    ///
    /// - Returns: The incomplete window just reported, or `nil` when the last window reached the
    ///   final sample.
    /// - Complexity: O(1); reporting a window may grow ``incompleteWindows``.
    @discardableResult
    public mutating func finish() -> IncompleteWindow? {
        let before = incompleteWindows.count
        endStretch()
        return incompleteWindows.count > before ? incompleteWindows.last : nil
    }

    /// Reports the samples after the last whole window and starts a new stretch.
    private mutating func endStretch() {
        let received = ring.appendedCount
        if received > nextStart {
            incompleteWindows.append(
                IncompleteWindow(
                    start: ring[0, ring.slot(ofSample: nextStart)], end: ring[0, ring.slot(ofSample: received - 1)],
                    sampleCount: received - nextStart))
        }
        ring.removeAll()
        nextStart = 0
    }

    private mutating func computeWindow() throws(LocomotionError) {
        let length = extractor.windowLength
        let first = ring.slot(ofNewest: length)  // where the oldest of the newest `length` samples sits
        let start = ring[0, first]
        let end = ring[0, first + length - 1]
        context = contexts.context(start: start, end: end)
        let context = self.context
        // Move the row out of self so it can be written while the extractor mutates.
        var row: [Double] = []
        swap(&row, &values)
        defer { swap(&row, &values) }
        let hasGyroscope = self.hasGyroscope
        try ring.withRuns { (runs) throws(LocomotionError) in
            func channel(_ index: Int) -> UnsafeBufferPointer<Double> {
                runs.channel(index, from: first, count: length)
            }
            try row.withUnsafeMutableBufferPointer { (row) throws(LocomotionError) in
                try extractor.extractBuffers(
                    start: start, end: end, x: channel(1), y: channel(2), z: channel(3),
                    rotationRate: hasGyroscope ? (channel(4), channel(5), channel(6)) : nil, context: context,
                    into: row)
            }
        }
        windowStart = start
        windowEnd = end
        windowCount += 1
    }
}
