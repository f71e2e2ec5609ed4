import Foundation
import LocomotionDSP
import LocomotionTestSupport
import Testing

private struct ButterworthFixture: Decodable {
    struct Signal: Decodable {
        let sampleRate: Double
        let samples: [Double]
    }
    struct ZeroPhase: Decodable {
        let padlen: Int?
        let output: [Double]
    }
    struct Design: Decodable, CustomTestStringConvertible {
        let order: Int
        let btype: String
        let edges: [Double]
        let sampleRate: Double
        let sos: [[Double]]
        let steadyState: [Double]?
        let sosfilt: [Double]?
        let sosfiltfilt: [ZeroPhase]?
        /// Whether distinct pole pairs are equally far from the unit circle (edges symmetric
        /// about fs/4), so that rounding decides their section order.
        let tiedPoles: Bool
        var testDescription: String { "\(btype) N=\(order) \(edges) Hz fs=\(sampleRate)" }

        var band: FilterBand? {
            switch (btype, edges.count) {
            case ("lowpass", 1): .lowPass(cutoff: edges[0])
            case ("highpass", 1): .highPass(cutoff: edges[0])
            case ("bandpass", 2): .bandPass(low: edges[0], high: edges[1])
            case ("bandstop", 2): .bandStop(low: edges[0], high: edges[1])
            default: nil
            }
        }
    }
    let signal: Signal
    let designs: [Design]
}

private let butterworthFixture = Result { try Fixtures.load(ButterworthFixture.self, from: "butterworth") }

private func designs() throws -> [ButterworthFixture.Design] { try butterworthFixture.get().designs }

private func filteredDesigns() throws -> [ButterworthFixture.Design] { try designs().filter { $0.sosfilt != nil } }

/// The largest coefficient difference, relative to the largest |b| of the row for the numerator
/// (a low cutoff makes the gain, and with it every b, tiny) and absolute for the denominator
/// (its coefficients are O(1)).
private func coefficientError(_ actual: [[Double]], _ expected: [[Double]]) -> Double {
    guard actual.count == expected.count else { return .infinity }
    var worst = 0.0
    for (row, reference) in zip(actual, expected) {
        let scale = reference[0..<3].map(abs).max()!
        for index in 0..<3 { worst = max(worst, abs(row[index] - reference[index]) / scale) }
        for index in 3..<6 { worst = max(worst, abs(row[index] - reference[index])) }
    }
    return worst
}

@Suite("Butterworth filters")
struct ButterworthTests {
    // MARK: scipy fixtures

    @Test("design equals scipy.signal.butter(output='sos'), section by section", arguments: try designs())
    fileprivate func designMatchesScipy(_ fixture: ButterworthFixture.Design) throws {
        let band = try #require(fixture.band)
        let sos = try Butterworth.design(order: fixture.order, band: band, sampleRate: fixture.sampleRate)
        let expectedCount = band.isBand ? fixture.order : (fixture.order + 1) / 2
        #expect(sos.sections.count == expectedCount)
        if fixture.tiedPoles {
            // The same sections, possibly in another order among the tied pairs (the filtering
            // test checks that the output is the same).
            func sorted(_ rows: [[Double]]) -> [[Double]] { rows.sorted { ($0[4], $0[5]) < ($1[4], $1[5]) } }
            #expect(coefficientError(sorted(sos.scipyRows), sorted(fixture.sos)) <= 1e-9)
            #expect(coefficientError([sos.scipyRows[0]], [fixture.sos[0]]) <= 1e-9)  // the gain's place
        } else {
            #expect(coefficientError(sos.scipyRows, fixture.sos) <= 1e-9)
        }
    }

    @Test("sosfilt, sosfilt_zi and sosfiltfilt equal scipy", arguments: try filteredDesigns())
    fileprivate func filteringMatchesScipy(_ fixture: ButterworthFixture.Design) throws {
        let signal = try butterworthFixture.get().signal
        let scipySections = try SecondOrderSections(scipyRows: fixture.sos)
        let designed = try Butterworth.design(
            order: fixture.order, band: try #require(fixture.band), sampleRate: fixture.sampleRate)
        let steadyState = try #require(fixture.steadyState)
        #expect(maxErrorRelativeToPeak(scipySections.steadyStateConditions, steadyState) <= 1e-12)
        #expect(maxErrorRelativeToPeak(designed.steadyStateConditions, steadyState) <= 1e-9)
        for sections in [scipySections, designed] {
            let causal = try sections.apply(to: signal.samples)
            #expect(maxErrorRelativeToPeak(causal, try #require(fixture.sosfilt)) <= 1e-9)
            for zeroPhase in try #require(fixture.sosfiltfilt) {
                let output = try sections.applyZeroPhase(to: signal.samples, padLength: zeroPhase.padlen)
                #expect(
                    maxErrorRelativeToPeak(output, zeroPhase.output) <= 1e-9,
                    "padlen \(String(describing: zeroPhase.padlen))")
            }
        }
        // With scipy's own coefficients the filtering itself agrees to rounding level.
        #expect(maxErrorRelativeToPeak(try scipySections.apply(to: signal.samples), fixture.sosfilt!) <= 1e-13)
    }

    // MARK: Streaming

    @Test(
        "chunked streaming equals one-shot filtering exactly",
        arguments: [
            FilterBand.lowPass(cutoff: 5), .highPass(cutoff: 0.3), .bandPass(low: 0.6, high: 2.5),
            .bandStop(low: 8, high: 12),
        ], [1, 4, 7])
    func streamingEqualsBatch(band: FilterBand, order: Int) throws {
        let sections = try Butterworth.design(order: order, band: band, sampleRate: 50)
        var rng = SplitMix64(seed: UInt64(order))
        let signal = rng.gaussianSamples(1000).map { 1 + 0.2 * $0 }
        let oneShot = try sections.apply(to: signal)

        var filter = SOSFilter(sections)
        var chunked: [Double] = []
        var start = 0
        while start < signal.count {
            let end = min(signal.count, start + Int(rng.next() % 40))  // chunks of 0...39 samples
            chunked += try filter.process(Array(signal[start..<end]))
            start = end
        }
        #expect(chunked == oneShot)

        filter.reset()
        let sampleBySample = try signal.map { (sample) throws(DSPError) in try filter.process(sample) }
        #expect(sampleBySample.map(\.bitPattern) == oneShot.map(\.bitPattern))

        // Through the array-and-inout form, blocks of different lengths into one reused output.
        filter.reset()
        var block: [Double] = []
        var blocked: [Double] = []
        for (start, end) in [(0, 300), (300, 310), (310, 1000)] {
            try filter.process(Array(signal[start..<end]), into: &block)
            #expect(block.count == end - start)
            blocked += block
        }
        #expect(blocked == oneShot)
        // A non-finite sample leaves the state and the output as they were.
        let kept = block
        #expect(throws: DSPError.nonFiniteSample(index: 1)) { try filter.process([1, .nan, 1], into: &block) }
        #expect(block == kept)

        // In place, through the buffer API.
        filter.reset()
        var inPlace = signal
        try inPlace.withUnsafeMutableBufferPointer { (buffer) throws(DSPError) in
            try filter.process(UnsafeBufferPointer(buffer), into: buffer)
        }
        #expect(inPlace == oneShot)
    }

    @Test("a filter primed for 1 g has no start-up transient", arguments: [1, 2, 5, 8])
    func steadyStatePriming(order: Int) throws {
        let constant = [Double](repeating: 1, count: 200)
        var lowPass = SOSFilter(try Butterworth.design(order: order, band: .lowPass(cutoff: 3), sampleRate: 50))
        lowPass.reset(toSteadyStateFor: 1)
        #expect(try lowPass.process(constant).allSatisfy { abs($0 - 1) <= 1e-12 })
        var highPass = SOSFilter(try Butterworth.design(order: order, band: .highPass(cutoff: 0.5), sampleRate: 50))
        highPass.reset(toSteadyStateFor: 1)
        #expect(try highPass.process(constant).allSatisfy { abs($0) <= 1e-12 })
        // From rest, the low-pass has a transient: the first output is far from 1.
        var fromRest = SOSFilter(try Butterworth.design(order: order, band: .lowPass(cutoff: 3), sampleRate: 50))
        #expect(try fromRest.process(1) < 0.5)
    }

    // MARK: Frequency response

    @Test("−3 dB at every cutoff, unit gain in the pass band", arguments: 1...8, [50.0, 100.0])
    func halfPowerAtCutoffs(order: Int, sampleRate: Double) throws {
        let halfPower = 1 / 2.0.squareRoot()
        let lowPass = try Butterworth.design(order: order, band: .lowPass(cutoff: 5), sampleRate: sampleRate)
        #expect(abs(lowPass.magnitudeResponse(atFrequency: 5, sampleRate: sampleRate) - halfPower) <= 1e-12)
        #expect(abs(lowPass.magnitudeResponse(atFrequency: 0, sampleRate: sampleRate) - 1) <= 1e-12)
        #expect(lowPass.magnitudeResponse(atFrequency: sampleRate / 2, sampleRate: sampleRate) <= 1e-12)

        let highPass = try Butterworth.design(order: order, band: .highPass(cutoff: 0.5), sampleRate: sampleRate)
        #expect(abs(highPass.magnitudeResponse(atFrequency: 0.5, sampleRate: sampleRate) - halfPower) <= 1e-12)
        #expect(highPass.magnitudeResponse(atFrequency: 0, sampleRate: sampleRate) <= 1e-12)
        #expect(abs(highPass.magnitudeResponse(atFrequency: sampleRate / 2, sampleRate: sampleRate) - 1) <= 1e-12)

        let bandPass = try Butterworth.design(
            order: order, band: .bandPass(low: 0.6, high: 2.5), sampleRate: sampleRate)
        let bandStop = try Butterworth.design(order: order, band: .bandStop(low: 8, high: 12), sampleRate: sampleRate)
        for edge in [0.6, 2.5] {
            #expect(abs(bandPass.magnitudeResponse(atFrequency: edge, sampleRate: sampleRate) - halfPower) <= 1e-10)
        }
        for edge in [8.0, 12.0] {
            #expect(abs(bandStop.magnitudeResponse(atFrequency: edge, sampleRate: sampleRate) - halfPower) <= 1e-10)
        }
        // The band centres (geometric mean of the pre-warped edges) pass and stop exactly.
        #expect(bandPass.magnitudeResponse(atFrequency: 0, sampleRate: sampleRate) <= 1e-12)
        #expect(abs(bandStop.magnitudeResponse(atFrequency: 0, sampleRate: sampleRate) - 1) <= 1e-12)
    }

    @Test("zero-phase filtering: no lag, squared magnitude (−6 dB at the cutoff)")
    func zeroPhase() throws {
        let sampleRate = 50.0
        let sections = try Butterworth.design(order: 4, band: .lowPass(cutoff: 5), sampleRate: sampleRate)
        // A 1 Hz tone passes with its phase intact; a causal run lags it.
        let slow = sinusoid(frequency: 1, sampleRate: sampleRate, count: 500, amplitude: 0.3, offset: 1)
        let smooth = try sections.applyZeroPhase(to: slow)
        let middle = 100..<400
        #expect(zip(smooth[middle], slow[middle]).allSatisfy { abs($0 - $1) <= 1e-4 })
        let causal = try sections.apply(to: slow)
        #expect(zip(causal[middle], slow[middle]).contains { abs($0 - $1) > 0.05 })
        // A tone at the cutoff comes out at half its amplitude (|H|² = 1/2).
        let atCutoff = sinusoid(frequency: 5, sampleRate: sampleRate, count: 1000)
        let halved = try sections.applyZeroPhase(to: atCutoff)
        let amplitude = halved[300..<700].map(abs).max()!
        #expect(abs(amplitude - 0.5) <= 2e-3)
    }

    // MARK: Invalid input

    @Test("invalid designs name the parameter")
    func invalidDesigns() {
        func parameter(_ body: () throws -> SecondOrderSections) -> String? {
            guard let error = thrownError(body), error.code == .invalidParameter else { return nil }
            return error.parameter
        }
        #expect(parameter { try Butterworth.design(order: 0, band: .lowPass(cutoff: 5), sampleRate: 50) } == "order")
        #expect(parameter { try Butterworth.design(order: 9, band: .lowPass(cutoff: 5), sampleRate: 50) } == "order")
        for cutoff in [0, -1, 25, 30, .nan, .infinity] {
            #expect(
                parameter { try Butterworth.design(order: 2, band: .lowPass(cutoff: cutoff), sampleRate: 50) }
                    == "cutoff", "cutoff \(cutoff)")
            #expect(
                parameter { try Butterworth.design(order: 2, band: .highPass(cutoff: cutoff), sampleRate: 50) }
                    == "cutoff", "cutoff \(cutoff)")
        }
        #expect(
            parameter { try Butterworth.design(order: 2, band: .bandPass(low: 3, high: 3), sampleRate: 50) } == "low")
        #expect(
            parameter { try Butterworth.design(order: 2, band: .bandStop(low: 5, high: 2), sampleRate: 50) } == "low")
        #expect(
            parameter { try Butterworth.design(order: 2, band: .bandPass(low: 0, high: 3), sampleRate: 50) } == "low")
        #expect(
            parameter { try Butterworth.design(order: 2, band: .bandPass(low: 1, high: 25), sampleRate: 50) }
                == "high")
        #expect(
            thrownError { try Butterworth.design(order: 2, band: .lowPass(cutoff: 5), sampleRate: 0) }
                == .invalidSampleRate(0))
        let message = thrownError { try Butterworth.design(order: 2, band: .lowPass(cutoff: 30), sampleRate: 50) }
        #expect(message?.description.contains("below the Nyquist frequency (25.0 Hz)") == true)
    }

    @Test("zero-phase filtering of a short signal says why it fails")
    func shortSignal() throws {
        let sections = try Butterworth.design(order: 4, band: .lowPass(cutoff: 5), sampleRate: 50)
        #expect(sections.defaultPadLength == 15)  // 3·(2·2 + 1)
        let short = [Double](repeating: 1, count: 15)
        let error = thrownError { try sections.applyZeroPhase(to: short) }
        guard let error, error.code == .invalidParameter, let name = error.parameter, let value = error.value,
            let requirement = error.expected
        else {
            Issue.record("expected invalidParameter, got \(String(describing: error))")
            return
        }
        #expect(name == "samples.count")
        #expect(value == "15")
        #expect(requirement.contains("15 samples"))
        // A shorter pad works, as does padding of 0.
        #expect(try sections.applyZeroPhase(to: short, padLength: 14).count == 15)
        #expect(try sections.applyZeroPhase(to: [2], padLength: 0).count == 1)
        #expect(thrownError { try sections.applyZeroPhase(to: [], padLength: 0) } == .emptyInput)
        #expect(thrownError { try sections.applyZeroPhase(to: short, padLength: -1) } != nil)
        // A first-order design has one first-order section: 3·(2·1 + 1 − 1).
        let first = try Butterworth.design(order: 1, band: .lowPass(cutoff: 5), sampleRate: 50)
        #expect(first.defaultPadLength == 6)
    }

    @Test("NaN is rejected before the state changes")
    func nonFinite() throws {
        let sections = try Butterworth.design(order: 2, band: .lowPass(cutoff: 5), sampleRate: 50)
        var filter = SOSFilter(sections)
        _ = try filter.process([1, 2, 3])
        let state = filter.state
        #expect(thrownError { try filter.process([1, .nan]) } == .nonFiniteSample(index: 1))
        #expect(thrownError { try filter.process(.infinity) } == .nonFiniteSample(index: 0))
        #expect(filter.state == state)
        #expect(thrownError { try sections.apply(to: [0, .nan]) } == .nonFiniteSample(index: 1))
        #expect(thrownError { try sections.applyZeroPhase(to: [Double](repeating: .nan, count: 40)) } != nil)
        #expect(try sections.apply(to: []) == [])
    }

    @Test("scipy's row layout round-trips and is validated")
    func scipyRows() throws {
        let sections = try Butterworth.design(order: 5, band: .bandPass(low: 1, high: 3), sampleRate: 50)
        #expect(try SecondOrderSections(scipyRows: sections.scipyRows) == sections)
        let scaled = try SecondOrderSections(scipyRows: [[2, 4, 2, 2, 0.5, 0.25]])
        #expect(scaled.sections == [.init(b0: 1, b1: 2, b2: 1, a1: 0.25, a2: 0.125)])
        #expect(thrownError { try SecondOrderSections(scipyRows: [[1, 2, 1, 0, 0, 0]]) } != nil)
        #expect(thrownError { try SecondOrderSections(scipyRows: [[1, 2, 1, 1, 0]]) } != nil)
    }
}

extension FilterBand {
    fileprivate var isBand: Bool {
        switch self {
        case .lowPass, .highPass: false
        case .bandPass, .bandStop: true
        }
    }
}

@Suite("Blocked second-order sections")
struct BlockedSectionsTests {
    @Test(
        "a block filtered four samples per step equals the streaming filter from the same steady state",
        arguments: [1, 2, 4])
    func blockedEqualsStreaming(order: Int) throws {
        let sections = try Butterworth.design(order: 2 * order, band: .lowPass(cutoff: 3), sampleRate: 50)
        var random = SplitMix64(seed: UInt64(order))
        for count in [1, 3, 4, 7, 128, 131] {
            let input = (0..<count).map { _ in 1 + 0.3 * random.nextGaussian() }
            var reference = SOSFilter(sections)
            reference.reset(toSteadyStateFor: input[0])
            let expected = try reference.process(input)
            var output = input
            input.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { output in
                    sections.filter(input, into: output, startingAtSteadyStateOf: input[0])
                }
            }
            for index in 0..<count { #expect(abs(output[index] - expected[index]) < 1e-12, "n=\(count) i=\(index)") }
        }
    }
}
