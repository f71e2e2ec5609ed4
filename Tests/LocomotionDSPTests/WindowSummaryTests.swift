import Foundation
import Testing

@testable import LocomotionDSP

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

    @Test("the summary rejects empty and non-finite windows")
    func summaryValidation() {
        #expect(throws: DSPError.emptyInput) { try Statistics.summary(of: [Double]()) }
        #expect(throws: DSPError.nonFiniteSample(index: 1)) { try Statistics.summary(of: [1, .nan, 2]) }
    }

    @Test("the axis summary equals the pairwise correlations and the signal magnitude area")
    func axisCorrelations() throws {
        let x = (0..<64).map { sin(Double($0) * 0.3) }
        let y = (0..<64).map { cos(Double($0) * 0.2) + 0.1 * Double($0 % 3) }
        let z = [Double](repeating: 2, count: 64)
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
