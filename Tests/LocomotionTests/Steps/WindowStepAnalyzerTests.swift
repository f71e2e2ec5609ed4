import Foundation
import Locomotion
import Testing

@Suite("Window step analysis and autocorrelation cadence")
struct WindowStepAnalyzerTests {
    @Test(arguments: [(50.0, 1.8), (50.0, 1.2), (100.0, 2.2), (20.0, 1.6)])
    func aWalkingWindowGivesItsCadenceAndHighRegularity(rate: Double, cadence: Double) throws {
        let (recording, _) = GaitSimulation.walking(
            rate: rate, duration: 6, cadence: cadence, amplitude: 0.2, jitter: 0.01)
        let magnitude = try #require(recording.accelerationMagnitude)
        var analyzer = try WindowStepAnalyzer(sampleRate: rate, maximumWindowLength: magnitude.count)
        let result = try magnitude.withUnsafeBufferPointer { try analyzer.analyze($0) }
        let regularity = try #require(result.regularity)
        #expect(abs(regularity.cadence - cadence) < 0.05 * cadence)
        #expect(regularity.stepRegularity > 0.7)
        #expect(result.stepCount >= Int(6 * cadence) - 3)
        #expect(abs(try #require(result.cadence) - cadence) < 0.1 * cadence)
        // The same analyzer again on the same window: the same answer (state is reset).
        #expect(try magnitude.withUnsafeBufferPointer { try analyzer.analyze($0) } == result)
        #expect(try analyzer.analyze(magnitude) == result)  // the array form
    }

    @Test func theArrayFormOfTheRegularityEstimateEqualsTheScratchForm() throws {
        let (recording, _) = GaitSimulation.walking(rate: 50, duration: 6, cadence: 1.8, amplitude: 0.2, jitter: 0.01)
        let magnitude = try #require(recording.accelerationMagnitude)
        var scratch = [Double](repeating: 0, count: magnitude.count)
        let withScratch = magnitude.withUnsafeBufferPointer { samples in
            scratch.withUnsafeMutableBufferPointer { GaitRegularity.estimate(samples, sampleRate: 50, scratch: $0) }
        }
        let estimate = try #require(GaitRegularity.estimate(magnitude, sampleRate: 50))
        #expect(estimate == withScratch)
        #expect(abs(estimate.cadence - 1.8) < 0.05 * 1.8)
        #expect(GaitRegularity.estimate([1, 1, 1], sampleRate: 50) == nil)
    }

    @Test func aStillWindowHasNoStepsAndNoCadence() throws {
        let magnitude = try #require(GaitSimulation.still(rate: 50, duration: 2.56).accelerationMagnitude)
        var analyzer = try WindowStepAnalyzer(sampleRate: 50, maximumWindowLength: 128)
        let result = try magnitude.withUnsafeBufferPointer { try analyzer.analyze($0) }
        #expect(result.stepCount == 0 && result.cadence == nil)
    }

    @Test func aTooLongWindowIsATypedError() throws {
        var analyzer = try WindowStepAnalyzer(sampleRate: 50, maximumWindowLength: 10)
        let samples = [Double](repeating: 1, count: 11)
        #expect(throws: LocomotionError.self) { _ = try samples.withUnsafeBufferPointer { try analyzer.analyze($0) } }
    }

    @Test func theRecordingTimelineCarriesTheAutocorrelationCadence() throws {
        let (recording, _) = GaitSimulation.walking(rate: 50, duration: 20, cadence: 1.7, amplitude: 0.2, jitter: 0.01)
        let detection = try recording.detectSteps()
        let windows = recording.cadenceTimeline(of: detection)
        #expect(windows.count == detection.cadenceTimeline().count && windows.count > 10)
        let interior = windows.dropFirst().dropLast()
        #expect(interior.allSatisfy { abs(($0.autocorrelationCadence ?? 0) - 1.7) < 0.1 })
        #expect(interior.allSatisfy { ($0.stepRegularity ?? 0) > 0.7 })
    }

    @Test func aShortScratchLimitsTheLagsInsteadOfFailing() throws {
        let (recording, _) = GaitSimulation.walking(rate: 50, duration: 6, cadence: 1.8, amplitude: 0.2, jitter: 0.01)
        let magnitude = try #require(recording.accelerationMagnitude)
        var scratch = [Double](repeating: 0, count: 10)
        let result = magnitude.withUnsafeBufferPointer { samples in
            scratch.withUnsafeMutableBufferPointer { GaitRegularity.estimate(samples, sampleRate: 50, scratch: $0) }
        }
        #expect(result == nil)  // lags up to 9 samples (0.18 s) hold no step period
    }
}

@Suite("Gait regularity on degenerate rates")
struct GaitRegularityDegenerateTests {
    @Test(arguments: [0, -1, Double.nan, .infinity, 1e300])
    func aRateThatIsNotPositiveAndFiniteGivesNoEstimate(rate: Double) {
        let samples = (0..<128).map { 1 + 0.3 * sin(2 * Double.pi * 1.8 * Double($0) / 50) }
        var scratch = [Double](repeating: 0, count: 300)
        let estimate = samples.withUnsafeBufferPointer { buffer in
            scratch.withUnsafeMutableBufferPointer { GaitRegularity.estimate(buffer, sampleRate: rate, scratch: $0) }
        }
        #expect(estimate == nil)
    }
}
