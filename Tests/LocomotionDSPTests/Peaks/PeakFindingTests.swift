import Foundation
import LocomotionDSP
import LocomotionTestSupport
import Testing

/// scipy's way of writing a bound: `null`, a number (minimum) or `[minimum, maximum]` with
/// either end `null`.
private struct ScipyBounds: Decodable {
    let bounds: PeakBounds?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            bounds = nil
        } else if let minimum = try? container.decode(Double.self) {
            bounds = PeakBounds(minimum: minimum)
        } else {
            let pair = try container.decode([Double?].self)
            bounds = PeakBounds(minimum: pair[0], maximum: pair[1])
        }
    }
}

private struct PeaksFixture: Decodable {
    struct Case: Decodable, CustomTestStringConvertible {
        let signal: String
        let height: ScipyBounds
        let threshold: ScipyBounds
        let distance: Double?
        let prominence: ScipyBounds
        let indices: [Int]
        let scipyIndices: [Int]
        let equalHeightConflicts: Bool?
        let peak_heights: [Double]?
        let left_thresholds: [Double]?
        let right_thresholds: [Double]?
        let prominences: [Double]?
        let left_bases: [Int]?
        let right_bases: [Int]?

        var options: PeakFindingOptions {
            PeakFindingOptions(
                height: height.bounds, threshold: threshold.bounds, distance: distance, prominence: prominence.bounds)
        }
        var testDescription: String {
            func show(_ bounds: PeakBounds?) -> String {
                bounds.map { "\($0.minimum.map { "\($0)" } ?? "-")…\($0.maximum.map { "\($0)" } ?? "-")" } ?? "off"
            }
            return
                "\(signal) height \(show(height.bounds)) threshold \(show(threshold.bounds)) distance \(distance.map { "\($0)" } ?? "off") prominence \(show(prominence.bounds))"
        }
    }
    let signals: [String: [Double]]
    let cases: [Case]
}

private let peaksFixture = Result { try Fixtures.load(PeaksFixture.self, from: "peaks") }

private func peakCases() throws -> [PeaksFixture.Case] { try peaksFixture.get().cases }

@Suite("Peak finding")
struct PeakFindingTests {
    @Test("indices and properties equal scipy.signal.find_peaks", arguments: try peakCases())
    fileprivate func matchesScipy(_ fixture: PeaksFixture.Case) throws {
        let x = try #require(try peaksFixture.get().signals[fixture.signal])
        let peaks = try findPeaks(in: x, options: fixture.options)
        #expect(peaks.indices == fixture.indices)
        if fixture.equalHeightConflicts != true {
            // No tie for the distance rule to break: scipy's own output, whatever the CPU.
            #expect(peaks.indices == fixture.scipyIndices)
        }
        #expect(peaks.heights == fixture.peak_heights)
        #expect(peaks.leftThresholds == fixture.left_thresholds)
        #expect(peaks.rightThresholds == fixture.right_thresholds)
        #expect(peaks.prominences?.prominences == fixture.prominences)
        #expect(peaks.prominences?.leftBases == fixture.left_bases)
        #expect(peaks.prominences?.rightBases == fixture.right_bases)
        // The stand-alone prominence function agrees.
        if let prominences = peaks.prominences {
            #expect(try peakProminences(in: x, peaks: peaks.indices) == prominences)
        }
    }

    @Test("plateaus are reported at their middle sample, rounding down")
    func plateaus() throws {
        #expect(try findPeaks(in: [0, 1, 1, 0]).indices == [1])
        #expect(try findPeaks(in: [0, 1, 1, 1, 0]).indices == [2])
        #expect(try findPeaks(in: [0, 2, 2, 2, 2, 0]).indices == [2])
        // A plateau that touches an end, or that is followed by a rise, is no peak.
        #expect(try findPeaks(in: [0, 1, 1]).indices == [])
        #expect(try findPeaks(in: [1, 1, 0]).indices == [])
        #expect(try findPeaks(in: [0, 1, 1, 2, 0]).indices == [3])
        #expect(try findPeaks(in: [Double](repeating: 3, count: 10)).indices == [])
        // A plateau's neighbours equal it, so its thresholds are 0.
        let flat = try findPeaks(in: [0, 1, 1, 1, 0], options: .init(threshold: PeakBounds()))
        #expect(flat.leftThresholds == [0])
        #expect(flat.rightThresholds == [0])
        #expect(try findPeaks(in: [0, 1, 1, 1, 0], options: .init(threshold: 0.5)).indices == [])
    }

    @Test("edges and short signals have no peaks")
    func edges() throws {
        #expect(try findPeaks(in: []).indices == [])
        #expect(try findPeaks(in: [1]).indices == [])
        #expect(try findPeaks(in: [0, 1]).indices == [])
        #expect(try findPeaks(in: [3, 1, 2]).indices == [])
        #expect(try findPeaks(in: [1, 3, 1]).indices == [1])
    }

    @Test("distance keeps the higher peak, and the later one among equal heights")
    func distanceRule() throws {
        #expect(try findPeaks(in: [0, 2, 0, 3, 0], options: .init(distance: 3)).indices == [3])
        #expect(try findPeaks(in: [0, 3, 0, 2, 0], options: .init(distance: 3)).indices == [1])
        // Equal heights 2 apart: 5 goes first and removes 3; 1 is 4 away from 5 and stays.
        #expect(try findPeaks(in: [0, 1, 0, 1, 0, 1, 0], options: .init(distance: 3)).indices == [1, 5])
        // A fractional distance is rounded up: 2.5 acts as 3.
        #expect(try findPeaks(in: [0, 1, 0, 1, 0, 1, 0], options: .init(distance: 2.5)).indices == [1, 5])
        #expect(try findPeaks(in: [0, 1, 0, 1, 0, 1, 0], options: .init(distance: 2)).indices == [1, 3, 5])
        #expect(try findPeaks(in: [0, 1, 0, 1, 0, 1, 0], options: .init(distance: 1)).indices == [1, 3, 5])
    }

    @Test("prominence by hand")
    func prominenceByHand() throws {
        // Peak 1 (3) must descend to 1 before the higher peak 3 (4): prominence 3 − max(0, 1) = 2.
        // Peak 3 (4) is the highest: its bases are the ends' minima, prominence 4.
        let x: [Double] = [0, 3, 1, 4, 0]
        let prominences = try peakProminences(in: x, peaks: [1, 3])
        #expect(prominences.prominences == [2, 4])
        #expect(prominences.leftBases == [0, 0])
        #expect(prominences.rightBases == [2, 4])
        #expect(try findPeaks(in: x, options: .init(prominence: 3)).indices == [3])
        #expect(try findPeaks(in: x, options: .init(prominence: PeakBounds(maximum: 3))).indices == [1])
        // A non-peak index is accepted and has prominence 0, as in scipy.
        #expect(try peakProminences(in: x, peaks: [2]).prominences == [0])
    }

    @Test("steps of a 1.8 Hz gait at 50 Hz, at most one per 0.25 s", arguments: [50.0, 100.0])
    func gaitSteps(sampleRate: Double) throws {
        let seconds = 10.0
        let gait = sinusoid(
            frequency: 1.8, sampleRate: sampleRate, count: Int(seconds * sampleRate), amplitude: 0.3, phase: 0.4,
            offset: 1)
        var rng = SplitMix64(seed: 3)
        let noisy = gait.map { $0 + 0.01 * rng.nextGaussian() }
        let steps = try findPeaks(in: noisy, options: .init(height: 1.2, distance: 0.25 * sampleRate))
        #expect(steps.count == 18)  // 1.8 Hz × 10 s
        let intervals = zip(steps.indices.dropFirst(), steps.indices).map { Double($0 - $1) / sampleRate }
        #expect(intervals.allSatisfy { abs($0 - 1 / 1.8) < 0.05 })
        #expect(try #require(steps.heights).allSatisfy { $0 >= 1.2 })
    }

    @Test("invalid criteria and samples")
    func invalid() {
        #expect(thrownError { try findPeaks(in: [0, 1, 0], options: .init(distance: 0.5)) } != nil)
        #expect(thrownError { try findPeaks(in: [0, 1, 0], options: .init(distance: .nan)) } != nil)
        #expect(thrownError { try findPeaks(in: [0, 1, 0], options: .init(height: PeakBounds(minimum: .nan))) } != nil)
        #expect(thrownError { try findPeaks(in: [0, .nan, 0]) } == .nonFiniteSample(index: 1))
        let outOfRange = thrownError { try peakProminences(in: [0, 1, 0], peaks: [3]) }
        guard let outOfRange, outOfRange.code == .invalidParameter, let name = outOfRange.parameter else {
            Issue.record("expected invalidParameter, got \(String(describing: outOfRange))")
            return
        }
        #expect(name == "peaks[0]")
    }

    @Test("bounds read like scipy's arguments")
    func bounds() {
        let minimum: PeakBounds = 1.2
        #expect(minimum == PeakBounds(minimum: 1.2))
        let integer: PeakBounds = 2
        #expect(integer.minimum == 2)
        #expect(minimum.contains(1.2))
        #expect(!minimum.contains(1.1))
        let range = PeakBounds(minimum: 1, maximum: 2)
        #expect(range.contains(2))
        #expect(!range.contains(2.0000001))
        #expect(PeakBounds().contains(-.greatestFiniteMagnitude))
    }
}
