import Foundation
import LocomotionDSP
import LocomotionTestSupport
import Testing

/// The window's mean and population variance recomputed from scratch (compensated, two-pass).
private func exactStatistics(of rolling: RollingStatistics) throws -> (mean: Double, variance: Double) {
    let window = Array(rolling)
    return (try Statistics.mean(of: window), try Statistics.populationVariance(of: window))
}

@Suite("Rolling statistics")
struct RollingStatisticsTests {
    @Test("ten million appends of 1 g plus noise do not drift")
    func noDriftOverTenMillionAppends() throws {
        var rolling = try RollingStatistics()
        #expect(rolling.capacity == 50)
        var rng = SplitMix64(seed: 2024)
        let total = 10_000_000
        // 1 g plus uniform noise of ±5 mg, as at rest: variance ≈ 8.3e-6 g².
        for _ in 0..<(total - rolling.capacity) {
            try rolling.append(1 + 0.01 * (Double(rng.next() >> 11) * 0x1p-53 - 0.5))
        }
        // Check after each of the last `capacity` appends, so every phase of the periodic
        // recomputation is covered, including the one just before it.
        var worstMean = 0.0
        var worstVariance = 0.0
        var worstRelativeVariance = 0.0
        for _ in 0..<rolling.capacity {
            try rolling.append(1 + 0.01 * (rng.nextUnit() - 0.5))
            let exact = try exactStatistics(of: rolling)
            let mean = try #require(rolling.mean)
            let variance = try #require(rolling.variance)
            worstMean = max(worstMean, abs(mean - exact.mean))
            worstVariance = max(worstVariance, abs(variance - exact.variance))
            worstRelativeVariance = max(worstRelativeVariance, abs(variance - exact.variance) / exact.variance)
        }
        #expect(rolling.appendedCount == total)
        #expect(worstMean <= 1e-9)
        #expect(worstVariance <= 1e-9)
        // Far tighter in fact: relative to the variance itself, not to 1 g².
        #expect(worstRelativeVariance <= 1e-9)
    }

    @Test("mean and variance equal a recomputation after every append", arguments: [1, 2, 3, 50, 128])
    func matchesRecomputation(capacity: Int) throws {
        var rolling = try RollingStatistics(capacity: capacity)
        var rng = SplitMix64(seed: UInt64(capacity))
        var stream: [Double] = []
        for step in 0..<1000 {
            let sample = 9.80665 * rng.nextGaussian() + (step >= 500 ? 100 : 0)
            try rolling.append(sample)
            stream.append(sample)
            let window = Array(stream.suffix(capacity))
            #expect(Array(rolling) == window)
            #expect(rolling.count == min(step + 1, capacity))
            let exact = try exactStatistics(of: rolling)
            let scale = max(exact.variance, 1e-300)
            #expect(abs(try #require(rolling.mean) - exact.mean) <= 1e-12 * max(abs(exact.mean), 1))
            #expect(abs(try #require(rolling.variance) - exact.variance) <= 1e-10 * scale)
            let sampleVariance = try Statistics.sampleVariance(of: window)
            #expect(relativeError(rolling.sampleVariance, sampleVariance, floor: 1e-300) <= 1e-10)
        }
    }

    @Test("steps and spikes: the variance stays exact to 1e-9 relative at every sample")
    func stepsAndSpikes() throws {
        var rolling = try RollingStatistics(capacity: 50)
        var rng = SplitMix64(seed: 5)
        var worst = 0.0
        for step in 0..<2000 {
            // 1 g with 1 mg of noise; a step to 3 g at 500, a 100 g spike at 1200, back to 1 g at 1500.
            var level = step >= 500 && step < 1500 ? 3.0 : 1.0
            if step == 1200 { level = 100 }
            try rolling.append(level + 0.001 * rng.nextGaussian())
            let exact = try exactStatistics(of: rolling)
            let variance = try #require(rolling.variance)
            if exact.variance > 0 { worst = max(worst, abs(variance - exact.variance) / exact.variance) }
        }
        #expect(worst <= 1e-9)
    }

    @Test("a constant stream has zero variance; one sample has variance 0 and no sample variance")
    func constantAndSingle() throws {
        var rolling = try RollingStatistics(capacity: 4)
        #expect(rolling.mean == nil)
        #expect(rolling.variance == nil)
        #expect(rolling.isEmpty)
        try rolling.append(0.1)
        #expect(rolling.mean == 0.1)
        #expect(rolling.variance == 0)
        #expect(rolling.sampleVariance == nil)
        for _ in 0..<100 { try rolling.append(0.1) }
        #expect(rolling.variance == 0)
        #expect(rolling.isFull)
        #expect(abs(try #require(rolling.mean) - 0.1) <= 1e-17)
    }

    @Test("the window is contiguous and chronological")
    func contiguousWindow() throws {
        var rolling = try RollingStatistics(capacity: 5)
        try rolling.append(contentsOf: [1.0, 2, 3, 4, 5, 6, 7])
        #expect(Array(rolling) == [3, 4, 5, 6, 7])
        #expect(rolling.first == 3)
        #expect(rolling.last == 7)
        let copied = rolling.withUnsafeBufferPointer { Array($0) }
        #expect(copied == [3, 4, 5, 6, 7])
        // Statistics read the ring in place through the collection conformance.
        #expect(try Statistics.median(of: rolling) == 5)
        #expect(try Statistics.populationVariance(of: rolling) == rolling.variance)
        #expect(rolling.withContiguousStorageIfAvailable { $0.count } == 5)
    }

    @Test("non-finite samples are rejected and leave the window unchanged")
    func nonFinite() throws {
        var rolling = try RollingStatistics(capacity: 3)
        try rolling.append(contentsOf: [1.0, 2])
        let before = (Array(rolling), rolling.mean, rolling.variance)
        #expect(thrownError { try rolling.append(.nan) } == .nonFiniteSample(index: 2))
        #expect(thrownError { try rolling.append(contentsOf: [4.0, .infinity]) } == .nonFiniteSample(index: 1))
        #expect(Array(rolling) == before.0)
        #expect(rolling.mean == before.1)
        #expect(rolling.variance == before.2)
        #expect(rolling.appendedCount == 2)
    }

    @Test("removeAll empties the window; an invalid capacity throws")
    func resetAndInvalidCapacity() throws {
        var rolling = try RollingStatistics(capacity: 3)
        try rolling.append(contentsOf: [5.0, 6, 7, 8])
        rolling.removeAll()
        #expect(rolling.isEmpty)
        #expect(rolling.appendedCount == 0)
        try rolling.append(1)
        #expect(rolling.mean == 1)
        #expect(Array(rolling) == [1])
        for capacity in [0, -1] {
            #expect(thrownError { try RollingStatistics(capacity: capacity) } != nil)
        }
    }

    @Test("copies are independent values")
    func valueSemantics() throws {
        var original = try RollingStatistics(capacity: 2)
        try original.append(1)
        var copy = original
        try copy.append(3)
        #expect(Array(original) == [1])
        #expect(Array(copy) == [1, 3])
        #expect(copy.mean == 2)
        #expect(original.mean == 1)
    }
}
