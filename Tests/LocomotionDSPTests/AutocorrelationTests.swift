import Foundation
import LocomotionTestSupport
import Testing

@testable import LocomotionDSP

@Suite("Autocorrelation")
struct AutocorrelationTests {
    @Test(arguments: [20, 25, 37])
    func aPeriodicSignalCorrelatesPerfectlyAtItsPeriod(period: Int) throws {
        let samples = (0..<400).map { index -> Double in
            let phase = 2 * Double.pi * Double(index) / Double(period)
            return sin(phase) + 0.3 * cos(2 * phase)
        }
        let r = try Autocorrelation.normalized(samples, lags: 0...(2 * period))
        #expect(abs(r[0] - 1) < 1e-12)
        #expect(abs(r[period] - 1) < 1e-9)
        #expect(abs(r[2 * period] - 1) < 1e-9)
        #expect(r.allSatisfy { abs($0) <= 1 + 1e-12 })
    }

    /// The four-lags-at-a-time pass must give exactly the bits of summing each lag alone, for
    /// every lag, including the last ones (short overlaps) and ranges that are not a multiple of 4.
    @Test(arguments: [5, 64, 128, 131])
    func blockedLagsAreBitIdenticalToOneLagAtATime(count: Int) throws {
        var generator = SplitMix64(seed: UInt64(count))
        let samples = (0..<count).map { _ in generator.nextGaussian() + 1 }
        for lower in 0..<5 {
            let r = try Autocorrelation.normalized(samples, lags: lower...(count - 1))
            let mean = samples.reduce(0, +) / Double(count)
            samples.withUnsafeBufferPointer { buffer in
                for lag in lower..<count {
                    let expected = Autocorrelation.coefficient(buffer, mean: mean, lag: lag)
                    #expect(r[lag - lower].bitPattern == expected.bitPattern, "lag \(lag) of \(count)")
                }
            }
        }
    }

    @Test func matchesADirectReference() throws {
        var generator = SplitMix64(seed: 7)
        let samples = (0..<100).map { _ in Double.random(in: -1...1, using: &generator) + 5 }
        let r = try Autocorrelation.normalized(samples, lags: 3...10)
        let mean = samples.reduce(0, +) / 100
        for (position, lag) in (3...10).enumerated() {
            let a = samples[0..<(100 - lag)].map { $0 - mean }
            let b = samples[lag..<100].map { $0 - mean }
            var (cross, head, tail) = (0.0, 0.0, 0.0)
            for index in a.indices {
                cross += a[index] * b[index]
                head += a[index] * a[index]
                tail += b[index] * b[index]
            }
            let expected = cross / (head * tail).squareRoot()
            #expect(abs(r[position] - expected) < 1e-12)
        }
    }

    @Test func aConstantHasNoCorrelation() throws {
        #expect(try Autocorrelation.normalized([Double](repeating: 1, count: 10), lags: 1...3) == [0, 0, 0])
    }

    @Test func badInputIsATypedError() {
        #expect(throws: DSPError.emptyInput) { _ = try Autocorrelation.normalized([], lags: 0...0) }
        #expect(throws: DSPError.self) { _ = try Autocorrelation.normalized([1, 2, 3], lags: 1...3) }
        #expect(throws: DSPError.nonFiniteSample(index: 1)) {
            _ = try Autocorrelation.normalized([1, .nan, 3], lags: 1...1)
        }
    }
}
