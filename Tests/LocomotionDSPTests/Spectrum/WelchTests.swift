import Foundation
import LocomotionDSP
import LocomotionTestSupport
import Testing

private struct WelchFixture: Decodable {
    struct Signal: Decodable {
        let seed: Int
        let sampleRate: Double
        let samples: [Double]
    }
    struct Case: Decodable, CustomTestStringConvertible {
        let signal: String
        let sampleRate: Double
        let window: String
        let segmentLength: Int?
        let overlap: Int?
        let fftLength: Int?
        let detrend: String
        let scaling: String
        let expectedSegmentLength: Int
        let expectedSegmentCount: Int
        let frequencies: [Double]
        let values: [Double]
        var testDescription: String {
            func show(_ value: Int?) -> String { value.map(String.init) ?? "default" }
            return
                "\(signal) fs=\(sampleRate) \(window) nperseg=\(show(segmentLength)) noverlap=\(show(overlap)) nfft=\(show(fftLength)) detrend=\(detrend) \(scaling)"
        }
    }
    let signals: [String: Signal]
    let cases: [Case]
}

private let welchFixture = Result { try Fixtures.load(WelchFixture.self, from: "welch") }

private func welchCases() throws -> [WelchFixture.Case] { try welchFixture.get().cases }

@Suite("Welch")
struct WelchTests {
    @Test("welch matches scipy.signal.welch", arguments: try welchCases())
    fileprivate func matchesScipy(_ fixture: WelchFixture.Case) throws {
        let signal = try #require(try welchFixture.get().signals[fixture.signal])
        #expect(signal.sampleRate == fixture.sampleRate)
        var options = WelchOptions()
        if let segmentLength = fixture.segmentLength { options.segmentLength = segmentLength }
        options.overlap = fixture.overlap
        options.window = try #require(windowFunction(scipyName: fixture.window))
        options.fftLength = fixture.fftLength
        options.detrend = try #require(detrend(scipyName: fixture.detrend))
        options.scaling = try #require(PowerSpectrumScaling(rawValue: fixture.scaling))

        let psd = try welch(signal.samples, sampleRate: fixture.sampleRate, options: options)
        #expect(psd.scaling == options.scaling)
        #expect(psd.segmentLength == fixture.expectedSegmentLength)
        #expect(psd.segmentCount == fixture.expectedSegmentCount)
        #expect(psd.values.count == fixture.values.count)
        #expect(psd.frequencies.count == fixture.frequencies.count)
        // Per bin relative, with an absolute floor of 1e-12 of the case's peak for ~0 bins.
        #expect(maxRelativeErrorPerElement(psd.values, fixture.values, floor: 1e-12) <= 1e-6)
        // In practice the agreement is at rounding level; keep a tighter check relative to the peak.
        #expect(maxErrorRelativeToPeak(psd.values, fixture.values) <= 1e-9)
        #expect(maxErrorRelativeToPeak(psd.frequencies, fixture.frequencies) <= 1e-14)
    }

    @Test("defaults are scipy's")
    func defaults() {
        let options = WelchOptions()
        #expect(options.segmentLength == 256)
        #expect(options.overlap == nil)
        #expect(options.window == .hann)
        #expect(options.fftLength == nil)
        #expect(options.detrend == .mean)
        #expect(options.scaling == .density)
    }

    @Test("density integrates to the variance of white noise", arguments: [50.0, 100.0])
    func densityIntegratesToVariance(sampleRate: Double) throws {
        var rng = SplitMix64(seed: 99)
        let x = rng.gaussianSamples(20_000).map { 3 * $0 }  // variance 9
        let psd = try welch(x, sampleRate: sampleRate, options: .init(segmentLength: 128))
        let binWidth = sampleRate / 128
        let integral = psd.values.reduce(0, +) * binWidth
        #expect(abs(integral - 9) < 0.3)
        #expect(abs(psd.frequencies.last! - sampleRate / 2) <= 1e-12)
        // Flat: every bin away from DC within ±35 % of σ²/(fs/2); the Nyquist bin (not doubled) half that.
        let level = 9 / (sampleRate / 2)
        #expect(psd.values.dropFirst(2).dropLast().allSatisfy { abs($0 / level - 1) < 0.35 })
        #expect(abs(psd.values.last! / (level / 2) - 1) < 0.35)
    }

    @Test("spectrum scaling shows a bin-centred tone's A²/2", arguments: [50.0, 100.0])
    func spectrumScalingTone(sampleRate: Double) throws {
        let frequency = 12 * sampleRate / 64
        let x = sinusoid(frequency: frequency, sampleRate: sampleRate, count: 640, amplitude: 2, phase: 0.4)
        let psd = try welch(x, sampleRate: sampleRate, options: .init(segmentLength: 64, scaling: .spectrum))
        #expect(abs(psd.values[12] - 2) <= 1e-10)
        #expect(psd.segmentCount == (640 - 32) / 32)
    }

    @Test(
        "segment counting and the unused tail",
        arguments: [(256, nil, 1000, 6), (100, 0, 1000, 10), (100, 99, 150, 51), (7, 3, 7, 1)])
    func segmentCount(segmentLength: Int, overlap: Int?, samples: Int, expected: Int) throws {
        var rng = SplitMix64(seed: 3)
        let psd = try welch(
            rng.gaussianSamples(samples), sampleRate: 50, options: .init(segmentLength: segmentLength, overlap: overlap)
        )
        #expect(psd.segmentCount == expected)
        #expect(psd.segmentLength == segmentLength)
    }

    @Test("a segment longer than the signal is shortened to it")
    func shortensLongSegments() throws {
        let x = sinusoid(frequency: 3, sampleRate: 50, count: 90)
        let psd = try welch(x, sampleRate: 50, options: .init(segmentLength: 1000))
        #expect(psd.segmentLength == 90)
        #expect(psd.segmentCount == 1)
        #expect(psd.values.count == 46)
    }

    @Test("errors")
    func errors() {
        #expect(throws: DSPError.emptyInput) { try welch([], sampleRate: 50) }
        #expect(throws: DSPError.invalidSampleRate(0)) { try welch([1, 2, 3], sampleRate: 0) }
        #expect(throws: DSPError.nonFiniteSample(index: 2)) { try welch([1, 2, .nan], sampleRate: 50) }
        #expect(throws: DSPError.self) { try welch([1, 2, 3], sampleRate: 50, options: .init(segmentLength: 0)) }
        #expect(throws: DSPError.self) {
            try welch([1, 2, 3, 4], sampleRate: 50, options: .init(segmentLength: 2, overlap: 2))
        }
        #expect(throws: DSPError.self) {
            try welch([1, 2, 3, 4], sampleRate: 50, options: .init(segmentLength: 2, overlap: -1))
        }
        #expect(throws: DSPError.self) {
            try welch([1, 2, 3, 4], sampleRate: 50, options: .init(segmentLength: 4, fftLength: 3))
        }
    }
}
