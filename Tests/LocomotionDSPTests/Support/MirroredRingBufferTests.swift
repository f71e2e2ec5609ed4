@_spi(LocomotionInternals) import LocomotionDSP
import LocomotionTestSupport
import Testing

@Suite("Mirrored ring buffer")
struct MirroredRingBufferTests {
    /// Channel `c` of sample `i` in the tests below: distinct for every channel and sample.
    private static func value(_ sample: Int, channel: Int) -> Double { Double(sample) + 0.25 * Double(channel) }

    @Test("the newest n samples of every channel are one run, oldest first", arguments: [1, 2, 3, 7, 128])
    func newestRunsMatchTheHistory(capacity: Int) {
        let channels = 3
        var ring = MirroredRingBuffer(capacity: capacity, channels: channels)
        #expect(ring.count == 0 && ring.head == 0 && ring.appendedCount == 0)
        for sample in 0..<(5 * capacity + 3) {
            for channel in 0..<channels { ring.set(Self.value(sample, channel: channel), channel: channel) }
            ring.advance()
            let appended = sample + 1
            #expect(ring.appendedCount == appended)
            #expect(ring.count == min(appended, capacity))
            #expect(ring.head == appended % capacity)
            for n in [1, ring.count / 2, ring.count] where n >= 1 {
                let first = ring.slot(ofNewest: n)
                #expect(first >= 0 && first < capacity)
                ring.withRuns { runs in
                    for channel in 0..<channels {
                        let run = Array(runs.channel(channel, from: first, count: n))
                        let expected = ((appended - n)..<appended).map { Self.value($0, channel: channel) }
                        #expect(run == expected)
                    }
                }
            }
        }
    }

    @Test("a sample's slot holds it at both mirrored positions until it is overwritten")
    func slotsAndMirrors() {
        let capacity = 5
        var ring = MirroredRingBuffer(capacity: capacity, channels: 2, repeating: .nan)
        #expect(ring[1, 0].isNaN && ring[1, 2 * capacity - 1].isNaN)
        for sample in 0..<12 {
            ring.set(Self.value(sample, channel: 0), channel: 0)
            ring.set(Self.value(sample, channel: 1), channel: 1)
            ring.advance()
        }
        // Samples 7...11 are held; sample i sits in slot i % capacity.
        for sample in 7...11 {
            let slot = ring.slot(ofSample: sample)
            #expect(slot == sample % capacity)
            for channel in 0..<2 {
                #expect(ring[channel, slot] == Self.value(sample, channel: channel))
                #expect(ring[channel, slot + capacity] == Self.value(sample, channel: channel))
            }
        }
        // A run may start at any slot and wrap through the mirror.
        let wrapped = ring.withRun(channel: 1, from: ring.slot(ofSample: 9), count: 3) { Array($0) }
        #expect(wrapped == [9, 10, 11].map { Self.value($0, channel: 1) })
    }

    @Test("removeAll restarts at slot 0 and keeps the capacity")
    func removeAllRestarts() {
        var ring = MirroredRingBuffer(capacity: 4)
        for value in [1.0, 2, 3, 4, 5, 6] { ring.append(value) }
        #expect(ring.head == 2)
        ring.removeAll()
        #expect(ring.count == 0 && ring.head == 0 && ring.appendedCount == 0)
        ring.append(9)
        ring.append(10)
        #expect(ring.withRun(channel: 0, from: ring.slot(ofNewest: 2), count: 2) { Array($0) } == [9, 10])
        #expect(ring.slot(ofNewest: 2) == 0)
        #expect(ring.capacity == 4 && ring.channelCount == 1)
    }

    @Test("a copy is independent of the original")
    func copiesAreValues() {
        var ring = MirroredRingBuffer(capacity: 3)
        ring.append(1)
        var copy = ring
        copy.append(2)
        ring.append(3)
        #expect(ring.withRun(channel: 0, from: ring.slot(ofNewest: 2), count: 2) { Array($0) } == [1, 3])
        #expect(copy.withRun(channel: 0, from: copy.slot(ofNewest: 2), count: 2) { Array($0) } == [1, 2])
    }

    @Test(
        "appendSample stores what set and advance store, in both copies, and keeps a copy apart",
        arguments: [1, 2, 5, 16])
    func appendSampleMatchesSetAndAdvance(capacity: Int) {
        let channels = 4
        var written = MirroredRingBuffer(capacity: capacity, channels: channels, repeating: -1)
        var reference = MirroredRingBuffer(capacity: capacity, channels: channels, repeating: -1)
        var before = written
        for sample in 0..<(3 * capacity + 2) {
            if sample == capacity { before = written }  // shares the storage until the next write
            // Channel 2 is left out on odd samples: the slot keeps its old value there.
            written.appendSample { slot in
                for channel in 0..<channels where channel != 2 || sample % 2 == 0 {
                    slot.set(Self.value(sample, channel: channel), channel: channel)
                }
            }
            for channel in 0..<channels where channel != 2 || sample % 2 == 0 {
                reference.set(Self.value(sample, channel: channel), channel: channel)
            }
            reference.advance()
            #expect(written.head == reference.head && written.appendedCount == reference.appendedCount)
            for channel in 0..<channels {
                for position in 0..<(2 * capacity) {
                    #expect(written[channel, position] == reference[channel, position], "sample \(sample)")
                }
            }
        }
        #expect(before.appendedCount == capacity)
        for channel in 0..<channels {
            let run = before.withRun(channel: channel, from: before.slot(ofNewest: capacity), count: capacity) {
                Array($0)
            }
            let expected = (0..<capacity).map { channel != 2 || $0 % 2 == 0 ? Self.value($0, channel: channel) : -1 }
            #expect(run == expected)
        }
    }

    @Test("random interleavings of appends and resets match a plain history")
    func randomHistory() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<20 {
            let capacity = Int(rng.next() % 40) + 1
            var ring = MirroredRingBuffer(capacity: capacity, channels: 2)
            var history: [Double] = []
            for step in 0..<400 {
                if rng.next() % 97 == 0 {
                    ring.removeAll()
                    history.removeAll()
                    continue
                }
                let value = Double(rng.next() >> 11) * 0x1p-53
                ring.set(value, channel: 0)
                ring.set(-value, channel: 1)
                ring.advance()
                history.append(value)
                let n = min(history.count, Int(rng.next() % UInt64(capacity)) + 1)
                let first = ring.slot(ofNewest: n)
                let expected = Array(history.suffix(n))
                #expect(ring.withRun(channel: 0, from: first, count: n) { Array($0) } == expected, "step \(step)")
                #expect(ring.withRun(channel: 1, from: first, count: n) { Array($0) } == expected.map { -$0 })
            }
        }
    }
}
