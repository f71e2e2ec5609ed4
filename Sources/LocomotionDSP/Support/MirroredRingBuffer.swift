/// One or more series of `Double` in a ring buffer whose every slot is stored twice, at position
/// `s` and `s + capacity`, so that any run of up to `capacity` consecutive slots (the newest
/// `capacity` samples above all) is one contiguous run of memory in chronological order: a window
/// is read in place, never copied or reassembled from two pieces. The package's streaming code
/// (the rolling statistics, the streaming feature extractor, the step detector) keeps its sample
/// history in this one type.
///
/// Channel `c`'s copy of slot `s` lives at `storage[2·capacity·c + s]` and
/// `storage[2·capacity·c + s + capacity]`. A sample is appended by writing each channel's value
/// at ``head`` with ``set(_:channel:)`` and then calling ``advance()`` (or ``append(_:)`` for one
/// channel). Positions are in `0..<2·capacity`: the run of `n ≤ capacity` slots starting at slot
/// `s < capacity` is positions `s..<s + n`.
///
/// Access: SPI (`@_spi(LocomotionInternals) import LocomotionDSP`), not part of the public API. It
/// is not `package` because a `package` declaration's `@inlinable` body is not emitted into the
/// other modules, and an out-of-line call per sample made the step detector and the rolling
/// statistics about 25 % slower.
///
/// Cost: all storage (`2·capacity·channelCount` doubles) is allocated by the initialiser; writing,
/// advancing, reading and ``removeAll()`` allocate nothing while the buffer is uniquely referenced.
/// A value type with copy-on-write storage.
@_spi(LocomotionInternals) public struct MirroredRingBuffer: Sendable {
    /// The number of slots: the longest run that is always contiguous.
    public let capacity: Int
    /// The number of series stored side by side, each with its own mirrored ring.
    public let channelCount: Int
    @usableFromInline var storage: [Double]
    @usableFromInline var nextSlot = 0
    @usableFromInline var appended = 0

    /// Allocates the ring.
    ///
    /// - Parameters:
    ///   - capacity: Slots per channel, at least 1.
    ///   - channels: Series stored, at least 1.
    ///   - value: What every slot holds before it is written.
    /// - Complexity: O(`capacity · channels`).
    public init(capacity: Int, channels: Int = 1, repeating value: Double = 0) {
        precondition(capacity >= 1 && channels >= 1, "a ring needs at least one slot and one channel")
        self.capacity = capacity
        self.channelCount = channels
        storage = [Double](repeating: value, count: 2 * capacity * channels)
    }

    /// The slot the next sample is written to: ``appendedCount`` modulo ``capacity``.
    @inlinable @inline(__always) public var head: Int { nextSlot }

    /// The samples appended since creation or the last ``removeAll()``.
    @inlinable @inline(__always) public var appendedCount: Int { appended }

    /// The samples held: ``appendedCount``, at most ``capacity``.
    @inlinable @inline(__always) public var count: Int { Swift.min(appended, capacity) }

    /// The slot of the sample appended `index`-th (from 0) since creation or the last
    /// ``removeAll()``; meaningful while that sample is among the newest ``capacity``.
    @inlinable @inline(__always) public func slot(ofSample index: Int) -> Int { index % capacity }

    /// The slot of the oldest of the newest `n` samples (`n ≤ capacity`): the run of those `n`
    /// samples, oldest first, is positions `slot(ofNewest: n)..<slot(ofNewest: n) + n`.
    @inlinable @inline(__always) public func slot(ofNewest n: Int) -> Int {
        let slot = nextSlot - n
        return slot < 0 ? slot + capacity : slot
    }

    /// Writes `value` into `channel` at ``head`` (both copies); ``advance()`` then makes it a sample.
    @inlinable @inline(__always) public mutating func set(_ value: Double, channel: Int) {
        let position = 2 * capacity * channel + nextSlot
        storage[position] = value
        storage[position + capacity] = value
    }

    /// Completes the sample written at ``head`` and moves to the next slot.
    @inlinable @inline(__always) public mutating func advance() {
        nextSlot = nextSlot + 1 == capacity ? 0 : nextSlot + 1
        appended += 1
    }

    /// Writes one sample's channels at ``head`` through `body`'s ``SampleWriter`` (both copies of
    /// each), then advances, as ``set(_:channel:)`` for each channel and ``advance()`` would, with
    /// one uniqueness check of the storage for the whole sample and no bounds or overflow checks
    /// beyond the channel's.
    ///
    /// - Parameter body: Sets the channels; a channel it does not set keeps its old value in
    ///   this slot. Must not escape the writer.
    /// - Complexity: O(1) besides `body`.
    @inlinable @inline(__always) public mutating func appendSample(_ body: (SampleWriter) -> Void) {
        let (slot, capacity, channels) = (nextSlot, self.capacity, channelCount)
        storage.withUnsafeMutableBufferPointer { all in
            body(SampleWriter(slot: all.baseAddress! + slot, capacity: capacity, channelCount: channels))
        }
        advance()
    }

    /// Writes the channels of the sample at a ring's ``MirroredRingBuffer/head``
    /// (``MirroredRingBuffer/appendSample(_:)``).
    public struct SampleWriter {
        /// Channel 0's first copy of the slot.
        @usableFromInline let slot: UnsafeMutablePointer<Double>
        @usableFromInline let capacity: Int
        @usableFromInline let channelCount: Int

        @inlinable init(slot: UnsafeMutablePointer<Double>, capacity: Int, channelCount: Int) {
            (self.slot, self.capacity, self.channelCount) = (slot, capacity, channelCount)
        }

        /// Writes `value` into `channel`, both copies.
        ///
        /// - Parameters:
        ///   - value: The sample's value in that channel.
        ///   - channel: In `0..<channelCount` (a precondition).
        /// - Complexity: O(1).
        @inlinable @inline(__always) public func set(_ value: Double, channel: Int) {
            precondition(
                UInt(bitPattern: channel) < UInt(bitPattern: channelCount), "MirroredRingBuffer channel out of range")
            let position = slot + 2 &* capacity &* channel
            position[0] = value
            position[capacity] = value
        }
    }

    /// Appends one sample to channel 0 (the whole sample of a one-channel ring).
    @inlinable @inline(__always) public mutating func append(_ value: Double) {
        set(value, channel: 0)
        advance()
    }

    /// Forgets every sample, keeping the storage: the next sample goes to slot 0.
    @inlinable @inline(__always) public mutating func removeAll() {
        (nextSlot, appended) = (0, 0)
    }

    /// The value of `channel` at `position` (in `0..<2·capacity`; slot `s` is at `s` and `s + capacity`).
    @inlinable @inline(__always) public subscript(channel: Int, position: Int) -> Double {
        precondition(position >= 0 && position < 2 * capacity, "MirroredRingBuffer position out of range")
        return storage[2 * capacity * channel + position]
    }

    /// Calls `body` with the `count` values of `channel` at positions `position..<position + count`,
    /// as one contiguous buffer (no copy).
    ///
    /// - Parameters:
    ///   - channel: In `0..<channelCount`.
    ///   - position: A slot (`0..<capacity`); with `count ≤ capacity` the run stays in the mirror.
    ///   - count: The run's length.
    ///   - body: Must not escape the buffer.
    /// - Complexity: O(1) besides `body`.
    @inlinable @inline(__always) public func withRun<R, E: Error>(
        channel: Int, from position: Int, count: Int, _ body: (UnsafeBufferPointer<Double>) throws(E) -> R
    ) throws(E) -> R {
        try withRuns { (runs) throws(E) in try body(runs.channel(channel, from: position, count: count)) }
    }

    /// Calls `body` with read access to every channel's runs at once (no copy).
    ///
    /// - Parameter body: Must not escape the ``Runs`` or the buffers it hands out.
    /// - Complexity: O(1) besides `body`.
    @inlinable @inline(__always) public func withRuns<R, E: Error>(_ body: (Runs) throws(E) -> R) throws(E) -> R {
        let (capacity, channels) = (self.capacity, channelCount)
        return try storage.withUnsafeBufferPointer { (all) throws(E) in
            try body(Runs(storage: all, capacity: capacity, channelCount: channels))
        }
    }

    /// Read access to the ring's storage during ``withRuns(_:)``.
    public struct Runs {
        @usableFromInline let storage: UnsafeBufferPointer<Double>
        @usableFromInline let capacity: Int
        @usableFromInline let channelCount: Int

        @inlinable init(storage: UnsafeBufferPointer<Double>, capacity: Int, channelCount: Int) {
            (self.storage, self.capacity, self.channelCount) = (storage, capacity, channelCount)
        }

        /// The `count` values of `channel` at positions `position..<position + count`.
        @inlinable @inline(__always) public func channel(_ channel: Int, from position: Int, count: Int)
            -> UnsafeBufferPointer<Double>
        {
            precondition(
                channel >= 0 && channel < channelCount && position >= 0 && count >= 0
                    && position + count <= 2 * capacity, "MirroredRingBuffer run out of range")
            let first = 2 * capacity * channel + position
            return UnsafeBufferPointer(rebasing: storage[first..<(first + count)])
        }

        /// The value of `channel` at `position` (in `0..<2·capacity`).
        @inlinable @inline(__always) public subscript(channel: Int, position: Int) -> Double {
            precondition(position >= 0 && position < 2 * capacity, "MirroredRingBuffer position out of range")
            return storage[2 * capacity * channel + position]
        }
    }
}
