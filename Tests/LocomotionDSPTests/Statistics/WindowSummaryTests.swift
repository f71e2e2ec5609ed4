import Foundation
@_spi(Testing) import LocomotionDSP
import LocomotionTestSupport
import Testing

@Suite("Window summary and spectral shape")
struct WindowSummaryTests {
    @Test("the fused summary equals the separate statistics", arguments: [1, 2, 7, 128, 257])
    func summaryMatchesSeparateFunctions(count: Int) throws {
        var state: UInt64 = 42
        let samples = (0..<count).map { _ -> Double in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return 1 + Double(state >> 11) / Double(1 << 53) - 0.5
        }
        let summary = try Statistics.summary(of: samples)
        #expect(summary.moments == (try Statistics.moments(of: samples)))
        #expect(summary.minimum == (try Statistics.minimum(of: samples)))
        #expect(summary.maximum == (try Statistics.maximum(of: samples)))
        #expect(summary.rootMeanSquare == (try Statistics.rootMeanSquare(of: samples)))
        #expect(summary.median == (try Statistics.median(of: samples)))
        #expect(summary.interquartileRange == (try Statistics.interquartileRange(of: samples)))
        #expect(summary.medianAbsoluteDeviation == (try Statistics.medianAbsoluteDeviation(of: samples)))
        #expect(summary.meanCrossingFraction == (try Statistics.crossingRate(of: samples, level: .mean)))
    }

    /// Windows that stress the sort: ties, quantised values, one outlier (a crowded bucket),
    /// huge and tiny spreads, negative values.
    static let awkwardWindows: [[Double]] = {
        var random = SplitMix64(seed: 0x5EED_0006)
        let uniform = (0..<128).map { _ in Double.random(in: -1...1, using: &random) }
        return [
            uniform,
            uniform.map { ($0 * 8).rounded() / 8 },  // eight levels: many ties
            [Double](repeating: 0.98, count: 127) + [5],  // one outlier: a crowded bucket
            (0..<128).map { 1 + 1e-13 * Double($0 % 5) },  // a spread near rounding
            (0..<128).map { Double($0 % 2 == 0 ? -1e300 : 1e300) },  // a range that overflows
            (0..<200).map { _ in random.nextGaussian() * 1e-3 + 9.81 },
            (0..<64).map { _ in exp(3 * random.nextGaussian()) },  // heavily skewed
            [3, 3],
            [2, 1, 2],
            [1, 2, 3, 2, 1, 2, 3, 2],  // samples exactly at the mean
        ]
    }()

    @Test("the summary equals the separate statistics on awkward windows", arguments: awkwardWindows)
    func summaryOnAwkwardWindows(samples: [Double]) throws {
        let summary = try Statistics.summary(of: samples)
        #expect(summary.median == (try Statistics.median(of: samples)))
        #expect(summary.interquartileRange == (try Statistics.interquartileRange(of: samples)))
        #expect(summary.medianAbsoluteDeviation == (try Statistics.medianAbsoluteDeviation(of: samples)))
        #expect(summary.meanCrossingFraction == (try Statistics.crossingRate(of: samples, level: .mean)))
        #expect(summary.minimum == samples.min() && summary.maximum == samples.max())
        // Through a scratch buffer too short for the buckets (the standard library's sort).
        var short = [Double](repeating: .nan, count: samples.count)
        let fallback = try samples.withUnsafeBufferPointer { samples in
            try short.withUnsafeMutableBufferPointer { try Statistics.summary(of: samples, scratch: $0) }
        }
        #expect(fallback.median == summary.median)
        #expect(fallback.interquartileRange == summary.interquartileRange)
        #expect(fallback.medianAbsoluteDeviation == summary.medianAbsoluteDeviation)
    }

    @Test("order statistics selected from two sorted runs have the bits of the merged run's")
    func sortedRunsMatchTheMerge() throws {
        var random = SplitMix64(seed: 0x5EED_0034)
        var checked = 0
        // Every split of the awkward windows, then random windows of 1–300 values: continuous,
        // quantised to a few levels (ties within and across the runs) and skewed.
        var windows = Self.awkwardWindows.flatMap { window in (1..<window.count).map { (window, $0) } }
        for _ in 0..<3_000 {
            let count = Int.random(in: 2...300, using: &random)
            let levels = Double(Int.random(in: 1...6, using: &random))
            let window = (0..<count).map { _ -> Double in
                switch Int.random(in: 0..<3, using: &random) {
                case 0: return random.nextGaussian()
                case 1: return (Double.random(in: 0...1, using: &random) * levels).rounded() / levels
                default: return exp(2 * random.nextGaussian())
                }
            }
            windows.append((window, Int.random(in: 1..<count, using: &random)))
        }
        for (window, split) in windows {
            let first = Array(window[..<split]).sorted()
            let second = Array(window[split...]).sorted()
            var merged = [Double](repeating: .nan, count: window.count)
            first.withUnsafeBufferPointer { a in
                second.withUnsafeBufferPointer { b in
                    merged.withUnsafeMutableBufferPointer { Statistics.mergeSorted(a, b, into: $0) }
                }
            }
            let moments = try Statistics.moments(of: window)
            let (expected, actual) = window.withUnsafeBufferPointer { samples in
                merged.withUnsafeBufferPointer { merged in
                    first.withUnsafeBufferPointer { a in
                        second.withUnsafeBufferPointer { b in
                            (
                                Statistics.summaryOfFinite(
                                    samples, sorted: merged, moments: moments, rootMeanSquare: 1),
                                Statistics.summaryOfFinite(
                                    samples, sortedRuns: a, b, moments: moments, rootMeanSquare: 1)
                            )
                        }
                    }
                }
            }
            let pairs = [
                (expected.minimum, actual.minimum), (expected.maximum, actual.maximum),
                (expected.median, actual.median), (expected.interquartileRange, actual.interquartileRange),
                (expected.medianAbsoluteDeviation, actual.medianAbsoluteDeviation),
            ]
            let same = pairs.allSatisfy { $0.0.bitPattern == $0.1.bitPattern }
            #expect(same, "\(window.count) values split at \(split): \(pairs)")
            if !same { return }
            checked += 1
        }
        #expect(checked == windows.count)
    }

    @Test("the bucket sort sorts, crowded buckets and ties included")
    func bucketSort() {
        var random = SplitMix64(seed: 11)
        for count in [1, 2, 3, 5, 64, 128, 333] {
            for levels in [2, 16, 1 << 20] {
                var samples = (0..<count).map { _ in Double(random.next() % UInt64(levels)) }
                if count > 40 { samples[count / 2] = 1e9 }  // crowds every other value into one bucket
                for values in [samples, samples.map { $0 * 1e-7 - 3 }] {
                    var sorted = [Double](repeating: .nan, count: count)
                    var counts = [Int](repeating: -1, count: count)
                    values.withUnsafeBufferPointer { input in
                        sorted.withUnsafeMutableBufferPointer { output in
                            counts.withUnsafeMutableBufferPointer { counts in
                                BucketSort.sort(
                                    input, minimum: values.min()!, maximum: values.max()!, into: output,
                                    counts: counts)
                            }
                        }
                    }
                    #expect(sorted == values.sorted(), "n=\(count) levels=\(levels)")
                }
            }
        }
    }

    @Test("the four-lane mean-crossing count equals a pair-by-pair count, samples at the level included")
    func meanCrossingsMatchPairByPair() {
        // A sample at the level takes the side of the last one off it (0 before the first).
        func reference(_ samples: [Double], _ level: Double) -> Int {
            var (crossings, side) = (0, 0)
            for sample in samples {
                let current = sample > level ? 1 : (sample < level ? -1 : 0)
                if current != 0 && current == -side { crossings += 1 }
                if current != 0 { side = current }
            }
            return crossings
        }
        var random = SplitMix64(seed: 34)
        for count in [1, 2, 3, 4, 5, 6, 7, 8, 9, 31, 64, 65, 128, 131] {
            for levels in [2, 3, 5, 1 << 20] {
                // With few levels some samples sit exactly at the level (1), in every lane and in the tail.
                let samples = (0..<count).map { _ in Double(random.next() % UInt64(levels)) }
                for level in [1.0, 0.5, -1.0] {
                    let counted = samples.withUnsafeBufferPointer { Statistics.meanCrossings($0, mean: level) }
                    #expect(counted == reference(samples, level), "n=\(count) levels=\(levels) level=\(level)")
                }
            }
        }
        // A level met only in the second four-lane step still sends the count to the side rule
        // (pair by pair without it: 8).
        let lateTouch: [Double] = [2, 0, 2, 0, 2, 0, 1, 0, 2]
        #expect(lateTouch.withUnsafeBufferPointer { Statistics.meanCrossings($0, mean: 1) } == 6)
    }

    @Test("the summary rejects empty and non-finite windows")
    func summaryValidation() {
        #expect(throws: DSPError.emptyInput) { try Statistics.summary(of: [Double]()) }
        #expect(throws: DSPError.nonFiniteSample(index: 1)) { try Statistics.summary(of: [1, .nan, 2]) }
    }

    @Test("the axis summary equals the pairwise correlations and the signal magnitude area", arguments: [3, 63, 64])
    func axisCorrelations(count: Int) throws {
        let x = (0..<count).map { sin(Double($0) * 0.3) - 0.2 }
        let y = (0..<count).map { cos(Double($0) * 0.2) + 0.1 * Double($0 % 3) }
        let z = [Double](repeating: -2, count: count)
        let result = try x.withUnsafeBufferPointer { x in
            try y.withUnsafeBufferPointer { y in
                try z.withUnsafeBufferPointer { z in try Statistics.axisSummary(x: x, y: y, z: z) }
            }
        }
        #expect(
            abs(try #require(result.correlationXY) - (try #require(try Statistics.correlation(of: x, with: y)))) < 1e-14
        )
        #expect(result.correlationXZ == nil && result.correlationYZ == nil)
        #expect(abs(result.signalMagnitudeArea - (try Statistics.signalMagnitudeArea(x: x, y: y, z: z))) < 1e-14)
    }

    /// The area's sum runs in two lanes (even and odd samples) of absolute values; signed zeros,
    /// whole axes of −0 and an odd count must give the bits of that sum written out by hand.
    @Test("the axis summary's area has the bits of its lane sums, signed zeros included", arguments: [1, 2, 5, 64, 65])
    func axisAreaIsExact(count: Int) throws {
        var generator = SplitMix64(seed: UInt64(count))
        var x = (0..<count).map { _ in generator.nextGaussian() }
        let y = [Double](repeating: -0.0, count: count)
        var z = (0..<count).map { index in index % 3 == 0 ? -0.0 : generator.nextGaussian() }
        x[0] = -0.0
        z[count - 1] = 0
        let result = try x.withUnsafeBufferPointer { x in
            try y.withUnsafeBufferPointer { y in
                try z.withUnsafeBufferPointer { z in try Statistics.axisSummary(x: x, y: y, z: z) }
            }
        }
        var lanes = [0.0, 0.0]
        for index in 0..<(count / 2 * 2) {
            lanes[index % 2] += abs(x[index]) + abs(y[index]) + abs(z[index])
        }
        var area = lanes[0] + lanes[1]
        if count % 2 == 1 {
            let last = count - 1
            let first = lanes[0] + (abs(x[last]) + abs(y[last]) + abs(z[last]))
            let second = lanes[1] + (abs(x[0]) + abs(y[0]) + abs(z[0]))
            area = first + (second - (abs(x[0]) + abs(y[0]) + abs(z[0])))
        }
        #expect((area / Double(count)).bitPattern == result.signalMagnitudeArea.bitPattern)
        #expect(result.signalMagnitudeArea.sign == .plus)
    }

    @Test("a tone has low entropy and flatness and its centroid at the tone; flat power has entropy and flatness 1")
    func spectralShape() throws {
        var analyzer = try SpectrumAnalyzer(sampleCount: 128, sampleRate: 50)
        let tone = try analyzer.analyze((0..<128).map { sin(2 * .pi * 10 * Double($0) / 128) })
        let shape = try #require(tone.shape(bins: 1..<tone.binCount))
        #expect(shape.normalizedEntropy < 0.3)
        #expect(shape.flatness < 1e-6)
        #expect(abs(shape.centroid - tone.frequency(ofBin: 10)) < 1e-9)
        let flat = Spectrum(sampleRate: 10, fftLength: 8, power: [0, 1, 1, 1, 1])
        let flatShape = try #require(flat.shape(bins: 1..<5))
        #expect(abs(flatShape.normalizedEntropy - 1) < 1e-12)
        #expect(abs(flatShape.flatness - 1) < 1e-12)
        #expect(abs(flatShape.centroid - 3.125) < 1e-12)
        #expect(Spectrum(sampleRate: 10, fftLength: 8, power: [1, 0, 0, 0, 0]).shape(bins: 1..<5) == nil)
        #expect(flat.power(inBins: 2..<4) == 2)
    }
}
