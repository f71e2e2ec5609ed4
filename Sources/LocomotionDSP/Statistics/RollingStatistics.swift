/// The mean and variance of the last `capacity` samples of a stream, updated in O(1) per sample:
/// for example a rolling 1-second variance (50 samples at 50 Hz) without `removeFirst()`.
///
/// ```swift
/// var rolling = try RollingStatistics(capacity: 50)   // 1 s at 50 Hz
/// for magnitude in magnitudes {                       // in g
///     try rolling.append(magnitude)
///     if rolling.isFull, let variance = rolling.variance, variance > 0.02 { ... }
/// }
/// ```
///
/// **Storage.** A mirrored ring buffer (each sample written twice, at `i` and `i + capacity`), so the window is always
/// one contiguous run of memory in chronological order: the collection conformance (oldest sample
/// first, with `withContiguousStorageIfAvailable`) hands it to ``Statistics`` without copying. All storage is allocated by the initialiser.
///
/// **Numerics.** The running sums are kept about a shift *K*, `S₁ = Σ(x − K)` and
/// `S₂ = Σ(x − K)²`, with each new sample added and the evicted one subtracted. Every `capacity`
/// appends they are recomputed exactly from the window and *K* is moved to the window's mean, so
/// rounding error never accumulates beyond one window's worth of updates, and the deviations
/// stay small whatever the offset (1 g of gravity costs nothing). After a step change the
/// window's mean can move far from *K* before the next scheduled recomputation; when
/// `(S₁/n)² > 2²⁰·variance` (the subtraction `S₂/n − (S₁/n)²` would lose more than 20 bits) the
/// sums are recomputed at once. The tests append ten million samples of 1 g plus noise and
/// compare with an exact recomputation after each of the last `capacity` appends, and check
/// steps and spikes sample by sample.
///
/// Cost: O(1) per append, plus an O(`capacity`) recomputation once every `capacity` appends
/// (amortised O(1)) and after a step change; no allocation after initialisation. A value type:
/// copies are independent.
public struct RollingStatistics: Sendable {
    /// The window length in samples.
    public let capacity: Int
    /// The number of samples appended since creation or the last ``removeAll()``.
    public var appendedCount: Int { ring.appendedCount }

    /// The window's samples, contiguous in chronological order.
    private var ring: MirroredRingBuffer
    /// The number of samples in the window, at most `capacity`.
    private var windowCount: Int { ring.count }
    /// The shift *K* the sums are taken about.
    private var shift = 0.0
    /// `Σ(x − K)` over the window.
    private var shiftedSum = 0.0
    /// `Σ(x − K)²` over the window.
    private var shiftedSumOfSquares = 0.0
    /// Appends since the sums were last recomputed from the window.
    private var updatesSinceRecompute = 0

    /// Creates an empty window.
    ///
    /// - Parameter capacity: The window length in samples, at least 1; 50 by default (1 s at
    ///   50 Hz).
    /// - Throws: `DSPError.invalidParameter` for a capacity below 1.
    /// - Complexity: O(`capacity`); allocates `2·capacity` doubles.
    public init(capacity: Int = 50) throws(DSPError) {
        try DSPError.require(capacity, atLeast: 1, name: "capacity")
        self.capacity = capacity
        self.ring = MirroredRingBuffer(capacity: capacity)
    }

    /// Whether the window holds `capacity` samples.
    public var isFull: Bool { windowCount == capacity }

    /// The mean of the window in sample units, or `nil` while it is empty.
    ///
    /// - Complexity: O(1).
    public var mean: Double? {
        windowCount > 0 ? shift + shiftedSum / Double(windowCount) : nil
    }

    /// The population variance `(1/n)·Σ(xᵢ − x̄)²` of the window (as ``Statistics/populationVariance(of:)`` defines it),
    /// in sample units squared; 0 for one sample, `nil` while empty.
    ///
    /// - Complexity: O(1).
    public var variance: Double? {
        guard windowCount > 0 else { return nil }
        let count = Double(windowCount)
        let offset = shiftedSum / count
        return Swift.max(shiftedSumOfSquares / count - offset * offset, 0)
    }

    /// The unbiased sample variance of the window, or `nil` for fewer than two samples.
    ///
    /// - Complexity: O(1).
    public var sampleVariance: Double? {
        guard windowCount > 1, let variance else { return nil }
        return variance * Double(windowCount) / Double(windowCount - 1)
    }

    /// The population standard deviation of the window, or `nil` while empty.
    ///
    /// - Complexity: O(1).
    public var standardDeviation: Double? { variance?.squareRoot() }

    /// Appends one sample, evicting the oldest when the window is full.
    ///
    /// - Parameter sample: A finite value in sample units.
    /// - Throws: `DSPError.nonFiniteSample(index:)` for NaN or infinity, with the sample's
    ///   position in the stream (``appendedCount`` before the call); the window is unchanged.
    /// - Complexity: O(1), amortised (see the type's discussion).
    public mutating func append(_ sample: Double) throws(DSPError) {
        guard sample.isFinite else { throw .nonFiniteSample(index: appendedCount) }
        if windowCount == 0 { shift = sample }
        let deviation = sample - shift
        if windowCount == capacity {
            let evicted = ring[0, ring.head] - shift  // the oldest sample, overwritten next
            shiftedSum += deviation - evicted
            shiftedSumOfSquares += (deviation - evicted) * (deviation + evicted)
        } else {
            shiftedSum += deviation
            shiftedSumOfSquares += deviation * deviation
        }
        ring.append(sample)
        updatesSinceRecompute += 1
        // Recompute once per window, or at once when the window's mean has moved so far from the
        // shift (a step change) that S₂/n − (S₁/n)² would lose more than 20 bits.
        let offset = shiftedSum / Double(windowCount)
        let spread = shiftedSumOfSquares / Double(windowCount) - offset * offset
        if updatesSinceRecompute == capacity || offset * offset > 0x1p20 * spread { recomputeSums() }
    }

    /// Appends samples in order: arrays, slices and buffers are read in place.
    ///
    /// - Parameter samples: Finite values in sample units.
    /// - Throws: `DSPError.nonFiniteSample(index:)` naming the first NaN or infinite sample's index
    ///   in `samples`; nothing is appended then.
    /// - Complexity: O(*n*). Inlinable, so that called from another module it is specialised.
    @inlinable
    public mutating func append(contentsOf samples: some Collection<Double>) throws(DSPError) {
        try Statistics.withBuffer(samples) { (buffer) throws(DSPError) in try append(buffer: buffer) }
    }

    /// ``append(contentsOf:)`` on contiguous samples: the non-generic entry the inlinable one calls.
    @usableFromInline
    mutating func append(buffer samples: UnsafeBufferPointer<Double>) throws(DSPError) {
        try DSPError.requireFinite(samples)
        for sample in samples { try append(sample) }
    }

    /// Empties the window, keeping its storage.
    ///
    /// - Complexity: O(1).
    public mutating func removeAll() {
        ring.removeAll()
        updatesSinceRecompute = 0
        (shift, shiftedSum, shiftedSumOfSquares) = (0, 0, 0)
    }

    /// Calls `body` with the window's samples, oldest first, as one contiguous buffer (no copy).
    ///
    /// - Parameter body: Must not escape the buffer.
    /// - Returns: What `body` returns.
    /// - Throws: Whatever `body` throws.
    /// - Complexity: O(1) besides `body`.
    @usableFromInline
    package func withUnsafeBufferPointer<R, E: Error>(
        _ body: (UnsafeBufferPointer<Double>) throws(E) -> R
    ) throws(E) -> R {
        try ring.withRun(channel: 0, from: oldestPosition, count: windowCount, body)
    }

    /// The ring slot of the oldest sample in the window.
    private var oldestPosition: Int { ring.slot(ofNewest: windowCount) }

    /// Recomputes the sums from the window, about its (compensated) mean.
    private mutating func recomputeSums() {
        updatesSinceRecompute = 0
        let (center, sum, sumOfSquares) = withUnsafeBufferPointer { window in
            let center = Statistics.compensatedMean(window)
            var (sum, sumOfSquares) = (0.0, 0.0)
            for sample in window {
                let deviation = sample - center
                sum += deviation
                sumOfSquares += deviation * deviation
            }
            return (center, sum, sumOfSquares)
        }
        (shift, shiftedSum, shiftedSumOfSquares) = (center, sum, sumOfSquares)
    }
}

extension RollingStatistics: RandomAccessCollection {
    /// The position of the oldest sample in the window, always 0.
    public var startIndex: Int { 0 }

    /// One past the newest sample: the number of samples in the window.
    public var endIndex: Int { windowCount }

    /// The sample at `position`, counted from the oldest (0) to the newest (`count − 1`).
    ///
    /// - Complexity: O(1).
    public subscript(position: Int) -> Double {
        precondition(position >= 0 && position < windowCount, "RollingStatistics index out of range")
        return ring[0, oldestPosition + position]
    }

    /// The window as one contiguous buffer, oldest first (never `nil`). Inlinable, so that a
    /// generic algorithm from another module reading the window this way is specialised.
    @inlinable
    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows
        -> R?
    {
        try withUnsafeBufferPointer(body)
    }
}
