import Foundation
import LocomotionDSP
import LocomotionTestSupport
import Testing

private struct StatisticsFixture: Decodable {
    struct Case: Decodable, CustomTestStringConvertible {
        let name: String
        let samples: [Double]
        let mean: Double
        let variance: Double
        let sampleVariance: Double?
        let standardDeviation: Double
        let minimum: Double
        let maximum: Double
        let range: Double
        let median: Double
        let percentiles: [Double]
        let interquartileRange: Double
        let medianAbsoluteDeviation: Double
        let skewness: Double?
        let kurtosis: Double?
        let rootMeanSquare: Double
        let energy: Double
        let zeroCrossings: Int
        let meanCrossings: Int
        /// The moments in exact rational arithmetic, rounded once.
        let exact: Exact
        var testDescription: String { name }
    }
    struct Exact: Decodable {
        let mean: Double
        let variance: Double
        let skewness: Double?
        let kurtosis: Double?
    }
    struct Pair: Decodable {
        let x: [Double]
        let y: [Double]
        let correlation: Double
        let pearsonr: Double
    }
    struct ThreeAxes: Decodable {
        let x: [Double]
        let y: [Double]
        let z: [Double]
        let signalMagnitudeArea: Double
    }
    let percentages: [Double]
    let cases: [Case]
    let correlations: [Pair]
    let signalMagnitudeArea: ThreeAxes
}

private let statisticsFixture = Result { try Fixtures.load(StatisticsFixture.self, from: "statistics") }

private func statisticsCases() throws -> [StatisticsFixture.Case] { try statisticsFixture.get().cases }

/// Whether `actual` is within `relative` of the scipy value, widened by scipy's own distance from
/// the exact value; both `nil` counts as agreement.
private func withinScipyRounding(_ actual: Double?, _ scipy: Double?, exact: Double?, relative: Double) -> Bool {
    guard let actual, let scipy, let exact else { return actual == nil && scipy == nil && exact == nil }
    return abs(actual - scipy) <= relative * abs(scipy) + abs(scipy - exact)
}

@Suite("Window statistics")
struct StatisticsTests {
    // MARK: numpy / scipy fixtures

    @Test("moments match numpy and scipy", arguments: try statisticsCases())
    fileprivate func momentsMatchReference(_ fixture: StatisticsFixture.Case) throws {
        let x = fixture.samples
        // Up to the variance: 1e-12 relative.
        #expect(relativeError(try Statistics.mean(of: x), fixture.mean) <= 1e-12)
        #expect(relativeError(try Statistics.populationVariance(of: x), fixture.variance) <= 1e-12)
        #expect(relativeError(try Statistics.sampleVariance(of: x), fixture.sampleVariance) <= 1e-12)
        #expect(relativeError(try Statistics.standardDeviation(of: x), fixture.standardDeviation) <= 1e-12)
        #expect(relativeError(try Statistics.rootMeanSquare(of: x), fixture.rootMeanSquare) <= 1e-12)
        #expect(relativeError(try Statistics.energy(of: x), fixture.energy) <= 1e-12)
        // Higher moments: 1e-9 relative to scipy, plus scipy's own rounding error where it has
        // one (on the 1e6-offset window scipy's skewness is 1.3e-8 off the exact value).
        let skewness = try Statistics.skewness(of: x)
        let kurtosis = try Statistics.kurtosis(of: x)
        #expect(withinScipyRounding(skewness, fixture.skewness, exact: fixture.exact.skewness, relative: 1e-9))
        #expect(withinScipyRounding(kurtosis, fixture.kurtosis, exact: fixture.exact.kurtosis, relative: 1e-9))

        let moments = try Statistics.moments(of: x)
        #expect(moments.count == x.count)
        #expect(moments.skewness == skewness)
        #expect(moments.kurtosis == kurtosis)
        #expect(moments.variance == (try Statistics.populationVariance(of: x)))
        #expect(relativeError(moments.sampleVariance, fixture.sampleVariance) <= 1e-12)
        #expect(relativeError(moments.standardDeviation, fixture.standardDeviation) <= 1e-12)
        // Against exact rational arithmetic the moments are good to rounding level (measured:
        // 5e-14 relative at worst, for a skewness of −0.002 where m₃ itself cancels).
        #expect(relativeError(moments.mean, fixture.exact.mean) <= 1e-15)
        #expect(relativeError(moments.variance, fixture.exact.variance) <= 1e-14)
        #expect(relativeError(moments.skewness, fixture.exact.skewness) <= 1e-12)
        #expect(relativeError(moments.kurtosis, fixture.exact.kurtosis) <= 1e-12)
    }

    @Test("order statistics match numpy and scipy", arguments: try statisticsCases())
    fileprivate func orderStatisticsMatchReference(_ fixture: StatisticsFixture.Case) throws {
        let x = fixture.samples
        #expect(try Statistics.minimum(of: x) == fixture.minimum)
        #expect(try Statistics.maximum(of: x) == fixture.maximum)
        #expect(try Statistics.range(of: x) == fixture.range)
        #expect(relativeError(try Statistics.median(of: x), fixture.median) <= 1e-15)
        let percentages = try statisticsFixture.get().percentages
        for (percentage, expected) in zip(percentages, fixture.percentiles) {
            let actual = try Statistics.percentile(percentage, of: x)
            #expect(relativeError(actual, expected) <= 1e-14, "percentile \(percentage)")
        }
        #expect(relativeError(try Statistics.interquartileRange(of: x), fixture.interquartileRange) <= 1e-13)
        #expect(
            relativeError(try Statistics.medianAbsoluteDeviation(of: x), fixture.medianAbsoluteDeviation) <= 1e-14)
    }

    @Test("crossing rates follow the documented definition", arguments: try statisticsCases())
    fileprivate func crossingRates(_ fixture: StatisticsFixture.Case) throws {
        let x = fixture.samples
        let pairs = Double(max(x.count - 1, 1))
        #expect(try Statistics.crossingRate(of: x, level: .zero) == Double(fixture.zeroCrossings) / pairs)
        #expect(try Statistics.crossingRate(of: x, level: .mean) == Double(fixture.meanCrossings) / pairs)
        let perSecond = try Statistics.crossingRate(of: x, level: .zero, sampleRate: 50)
        #expect(abs(perSecond - 50 * Double(fixture.zeroCrossings) / pairs) <= 1e-12)
    }

    @Test("the buffer overloads with scratch agree with the collection overloads", arguments: try statisticsCases())
    fileprivate func scratchOverloads(_ fixture: StatisticsFixture.Case) throws {
        let x = fixture.samples
        var scratch = [Double](repeating: .nan, count: x.count + 3)
        try x.withUnsafeBufferPointer { (samples) throws in
            try scratch.withUnsafeMutableBufferPointer { (scratch) throws in
                #expect(try Statistics.median(of: samples, scratch: scratch) == Statistics.median(of: x))
                #expect(
                    try Statistics.percentile(33.3, of: samples, scratch: scratch)
                        == Statistics.percentile(33.3, of: x))
                #expect(
                    try Statistics.interquartileRange(of: samples, scratch: scratch)
                        == Statistics.interquartileRange(of: x))
                #expect(
                    try Statistics.medianAbsoluteDeviation(of: samples, scratch: scratch)
                        == Statistics.medianAbsoluteDeviation(of: x))
                #expect(try Statistics.mean(of: samples) == Statistics.mean(of: x))
                #expect(try Statistics.moments(of: samples) == Statistics.moments(of: x))
            }
        }
        // The samples are untouched, and a non-contiguous collection gives the same answers.
        #expect(x == fixture.samples)
        let lazy = x.lazy.map { $0 }
        #expect(try Statistics.populationVariance(of: lazy) == Statistics.populationVariance(of: x))
        #expect(try Statistics.median(of: lazy) == Statistics.median(of: x))
    }

    @Test("correlation matches numpy.corrcoef and scipy.stats.pearsonr")
    func correlationMatchesReference() throws {
        for pair in try statisticsFixture.get().correlations {
            let r = try #require(try Statistics.correlation(of: pair.x, with: pair.y))
            #expect(relativeError(r, pair.correlation) <= 1e-12)
            #expect(relativeError(r, pair.pearsonr) <= 1e-12)
        }
    }

    @Test("signal magnitude area matches the UCI HAR definition")
    func signalMagnitudeAreaMatchesReference() throws {
        let axes = try statisticsFixture.get().signalMagnitudeArea
        let sma = try Statistics.signalMagnitudeArea(x: axes.x, y: axes.y, z: axes.z)
        #expect(relativeError(sma, axes.signalMagnitudeArea) <= 1e-12)
    }

    // MARK: Hand-computable values

    @Test("a sinusoid: RMS A/√2, mean = offset, kurtosis −1.5, 2f crossings per second", arguments: [50.0, 100.0])
    func sinusoid(sampleRate: Double) throws {
        let (amplitude, frequency, seconds) = (0.3, 2.0, 5.0)
        let count = Int(seconds * sampleRate)  // whole periods
        let wave = LocomotionDSPTests.sinusoid(
            frequency: frequency, sampleRate: sampleRate, count: count, amplitude: amplitude, phase: 0.1)
        #expect(abs(try Statistics.rootMeanSquare(of: wave) - amplitude / 2.squareRoot()) <= 1e-15)
        #expect(abs(try Statistics.populationVariance(of: wave) - amplitude * amplitude / 2) <= 1e-15)
        let moments = try Statistics.moments(of: wave.map { $0 + 1 })
        #expect(abs(moments.mean - 1) <= 1e-15)
        #expect(abs(try #require(moments.kurtosis) + 1.5) <= 1e-12)
        #expect(abs(try #require(moments.skewness)) <= 1e-12)
        // 2f crossings per second over the (n − 1)/fs seconds between the first and last sample.
        let crossings = 2 * frequency * seconds
        let expected = crossings / (Double(count - 1) / sampleRate)
        #expect(abs(try Statistics.crossingRate(of: wave, level: .zero, sampleRate: sampleRate) - expected) <= 1e-12)
        let shifted = wave.map { $0 + 1 }
        #expect(abs(try Statistics.crossingRate(of: shifted, level: .mean, sampleRate: sampleRate) - expected) <= 1e-12)
        #expect(try Statistics.crossingRate(of: shifted, level: .zero) == 0)
    }

    @Test("small hand-computed windows")
    func handComputed() throws {
        #expect(try Statistics.median(of: [3.0, 1, 4, 2]) == 2.5)
        #expect(try Statistics.median(of: [5.0, 1, 3]) == 3)
        #expect(try Statistics.percentile(25, of: [4.0, 3, 2, 1]) == 1.75)
        #expect(try Statistics.percentile(0, of: [4.0, 3, 2, 1]) == 1)
        #expect(try Statistics.percentile(100, of: [4.0, 3, 2, 1]) == 4)
        #expect(try Statistics.interquartileRange(of: [1.0, 2, 3, 4, 5]) == 2)
        // median 2; |x − 2| = 1, 1, 0, 0, 2, 4, 7; their median is 1.
        #expect(try Statistics.medianAbsoluteDeviation(of: [1.0, 1, 2, 2, 4, 6, 9]) == 1)
        #expect(try Statistics.energy(of: [1.0, -2, 3]) == 14)
        #expect(try Statistics.extrema(of: [2.0, -7, 5]) == (-7, 5))
        #expect(try Statistics.range(of: [2.0, -7, 5]) == 12)
        // Two equally likely values: no skew, excess kurtosis −2.
        let twoValued = try Statistics.moments(of: [1.0, -1, 1, -1, -1, 1])
        #expect(twoValued.skewness == 0)
        #expect(abs(try #require(twoValued.kurtosis) + 2) <= 1e-15)
        #expect(try Statistics.correlation(of: [1.0, 2, 3], with: [2.0, 4, 6]) == 1)
        #expect(try Statistics.correlation(of: [1.0, 2, 3], with: [3.0, 2, 1]) == -1)
        #expect(try Statistics.signalMagnitudeArea(x: [1.0, -1], y: [0.0, 2], z: [-1.0, 0]) == 2.5)
        // Crossings skip exact zeros: [1, 0, −1] crosses once, [1, 0, 1] never, over two pairs.
        #expect(try Statistics.crossingRate(of: [1.0, 0, -1], level: .zero) == 0.5)
        #expect(try Statistics.crossingRate(of: [1.0, 0, 1], level: .zero) == 0)
        #expect(try Statistics.crossingRate(of: [1.0, -1, 1, -1, 1], level: .zero) == 1)
        #expect(try Statistics.crossingRate(of: [0.0, 0, 0], level: .zero) == 0)
        // About a fixed level: 1 g.
        #expect(try Statistics.crossingRate(of: [0.9, 1.1, 1.0, 0.8, 1.2], level: .value(1)) == 0.75)
        #expect(thrownError { try Statistics.crossingRate(of: [1.0], level: .value(.nan)) } != nil)
    }

    @Test("constant windows: zero spread, undefined shape and correlation", arguments: [1, 2, 10, 50])
    func constantWindows(count: Int) throws {
        for value in [0.0, 0.1, 1, -3.7, 1e9] {
            let x = [Double](repeating: value, count: count)
            #expect(try Statistics.populationVariance(of: x) == 0)
            #expect(try Statistics.standardDeviation(of: x) == 0)
            #expect(try Statistics.range(of: x) == 0)
            #expect(try Statistics.medianAbsoluteDeviation(of: x) == 0)
            #expect(try Statistics.median(of: x) == value)
            #expect(try Statistics.skewness(of: x) == nil)
            #expect(try Statistics.kurtosis(of: x) == nil)
            #expect(try Statistics.correlation(of: x, with: (0..<count).map(Double.init)) == nil)
            #expect(try Statistics.crossingRate(of: x, level: .mean) == 0)
        }
    }

    @Test("a large offset costs no precision")
    func largeOffset() throws {
        // The naive Σx²/n − x̄² loses every digit here; the exact answer is 2/3.
        let x = [1e9 + 1, 1e9 + 2, 1e9 + 3]
        #expect(abs(try Statistics.populationVariance(of: x) - 2.0 / 3) <= 1e-15)
        #expect(try Statistics.mean(of: x) == 1e9 + 2)
        #expect(try Statistics.sampleVariance(of: x) == 1)
        // Compensated summation: 0.1 ten times has mean exactly 0.1, and a huge cancelling
        // pair does not swallow the small values.
        #expect(try Statistics.mean(of: [Double](repeating: 0.1, count: 10)) == 0.1)
        #expect(try Statistics.mean(of: [1e100, 1.0, -1e100, 3.0]) == 1)
        // Finite samples whose sum overflows still have a finite mean.
        let huge = Double.greatestFiniteMagnitude
        #expect(try Statistics.mean(of: [huge, huge]) == huge)
    }

    // MARK: Edge cases

    @Test("empty input throws emptyInput everywhere")
    func emptyInput() {
        let empty: [Double] = []
        #expect(thrownError { try Statistics.mean(of: empty) } == .emptyInput)
        #expect(thrownError { try Statistics.populationVariance(of: empty) } == .emptyInput)
        #expect(thrownError { try Statistics.sampleVariance(of: empty) } == .emptyInput)
        #expect(thrownError { try Statistics.moments(of: empty) } == .emptyInput)
        #expect(thrownError { try Statistics.extrema(of: empty) } == .emptyInput)
        #expect(thrownError { try Statistics.median(of: empty) } == .emptyInput)
        #expect(thrownError { try Statistics.percentile(10, of: empty) } == .emptyInput)
        #expect(thrownError { try Statistics.interquartileRange(of: empty) } == .emptyInput)
        #expect(thrownError { try Statistics.medianAbsoluteDeviation(of: empty) } == .emptyInput)
        #expect(thrownError { try Statistics.rootMeanSquare(of: empty) } == .emptyInput)
        #expect(thrownError { try Statistics.energy(of: empty) } == .emptyInput)
        #expect(thrownError { try Statistics.crossingRate(of: empty, level: .zero) } == .emptyInput)
        #expect(thrownError { try Statistics.crossingRate(of: empty, level: .mean, sampleRate: 50) } == .emptyInput)
        #expect(thrownError { try Statistics.correlation(of: empty, with: empty) } == .emptyInput)
        #expect(thrownError { try Statistics.signalMagnitudeArea(x: empty, y: empty, z: empty) } == .emptyInput)
    }

    @Test("NaN and infinity are reported with their index", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(bad: Double) {
        let x = [1.0, 2, bad, 4]
        let expected = DSPError.nonFiniteSample(index: 2)
        #expect(thrownError { try Statistics.mean(of: x) } == expected)
        #expect(thrownError { try Statistics.populationVariance(of: x) } == expected)
        #expect(thrownError { try Statistics.moments(of: x) } == expected)
        #expect(thrownError { try Statistics.minimum(of: x) } == expected)
        #expect(thrownError { try Statistics.maximum(of: x) } == expected)
        #expect(thrownError { try Statistics.median(of: x) } == expected)
        #expect(thrownError { try Statistics.percentile(90, of: x) } == expected)
        #expect(thrownError { try Statistics.rootMeanSquare(of: x) } == expected)
        #expect(thrownError { try Statistics.crossingRate(of: x, level: .zero) } == expected)
        #expect(thrownError { try Statistics.correlation(of: [1.0, 2, 3, 4], with: x) } == expected)
        #expect(thrownError { try Statistics.signalMagnitudeArea(x: x, y: x, z: x) } == expected)
    }

    @Test("a single sample")
    func singleSample() throws {
        let x = [0.7]
        #expect(try Statistics.mean(of: x) == 0.7)
        #expect(try Statistics.populationVariance(of: x) == 0)
        #expect(try Statistics.sampleVariance(of: x) == nil)
        #expect(try Statistics.sampleStandardDeviation(of: x) == nil)
        #expect(try Statistics.skewness(of: x) == nil)
        #expect(try Statistics.median(of: x) == 0.7)
        #expect(try Statistics.percentile(37, of: x) == 0.7)
        #expect(try Statistics.interquartileRange(of: x) == 0)
        #expect(try Statistics.crossingRate(of: x, level: .zero, sampleRate: 50) == 0)
        #expect(try Statistics.correlation(of: x, with: [1.0]) == nil)
    }

    @Test("invalid parameters")
    func invalidParameters() {
        for percentage in [-0.1, 100.1, .nan, .infinity] {
            let error = thrownError { try Statistics.percentile(percentage, of: [1.0, 2]) }
            guard let error, error.code == .invalidParameter, let name = error.parameter else {
                Issue.record("percentage \(percentage) gave \(String(describing: error))")
                continue
            }
            #expect(name == "percentage")
        }
        var scratch = [0.0, 0]
        let tooSmall = scratch.withUnsafeMutableBufferPointer { scratch in
            [1.0, 2, 3].withUnsafeBufferPointer { samples in
                thrownError { try Statistics.median(of: samples, scratch: scratch) }
            }
        }
        guard let tooSmall, tooSmall.code == .invalidParameter, let name = tooSmall.parameter else {
            Issue.record("a small scratch buffer gave \(String(describing: tooSmall))")
            return
        }
        #expect(name == "scratch.count")
        #expect(thrownError { try Statistics.correlation(of: [1.0, 2], with: [1.0]) } != nil)
        #expect(thrownError { try Statistics.signalMagnitudeArea(x: [1.0], y: [1.0], z: []) } != nil)
        #expect(
            thrownError { try Statistics.crossingRate(of: [1.0], level: .zero, sampleRate: 0) } == .invalidSampleRate(0)
        )
    }

    @Test("the scratch buffer may be the samples' own storage")
    func inPlaceScratch() throws {
        var x = [5.0, 1, 4, 2, 3]
        let median = try x.withUnsafeMutableBufferPointer { (buffer) throws(DSPError) in
            try Statistics.median(of: UnsafeBufferPointer(buffer), scratch: buffer)
        }
        #expect(median == 3)
        #expect(x.sorted() == [1, 2, 3, 4, 5])
    }

    // MARK: Selection against sorting

    @Test("percentiles equal the sorted definition for awkward orders", arguments: [1, 2, 3, 5, 16, 17, 64, 257])
    func percentilesAgainstSorting(count: Int) throws {
        var rng = SplitMix64(seed: UInt64(count))
        let inputs: [String: [Double]] = [
            "random": rng.uniformSamples(count),
            "sorted": (0..<count).map(Double.init),
            "reversed": (0..<count).reversed().map(Double.init),
            "equal": [Double](repeating: 2, count: count),
            "few values": (0..<count).map { _ in Double(rng.next() % 3) },
            "organ pipe": (0..<count).map { Double(min($0, count - 1 - $0)) },
        ]
        for (name, x) in inputs {
            let sorted = x.sorted()
            for percentage in [0, 12.5, 25, 50, 50.5, 75, 99.9, 100] + (0..<8).map({ _ in 100 * rng.nextUnit() }) {
                let position = Double(count - 1) * percentage / 100
                let lower = Int(position.rounded(.down))
                let upper = min(lower + 1, count - 1)
                let expected = sorted[lower] + (position - Double(lower)) * (sorted[upper] - sorted[lower])
                let actual = try Statistics.percentile(percentage, of: x)
                #expect(abs(actual - expected) <= 1e-12 * max(1, abs(expected)), "\(name) p\(percentage)")
            }
            #expect(try Statistics.median(of: x) == LocomotionDSPTests.median(x), "\(name)")
        }
    }
}
