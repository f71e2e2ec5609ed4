import Foundation
import LocomotionDSP
import LocomotionTestSupport
import Testing

private struct PeriodogramFixture: Decodable {
    struct Case: Decodable, CustomTestStringConvertible {
        let seed: Int
        let sampleRate: Double
        let window: String
        let fftLength: Int?
        let detrend: String
        let input: [Double]
        let frequencies: [Double]
        let power: [Double]
        var testDescription: String {
            "n=\(input.count) nfft=\(fftLength.map(String.init) ?? "nil") \(window) detrend=\(detrend) fs=\(sampleRate)"
        }
    }
    let cases: [Case]
}

private func periodogramCases() throws -> [PeriodogramFixture.Case] {
    try Fixtures.load(PeriodogramFixture.self, from: "periodogram").cases
}

@Suite("Spectrum and SpectrumAnalyzer")
struct SpectrumTests {
    // MARK: scipy fixtures

    @Test("analyze matches scipy.signal.periodogram(scaling='spectrum')", arguments: try periodogramCases())
    fileprivate func matchesScipyPeriodogram(_ fixture: PeriodogramFixture.Case) throws {
        var analyzer = try SpectrumAnalyzer(
            sampleCount: fixture.input.count, sampleRate: fixture.sampleRate,
            window: try #require(windowFunction(scipyName: fixture.window)), fftLength: fixture.fftLength,
            detrend: try #require(detrend(scipyName: fixture.detrend)))
        let spectrum = try analyzer.analyze(fixture.input)
        #expect(spectrum.fftLength == (fixture.fftLength ?? fixture.input.count))
        #expect(spectrum.binCount == fixture.power.count)
        #expect(spectrum.sampleRate == fixture.sampleRate)
        #expect(maxRelativeErrorPerElement(spectrum.power, fixture.power) <= 1e-9)
        #expect(maxErrorRelativeToPeak(spectrum.frequencies, fixture.frequencies) <= 1e-14)

        // A second analysis into the same storage gives the same result.
        var reused = analyzer.makeSpectrum()
        try fixture.input.withUnsafeBufferPointer { buffer in try analyzer.analyze(buffer, into: &reused) }
        try fixture.input.withUnsafeBufferPointer { buffer in try analyzer.analyze(buffer, into: &reused) }
        #expect(reused == spectrum)
    }

    // MARK: scaling

    @Test(
        "a bin-centred sinusoid of amplitude A shows power A²/2 and magnitude A",
        arguments: WindowFunction.allCases, [Detrend.none, .mean])
    func sinusoidScaling(window: WindowFunction, detrend: Detrend) throws {
        let (count, sampleRate, bin, amplitude) = (128, 50.0, 10, 3.0)
        let frequency = Double(bin) * sampleRate / Double(count)
        var analyzer = try SpectrumAnalyzer(
            sampleCount: count, sampleRate: sampleRate, window: window, detrend: detrend)
        for phase in [0.0, 0.7, -2.0] {
            let spectrum = try analyzer.analyze(
                sinusoid(frequency: frequency, sampleRate: sampleRate, count: count, amplitude: amplitude, phase: phase)
            )
            #expect(abs(spectrum.power[bin] - amplitude * amplitude / 2) <= 1e-12 * amplitude * amplitude)
            #expect(abs(spectrum.magnitude(ofBin: bin) - amplitude) <= 1e-12 * amplitude)
            #expect(abs(spectrum.magnitudes[bin] - amplitude) <= 1e-12 * amplitude)
            #expect(spectrum.power.indices.allSatisfy { spectrum.power[$0] <= spectrum.power[bin] * (1 + 1e-12) })
            // Far from the tone there is only rounding noise (every window's leakage is ≤ 3 bins here).
            #expect(spectrum.power[(bin + 4)...].allSatisfy { $0 <= 1e-20 })
            #expect(abs(spectrum.frequency(ofBin: bin) - frequency) <= 1e-12)
        }
    }

    @Test(
        "a constant c shows power c² in bin 0 without detrending, nothing with it", arguments: WindowFunction.allCases)
    func constantScaling(window: WindowFunction) throws {
        let samples = [Double](repeating: -2.5, count: 40)
        var raw = try SpectrumAnalyzer(sampleCount: 40, sampleRate: 10, window: window, detrend: .none)
        let spectrum = try raw.analyze(samples)
        #expect(abs(spectrum.power[0] - 6.25) <= 1e-12)
        #expect(abs(spectrum.magnitude(ofBin: 0) - 2.5) <= 1e-12)
        var detrended = try SpectrumAnalyzer(sampleCount: 40, sampleRate: 10, window: window, detrend: .mean)
        #expect(try detrended.analyze(samples).power.allSatisfy { $0 <= 1e-28 })
    }

    @Test("the Nyquist bin of an even length is not doubled")
    func nyquistScaling() throws {
        let samples = (0..<16).map { $0 % 2 == 0 ? 1.5 : -1.5 }
        var analyzer = try SpectrumAnalyzer(sampleCount: 16, sampleRate: 8, window: .rectangular, detrend: .none)
        let spectrum = try analyzer.analyze(samples)
        #expect(spectrum.binCount == 9)
        #expect(abs(spectrum.frequency(ofBin: 8) - 4) <= 1e-15)
        #expect(abs(spectrum.power[8] - 2.25) <= 1e-12)  // mean square of ±1.5
        #expect(abs(spectrum.magnitude(ofBin: 8) - 1.5) <= 1e-12)
    }

    @Test("Parseval: with a rectangular window the bins sum to the mean square", arguments: [16, 17, 100, 101])
    func parseval(count: Int) throws {
        var rng = SplitMix64(seed: UInt64(count))
        let x = rng.gaussianSamples(count)
        var analyzer = try SpectrumAnalyzer(sampleCount: count, sampleRate: 1, window: .rectangular, detrend: .none)
        // power[k] = c_k |X_k|² / n², Σ = Σ|x|² / n (the mean square) by Parseval.
        let total = try analyzer.analyze(x).power.reduce(0, +)
        let meanSquare = x.reduce(0) { $0 + $1 * $1 } / Double(count)
        #expect(abs(total - meanSquare) <= 1e-12 * meanSquare)
    }

    @Test("zero padding refines the grid but keeps a bin-centred tone's power", arguments: [128, 200, 512])
    func zeroPadding(fftLength: Int) throws {
        let samples = sinusoid(frequency: 50.0 * 8 / 64, sampleRate: 50, count: 64, amplitude: 2)
        var analyzer = try SpectrumAnalyzer(sampleCount: 64, sampleRate: 50, window: .hann, fftLength: fftLength)
        let spectrum = try analyzer.analyze(samples)
        #expect(spectrum.binCount == fftLength / 2 + 1)
        #expect(abs(spectrum.binWidth - 50 / Double(fftLength)) <= 1e-15)
        // Frequency 6.25 Hz lies on the padded grid for these lengths when 6.25·L/50 is integral.
        let padded = 6.25 * Double(fftLength) / 50
        if padded == padded.rounded() {
            #expect(abs(spectrum.magnitude(ofBin: Int(padded)) - 2) <= 1e-12)
        }
        let peak = try #require(spectrum.power.indices.max { spectrum.power[$0] < spectrum.power[$1] })
        #expect(abs(spectrum.frequency(ofBin: peak) - 6.25) <= spectrum.binWidth / 2)
    }

    // MARK: bins(in:)

    @Test("bins(in:) includes both boundaries")
    func binsInBand() throws {
        let spectrum = Spectrum(sampleRate: 50, fftLength: 100, power: [Double](repeating: 1, count: 51))
        #expect(spectrum.binWidth == 0.5)
        #expect(spectrum.bins(in: 1.0...2.0) == 2..<5)
        #expect(spectrum.bins(in: 1.1...1.9) == 3..<4)
        #expect(spectrum.bins(in: 1.1...1.4).isEmpty)
        #expect(spectrum.bins(in: 0...25) == 0..<51)
        #expect(spectrum.bins(in: 0...0) == 0..<1)
        #expect(spectrum.bins(in: 24.9...30) == 50..<51)
        #expect(spectrum.bins(in: 25.1...30).isEmpty)
        #expect(spectrum.power(in: 1.0...2.0) == 3)
        #expect(spectrum.power(in: 1.1...1.4) == 0)
    }

    @Test(
        "bins(in:) includes a bin whose centre frequency(ofBin:) is exactly a band edge",
        arguments: [(100.0, 30), (100.0, 7), (50.0, 127), (100.0, 1000), (100.0, 77), (50.0, 256)])
    func binsInBandAtExactCentres(sampleRate: Double, fftLength: Int) {
        let spectrum = Spectrum(
            sampleRate: sampleRate, fftLength: fftLength, power: .init(repeating: 1, count: fftLength / 2 + 1))
        var mismatches: [Int] = []
        for bin in 0..<spectrum.binCount {
            let centre = spectrum.frequency(ofBin: bin)
            if spectrum.bins(in: centre...centre) != bin..<(bin + 1) { mismatches.append(bin) }
        }
        #expect(mismatches.isEmpty, "bins whose own centre frequency is not in bins(in: centre...centre)")
    }

    // MARK: errors and shapes

    @Test("SpectrumAnalyzer validates its parameters")
    func analyzerValidation() throws {
        #expect(throws: DSPError.self) { try SpectrumAnalyzer(sampleCount: 0, sampleRate: 50) }
        #expect(throws: DSPError.invalidSampleRate(0)) { try SpectrumAnalyzer(sampleCount: 8, sampleRate: 0) }
        #expect(throws: DSPError.invalidSampleRate(-1)) { try SpectrumAnalyzer(sampleCount: 8, sampleRate: -1) }
        #expect(throws: DSPError.self) { try SpectrumAnalyzer(sampleCount: 8, sampleRate: .nan) }
        #expect(throws: DSPError.self) { try SpectrumAnalyzer(sampleCount: 8, sampleRate: 50, fftLength: 7) }

        var analyzer = try SpectrumAnalyzer(sampleCount: 4, sampleRate: 50)
        #expect(throws: DSPError.nonFiniteSample(index: 2)) { try analyzer.analyze([1, 2, .nan, 4]) }
        #expect(throws: DSPError.nonFiniteSample(index: 3)) { try analyzer.analyze([1, 2, 3, -.infinity]) }
    }

    // A held analyzer, like a held RealFFTPlan, traps on a block of another length: a contract
    // violation, not bad data (DSP conventions: throw or trap).
    @Test("a block of the wrong length traps")
    func wrongBlockLengthTraps() async {
        await #expect(processExitsWith: .failure) {
            guard var analyzer = try? SpectrumAnalyzer(sampleCount: 4, sampleRate: 50) else { exit(0) }
            _ = try? analyzer.analyze([1, 2, 3])
            exit(0)  // reached only if the call returned or threw instead of trapping
        }
        await #expect(processExitsWith: .failure) {
            guard var analyzer = try? SpectrumAnalyzer(sampleCount: 4, sampleRate: 50) else { exit(0) }
            _ = try? analyzer.analyze([1, 2, 3, 4, 5])
            exit(0)
        }
    }

    @Test("a failed analysis leaves the spectrum unchanged")
    func failedAnalysisKeepsSpectrum() throws {
        var analyzer = try SpectrumAnalyzer(sampleCount: 4, sampleRate: 50)
        var spectrum = try analyzer.analyze([1, 3, 2, 5])
        let before = spectrum
        let bad: [Double] = [1, .infinity, 2, 5]
        bad.withUnsafeBufferPointer { buffer in
            #expect(throws: DSPError.nonFiniteSample(index: 1)) { try analyzer.analyze(buffer, into: &spectrum) }
            return ()
        }
        #expect(spectrum == before)
    }

    @Test("analyze(into:) reshapes a spectrum of the wrong shape")
    func reshapesForeignSpectrum() throws {
        var analyzer = try SpectrumAnalyzer(sampleCount: 10, sampleRate: 20, fftLength: 16)
        var spectrum = Spectrum(sampleRate: 1, fftLength: 2, power: [0, 0])
        let x: [Double] = (0..<10).map { sin(Double($0)) }
        try x.withUnsafeBufferPointer { try analyzer.analyze($0, into: &spectrum) }
        #expect(spectrum.fftLength == 16 && spectrum.sampleRate == 20 && spectrum.binCount == 9)
        #expect(spectrum == (try analyzer.analyze(x)))
    }
}
