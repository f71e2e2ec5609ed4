import Foundation
import LocomotionDSP
import LocomotionTestSupport
import Testing

@Suite("Dominant frequency")
struct DominantFrequencyTests {
    // MARK: accuracy on pure tones

    /// 0.5...5 Hz in steps of 0.05 Hz (91 frequencies).
    static let toneGrid = (0...90).map { 0.5 + 0.05 * Double($0) }
    static let phases = [0.0, 0.4, Double.pi / 2, 2.1, 3.9, 5.5]

    @Test(
        "pure sinusoid at 50 Hz: 256 samples within 0.02 Hz, 100 samples within 0.05 Hz",
        arguments: [(256, 0.02), (100, 0.05)], [0.0, 0.4, Double.pi / 2, 2.1, 3.9, 5.5])
    func pureToneAccuracy(accuracy: (sampleCount: Int, tolerance: Double), phase: Double) throws {
        let (sampleCount, tolerance) = accuracy
        var worst = (error: 0.0, frequency: 0.0)
        for frequency in Self.toneGrid {
            let samples = sinusoid(frequency: frequency, sampleRate: 50, count: sampleCount, phase: phase)
            let error = abs(try #require(try findDominantFrequency(in: samples, sampleRate: 50)).frequency - frequency)
            if error > worst.error { worst = (error, frequency) }
        }
        #expect(worst.error <= tolerance, "worst error \(worst.error) Hz at \(worst.frequency) Hz")
    }

    @Test("offset and amplitude do not matter", arguments: [(0.01, 0.0), (1.0, 9.81), (250.0, -40.0)])
    func offsetAndAmplitude(amplitude: Double, offset: Double) throws {
        for frequency in [0.7, 1.93, 3.3, 4.71] {
            let samples = sinusoid(
                frequency: frequency, sampleRate: 50, count: 256, amplitude: amplitude, phase: 1, offset: offset)
            let peak = try #require(try findDominantFrequency(in: samples, sampleRate: 50))
            #expect(abs(peak.frequency - frequency) <= 0.02)
            #expect(abs(peak.magnitude - amplitude) <= 0.02 * amplitude)  // the least-squares amplitude
        }
    }

    @Test("0 dB SNR: median error over 200 seeded trials within 0.05 Hz at 256 samples")
    func noisyToneAccuracy() throws {
        var rng = SplitMix64(seed: 2024)
        let amplitude = 1.0
        let noiseDeviation = (amplitude * amplitude / 2).squareRoot()  // noise variance = sine power
        var errors: [Double] = []
        for _ in 0..<200 {
            let frequency = 0.5 + 4.5 * rng.nextUnit()
            let phase = 2 * Double.pi * rng.nextUnit()
            let samples = sinusoid(frequency: frequency, sampleRate: 50, count: 256, amplitude: amplitude, phase: phase)
                .map { $0 + noiseDeviation * rng.nextGaussian() }
            errors.append(
                abs(try #require(try findDominantFrequency(in: samples, sampleRate: 50)).frequency - frequency))
        }
        #expect(median(errors) <= 0.05, "median error \(median(errors)) Hz")
        // Most trials lock on to the tone (the rest are noise peaks winning at 0 dB).
        #expect(errors.filter { $0 <= 0.1 }.count >= 180)
    }

    // MARK: options

    @Test("the band restricts the search")
    func bandRestriction() throws {
        let samples = zip(
            sinusoid(frequency: 8, sampleRate: 50, count: 256, amplitude: 3),
            sinusoid(frequency: 1.8, sampleRate: 50, count: 256, amplitude: 1, phase: 0.3)
        ).map(+)
        let unrestricted = try #require(try findDominantFrequency(in: samples, sampleRate: 50))
        #expect(abs(unrestricted.frequency - 8) <= 0.02)
        let gait = try #require(try findDominantFrequency(in: samples, sampleRate: 50, options: .init(band: 0.6...2.5)))
        #expect(abs(gait.frequency - 1.8) <= 0.02)
        #expect((0.6...2.5).contains(gait.frequency))
        for interpolation in PeakInterpolation.allCases {
            let peak = try #require(
                try findDominantFrequency(
                    in: samples, sampleRate: 50, options: .init(band: 0.6...2.5, interpolation: interpolation)))
            #expect(abs(peak.frequency - 1.8) <= 0.1, "\(interpolation)")
        }
    }

    @Test("a band without any bin gives nil")
    func emptyBand() throws {
        // 64 samples at 50 Hz: bins every 0.78125 Hz; 0.8...1.5 contains none.
        let samples = sinusoid(frequency: 1.2, sampleRate: 50, count: 64)
        #expect(try findDominantFrequency(in: samples, sampleRate: 50, options: .init(band: 0.8...1.5)) == nil)
    }

    @Test(
        "every interpolation improves on .none for a tone between bins",
        arguments: PeakInterpolation.allCases, [0.1, 0.25, 0.4, -0.3, -0.45])
    func interpolationImproves(interpolation: PeakInterpolation, binOffset: Double) throws {
        let (count, rate) = (256, 50.0)
        let binWidth = rate / Double(count)
        for (bin, window) in [(10, WindowFunction.hann), (17, .hamming), (23, .blackman), (12, .rectangular)] {
            let frequency = (Double(bin) + binOffset) * binWidth
            let samples = sinusoid(frequency: frequency, sampleRate: rate, count: count, phase: 0.8)
            let baseline = try #require(
                try findDominantFrequency(
                    in: samples, sampleRate: rate, options: .init(window: window, interpolation: .none)))
            let refined = try #require(
                try findDominantFrequency(
                    in: samples, sampleRate: rate, options: .init(window: window, interpolation: interpolation)))
            let (baselineError, refinedError) = (
                abs(baseline.frequency - frequency), abs(refined.frequency - frequency)
            )
            #expect(refinedError <= baselineError + 1e-12, "\(window): \(refinedError) vs none \(baselineError)")
            #expect(baseline.bin == refined.bin)
            if interpolation == .none { #expect(abs(baselineError - abs(binOffset) * binWidth) <= 1e-9) }
            // Log-parabola interpolation suits tapered windows (its intrinsic bias for Hann peaks at
            // about 1.6 % of a bin); for the rectangular window's sinc peak it is only a modest
            // improvement. The least-squares fit is essentially exact on a clean tone.
            if interpolation == .sinusoidFit {
                #expect(refinedError <= 1e-6 * binWidth, "\(window)")
            } else if interpolation == .gaussian, window != .rectangular {
                #expect(refinedError <= (window == .hann ? 0.02 : 0.05) * binWidth, "\(window)")
            }
        }
    }

    @Test("zero padding refines the uninterpolated peak", arguments: [512, 1024, 4096])
    func zeroPadding(fftLength: Int) throws {
        let frequency = 2.0 + 0.4 * 50 / 256  // between bins of the unpadded transform
        let samples = sinusoid(frequency: frequency, sampleRate: 50, count: 256)
        let unpadded = try #require(
            try findDominantFrequency(in: samples, sampleRate: 50, options: .init(interpolation: .none)))
        let padded = try #require(
            try findDominantFrequency(
                in: samples, sampleRate: 50, options: .init(fftLength: fftLength, interpolation: .none)))
        #expect(abs(padded.frequency - frequency) < abs(unpadded.frequency - frequency))
        #expect(abs(padded.frequency - frequency) <= 0.5 * 50 / Double(fftLength) + 1e-9)
        #expect(abs(Double(padded.bin) * 50 / Double(fftLength) - padded.frequency) <= 1e-9)
        #expect(throws: DSPError.self) {
            try findDominantFrequency(in: samples, sampleRate: 50, options: .init(fftLength: 255))
        }
    }

    @Test("prominence: large for a clean tone, small for white noise")
    func prominence() throws {
        let tone = try #require(
            try findDominantFrequency(in: sinusoid(frequency: 2.3, sampleRate: 50, count: 256), sampleRate: 50))
        #expect(tone.prominence > 20)

        var rng = SplitMix64(seed: 11)
        var noiseProminences: [Double] = []
        for _ in 0..<50 {
            let noise = try #require(try findDominantFrequency(in: rng.gaussianSamples(256), sampleRate: 50))
            noiseProminences.append(noise.prominence)
        }
        // The largest of ~128 exponential bin powers over their mean is about ln 128 + γ ≈ 5.4.
        #expect(median(noiseProminences) < 10, "median noise prominence \(median(noiseProminences))")
        #expect(noiseProminences.allSatisfy { $0 >= 1 })
        #expect(tone.prominence > 5 * (noiseProminences.max() ?? .infinity))
    }

    // MARK: errors

    @Test("empty input throws emptyInput")
    func emptyInput() {
        #expect(throws: DSPError.emptyInput) { try findDominantFrequency(in: [], sampleRate: 50) }
    }

    @Test("a non-finite sample is reported with its index", arguments: [0, 1, 57, 255])
    func nonFiniteSample(index: Int) {
        for bad in [Double.nan, .infinity, -.infinity] {
            var samples = sinusoid(frequency: 2, sampleRate: 50, count: 256)
            samples[index] = bad
            #expect(throws: DSPError.nonFiniteSample(index: index)) {
                try findDominantFrequency(in: samples, sampleRate: 50)
            }
        }
    }

    @Test("the first non-finite sample is the one reported")
    func firstNonFiniteSample() {
        var samples = [Double](repeating: 1, count: 20)
        samples[13] = .nan
        samples[4] = .infinity
        #expect(throws: DSPError.nonFiniteSample(index: 4)) { try findDominantFrequency(in: samples, sampleRate: 50) }
    }

    @Test("invalid sample rates throw invalidSampleRate", arguments: [0.0, -1.0, .nan, .infinity, -.infinity])
    func invalidSampleRate(rate: Double) {
        let samples = sinusoid(frequency: 2, sampleRate: 50, count: 64)
        #expect {
            try findDominantFrequency(in: samples, sampleRate: rate)
        } throws: { error in
            (error as? DSPError) == .invalidSampleRate(rate)
        }
    }

    @Test(
        "bands outside 0...Nyquist, empty or reversed throw invalidBand",
        arguments: [(-0.1, 2.0), (1.0, 25.01), (30.0, 40.0), (2.0, 2.0), (-.infinity, 1.0), (0.0, .infinity)])
    func invalidBand(lower: Double, upper: Double) {
        let samples = sinusoid(frequency: 2, sampleRate: 50, count: 64)
        #expect {
            try findDominantFrequency(in: samples, sampleRate: 50, options: .init(band: lower...upper))
        } throws: { error in
            (error as? DSPError) == .invalidBand(lower: lower, upper: upper, nyquist: 25)
        }
    }

    // A reversed (or NaN) band cannot reach the API: `ClosedRange` traps on `3...1` and `.nan...1`, and even
    // `ClosedRange(uncheckedBounds:)` checks its bounds in debug builds. The "empty" half of the
    // check is covered by the `2.0...2.0` argument above.

    @Test("the whole band 0...Nyquist is accepted")
    func fullBand() throws {
        let samples = sinusoid(frequency: 2, sampleRate: 50, count: 256)
        let peak = try #require(try findDominantFrequency(in: samples, sampleRate: 50, options: .init(band: 0...25)))
        #expect(abs(peak.frequency - 2) <= 0.02)
    }

    // MARK: degenerate input

    @Test("a constant signal has no dominant frequency", arguments: [0.0, 1.0, -9.81, 1e6])
    func constantSignal(value: Double) throws {
        let samples = [Double](repeating: value, count: 128)
        #expect(try findDominantFrequency(in: samples, sampleRate: 50) == nil)
    }

    @Test("a single sample has no dominant frequency", arguments: [0.0, 3.0, -1e9])
    func singleSample(value: Double) throws {
        #expect(try findDominantFrequency(in: [value], sampleRate: 50) == nil)
    }

    // Every input the removed sentinel form (`dominantFrequency(samples:sampleRate:)`) answered
    // with 0 gives no frequency from the throwing form (it throws or returns nil), and a tone
    // gives its frequency: the migration the changelog describes loses no answer.
    @Test("no frequency wherever the removed sentinel form returned 0, the tone's frequency otherwise")
    func noFrequencyWhereTheSentinelFormReturnedZero() throws {
        func frequency(_ samples: [Double], sampleRate: Double) -> Double? {
            (try? findDominantFrequency(in: samples, sampleRate: sampleRate))??.frequency
        }
        #expect(frequency([], sampleRate: 50) == nil)
        for index in [0, 1, 57, 255] {
            for bad in [Double.nan, .infinity, -.infinity] {
                var samples = sinusoid(frequency: 2, sampleRate: 50, count: 256)
                samples[index] = bad
                #expect(frequency(samples, sampleRate: 50) == nil)
            }
        }
        for rate in [0.0, -1.0, .nan, .infinity, -.infinity] {
            #expect(frequency(sinusoid(frequency: 2, sampleRate: 50, count: 64), sampleRate: rate) == nil)
        }
        for value in [0.0, 1.0, -9.81, 1e6] {
            #expect(frequency([Double](repeating: value, count: 128), sampleRate: 50) == nil)
        }
        for value in [0.0, 3.0, -1e9] { #expect(frequency([value], sampleRate: 50) == nil) }
        let found = try #require(frequency(sinusoid(frequency: 1.93, sampleRate: 50, count: 256), sampleRate: 50))
        #expect(abs(found - 1.93) < 0.05)
    }

    @Test("two samples work")
    func twoSamples() throws {
        // [1, -1] at 50 Hz is the Nyquist tone.
        let peak = try #require(
            try findDominantFrequency(in: [1, -1], sampleRate: 50, options: .init(interpolation: .none)))
        #expect(peak.frequency == 25)
    }

    @Test("the spectrum's dominantPeak excludes DC and ties go low")
    func spectrumDominantPeak() throws {
        let spectrum = Spectrum(sampleRate: 8, fftLength: 8, power: [100, 1, 4, 4, 2])
        let peak = try #require(spectrum.dominantPeak(interpolation: .none))
        #expect(peak.bin == 2)
        #expect(peak.frequency == 2)
        #expect(abs(peak.prominence - 4 / (11.0 / 4)) <= 1e-12)
        #expect(Spectrum(sampleRate: 8, fftLength: 8, power: [5, 0, 0, 0, 0]).dominantPeak() == nil)
        #expect(Spectrum(sampleRate: 8, fftLength: 1, power: [5]).dominantPeak() == nil)
    }
}
