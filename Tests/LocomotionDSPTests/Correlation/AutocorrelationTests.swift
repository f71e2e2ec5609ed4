import Foundation
@_spi(Testing) import LocomotionDSP
import LocomotionTestSupport
import Testing

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

    /// The eight-lags-at-a-time pass over the shared terms (tail energies summed from the back)
    /// must give each lag's coefficient summed alone within the stated `1e-13`, for every lag,
    /// including the last ones (short overlaps), ranges shorter than a block and ranges that are
    /// not a multiple of 8 (whose last block overlaps); the six shapes of `window` (energy at either
    /// end, where the tail energy of a long lag is a small part of the whole, included).
    @Test(arguments: [5, 9, 64, 128, 131, 201, 300, 512])
    func blockedLagsEqualOneLagAtATimeWithinTolerance(count: Int) throws {
        var generator = SplitMix64(seed: UInt64(count))
        var largest = 0.0
        for shape in 0..<6 {
            let samples = Self.window(count: count, shape: shape, using: &generator)
            var ranges: [ClosedRange<Int>] = (0..<5).map { $0...(count - 1) }
            // The step detector's ranges at 50 Hz (11...86 in a 201-sample context) and short ones.
            for upper in [count / 2, count * 2 / 3, 7, 8, 15] where upper < count {
                ranges += [0...upper, min(upper, 3)...upper, min(upper, 11)...upper]
            }
            let difference = try largestDifference(samples, ranges: ranges, method: .direct, shape: shape)
            largest = max(largest, difference)
            #expect(difference <= 1e-13, "\(count) samples, shape \(shape)")
        }
        print("AutocorrelationTests \(count): largest difference from one lag at a time \(largest)")
    }

    /// The cross sums by FFT must give each lag's coefficient summed alone within the stated
    /// `1e-11`, absolute, on the windows where its rounding (a multiple of ε times the window's
    /// whole energy) weighs most against a lag's own overlap energy (`window`'s shapes: the energy
    /// bunched at either end, a near-silent stretch after a loud one, one spike, a large offset);
    /// every lag up to the last (where the padding must keep the circular wrap out).
    @Test(arguments: [9, 64, 128, 201, 300, 401, 512, 1000])
    func fftLagsEqualOneLagAtATimeWithinTolerance(count: Int) throws {
        var generator = SplitMix64(seed: UInt64(count) &+ 101)
        var largest = 0.0
        for shape in 0..<6 {
            let samples = Self.window(count: count, shape: shape, using: &generator)
            var ranges: [ClosedRange<Int>] = [0...(count - 1), 1...(count - 1)]
            for upper in [count / 2, count * 2 / 3, 7, 15] where upper < count {
                ranges += [0...upper, min(upper, 11)...upper]
            }
            let difference = try largestDifference(samples, ranges: ranges, method: .fft, shape: shape)
            largest = max(largest, difference)
            #expect(difference <= 1e-11, "\(count) samples, shape \(shape)")
        }
        print("AutocorrelationTests FFT \(count): largest difference from one lag at a time \(largest)")
    }

    /// The automatic choice takes the FFT for the step detector's context at 50 Hz (201 samples,
    /// lags 10...87; the same bits as forcing it) and sums a short window's few lags directly.
    @Test func theAutomaticChoiceTakesTheFFTWhereItPays() throws {
        var generator = SplitMix64(seed: 5)
        let context = (0..<201).map { _ in generator.nextGaussian() }
        let chosen = try Autocorrelation.normalized(context, lags: 10...87)
        #expect(chosen == (try Autocorrelation.normalized(context, lags: 10...87, method: .fft)))
        #expect(chosen != (try Autocorrelation.normalized(context, lags: 10...87, method: .direct)))
        let short = Array(context[0..<64])
        #expect(
            (try Autocorrelation.normalized(short, lags: 3...20))
                == (try Autocorrelation.normalized(short, lags: 3...20, method: .direct)))
    }

    /// A non-finite sample is named by either method; the FFT never sees one.
    @Test(arguments: [Autocorrelation.Method.direct, .fft])
    func nonFiniteSamplesAreNamedByEitherMethod(method: Autocorrelation.Method) {
        var samples = (0..<300).map { Double($0 % 7) }
        samples[250] = .nan
        #expect(throws: DSPError.nonFiniteSample(index: 250)) {
            _ = try Autocorrelation.normalized(samples, lags: 1...100, method: method)
        }
        samples[250] = 1e150
        let r = try? Autocorrelation.normalized(samples, lags: 1...100, method: method)
        #expect(r?.allSatisfy { $0.isFinite && abs($0) <= 1 } == true)
    }

    /// A window of Gaussian noise in one of six shapes: spread evenly; the energy at the start (a
    /// tail of near-still samples) or at the end; loud, then near silent (the long lags' overlaps
    /// hold 1e-16 of the energy); one spike; a large offset.
    private static func window(count: Int, shape: Int, using generator: inout SplitMix64) -> [Double] {
        (0..<count).map { index -> Double in
            let noise = generator.nextGaussian()
            switch shape {
            case 0: return noise + 1
            case 1: return index < count / 3 ? 5 * noise : 1e-3 * noise + 1
            case 2: return index > count * 2 / 3 ? 5 * noise : 1e-3 * noise + 1
            case 3: return index < count / 2 ? 100 * sin(Double(index) / 3) : 1e-6 * noise
            case 4: return index == count / 4 ? 1e4 : noise
            default: return 1e6 + noise
            }
        }
    }

    /// The largest difference over `ranges` between `method`'s coefficients and each lag's
    /// summed alone.
    private func largestDifference(
        _ samples: [Double], ranges: [ClosedRange<Int>], method: Autocorrelation.Method, shape: Int
    ) throws -> Double {
        let mean = samples.reduce(0, +) / Double(samples.count)
        var largest = 0.0
        for lags in ranges {
            let r = try Autocorrelation.normalized(samples, lags: lags, method: method)
            samples.withUnsafeBufferPointer { buffer in
                for lag in lags {
                    let expected = Autocorrelation.coefficient(buffer, mean: mean, lag: lag)
                    largest = max(largest, abs(r[lag - lags.lowerBound] - expected))
                }
            }
        }
        return largest
    }

    /// The finiteness check rides on the mean's sum: an infinity, a NaN, or infinities of both
    /// signs (whose sum is NaN) anywhere are found and named, and finite samples whose sum
    /// overflows are not an error.
    @Test func nonFiniteSamplesAreNamedWhereverTheyAre() throws {
        for (index, value) in [(0, Double.infinity), (7, -.infinity), (12, .nan), (3, .signalingNaN)] {
            var samples = (0..<13).map { Double($0 % 4) }
            samples[index] = value
            #expect(throws: DSPError.nonFiniteSample(index: index)) {
                _ = try Autocorrelation.normalized(samples, lags: 1...4)
            }
        }
        var mixed = [Double](repeating: 1, count: 10)
        (mixed[2], mixed[5]) = (.infinity, -.infinity)
        #expect(throws: DSPError.nonFiniteSample(index: 2)) { _ = try Autocorrelation.normalized(mixed, lags: 1...2) }
        let huge = [Double](repeating: .greatestFiniteMagnitude, count: 4)
        #expect(throws: Never.self) { _ = try Autocorrelation.normalized(huge, lags: 1...2) }
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
